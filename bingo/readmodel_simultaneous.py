"""What a joined hall's screens show of a simultaneous partida (R-MULTI-2; Cantabria VI.1: "en
cada sala se recibirá la información del juego y de las diferentes extracciones … remitida por
la Central Operativa"; docs/decisions.md 313-315).

The screens read the hall's copy of the central record, folded by ``bingo.simultaneous``: the
partida, its price, the cartones in play of every hall, the prizes once the sale is closed, the
balls, and the winners of the line and the bingo with their halls (this hall's marked). Which
partida the screens show when the hall also plays its own is ``takes_screens``: one rule, one
place.
"""

from __future__ import annotations

from dataclasses import dataclass

from bingo import simultaneous as sim
from bingo.readmodel_games import DOOR_CLOSED

__all__ = [
    "Called",
    "SimulPanel",
    "SimulWinner",
    "calls_due",
    "simultaneous_panel",
    "takes_screens",
]

#: Winners listed per prize: the rest are counted (a line may be shared by many cartones).
LISTED_WINNERS = 6

#: The hall's own game partida statuses in which its players are playing it (the door is
#: closed; ``PanelState.door_closed`` covers the ordinary and the game partidas alike).
_GAME_PLAYED = DOOR_CLOSED
#: The announcements of a hall with no partida of its own open.
_NO_OWN_PARTIDA = ("hall_closed", "next_partida", "session_over")
_GAME_OVER = ("closed", "paid", "annulled")


@dataclass(frozen=True)
class SimulWinner:
    number: int
    hall: str
    ours: bool  # a cartón of this hall's allotment


@dataclass(frozen=True)
class SimulPanel:
    partida: int
    serie_id: str
    status: str  # "selling", "drawing", "closed"
    price_cents: int
    cards_sold: int  # every hall's, withdrawn halls' refunded cartones out
    halls: int  # halls with cartones sold
    sale_closed: bool
    line_cents: int | None  # None until the sale is closed
    bingo_cents: int | None
    balls: tuple[int, ...]
    line: tuple[SimulWinner, ...]
    line_count: int
    line_extraction: int
    bingo: tuple[SimulWinner, ...]
    bingo_count: int
    bingo_extraction: int
    withdrawn: bool  # this hall was withdrawn before the first ball: its cartones refunded

    @property
    def last_ball(self) -> int | None:
        return self.balls[-1] if self.balls else None


def _listed(winners: tuple[sim.Winner, ...], hall: str) -> tuple[SimulWinner, ...]:
    # this hall's winners first: the room on a screen is for them before the others
    ordered = sorted(winners, key=lambda w: (w.hall != hall, w.number))
    return tuple(SimulWinner(w.number, w.hall, w.hall == hall) for w in ordered[:LISTED_WINNERS])


def simultaneous_panel(state: sim.SimultaneousState, hall: str) -> SimulPanel | None:
    """The simultaneous partida of the hall's copy as the screens show it; None before the
    centre opened any.
    """
    if not state.status:
        return None
    in_play = state.sold_numbers()
    sale_closed = state.status != sim.SELLING
    return SimulPanel(
        partida=state.partida,
        serie_id=state.serie_id,
        status=state.status,
        price_cents=state.price_cents,
        cards_sold=sum(last - first + 1 for _hall, first, last in in_play),
        halls=len(in_play),
        sale_closed=sale_closed,
        line_cents=state.line_cents if sale_closed else None,
        bingo_cents=state.bingo_cents if sale_closed else None,
        balls=tuple(state.balls),
        line=_listed(state.line, hall),
        line_count=len(state.line),
        line_extraction=state.line_ball,
        bingo=_listed(state.bingo, hall),
        bingo_count=len(state.bingo),
        bingo_extraction=state.bingo_ball,
        withdrawn=hall in state.withdrawn,
    )


def takes_screens(
    simul: SimulPanel | None, door_closed: bool, announcement: str, game_status: str | None
) -> bool:
    """Whether the hall's screens show the simultaneous partida rather than the hall's own,
    given what they show of the hall's own (``PanelState.door_closed``,
    ``announcement_code`` and its game partida's status, if any; decision 313): the hall's
    own partida while its players play it (from the close of its sale to its close, ordinary
    or game), else the simultaneous one while it is sold or drawn, and once closed until the
    hall opens a partida of its own (its winners stay on the screens as the last partida's do
    between partidas).
    """
    if simul is None:
        return False
    if door_closed or game_status in _GAME_PLAYED:
        return False
    if simul.status in (sim.SELLING, sim.DRAWING):
        return True
    own_open = announcement not in _NO_OWN_PARTIDA or (
        game_status is not None and game_status not in _GAME_OVER
    )
    return not own_open


@dataclass(frozen=True)
class Called:
    """How far the hall's voice has gone in a simultaneous partida: its balls up to ``balls``
    were called, or passed over (decision 344).
    """

    partida: int = 0
    balls: int = 0

    @classmethod
    def of(cls, panel: SimulPanel | None) -> Called:
        """What the copy already holds when the hall starts: called before, or missed while
        the hall was down; never called late.
        """
        return cls() if panel is None else cls(panel.partida, len(panel.balls))


def calls_due(
    panel: SimulPanel | None, called: Called, *, shown: bool
) -> tuple[tuple[int, ...], Called]:
    """The balls of the simultaneous partida the hall's voice calls now, the copy caught up
    with the centre, and how far it has then gone (decision 344): each ball once, as it
    reaches the hall's copy; after a backlog (a link made again, a hall started), only its
    newest ball, the one the players mark next (the boards show all the others at once); and
    nothing while the hall's own partida has the boards (``shown`` false: those balls are
    passed over, never called later).
    """
    if panel is None:
        return (), called
    done = called.balls if called.partida == panel.partida else 0
    new = panel.balls[done:]
    if not new:
        return (), called
    now = Called(panel.partida, len(panel.balls))
    return (new[-1:] if shown else ()), now
