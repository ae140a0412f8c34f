"""The draw policy: how a ball from the devices, or one they could not vouch for, enters the record.

The devices are behind one port, ``BallSource`` (``drivers.ballsource.DeviceBallSource`` is the
hall's; a test may use any real implementation). What they say comes back as CODES with their
parameters (``BallHeld.reason``, ``DeviceLost.reason``, ``BallSetIrregular.reason``): the words
are the edge's (the console, the headless run, the actas), which renders them from one catalogue.

The policy, written once for the console and the headless run (the server, ``simulate``):

* a ball the devices vouch for is recorded as drawn; one already out is ``DuplicateBall``, an
  irregularity of the balls: the partida stops with it recorded (R-INC-3);
* a ball they hold is read by the jefe de mesa, whose reading prevails and is recorded with the
  hold that says why (R-GAME-3, Cantabria III párr. 9);
* a device lost with a ball out of the drum (or maybe out): the jefe de mesa reads the tube and
  that ball is recorded first; then the partida goes on by manual extraction of the pending balls
  (R-INC-2), or is suspended if no ball has come out yet (R-INC-1) — what follows is returned, for
  the edge to do after the jefe de sala has read the paragraph (R-INC-5) or at once when nobody
  is at the table;
* an irregular ball set or mechanism stops the partida (R-INC-3).

A typed number may be a slip: a reading of a ball already drawn is asked again (with why), and the
same number given twice is taken as read. The policy is used step by step (the console draws on
its worker and takes the reading in its window) or whole, with a reading callback
(``DrawPolicy.draw_next``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from bingo.errors import DomainError, DuplicateBall
from bingo.hall import Status

__all__ = [
    "AskTable",
    "BallHeld",
    "BallNotRead",
    "BallRead",
    "BallSetIrregular",
    "BallSource",
    "DeviceDown",
    "DeviceLost",
    "DrawHall",
    "DrawPolicy",
    "DrawRecord",
    "Drawn",
    "DrawnPartida",
    "DuplicateBall",
    "Note",
    "Outcome",
    "Stopped",
]

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

# Why a device cannot take part: the line (offline, refused, restarted...), a fault the device
# reports (the protocol's fault bits), or the reader's count of the set.
LOST_REASONS = (
    "offline",
    "refused",
    "restarted",
    "release_unconfirmed",
    "double_feed_flag",
    "no_air",
    "jam",
    "tube_sensor",
    "door_open",
    "reader_optics",
    "device_fault",
    "scan_failed",
    "scan_incomplete",
)

# Irregularities of the balls or the mechanism (R-INC-3), and of the set's count (R-BALL-2).
IRREGULAR_REASONS = ("double_feed", "missing_ball", "drum_count", "set_scan", "mechanism")


@dataclass(frozen=True, slots=True)
class BallRead:
    """A ball vouched for: by the devices, or by the jefe de mesa (``method`` "operator")."""

    draw_number: int
    number: int
    ball_id: str  # 8 hex digits; "" when the jefe de mesa typed a ball the reader never saw
    confidence: int
    method: str  # "ocr" | "rfid" | "barcode" | "operator"


@dataclass(frozen=True)
class BallHeld:
    """A reading the devices could not vouch for: the jefe de mesa reads the ball (R-GAME-3).

    ``details``: what the words need besides the number (``seen``, ``other``, ``confidence``,
    ``said``, and ``line_lost`` when the reader was lost before reading).
    """

    draw_number: int
    reason: HoldReason
    number: int | None  # what the reader said, if it said anything
    details: Mapping[str, object] = field(default_factory=dict)


class DeviceLost(Exception):
    """A device is offline or failed: it cannot take part (R-INC-1, R-INC-2).

    ``draw_number`` None: lost before the partida's first release (``return_all``) or during the
    set's count (``scan_set``), no ball out. Else the draw number is not used up;
    ``ball_in_tube`` is False when no ball left the drum, True when one did, None when it cannot
    be known. ``pending`` are the balls still to draw (a ball out among them: it is not recorded
    yet). ``device`` is "extractor" or "reader"; ``details`` the parameters of the words
    (``error`` for a failed count).
    """

    def __init__(
        self,
        device: str,
        reason: str,
        *,
        draw_number: int | None = None,
        ball_in_tube: bool | None = False,
        pending: tuple[int, ...] = (),
        details: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(f"{device}: {reason}")
        self.device = device
        self.reason = reason
        self.draw_number = draw_number
        self.ball_in_tube = ball_in_tube
        self.pending = pending
        self.details: Mapping[str, object] = details or {}


class BallSetIrregular(Exception):
    """A ball doubly fed, missing or back in the drum, or a set count that is not 1..90 once
    each. During a partida this is the annulment path (R-INC-3); at a count, the set is not
    conforming (R-BALL-2). ``details``: ``count``, ``expected``, ``drawn`` of the drum.
    """

    def __init__(
        self,
        reason: str,
        *,
        draw_number: int | None = None,
        missing: tuple[int, ...] = (),
        duplicated: tuple[int, ...] = (),
        scanned: tuple[int, ...] = (),
        details: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.draw_number = draw_number
        self.missing = missing
        self.duplicated = duplicated
        self.scanned = scanned
        self.details: Mapping[str, object] = details or {}


class BallNotRead(DomainError):
    """A ball left the drum and nobody at the table can read it: the partida stays held.

    Going on would skip it or invent one: the manual extraction may use only the balls still in
    the drum (R-INC-2), and which one is out is known only by reading it (R-GAME-3).
    ``draw_number`` and ``cause`` (the hold or the lost device) are for the edge's words.
    """

    def __init__(self, draw_number: int, cause: BallHeld | DeviceLost, words: str = "") -> None:
        rule = "R-GAME-3" if isinstance(cause, BallHeld) else "R-INC-2"
        super().__init__(words or f"extracción {draw_number}: bola sin leer", rule)
        self.draw_number = draw_number
        self.cause = cause


TableCheck = Callable[[int], int | None]


class BallSource(Protocol):
    """The port to the devices that give the balls (extractor and reader)."""

    def draw(
        self, draw_number: int, drawn: frozenset[int], operator_sees: TableCheck | None = None
    ) -> BallRead | BallHeld:
        """Release one ball and read it; ``BallHeld`` when the reading cannot be vouched for.

        Raises ``DeviceLost`` or ``BallSetIrregular``. ``operator_sees`` is the table's own
        check of every reading (a mismatch is held), when the table keeps one.
        """
        ...

    def return_all(self) -> None:
        """Every ball back in the drum for a new partida; ``DeviceLost`` if a device cannot."""
        ...

    def resolve_hold(self, held: BallHeld, operator_number: int) -> BallRead:
        """The jefe de mesa's reading of a held ball; ``DuplicateBall`` for one already out,
        ``ValueError`` for a number that is no ball.
        """
        ...

    def resolve_lost(self, lost: DeviceLost, operator_number: int) -> BallRead:
        """The jefe de mesa's reading of the ball that left the drum before the device was lost;
        ``DuplicateBall`` for one already out, ``ValueError`` for a number that is no ball.
        """
        ...

    def scan_set(self) -> list[int]:
        """The reader's count of the whole set (R-BALL-2); ``BallSetIrregular`` if it is not
        1..90 once each, ``DeviceLost`` if the reader cannot count.
        """
        ...


class DrawnPartida(Protocol):
    """The partida in play as the policy reads it: a hall's (``bingo.hall.PartidaState``) or the
    centre's simultaneous partida (``app.centre.draws``).
    """

    @property
    def session_id(self) -> str: ...
    @property
    def number(self) -> int: ...
    @property
    def balls(self) -> Sequence[int]: ...
    @property
    def status(self) -> Status: ...
    @property
    def manual_from_ball(self) -> int | None: ...
    @property
    def irregular(self) -> bool: ...


class DrawHall(Protocol):
    @property
    def partida(self) -> DrawnPartida | None: ...

    def ball_in_tube_is_new(self, seen: int | None, known_out: bool | None) -> bool: ...


class DrawRecord(Protocol):
    """The record the policy writes the balls into: a hall's ``bingo.service.HallService``, or
    the centre's record of a simultaneous partida, which draws by the same rules (R-MULTI-2).
    """

    @property
    def hall(self) -> DrawHall: ...

    def draw_ball(self, number: int, source: str = ..., ball_id: str = ...) -> object: ...

    def draw_operator_ball(
        self, number: int, ball_id: str, hold_note: str, incident: str = ...
    ) -> object: ...

    def draw_manual(self) -> int: ...

    def stop_for_ball_irregularity(self, note: str, duplicated: Sequence[int] = ...) -> None: ...


# ------------------------------------------------------------------------------- outcomes


@dataclass(frozen=True)
class Note:
    """An incident note the policy records, as its cause and parameters: the edge words it.

    ``code``: ``reader_hold`` (a held ball read by the jefe de mesa), ``ball_in_tube`` (the ball
    out when a device was lost), ``irregular`` (the stop of R-INC-3), ``device_lost`` (the note
    of the manual extraction or the suspension that follows a lost device).
    """

    code: Literal["reader_hold", "ball_in_tube", "irregular", "device_lost"]
    draw_number: int
    cause: BallHeld | DeviceLost | BallSetIrregular | DuplicateBall | None = None
    number: int | None = None  # the ball the jefe de mesa read (or the duplicated one)
    no_ball: bool = False  # the jefe de mesa saw no ball come out
    then: Literal["", "manual", "suspend", "none"] = ""  # what follows a lost device


Words = Callable[[Note], str]


@dataclass(frozen=True)
class Drawn:
    """A ball recorded: by the devices, read by the jefe de mesa, or by manual extraction."""

    number: int
    how: Literal["devices", "table", "manual"]


@dataclass(frozen=True)
class AskTable:
    """The jefe de mesa must read the ball: held, or out of the drum when a device was lost.

    ``problem`` says why it is asked again: ``already_drawn`` (``previous`` already came out),
    ``last_ball`` (``previous`` is the last ball drawn, maybe still in the tube), ``no_ball``
    (``previous`` is no ball of the set).
    """

    draw_number: int
    cause: BallHeld | DeviceLost
    problem: Literal["", "already_drawn", "last_ball", "no_ball"] = ""
    previous: int | None = None

    @property
    def held(self) -> bool:
        return isinstance(self.cause, BallHeld)


@dataclass(frozen=True)
class Stopped:
    """The partida stopped for an irregularity of the balls, recorded (R-INC-3); only its
    annulment with refund may follow (after the paragraph is read, R-INC-5).
    """

    cause: BallSetIrregular | DuplicateBall
    note: str


@dataclass(frozen=True)
class DeviceDown:
    """A device was lost; any ball out is recorded (``tube``). What follows (``then``):
    ``manual`` extraction of the pending balls (R-INC-2), ``suspend`` (no ball yet, R-INC-1),
    or ``none`` (that ball ended the extraction). ``note`` is the incident's, in the record's
    words.
    """

    lost: DeviceLost
    then: Literal["manual", "suspend", "none"]
    note: str
    tube: int | None = None


Outcome = Drawn | AskTable | Stopped | DeviceDown

# What a draw step brings back from the devices, exceptions as values (from the worker thread).
Taken = BallRead | BallHeld | DeviceLost | BallSetIrregular


class DrawPolicy:
    """The one draw policy, over a record (a hall's service, the centre's) and a ball source
    (see the module).
    """

    def __init__(self, service: DrawRecord, source: BallSource, words: Words) -> None:
        self.service = service
        self.source = source
        self.words = words
        self._partida: tuple[str, int] | None = None
        self._returned = False  # the balls are back in the drum for the partida in play

    # --------------------------------------------------------------- the devices (blocking)

    def new_partida(self) -> bool:
        """Whether the partida in play is new to this policy (the technician's visit may
        come first); a partida restarted mid-way keeps the drum as it is.
        """
        partida = self._playing()
        key = (partida.session_id, partida.number)
        if key == self._partida:
            return False
        self._partida = key
        self._returned = bool(partida.balls)
        return True

    def take(self, check: TableCheck | None = None) -> Taken:
        """Get the next ball from the devices (blocking: seconds). Every ball goes back to the
        drum first for a new partida. Exceptions of the devices come back as values.
        """
        partida = self._playing()
        self.new_partida()
        try:
            if not self._returned:
                self.source.return_all()
                self._returned = True
            return self.source.draw(len(partida.balls) + 1, frozenset(partida.balls), check)
        except (DeviceLost, BallSetIrregular) as exc:
            return exc

    # --------------------------------------------------------------- into the record

    def record(self, taken: Taken) -> Outcome:
        """What the devices gave, into the record (or what the jefe de mesa must read)."""
        partida = self._playing()
        index = len(partida.balls) + 1
        if isinstance(taken, DeviceLost):
            return self.lost(taken)
        if isinstance(taken, BallSetIrregular):
            return self.stop(taken, Note("irregular", taken.draw_number or index, taken))
        if isinstance(taken, BallHeld):
            return AskTable(taken.draw_number, taken)
        try:
            self.service.draw_ball(taken.number, "extractor", taken.ball_id)
        except DuplicateBall as dup:  # the devices vouched for a ball already out
            return self.stop(dup, Note("irregular", index, dup, dup.number))
        return Drawn(taken.number, "devices")

    def lost(self, lost: DeviceLost) -> Outcome:
        """A device lost: the ball that may be out is read first (Cantabria II.1.b párr. 2)."""
        if lost.draw_number is not None and lost.ball_in_tube is not False:
            return AskTable(lost.draw_number, lost)
        return self._after_lost(lost, None, no_ball=False)

    def answer(self, ask: AskTable, number: int | None) -> Outcome:
        """The jefe de mesa's reading for ``ask``: None is "no ball came out" (a lost device
        only; a held ball is out by definition, so None leaves it held: ``BallNotRead``).
        """
        cause = ask.cause
        if isinstance(cause, BallHeld):
            if number is None:
                raise BallNotRead(ask.draw_number, cause)
            return self._held_read(ask, cause, number)
        return self._tube_read(ask, cause, number)

    def stop(self, cause: BallSetIrregular | DuplicateBall, note: Note) -> Stopped:
        """R-INC-3: the partida stops now, with the incident and any duplicated ball recorded."""
        text = self.words(note)
        partida = self._playing()
        if not partida.irregular:
            duplicated = (cause.number,) if isinstance(cause, DuplicateBall) else cause.duplicated
            self.service.stop_for_ball_irregularity(text, duplicated)
        return Stopped(cause, text)

    # --------------------------------------------------------------- whole, with a reader

    def draw_next(
        self, reads: Callable[[AskTable], int | None] | None, check: TableCheck | None = None
    ) -> Outcome:
        """Draw one ball and record it, asking ``reads`` whatever the devices cannot vouch for
        (None: nobody at the table, and a ball nobody can read raises ``BallNotRead``).
        Returns the final outcome: ``Drawn``, ``Stopped`` or ``DeviceDown``.
        """
        partida = self._playing()
        if partida.manual_from_ball is not None:
            return Drawn(self.service.draw_manual(), "manual")
        outcome = self.record(self.take(check))
        while isinstance(outcome, AskTable):
            if reads is None:
                raise BallNotRead(outcome.draw_number, outcome.cause)
            outcome = self.answer(outcome, reads(outcome))
        return outcome

    # --------------------------------------------------------------- the rules

    def _held_read(self, ask: AskTable, held: BallHeld, number: int) -> Outcome:
        try:
            read = self.source.resolve_hold(held, number)
        except ValueError:
            return AskTable(ask.draw_number, held, "no_ball", number)
        except DuplicateBall as dup:
            if ask.previous != number:  # a slip of the hand is read again
                return AskTable(ask.draw_number, held, "already_drawn", number)
            return self.stop(dup, Note("reader_hold", ask.draw_number, held, number))
        note = self.words(Note("reader_hold", ask.draw_number, held, read.number))
        try:
            # The ball and the hold that says why the jefe de mesa read it go in together (the
            # acta shows both: Cantabria III, "prevalecerá ... el que figure en la bola").
            self.service.draw_operator_ball(read.number, read.ball_id, note)
        except DuplicateBall as dup:
            return self.stop(dup, Note("reader_hold", ask.draw_number, held, read.number))
        return Drawn(read.number, "table")

    def _tube_read(self, ask: AskTable, lost: DeviceLost, seen: int | None) -> Outcome:
        hall = self.service.hall
        try:
            new = hall.ball_in_tube_is_new(seen, lost.ball_in_tube)
        except DuplicateBall as dup:
            if ask.previous != seen:  # a slip of the hand is read again
                return AskTable(ask.draw_number, lost, "already_drawn", seen)
            return self.stop(dup, Note("ball_in_tube", ask.draw_number, lost, dup.number))
        if seen is not None and not new:
            # The last ball drawn, still in the tube: said twice, no new ball came out.
            if ask.previous != seen:
                return AskTable(ask.draw_number, lost, "last_ball", seen)
            return self._after_lost(lost, None, no_ball=True)
        if seen is None:
            return self._after_lost(lost, None, no_ball=True)
        try:
            read = self.source.resolve_lost(lost, seen)
        except ValueError:
            return AskTable(ask.draw_number, lost, "no_ball", seen)
        note = self.words(Note("ball_in_tube", ask.draw_number, lost, read.number))
        self.service.draw_operator_ball(read.number, read.ball_id, note, "ball_in_tube")
        return self._after_lost(lost, read.number, no_ball=False)

    def _after_lost(self, lost: DeviceLost, tube: int | None, *, no_ball: bool) -> DeviceDown:
        partida = self._playing()
        index = lost.draw_number or len(partida.balls) + 1
        then: Literal["manual", "suspend", "none"] = "manual"
        if not partida.balls:
            then = "suspend"
        elif partida.status not in (Status.EXTRACTION, Status.CLAIM_CHECK):
            then = "none"  # that ball completed a bingo: no more extraction
        note = self.words(Note("device_lost", index, lost, tube, no_ball, then))
        return DeviceDown(lost, then, note, tube)

    def _playing(self) -> DrawnPartida:
        partida = self.service.hall.partida
        if partida is None:
            raise DomainError("no hay partida en juego")
        return partida
