"""The hall's extractor and reader behind the domain's port, ``bingo.drawing.BallSource``.

``DeviceBallSource.draw`` arms the reader, releases one ball and waits for the reading; it never
returns a number that was not checked at the edge. A reading is evidence, not truth: a number out
of range, already drawn, reported for another draw, read twice differently, read from a ball
already drawn (stale), read with low confidence or unreadable, or different from what the
operator sees comes back as ``BallHeld`` for the jefe de mesa, whose reading of the ball prevails
(``resolve_hold``, R-GAME-3). A device lost mid-draw raises ``DeviceLost`` (the console offers
manual extraction of the pending balls, R-INC-2; a ball is never skipped: ``ball_in_tube`` tells
whether one came out, and ``resolve_lost`` records the jefe de mesa's reading of it first); an
irregularity of the ball set or the mechanism raises ``BallSetIrregular`` (the partida is
suspended and annulled, R-INC-3). A ball the jefe de mesa reads that is already out is
``DuplicateBall``, the domain's one "already drawn" error. Everything comes back as codes with
their parameters; what the hall does with it is the domain's draw policy
(``bingo.drawing.DrawPolicy``), and the words are the edges' (``actas.words``).

The engine calls from one thread at a time; notices from the drivers' threads arrive through a
queue.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from bingo.drawing import (
    BallHeld,
    BallRead,
    BallSetIrregular,
    DeviceLost,
    DuplicateBall,
    HoldReason,
)
from drivers.device import (
    DeviceDriver,
    DeviceOffline,
    DeviceOnline,
    DeviceRestarted,
    EventsLost,
    EventsReplayed,
    FaultsChanged,
    Notice,
)
from drivers.draw_state import _METHODS, _STOPPING, DrawTiming, _Draw, _fault_reason
from drivers.extractor import ExtractorDriver
from drivers.protocol import (
    BALLS,
    BLOCKING_FAULTS,
    BallReadEvent,
    BallReleasedEvent,
    ExtractorState,
    Fault,
    FaultRaisedEvent,
    NakError,
    ProtocolError,
    ReaderState,
    ReadFailedEvent,
    ReadFailure,
)
from drivers.reader import ReaderDriver

# The domain's types are the port's (``bingo.drawing``); named here too for the drivers' users.
__all__ = [
    "BallHeld",
    "BallRead",
    "BallSetIrregular",
    "DeviceBallSource",
    "DeviceLost",
    "DrawTiming",
    "DuplicateBall",
    "HoldReason",
]

log = logging.getLogger(__name__)


class DeviceBallSource:
    def __init__(
        self,
        extractor: ExtractorDriver,
        reader: ReaderDriver,
        *,
        timing: DrawTiming | None = None,
        owns_drivers: bool = False,
        balls: int = BALLS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.extractor = extractor
        self.reader = reader
        self.timing = timing or DrawTiming()
        self._owns = owns_drivers
        self._balls = balls
        self._clock = clock
        self._inbox: queue.Queue[Notice] = queue.Queue()
        self._removers = [
            extractor.add_listener(self._inbox.put),
            reader.add_listener(self._inbox.put),
        ]
        self._lock = threading.Lock()
        self._accepted: dict[int, BallRead] = {}  # draw number -> accepted reading (partida)
        self._partida_ids: dict[str, int] = {}  # ball id -> number, balls drawn this partida
        self._set_ids: dict[int, str] = {}  # number -> ball id, from the last set scan
        self._holds: dict[int, tuple[_Draw, BallReadEvent | None]] = {}
        self._interrupted: _Draw | None = None  # the draw that ended in DeviceLost
        # No draw made yet by this source: the program may have been restarted mid-draw, after
        # a ball left the drum and before it was recorded.
        self._fresh = True
        self._stopper: Callable[[], None] | None = None
        self._pool: ThreadPoolExecutor | None = None  # one line asked while the other is
        self._closed = False
        self._air_drops = 0  # times the air was found off before a release

    # ------------------------------------------------------------------ public API
    def draw(
        self,
        draw_number: int,
        drawn: frozenset[int],
        operator_sees: Callable[[int], int | None] | None = None,
    ) -> BallRead | BallHeld:
        """Release one ball for ``draw_number``, read it and check it at the edge."""
        if not 1 <= draw_number <= 255:
            raise ValueError(f"draw number {draw_number} (1..255)")
        with self._lock:
            if not drawn:
                self._new_partida()
            self._drain()
            d = _Draw(draw_number, frozenset(drawn), rereads_left=self.timing.rereads)
            try:
                result = self._draw(d, operator_sees)
            except DeviceLost:
                self._interrupted = d  # a retry may find this draw's ball in the tube
                raise
            finally:
                self._fresh = False
            self._interrupted = None
            return result

    def _draw(
        self, d: _Draw, operator_sees: Callable[[int], int | None] | None
    ) -> BallRead | BallHeld:
        resume = self._check_ready(d)
        with self.extractor.expecting(), self.reader.expecting():
            try:
                if resume:  # a ball already left the drum for this draw: read that one
                    d.released = True
                    d.release_sent = self._clock()
                    d.read_deadline = self._clock() + self.timing.read_timeout
                    self.reader.reread(d.number)
                else:
                    self.reader.arm(d.number)
            except ProtocolError as exc:
                reason = "refused" if isinstance(exc, NakError) else "offline"
                raise self._lost(d, self.reader.name, reason, exc, ball_in_tube=resume) from exc
            if not resume:
                self._release(d)
            return self._await(d, operator_sees)

    def resolve_hold(self, held: BallHeld, operator_number: int) -> BallRead:
        """The jefe de mesa's reading of the ball in the tube prevails (R-GAME-3)."""
        with self._lock:
            entry = self._holds.get(held.draw_number)
            if entry is None:
                raise ValueError(f"no hold for draw {held.draw_number}")
            d, read = entry
            if not 1 <= operator_number <= self._balls:
                raise ValueError(f"ball {operator_number} outside 1..{self._balls}")
            if operator_number in d.drawn:
                raise DuplicateBall(operator_number)
            del self._holds[held.draw_number]
            ball_id = ""
            if read is not None and read.number == operator_number:
                ball_id = read.ball_id.hex()
            ball_id = ball_id or self._set_ids.get(operator_number, "")
            result = BallRead(d.number, operator_number, ball_id, 100, "operator")
            self._accept(result)
            return result

    def resolve_lost(self, lost: DeviceLost, operator_number: int) -> BallRead:
        """The jefe de mesa's reading of the ball that left the drum for a draw that ended in
        ``DeviceLost``: it is that draw's ball (method ``operator``), recorded before the manual
        extraction of the balls still pending begins (R-INC-2). Refused for a number already
        drawn: that is the previous ball still in the tube, or a second ball with its number.
        """
        with self._lock:
            d = self._interrupted
            if d is None or d.number != lost.draw_number:
                raise ValueError(f"no draw {lost.draw_number} ended with a device lost")
            if not 1 <= operator_number <= self._balls:
                raise ValueError(f"ball {operator_number} outside 1..{self._balls}")
            if operator_number in d.drawn:
                raise DuplicateBall(operator_number)
            # The reader's id for that ball when it did see it; else the one the set scan saw.
            ids = [
                r.ball_id.hex()
                for r in d.reads
                if r.number == operator_number and r.ball_id.hex() not in self._partida_ids
            ]
            ball_id = ids[0] if ids else self._set_ids.get(operator_number, "")
            result = BallRead(d.number, operator_number, ball_id, 100, "operator")
            self._accept(result)
            self._interrupted = None  # that ball is recorded: a retry must not read it again
            return result

    def scan_set(self) -> list[int]:
        """Read every ball of the set (session opening and closing check, R-BALL-2)."""
        with self._lock:
            self._drain()
            result = None
            for _attempt in range(2):
                try:
                    result = self.reader.scan_set(timeout=self.timing.scan_timeout)
                except ProtocolError as exc:
                    raise DeviceLost(
                        self.reader.name, "scan_failed", details={"error": str(exc)}
                    ) from exc
                if result.complete:
                    break
            assert result is not None
            if not result.complete:
                raise DeviceLost(self.reader.name, "scan_incomplete")
            numbers = result.numbers
            self._set_ids = {n: i.hex() for n, i in result.balls}
            seen: dict[int, int] = {}
            for n in numbers:
                seen[n] = seen.get(n, 0) + 1
            ids = [i for _n, i in result.balls]
            missing = tuple(n for n in range(1, self._balls + 1) if n not in seen)
            duplicated = tuple(sorted(n for n, c in seen.items() if c > 1))
            extra = tuple(sorted(n for n in seen if not 1 <= n <= self._balls))
            if missing or duplicated or extra or len(set(ids)) != len(ids):
                raise BallSetIrregular(
                    "set_scan",
                    missing=missing,
                    duplicated=duplicated + extra,
                    scanned=tuple(numbers),
                )
            return sorted(numbers)

    def return_all(self) -> None:
        """A new partida: every ball back to the drum, the mixing configured and the air on.

        A device offline gets the reconnection grace first; still offline (or refusing), it
        raises ``DeviceLost`` with no ball out: the partida has not begun (R-INC-1).
        """
        with self._lock:
            deadline = time.monotonic() + self.timing.reconnect_grace
            self._await_online(deadline)
            driver: DeviceDriver = self.reader
            try:
                self.reader.disarm()
                driver = self.extractor
                self.extractor.return_all()
                self._start_mixing()
            except ProtocolError as exc:
                raise self._not_ready(driver, exc) from exc
            self._new_partida()

    def _start_mixing(self) -> None:
        """CONFIG, then AIR_ON: the balls mix from the partida's start, and each release needs
        no mixing time of its own (BHD/1 AIR_ON, CONFIG).
        """
        t = self.timing
        jam = t.jam_timeout if t.jam_timeout is not None else t.release_timeout * 5 / 8
        self.extractor.configure(t.mixing_time, jam)
        self.extractor.air_on()

    def _not_ready(self, driver: DeviceDriver, exc: ProtocolError) -> DeviceLost:
        """A device that cannot take part before a partida's first ball (R-INC-1)."""
        reason = "offline"
        if isinstance(exc, NakError):
            faults = driver.faults()
            with contextlib.suppress(ProtocolError):
                faults = driver.status_raw().faults
            reason = _fault_reason(faults) if faults & _STOPPING else "refused"
        log.warning("%s not ready for the partida (%s): %s", driver.name, reason, exc)
        return DeviceLost(driver.name, reason)

    def wait_for_devices(self) -> bool:
        """Wait up to the reconnection grace for both devices; True if both are online."""
        self._await_online(time.monotonic() + self.timing.reconnect_grace)
        return self.extractor.is_online() and self.reader.is_online()

    def _await_online(self, deadline: float) -> None:
        """Give a device that is offline until ``deadline`` to come back: a short outage
        between balls is no failure (decision 65). Real time: the drivers reconnect by
        themselves.
        """
        while time.monotonic() < deadline and not (
            self.extractor.is_online() and self.reader.is_online()
        ):
            time.sleep(0.02)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._pool is not None:
            self._pool.shutdown(wait=True)
        for remove in self._removers:
            remove()
        self._removers = []
        if self._owns:
            self.extractor.close()
            self.reader.close()
        if self._stopper is not None:
            stopper, self._stopper = self._stopper, None
            stopper()

    # ------------------------------------------------------------------ the draw
    def _new_partida(self) -> None:
        self._accepted.clear()
        self._partida_ids.clear()
        self._holds.clear()

    def _pending(self, d: _Draw) -> tuple[int, ...]:
        return tuple(n for n in range(1, self._balls + 1) if n not in d.drawn)

    def _lost(
        self,
        d: _Draw,
        device: str,
        reason: str,
        detail: object = "",
        *,
        ball_in_tube: bool | None = False,
    ) -> DeviceLost:
        log.warning("draw %s: %s lost (%s): %s", d.number, device, reason, detail)
        self._safe_disarm()
        return DeviceLost(
            device,
            reason,
            draw_number=d.number,
            ball_in_tube=ball_in_tube,
            pending=self._pending(d),
        )

    def _check_ready(self, d: _Draw) -> bool:
        """Raise if a device cannot take part; True if a ball is already out for this draw."""
        # Between balls a device offline, or not answering, gets the reconnection grace.
        deadline = time.monotonic() + self.timing.reconnect_grace
        while True:
            self._await_online(deadline)
            for driver in (self.extractor, self.reader):
                if not driver.is_online():
                    raise self._lost(d, driver.name, "offline")
            try:
                status = self.extractor.status()
                reader_faults = self.reader.faults()
                break
            except ProtocolError as exc:
                if time.monotonic() >= deadline:
                    raise self._lost(d, self.extractor.name, "offline", exc) from exc
                time.sleep(0.05)
        expected = self._balls - len(d.drawn)
        if status.faults & Fault.DOUBLE_FEED:
            if d.drawn or status.balls_in_drum != expected:
                raise self._irregular(d, "double_feed")
            # No ball of this partida is out and none is missing: the flag is a leftover of an
            # earlier partida, a fault of the extractor before the first ball (decision 67).
            raise self._lost(d, self.extractor.name, "double_feed_flag", ball_in_tube=False)
        if status.faults & BLOCKING_FAULTS:
            raise self._lost(d, self.extractor.name, _fault_reason(status.faults))
        if reader_faults & Fault.READER_OPTICS:
            raise self._lost(d, self.reader.name, _fault_reason(reader_faults))
        if not status.air:
            self._air_on(d)
        out = status.balls_in_drum == expected - 1 and status.ball_in_tube
        interrupted = self._interrupted is not None and self._interrupted.number == d.number
        # One ball fewer in the drum and one in the tube is a ball out and not yet recorded: this
        # draw's, whether this source lost the line (``interrupted``), held it, or was started
        # after the program stopped mid-draw (``_fresh``). It is read, never counted as missing.
        if out and (interrupted or d.number in self._holds or self._fresh):
            log.warning("draw %s: a ball is already out for this draw: reading it", d.number)
            self._holds.pop(d.number, None)
            return True
        self._check_drum(d, status.balls_in_drum)
        return False

    def _check_drum(self, d: _Draw, count: int) -> None:
        """The drum must hold exactly the balls the record says are pending: fewer is a ball
        missing, more is a ball already drawn back in the drum (an extractor restarted or
        refilled), either an irregularity of the balls (R-INC-3, decision 66).
        """
        expected = self._balls - len(d.drawn)
        if count != expected:
            raise self._irregular(
                d, "missing_ball" if count < expected else "drum_count", count=count
            )

    def _air_on(self, d: _Draw) -> None:
        """The air is off between balls (the extractor restarted, or stopped it): on again.

        Some extractors stop the air after every release: said once, not at every ball.
        """
        self._air_drops += 1
        if self._air_drops == 1:
            log.warning("draw %s: the extractor's air is off; turning it on", d.number)
        else:
            log.debug(
                "draw %s: the extractor's air is off again (%s times); turning it on",
                d.number,
                self._air_drops,
            )
        try:
            self.extractor.air_on()
        except NakError as exc:
            faults = self.extractor.faults()
            with contextlib.suppress(ProtocolError):
                faults = self.extractor.status().faults
            reason = _fault_reason(faults if faults & _STOPPING else Fault.NO_AIR)
            raise self._lost(d, self.extractor.name, reason, exc) from exc
        except ProtocolError as exc:
            raise self._lost(d, self.extractor.name, "offline", exc) from exc

    def _irregular(self, d: _Draw, reason: str, *, count: int | None = None) -> BallSetIrregular:
        expected = self._balls - len(d.drawn)
        self._safe_disarm()
        details = {"count": count, "expected": expected, "drawn": len(d.drawn)}
        return BallSetIrregular(reason, draw_number=d.number, details=details)

    def _safe_disarm(self) -> None:
        if self.reader.is_online():
            with contextlib.suppress(ProtocolError):
                self.reader.disarm()

    def _release(self, d: _Draw) -> None:
        d.release_sent = self._clock()
        d.release_deadline = d.release_sent + self.timing.release_timeout
        try:
            self.extractor.release(d.number)
        except NakError as exc:
            faults = self.extractor.faults()
            with contextlib.suppress(ProtocolError):
                faults = self.extractor.status().faults
            if faults & Fault.DOUBLE_FEED:
                raise self._irregular(d, "double_feed") from exc
            if faults & BLOCKING_FAULTS:
                reason = _fault_reason(faults)
                raise self._lost(d, self.extractor.name, reason, exc) from exc
            raise self._lost(d, self.extractor.name, "refused", exc) from exc
        except ProtocolError as exc:
            # No answer: the RELEASE may or may not have been acted on. The events fetched when
            # the extractor comes back say which; if it does not, the draw ends as DeviceLost.
            log.warning(
                "draw %s: RELEASE unanswered (%s); waiting for the extractor", d.number, exc
            )

    def _await(
        self, d: _Draw, operator_sees: Callable[[int], int | None] | None
    ) -> BallRead | BallHeld:
        while True:
            now = self._clock()
            outcome = self._on_time(d, now, operator_sees)
            if outcome is not None:
                return outcome
            try:
                notice = self._inbox.get(timeout=max(0.001, self._next_deadline(d) - now))
            except queue.Empty:
                continue
            self._on_notice(d, notice)

    def _next_deadline(self, d: _Draw) -> float:
        deadlines = [d.release_deadline]
        if d.released and d.read_deadline is not None:
            deadlines = [d.read_deadline]
        for extra in (d.settle_until, d.confirm_until, d.recheck_at):
            if extra is not None:
                deadlines.append(extra)
        deadlines += [since + self.timing.reconnect_grace for since in d.offline.values()]
        return min(deadlines)

    def _on_notice(self, d: _Draw, notice: Notice) -> None:
        event, device, now = notice.event, notice.device, self._clock()
        from_extractor = device == self.extractor.name
        if isinstance(event, BallReleasedEvent) and from_extractor:
            if event.draw_number == d.number and not d.released:
                d.released = True
                d.read_deadline = now + self.timing.read_timeout
                d.confirm_until = None
                self.reader.hurry()  # the ball is in the tube: its reading comes next
        elif isinstance(event, BallReadEvent):
            if self._is_known_repeat(event):
                pass
            elif d.release_sent is None or notice.at < d.release_sent:
                # Heard before the RELEASE left the host: not a reading of this draw's ball.
                self._incident(d, "early_read", str(event.number))
            elif event.draw_number == d.number:
                d.reads.append(event)
                if d.settle_until is None:
                    d.settle_until = now + self.timing.settle
                d.checked = False  # a new reading: ask the reader again
                if not d.released and d.confirm_until is None:
                    d.confirm_until = now + self.timing.confirm_timeout
            else:
                d.foreign.append(event)
                if d.settle_until is None:
                    d.settle_until = now + self.timing.settle
                d.checked = False  # a new reading: ask the reader again
        elif isinstance(event, ReadFailedEvent) and event.draw_number == d.number:
            if event.reason == ReadFailure.NO_BALL and not d.released:
                return
            d.failures += 1
            self._retry(d, now)
        elif isinstance(event, FaultRaisedEvent):
            self._on_fault(d, device, Fault(1 << event.bit) if event.bit < 16 else Fault.NONE)
        elif isinstance(event, FaultsChanged):
            self._on_fault(d, device, event.raised)
        elif isinstance(event, DeviceOffline):
            d.offline.setdefault(device, now)
        elif isinstance(event, DeviceOnline):
            since = d.offline.pop(device, None)
            if since is not None:
                away = now - since
                d.release_deadline += away
                if d.read_deadline is not None:
                    d.read_deadline += away
            if from_extractor and not d.released:
                self._recheck_release(d)
        elif isinstance(event, DeviceRestarted):
            if from_extractor and not d.released:
                self._recheck_release(d)  # its events are gone: ask where the ball is
            if not from_extractor and not d.reads:
                self._rearm(d)
        elif isinstance(event, EventsReplayed) and not from_extractor:
            said = [str(e.number) for e in event.events if isinstance(e, BallReadEvent)]
            self._incident(d, "replayed_read", ", ".join(said) or "—")
        elif isinstance(event, EventsLost):
            if not from_extractor and not d.reads and d.released:
                self._rearm(d)
            elif from_extractor and not d.released:
                self._confirm_from_status(d)

    def _incident(self, d: _Draw, reason: HoldReason, detail: str) -> None:
        log.warning("draw %s: %s (%s): the draw will be held", d.number, reason, detail)
        if d.incident is None:
            d.incident = (reason, detail)

    def _reading_checked(self, d: _Draw) -> bool:
        """Whether this draw's reading is final and of the released ball, asked of the devices.

        The reader's STATUS (about 10 ms at 19200 baud) says whether it is done: a reader reads
        once per ARM or REREAD, so idle with no newer event means no second reading is coming
        (this replaces waiting ``settle`` for one). A reading heard before BALL_RELEASED makes
        the host fetch the extractor's events at the same time, on its own line: they describe
        a moment after the reading reached the host, so no BALL_RELEASED among them means the
        ball was not in the tube and the reading cannot be of it (held: ``early_read``).
        """
        asked = None
        if not d.released:
            asked = self._helper().submit(self.extractor.poll_events)
        final = False
        try:
            status = self.reader.status()
        except ProtocolError:
            pass  # the reader cannot say: ``settle`` decides
        else:
            final = status.state == ReaderState.IDLE and status.counter == self.reader.processed()
            if not final:  # still reading (a second look at the ball): ask again shortly
                now = self._clock()
                d.recheck_at = now + self.timing.recheck
                d.settle_until = now + self.timing.read_timeout
        fetched = False
        if asked is not None:
            try:
                asked.result()
                fetched = True
            except ProtocolError as exc:
                log.warning("draw %s: extractor events not fetched: %s", d.number, exc)
        self._take_queued(d)  # anything those exchanges brought in, in order
        if fetched and not d.released and d.reads:
            # No BALL_RELEASED: before calling the reading early, the extractor's STATUS (a
            # restart hides events whose counter the host has already seen; an event lost).
            self._confirm_from_status(d)
            self._take_queued(d)
        if fetched and not d.released and d.reads:
            for read in d.reads:
                self._incident(d, "early_read", str(read.number))
            d.reads.clear()
            d.settle_until = d.confirm_until = None
            d.checked = False
            return False
        return final and d.released

    def _helper(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="ballsource")
        return self._pool

    def _take_queued(self, d: _Draw) -> None:
        while True:
            try:
                notice = self._inbox.get_nowait()
            except queue.Empty:
                return
            self._on_notice(d, notice)

    def _on_fault(self, d: _Draw, device: str, raised: Fault) -> None:
        if raised & Fault.DOUBLE_FEED:
            raise self._irregular(d, "double_feed")
        if device == self.extractor.name and raised & BLOCKING_FAULTS and not d.released:
            raise self._lost(d, device, _fault_reason(raised), ball_in_tube=False)
        if device == self.reader.name and raised & Fault.READER_OPTICS:
            if d.released and not d.reads:
                d.rereads_left = 0
                d.read_deadline = self._clock()  # hold as unreadable: the jefe reads the tube
            elif not d.released:
                raise self._lost(d, device, _fault_reason(raised), ball_in_tube=None)

    def _recheck_release(self, d: _Draw) -> None:
        """The extractor is back before confirming the ball: find out where the ball is."""
        try:
            status = self.extractor.status()
        except ProtocolError:
            return
        expected = self._balls - len(d.drawn)
        if status.state == ExtractorState.RELEASING:
            return  # still on its way: BALL_RELEASED will come
        if status.balls_in_drum == expected - 1 and status.ball_in_tube:
            d.released = True  # it came out; its event was lost with the line
            d.read_deadline = self._clock() + self.timing.read_timeout
        elif status.balls_in_drum == expected:
            log.warning("draw %s: the RELEASE never arrived; sending it again", d.number)
            self._release(d)  # no ball left the drum: asking again cannot release two
        elif status.balls_in_drum > expected:
            self._check_drum(d, status.balls_in_drum)  # drawn balls back in the drum

    def _rearm(self, d: _Draw) -> None:
        try:
            if d.released:
                self.reader.reread(d.number)
            else:
                self.reader.arm(d.number)
        except ProtocolError as exc:
            log.warning("draw %s: re-arming the reader failed: %s", d.number, exc)

    def _confirm_from_status(self, d: _Draw) -> None:
        try:
            status = self.extractor.status()
        except ProtocolError:
            return
        if status.ball_in_tube and status.balls_in_drum == self._balls - len(d.drawn) - 1:
            d.released = True
            d.read_deadline = self._clock() + self.timing.read_timeout

    def _retry(self, d: _Draw, now: float) -> None:
        """Read the ball in the tube again, or give up (the draw is then held as unreadable)."""
        if d.rereads_left <= 0:
            d.rereads_left = 0
            d.read_deadline = now
            return
        d.rereads_left -= 1
        d.reads.clear()
        d.settle_until = None
        d.checked = False
        d.read_deadline = now + self.timing.read_timeout
        try:
            self.reader.reread(d.number)
        except ProtocolError as exc:
            log.warning("draw %s: REREAD failed: %s", d.number, exc)

    def _on_time(
        self, d: _Draw, now: float, operator_sees: Callable[[int], int | None] | None
    ) -> BallRead | BallHeld | None:
        extractor, reader = self.extractor.name, self.reader.name
        grace = self.timing.reconnect_grace
        if extractor in d.offline and not d.released:
            if now - d.offline[extractor] >= grace:
                raise self._lost(d, extractor, "offline", ball_in_tube=True if d.reads else None)
            return None
        if reader in d.offline and d.released and not d.reads:
            if now - d.offline[reader] >= grace:
                return self._hold(d, "unreadable", None, line_lost=True)
            return None
        if d.recheck_at is not None and now >= d.recheck_at:
            d.recheck_at = None
            d.checked = False
        if (d.reads or d.foreign) and not d.checked:
            d.checked = True
            if self._reading_checked(d):
                return self._evaluate(d, self._clock(), operator_sees)
            now = self._clock()
        if not d.released:
            if d.reads and d.confirm_until is not None and now >= d.confirm_until:
                self._confirm_from_status(d)
                if not d.released:
                    raise self._lost(d, extractor, "release_unconfirmed", ball_in_tube=True)
            elif now >= d.release_deadline:
                raise self._lost(d, extractor, "release_unconfirmed", ball_in_tube=None)
            return None
        if (d.reads or d.foreign) and d.settle_until is not None and now >= d.settle_until:
            return self._evaluate(d, now, operator_sees)
        if not d.reads and d.read_deadline is not None and now >= d.read_deadline:
            if d.rereads_left > 0:
                self._retry(d, now)
                return None
            if d.incident is not None:
                return self._incident_hold(d)
            return self._hold(d, "unreadable", None)
        return None

    def _is_known_repeat(self, read: BallReadEvent) -> bool:
        accepted = self._accepted.get(read.draw_number)
        return (
            accepted is not None
            and accepted.number == read.number
            and accepted.ball_id == read.ball_id.hex()
        )

    def _evaluate(
        self, d: _Draw, now: float, operator_sees: Callable[[int], int | None] | None
    ) -> BallRead | BallHeld | None:
        if d.incident is not None:
            return self._incident_hold(d)
        if d.foreign:
            wrong = d.foreign[0]
            return self._hold(d, "wrong_draw", wrong.number, wrong)
        distinct = {(r.number, r.ball_id) for r in d.reads}
        first = d.reads[0]
        if len(distinct) > 1:
            return self._hold(d, "duplicate_read", first.number, first)
        number = first.number
        if not 1 <= number <= self._balls:
            return self._hold(d, "out_of_range", number, first)
        if first.ball_id.hex() in self._partida_ids:
            return self._hold(d, "stale_read", number, first)
        if number in d.drawn:
            return self._hold(d, "already_drawn", number, first)
        scanned_id = self._set_ids.get(number)
        if scanned_id is not None and scanned_id != first.ball_id.hex():
            return self._hold(d, "id_mismatch", number, first)
        if first.confidence < self.timing.min_confidence:
            if d.rereads_left > 0:
                self._retry(d, now)
                return None
            return self._hold(d, "low_confidence", number, first)
        if operator_sees is not None:
            seen = operator_sees(d.number)
            if seen is not None and seen != number:
                return self._hold(d, "operator_mismatch", number, first, seen=seen)
        method = _METHODS.get(first.method, "ocr")
        result = BallRead(d.number, number, first.ball_id.hex(), first.confidence, method)
        self._accept(result)
        return result

    def _incident_hold(self, d: _Draw) -> BallHeld:
        assert d.incident is not None
        reason, detail = d.incident
        read = d.reads[0] if d.reads else None
        return self._hold(d, reason, read.number if read else None, read, said=detail)

    def _accept(self, result: BallRead) -> None:
        self._accepted[result.draw_number] = result
        if result.ball_id:
            self._partida_ids[result.ball_id] = result.number

    def _hold(
        self,
        d: _Draw,
        reason: HoldReason,
        number: int | None,
        read: BallReadEvent | None = None,
        *,
        seen: int | None = None,
        line_lost: bool = False,
        said: str = "",
    ) -> BallHeld:
        """The draw held for the jefe de mesa, with the reason's code and its parameters."""
        self._safe_disarm()
        self._holds[d.number] = (d, read)
        details: dict[str, object] = {
            "other": read.draw_number if read is not None else "?",
            "confidence": read.confidence if read is not None else 0,
        }
        if seen is not None:
            details["seen"] = seen
        if said:
            details["said"] = said
        if line_lost:
            details["line_lost"] = True
        log.warning("draw %s held: %s (%s)", d.number, reason, number)
        return BallHeld(d.number, reason, number, details)

    def _drain(self) -> None:
        """Notices that arrived between draws: stale readings are dropped, faults kept."""
        while True:
            try:
                notice = self._inbox.get_nowait()
            except queue.Empty:
                return
            if isinstance(notice.event, BallReadEvent) and not self._is_known_repeat(notice.event):
                log.warning("reading outside a draw ignored: %s", notice.event)
            elif isinstance(notice.event, EventsReplayed):
                log.warning("%s repeated an old EVENTS reply outside a draw", notice.device)
