"""`bingo-hall serve`: open the hall, its devices and the server; print the panels' address."""

from __future__ import annotations

import argparse
import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the host (devices, voice, store) is loaded only when the server runs
    from app.server.host import HallHost

log = logging.getLogger(__name__)

LAYOUTS = ("board", "last", "prizes", "instructions")


class ServeError(Exception):
    """Why the server cannot start, for the staff (exit 1)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host", help="dirección de escucha ([server] host del fichero de la sala, o 127.0.0.1)"
    )
    parser.add_argument("--port", type=int, help="puerto ([server] port, o 8000)")
    parser.add_argument(
        "--devices",
        choices=["emulated", "serial", "none"],
        default="emulated",
        help="de dónde salen las bolas: dispositivos emulados, los puertos serie de [devices] "
        "o ninguno (el jefe de mesa teclea cada bola)",
    )
    parser.add_argument("--seed", type=int, default=7, help="semilla de los dispositivos emulados")
    parser.add_argument(
        "--traffic", help="carpeta donde guardar el tráfico de las líneas serie, byte a byte"
    )
    parser.add_argument(
        "--cert", help="certificado TLS (PEM; o [server] cert): el servidor habla HTTPS y WSS"
    )
    parser.add_argument("--key", help="clave privada del certificado TLS (PEM; o [server] key)")
    parser.add_argument(
        "--centre",
        action="store_true",
        help="el centro de bingo simultáneo (docs/centre.md), no una sala: --db es su registro",
    )
    from app.centre.options import add_arguments as add_join

    add_join(parser)


def open_host(args: argparse.Namespace, settings: object) -> HallHost:
    """The hall of ``--db`` with its set-up from the settings, and its devices."""
    from app.bootstrap import check_settings, choose_hall, prepare_hall
    from app.config import HallSettings
    from app.server.host import HallHost
    from store import open_store

    assert isinstance(settings, HallSettings)
    store = open_store(args.db)
    try:
        host = HallHost(store, choose_hall(store, args.hall, settings.hall_id))
        if args.config:
            check_settings(host.service.hall, settings)
        prepare_hall(host.service, settings)
        if args.devices == "emulated":
            from app.devices import emulated_draws

            host.use_devices(
                *emulated_draws(host.service, args.seed, [], fast=True, traffic_dir=args.traffic)
            )
        elif args.devices == "serial":
            from app.devices import serial_draws

            if not settings.extractor_port or not settings.reader_port:
                raise ServeError("faltan los puertos del extractor y del lector en [devices]")
            try:
                host.use_devices(
                    *serial_draws(
                        host.service, settings.extractor_port, settings.reader_port, settings.baud
                    )
                )
            except OSError as exc:
                raise ServeError(f"no se pueden abrir los dispositivos: {exc}") from None
        if host.table is not None:
            host.table.seconds = settings.server.question_seconds
        _start_boards_and_voice(host, args.devices, settings)
    except BaseException:
        host.close()
        store.close()
        raise
    return host


def _start_boards_and_voice(host: HallHost, devices: str, settings: object) -> None:
    """The hall boards of ``[devices] boards`` (one emulated board with emulated devices) and
    the ball calls of ``[voice]``, fed from the record; both stop with the host. Neither ever
    stops the game (decisions 96, 97).
    """
    from app.config import HallSettings
    from app.devices import feed_voice, start_boards
    from drivers.voice import Voice

    assert isinstance(settings, HallSettings)
    lines = [(line.port, line.addresses) for line in settings.board_lines]
    host.on_close(start_boards(host.service, devices, lines, settings.baud))
    voice = Voice(settings.voice)
    if voice.active:
        host.voice = voice
        host.on_close(voice.close)
        host.on_close(feed_voice(host.service, voice.call))
        voice.prepare_later()


def serve(args: argparse.Namespace, settings: object) -> int:
    import uvicorn

    from app.config import HallSettings
    from app.server.http import build_app

    assert isinstance(settings, HallSettings)
    configured = settings.server
    if not args.cert and not args.key:  # the command line's pair, or the settings' pair
        args.cert, args.key = configured.cert, configured.key
    args.host = args.host or configured.host
    args.port = args.port if args.port is not None else configured.port
    if bool(args.cert) != bool(args.key):
        raise ServeError("TLS necesita --cert y --key a la vez")
    for path in (args.cert, args.key):
        if path and not Path(path).is_file():
            raise ServeError(f"no existe el fichero {path}")
    if args.cert:  # a bad pair is refused before any store (the hall's, the centre's) is created
        import ssl

        try:
            ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER).load_cert_chain(args.cert, args.key, "")
        except (ssl.SSLError, OSError, ValueError) as exc:
            why = getattr(exc, "reason", None) or exc
            raise ServeError(
                f"el certificado {args.cert} o su clave {args.key} no valen: {why}"
            ) from None
    from app.server.auth import CONSOLE_KEY_ENV

    console_key = os.environ.pop(CONSOLE_KEY_ENV, "")  # from `bingo-hall run` only (decision 200)
    if args.centre:
        from app.centre.main import serve_centre

        return serve_centre(args, settings)
    from app.centre.join import JoinError, joined

    try:
        join = joined(args)  # checked before anything is opened
    except JoinError as exc:
        raise ServeError(str(exc)) from None
    host = open_host(args, settings)
    if join is not None:
        try:
            join.bind(host.service.hall_id, host)
        except BaseException:
            host.close()
            host.store.close()
            raise
    try:
        scheme = "https" if args.cert else "http"
        shown = "127.0.0.1" if args.host in ("0.0.0.0", "") else args.host
        base = f"{scheme}://{shown}:{args.port}"
        print(f"Sala {host.service.hall.name}: servidor en {base}", flush=True)
        for layout in LAYOUTS:
            print(f"  panel {layout}: {base}/panel?layout={layout}", flush=True)
        config = uvicorn.Config(
            build_app(host, console_key, join),
            host=args.host,
            port=args.port,
            ssl_certfile=args.cert,
            ssl_keyfile=args.key,
            ws="websockets-sansio",
            log_level="warning",
            lifespan="on",
            timeout_graceful_shutdown=3,
        )
        uvicorn.Server(config).run()
    finally:
        host.close()
        host.store.close()
        if join is not None:
            join.close()
    return 0
