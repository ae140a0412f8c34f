"""The console's pages: each a widget that shows a ``ConsoleView`` and signals the operator's
actions; the window connects them to the hall's service.
"""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton

from ui.widgets import set_pixel_font


def button(text: str, name: str, pixels: int = 18) -> QPushButton:
    """A console button: bold, tall enough to hit without looking twice."""
    widget = QPushButton(text)
    widget.setObjectName(name)
    widget.setMinimumHeight(int(pixels * 2.4))
    set_pixel_font(widget, pixels, bold=True)
    return widget
