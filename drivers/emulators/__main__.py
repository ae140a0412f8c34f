from drivers.emulators.serve import main

raise SystemExit(main())
