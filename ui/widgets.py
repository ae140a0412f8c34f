"""Small widgets shared by the console and the panels."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class FitLabel(QLabel):
    """A label whose type is as big as asked, shrunk only as far as needed to fit its box.

    The panels size their type from the window (``set_target``); a long hall name or
    announcement then shrinks instead of pushing the layout off the screen.
    """

    def __init__(
        self,
        text: str = "",
        parent: QWidget | None = None,
        *,
        bold: bool = True,
        align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter,
        minimum: int = 10,
    ) -> None:
        super().__init__(text, parent)
        self._target = 24
        self._minimum = minimum
        self._bold = bold
        self.setAlignment(align)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self._fit()

    def set_target(self, pixels: int) -> None:
        pixels = max(self._minimum, int(pixels))
        if pixels != self._target:
            self._target = pixels
            self._fit()

    def target(self) -> int:
        return self._target

    def pixel_size(self) -> int:
        """The size the text is drawn at now."""
        return self.font().pixelSize()

    def setText(self, text: str) -> None:
        if text != self.text():
            super().setText(text)
            self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def minimumSizeHint(self) -> QSize:
        return QSize(0, 0)

    def fitting_size(self, target: int | None = None) -> int:
        """The biggest pixel size up to ``target`` at which the text fits the label's box."""
        font = QFont(self.font())
        font.setBold(self._bold)
        lines = self.text().split("\n") or [""]
        box = self.contentsRect()  # inside the padding of the style sheet, if any
        width = max(1, box.width() - 4)
        height = max(1, box.height())
        size = max(self._minimum, self._target if target is None else target)
        while size > self._minimum:
            font.setPixelSize(size)
            metrics = QFontMetrics(font)
            wide = max(metrics.horizontalAdvance(line) for line in lines)
            tall = metrics.height() * len(lines)
            if wide <= width and tall <= height * 1.05:
                break
            size = max(self._minimum, int(size * 0.92))
        return size

    def _fit(self) -> None:
        size = self.fitting_size()
        if size != self.font().pixelSize() or self.font().bold() != self._bold:
            font = QFont(self.font())
            font.setBold(self._bold)
            font.setPixelSize(size)
            self.setFont(font)


def fit_together(labels: Sequence[FitLabel], target: int) -> int:
    """Give labels that read as one row the same type size: the biggest that fits them all."""
    shown = [label for label in labels if not label.isHidden() and label.text()]
    size = min((label.fitting_size(target) for label in shown), default=target)
    for label in labels:
        label.set_target(size)
    return size
