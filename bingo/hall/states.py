"""The hall's state, piece by piece: the statuses of a partida and the table of the commands each
allows, the records the fold keeps (sales, claims, awards, partidas, sessions, series, ball sets,
the prima, reclamaciones) and how the statuses and prizes are named for the staff.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from bingo import events as ev
from bingo.cards import CardSet
from bingo.rules import RegionRules
from bingo.terminals import TerminalLimits

BALLS = range(1, 91)


class Status(StrEnum):
    SALE_OPEN = "sale_open"
    SALE_CLOSED = "sale_closed"  # amounts recorded; waiting for the panels (R-ACTA-2)
    READY = "ready"  # data shown on the panels, door closed; the first ball may be drawn
    EXTRACTION = "extraction"
    CLAIM_CHECK = "claim_check"  # game interrupted by a call
    BINGO_CALLED = "bingo_called"  # "¿Alguna línea más? ¿Algún bingo más?"
    SUSPENDED = "suspended"
    CLOSED = "closed"  # no more claims; prizes to pay
    PAID = "paid"
    ANNULLED = "annulled"


FINISHED = (Status.PAID, Status.ANNULLED)
PLAYING = (Status.READY, Status.EXTRACTION, Status.CLAIM_CHECK)

# The states of the partida in which each of the hall's commands may be given: the one table the
# hall's checks (``Hall._need_partida``) and the console's offer (``readmodel.allowed_actions``)
# both read, so they cannot drift apart. Keys are the console's action names.
PARTIDA_ACTIONS: Mapping[str, tuple[Status, ...]] = {
    "sell": (Status.SALE_OPEN,),
    "return_cartones": (Status.SALE_OPEN,),  # unsold cartones back before the close (decision 171)
    "close_sale": (Status.SALE_OPEN,),
    "confirm_data_shown": (Status.SALE_CLOSED,),  # R-ACTA-2
    "draw_ball": PLAYING,
    # Nothing to correct or to claim before the first ball (READY has none).
    "correct_ball": (Status.EXTRACTION, Status.CLAIM_CHECK, Status.BINGO_CALLED),
    "claim": (Status.EXTRACTION, Status.CLAIM_CHECK, Status.BINGO_CALLED),
    "start_manual_extraction": (Status.EXTRACTION, Status.CLAIM_CHECK),  # R-INC-2
    "close_partida": (Status.BINGO_CALLED,),
    "pay_prizes": (Status.CLOSED,),
    "announce_interconnected": (Status.SALE_CLOSED,),  # R-MULTI-1, decision 285
    "settle_interconnected": (Status.CLOSED,),
    "suspend": (Status.SALE_OPEN, Status.SALE_CLOSED, Status.READY),  # R-INC-1
    "resume": (Status.SUSPENDED,),
    "refund_suspended": (Status.SUSPENDED,),
    # From the close of the sale on, READY too (decision 100; R-INC-3, R-INC-4).
    "annul": (*PLAYING, Status.BINGO_CALLED, Status.SALE_CLOSED, Status.SUSPENDED),
}


@dataclass(frozen=True)
class SaleRange:
    series: str
    first: int
    last: int
    electronic: bool
    seller: str = ""  # who handed the block out, "" when not said (issue 9)
    payment: str = "cash"  # how it was paid (R-SALE-4; decision 280)
    terminal: str = ""  # the auxiliary machine it was sold on, "" for none (decision 282)

    @property
    def count(self) -> int:
        return self.last - self.first + 1


@dataclass(frozen=True)
class Claim:
    after_ball: int
    series: str
    number: int
    prize: str
    valid: bool
    reason: str
    completed_at_ball: int
    electronic: bool


@dataclass(frozen=True)
class Award:
    prize: str
    series: str
    number: int
    completed_at_ball: int
    amount_cents: int


@dataclass
class PartidaState:
    session_id: str
    number: int
    started_at: str
    prima_amount_cents: int
    prima_available: bool
    prima_ball_limit: int
    bola_loca_numbers: tuple[int, ...]
    bola_loca_source: str
    status: Status = Status.SALE_OPEN
    sales: list[SaleRange] = field(default_factory=list)
    # cartones returned to the table before the close, each with the seller of the sale it
    # undid (decisions 171, 240)
    returned: list[SaleRange] = field(default_factory=list)
    face_value_cents: int | None = None
    amounts: ev.SaleClosed | None = None
    data_recorded_at: str | None = None  # the sale closed: the acta's "datos" time (R-ACTA-2)
    balls: list[int] = field(default_factory=list)
    ball_sources: list[str] = field(default_factory=list)
    manual_from_ball: int | None = None
    claims: list[Claim] = field(default_factory=list)
    awards: list[Award] = field(default_factory=list)
    incidents: list[ev.IncidentRecorded] = field(default_factory=list)
    # per incident: who asked and who authorised it ("" when not known) (R-ROLE-1)
    incident_people: list[tuple[str, str]] = field(default_factory=list)
    corrections: list[ev.BallCorrected] = field(default_factory=list)
    closing: ev.PartidaClosed | None = None
    refund_cents: int = 0
    annul_reason: str = ""
    annul_people: tuple[str, str] = ("", "")  # who asked, who authorised the annulment
    suspended_from: Status | None = None
    prima_fund_before_cents: int = 0
    bola_loca_fund_before_cents: int = 0
    prima_partidas_accumulated: int = 0
    closed_at: str | None = None
    # per serie, its last cartón sold and that day before this partida sold it: where a serie
    # goes back to when every cartón this partida sold of it is returned (decision 171)
    sold_before: dict[str, tuple[int, str | None]] = field(default_factory=dict)
    # the interconnected prize, when the hall joined it (R-MULTI-1)
    interconnected: ev.InterconnectedAnnounced | None = None
    interconnected_settled: ev.InterconnectedSettled | None = None

    # --- derived facts

    @property
    def awaiting_settlement(self) -> bool:
        """It announced the interconnected prize and is not yet settled against the shared fund:
        none of its prizes is paid, at the table or on a terminal, until it is (Cantabria V.3;
        decision 288). The one rule of every payment of a partida's prizes.
        """
        return self.interconnected is not None and self.interconnected_settled is None

    @property
    def transcribed(self) -> bool:
        """Kept in the manual book while the system was down, and taken back in (R-ACTA-4)."""
        return any(i.incident == "manual_book" for i in self.incidents)

    @property
    def cards_sold(self) -> int:
        return sum(r.count for r in self.sales)

    @property
    def takings_cents(self) -> int:
        return self.cards_sold * (self.face_value_cents or 0)

    @property
    def finished(self) -> bool:
        return self.status in FINISHED

    @property
    def first_valid_line_after(self) -> int | None:
        return next((c.after_ball for c in self.claims if c.valid and c.prize == "line"), None)

    def prima_won_at(self, after_ball: int) -> bool:
        """A valid bingo called with ``after_ball`` balls drawn wins the prima (decision 14)."""
        return self.prima_available and after_ball <= self.prima_ball_limit

    def bola_loca_winners(self) -> list[Claim]:
        """The valid line claims whose completing ball is a bola loca number, else the valid
        bingo claims' (decision 12).
        """
        lucky = set(self.bola_loca_numbers)
        for prize in ("line", "bingo"):
            hit = [
                c
                for c in self.claims
                if c.valid and c.prize == prize and self.balls[c.completed_at_ball - 1] in lucky
            ]
            if hit:
                return hit
        return []

    @property
    def irregular(self) -> bool:
        """A ball or mechanism irregularity stopped it: it can only be annulled (R-INC-3)."""
        return any(i.incident == "ball_irregularity" for i in self.incidents)

    @property
    def valid_bingo(self) -> bool:
        return any(c.valid and c.prize == "bingo" for c in self.claims)

    def sold(self, series: str, number: int) -> SaleRange | None:
        for r in self.sales:
            if r.series == series and r.first <= number <= r.last:
                return r
        return None

    def ranges_of(self, series: str) -> list[SaleRange]:
        return [r for r in self.sales if r.series == series]


@dataclass
class SessionState:
    id: str
    date: str
    opened_at: str
    jefe_de_mesa: str
    jefe_de_sala: str
    ball_checks: list[ev.BallCheckRecorded] = field(default_factory=list)
    partidas: list[PartidaState] = field(default_factory=list)
    last_partida: int | None = None
    closed_at: str | None = None
    ball_set_id: str = ""
    ball_set_homologation: str = ""
    ball_set_partidas_before: int = 0
    rules: RegionRules | None = None  # in force when it opened (they change only between sessions)
    # The recorded limits on auxiliary machines in force (None: none recorded; decision 300).
    terminal_limits: TerminalLimits | None = None
    # Changes of ball set made since the previous session closed: they belong to this one's
    # record (Cantabria II.2: every change in the acta).
    ball_set_changes_before: list[Pending] = field(default_factory=list)
    # Counts of a set changed while the session was open (when "change"): the check, the set
    # it counted, the last partida played before it.
    change_counts: list[tuple[ev.BallCheckRecorded, str, int | None]] = field(default_factory=list)

    @property
    def open(self) -> bool:
        return self.closed_at is None

    @property
    def current(self) -> PartidaState | None:
        """The partida in progress (not yet paid or annulled), if any."""
        if self.partidas and not self.partidas[-1].finished:
            return self.partidas[-1]
        return None


@dataclass
class SerieState:
    code: str
    card_set_id: str
    size: int
    face_value_cents: int
    electronic: bool
    last_sold: int = 0
    last_sold_date: str | None = None


@dataclass
class BallSetState:
    id: str
    homologation: str
    guaranteed_partidas: int
    pneumatic: bool
    partidas_played: int  # including those before it came to this system

    def limit(self, rules: RegionRules) -> int:
        if self.pneumatic:
            return min(self.guaranteed_partidas, rules.ball_set_max_partidas)
        return self.guaranteed_partidas


@dataclass
class PrimaState:
    amount_cents: int = 0  # 0: none chosen yet
    awarded_since_chosen: bool = True  # a new amount may be chosen (R-PRIMA-2)
    fund_cents: int = 0
    ball_limit: int = 50
    partidas_accumulated: int = 0  # closed partidas that fed the fund since the last award


@dataclass
class Reclamacion:
    """A claim about a session, from filing to the day its final resolution was carried out."""

    id: str
    session_id: str
    filed: str
    reference: str
    subject: str
    settled: str | None = None
    note: str = ""


@dataclass(frozen=True)
class Pending:
    """A record-keeping entry outside any partida (prima changes, ball-set changes)."""

    session_id: str | None
    partida: int | None
    at: str
    event: ev.Event
    replaces: str = ""  # a ball-set change: the set taken out ("" for the first one)


CardSetLookup = Callable[[str], CardSet]
# Given a new ball, the electronic cartones (serie, number) whose first line / bingo it completes.
ElectronicCompletions = Callable[[int], tuple[list[tuple[str, int]], list[tuple[str, int]]]]


STATUS_TEXT: dict[Status, str] = {
    Status.SALE_OPEN: "venta abierta",
    Status.SALE_CLOSED: "venta cerrada",
    Status.READY: "datos anunciados, puerta cerrada",
    Status.EXTRACTION: "extracción",
    Status.CLAIM_CHECK: "comprobación de cartón",
    Status.BINGO_CALLED: "bingo cantado: ¿alguna línea más? ¿algún bingo más?",
    Status.SUSPENDED: "suspendida",
    Status.CLOSED: "cerrada, premios por pagar",
    Status.PAID: "premios pagados",
    Status.ANNULLED: "anulada",
}

PRIZE_TEXT = {
    "line": "línea",
    "bingo": "bingo",
    "prima": "prima de bingo",
    "bola_loca": "bola loca",
}
