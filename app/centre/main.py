"""Start the centre: its record, its operators' logins and the halls' links (docs/centre.md)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from app.server.main import ServeError
from bingo.rules import RegionRules


def centre_rules(settings: object) -> RegionRules:
    """The percentages of the centre's prizes: its region file's own (R-NET-3), not a hall's
    after its bola loca cut, which a simultaneous partida does not play (decision 298).
    """
    from app.config import HallSettings, load_region

    assert isinstance(settings, HallSettings)
    return load_region(settings.region).rules


def serve_centre(args: argparse.Namespace, settings: object) -> int:
    from app.centre.record import CENTRE, CentreRecord
    from app.centre.server import build_centre_app
    from app.config import HallSettings
    from app.server.main import device_ports, listen, run_app
    from store import open_store

    assert isinstance(settings, HallSettings)

    if not args.db:
        raise ServeError("el centro necesita su propia base de datos: --db URL")
    if not args.cert or not args.key:
        raise ServeError(
            "los enlaces de las salas van cifrados: el centro necesita --cert y --key "
            "(python -m app.centre.tls CARPETA los crea)"
        )
    for path in (args.cert, args.key):
        if not Path(path).is_file():
            raise ServeError(f"no existe el fichero {path}")
    kind = args.devices or "none"
    ports = device_ports(kind, settings)  # checked before the centre's record is created
    devices = None
    if kind != "none":

        def devices(record: CentreRecord) -> Any:
            from app.centre.draws import open_centre_devices

            try:
                return open_centre_devices(
                    record, kind, ports, settings.baud, args.seed, args.traffic
                )
            except OSError as exc:
                raise ServeError(f"no se pueden abrir el extractor y el lector: {exc}") from None

    host = args.host or "127.0.0.1"
    port = args.port if args.port is not None else 8443
    # the port is the centre's before its record or devices are opened, and before it says so
    listening = listen(host, port)
    try:
        store = open_store(args.db)
    except BaseException:
        listening.close()
        raise
    writing = None
    try:
        try:
            writing = _hold_centre(store, args.hall or CENTRE)
            app = build_centre_app(store, args.hall or CENTRE, centre_rules(settings), devices)
        except BaseException:
            listening.close()
            raise
        print(f"Centro de bingo simultáneo en wss://{host}:{port}", flush=True)
        if kind != "none":
            print(f"  bolas del extractor y el lector ({kind})", flush=True)
        if kind == "emulated":
            from app.devices import announce_emulated

            announce_emulated(args.seed, args.seed_given)
        run_app(app, listening, args.cert, args.key)
    finally:
        store.close()
        if writing is not None:
            writing.release()
    return 0


def _hold_centre(store: Any, centre: str) -> Any:
    """The central record's writer lock: one centre server per record (``WriterBusy``)."""
    from app.bootstrap import hold_record

    return hold_record(store, centre, "bingo-hall serve --centre")
