"""Claims at the table from the keyboard: what is typed is never lost, the prize to check follows
the partida, a verdict belongs to its ball, and a line is followed by "¿Alguna línea más?"
before the next ball (R-GAME-4, R-GAME-5; Cantabria III and V.1.a; decisions 6 and 170).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from bingo.hall import Status
from tests.ui.kit import Kit, open_console
from ui.bridge import Bridge
from ui.console import ConsoleWindow

ALT = Qt.KeyboardModifier.AltModifier


def press(qtbot: QtBot, console: ConsoleWindow, key: Qt.Key, modifier: object = None) -> None:
    """A key pressed where the cursor is, as a keyboard does."""
    target = console.focusWidget() or console
    if modifier is None:
        qtbot.keyClick(target, key)
    else:
        qtbot.keyClick(target, key, modifier)  # type: ignore[arg-type]


def type_ball(qtbot: QtBot, console: ConsoleWindow, number: int) -> None:
    entry = console.extraction_page.ball_input
    entry.setFocus()
    qtbot.keyClicks(entry, str(number))
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    assert console.error.isHidden(), console.error.text()


def playing(qtbot: QtBot, kit: Kit, bridges: list[Bridge]) -> ConsoleWindow:
    kit.partida_ready()
    return open_console(qtbot, kit, bridges, active=True)


def test_alt_l_and_alt_b_choose_the_prize_and_leave_the_cursor_in_the_carton_number(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge]
) -> None:
    """The digits typed around Alt+B stay in the cartón's number and Enter checks it."""
    console = playing(qtbot, kit, bridges)
    page = console.extraction_page
    for n in kit.line_of(7):
        type_ball(qtbot, console, n)
    press(qtbot, console, Qt.Key.Key_F7)
    assert page.claim_number.hasFocus()
    qtbot.keyClicks(page.claim_number, "1")
    press(qtbot, console, Qt.Key.Key_B, ALT)
    assert page.claim_bingo.isChecked()
    assert page.claim_number.hasFocus()
    press(qtbot, console, Qt.Key.Key_L, ALT)
    assert page.claim_line.isChecked()
    assert page.claim_number.hasFocus()
    page.claim_number.clear()
    qtbot.keyClicks(page.claim_number, "7")
    press(qtbot, console, Qt.Key.Key_Return)
    assert page.verdict.text() == "LÍNEA CORRECTA: A / 7"


def test_after_the_line_the_claim_is_for_bingo_and_the_old_verdict_goes_with_the_next_ball(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge]
) -> None:
    console = playing(qtbot, kit, bridges)
    page = console.extraction_page
    carton = kit.carton(7)
    for n in carton.rows[0]:
        type_ball(qtbot, console, n)
    assert page.claim_line.isChecked()
    page.claim_number.setFocus()
    qtbot.keyClicks(page.claim_number, "7")
    press(qtbot, console, Qt.Key.Key_Return)
    assert page.verdict.text() == "LÍNEA CORRECTA: A / 7"
    assert page.claim_bingo.isChecked()  # what is left to win
    qtbot.keyClick(page.claim_number, Qt.Key.Key_N, ALT)  # nobody else sings a line
    assert page.more_box.isHidden()
    rest = [n for n in sorted(carton.numbers) if n not in carton.rows[0]]
    type_ball(qtbot, console, rest[0])
    assert page.verdict.text() == ""  # the verdict was for the earlier ball
    assert page.carton.numbers() == set()


def test_after_a_valid_line_the_next_ball_waits_for_alguna_linea_mas(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge]
) -> None:
    """A line sung after the next ball is late (Cantabria V.1.a, decision 170): the console asks
    for more lines at the line's ball, hears them (shared, V.3), and only then draws."""
    console = playing(qtbot, kit, bridges)
    page = console.extraction_page
    hall = kit.hall
    both = sorted(set(kit.line_of(7)) | set(kit.line_of(8)))
    for n in both:
        type_ball(qtbot, console, n)
    page.claim_number.setFocus()
    qtbot.keyClicks(page.claim_number, "7")
    press(qtbot, console, Qt.Key.Key_Return)
    assert page.verdict.text() == "LÍNEA CORRECTA: A / 7"
    assert not page.more_box.isHidden()
    assert "¿Alguna línea más?" in page.more_question.text()
    assert not page.ball_input.isVisible()
    balls = len(hall.partida.balls)  # type: ignore[union-attr]
    press(qtbot, console, Qt.Key.Key_F6)  # refused, with what to do
    assert len(hall.partida.balls) == balls  # type: ignore[union-attr]
    assert "¿Alguna línea más?" in console.error.text()
    # a second line at the same ball is heard in time and shares the prize
    page.claim_number.selectAll()
    page.claim_line.setChecked(True)
    qtbot.keyClicks(page.claim_number, "8")
    press(qtbot, console, Qt.Key.Key_Return)
    assert page.verdict.text() == "LÍNEA CORRECTA: A / 8"
    press(qtbot, console, Qt.Key.Key_N, ALT)
    assert page.more_box.isHidden()
    assert page.ball_input.hasFocus() and page.ball_input.isEnabled()
    partida = hall.partida
    assert partida is not None and partida.status == Status.CLAIM_CHECK
    assert [c.number for c in partida.claims if c.valid and c.prize == "line"] == [7, 8]
