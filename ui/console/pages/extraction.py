"""Page 3 · Extracción y cantos: the draw, the ball in the tube, the device's incident, the
claimed cartón and the closing question.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QIntValidator, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from ui.console.carton import CartonGrid
from ui.console.pages import button
from ui.console.state import ConsoleView
from ui.console.texts import t
from ui.widgets import set_pixel_font, wrapped_label


def _ball_entry(name: str) -> QLineEdit:
    entry = QLineEdit()
    entry.setObjectName(name)
    entry.setValidator(QIntValidator(1, 90, entry))
    entry.setMaximumWidth(240)
    set_pixel_font(entry, 28, bold=True)
    return entry


class ExtractionPage(QWidget):
    drawDevice = Signal()
    drawTyped = Signal()
    drawRandom = Signal()
    seenConfirm = Signal()  # the number the table sees on the ball, typed in ``seen_input``
    seenSkip = Signal()
    holdConfirm = Signal()  # the ball in the tube, typed in ``hold_input``
    holdNoBall = Signal()
    deviceIncident = Signal()
    claimCheck = Signal()
    askedMore = Signal()
    closePartida = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("extraction_page")
        layout = QVBoxLayout(self)

        # the money at stake is in the window's strip, on every page (``strip.py``)
        draw = QGroupBox(t("Extracción"))
        self.draw_group = draw
        grid = QGridLayout(draw)
        self.draw_device_button = button(t("Extraer bola (F6)"), "draw_device", 22)
        self.draw_device_button.clicked.connect(self.drawDevice)
        self.ball_input = QLineEdit()
        self.ball_input.setObjectName("ball_input")
        self.ball_input.setValidator(QIntValidator(1, 90, self.ball_input))
        self.ball_input.setPlaceholderText(t("nº de bola"))
        self.ball_input.setMaximumWidth(240)
        set_pixel_font(self.ball_input, 28, bold=True)
        self.ball_input.returnPressed.connect(self.drawTyped)
        self.draw_typed_button = button(t("Registrar la bola (Intro)"), "draw_typed", 18)
        self.draw_typed_button.clicked.connect(self.drawTyped)
        self.draw_random_button = button(
            t("Sorteo manual aleatorio"), "draw_random", 16, keys="Alt+A"
        )
        self.draw_random_button.clicked.connect(self.drawRandom)
        self.draw_mode = wrapped_label(name="draw_mode", pixels=15)
        # Off by default, so normal play is not slowed: when ticked, each reading waits for
        # the number the table reads on the ball, typed blind (R-GAME-3).
        self.table_check = QCheckBox(t("Cotejar cada bola con la mesa"))
        self.table_check.setObjectName("table_check")
        self.table_check.setToolTip(
            t(
                "Antes de registrar cada bola, la mesa escribe el número que ve en ella; "
                "si no coincide con el lector, la partida se detiene"
            )
        )
        grid.addWidget(self.draw_device_button, 0, 0, 1, 3)
        grid.addWidget(self.ball_input, 1, 0)
        grid.addWidget(self.draw_typed_button, 1, 1)
        grid.addWidget(self.draw_random_button, 1, 2)
        grid.addWidget(self.draw_mode, 2, 0, 1, 2)
        grid.addWidget(self.table_check, 2, 2)
        layout.addWidget(draw)

        # what the table sees on the ball in the tube, asked while the draw waits
        self.seen_box = QFrame()
        self.seen_box.setObjectName("seen_box")
        self.seen_box.setStyleSheet(
            "QFrame#seen_box { background: #e3f2fd; border: 3px solid #1565c0; }"
        )
        seen = QGridLayout(self.seen_box)
        self.seen_input = _ball_entry("seen_input")
        self.seen_input.returnPressed.connect(self.seenConfirm)
        self.seen_confirm = button(t("La mesa ve esta (Intro)"), "seen_confirm")
        self.seen_confirm.clicked.connect(self.seenConfirm)
        self.seen_skip = button(t("No se ve bien"), "seen_skip", 16, keys="Alt+X")
        self.seen_skip.clicked.connect(self.seenSkip)
        seen.addWidget(
            wrapped_label(t("¿Qué número ve la mesa en la bola del tubo?"), pixels=19, bold=True),
            0,
            0,
            1,
            3,
        )
        seen.addWidget(self.seen_input, 1, 0)
        seen.addWidget(self.seen_confirm, 1, 1)
        seen.addWidget(self.seen_skip, 1, 2)
        self.seen_box.hide()
        layout.addWidget(self.seen_box)

        # a ball the devices could not vouch for: the operator reads it (R-GAME-3)
        self.hold_box = QFrame()
        self.hold_box.setObjectName("hold_box")
        self.hold_box.setStyleSheet(
            "QFrame#hold_box { background: #ffe0b2; border: 3px solid #e65100; }"
        )
        hold = QGridLayout(self.hold_box)
        self.hold_message = wrapped_label(name="hold_message", pixels=19, bold=True)
        self.hold_input = _ball_entry("hold_input")
        self.hold_input.returnPressed.connect(self.holdConfirm)
        self.hold_confirm = button(t("Es esta bola (Intro)"), "hold_confirm")
        self.hold_confirm.clicked.connect(self.holdConfirm)
        # after a device lost, when nobody knows whether a ball left the drum
        self.hold_no_ball = button(t("No salió ninguna bola"), "hold_no_ball", 16, keys="Ctrl+0")
        self.hold_no_ball.clicked.connect(self.holdNoBall)
        hold.addWidget(self.hold_message, 0, 0, 1, 4)
        tube_label = wrapped_label(t("Número de la bola del tubo:"), pixels=18)
        tube_label.setWordWrap(False)
        hold.addWidget(tube_label, 1, 0)
        hold.addWidget(self.hold_input, 1, 1)
        hold.addWidget(self.hold_confirm, 1, 2)
        hold.addWidget(self.hold_no_ball, 1, 3)
        hold.setColumnStretch(3, 1)
        self.hold_box.hide()
        layout.addWidget(self.hold_box)

        # a device lost or a ball set irregular: the incident to follow
        self.device_box = QFrame()
        self.device_box.setObjectName("device_box")
        self.device_box.setStyleSheet(
            "QFrame#device_box { background: #ffcdd2; border: 3px solid #b00020; }"
        )
        dev = QHBoxLayout(self.device_box)
        self.device_message = wrapped_label(name="device_message", pixels=18, bold=True)
        self.device_action = button("", "device_action", 16, keys="Ctrl+I")
        self.device_action.clicked.connect(self.deviceIncident)
        dev.addWidget(self.device_message, 1)
        dev.addWidget(self.device_action)
        self.device_box.hide()
        layout.addWidget(self.device_box)

        claim = QGroupBox(t("Comprobar un cartón cantado (F7)"))
        cgrid = QGridLayout(claim)
        self.claim_series = QComboBox()
        self.claim_series.setObjectName("claim_series")
        self.claim_number = QLineEdit()
        self.claim_number.setObjectName("claim_number")
        self.claim_number.setValidator(QIntValidator(1, 999_999, self.claim_number))
        self.claim_number.setPlaceholderText(t("nº de cartón"))
        set_pixel_font(self.claim_number, 22, bold=True)
        self.claim_number.returnPressed.connect(self.claimCheck)
        self.claim_line = QRadioButton(t("Línea (Alt+L)"))
        self.claim_line.setObjectName("claim_line")
        self.claim_bingo = QRadioButton(t("Bingo (Alt+B)"))
        self.claim_bingo.setObjectName("claim_bingo")
        self.claim_line.setChecked(True)
        prizes = QButtonGroup(claim)
        prizes.addButton(self.claim_line)
        prizes.addButton(self.claim_bingo)
        # The prize is chosen while the cartón's number is typed: the keys tick it and leave
        # the cursor in the number, so Enter checks what was typed (a radio button's own
        # mnemonic would take the cursor away).
        for radio, keys in ((self.claim_line, "Alt+L"), (self.claim_bingo, "Alt+B")):
            radio.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.activated.connect(lambda radio=radio: self._choose_prize(radio))
        self._claims_key: tuple[int, int] | None = None
        self._prize_key: tuple[int, str] | None = None
        self.claim_button = button(t("Comprobar (Intro)"), "claim_check")
        self.claim_button.clicked.connect(self.claimCheck)
        cgrid.addWidget(wrapped_label(t("Serie:")), 0, 0)
        cgrid.addWidget(self.claim_series, 0, 1)
        cgrid.addWidget(wrapped_label(t("Cartón:")), 0, 2)
        cgrid.addWidget(self.claim_number, 0, 3)
        cgrid.addWidget(self.claim_line, 1, 1)
        cgrid.addWidget(self.claim_bingo, 1, 2)
        cgrid.addWidget(self.claim_button, 1, 3)
        self.verdict = wrapped_label(name="verdict", pixels=34, bold=True)
        self.verdict.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.verdict_reason = wrapped_label(name="verdict_reason", pixels=18)
        self.verdict_reason.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.verdict.hide()  # shown with its verdict only
        self.carton = CartonGrid()
        self.carton.setObjectName("carton")
        cgrid.addWidget(self.verdict, 2, 0, 1, 4)
        cgrid.addWidget(self.verdict_reason, 3, 0, 1, 4)
        cgrid.addWidget(self.carton, 4, 0, 1, 4)
        layout.addWidget(claim, 1)

        self.more_box = QFrame()
        self.more_box.setObjectName("more_box")
        self.more_box.setStyleSheet("QFrame#more_box { background: #c8e6c9; }")
        more = QHBoxLayout(self.more_box)
        self.more_question = wrapped_label(name="more_question", pixels=24, bold=True)
        question = self.more_question
        self.asked_more_button = button(
            t("Preguntado: nadie más canta"), "asked_more", 16, keys="Alt+N"
        )
        self.asked_more_button.clicked.connect(self.askedMore)
        self.close_partida_button = button(t("Cerrar la partida (F8)"), "close_partida")
        self.close_partida_button.clicked.connect(self.closePartida)
        more.addWidget(question, 1)
        more.addWidget(self.asked_more_button)
        more.addWidget(self.close_partida_button)
        self.more_box.hide()
        layout.insertWidget(0, self.more_box)

    def _choose_prize(self, radio: QRadioButton) -> None:
        radio.setChecked(True)
        self.claim_number.setFocus()

    def clear_verdict(self) -> None:
        # hidden with its colour: cleared only, an empty red or green bar stayed on
        self.verdict.clear()
        self.verdict.setStyleSheet("")
        self.verdict.hide()
        self.verdict_reason.clear()
        self.carton.clear()

    def show_verdict(self, text: str, valid: bool, reason: str) -> None:
        self.verdict.setText(text)
        self.verdict.show()
        colour = "#1b5e20" if valid else "#b00020"
        self.verdict.setStyleSheet(f"background: {colour}; color: #ffffff; padding: 6px;")
        self.verdict_reason.setText(reason)

    def claimed(self) -> tuple[str, str, str]:
        """The serie, the cartón's number as typed, and the prize claimed."""
        series = str(self.claim_series.currentData() or "")
        prize = "bingo" if self.claim_bingo.isChecked() else "line"
        return series, self.claim_number.text().strip(), prize

    def show_view(self, view: ConsoleView, *, table_asked: bool) -> None:
        allowed = view.allowed
        with_devices = view.devices and not view.manual
        self.draw_device_button.setVisible(view.devices)
        self.draw_device_button.setEnabled(view.draw_enabled)
        self.draw_device_button.setText(
            t("Extrayendo…") if view.drawing else t("Extraer bola (F6)")
        )
        self.ball_input.setEnabled(view.typed)
        self.draw_typed_button.setEnabled(view.typed)
        self.ball_input.setVisible(not with_devices)
        self.draw_typed_button.setVisible(not with_devices)
        self.draw_random_button.setVisible(view.manual)
        self.draw_random_button.setEnabled(view.manual and "draw_ball" in allowed)
        self.draw_mode.setText(view.draw_mode)
        self.hold_box.setVisible(view.hold)
        self.hold_no_ball.setVisible(view.hold_no_ball)
        self.table_check.setVisible(view.devices)
        self.table_check.setEnabled(with_devices)
        self.seen_box.setVisible(table_asked)
        self.claim_button.setEnabled("claim" in allowed)
        self.claim_number.setEnabled("claim" in allowed)
        codes = list(view.claim_series)
        existing = [str(self.claim_series.itemData(i)) for i in range(self.claim_series.count())]
        if existing != codes:
            current = str(self.claim_series.currentData() or "")
            self.claim_series.clear()
            for code in codes:
                self.claim_series.addItem(code, code)
            self.claim_series.setCurrentIndex(max(0, self.claim_series.findData(current)))
        self.claim_series.setEnabled(bool(codes))
        # a verdict is about the balls drawn when it was given: the next ball clears it
        if view.claims_key != self._claims_key:
            self._claims_key = view.claims_key
            self.clear_verdict()
        # the prize still to be won, once per partida and prize: a choice made by hand stays
        prize_key = (view.claims_key[0], view.claim_prize)
        if prize_key != self._prize_key:
            self._prize_key = prize_key
            (self.claim_bingo if view.claim_prize == "bingo" else self.claim_line).setChecked(True)
        self.more_question.setText(
            t("«¿Alguna línea más?» antes de la bola siguiente")
            if view.line_more
            else t("«¿Alguna línea más? ¿Algún bingo más?»")
        )
        self.more_box.setVisible(view.bingo_called or view.line_more)
        # the question stands where the draw was: no ball until it is answered
        self.draw_group.setVisible(not (view.bingo_called or view.line_more))
        self.asked_more_button.setEnabled(
            (view.bingo_called and not view.asked_more) or view.line_more
        )
        self.close_partida_button.setVisible(view.bingo_called)
        self.close_partida_button.setEnabled("close_partida" in allowed and view.asked_more)
