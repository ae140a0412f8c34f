"""The UI tests' hall: the engine tests' kit (one kit for every suite), and a console on it."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.bingo.hallkit import BALLS, CARD_SET, Clock, Kit, make_hall
from ui.bridge import Bridge
from ui.console import ConsoleDefaults, ConsoleWindow
from ui.console.login import SecretDialog
from ui.console.window import BallSource

__all__ = ["BALLS", "CARD_SET", "Clock", "Kit", "make_hall", "open_console"]


def open_console(
    qtbot: QtBot,
    kit: Kit,
    bridges: list[Bridge],
    devices: BallSource | None = None,
    size: tuple[int, int] = (1366, 768),
    active: bool = False,
) -> ConsoleWindow:
    """The console on ``kit``'s hall, shown at ``size``; its bridge goes to ``bridges`` so the
    ``bridges`` fixture closes it. ``active``: wait until the window has the focus (shortcuts).
    """
    bridge = Bridge()
    bridge.attach(kit.svc)
    bridges.append(bridge)
    console = ConsoleWindow(
        kit.svc,
        devices,
        bridge=bridge,
        defaults=ConsoleDefaults("Ana Mesa", "Luis Sala", today=lambda: "2026-11-22"),
    )
    qtbot.addWidget(console)
    console.resize(*size)
    console.show()
    qtbot.waitExposed(console)
    if active:
        console.activateWindow()
        qtbot.waitUntil(console.isActiveWindow)
    return console


def confirm_drawer(console: ConsoleWindow) -> None:
    """The drawer's summary that closing the session shows first: the jefe de mesa confirms."""
    from ui.console.cash import DrawerDialog

    dialog = console.dialog
    assert isinstance(dialog, DrawerDialog), dialog
    dialog.accept()


def answer_secret(
    qtbot: QtBot, name: str, pin: str, *, cancel: bool = False, seconds: float = 30.0
) -> list[str]:
    """Answer the next modal name-and-PIN dialog when it opens (within ``seconds``, so a
    dialog of a later test is never answered); the dialog's name and the messages it showed.
    """
    seen: list[str] = []
    deadline = time.monotonic() + seconds

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, SecretDialog):
            if time.monotonic() < deadline:
                QTimer.singleShot(10, fill)
            return
        seen.append(dialog.objectName())
        if cancel:
            dialog.reject()
            return
        dialog.name.setText(name)
        qtbot.keyClicks(dialog.pin, pin)
        qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)
        if dialog.isVisible():  # refused: the reason is shown and the dialog stays open
            seen.append(dialog.message.text())
            dialog.reject()

    QTimer.singleShot(0, fill)
    return seen
