"""A misannounced ball corrected at the console after a prize it had no part in (R-GAME-3,
R-INC-4: the error annuls only when it "afecte de forma sustancial", decision 55)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from bingo.hall import Status
from tests.bingo.test_partida import other_numbers
from tests.ui.kit import Kit, open_console
from ui.bridge import Bridge
from ui.console import ConsoleWindow
from ui.console.dialogs import IncidentDialog


def correct(qtbot: QtBot, console: ConsoleWindow, index: int, number: int) -> IncidentDialog:
    console.menu_actions["incident_correct_ball"].trigger()
    dialog = console.dialog
    assert isinstance(dialog, IncidentDialog) and dialog.index and dialog.number
    dialog.index.setValue(index)
    dialog.number.setValue(number)
    dialog.note.setText("el locutor cantó mal")
    dialog.read_aloud.setChecked(True)
    qtbot.mouseClick(dialog.confirm, Qt.MouseButton.LeftButton)
    return dialog


def test_a_ball_misannounced_before_a_line_it_had_no_part_in_is_corrected(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge]
) -> None:
    console = open_console(qtbot, kit, bridges)
    kit.partida_ready([("A", 5)])
    carton = kit.carton(1)
    wrong, right = other_numbers(carton)[:2]
    kit.draw([wrong, *carton.rows[0]])
    assert kit.svc.claim("A", 1, "line").valid
    console.refresh()

    correct(qtbot, console, 1, right)
    partida = kit.hall.partida
    assert partida is not None and partida.balls[0] == right, console.error.text()
    assert partida.status != Status.ANNULLED
    assert "Sin efecto en línea del cartón 1 serie A" in partida.incidents[-1].note

    # a correction that would change the line is refused, in words, and nothing changes
    correct(qtbot, console, 2, other_numbers(carton, exclude=[right])[0])
    assert partida.balls[1] == carton.rows[0][0]
    assert "cambia lo comprobado en línea del cartón 1" in console.error.text()
