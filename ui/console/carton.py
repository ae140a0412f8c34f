"""The grid of the one cartón a player claimed, with its drawn numbers marked.

The console shows a cartón only once it has been claimed (R-GAME-5): this widget is filled by
the claim check and by nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

Grid = Sequence[Sequence[int | None]]


class CartonGrid(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._grid: tuple[tuple[int | None, ...], ...] = ()
        self._drawn: frozenset[int] = frozenset()
        self._completing: int | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setMinimumSize(360, 120)

    def show_carton(self, grid: Grid, drawn: Iterable[int], completing: int | None = None) -> None:
        """Show a claimed cartón; ``completing`` is the number that completed the prize."""
        self._grid = tuple(tuple(row) for row in grid)
        self._drawn = frozenset(drawn)
        self._completing = completing
        self.update()

    def clear(self) -> None:
        self._grid = ()
        self._drawn = frozenset()
        self._completing = None
        self.update()

    def numbers(self) -> frozenset[int]:
        """The numbers of the cartón shown (empty when none is shown)."""
        return frozenset(n for row in self._grid for n in row if n is not None)

    def marked(self) -> frozenset[int]:
        return self.numbers() & self._drawn

    def sizeHint(self) -> QSize:
        return QSize(640, 200)

    def heightForWidth(self, width: int) -> int:
        return int(width * 3 / 9)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if not self._grid:
            p.end()
            return
        side = min(self.width() / 9, self.height() / 3)
        left = (self.width() - side * 9) / 2
        top = (self.height() - side * 3) / 2
        font = QFont(self.font())
        font.setBold(True)
        font.setPixelSize(max(10, int(side * 0.5)))
        p.setFont(font)
        for r, row in enumerate(self._grid):
            for c, number in enumerate(row):
                rect = QRectF(left + c * side + 2, top + r * side + 2, side - 4, side - 4)
                if number is None:
                    p.fillRect(rect, QColor("#5a6b7d"))
                    continue
                if number == self._completing:
                    cell, ink = QColor("#c00000"), QColor("#ffffff")
                elif number in self._drawn:
                    cell, ink = QColor("#ffd400"), QColor("#000000")
                else:
                    cell, ink = QColor("#ffffff"), QColor("#000000")
                p.fillRect(rect, cell)
                p.setPen(QColor("#000000"))
                p.drawRect(rect)
                p.setPen(ink)
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(number))
        p.end()
