"""`bingo-hall serve`: open the hall, its devices and the server; print the panels' address."""

from __future__ import annotations

import argparse
import errno
import logging
import os
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the host (devices, voice, store) is loaded only when the server runs
    from starlette.applications import Starlette

    from app.centre.join import Joined
    from app.server.host import HallHost
    from bingo.interconnected import Ledger

log = logging.getLogger(__name__)

LAYOUTS = ("board", "last", "prizes", "instructions")
#: An idle connection is kept this long, well beyond the consoles' own 10 s
#: (``ui.client.link.KEEP_SECONDS``): a client must never reuse a connection the server is
#: closing at that very moment (uvicorn's 5 s was httpx's 5 s: a read then failed as "sin
#: conexión" now and then).
KEEP_ALIVE_SECONDS = 30


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
        help="de dónde salen las bolas: dispositivos emulados, los puertos serie de [devices] "
        "o ninguno (el jefe de mesa teclea cada bola); por omisión emulated en una sala, none "
        "en el centro",
    )
    parser.add_argument(
        "--seed", type=int, help="semilla de los dispositivos emulados (por omisión 7)"
    )
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


def open_host(args: argparse.Namespace, settings: object, join: Joined | None = None) -> HallHost:
    """The hall of ``--db`` with its set-up from the settings, and its devices; ``join``: its
    link to a centre, whose simultaneous partida its boards and voice follow too.
    """
    from app.bootstrap import check_settings, choose_hall, prepare_hall, sign_checkpoints
    from app.config import HallSettings
    from app.interconnected import open_ledger
    from app.server.host import HallHost
    from store import open_store

    assert isinstance(settings, HallSettings)
    store = open_store(args.db)
    try:
        # its refusal (other figures) comes before the hall's set-up
        ledger = open_ledger(store, settings, serving=True)
    except BaseException:
        store.close()
        raise
    try:
        host = HallHost(store, choose_hall(store, args.hall, settings.hall_id))
        # the server writes the hall's record: its key signs a checkpoint with every close, as
        # every other writer's does, or `status` and the actas find the record cut (R-ACTA-6)
        sign_checkpoints(store, host.service)
        if args.config:
            check_settings(host.service.hall, settings)
        prepare_hall(host.service, settings)
        if ledger is not None:
            _play_interconnected(host, ledger)
        if args.devices == "emulated":
            from app.devices import emulated_draws

            host.use_devices(
                *emulated_draws(host.service, args.seed, [], fast=True, traffic_dir=args.traffic)
            )
        elif args.devices == "serial":
            from app.devices import serial_draws

            extractor, reader = device_ports(args.devices, settings) or ("", "")
            try:
                host.use_devices(*serial_draws(host.service, extractor, reader, settings.baud))
            except OSError as exc:
                raise ServeError(f"no se pueden abrir los dispositivos: {exc}") from None
        if host.table is not None:
            host.table.seconds = settings.server.question_seconds
        if join is not None:
            join.bind(host.service.hall_id, host)
        _start_boards_and_voice(host, args.devices, settings, join)
    except BaseException:
        host.close()
        store.close()
        raise
    return host


def _play_interconnected(host: HallHost, ledger: Ledger) -> None:
    """The interconnected prize of a hall that joined it (R-MULTI-1), played from now on; a
    partida left closed and not settled by a cut is settled before any command (decision 289).
    A ledger refusing it (a network with other figures, a settlement with other data) stops the
    server here, saying why; a ledger out of reach does not (decision 301): the server starts,
    says so, and ``pay_prizes`` (so the next partida) waits until the ledger answers.
    """
    from store.interconnected import InterconnectedError

    problem = host.use_interconnected(ledger)
    if problem is None:
        return
    if isinstance(host.ledger_error, InterconnectedError):
        raise ServeError(f"{problem}; la sala no arranca con un fondo común que la rechaza")
    print(
        f"bingo-hall: aviso: {problem}. La sala arranca; la orden que espera al fondo común "
        "se rechaza hasta que responda (docs/decisions.md 301)",
        file=sys.stderr,
    )


def device_ports(devices: str, settings: object) -> tuple[str, str] | None:
    """The extractor's and the reader's ports of ``[devices]`` for ``--devices serial`` (None
    for other devices), checked before any database is opened: missing, or a device file that
    does not exist, is refused (exit 1) with nothing created.
    """
    from app.config import HallSettings

    assert isinstance(settings, HallSettings)
    if devices != "serial":
        return None
    ports = settings.extractor_port, settings.reader_port
    if not ports[0] or not ports[1]:
        raise ServeError(
            "--devices serial: faltan los puertos del extractor y del lector en [devices] del "
            "fichero de la sala (--config)"
        )
    for port in (ports[0], ports[1]):
        if "://" not in port and not Path(port).exists():  # a pyserial URL is checked on opening
            raise ServeError(f"--devices serial: no existe el puerto {port} ([devices])")
    return ports[0], ports[1]


def _start_boards_and_voice(
    host: HallHost, devices: str, settings: object, join: Joined | None = None
) -> None:
    """The hall boards of ``[devices] boards`` (one emulated board with emulated devices) and
    the ball calls of ``[voice]``, fed from the record, and at a joined hall from its copy of
    the central record too (decisions 343, 344); both stop with the host. Neither ever stops
    the game (decisions 96, 97).
    """
    from app.config import HallSettings
    from app.devices import BoardFeed, feed_voice, start_boards
    from drivers.voice import Voice

    assert isinstance(settings, HallSettings)
    lines = [(line.port, line.addresses) for line in settings.board_lines]
    feed = BoardFeed(host.service)
    voice = Voice(settings.voice)
    if join is not None:  # before the first state is sent: the boards start on the right one
        join.follow(feed, voice.call if voice.active else None)
    host.on_close(start_boards(host.service, devices, lines, settings.baud, feed))
    host.on_close(feed.stop)  # before the lines close: nothing is sent to a line being closed
    if voice.active:
        host.voice = voice
        host.on_close(voice.close)
        host.on_close(feed_voice(host.service, voice.call))
        voice.prepare_later()


def serve(args: argparse.Namespace, settings: object) -> int:

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
    from app.centre.options import devices_of

    args.devices = devices_of(args)
    args.seed = args.seed if args.seed is not None else 7
    device_ports(args.devices, settings)  # before any database is opened
    if args.centre:
        from app.centre.main import serve_centre

        return serve_centre(args, settings)
    from app.centre.join import JoinError, joined
    from app.interconnected import check_database

    check_database(settings, args.db)  # before the hall's record is opened or created

    try:
        join = joined(args)  # checked before anything is opened
    except JoinError as exc:
        raise ServeError(str(exc)) from None
    # the port is the server's before anything is opened or written, and before it says so
    listening = listen(args.host, args.port)
    try:
        host = open_host(args, settings, join)
    except BaseException:
        listening.close()
        raise
    try:
        scheme = "https" if args.cert else "http"
        shown = "127.0.0.1" if args.host in ("0.0.0.0", "") else args.host
        base = f"{scheme}://{shown}:{args.port}"
        print(f"Sala {host.service.hall.name}: servidor en {base}", flush=True)
        for layout in LAYOUTS:
            print(f"  panel {layout}: {base}/panel?layout={layout}", flush=True)
        run_app(build_app(host, console_key, join), listening, args.cert, args.key)
    finally:
        host.close()
        host.store.close()
        if join is not None:
            join.close()
    return 0


def listen(host: str, port: int) -> socket.socket:
    """The server's listening socket on ``host``:``port``; ``ServeError`` (exit 1, nothing
    served) when the address cannot be had: a port another program holds, a port below 1024
    without the right, an address that is not this machine's.
    """
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        listening = socket.socket(family, kind, proto)
    except (OSError, UnicodeError) as exc:
        raise ServeError(f"no se reconoce la dirección «{host}»: {_why(exc)}") from None
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        listening.bind(address)
        listening.listen(2048)
    except OSError as exc:
        listening.close()
        if exc.errno == errno.EADDRINUSE:
            why = "otro programa lo está usando (¿otro servidor de la sala?); use otro con --port"
        elif exc.errno == errno.EACCES:
            why = "no hay permiso para ese puerto (los de debajo de 1024 son del sistema)"
        elif exc.errno == errno.EADDRNOTAVAIL:
            why = "esa dirección no es de esta máquina (--host)"
        else:
            why = _why(exc)
        raise ServeError(f"no se puede abrir el puerto {port} en «{host}»: {why}") from None
    return listening


def _why(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc)


def run_app(app: Starlette, listening: socket.socket, cert: str | None, key: str | None) -> None:
    """Serve ``app`` on ``listening`` (from ``listen``) until stopped: the hall server and the
    centre alike (one WebSocket implementation, the same quiet log and the same 3 s to finish
    on a stop).
    """
    import uvicorn

    from app.sdnotify import Notifier

    systemd = Notifier()  # READY=1 once it serves, then the watchdog's pings (Type=notify)
    config = uvicorn.Config(
        app,
        ssl_certfile=cert,
        ssl_keyfile=key,
        ws="websockets-sansio",
        log_level="warning",
        lifespan="on",
        timeout_graceful_shutdown=3,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        # no proxy stands in front: a client's address is its socket's, never what a header
        # says (the station a lock after wrong PINs falls on, the console's loopback;
        # decision 422)
        proxy_headers=False,
        callback_notify=systemd.tick,
        timeout_notify=systemd.every,
    )
    try:
        uvicorn.Server(config).run(sockets=[listening])
    finally:
        listening.close()
