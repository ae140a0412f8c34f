"""The prizes of one partida of a game, from its plan (Cantabria B.3.b, B.4; R-MULTI-4).

Given the cartones in play, the order of the balls and the cartón's price, :func:`play_partida`
draws the balls the plan calls for and says who wins what, to the cent:

- ``partida`` (bingo plus): each prize's pool is its percentage of the takings, split equally
  among the cartones that complete its combination first, with the same ball; the residue of
  the split is kept apart (R-PRIZE-3). The partida ends with the ball that completes the last
  prize (the cartón completo), by which time every other prize has been won;
- ``instantaneo`` (bingo derivado, instant version): exactly ``balls`` balls; every cartón is
  paid the multiple of its price of the best prize it completed, whatever was sold.

The ordinary bingo (``region``) is played by the hall itself (``bingo.hall``); the deferred
version of derivado needs a fund kept across partidas, as the prima is, and is not played here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bingo.game.definition import GameDefinition, Prize
from bingo.i18n import _
from bingo.money import percent_of, split_equally

if TYPE_CHECKING:  # numpy is loaded by what plays a partida: reading the stakes needs none
    import numpy as np
    import numpy.typing as npt

__all__ = ["Award", "PartidaResult", "plan_stake_cents", "play_partida", "stake_cents"]


@dataclass(frozen=True)
class Award:
    """A prize won: by which cartones (positions in play), with which ball, and how much each."""

    combination: str
    ball: int  # extraction index (1-based) that completed it
    cartones: tuple[int, ...]
    share_cents: int
    residue_cents: int = 0


@dataclass(frozen=True)
class PartidaResult:
    balls: tuple[int, ...]
    takings_cents: int
    awards: tuple[Award, ...]

    @property
    def paid_cents(self) -> int:
        return sum(a.share_cents * len(a.cartones) for a in self.awards)

    @property
    def residue_cents(self) -> int:
        return sum(a.residue_cents for a in self.awards)


def plan_stake_cents(plan: str, figure_bp: int, takings_cents: int, price_cents: int) -> int:
    """What one prize of a plan puts at stake, to the cent (decision 264): for a shared plan
    (``partida``) its pool, ``figure_bp`` of the takings, split among its winners; for an
    instant plan what each winning cartón is paid, ``figure_bp`` times the cartón's price (in
    basis points of it). Rounded down. The one place this is written: the settlement, the
    panels, the export and the acta's checks all ask here.
    """
    if plan == "partida":
        return percent_of(takings_cents, figure_bp)
    if plan == "instantaneo":
        return percent_of(price_cents, figure_bp)
    raise ValueError(_("el plan «{p}» no se juega partida a partida aquí").format(p=plan))


def stake_cents(
    definition: GameDefinition, prize: Prize, price_cents: int, takings_cents: int
) -> int:
    """What ``prize`` of ``definition`` puts at stake (:func:`plan_stake_cents`)."""
    instant = definition.plan == "instantaneo"
    figure = prize.price_multiple_bp if instant else prize.basis_points
    return plan_stake_cents(definition.plan, figure, takings_cents, price_cents)


def play_partida(
    definition: GameDefinition,
    cards: npt.ArrayLike,
    order: Sequence[int],
    price_cents: int,
) -> PartidaResult:
    """One partida of ``definition`` with ``cards`` sold at ``price_cents`` each, the balls
    coming in ``order`` (a permutation of 1..count; only as many are drawn as the plan needs).
    """
    if sorted(order) != list(range(1, definition.count + 1)):
        raise ValueError(
            _("el orden de las bolas debe ser una permutación de 1..{n}").format(n=definition.count)
        )
    if isinstance(price_cents, bool) or not isinstance(price_cents, int) or price_cents <= 0:
        raise ValueError(_("el precio del cartón debe ser un importe positivo en céntimos"))
    import numpy as np

    cartones = np.asarray(cards)
    takings = price_cents * len(cartones)
    if definition.plan == "instantaneo":
        return _instant(definition, cartones, order, price_cents, takings)
    if definition.plan == "partida":
        return _shared(definition, cartones, order, takings)
    raise ValueError(
        _("el plan «{p}» no se juega partida a partida aquí").format(p=definition.plan)
    )


def _shared(
    definition: GameDefinition,
    cartones: npt.NDArray[np.generic],
    order: Sequence[int],
    takings: int,
) -> PartidaResult:
    from bingo.game.detect import tracker_for

    tracker = tracker_for(definition, cartones)
    pending = {p.combination: p for p in definition.prizes}
    last = definition.prizes[-1].combination
    awards: list[Award] = []
    drawn: list[int] = []
    for ball in order:
        drawn.append(ball)
        completed = tracker.add_ball(ball)
        for code in [c.code for c in definition.combinations]:
            if code in pending and len(completed[code]):
                pool = stake_cents(definition, pending.pop(code), 0, takings)
                share, residue = split_equally(pool, len(completed[code]))
                winners = tuple(int(i) for i in completed[code])
                awards.append(Award(code, len(drawn), winners, share, residue))
        if last not in pending:
            break
    return PartidaResult(tuple(drawn), takings, tuple(awards))


def _instant(
    definition: GameDefinition,
    cartones: npt.NDArray[np.generic],
    order: Sequence[int],
    price_cents: int,
    takings: int,
) -> PartidaResult:
    import numpy as np

    from bingo.game.detect import tracker_for

    tracker = tracker_for(definition, cartones)
    drawn = list(order[: definition.balls])
    for ball in drawn:
        tracker.add_ball(ball)
    best = np.full(len(cartones), -1, dtype=np.int64)
    value = np.zeros(len(cartones), dtype=np.int64)
    for index, prize in enumerate(definition.prizes):
        won = tracker.completed_at(prize.combination) > 0
        better = won & (prize.price_multiple_bp > value)
        best[better] = index
        value[better] = prize.price_multiple_bp
    awards = []
    for index, prize in enumerate(definition.prizes):
        winners = np.flatnonzero(best == index)
        if len(winners):
            at = tracker.completed_at(prize.combination)[winners]
            awards.append(
                Award(
                    prize.combination,
                    int(at.max()),  # the ball by which all of them had it
                    tuple(int(i) for i in winners),
                    stake_cents(definition, prize, price_cents, takings),
                )
            )
    return PartidaResult(tuple(drawn), takings, tuple(awards))
