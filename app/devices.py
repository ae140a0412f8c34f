"""Balls from the extractor and reader into the hall's record, with the incidents they bring.

This sits at the edge between the engine and the drivers (it is not part of the pure domain):
a ball the devices vouch for is recorded as drawn; a ball they hold is read by the jefe de mesa,
whose reading prevails and is recorded with the hold (R-GAME-3); when a device is lost, a ball
already out of the drum is read by the jefe de mesa and recorded first, then the partida goes on
by manual extraction of the pending balls (R-INC-2), or is suspended if no ball has come out yet
(R-INC-1); an irregular ball set annuls the partida (R-INC-3). No ball is ever skipped or
invented: the record only takes what a device or the jefe de mesa vouched for, and where nobody
can read a ball that is out, the run stops (``BallNotRead``).
"""

from __future__ import annotations

import contextlib
import logging
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from bingo.hall import DomainError, DuplicateBall, PartidaState, Status
from bingo.service import HallService
from drivers.incidents import hold_note, tube_note

if TYPE_CHECKING:
    from drivers.ballsource import DeviceBallSource, DeviceLost, EmulatedSession

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


class BallNotRead(DomainError):
    """A ball left the drum and nobody at the table can read it: the partida stays held.

    Going on would skip it or invent one: the manual extraction may use only the balls still in
    the drum (R-INC-2), and which one is out is known only by reading it (R-GAME-3).
    """


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
        service: HallService,
        source: DeviceBallSource,
        operator_sees: Callable[[int], int | None] | None,
        repair: Callable[[], None] = lambda: None,
    ) -> None:
        self.service = service
        self.source = source
        self.operator_sees = operator_sees
        self.repair = repair  # the technician's visit between partidas
        self._partida: tuple[str, int] | None = None
        self._returned = False  # the balls are back in the drum for the partida in play

    def scan(self) -> list[int]:
        """The reader's count of the whole set (R-BALL-2).

        A reader away at the count gets the reconnection grace once (decision 65); still away,
        the run stops with the reason instead of counting the set without it.
        """
        from drivers.ballsource import DeviceLost

        try:
            return self.source.scan_set()
        except DeviceLost as exc:
            if not self.source.wait_for_devices():
                raise SetNotCounted(
                    f"{exc.message} El recuento de bolas no se ha hecho: vuelva a intentarlo "
                    "cuando el lector responda",
                    "R-BALL-2",
                ) from exc
        try:
            return self.source.scan_set()
        except DeviceLost as exc:
            raise SetNotCounted(
                f"{exc.message} El recuento de bolas no se ha hecho", "R-BALL-2"
            ) from exc

    def draw_next(self) -> str:
        """Draw one ball (or handle what prevents it); returns what was done, for the log."""
        from drivers.ballsource import BallHeld, BallSetIrregular, DeviceLost

        svc = self.service
        partida = svc.hall.partida
        if partida is None:
            raise RuntimeError("no partida in play")
        key = (partida.session_id, partida.number)
        if key != self._partida:
            self._partida = key
            self._returned = bool(partida.balls)  # restarted mid-partida: the drum is as it is
            self.repair()
        if partida.manual_from_ball is not None:
            number = svc.draw_manual()
            return f"bola {number} (manual)"
        if not self._returned:
            try:
                self.source.return_all()  # every ball back in the drum for a new partida
            except DeviceLost as exc:
                # No ball out yet: suspended (R-INC-1); the next draw tries again.
                return self._device_lost(exc, partida)
            self._returned = True
        index = len(partida.balls) + 1
        try:
            result = self.source.draw(index, frozenset(partida.balls), self.operator_sees)
        except DeviceLost as exc:
            return self._device_lost(exc, partida)
        except BallSetIrregular as exc:
            return self._irregular(str(exc), exc.duplicated)
        if isinstance(result, BallHeld):
            seen = self.operator_sees(index) if self.operator_sees is not None else None
            if seen is None:
                raise BallNotRead(
                    f"extracción {index}: {result.message} Nadie en la mesa puede leer la bola; "
                    "la partida queda detenida hasta que el jefe de mesa la lea en la consola",
                    "R-GAME-3",
                )
            try:
                read = self.source.resolve_hold(result, seen)
            except BallSetIrregular as exc:
                return self._irregular(str(exc), exc.duplicated)
            try:
                svc.draw_operator_ball(read.number, read.ball_id, hold_note(result, read.number))
            except DuplicateBall as dup:
                return self._irregular(hold_note(result, read.number), (dup.number,))
            return f"bola {read.number} (leída por el jefe de mesa)"
        try:
            svc.draw_ball(result.number, "extractor", result.ball_id)
        except DuplicateBall as dup:  # the devices vouched for a ball already out
            return self._irregular(f"extracción {index}: bola duplicada.", (dup.number,))
        return f"bola {result.number}"

    def _irregular(self, note: str, duplicated: tuple[int, ...] = ()) -> str:
        """R-INC-3, the same rule as the console's: the partida stops with the incident
        recorded, then (nobody at the table to read the paragraph, R-INC-5) it is annulled.
        """
        self.service.stop_and_annul_for_ball_irregularity(note, duplicated)
        return "anulada"

    def _device_lost(self, exc: DeviceLost, partida: PartidaState) -> str:
        """A ball already out of the drum is read and recorded first (Cantabria II.1.b párr. 2:
        the manual extraction uses only the balls still pending); then manual extraction, or
        the suspension when no ball has come out yet (R-INC-1, R-INC-2).
        """
        svc = self.service
        index = len(partida.balls) + 1
        done = ""
        if exc.ball_in_tube is not False:
            if self.operator_sees is None:
                raise BallNotRead(
                    f"extracción {index}: {exc.message} Nadie en la mesa puede leer la bola "
                    "del tubo; la partida queda detenida hasta que el jefe de mesa la lea en "
                    "la consola",
                    "R-INC-2",
                )
            seen = self.operator_sees(index)
            try:
                new = svc.hall.ball_in_tube_is_new(seen, exc.ball_in_tube)
            except DuplicateBall as dup:
                return self._irregular(tube_note(exc, dup.number), (dup.number,))
            if new and seen is not None:
                read = self.source.resolve_lost(exc, seen)
                svc.draw_operator_ball(
                    read.number, read.ball_id, tube_note(exc, read.number), "ball_in_tube"
                )
                done = f"bola {read.number} (leída por el jefe de mesa), "
        # ``partida`` is the hall's state of the partida in play: the ball just read is in it.
        if not partida.balls:
            svc.suspend(f"{exc.device}: {exc}", by_device=True)  # decision 131
            return "suspendida"
        if partida.status not in (Status.EXTRACTION, Status.CLAIM_CHECK):
            return done + "sin más extracción"  # that ball completed a bingo: none needed
        svc.start_manual_extraction(f"{exc.device}: {exc}", by_device=True)
        return done + "extracción manual"


def emulated_operator(session: EmulatedSession) -> Callable[[int], int | None]:
    """The simulated jefe de mesa: he reads the physical ball in the emulated tube."""
    machine, lock = session.hall.machine, session.hall.hub.lock

    def operator_sees(_draw: int) -> int | None:
        with lock:
            return machine.tube_number()

    return operator_sees


def emulated_draws(
    service: HallService,
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
    from drivers.ballsource import start_emulated_session
    from drivers.emulators.extractor import ExtractorModel
    from drivers.emulators.reader import ReaderModel

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

    def repair() -> None:
        for name in ("no_air", "stuck_tube_sensor", "reader_optics", "double_feed"):
            for device in session.hall.devices.values():
                with contextlib.suppress(KeyError, ValueError):
                    device.clear(name)

    return DeviceDraws(service, session.source, emulated_operator(session), repair), session.stop


def serial_draws(
    service: HallService, extractor_port: str, reader_port: str, baud: int = 19200
) -> tuple[DeviceDraws, Callable[[], None]]:
    """Draw through the hall's real extractor and reader on their serial lines.

    In an unattended run nobody reads a held ball or the ball in the tube when a device is
    lost: the run stops there (``BallNotRead``) rather than skip the ball or invent one.
    """
    from drivers.ballsource import open_serial_devices

    source, stop = open_serial_devices(extractor_port, reader_port, baud=baud)
    return DeviceDraws(service, source, None), stop


def feed_boards(
    service: HallService, show: Callable[[int, int, int | None, frozenset[int]], None]
) -> Callable[[], None]:
    """Keep the hall boards showing the partida in play: every committed event pushes the
    whole state (idempotent on the board, R-PANEL-2). Returns the unsubscriber.
    """
    from bingo.readmodel import panel_state

    def push(_record: object, _event: object) -> None:
        state = panel_state(service.hall)
        show(state.partida or 0, state.extractions, state.last_ball, frozenset(state.balls))

    push(None, None)
    return service.subscribe(push)


def start_boards(
    service: HallService,
    kind: str,
    lines: Sequence[tuple[str, Sequence[int]]] = (),
    baud: int = 19200,
) -> Callable[[], None]:
    """Open the hall boards and keep them fed from the record; returns the stopper.

    ``kind`` is the hall's devices: ``serial`` opens the lines of ``[devices] boards`` (none
    named: no boards), ``emulated`` one emulated board on a pty. A board that is missing,
    unplugged or silent never stops the game: it is reported and catches up when it answers
    (R-PANEL-2).
    """
    stoppers: list[Callable[[], None]] = []
    try:
        if kind == "serial" and lines:
            from drivers.board import open_serial_boards

            boards = open_serial_boards(lines, baud=baud)
            stoppers.append(boards.close)
            stoppers.append(feed_boards(service, boards.show))
        elif kind == "emulated":
            from drivers.board import BoardLines, open_emulated_boards

            driver, stop = open_emulated_boards(1)
            stoppers.append(stop)
            stoppers.append(feed_boards(service, BoardLines([driver]).show))
    except Exception:  # the game goes on without boards; the reason is in the log
        log.exception("los paneles de la sala no arrancan")

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
