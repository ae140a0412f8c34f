"""What every emulated BHD/1 device shares: the device link, events, faults, timing, recording.

A device speaks the protocol through the same codec and link code as the drivers
(``DeviceLink``: reply cache, ``EventRing``), models the wire's timing at its baud rate (a reply
leaves after the request and the reply took their time on the line), and injects faults on the
line (``crc_error``, ``split``...) and in the device (subclasses). Everything it heard is kept in
``received`` for assertions. All state changes happen on the hub thread; control methods take the
hub's lock.
"""

from __future__ import annotations

import functools
import itertools
import logging
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from drivers.emulators.faults import FAULTS, ScheduledFault
from drivers.emulators.hub import EmulatorHub
from drivers.emulators.transport import Endpoint, PtyEndpoint, TcpEndpoint
from drivers.link import Ack, Busy, DeviceLink, EventRing, Nak, Outcome
from drivers.protocol import (
    COMMANDS,
    DeviceKind,
    EventKind,
    Fault,
    FaultBit,
    Frame,
    Identity,
    MsgType,
    NakReason,
    Status,
    encode_events,
)

log = logging.getLogger(__name__)

POLLS = (MsgType.STATUS, MsgType.EVENTS, MsgType.IDENTIFY)


@dataclass(frozen=True, slots=True)
class Received:
    at: float
    frame: Frame
    repeated: bool


@dataclass(frozen=True, slots=True)
class Pushed:
    """An event the device put in its ring (the benchmark times reads from here)."""

    at: float
    address: int
    counter: int
    kind: int
    data: bytes


class EmulatedDevice:
    KIND: ClassVar[DeviceKind]
    NAME: ClassVar[str]
    DEFAULT_ADDRESSES: ClassVar[tuple[int, ...]]

    def __init__(
        self,
        hub: EmulatorHub,
        *,
        addresses: Iterable[int] | None = None,
        seed: int = 0,
        baud: int = 19200,
        pace: bool = True,
        trickle: int = 0,
        silence_stop: float = 2.0,
        identity: Identity | None = None,
    ) -> None:
        self.hub = hub
        self.rng = random.Random(f"{self.NAME}:{seed}")
        self.addresses = tuple(addresses or self.DEFAULT_ADDRESSES)
        self.link = DeviceLink(
            self.addresses, self._handle, accepts_broadcast=self.KIND == DeviceKind.BOARD
        )
        self.rings = {a: EventRing() for a in self.addresses}
        self.active = dict.fromkeys(self.addresses, Fault.NONE)
        self.latched = dict.fromkeys(self.addresses, Fault.POWER_RESTORED)  # just powered on
        self.identity = identity or Identity(
            self.KIND, "Bingo Hall", f"EMU-{self.NAME.upper()}", f"{seed:08d}", "1.0", "EMULATED"
        )
        self.baud = baud
        self.pace = pace
        # Paced, a reply is written whole once its last byte is off the wire; with ``trickle``
        # it is written ``trickle`` bytes at a time as they leave, as a real UART's reach the
        # host (a frame still arriving when the host's timer fires).
        self.trickle = trickle
        self.silence_stop = silence_stop
        self.endpoint: Endpoint | None = None
        self.received: list[Received] = []
        self.pushed: list[Pushed] = []
        self.injected: list[tuple[float, str, dict[str, Any]]] = []
        self.scenario: list[ScheduledFault] = []
        self.powered = True
        self.cable_pulled = False
        self.host_silent = False
        self.host_silences = 0
        self._generation = 0
        self._rx_free = 0.0
        self._tx_free = 0.0
        # one-shot line faults
        self._missing = self._crc = self._truncated = self._repeated = 0
        self._split: list[tuple[int, float]] = []
        self._late: list[float] = []
        self._burst_until = 0.0
        self._burst: list[bytes] = []
        self._busy: list[int | None] = []
        self._naks: list[tuple[int, int | None]] = []
        self._expire_timer: Any = None
        hub.call_later(0.1, self._check_silence)

    # ------------------------------------------------------------------ serving
    def serve_pty(self) -> str:
        self.endpoint = PtyEndpoint(self.hub, self._on_bytes)
        assert self.endpoint.url is not None
        return self.endpoint.url

    def serve_tcp(self, port: int = 0) -> str:
        self.endpoint = TcpEndpoint(self.hub, self._on_bytes, port)
        assert self.endpoint.url is not None
        return self.endpoint.url

    @property
    def url(self) -> str | None:
        """The pty path or ``socket://`` URL the host opens (None while unplugged)."""
        with self.hub.lock:
            return self.endpoint.url if self.endpoint is not None else None

    def _now(self) -> float:
        return self.hub.clock()

    def _wire(self, nbytes: int) -> float:
        return nbytes * 10 / self.baud if self.pace else 0.0

    def later(self, delay: float, fn: Callable[[], None]) -> Any:
        """Run ``fn`` after ``delay`` unless the device lost power meanwhile."""
        generation = self._generation

        def run() -> None:
            if generation == self._generation and self.powered:
                fn()

        return self.hub.call_later(delay, run)

    # ------------------------------------------------------------------ bytes in
    def _on_bytes(self, data: bytes) -> None:
        if not self.powered or self.cable_pulled:
            return
        if not self.pace:
            self._feed(data)
            return
        now = self._now()
        self._rx_free = max(now, self._rx_free) + self._wire(len(data))
        generation = self._generation
        self.hub.call_at(self._rx_free, lambda: self._feed_if(generation, data))

    def _feed_if(self, generation: int, data: bytes) -> None:
        if generation == self._generation and self.powered and not self.cable_pulled:
            self._feed(data)

    def _feed(self, data: bytes) -> None:
        now = self._now()
        for exchange in self.link.feed(data, now):
            self._record(exchange.frame, exchange.repeated, exchange.reply)
        if self.link.decoder.pending:
            if self._expire_timer is not None:
                self._expire_timer.cancel()
            self._expire_timer = self.later(0.03 + self._wire(210), self._expire)

    def _expire(self) -> None:
        self._expire_timer = None
        while self.link.decoder.pending:
            for exchange in self.link.expire(self._now()):
                self._record(exchange.frame, exchange.repeated, exchange.reply)

    def _record(self, frame: Frame, repeated: bool, reply: bytes | None) -> None:
        self.received.append(Received(self._now(), frame, repeated))
        if reply is not None:
            self._send_reply(reply)

    # ------------------------------------------------------------------ bytes out
    def _send_reply(self, reply: bytes) -> None:
        if self._missing:
            self._missing -= 1
            return
        data = reply
        if self._crc:
            self._crc -= 1
            data = data[:-1] + bytes((data[-1] ^ 0x5A,))
        if self._truncated:
            self._truncated -= 1
            data = data[: self.rng.randrange(1, len(data))]
        delay = self._late.pop(0) if self._late else 0.0
        copies = 1
        if self._repeated:
            self._repeated -= 1
            copies = 2
        pieces: list[tuple[bytes, float]] = [(data, 0.0)]
        if self._split:
            count, gap = self._split.pop(0)
            cuts = sorted(self.rng.sample(range(1, len(data)), min(count - 1, len(data) - 1)))
            bounds = [0, *cuts, len(data)]
            pieces = [(data[a:b], gap) for a, b in itertools.pairwise(bounds)]
        for _ in range(copies):
            for chunk, gap in pieces:
                self._emit(chunk, delay)
                delay += gap

    def _emit(self, data: bytes, delay: float = 0.0) -> None:
        now = self._now()
        start = max(now + delay, self._tx_free)
        self._tx_free = start + self._wire(len(data))
        step = self.trickle if self.trickle > 0 and self.pace else len(data) or 1
        for offset in range(0, len(data), step):
            chunk = data[offset : offset + step]
            self._emit_at(start + self._wire(offset + len(chunk)), chunk, now)

    def _emit_at(self, at: float, data: bytes, now: float) -> None:
        generation = self._generation

        def write() -> None:
            if generation != self._generation or not self.powered or self.cable_pulled:
                return
            if self._burst_until > self._now():
                self._burst.append(data)
            elif self.endpoint is not None:
                self.endpoint.write(data)

        if at <= now:
            write()
        else:
            self.hub.call_at(at, write)

    def _end_burst(self) -> None:
        burst, self._burst = b"".join(self._burst), []
        self._burst_until = 0.0
        if burst and self.endpoint is not None and self.powered:
            self.endpoint.write(burst)

    # ------------------------------------------------------------------ the protocol
    def _handle(self, frame: Frame) -> Outcome | None:
        self._trigger_scenario(frame)
        if not self.powered:
            return None  # the scenario just cut the power: this frame was never heard
        for i, wanted in enumerate(self._busy):
            if _matches(wanted, frame.type):
                del self._busy[i]
                return Busy()
        for i, (reason, wanted) in enumerate(self._naks):
            if _matches(wanted, frame.type):
                del self._naks[i]
                return Nak(reason)
        address = frame.address
        if frame.type == MsgType.STATUS:
            return self._status_reply(address) if not frame.payload else Nak(NakReason.BAD_LENGTH)
        if frame.type == MsgType.EVENTS:
            if len(frame.payload) != 1:
                return Nak(NakReason.BAD_LENGTH)
            ring = self.rings[address]
            events, lost = ring.after(frame.payload[0])
            if lost and ring.total:
                self.latched[address] |= Fault.EVENTS_LOST
            return Ack(encode_events(events))
        if frame.type == MsgType.IDENTIFY:
            return Ack(self.identity.to_payload())
        spec = COMMANDS.get(frame.type)
        if spec is None or self.KIND not in spec.kinds:
            return Nak(NakReason.UNKNOWN_COMMAND)
        if len(frame.payload) != spec.request_size:
            return Nak(NakReason.BAD_LENGTH)
        return self.command(frame)

    def _status_reply(self, address: int) -> Ack:
        faults = self.active[address] | self.latched[address]
        if self.host_silent:
            faults |= Fault.HOST_SILENT
        status = Status(
            self.state_of(address), faults, self.rings[address].counter, self.fields(address)
        )
        self.latched[address] = Fault.NONE
        self.host_silent = False  # polled again
        return Ack(status.to_payload())

    def state_of(self, address: int) -> int:
        raise NotImplementedError

    def fields(self, address: int) -> bytes:
        raise NotImplementedError

    def command(self, frame: Frame) -> Outcome | None:
        raise NotImplementedError

    def draw_of(self, frame: Frame) -> int | None:
        """The draw number a command belongs to (scenario triggers)."""
        return None

    # ------------------------------------------------------------------ events and faults
    def push_event(self, kind: int, data: bytes, address: int | None = None) -> int:
        address = self.addresses[0] if address is None else address
        counter = self.rings[address].push(kind, data)
        self.pushed.append(Pushed(self._now(), address, counter, kind, data))
        return counter

    def raise_fault(self, bit: FaultBit, address: int | None = None) -> None:
        address = self.addresses[0] if address is None else address
        flag = Fault(1 << bit)
        if not self.active[address] & flag:
            self.active[address] |= flag
            self.push_event(EventKind.FAULT_RAISED, bytes((bit,)), address)

    def clear_fault_bit(self, bit: FaultBit, address: int | None = None) -> None:
        address = self.addresses[0] if address is None else address
        flag = Fault(1 << bit)
        if self.active[address] & flag:
            self.active[address] &= ~flag
            self.push_event(EventKind.FAULT_CLEARED, bytes((bit,)), address)

    def _check_silence(self) -> None:
        now = self._now()
        last = self.link.last_valid_at
        if (
            self.powered
            and last is not None
            and not self.host_silent
            and now - last > self.silence_stop
        ):
            self.host_silent = True
            self.host_silences += 1
            self.on_host_silent()
        self.hub.call_later(0.1, self._check_silence)

    def on_host_silent(self) -> None:
        """The host has been silent for ``silence_stop``: stop what must stop."""

    def on_power_off(self) -> None:
        """Power is gone: in-flight actions stop."""

    def on_reset(self) -> None:
        """Power is back: RAM state is gone, physical state stays."""

    # ------------------------------------------------------------------ control API
    def inject(self, fault: str, **params: Any) -> None:
        """Inject a fault now (see ``drivers.emulators.faults.FAULTS``)."""
        if fault not in FAULTS:
            raise ValueError(f"unknown fault {fault!r}")
        with self.hub.lock:
            self.injected.append((self._now(), fault, dict(params)))
            log.info("%s: injecting %s %s", self.NAME, fault, params)
            if FAULTS[fault].family == "line":
                self._inject_line(fault, params)
            else:
                self.inject_device(fault, params)
        self.hub.wake()

    def clear(self, fault: str, **params: Any) -> None:
        """End a lasting fault (no air, stuck sensor, optics...)."""
        with self.hub.lock:
            self.clear_device(fault, params)
        self.hub.wake()

    def load_scenario(self, faults: Iterable[ScheduledFault]) -> None:
        with self.hub.lock:
            self.scenario += list(faults)

    def _trigger_scenario(self, frame: Frame) -> None:
        if not self.scenario:
            return
        draw = self.draw_of(frame)
        if draw is None:
            return
        due = [f for f in self.scenario if f.at_draw == draw]
        for scheduled in due:
            self.scenario.remove(scheduled)
            params = dict(scheduled.params)
            after = float(params.pop("after", 0.0))
            if after > 0:
                self.hub.call_later(
                    after, functools.partial(self.inject, scheduled.fault, **params)
                )
            else:
                self.inject(scheduled.fault, **params)

    def _inject_line(self, fault: str, p: Mapping[str, Any]) -> None:
        count = int(p.get("count", 1))
        if fault == "disconnect":
            self.disconnect(float(p.get("duration", 1.0)), str(p.get("mode", "unplug")))
        elif fault == "power_cycle":
            self.power_cycle(float(p.get("duration", 0.5)))
        elif fault == "garbage":
            length = int(p.get("length", 32))
            self._emit(bytes(self.rng.randrange(256) for _ in range(length)))
        elif fault == "crc_error":
            self._crc += count
        elif fault == "truncated":
            self._truncated += count
        elif fault == "split":
            self._split += [(int(p.get("pieces", 3)), float(p.get("gap", 0.005)))] * count
        elif fault == "silence_burst":
            duration = float(p.get("duration", 0.4))
            self._burst_until = self._now() + duration
            self.hub.call_later(duration, self._end_burst)
        elif fault == "missing_reply":
            self._missing += count
        elif fault == "late_reply":
            self._late += [float(p.get("delay", 0.15))] * count
        elif fault == "repeated_frame":
            self._repeated += count
        elif fault == "busy":
            self._busy += [_command_filter(p.get("command"))] * count
        elif fault == "nak":
            reason = int(NakReason[str(p.get("reason", "FAULT_ACTIVE")).upper()])
            self._naks += [(reason, _command_filter(p.get("command")))] * count

    def inject_device(self, fault: str, params: Mapping[str, Any]) -> None:
        raise ValueError(f"{self.NAME} cannot inject {fault!r}")

    def clear_device(self, fault: str, params: Mapping[str, Any]) -> None:
        raise ValueError(f"{self.NAME} has no lasting fault {fault!r}")

    def disconnect(self, duration: float, mode: str = "unplug") -> None:
        """Unplug the port (the host's reads fail) or pull the cable (silence) for a while."""
        with self.hub.lock:
            if mode == "cable" or self.endpoint is None:
                self.cable_pulled = True

                def reconnect() -> None:
                    self.cable_pulled = False

            else:
                endpoint = self.endpoint
                endpoint.unplug()
                reconnect = endpoint.plug
            self.hub.call_later(duration, reconnect)

    def power_cycle(self, off_for: float = 0.5) -> None:
        with self.hub.lock:
            self.powered = False
            self._generation += 1
            self._burst, self._burst_until = [], 0.0
            self.on_power_off()
            self.hub.call_later(off_for, self._power_on)

    def _power_on(self) -> None:
        self.powered = True
        self._generation += 1
        self.link.reset()
        self.host_silent = False
        self._rx_free = self._tx_free = 0.0
        for address in self.addresses:
            self.rings[address].reset()
            self.active[address] = Fault.NONE
            self.latched[address] = Fault.POWER_RESTORED
        self.on_reset()

    # ------------------------------------------------------------------ assertions
    def commands(self, type_: int | None = None, *, repeats: bool = False) -> list[Frame]:
        """Frames heard (repeats of the same SEQ left out unless asked for)."""
        with self.hub.lock:
            return [
                r.frame
                for r in self.received
                if (type_ is None or r.frame.type == type_) and (repeats or not r.repeated)
            ]


ANY = -1  # a BUSY/NAK fault that also hits STATUS, EVENTS and IDENTIFY


def _matches(wanted: int | None, type_: int) -> bool:
    if wanted is None:
        return type_ not in POLLS
    return wanted in (ANY, type_)


def _command_filter(value: Any) -> int | None:
    if value is None:
        return None
    if value == "any":
        return ANY
    if isinstance(value, int):
        return value
    return int(MsgType[str(value).upper()])
