"""BHD/1 link layer: the host's side (SEQ, repeats, BUSY, event tracking) and the device's side.

The host side (``HostLink``) needs a ``write`` callable and is fed the bytes read by the port's
one reader thread; callers block in ``request`` until the reply with their SEQ comes back. It
repeats an unanswered frame with the same SEQ after ``repeat_interval`` (at most ``max_repeats``
times), retries a BUSY answer with the same SEQ, ignores stray and duplicate replies, and turns a
NAK into its typed exception. ``EventTracker`` follows the device's event counter (gaps, resets).

The device side is sans-I/O: ``DeviceLink.feed`` takes bytes and returns what to send back,
answering a repeated SEQ from its reply cache without acting twice; ``EventRing`` is the ring of 8
events with the 8-bit counter that goes 1..255 and wraps to 1 (0 = just reset).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from drivers.protocol import (
    ACK_BIT,
    ADDR_BROADCAST,
    EVENT_RING_SIZE,
    Decoder,
    DeviceEvent,
    Fault,
    Frame,
    MsgType,
    ProtocolError,
    Status,
    check_reply,
    encode_frame,
    next_counter,
    type_name,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class LinkTiming:
    """Every time constant of the link, in seconds (BHD/1 values by default)."""

    repeat_interval: float = 0.100
    max_repeats: int = 3
    # A reply still arriving when ``repeat_interval`` is up is waited for, the timer counting
    # from its last byte, for at most the time of a whole frame at 9600 baud (207 bytes) more:
    # at 9600 baud a reply over ~90 bytes, at 19200 one near the 200-byte limit, is still on
    # the wire after 100 ms.
    frame_time: float = 0.216
    busy_interval: float = 0.050
    max_busy: int = 20
    poll_interval: float = 0.250
    missed_polls: int = 3
    reconnect_delays: tuple[float, ...] = (0.1, 0.25, 0.5, 1.0)
    read_timeout: float = 0.25  # the reader thread's wait on a quiet line
    # While a ball is expected: one EVENTS poll every ``fast_poll_interval`` (start to start),
    # at once again after a reply carrying a burst of events (a set scan).
    fast_poll_interval: float = 0.020
    # ... backed off while nothing comes: each empty poll stretches the interval by
    # ``idle_backoff``, up to ``idle_poll_interval``; a command sent to the device, an event
    # taken in or ``hurry`` brings it back to ``fast_poll_interval`` (a waiting line costs a
    # third of the requests, and a ball is heard at most that much later).
    idle_poll_interval: float = 0.060
    idle_backoff: float = 1.5
    scan_poll_interval: float = 0.005  # during a set scan (91 events through a ring of 8)
    burst_events: int = 2
    fast_status_interval: float = 1.0  # STATUS while polling EVENTS fast

    def with_(self, **changes: float | int | tuple[float, ...]) -> LinkTiming:
        return replace(self, **changes)  # type: ignore[arg-type]


class LinkDown(ProtocolError):
    """The line is closed or lost: the frame was not sent."""


class NoReply(ProtocolError):
    """No reply after the repeats: the device may or may not have acted."""


class DeviceBusy(ProtocolError):
    """The device kept answering BUSY: it did not act."""


@dataclass(slots=True)
class LinkStats:
    requests: int = 0
    repeats: int = 0
    busy: int = 0
    no_reply: int = 0
    stray: int = 0
    broadcasts: int = 0


class Backoff:
    """Growing delays between reconnection attempts; ``reset`` after a success."""

    def __init__(self, delays: Sequence[float]) -> None:
        if not delays:
            raise ValueError("at least one delay")
        self._delays = tuple(delays)
        self._i = 0

    def next(self) -> float:
        delay = self._delays[min(self._i, len(self._delays) - 1)]
        self._i += 1
        return delay

    def reset(self) -> None:
        self._i = 0


class FairLock:
    """A lock handed over in arrival order.

    The supervisor polls often while a ball is expected; with a plain lock it could take the
    line again before the engine's RELEASE got a turn.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._busy = False
        self._waiters: deque[threading.Event] = deque()

    def acquire(self) -> None:
        with self._lock:
            if not self._busy:
                self._busy = True
                return
            turn = threading.Event()
            self._waiters.append(turn)
        turn.wait()

    def release(self) -> None:
        with self._lock:
            if self._waiters:
                self._waiters.popleft().set()  # ownership passes straight to the next in line
            else:
                self._busy = False

    def __enter__(self) -> FairLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


class HostLink:
    """The master's end of one serial line (one outstanding request at a time)."""

    def __init__(
        self,
        write: Callable[[bytes], None],
        timing: LinkTiming | None = None,
        *,
        name: str = "line",
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._write = write
        self.timing = timing or LinkTiming()
        self.name = name
        self._sleep = sleep
        self._decoder = Decoder()
        self._request_lock = FairLock()
        self._cond = threading.Condition()
        self._seq = 0
        self._pending: tuple[int, int] | None = None
        self._reply: Frame | None = None
        self._down = False
        self._last_rx = 0.0  # when the last byte came in
        self.stats = LinkStats()

    # --- fed by the reader thread
    def feed(self, data: bytes) -> None:
        with self._cond:
            self._last_rx = time.monotonic()
            frames = self._decoder.feed(data)
            for frame in frames:
                self._on_frame(frame)

    def idle(self) -> None:
        """The line is quiet or a reply is overdue: give up any partial frame."""
        with self._cond:
            while self._decoder.pending:
                for frame in self._decoder.expire():
                    self._on_frame(frame)

    def _on_frame(self, frame: Frame) -> None:
        if (
            self._pending is not None
            and self._reply is None
            and frame.is_reply
            and (frame.address, frame.seq) == self._pending
        ):
            self._reply = frame
            self._cond.notify_all()
            return
        self.stats.stray += 1
        log.debug("%s: ignoring %s", self.name, frame)

    @property
    def discarded(self) -> int:
        return self._decoder.discarded

    @property
    def crc_errors(self) -> int:
        return self._decoder.crc_errors

    @property
    def frames_received(self) -> int:
        return self._decoder.frames

    # --- line state
    def line_down(self) -> None:
        with self._cond:
            self._down = True
            self._cond.notify_all()

    def line_up(self) -> None:
        with self._cond:
            self._decoder.reset()
            self._down = False

    @property
    def is_down(self) -> bool:
        return self._down

    # --- requests
    def _next_seq(self) -> int:
        seq = self._seq
        self._seq = (self._seq + 1) & 0xFF
        return seq

    def request(
        self, address: int, type_: int, payload: bytes = b"", *, repeats: int | None = None
    ) -> Frame:
        """Send a command and return its ACK; raise NakError, NoReply, DeviceBusy or LinkDown."""
        repeats = self.timing.max_repeats if repeats is None else repeats
        with self._request_lock:
            if self._down:
                raise LinkDown(f"{self.name}: line down")
            seq = self._next_seq()
            frame = encode_frame(address, seq, type_, payload)
            self.stats.requests += 1
            sent_repeats = busy = 0
            try:
                while True:
                    with self._cond:
                        self._pending = (address, seq)
                        self._reply = None
                    self._write(frame)
                    reply = self._wait(self.timing.repeat_interval)
                    if reply is None:
                        if sent_repeats >= repeats:
                            self.stats.no_reply += 1
                            raise NoReply(
                                f"{self.name}: no reply to {type_name(type_)} seq={seq}"
                                f" after {repeats} repeats"
                            )
                        sent_repeats += 1
                        self.stats.repeats += 1
                        continue
                    if reply.is_busy:
                        busy += 1
                        self.stats.busy += 1
                        if busy > self.timing.max_busy:
                            raise DeviceBusy(f"{self.name}: device busy, seq={seq}")
                        self._sleep(self.timing.busy_interval)
                        continue
                    return check_reply(type_, reply)
            finally:
                with self._cond:
                    self._pending = None

    def _wait(self, timeout: float) -> Frame | None:
        """The reply, or None once ``timeout`` has passed with no frame arriving.

        A frame still coming in when the time is up is waited for (the timer counts from its
        last byte), up to ``frame_time`` more: throwing it away would make the repeat's reply,
        as long, meet the same fate.
        """
        start = time.monotonic()
        deadline = start + timeout
        latest = deadline + self.timing.frame_time
        with self._cond:
            while True:
                got = self._cond.wait_for(
                    lambda: self._reply is not None or self._down, deadline - time.monotonic()
                )
                if got:
                    break
                arriving = self._last_rx + timeout
                if self._decoder.pending and self._last_rx > start and arriving > deadline:
                    deadline = min(arriving, latest)
                    if deadline > time.monotonic():
                        continue
                # Overdue: a garbage STX announcing a long frame may be holding the reply back.
                while self._decoder.pending:
                    for frame in self._decoder.expire():
                        self._on_frame(frame)
                break
            if self._reply is not None:
                return self._reply
            if self._down:
                raise LinkDown(f"{self.name}: line lost")
            return None

    def broadcast(self, type_: int, payload: bytes = b"") -> None:
        """Send to every board (ADDR 0xFF): no reply comes back."""
        with self._request_lock:
            if self._down:
                raise LinkDown(f"{self.name}: line down")
            self.stats.broadcasts += 1
            self._write(encode_frame(ADDR_BROADCAST, self._next_seq(), type_, payload))


@dataclass(slots=True)
class EventTracker:
    """The host's view of one device's event counter."""

    last: int = 0
    synced: bool = False

    def on_status(self, status: Status) -> tuple[bool, bool]:
        """Return (restarted, events pending) for a STATUS reply."""
        if not self.synced:
            self.synced = True
            self.last = status.counter
            return False, False
        restarted = bool(status.faults & Fault.POWER_RESTORED) or (
            status.counter == 0 and self.last != 0
        )
        if restarted:
            self.last = 0
        return restarted, status.counter != self.last

    def follows(self, events: Sequence[DeviceEvent]) -> bool:
        """Whether each event's counter is the one after the previous, starting from ``last``.

        Anything else is either events lost (the device then latches fault bit 8) or an old
        reply repeated (a counter that went backwards, or wrapped far ahead): the caller asks
        the device which before taking any of them.
        """
        last = self.last
        for event in events:
            if event.counter != next_counter(last):
                return False
            last = event.counter
        return True

    def accept(self, events: Iterable[DeviceEvent]) -> tuple[list[DeviceEvent], bool]:
        """Return the events in order and whether some were lost before or between them."""
        out: list[DeviceEvent] = []
        lost = False
        for event in events:
            if event.counter != next_counter(self.last):
                lost = True
            out.append(event)
            self.last = event.counter
        return out, lost


# --------------------------------------------------------------------------- device side


@dataclass(slots=True)
class EventRing:
    """The device's ring of the last 8 events and its 8-bit counter."""

    size: int = EVENT_RING_SIZE
    total: int = 0  # events since reset; the counter is derived from it
    acked: int = 0  # position the host said it processed (for flow control)
    _ring: deque[tuple[int, int, bytes]] = field(default_factory=deque)

    @staticmethod
    def counter_of(position: int) -> int:
        return 0 if position == 0 else (position - 1) % 255 + 1

    @property
    def counter(self) -> int:
        return self.counter_of(self.total)

    def push(self, kind: int, data: bytes) -> int:
        self.total += 1
        self._ring.append((self.total, kind, bytes(data)))
        while len(self._ring) > self.size:
            self._ring.popleft()
        return self.counter

    def after(self, last: int) -> tuple[list[tuple[int, int, bytes]], bool]:
        """Events after the counter the host processed; ``True`` if some were overwritten."""
        oldest = self._ring[0][0] if self._ring else self.total + 1
        for position in range(self.total, oldest - 2, -1):
            if position >= 0 and self.counter_of(position) == last:
                self.acked = max(self.acked, position)
                events = [(self.counter_of(p), k, d) for p, k, d in self._ring if p > position]
                return events, False
        return [(self.counter_of(p), k, d) for p, k, d in self._ring], True

    @property
    def unacknowledged(self) -> int:
        return self.total - self.acked

    def reset(self) -> None:
        self.total = self.acked = 0
        self._ring.clear()


@dataclass(frozen=True, slots=True)
class Ack:
    payload: bytes = b""


@dataclass(frozen=True, slots=True)
class Nak:
    reason: int


@dataclass(frozen=True, slots=True)
class Busy:
    pass


Outcome = Ack | Nak | Busy


@dataclass(frozen=True, slots=True)
class Exchange:
    """One valid frame a device heard and what it answers (None: no answer)."""

    frame: Frame
    repeated: bool
    reply: bytes | None


class DeviceLink:
    """A device's end of the line: frames in, replies out, repeats answered from the cache."""

    def __init__(
        self,
        addresses: Iterable[int],
        handler: Callable[[Frame], Outcome | None],
        *,
        accepts_broadcast: bool = False,
    ) -> None:
        self.addresses = frozenset(addresses)
        self._handler = handler
        self._broadcast = accepts_broadcast
        self.decoder = Decoder()
        self._cache: dict[int, tuple[int, int, bytes, bytes]] = {}
        self.last_valid_at: float | None = None

    def reset(self) -> None:
        """Power cycle: the cache and any partial frame are gone."""
        self._cache.clear()
        self.decoder = Decoder()
        self.last_valid_at = None

    def feed(self, data: bytes, now: float) -> list[Exchange]:
        return [x for f in self.decoder.feed(data) if (x := self._exchange(f, now)) is not None]

    def expire(self, now: float) -> list[Exchange]:
        return [x for f in self.decoder.expire() if (x := self._exchange(f, now)) is not None]

    def _exchange(self, frame: Frame, now: float) -> Exchange | None:
        if frame.is_reply:
            return None  # another device's answer on a shared line
        if frame.address == ADDR_BROADCAST:
            if not self._broadcast:
                return None
            self.last_valid_at = now
            self._handler(frame)
            return Exchange(frame, False, None)
        if frame.address not in self.addresses:
            return None
        self.last_valid_at = now
        cached = self._cache.get(frame.address)
        if cached is not None and cached[:3] == (frame.seq, frame.type, frame.payload):
            return Exchange(frame, True, cached[3])
        outcome = self._handler(frame)
        if outcome is None:
            return Exchange(frame, False, None)
        if isinstance(outcome, Busy):
            reply = encode_frame(frame.address, frame.seq, MsgType.BUSY)
            return Exchange(frame, False, reply)
        if isinstance(outcome, Nak):
            reply = encode_frame(frame.address, frame.seq, MsgType.NAK, bytes((outcome.reason,)))
        else:
            reply = encode_frame(frame.address, frame.seq, frame.type | ACK_BIT, outcome.payload)
        self._cache[frame.address] = (frame.seq, frame.type, frame.payload, reply)
        return Exchange(frame, False, reply)
