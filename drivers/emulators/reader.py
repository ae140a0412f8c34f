"""Emulated automatic ball reader: optics on the tube, reading time and accuracy, set scans.

Reader faults injected on demand apply to the next draw the reader is armed for (or the draw it
is armed for now); from a scenario, to the draw named. A fault bound to a draw affects every
reading of it (the first and the rereads) unless ``times`` limits it, as a dirty or damaged ball
would.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from drivers.emulators.base import EmulatedDevice
from drivers.emulators.hub import EmulatorHub
from drivers.emulators.machine import Ball, BallMachine
from drivers.link import Ack, Nak, Outcome
from drivers.protocol import (
    ADDR_READER,
    BallReadEvent,
    DeviceKind,
    EventKind,
    FaultBit,
    Frame,
    MsgType,
    NakReason,
    ReaderFields,
    ReaderState,
    ReadFailure,
    ReadMethod,
    decode_events,
)

DRAW_FAULTS = frozenset(
    {
        "released_not_read",
        "duplicate_read",
        "out_of_range",
        "misread",
        "unreadable",
        "stale_read",
        "low_confidence",
        "wrong_draw",
        "early_read",
    }
)


@dataclass(frozen=True, slots=True)
class ReaderModel:
    read_time: float = 0.4  # ball in the tube to reading
    read_jitter: float = 0.0  # plus up to this much, uniformly (seeded)
    confidence_min: int = 90
    confidence_max: int = 100
    method: ReadMethod = ReadMethod.OCR
    misread_rate: float = 0.0  # chance of reading another number (digits swapped)
    unreadable_rate: float = 0.0
    scan_time: float = 0.05  # per ball in a set scan
    # Pause a scan while 8 events wait for the host (this project's decision); a reader without
    # that flow control pushes one event per ``scan_time`` whatever the host has fetched.
    scan_waits_for_host: bool = True
    auto_feed: bool = False  # standalone reader: feed itself a ball from its own drum on ARM
    feed_time: float = 1.0


def misread_of(number: int) -> int:
    """A plausible optical misreading: digits swapped (69 -> 96), else the next ten."""
    swapped = int(str(number)[::-1]) if number >= 10 else number
    if swapped != number and 1 <= swapped <= 90:
        return swapped
    return number + 10 if number + 10 <= 90 else number - 10


class ReaderEmulator(EmulatedDevice):
    KIND: ClassVar[DeviceKind] = DeviceKind.READER
    NAME: ClassVar[str] = "reader"
    DEFAULT_ADDRESSES: ClassVar[tuple[int, ...]] = (ADDR_READER,)

    def __init__(
        self,
        hub: EmulatorHub,
        machine: BallMachine,
        *,
        model: ReaderModel | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(hub, **kwargs)
        self.machine = machine
        self.model = model or ReaderModel()
        self.armed: int | None = None
        self.reading = 0
        self.scanning = False
        self.last_confidence = 0
        self.optics = False
        self.reads: list[tuple[int, int]] = []  # (draw number, number reported)
        self._next_faults: dict[str, dict[str, Any]] = {}
        self._draw_faults: dict[int, dict[str, dict[str, Any]]] = {}
        self._replies: deque[bytes] = deque(maxlen=512)  # EVENTS replies that carried events
        self._replay: dict[str, Any] | None = None
        machine.on_arrival(self._on_arrival)

    # --- an old EVENTS reply answered again (a stale cache, a bridge's late copy)
    def _handle(self, frame: Frame) -> Outcome | None:
        if frame.type == MsgType.EVENTS and self._replay is not None and self.powered:
            old = self._old_reply(self._replay.get("draw"))
            if old is not None:
                self._replay = None
                return Ack(old)
        outcome = super()._handle(frame)
        if (
            frame.type == MsgType.EVENTS
            and isinstance(outcome, Ack)
            and outcome.payload[:1] > b"\0"
        ):
            self._replies.append(outcome.payload)
        return outcome

    def _old_reply(self, draw: Any) -> bytes | None:
        for payload in reversed(self._replies):
            if draw is None or any(
                isinstance(e, BallReadEvent) and e.draw_number == int(draw)
                for e in decode_events(payload)
            ):
                return payload
        return None

    # --- state
    def state_of(self, address: int) -> int:
        if self.optics:
            return ReaderState.FAULT
        if self.scanning or self.reading:
            return ReaderState.READING
        return ReaderState.ARMED if self.armed is not None else ReaderState.IDLE

    def fields(self, address: int) -> bytes:
        return ReaderFields(self.last_confidence).to_bytes()

    def draw_of(self, frame: Frame) -> int | None:
        return frame.payload[0] if frame.type == MsgType.ARM and frame.payload else None

    # --- commands
    def command(self, frame: Frame) -> Outcome | None:
        t = frame.type
        if t in (MsgType.ARM, MsgType.REREAD, MsgType.SCAN_SET) and self.optics:
            return Nak(NakReason.FAULT_ACTIVE)
        if t in (MsgType.ARM, MsgType.REREAD) and frame.payload[0] == 0:
            return Nak(NakReason.BAD_VALUE)
        if t in (MsgType.ARM, MsgType.REREAD) and self.scanning:
            return Nak(NakReason.WRONG_STATE)
        if t == MsgType.ARM:
            draw = frame.payload[0]
            self.armed = draw
            if self._next_faults:
                self._draw_faults.setdefault(draw, {}).update(self._next_faults)
                self._next_faults = {}
            if self.model.auto_feed:
                self.later(self.model.feed_time, self._self_feed)
            if (p := self._draw_faults.get(draw, {}).pop("early_read", None)) is not None:
                self.later(0.0, lambda: self._read_early(draw, p))
            return Ack()
        if t == MsgType.DISARM:
            self.armed = None
            return Ack()
        if t == MsgType.REREAD:
            draw = frame.payload[0]
            self.reading += 1
            self.later(self.model.read_time, lambda: self._read(draw, reread=True))
            return Ack()
        if t == MsgType.SCAN_SET:
            if self.scanning:
                return Nak(NakReason.WRONG_STATE)
            self._start_scan()
            return Ack()
        return Nak(NakReason.UNKNOWN_COMMAND)

    def _read_early(self, draw: int, params: Mapping[str, Any]) -> None:
        """Report a reading as soon as armed (a ghost), then disarm: it read once."""
        if self.armed != draw or not self.machine.drum:
            return
        self.armed = None
        ball = self.machine.drum[int(params.get("index", 0)) % len(self.machine.drum)]
        self._report(draw, int(params.get("number", ball.number)), 95, ball.ball_id)

    def _self_feed(self) -> None:
        if not self.machine.drum:
            self.machine.return_all()
        self.machine.clear_tube()
        self.machine.release(1)

    def _on_arrival(self, balls: list[Ball]) -> None:
        if self.armed is None or not self.powered:
            return
        draw = self.armed
        faults = self._draw_faults.get(draw, {})
        if "released_not_read" in faults:
            return  # the optics never noticed the ball
        self.reading += 1
        delay = self.model.read_time + self.rng.uniform(0.0, self.model.read_jitter)
        self.later(delay, lambda: self._read(draw, reread=False))

    def _take(self, faults: dict[str, dict[str, Any]], name: str) -> dict[str, Any] | None:
        """A draw fault's parameters if it still applies to this reading."""
        params = faults.get(name)
        if params is None:
            return None
        times = params.get("times")
        if times is not None:
            if int(times) <= 0:
                return None
            params["times"] = int(times) - 1
        return params

    def _read(self, draw: int, *, reread: bool) -> None:
        self.reading = max(0, self.reading - 1)
        if self.armed == draw:
            self.armed = None
        faults = self._draw_faults.get(draw, {})
        deaf = faults.get("released_not_read")
        if deaf is not None and reread:
            left = int(deaf.get("rereads", 99))
            if left > 0:
                deaf["rereads"] = left - 1
                return
        ball = self.machine.tube_ball()
        if ball is None:
            self.push_event(EventKind.READ_FAILED, bytes((draw, ReadFailure.NO_BALL)))
            return
        if self._take(faults, "unreadable") is not None or (
            self.rng.random() < self.model.unreadable_rate
        ):
            self.push_event(EventKind.READ_FAILED, bytes((draw, ReadFailure.UNREADABLE)))
            return
        number, ball_id = ball.number, ball.ball_id
        confidence = self.rng.randint(self.model.confidence_min, self.model.confidence_max)
        reported_draw = draw
        if (p := self._take(faults, "stale_read")) is not None and self.machine.rack:
            previous = self.machine.rack[-1]
            number, ball_id = previous.number, previous.ball_id
        if (p := self._take(faults, "misread")) is not None:
            number = int(p.get("number", misread_of(ball.number)))
        elif self.rng.random() < self.model.misread_rate:
            number = misread_of(number)
        if (p := self._take(faults, "out_of_range")) is not None:
            number = int(p.get("number", 91))
        if (p := self._take(faults, "low_confidence")) is not None:
            confidence = int(p.get("confidence", 40))
        if (p := self._take(faults, "wrong_draw")) is not None:
            reported_draw = int(p.get("draw", max(1, draw - 1))) & 0xFF
        self._report(reported_draw, number, confidence, ball_id)
        if (p := faults.pop("duplicate_read", None)) is not None:
            if p.get("conflicting"):
                number = int(p.get("number", misread_of(number)))
            gap = float(p.get("gap", 0.0))
            if gap <= 0:
                self._report(reported_draw, number, confidence, ball_id)
                return
            # A second look at the ball (OCR, then the tag): still reading until it reports.
            self.reading += 1

            def again(n: int = number) -> None:
                self.reading = max(0, self.reading - 1)
                self._report(reported_draw, n, confidence, ball_id)

            self.later(gap, again)

    def _report(self, draw: int, number: int, confidence: int, ball_id: bytes) -> None:
        self.last_confidence = confidence
        self.reads.append((draw, number))
        data = bytes((draw, number & 0xFF, confidence, self.model.method)) + ball_id
        self.push_event(EventKind.BALL_READ, data)

    # --- set scan, paced so that no event is overwritten before the host fetched it
    def _start_scan(self) -> None:
        self.scanning = True
        order = list(self.machine.set)
        self.rng.shuffle(order)
        self.later(self.model.scan_time, lambda: self._scan_step(order, 0))

    def _scan_step(self, order: list[Ball], done: int) -> None:
        ring = self.rings[self.addresses[0]]
        if self.model.scan_waits_for_host and ring.unacknowledged >= ring.size:
            self.later(self.model.scan_time, lambda: self._scan_step(order, done))
            return
        if done == len(order):
            self.scanning = False
            self.push_event(EventKind.SCAN_DONE, bytes((len(order),)))
            return
        ball = order[done]
        self.push_event(EventKind.BALL_SCANNED, bytes((ball.number,)) + ball.ball_id)
        self.later(self.model.scan_time, lambda: self._scan_step(order, done + 1))

    # --- faults
    def inject_device(self, fault: str, params: Mapping[str, Any]) -> None:
        if fault in DRAW_FAULTS:
            target = params.get("for_draw", self.armed)
            if target is not None:
                self._draw_faults.setdefault(int(target), {})[fault] = dict(params)
            else:
                self._next_faults[fault] = dict(params)
        elif fault == "replay_events":
            self._replay = dict(params)
        elif fault == "reader_optics":
            self.optics = True
            self.raise_fault(FaultBit.READER_OPTICS)
        elif fault == "missing_ball":
            self.machine.remove_ball(int(params.get("number", 1)))
        elif fault == "duplicate_ball":
            self.machine.duplicate_ball(
                int(params.get("number", 1)), int(params.get("instead_of", 2))
            )
        else:
            super().inject_device(fault, params)

    def clear_device(self, fault: str, params: Mapping[str, Any]) -> None:
        if fault == "reader_optics":
            self.optics = False
            self.clear_fault_bit(FaultBit.READER_OPTICS)
        else:
            super().clear_device(fault, params)

    def on_power_off(self) -> None:
        self.armed = None
        self.reading = 0
        self.scanning = False

    def on_reset(self) -> None:
        self.last_confidence = 0
