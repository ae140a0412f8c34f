"""The hall screens' session program (``bingo-hall-kiosk.service``): cage with chromium alone in
kiosk mode on the panel's address, and a killed chromium's "restore pages" prompt cleared, so
that a screen restarted by systemd shows the panel and nothing else.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from tests.server.kit import ROOT

KIOSK = ROOT / "packaging" / "libexec" / "bingo-hall-kiosk"


def test_the_screens_run_chromium_in_kiosk_mode_in_cage_on_the_panels_address(
    tmp_path: Path,
) -> None:
    said = tmp_path / "cage-args.json"
    cage = tmp_path / "cage"  # stands for cage: says how it was started
    cage.write_text(
        "#!/usr/bin/env python3\nimport json, sys\n"
        f"json.dump(sys.argv[1:], open({str(said)!r}, 'w'))\n"
    )
    cage.chmod(0o755)
    state = tmp_path / "estado"
    prefs = state / "chromium" / "Default" / "Preferences"
    prefs.parent.mkdir(parents=True)
    prefs.write_text('{"profile":{"exit_type":"Crashed","exited_cleanly":false}}')
    url = "http://127.0.0.1:8123/panel?layout=prizes&lang=es,eu"
    env = {**os.environ, "BINGO_HALL_CAGE": str(cage), "BINGO_HALL_CHROMIUM": "/usr/bin/chromium",
           "STATE_DIRECTORY": str(state), "BINGO_HALL_PANEL_URL": url}  # fmt: skip
    done = subprocess.run([str(KIOSK)], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    args = json.loads(said.read_text())
    assert args[: args.index("--") + 3] == ["-d", "-s", "--", "/usr/bin/chromium", "--kiosk"]
    assert args[-1] == url
    assert f"--user-data-dir={state / 'chromium'}" in args
    assert "--noerrdialogs" in args
    assert json.loads(prefs.read_text())["profile"] == {
        "exit_type": "Normal",
        "exited_cleanly": True,
    }
