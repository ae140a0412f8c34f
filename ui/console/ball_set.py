"""Cambiar el juego de bolas: the change of ball set, which the acta records (R-BALL-1,
Cantabria II.2).

The dialog only gathers the new set's data; the window records it (``record``) the way it runs
every command, and the engine checks every rule. A refusal is shown here, in the dialog, with
everything typed still there, and nothing is recorded; the dialog closes only once the change
is in the record.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from bingo.hall import BallSetState, Hall
from ui.console import state
from ui.console.state import plural
from ui.console.texts import t
from ui.widgets import error_label, set_pixel_font, wrapped_label

# The reasons offered, in Spanish as they go into the record and the acta (printed in Spanish);
# the console shows them in its own language. Any other reason may be typed.
REASONS = ("bola dañada", "límite de partidas", "recuento fallido", "cambio programado")
DEFAULT_GUARANTEED = 3000


@dataclass(frozen=True)
class BallSetChange:
    """What the jefe de mesa typed: the arguments of ``HallService.install_ball_set``."""

    ball_set_id: str
    homologation: str
    guaranteed_partidas: int
    partidas_before: int
    pneumatic: bool
    reason: str


# Records the change; None when it is in the record, else the words of the refusal.
Record = Callable[[BallSetChange], str | None]


def set_words(ball_set: BallSetState, hall: Hall) -> str:
    """One line on a set: id, homologation, partidas played of its limit."""
    return state.set_words(ball_set, hall, t)


class BallSetDialog(QDialog):
    """The new set's identifier, homologation, guaranteed partidas, partidas already played,
    pneumatic machine or not, and the reason of the change; the set installed now above.
    """

    def __init__(
        self, hall: Hall, record: Record, parent: QWidget | None = None, *, reason: str = ""
    ) -> None:
        super().__init__(parent)
        self.hall = hall
        self._record = record
        self.recorded: BallSetChange | None = None
        self.setObjectName("ball_set_dialog")
        set_pixel_font(self, 16)
        self.setWindowTitle(t("Cambiar el juego de bolas"))
        self.setModal(True)
        current = hall.ball_set
        rules = hall.rules

        title = wrapped_label(t("Cambiar el juego de bolas"), "ball_set_title", 24, True)
        self.current = wrapped_label(name="ball_set_current", pixels=18, bold=True)
        self.current.setStyleSheet("background: #e8f0ff; color: #0d1b3a; padding: 8px;")
        if current is None:
            self.current.setText(t("No hay ningún juego de bolas instalado."))
        else:
            self.current.setText(t("Instalado ahora: {set}").format(set=set_words(current, hall)))
        instruction = wrapped_label(
            t(
                "El cambio consta en el acta. Escriba los datos del juego nuevo como figuran en "
                "la copia de su resolución de homologación."
            ),
            pixels=16,
        )
        self.error = error_label("ball_set_error")

        self.set_id = QLineEdit()
        self.set_id.setObjectName("ball_set_id")
        self.set_id.setPlaceholderText(t("p. ej. el del juego de reserva"))
        # the sets already used in this hall (the reserve one comes back), as a completion
        earlier = [i for i in hall.ball_sets_seen if current is None or i != current.id]
        if earlier:
            completer = QCompleter(earlier, self.set_id)
            completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            self.set_id.setCompleter(completer)
        self.homologation = QLineEdit()
        self.homologation.setObjectName("ball_set_homologation")
        self.guaranteed = QSpinBox()
        self.guaranteed.setObjectName("ball_set_guaranteed")
        self.guaranteed.setRange(1, 999_999)
        self.guaranteed.setValue(current.guaranteed_partidas if current else DEFAULT_GUARANTEED)
        self.before = QSpinBox()
        self.before.setObjectName("ball_set_partidas_before")
        self.before.setRange(0, 999_999)
        maximum = rules.ball_set_max_partidas if rules is not None else DEFAULT_GUARANTEED
        self.pneumatic = QCheckBox(
            t("Aparato neumático: se cambia a las {max} partidas como máximo").format(max=maximum)
        )
        self.pneumatic.setObjectName("ball_set_pneumatic")
        self.pneumatic.setChecked(current.pneumatic if current else True)
        self.limit = wrapped_label(name="ball_set_limit", pixels=16)
        self.reason = QComboBox()
        self.reason.setObjectName("ball_set_reason")
        self.reason.setEditable(True)
        self.reason.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        for text in REASONS:
            self.reason.addItem(t(text), text)
        self.reason.setCurrentIndex(self.reason.findData(reason))  # -1: nothing chosen yet
        line = self.reason.lineEdit()
        assert line is not None  # an editable combo box has one
        line.setPlaceholderText(t("elija o escriba el motivo (consta en el acta)"))

        # a set used here before: the record's data, to be taken with one click
        self.known = QWidget()
        known = QHBoxLayout(self.known)
        known.setContentsMargins(0, 0, 0, 0)
        self.known_text = wrapped_label(name="ball_set_known", pixels=15)
        self.known_text.setStyleSheet("background: #fff3c4; color: #3a2c00; padding: 6px;")
        self.use_known = QPushButton(t("Usar esos datos"))
        self.use_known.setObjectName("ball_set_use_known")
        self.use_known.clicked.connect(self._take_known)
        known.addWidget(self.known_text, 1)
        known.addWidget(self.use_known)
        self.known.hide()

        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
        form.addRow(t("Identificador del juego:"), self.set_id)
        form.addRow("", self.known)
        form.addRow(t("Número de homologación:"), self.homologation)
        form.addRow(t("Partidas garantizadas por el fabricante:"), self.guaranteed)
        form.addRow(t("Partidas ya jugadas (0 si el juego es nuevo):"), self.before)
        form.addRow("", self.pneumatic)
        form.addRow("", self.limit)
        form.addRow(t("Motivo del cambio:"), self.reason)

        buttons = QDialogButtonBox()
        self.confirm = QPushButton(t("Registrar el cambio"))
        self.confirm.setObjectName("ball_set_confirm")
        set_pixel_font(self.confirm, 18, bold=True)
        cancel = QPushButton(t("Cancelar"))
        cancel.setObjectName("ball_set_cancel")
        buttons.addButton(self.confirm, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(cancel, QDialogButtonBox.ButtonRole.RejectRole)
        # not AcceptRole: the dialog closes only once the change is in the record
        self.confirm.clicked.connect(self.submit)
        buttons.rejected.connect(self.reject)

        self.set_id.textChanged.connect(self._update)
        self.guaranteed.valueChanged.connect(self._update)
        self.before.valueChanged.connect(self._update)
        self.pneumatic.toggled.connect(self._update)

        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(self.current)
        layout.addWidget(instruction)
        layout.addWidget(self.error)
        layout.addLayout(form)
        layout.addStretch(1)
        layout.addWidget(buttons)
        self.resize(880, self.sizeHint().height())  # it grows when a message appears
        self.confirm.setDefault(True)  # Enter records; set once the button is in the dialog
        self._update()
        self.set_id.setFocus()

    # ---------------------------------------------------------------------- the form

    def _earlier(self) -> BallSetState | None:
        """The set typed, when it played in this hall before and is not the one installed."""
        typed = self.set_id.text().strip()
        earlier = self.hall.ball_sets_seen.get(typed)
        current = self.hall.ball_set
        if earlier is None or (current is not None and current.id == typed):
            return None
        return earlier

    def _fit_height(self) -> None:
        """Grow to show a message that appeared: a wrapped text needs the height for its width,
        which a window does not take by itself.
        """
        layout = self.layout()
        assert layout is not None
        layout.activate()
        need = layout.totalHeightForWidth(self.width())
        if need > self.height():
            self.resize(self.width(), need)

    def _update(self) -> None:
        earlier = self._earlier()
        if earlier is not None:
            self.known_text.setText(
                plural(
                    earlier.partidas_played,
                    t(
                        "Este juego ya se usó en esta sala: homologación {hom}, {played} partida "
                        "jugada según el registro (declare al menos esa)."
                    ),
                    t(
                        "Este juego ya se usó en esta sala: homologación {hom}, {played} partidas "
                        "jugadas según el registro (declare al menos esas)."
                    ),
                ).format(hom=earlier.homologation, played=earlier.partidas_played)
            )
        if self.known.isHidden() == (earlier is not None):
            self.known.setVisible(earlier is not None)
            self._fit_height()
        rules = self.hall.rules
        candidate = BallSetState(
            "", "", self.guaranteed.value(), self.pneumatic.isChecked(), self.before.value()
        )
        limit = candidate.limit(rules) if rules is not None else candidate.guaranteed_partidas
        left = limit - self.before.value()
        if left > 0:
            self.limit.setText(
                t("Límite de este juego: {limit} partidas; le quedan {left}.").format(
                    limit=limit, left=left
                )
            )
            self.limit.setStyleSheet("color: #1b5e20;")
        else:
            self.limit.setText(
                t("Este juego ya ha jugado su límite de {limit} partidas.").format(limit=limit)
            )
            self.limit.setStyleSheet("color: #b00020; font-weight: bold;")

    def _take_known(self) -> None:
        earlier = self._earlier()
        if earlier is None:
            return
        self.homologation.setText(earlier.homologation)
        self.guaranteed.setValue(earlier.guaranteed_partidas)
        self.before.setValue(earlier.partidas_played)
        self.pneumatic.setChecked(earlier.pneumatic)
        self.reason.setFocus()

    def reason_text(self) -> str:
        """The reason as it goes into the record: an offered one in Spanish, else as typed."""
        text = self.reason.currentText().strip()
        for i in range(self.reason.count()):
            if self.reason.itemText(i) == text:
                return str(self.reason.itemData(i))
        return text

    def change(self) -> BallSetChange:
        return BallSetChange(
            ball_set_id=self.set_id.text().strip(),
            homologation=self.homologation.text().strip(),
            guaranteed_partidas=self.guaranteed.value(),
            partidas_before=self.before.value(),
            pneumatic=self.pneumatic.isChecked(),
            reason=self.reason_text(),
        )

    def show_error(self, message: str) -> None:
        self.error.setText(message)
        self.error.show()
        self._fit_height()

    def submit(self) -> None:
        change = self.change()
        # What the acta must read: the form asks for it before the engine is asked at all.
        missing = [
            (widget, words)
            for widget, words, value in (
                (self.set_id, t("el identificador del juego"), change.ball_set_id),
                (self.homologation, t("el número de homologación"), change.homologation),
                (self.reason, t("el motivo del cambio"), change.reason),
            )
            if not value
        ]
        if missing:
            self.show_error(
                t("Falta {what}. No se ha registrado nada.").format(
                    what=", ".join(words for _w, words in missing)
                )
            )
            missing[0][0].setFocus()
            return
        refusal = self._record(change)
        if refusal is not None:
            self.show_error(t("{refusal}. No se ha registrado nada.").format(refusal=refusal))
            return
        self.recorded = change
        self.accept()
