"""Page 1 · Sesión: the opening, the ball set and its count, the prima, the acta."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from bingo.money import euros
from ui.console.pages import button, key
from ui.console.state import ConsoleView
from ui.console.texts import t
from ui.widgets import wrapped_label

NOTE = "background: #e3f2fd; color: #0d1b3a; padding: 6px;"
WARNING = "background: #ffe0b2; color: #4e2600; padding: 6px; border: 2px solid #e65100;"


class SessionPage(QWidget):
    openSession = Signal()
    closeSession = Signal()
    countChange = Signal()  # the count of a set changed while the session is open
    announceLast = Signal()
    choosePrima = Signal(int)
    scanBalls = Signal()
    changeBallSet = Signal()
    saveActa = Signal()
    printActa = Signal()

    def __init__(
        self,
        *,
        devices: bool,
        today: str,
        jefe_de_mesa: str,
        jefe_de_sala: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("session_page")
        self.devices = devices
        layout = QVBoxLayout(self)
        self.session_info = wrapped_label(name="session_info", pixels=18, bold=True)
        layout.addWidget(self.session_info)

        opening = QGroupBox(t("Apertura de la sesión"))
        self.opening = opening
        form = QGridLayout(opening)
        self.session_date = QLineEdit(today)
        self.session_date.setObjectName("session_date")
        self.session_id = QLineEdit()
        self.session_id.setObjectName("session_id")
        self.jefe_de_mesa = QLineEdit(jefe_de_mesa)
        self.jefe_de_mesa.setObjectName("jefe_de_mesa")
        self.jefe_de_sala = QLineEdit(jefe_de_sala)
        self.jefe_de_sala.setObjectName("jefe_de_sala")
        # two fields a row, so the page fits a laptop's screen with the banner showing
        for i, (text, edit) in enumerate(
            (
                (t("Fecha (AAAA-MM-DD):"), self.session_date),
                (t("Sesión:"), self.session_id),
                (t("Jefe de mesa-cajero:"), self.jefe_de_mesa),
                (t("Jefe de sala:"), self.jefe_de_sala),
            )
        ):
            label = QLabel(text)
            label.setBuddy(edit)
            form.addWidget(label, i // 2, 2 * (i % 2))
            form.addWidget(edit, i // 2, 2 * (i % 2) + 1)
        form.setColumnStretch(1, 1)
        form.setColumnStretch(3, 1)
        layout.addWidget(opening)

        count = QGroupBox(t("Juego de bolas y recuento ante el jefe de sala"))
        grid = QGridLayout(count)
        # the set in the machine, and its change, beside the count it must pass
        self.ball_set_info = wrapped_label(name="ball_set_info", pixels=16, bold=True)
        self.change_ball_set_button = button(t("Cambiar el juego… (Ctrl+B)"), "change_ball_set", 16)
        self.change_ball_set_button.setToolTip(t("Cambiar el juego de bolas"))
        self.change_ball_set_button.clicked.connect(self.changeBallSet)
        # after a change of set: what to do next with the new one (count it, read it)
        self.count_note = wrapped_label(name="count_note", pixels=17, bold=True)
        self.count_note.setStyleSheet(NOTE)
        self.count_note.hide()
        # the hand count gives the numbers; their condition is asked with them (BallCheckDialog)
        self.balls_counted = QCheckBox(t("Están las 90 bolas, una de cada número (Alt+9)"))
        self.balls_counted.setObjectName("balls_counted")
        key(self.balls_counted, "Alt+9")
        self.balls_missing = QLineEdit()
        self.balls_missing.setObjectName("balls_missing")
        self.balls_missing.setPlaceholderText(t("números que faltan, si falta alguno"))
        self.scan_balls = button(
            t("Leer el juego de bolas con el lector"), "scan_balls", 16, keys="Ctrl+L"
        )
        self.scan_result = wrapped_label(name="scan_result")
        self.scan_balls.clicked.connect(self.scanBalls)
        counting = QHBoxLayout()
        if devices:
            counting.addWidget(self.scan_balls, 1)
            grid.addWidget(self.scan_result, 2, 0, 1, 2)
            self.balls_counted.hide()
            self.balls_missing.hide()
        else:
            self.scan_balls.hide()
            self.scan_result.hide()
            counting.addWidget(self.balls_counted, 1)
            grid.addWidget(wrapped_label(t("Faltan:")), 2, 0)
            grid.addWidget(self.balls_missing, 2, 1)
        counting.addWidget(self.change_ball_set_button)
        grid.addWidget(self.ball_set_info, 0, 0, 1, 2)
        grid.addLayout(counting, 1, 0, 1, 2)
        grid.addWidget(self.count_note, 3, 0, 1, 2)
        layout.addWidget(count)

        buttons = QHBoxLayout()
        self.open_session_button = button(t("Abrir la sesión (F2)"), "open_session")
        self.open_session_button.clicked.connect(self.openSession)
        self.close_session_button = button(t("Cerrar la sesión (F10)"), "close_session")
        self.close_session_button.clicked.connect(self.closeSession)
        # a set changed while the session is open: its count, before the next partida (R-BALL-2)
        self.count_change_button = button(
            t("Registrar el recuento del juego nuevo"), "count_change", keys="Ctrl+K"
        )
        self.count_change_button.clicked.connect(self.countChange)
        self.count_change_button.hide()
        self.announce_last_button = button(
            t("Anunciar la última partida… (Ctrl+U)"), "announce_last", 16
        )
        self.announce_last_button.clicked.connect(self.announceLast)
        buttons.addWidget(self.open_session_button)
        buttons.addWidget(self.count_change_button)
        buttons.addWidget(self.close_session_button)
        buttons.addWidget(self.announce_last_button)
        layout.addLayout(buttons)

        prima = QGroupBox(t("Prima de bingo (la elige el jefe de sala)"))
        row = QHBoxLayout(prima)
        self.prima_amount = QComboBox()
        self.prima_amount.setObjectName("prima_amount")
        self.choose_prima_button = button(t("Fijar el importe"), "choose_prima", 16, keys="Ctrl+M")
        self.choose_prima_button.clicked.connect(self._choose_prima)
        self.prima_info = wrapped_label(name="prima_info")
        row.addWidget(self.prima_amount)
        row.addWidget(self.choose_prima_button)
        row.addWidget(self.prima_info, 1)
        layout.addWidget(prima)

        acta = QGroupBox(t("Acta de la sesión"))
        row = QHBoxLayout(acta)
        self.seal_acta = QCheckBox(t("Sellar con la clave de la sala"))
        self.seal_acta.setObjectName("seal_acta")
        self.acta_button = button(t("Guardar el acta… (Ctrl+P)"), "save_acta", 16)
        self.acta_button.clicked.connect(self.saveActa)
        # the menu's Ctrl+Shift+P presses it: sent to the printer chosen in the options
        self.print_acta_button = button(t("Imprimir el acta (Ctrl+Shift+P)"), "print_acta", 16)
        self.print_acta_button.clicked.connect(self.printActa)
        row.addWidget(self.seal_acta, 1)
        row.addWidget(self.acta_button)
        row.addWidget(self.print_acta_button)
        layout.addWidget(acta)
        layout.addStretch(1)

    def _choose_prima(self) -> None:
        cents = self.prima_amount.currentData()
        if cents is not None:
            self.choosePrima.emit(int(cents))

    def missing_text(self) -> str:
        return self.balls_missing.text()

    def forget_count(self) -> None:
        """The hand count typed is spent (recorded, or of a set no longer in the machine)."""
        self.balls_counted.setChecked(False)
        self.balls_missing.clear()

    def focus_count(self) -> None:
        """The cursor where the count of the set is given: the reader's button, or the tick."""
        (self.scan_balls if self.devices else self.balls_counted).setFocus()

    def show_count_note(self, text: str, *, warning: bool = False) -> None:
        """The note under the count: what comes next with the balls."""
        self.count_note.setText(text)
        self.count_note.setStyleSheet(WARNING if warning else NOTE)
        self.count_note.show()

    def show_view(self, view: ConsoleView, *, busy: bool) -> None:
        allowed = view.allowed
        self.open_session_button.setEnabled("open_session" in allowed)
        self.opening.setEnabled(not view.session_open)
        self.close_session_button.setEnabled("close_session" in allowed)
        self.announce_last_button.setEnabled("announce_last_partida" in allowed)
        self.scan_balls.setEnabled(view.scan_enabled)
        self.count_change_button.setVisible(view.uncounted)
        self.count_change_button.setEnabled(view.uncounted and not busy)
        self.ball_set_info.setText(view.ball_set_info)
        self.ball_set_info.setStyleSheet("color: #b00020;" if view.ball_set_spent else "")
        self.change_ball_set_button.setEnabled(view.changeable)
        self.session_info.setText(view.session_info)
        if view.prima_amounts and self.prima_amount.count() == 0:
            for cents in view.prima_amounts:
                self.prima_amount.addItem(euros(cents), cents)
        index = self.prima_amount.findData(view.prima_cents)
        if index >= 0 and not self.prima_amount.hasFocus():
            self.prima_amount.setCurrentIndex(index)
        self.choose_prima_button.setEnabled("choose_prima_amount" in allowed)
        self.prima_amount.setEnabled("choose_prima_amount" in allowed)
        self.prima_info.setText(view.prima_info)
        self.acta_button.setEnabled(view.acta)
