"""The cash drawer of the session, without Qt: what came in, what went out, what must be there.

One rule, one place: the night's figures are the acta's (``actas.builder.build_acta`` and its
``Totals``), read from the same export the acta is printed from, so the drawer and the acta
cannot disagree. The drawer adds only what the acta does not hold: the opening float (a
console option, never in the record; decision 230), the prizes of a partida closed but not paid
yet (still in the drawer) and what the partida in play has sold so far (decision 231).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from actas.builder import Acta, Totals, build_acta
from bingo.hall import FINISHED, SessionState, Status
from bingo.sellers import SellerSales, sellers_of

__all__ = ["Drawer", "drawer_of"]


@dataclass(frozen=True)
class Drawer:
    """The drawer of one session at one moment (every amount in cents)."""

    session_id: str
    closed: bool  # the session is closed: the figures are final
    float_cents: int  # the opening float the cashier started with
    totals: Totals  # the acta's figures: partidas closed or annulled
    # partidas closed whose prizes are not paid yet (F9): (partida, cents still in the drawer)
    unpaid: tuple[tuple[int, int], ...]
    # the partida still in play: (partida, cents taken so far), not in the acta's totals yet
    in_play: tuple[int, int] | None
    # what each seller sold, returned and must hand in, the partida in play included (issue 9)
    sellers: tuple[SellerSales, ...] = ()

    @property
    def cash_in_cents(self) -> int:
        """Takings less refunds of the partidas finished."""
        return self.totals.takings_cents - self.totals.refunds_cents

    @property
    def unpaid_cents(self) -> int:
        return sum(cents for _n, cents in self.unpaid)

    @property
    def in_play_cents(self) -> int:
        return self.in_play[1] if self.in_play is not None else 0

    @property
    def expected_cents(self) -> int:
        """What must be in the drawer: the float, the takings less the refunds and the prizes
        handed over (line, bingo, prima, bola loca…), plus what the partida in play has sold.
        """
        return (
            self.float_cents
            + self.cash_in_cents
            - self.totals.prizes_paid_total_cents
            + self.unpaid_cents
            + self.in_play_cents
        )


def _block_to_pay(acta: Acta, number: int) -> int:
    for block in acta.partidas:
        if block.number == number:
            return block.net_to_pay_cents
    return 0


def drawer_of(export: Mapping[str, Any], session: SessionState, float_cents: int = 0) -> Drawer:
    """The drawer of ``session`` from the export its acta is printed from
    (``ui.console.documents.export_for_session``). Raises ``ActaDataError`` like the acta.
    """
    acta = build_acta(export, session.id)
    unpaid = tuple(
        (p.number, _block_to_pay(acta, p.number))
        for p in session.partidas
        if p.status == Status.CLOSED
    )
    current = session.partidas[-1] if session.partidas else None
    in_play = None
    if current is not None and current.status not in (*FINISHED, Status.CLOSED):
        in_play = (current.number, current.takings_cents)
    return Drawer(
        session_id=session.id,
        closed=session.closed_at is not None,
        float_cents=float_cents,
        totals=acta.totals,
        unpaid=unpaid,
        in_play=in_play,
        sellers=sellers_of(session),
    )
