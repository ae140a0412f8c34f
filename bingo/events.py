"""Everything that happens in a hall, as immutable events.

The hall's state is a fold over these events (``bingo.hall``). Each event is committed to the
record before it is announced to anyone, so the record is the truth and can always be replayed.
Payloads hold only JSON types: ints, strings, booleans, None and (nested) tuples of them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

EVENT_TYPES: dict[str, type[Event]] = {}

E = TypeVar("E", bound="type[Event]")


def _register(cls: E) -> E:
    EVENT_TYPES[cls.kind] = cls
    return cls


def _freeze(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, kw_only=True)
class Event:
    kind: ClassVar[str] = ""

    def payload(self) -> dict[str, Any]:
        return {f.name: _thaw(getattr(self, f.name)) for f in dataclasses.fields(self)}


class UnknownEvent(ValueError):
    pass


_FIELD_NAMES: dict[type[Event], frozenset[str]] = {}


def event_from(kind: str, payload: Mapping[str, Any]) -> Event:
    """Rebuild an event from its stored kind and payload."""
    try:
        cls = EVENT_TYPES[kind]
    except KeyError:
        raise UnknownEvent(f"tipo de evento desconocido en el registro: {kind!r}") from None
    names = _FIELD_NAMES.get(cls)
    if names is None:  # once per kind: a record replays thousands of events
        names = _FIELD_NAMES[cls] = frozenset(f.name for f in dataclasses.fields(cls))
    unknown = set(payload) - names
    if unknown:
        raise UnknownEvent(f"el evento {kind} trae campos desconocidos: {sorted(unknown)}")
    return cls(**{k: _freeze(v) for k, v in payload.items()})


# --- the hall and its material -------------------------------------------------------------


@_register
@dataclass(frozen=True, kw_only=True)
class HallRegistered(Event):
    kind: ClassVar[str] = "hall_registered"
    hall_id: str
    name: str
    region: str
    languages: tuple[str, ...]


@_register
@dataclass(frozen=True, kw_only=True)
class RulesAdopted(Event):
    """The region's percentages and limits in force from now on (R-PRIZE-1: the regulator may
    change them, so they are recorded, not assumed).
    """

    kind: ClassVar[str] = "rules_adopted"
    region: str
    payout_bp: int
    line_bp: int
    bingo_bp: int
    prima_bp: int
    bola_loca_bp: int
    bola_loca_count: int
    prima_ball_limit: int
    prima_min_cents: int
    prima_max_cents: int
    prima_step_cents: int
    ball_set_max_partidas: int
    line_required: bool
    # Added later: records written before say nothing of where the rules came from.
    region_version: str = ""
    region_resolution: str = ""
    region_sha256: str = ""


@_register
@dataclass(frozen=True, kw_only=True)
class CardSetRegistered(Event):
    kind: ClassVar[str] = "card_set_registered"
    card_set_id: str
    count: int
    digest: str
    source: str  # "generated:<seed>:<strips>" or "imported"


@_register
@dataclass(frozen=True, kw_only=True)
class SerieRegistered(Event):
    kind: ClassVar[str] = "serie_registered"
    code: str
    card_set_id: str
    size: int
    face_value_cents: int
    electronic: bool


@_register
@dataclass(frozen=True, kw_only=True)
class BallSetInstalled(Event):
    """A ball set put in the machine; every change is recorded in the acta (R-BALL-1)."""

    kind: ClassVar[str] = "ball_set_installed"
    ball_set_id: str
    homologation: str
    guaranteed_partidas: int
    partidas_before: int
    pneumatic: bool
    reason: str


@_register
@dataclass(frozen=True, kw_only=True)
class PrimaAmountChosen(Event):
    """The prima amount in force (R-PRIMA-2), with the partida after which it was chosen."""

    kind: ClassVar[str] = "prima_amount_chosen"
    amount_cents: int
    after_partida: int | None
    session_id: str | None


# --- sessions ---------------------------------------------------------------------------------


@_register
@dataclass(frozen=True, kw_only=True)
class BallCheckRecorded(Event):
    """The count of the balls at opening or closing (R-BALL-2)."""

    kind: ClassVar[str] = "ball_check_recorded"
    session_id: str
    when: str  # "open" | "close"
    numbers: tuple[int, ...]
    ok: bool  # 1..90 once each, and every ball in perfect condition
    method: str  # "reader" | "emulated" (an emulated reader's) | "manual"
    # Added later, with defaults so earlier records still read: the balls' condition (II.2:
    # "que se encuentran en perfecto estado") and what the jefe de mesa noted about it.
    condition_ok: bool = True
    note: str = ""


@_register
@dataclass(frozen=True, kw_only=True)
class SessionOpened(Event):
    kind: ClassVar[str] = "session_opened"
    session_id: str
    date: str
    jefe_de_mesa: str
    jefe_de_sala: str


@_register
@dataclass(frozen=True, kw_only=True)
class LastPartidaAnnounced(Event):
    kind: ClassVar[str] = "last_partida_announced"
    session_id: str
    partida: int


@_register
@dataclass(frozen=True, kw_only=True)
class SessionClosed(Event):
    kind: ClassVar[str] = "session_closed"
    session_id: str


# --- partidas ---------------------------------------------------------------------------------


@_register
@dataclass(frozen=True, kw_only=True)
class PartidaStarted(Event):
    """A partida opens its sale. The prima in play and the bola loca numbers are fixed here,
    before any ball (R-PRIMA-4, R-BOLA-2).
    """

    kind: ClassVar[str] = "partida_started"
    session_id: str
    partida: int
    prima_amount_cents: int
    prima_available: bool
    prima_ball_limit: int
    bola_loca_numbers: tuple[int, ...]
    bola_loca_source: str


@_register
@dataclass(frozen=True, kw_only=True)
class SaleRecorded(Event):
    """Cartones first..last of a serie handed out and paid (R-SALE-1, R-SALE-4)."""

    kind: ClassVar[str] = "sale_recorded"
    partida: int
    series: str
    first: int
    last: int
    electronic: bool
    seller: str = ""  # who handed the block out (issue 9); "" when not said
    payment: str = "cash"  # how it was paid (R-SALE-4; decision 280)
    terminal: str = ""  # the auxiliary machine it was sold on (R-MULTI-3; decision 282)

    def payload(self) -> dict[str, Any]:
        # Left out when empty (cash: the default) so every sale recorded before sellers, means
        # of payment and terminals existed keeps its bytes (and its chain hash) exactly
        # (decisions 240, 280).
        payload = super().payload()
        if not self.seller:
            del payload["seller"]
        if self.payment == "cash":
            del payload["payment"]
        if not self.terminal:
            del payload["terminal"]
        return payload


@_register
@dataclass(frozen=True, kw_only=True)
class CartonesReturned(Event):
    """The last cartones of the partida's last sale, first..last, back to the table unsold
    before the sale closes: a mistyped sale undone (Cantabria II.1.a; decision 171).
    """

    kind: ClassVar[str] = "cartones_returned"
    partida: int
    series: str
    first: int
    last: int


@_register
@dataclass(frozen=True, kw_only=True)
class SaleClosed(Event):
    """Sale closed: the amounts announced and written in the acta (R-SALE-3, R-ACTA-3)."""

    kind: ClassVar[str] = "sale_closed"
    partida: int
    cards_sold: int
    takings_cents: int
    line_prize_cents: int
    bingo_prize_cents: int
    prima_deduction_cents: int
    bola_loca_deduction_cents: int


@_register
@dataclass(frozen=True, kw_only=True)
class PartidaDataShown(Event):
    """The panels confirmed they show the partida's data; the hall door closes (R-ACTA-2,
    R-GAME-7). Only now may a ball be drawn.
    """

    kind: ClassVar[str] = "partida_data_shown"
    partida: int


@_register
@dataclass(frozen=True, kw_only=True)
class BallDrawn(Event):
    kind: ClassVar[str] = "ball_drawn"
    partida: int
    index: int  # 1-based extraction count
    number: int
    source: str  # "extractor" | "emulated" | "manual" | "operator" | "simulated"
    ball_id: str


@_register
@dataclass(frozen=True, kw_only=True)
class BallCorrected(Event):
    """The ball prevails over what was called or read (R-GAME-3)."""

    kind: ClassVar[str] = "ball_corrected"
    partida: int
    index: int
    wrong_number: int
    number: int
    note: str


@_register
@dataclass(frozen=True, kw_only=True)
class ClaimChecked(Event):
    kind: ClassVar[str] = "claim_checked"
    partida: int
    after_ball: int
    series: str
    number: int
    prize: str  # "line" | "bingo"
    valid: bool
    reason: str
    completed_at_ball: int  # 0 when not complete
    electronic: bool


@_register
@dataclass(frozen=True, kw_only=True)
class ManualExtractionStarted(Event):
    """After a device failure the partida goes on by hand with the pending balls (R-INC-2)."""

    kind: ClassVar[str] = "manual_extraction_started"
    partida: int
    from_ball: int
    note: str


@_register
@dataclass(frozen=True, kw_only=True)
class PartidaSuspended(Event):
    """A failure before the first ball (R-INC-1), or a ball irregularity (R-INC-3: only the
    annulment follows it).
    """

    kind: ClassVar[str] = "partida_suspended"
    partida: int
    note: str


@_register
@dataclass(frozen=True, kw_only=True)
class PartidaResumed(Event):
    kind: ClassVar[str] = "partida_resumed"
    partida: int
    note: str


@_register
@dataclass(frozen=True, kw_only=True)
class IncidentRecorded(Event):
    """Any incident, with the regulation paragraph read aloud (R-INC-5)."""

    kind: ClassVar[str] = "incident_recorded"
    partida: int
    incident: str
    after_ball: int
    note: str
    paragraph: str


@_register
@dataclass(frozen=True, kw_only=True)
class PartidaAnnulled(Event):
    """Every cartón is refunded in full (R-INC-1, R-INC-3, R-INC-4)."""

    kind: ClassVar[str] = "partida_annulled"
    partida: int
    reason: str
    refund_cents: int


@_register
@dataclass(frozen=True, kw_only=True)
class PrizeAwarded(Event):
    kind: ClassVar[str] = "prize_awarded"
    partida: int
    prize: str  # "line" | "bingo" | "prima" | "bola_loca" | "interconnected"
    series: str
    number: int
    completed_at_ball: int
    amount_cents: int


@_register
@dataclass(frozen=True, kw_only=True)
class PartidaClosed(Event):
    """The table declared the partida closed: no claim is accepted after this (R-GAME-4)."""

    kind: ClassVar[str] = "partida_closed"
    partida: int
    residue_line_cents: int
    residue_bingo_cents: int
    residue_prima_cents: int
    residue_bola_loca_cents: int
    prima_awarded_cents: int
    bola_loca_awarded_cents: int


@_register
@dataclass(frozen=True, kw_only=True)
class PrizesPaid(Event):
    kind: ClassVar[str] = "prizes_paid"
    partida: int


# --- bingo interconectado (R-MULTI-1) ----------------------------------------------------------


@_register
@dataclass(frozen=True, kw_only=True)
class InterconnectedAnnounced(Event):
    """When the sale closed, the jefe de mesa announced the interconnected fund in play: its
    generation, amount and ball limit (0: not in play this partida), with the figures in force
    (Cantabria V.2.b; docs/decisions.md 285).
    """

    kind: ClassVar[str] = "interconnected_announced"
    partida: int
    network: str
    generation: int
    fund_cents: int
    ball_limit: int
    contribution_bp: int
    fund_max_cents: int
    reserve_max_cents: int
    # False: never told to the players (a partida started in the manual book, or whose sale
    # closed without the announcement): it feeds the fund and cannot win it (decision 302)
    announced: bool = True


@_register
@dataclass(frozen=True, kw_only=True)
class InterconnectedSettled(Event):
    """The partida settled against the halls' shared ledger, in its transaction ``ledger_txid``:
    what this hall contributed and, if its bingo won, the fund it took (shared among its
    winners by ``PrizeAwarded`` events with prize "interconnected", recorded after this one).
    """

    kind: ClassVar[str] = "interconnected_settled"
    partida: int
    network: str
    generation: int
    contribution_cents: int
    to_reserve_cents: int
    fund_before_cents: int
    fund_after_cents: int
    reserve_before_cents: int
    reserve_after_cents: int
    awarded_cents: int
    residue_cents: int
    partidas_accumulated: int  # of every hall, since the fund's previous award
    ledger_txid: str


@_register
@dataclass(frozen=True, kw_only=True)
class TerminalLimitsAdopted(Event):
    """The region's limits on auxiliary machines in force from now on, for the hall's category
    as its settings say it (R-MULTI-3; decisions 281, 300): recorded between sessions, so each
    session's machines and cartones are checked against the limits it opened with.
    """

    kind: ClassVar[str] = "terminal_limits_adopted"
    category: str  # "" when the settings do not say it: then no machine plays
    machines_max: int | None
    cartones_max: int | None
    machines_rule: str
    cartones_rule: str


@_register
@dataclass(frozen=True, kw_only=True)
class TerminalPrizePaid(Event):
    """A prize of a cartón sold on a terminal paid to its player, on his terminal: owed from
    the award until then, across partidas, when the terminal was away (R-MULTI-3; decision 283).
    """

    kind: ClassVar[str] = "terminal_prize_paid"
    session_id: str
    partida: int
    prize: str
    series: str
    number: int
    amount_cents: int
    terminal: str


#: The ball source and count method of emulated devices, in place of "extractor" / "reader".
EMULATED = "emulated"


@_register
@dataclass(frozen=True, kw_only=True)
class DevicesEmulated(Event):
    """The session's balls and counts marked ``emulated`` from here on came from emulated
    devices started with ``seed`` (recorded with the first of them after each start), so no
    export or acta of it can pass for a real night, and the draws can be replayed.
    """

    kind: ClassVar[str] = "devices_emulated"
    session_id: str
    seed: int


@_register
@dataclass(frozen=True, kw_only=True)
class SimulationStarted(Event):
    """This session is a simulation, not real play: said in the record itself, so no export or
    acta of it can pass for a real night.
    """

    kind: ClassVar[str] = "simulation_started"
    session_id: str
    seed: int
    partidas: int
    incidents: bool
    electronic: bool
    devices: str
    game: str = ""  # the game played (docs/games.md); "" the ordinary bingo

    def payload(self) -> dict[str, Any]:
        # Left out for the ordinary bingo, so its records keep their bytes (and chain hash).
        payload = super().payload()
        if not self.game:
            del payload["game"]
        return payload


# --- people (R-ROLE-1) ------------------------------------------------------------------------


@_register
@dataclass(frozen=True, kw_only=True)
class CommandBy(Event):
    """Who asks for the commands recorded after this one, from which station, and, for an
    action the jefe de sala must authorise, who authorised it (R-ROLE-1, R-ROLE-2). Committed
    in the same append as the command's own events, before them; written again whenever who
    asks changes, and for every authorised action (decision 134).
    """

    kind: ClassVar[str] = "command_by"
    asked_by: str
    role: str
    client: str
    authorised_by: str  # "" when the action needs nobody's authorisation
    action: str  # the action authorised ("" without authorised_by)


# --- after the night ------------------------------------------------------------------------


@_register
@dataclass(frozen=True, kw_only=True)
class ReclamacionFiled(Event):
    """A claim (reclamación) about a session: its acta and record are kept until it is settled
    (R-ACTA-5; Cantabria IV.3).
    """

    kind: ClassVar[str] = "reclamacion_filed"
    reclamacion_id: str
    session_id: str
    filed: str  # ISO date the claim was lodged
    reference: str  # the hall's or the authority's reference (hoja de reclamaciones), may be ""
    subject: str


@_register
@dataclass(frozen=True, kw_only=True)
class ReclamacionSettled(Event):
    """The claim's resolution is final and was carried out: from here the six months run again
    only if they had not yet passed (R-ACTA-5).
    """

    kind: ClassVar[str] = "reclamacion_settled"
    reclamacion_id: str
    settled: str  # ISO date the final resolution was carried out
    note: str


# --- other modalities: bingo derivado and bingo plus (docs/games.md) --------------------------
# A game partida is played inside a session, between the ordinary ones, and settled by the
# system from the record (docs/decisions.md 260-264). ``number`` is its order among the
# session's game partidas.


@_register
@dataclass(frozen=True, kw_only=True)
class GameAdopted(Event):
    """A game definition, as authorised and read from its published file, whole: what its
    partidas are played and settled by (Cantabria B.3.a; R-MULTI-4). Names are (language, text)
    pairs; a combination is (code, kind, names, masks), each mask its (row, column) cells; a
    prize is (combination, basis_points, price_multiple_bp, amount_cents).
    """

    kind: ClassVar[str] = "game_adopted"
    game_id: str
    modality: str
    version: str
    resolution: str
    sha256: str
    regions: tuple[str, ...]
    names: tuple[tuple[str, str], ...]
    count: int
    rows: int
    columns: int
    numbers: int
    placement: str
    combinations: tuple[Any, ...]
    plan: str
    min_payout_bp: int
    balls: int
    prizes: tuple[tuple[str, int, int, int], ...]


@_register
@dataclass(frozen=True, kw_only=True)
class GameCardSetRegistered(Event):
    """Cartones generated for a game from ``seed`` (``bingo.game.cards``), with their digest."""

    kind: ClassVar[str] = "game_card_set_registered"
    card_set_id: str
    game_id: str
    game_sha256: str
    seed: int
    count: int
    digest: str


@_register
@dataclass(frozen=True, kw_only=True)
class GameSerieRegistered(Event):
    """A serie of a game's card set: its cartones 1..size, sold in order (R-SALE-1)."""

    kind: ClassVar[str] = "game_serie_registered"
    code: str
    card_set_id: str
    size: int


@_register
@dataclass(frozen=True, kw_only=True)
class GamePartidaStarted(Event):
    kind: ClassVar[str] = "game_partida_started"
    session_id: str
    number: int
    game_id: str
    game_version: str
    game_sha256: str
    card_set_id: str
    face_value_cents: int


@_register
@dataclass(frozen=True, kw_only=True)
class GameSaleRecorded(Event):
    kind: ClassVar[str] = "game_sale_recorded"
    number: int
    series: str
    first: int
    last: int
    electronic: bool


@_register
@dataclass(frozen=True, kw_only=True)
class GameSaleClosed(Event):
    kind: ClassVar[str] = "game_sale_closed"
    number: int
    cards_sold: int
    takings_cents: int


@_register
@dataclass(frozen=True, kw_only=True)
class GameBallDrawn(Event):
    kind: ClassVar[str] = "game_ball_drawn"
    number: int
    index: int  # 1-based extraction count
    ball: int
    source: str  # "extractor" | "manual" | "operator" (typed, app.server) | "simulated"


@_register
@dataclass(frozen=True, kw_only=True)
class GameIncidentRecorded(Event):
    kind: ClassVar[str] = "game_incident_recorded"
    number: int
    incident: str
    after_ball: int
    note: str
    paragraph: str


@_register
@dataclass(frozen=True, kw_only=True)
class GamePrizeAwarded(Event):
    """A prize of the plan won by a sold cartón, as the system settled it."""

    kind: ClassVar[str] = "game_prize_awarded"
    number: int
    combination: str
    series: str
    carton: int
    completed_at_ball: int
    amount_cents: int


@_register
@dataclass(frozen=True, kw_only=True)
class GamePartidaClosed(Event):
    """Settled: ``residues`` (combination, cents) of a shared plan's prizes (R-PRIZE-3)."""

    kind: ClassVar[str] = "game_partida_closed"
    number: int
    payout_cents: int
    residues: tuple[tuple[str, int], ...]


@_register
@dataclass(frozen=True, kw_only=True)
class GamePrizesPaid(Event):
    kind: ClassVar[str] = "game_prizes_paid"
    number: int


@_register
@dataclass(frozen=True, kw_only=True)
class GameLastPartidaAnnounced(Event):
    """Game partida ``number`` is the last of its modality in the session (R-GAME-6: "la
    última partida de la sesión de juego de cada modalidad"), as ``LastPartidaAnnounced`` is
    the ordinary bingo's.
    """

    kind: ClassVar[str] = "game_last_partida_announced"
    session_id: str
    modality: str
    number: int


@_register
@dataclass(frozen=True, kw_only=True)
class GamePartidaAnnulled(Event):
    """Every cartón sold refunded in full (R-INC-1, R-INC-3)."""

    kind: ClassVar[str] = "game_partida_annulled"
    number: int
    reason: str
    refund_cents: int
