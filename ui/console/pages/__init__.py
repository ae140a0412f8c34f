"""The console's pages: each a widget that shows a ``ConsoleView`` and signals the operator's
actions; the window connects them to the hall's service.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractButton, QPushButton, QWidget

from ui.widgets import set_pixel_font

# How a key is written on a button: the hall's keyboards say "Intro" for Return.
KEY_WORDS = {"Return": "Intro", "Escape": "Esc"}


def key_words(keys: str) -> str:
    return "+".join(KEY_WORDS.get(part, part) for part in keys.split("+"))


class KeyedButton(QPushButton):
    """A button that says its key after its words, whatever words it is given later, and that
    the key presses while it is visible and enabled.
    """

    def __init__(
        self, text: str, keys: str, parent: QWidget | None = None, *, below: bool = False
    ) -> None:
        """``below``: the key on a line of its own (a button beside a long text)."""
        super().__init__(parent)
        self.keys = keys
        self.below = below
        key(self, keys)
        self.setText(text)

    def setText(self, text: str) -> None:
        between = "\n" if self.below else " "
        super().setText(f"{text}{between}({key_words(self.keys)})" if text else "")


def button(text: str, name: str, pixels: int = 18, keys: str = "") -> QPushButton:
    """A console button: bold, tall enough to hit without looking twice; ``keys``: its key,
    shown after its words (buttons whose key is a menu's say it in their words).
    """
    widget = KeyedButton(text, keys) if keys else QPushButton(text)
    widget.setObjectName(name)
    widget.setMinimumHeight(int(pixels * 2.4))
    set_pixel_font(widget, pixels, bold=True)
    return widget


def key(widget: QAbstractButton, keys: str) -> QShortcut:
    """Press ``widget`` with ``keys`` while it is visible and enabled.

    A button's own shortcut clicks it a moment later (an animated click); this one clicks at
    once, so what follows the key sees it done.
    """
    shortcut = QShortcut(QKeySequence(keys), widget)
    shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
    shortcut.activated.connect(widget.click)
    return shortcut
