"""The documents' fonts, colours, page geometry and paragraph styles, and the small text
helpers every document uses (escaping, bilingual lines, labels that fit, keeping together).
"""

from __future__ import annotations

import functools
import html
from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    FrameBreak,
    KeepTogether,
    Paragraph,
    Spacer,
)

# --- fonts and colours ------------------------------------------------------------------------
FONT = "Helvetica"
FONT_B = "Helvetica-Bold"
FONT_I = "Helvetica-Oblique"
FONT_BI = "Helvetica-BoldOblique"
FONT_MONO = "Courier"

INK = colors.HexColor("#1a1a1a")
MUTED = colors.HexColor("#5c5c5c")
ACCENT = colors.HexColor("#1f3a5f")
ACCENT_LIGHT = colors.HexColor("#e6ecf3")
RULE = colors.HexColor("#b8b8b8")
ZEBRA = colors.HexColor("#f4f4f4")
ALERT = colors.HexColor("#9b1c1c")
ALERT_LIGHT = colors.HexColor("#f8e5e5")
MARK = colors.HexColor("#d9d9d9")

# --- page geometry ----------------------------------------------------------------------------
PAGE_A4 = A4
MARGIN_LEFT = 18 * mm
MARGIN_RIGHT = 15 * mm
BAND_TOP = 30 * mm  # header band with hall, session, folio and the seal area
BAND_BOTTOM = 16 * mm
SEAL_W = 36 * mm
SEAL_H = 19 * mm
RECEIPT_WIDTH = 80 * mm  # thermal roll
RECEIPT_MARGIN = 4 * mm

# --- paragraph styles -------------------------------------------------------------------------
TITLE = ParagraphStyle(
    "title",
    fontName=FONT_B,
    fontSize=14,
    leading=17,
    alignment=TA_CENTER,
    textColor=ACCENT,
    spaceAfter=2,
)
TITLE_SECOND = ParagraphStyle(
    "title2", parent=TITLE, fontName=FONT_BI, fontSize=11, leading=14, textColor=MUTED
)
SECTION = ParagraphStyle(
    "section",
    fontName=FONT_B,
    fontSize=10.5,
    leading=13,
    textColor=ACCENT,
    spaceBefore=6,
    spaceAfter=3,
)
BODY = ParagraphStyle(
    "body",
    fontName=FONT,
    fontSize=8.6,
    leading=11,
    alignment=TA_JUSTIFY,
    textColor=INK,
    spaceAfter=2.5,
)
BODY_SECOND = ParagraphStyle("body2", parent=BODY, fontName=FONT_I, textColor=MUTED)
SMALL = ParagraphStyle(
    "small",
    fontName=FONT,
    fontSize=7.6,
    leading=9.4,
    textColor=INK,
    alignment=TA_LEFT,
    spaceAfter=1.2,
)
SMALL_SECOND = ParagraphStyle("small2", parent=SMALL, fontName=FONT_I, textColor=MUTED)
NOTE = ParagraphStyle("note", parent=SMALL, textColor=ALERT, fontName=FONT_B)
MONO = ParagraphStyle("mono", fontName=FONT_MONO, fontSize=7.6, leading=9.4, textColor=INK)
BANNER = ParagraphStyle(
    "banner",
    fontName=FONT_B,
    fontSize=8.6,
    leading=11,
    textColor=ALERT,
    backColor=ALERT_LIGHT,
    borderPadding=4,
    spaceBefore=2,
    spaceAfter=8,
)
SIGN_LABEL = ParagraphStyle(
    "sign", fontName=FONT, fontSize=7.6, leading=9.4, textColor=MUTED, alignment=TA_CENTER
)

# thermal receipts
R_TITLE = ParagraphStyle(
    "r_title",
    fontName=FONT_B,
    fontSize=10,
    leading=12,
    alignment=TA_CENTER,
    textColor=INK,
    spaceAfter=1,
)
R_SECOND = ParagraphStyle(
    "r_second", parent=R_TITLE, fontName=FONT_BI, fontSize=8.5, leading=10.5, textColor=MUTED
)
R_BODY = ParagraphStyle("r_body", fontName=FONT, fontSize=7.8, leading=9.6, textColor=INK)
R_BODY_SECOND = ParagraphStyle("r_body2", parent=R_BODY, fontName=FONT_I, textColor=MUTED)
R_BIG = ParagraphStyle("r_big", fontName=FONT_B, fontSize=13, leading=16, alignment=TA_CENTER)


def escape(text: str) -> str:
    """Plain text for ReportLab's mini-markup: ``&``, ``<`` and ``>`` escaped, quotes kept."""
    return html.escape(text, quote=False)


class LaidParagraph(Paragraph):  # type: ignore[misc]
    """A Paragraph that lays its lines out once per width. A block kept together is wrapped
    to measure it and again where it is placed, at the same width: its lines, breaks and
    height are the same both times (they depend on the width alone), so the second time gives
    the first one's. Split parts are new paragraphs, laid out afresh.
    """

    _laid_out: tuple[float, tuple[float, float]] | None = None

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        laid = self._laid_out
        # a split that moves the whole paragraph on drops its lines: laid out again then
        if laid is not None and laid[0] == availWidth and "blPara" in self.__dict__:
            self.width = availWidth
            return laid[1]
        size: tuple[float, float] = super().wrap(availWidth, availHeight)
        self._laid_out = (availWidth, size)
        return size


def para(text: str, style: ParagraphStyle, *, markup: bool = False) -> Paragraph:
    """A paragraph of plain text (escaped) or of ReportLab mini-markup."""
    return LaidParagraph(text if markup else escape(text), style)


def bilingual(
    texts: Sequence[str], first: ParagraphStyle, second: ParagraphStyle, *, markup: bool = False
) -> list[Flowable]:
    """Spanish in ``first``; every other language below it in ``second``."""
    out: list[Flowable] = []
    for i, text in enumerate(texts):
        out.append(para(text, first if i == 0 else second, markup=markup))
    return out


def banners(texts: Sequence[str]) -> list[Flowable]:
    """A warning at the top of a document, once per distinct language text."""
    return [para(text, BANNER) for text in dict.fromkeys(texts)]


def label(texts: Sequence[str]) -> str:
    """A table label: one line per language."""
    return "\n".join(dict.fromkeys(texts))


@functools.lru_cache(maxsize=4096)
def fit_label(text: str, width: float, font: str, size: float) -> str:
    """Break a label into lines that fit ``width`` (keeps explicit line breaks).

    Kept: the same headings and figures recur in every partida of the acta.
    """
    out: list[str] = []
    for line in text.split("\n"):
        if " " not in line or stringWidth(line, font, size) <= width:
            out.append(line)
            continue
        current = ""
        for word in line.split(" "):
            trial = f"{current} {word}" if current else word
            if current and stringWidth(trial, font, size) > width:
                out.append(current)
                current = word
            else:
                current = trial
        out.append(current)
    return "\n".join(out)


def gap(height_mm: float) -> Spacer:
    return Spacer(1, height_mm * mm)


class KeepOrFlow(KeepTogether):  # type: ignore[misc]
    """Keep a block on one folio when it fits, else start it where there is room enough.

    When it does not fit, it starts on this folio if at least ``min_room`` is left (and
    continues on the next), else on the next folio.

    Continuous folios waste less paper this way than with a plain KeepTogether, and a block is
    never started in the last few lines of a page.
    """

    def __init__(self, flowables: list[Flowable], min_room: float) -> None:
        super().__init__(flowables)
        self._min_room = min_room

    def split(self, aW: float, aH: float) -> list[Flowable]:
        if getattr(self, "_wrapInfo", None) != (aW, aH):
            self.wrap(aW, aH)
        content: list[Flowable] = list(self._content)
        if aH < self._H and aH < self._min_room:
            content.insert(0, FrameBreak())
        return content


def keep(flowables: list[Flowable], min_room: float | None = None) -> KeepTogether:
    """Keep together; with ``min_room``, allow starting the block in that much space."""
    if min_room is None:
        return KeepTogether(flowables)
    return KeepOrFlow(flowables, min_room)
