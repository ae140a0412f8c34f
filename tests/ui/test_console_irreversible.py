"""What cannot be undone is asked first; what can be undone within the sale is (R-SALE-1,
R-SALE-3; Cantabria II.1.a "los cartones sobrantes" back to the table before the close;
decision 171).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from bingo.hall import Status
from tests.ui.kit import Kit, make_hall, open_console
from ui.bridge import Bridge
from ui.console import ConsoleWindow
from ui.console.dialogs import ConfirmDialog

ALT = Qt.KeyboardModifier.AltModifier


def key(qtbot: QtBot, console: ConsoleWindow, k: Qt.Key, modifier: object = None) -> None:
    target = console.focusWidget() or console
    if modifier is None:
        qtbot.keyClick(target, k)
    else:
        qtbot.keyClick(target, k, modifier)  # type: ignore[arg-type]


def asked(console: ConsoleWindow) -> ConfirmDialog:
    dialog = console.dialog
    assert isinstance(dialog, ConfirmDialog) and dialog.isVisible()
    return dialog


def text_of(dialog: ConfirmDialog) -> str:
    label = dialog.findChild(QLabel, "confirm_text")
    assert label is not None
    return label.text()


def status(kit: Kit) -> Status:
    partida = kit.hall.partida
    assert partida is not None
    return partida.status


def test_f4_asks_before_the_sale_closes(qtbot: QtBot, kit: Kit, bridges: list[Bridge]) -> None:
    kit.svc.start_partida()
    kit.svc.sell_count("A", 12)
    console = open_console(qtbot, kit, bridges, active=True)
    key(qtbot, console, Qt.Key.Key_F4)
    dialog = asked(console)
    assert "12 cartones, 12,00 €" in text_of(dialog)
    assert status(kit) == Status.SALE_OPEN  # nothing closed yet
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert console.dialog is None and status(kit) == Status.SALE_OPEN
    key(qtbot, console, Qt.Key.Key_F4)
    qtbot.keyClick(asked(console), Qt.Key.Key_Return)
    assert status(kit) == Status.SALE_CLOSED


def test_a_mistyped_sale_goes_back_to_the_table_before_the_close(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    """1200 typed for 120: 1080 back with Alt+D; the sale goes on from cartón 121."""
    kit = make_hall(series=(("A", 3000, 100, False),), strips=500)
    kit.svc.start_partida()
    console = open_console(qtbot, kit, bridges, active=True)
    sale = console.sale_page
    sale.sale_count.setFocus()
    sale.sale_count.selectAll()
    qtbot.keyClicks(sale.sale_count, "1200")
    key(qtbot, console, Qt.Key.Key_Return)
    assert "Vendidos 1200 cartones" in sale.sale_totals.text()
    assert sale.return_count.value() == 1200  # the whole last sale is offered
    sale.return_count.setFocus()
    sale.return_count.selectAll()
    qtbot.keyClicks(sale.return_count, "1080")
    key(qtbot, console, Qt.Key.Key_D, ALT)
    assert console.error.isHidden(), console.error.text()
    partida = kit.hall.partida
    assert partida is not None
    assert [(r.first, r.last) for r in partida.sales] == [(1, 120)]
    assert "Vendidos 120 cartones" in sale.sale_totals.text()
    assert "sigue por el cartón 121" in sale.sale_next.text()
    assert "cartones 1081" not in console.statusBar().currentMessage()
    assert "cartones 121 a 1200" in console.statusBar().currentMessage()
    # after the close nothing goes back
    key(qtbot, console, Qt.Key.Key_F4)
    qtbot.keyClick(asked(console), Qt.Key.Key_Return)
    assert not sale.return_button.isEnabled()


def test_closing_the_console_mid_partida_asks_and_says_the_record_is_safe(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge]
) -> None:
    kit.partida_ready()
    console = open_console(qtbot, kit, bridges, active=True)
    handle = console.windowHandle()
    assert handle is not None
    handle.close()  # as Alt+F4 or the window's cross: from the window system
    dialog = asked(console)
    words = text_of(dialog)
    assert "Partida 1 está en juego".lower() in words.lower()
    assert "queda guardado" in words and "sigue donde quedó" in words
    assert console.isVisible()
    qtbot.keyClick(dialog, Qt.Key.Key_Return)  # Enter stays: the key may have been a slip
    assert console.isVisible()
    handle.close()
    asked(console).confirm.click()
    assert not console.isVisible()
