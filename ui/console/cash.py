"""The cash drawer on screen: `Sesión → Caja de la sesión…` (Ctrl+T) at any moment, and the
end-of-session summary F10 shows before the session closes (the close goes on only when the
jefe de mesa confirms it). The figures are ``ui.console.drawer``'s, that is the acta's.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bingo.money import euros
from ui.console import documents
from ui.console.drawer import Drawer, drawer_of
from ui.console.texts import prize_name, t
from ui.widgets import set_pixel_font

if TYPE_CHECKING:
    from ui.console.window import ConsoleWindow

log = logging.getLogger(__name__)

__all__ = ["Cash", "DrawerDialog", "drawer_rows", "seller_rows"]


def drawer_rows(drawer: Drawer) -> list[tuple[str, str, int]]:
    """The drawer as (name, words, cents) rows: what came in and went out, then the total."""
    tot = drawer.totals
    rows: list[tuple[str, str, int]] = [
        ("float", t("Fondo de caja inicial"), drawer.float_cents),
        (
            "takings",
            t("Recaudación ({cards} cartones)").format(cards=tot.cards_sold),
            tot.takings_cents,
        ),
        ("refunds", t("Devoluciones de partidas anuladas"), -tot.refunds_cents),
    ]
    for prize, cents in tot.prizes_paid_cents.items():
        rows.append(
            (f"paid_{prize}", t("Premios: {prize}").format(prize=prize_name(prize)), -cents)
        )
    for number, cents in drawer.unpaid:
        rows.append(
            (
                f"unpaid_{number}",
                t("Premios de la partida {n} aún sin pagar (siguen en la caja)").format(n=number),
                cents,
            )
        )
    if drawer.in_play is not None:
        number, cents = drawer.in_play
        rows.append(
            ("in_play", t("Partida {n} en juego: vendido hasta ahora").format(n=number), cents)
        )
    rows.append(("expected", t("DEBE HABER EN LA CAJA"), drawer.expected_cents))
    return rows


def detail_rows(drawer: Drawer) -> list[tuple[str, str, str]]:
    """Where the takings go, as the acta states it (not cash movements)."""
    tot = drawer.totals

    def fund(before: int | None, after: int | None) -> str:
        return f"{euros(before or 0)} → {euros(after or 0)}"

    rows = [
        ("line_bingo", t("Línea y bingo repartidos"), euros(tot.line_bingo_assigned_cents)),
        ("residues", t("Restos de los repartos (en la caja)"), euros(tot.residues_cents)),
        ("prima_deductions", t("Deducciones para la prima"), euros(tot.prima_deductions_cents)),
        (
            "bola_loca_deductions",
            t("Deducciones para la bola loca"),
            euros(tot.bola_loca_deductions_cents),
        ),
        ("hall_share", t("Para la sala"), euros(tot.hall_share_cents)),
    ]
    if tot.prima_fund_open_cents is not None:
        rows.append(
            (
                "prima_fund",
                t("Fondo de la prima"),
                fund(tot.prima_fund_open_cents, tot.prima_fund_close_cents),
            )
        )
    if tot.bola_loca_fund_open_cents is not None:
        rows.append(
            (
                "bola_loca_fund",
                t("Fondo de la bola loca"),
                fund(tot.bola_loca_fund_open_cents, tot.bola_loca_fund_close_cents),
            )
        )
    return rows


def seller_rows(drawer: Drawer) -> list[tuple[str, str, int, int, int]]:
    """Per seller: (name, blocks, cartones handed out, cartones returned, cash to hand in);
    empty when no sale of the session names its seller (decision 240).
    """
    if not any(s.seller for s in drawer.sellers):
        return []
    rows = []
    for sales in drawer.sellers:
        by_partida: dict[int, list[str]] = {}
        for b in sales.blocks:
            by_partida.setdefault(b.partida, []).append(f"{b.series} {b.first}–{b.last}")
        blocks = "; ".join(
            t("partida {n}: {blocks}").format(n=n, blocks=", ".join(words))
            for n, words in by_partida.items()
        )
        rows.append(
            (
                sales.seller or t("(sin vendedor)"),
                blocks or "—",
                sales.cartones_sold,
                sales.cartones_returned,
                sales.cash_cents,
            )
        )
    return rows


def _sellers_grid(drawer: Drawer, amounts: dict[str, QLabel]) -> QGridLayout | None:
    rows = seller_rows(drawer)
    if not rows:
        return None
    grid = QGridLayout()
    grid.addWidget(_label(t("Ventas por vendedor"), "sellers_title", 16, bold=True), 0, 0, 1, 5)
    heads = (t("Vendedor"), t("Bloques"), t("Cartones"), t("Devueltos"), t("A entregar"))
    for column, head in enumerate(heads):
        grid.addWidget(
            _label(head, f"sellers_head_{column}", 15, bold=True, right=column > 1), 1, column
        )
    for i, (seller, blocks, sold, returned, cash) in enumerate(rows):
        cells = (seller, blocks, str(sold), str(returned), euros(cash))
        for column, (text, name) in enumerate(zip(cells, SELLER_COLUMNS, strict=True)):
            label = _label(text, f"seller_{i}_{name}", 15, right=column > 1)
            label.setWordWrap(column == 1)
            amounts[f"seller_{i}_{name}"] = label
            grid.addWidget(label, i + 2, column)
    grid.setColumnStretch(1, 1)
    return grid


SELLER_COLUMNS = ("name", "blocks", "sold", "returned", "cash")


def _label(text: str, name: str, pixels: int, *, bold: bool = False, right: bool = False) -> QLabel:
    label = QLabel(text)
    label.setObjectName(name)
    set_pixel_font(label, pixels, bold=bold)
    if right:
        label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return label


class DrawerDialog(QDialog):
    """The drawer of the session; ``closing``: the summary before F10 closes the session."""

    def __init__(self, drawer: Drawer, *, closing: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("drawer_dialog")
        set_pixel_font(self, 16)
        self.setModal(True)
        title = (
            t("Cierre de la sesión {id}: la caja") if closing else t("Caja de la sesión {id}")
        ).format(id=drawer.session_id)
        self.setWindowTitle(title)
        layout = QVBoxLayout(self)
        layout.addWidget(_label(title, "drawer_title", 24, bold=True))
        if closing:
            note = _label(
                t(
                    "Cuente la caja antes de cerrar: después de cerrar la sesión no se juega "
                    "ninguna partida más."
                ),
                "drawer_note",
                17,
            )
            note.setWordWrap(True)
            layout.addWidget(note)
        grid = QGridLayout()
        self.amounts: dict[str, QLabel] = {}
        rows = drawer_rows(drawer)
        for i, (name, words, cents) in enumerate(rows):
            total = name == "expected"
            if total:
                line = QFrame()
                line.setFrameShape(QFrame.Shape.HLine)
                grid.addWidget(line, 2 * i, 0, 1, 2)
            pixels = 24 if total else 18
            grid.addWidget(_label(words, f"drawer_{name}_words", pixels, bold=total), 2 * i + 1, 0)
            amount = _label(euros(cents), f"drawer_{name}", pixels, bold=total, right=True)
            self.amounts[name] = amount
            grid.addWidget(amount, 2 * i + 1, 1)
        layout.addLayout(grid)
        detail = QGridLayout()
        detail.addWidget(
            _label(t("Según el acta, de la recaudación:"), "drawer_detail_title", 16, bold=True),
            0,
            0,
            1,
            2,
        )
        for i, (name, words, text) in enumerate(detail_rows(drawer), start=1):
            detail.addWidget(_label(words, f"drawer_{name}_words", 15), i, 0)
            amount = _label(text, f"drawer_{name}", 15, right=True)
            self.amounts[name] = amount
            detail.addWidget(amount, i, 1)
        layout.addLayout(detail)
        sellers = _sellers_grid(drawer, self.amounts)
        if sellers is not None:
            layout.addLayout(sellers)
        buttons = QDialogButtonBox()
        if closing:
            self.confirm: QPushButton | None = QPushButton(
                t("La caja cuadra: cerrar la sesión (Intro)")
            )
            self.confirm.setObjectName("drawer_confirm")
            buttons.addButton(self.confirm, QDialogButtonBox.ButtonRole.AcceptRole)
            back = QPushButton(t("Volver sin cerrar (Esc)"))
        else:
            self.confirm = None
            back = QPushButton(t("Cerrar (Esc)"))
        back.setObjectName("drawer_back")
        buttons.addButton(back, QDialogButtonBox.ButtonRole.RejectRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        (self.confirm or back).setDefault(True)
        self.resize(720, 560)


class Cash:
    """The drawer for ``window``: shown on request and before the session closes."""

    def __init__(self, window: ConsoleWindow) -> None:
        self.window = window

    def drawer(self) -> Drawer | None:
        """The drawer of the open (or last) session, read on the GUI thread; None (and the
        reason in the red banner) when there is no session or the record cannot be read.
        """
        what = t("Caja de la sesión")
        hall = self.window.hall
        session = documents.acta_session(hall)
        if session is None:
            self.window.show_error(t("{what}: todavía no hay ninguna sesión").format(what=what))
            return None
        QApplication.setOverrideCursor(QCursor(Qt.CursorShape.WaitCursor))
        try:
            export = documents.export_for_session(self.window.service, session)
            return drawer_of(export, session, self.window.options.float_cents)
        except Exception as exc:  # a record that fails its check, a card set missing…
            log.error("drawer failed: %r", exc)
            self.window.show_error(t("{what}: {reason}").format(what=what, reason=exc))
            return None
        finally:
            QApplication.restoreOverrideCursor()

    def show_drawer(self) -> None:
        """Sesión → Caja de la sesión… (Ctrl+T)."""
        drawer = self.drawer()
        if drawer is not None:
            self.window.open_dialog(DrawerDialog(drawer, closing=False, parent=self.window))

    def before_close(self, then: Callable[[], None]) -> None:
        """F10: the summary first; the close (``then``) only once it is confirmed. Without a
        summary (the record cannot be read: the banner says why) the close goes on, since the
        session must still be closed.
        """
        drawer = self.drawer()
        if drawer is None:
            then()
            return
        dialog = DrawerDialog(drawer, closing=True, parent=self.window)
        dialog.accepted.connect(then)
        self.window.open_dialog(dialog)
