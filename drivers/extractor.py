"""Pneumatic ball extractor driver (BHD/1 address 0x01).

Commands block until the extractor acknowledges them; what happens afterwards (the ball reaching
the tube, a jam, no air) arrives as typed events through ``add_listener``. A refused command
raises the NAK's typed exception (``FaultActive``, ``WrongState``...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from drivers.device import DeviceDriver
from drivers.protocol import (
    ADDR_EXTRACTOR,
    DeviceKind,
    ExtractorFields,
    ExtractorState,
    Fault,
    MsgType,
    Status,
)


@dataclass(frozen=True, slots=True)
class ExtractorStatus:
    state: ExtractorState
    faults: Fault
    counter: int
    air: bool
    ball_in_tube: bool
    balls_in_drum: int

    @classmethod
    def from_status(cls, status: Status) -> ExtractorStatus:
        fields = ExtractorFields.from_bytes(status.fields)
        state = (
            ExtractorState(status.state)
            if status.state in ExtractorState._value2member_map_
            else ExtractorState.FAULT
        )
        return cls(
            state,
            status.faults,
            status.counter,
            fields.air,
            fields.ball_in_tube,
            fields.balls_in_drum,
        )


def _tenths(seconds: float, name: str) -> int:
    value = round(seconds * 10)
    if not 0 <= value <= 255:
        raise ValueError(f"{name} {seconds} s does not fit 0..25.5 s")
    return value


class ExtractorDriver(DeviceDriver):
    KIND: ClassVar[DeviceKind] = DeviceKind.EXTRACTOR
    DEFAULT_ADDRESSES: ClassVar[tuple[int, ...]] = (ADDR_EXTRACTOR,)
    DEFAULT_NAME: ClassVar[str] = "extractor"

    def _check_fields(self, status: Status) -> None:
        ExtractorFields.from_bytes(status.fields)

    def status(self) -> ExtractorStatus:
        return ExtractorStatus.from_status(self.status_raw())

    def air_on(self) -> None:
        self._command(MsgType.AIR_ON)

    def air_off(self) -> None:
        self._command(MsgType.AIR_OFF)

    def release(self, draw_number: int) -> None:
        """Release one ball for that extraction; BALL_RELEASED (or a fault) follows as an event."""
        if not 1 <= draw_number <= 255:
            raise ValueError(f"draw number {draw_number} (1..255)")
        self._command(MsgType.RELEASE, bytes((draw_number,)))

    def return_all(self) -> None:
        self._command(MsgType.RETURN_ALL)

    def configure(self, mixing_time: float, release_timeout: float) -> None:
        """Mixing time before a release with the air off, and how long a release may take."""
        payload = bytes(
            (_tenths(mixing_time, "mixing time"), _tenths(release_timeout, "release timeout"))
        )
        self._command(MsgType.CONFIG, payload)
