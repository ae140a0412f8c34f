"""The console's pages: each a widget that shows a ``ConsoleView`` and signals the operator's
actions; the window connects them to the hall's service.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractButton, QPushButton

from ui.widgets import set_pixel_font


def button(text: str, name: str, pixels: int = 18) -> QPushButton:
    """A console button: bold, tall enough to hit without looking twice."""
    widget = QPushButton(text)
    widget.setObjectName(name)
    widget.setMinimumHeight(int(pixels * 2.4))
    set_pixel_font(widget, pixels, bold=True)
    return widget


def key(widget: QAbstractButton, keys: str) -> QShortcut:
    """Press ``widget`` with ``keys`` (shown on it by its text) while it is visible and enabled.

    A button's own shortcut clicks it a moment later (an animated click); this one clicks at
    once, so what follows the key sees it done.
    """
    shortcut = QShortcut(QKeySequence(keys), widget)
    shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
    shortcut.activated.connect(widget.click)
    return shortcut
