"""The parts of the console around its pages: the header (state, door, devices, the red banner,
the suspended partida's box) and the column on the right (last ball, board, event log).
"""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ui.console.banner import ErrorBanner
from ui.console.pages import button
from ui.console.state import ConsoleView
from ui.console.texts import t
from ui.panels.board import BoardPalette, BoardWidget
from ui.panels.hall_panel import BallWidget
from ui.widgets import set_pixel_font, wrapped_label


def now() -> str:
    return dt.datetime.now().strftime("%H:%M:%S")


class Header(QObject):
    """The header's widgets in ``layout``: a layout, not a widget of its own, so the words of
    the state wrap against the whole width as the window's (the window adds it to its own).
    """

    resume = Signal()
    refund = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.header_state = wrapped_label(name="header_state", pixels=24, bold=True)
        self.door = wrapped_label(name="door", pixels=22, bold=True)
        self.door.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.door.setMinimumWidth(330)
        self.devices_state = wrapped_label(name="devices_state", pixels=15)
        top = QHBoxLayout()
        top.addWidget(self.header_state, 1)
        top.addWidget(self.devices_state)
        top.addWidget(self.door)
        self.error = ErrorBanner()
        self.error.hide()
        self.error.setCursor(Qt.CursorShape.PointingHandCursor)
        self.error.setToolTip(t("Pulse para ocultar (Esc)"))
        self.suspended_box = QFrame()
        self.suspended_box.setObjectName("suspended_box")
        self.suspended_box.setStyleSheet(
            "QFrame#suspended_box { background: #ff9800; border-radius: 6px; }"
        )
        row = QHBoxLayout(self.suspended_box)
        row.setContentsMargins(8, 4, 8, 4)
        row.addWidget(
            wrapped_label(
                t("PARTIDA SUSPENDIDA: reanude o devuelva los cartones"), pixels=20, bold=True
            ),
            1,
        )
        self.resume_button = button(t("Reanudar…"), "resume", 16, keys="Ctrl+E")
        self.refund_button = button(t("Devolver cartones…"), "refund", 16, keys="Ctrl+D")
        self.resume_button.clicked.connect(self.resume)
        self.refund_button.clicked.connect(self.refund)
        row.addWidget(self.resume_button)
        row.addWidget(self.refund_button)
        self.suspended_box.hide()
        box = QVBoxLayout()
        box.addLayout(top)
        box.addWidget(self.error)
        box.addWidget(self.suspended_box)
        self.layout = box

    def show_view(self, view: ConsoleView) -> None:
        self.header_state.setText(view.header)
        self.door.setText(view.door)
        colour = "#b00020" if view.door_closed else "#2e7d32"
        self.door.setStyleSheet(f"background: {colour}; color: #ffffff; padding: 6px;")
        self.suspended_box.setVisible(view.suspended)
        self.resume_button.setEnabled("resume" in view.allowed)
        self.refund_button.setEnabled("refund_suspended" in view.allowed)


class Side(QWidget):
    """The last ball, the count, the board and the partida's event log."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        side = QVBoxLayout(self)
        side.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        self.last_ball = BallWidget(empty="#dddddd")
        self.last_ball.setObjectName("last_ball")
        self.last_ball.setMinimumSize(100, 84)  # the strip above shows the last five too
        self.last_ball.setMaximumHeight(210)
        self.count = wrapped_label(name="count", pixels=26, bold=True)
        self.count.setAlignment(Qt.AlignmentFlag.AlignCenter)
        # no height-for-width in this column: the layout then keeps every minimum, so the
        # window's minimum size is what the column really needs
        self.count.setWordWrap(False)
        top.addWidget(self.last_ball, 1)
        top.addWidget(self.count, 1)
        side.addLayout(top, 2)
        palette = BoardPalette(
            background="#ffffff",
            off_cell="#eeeeee",
            off_text="#777777",
            lit_cell="#1b5e20",
            lit_text="#ffffff",
            last_cell="#c00000",
            last_text="#ffffff",
        )
        self.board = BoardWidget(palette)
        self.board.setObjectName("board")
        # 9 rows of 23 pixels at least: the numbers stay 16 pixels high, as the console's text
        self.board.setMinimumSize(300, 207)
        self.board.setMaximumHeight(300)
        side.addWidget(self.board, 3)
        log_title = wrapped_label(t("Registro de la partida"), "event_log_title", 16, bold=True)
        log_title.setWordWrap(False)
        side.addWidget(log_title)
        self.event_log = QListWidget()
        self.event_log.setObjectName("event_log")
        self.event_log.setWordWrap(True)
        self.event_log.setMinimumHeight(60)  # three lines at least; it grows with the window
        set_pixel_font(self.event_log, 14)
        side.addWidget(self.event_log, 5)

    def log(self, text: str, mark: str = "", colour: Qt.GlobalColor | None = None) -> None:
        """A line of the event log, stamped now when ``mark`` (✖ a refusal, ✎ a note, ⚠ a
        device), else as given (a recorded event carries its own time).
        """
        item = QListWidgetItem(f"{now()}  {mark} {text}" if mark else text)
        if colour is not None:
            item.setForeground(colour)
        self.event_log.addItem(item)

    def show_view(self, view: ConsoleView) -> None:
        self.last_ball.set_number(view.last_ball)
        self.board.set_count(view.board_count)  # 90, or the N of a game partida on show
        self.board.set_balls(list(view.balls), view.last_ball)
        self.count.setText(view.count)
