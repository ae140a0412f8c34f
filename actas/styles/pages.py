"""Page templates: the acta's continuous folios (header band, seal area, folio number, the
chain's head, the simulation mark), plain A4 and thermal-roll pages, and their footers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageTemplate,
)

from actas.styles.base import (
    ACCENT,
    ALERT,
    BAND_BOTTOM,
    BAND_TOP,
    FONT,
    FONT_B,
    FONT_I,
    INK,
    MARGIN_LEFT,
    MARGIN_RIGHT,
    MUTED,
    PAGE_A4,
    RECEIPT_MARGIN,
    RECEIPT_WIDTH,
    RULE,
    SEAL_H,
    SEAL_W,
)

# --- page templates ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PageDecor:
    """What every folio of an acta shows besides its content."""

    hall_line: str
    session_line: str
    folio: Callable[[int], str]  # page number -> "Folio N" (one line per language)
    seal_label: Sequence[str]
    chain_line: str
    working_line: str | None  # shown while the session is open
    simulation_mark: Sequence[str] = ()  # across every folio of a simulated session


def _draw_acta_page(decor: PageDecor) -> Callable[[Canvas, BaseDocTemplate], None]:
    def draw(canv: Canvas, doc: BaseDocTemplate) -> None:
        w, h = doc.pagesize
        canv.saveState()
        top = h - 9 * mm
        canv.setFillColor(ACCENT)
        canv.setFont(FONT_B, 9.5)
        canv.drawString(MARGIN_LEFT, top, decor.hall_line)
        canv.setFillColor(INK)
        canv.setFont(FONT, 8.2)
        canv.drawString(MARGIN_LEFT, top - 11, decor.session_line)
        # seal area, top right
        sx = w - MARGIN_RIGHT - SEAL_W
        sy = h - 6 * mm - SEAL_H
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.6)
        canv.setDash(2, 2)
        canv.rect(sx, sy, SEAL_W, SEAL_H, stroke=1, fill=0)
        canv.setDash()
        canv.setFillColor(MUTED)
        canv.setFont(FONT, 5.6)
        y = sy + 3
        for line in reversed(_wrap_small(decor.seal_label, SEAL_W - 4, canv)):
            canv.drawCentredString(sx + SEAL_W / 2, y, line)
            y += 6.6
        # folio, left of the seal
        canv.setFillColor(INK)
        canv.setFont(FONT_B, 12)
        lines = decor.folio(doc.page).split("\n")
        fy = top
        canv.drawRightString(sx - 4 * mm, fy, lines[0])
        canv.setFont(FONT_I, 8)
        for extra in lines[1:]:
            fy -= 10
            canv.drawRightString(sx - 4 * mm, fy, extra)
        canv.setStrokeColor(ACCENT)
        canv.setLineWidth(0.8)
        rule_y = h - BAND_TOP + 3 * mm
        canv.line(MARGIN_LEFT, rule_y, w - MARGIN_RIGHT, rule_y)
        # bottom band
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.4)
        canv.line(MARGIN_LEFT, BAND_BOTTOM - 4 * mm, w - MARGIN_RIGHT, BAND_BOTTOM - 4 * mm)
        canv.setFont(FONT, 6.6)
        canv.setFillColor(MUTED)
        ly = BAND_BOTTOM - 7.5 * mm
        for line in decor.chain_line.split("\n"):
            canv.drawString(MARGIN_LEFT, ly, line)
            ly -= 8
        if decor.working_line:
            canv.setFillColor(ALERT)
            canv.setFont(FONT_B, 7)
            wy = BAND_BOTTOM - 7.5 * mm
            for line in decor.working_line.split("\n"):
                canv.drawRightString(w - MARGIN_RIGHT, wy, line)
                wy -= 8
        canv.restoreState()

    return draw


def _draw_simulation_mark(decor: PageDecor) -> Callable[[Canvas, BaseDocTemplate], None]:
    def draw(canv: Canvas, doc: BaseDocTemplate) -> None:
        if not decor.simulation_mark:
            return
        # Drawn over the content, faint, on every folio: a page taken alone still says it is
        # no real night, and no table band can hide it.
        w, h = doc.pagesize
        canv.saveState()
        canv.setFillColor(ALERT)
        canv.setFillAlpha(0.16)
        canv.translate(w / 2, h / 2)
        canv.rotate(55)
        size = 40
        for i, line in enumerate(decor.simulation_mark):
            canv.setFont(FONT_B, size if i == 0 else size * 0.55)
            canv.drawCentredString(0, -i * size * 0.9, line)
        canv.restoreState()

    return draw


def _wrap_small(lines: Sequence[str], width: float, canv: Canvas) -> list[str]:
    out: list[str] = []
    for text in lines:
        current = ""
        for word in text.split():
            trial = f"{current} {word}".strip()
            if canv.stringWidth(trial, FONT, 5.6) <= width or not current:
                current = trial
            else:
                out.append(current)
                current = word
        if current:
            out.append(current)
    return out


def content_width(pagesize: tuple[float, float] = PAGE_A4) -> float:
    return float(pagesize[0] - MARGIN_LEFT - MARGIN_RIGHT)


class BlockEnd(Flowable):  # type: ignore[misc]
    """A zero-height mark after the last line of a partida block (see ``ActaDocTemplate``)."""

    def __init__(self, number: int) -> None:
        super().__init__()
        self.acta_block_end = number
        self.width = self.height = 0

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        pass


class ActaDocTemplate(BaseDocTemplate):  # type: ignore[misc]
    """The acta's document: notes which partida block, if any, opens each folio.

    A folio that opens with the start of a partida block depends only on that partida and
    what follows, so the acta can be continued from there (``render.continue_acta``). A folio
    that opens in the middle of a block opens with ``continued(number)``, the partida's heading
    marked as continued, so no folio shows lines of a partida without saying which.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.block_starts: dict[int, int] = {}  # partida number -> page it opens
        self._first_on_page: set[int] = set()
        self.continued: Callable[[int], Flowable] | None = None
        self._open_block: int | None = None  # the partida whose lines are being laid out

    def handle_pageBegin(self) -> None:
        if self._open_block is not None and self.continued is not None:
            self._pageTopFlowables = [self.continued(self._open_block)]
        super().handle_pageBegin()
        self._pageTopFlowables = []

    def afterFlowable(self, flowable: Flowable) -> None:
        if getattr(flowable, "acta_block", None) is not None:
            self._open_block = int(flowable.acta_block)
        elif getattr(flowable, "acta_block_end", None) is not None:
            self._open_block = None
        page = int(self.page)
        if page in self._first_on_page:
            return
        if getattr(flowable, "height", 1) == 0:
            return  # zero-height markers (frame breaks) do not count
        self._first_on_page.add(page)
        number = getattr(flowable, "acta_block", None)
        if number is not None:
            self.block_starts[int(number)] = page


def acta_doc(out: BinaryIO, decor: PageDecor, title: str, author: str) -> ActaDocTemplate:
    """The A4 continuous-folio template of the acta."""
    w, h = PAGE_A4
    frame = Frame(
        MARGIN_LEFT,
        BAND_BOTTOM,
        w - MARGIN_LEFT - MARGIN_RIGHT,
        h - BAND_TOP - BAND_BOTTOM,
        id="body",
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )
    doc = ActaDocTemplate(
        out,
        pagesize=PAGE_A4,
        title=title,
        author=author,
        leftMargin=MARGIN_LEFT,
        rightMargin=MARGIN_RIGHT,
        topMargin=BAND_TOP,
        bottomMargin=BAND_BOTTOM,
        invariant=1,
        pageCompression=1,
    )
    doc.addPageTemplates(
        [
            PageTemplate(
                id="folio",
                frames=[frame],
                onPage=_draw_acta_page(decor),
                onPageEnd=_draw_simulation_mark(decor),
            )
        ]
    )
    return doc


def plain_doc(
    out: BinaryIO,
    pagesize: tuple[float, float],
    title: str,
    author: str,
    margin: float = 15 * mm,
    on_page: Callable[[Canvas, BaseDocTemplate], None] | None = None,
) -> BaseDocTemplate:
    """A4 receipts, summaries, and thermal receipts (one long page of 80 mm)."""
    w, h = pagesize
    frame = Frame(
        margin,
        margin,
        w - 2 * margin,
        h - 2 * margin,
        id="body",
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )
    doc = BaseDocTemplate(
        out,
        pagesize=pagesize,
        title=title,
        author=author,
        leftMargin=margin,
        rightMargin=margin,
        topMargin=margin,
        bottomMargin=margin,
        invariant=1,
        pageCompression=1,
    )
    kwargs: dict[str, Any] = {}
    if on_page is not None:
        kwargs["onPage"] = on_page
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame], **kwargs)])
    return doc


def footer_drawer(text: str) -> Callable[[Canvas, BaseDocTemplate], None]:
    """A small centred footer line with the page number (receipts and summaries)."""

    def draw(canv: Canvas, doc: BaseDocTemplate) -> None:
        canv.saveState()
        canv.setFont(FONT, 6.6)
        canv.setFillColor(MUTED)
        canv.drawCentredString(doc.pagesize[0] / 2, 8 * mm, f"{text} · {doc.page}")
        canv.restoreState()

    return draw


def thermal_height(
    flowables: Sequence[Flowable], width: float = RECEIPT_WIDTH, margin: float = RECEIPT_MARGIN
) -> float:
    """The roll length a thermal receipt needs: its content's height plus margins."""
    inner = width - 2 * margin
    total = 0.0
    for f in flowables:
        _w, fh = f.wrap(inner, 10_000)
        total += fh + f.getSpaceBefore() + f.getSpaceAfter()
    return float(total + 2 * margin + 6 * mm)
