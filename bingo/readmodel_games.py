"""What the hall's screens show of a partida of bingo derivado or bingo plus (R-PANEL-1,
R-PANEL-2, R-MULTI-4): the game, its N numbers, the balls, the prize each combination puts at
stake and, once the system settled it, who won (docs/decisions.md 260, 276).

A game partida is shown from its start until an ordinary partida starts after it: between
partidas the last one played stays on the screens, whichever modality it was.
"""

from __future__ import annotations

from dataclasses import dataclass

from bingo.game.prizes import stake_cents
from bingo.hall import Hall
from bingo.hall.game_fold import GamePartida

__all__ = ["DOOR_CLOSED", "GamePanel", "GamePrizePanel", "GameWinner", "game_panel"]

#: The statuses of a game partida in which the hall's door is closed: from the close of its
#: sale (its data announced) until the system settles it, as for an ordinary partida
#: (R-GAME-7; ``PanelState.door_closed`` covers both).
DOOR_CLOSED = ("sale_closed", "extraction")

#: Winners listed per combination (an instant game may have hundreds): the rest are counted.
LISTED_WINNERS = 12


@dataclass(frozen=True)
class GameWinner:
    series: str
    number: int
    completed_at_ball: int
    amount_cents: int


@dataclass(frozen=True)
class GamePrizePanel:
    """One combination of the plan: its names, what it puts at stake and its winners.
    ``each``: the amount is paid to every winning cartón (instant plan); else it is a pool
    shared among them.
    """

    combination: str
    names: tuple[tuple[str, str], ...]
    stake_cents: int
    each: bool
    winners: tuple[GameWinner, ...]
    winners_count: int
    paid_cents: int


@dataclass(frozen=True)
class GamePanel:
    game_id: str
    version: str
    modality: str
    names: tuple[tuple[str, str], ...]
    count: int  # balls 1..count
    plan: str
    planned_balls: int  # the instant plan's fixed number of balls; 0: until the last prize
    number: int  # the game partida's number in the session
    status: str
    cards_sold: int
    price_cents: int
    takings_cents: int
    balls: tuple[int, ...]
    prizes: tuple[GamePrizePanel, ...]
    settled: bool
    refund_cents: int
    # announced as the last partida of its modality in the session (R-GAME-6, decision 393)
    is_last: bool = False

    @property
    def last_ball(self) -> int | None:
        return self.balls[-1] if self.balls else None

    @property
    def door_closed(self) -> bool:
        return self.status in DOOR_CLOSED


def _shown(hall: Hall) -> GamePartida | None:
    """The session's game partida the screens show: the last one, unless an ordinary partida
    started after it.
    """
    session = hall.session
    if session is None:
        return None
    games = hall.games.of_session(session.id)
    if not games:
        return None
    last = games[-1]
    if session.partidas and session.partidas[-1].started_at > last.opened_at:
        return None
    return last


def game_panel(hall: Hall) -> GamePanel | None:
    partida = _shown(hall)
    if partida is None:
        return None
    definition = partida.definition
    settled = partida.status in ("closed", "paid")
    prizes = []
    for prize in definition.prizes:
        awards = [a for a in partida.awards if a.combination == prize.combination]
        prizes.append(
            GamePrizePanel(
                combination=prize.combination,
                names=tuple(sorted(definition.combination(prize.combination).names.items())),
                stake_cents=stake_cents(
                    definition, prize, partida.face_value_cents, partida.takings_cents
                ),
                each=definition.plan == "instantaneo",
                winners=tuple(
                    GameWinner(a.series, a.carton, a.completed_at_ball, a.amount_cents)
                    for a in awards[:LISTED_WINNERS]
                ),
                winners_count=len(awards),
                paid_cents=sum(a.amount_cents for a in awards),
            )
        )
    return GamePanel(
        game_id=definition.id,
        version=definition.version,
        modality=definition.modality,
        names=tuple(sorted(definition.names.items())),
        count=definition.count,
        plan=definition.plan,
        planned_balls=definition.balls if definition.plan == "instantaneo" else 0,
        number=partida.number,
        status=partida.status,
        cards_sold=partida.cards_sold,
        price_cents=partida.face_value_cents,
        takings_cents=partida.takings_cents,
        balls=tuple(partida.balls),
        prizes=tuple(prizes),
        settled=settled,
        refund_cents=partida.refund_cents,
        is_last=hall.games.is_last(partida),
    )
