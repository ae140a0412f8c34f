"""A ball source over an in-memory drum: a real implementation of ``bingo.drawing.BallSource``.

Balls leave the drum in a seeded order and stay in the tube until the next draw. A fault planned
for a draw number changes what the devices say about that draw, as the hall's devices would:

* ``hold``: the reader cannot read the ball (held: the jefe de mesa reads it);
* ``lost_tube``: the extractor is lost just after the release, the ball is in the tube;
* ``lost_maybe``: the extractor is lost, whether the ball came out is unknown (it did not);
* ``lost_before``: the extractor is lost before releasing anything;
* ``repeat``: the devices vouch for a ball already drawn (a second ball with its number);
* ``double_feed``: two balls came out at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bingo.drawing import BallHeld, BallRead, BallSetIrregular, DeviceLost, DuplicateBall

BALLS = range(1, 91)


class DrumBallSource:
    def __init__(self, seed: int, faults: dict[int, str] | None = None) -> None:
        self.rng = random.Random(seed)
        self.faults = dict(faults or {})
        self.drum = list(BALLS)
        self.tube: int | None = None
        self.returned = 0
        self._drawn: frozenset[int] = frozenset()
        self._out: dict[int, int] = {}  # draw number -> the ball out, waiting for its reading

    def return_all(self) -> None:
        self.returned += 1
        self.drum, self.tube, self._out = list(BALLS), None, {}

    def draw(
        self,
        draw_number: int,
        drawn: frozenset[int],
        operator_sees: Callable[[int], int | None] | None = None,
    ) -> BallRead | BallHeld:
        self._drawn = drawn
        fault = self.faults.pop(draw_number, "")
        pending = tuple(n for n in BALLS if n not in drawn)
        if fault == "lost_before":
            raise DeviceLost("extractor", "offline", draw_number=draw_number, pending=pending)
        if fault == "lost_maybe":
            raise DeviceLost(
                "extractor",
                "release_unconfirmed",
                draw_number=draw_number,
                ball_in_tube=None,
                pending=pending,
            )
        if fault == "double_feed":
            raise BallSetIrregular("double_feed", draw_number=draw_number)
        ball = self.rng.choice([b for b in self.drum if b not in drawn])
        self.drum.remove(ball)
        self.tube = ball
        if fault == "repeat":
            return BallRead(draw_number, min(drawn), f"{min(drawn):08x}", 99, "rfid")
        if fault == "hold":
            self._out[draw_number] = ball
            return BallHeld(draw_number, "unreadable", None)
        if fault == "lost_tube":
            self._out[draw_number] = ball
            raise DeviceLost(
                "extractor", "offline", draw_number=draw_number, ball_in_tube=True, pending=pending
            )
        if operator_sees is not None:
            seen = operator_sees(draw_number)
            if seen is not None and seen != ball:
                self._out[draw_number] = ball
                return BallHeld(draw_number, "operator_mismatch", ball, {"seen": seen})
        return BallRead(draw_number, ball, f"{ball:08x}", 99, "rfid")

    def _resolve(self, draw_number: int, number: int) -> BallRead:
        if number not in BALLS:
            raise ValueError(f"ball {number} outside 1..90")
        if number in self._drawn:
            raise DuplicateBall(number)
        if self._out.pop(draw_number, None) is None:
            raise ValueError(f"no ball waits for draw {draw_number}")
        return BallRead(draw_number, number, "", 100, "operator")

    def resolve_hold(self, held: BallHeld, operator_number: int) -> BallRead:
        return self._resolve(held.draw_number, operator_number)

    def resolve_lost(self, lost: DeviceLost, operator_number: int) -> BallRead:
        assert lost.draw_number is not None
        return self._resolve(lost.draw_number, operator_number)

    def scan_set(self) -> list[int]:
        return sorted(self.drum) if len(self.drum) == 90 else list(BALLS)
