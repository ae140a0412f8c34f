"""Dialogs of the console.

None of them blocks: they are opened with ``open()`` and the console acts on ``accepted``, so
the game loop and the device worker keep running behind them.
"""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QLocale, Qt
from PySide6.QtGui import QFont, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from bingo.regulation import readings
from ui.console.pages import key
from ui.console.texts import incident_title, t
from ui.widgets import set_pixel_font

W = TypeVar("W", bound=QWidget)


def _big(label: W, pixels: int, bold: bool = False) -> W:
    font = QFont(label.font())
    font.setPixelSize(pixels)
    font.setBold(bold)
    label.setFont(font)
    return label


def accept_or_cancel(
    dialog: QDialog, confirm: QPushButton, cancel_text: str = ""
) -> tuple[QDialogButtonBox, QPushButton]:
    """The buttons of a dialog that confirms or cancels: ``confirm`` accepts it (Enter), the
    cancel button (Esc, «Cancelar» unless ``cancel_text``) rejects it. Returns the box and the
    cancel button.
    """
    buttons = QDialogButtonBox()
    cancel = QPushButton(cancel_text or t("Cancelar (Esc)"))
    buttons.addButton(confirm, QDialogButtonBox.ButtonRole.AcceptRole)
    buttons.addButton(cancel, QDialogButtonBox.ButtonRole.RejectRole)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons, cancel


def _reading_labels(reference: str, text: str, suffix: str) -> tuple[QLabel, QLabel]:
    """The reference and the quoted text of a paragraph to be read aloud, large on yellow."""
    ref = _big(QLabel(reference), 18, bold=True)
    ref.setObjectName("incident_reference" + suffix)
    quoted = _big(QLabel(f"«{text}»"), 20)
    quoted.setObjectName("incident_paragraph" + suffix)
    quoted.setWordWrap(True)
    quoted.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    quoted.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    quoted.setStyleSheet(
        "background: #fff8d6; color: #000000; padding: 14px; border: 2px solid #8a6d00;"
    )
    return ref, quoted


class IncidentDialog(QDialog):
    """An incident: the regulation paragraph first, then a note and the confirmation.

    The jefe de sala reads the paragraph aloud before the incident is confirmed (R-INC-5).
    """

    def __init__(
        self,
        incident: str,
        action_text: str,
        parent: QWidget | None = None,
        *,
        ball_count: int = 0,
        note: str = "",
        region: str,
    ) -> None:
        super().__init__(parent)
        self.incident = incident
        self.setObjectName("incident_dialog")
        set_pixel_font(self, 16)
        self.setWindowTitle(t("Incidencia: {title}").format(title=incident_title(incident)))
        self.setModal(True)
        # the hall's own regulation, in each of its region's languages (decision 270)
        spanish, *others = readings(incident, region)
        title = _big(QLabel(incident_title(incident)), 26, bold=True)
        title.setObjectName("incident_title")
        instruction = _big(
            QLabel(t("El jefe de sala lee en voz alta el párrafo del reglamento:")), 18
        )
        self.reference, self.paragraph = _reading_labels(spanish.reference, spanish.text, "")
        # the same paragraph in the region's other language (Basque), read after the Spanish
        self.translations = {
            r.language: _reading_labels(r.reference, r.text, f"_{r.language}") for r in others
        }
        self.read_aloud = QCheckBox(t("Párrafo leído en voz alta por el jefe de sala (Alt+P)"))
        self.read_aloud.setObjectName("incident_read_aloud")
        key(self.read_aloud, "Alt+P")
        _big(self.read_aloud, 18)
        form = QFormLayout()
        self.note = QLineEdit(note)
        self.note.setObjectName("incident_note")
        self.note.setPlaceholderText(t("qué ha pasado (consta en el acta)"))
        form.addRow(t("Nota:"), self.note)
        self.index: QSpinBox | None = None
        self.number: QSpinBox | None = None
        if incident == "ball_corrected":
            self.index = QSpinBox()
            self.index.setObjectName("incident_index")
            self.index.setRange(1, max(1, ball_count))
            self.index.setValue(max(1, ball_count))
            self.number = QSpinBox()
            self.number.setObjectName("incident_number")
            self.number.setRange(1, 90)
            form.addRow(t("Extracción número:"), self.index)
            form.addRow(t("La bola es el:"), self.number)
        self.confirm = QPushButton(t("{action} (Intro)").format(action=action_text))
        self.confirm.setObjectName("incident_confirm")
        self.confirm.setEnabled(False)
        _big(self.confirm, 18, bold=True)
        buttons, cancel = accept_or_cancel(self, self.confirm)
        cancel.setObjectName("incident_cancel")
        self.read_aloud.toggled.connect(self._update)
        self.note.textChanged.connect(self._update)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(instruction)
        layout.addWidget(self.reference)
        layout.addWidget(self.paragraph)
        for labels in self.translations.values():
            layout.addWidget(labels[0])
            layout.addWidget(labels[1])
        layout.addWidget(self.read_aloud)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.resize(900, 560)
        # from the keyboard: Alt+P once read, the note typed, Enter confirms
        self.confirm.setDefault(True)
        self.note.setFocus()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.note.setFocus()  # the typing goes to the note (a dialog picks its first widget)

    def _update(self) -> None:
        self.confirm.setEnabled(self.read_aloud.isChecked() and bool(self.note.text().strip()))


class ConfirmDialog(QDialog):
    """A plain question with a confirm and a cancel button."""

    def __init__(
        self,
        title: str,
        text: str,
        action_text: str,
        parent: QWidget | None = None,
        *,
        stay_text: str = "",
        enter_stays: bool = False,
    ) -> None:
        """``stay_text``: the cancel button's words; ``enter_stays``: Enter cancels (a question
        asked because a key was perhaps pressed by mistake), else Enter confirms.
        """
        super().__init__(parent)
        self.setObjectName("confirm_dialog")
        set_pixel_font(self, 16)
        self.setWindowTitle(title)
        self.setModal(True)
        label = _big(QLabel(text), 20)
        label.setWordWrap(True)
        label.setObjectName("confirm_text")
        self.confirm = QPushButton(action_text)
        self.confirm.setObjectName("confirm_ok")
        buttons, cancel = accept_or_cancel(self, self.confirm, stay_text)
        cancel.setObjectName("confirm_cancel")
        self.cancel = cancel
        layout = QVBoxLayout(self)
        layout.addWidget(label, 1)
        layout.addWidget(buttons)
        # set once the buttons are in the dialog, which otherwise picks its own
        (cancel if enter_stays else self.confirm).setDefault(True)
        self.resize(640, 240)


class SerieDialog(QDialog):
    """Put a new serie into the hall's stock (code, cartones, face value, card set)."""

    def __init__(
        self,
        card_sets: list[tuple[str, int]],
        suggested_code: str,
        face_value_cents: int,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("serie_dialog")
        set_pixel_font(self, 16)
        self.setWindowTitle(t("Registrar una serie"))
        self.setModal(True)
        self.code = QLineEdit(suggested_code)
        self.code.setObjectName("serie_code")
        self.card_set = QComboBox()
        self.card_set.setObjectName("serie_card_set")
        for card_set_id, count in card_sets:
            self.card_set.addItem(f"{card_set_id} ({count})", (card_set_id, count))
        self.serie_size = QSpinBox()
        self.serie_size.setObjectName("serie_size")
        self.serie_size.setRange(1, 100_000)
        self.serie_size.setValue(min(1500, card_sets[0][1]) if card_sets else 1500)
        # in euros, as the hall says it (1,00 €), kept in céntimos
        self.face = QDoubleSpinBox()
        self.face.setObjectName("serie_face_value")
        self.face.setLocale(QLocale(QLocale.Language.Spanish, QLocale.Country.Spain))
        self.face.setDecimals(2)
        self.face.setRange(0.01, 1000.00)
        self.face.setSingleStep(0.10)
        self.face.setSuffix(" €")
        self.face.setValue(face_value_cents / 100)
        self.electronic = QCheckBox(t("cartones electrónicos"))
        form = QFormLayout()
        form.addRow(t("Código:"), self.code)
        form.addRow(t("Juego de cartones:"), self.card_set)
        form.addRow(t("Cartones:"), self.serie_size)
        form.addRow(t("Valor facial:"), self.face)
        form.addRow("", self.electronic)
        self.confirm = QPushButton(t("Registrar la serie (Intro)"))
        self.confirm.setObjectName("serie_confirm")
        buttons, _cancel = accept_or_cancel(self, self.confirm)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.confirm.setDefault(True)

    def values(self) -> tuple[str, str, int, int, bool]:
        card_set_id = str(self.card_set.currentData()[0]) if self.card_set.count() else ""
        return (
            self.code.text().strip(),
            card_set_id,
            self.serie_size.value(),
            round(self.face.value() * 100),
            self.electronic.isChecked(),
        )
