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
