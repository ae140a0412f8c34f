"""The one interface the engine uses to get balls from the devices (extractor + reader).

``DeviceBallSource.draw`` arms the reader, releases one ball and waits for the reading; it never
returns a number that was not checked at the edge. A reading is evidence, not truth: a number out
of range, already drawn, reported for another draw, read twice differently, read from a ball
already drawn (stale), read with low confidence or unreadable, or different from what the
operator sees comes back as ``BallHeld`` for the jefe de mesa, whose reading of the ball prevails
(``resolve_hold``, R-GAME-3). A device lost mid-draw raises ``DeviceLost`` (the console offers
manual extraction of the pending balls, R-INC-2; a ball is never skipped: ``ball_in_tube`` tells
whether one came out, and ``resolve_lost`` records the jefe de mesa's reading of it first); an
irregularity of the ball set or the mechanism raises ``BallSetIrregular`` (the partida is
suspended and annulled, R-INC-3).

The engine calls from one thread at a time; notices from the drivers' threads arrive through a
queue.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from bingo.i18n import _
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
from drivers.extractor import ExtractorDriver
from drivers.link import LinkTiming
from drivers.protocol import (
    BALLS,
    BLOCKING_FAULTS,
    BallReadEvent,
    BallReleasedEvent,
    ExtractorState,
    Fault,
    FaultBit,
    FaultRaisedEvent,
    NakError,
    ProtocolError,
    ReaderState,
    ReadFailedEvent,
    ReadFailure,
    ReadMethod,
)
from drivers.reader import ReaderDriver

if TYPE_CHECKING:
    from drivers.emulators import EmulatedHall, ExtractorModel, ReaderModel

log = logging.getLogger(__name__)

HoldReason = Literal[
    "out_of_range",
    "already_drawn",
    "wrong_draw",
    "operator_mismatch",
    "unreadable",
    "low_confidence",
    "duplicate_read",
    "stale_read",
    "id_mismatch",
    "early_read",
    "replayed_read",
]

_METHODS: Mapping[int, str] = {
    ReadMethod.OCR: "ocr",
    ReadMethod.RFID: "rfid",
    ReadMethod.BARCODE: "barcode",
}


@dataclass(frozen=True, slots=True)
class BallRead:
    draw_number: int
    number: int
    ball_id: str  # 8 hex digits; "" when the jefe de mesa typed a ball the reader never saw
    confidence: int
    method: str  # "ocr" | "rfid" | "barcode" | "operator"


@dataclass(frozen=True, slots=True)
class BallHeld:
    draw_number: int
    reason: HoldReason
    number: int | None  # what the reader said, if it said anything
    message: str  # Spanish, for the jefe de mesa


class DeviceLost(Exception):
    """A device is offline or failed mid-draw: offer manual extraction (R-INC-2).

    The draw number is not used up. ``ball_in_tube`` is False when no ball left the drum, True
    when one did, None when it cannot be known. A ball that did leave the drum is read by the
    jefe de mesa and recorded as this draw's ball (``DeviceBallSource.resolve_lost``) before the
    manual extraction begins. ``pending`` are the balls still to draw (that ball among them, as
    it is not recorded yet).
    """

    def __init__(
        self,
        device: str,
        reason: str,
        message: str,
        *,
        draw_number: int | None = None,
        ball_in_tube: bool | None = False,
        pending: tuple[int, ...] = (),
    ) -> None:
        super().__init__(message)
        self.device = device
        self.reason = reason
        self.message = message
        self.draw_number = draw_number
        self.ball_in_tube = ball_in_tube
        self.pending = pending


class BallSetIrregular(Exception):
    """Missing, duplicated or doubly fed ball, or a set scan that is not 1..90 once each.

    During a partida this is the annulment path (R-INC-3).
    """

    def __init__(
        self,
        reason: str,
        message: str,
        *,
        draw_number: int | None = None,
        missing: tuple[int, ...] = (),
        duplicated: tuple[int, ...] = (),
        scanned: tuple[int, ...] = (),
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.draw_number = draw_number
        self.missing = missing
        self.duplicated = duplicated
        self.scanned = scanned


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


_FAULT_REASONS: Mapping[FaultBit, tuple[str, str]] = {
    FaultBit.NO_AIR: ("no_air", "El extractor no tiene aire."),
    FaultBit.JAM: ("jam", "Atasco en el extractor: la bola no ha llegado al tubo."),
    FaultBit.TUBE_SENSOR: ("tube_sensor", "El sensor del tubo del extractor está bloqueado."),
    FaultBit.DOOR_OPEN: ("door_open", "La puerta del extractor está abierta."),
    FaultBit.READER_OPTICS: ("reader_optics", "La óptica del lector está averiada."),
}


# Faults that stop a device from taking part: the extractor's blocking ones, the reader's optics.
_STOPPING = BLOCKING_FAULTS | Fault.READER_OPTICS


def _fault_reason(faults: Fault) -> tuple[str, str]:
    for bit, text in _FAULT_REASONS.items():
        if faults & (1 << bit):
            return text
    return ("device_fault", "Avería del dispositivo.")


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
                raise BallSetIrregular(
                    "duplicate_ball",
                    _("La bola {number} ya había salido en esta partida: bola duplicada.").format(
                        number=operator_number
                    ),
                    draw_number=d.number,
                    duplicated=(operator_number,),
                )
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
                raise ValueError(f"ball {operator_number} was already drawn this partida")
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
                        self.reader.name,
                        "scan_failed",
                        _("El lector no pudo leer el juego de bolas: {error}").format(error=exc),
                    ) from exc
                if result.complete:
                    break
            assert result is not None
            if not result.complete:
                raise DeviceLost(
                    self.reader.name,
                    "scan_incomplete",
                    _("La lectura del juego de bolas llegó incompleta; repítala."),
                )
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
                    _("Juego de bolas irregular: faltan {missing}; repetidas {duplicated}.").format(
                        missing=", ".join(map(str, missing)) or "—",
                        duplicated=", ".join(map(str, duplicated + extra)) or "—",
                    ),
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
        who = _("lector") if driver is self.reader else _("extractor")
        reason, text = "offline", _("El {device} no responde.").format(device=who)
        if isinstance(exc, NakError):
            faults = driver.faults()
            with contextlib.suppress(ProtocolError):
                faults = driver.status_raw().faults
            reason, text = _fault_reason(faults) if faults & _STOPPING else ("refused", "")
            text = _(text) if text else _("El {device} rechazó la orden.").format(device=who)
        log.warning("%s not ready for the partida (%s): %s", driver.name, reason, exc)
        return DeviceLost(
            driver.name,
            reason,
            text + " " + _("No ha salido ninguna bola: la partida queda suspendida."),
        )

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
        message: str | None = None,
    ) -> DeviceLost:
        who = _("lector") if device == self.reader.name else _("extractor")
        text = message or {
            "offline": _("Se ha perdido la comunicación con el {device}."),
            "refused": _("El {device} rechazó la orden."),
            "restarted": _("El {device} se ha reiniciado durante la extracción."),
            "release_unconfirmed": _("El extractor no confirmó la salida de la bola."),
            "double_feed_flag": _(
                "El extractor sigue señalando doble alimentación sin ninguna bola fuera del"
                " bombo: avería del extractor, no irregularidad de las bolas de esta partida."
            ),
        }.get(reason, _("Avería del {device}.")).format(device=who)
        if ball_in_tube:
            text += " " + _("Hay una bola en el tubo: léala antes de seguir.")
        elif ball_in_tube is None:
            text += " " + _("Compruebe si hay una bola en el tubo.")
        text += " " + _("Puede seguir con extracción manual de las bolas pendientes.")
        log.warning("draw %s: %s lost (%s): %s", d.number, device, reason, detail)
        self._safe_disarm()
        return DeviceLost(
            device,
            reason,
            text,
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
            reason, text = _fault_reason(status.faults)
            raise self._lost(d, self.extractor.name, reason, message=_(text))
        if reader_faults & Fault.READER_OPTICS:
            reason, text = _fault_reason(reader_faults)
            raise self._lost(d, self.reader.name, reason, message=_(text))
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
        """The air is off between balls (the extractor restarted, or stopped it): on again."""
        log.warning("draw %s: the extractor's air is off; turning it on", d.number)
        try:
            self.extractor.air_on()
        except NakError as exc:
            faults = self.extractor.faults()
            with contextlib.suppress(ProtocolError):
                faults = self.extractor.status().faults
            reason, text = _fault_reason(faults if faults & _STOPPING else Fault.NO_AIR)
            raise self._lost(d, self.extractor.name, reason, exc, message=_(text)) from exc
        except ProtocolError as exc:
            raise self._lost(d, self.extractor.name, "offline", exc) from exc

    def _irregular(self, d: _Draw, reason: str, *, count: int | None = None) -> BallSetIrregular:
        expected = self._balls - len(d.drawn)
        text = {
            "double_feed": _("Han salido dos bolas a la vez (doble alimentación)."),
            "missing_ball": _(
                "Faltan bolas en el bombo: el extractor cuenta {count} y deberían quedar"
                " {expected}."
            ),
            "drum_count": _(
                "El extractor cuenta {count} bolas en el bombo y deberían quedar {expected}"
                " ({drawn} ya extraídas): han vuelto al bombo bolas que ya habían salido"
                " (extractor reiniciado o recargado)."
            ),
        }.get(reason, _("Irregularidad en las bolas o el mecanismo."))
        text = text.format(count=count, expected=expected, drawn=len(d.drawn))
        self._safe_disarm()
        return BallSetIrregular(reason, text, draw_number=d.number)

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
                reason, text = _fault_reason(faults)
                raise self._lost(d, self.extractor.name, reason, exc, message=_(text)) from exc
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
            reason, text = _fault_reason(raised)
            raise self._lost(d, device, reason, message=_(text), ball_in_tube=False)
        if device == self.reader.name and raised & Fault.READER_OPTICS:
            if d.released and not d.reads:
                d.rereads_left = 0
                d.read_deadline = self._clock()  # hold as unreadable: the jefe reads the tube
            elif not d.released:
                reason, text = _fault_reason(raised)
                raise self._lost(d, device, reason, message=_(text), ball_in_tube=None)

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
                note = _("Se ha perdido la comunicación con el lector.")
                return self._hold(d, "unreadable", None, note=note)
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
        note: str = "",
        said: str = "",
    ) -> BallHeld:
        self._safe_disarm()
        self._holds[d.number] = (d, read)
        texts: dict[str, str] = {
            "out_of_range": _("El lector leyó {number}, fuera de 1–90."),
            "already_drawn": _("El lector leyó {number}, que ya ha salido en esta partida."),
            "wrong_draw": _(
                "El lector dio la lectura {number} para la extracción {other}, no para la {draw}."
            ),
            "operator_mismatch": _("El lector leyó {number} pero la mesa ve el {seen}."),
            "unreadable": _("El lector no ha podido leer la bola."),
            "low_confidence": _("Lectura dudosa del lector: {number} (confianza {confidence} %)."),
            "duplicate_read": _("El lector dio dos lecturas distintas de la misma bola."),
            "stale_read": _("El lector volvió a leer una bola que ya había salido ({number})."),
            "id_mismatch": _(
                "El lector leyó {number}, pero el código de la bola no es el de la {number}"
                " del juego revisado."
            ),
            "early_read": _(
                "El lector dio una lectura ({said}) antes de que saliera la bola; no se toma."
            ),
            "replayed_read": _(
                "El lector repitió una respuesta antigua (su contador de avisos no avanzó;"
                " lectura repetida: {said}); no se toma."
            ),
        }
        message = texts[reason].format(
            number=number,
            seen=seen,
            draw=d.number,
            other=read.draw_number if read is not None else "?",
            confidence=read.confidence if read is not None else 0,
            said=said,
        )
        if note:
            message = f"{message} {note}"
        message += " " + _("Partida detenida: lea la bola del tubo e introduzca su número.")
        log.warning("draw %s held: %s (%s)", d.number, reason, number)
        return BallHeld(d.number, reason, number, message)

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


# --------------------------------------------------------------------------- emulated hall


@dataclass
class EmulatedSession:
    """An emulated extractor and reader on ptys, their drivers and the ball source."""

    source: DeviceBallSource
    hall: EmulatedHall
    extractor: ExtractorDriver
    reader: ReaderDriver

    def stop(self) -> None:
        self.source.close()


def start_emulated_session(
    seed: int,
    scenario: str | Path | Iterable[Mapping[str, Any]] | None = None,
    *,
    link_timing: LinkTiming | None = None,
    draw_timing: DrawTiming | None = None,
    extractor_model: ExtractorModel | None = None,
    reader_model: ReaderModel | None = None,
    traffic_dir: str | Path | None = None,
    silence_stop: float = 2.0,
    tcp: bool = False,
    drawn: Iterable[int] = (),
) -> EmulatedSession:
    """Emulators on ptys or TCP ports (in-process hub thread) and real drivers over them.

    ``drawn`` are the balls the record says are out in the partida in play: started again
    mid-partida, the emulated machine has them in its rack, not in its drum (the record is the
    truth), so no ball drawn can come out a second time (decision 68).
    """
    import serial

    from drivers.emulators import start_emulators

    hall = start_emulators(
        ("extractor", "reader"),
        seed=seed,
        scenario=scenario,
        extractor_model=extractor_model,
        reader_model=reader_model,
        silence_stop=silence_stop,
        tcp_port=0 if tcp else None,
    )
    out = set(drawn)
    if out:
        with hall.hub.lock:
            machine = hall.machine
            machine.rack = [b for b in machine.drum if b.number in out]
            machine.drum = [b for b in machine.drum if b.number not in out]
    if draw_timing is None and extractor_model is not None:
        draw_timing = DrawTiming(mixing_time=extractor_model.mixing_time)

    def opener(name: str) -> Callable[[], Any]:
        def open_port() -> Any:
            url = hall.devices[name].url
            if url is None:
                raise OSError(f"emulated {name} unplugged")
            return serial.serial_for_url(url, baudrate=19200, timeout=0.03)

        return open_port

    def traffic(name: str) -> Path | None:
        return Path(traffic_dir) / f"{name}.log" if traffic_dir is not None else None

    drivers: list[DeviceDriver] = []
    try:
        extractor = ExtractorDriver(
            opener("extractor"), timing=link_timing, traffic_log=traffic("extractor")
        )
        drivers.append(extractor.open())
        reader = ReaderDriver(opener("reader"), timing=link_timing, traffic_log=traffic("reader"))
        drivers.append(reader.open())
    except BaseException:
        for driver in drivers:
            driver.close()
        hall.stop()
        raise
    source = DeviceBallSource(extractor, reader, timing=draw_timing, owns_drivers=True)
    source._stopper = hall.stop
    return EmulatedSession(source, hall, extractor, reader)


def open_emulated_devices(
    seed: int,
    scenario: str | Path | Iterable[Mapping[str, Any]] | None = None,
    **options: Any,
) -> tuple[DeviceBallSource, Callable[[], None]]:
    """Start an emulated extractor and reader and return the ball source and its stopper."""
    session = start_emulated_session(seed, scenario, **options)
    return session.source, session.stop


def open_serial_devices(
    extractor_port: str,
    reader_port: str,
    *,
    baud: int = 19200,
    traffic_dir: str | Path | None = None,
    link_timing: LinkTiming | None = None,
    draw_timing: DrawTiming | None = None,
) -> tuple[DeviceBallSource, Callable[[], None]]:
    """Drivers for the hall's real extractor and reader on their serial lines.

    A port is a device path (``/dev/ttyUSB0``, ``COM3``) or any pyserial URL
    (``socket://host:port``, ``spy:///dev/ttyUSB0`` for field debugging). Each driver reopens
    its port by itself after a disconnection.
    """
    import serial

    def opener(port: str) -> Callable[[], Any]:
        def open_port() -> Any:
            return serial.serial_for_url(port, baudrate=baud, timeout=0.03)

        return open_port

    def traffic(name: str) -> Path | None:
        return Path(traffic_dir) / f"{name}.log" if traffic_dir is not None else None

    extractor = ExtractorDriver(
        opener(extractor_port), timing=link_timing, traffic_log=traffic("extractor")
    )
    extractor.open()
    try:
        reader = ReaderDriver(
            opener(reader_port), timing=link_timing, traffic_log=traffic("reader")
        )
        reader.open()
    except BaseException:
        extractor.close()
        raise
    source = DeviceBallSource(extractor, reader, timing=draw_timing, owns_drivers=True)
    return source, source.close
