"""The strip under the header, on every page: the last five balls (the newest first, in red),
the money at stake (line, bingo, the prima with its ball limit, the bola loca; R-PRIMA-4) and
the clock. What the jefe de mesa looks up for while selling, checking a claim or paying.
"""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QWidget

from ui.console.state import ConsoleView
from ui.console.texts import t
from ui.widgets import set_pixel_font, wrapped_label

SHOWN = 5  # balls in the strip
BALL = 32  # pixels across a ball, on a laptop
LAPTOP_WIDTH = 1346  # the strip's width in a 1366-pixel window


def clock_text() -> str:
    return dt.datetime.now().strftime("%H:%M:%S")


class Strip(QFrame):
    """``show_view`` sets the balls and the money; the clock ticks by itself."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("strip")
        self.setStyleSheet(
            "QFrame#strip { background: #263238; border-radius: 6px; }"
            "QLabel { color: #ffffff; }"
            "QLabel#strip_money { color: #ffd54f; }"
        )
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 1, 8, 1)
        row.setSpacing(6)
        title = wrapped_label(t("Últimas bolas:"), "strip_title", 16, bold=True)
        title.setWordWrap(False)
        row.addWidget(title)
        self.title = title
        self._scale = 1.0
        self._size = BALL
        self._balls: tuple[int, ...] = ()
        self.balls: list[QLabel] = []
        for i in range(SHOWN):
            ball = QLabel()
            ball.setObjectName(f"strip_ball_{i}")
            ball.setFixedSize(BALL, BALL)
            ball.setAlignment(Qt.AlignmentFlag.AlignCenter)
            set_pixel_font(ball, 19 if i == 0 else 17, bold=True)
            self.balls.append(ball)
            row.addWidget(ball)
        row.addSpacing(10)
        self.money = wrapped_label(name="strip_money", pixels=18, bold=True)
        row.addWidget(self.money, 1)
        self.clock = QLabel(clock_text())
        self.clock.setObjectName("strip_clock")
        set_pixel_font(self.clock, 20, bold=True)
        row.addWidget(self.clock)
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.tick)
        self._timer.start(1000)
        self.show_balls(())

    def resizeEvent(self, event: QResizeEvent) -> None:
        # a bigger screen, a bigger strip: laid out for a 1366-pixel laptop, never smaller
        scale = max(1.0, round(event.size().width() / LAPTOP_WIDTH, 1))
        if scale != self._scale:
            self._scale = scale
            self._size = int(BALL * scale)
            for i, ball in enumerate(self.balls):
                ball.setFixedSize(self._size, self._size)
                set_pixel_font(ball, int((19 if i == 0 else 17) * scale), bold=True)
            set_pixel_font(self.money, int(18 * scale), bold=True)
            set_pixel_font(self.clock, int(20 * scale), bold=True)
            set_pixel_font(self.title, int(16 * scale), bold=True)
            self.show_balls(self._balls)
        super().resizeEvent(event)

    def tick(self) -> None:
        self.clock.setText(clock_text())

    def show_balls(self, balls: tuple[int, ...]) -> None:
        self._balls = balls
        newest = list(reversed(balls[-SHOWN:]))
        for i, label in enumerate(self.balls):
            number = newest[i] if i < len(newest) else None
            label.setText(str(number) if number is not None else "")
            colour = "#c00000" if i == 0 else "#1b5e20"
            if number is None:
                colour = "#37474f"
            label.setStyleSheet(
                f"background: {colour}; color: #ffffff; border: 2px solid #ffffff;"
                f" border-radius: {self._size // 2}px;"
            )

    def numbers(self) -> list[int]:
        """The balls shown, the newest first (for the tests)."""
        return [int(b.text()) for b in self.balls if b.text()]

    def show_view(self, view: ConsoleView) -> None:
        self.show_balls(view.balls)
        self.money.setText(view.money or t("Sin premios en juego"))
