"""What emulated devices give is labelled so in the record: a ball's source and a count's method
are ``emulated`` (never "extractor" or "reader"), and the seed the devices were started with is
recorded with the first of them of each session after each start (``DevicesEmulated``), so no
export, acta or panel of such a session can pass for a real night (decision 520).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bingo import events as ev

if TYPE_CHECKING:
    from bingo.hall import Hall

__all__ = ["DEVICE_LABELS", "EmulatedDevices"]

#: What the devices' own balls and counts are called in the record: a ball's source, a count's
#: method. Typed balls (the jefe de mesa's reading, manual extraction) keep their own labels.
DEVICE_LABELS = ("extractor", "reader")


@dataclass
class EmulatedDevices:
    """The emulated devices feeding a hall's service, started with ``seed`` (None: the
    service's devices are not emulated, and nothing is labelled).
    """

    seed: int | None = None
    # per session, how many starts' seeds its record held when this start first drew in it
    seen: dict[str, int] = field(default_factory=dict)

    def label(
        self, given: str, session_id: str | None, recorded: Mapping[str, Sequence[int]]
    ) -> tuple[str, list[ev.Event]]:
        """The label of a ball's source or a count's method ``given`` in ``session_id``, and the
        event to commit before it: this start's seed, unless the session's record (``recorded``,
        the hall's ``emulated``) already has it. Nothing is remembered of a refused commit.
        """
        if self.seed is None or given not in DEVICE_LABELS or session_id is None:
            return given, []
        seeds = len(recorded.get(session_id, ()))
        if seeds > self.seen.setdefault(session_id, seeds):
            return ev.EMULATED, []
        return ev.EMULATED, [ev.DevicesEmulated(session_id=session_id, seed=self.seed)]

    def ball(self, source: str, hall: Hall) -> tuple[str, list[ev.Event]]:
        """``label`` for a ball of the partida in play of ``hall``."""
        partida = hall.partida
        return self.label(source, partida.session_id if partida else None, hall.emulated)
