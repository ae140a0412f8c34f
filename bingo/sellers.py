"""Sales by seller: the blocks of cartones each seller handed out in a session, the cartones
returned to the table, and the cash the seller must hand in (issue 9).

A read model over the hall's state, pure: every figure comes from the sales in the record, so the
sum over the sellers is the session's takings, the acta's own figure, to the cent. A return
belongs to the seller of the sale it undid (decision 240). Refunds of an annulled partida are
paid from the drawer, not by the sellers: a seller hands in what he took.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bingo.hall import PartidaState, SaleRange, SessionState

__all__ = ["Block", "SellerSales", "sellers_of"]


@dataclass(frozen=True)
class Block:
    """Cartones first..last of a serie, in one partida."""

    partida: int
    series: str
    first: int
    last: int

    @property
    def count(self) -> int:
        return self.last - self.first + 1


@dataclass(frozen=True)
class SellerSales:
    """One seller's sales in a session (every amount in cents); seller "" = not said."""

    seller: str
    blocks: tuple[Block, ...]  # the cartones sold and kept, in the order they were sold
    returns: tuple[Block, ...]  # the cartones handed out and returned to the table
    sold_cents: int  # every cartón the seller handed out, at its face value
    returned_cents: int  # the cartones returned, at their face value

    @property
    def cartones_sold(self) -> int:
        """Cartones handed out, the returned ones included."""
        return sum(b.count for b in self.blocks) + self.cartones_returned

    @property
    def cartones_returned(self) -> int:
        return sum(b.count for b in self.returns)

    @property
    def cash_cents(self) -> int:
        """What the seller must hand in: the sales less the returns."""
        return self.sold_cents - self.returned_cents

    def blocks_of(self, series: str) -> tuple[Block, ...]:
        return tuple(b for b in self.blocks if b.series == series)


@dataclass
class _Tally:
    blocks: list[Block]
    returns: list[Block]
    sold_cents: int = 0
    returned_cents: int = 0


def _blocks(partida: PartidaState, ranges: Iterable[SaleRange]) -> Iterable[Block]:
    for r in ranges:
        yield Block(partida.number, r.series, r.first, r.last)


def sellers_of(session: SessionState) -> tuple[SellerSales, ...]:
    """Every seller of ``session`` (the partida in play included), partida by partida in the
    order of the sales kept, then of the returns; the sales with no seller said come under "".
    """
    tallies: dict[str, _Tally] = {}
    for partida in session.partidas:
        face = partida.face_value_cents or 0
        for sale in partida.sales:
            tally = tallies.setdefault(sale.seller, _Tally([], []))
            tally.blocks.extend(_blocks(partida, [sale]))
            tally.sold_cents += sale.count * face
        for back in partida.returned:
            tally = tallies.setdefault(back.seller, _Tally([], []))
            tally.returns.extend(_blocks(partida, [back]))
            # handed out and returned: in the sales and in the returns, netting to nothing
            tally.sold_cents += back.count * face
            tally.returned_cents += back.count * face
    return tuple(
        SellerSales(seller, tuple(t.blocks), tuple(t.returns), t.sold_cents, t.returned_cents)
        for seller, t in tallies.items()
    )
