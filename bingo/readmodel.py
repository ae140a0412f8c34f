"""What windows show: plain, immutable snapshots of the hall built from its state.

The hall panels and the console receive these and nothing else. By construction they carry no
winner that was not claimed and validated (R-GAME-5).
"""

from __future__ import annotations

from dataclasses import dataclass

from bingo.hall import (
    FINISHED,
    PARTIDA_ACTIONS,
    Hall,
    PartidaState,
    SessionState,
    Status,
)
from bingo.readmodel_games import GamePanel, game_panel


@dataclass(frozen=True)
class Winner:
    prize: str
    series: str
    number: int
    completed_at_ball: int
    amount_cents: int | None  # None until the partida is closed and the shares are known


@dataclass(frozen=True)
class PanelState:
    """Everything a hall panel shows (R-PANEL-1, R-PANEL-2, R-PRIMA-4)."""

    hall_name: str
    languages: tuple[str, ...]
    session_id: str | None
    partida: int | None
    status: str | None
    is_last_partida: bool
    door_closed: bool
    cards_sold: int
    price_cents: int
    takings_cents: int
    line_prize_cents: int | None
    bingo_prize_cents: int | None
    prima_amount_cents: int
    prima_available: bool
    prima_ball_limit: int
    prima_fund_cents: int
    bola_loca_numbers: tuple[int, ...]
    bola_loca_fund_cents: int
    balls: tuple[int, ...]
    last_ball: int | None
    winners: tuple[Winner, ...]
    version: int
    # The announcement as a code (its number is ``partida``): the words are the screen's, in
    # the hall's languages (``ui.panels.hall_panel.ANNOUNCEMENTS``, ``app/web/i18n.js``).
    announcement_code: str = ""
    bola_loca_share_cents: int = 0  # this partida's share, already in bola_loca_fund_cents
    game: GamePanel | None = None  # a partida of derivado or plus on the screens
    # The interconnected prize as the screens show it (``interconnected_shown``, the one rule
    # of the console and the panels; R-MULTI-1): the amount, None when no amount is shown; the
    # ball limit; the outcome once settled: "" (in play, or not settled yet), "won" (here: the
    # amount is the award), "elsewhere" (another hall won this fund first), "not_won".
    interconnected_cents: int | None = None
    interconnected_ball_limit: int = 0
    interconnected_outcome: str = ""
    # the session's balls or counts came from emulated devices: every screen says «emulado»,
    # so no such partida passes for a real one (decision 520)
    emulated: bool = False

    @property
    def extractions(self) -> int:
        return len(self.balls)


def interconnected_shown(partida: PartidaState | None) -> tuple[int | None, int, str]:
    """What the screens show of the partida's interconnected prize: (amount, ball limit,
    outcome), as ``PanelState`` documents. Only a fund in play is shown (a ball limit; an empty
    fund or one below the scale's first step is not in play: decision 287); once settled, the
    award when won here, else no amount and why: the fund went to another hall (its generation
    moved on before this partida settled) or this bingo did not win it (R-MULTI-1; Cantabria
    V.2.b; decision 286).
    """
    fund = partida.interconnected if partida else None
    if partida is None or fund is None or not fund.ball_limit:
        return None, 0, ""
    settled = partida.interconnected_settled
    if settled is None:
        return fund.fund_cents, fund.ball_limit, ""
    if settled.awarded_cents:
        return settled.awarded_cents, fund.ball_limit, "won"
    if settled.generation != fund.generation:
        return None, fund.ball_limit, "elsewhere"
    return None, fund.ball_limit, "not_won"


def _session_over(session: SessionState) -> bool:
    return session.last_partida is not None and len(session.partidas) >= session.last_partida


def announcement_code(hall: Hall) -> str:
    """The announcement as a code a screen translates: ``hall_closed``, ``session_over``,
    ``next_partida``, or the status of the partida in play (``sale_open``, ``extraction``, ...).
    """
    session = hall.session
    if session is None:
        return "hall_closed"
    partida = hall.partida
    if partida is None:
        return "session_over" if _session_over(session) else "next_partida"
    return partida.status.value


def panel_state(hall: Hall) -> PanelState:
    session = hall.session
    partida = hall.partida
    shown: PartidaState | None
    if partida is None and session is not None and session.partidas:
        shown = session.partidas[-1]  # between partidas the last one stays on the board
    else:
        shown = partida
    winners: tuple[Winner, ...] = ()
    if shown is not None:
        if shown.awards:
            winners = tuple(
                Winner(a.prize, a.series, a.number, a.completed_at_ball, a.amount_cents)
                for a in shown.awards
            )
        else:
            winners = tuple(
                Winner(c.prize, c.series, c.number, c.completed_at_ball, None)
                for c in shown.claims
                if c.valid
            )
    amounts = shown.amounts if shown else None
    prima = hall.prima
    # The bola loca of this partida is paid from the fund plus this partida's share (what
    # ``Hall.close_partida`` awards): the panel shows that sum until the partida is closed,
    # when the share is in the hall's fund already, or annulled, when it is refunded.
    share = 0
    if (
        amounts is not None
        and shown is not None
        and shown.status
        not in (
            Status.CLOSED,
            *FINISHED,
        )
    ):
        share = amounts.bola_loca_deduction_cents
    game = game_panel(hall)  # a game partida on the screens (never while an ordinary one is on)
    # the door: closed from the partida's data announced until it closes (R-GAME-7), whichever
    # modality the partida in play is
    door_closed = (
        partida is not None
        and partida.status
        not in (
            Status.SALE_OPEN,
            *FINISHED,
            Status.CLOSED,
        )
    ) or (game is not None and game.door_closed)
    ic_cents, ic_limit, ic_outcome = interconnected_shown(shown)
    return PanelState(
        hall_name=hall.name,
        languages=hall.languages,
        session_id=session.id if session else None,
        partida=shown.number if shown else None,
        status=shown.status.value if shown else None,
        is_last_partida=bool(session and shown and session.last_partida == shown.number),
        door_closed=door_closed,
        cards_sold=shown.cards_sold if shown else 0,
        price_cents=(shown.face_value_cents or 0) if shown else 0,
        takings_cents=shown.takings_cents if shown else 0,
        line_prize_cents=amounts.line_prize_cents if amounts else None,
        bingo_prize_cents=amounts.bingo_prize_cents if amounts else None,
        prima_amount_cents=shown.prima_amount_cents if shown else prima.amount_cents,
        prima_available=shown.prima_available if shown else False,
        prima_ball_limit=shown.prima_ball_limit if shown else prima.ball_limit,
        prima_fund_cents=prima.fund_cents,
        bola_loca_numbers=shown.bola_loca_numbers if shown else (),
        bola_loca_fund_cents=hall.bola_loca_fund_cents + share,
        balls=tuple(shown.balls) if shown else (),
        last_ball=shown.balls[-1] if shown and shown.balls else None,
        winners=winners,
        version=hall.version,
        announcement_code=announcement_code(hall),
        bola_loca_share_cents=share,
        game=game,
        interconnected_cents=ic_cents,
        interconnected_ball_limit=ic_limit,
        interconnected_outcome=ic_outcome,
        emulated=session is not None and session.id in hall.emulated,
    )


ACTIONS = (
    "open_session",
    "start_partida",
    "sell",
    "return_cartones",
    "close_sale",
    "confirm_data_shown",
    "draw_ball",
    "claim",
    "correct_ball",
    "close_partida",
    "pay_prizes",
    "suspend",
    "resume",
    "refund_suspended",
    "start_manual_extraction",
    "annul",
    "announce_last_partida",
    "close_session",
    "choose_prima_amount",
)


def allowed_actions(hall: Hall) -> frozenset[str]:
    """The console's buttons that make sense now (the engine still checks every rule)."""
    session = hall.session
    if session is None:
        return frozenset({"open_session", "choose_prima_amount"})
    partida = session.current
    out: set[str] = set()
    if session.last_partida is None:
        out.add("announce_last_partida")
    if partida is None:
        out |= {"close_session", "choose_prima_amount"}
        if session.last_partida is None or len(session.partidas) < session.last_partida:
            out.add("start_partida")
        return frozenset(out)
    out |= {action for action, states in PARTIDA_ACTIONS.items() if partida.status in states}
    if partida.manual_from_ball is not None:
        out.discard("start_manual_extraction")  # already going on by hand
    return frozenset(out)
