"""The console's red banner: a refusal or a failure in words, and, when there is one, the
button that leads to what fixes it (a failed ball count → change the ball set).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QMouseEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QWidget

from ui.console.pages import KeyedButton


class ErrorBanner(QFrame):
    """Reads like a label (``text``/``setText``); a click anywhere but the button hides it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("error")
        self.setStyleSheet(
            "QFrame#error { background: #b00020; border-radius: 6px; }"
            "QLabel#error_text { color: #ffffff; padding: 4px; }"
            "QPushButton#error_action { background: #ffffff; color: #b00020;"
            " border: 2px solid #ffffff; border-radius: 4px; padding: 6px 14px; }"
            "QPushButton#error_action:focus { border-color: #ffd54f; }"
        )
        self.label = QLabel()
        self.label.setObjectName("error_text")
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        self.action = KeyedButton("", "Ctrl+Return", below=True)  # the fix, from the keyboard too
        self.action.setObjectName("error_action")
        self.action.hide()
        self.action.clicked.connect(self._act)
        for widget, pixels in ((self.label, 20), (self.action, 17)):
            font = QFont(widget.font())
            font.setPixelSize(pixels)
            font.setBold(True)
            widget.setFont(font)
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 6, 8, 6)
        row.addWidget(self.label, 1)
        row.addWidget(self.action, 0, Qt.AlignmentFlag.AlignVCenter)
        self._fix: Callable[[], None] | None = None
        self._offer = ""
        self._solved: Callable[[], bool] | None = None

    def text(self) -> str:
        return self.label.text()

    def setText(self, text: str) -> None:
        # A new message drops the button of the old one: it offered to fix something else.
        self.label.setText(text)
        self._fix = None
        self._solved = None
        self.action.hide()

    def until(self, solved: Callable[[], bool]) -> None:
        """The banner goes by itself once ``solved()`` says its problem is gone."""
        self._solved = solved

    def check(self) -> None:
        """Hide the banner when the problem it names is solved (called on every refresh)."""
        if self._solved is not None and not self.isHidden() and self._solved():
            self._solved = None
            self.hide()

    def offer(self, text: str, fix: Callable[[], None]) -> None:
        """Show the button that leads to the fix of what the banner says."""
        self._fix = fix
        self._offer = text
        self.action.setText(text)
        self.action.show()

    def offered(self) -> str:
        """The text of the button on offer, or "" when the banner offers nothing."""
        return self._offer if self._fix is not None else ""

    def _act(self) -> None:
        if self._fix is not None:
            self._fix()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.hide()
        event.accept()
