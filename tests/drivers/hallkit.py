"""Emulated devices on real ptys, real drivers, and what the hall sees: a test kit.

Timings are shortened through configuration (never by sleeping seconds): the emulated machine
releases in 30 ms and reads in 20 ms; the link keeps BHD/1's 100 ms repeats but polls every
100 ms and reconnects after 50, 100, 200, 400 ms.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from drivers.ballsource import BallHeld, BallRead, DrawTiming
from drivers.device import Notice
from drivers.emulators import ExtractorModel, ReaderModel
from drivers.link import LinkTiming
from drivers.sessions import EmulatedSession, start_emulated_session

LINK = LinkTiming(poll_interval=0.1, reconnect_delays=(0.05, 0.1, 0.2, 0.4))
DRAW = DrawTiming(
    release_timeout=1.0,
    read_timeout=0.4,
    confirm_timeout=0.5,
    reconnect_grace=1.5,
    settle=0.03,
    scan_timeout=20.0,
)
SHORT_GRACE = replace(DRAW, reconnect_grace=0.6)
EXTRACTOR = ExtractorModel(mixing_time=0.0, release_time=0.03, release_timeout=0.5)
READER = ReaderModel(read_time=0.02, scan_time=0.001)


class Hall:
    """The engine's side of the ball source, reduced to what tests need to watch."""

    def __init__(self, session: EmulatedSession) -> None:
        self.session = session
        self.source = session.source
        self.machine = session.hall.machine
        self.extractor = session.hall.extractor
        self.reader = session.hall.reader
        self.drawn: list[int] = []
        self.holds: list[BallHeld] = []
        self.notices: list[Notice] = []
        self._lock = threading.Lock()
        for driver in (session.extractor, session.reader):
            driver.add_listener(self._hear)

    def _hear(self, notice: Notice) -> None:
        with self._lock:
            self.notices.append(notice)

    # --- what the jefe de mesa sees on the camera
    def tube(self, draw_number: int = 0) -> int | None:
        with self.session.hall.hub.lock:
            return self.machine.tube_number()

    def draw(self, *, operator: bool = True) -> BallRead | BallHeld:
        number = len(self.drawn) + 1
        result = self.source.draw(number, frozenset(self.drawn), self.tube if operator else None)
        if isinstance(result, BallRead):
            self.drawn.append(result.number)
        else:
            self.holds.append(result)
        return result

    def resolve(self, held: BallHeld) -> BallRead:
        number = self.tube()
        assert number is not None, "nothing in the tube to read"
        result = self.source.resolve_hold(held, number)
        self.drawn.append(result.number)
        return result

    def play(self, draws: int) -> list[BallRead]:
        out = []
        for _ in range(draws):
            result = self.draw()
            out.append(self.resolve(result) if isinstance(result, BallHeld) else result)
        self.assert_faithful()
        return out

    def assert_faithful(self) -> None:
        """No ball lost or invented: the record is exactly what left the drum, in order."""
        with self.session.hall.hub.lock:
            released = self.machine.released_numbers
        assert self.drawn == released, (self.drawn, released)

    # --- what the hall heard
    def saw(self, kind: type, device: str | None = None) -> list[Any]:
        with self._lock:
            return [
                n.event
                for n in self.notices
                if isinstance(n.event, kind) and (device is None or n.device == device)
            ]

    def wait_until(self, condition: Callable[[], bool], timeout: float = 5.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if condition():
                return True
            time.sleep(0.01)
        return condition()

    def close(self) -> None:
        self.session.stop()


def open_hall(
    seed: int = 1,
    scenario: Iterable[Mapping[str, Any]] | None = None,
    **overrides: Any,
) -> Hall:
    options: dict[str, Any] = {
        "link_timing": LINK,
        "draw_timing": DRAW,
        "extractor_model": EXTRACTOR,
        "reader_model": READER,
    }
    options.update(overrides)
    return Hall(start_emulated_session(seed, scenario, **options))
