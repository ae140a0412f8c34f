"""The composition root of the graphical console: `bingo-hall run`.

Here and only here the console's collaborators are made: the settings are read, the engine
opened (``app.bootstrap.open_hall``), the hall prepared on a fresh database, the emulated devices
started, the ``QApplication``, the bridge, the console (in the hall's ``console_language``) and
the hall panel (in the hall's ``languages``) created, the panel put full screen on the second
screen when there is one. Everything is stopped on the way out.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import platformdirs

from bingo.handlers import Bus
from bingo.service import HallService

log = logging.getLogger(__name__)

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2
EXIT_AFTER_ENV = "BINGO_HALL_EXIT_AFTER_MS"

NO_DISPLAY = """\
bingo-hall: no hay pantalla gráfica (no están definidas DISPLAY ni WAYLAND_DISPLAY), así que
la consola de la mesa no puede abrirse aquí. Para seguir:
  • jugar una sesión completa sin pantalla:      bingo-hall simulate
  • abrir la consola en una pantalla virtual:    xvfb-run make run
  • comprobar que arranca sin mostrar nada:      QT_QPA_PLATFORM=offscreen bingo-hall run
"""


def display_problem(
    environ: Mapping[str, str] | None = None, platform: str | None = None
) -> str | None:
    """Why no window can be shown here, or None when a display (or a Qt platform) is set."""
    env = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if env.get("QT_QPA_PLATFORM"):
        return None
    if platform.startswith("linux") and not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
        return NO_DISPLAY
    return None


def pyside_problem(version: str | None = None, python: tuple[int, int] | None = None) -> str | None:
    """Why the installed PySide6 cannot run the console, or None.

    PySide6 6.12.0 drops a reference to None on every call of a method that returns nothing;
    before Python 3.12 (where None is immortal) the interpreter aborts within minutes.
    """
    if version is None:
        import PySide6

        version = PySide6.__version__
    python = python or (sys.version_info.major, sys.version_info.minor)
    if version == "6.12.0" and python < (3, 12):
        return (
            f"bingo-hall: PySide6 {version} con Python {python[0]}.{python[1]} cierra el programa "
            "a los pocos minutos (fallo de PySide6); instale otra versión: "
            "pip install 'PySide6-Essentials<6.12'\n"
        )
    return None


def prepare_hall(service: Any, settings: Any) -> None:
    """Give a fresh record what the hall's settings say (``app.bootstrap.prepare_hall``)."""
    from app.bootstrap import prepare_hall as prepare

    prepare(service, settings)


def _start_devices(
    kind: str, settings: Any = None, drawn: Sequence[int] = (), seed: int | None = None
) -> tuple[Any, Callable[[], None]]:
    """The ball source and its stopper; (None, no-op) when emulated devices do not start (the
    console goes on with typed balls, and says so). Serial devices are opened or refused
    (``DevicePortError``): the console never plays other devices than the hall's instead.

    ``drawn``: the balls of the partida in play, which emulated devices keep out of their drum;
    ``seed``: theirs (else one at random).
    """
    if kind == "serial":
        from app.devices import serial_ports
        from drivers.sessions import open_serial_devices

        extractor, reader = serial_ports(settings)  # refused here, naming the port
        return open_serial_devices(extractor, reader, baud=settings.baud)
    if kind != "emulated":
        return None, lambda: None  # typed balls only
    from app.devices import emulated_seed

    chosen = emulated_seed(seed)
    try:
        from drivers.sessions import open_emulated_devices

        source, stop = open_emulated_devices(chosen, drawn=drawn)
    except Exception as exc:  # the console still works with typed balls
        log.exception("emulated devices did not start")
        print(
            f"bingo-hall: los dispositivos emulados no arrancan ({exc}); la consola sigue sin "
            "dispositivos (las bolas se escriben a mano).",
            file=sys.stderr,
        )
        return None, lambda: None
    return source, stop


def _start_boards(service: Any, kind: str, settings: Any) -> Callable[[], None]:
    """The hall boards fed from the record: the lines of ``[devices] boards`` on serial devices,
    one emulated board on emulated ones. A board never stops the console (decision 97).
    """
    from app.devices import start_boards

    lines = [(line.port, line.addresses) for line in settings.board_lines]
    return start_boards(service, kind, lines, settings.baud)


def run_console(args: argparse.Namespace) -> int:
    """Open the console and one hall panel; returns the exit code.

    By default the hall server is started first and the console is its client
    (``app.station``); ``--server`` connects to a server already running; ``--local`` keeps the
    console's own service and devices in one process.
    """
    problem = display_problem()
    if problem:  # refused: the command is right, this machine cannot show a window
        print(problem, file=sys.stderr, end="")
        return EXIT_REFUSED

    problem = pyside_problem()
    if problem:
        print(problem, file=sys.stderr, end="")
        return EXIT_REFUSED

    from app.config import load_hall

    settings = load_hall(Path(args.config) if getattr(args, "config", None) else None)
    problem = _ports_problem(args, settings)
    if problem:  # before any database is opened: nothing is written
        print(f"bingo-hall: {problem}", file=sys.stderr)
        return EXIT_REFUSED
    if not getattr(args, "local", True):
        from app.station import run_station

        return run_station(args, settings)
    from app.bootstrap import open_hall

    with open_hall(
        getattr(args, "db", None),
        getattr(args, "hall", None),
        settings.hall_id,
        writer="bingo-hall run --local",
    ) as engine:
        service = engine.service
        engine.store.audit_before_writing(service.hall_id)  # as the server's start (decision 640)
        prepare_hall(service, settings)
        service.note_system_interruption()  # a partida the last run left in play says so
        kind, source, stop_sources = _local_devices(args, service, settings)
        if kind == "refused":
            return EXIT_REFUSED
        stop_boards = _start_boards(service, kind, settings)
        from app.devices import start_voice

        voice, stop_voice = start_voice(service, settings.voice)  # it was never called here

        def stop() -> None:
            stop_voice()
            stop_boards()
            stop_sources()

        stopped: list[bool] = []

        def stop_devices() -> None:
            if not stopped:
                stopped.append(True)
                stop()

        from store.operators import OperatorBook

        try:
            return _run_gui(
                service,
                settings,
                source,
                stop_devices,
                devices_words(kind, source),
                book=OperatorBook(engine.store),
                voice_calls=voice.pending if voice is not None else None,
            )
        finally:
            stop_devices()


def _ports_problem(args: argparse.Namespace, settings: Any) -> str | None:
    """Why the hall's own devices cannot be used (a port of ``[devices]`` missing or that does
    not open), when they are the ones chosen (``app.devices.chosen_devices``); else None. A
    console joining a running server (``--server``) has no devices of its own.
    """
    from app.devices import DevicePortError, chosen_devices, serial_ports

    if getattr(args, "server", None):
        return None
    kind = chosen_devices(getattr(args, "devices", None), settings)
    if kind != "emulated" and getattr(args, "seed", None) is not None:
        return f"--seed solo vale con los dispositivos emulados; los de ahora son {kind}"
    if kind != "serial":
        return None
    try:
        serial_ports(settings)
    except DevicePortError as exc:
        return str(exc)
    return None


def _local_devices(
    args: argparse.Namespace, service: Any, settings: Any
) -> tuple[str, Any, Callable[[], None]]:
    """The devices of ``run --local`` (``app.devices.chosen_devices``): their kind, source and
    stopper; kind "refused" when the ports of ``[devices]`` cannot be opened (said why).
    """
    from app.devices import DevicePortError, announce_emulated, chosen_devices, emulated_seed

    kind = chosen_devices(getattr(args, "devices", None), settings)
    partida = service.hall.partida
    drawn = tuple(partida.balls) if partida is not None else ()
    given = getattr(args, "seed", None)
    seed = emulated_seed(given)
    try:
        source, stop = _start_devices(kind, settings, drawn, seed)
    except DevicePortError as exc:
        print(f"bingo-hall: {exc}", file=sys.stderr)
        return "refused", None, lambda: None
    if kind == "emulated" and source is not None:
        service.use_emulated_devices(seed)  # its balls and counts say so (decision 520)
        announce_emulated(seed, given is not None)
    return kind, source, stop


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``bingo-hall run``'s own options."""
    parser.add_argument(
        "--devices",
        choices=["emulated", "serial", "none"],
        help="los dispositivos del servidor que se arranca: emulados, los puertos serie de "
        "[devices] o ninguno (el jefe de mesa teclea cada bola); por omisión los puertos de "
        "[devices] cuando el fichero de la sala los nombra, y si no los emulados",
    )
    parser.add_argument(
        "--seed",
        type=int,
        help="semilla de los dispositivos emulados (por omisión, al azar; se dice al arrancar)",
    )
    parser.add_argument(
        "--server",
        metavar="URL",
        help="conectarse a un servidor de la sala ya en marcha (p. ej. la caja, con la mesa "
        "ya abierta) en lugar de arrancar uno",
    )
    parser.add_argument(
        "--station", default="mesa", help="nombre de este puesto ante el servidor (mesa, caja…)"
    )
    parser.add_argument(
        "--port", type=int, help="puerto del servidor que se arranca ([server] port, o 8000)"
    )
    parser.add_argument(
        "--cafile", help="certificado (PEM) en que confiar para el TLS del servidor de la sala"
    )
    parser.add_argument(
        "--local",
        action="store_true",
        help="sin servidor: la consola lleva la sala y los dispositivos en su propio proceso",
    )


def devices_words(kind: str, source: Any) -> str:
    """What the console says it draws from: the configured devices, when they did start."""
    if source is None:
        return "sin dispositivos"
    return "extractor y lector en serie" if kind == "serial" else "dispositivos emulados"


def _show_clock(console: Any) -> None:
    """Whether this PC's clock, whose times the record and the acta get, is kept synchronised."""
    from app.clock_sync import clock_synchronised
    from ui.console.clock import show_clock

    show_clock(console, clock_synchronised())


def _run_gui(
    service: Bus,
    settings: Any,
    source: Any,
    stop_devices: Callable[[], None],
    devices: str | None = None,
    station: Callable[[Any, Any, Callable[[], None]], None] | None = None,
    book: Any = None,
    voice_calls: Callable[[], Sequence[int]] | None = None,
) -> int:
    """The console and its hall panel on ``service``; ``station`` makes the console a client of
    the hall server (given the window, the panel and the function that reopens it);
    ``voice_calls``: the calls the hall's voice has still to say (the automatic extraction
    waits for them, decision 720).
    """
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    from bingo.readmodel import panel_state
    from ui.bridge import Bridge
    from ui.console import ConsoleDefaults, ConsoleWindow
    from ui.i18n import CONSOLE_CATALOGUES, LANGUAGE_NAMES, use_console_language
    from ui.panels.hall_panel import HallPanel

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("bingo-hall")
    language: str = settings.console_language
    if language != "es" and language not in CONSOLE_CATALOGUES:
        name = LANGUAGE_NAMES.get(language, language)
        print(
            f"bingo-hall: la consola aún no está traducida al {name}; se muestra en castellano.",
            file=sys.stderr,
        )
    remove_translator = use_console_language(language)  # before any window is made
    rights = None
    if book is not None and book.has_operators():  # a login first (R-ROLE-1, decision 136)
        from ui.console.login import sign_in

        rights = sign_in(book)
        if rights is None:
            print("bingo-hall: acceso cancelado: la consola no se abre", file=sys.stderr)
            remove_translator()
            return EXIT_REFUSED
        assert isinstance(service, HallService)  # a login here is the one-process console's
        service.rights = rights
    bridge = Bridge()
    bridge.attach(service)
    if source is not None and hasattr(source, "extractor"):  # devices driven from here
        bridge.watch(source.extractor, source.reader)
    defaults = ConsoleDefaults(
        jefe_de_mesa=settings.jefe_de_mesa,
        jefe_de_sala=settings.jefe_de_sala,
        prima_amounts_cents=settings.prima_amounts_cents,
        serie_prefix=settings.series_prefix,
        face_value_cents=settings.face_value_cents,
        # the station's printer and opening float, remembered between nights
        options_file=Path(platformdirs.user_config_dir("bingo-hall")) / "consola.ini",
    )
    console = ConsoleWindow(service, source, bridge=bridge, defaults=defaults)
    if voice_calls is not None:
        console.autodraw.follow_voice(voice_calls)
    _show_clock(console)
    if rights is not None:
        rights.parent = console  # the jefe de sala's override opens over the console
    # A station's panel speaks the languages of the hall its server serves (recorded with the
    # hall), never those of the station's own settings file: a Basque hall's second console
    # showed a Spanish-only panel.
    panel = HallPanel(
        panel_state(service.hall), languages=None if station is not None else settings.languages
    )
    panel.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)  # closing the console ends
    bridge.changed.connect(lambda: panel.show_state(panel_state(service.hall)))

    screens = QGuiApplication.screens()

    def show_panel() -> None:
        """Show the hall panel (again, once closed), on the second screen when there is one."""
        panel.show_state(panel_state(service.hall))
        if len(screens) > 1:
            screen = screens[1]
            panel.setScreen(screen)
            panel.setGeometry(screen.geometry())
            panel.showFullScreen()
        else:
            panel.resize(1280, 720)
            panel.show()
        panel.raise_()

    show_panel()
    if station is not None:
        station(console, panel, show_panel)
    console.showMaximized()
    print(
        f"bingo-hall: consola abierta (sala {service.hall_id}, "
        f"{devices or devices_words('emulated', source)}, "
        f"{len(screens)} pantalla(s))",
        flush=True,
    )

    exit_after = os.environ.get(EXIT_AFTER_ENV, "").strip()
    if exit_after:
        try:
            QTimer.singleShot(int(exit_after), console.close_now)
        except ValueError:
            print(f"bingo-hall: {EXIT_AFTER_ENV}: milisegundos, no {exit_after!r}", file=sys.stderr)
            return EXIT_USAGE
    try:
        code = app.exec()
    finally:
        stop_devices()  # a draw in progress ends with the devices ...
        bridge.close(wait=True)  # ... so the worker is free to finish
        panel.close()
        panel.deleteLater()
        console.deleteLater()
        remove_translator()
    return EXIT_OK if code == 0 else EXIT_REFUSED
