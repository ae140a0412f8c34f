"""Taking back the partidas kept in the manual book (R-ACTA-4), from the console.

The dialog has two steps. First **the book**: a ``bingo-manual-book/1`` file is opened (it fills
the form, where it can be read and corrected) or the book is typed in the form, partida by
partida; ``Guardar plantilla…`` writes an empty book to be filled in elsewhere. Then **the
check**: the regulation paragraph and a summary of what will be recorded. ``Incorporar al
registro`` calls ``bingo.transcribe.transcribe``, all or nothing: a ``BookError`` is shown in the
dialog and everything typed stays; on success the dialog is accepted and ``numbers`` holds the
partidas taken in.

Like the other dialogs it is opened with ``open()``; only the file choosers block.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from bingo.hall import DomainError
from bingo.regulation import paragraphs_for
from bingo.service import HallService
from bingo.transcribe import (
    FORMAT,
    BookClaim,
    BookError,
    BookPartida,
    BookSale,
    parse_book,
    template,
    transcribe,
)
from ui.console.texts import incident_title, t
from ui.widgets import error_label, set_pixel_font, wrapped_label

log = logging.getLogger(__name__)

SALE_KINDS = (("physical", "físicos"), ("electronic", "electrónicos"))
CLAIM_KINDS = (("line", "línea"), ("bingo", "bingo"))
ANNUL_INCIDENTS = ("ball_irregularity", "caller_error")
ANNUL_SHORT = {
    "ball_irregularity": "irregularidad de las bolas",
    "caller_error": "error del locutor",
}
FILE_FILTER = "Libro manual (*.json);;Todos los ficheros (*)"
USER = Qt.ItemDataRole.UserRole


class FormError(ValueError):
    """Something typed in the form that cannot go into the book; the message names it."""


def _button(text: str, name: str, pixels: int = 16, bold: bool = False) -> QPushButton:
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
        self.add_sale = _button(t("Añadir &venta"), "book_add_sale")
        self.remove_sale = _button(t("Quitar venta"), "book_remove_sale")
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
        self.add_claim = _button(t("Añadir &canto"), "book_add_claim")
        self.remove_claim = _button(t("Quitar canto"), "book_remove_claim")
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
            t("{n} bolas; la última, el {last}").format(n=len(balls), last=balls[-1])
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


def _check_choices(book: Sequence[BookPartida]) -> None:
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


class ManualBookDialog(QDialog):
    """The manual book taken back into the record: the book, then the check, then recorded."""

    def __init__(self, service: HallService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.service = service
        self.numbers: list[int] = []
        self._data: dict[str, Any] | None = None
        self.setObjectName("manual_book_dialog")
        set_pixel_font(self, 16)
        self.setWindowTitle(t("Incorporar el libro manual"))
        self.setModal(True)

        hall = service.hall
        session = hall.session
        self.open_partida = hall.partida.number if hall.partida is not None else None
        self.next_number = self.open_partida or (len(session.partidas) + 1 if session else 1)

        title = wrapped_label(
            t("Partidas del libro manual (R-ACTA-4)"), "book_title", pixels=24, bold=True
        )
        self.error = error_label("book_error")
        self.steps = QStackedWidget()
        self.steps.addWidget(self._build_book_step())
        self.steps.addWidget(self._build_check_step())
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(self.error)
        layout.addWidget(self.steps, 1)
        self.resize(1240, 700)
        self.forms[0].note.setFocus()

    # ====================================================================== step 1: the book

    def _build_book_step(self) -> QWidget:
        page = QWidget()
        self.open_file = _button(t("Abrir un &fichero del libro…"), "book_open_file")
        self.open_file.clicked.connect(self.choose_file)
        self.save_template = _button(t("Guardar &plantilla…"), "book_save_template")
        self.save_template.clicked.connect(self.write_template)
        self.template_count = QSpinBox()
        self.template_count.setObjectName("book_template_count")
        self.template_count.setRange(1, 99)
        self.template_count.valueChanged.connect(self._template_changed)
        self.template_range = wrapped_label(name="book_template_range", pixels=15)
        files = QHBoxLayout()
        files.addWidget(self.open_file)
        files.addSpacing(24)
        files.addWidget(self.save_template)
        files.addWidget(wrapped_label(t("de"), pixels=16))
        files.addWidget(self.template_count)
        files.addWidget(self.template_range, 1)
        self.info = wrapped_label(name="book_info", pixels=15)
        self.info.setStyleSheet("background: #e8f0ff; color: #0d1b3a; padding: 6px;")
        if self.open_partida is not None:
            self.info.setText(
                t(
                    "La partida {n} está abierta en el sistema: el formulario trae lo que ya "
                    "consta (ventas, bolas, cantos); añada lo que el libro recoge desde la avería."
                ).format(n=self.open_partida)
            )
        else:
            self.info.setText(
                t(
                    "Abra el fichero del libro transcrito o escriba cada partida tal como consta "
                    "en el libro. La siguiente partida de la sesión es la {n}."
                ).format(n=self.next_number)
            )

        self.partida_list = QListWidget()
        self.partida_list.setObjectName("book_partidas")
        self.partida_list.setMaximumWidth(170)
        set_pixel_font(self.partida_list, 17, bold=True)
        self.add_partida = _button(t("Añadir pa&rtida"), "book_add_partida")
        self.remove_partida = _button(t("Quitar partida"), "book_remove_partida")
        self.add_partida.clicked.connect(self.new_partida)
        self.remove_partida.clicked.connect(self.drop_partida)
        side = QVBoxLayout()
        side.addWidget(wrapped_label(t("Partidas del libro"), pixels=15, bold=True))
        side.addWidget(self.partida_list, 1)
        side.addWidget(self.add_partida)
        side.addWidget(self.remove_partida)
        self.form_stack = QStackedWidget()
        self.forms: list[PartidaForm] = []
        self.partida_list.currentRowChanged.connect(self.form_stack.setCurrentIndex)
        body = QHBoxLayout()
        body.addLayout(side)
        body.addWidget(self.form_stack, 1)
        self._add_form(self._prefilled())

        self.review = _button(t("Revisar antes de registrar →"), "book_review", 18, bold=True)
        self.review.setAutoDefault(True)
        self.review.setDefault(True)
        self.review.clicked.connect(self.check)
        cancel = _button(t("Cancelar"), "book_cancel")
        cancel.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(cancel)
        buttons.addWidget(self.review)

        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(files)
        layout.addWidget(self.info)
        layout.addLayout(body, 1)
        layout.addLayout(buttons)
        self._template_changed()
        return page

    def _prefilled(self) -> PartidaForm:
        """The next partida, with what the record already holds when it is open."""
        form = PartidaForm(self.next_number)
        partida = self.service.hall.partida
        if partida is not None:
            form.fill(
                BookPartida(
                    number=partida.number,
                    note="",
                    bola_loca=tuple(partida.bola_loca_numbers),
                    sales=tuple(
                        BookSale(r.series, r.first, r.last, r.electronic) for r in partida.sales
                    ),
                    balls=tuple(partida.balls),
                    claims=tuple(
                        BookClaim(c.after_ball, c.series, c.number, c.prize) for c in partida.claims
                    ),
                    annulled_incident=None,
                    annulled_note="",
                )
            )
            form.number.setEnabled(False)  # the book goes on from the partida that was open
        return form

    def _add_form(self, form: PartidaForm) -> None:
        self.forms.append(form)
        self.form_stack.addWidget(form)
        self.partida_list.addItem(form.title())
        row = len(self.forms) - 1
        form.number.valueChanged.connect(lambda _n, f=form: self._retitle(f))
        self.partida_list.setCurrentRow(row)

    def _retitle(self, form: PartidaForm) -> None:
        if form in self.forms:
            item = self.partida_list.item(self.forms.index(form))
            if item is not None:
                item.setText(form.title())

    def new_partida(self) -> None:
        last = self.forms[-1].number.value() if self.forms else self.next_number - 1
        form = PartidaForm(last + 1)
        self._add_form(form)
        form.note.setFocus()

    def drop_partida(self) -> None:
        row = self.partida_list.currentRow()
        if row < 0 or len(self.forms) <= 1:
            return
        form = self.forms.pop(row)
        self.partida_list.takeItem(row)
        self.form_stack.removeWidget(form)
        form.deleteLater()
        self.partida_list.setCurrentRow(min(row, len(self.forms) - 1))

    def current_form(self) -> PartidaForm:
        return self.forms[max(0, self.partida_list.currentRow())]

    def _template_changed(self) -> None:
        first = self.next_number
        last = first + self.template_count.value() - 1
        self.template_range.setText(
            t("partida (la {first})").format(first=first)
            if first == last
            else t("partidas (de la {first} a la {last})").format(first=first, last=last)
        )

    def template_numbers(self) -> list[int]:
        return list(range(self.next_number, self.next_number + self.template_count.value()))

    def write_template(self) -> None:
        numbers = self.template_numbers()
        suggested = f"libro-manual-{numbers[0]}-{numbers[-1]}.json"
        path, _filter = QFileDialog.getSaveFileName(
            self, t("Guardar la plantilla del libro manual"), suggested, t(FILE_FILTER)
        )
        if not path:
            return
        text = json.dumps(template(numbers), ensure_ascii=False, indent=1) + "\n"
        try:
            Path(path).write_text(text, encoding="utf-8")
        except OSError as exc:
            self.show_error(
                t("No se puede guardar la plantilla «{name}»: {reason}").format(
                    name=Path(path).name, reason=exc.strerror or exc
                )
            )
            return
        self.error.hide()
        self.info.setText(
            t("Plantilla guardada en «{name}» para {count} partidas ({numbers}).").format(
                name=Path(path).name, count=len(numbers), numbers=", ".join(map(str, numbers))
            )
        )

    def choose_file(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self, t("Abrir el libro manual transcrito"), "", t(FILE_FILTER)
        )
        if path:
            self.load_file(Path(path))

    def load_file(self, path: Path) -> bool:
        """Fill the form from a ``bingo-manual-book/1`` file; the form is left alone on error."""
        try:
            data = json.loads(path.read_text("utf-8"))
            book = parse_book(data)
            _check_choices(book)
        except OSError as exc:
            self.show_error(
                t("No se puede leer «{name}»: {reason}").format(
                    name=path.name, reason=exc.strerror or exc
                )
            )
            return False
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            self.show_error(
                t("«{name}» no es un JSON válido ({reason})").format(name=path.name, reason=exc)
            )
            return False
        except BookError as exc:
            self.show_error(t("«{name}»: {reason}").format(name=path.name, reason=exc))
            return False
        self.load_book(book)
        self.info.setText(
            t("Cargado «{name}»: {n} partidas. Revíselas aquí antes de registrarlas.").format(
                name=path.name, n=len(book)
            )
        )
        return True

    def load_book(self, book: Sequence[BookPartida]) -> None:
        for form in self.forms:
            self.form_stack.removeWidget(form)
            form.deleteLater()
        self.forms.clear()
        self.partida_list.clear()
        for partida in book:
            form = PartidaForm(partida.number)
            form.fill(partida)
            self._add_form(form)
        self.partida_list.setCurrentRow(0)
        self.error.hide()

    def book(self) -> dict[str, Any]:
        """The book as typed, in the ``bingo-manual-book/1`` format; ``FormError`` if unreadable."""
        return {"format": FORMAT, "partidas": [form.entry() for form in self.forms]}

    # ====================================================================== step 2: the check

    def _build_check_step(self) -> QWidget:
        page = QWidget()
        reference, text = paragraphs_for(self.service.hall.region)["manual_book"]
        self.reference = wrapped_label(
            t("Reglamento, {reference}:").format(reference=reference),
            "book_reference",
            pixels=18,
            bold=True,
        )
        self.paragraph = wrapped_label(f"«{text}»", "book_paragraph", pixels=19)
        self.paragraph.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.paragraph.setStyleSheet(
            "background: #fff8d6; color: #000000; padding: 12px; border: 2px solid #8a6d00;"
        )
        self.summary_title = wrapped_label(name="book_summary_title", pixels=20, bold=True)
        self.summary = QTableWidget(0, 6)
        self.summary.setObjectName("book_summary")
        self.summary.setHorizontalHeaderLabels(
            [t("Partida"), t("Cartones"), t("Series"), t("Bolas"), t("Cantos"), t("Final")]
        )
        header = self.summary.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(5, QHeaderView.ResizeMode.Stretch)
        self.summary.verticalHeader().setDefaultSectionSize(34)
        self.summary.verticalHeader().hide()
        self.summary.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        set_pixel_font(self.summary, 17)
        self.summary_note = wrapped_label(name="book_summary_note", pixels=16)
        self.back = _button(t("← &Volver al libro"), "book_back", 16)
        self.back.clicked.connect(self.back_to_book)
        self.confirm = _button(t("&Incorporar al registro"), "book_confirm", 18, bold=True)
        self.confirm.clicked.connect(self.record)
        buttons = QHBoxLayout()
        buttons.addWidget(self.back)
        buttons.addStretch(1)
        buttons.addWidget(self.confirm)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.reference)
        layout.addWidget(self.paragraph)
        layout.addWidget(self.summary_title)
        layout.addWidget(self.summary, 1)
        layout.addWidget(self.summary_note)
        layout.addLayout(buttons)
        return page

    def check(self) -> bool:
        """Step 2: read the form; when it can be read, show the paragraph and the summary."""
        try:
            data = self.book()
            book = parse_book(data)
        except (FormError, BookError) as exc:
            self.show_error(str(exc))
            return False
        self._data = data
        rows = summary_rows(book)
        self.summary.setRowCount(len(rows))
        for r, cells in enumerate(rows):
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c in (0, 1, 3, 4):
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.summary.setItem(r, c, item)
        cards = sum(int(row[1]) for row in rows)
        balls = sum(len(p.balls) for p in book)
        claims = sum(len(p.claims) for p in book)
        what = (
            t("Se registrará la partida {numbers} del libro manual")
            if len(book) == 1
            else t("Se registrarán {n} partidas del libro manual ({numbers})")
        )
        self.summary_title.setText(
            what.format(n=len(book), numbers=", ".join(str(p.number) for p in book))
            + t(": {cards} cartones, {balls} bolas, {claims} cantos.").format(
                cards=cards, balls=balls, claims=claims
            )
        )
        notes = [
            t(
                "Se juegan con las mismas reglas que en la sala: los premios y los fondos de "
                "prima y de bola loca los calcula el sistema. Todo o nada: si una partida no "
                "cuadra no se registra ninguna. Quedan marcadas «libro manual» en el registro "
                "y en el acta."
            )
        ]
        if self.open_partida is not None:
            notes.append(
                t(
                    "La partida {n} estaba abierta en el sistema: se completa con el libro, y lo "
                    "que ya consta debe coincidir con él."
                ).format(n=self.open_partida)
            )
        self.summary_note.setText("\n".join(notes))
        self.error.hide()
        self.steps.setCurrentIndex(1)
        self.confirm.setDefault(True)
        self.confirm.setFocus()
        return True

    def back_to_book(self) -> None:
        self.steps.setCurrentIndex(0)
        self.review.setDefault(True)
        self.current_form().setFocus()

    def record(self) -> None:
        """Step 3: into the record, all or nothing."""
        data = self._data
        if data is None:
            return
        try:
            numbers = transcribe(self.service, data)
        except BookError as exc:
            self.show_error(t("{reason}. No se ha registrado nada.").format(reason=exc))
            self._select_named(str(exc))
            return
        except DomainError as exc:
            self.show_error(t("El registro rechaza el libro: {reason}").format(reason=exc))
            return
        except Exception as exc:  # the console must survive anything and say it
            log.exception("manual book failed")
            self.show_error(
                t("Error inesperado al registrar el libro: {reason}").format(reason=exc)
            )
            return
        self.numbers = numbers
        self.accept()

    def _select_named(self, message: str) -> None:
        found = re.search(r"partida (\d+) del libro", message)
        if found is None:
            return
        for row, form in enumerate(self.forms):
            if form.number.value() == int(found.group(1)):
                self.partida_list.setCurrentRow(row)
                return

    def show_error(self, message: str) -> None:
        """In the dialog, above the book, which stays as typed."""
        self.error.setText(message[:1].upper() + message[1:])
        self.error.show()
        if self.steps.currentIndex() != 0:
            self.back_to_book()
