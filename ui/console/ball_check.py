"""The count of the balls at the session's opening and closing (R-BALL-2, Cantabria II.2: "las
bolas deben ser objeto de recuento ... comprobando su numeración y que se encuentran en perfecto
estado").

The count gives the numbers: the reader's scan of the set, or the jefe de mesa's hand count.
This dialog shows what they say and asks, before the jefe de sala, for the balls' condition:
all in perfect condition, or which balls are damaged and how (a short note, required; it goes
into the record and the acta). Before anything is recorded it says what follows (decisions 22
and 47): at the opening a count that is not conforming is recorded and the session does not
open until the set is changed and counted again; at the closing it is recorded and the session
closes all the same, the acta showing the check "no conforme". ``Volver a contar`` records
nothing. The window records the answer (``answer()``) once the dialog is accepted.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from ui.console.texts import t
from ui.widgets import set_pixel_font, wrapped_label

BALLS = range(1, 91)
NOTE_MAX = 200  # a short note: which balls, and what is wrong with them

GOOD = "background: #e8f5e9; color: #1b5e20; padding: 8px; border-radius: 6px;"
NEUTRAL = "background: #eeeeee; color: #212121; padding: 8px; border-radius: 6px;"
BLOCKED = (
    "background: #ffcdd2; color: #7f0000; padding: 8px; border: 2px solid #b00020;"
    " border-radius: 6px;"
)
WARNING = (
    "background: #ffe0b2; color: #4e2600; padding: 8px; border: 2px solid #e65100;"
    " border-radius: 6px;"
)


@dataclass(frozen=True)
class BallCount:
    """The numbers a count gave: ``when`` "open", "close" or "change" (a set changed while the
    session is open), ``method`` "reader" or "manual".
    """

    when: str
    numbers: tuple[int, ...]
    method: str

    @property
    def missing(self) -> tuple[int, ...]:
        seen = set(self.numbers)
        return tuple(n for n in BALLS if n not in seen)

    @property
    def repeated(self) -> tuple[int, ...]:
        """Numbers read more than once, and numbers that are no ball of the set."""
        counts = Counter(self.numbers)
        return tuple(sorted(n for n, c in counts.items() if c > 1 or n not in BALLS))

    @property
    def complete(self) -> bool:
        return sorted(self.numbers) == list(BALLS)


@dataclass(frozen=True)
class BallCondition:
    """The jefe de mesa's answer on the balls' condition: ``note`` says which are damaged."""

    ok: bool
    note: str = ""


def problem_words(
    count: BallCount, condition: BallCondition | None = None, *, note: bool = True
) -> str:
    """What is wrong with a count, in a few words: "faltan: 3, 4; dañadas: la 17 agrietada"
    (without ``note``, "hay bolas dañadas": a line that must stay short).
    """
    parts = []
    if count.missing:
        parts.append(t("faltan: {numbers}").format(numbers=", ".join(map(str, count.missing))))
    if count.repeated:
        parts.append(t("repetidas: {numbers}").format(numbers=", ".join(map(str, count.repeated))))
    if condition is not None and not condition.ok:
        parts.append(
            t("dañadas: {note}").format(note=condition.note) if note else t("hay bolas dañadas")
        )
    return "; ".join(parts)


class BallCheckDialog(QDialog):
    """The numbers of the count, the question on the balls' condition, and what follows."""

    def __init__(self, count: BallCount, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.count = count
        self.setObjectName("ball_check_dialog")
        set_pixel_font(self, 16)
        opening = count.when == "open"
        changed = count.when == "change"
        self.setWindowTitle(
            t("Recuento de bolas: apertura")
            if opening
            else t("Recuento de bolas: juego nuevo")
            if changed
            else t("Recuento de bolas: cierre")
        )
        self.setModal(True)

        title = wrapped_label(
            t("Recuento de las bolas al abrir la sesión")
            if opening
            else t("Recuento de las bolas del juego nuevo, antes de la próxima partida")
            if changed
            else t("Recuento de las bolas al cerrar la sesión"),
            "ball_check_title",
            24,
            True,
        )
        rule = wrapped_label(
            t(
                "Ante el jefe de sala, «comprobando su numeración y que se encuentran en "
                "perfecto estado» (Cantabria II.2)."
            ),
            pixels=15,
        )
        rule.setStyleSheet("color: #424242;")

        self.numbering = wrapped_label(name="ball_check_numbering", pixels=18, bold=True)
        if count.complete:
            self.numbering.setText(
                t("Numeración: el lector ha leído las 90 bolas, una de cada número.")
                if count.method == "reader"
                else t("Numeración: están las 90 bolas, una de cada número (recuento a mano).")
            )
            self.numbering.setStyleSheet(GOOD)
        else:
            self.numbering.setText(
                t("Numeración: NO es correcta ({problem}).").format(problem=problem_words(count))
            )
            self.numbering.setStyleSheet(BLOCKED)

        question = wrapped_label(
            t("Estado: compruebe que ninguna bola tiene golpes, grietas ni el número borroso."),
            pixels=17,
        )
        self.all_fine = QRadioButton(t("&Todas en perfecto estado"))
        self.all_fine.setObjectName("ball_check_all_fine")
        self.damaged = QRadioButton(t("&Hay bolas dañadas"))
        self.damaged.setObjectName("ball_check_damaged")
        for radio in (self.all_fine, self.damaged):
            set_pixel_font(radio, 18, bold=True)
        # no answer chosen at first: the condition is declared, never assumed
        self.choice = QButtonGroup(self)
        self.choice.addButton(self.all_fine)
        self.choice.addButton(self.damaged)
        self.note = QLineEdit()
        self.note.setObjectName("ball_check_note")
        self.note.setMaxLength(NOTE_MAX)
        self.note.setPlaceholderText(t("cuáles y qué les pasa, p. ej. «la 17 agrietada»"))
        set_pixel_font(self.note, 17)
        note_label = wrapped_label(t("¿Cuáles y cómo?"), pixels=16)
        note_label.setBuddy(self.note)
        answers = QGridLayout()
        answers.setColumnMinimumWidth(0, 28)
        answers.addWidget(self.all_fine, 0, 0, 1, 3)
        answers.addWidget(self.damaged, 1, 0, 1, 3)
        answers.addWidget(note_label, 2, 1)
        answers.addWidget(self.note, 2, 2)
        answers.setColumnStretch(2, 1)

        self.consequence = wrapped_label(name="ball_check_consequence", pixels=17, bold=True)

        buttons = QDialogButtonBox()
        self.recount = QPushButton()
        self.recount.setObjectName("ball_check_recount")
        self.confirm = QPushButton()
        self.confirm.setObjectName("ball_check_confirm")
        set_pixel_font(self.confirm, 18, bold=True)
        set_pixel_font(self.recount, 18)  # counting again is as much an answer as recording
        buttons.addButton(self.confirm, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.recount, QDialogButtonBox.ButtonRole.RejectRole)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(rule)
        layout.addWidget(self.numbering)
        layout.addSpacing(6)
        layout.addWidget(question)
        layout.addLayout(answers)
        layout.addSpacing(6)
        layout.addWidget(self.consequence)
        layout.addStretch(1)
        layout.addWidget(buttons)

        self.all_fine.toggled.connect(self._update)
        self.damaged.toggled.connect(self._update)
        self.damaged.toggled.connect(self._damaged_chosen)
        self.note.textChanged.connect(self._update)
        self.confirm.setDefault(True)  # Enter records, once the answer is complete
        self._update()
        self.resize(820, self.sizeHint().height())
        self.all_fine.setFocus()

    # ---------------------------------------------------------------------- the answer

    def answer(self) -> BallCondition:
        if self.damaged.isChecked():
            return BallCondition(False, self.note.text().strip())
        return BallCondition(True)

    def answered(self) -> bool:
        """A condition is chosen and, for damaged balls, the note says which."""
        if self.damaged.isChecked():
            return bool(self.note.text().strip())
        return self.all_fine.isChecked()

    def conforming(self) -> bool:
        """The check as it stands would be recorded ok (the numbers, and no damaged ball)."""
        return self.count.complete and not self.damaged.isChecked()

    def _damaged_chosen(self, chosen: bool) -> None:
        if chosen:
            self.note.setFocus()  # which balls, and how: typed at once

    def _accept(self) -> None:
        if self.answered():
            self.accept()

    def _update(self) -> None:
        opening = self.count.when == "open"
        changed = self.count.when == "change"
        conforming = self.conforming()
        self.note.setEnabled(self.damaged.isChecked())
        if changed:
            self.confirm.setText(
                t("Registrar el recuento del juego nuevo")
                if conforming
                else t("Registrar el recuento no conforme")
            )
        elif opening:
            self.confirm.setText(
                t("Registrar el recuento y abrir la sesión")
                if conforming
                else t("Registrar el recuento no conforme")
            )
        else:
            self.confirm.setText(
                t("Registrar el recuento y cerrar la sesión")
                if conforming
                else t("Cerrar la sesión con la comprobación no conforme")
            )
        self.recount.setText(t("Cancelar") if conforming else t("Volver a contar"))
        self.confirm.setEnabled(self.answered())

        if self.damaged.isChecked() and not self.note.text().strip():
            self.consequence.setText(
                t(
                    "Escriba qué bolas están dañadas y qué les pasa: consta en el registro y "
                    "en el acta."
                )
            )
            self.consequence.setStyleSheet(NEUTRAL)
        elif not conforming and changed:
            self.consequence.setText(
                t(
                    "El recuento se registrará como no conforme y NO se jugará ninguna partida "
                    "con este juego: cámbielo por el de reserva y cuéntelo de nuevo."
                )
            )
            self.consequence.setStyleSheet(BLOCKED)
        elif not conforming and opening:
            self.consequence.setText(
                t(
                    "El recuento se registrará como no conforme y la sesión NO podrá abrirse: "
                    "cambie el juego de bolas por el de reserva y cuéntelo de nuevo."
                )
            )
            self.consequence.setStyleSheet(BLOCKED)
        elif not conforming:
            self.consequence.setText(
                t(
                    "La comprobación de cierre NO es conforme. Se registrará así y la sesión se "
                    "cerrará igualmente: el acta la mostrará como «no conforme». Si cree que ha "
                    "contado mal, vuelva a contar antes."
                )
            )
            self.consequence.setStyleSheet(WARNING)
        elif not self.all_fine.isChecked():
            self.consequence.setText(t("Diga en qué estado están las bolas."))
            self.consequence.setStyleSheet(NEUTRAL)
        else:
            self.consequence.setText(
                t("Se registrará el recuento y se abrirá la sesión.")
                if opening
                else t("Se registrará el recuento y se podrá seguir jugando con el juego nuevo.")
                if changed
                else t("Se registrará el recuento y se cerrará la sesión.")
            )
            self.consequence.setStyleSheet(GOOD)
        self._fit_height()

    def _fit_height(self) -> None:
        """Grow to show a longer text: a wrapped label needs the height for its width, which a
        window does not take by itself.
        """
        layout = self.layout()
        if layout is None:  # still being built
            return
        layout.activate()
        need = layout.totalHeightForWidth(self.width())
        if need > self.height():
            self.resize(self.width(), need)
