"""The tables of actas, receipts and summaries: one builder per kind of table, all styled
by ``styled_table``, and ``NumberRun`` for the order of extraction.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    Paragraph,
    Table,
    TableStyle,
)
from reportlab.platypus.tables import CellStyle, _setCellStyle

from actas.styles.base import (
    ACCENT,
    ACCENT_LIGHT,
    ALERT,
    FONT,
    FONT_B,
    INK,
    MARK,
    MUTED,
    RULE,
    SIGN_LABEL,
    ZEBRA,
    escape,
    fit_label,
)

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


class LaidTable(Table):  # type: ignore[misc]
    """A Table that works out its rows and columns once per width. A block kept together is
    wrapped to measure it and again where it is placed, at the same width: without row spans
    its heights and positions depend on the width alone (the height left matters to ReportLab
    only for spanned rows), so the second time gives the first one's. Split parts are new
    tables, laid out afresh.
    """

    _laid_out: tuple[float, float] | None = None

    def _calc(self, availWidth: float, availHeight: float) -> None:
        # every layout (wrap, split) passes here: what it leaves is always the last one worked out
        key = (availWidth, availHeight if self._spanCmds else 0.0)
        if self._laid_out != key:
            super()._calc(availWidth, availHeight)
            self._laid_out = key


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
    own = tuple(c for c in commands if c[0] in _CELL_OPS)
    rows, row_styles = _table_cell_styles(own, nrows, ncols)
    table = LaidTable(
        data,
        colWidths=list(col_widths),
        rowHeights=list(row_heights) if row_heights is not None else None,
        repeatRows=repeat_rows,
        cellStyles=[list(row_styles[r]) for r in rows],
    )
    table.setStyle(TableStyle([c for c in commands if c[0] not in _CELL_OPS]))
    return table


#: The cells' styles of a table shape (its cell commands, rows, columns): the acta's 500 tables
#: are a few dozen shapes (every partida has the same figures, the same prize table...).
_TABLE_STYLES: dict[tuple[Any, ...], tuple[list[int], dict[int, list[CellStyle]]]] = {}


def _table_cell_styles(
    own: tuple[tuple[Any, ...], ...], nrows: int, ncols: int
) -> tuple[list[int], dict[int, list[CellStyle]]]:
    """Per row, the mask of the cell commands covering it, and per mask the row's styles."""
    key = (own, nrows, ncols)
    try:
        found = _TABLE_STYLES.get(key)
    except TypeError:  # a command with an unhashable value: worked out for this table only
        return _cell_styles_of(own, nrows, ncols)
    if found is None:
        if len(_TABLE_STYLES) > 4096:  # a long-running process: keep the memo bounded
            _TABLE_STYLES.clear()
        found = _TABLE_STYLES[key] = _cell_styles_of(own, nrows, ncols)
    return found


def _cell_styles_of(
    own: tuple[tuple[Any, ...], ...], nrows: int, ncols: int
) -> tuple[list[int], dict[int, list[CellStyle]]]:
    # a command covers cell (i, j) when it covers row i and column j: one bit per command
    rows, cols = [0] * nrows, [0] * ncols
    for bit, (_op, (sc, sr), (ec, er), *_values) in enumerate(own):
        sc, ec = sc + ncols if sc < 0 else sc, ec + ncols if ec < 0 else ec
        sr, er = sr + nrows if sr < 0 else sr, er + nrows if er < 0 else er
        for i in range(max(0, sr), min(nrows - 1, er) + 1):
            rows[i] |= 1 << bit
        for j in range(max(0, sc), min(ncols - 1, ec) + 1):
            cols[j] |= 1 << bit
    by_mask: dict[int, CellStyle] = {}  # the cells covered by the same commands look alike

    def style(mask: int) -> CellStyle:
        found = by_mask.get(mask)
        if found is None:
            found = by_mask[mask] = _cell_style(
                tuple((c[0], *c[3:]) for bit, c in enumerate(own) if mask >> bit & 1)
            )
        return found

    row_styles = {r: [style(r & m) for m in cols] for r in dict.fromkeys(rows)}
    return rows, row_styles


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
