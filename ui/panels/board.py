"""The 90-number board: every number drawn lights up; the last one is marked."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

ROWS, COLUMNS = 9, 10


class BoardPalette:
    """Colours for a board. The hall panel's is high contrast for a dark hall."""

    def __init__(
        self,
        background: str = "#000000",
        off_cell: str = "#161616",
        off_text: str = "#7a7a7a",
        lit_cell: str = "#ffd400",
        lit_text: str = "#000000",
        last_cell: str = "#ff2d2d",
        last_text: str = "#ffffff",
        grid: str = "#000000",
    ) -> None:
        self.background = QColor(background)
        self.off_cell = QColor(off_cell)
        self.off_text = QColor(off_text)
        self.lit_cell = QColor(lit_cell)
        self.lit_text = QColor(lit_text)
        self.last_cell = QColor(last_cell)
        self.last_text = QColor(last_text)
        self.grid = QColor(grid)


class BoardWidget(QWidget):
    """Numbers 1–90 in 9 rows of 10; drawn numbers lit, the last one in red."""

    def __init__(self, palette: BoardPalette | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._palette = palette or BoardPalette()
        self._lit: frozenset[int] = frozenset()
        self._last: int | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(200, 180)

    def set_balls(self, balls: Iterable[int], last: int | None) -> None:
        lit = frozenset(balls)
        if lit != self._lit or last != self._last:
            self._lit, self._last = lit, last
            self.update()

    def lit(self) -> frozenset[int]:
        """The numbers shown lit."""
        return self._lit

    def last(self) -> int | None:
        return self._last

    def sizeHint(self) -> QSize:
        return QSize(900, 810)

    def cell_rect(self, number: int) -> QRectF:
        """Where a number is drawn (row by tens: 1–10, 11–20, …, 81–90)."""
        row, col = divmod(number - 1, COLUMNS)
        w = self.width() / COLUMNS
        h = self.height() / ROWS
        gap = max(1.0, min(w, h) * 0.06)
        return QRectF(col * w + gap / 2, row * h + gap / 2, w - gap, h - gap)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), self._palette.background)
        h = self.height() / ROWS
        w = self.width() / COLUMNS
        font = QFont(self.font())
        font.setBold(True)
        font.setPixelSize(max(8, int(min(h * 0.72, w * 0.5))))
        p.setFont(font)
        radius = min(w, h) * 0.12
        for number in range(1, ROWS * COLUMNS + 1):
            rect = self.cell_rect(number)
            if number == self._last:
                cell, text = self._palette.last_cell, self._palette.last_text
            elif number in self._lit:
                cell, text = self._palette.lit_cell, self._palette.lit_text
            else:
                cell, text = self._palette.off_cell, self._palette.off_text
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(cell)
            p.drawRoundedRect(rect, radius, radius)
            p.setPen(QPen(text))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(number))
        p.end()
