"""The centre's extractor and reader: a hall's devices and draw policy over the centre's record.

The centre of a simultaneous partida draws as a hall does (decision 290; R-MULTI-2): its balls
come from the homologated extractor and the automatic reader on their serial lines (or their
emulators), through the same drivers (``drivers.ballsource``) and the same draw policy
(``bingo.drawing.DrawPolicy`` with ``app.devices.DeviceDraws``): a reading the devices cannot
vouch for is read by the jefe de mesa, a device lost mid-partida sends the extraction to manual
(R-INC-2) or suspends it before its first ball (R-INC-1), an irregularity of the balls stops it
(R-INC-3). ``CentreDrawRecord`` is what the policy writes into: the centre's record, whose
every commit, and nothing else, goes to the halls.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bingo import simultaneous as sim
from bingo.errors import DuplicateBall
from bingo.hall import Status
from bingo.hall.extraction import tube_ball_is_new

if TYPE_CHECKING:
    from app.centre.record import CentreRecord
    from app.devices import DeviceDraws

__all__ = ["CentreDrawRecord", "CentrePartida", "open_centre_devices"]

#: Who annuls where nobody is at the table (never at the centre, whose draws are attended).
SYSTEM = "sistema"


@dataclass(frozen=True, slots=True)
class CentrePartida:
    """The simultaneous partida as the draw policy reads a partida (``DrawnPartida``)."""

    session_id: str
    number: int
    balls: tuple[int, ...]
    status: Status
    manual_from_ball: int | None
    irregular: bool


class CentreDrawRecord:
    """``app.devices.DeviceRecord`` over the centre's record: the policy's balls and incidents
    become the centre's records (``simul.ball`` with its ``source``, ``simul.incident``).
    """

    def __init__(self, record: CentreRecord) -> None:
        self.record = record
        self.emulated_seed: int | None = None  # the seed of emulated devices (decision 520)

    def use_emulated_devices(self, seed: int) -> None:
        self.emulated_seed = seed

    @property
    def count_method(self) -> str:
        """How the devices' count is recorded: an emulated reader's says so (decision 520)."""
        return "reader" if self.emulated_seed is None else sim.EMULATED

    # --- what the policy reads ------------------------------------------------------------

    @property
    def hall(self) -> CentreDrawRecord:
        return self

    @property
    def partida(self) -> CentrePartida | None:
        """The partida being drawn or just ended; None while nothing is in play."""
        state = self.record.state
        if state.status not in (sim.DRAWING, sim.FINISHED):
            return None
        status = Status.EXTRACTION
        if state.status == sim.FINISHED:
            status = Status.ANNULLED if state.annulled else Status.CLOSED
        elif state.suspended:
            status = Status.SUSPENDED
        return CentrePartida(
            state.serie_id,
            state.partida,
            tuple(state.balls),
            status,
            state.manual_from_ball,
            state.irregular,
        )

    def ball_in_tube_is_new(self, seen: int | None, known_out: bool | None) -> bool:
        return tube_ball_is_new(self.record.state.balls, seen, known_out)

    # --- what the policy writes -----------------------------------------------------------

    def _out(self, number: int) -> None:
        """The policy's one "already drawn": ``DuplicateBall`` (R-INC-3)."""
        balls = self.record.state.balls
        if number in balls:
            raise DuplicateBall(number, balls.index(number) + 1)

    def draw_ball(self, number: int, source: str = "extractor", ball_id: str = "") -> object:
        self._out(number)
        if source == "extractor" and self.emulated_seed is not None:
            source = sim.EMULATED  # the centre's partida never passes for a real one
        return self.record.ball(number, source, ball_id)

    def draw_operator_ball(
        self, number: int, ball_id: str, hold_note: str, incident: str = "reader_hold"
    ) -> object:
        """The jefe de mesa's reading and the incident that asked for it, in one record."""
        self._out(number)
        return self.record.ball(number, "operator", ball_id, hold_note, incident)

    def draw_manual(self) -> int:
        """The manual draw among the pending balls, from the cryptographic source (R-INC-2)."""
        drawn = set(self.record.state.balls)
        number = secrets.choice([n for n in range(1, 91) if n not in drawn])
        self.record.ball(number, "manual")
        return number

    def stop_for_ball_irregularity(self, note: str, duplicated: Sequence[int] = ()) -> None:
        self.record.incident(sim.STOPPED, note, duplicated)

    def suspend(self, note: str, *, by_device: bool = False) -> None:
        self.record.incident(sim.SUSPENDED, note)

    def start_manual_extraction(self, note: str, *, by_device: bool = False) -> None:
        self.record.incident(sim.MANUAL, note)

    def stop_and_annul_for_ball_irregularity(
        self, note: str, duplicated: Sequence[int] = ()
    ) -> None:
        if not self.record.state.irregular:
            self.stop_for_ball_irregularity(note, duplicated)
        self.record.annul(note, SYSTEM)


def open_centre_devices(
    record: CentreRecord,
    kind: str,
    ports: tuple[str, str] | None = None,
    baud: int = 19200,
    seed: int = 7,
    traffic_dir: str | None = None,
) -> tuple[DeviceDraws, Callable[[], None]]:
    """The centre's extractor and reader (``kind`` ``emulated`` or ``serial`` on ``ports``),
    started as a hall server starts its own (``app.server.main.open_host``).
    """
    from app.devices import emulated_draws, serial_draws

    target = CentreDrawRecord(record)
    if kind == "emulated":
        draws, stop = emulated_draws(target, seed, [], fast=True, traffic_dir=traffic_dir)
    else:
        assert ports is not None
        draws, stop = serial_draws(target, ports[0], ports[1], baud)
    # as at a hall's server: people at the centre's table, the annulment is the jefe de sala's
    draws.unattended = False
    return draws, stop
