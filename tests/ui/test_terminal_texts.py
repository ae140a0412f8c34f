"""The console's event log words a terminal's sale and the prize paid on it (R-MULTI-3,
R-SALE-4; decisions 280, 283): the machine's name, "con tarjeta" when not cash, the prize paid.
"""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")

from bingo import events as ev
from ui.console.texts import describe


def test_the_event_log_names_the_terminal_the_card_and_the_prize_paid_on_it() -> None:
    sale = ev.SaleRecorded(
        partida=1, series="A", first=31, last=36, electronic=True, payment="card",
        terminal="Terminal 1",
    )  # fmt: skip
    assert describe(sale).endswith("(6) · Terminal 1 · con tarjeta")
    cash = ev.SaleRecorded(partida=1, series="A", first=1, last=10, electronic=False)
    assert describe(cash) == "Venta: serie A, cartones 1 a 10 (10)"
    paid = ev.TerminalPrizePaid(
        session_id="S1", partida=2, prize="bingo", series="A", number=31, amount_cents=5100,
        terminal="Terminal 1",
    )  # fmt: skip
    assert describe(paid).startswith("Premio cobrado en la terminal Terminal 1: A/31, 51")
