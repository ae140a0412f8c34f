"""Balls from the extractor and reader into the hall's record, with the incidents they bring.

This sits at the edge between the engine and the drivers (it is not part of the pure domain):
a ball the devices vouch for is recorded as drawn; a ball they hold is read by the jefe de mesa,
whose reading prevails and is recorded with the hold (R-GAME-3); a device lost before the first
ball suspends the partida (R-INC-1), after it the partida goes on by manual extraction of the
pending balls (R-INC-2); an irregular ball set annuls the partida (R-INC-3). No ball is ever
skipped or invented: the record only takes what a device or the jefe de mesa vouched for.
"""

from __future__ import annotations

import contextlib
import logging
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from bingo.service import HallService

if TYPE_CHECKING:
    from drivers.ballsource import DeviceBallSource, EmulatedSession

log = logging.getLogger(__name__)

# What the command line's --fault names do to the emulated devices: (fault, parameters).
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
    "disconnect": {"duration": 0.5},
    "power_cycle": {"duration": 0.5},
    "garbage": {"length": 40},
    "crc_error": {"count": 2},
    "busy": {"count": 2},
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


class DeviceDraws:
    """Draw the next ball of the partida in play from the devices, and record what happened."""

    def __init__(
        self,
        service: HallService,
        source: DeviceBallSource,
        operator_sees: Callable[[int], int | None],
        repair: Callable[[], None] = lambda: None,
    ) -> None:
        self.service = service
        self.source = source
        self.operator_sees = operator_sees  # what the jefe de mesa reads on the ball in the tube
        self.repair = repair  # the technician's visit between partidas
        self._partida: tuple[str, int] | None = None

    def scan(self) -> list[int]:
        """The reader's count of the whole set (R-BALL-2)."""
        return self.source.scan_set()

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
            self.repair()
            if not partida.balls:
                self.source.return_all()  # every ball back in the drum for a new partida
        if partida.manual_from_ball is not None:
            number = svc.draw_manual()
            return f"bola {number} (manual)"
        index = len(partida.balls) + 1
        try:
            result = self.source.draw(index, frozenset(partida.balls), self.operator_sees)
        except DeviceLost as exc:
            if partida.balls:
                svc.start_manual_extraction(f"{exc.device}: {exc}")
                return "extracción manual"
            svc.suspend(f"{exc.device}: {exc}")
            return "suspendida"
        except BallSetIrregular as exc:
            svc.annul("ball_irregularity", str(exc))
            return "anulada"
        if isinstance(result, BallHeld):
            seen = self.operator_sees(index)
            if seen is None:
                svc.start_manual_extraction(f"lector: {result.message}; bola no visible")
                return "extracción manual"
            try:
                read = self.source.resolve_hold(result, seen)
            except BallSetIrregular as exc:
                svc.annul("ball_irregularity", str(exc))
                return "anulada"
            note = f"extracción {index}: {result.message} La bola es el {read.number}."
            svc.draw_operator_ball(read.number, read.ball_id, note)
            return f"bola {read.number} (leída por el jefe de mesa)"
        svc.draw_ball(result.number, "extractor", result.ball_id)
        return f"bola {result.number}"


def emulated_draws(
    service: HallService, seed: int, faults: list[str], fast: bool = True
) -> tuple[DeviceDraws, Callable[[], None]]:
    """Start an emulated extractor and reader on pseudo-terminals and draw through them.

    ``fast`` shortens the machine's mixing, release and reading times (the protocol and its
    timeouts stay as they are); without it the emulators take as long as a real machine.
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
    session: EmulatedSession = start_emulated_session(
        seed,
        scenario_for(faults, seed) or None,
        **models,  # type: ignore[arg-type]
    )
    machine = session.hall.machine
    partida = service.hall.partida
    if partida is not None and partida.balls:
        # Restarted mid-partida: the balls already drawn are out of the drum, in the rack.
        drawn = set(partida.balls)
        machine.drum = [b for b in machine.drum if b.number not in drawn]

    def operator_sees(_draw: int) -> int | None:
        return machine.tube_number()

    def repair() -> None:
        for name in ("no_air", "stuck_tube_sensor", "reader_optics"):
            for device in session.hall.devices.values():
                with contextlib.suppress(KeyError, ValueError):
                    device.clear(name)

    return DeviceDraws(service, session.source, operator_sees, repair), session.stop


def serial_draws(
    service: HallService, extractor_port: str, reader_port: str, baud: int = 19200
) -> tuple[DeviceDraws, Callable[[], None]]:
    """Draw through the hall's real extractor and reader on their serial lines.

    The jefe de mesa's reading of a held ball comes from ``operator_sees``; in an unattended run
    there is nobody to read it, so a held ball moves the partida to manual extraction.
    """
    from drivers.ballsource import open_serial_devices

    source, stop = open_serial_devices(extractor_port, reader_port, baud=baud)
    return DeviceDraws(service, source, lambda _draw: None), stop


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
