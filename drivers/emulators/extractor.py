"""Emulated pneumatic ball extractor: drum, air, release timing, tube sensor and its faults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from drivers.emulators.base import EmulatedDevice
from drivers.emulators.hub import EmulatorHub
from drivers.emulators.machine import BallMachine
from drivers.link import Ack, Nak, Outcome
from drivers.protocol import (
    ADDR_EXTRACTOR,
    BLOCKING_FAULTS,
    DeviceKind,
    EventKind,
    ExtractorFields,
    ExtractorState,
    Fault,
    FaultBit,
    Frame,
    MsgType,
    NakReason,
)


@dataclass(frozen=True, slots=True)
class ExtractorModel:
    """Timing of the machine, in seconds."""

    mixing_time: float = 3.0  # mixing before the first release when the air was off
    release_time: float = 0.8  # drum to tube
    release_timeout: float = 5.0  # a release that takes longer is a jam
    # A maker's extractor whose restart brings every ball back to the drum (homing): the host
    # must notice the drum count no longer matches the balls still to draw.
    restart_refills: bool = False
    # A maker's extractor that stops the air once a ball is out; AIR_ON before the next one.
    air_off_after_release: bool = False


class ExtractorEmulator(EmulatedDevice):
    KIND: ClassVar[DeviceKind] = DeviceKind.EXTRACTOR
    NAME: ClassVar[str] = "extractor"
    DEFAULT_ADDRESSES: ClassVar[tuple[int, ...]] = (ADDR_EXTRACTOR,)

    def __init__(
        self,
        hub: EmulatorHub,
        machine: BallMachine,
        *,
        model: ExtractorModel | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(hub, **kwargs)
        self.machine = machine
        self.model = model or ExtractorModel()
        self.mixing_time = self.model.mixing_time
        self.release_timeout = self.model.release_timeout
        self.releasing: int | None = None
        self.releases: list[int] = []  # draw numbers acted upon, in order
        self.no_air = False
        self.stuck_sensor = False
        self._jam_next = False
        self._double_next = False
        # an implementation of BHD/1 alone, which numbers its NAK reasons its own way: the
        # number of the active fault bit (a jam: 01) instead of our FAULT_ACTIVE (05)
        self.fault_bit_naks = False

    # --- state
    @property
    def sensor(self) -> bool:
        return self.stuck_sensor or bool(self.machine.tube)

    def state_of(self, address: int) -> int:
        if self.active[address] & BLOCKING_FAULTS:
            return ExtractorState.FAULT
        if self.releasing is not None:
            return ExtractorState.RELEASING
        if self.sensor:
            return ExtractorState.BALL_IN_TUBE
        return ExtractorState.MIXING if self.machine.air else ExtractorState.IDLE

    def fields(self, address: int) -> bytes:
        return ExtractorFields(self.machine.air, self.sensor, len(self.machine.drum)).to_bytes()

    def draw_of(self, frame: Frame) -> int | None:
        return frame.payload[0] if frame.type == MsgType.RELEASE and frame.payload else None

    # --- commands
    def command(self, frame: Frame) -> Outcome | None:
        t = frame.type
        if t == MsgType.AIR_ON:
            if self.no_air:
                self.raise_fault(FaultBit.NO_AIR)
                return self._fault_nak()
            self.machine.air = True
            return Ack()
        if t == MsgType.AIR_OFF:
            self.machine.air = False
            return Ack()
        if t == MsgType.RELEASE:
            return self._release(frame.payload[0])
        if t == MsgType.RETURN_ALL:
            if self.releasing is not None:
                return Nak(NakReason.WRONG_STATE)
            self.machine.return_all()
            self.clear_fault_bit(FaultBit.DOUBLE_FEED)
            self.clear_fault_bit(FaultBit.JAM)
            return Ack()
        if t == MsgType.CONFIG:
            self.mixing_time = frame.payload[0] / 10
            self.release_timeout = frame.payload[1] / 10
            return Ack()
        return Nak(NakReason.UNKNOWN_COMMAND)

    def _release(self, draw: int) -> Outcome:
        address = self.addresses[0]
        if draw == 0:
            return Nak(NakReason.BAD_VALUE)
        if self.host_silent:
            return Nak(NakReason.HOST_SILENT)
        if self.no_air:
            self.raise_fault(FaultBit.NO_AIR)
        if self.active[address] & BLOCKING_FAULTS:
            return self._fault_nak()
        if self.releasing is not None or not self.machine.drum:
            return Nak(NakReason.WRONG_STATE)
        self.machine.clear_tube()  # the previous ball goes to the rack
        if self.stuck_sensor:  # the tube still reads occupied: never drop a ball onto another
            self.raise_fault(FaultBit.TUBE_SENSOR)
            return self._fault_nak()
        delay = self.model.release_time
        if not self.machine.air:
            self.machine.air = True
            delay += self.mixing_time
        self.releasing = draw
        self.releases.append(draw)
        if self._jam_next:
            self._jam_next = False
            self.later(self.release_timeout, self._jammed)
        else:
            double, self._double_next = self._double_next, False
            self.later(delay, lambda: self._released(draw, double))
        return Ack()

    def _fault_nak(self) -> Nak:
        """The refusal while a blocking fault is active (docs/protocol.md: NAK 05)."""
        if not self.fault_bit_naks:
            return Nak(NakReason.FAULT_ACTIVE)
        active = int(self.active[self.addresses[0]] & BLOCKING_FAULTS)
        return Nak((active & -active).bit_length() - 1)  # the lowest active bit's number

    def _released(self, draw: int, double: bool) -> None:
        self.releasing = None
        self.machine.release(2 if double else 1)
        if self.model.air_off_after_release:
            self.machine.air = False
        self.push_event(EventKind.BALL_RELEASED, bytes((draw,)))
        if double:
            self.raise_fault(FaultBit.DOUBLE_FEED)

    def _jammed(self) -> None:
        self.releasing = None
        self.raise_fault(FaultBit.JAM)

    # --- faults
    def inject_device(self, fault: str, params: Mapping[str, Any]) -> None:
        if fault == "no_air":
            self.no_air = True
            self.machine.air = False
            self.raise_fault(FaultBit.NO_AIR)
            if "duration" in params:
                self.hub.call_later(float(params["duration"]), lambda: self.clear_device(fault, {}))
        elif fault == "jam":
            self._jam_next = True
        elif fault == "double_feed":
            self._double_next = True
        elif fault == "stuck_tube_sensor":
            self.stuck_sensor = True
        elif fault == "fault_bit_naks":
            self.fault_bit_naks = True
        else:
            super().inject_device(fault, params)

    def clear_device(self, fault: str, params: Mapping[str, Any]) -> None:
        if fault == "no_air":
            self.no_air = False
            self.clear_fault_bit(FaultBit.NO_AIR)
        elif fault == "stuck_tube_sensor":
            self.stuck_sensor = False
            self.clear_fault_bit(FaultBit.TUBE_SENSOR)
        elif fault == "jam":
            self.clear_fault_bit(FaultBit.JAM)
        elif fault == "double_feed":
            self.clear_fault_bit(FaultBit.DOUBLE_FEED)
        else:
            super().clear_device(fault, params)

    def on_power_off(self) -> None:
        self.releasing = None  # the ball in flight never left the drum
        self.machine.air = False

    def on_reset(self) -> None:
        address = self.addresses[0]
        self.releasing = None
        self.mixing_time = self.model.mixing_time
        self.release_timeout = self.model.release_timeout
        if self.no_air:
            self.active[address] |= Fault.NO_AIR
        if len(self.machine.tube) > 1:
            self.active[address] |= Fault.DOUBLE_FEED
        if self.model.restart_refills:
            self.machine.return_all()
