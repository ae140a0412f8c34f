"""Answering the console's ball-count dialog (R-BALL-2) the way the jefe de mesa does."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QRadioButton
from pytestqt.qtbot import QtBot

from bingo import events as ev
from tests.ui.kit import Kit
from ui.console import ConsoleWindow
from ui.console.ball_check import BallCheckDialog

LEFT = Qt.MouseButton.LeftButton


def the_check(console: ConsoleWindow) -> BallCheckDialog:
    dialog = console.dialog
    assert isinstance(dialog, BallCheckDialog), console.error.text()
    assert dialog.isVisible()
    return dialog


def choose(qtbot: QtBot, radio: QRadioButton) -> None:
    """Click the round button itself (the widget is wider than its text)."""
    qtbot.mouseClick(radio, LEFT, pos=QPoint(8, radio.height() // 2))
    assert radio.isChecked()


def answer_check(qtbot: QtBot, console: ConsoleWindow, damaged: str = "") -> BallCheckDialog:
    """All in perfect condition, or the damaged balls described; then the dialog's button."""
    dialog = the_check(console)
    assert not dialog.confirm.isEnabled()  # the condition is declared, never assumed
    if damaged:
        choose(qtbot, dialog.damaged)
        assert not dialog.confirm.isEnabled()  # which balls, and how, must be said
        if damaged.isascii():
            qtbot.keyClicks(dialog.note, damaged)
        else:  # QTest types ASCII only; an accent comes as an input method gives it
            dialog.note.insert(damaged)
    else:
        choose(qtbot, dialog.all_fine)
    assert dialog.confirm.isEnabled()
    qtbot.mouseClick(dialog.confirm, LEFT)
    assert console.dialog is None
    return dialog


def ball_checks(kit: Kit) -> list[ev.BallCheckRecorded]:
    """The counts in the record, as the engine recorded them."""
    events = [ev.event_from(r.kind, r.payload) for r in kit.svc.records()]
    return [e for e in events if isinstance(e, ev.BallCheckRecorded)]
