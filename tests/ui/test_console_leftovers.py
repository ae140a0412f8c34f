"""What the console left for the operator to find out (the third inspection of the console): the
automatic pace that could be set faster than the players can follow, the quit entry, the
instructions and verdicts of a partida already paid kept into the next, the menus offering what
the state refuses.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.ui.kit import make_hall, open_console
from ui.bridge import Bridge
from ui.console.autodraw import MIN_PACE


def test_the_automatic_pace_cannot_be_set_faster_than_the_players_can_follow(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    """Cantabria III: «con el ritmo adecuado para que todos los jugadores puedan seguirlas»
    (decision 251). Between off (0) and 3 s there is nothing to choose: the arrows go from off
    to 3 s and back, and a pace typed under 3 s becomes 3 s, before Ctrl+F6 is ever pressed.
    """
    console = open_console(qtbot, make_hall(), bridges)
    pace = console.autodraw.pace
    pace.setValue(0.0)
    pace.stepUp()
    assert pace.value() == MIN_PACE
    pace.stepDown()
    assert pace.value() == 0.0

    pace.setFocus()
    pace.lineEdit().selectAll()
    qtbot.keyClicks(pace, "1,5")
    qtbot.keyClick(pace, Qt.Key.Key_Return)
    assert pace.value() == MIN_PACE, pace.text()
    pace.lineEdit().selectAll()
    qtbot.keyClicks(pace, "4,5")
    qtbot.keyClick(pace, Qt.Key.Key_Return)
    assert pace.value() == 4.5


def test_a_paid_partida_leaves_no_instruction_and_no_verdict_bar_for_the_next(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    """After F9 the sale page no longer says «Anuncie: …» of the paid partida; the verdict of
    its claims is not an empty coloured bar in the next one; the status bar's instruction of a
    moment already gone goes with it.
    """
    kit = make_hall()
    console = open_console(qtbot, kit, bridges)
    kit.partida_ready()
    page = console.extraction_page
    line = kit.line_of(1)
    kit.draw(line)
    qtbot.waitUntil(lambda: page._claims_key[1] == len(line))  # the console has the balls
    page.claim_line.setChecked(True)
    page.claim_number.setText("1")
    page.claimCheck.emit()
    assert not page.verdict.isHidden() and page.verdict.text().startswith("LÍNEA CORRECTA")
    console.statusBar().showMessage("Anuncie la línea")
    kit.finish_with_bingo(1)
    assert console.hall.partida is None
    qtbot.waitUntil(lambda: console.sale_page.sale_announce.isHidden(), timeout=3000)
    assert console.statusBar().currentMessage() == ""

    kit.partida_ready()
    qtbot.waitUntil(lambda: console.hall.partida is not None)
    assert page.verdict.isHidden()
    assert page.verdict.styleSheet() == ""


def test_ctrl_q_quits_the_console(qtbot: QtBot, bridges: list[Bridge]) -> None:
    console = open_console(qtbot, make_hall(), bridges, active=True)
    quit_action = console.menu_actions["quit"]
    assert quit_action.shortcut().toString() == "Ctrl+Q"
    assert quit_action in console.menuBar().actions()[0].menu().actions()  # in Sesión
    qtbot.keyClick(console, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not console.isVisible())
