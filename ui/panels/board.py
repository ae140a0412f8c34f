"""The board: every number drawn lights up; the last one is marked. 90 numbers in 9 rows of 10
for the ordinary bingo; a game of N numbers (docs/games.md) laid out as the web panels lay it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

ROWS, COLUMNS = 9, 10

# The web panels' board area (app/web/panel.js, ``gridFor``): 136 × 97.2 units beside their side
# column on a 16:9 screen.
_AREA_W, _AREA_H = 136.0, 97.2


def grid_for(count: int) -> tuple[int, int]:
    """(rows, columns) for a board of ``count`` numbers: the web panels' layout (``gridFor`` in
    app/web/panel.js), so every screen of the hall lays a game's numbers out alike: the largest
    numbers that fit their cells, the fewest empty cells between equals. 45 → 7 × 7,
    75 → 9 × 9, 90 → 9 × 10, 100 → 12 × 9 (decision 276).
    """
    digits = len(str(count))
    best: tuple[float, int, int] | None = None
    for columns in range(1, count + 1):
        rows = math.ceil(count / columns)
        width, height = _AREA_W / columns, _AREA_H / rows
        font = min(height * 0.96, (width - 0.8) / (digits * 0.6 + 0.1))
        score = font - (rows * columns - count) * 0.001
        if best is None or score > best[0]:
            best = (score, rows, columns)
    assert best is not None, count
    return best[1], best[2]


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
    """Numbers 1–90 in 9 rows of 10 (or 1–N of a game, ``set_count``); drawn numbers lit, the
    last one in red.
    """

    def __init__(self, palette: BoardPalette | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._palette = palette or BoardPalette()
        self._lit: frozenset[int] = frozenset()
        self._last: int | None = None
        self._count = ROWS * COLUMNS
        self._rows, self._columns = ROWS, COLUMNS
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(200, 180)

    def set_balls(self, balls: Iterable[int], last: int | None) -> None:
        lit = frozenset(balls)
        if lit != self._lit or last != self._last:
            self._lit, self._last = lit, last
            self.update()

    def set_count(self, count: int) -> None:
        """The board's numbers: 1..count (90 for the ordinary bingo)."""
        if count != self._count and count > 0:
            self._count = count
            self._rows, self._columns = (ROWS, COLUMNS) if count == 90 else grid_for(count)
            self.update()

    def count(self) -> int:
        return self._count

    def grid(self) -> tuple[int, int]:
        """(rows, columns) the numbers are laid out in."""
        return self._rows, self._columns

    def lit(self) -> frozenset[int]:
        """The numbers shown lit."""
        return self._lit

    def last(self) -> int | None:
        return self._last

    def sizeHint(self) -> QSize:
        return QSize(900, 810)

    def cell_rect(self, number: int) -> QRectF:
        """Where a number is drawn (row by row: 1–10, 11–20, …, 81–90 on the ordinary board)."""
        row, col = divmod(number - 1, self._columns)
        w = self.width() / self._columns
        h = self.height() / self._rows
        gap = max(1.0, min(w, h) * 0.06)
        return QRectF(col * w + gap / 2, row * h + gap / 2, w - gap, h - gap)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), self._palette.background)
        h = self.height() / self._rows
        w = self.width() / self._columns
        digits = max(2, len(str(self._count)))
        font = QFont(self.font())
        font.setBold(True)
        font.setPixelSize(max(8, int(min(h * 0.72, w / digits))))
        p.setFont(font)
        radius = min(w, h) * 0.12
        for number in range(1, self._count + 1):
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
