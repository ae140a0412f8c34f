"""What every BHD/1 driver shares: the line, the host link, supervision and typed notices.

A driver owns one ``SerialLine`` (one reader thread) and one ``HostLink``; a supervisor thread
polls STATUS every ``poll_interval`` (and EVENTS every ``fast_poll_interval`` while someone is
``expecting()`` events), takes an EVENTS reply whose counters do not follow on only when the
device vouches for it (``EventsReplayed`` otherwise), marks a unit offline after
``missed_polls`` unanswered polls or a lost port, reconnects with growing delays (reopening the
port when it has a factory) and resynchronises: STATUS, a restart detected from the counter, then
the events missed while away. Everything the hall must
hear about arrives as a ``Notice`` to plain callbacks, on the supervisor thread; listeners must
return quickly (hand over to a queue or a Qt bridge) and never call back into the driver.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Self

from drivers.line import SerialLine
from drivers.link import (
    Backoff,
    EventTracker,
    FairLock,
    HostLink,
    LinkDown,
    LinkTiming,
    NoReply,
)
from drivers.protocol import (
    EVENT_RING_SIZE,
    LATCHED_FAULTS,
    BadReply,
    DeviceEvent,
    DeviceKind,
    Fault,
    Frame,
    Identity,
    MsgType,
    NakError,
    ProtocolError,
    Status,
    decode_events,
    refusal,
)
from drivers.traffic import TrafficLog

log = logging.getLogger(__name__)


# --------------------------------------------------------------------------- notices


@dataclass(frozen=True, slots=True)
class DeviceOnline:
    """The unit answers again and is resynchronised (missed events were delivered first)."""

    reconnected: bool
    offline_for: float = 0.0


@dataclass(frozen=True, slots=True)
class DeviceOffline:
    reason: str


@dataclass(frozen=True, slots=True)
class DeviceRestarted:
    """The unit's event counter went back to 0 or it reported power restored."""


@dataclass(frozen=True, slots=True)
class EventsLost:
    """More events happened than the ring of 8 holds: some never reached the host."""


@dataclass(frozen=True, slots=True)
class EventsReplayed:
    """An EVENTS reply whose counters did not follow on and that the device did not vouch for
    (no events lost, no restart): an old reply repeated. Its events were dropped, never
    delivered; ``last`` is the counter the host had processed.
    """

    last: int
    events: tuple[DeviceEvent, ...]


@dataclass(frozen=True, slots=True)
class FaultsChanged:
    faults: Fault
    raised: Fault
    cleared: Fault


LinkNotice = (
    DeviceOnline | DeviceOffline | DeviceRestarted | EventsLost | EventsReplayed | FaultsChanged
)


@dataclass(frozen=True, slots=True)
class Notice:
    device: str
    address: int
    event: DeviceEvent | LinkNotice
    at: float


Listener = Callable[[Notice], None]


class DeviceUnavailable(LinkDown):
    """The unit is offline (or not yet resynchronised): the command was not sent."""


@dataclass(slots=True)
class Unit:
    """The host's view of one device address on the line."""

    address: int
    backoff: Backoff
    online: bool = False
    ever_online: bool = False
    offline_since: float = 0.0
    next_poll: float = 0.0
    last_status: float = 0.0
    next_events: float = 0.0  # next EVENTS poll while a ball is expected
    events_interval: float = 0.0  # the pace of those polls now (backed off while idle)
    events_taken: int = 0
    next_attempt: float = 0.0
    tracker: EventTracker = field(default_factory=EventTracker)
    status: Status | None = None
    identity: Identity | None = None
    reconnections: int = 0


# --------------------------------------------------------------------------- the driver


class DeviceDriver:
    KIND: ClassVar[DeviceKind]
    DEFAULT_ADDRESSES: ClassVar[tuple[int, ...]]
    DEFAULT_NAME: ClassVar[str]

    def __init__(
        self,
        port: Any,
        *,
        addresses: tuple[int, ...] | None = None,
        name: str | None = None,
        timing: LinkTiming | None = None,
        traffic_log: str | Path | TrafficLog | None = None,
        supervise: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.name = name or self.DEFAULT_NAME
        self.timing = timing or LinkTiming()
        self._clock = clock
        self._own_traffic = isinstance(traffic_log, str | Path)
        self.traffic = (
            TrafficLog(traffic_log, clock=clock)
            if isinstance(traffic_log, str | Path)
            else traffic_log
        )
        self.link = HostLink(self._write, self.timing, name=self.name)
        self.line = SerialLine(
            port,
            name=self.name,
            on_bytes=self.link.feed,
            on_quiet=self.link.idle,
            on_lost=self._on_line_lost,
            traffic=self.traffic,
            read_timeout=self.timing.read_timeout,
        )
        self.units = {
            a: Unit(a, Backoff(self.timing.reconnect_delays))
            for a in (addresses or self.DEFAULT_ADDRESSES)
        }
        self._listeners: list[Listener] = []
        self._poll_lock = FairLock()  # one poll or resynchronisation at a time
        self._state_lock = threading.Lock()  # online flags
        self._changed = threading.Condition()
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._fast: list[float] = []  # EVENTS poll intervals asked for by ``expecting``
        self._supervise = supervise
        self._thread: threading.Thread | None = None
        self._line_backoff = Backoff(self.timing.reconnect_delays)
        self._line_next_attempt = 0.0

    def _write(self, data: bytes) -> None:
        self.line.write(data)

    @property
    def address(self) -> int:
        return next(iter(self.units))

    # --- lifecycle
    def open(self) -> Self:
        """Open the port, make first contact (IDENTIFY, STATUS) and start supervision.

        A device that does not answer yet is reported offline and retried by the supervisor;
        without supervision the error is raised.
        """
        try:
            self.line.open()
            self.link.line_up()
        except Exception as exc:  # the port may not exist yet: the supervisor retries
            if not self._supervise:
                raise
            log.warning("%s: cannot open the port: %s", self.name, exc)
            self._line_next_attempt = self._clock() + self._line_backoff.next()
        else:
            with self._poll_lock:
                for unit in self.units.values():
                    try:
                        self._resync(unit)
                    except ProtocolError as exc:
                        if not self._supervise:
                            raise
                        log.warning(
                            "%s: no first contact with 0x%02X: %s", self.name, unit.address, exc
                        )
                        unit.next_attempt = self._clock() + unit.backoff.next()
        if self._supervise:
            self._thread = threading.Thread(
                target=self._run, name=f"bhd-supervisor-{self.name}", daemon=True
            )
            self._thread.start()
        return self

    def close(self) -> None:
        self._stopping.set()
        self._wake.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2.0)
        if (self._thread is None or not self._thread.is_alive()) and self.line.is_up:
            try:
                self._line_work()  # what callers handed over last (the boards' final state)
            except ProtocolError as exc:
                log.info("%s: last work not sent: %s", self.name, exc)
        self.link.line_down()
        self.line.close()
        if self._own_traffic and self.traffic is not None:
            self.traffic.close()

    def __enter__(self) -> Self:
        return self.open()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- listeners and state
    def add_listener(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def _notify(self, address: int, event: DeviceEvent | LinkNotice) -> None:
        notice = Notice(self.name, address, event, self._clock())
        log.debug("%s: %s", self.name, notice)
        for listener in list(self._listeners):
            try:
                listener(notice)
            except Exception:
                log.exception("%s: listener failed on %s", self.name, notice)
        with self._changed:
            self._changed.notify_all()

    def is_online(self, address: int | None = None) -> bool:
        if address is None:
            return all(u.online for u in self.units.values())
        return self.units[address].online

    def wait_online(self, timeout: float, address: int | None = None) -> bool:
        with self._changed:
            return self._changed.wait_for(lambda: self.is_online(address), timeout)

    def faults(self, address: int | None = None) -> Fault:
        status = self.units[address if address is not None else self.address].status
        return status.faults if status is not None else Fault.NONE

    @contextlib.contextmanager
    def expecting(self, interval: float | None = None) -> Iterator[None]:
        """Poll EVENTS every ``interval`` (default ``fast_poll_interval``) while inside: a ball
        is on its way, or a set scan's burst of events.
        """
        interval = self.timing.fast_poll_interval if interval is None else interval
        with self._state_lock:
            self._fast.append(interval)
        self.hurry()
        try:
            yield
        finally:
            with self._state_lock:
                self._fast.remove(interval)

    def _fast_interval(self) -> float:
        with self._state_lock:
            return min(self._fast, default=self.timing.fast_poll_interval)

    def hurry(self, address: int | None = None) -> None:
        """Something is about to happen on the device (the ball is out, a reading is due):
        poll its events at the fast pace again, now.
        """
        units = self.units.values() if address is None else [self.units[address]]
        soon = self._clock() + self._fast_interval()
        for unit in units:
            unit.events_interval = 0.0
            unit.next_events = min(unit.next_events, soon)
        self._wake.set()

    def _events_interval(self, unit: Unit, delivered: bool) -> float:
        """The next EVENTS interval while polling fast: the asked-for pace after events (or
        a command, or ``hurry``); stretched after each empty poll, up to
        ``idle_poll_interval``. A pace faster than the ball's (a set scan) is never stretched.
        """
        base = self._fast_interval()
        t = self.timing
        if delivered or base < t.fast_poll_interval or unit.events_interval <= 0.0:
            unit.events_interval = base
        else:
            stretched = unit.events_interval * t.idle_backoff
            unit.events_interval = max(base, min(stretched, t.idle_poll_interval))
        return unit.events_interval

    def wake(self) -> None:
        self._wake.set()

    # --- requests
    def _unit(self, address: int | None) -> Unit:
        return self.units[address if address is not None else self.address]

    def _command(self, type_: int, payload: bytes = b"", address: int | None = None) -> Frame:
        """Send one command to an online unit; a missing reply marks it offline."""
        unit = self._unit(address)
        if not unit.online:
            raise DeviceUnavailable(f"{self.name} 0x{unit.address:02X} is offline")
        try:
            reply = self.link.request(unit.address, type_, payload)
        except NakError as exc:
            raise self._refusal(unit, exc) from None
        except NoReply as exc:
            self._set_offline(unit, f"no reply: {exc}")
            raise
        except LinkDown:
            self._set_offline(unit, "line lost")
            raise
        if self._fast:
            self.hurry(unit.address)  # the device acts on it: its events come soon
        return reply

    def _refusal(self, unit: Unit, nak: NakError) -> NakError:
        """The NAK read against the faults the unit shows now (``protocol.refusal``): a fresh
        STATUS, not processed as a poll (the supervisor's next poll does that).
        """
        try:
            status = Status.from_payload(self.link.request(unit.address, MsgType.STATUS).payload)
        except ProtocolError:
            return nak
        return refusal(nak, status.faults)

    def status_raw(self, address: int | None = None) -> Status:
        """Poll STATUS now (processed like a supervisor poll: restarts, faults, events)."""
        unit = self._unit(address)
        with self._poll_lock:
            if not unit.online:
                raise DeviceUnavailable(f"{self.name} 0x{unit.address:02X} is offline")
            status = self._poll_status(unit, raise_errors=True)
        assert status is not None
        return status

    def poll_events(self, address: int | None = None) -> None:
        """Fetch the unit's events now; listeners have heard them when this returns."""
        unit = self._unit(address)
        with self._poll_lock:
            if not unit.online:
                raise DeviceUnavailable(f"{self.name} 0x{unit.address:02X} is offline")
            self._poll_events(unit, raise_errors=True)

    def processed(self, address: int | None = None) -> int:
        """The counter of the last event taken in from the unit (0: none since its reset)."""
        return self._unit(address).tracker.last

    def identify(self, address: int | None = None) -> Identity:
        return Identity.from_payload(self._command(MsgType.IDENTIFY, address=address).payload)

    # --- supervision
    def _run(self) -> None:
        while not self._stopping.is_set():
            self._wake.clear()
            try:
                with self._poll_lock:
                    self._tick(self._clock())
            except Exception:
                log.exception("%s: supervisor tick failed", self.name)
            delay = self._next_due() - self._clock()
            if delay > 0:
                self._wake.wait(delay)

    def _next_due(self) -> float:
        now = self._clock()
        if not self.line.is_up:
            return self._line_next_attempt
        dues = []
        for unit in self.units.values():
            if unit.online and self._fast:
                status_due = unit.last_status + self.timing.fast_status_interval
                dues.append(min(unit.next_events, status_due))
            elif unit.online:
                dues.append(unit.next_poll)
            else:
                dues.append(unit.next_attempt)
        return min(dues) if dues else now + self.timing.poll_interval

    def _tick(self, now: float) -> None:
        if not self.line.is_up:
            if now < self._line_next_attempt:
                return
            if not self._reopen():
                return
        self._line_work()
        all_offline = not any(u.online for u in self.units.values())
        for unit in self.units.values():
            if self._stopping.is_set():
                return
            if unit.online:
                due = unit.next_poll
                fast = bool(self._fast)
                if fast and self._clock() >= unit.next_events:
                    # Paced start to start: a pty or TCP bridge has no baud rate to slow a
                    # back-to-back loop (thousands of polls a second).
                    interval = self._events_interval(unit, delivered=False)
                    unit.next_events = self._clock() + interval
                    taken = unit.events_taken
                    self._poll_events(unit)
                    if unit.events_taken != taken:
                        interval = self._events_interval(unit, delivered=True)
                        # Whoever hears those events may want the line next (the ball source
                        # asks the reader whether its reading is final): leave it free for one
                        # interval, a STATUS due included (unless overdue by a whole second).
                        unit.next_events = self._clock() + interval
                        late = self._clock() - unit.last_status - self.timing.fast_status_interval
                        if late < self.timing.fast_status_interval:
                            continue
                if fast:
                    due = unit.last_status + self.timing.fast_status_interval
                if unit.online and self._clock() >= due:
                    self._poll_status(unit)
            elif self._clock() >= unit.next_attempt:
                reopen = all_offline and unit.reconnections and self.line.can_reopen
                if reopen and not self._reopen():
                    return
                unit.reconnections += 1
                try:
                    self._resync(unit)
                except ProtocolError as exc:
                    log.info("%s 0x%02X: reconnection failed: %s", self.name, unit.address, exc)
                    unit.next_attempt = self._clock() + unit.backoff.next()

    def _reopen(self) -> bool:
        try:
            self.line.open()
        except Exception as exc:
            log.info("%s: reopening the port failed: %s", self.name, exc)
            self._line_next_attempt = self._clock() + self._line_backoff.next()
            return False
        self.link.line_up()
        return True

    def _on_line_lost(self, exc: BaseException) -> None:
        self.link.line_down()
        self._line_next_attempt = self._clock() + self._line_backoff.next()
        for unit in self.units.values():
            self._set_offline(unit, f"port lost: {exc}")
        self._wake.set()

    def _set_offline(self, unit: Unit, reason: str) -> None:
        with self._state_lock:
            if not unit.online:
                return
            unit.online = False
            unit.offline_since = self._clock()
            unit.next_attempt = unit.offline_since + unit.backoff.next()
        log.warning("%s 0x%02X offline: %s", self.name, unit.address, reason)
        self._on_offline(unit)
        self._notify(unit.address, DeviceOffline(reason))

    def _resync(self, unit: Unit) -> None:
        """First contact or reconnection: raises ProtocolError if the unit does not answer."""
        if unit.identity is None:
            reply = self.link.request(unit.address, MsgType.IDENTIFY)
            unit.identity = Identity.from_payload(reply.payload)
            if unit.identity.kind != self.KIND:
                raise BadReply(
                    f"0x{unit.address:02X} is a {unit.identity.kind.name}, not a {self.KIND.name}"
                )
        status = self._poll_status(unit, raise_errors=True, resync=True)
        assert status is not None
        self._after_resync(unit)
        now = self._clock()
        offline_for = now - unit.offline_since if unit.ever_online else 0.0
        reconnected = unit.ever_online
        unit.online = unit.ever_online = True
        unit.reconnections = 0
        unit.backoff.reset()
        self._line_backoff.reset()
        self._notify(unit.address, DeviceOnline(reconnected, offline_for))

    def _poll_status(
        self, unit: Unit, *, raise_errors: bool = False, resync: bool = False
    ) -> Status | None:
        status = self._fetch_status(unit, raise_errors=raise_errors)
        if status is None:
            return None
        restarted, pending = self._process_status(unit, status)
        if pending:
            self._poll_events(unit, raise_errors=raise_errors)
        if resync:
            pass  # the caller finishes the resynchronisation
        elif restarted:
            self._after_resync(unit)
        else:
            self._after_status(unit, status)
        return status

    def _fetch_status(self, unit: Unit, *, raise_errors: bool) -> Status | None:
        try:
            reply = self.link.request(
                unit.address, MsgType.STATUS, repeats=self.timing.missed_polls - 1
            )
            status = Status.from_payload(reply.payload)
            self._check_fields(status)
        except (NoReply, LinkDown) as exc:
            if raise_errors and not unit.online:
                raise
            self._set_offline(unit, f"{self.timing.missed_polls} polls unanswered ({exc})")
            if raise_errors:
                raise
            return None
        except ProtocolError as exc:
            log.warning("%s 0x%02X: bad STATUS reply: %s", self.name, unit.address, exc)
            if raise_errors:
                raise
            return None
        return status

    def _process_status(self, unit: Unit, status: Status) -> tuple[bool, bool]:
        """Take a STATUS in: restart, faults, latched notices; (restarted, events pending)."""
        unit.last_status = self._clock()
        unit.next_poll = unit.last_status + self.timing.poll_interval
        previous = unit.status.faults & ~LATCHED_FAULTS if unit.status is not None else Fault.NONE
        active = status.faults & ~LATCHED_FAULTS
        unit.status = status
        restarted, pending = unit.tracker.on_status(status)
        if restarted:
            log.warning("%s 0x%02X restarted", self.name, unit.address)
            self._notify(unit.address, DeviceRestarted())
        if status.faults & Fault.EVENTS_LOST:
            self._notify(unit.address, EventsLost())
        if status.faults & Fault.HOST_SILENT:
            log.warning("%s 0x%02X had stopped: it heard no host for 2 s", self.name, unit.address)
        if active != previous:
            self._notify(
                unit.address, FaultsChanged(active, active & ~previous, previous & ~active)
            )
        return restarted, pending

    def _poll_events(self, unit: Unit, *, raise_errors: bool = False) -> None:
        suspect_replies = 0
        while True:
            try:
                reply = self.link.request(
                    unit.address,
                    MsgType.EVENTS,
                    bytes((unit.tracker.last,)),
                    repeats=self.timing.missed_polls - 1,
                )
                events = decode_events(reply.payload)
            except (NoReply, LinkDown) as exc:
                self._set_offline(unit, f"{self.timing.missed_polls} polls unanswered ({exc})")
                if raise_errors:
                    raise
                return
            except ProtocolError as exc:
                log.warning("%s 0x%02X: bad EVENTS reply: %s", self.name, unit.address, exc)
                if raise_errors:
                    raise
                return
            if not unit.tracker.follows(events):
                suspect_replies += 1
                if not self._vouched(unit, events, raise_errors=raise_errors):
                    if suspect_replies >= 2 or not unit.online:
                        return  # the next poll asks again from the same counter
                    continue
            new, lost = unit.tracker.accept(events)
            if lost:
                log.warning("%s 0x%02X: events lost", self.name, unit.address)
                self._notify(unit.address, EventsLost())
            unit.events_taken += len(new)
            for event in new:
                self._notify(unit.address, event)
            burst = self._fast and len(events) >= self.timing.burst_events
            if len(events) < EVENT_RING_SIZE and not burst:
                return

    def _vouched(self, unit: Unit, events: list[DeviceEvent], *, raise_errors: bool) -> bool:
        """Counters that do not follow on: take the events only if the device says it lost some.

        The device latches fault bit 8 when the host's counter had left its ring (it then sends
        all it has), and a restart shows as counter 0 or bit 9. A device that does not latch
        bit 8 is believed when its reply is a run of counters ending at the counter its STATUS
        shows, and new to the host. Otherwise the reply is an old one repeated (a late copy, a
        bridge's echo, a stale cache) and is dropped; the host keeps its counter and asks
        again. After a restart it asks again from 0.
        """
        status = self._fetch_status(unit, raise_errors=raise_errors)
        if status is None:
            return False
        lost = bool(status.faults & Fault.EVENTS_LOST)
        restarted, _pending = self._process_status(unit, status)
        if restarted:
            self._after_resync(unit)
            return False
        if lost:
            return True
        run = EventTracker(last=events[0].counter, synced=True).follows(events[1:])
        newest = events[-1].counter
        if run and newest == status.counter != unit.tracker.last:
            log.warning("%s 0x%02X: events lost without bit 8", self.name, unit.address)
            return True
        log.warning(
            "%s 0x%02X: EVENTS reply repeated (counters %s after %s): dropped",
            self.name,
            unit.address,
            [e.counter for e in events],
            unit.tracker.last,
        )
        self._notify(unit.address, EventsReplayed(unit.tracker.last, tuple(events)))
        return False

    # --- hooks for device families
    def _check_fields(self, status: Status) -> None:
        """Raise BadReply if the STATUS device fields do not fit this family."""

    def _on_offline(self, unit: Unit) -> None:
        """Called when a unit goes offline."""

    def _line_work(self) -> None:
        """Called on the supervisor at every tick with the line up, before the units' polls:
        work handed over by callers that must not wait for the line.
        """

    def _after_status(self, unit: Unit, status: Status) -> None:
        """Called after every processed STATUS."""

    def _after_resync(self, unit: Unit) -> None:
        """Called when a unit comes back (reconnected or restarted), before it is online."""
