"""Small widgets shared by the console and the panels."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QApplication, QFrame, QLabel, QScrollArea, QSizePolicy, QWidget


def set_pixel_font(widget: QWidget, pixels: int, bold: bool = False) -> None:
    """Sizes in pixels, not points: the console is laid out for the screen, whatever its DPI."""
    font = QFont(widget.font())
    font.setPixelSize(pixels)
    font.setBold(bold)
    widget.setFont(font)


def wrapped_label(text: str = "", name: str = "", pixels: int = 17, bold: bool = False) -> QLabel:
    """A word-wrapped label, named for the tests and the style sheet."""
    label = QLabel(text)
    if name:
        label.setObjectName(name)
    label.setWordWrap(True)
    set_pixel_font(label, pixels, bold)
    return label


def error_label(name: str) -> QLabel:
    """A dialog's refusal: white on red, selectable (to copy it into a report), hidden at first."""
    label = wrapped_label(name=name, pixels=17, bold=True)
    label.setStyleSheet("background: #b00020; color: #ffffff; padding: 8px; border-radius: 6px;")
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.hide()
    return label


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


class VerticalScroll(QScrollArea):
    """A page that scrolls up and down instead of making its window taller than the screen.

    It keeps the page's own minimum width (no sideways scrolling, room for the scroll bar) but
    asks only ``min_height`` of the window. The page fills the height when there is room, and
    when there is not it gets the least height it needs at that width (wrapped texts
    included), not the height it would like: so it scrolls only as far as it must. A widget
    that takes the focus (a key, Tab, the console's own ``setFocus``) is scrolled into view.
    """

    def __init__(self, page: QWidget, min_height: int = 200) -> None:
        super().__init__()
        self._min_height = min_height
        self.setObjectName(f"{page.objectName() or 'page'}_scroll")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # not widgetResizable: that would give a page with wrapped texts its preferred height
        self.setWidgetResizable(False)
        self.setWidget(page)
        page.installEventFilter(self)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    def _bar(self) -> int:
        return self.verticalScrollBar().sizeHint().width()

    def minimumSizeHint(self) -> QSize:
        page = self.widget()
        width = page.minimumSizeHint().width() if page is not None else 0
        return QSize(width + self._bar(), self._min_height)

    def sizeHint(self) -> QSize:
        page = self.widget()
        inner = page.sizeHint() if page is not None else QSize()
        return QSize(inner.width() + self._bar(), inner.height())

    def _least_height(self, page: QWidget, width: int) -> int:
        least = page.minimumSizeHint().height()
        layout = page.layout()
        if layout is not None and layout.hasHeightForWidth():
            least = max(least, layout.totalMinimumHeightForWidth(width))
        return least

    def fit_page(self) -> None:
        """Lay the page out for the room there is now."""
        page = self.widget()
        if page is None:
            return
        room = self.contentsRect()
        width, height = room.width(), room.height()
        least = self._least_height(page, width)
        if least > height:  # it scrolls: the bar takes its width
            width -= self._bar()
            least = self._least_height(page, width)
        page.resize(max(width, page.minimumSizeHint().width()), max(height, least))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_page()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            # the page's content changed (a box shown, a longer text): lay it out again once
            # its layout has taken the change
            QTimer.singleShot(0, self, self.fit_page)
        return super().eventFilter(watched, event)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        page = self.widget()
        if new is not None and page is not None and page.isAncestorOf(new):
            self.ensureWidgetVisible(new)
