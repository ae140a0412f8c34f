"""The acta as plain data: frozen dataclasses holding every compulsory field of the acta
(regulation section IV.4, R-ACTA-3, R-PRIMA-5, R-BALL-1/2, R-INC-*), as ``actas.builder``
builds them from the record and the renderer, sealing and receipts read them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

PartidaStatus = Literal["closed", "annulled", "open"]
PRIZE_ORDER: tuple[str, ...] = ("line", "bingo", "bola_loca", "prima", "interconnected")
FORMAT = "bingo-session/1"


class ActaDataError(ValueError):
    """The export cannot give an acta (wrong format, unknown session...); message in Spanish."""


@dataclass(frozen=True, slots=True)
class SaleRange:
    series: str
    first: int
    last: int
    kind: str  # "physical" | "electronic"

    @property
    def count(self) -> int:
        return self.last - self.first + 1


@dataclass(frozen=True, slots=True)
class Winner:
    series: str
    number: int
    ball_index: int  # 1-based extraction index of the completing ball
    ball_number: int | None  # the number on that ball (None if the balls are missing)
    share_cents: int


@dataclass(frozen=True, slots=True)
class PrizeResult:
    prize: str  # line | bingo | bola_loca | prima | interconnected
    amount_cents: int  # the whole prize to share
    winners: tuple[Winner, ...]
    residue_cents: int

    @property
    def paid_cents(self) -> int:
        """Net amount paid out: the sum of the shares (R-PRIZE-3)."""
        return sum(w.share_cents for w in self.winners)


@dataclass(frozen=True, slots=True)
class PrimaChange:
    partida: int | None  # None: announced at the opening of the session
    amount_cents: int
    at: str


@dataclass(frozen=True, slots=True)
class PrimaLedger:
    amount_cents: int
    available: bool
    ball_limit: int
    fund_before_cents: int
    deduction_cents: int
    fund_after_cents: int
    partidas_accumulated: int
    awarded: bool
    award_ball_index: int | None
    award_ball_number: int | None


@dataclass(frozen=True, slots=True)
class BolaLocaLedger:
    numbers: tuple[int, ...]
    fund_before_cents: int
    deduction_cents: int
    fund_after_cents: int
    source: str
    won: bool


@dataclass(frozen=True, slots=True)
class Interconnected:
    network: str
    amount_cents: int  # the fund announced when the sale closed
    ball_limit: int | None
    partidas_accumulated: int | None
    # this hall's settlement with the shared ledger (None until the partida is settled)
    available: bool | None = None
    fund_before_cents: int | None = None
    contribution_cents: int | None = None
    fund_after_cents: int | None = None
    ledger_txid: str = ""
    # False: a partida started in the manual book, whose fund was never announced to its
    # players: it contributes and cannot win (decision 302)
    announced: bool = True


@dataclass(frozen=True, slots=True)
class Claim:
    after_ball: int
    series: str
    number: int
    kind: str
    valid: bool


@dataclass(frozen=True, slots=True)
class Incident:
    kind: str
    after_ball: int
    note: str
    paragraph: str = ""  # the regulation paragraph the jefe de sala read (R-INC-5)
    at: str | None = None  # when it was recorded (None: the export has no records)
    # how it ended (see actas.timeline.Outcome): resumed, annulled, manual, transcribed,
    # continued, pending; "" when unknown
    outcome: str = ""
    outcome_at: str | None = None
    outcome_note: str = ""
    outcome_ball: int | None = None
    asked_by: str = ""  # who asked for it, and the jefe de sala who authorised it (R-ROLE-1)
    authorised_by: str = ""

    @property
    def paragraph_ref(self) -> str:
        """The paragraph's reference (``II.1.b, párrafo 1``) without its quoted text."""
        return self.paragraph.split("«", 1)[0].strip().rstrip(":").strip()


@dataclass(frozen=True, slots=True)
class BallSetChange:
    partida: int | None  # the partida it followed; None before the session's first partida
    ball_set_id: str
    homologation: str
    partidas_before: int
    reason: str
    at: str
    previous_id: str = ""  # the set it replaced ("" for the hall's first set, or unknown)
    previous_homologation: str = ""
    between_sessions: bool = False  # made since the previous session closed (R-BALL-1)


@dataclass(frozen=True, slots=True)
class BallCheck:
    when: str  # open | close | change (a set changed while the session was open, R-BALL-2)
    count: int
    complete: bool  # every number 1..90 exactly once
    ok: bool
    note: str = ""  # what the jefe de mesa noted on balls not in perfect condition
    ball_set_id: str = ""  # a change's count: the new set counted
    after_partida: int | None = None  # a change's count: the last partida played before it


@dataclass(frozen=True, slots=True)
class PartidaBlock:
    number: int
    status: PartidaStatus
    card_set: str
    face_value_cents: int
    sales: tuple[SaleRange, ...]
    cards_sold: int
    takings_cents: int
    line_prize_cents: int
    bingo_prize_cents: int
    prima: PrimaLedger | None
    bola_loca: BolaLocaLedger | None
    interconnected: Interconnected | None
    prizes: tuple[PrizeResult, ...]  # empty while open and when annulled
    balls: tuple[int, ...]  # empty while open
    manual_from_ball: int | None
    claims: tuple[Claim, ...]
    incidents: tuple[Incident, ...]
    refund_cents: int
    annul_reason: str
    transcribed: bool
    transcribed_at: str | None  # when it was taken back from the manual book
    recorded_at: str | None
    closed_at: str | None
    last_announced: bool
    ball_set_changes: tuple[BallSetChange, ...]
    prima_changes: tuple[PrimaChange, ...]

    @property
    def series(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(s.series for s in self.sales))

    @property
    def net_to_pay_cents(self) -> int:
        return sum(p.paid_cents for p in self.prizes)

    def prize(self, name: str) -> PrizeResult | None:
        return next((p for p in self.prizes if p.prize == name), None)


@dataclass(frozen=True, slots=True)
class GameInfo:
    """The definition of another modality (bingo derivado, bingo plus; R-MULTI-4) as played."""

    id: str
    version: str
    sha256: str
    modality: str  # plus | derivado
    names: Mapping[str, str]  # by language; Spanish always
    numbers: int  # balls 1..numbers
    rows: int
    columns: int
    plan: str  # partida | instantaneo
    plan_balls: int | None  # instantaneo: balls drawn in every partida
    min_payout_bp: int | None
    combination_names: Mapping[str, Mapping[str, str]]  # code -> names by language

    def name(self, lang: str) -> str:
        return self.names.get(lang) or self.names.get("es") or self.id

    def combination(self, code: str, lang: str) -> str:
        names = self.combination_names.get(code) or {}
        return names.get(lang) or names.get("es") or code


@dataclass(frozen=True, slots=True)
class GamePrize:
    """One combination of a game partida's plan: what was at stake and who won it.

    ``amount_cents`` is the pool shared by the winners (plan ``partida``) or what each winner
    is paid (plan ``instantaneo``); ``winners`` reuse the ordinary ``Winner``.
    """

    combination: str
    amount_cents: int
    winners: tuple[Winner, ...]
    residue_cents: int

    @property
    def paid_cents(self) -> int:
        return sum(w.share_cents for w in self.winners)


@dataclass(frozen=True, slots=True)
class GamePartidaBlock:
    """A partida of bingo derivado or bingo plus, numbered apart from the ordinary ones."""

    number: int
    game: GameInfo
    status: PartidaStatus
    opened_at: str | None
    closed_at: str | None
    card_set: str
    face_value_cents: int
    sales: tuple[SaleRange, ...]
    cards_sold: int
    takings_cents: int
    balls: tuple[int, ...]
    prizes: tuple[GamePrize, ...]  # the plan's, in its order (none when annulled)
    payout_cents: int
    refund_cents: int
    incidents: tuple[Incident, ...]
    # announced as the last partida of its modality in the session (R-GAME-6, decision 393)
    last_announced: bool = False

    @property
    def residue_cents(self) -> int:
        return sum(p.residue_cents for p in self.prizes)


@dataclass(frozen=True, slots=True)
class GameTotals:
    """The session's figures of the other modalities, kept apart from the ordinary bingo's."""

    partidas_closed: int
    partidas_annulled: int
    cards_sold: int
    takings_cents: int
    refunds_cents: int
    prizes_paid_cents: int
    residues_cents: int

    @property
    def hall_result_cents(self) -> int:
        """Takings less refunds, prizes paid and residues (an instant plan's fixed prizes
        may exceed the takings of one session: the result may be negative).
        """
        return (
            self.takings_cents - self.refunds_cents - self.prizes_paid_cents - self.residues_cents
        )


@dataclass(frozen=True, slots=True)
class ChainSeal:
    hall_id: str
    seq: int
    head: str
    first_seq: int
    records: int


@dataclass(frozen=True, slots=True)
class Totals:
    partidas_closed: int
    partidas_annulled: int
    cards_sold: int
    takings_cents: int
    refunds_cents: int
    prizes_paid_cents: Mapping[str, int]
    line_bingo_assigned_cents: int
    residues_cents: int
    prima_deductions_cents: int
    bola_loca_deductions_cents: int
    prima_fund_open_cents: int | None
    prima_fund_close_cents: int | None
    bola_loca_fund_open_cents: int | None
    bola_loca_fund_close_cents: int | None

    @property
    def prizes_paid_total_cents(self) -> int:
        return sum(self.prizes_paid_cents.values())

    @property
    def hall_share_cents(self) -> int:
        """What the night leaves to the hall.

        Takings less refunds, the line and bingo prizes as assigned and the deductions to the
        prima and bola loca funds. The residues of shared prizes are inside the assigned
        prizes: they are reported apart, not counted as the hall's (docs/actas.md).
        """
        return (
            self.takings_cents
            - self.refunds_cents
            - self.line_bingo_assigned_cents
            - self.prima_deductions_cents
            - self.bola_loca_deductions_cents
        )


@dataclass(frozen=True, slots=True)
class Acta:
    hall_id: str
    hall_name: str
    region: str
    languages: tuple[str, ...]
    generator: str
    session_id: str
    date: str
    opened_at: str | None
    closed_at: str | None
    jefe_de_mesa: str
    jefe_de_sala: str
    rules: Mapping[str, int]
    ball_set_id: str
    ball_set_homologation: str
    ball_set_partidas_before: int
    ball_checks: tuple[BallCheck, ...]
    opening_prima_changes: tuple[PrimaChange, ...]
    opening_ball_set_changes: tuple[BallSetChange, ...]
    partidas: tuple[PartidaBlock, ...]
    last_partida_announced: int | None
    chain: ChainSeal
    totals: Totals
    issued_at: str
    observations: tuple[str, ...] = field(default=())
    # The observations as actas of format 3 and before printed them, when they differ (every
    # count not conforming was one, even one a good recount of the same moment followed):
    # what ``acta verify`` regenerates such an acta with (decision 647).
    observations_before_4: tuple[str, ...] | None = None
    # SHA-256 fingerprint of the certificate that seals the hall's actas, printed from format
    # 4 on and kept in the keywords ("certificado="): "" when not known (decision 642)
    hall_certificate: str = ""
    simulation_seed: int | None = None  # a simulated session, not a real night (decision 24)
    # the seeds of the emulated devices its balls or counts came from: not a real night
    # (decision 520); empty for a session on real devices or typed balls
    emulated_seeds: tuple[int, ...] = ()
    # the session's simultaneous partidas as the export has them (decision 309)
    simultaneous: tuple[Mapping[str, Any], ...] = ()
    # The region file the rules came from (file, version, resolution, sha256), for the
    # inspection to compare with the published one (docs/decisions.md 51, 116).
    rules_source: Mapping[str, str] = field(default_factory=dict)
    # Partidas of bingo derivado and bingo plus (R-MULTI-4), apart from the ordinary ones; empty
    # for a session that played only the ordinary bingo (its acta is then unchanged).
    game_partidas: tuple[GamePartidaBlock, ...] = ()
    game_totals: GameTotals | None = None

    @property
    def complete(self) -> bool:
        """The session is closed: the acta carries its closing statement."""
        return self.closed_at is not None

    @property
    def last_closed_partida(self) -> int | None:
        done = [p.number for p in self.partidas if p.status != "open"]
        return max(done) if done else None

    def check(self, when: str) -> BallCheck | None:
        """The count that stands: the last one made at that moment."""
        return next((c for c in reversed(self.ball_checks) if c.when == when), None)

    def change_check(self, ball_set_id: str) -> BallCheck | None:
        """The count that stands of a set changed while the session was open: its last one."""
        return next(
            (
                c
                for c in reversed(self.ball_checks)
                if c.when == "change" and c.ball_set_id == ball_set_id
            ),
            None,
        )
