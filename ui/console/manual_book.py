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
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QListWidget,
    QSpinBox,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from bingo.hall import DomainError
from bingo.handlers import Bus
from bingo.regulation import readings
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
from ui.console.book_form import FormError, PartidaForm, book_button, check_choices, summary_rows
from ui.console.state import plural
from ui.console.texts import t, words
from ui.widgets import error_label, set_pixel_font, wrapped_label

log = logging.getLogger(__name__)

FILE_FILTER = "Libro manual (*.json);;Todos los ficheros (*)"


class ManualBookDialog(QDialog):
    """The manual book taken back into the record: the book, then the check, then recorded."""

    def __init__(self, service: Bus, parent: QWidget | None = None) -> None:
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

        title = wrapped_label(t("Partidas del libro manual"), "book_title", pixels=24, bold=True)
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
        self.open_file = book_button(t("Abrir un &fichero del libro…"), "book_open_file")
        self.open_file.clicked.connect(self.choose_file)
        self.save_template = book_button(t("Guardar &plantilla…"), "book_save_template")
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
        self.add_partida = book_button(t("Añadir pa&rtida"), "book_add_partida")
        self.remove_partida = book_button(t("Quitar partida"), "book_remove_partida")
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

        self.review = book_button(t("Revisar antes de registrar →"), "book_review", 18, bold=True)
        self.review.setAutoDefault(True)
        self.review.setDefault(True)
        self.review.clicked.connect(self.check)
        cancel = book_button(t("Cancelar"), "book_cancel")
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
            plural(
                len(numbers),
                t("Plantilla guardada en «{name}» para la partida {numbers}."),
                t("Plantilla guardada en «{name}» para {count} partidas ({numbers})."),
            ).format(name=Path(path).name, count=len(numbers), numbers=", ".join(map(str, numbers)))
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
            check_choices(book)
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
            plural(
                len(book),
                t("Cargado «{name}»: {n} partida. Revísela aquí antes de registrarla."),
                t("Cargado «{name}»: {n} partidas. Revíselas aquí antes de registrarlas."),
            ).format(name=path.name, n=len(book))
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
        # IV.2 or its region's provision, in each of the region's languages (decision 270)
        spanish, *others = readings("manual_book", self.service.hall.region)
        self.reference = wrapped_label(
            t("Reglamento, {reference}:").format(reference=spanish.reference),
            "book_reference",
            pixels=18,
            bold=True,
        )
        quoted = "\n\n".join([f"«{spanish.text}»"] + [str(r) for r in others])
        self.paragraph = wrapped_label(quoted, "book_paragraph", pixels=19)
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
        self.back = book_button(t("← &Volver al libro"), "book_back", 16)
        self.back.clicked.connect(self.back_to_book)
        self.confirm = book_button(t("&Incorporar al registro"), "book_confirm", 18, bold=True)
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
        if not isinstance(self.service, HallService):  # a station of the hall server
            reason = t("el libro manual se incorpora en el servidor de la sala")
            self.show_error(t("El registro rechaza el libro: {reason}").format(reason=reason))
            return
        try:
            numbers = transcribe(self.service, data)
        except BookError as exc:
            self.show_error(t("{reason}. No se ha registrado nada.").format(reason=exc))
            self._select_partida(exc.partida)
            return
        except DomainError as exc:
            self.show_error(t("El registro rechaza el libro: {reason}").format(reason=words(exc)))
            return
        except Exception as exc:  # the console must survive anything and say it
            log.exception("manual book failed")
            self.show_error(
                t("Error inesperado al registrar el libro: {reason}").format(reason=exc)
            )
            return
        self.numbers = numbers
        self.accept()

    def _select_partida(self, number: int | None) -> None:
        """Show the book's partida the error is about (its number comes with the error)."""
        if number is None:
            return
        for row, form in enumerate(self.forms):
            if form.number.value() == number:
                self.partida_list.setCurrentRow(row)
                return

    def show_error(self, message: str) -> None:
        """In the dialog, above the book, which stays as typed."""
        self.error.setText(message[:1].upper() + message[1:])
        self.error.show()
        if self.steps.currentIndex() != 0:
            self.back_to_book()
