"""Bingo simultáneo: one partida played at once in several halls linked to a central site
(R-MULTI-2; Cantabria, apartado VI.1; docs/centre.md; decisions 290-294).

The centre keeps the partida's one record; this module is its pure part: how the shared serie
is split into the halls' allotments so that no cartón is sold twice, what each hall sold, the
balls and the winners the centre found with them, and whether a hall's claim stands against
that record. The state is a fold over the centre's events (``SimultaneousState.apply``); the
centre and every hall's copy of the record fold the same events with this same code.

The winners of a ball are found at the centre over every cartón sold in every hall, with the
hall's own completion tracker (``bingo.detect``): a hall's claim is then only a check of the
central record, so a hall that lost its link loses nothing (decision 292).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bingo.ball_count import count_conforms, count_problems
from bingo.errors import DomainError
from bingo.i18n import _
from bingo.money import percent_of, split_equally
from bingo.rights import name_problem
from bingo.rules import RegionRules

# The centre's event kinds (JSON payloads; the record needs no new table for them).
OPENED = "simul.opened"  # the partida, its serie and the halls' allotments
SOLD = "simul.sold"  # a hall sold the next cartones of its allotment
STARTED = "simul.started"  # sales closed: the cartones in play are fixed, balls may come
BALL = "simul.ball"  # a ball drawn at the centre, with the winners it made
CLAIM = "simul.claim"  # a hall's claim and the centre's verdict
LINK = "simul.link"  # a hall linked, lost, or refused (a wrong secret, a replayed message)
CLOSED = "simul.closed"  # the partida ended (its bingo was awarded)
WITHDRAWN = "simul.withdrawn"  # a hall lost before the first ball: its cartones refunded
INCIDENT = "simul.incident"  # the centre's devices failed, or its balls were irregular
BALL_COUNT = "simul.ball_count"  # the centre's count of its 90 balls between partidas (R-BALL-2)
KINDS = frozenset(
    {OPENED, SOLD, STARTED, BALL, CLAIM, LINK, CLOSED, WITHDRAWN, INCIDENT, BALL_COUNT}
)
#: How the centre counted its balls (``BALL_COUNT``'s ``method``), as a hall (decision 43).
COUNT_METHODS = ("reader", "manual", "emulated")

# The centre's incidents (``INCIDENT``'s ``incident``), as a hall's: the extraction goes on by
# hand (R-INC-2), is suspended before its first ball (R-INC-1) until ``resumed``, or is stopped
# for an irregularity of the balls, only to be annulled (R-INC-3).
MANUAL, SUSPENDED, RESUMED, STOPPED = "manual_extraction", "suspended", "resumed", "stopped"
INCIDENTS = (MANUAL, SUSPENDED, RESUMED, STOPPED)
#: How a ball came to the centre's record (``BALL``'s ``source``; none: typed by its table).
BALL_SOURCES = ("extractor", "operator", "manual", "emulated")
#: The ball source and count method of emulated devices (decision 520).
EMULATED = "emulated"

SELLING, DRAWING, FINISHED = "selling", "drawing", "closed"
LINE, BINGO = "line", "bingo"
PRIZES = (LINE, BINGO)

# Verdicts on a claim (codes; the screens word them).
VALID = "valid"
NOT_YOURS = "not_yours"  # the cartón is outside the hall's allotment
NOT_SOLD = "not_sold"  # inside it, but the hall never sold it
NOT_WINNER = "not_winner"  # the central balls do not give it the prize
NOT_PLAYING = "not_playing"  # no ball drawn yet
REFUNDED = "refunded"  # the hall was withdrawn before the first ball (R-INC-1)


def prize_shares(rules: RegionRules) -> tuple[int, int]:
    """The line's and the bingo's basis points in a simultaneous partida: the region's whole
    payout (Cantabria V.1: "el 67 % … en cada partida") is distributed in each partida, and as
    no prima nor bola loca is played in it, their shares go to the bingo (decision 298).
    """
    return rules.line_bp, rules.payout_bp - rules.line_bp


#: Cartones of a strip: the shared serie is made of whole strips (R-CARD-2).
STRIP = 6
#: The most cartones a shared serie holds: what the centre is measured to build and track
#: (docs/centre.md, "Load"); a larger one could never be drawn (decision 361).
MAX_CARTONES = 1_000_000


class SimultaneousError(DomainError):
    """A command the simultaneous partida refuses; ``code`` for the screens, the message for
    the staff.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message, "R-MULTI-2")
        self.code = code


@dataclass(frozen=True, slots=True)
class Allotment:
    """The cartones ``first..last`` of the shared serie, which only ``hall`` may sell."""

    hall: str
    first: int
    last: int

    @property
    def size(self) -> int:
        return self.last - self.first + 1

    def __contains__(self, number: object) -> bool:
        return isinstance(number, int) and self.first <= number <= self.last

    def to_json(self) -> dict[str, Any]:
        return {"hall": self.hall, "first": self.first, "last": self.last}


def allot(requests: Sequence[tuple[str, int]]) -> tuple[Allotment, ...]:
    """Consecutive, disjoint allotments of one serie, in the order asked: cartón numbers are
    never shared, so no cartón can be sold in two halls (decision 291).
    """
    if not requests:
        raise SimultaneousError("no_halls", _("una partida simultánea necesita alguna sala"))
    seen: set[str] = set()
    out: list[Allotment] = []
    first = 1
    for hall, size in requests:
        if not isinstance(hall, str) or name_problem(hall):  # a hall's name on the link
            raise SimultaneousError(
                "bad_allotment", _("{h!r} no es el nombre de una sala del centro").format(h=hall)
            )
        if hall in seen:
            raise SimultaneousError(
                "repeated_hall", _("la sala {h} aparece dos veces").format(h=hall)
            )
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise SimultaneousError(
                "bad_allotment",
                _("la sala {h} necesita un lote de al menos un cartón, no {s!r}").format(
                    h=hall, s=size
                ),
            )
        if first - 1 + size > MAX_CARTONES:
            raise SimultaneousError(
                "serie_too_large",
                _(
                    "la serie compartida tendría más de {m} cartones (la sala {h} pide {s}): "
                    "reduzca los lotes"
                ).format(m=f"{MAX_CARTONES:,}".replace(",", "."), h=hall, s=size),
            )
        seen.add(hall)
        out.append(Allotment(hall, first, first + size - 1))
        first += size
    return tuple(out)


def serie_strips(allotments: Iterable[Allotment]) -> int:
    """Strips the shared serie needs to hold every allotment."""
    total = max((a.last for a in allotments), default=0)
    return -(-total // STRIP)


@dataclass(frozen=True, slots=True)
class Winner:
    number: int
    hall: str


@dataclass
class SimultaneousState:
    """The simultaneous partida as its events say (a fold; the centre's and every hall's)."""

    partida: int = 0
    serie_id: str = ""
    seed: int = 0
    strips: int = 0
    price_cents: int = 0
    status: str = ""
    allotments: dict[str, Allotment] = field(default_factory=dict)
    sold: dict[str, int] = field(default_factory=dict)  # cartones sold from each allotment's first
    balls: list[int] = field(default_factory=list)
    line: tuple[Winner, ...] = ()
    line_ball: int = 0  # extraction at which the line was made (0: not yet)
    bingo: tuple[Winner, ...] = ()
    bingo_ball: int = 0
    claims: int = 0
    line_cents: int = 0  # the prizes, from every hall's takings when the sale closed
    bingo_cents: int = 0
    link_seq: dict[str, int] = field(default_factory=dict)  # last message accepted from a hall
    linked: dict[str, bool] = field(default_factory=dict)
    withdrawn: set[str] = field(default_factory=set)
    manual_from_ball: int | None = None  # the extraction from which balls are drawn by hand
    suspended: bool = False
    irregular: bool = False  # stopped for an irregularity of the balls: only annulled after
    annulled: bool = False
    # the last count of the centre's balls (``BALL_COUNT``'s payload), and whether a conforming
    # one was made since the last partida opened: each partida is counted for (decision 347)
    ball_count: dict[str, Any] | None = None
    counted: bool = False

    # --- the fold ----------------------------------------------------------------------------

    def apply(self, kind: str, payload: Mapping[str, Any]) -> None:
        if kind == OPENED:
            self.partida = int(payload["partida"])
            self.serie_id = str(payload["serie_id"])
            self.seed, self.strips = int(payload["seed"]), int(payload["strips"])
            self.price_cents = int(payload["price_cents"])
            self.allotments = {
                str(a["hall"]): Allotment(str(a["hall"]), int(a["first"]), int(a["last"]))
                for a in payload["allotments"]
            }
            self.sold = dict.fromkeys(self.allotments, 0)
            self.withdrawn = set()
            self.status, self.balls, self.line, self.bingo = SELLING, [], (), ()
            self.line_ball = self.bingo_ball = 0
            self.line_cents = self.bingo_cents = 0
            self.manual_from_ball, self.suspended = None, False
            self.irregular = self.annulled = False
            self.counted = False  # that count is this partida's: the next one is counted again
        elif kind == SOLD:
            self.sold[str(payload["hall"])] += int(payload["count"])
            self._seen(payload)
        elif kind == STARTED:
            self.status = DRAWING
            self.line_cents = int(payload.get("line_cents", 0))
            self.bingo_cents = int(payload.get("bingo_cents", 0))
        elif kind == BALL:
            self.balls.append(int(payload["number"]))
            if payload.get(LINE):
                self.line, self.line_ball = _winners(payload[LINE]), len(self.balls)
            if payload.get(BINGO):
                self.bingo, self.bingo_ball = _winners(payload[BINGO]), len(self.balls)
        elif kind == CLAIM:
            self.claims += 1
            self._seen(payload)
        elif kind == LINK:
            if payload["outcome"] in ("linked", "lost"):
                self.linked[str(payload["hall"])] = payload["outcome"] == "linked"
            self._seen(payload)
        elif kind == CLOSED:
            self.status = FINISHED
            self.annulled = bool(payload.get("annulled"))
        elif kind == INCIDENT:
            incident = payload["incident"]
            if incident == MANUAL:
                self.manual_from_ball = len(self.balls) + 1
            elif incident in (SUSPENDED, RESUMED):
                self.suspended = incident == SUSPENDED
            elif incident == STOPPED:
                self.irregular = True
        elif kind == WITHDRAWN:
            self.withdrawn.add(str(payload["hall"]))
        elif kind == BALL_COUNT:
            self.ball_count = dict(payload)
            self.counted = bool(payload["ok"])

    def _seen(self, payload: Mapping[str, Any]) -> None:
        """A hall's message accepted: its sequence number is the one a later one must pass."""
        if "msg_seq" in payload:
            self.link_seq[str(payload["hall"])] = int(payload["msg_seq"])

    # --- what the centre may record ----------------------------------------------------------

    def sale(self, hall: str, count: int, first: int | None = None) -> dict[str, Any]:
        """The payload of ``hall`` selling its next ``count`` cartones, or the refusal.

        ``first``: the cartón the hall's copy says comes next; a sale sent again after it was
        recorded (its answer lost with the link) no longer starts there and is refused, so a
        retried sale is never applied twice (R-NET-1).
        """
        if self.status != SELLING:
            raise SimultaneousError(
                "not_selling", _("la venta de la partida simultánea está cerrada")
            )
        lot = self.allotments.get(hall)
        if lot is None or hall in self.withdrawn:
            raise SimultaneousError(
                "no_allotment", _("la sala {h} no tiene lote en esta partida").format(h=hall)
            )
        left = lot.size - self.sold[hall]
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= left:
            raise SimultaneousError(
                "allotment_exhausted",
                _("la sala {h} puede vender de 1 a {n} cartones más de su lote, no {c!r}").format(
                    h=hall, n=left, c=count
                ),
            )
        start = lot.first + self.sold[hall]
        if first is not None and first != start:
            raise SimultaneousError(
                "stale_sale",
                _(
                    "la venta no se ha aplicado: la sala {h} va por el cartón {n}, no por el {f} "
                    "(¿ya constaba?); revise lo vendido y repita si hace falta"
                ).format(h=hall, n=start, f=first),
            )
        return {"hall": hall, "count": count, "first": start, "last": start + count - 1}

    def sold_numbers(self) -> list[tuple[str, int, int]]:
        """(hall, first, last) of the cartones each hall sold, in serie order."""
        return [
            (hall, lot.first, lot.first + self.sold[hall] - 1)
            for hall, lot in sorted(self.allotments.items(), key=lambda kv: kv[1].first)
            if self.sold[hall] and hall not in self.withdrawn
        ]

    def unlinked(self) -> list[str]:
        """Halls with cartones in play whose link is down (recorded lost)."""
        return sorted(
            hall
            for hall, count in self.sold.items()
            if count and hall not in self.withdrawn and self.linked.get(hall) is False
        )

    def withdrawal(self, hall: str) -> dict[str, Any]:
        """The payload of withdrawing ``hall`` before the first ball: a failure not resolved
        in time refunds its cartones in full (R-INC-1, decision 292); once a ball is out the
        partida goes on and they stay in play (R-INC-2).
        """
        if self.status != SELLING:
            raise SimultaneousError(
                "already_drawing",
                _("la partida ya empezó: los cartones de la sala siguen en juego (R-INC-2)"),
            )
        if hall not in self.allotments or hall in self.withdrawn:
            raise SimultaneousError(
                "no_allotment", _("la sala {h} no tiene lote en esta partida").format(h=hall)
            )
        return {
            "hall": hall,
            "refunded": self.sold[hall],
            "refund_cents": self.sold[hall] * self.price_cents,
        }

    def may_count(self) -> None:
        """Refuse a count of the balls while a partida is open: they are counted between
        partidas, before the next one opens (decision 347), as a hall counts them before its
        session opens (R-BALL-2).
        """
        if self.status in (SELLING, DRAWING):
            raise SimultaneousError(
                "partida_open",
                _(
                    "las bolas se cuentan entre partidas: la partida simultánea {p} sigue abierta"
                ).format(p=self.partida),
            )

    def ball_count_payload(
        self, numbers: Sequence[int], method: str, condition_ok: bool = True, note: str = ""
    ) -> dict[str, Any]:
        """The payload of a count of the centre's balls (the reader's scan, or by hand), or the
        refusal. One that does not show 1..90 once each in perfect condition is recorded too,
        with the balls missing and repeated named: it opens no partida (decision 22).
        """
        self.may_count()
        if method not in COUNT_METHODS:
            raise SimultaneousError("bad_request", f"recuento desconocido: {method!r}")
        if not condition_ok and not note.strip():
            raise SimultaneousError(
                "bad_request", _("diga qué bolas no están en perfecto estado (R-BALL-2)")
            )
        numbers = [int(n) for n in numbers]
        missing, repeated = count_problems(numbers)  # the hall's rule (bingo.ball_count)
        payload: dict[str, Any] = {
            "after_partida": self.partida,
            "method": method,
            "numbers": numbers,
            "ok": count_conforms(numbers, condition_ok),
            "missing": missing,
            "duplicated": repeated,
            "condition_ok": condition_ok,
        }
        if note.strip():
            payload["note"] = note.strip()
        return payload

    def need_ball_count(self, required: bool = True) -> None:
        """Refuse a partida whose last count since the last partida opened was not conforming,
        and, where the count is ``required`` (a centre with its reader), one not counted since
        (R-BALL-2; decisions 22, 347, 348).
        """
        if self.counted:
            return
        last = self.ball_count
        if last is not None and last.get("after_partida") == self.partida and not last["ok"]:
            raise SimultaneousError(
                "balls_not_conforming",
                _(
                    "el último recuento de bolas no fue correcto (faltan {m}; repetidas {d}{c}): "
                    "cambie el juego de bolas y vuelva a contarlas (R-BALL-2)"
                ).format(
                    m=", ".join(map(str, last["missing"])) or "—",
                    d=", ".join(map(str, last["duplicated"])) or "—",
                    c="" if last["condition_ok"] else f"; {last.get('note', '')}",
                ),
            )
        if not required:
            return
        raise SimultaneousError(
            "balls_not_counted",
            _(
                "antes de abrir la partida simultánea hay que contar las 90 bolas ante el jefe "
                "de sala (R-BALL-2)"
            ),
        )

    def hall_of(self, number: int) -> str | None:
        for lot in self.allotments.values():
            if number in lot:
                return lot.hall
        return None

    def is_sold(self, number: int) -> bool:
        hall = self.hall_of(number)
        return hall is not None and number < self.allotments[hall].first + self.sold[hall]

    def closing(self, rules: RegionRules) -> dict[str, Any]:
        """The payload of closing the sale: the cartones in play and the prizes, the region's
        percentages of the takings of every hall together (decisions 294, 298).
        """
        line_bp, bingo_bp = prize_shares(rules)
        sold = sum(last - first + 1 for _hall, first, last in self.sold_numbers())
        takings = sold * self.price_cents
        return {
            "cards_sold": sold,
            "takings_cents": takings,
            "line_bp": line_bp,
            "bingo_bp": bingo_bp,
            "line_cents": percent_of(takings, line_bp),
            "bingo_cents": percent_of(takings, bingo_bp),
        }

    def may_draw(self, source: str = "") -> None:
        """Refuse a ball the partida cannot take now, from ``source`` (``BALL_SOURCES``; "" the
        table's typed ball, where the centre has no devices): as at a hall, once the extraction
        is manual every ball is drawn by hand, and by hand only after a failure (R-INC-2); none
        while suspended (R-INC-1) or stopped for an irregularity (R-INC-3).
        """
        if self.status != DRAWING:
            raise SimultaneousError(
                "not_drawing",
                _("no se puede extraer: la partida simultánea no está en juego"),
            )
        if self.irregular:
            raise _stopped()
        if self.suspended:
            raise _suspended()
        if self.manual_from_ball is not None and source not in ("manual", ""):
            raise SimultaneousError("manual", _("la partida sigue por extracción manual"))
        if self.manual_from_ball is None and source == "manual":
            raise SimultaneousError(
                "not_manual", _("la partida no sigue por extracción manual (R-INC-2)")
            )

    def check_ball(self, number: int, source: str = "") -> None:
        """Refuse ``number`` from ``source`` before anything sees it (``may_draw``; a number
        already out).
        """
        self.may_draw(source)
        if number in self.balls:
            raise SimultaneousError(
                "repeated_ball",
                _("la bola {n} ya salió (extracción {i})").format(
                    n=number, i=self.balls.index(number) + 1
                ),
            )

    def ball(
        self, number: int, lines: Sequence[int], bingos: Sequence[int], source: str = ""
    ) -> dict[str, Any]:
        """The payload of a ball with the cartones it completed (numbers, from the centre's
        tracker over every cartón sold): the line goes to the cartones of the first ball that
        makes one, the bingo to those of the first ball that makes one, shared among them
        (R-PRIZE-2).
        """
        self.check_ball(number, source)
        payload: dict[str, Any] = {"number": number, "extraction": len(self.balls) + 1}
        if source:
            payload["source"] = source
        for prize, made, amount in (
            (LINE, lines, self.line_cents),
            (BINGO, bingos, self.bingo_cents),
        ):
            if made and not (prize == LINE and self.line_ball):
                payload[prize] = [[n, self.hall_of(n)] for n in sorted(made)]
                # shared equally among the cartones, the cents left over recorded (R-PRIZE-3)
                share, residue = split_equally(amount, len(made))
                payload[f"{prize}_share_cents"], payload[f"{prize}_residue_cents"] = share, residue
        return payload

    def incident(self, incident: str, note: str, duplicated: Sequence[int] = ()) -> dict[str, Any]:
        """The payload of an incident of the centre's draw, or the refusal: the same rules as a
        hall's (manual extraction once a ball is out, R-INC-2; suspension before it, R-INC-1;
        the stop of R-INC-3, after which only the annulment).
        """
        if incident not in INCIDENTS:
            raise SimultaneousError("bad_request", f"incidencia desconocida: {incident!r}")
        if self.status != DRAWING:
            raise SimultaneousError("not_drawing", _("la partida simultánea no está en juego"))
        if self.irregular:
            raise _stopped()
        if incident == RESUMED and not self.suspended:
            raise SimultaneousError("not_suspended", _("la partida no está suspendida"))
        if incident in (MANUAL, SUSPENDED) and self.suspended:
            raise _suspended()
        if incident == MANUAL and not self.balls:
            raise SimultaneousError(
                "no_ball_yet",
                _("sin ninguna bola extraída la partida se suspende, no sigue a mano (R-INC-1)"),
            )
        if incident == MANUAL and self.manual_from_ball is not None:
            raise SimultaneousError("manual", _("la partida ya sigue por extracción manual"))
        if incident == SUSPENDED and self.balls:
            raise SimultaneousError(
                "already_drawing",
                _("con bolas extraídas la partida sigue por extracción manual (R-INC-2)"),
            )
        payload: dict[str, Any] = {
            "partida": self.partida,
            "incident": incident,
            "note": note,
            "extraction": len(self.balls) + 1,
        }
        if duplicated:
            payload["duplicated"] = sorted(int(n) for n in duplicated)
        return payload

    def annulment(self, note: str, authorised_by: str) -> dict[str, Any]:
        """The payload closing a partida stopped for an irregularity (R-INC-3) or suspended
        (R-INC-1) with every hall's cartones in play refunded in full.
        """
        if self.status != DRAWING or not (self.irregular or self.suspended):
            raise SimultaneousError(
                "not_annullable",
                _("solo se anula una partida detenida por irregularidad o suspendida"),
            )
        refunds = {
            hall: (last - first + 1) * self.price_cents for hall, first, last in self.sold_numbers()
        }
        return {
            "partida": self.partida,
            "annulled": STOPPED if self.irregular else SUSPENDED,
            "note": note,
            "authorised_by": authorised_by,
            "refund_cents": refunds,
        }

    def judge(self, hall: str, number: int, prize: str) -> str:
        """The verdict on ``hall``'s claim of ``prize`` with cartón ``number``: the central
        record decides (decision 292).
        """
        lot = self.allotments.get(hall)
        if lot is None or number not in lot:
            return NOT_YOURS
        if hall in self.withdrawn:
            return REFUNDED
        if not self.is_sold(number):
            return NOT_SOLD
        if not self.balls:
            return NOT_PLAYING
        winners = self.line if prize == LINE else self.bingo
        return VALID if any(w.number == number for w in winners) else NOT_WINNER

    def accepts_seq(self, hall: str, seq: int) -> bool:
        """A hall's message counts only with a sequence number above the last one accepted: a
        stale or replayed message is refused (decision 293).
        """
        return seq > self.link_seq.get(hall, 0)


def _stopped() -> SimultaneousError:
    return SimultaneousError(
        "stopped", _("la partida está detenida por una irregularidad de las bolas: solo se anula")
    )


def _suspended() -> SimultaneousError:
    return SimultaneousError(
        "suspended", _("la partida está suspendida: reanúdela cuando vuelvan los aparatos")
    )


def _winners(rows: Iterable[Sequence[Any]]) -> tuple[Winner, ...]:
    return tuple(Winner(int(n), str(h)) for n, h in rows)


def fold(records: Iterable[tuple[str, Mapping[str, Any]]]) -> SimultaneousState:
    state = SimultaneousState()
    for kind, payload in records:
        state.apply(kind, payload)
    return state
