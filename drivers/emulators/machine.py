"""The physical side the emulated extractor and reader share: the ball set, drum, tube and rack.

Ball ids are 4 bytes per ball, stable for a ball set (derived from its serial), as an RFID tag or
a printed code would be. ``released`` is the physical truth of the extraction order, what a
camera on the ball exit would have recorded: tests compare the hall's record with it.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Ball:
    number: int
    ball_id: bytes

    @property
    def id_hex(self) -> str:
        return self.ball_id.hex()


def ball_id(set_serial: str, number: int, copy: int = 0) -> bytes:
    tag = f"{set_serial}/{number}" + (f"/{copy}" if copy else "")
    return hashlib.sha256(tag.encode()).digest()[:4]


class BallMachine:
    def __init__(self, seed: int, *, set_serial: str = "BS-0001", balls: int = 90) -> None:
        self.rng = random.Random(seed)
        self.set_serial = set_serial
        self.set: list[Ball] = [Ball(n, ball_id(set_serial, n)) for n in range(1, balls + 1)]
        self.drum: list[Ball] = list(self.set)
        self.tube: list[Ball] = []
        self.rack: list[Ball] = []
        self.released: list[Ball] = []
        self.air = False
        self._arrival_listeners: list[Callable[[list[Ball]], None]] = []

    def on_arrival(self, listener: Callable[[list[Ball]], None]) -> None:
        """Called when balls drop into the tube (the reader's optics see them)."""
        self._arrival_listeners.append(listener)

    def tube_ball(self) -> Ball | None:
        return self.tube[-1] if self.tube else None

    def tube_number(self) -> int | None:
        ball = self.tube_ball()
        return ball.number if ball else None

    def clear_tube(self) -> None:
        """The ball in the tube goes to the rack of drawn balls."""
        self.rack += self.tube
        self.tube = []

    def release(self, count: int = 1) -> list[Ball]:
        out: list[Ball] = []
        for _ in range(min(count, len(self.drum))):
            ball = self.drum.pop(self.rng.randrange(len(self.drum)))
            out.append(ball)
        self.tube += out
        self.released += out
        if out:
            for listener in list(self._arrival_listeners):
                listener(out)
        return out

    def return_all(self) -> None:
        self.drum = list(self.set)
        self.tube = []
        self.rack = []
        self.released = []

    @property
    def released_numbers(self) -> list[int]:
        return [b.number for b in self.released]

    # --- ball set irregularities
    def remove_ball(self, number: int) -> None:
        """A ball missing from the set (lost, or taken away for damage)."""
        self.set = [b for b in self.set if b.number != number]
        self.drum = [b for b in self.drum if b.number != number]

    def duplicate_ball(self, number: int, instead_of: int) -> None:
        """A second ball printed ``number`` in place of ``instead_of``."""
        self.remove_ball(instead_of)
        extra = Ball(number, ball_id(self.set_serial, number, copy=1))
        self.set.append(extra)
        self.drum.append(extra)
