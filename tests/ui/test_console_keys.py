"""Every action of a night has a key, shown on its button, and the key does it; a red banner
goes once its problem is solved (issue: the console through a real night, trap 3).
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QPushButton
from pytestqt.qtbot import QtBot

from bingo.hall import Status
from tests.ui.kit import Kit, make_hall, open_console
from ui.bridge import Bridge
from ui.console import ConsoleWindow
from ui.console.dialogs import IncidentDialog, SerieDialog

CTRL = Qt.KeyboardModifier.ControlModifier
ALT = Qt.KeyboardModifier.AltModifier
SHOWN_KEY = re.compile(r"\((F\d+|(?:Ctrl|Alt)\+\S+|Intro|Esc)\)$")


def keys_of(console: ConsoleWindow) -> set[str]:
    """Every key the console answers to: its menus' and its shortcuts'."""
    out = {
        a.shortcut().toString() for a in console.findChildren(QAction) if not a.shortcut().isEmpty()
    }
    out |= {s.key().toString() for s in console.findChildren(QShortcut)}
    return out


def test_every_button_of_the_console_shows_a_key_the_console_answers_to(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge]
) -> None:
    """Session, sale, extraction, prizes, the suspended box and the banner's fix: no action
    of the night is mouse-only."""
    console = open_console(qtbot, kit, bridges)
    console.error.offer("Cambiar el juego de bolas…", lambda: None)
    console.extraction_page.device_action.setText("Seguir por extracción manual…")
    known = keys_of(console)
    buttons = [b for b in console.findChildren(QPushButton) if b.objectName()]
    assert len(buttons) >= 30
    for widget in buttons:
        text = widget.text().replace("\n", " ")
        shown = SHOWN_KEY.search(text)
        assert shown, f"{widget.objectName()}: {text!r} shows no key"
        words = shown.group(1)
        if words != "Intro":  # Enter in the button's field
            sequence = QKeySequence(words.replace("Intro", "Return")).toString()
            assert sequence in known, f"{widget.objectName()}: {words} does nothing"


def test_a_manual_ball_is_drawn_by_lot_with_alt_a(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge]
) -> None:
    """R-INC-2: every manual ball from the keyboard."""
    kit.partida_ready()
    kit.draw([5])
    kit.svc.start_manual_extraction("el extractor no responde")
    console = open_console(qtbot, kit, bridges, active=True)
    console.pages.setCurrentIndex(2)
    for _ in range(3):
        qtbot.keyClick(console.focusWidget() or console, Qt.Key.Key_A, ALT)
    partida = kit.hall.partida
    assert partida is not None and len(partida.balls) == 4
    assert partida.ball_sources[1:] == ["manual", "manual", "manual"]


def test_an_incident_is_confirmed_from_the_keyboard(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge]
) -> None:
    """The paragraph read (Alt+P), the note typed where the cursor is, Enter (R-INC-5)."""
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10)
    console = open_console(qtbot, kit, bridges, active=True)
    console.menu_actions["incident_suspend"].trigger()
    dialog = console.dialog
    assert isinstance(dialog, IncidentDialog)
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(dialog.note.hasFocus)
    qtbot.keyClick(dialog.note, Qt.Key.Key_P, ALT)
    assert dialog.read_aloud.isChecked()
    qtbot.keyClicks(dialog.note, "se va la luz")
    qtbot.keyClick(dialog.note, Qt.Key.Key_Return)
    partida = kit.hall.partida
    assert partida is not None and partida.status == Status.SUSPENDED


def test_a_serie_is_registered_with_ctrl_r_and_its_face_value_in_euros(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge]
) -> None:
    console = open_console(qtbot, kit, bridges, active=True)
    qtbot.keyClick(console, Qt.Key.Key_R, CTRL)
    dialog = console.dialog
    assert isinstance(dialog, SerieDialog)
    assert dialog.face.text() == "1,00 €"  # euros, as the hall says it
    assert {b.text() for b in dialog.findChildren(QPushButton)} == {
        "Registrar la serie (Intro)",
        "Cancelar (Esc)",
    }
    code = dialog.code.text()
    dialog.face.selectAll()
    qtbot.keyClicks(dialog.face, "1,50")
    qtbot.keyClick(dialog.code, Qt.Key.Key_Return)
    assert kit.hall.series[code].face_value_cents == 150


def test_f10_closes_the_session_with_its_count_from_the_keyboard(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge]
) -> None:
    """The closing count (R-BALL-2): asked for, confirmed with Alt+9 (the banner asking for
    it goes), the drawer's summary confirmed with Enter, the balls' condition with Alt+T and
    Enter."""
    console = open_console(qtbot, kit, bridges, active=True)
    qtbot.keyClick(console, Qt.Key.Key_F10)
    assert console.pages.currentIndex() == 0
    assert "Confirme el recuento" in console.error.text() and console.error.isVisible()
    qtbot.keyClick(console.focusWidget() or console, Qt.Key.Key_9, ALT)
    assert console.session_page.balls_counted.isChecked()
    assert console.error.isHidden()  # its problem is solved
    qtbot.keyClick(console.focusWidget() or console, Qt.Key.Key_F10)
    summary = console.dialog  # the drawer first (decision 231): Enter confirms it
    assert isinstance(summary, QDialog) and summary.objectName() == "drawer_dialog"
    qtbot.waitUntil(summary.isActiveWindow)
    qtbot.keyClick(summary.focusWidget() or summary, Qt.Key.Key_Return)
    dialog = console.dialog
    assert isinstance(dialog, QDialog) and dialog is not summary
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_T, ALT)
    qtbot.waitUntil(dialog.all_fine.isChecked)  # type: ignore[attr-defined]  # a mnemonic's click
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
    assert kit.hall.session is None


def test_a_banner_goes_once_its_problem_is_solved(qtbot: QtBot, bridges: list[Bridge]) -> None:
    """Refused for want of "¿Alguna línea más?": answered, the banner goes by itself."""
    kit = make_hall()
    kit.partida_ready()
    kit.draw(kit.line_of(7))
    kit.svc.claim("A", 7, "line")
    console = open_console(qtbot, kit, bridges, active=True)
    qtbot.keyClick(console, Qt.Key.Key_F6)
    assert not console.error.isHidden()
    qtbot.keyClick(console.focusWidget() or console, Qt.Key.Key_N, ALT)
    assert console.error.isHidden()
