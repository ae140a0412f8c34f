"""Balls from the extractor and reader into the hall's record, for the headless run and the server.

A thin adapter on the domain's one draw policy (``bingo.drawing.DrawPolicy``, the console's too):
``operator_sees`` plays the jefe de mesa, whose reading of a held ball or of the ball in the tube
the policy asks for; what follows a lost device (manual extraction, R-INC-2, or the suspension,
R-INC-1) or an irregularity of the balls (the annulment, R-INC-3) is done at once, as nobody is at
the table to read the paragraph first (R-INC-5). No ball is ever skipped or invented: where nobody
can read a ball that is out, the run stops (``BallNotRead``). The record's notes are worded from
the policy's codes by ``actas.words``, the console's words too.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import random
import re
import secrets
import sys
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from actas.words import lost_text, not_read_text, note_text, say
from bingo.drawing import (
    AskTable,
    BallNotRead,
    DeviceDown,
    DeviceLost,
    Drawn,
    DrawPolicy,
    DrawRecord,
    Stopped,
)
from bingo.hall import DomainError
from bingo.service import HallService

if TYPE_CHECKING:
    from bingo.readmodel_simultaneous import SimulPanel
    from drivers.ballsource import DeviceBallSource
    from drivers.sessions import EmulatedSession
    from drivers.voice import Voice, VoiceOptions

__all__ = ["BallNotRead", "DeviceDraws", "DeviceRecord", "SetNotCounted"]

log = logging.getLogger(__name__)

# What the command line's --fault names do to the emulated devices: the fault's parameters; a
# ``fault`` among them makes the name a case of that emulator fault.
SCENARIO_FAULTS: dict[str, dict[str, object]] = {
    "jam": {},
    "no_air": {},
    "stuck_tube_sensor": {},
    "double_feed": {},
    "misread": {},
    "out_of_range": {"number": 93},
    "unreadable": {},
    "low_confidence": {"confidence": 30},
    "stale_read": {},
    "wrong_draw": {"draw": 77},
    "released_not_read": {"rereads": 2},
    "duplicate_read": {"conflicting": True},
    "early_read": {},  # a reading before the ball came out: held, never recorded (decision 60)
    "replay_events": {},  # an old EVENTS reply repeated: held, never recorded (decision 60)
    "disconnect": {"duration": 0.5},
    "power_cycle": {"duration": 0.5},
    "garbage": {"length": 40},
    "crc_error": {"count": 2},
    "busy": {"count": 2},
    # The extractor's cable pulled just after it released a ball, for longer than the
    # reconnection grace: the ball is in the tube and must be read before manual extraction;
    # still out when the next partida starts, which is suspended until it is back (R-INC-1).
    "extractor_lost_after_release": {
        "fault": "disconnect",
        "device": "extractor",
        "mode": "cable",
        "duration": 15.0,
        "after": 0.02,
    },
}


def scenario_for(faults: list[str], seed: int) -> list[dict[str, object]]:
    """A scenario that injects each named fault once, at a draw early in some partida."""
    rng = random.Random(f"{seed}:faults")
    out: list[dict[str, object]] = []
    for name in faults:
        if name not in SCENARIO_FAULTS:
            known = ", ".join(sorted(SCENARIO_FAULTS))
            raise ValueError(f"avería desconocida: {name!r} (conocidas: {known})")
        out.append({"at_draw": rng.randint(3, 20), "fault": name, **SCENARIO_FAULTS[name]})
    return out


class DevicePortError(Exception):
    """A port of ``[devices]`` that is missing or cannot be opened, named with why: the command
    refuses (exit 1) before anything is written, never playing other devices instead.
    """


#: Who is on each port of ``[devices]``, in the staff's words.
DEVICE_WORDS = {"extractor": "del extractor", "reader": "del lector"}

# Why a port does not open, by the system's error number, in the staff's words.
_PORT_ERRORS = {
    errno.ENOENT: "no existe",
    errno.EACCES: "no hay permiso para abrirlo (el usuario del programa debe poder usar el "
    "puerto, p. ej. en el grupo dialout)",
    errno.EPERM: "no hay permiso para abrirlo",
    errno.EBUSY: "lo está usando otro programa",
    errno.ENOTTY: "no es un puerto serie",
    errno.ENXIO: "no hay ningún aparato detrás",
    errno.ENODEV: "no hay ningún aparato detrás",
    errno.ECONNREFUSED: "nadie atiende en esa dirección",
    errno.EHOSTUNREACH: "esa dirección no se alcanza",
    errno.ETIMEDOUT: "esa dirección no responde",
}


def chosen_devices(given: str | None, settings: Any, *, centre: bool = False) -> str:
    """Where the balls come from: ``--devices`` when given; else the settings' own devices
    when ``[devices]`` names a port, and only with none named the emulated ones of a demo hall
    (the centre's table types each ball instead, decision 290). Decision 521.
    """
    if given:
        return given
    if settings.extractor_port or settings.reader_port:
        return "serial"
    return "none" if centre else "emulated"


def serial_ports(settings: Any) -> tuple[str, str]:
    """The extractor's and the reader's ports of ``[devices]``, each opened once here to know it
    can be: one missing, or one that does not open, is ``DevicePortError`` naming it and why.
    """
    ports = {"extractor": settings.extractor_port, "reader": settings.reader_port}
    missing = [name for name, port in ports.items() if not port]
    if missing:
        raise DevicePortError(
            "faltan los puertos del extractor y del lector en [devices] del fichero de la sala "
            f"(--config; falta {' y '.join(missing)})"
        )
    for name, port in ports.items():
        probe_port(name, port, settings.baud)
    return ports["extractor"], ports["reader"]


def probe_port(name: str, port: str, baud: int = 19200) -> None:
    """Open ``port`` (a device path or a pyserial URL) and close it again; ``DevicePortError``
    with the port and the reason when it cannot be opened.
    """
    import serial

    try:
        line = serial.serial_for_url(port, baudrate=baud, timeout=0.03)
    except (serial.SerialException, OSError, ValueError) as exc:
        raise DevicePortError(
            f"no se puede abrir el puerto {port} {DEVICE_WORDS.get(name, name)} ([devices] "
            f"{name}): {port_problem(exc)}. Compruebe el cable y el nombre del puerto; no se ha "
            "escrito nada"
        ) from None
    line.close()


def port_problem(exc: BaseException) -> str:
    """Why a port did not open, in the staff's words when the system's error is a known one."""
    number = getattr(exc, "errno", None)
    if not isinstance(number, int):
        found = re.search(r"(?:\[Errno |\()(\d+)", str(exc))
        number = int(found.group(1)) if found else None
    if number in _PORT_ERRORS:
        return _PORT_ERRORS[number]
    return str(exc) or type(exc).__name__


def announce_emulated(seed: int, given: bool) -> None:
    """Say, on the log and the terminal, that the devices are emulated and with which seed, so
    the staff never take them for the hall's and a run can be replayed (``--seed``).
    """
    how = "dada" if given else "al azar"
    log.warning("dispositivos emulados, semilla %d (%s)", seed, how)
    print(
        f"bingo-hall: dispositivos EMULADOS (semilla {seed}, {how}; --seed {seed} repite sus "
        "bolas): las bolas y los recuentos constan como emulados, no es una sesión real",
        file=sys.stderr,
        flush=True,
    )


def emulated_seed(given: int | None) -> int:
    """The seed of the emulated devices: the one given, else one from the system's randomness
    (the same balls at every start would let anyone who saw one night call the next).
    """
    return given if given is not None else secrets.randbelow(2**31)


class DeviceRecord(DrawRecord, Protocol):
    """The record a draw from the devices writes into, with what follows a lost device or an
    irregularity: a hall's service, or the centre's simultaneous partida (R-MULTI-2), so both
    follow one policy.
    """

    def suspend(self, note: str, *, by_device: bool = False) -> None: ...

    def start_manual_extraction(self, note: str, *, by_device: bool = False) -> None: ...

    def stop_and_annul_for_ball_irregularity(
        self, note: str, duplicated: Sequence[int] = ()
    ) -> None: ...

    def use_emulated_devices(self, seed: int) -> None:
        """Its balls and counts from the devices are emulated ones (decision 520)."""
        ...


class SetNotCounted(DomainError):
    """The reader could not count the ball set: nothing is recorded (R-BALL-2)."""


class DeviceDraws:
    """Draw the next ball of the partida in play from the devices, and record what happened.

    ``operator_sees`` plays the jefe de mesa: what he reads on the ball in the tube (None when the
    tube is empty). Without it (an unattended run on real devices) a ball nobody can read stops
    the run with ``BallNotRead`` instead of going on without it.
    """

    def __init__(
        self,
        service: DeviceRecord,
        source: DeviceBallSource,
        operator_sees: Callable[[int], int | None] | None,
        repair: Callable[[], None] = lambda: None,
    ) -> None:
        self.service = service
        self.source = source
        self.operator_sees = operator_sees
        self.repair = repair  # the technician's visit between partidas
        self.policy = DrawPolicy(service, source, note_text)
        # an unattended run (simulate, a test) annuls an irregular partida itself; the hall
        # server has people at its tables and leaves the annulment to the jefe de sala
        self.unattended = True

    def scan(self) -> list[int]:
        """The reader's count of the whole set (R-BALL-2).

        A reader away at the count gets the reconnection grace once (decision 65); still away,
        the run stops with the reason instead of counting the set without it.
        """
        try:
            return self.source.scan_set()
        except DeviceLost as exc:
            if not self.source.wait_for_devices():
                words = f"{lost_text(exc)} {say('lost.not_counted')}"
                raise SetNotCounted(words, "R-BALL-2") from exc
        try:
            return self.source.scan_set()
        except DeviceLost as exc:
            raise SetNotCounted(lost_text(exc), "R-BALL-2") from exc

    def draw_next(self) -> str:
        """Draw one ball (or handle what prevents it); returns what was done, for the log."""
        svc, policy = self.service, self.policy
        if svc.hall.partida is None:
            raise RuntimeError("no partida in play")
        if policy.new_partida():
            self.repair()
        sees = self.operator_sees
        reads = None if sees is None else (lambda ask: self._reads(ask, sees))
        try:
            outcome = policy.draw_next(reads, sees)
        except BallNotRead as exc:
            raise BallNotRead(exc.draw_number, exc.cause, not_read_text(exc)) from None
        match outcome:
            case Drawn(number, "devices"):
                return f"bola {number}"
            case Drawn(number, "table"):
                return f"bola {number} (leída por el jefe de mesa)"
            case Drawn(number, _):
                return f"bola {number} (manual)"
            case Stopped(_, note):
                if not self.unattended:
                    # stopped and recorded by the policy; the annulment is the jefe de sala's,
                    # after the paragraph is read at the table (R-INC-3, R-INC-5, decision 131)
                    return "detenida"
                # nobody to read the paragraph (R-INC-5): the unattended run annuls it
                svc.stop_and_annul_for_ball_irregularity(note)
                return "anulada"
            case DeviceDown(_, then, note, tube):
                done = f"bola {tube} (leída por el jefe de mesa), " if tube is not None else ""
                if then == "suspend":
                    svc.suspend(note, by_device=True)  # decision 131
                    return "suspendida"
                if then == "none":
                    return done + "sin más extracción"  # that ball completed a bingo
                svc.start_manual_extraction(note, by_device=True)
                return done + "extracción manual"
        raise AssertionError(outcome)  # the policy asks the table itself

    @staticmethod
    def _reads(ask: AskTable, sees: Callable[[int], int | None]) -> int | None:
        """The simulated jefe de mesa reads the physical ball: the same answer when asked again."""
        return sees(ask.draw_number)


def emulated_operator(session: EmulatedSession) -> Callable[[int], int | None]:
    """The simulated jefe de mesa: he reads the physical ball in the emulated tube."""
    machine, lock = session.hall.machine, session.hall.hub.lock

    def operator_sees(_draw: int) -> int | None:
        with lock:
            return machine.tube_number()

    return operator_sees


def emulated_draws(
    service: DeviceRecord,
    seed: int,
    faults: list[str],
    fast: bool = True,
    traffic_dir: str | None = None,
) -> tuple[DeviceDraws, Callable[[], None]]:
    """Start an emulated extractor and reader on pseudo-terminals and draw through them.

    ``fast`` shortens the machine's mixing, release and reading times (the protocol and its
    timeouts stay as they are); without it the emulators take as long as a real machine.
    ``traffic_dir`` keeps each line's bytes with their times (``drivers.traffic``).
    """
    from drivers.emulators.extractor import ExtractorModel
    from drivers.emulators.reader import ReaderModel
    from drivers.sessions import start_emulated_session

    models: dict[str, object] = {}
    if fast:
        models = {
            "extractor_model": ExtractorModel(mixing_time=0.05, release_time=0.02),
            "reader_model": ReaderModel(read_time=0.02, scan_time=0.001),
        }
    partida = service.hall.partida
    session: EmulatedSession = start_emulated_session(
        seed,
        scenario_for(faults, seed) or None,
        drawn=partida.balls if partida is not None else (),  # restarted mid-partida
        traffic_dir=traffic_dir,
        **models,  # type: ignore[arg-type]
    )

    service.use_emulated_devices(seed)  # its balls and counts say so (decision 520)

    def repair() -> None:
        for name in ("no_air", "stuck_tube_sensor", "reader_optics", "double_feed"):
            for device in session.hall.devices.values():
                with contextlib.suppress(KeyError, ValueError):
                    device.clear(name)

    return DeviceDraws(service, session.source, emulated_operator(session), repair), session.stop


def serial_draws(
    service: DeviceRecord, extractor_port: str, reader_port: str, baud: int = 19200
) -> tuple[DeviceDraws, Callable[[], None]]:
    """Draw through the hall's real extractor and reader on their serial lines.

    In an unattended run nobody reads a held ball or the ball in the tube when a device is
    lost: the run stops there (``BallNotRead``) rather than skip the ball or invent one.
    """
    from drivers.sessions import open_serial_devices

    source, stop = open_serial_devices(extractor_port, reader_port, baud=baud)
    return DeviceDraws(service, source, None), stop


Show = Callable[[int, int, int | None, frozenset[int]], None]


def board_frame(
    partida: int | None, balls: Sequence[int]
) -> tuple[int, int, int | None, frozenset[int]]:
    """What a hall board is sent for a partida, the hall's own or the centre's simultaneous
    one: its number, the count of extractions, the last ball and every ball drawn (R-PANEL-2).
    """
    return partida or 0, len(balls), balls[-1] if balls else None, frozenset(balls)


class BoardFeed:
    """The one source of what the hall boards show: the hall's own partida, or the centre's
    simultaneous partida while it holds the hall's screens (``takes_screens``, decisions 313
    and 343). Every committed event of the hall, and every state of the simultaneous partida
    the hall's copy reaches (``simultaneous``), pushes the whole state (idempotent on the
    board, R-PANEL-2). ``stop`` unsubscribes.
    """

    def __init__(self, service: HallService) -> None:
        from bingo.readmodel import panel_state

        self._service = service
        self._panel_state = panel_state
        self._lock = threading.Lock()  # the hall's writer and the link's loop both push
        self._shows: list[Show] = []
        self._own = panel_state(service.hall)
        self._simul: SimulPanel | None = None
        self.stop = service.subscribe(self._committed)

    def add(self, show: Show) -> None:
        """Feed one more board line, from now on (it gets the current state at once)."""
        with self._lock:
            self._shows.append(show)
        self._push()

    def simultaneous(self, panel: SimulPanel | None) -> bool:
        """The simultaneous partida as the hall's copy now holds it; whether it has the boards
        (and the voice) rather than the hall's own partida.
        """
        self._simul = panel
        return self._push()

    def _committed(self, _record: object, _event: object) -> None:
        self._own = self._panel_state(self._service.hall)  # on the writer: never half applied
        self._push()

    def _push(self) -> bool:
        from bingo.readmodel_simultaneous import takes_screens

        with self._lock:
            own, simul = self._own, self._simul
            game = own.game.status if own.game is not None else None
            shown = takes_screens(simul, own.door_closed, own.announcement_code, game)
            if shown and simul is not None:
                frame = board_frame(simul.partida, simul.balls)
            else:
                frame = board_frame(own.partida, own.balls)
            for show in self._shows:
                show(*frame)
            return shown


def feed_boards(service: HallService, show: Show) -> Callable[[], None]:
    """Keep the hall boards showing the partida in play: every committed event pushes the
    whole state (idempotent on the board, R-PANEL-2). Returns the unsubscriber.
    """
    feed = BoardFeed(service)
    feed.add(show)
    return feed.stop


def start_boards(
    service: HallService,
    kind: str,
    lines: Sequence[tuple[str, Sequence[int]]] = (),
    baud: int = 19200,
    feed: BoardFeed | None = None,
) -> Callable[[], None]:
    """Open the hall boards and keep them fed from the record; returns the stopper.

    ``kind`` is the hall's devices: ``serial`` opens the lines of ``[devices] boards`` (none
    named: no boards), ``emulated`` one emulated board on a pty. A board that is missing,
    unplugged or silent never stops the game: it is reported and catches up when it answers
    (R-PANEL-2). ``feed``: what they show (a joined hall's, which follows the simultaneous
    partida too); by default the hall's own partidas.
    """
    stoppers: list[Callable[[], None]] = []
    own_feed = feed is None
    feed = BoardFeed(service) if feed is None else feed
    try:
        if kind == "serial" and lines:
            from drivers.board import open_serial_boards

            boards = open_serial_boards(lines, baud=baud)
            stoppers.append(boards.close)
            feed.add(boards.show)
        elif kind == "emulated":
            from drivers.board import BoardLines, open_emulated_boards

            driver, stop = open_emulated_boards(1)
            stoppers.append(stop)
            feed.add(BoardLines([driver]).show)
    except Exception:  # the game goes on without boards; the reason is in the log
        log.exception("los paneles de la sala no arrancan")
    if own_feed:
        stoppers.append(feed.stop)  # stopped first: no state is sent to a line being closed

    def stop_all() -> None:
        for stop in reversed(stoppers):
            stop()

    return stop_all


def feed_voice(service: HallService, call: Callable[[int], None]) -> Callable[[], None]:
    """Call aloud every ball the record takes, and a corrected ball's number (the ball prevails,
    R-GAME-3), as it is committed (R-DEV-3). Returns the unsubscriber.
    """
    from bingo import events as ev

    def on_event(_record: object, event: object) -> None:
        if isinstance(event, ev.BallDrawn | ev.BallCorrected):
            call(event.number)

    return service.subscribe(on_event)


def start_voice(
    service: HallService, settings: VoiceOptions
) -> tuple[Voice | None, Callable[[], None]]:
    """The hall's voice of ``[voice]`` calling every committed ball (``feed_voice``), its calls
    rendered on its own thread; (None, no-op) when the hall has no voice. Returns the voice
    (whose ``pending`` the automatic extraction waits for, decision 720) and its stopper.
    """
    from drivers.voice import Voice

    voice = Voice(settings)
    if not voice.active:
        return None, lambda: None
    unsubscribe = feed_voice(service, voice.call)
    voice.prepare_later()

    def stop() -> None:
        unsubscribe()
        voice.close()

    return voice, stop
