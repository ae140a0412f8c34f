"""The interconnected prize in a partida of the acta (SPEC R-MULTI-1; Cantabria V.2.b): its row
in the table of funds (the fund announced, its ball limit, whether it was in play, the fund
before and after this hall's contribution, the partidas accumulated) and, once the partida is
closed, what this hall contributed with the ledger's transaction and the prize it won.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.platypus import Flowable

from actas.i18n import money
from actas.model import Interconnected


def fund_row(
    ic: Interconnected, label: str, yes_no: Callable[[bool], str], open_: bool
) -> list[str]:
    """The row of the table of funds, in its eight columns."""

    def cents(value: int | None) -> str:
        return "—" if value is None else money(value)

    return [
        f"{label} ({ic.network})" if ic.network else label,
        money(ic.amount_cents) if ic.announced else "—",
        str(ic.ball_limit) if ic.ball_limit is not None and ic.announced else "—",
        "—" if ic.available is None else yes_no(ic.available),
        cents(ic.fund_before_cents),
        cents(ic.contribution_cents),
        "—" if open_ else cents(ic.fund_after_cents),
        str(ic.partidas_accumulated) if ic.partidas_accumulated is not None else "—",
    ]


def results(
    ic: Interconnected | None, lines: Callable[..., list[Flowable]], awarded_cents: int
) -> list[Flowable]:
    """What this hall contributed in the ledger's transaction, and the award when it won."""
    if ic is None or ic.contribution_cents is None:
        return []
    out = [] if ic.announced else lines("inter.not_announced", "small")
    out += lines(
        "inter.settled",
        "small",
        amount=money(ic.contribution_cents),
        network=ic.network,
        tx=ic.ledger_txid or "—",
    )
    if awarded_cents:
        out += lines(
            "inter.won",
            "small",
            amount=money(awarded_cents),
            acc=ic.partidas_accumulated if ic.partidas_accumulated is not None else "?",
        )
    return out
