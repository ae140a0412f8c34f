"""Every paragraph style, table style and page template of actas, receipts and summaries.

One place for the look of the documents (house style, practice 11): ``render``, ``receipts``
and ``summary`` only arrange data into the flowables made here. Fonts are the PDF standard
Helvetica family (WinAnsi covers Spanish and Basque and the euro sign), so nothing depends on
the fonts of the machine and output stays byte-identical.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    FrameBreak,
    KeepTogether,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tables import CellStyle, _setCellStyle

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


def para(text: str, style: ParagraphStyle, *, markup: bool = False) -> Paragraph:
    """A paragraph of plain text (escaped) or of ReportLab mini-markup."""
    return Paragraph(text if markup else escape(text), style)


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


# --- tables -----------------------------------------------------------------------------------

#: The style commands that set each cell's own style (font, colour, alignment, padding); the
#: others (lines, backgrounds, spans) the table keeps as commands.
_CELL_OPS = frozenset(
    {
        "FONT",
        "FONTNAME",
        "FACE",
        "SIZE",
        "FONTSIZE",
        "LEADING",
        "TEXTCOLOR",
        "ALIGN",
        "ALIGNMENT",
        "VALIGN",
        "LEFTPADDING",
        "RIGHTPADDING",
        "TOPPADDING",
        "BOTTOMPADDING",
    }
)
_CELL_STYLES: dict[tuple[tuple[Any, ...], ...], CellStyle] = {}


def _cell_style(commands: tuple[tuple[Any, ...], ...]) -> CellStyle:
    """The style of a cell that ``commands`` (``(op, *values)``, in order) apply to: one object
    per combination, shared by every cell and table with it (ReportLab only reads a cell's style
    unless a table splits inside a row, which no table here does).
    """
    found = _CELL_STYLES.get(commands)
    if found is None:
        found = CellStyle("cell")
        for op, *values in commands:
            _setCellStyle([[found]], 0, 0, op, values)  # ReportLab's own meaning of each op
        _CELL_STYLES[commands] = found
    return found


def styled_table(
    data: list[list[Any]],
    col_widths: Sequence[float],
    commands: Sequence[tuple[Any, ...]],
    *,
    row_heights: Sequence[float | None] | None = None,
    repeat_rows: int = 0,
) -> Table:
    """``Table(data, ...)`` styled with ``commands``: the table ReportLab makes from them, with
    each cell's style found once per combination of the commands that cover it instead of
    command by command over every cell (that was most of the cost of the acta's 500 tables).
    """
    nrows, ncols = len(data), max(len(row) for row in data)
    own = [c for c in commands if c[0] in _CELL_OPS]
    # a command covers cell (i, j) when it covers row i and column j: one bit per command
    rows, cols = [0] * nrows, [0] * ncols
    for bit, (_op, (sc, sr), (ec, er), *_values) in enumerate(own):
        sc, ec = sc + ncols if sc < 0 else sc, ec + ncols if ec < 0 else ec
        sr, er = sr + nrows if sr < 0 else sr, er + nrows if er < 0 else er
        for i in range(max(0, sr), min(nrows - 1, er) + 1):
            rows[i] |= 1 << bit
        for j in range(max(0, sc), min(ncols - 1, ec) + 1):
            cols[j] |= 1 << bit
    row_styles: dict[int, list[CellStyle]] = {}  # rows covered by the same commands look alike
    for r in rows:
        if r not in row_styles:
            row_styles[r] = [
                _cell_style(
                    tuple((c[0], *c[3:]) for bit, c in enumerate(own) if (r & m) >> bit & 1)
                )
                for m in cols
            ]
    table = Table(
        data,
        colWidths=list(col_widths),
        rowHeights=list(row_heights) if row_heights is not None else None,
        repeatRows=repeat_rows,
        cellStyles=[list(row_styles[r]) for r in rows],
    )
    table.setStyle(TableStyle([c for c in commands if c[0] not in _CELL_OPS]))
    return table


_GRID = [
    ("FONT", (0, 0), (-1, -1), FONT, 7.6, 9.2),
    ("TEXTCOLOR", (0, 0), (-1, -1), INK),
    ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ("LEFTPADDING", (0, 0), (-1, -1), 3),
    ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ("TOPPADDING", (0, 0), (-1, -1), 1.2),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6),
]


def partida_header_table(cells: Sequence[str], width: float, annulled: bool) -> Table:
    """The bar that opens each partida: number, status, times."""
    return styled_table(
        [list(cells)],
        [width * 0.34, width * 0.36, width * 0.30],
        [
            *_GRID,
            ("BACKGROUND", (0, 0), (-1, -1), ALERT if annulled else ACCENT),
            ("TEXTCOLOR", (0, 0), (-1, -1), colors.white),
            ("FONT", (0, 0), (0, 0), FONT_B, 10, 12),
            ("FONT", (1, 0), (1, 0), FONT_B, 8, 10),
            ("FONT", (2, 0), (2, 0), FONT, 7.6, 9.4),
            ("ALIGN", (2, 0), (2, 0), "RIGHT"),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("TOPPADDING", (0, 0), (-1, -1), 2.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ],
    )


def figures_table(labels: Sequence[str], values: Sequence[str], width: float) -> Table:
    """Labels above, values below, in equal columns (price, cartones, takings...)."""
    n = len(labels)
    return styled_table(
        [list(labels), list(values)],
        [width / n] * n,
        [
            *_GRID,
            ("FONT", (0, 0), (-1, 0), FONT, 6.8, 8.0),
            ("TEXTCOLOR", (0, 0), (-1, 0), MUTED),
            ("FONT", (0, 1), (-1, 1), FONT_B, 9, 11),
            ("BACKGROUND", (0, 0), (-1, -1), ACCENT_LIGHT),
            ("LINEBELOW", (0, -1), (-1, -1), 0.4, RULE),
        ],
    )


def grid_table(
    header: Sequence[str],
    rows: Sequence[Sequence[Any]],
    widths: Sequence[float],
    *,
    align_right: Sequence[int] = (),
    total_row: bool = False,
    bold_cols: Sequence[int] = (),
    font_size: float = 7.6,
) -> Table:
    """A ruled table with a grey header row (sales ranges, prizes, funds, summaries)."""
    data = [[fit_label(h, w - 6, FONT_B, 6.8) for h, w in zip(header, widths, strict=True)]]
    for k, r in enumerate(rows):
        if total_row and k == len(rows) - 1:
            # the total's label spans every column but the last
            data.append(
                [fit_label(str(r[0]), sum(widths[:-1]) - 6, FONT_B, font_size), *r[1:-1], r[-1]]
            )
            continue
        data.append(
            [
                fit_label(c, w - 6, FONT_B if i in bold_cols else FONT, font_size)
                if isinstance(c, str)
                else c
                for i, (c, w) in enumerate(zip(r, widths, strict=True))
            ]
        )
    style: list[tuple[Any, ...]] = [
        *_GRID,
        ("FONT", (0, 1), (-1, -1), FONT, font_size, font_size + 1.6),
        ("FONT", (0, 0), (-1, 0), FONT_B, 6.8, 8.0),
        ("TEXTCOLOR", (0, 0), (-1, 0), MUTED),
        ("LINEBELOW", (0, 0), (-1, 0), 0.5, RULE),
        ("LINEBELOW", (0, -1), (-1, -1), 0.4, RULE),
    ]
    for col in align_right:
        style.append(("ALIGN", (col, 0), (col, -1), "RIGHT"))
    for col in bold_cols:
        style.append(("FONT", (col, 1), (col, -1), FONT_B, font_size, font_size + 1.6))
    if len(data) > 2:  # one command for the zebra rows: setting styles is half a table's cost
        style.append(("ROWBACKGROUNDS", (0, 1), (-1, -1), [None, ZEBRA]))
    if total_row and len(data) > 1:
        style += [
            ("SPAN", (0, -1), (-2, -1)),
            ("FONT", (0, -1), (-1, -1), FONT_B, font_size, font_size + 1.6),
            ("LINEABOVE", (0, -1), (-1, -1), 0.5, RULE),
            ("BACKGROUND", (0, -1), (-1, -1), ACCENT_LIGHT),
        ]
    return styled_table(data, widths, style, repeat_rows=1)


def key_value_table(
    rows: Sequence[tuple[str, str]], width: float, *, font_size: float = 8.2
) -> Table:
    """Two columns: label, value (right aligned) — totals, receipts."""
    w0, w1 = width * 0.58, width * 0.42
    data = [
        [fit_label(a, w0 - 6, FONT, font_size), fit_label(b, w1 - 6, FONT_B, font_size)]
        for a, b in rows
    ]
    style: list[tuple[Any, ...]] = [
        *_GRID,
        ("FONT", (0, 0), (-1, -1), FONT, font_size, font_size + 2),
        ("FONT", (1, 0), (1, -1), FONT_B, font_size, font_size + 2),
        ("ALIGN", (1, 0), (1, -1), "RIGHT"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE),
    ]
    return styled_table(data, [w0, w1], style)


def signature_block(labels: Sequence[Sequence[str]], names: Sequence[str], width: float) -> Table:
    """Boxes for handwritten signatures, with the printed name under each."""
    cols = len(labels)
    cells = [
        [Paragraph("<br/>".join(escape(x) for x in lab), SIGN_LABEL) for lab in labels],
        ["" for _ in labels],
        [Paragraph(escape(n), SIGN_LABEL) for n in names],
    ]
    return styled_table(
        cells,
        [width / cols] * cols,
        [
            ("BOX", (0, 1), (-1, 1), 0.5, RULE),
            ("INNERGRID", (0, 1), (-1, 1), 0.5, RULE),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 2),
        ],
        row_heights=[None, 16 * mm, None],
    )


def carton_grid(
    rows: Sequence[Sequence[int]], drawn: set[int], completing: int | None, cell: float
) -> Table:
    """A cartón as printed: 3 rows × 9 columns by decade.

    Drawn numbers are shaded and the completing ball boxed.
    """
    grid: list[list[str]] = [["" for _ in range(9)] for _ in range(3)]
    for r, row in enumerate(rows):
        for n in row:
            col = 8 if n == 90 else n // 10
            grid[r][col] = str(n)
    style: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT_B, cell * 0.5, cell * 0.6),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("GRID", (0, 0), (-1, -1), 0.5, INK),
        ("BOX", (0, 0), (-1, -1), 1.2, INK),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
    ]
    for r in range(3):
        for c in range(9):
            value = grid[r][c]
            if not value:
                style.append(("BACKGROUND", (c, r), (c, r), ZEBRA))
            elif int(value) in drawn:
                style.append(("BACKGROUND", (c, r), (c, r), MARK))
            if value and completing is not None and int(value) == completing:
                style.append(("BOX", (c, r), (c, r), 2.2, ALERT))
                style.append(("TEXTCOLOR", (c, r), (c, r), ALERT))
    return styled_table(grid, [cell] * 9, style, row_heights=[cell] * 3)


def balls_table(
    balls: Sequence[int],
    per_row: int,
    width: float,
    highlight: frozenset[int] | set[int] = frozenset(),
    manual_from: int | None = None,
    boxed: int | None = None,
) -> Table:
    """The order of extraction as a grid: each cell ``index·number``."""
    cells = [
        f"{i}·{b}{'*' if manual_from is not None and i >= manual_from else ''}"
        for i, b in enumerate(balls, start=1)
    ]
    rows = [cells[i : i + per_row] for i in range(0, len(cells), per_row)] or [[""]]
    rows[-1] += [""] * (per_row - len(rows[-1]))
    style: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT, 6.8, 8.2),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("GRID", (0, 0), (-1, -1), 0.25, RULE),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0.8),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
    ]
    for i, b in enumerate(balls):
        r, c = divmod(i, per_row)
        if b in highlight:
            style.append(("BACKGROUND", (c, r), (c, r), MARK))
            style.append(("FONT", (c, r), (c, r), FONT_B, 6.8, 8.2))
        if boxed is not None and i + 1 == boxed:
            style.append(("BOX", (c, r), (c, r), 1.4, ALERT))
    return styled_table(rows, [width / per_row] * per_row, style)


class NumberRun(Flowable):  # type: ignore[misc]
    """A bold lead-in followed by a long run of small tokens (the order of extraction).

    Wrapped by simple arithmetic and drawn as plain text lines — much faster than a
    Paragraph for ninety numbers, and the text extracts in order. A token ``(text, True)``
    is a marker drawn small and grey (the position, every ten balls).
    """

    MARK_SIZE = 5.6

    def __init__(
        self,
        lead: str,
        tokens: Sequence[tuple[str, bool]],
        tail: str = "",
        size: float = 7.6,
        leading: float = 9.4,
    ) -> None:
        super().__init__()
        self.lead = lead
        self.tokens = [*tokens, *([(tail, False)] if tail else [])]
        self.size = size
        self.leading = leading
        self._lines: list[list[tuple[str, bool]]] = []
        self._lead_w = 0.0

    def _w(self, tok: tuple[str, bool]) -> float:
        text, marker = tok
        return _width(text, self.MARK_SIZE if marker else self.size)

    def wrap(self, aW: float, aH: float) -> tuple[float, float]:
        space = _width(" ", self.size)
        self._lead_w = stringWidth(self.lead, FONT_B, self.size) + space
        lines: list[list[tuple[str, bool]]] = []
        x = self._lead_w
        current: list[tuple[str, bool]] = []
        for tok in self.tokens:
            w = self._w(tok)
            if current and x + w > aW:
                lines.append(current)
                current, x = [], 0.0
            current.append(tok)
            x += w + space
        lines.append(current)
        self._lines = lines
        self.width = aW
        self.height = len(lines) * self.leading + 2
        return aW, self.height

    def split(self, aW: float, aH: float) -> list[Flowable]:
        return []

    def draw(self) -> None:
        canv = self.canv
        y = self.height - self.size
        for n, line in enumerate(self._lines):
            text = canv.beginText(0, y)
            text.setFont(FONT, self.size)
            if n == 0:
                text.setFont(FONT_B, self.size)
                text.setFillColor(INK)
                text.textOut(self.lead + " ")
                text.setFont(FONT, self.size)
            # one text run per stretch of same-looking tokens: a tenth of the PDF operators
            # of drawing token by token, the same page
            run: list[str] = []
            for tok, marker in line:
                if not marker:
                    run.append(tok + " ")
                    continue
                if run:
                    text.setFillColor(INK)
                    text.textOut("".join(run))
                    run = []
                text.setFont(FONT, self.MARK_SIZE)
                text.setFillColor(MUTED)
                text.textOut(tok)
                text.setFont(FONT, self.size)
                text.textOut(" ")
            if run:
                text.setFillColor(INK)
                text.textOut("".join(run))
            canv.drawText(text)
            y -= self.leading


_WIDTHS: dict[tuple[str, float], float] = {}


def _width(text: str, size: float) -> float:
    """The width of a ball-run token in the regular face (few distinct ones: kept)."""
    key = (text, size)
    found = _WIDTHS.get(key)
    if found is None:
        found = _WIDTHS[key] = float(stringWidth(text, FONT, size))
    return found


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


__all__ = [
    "ACCENT",
    "ALERT",
    "BANNER",
    "BODY",
    "BODY_SECOND",
    "FONT",
    "FONT_B",
    "INK",
    "MONO",
    "MUTED",
    "NOTE",
    "PAGE_A4",
    "RECEIPT_MARGIN",
    "RECEIPT_WIDTH",
    "R_BIG",
    "R_BODY",
    "R_BODY_SECOND",
    "R_SECOND",
    "R_TITLE",
    "SECTION",
    "SMALL",
    "SMALL_SECOND",
    "TA_RIGHT",
    "TITLE",
    "TITLE_SECOND",
    "BlockEnd",
    "NumberRun",
    "PageDecor",
    "acta_doc",
    "balls_table",
    "bilingual",
    "carton_grid",
    "content_width",
    "escape",
    "figures_table",
    "footer_drawer",
    "gap",
    "grid_table",
    "keep",
    "key_value_table",
    "label",
    "para",
    "partida_header_table",
    "plain_doc",
    "signature_block",
    "thermal_height",
]
