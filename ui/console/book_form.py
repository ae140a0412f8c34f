"""The form of the manual book (R-ACTA-4): one partida at a time, its sales, balls, claims and
incidents as typed from the book; and the summary shown before the book is taken in. The dialog
that uses it is ``manual_book.ManualBookDialog``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from bingo.transcribe import (
    BookError,
    BookPartida,
)
from ui.console.state import plural
from ui.console.texts import incident_title, t
from ui.widgets import set_pixel_font, wrapped_label

SALE_KINDS = (("physical", "físicos"), ("electronic", "electrónicos"))
CLAIM_KINDS = (("line", "línea"), ("bingo", "bingo"))
ANNUL_INCIDENTS = ("ball_irregularity", "caller_error")
ANNUL_SHORT = {
    "ball_irregularity": "irregularidad de las bolas",
    "caller_error": "error del locutor",
}
USER = Qt.ItemDataRole.UserRole


class FormError(ValueError):
    """Something typed in the form that cannot go into the book; the message names it."""


def book_button(text: str, name: str, pixels: int = 16, bold: bool = False) -> QPushButton:
    button = QPushButton(text)
    button.setObjectName(name)
    button.setAutoDefault(False)
    set_pixel_font(button, pixels, bold)
    return button


def _number(text: str, where: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise FormError(
            t("{where}: «{text}» no es un número").format(where=where, text=text.strip())
        ) from None


def numbers_of(text: str, where: str) -> list[int]:
    """The numbers of a list typed with spaces, commas or new lines between them."""
    return [_number(word, where) for word in text.replace(",", " ").split()]


class ChoiceDelegate(QStyledItemDelegate):
    """A column whose cells hold one of a few values (the item keeps the value in UserRole)."""

    def __init__(self, choices: Sequence[tuple[str, str]], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.choices = [(value, t(label)) for value, label in choices]

    def createEditor(
        self,
        parent: QWidget,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> QWidget:
        combo = QComboBox(parent)
        for value, label in self.choices:
            combo.addItem(label, value)
        return combo

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex) -> None:
        if isinstance(editor, QComboBox):
            editor.setCurrentIndex(max(0, editor.findData(index.data(USER))))

    def setModelData(
        self,
        editor: QWidget,
        model: QAbstractItemModel,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentData(), USER)
            model.setData(index, editor.currentText(), Qt.ItemDataRole.DisplayRole)

    def label(self, value: str) -> str:
        return dict(self.choices).get(value, value)


class RowsTable(QTableWidget):
    """Rows of typed cells whose last column is a choice (físicos/electrónicos, línea/bingo).

    Typing over a cell edits it, Tab goes to the next cell, and in the last column the first
    letter picks the choice.
    """

    def __init__(
        self,
        headers: Sequence[str],
        choices: Sequence[tuple[str, str]],
        name: str,
        numeric: Sequence[int] = (),
    ) -> None:
        super().__init__(0, len(headers))
        self.setObjectName(name)
        self.numeric = frozenset(numeric)
        self.setHorizontalHeaderLabels(list(headers))
        self.choice = ChoiceDelegate(choices, self)
        self.setItemDelegateForColumn(len(headers) - 1, self.choice)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.verticalHeader().setDefaultSectionSize(30)
        self.setEditTriggers(
            QAbstractItemView.EditTrigger.AnyKeyPressed
            | QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.SelectedClicked
        )
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setAlternatingRowColors(True)

    def add_row(self, cells: Sequence[object] = (), choice: str = "") -> int:
        row = self.rowCount()
        self.insertRow(row)
        last = self.columnCount() - 1
        for col in range(last):
            text = str(cells[col]) if col < len(cells) else ""
            item = QTableWidgetItem(text)
            if col in self.numeric:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.setItem(row, col, item)
        value = choice or self.choice.choices[0][0]
        item = QTableWidgetItem(self.choice.label(value))
        item.setData(USER, value)
        self.setItem(row, last, item)
        self.setCurrentCell(row, 0)
        return row

    def remove_current(self) -> None:
        row = self.currentRow()
        if row >= 0:
            self.removeRow(row)

    def rows(self) -> list[tuple[list[str], str]]:
        """Each row's typed cells and its choice."""
        out = []
        last = self.columnCount() - 1
        for row in range(self.rowCount()):
            cells = []
            for col in range(last):
                item = self.item(row, col)
                cells.append(item.text().strip() if item is not None else "")
            choice = self.item(row, last)
            out.append((cells, str(choice.data(USER)) if choice is not None else ""))
        return out


class PartidaForm(QWidget):
    """One partida of the book, as written in it."""

    def __init__(self, number: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.number = QSpinBox()
        self.number.setObjectName("book_number")
        self.number.setRange(1, 9999)
        self.number.setValue(number)
        self.note = QLineEdit()
        self.note.setObjectName("book_note")
        self.note.setPlaceholderText(t("qué pasó: la avería, desde qué bola se llevó a mano…"))
        self.bola_loca = QLineEdit()
        self.bola_loca.setObjectName("book_bola_loca")
        self.bola_loca.setPlaceholderText(t("números separados por espacios (vacío si no hubo)"))

        self.sales = RowsTable(
            [t("Serie"), t("Del cartón"), t("Al cartón"), t("Cartones")],
            SALE_KINDS,
            "book_sales",
            numeric=(1, 2),
        )
        self.add_sale = book_button(t("Añadir &venta"), "book_add_sale")
        self.remove_sale = book_button(t("Quitar venta"), "book_remove_sale")
        self.add_sale.clicked.connect(self._new_sale)
        self.remove_sale.clicked.connect(self.sales.remove_current)

        self.balls = QPlainTextEdit()
        self.balls.setObjectName("book_balls")
        self.balls.setTabChangesFocus(True)
        self.balls.setPlaceholderText(
            t("las bolas en el orden en que salieron, separadas por espacios")
        )
        self.balls.setFixedHeight(64)
        self.balls_count = wrapped_label(name="book_balls_count", pixels=15, bold=True)
        self.balls.textChanged.connect(self._count_balls)

        self.claims = RowsTable(
            [t("Tras la bola nº"), t("Serie"), t("Cartón"), t("Premio")],
            CLAIM_KINDS,
            "book_claims",
            numeric=(0, 2),
        )
        self.add_claim = book_button(t("Añadir &canto"), "book_add_claim")
        self.remove_claim = book_button(t("Quitar canto"), "book_remove_claim")
        self.add_claim.clicked.connect(self._new_claim)
        self.remove_claim.clicked.connect(self.claims.remove_current)

        self.annulled = QCheckBox(t("Partida &anulada:"))
        self.annulled.setObjectName("book_annulled")
        self.incident = QComboBox()
        self.incident.setObjectName("book_incident")
        for incident in ANNUL_INCIDENTS:
            self.incident.addItem(incident_title(incident), incident)
        self.annul_note = QLineEdit()
        self.annul_note.setObjectName("book_annul_note")
        self.annul_note.setPlaceholderText(t("nota de la anulación, como consta en el libro"))
        self.annulled.toggled.connect(self._annulled_changed)
        self._annulled_changed(False)

        form = QFormLayout()
        form.addRow(t("Partida nº:"), self.number)
        form.addRow(t("Nota:"), self.note)
        form.addRow(t("Bola loca:"), self.bola_loca)
        balls_box = QVBoxLayout()
        balls_box.setSpacing(2)
        balls_box.addWidget(self.balls)
        balls_box.addWidget(self.balls_count)
        form.addRow(t("Bolas:"), balls_box)

        tables = QHBoxLayout()
        tables.addWidget(self._group(t("Ventas"), self.sales, self.add_sale, self.remove_sale))
        tables.addWidget(self._group(t("Cantos"), self.claims, self.add_claim, self.remove_claim))

        annul = QHBoxLayout()
        annul.addWidget(self.annulled)
        annul.addWidget(self.incident)
        annul.addWidget(self.annul_note, 1)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addLayout(tables, 1)
        layout.addLayout(annul)
        self._count_balls()

    @staticmethod
    def _group(title: str, table: RowsTable, add: QPushButton, remove: QPushButton) -> QGroupBox:
        box = QGroupBox(title)
        grid = QGridLayout(box)
        grid.setContentsMargins(6, 4, 6, 6)
        grid.addWidget(table, 0, 0, 1, 2)
        grid.addWidget(add, 1, 0)
        grid.addWidget(remove, 1, 1)
        return box

    def title(self) -> str:
        return t("Partida {n}").format(n=self.number.value())

    def _new_sale(self) -> None:
        self.sales.add_row()
        self.sales.setFocus()

    def _new_claim(self) -> None:
        try:
            after = len(numbers_of(self.balls.toPlainText(), ""))
        except FormError:
            after = 0
        self.claims.add_row([after], "line")
        self.claims.setCurrentCell(self.claims.rowCount() - 1, 1)
        self.claims.setFocus()

    def _count_balls(self) -> None:
        try:
            balls = numbers_of(self.balls.toPlainText(), t("Bolas"))
        except FormError as exc:
            self.balls_count.setText(str(exc))
            self.balls_count.setStyleSheet("color: #b00020;")
            return
        self.balls_count.setStyleSheet("color: #1b3a6b;")
        self.balls_count.setText(
            plural(
                len(balls), t("{n} bola: el {last}"), t("{n} bolas; la última, el {last}")
            ).format(n=len(balls), last=balls[-1])
            if balls
            else t("ninguna bola")
        )

    def _annulled_changed(self, on: bool) -> None:
        self.incident.setEnabled(on)
        self.annul_note.setEnabled(on)

    # --- the form and the book

    def entry(self) -> dict[str, Any]:
        """This partida as an entry of the book; ``FormError`` names what cannot be read."""
        where = self.title()
        sales = []
        for i, (cells, kind) in enumerate(self.sales.rows(), 1):
            if not any(cells):
                continue
            here = t("{where}, venta {i}").format(where=where, i=i)
            if not cells[0]:
                raise FormError(t("{here}: falta la serie").format(here=here))
            sales.append(
                {
                    "series": cells[0],
                    "first": _number(cells[1], here),
                    "last": _number(cells[2], here),
                    "kind": kind,
                }
            )
        claims = []
        for i, (cells, kind) in enumerate(self.claims.rows(), 1):
            if not any(cells[1:]):
                continue
            here = t("{where}, canto {i}").format(where=where, i=i)
            if not cells[1]:
                raise FormError(t("{here}: falta la serie").format(here=here))
            claims.append(
                {
                    "after_ball": _number(cells[0], here),
                    "series": cells[1],
                    "number": _number(cells[2], here),
                    "kind": kind,
                }
            )
        annulled = None
        if self.annulled.isChecked():
            annulled = {
                "incident": str(self.incident.currentData()),
                "note": self.annul_note.text().strip(),
            }
        return {
            "number": self.number.value(),
            "note": self.note.text().strip(),
            "bola_loca": numbers_of(
                self.bola_loca.text(), t("{where}, bola loca").format(where=where)
            ),
            "sales": sales,
            "balls": numbers_of(self.balls.toPlainText(), t("{where}, bolas").format(where=where)),
            "claims": claims,
            "annulled": annulled,
        }

    def fill(self, partida: BookPartida) -> None:
        """Show a partida of a book read from a file."""
        self.number.setValue(partida.number)
        self.note.setText(partida.note)
        self.bola_loca.setText(" ".join(map(str, partida.bola_loca)))
        self.sales.setRowCount(0)
        for s in partida.sales:
            self.sales.add_row([s.series, s.first, s.last], "electronic" if s.electronic else "")
        self.balls.setPlainText(" ".join(map(str, partida.balls)))
        self.claims.setRowCount(0)
        for c in partida.claims:
            self.claims.add_row([c.after_ball, c.series, c.number], c.prize)
        self.annulled.setChecked(partida.annulled_incident is not None)
        if partida.annulled_incident is not None:
            self.incident.setCurrentIndex(self.incident.findData(partida.annulled_incident))
        self.annul_note.setText(partida.annulled_note)


def check_choices(book: Sequence[BookPartida]) -> None:
    """What ``parse_book`` leaves to the engine but the form can only hold from a list."""
    for partida in book:
        where = f"partida {partida.number} del libro"
        for j, claim in enumerate(partida.claims, 1):
            if claim.prize not in dict(CLAIM_KINDS):
                raise BookError(
                    f"{where}: reclamación {j}: kind debe ser line o bingo, no {claim.prize!r}"
                )
        incident = partida.annulled_incident
        if incident is not None and incident not in ANNUL_INCIDENTS:
            raise BookError(
                f"{where}: annulled.incident debe ser {' o '.join(ANNUL_INCIDENTS)}, "
                f"no {incident!r}"
            )


def summary_rows(book: Sequence[BookPartida]) -> list[tuple[str, ...]]:
    """One row per partida: number, cartones, series, balls, claims, how it ends."""
    rows: list[tuple[str, ...]] = []
    for p in book:
        cards = sum(s.last - s.first + 1 for s in p.sales)
        ranges = (
            ", ".join(
                f"{s.series} {s.first}–{s.last}" + (t(" electr.") if s.electronic else "")
                for s in p.sales
            )
            or "—"
        )
        if p.annulled_incident is not None:
            incident = p.annulled_incident
            end = t("anulada por {incident}; se devuelve el importe").format(
                incident=t(ANNUL_SHORT.get(incident, incident))
            )
        else:
            end = t("se cierra y se pagan los premios")
        rows.append((str(p.number), str(cards), ranges, str(len(p.balls)), str(len(p.claims)), end))
    return rows
