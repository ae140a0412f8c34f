"""`bingo-hall serve`: open the hall, its devices and the server; print the panels' address."""

from __future__ import annotations

import argparse
import errno
import logging
import os
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the host (devices, voice, store) is loaded only when the server runs
    from starlette.applications import Starlette

    from app.centre.join import Joined
    from app.server.host import HallHost
    from bingo.interconnected import Ledger
    from store.writer_lock import WriterLock

log = logging.getLogger(__name__)

LAYOUTS = ("board", "last", "prizes", "instructions")
#: An idle connection is kept this long, well beyond the consoles' own 10 s
#: (``ui.client.link.KEEP_SECONDS``): a client must never reuse a connection the server is
#: closing at that very moment (uvicorn's 5 s was httpx's 5 s: a read then failed as "sin
#: conexión" now and then).
KEEP_ALIVE_SECONDS = 30
#: The largest WebSocket message a client may send the hall server, as for an HTTP body
#: (``app.server.bodies.MAX_BODY``): a terminal's hello (its token) or heartbeat is under 200
#: bytes.
STREAM_MAX_BYTES = 64 * 1024


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
        "o ninguno (el jefe de mesa teclea cada bola); por omisión los puertos de [devices] "
        "cuando el fichero de la sala los nombra, y si no emulated en una sala y none en el "
        "centro",
    )
    parser.add_argument(
        "--seed",
        type=int,
        help="semilla de los dispositivos emulados (por omisión, al azar; se dice al arrancar "
        "y consta en el registro)",
    )
    parser.add_argument(
        "--traffic", help="carpeta donde guardar el tráfico de las líneas serie, byte a byte"
    )
    parser.add_argument(
        "--cert", help="certificado TLS (PEM; o [server] cert): el servidor habla HTTPS y WSS"
    )
    parser.add_argument("--key", help="clave privada del certificado TLS (PEM; o [server] key)")
    add_network_arguments(parser)
    parser.add_argument(
        "--centre",
        action="store_true",
        help="el centro de bingo simultáneo (docs/centre.md), no una sala: --db es su registro",
    )
    from app.centre.options import add_arguments as add_join

    add_join(parser)


def add_network_arguments(parser: argparse.ArgumentParser) -> None:
    """The bounds of the server's connections (docs/security.md, "Connections")."""
    from app.server import limits

    parser.add_argument(
        "--max-connections",
        type=int,
        default=limits.MAX_CONNECTIONS,
        help=f"conexiones abiertas en total (por omisión {limits.MAX_CONNECTIONS}, y menos si el "
        "límite de ficheros del sistema no da para tantas)",
    )
    parser.add_argument(
        "--max-per-address",
        type=int,
        default=limits.MAX_PER_ADDRESS,
        help=f"conexiones abiertas desde una misma dirección (por omisión "
        f"{limits.MAX_PER_ADDRESS})",
    )
    parser.add_argument(
        "--insecure",
        action="store_true",
        help="servir sin TLS en una dirección que no es la de esta misma máquina: los PIN y los "
        "tokens cruzan la red de la sala en claro (bingo-hall tls init crea el certificado)",
    )
    parser.add_argument(
        "--server-name",
        action="append",
        default=[],
        help="otro nombre por el que los puestos llegan al servidor (además de sus direcciones "
        "y del nombre de esta máquina); puede repetirse",
    )
    parser.add_argument(
        "--header-seconds",
        type=float,
        default=limits.HEADER_SECONDS,
        help="segundos que tiene una conexión para enviar las cabeceras de su petición (por "
        f"omisión {limits.HEADER_SECONDS:g})",
    )


def console_key_from_pipe() -> str:
    """The console's key from the pipe ``bingo-hall run`` named (decision 589), or ""."""
    from app.server.auth import CONSOLE_KEY_FD_ENV

    fd = os.environ.pop(CONSOLE_KEY_FD_ENV, "")
    if not fd.isdigit():
        return ""
    try:
        with os.fdopen(int(fd), "rb") as pipe:
            return pipe.read(1024).decode("ascii", "replace").strip()
    except OSError:
        return ""


def loopback(host: str) -> bool:
    """Whether ``host`` (``--host``) listens on this machine's loopback only."""
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # "", a name: the hall's network


def shown_address(host: str) -> str:
    """``host`` as an address a station on this machine can open: every address is loopback's,
    an IPv6 address goes in brackets.
    """
    if host in ("0.0.0.0", ""):
        return "127.0.0.1"
    if host == "::":
        return "[::1]"
    return f"[{host}]" if ":" in host else host


def plain_http_check(args: argparse.Namespace) -> str | None:
    """``ServeError`` for plain HTTP beyond loopback without ``--insecure``; with it, the
    warning to say (decision 584), else None.
    """
    if args.cert or loopback(args.host or ""):
        return None
    if not getattr(args, "insecure", False):
        raise ServeError(
            f"sin TLS en «{args.host or 'todas las direcciones'}»: los PIN y los tokens "
            "cruzarían la red de la sala en claro. Cree el certificado de la sala con "
            "«bingo-hall tls init» y use --cert y --key ([server] cert y key), o --insecure "
            "para servir sin cifrar sabiéndolo"
        )
    return (
        "aviso: servidor SIN CIFRAR (--insecure): los PIN, las autorizaciones del jefe de "
        "sala y los tokens cruzan la red de la sala en claro; cree el certificado con "
        "«bingo-hall tls init»"
    )


def connection_gate(args: argparse.Namespace) -> object:
    """The gate of ``args``' limits (``app.server.limits.Gate``), with the process's file
    limit raised first; ``ServeError`` for a limit below one.
    """
    from app.server import limits

    total = getattr(args, "max_connections", limits.MAX_CONNECTIONS)
    each = getattr(args, "max_per_address", limits.MAX_PER_ADDRESS)
    seconds = getattr(args, "header_seconds", limits.HEADER_SECONDS)
    if total < 1 or each < 1 or not seconds > 0:
        raise ServeError("--max-connections, --max-per-address y --header-seconds deben ser > 0")
    files = limits.raise_file_limit()
    return limits.Gate(limits.file_room(total, files), each, seconds)


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
        hall_id = choose_hall(store, args.hall, settings.hall_id)
        writing = hold_served_record(store, hall_id, args)
    except BaseException:
        store.close()
        raise
    try:
        # its refusal (other figures) comes before the hall's set-up
        ledger = open_ledger(store, settings, serving=True)
    except BaseException:
        store.close()
        writing.release()
        raise
    try:
        host = HallHost(store, hall_id)
        host.on_close(writing.release)  # the last thing the host lets go of
        # the server writes the hall's record: its key signs a checkpoint with every close, as
        # every other writer's does, or `status` and the actas find the record cut (R-ACTA-6)
        sign_checkpoints(store, host.service)
        # audited before it is served or written: an altered record is refused at the start,
        # in `status`'s words (decision 640)
        store.audit_before_writing(host.service.hall_id)
        if args.config:
            check_settings(host.service.hall, settings)
        prepare_hall(host.service, settings)
        # a partida the previous writer left in play: its interruption and this resumption,
        # with their times, in the record and the acta
        host.service.note_system_interruption()
        if ledger is not None:
            _play_interconnected(host, ledger)
        if args.devices == "emulated":
            from app.devices import announce_emulated, emulated_draws

            host.use_devices(
                *emulated_draws(host.service, args.seed, [], fast=True, traffic_dir=args.traffic)
            )
            announce_emulated(args.seed, args.seed_given)
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
        writing.release()
        raise
    return host


def served_url(args: argparse.Namespace) -> str:
    """The address the server's clients reach it at (loopback for a server on every address)."""
    scheme = "https" if getattr(args, "cert", None) else "http"
    return f"{scheme}://{shown_address(args.host or '')}:{args.port}"


def hold_served_record(store: Any, hall_id: str, args: argparse.Namespace) -> WriterLock:
    """The hall record's writer lock, naming the server's address: one server (one writer at
    all) per record, and a console started for the same record joins this one instead
    (``app.station``). ``WriterBusy`` (exit 1) when another process writes it.
    """
    from app.bootstrap import hold_record

    writing = hold_record(store, hall_id, "bingo-hall serve")
    if getattr(args, "port", None):
        writing.serving(served_url(args))
    return writing


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
    """The extractor's and the reader's ports of ``[devices]`` for serial devices (None for
    other devices), each opened once before any database is opened: one missing, or one that
    cannot be opened, is refused (exit 1) naming it and why, with nothing created (decision 521).
    """
    from app.devices import DevicePortError, serial_ports

    if devices != "serial":
        return None
    try:
        return serial_ports(settings)
    except DevicePortError as exc:
        raise ServeError(str(exc)) from None


def choose_devices(args: argparse.Namespace, settings: object) -> None:
    """``args.devices`` from ``--devices`` or the settings (``app.devices.chosen_devices``), and
    ``args.seed`` for emulated ones: the one given, else one at random (decision 522).
    """
    from app.cli_input import EXIT_USAGE, CliError
    from app.devices import chosen_devices, emulated_seed

    args.devices = chosen_devices(args.devices, settings, centre=args.centre)
    args.seed_given = args.seed is not None
    if args.devices != "emulated" and (args.seed_given or args.traffic):
        given = ", ".join(
            o for o, v in (("--seed", args.seed_given), ("--traffic", args.traffic)) if v
        )
        raise CliError(
            f"{given} solo vale con los dispositivos emulados (--devices emulated); los de "
            f"ahora son --devices {args.devices} ([devices] del fichero de la sala)",
            EXIT_USAGE,
        )
    args.seed = emulated_seed(args.seed)


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
    from app.server.wire import WIRE_VERSION
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
        # the consoles' automatic extraction waits for the calls still to say (decision 720)
        voice.on_change = lambda calls: host.publish(
            {"v": WIRE_VERSION, "type": "voice", "calls": list(calls)}
        )
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
    insecure = None if args.centre else plain_http_check(args)  # before anything is opened
    from app.server.auth import CONSOLE_KEY_ENV

    console_key = os.environ.pop(CONSOLE_KEY_ENV, "")  # from `bingo-hall run` only (decision 200)
    console_key = console_key_from_pipe() or console_key
    choose_devices(args, settings)
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
    gate = connection_gate(args)
    # the port is the server's before anything is opened or written, and before it says so
    listening = listen(args.host, args.port)
    try:
        host = open_host(args, settings, join)
    except BaseException:
        listening.close()
        raise
    try:
        base = served_url(args)
        print(f"Sala {host.service.hall.name}: servidor en {base}", flush=True)
        if insecure is not None:
            print(f"bingo-hall: {insecure}", file=sys.stderr, flush=True)
        for layout in LAYOUTS:
            print(f"  panel {layout}: {base}/panel?layout={layout}", flush=True)
        run_app(
            build_app(host, console_key, join, tuple(getattr(args, "server_name", []) or ())),
            listening,
            args.cert,
            args.key,
            gate,
            STREAM_MAX_BYTES,
        )
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


def run_app(
    app: Starlette,
    listening: socket.socket,
    cert: str | None,
    key: str | None,
    gate: object = None,
    ws_max_size: int = 1024 * 1024,
) -> None:
    """Serve ``app`` on ``listening`` (from ``listen``) until stopped: the hall server and the
    centre alike (one WebSocket implementation, the same quiet log and the same 3 s to finish
    on a stop), each connection admitted through ``gate`` (``connection_gate``) and no
    WebSocket message read beyond ``ws_max_size`` bytes.
    """
    import uvicorn

    from app.sdnotify import Notifier
    from app.server import limits

    if not isinstance(gate, limits.Gate):
        gate = limits.Gate(limits.file_room(limits.MAX_CONNECTIONS, limits.raise_file_limit()))

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
        http=limits.protocol(gate),
        limit_concurrency=gate.total,
        # nothing a client sends is large (a hello, a heartbeat): compressed messages only
        # multiplied what a stranger could make the server hold (16 MiB for 15 KiB sent), and
        # every change was compressed once per screen
        ws_max_size=ws_max_size,
        ws_per_message_deflate=False,
        callback_notify=systemd.tick,
        timeout_notify=systemd.every,
    )
    try:
        uvicorn.Server(config).run(sockets=[listening])
    finally:
        listening.close()
