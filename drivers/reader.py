"""Automatic ball reader driver (BHD/1 address 0x02).

``arm`` the reader for a draw number before the extractor releases the ball; the reading comes
back as a ``BallReadEvent`` (or ``ReadFailedEvent``). ``scan_set`` reads every ball of the set
for the session's ball check and blocks until SCAN_DONE.
"""

from __future__ import annotations

import queue
import time
from dataclasses import dataclass
from typing import ClassVar

from drivers.device import DeviceDriver, EventsLost, Notice
from drivers.protocol import (
    ADDR_READER,
    BallScannedEvent,
    DeviceKind,
    Fault,
    MsgType,
    ProtocolError,
    ReaderFields,
    ReaderState,
    ScanDoneEvent,
    Status,
)


@dataclass(frozen=True, slots=True)
class ReaderStatus:
    state: ReaderState
    faults: Fault
    counter: int
    last_confidence: int

    @classmethod
    def from_status(cls, status: Status) -> ReaderStatus:
        fields = ReaderFields.from_bytes(status.fields)
        state = (
            ReaderState(status.state)
            if status.state in ReaderState._value2member_map_
            else ReaderState.FAULT
        )
        return cls(state, status.faults, status.counter, fields.last_confidence)


@dataclass(frozen=True, slots=True)
class ScanResult:
    """Balls seen by a set scan, in the order read, and the count the reader reported."""

    balls: tuple[tuple[int, bytes], ...]
    reported: int
    complete: bool  # no event lost and SCAN_DONE's count matches what arrived

    @property
    def numbers(self) -> list[int]:
        return [n for n, _ in self.balls]


class ScanTimeout(ProtocolError):
    """SCAN_SET did not finish in time."""


def _draw(draw_number: int) -> bytes:
    if not 1 <= draw_number <= 255:
        raise ValueError(f"draw number {draw_number} (1..255)")
    return bytes((draw_number,))


class ReaderDriver(DeviceDriver):
    KIND: ClassVar[DeviceKind] = DeviceKind.READER
    DEFAULT_ADDRESSES: ClassVar[tuple[int, ...]] = (ADDR_READER,)
    DEFAULT_NAME: ClassVar[str] = "reader"

    def _check_fields(self, status: Status) -> None:
        ReaderFields.from_bytes(status.fields)

    def status(self) -> ReaderStatus:
        return ReaderStatus.from_status(self.status_raw())

    def arm(self, draw_number: int) -> None:
        self._command(MsgType.ARM, _draw(draw_number))

    def disarm(self) -> None:
        self._command(MsgType.DISARM)

    def reread(self, draw_number: int) -> None:
        self._command(MsgType.REREAD, _draw(draw_number))

    def start_scan(self) -> None:
        self._command(MsgType.SCAN_SET)

    def scan_set(self, timeout: float = 60.0) -> ScanResult:
        """Read every ball of the set; blocks until SCAN_DONE (or raises ScanTimeout)."""
        inbox: queue.Queue[Notice] = queue.Queue()
        remove = self.add_listener(inbox.put)
        balls: list[tuple[int, bytes]] = []
        lost = False
        try:
            with self.expecting(self.timing.scan_poll_interval):
                self.start_scan()
                deadline = time.monotonic() + timeout
                while True:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise ScanTimeout(f"{self.name}: set scan unfinished after {timeout} s")
                    try:
                        notice = inbox.get(timeout=left)
                    except queue.Empty:
                        continue
                    event = notice.event
                    if isinstance(event, BallScannedEvent):
                        balls.append((event.number, event.ball_id))
                    elif isinstance(event, EventsLost):
                        lost = True
                    elif isinstance(event, ScanDoneEvent):
                        complete = not lost and event.count == len(balls)
                        return ScanResult(tuple(balls), event.count, complete)
        finally:
            remove()
