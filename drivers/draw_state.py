"""The state of one draw of ``drivers.ballsource.DeviceBallSource``, and its timing.

Apart from the source so that the source is the draw's logic only; nothing here talks to a
device.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bingo.drawing import HoldReason
from drivers.protocol import BLOCKING_FAULTS, BallReadEvent, Fault, FaultBit, ReadMethod

_METHODS: Mapping[int, str] = {
    ReadMethod.OCR: "ocr",
    ReadMethod.RFID: "rfid",
    ReadMethod.BARCODE: "barcode",
}


@dataclass(frozen=True, slots=True)
class DrawTiming:
    release_timeout: float = 8.0  # RELEASE acknowledged -> BALL_RELEASED (device jams at 5 s)
    read_timeout: float = 3.0  # ball released -> reading, per attempt
    confirm_timeout: float = 1.0  # reading arrived -> release confirmation
    # A device offline longer than this, mid-draw or between balls, is lost (decision 65).
    reconnect_grace: float = 5.0
    mixing_time: float = 3.0  # CONFIG: mixing before a release when the air was off
    # CONFIG: a release taking longer is a jam; None: 5/8 of release_timeout (5 s of 8), so the
    # extractor reports the jam before the host gives up on the ball.
    jam_timeout: float | None = None
    # After a reading the reader's STATUS says whether it is done (idle, nothing newer); when it
    # cannot say, this long for a second (duplicate) reading to show.
    settle: float = 0.05
    recheck: float = 0.02  # asking again while the reader says it is still reading
    min_confidence: int = 80
    rereads: int = 1
    scan_timeout: float = 60.0


# The protocol's fault bits, as the codes a lost device gives (words: ``actas.words``).
_FAULT_REASONS: Mapping[FaultBit, str] = {
    FaultBit.NO_AIR: "no_air",
    FaultBit.JAM: "jam",
    FaultBit.TUBE_SENSOR: "tube_sensor",
    FaultBit.DOOR_OPEN: "door_open",
    FaultBit.READER_OPTICS: "reader_optics",
}


# Faults that stop a device from taking part: the extractor's blocking ones, the reader's optics.
_STOPPING = BLOCKING_FAULTS | Fault.READER_OPTICS


def _fault_reason(faults: Fault) -> str:
    for bit, reason in _FAULT_REASONS.items():
        if faults & (1 << bit):
            return reason
    return "device_fault"


@dataclass
class _Draw:
    number: int
    drawn: frozenset[int]
    released: bool = False
    reads: list[BallReadEvent] = field(default_factory=list)
    foreign: list[BallReadEvent] = field(default_factory=list)
    failures: int = 0
    rereads_left: int = 0
    offline: dict[str, float] = field(default_factory=dict)
    release_deadline: float = 0.0
    release_sent: float | None = None  # a reading heard before this cannot be of this ball
    incident: tuple[HoldReason, str] | None = None  # what makes the draw held, and its detail
    checked: bool = False  # the reader was asked whether its reading is final
    read_deadline: float | None = None
    settle_until: float | None = None
    recheck_at: float | None = None
    confirm_until: float | None = None
