"""Sales by seller on the console (issue 9; decision 240): the sale page's seller field, kept
from one sale to the next, goes with each sale; a return is the undone sale's seller's; the
drawer (Ctrl+T) shows what each seller must hand in, adding up to the takings (R-SALE-1,
R-ACTA-3).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from bingo import events as ev
from tests.ui.kit import Kit, open_console
from ui.bridge import Bridge
from ui.console import ConsoleWindow
from ui.console.cash import DrawerDialog
from ui.console.texts import describe

ALT = Qt.KeyboardModifier.AltModifier
CTRL = Qt.KeyboardModifier.ControlModifier


def press(qtbot: QtBot, console: ConsoleWindow, k: Qt.Key, modifier: object = None) -> None:
    target = console.focusWidget() or console
    if modifier is None:
        qtbot.keyClick(target, k)
    else:
        qtbot.keyClick(target, k, modifier)  # type: ignore[arg-type]


def sell(qtbot: QtBot, console: ConsoleWindow, count: int, seller: str | None = None) -> None:
    """Alt+E and the seller's name when he changes, then the count and Enter."""
    sale = console.sale_page
    if seller is not None:
        press(qtbot, console, Qt.Key.Key_E, ALT)
        assert sale.sale_seller.hasFocus()
        qtbot.keyClicks(sale.sale_seller, seller)
        press(qtbot, console, Qt.Key.Key_Return)  # on to the count
    assert sale.sale_count.hasFocus()
    sale.sale_count.selectAll()
    qtbot.keyClicks(sale.sale_count, str(count))
    press(qtbot, console, Qt.Key.Key_Return)
    assert console.error.isHidden(), console.error.text()


def cell(dialog: DrawerDialog, name: str) -> str:
    label = dialog.findChild(QLabel, name)
    assert label is not None, name
    return label.text()


def test_two_sellers_and_a_return_show_each_seller_s_cash_in_the_drawer(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge]
) -> None:
    kit.svc.start_partida()
    console = open_console(qtbot, kit, bridges, active=True)
    sale = console.sale_page
    sell(qtbot, console, 20, "Ana")
    sell(qtbot, console, 30, "Luis")
    # the last sale, Luis's, partly back to the table: 12 of his 30
    sale.return_count.setFocus()
    sale.return_count.selectAll()
    qtbot.keyClicks(sale.return_count, "12")
    press(qtbot, console, Qt.Key.Key_D, ALT)
    assert console.error.isHidden(), console.error.text()
    sale.sale_count.setFocus()
    sell(qtbot, console, 5)  # the seller is kept: Luis again
    assert sale.sale_seller.text() == "Luis"
    lines = [sale.sales_list.item(i).text() for i in range(sale.sales_list.count())]
    assert [line.rsplit(" · ", 1)[-1] for line in lines] == ["Ana", "Luis", "Luis"]
    partida = kit.hall.partida
    assert partida is not None
    assert [(r.seller, r.first, r.last) for r in partida.sales] == [
        ("Ana", 1, 20),
        ("Luis", 21, 38),
        ("Luis", 39, 43),
    ]

    press(qtbot, console, Qt.Key.Key_T, CTRL)
    dialog = console.dialog
    assert isinstance(dialog, DrawerDialog)
    assert cell(dialog, "sellers_title") == "Ventas por vendedor"
    ana = [cell(dialog, f"seller_0_{c}") for c in ("name", "blocks", "sold", "returned", "cash")]
    luis = [cell(dialog, f"seller_1_{c}") for c in ("name", "blocks", "sold", "returned", "cash")]
    assert ana == ["Ana", "partida 1: A 1–20", "20", "0", "20,00 €"]
    assert luis == ["Luis", "partida 1: A 21–38, A 39–43", "35", "12", "23,00 €"]
    assert dialog.findChild(QLabel, "seller_2_name") is None
    assert cell(dialog, "drawer_in_play") == "43,00 €"  # 20,00 + 23,00


def test_without_sellers_the_drawer_shows_no_seller_table(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge]
) -> None:
    """A hall that never names its sellers sees the drawer as before."""
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10)
    console = open_console(qtbot, kit, bridges, active=True)
    press(qtbot, console, Qt.Key.Key_T, CTRL)
    dialog = console.dialog
    assert isinstance(dialog, DrawerDialog)
    assert dialog.findChild(QLabel, "sellers_title") is None


def test_the_record_s_words_name_the_seller_of_a_sale() -> None:
    said = ev.SaleRecorded(partida=1, series="A", first=1, last=20, electronic=False, seller="Ana")
    unsaid = ev.SaleRecorded(partida=1, series="A", first=21, last=30, electronic=False)
    assert describe(said) == "Venta: serie A, cartones 1 a 20 (20) · Ana"
    assert describe(unsaid) == "Venta: serie A, cartones 21 a 30 (10)"
