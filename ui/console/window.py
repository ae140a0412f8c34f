"""The console of the jefe de mesa-cajero: the whole night at the control table.

The window is given the hall's service (and the ball source when devices are connected) and
drives it; it never opens a database, a port or an emulator. Every command goes through
``_attempt``: a ``DomainError`` is shown in the red banner and in the event log, the typed
values stay where they were, and the window goes on. The buttons follow
``bingo.readmodel.allowed_actions``; the engine still checks every rule.

Blocking device calls (a draw waits for the ball, a set scan for 90 readings) run on the
bridge's worker thread; their outcome comes back as a signal. So do the papers printed at the
table (the session's acta, prize receipts, winners' proofs): the record is read on the GUI
thread, the PDF is laid out, sealed and written on the worker (``ui/console/documents.py``).
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QStandardPaths, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QCursor, QIntValidator, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from bingo import events as ev
from bingo.devices import hold_note, tube_note
from bingo.hall import (
    STATUS_TEXT,
    Award,
    DomainError,
    DuplicateBall,
    Hall,
    PartidaState,
    SessionState,
    Status,
)
from bingo.money import euros
from bingo.readmodel import allowed_actions, panel_state
from bingo.service import HallService
from drivers.ballsource import BallHeld, BallRead, BallSetIrregular, DeviceLost
from ui.bridge import Bridge, Question
from ui.console import documents
from ui.console.ball_check import BallCheckDialog, BallCondition, BallCount, problem_words
from ui.console.ball_set import BallSetChange, BallSetDialog, set_words
from ui.console.banner import ErrorBanner
from ui.console.carton import CartonGrid
from ui.console.dialogs import ConfirmDialog, IncidentDialog, SerieDialog
from ui.console.manual_book import ManualBookDialog
from ui.console.texts import describe, prize_name, t
from ui.panels.board import BoardPalette, BoardWidget
from ui.panels.hall_panel import BallWidget
from ui.widgets import VerticalScroll, set_pixel_font, wrapped_label

log = logging.getLogger(__name__)

PAGES = ("session", "sale", "extraction", "prizes")
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


class BallSource(Protocol):
    """What the console needs of ``drivers.ballsource.DeviceBallSource``."""

    def draw(
        self,
        draw_number: int,
        drawn: frozenset[int],
        operator_sees: Callable[[int], int | None] | None = None,
    ) -> BallRead | BallHeld: ...

    def resolve_hold(self, held: BallHeld, operator_number: int) -> BallRead: ...

    def resolve_lost(self, lost: DeviceLost, operator_number: int) -> BallRead: ...

    def scan_set(self) -> list[int]: ...

    def return_all(self) -> None: ...


def _today() -> str:
    return dt.date.today().isoformat()


@dataclass(frozen=True)
class ConsoleDefaults:
    """What the hall's settings suggest in the console's forms."""

    jefe_de_mesa: str = ""
    jefe_de_sala: str = ""
    prima_amounts_cents: tuple[int, ...] = ()
    serie_prefix: str = "A"
    face_value_cents: int = 100
    today: Callable[[], str] = field(default=_today)
    # where the hall's seal key lives (None: the user's data folder, as `bingo-hall acta`)
    keys_dir: Path | None = None
    # the folder the save dialogs of the acta and the receipts open first (None: Documents)
    documents_dir: Path | None = None


# The incidents menu: action key -> (regulation paragraph, button text, allowed action)
INCIDENTS: dict[str, tuple[str, str, str]] = {
    "suspend": ("failure_before_first_ball", "Suspender la partida", "suspend"),
    "resume": ("failure_before_first_ball", "Reanudar la partida", "resume"),
    "refund_suspended": (
        "failure_before_first_ball",
        "Devolver el importe de los cartones",
        "refund_suspended",
    ),
    "manual_extraction": (
        "failure_after_extraction_began",
        "Seguir por extracción manual",
        "start_manual_extraction",
    ),
    "ball_irregularity": ("ball_irregularity", "Anular la partida y devolver", "annul"),
    "caller_error": ("caller_error", "Anular la partida y devolver", "annul"),
    "correct_ball": ("ball_corrected", "Corregir la bola", "correct_ball"),
}

MENU_TEXTS = {
    "suspend": "Suspender (avería antes de la primera bola)…",
    "resume": "Reanudar la partida suspendida…",
    "refund_suspended": "Devolver los cartones de la partida suspendida…",
    "manual_extraction": "Extracción manual (avería con bolas extraídas)…",
    "ball_irregularity": "Irregularidad de bolas o mecanismo: anular…",
    "caller_error": "Error del locutor que no se puede subsanar: anular…",
    "correct_ball": "Corregir una bola mal anunciada…",
}


def _button(text: str, name: str, pixels: int = 18) -> QPushButton:
    button = QPushButton(text)
    button.setObjectName(name)
    button.setMinimumHeight(int(pixels * 2.4))
    set_pixel_font(button, pixels, bold=True)
    return button


Dialog = (
    IncidentDialog
    | ConfirmDialog
    | SerieDialog
    | ManualBookDialog
    | BallSetDialog
    | BallCheckDialog
)


def manual_mark(partida: PartidaState | None) -> str:
    """The words after a partida taken back from the manual book (R-ACTA-4), or nothing."""
    return t(" (libro manual)") if partida is not None and partida.transcribed else ""


class ConsoleWindow(QMainWindow):
    # A line for the event log once the engine's queued events have been shown.
    _logLater = Signal(str)
    _errorLater = Signal(str)  # the same for a refusal that follows what was just recorded

    def __init__(
        self,
        service: HallService,
        devices: BallSource | None = None,
        *,
        bridge: Bridge | None = None,
        defaults: ConsoleDefaults | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.service = service
        self.devices = devices
        self.defaults = defaults or ConsoleDefaults()
        self._own_bridge = bridge is None
        self.bridge = bridge or Bridge(self)
        if self._own_bridge:
            self.bridge.attach(service)
        self.setObjectName("ConsoleWindow")
        self.setWindowTitle(t("Mesa de control — {hall}").format(hall=service.hall.name or "bingo"))
        set_pixel_font(self, 16)

        self._phase = ""
        self._asked_more: int | None = None  # the partida for which "¿alguna línea más?" was asked
        self._held: BallHeld | None = None
        # a device lost with a ball that may be out of the drum: the jefe de mesa reads it first
        self._lost: DeviceLost | None = None
        self._table_question: Question | None = None  # a draw waits for what the table sees
        self._device_error: BaseException | None = None
        self._device_note = ""  # what the device problem was, for the incident's note
        self._drawing = False
        self._scanning = ""
        self._scanned: dict[str, list[int]] = {}
        # a new ball set the reader has not read yet: it knows each ball by the set's scan
        self._set_unread = False
        self._last_verdict: ev.ClaimChecked | None = None
        self.dialog: Dialog | None = None
        self._log_partida: tuple[str, int] | None = None
        # the paper being written on the worker: what it is, and the words once it is saved
        self._document: tuple[str, Callable[[Path], str]] | None = None
        self._documents_dir = self.defaults.documents_dir

        central = QWidget(self)
        self.setCentralWidget(central)
        outer = QVBoxLayout(central)
        outer.setContentsMargins(10, 8, 10, 8)
        outer.addLayout(self._build_header())
        body = QHBoxLayout()
        outer.addLayout(body, 1)
        self.pages = QTabWidget()
        self.pages.setObjectName("pages")
        set_pixel_font(self.pages.tabBar(), 17, bold=True)
        # Each page scrolls rather than make the window taller than a laptop's screen
        # (1366×768, with the red banner showing).
        for build, name, title in (
            (self._build_session_page, "session_page", t("1 · Sesión")),
            (self._build_sale_page, "sale_page", t("2 · Venta")),
            (self._build_extraction_page, "extraction_page", t("3 · Extracción y cantos")),
            (self._build_prizes_page, "prizes_page", t("4 · Premios")),
        ):
            page = build()
            page.setObjectName(name)
            self.pages.addTab(VerticalScroll(page), title)
        body.addWidget(self.pages, 62)
        body.addLayout(self._build_side(), 38)
        self._build_menus()
        self.status_words = wrapped_label(name="status_words", pixels=15, bold=True)
        self.status_words.setWordWrap(False)
        self.statusBar().addPermanentWidget(self.status_words)

        self.bridge.changed.connect(self.refresh)
        self.bridge.recorded.connect(self._on_recorded)
        self.bridge.jobDone.connect(self._on_job_done)
        self.bridge.jobFailed.connect(self._on_job_failed)
        self.bridge.deviceNotice.connect(self._on_device_notice)
        self.bridge.asked.connect(self._on_asked)
        self._logLater.connect(self._log_line, Qt.ConnectionType.QueuedConnection)
        self._errorLater.connect(self._log_error, Qt.ConnectionType.QueuedConnection)
        self._load_log()
        self.refresh()

    # ====================================================================== construction

    def _build_header(self) -> QVBoxLayout:
        self.header_state = wrapped_label(name="header_state", pixels=24, bold=True)
        self.door = wrapped_label(name="door", pixels=22, bold=True)
        self.door.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.door.setMinimumWidth(330)
        self.devices_state = wrapped_label(name="devices_state", pixels=15)
        top = QHBoxLayout()
        top.addWidget(self.header_state, 1)
        top.addWidget(self.devices_state)
        top.addWidget(self.door)
        self.error = ErrorBanner()
        self.error.hide()
        self.error.setCursor(Qt.CursorShape.PointingHandCursor)
        self.error.setToolTip(t("Pulse para ocultar (Esc)"))
        self.suspended_box = QFrame()
        self.suspended_box.setObjectName("suspended_box")
        self.suspended_box.setStyleSheet(
            "QFrame#suspended_box { background: #ff9800; border-radius: 6px; }"
        )
        row = QHBoxLayout(self.suspended_box)
        row.setContentsMargins(8, 4, 8, 4)
        row.addWidget(
            wrapped_label(
                t("PARTIDA SUSPENDIDA: reanude o devuelva los cartones"), pixels=20, bold=True
            ),
            1,
        )
        self.resume_button = _button(t("Reanudar…"), "resume", 16)
        self.refund_button = _button(t("Devolver cartones…"), "refund", 16)
        self.resume_button.clicked.connect(lambda: self.open_incident("resume"))
        self.refund_button.clicked.connect(lambda: self.open_incident("refund_suspended"))
        row.addWidget(self.resume_button)
        row.addWidget(self.refund_button)
        self.suspended_box.hide()
        box = QVBoxLayout()
        box.addLayout(top)
        box.addWidget(self.error)
        box.addWidget(self.suspended_box)
        return box

    def _build_session_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        self.session_info = wrapped_label(name="session_info", pixels=18, bold=True)
        layout.addWidget(self.session_info)

        opening = QGroupBox(t("Apertura de la sesión"))
        self.opening = opening
        form = QGridLayout(opening)
        self.session_date = QLineEdit(self.defaults.today())
        self.session_date.setObjectName("session_date")
        self.session_id = QLineEdit()
        self.session_id.setObjectName("session_id")
        self.jefe_de_mesa = QLineEdit(self.defaults.jefe_de_mesa)
        self.jefe_de_mesa.setObjectName("jefe_de_mesa")
        self.jefe_de_sala = QLineEdit(self.defaults.jefe_de_sala)
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

        count = QGroupBox(t("Juego de bolas y recuento ante el jefe de sala (R-BALL-1, R-BALL-2)"))
        grid = QGridLayout(count)
        # the set in the machine, and its change, beside the count it must pass
        self.ball_set_info = wrapped_label(name="ball_set_info", pixels=16, bold=True)
        self.change_ball_set_button = _button(
            t("Cambiar el juego… (Ctrl+B)"), "change_ball_set", 16
        )
        self.change_ball_set_button.setToolTip(t("Cambiar el juego de bolas (R-BALL-1)"))
        self.change_ball_set_button.clicked.connect(lambda: self.ask_ball_set_change())
        # after a change of set: what to do next with the new one (count it, read it)
        self.count_note = wrapped_label(name="count_note", pixels=17, bold=True)
        self.count_note.setStyleSheet("background: #e3f2fd; color: #0d1b3a; padding: 6px;")
        self.count_note.hide()
        # the hand count gives the numbers; their condition is asked with them (BallCheckDialog)
        self.balls_counted = QCheckBox(t("Están las 90 bolas, una de cada número"))
        self.balls_counted.setObjectName("balls_counted")
        self.balls_missing = QLineEdit()
        self.balls_missing.setObjectName("balls_missing")
        self.balls_missing.setPlaceholderText(t("números que faltan, si falta alguno"))
        self.scan_balls = _button(t("Leer el juego de bolas con el lector"), "scan_balls", 16)
        self.scan_result = wrapped_label(name="scan_result")
        self.scan_balls.clicked.connect(self.scan_ball_set)
        counting = QHBoxLayout()
        if self.devices is not None:
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
        self.open_session_button = _button(t("Abrir la sesión (F2)"), "open_session")
        self.open_session_button.clicked.connect(self.open_session)
        self.close_session_button = _button(t("Cerrar la sesión"), "close_session")
        self.close_session_button.clicked.connect(self.close_session)
        # a set changed while the session is open: its count, before the next partida (R-BALL-2)
        self.count_change_button = _button(
            t("Registrar el recuento del juego nuevo"), "count_change"
        )
        self.count_change_button.clicked.connect(self.count_new_set)
        self.count_change_button.hide()
        self.announce_last_button = _button(t("Anunciar la última partida…"), "announce_last", 16)
        self.announce_last_button.clicked.connect(self.ask_announce_last)
        buttons.addWidget(self.open_session_button)
        buttons.addWidget(self.count_change_button)
        buttons.addWidget(self.close_session_button)
        buttons.addWidget(self.announce_last_button)
        layout.addLayout(buttons)

        prima = QGroupBox(t("Prima de bingo (la elige el jefe de sala)"))
        row = QHBoxLayout(prima)
        self.prima_amount = QComboBox()
        self.prima_amount.setObjectName("prima_amount")
        self.choose_prima_button = _button(t("Fijar el importe"), "choose_prima", 16)
        self.choose_prima_button.clicked.connect(self.choose_prima)
        self.prima_info = wrapped_label(name="prima_info")
        row.addWidget(self.prima_amount)
        row.addWidget(self.choose_prima_button)
        row.addWidget(self.prima_info, 1)
        layout.addWidget(prima)

        acta = QGroupBox(t("Acta de la sesión (R-ACTA-1)"))
        row = QHBoxLayout(acta)
        self.seal_acta = QCheckBox(t("Sellar con la clave de la sala"))
        self.seal_acta.setObjectName("seal_acta")
        self.acta_button = _button(t("Guardar el acta… (Ctrl+P)"), "save_acta", 16)
        self.acta_button.clicked.connect(self.save_acta)
        row.addWidget(self.seal_acta, 1)
        row.addWidget(self.acta_button)
        layout.addWidget(acta)
        layout.addStretch(1)
        return page

    def _build_sale_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        top = QHBoxLayout()
        self.start_partida_button = _button(t("Iniciar la partida (F3)"), "start_partida")
        self.start_partida_button.clicked.connect(self.start_partida)
        top.addWidget(self.start_partida_button)
        self.new_serie_button = _button(t("Registrar serie…"), "new_serie", 16)
        self.new_serie_button.clicked.connect(self.ask_new_serie)
        top.addWidget(self.new_serie_button)
        layout.addLayout(top)
        self.partida_announce = wrapped_label(name="partida_announce", pixels=19, bold=True)
        self.partida_announce.setStyleSheet("background: #e8f0ff; padding: 6px;")
        layout.addWidget(self.partida_announce)

        sale = QGroupBox(t("Venta de cartones (correlativa)"))
        grid = QGridLayout(sale)
        self.sale_series = QComboBox()
        self.sale_series.setObjectName("sale_series")
        self.sale_series.currentIndexChanged.connect(self._update_sale_next)
        self.sale_next = wrapped_label(name="sale_next")
        self.sale_count = QSpinBox()
        self.sale_count.setObjectName("sale_count")
        self.sale_count.setRange(1, 100_000)
        self.sale_count.setValue(50)
        set_pixel_font(self.sale_count, 20, bold=True)
        self.sell_button = _button(t("Vender"), "sell")
        self.sell_button.clicked.connect(self.sell_count)
        self.sale_count.lineEdit().returnPressed.connect(self.sell_count)
        self.sale_first = QSpinBox()
        self.sale_first.setObjectName("sale_first")
        self.sale_first.setRange(1, 100_000)
        self.sale_last = QSpinBox()
        self.sale_last.setObjectName("sale_last")
        self.sale_last.setRange(1, 100_000)
        self.sell_range_button = _button(t("Vender el rango"), "sell_range", 16)
        self.sell_range_button.clicked.connect(self.sell_range)
        self.sale_last.lineEdit().returnPressed.connect(self.sell_range)
        grid.addWidget(wrapped_label(t("Serie:")), 0, 0)
        grid.addWidget(self.sale_series, 0, 1)
        grid.addWidget(self.sale_next, 0, 2, 1, 3)
        grid.addWidget(wrapped_label(t("Cartones:")), 1, 0)
        grid.addWidget(self.sale_count, 1, 1)
        grid.addWidget(self.sell_button, 1, 2, 1, 3)
        grid.addWidget(wrapped_label(t("Del cartón:")), 2, 0)
        grid.addWidget(self.sale_first, 2, 1)
        grid.addWidget(wrapped_label(t("al:")), 2, 2)
        grid.addWidget(self.sale_last, 2, 3)
        grid.addWidget(self.sell_range_button, 2, 4)
        layout.addWidget(sale)

        self.sales_list = QListWidget()
        self.sales_list.setObjectName("sales_list")
        self.sales_list.setMaximumHeight(130)
        layout.addWidget(self.sales_list)
        self.sale_totals = wrapped_label(name="sale_totals", pixels=22, bold=True)
        layout.addWidget(self.sale_totals)

        buttons = QHBoxLayout()
        self.close_sale_button = _button(t("Cerrar la venta (F4)"), "close_sale")
        self.close_sale_button.clicked.connect(self.close_sale)
        self.confirm_shown_button = _button(
            t("Los paneles ya muestran los datos (F5)"), "confirm_shown"
        )
        self.confirm_shown_button.clicked.connect(self.confirm_data_shown)
        buttons.addWidget(self.close_sale_button)
        buttons.addWidget(self.confirm_shown_button)
        layout.addLayout(buttons)
        self.sale_announce = wrapped_label(name="sale_announce", pixels=19, bold=True)
        self.sale_announce.setStyleSheet("background: #fff3c4; padding: 6px;")
        layout.addWidget(self.sale_announce)
        layout.addStretch(1)
        return page

    def _build_extraction_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)

        draw = QGroupBox(t("Extracción"))
        self.draw_group = draw
        grid = QGridLayout(draw)
        self.draw_device_button = _button(t("Extraer bola (F6)"), "draw_device", 22)
        self.draw_device_button.clicked.connect(self.draw_from_devices)
        self.ball_input = QLineEdit()
        self.ball_input.setObjectName("ball_input")
        self.ball_input.setValidator(QIntValidator(1, 90, self.ball_input))
        self.ball_input.setPlaceholderText(t("nº de bola"))
        self.ball_input.setMaximumWidth(240)
        set_pixel_font(self.ball_input, 28, bold=True)
        self.ball_input.returnPressed.connect(self.draw_typed)
        self.draw_typed_button = _button(t("Registrar la bola"), "draw_typed", 18)
        self.draw_typed_button.clicked.connect(self.draw_typed)
        self.draw_random_button = _button(t("Sorteo manual aleatorio"), "draw_random", 16)
        self.draw_random_button.clicked.connect(self.draw_random)
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
        self.seen_input = QLineEdit()
        self.seen_input.setObjectName("seen_input")
        self.seen_input.setValidator(QIntValidator(1, 90, self.seen_input))
        self.seen_input.setMaximumWidth(240)
        set_pixel_font(self.seen_input, 28, bold=True)
        self.seen_input.returnPressed.connect(self.answer_table_sees)
        self.seen_confirm = _button(t("La mesa ve esta"), "seen_confirm")
        self.seen_confirm.clicked.connect(self.answer_table_sees)
        self.seen_skip = _button(t("No se ve bien"), "seen_skip", 16)
        self.seen_skip.clicked.connect(lambda: self._answer_table(None))
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
        self.hold_input = QLineEdit()
        self.hold_input.setObjectName("hold_input")
        self.hold_input.setValidator(QIntValidator(1, 90, self.hold_input))
        self.hold_input.setMaximumWidth(240)
        set_pixel_font(self.hold_input, 28, bold=True)
        self.hold_input.returnPressed.connect(self.resolve_hold)
        self.hold_confirm = _button(t("Es esta bola"), "hold_confirm")
        self.hold_confirm.clicked.connect(self.resolve_hold)
        # after a device lost, when nobody knows whether a ball left the drum
        self.hold_no_ball = _button(t("No salió ninguna bola"), "hold_no_ball", 16)
        self.hold_no_ball.clicked.connect(self.no_ball_out)
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
        self.device_action = _button("", "device_action", 16)
        self.device_action.clicked.connect(self._device_incident)
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
        self.claim_number.returnPressed.connect(self.check_claim)
        self.claim_line = QRadioButton(t("&Línea"))
        self.claim_line.setObjectName("claim_line")
        self.claim_bingo = QRadioButton(t("&Bingo"))
        self.claim_bingo.setObjectName("claim_bingo")
        self.claim_line.setChecked(True)
        prizes = QButtonGroup(claim)
        prizes.addButton(self.claim_line)
        prizes.addButton(self.claim_bingo)
        self.claim_button = _button(t("Comprobar"), "claim_check")
        self.claim_button.clicked.connect(self.check_claim)
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
        question = wrapped_label(t("«¿Alguna línea más? ¿Algún bingo más?»"), pixels=24, bold=True)
        self.asked_more_button = _button(t("Preguntado: nadie más canta"), "asked_more", 16)
        self.asked_more_button.clicked.connect(self.asked_more)
        self.close_partida_button = _button(t("Cerrar la partida (F8)"), "close_partida")
        self.close_partida_button.clicked.connect(self.close_partida)
        more.addWidget(question, 1)
        more.addWidget(self.asked_more_button)
        more.addWidget(self.close_partida_button)
        self.more_box.hide()
        layout.insertWidget(0, self.more_box)
        return page

    def _build_prizes_page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        self.prizes_info = wrapped_label(name="prizes_info", pixels=20, bold=True)
        layout.addWidget(self.prizes_info)
        self.awards = QTableWidget(0, 5)
        self.awards.setObjectName("awards")
        self.awards.setHorizontalHeaderLabels(
            [t("Premio"), t("Serie"), t("Cartón"), t("Bola"), t("Importe")]
        )
        self.awards.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.awards.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.awards.verticalHeader().hide()
        set_pixel_font(self.awards, 19)
        layout.addWidget(self.awards, 1)
        self.awards_total = wrapped_label(name="awards_total", pixels=22, bold=True)
        layout.addWidget(self.awards_total)
        self.awards.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.awards.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        papers = QHBoxLayout()
        self.receipt_format = QComboBox()
        self.receipt_format.setObjectName("receipt_format")
        self.receipt_format.addItem(t("A4"), "a4")
        self.receipt_format.addItem(t("Rollo de 80 mm"), "80mm")
        self.prima_receipt_button = _button(t("Justificante de la prima…"), "prima_receipt", 16)
        self.prima_receipt_button.setToolTip(
            t("Justificante detallado y su duplicado para el cartón ganador (R-PRIMA-6)")
        )
        self.prima_receipt_button.clicked.connect(self.save_prima_receipt)
        self.winner_proof_button = _button(t("Comprobante del ganador…"), "winner_proof", 16)
        self.winner_proof_button.setToolTip(
            t("El cartón premiado de la fila elegida, con las bolas extraídas")
        )
        self.winner_proof_button.clicked.connect(self.save_winner_proof)
        papers.addWidget(wrapped_label(t("Formato:")))
        papers.addWidget(self.receipt_format)
        papers.addWidget(self.prima_receipt_button, 1)
        papers.addWidget(self.winner_proof_button, 1)
        layout.addLayout(papers)
        self.pay_button = _button(t("Premios pagados contra entrega del cartón (F9)"), "pay_prizes")
        self.pay_button.clicked.connect(self.pay_prizes)
        layout.addWidget(self.pay_button)
        return page

    def _build_side(self) -> QVBoxLayout:
        side = QVBoxLayout()
        top = QHBoxLayout()
        self.last_ball = BallWidget(empty="#dddddd")
        self.last_ball.setObjectName("last_ball")
        self.last_ball.setMinimumSize(130, 130)
        self.last_ball.setMaximumHeight(210)
        self.count = wrapped_label(name="count", pixels=26, bold=True)
        self.count.setAlignment(Qt.AlignmentFlag.AlignCenter)
        # no height-for-width in this column: the layout then keeps every minimum, so the
        # window's minimum size is what the column really needs
        self.count.setWordWrap(False)
        top.addWidget(self.last_ball, 1)
        top.addWidget(self.count, 1)
        side.addLayout(top, 2)
        palette = BoardPalette(
            background="#ffffff",
            off_cell="#eeeeee",
            off_text="#777777",
            lit_cell="#1b5e20",
            lit_text="#ffffff",
            last_cell="#c00000",
            last_text="#ffffff",
        )
        self.board = BoardWidget(palette)
        self.board.setObjectName("board")
        # 9 rows of 23 pixels at least: the numbers stay 16 pixels high, as the console's text
        self.board.setMinimumSize(300, 207)
        self.board.setMaximumHeight(300)
        side.addWidget(self.board, 3)
        log_title = wrapped_label(t("Registro de la partida"), "event_log_title", 16, bold=True)
        log_title.setWordWrap(False)
        side.addWidget(log_title)
        self.event_log = QListWidget()
        self.event_log.setObjectName("event_log")
        self.event_log.setWordWrap(True)
        self.event_log.setMinimumHeight(60)  # three lines at least; it grows with the window
        set_pixel_font(self.event_log, 14)
        side.addWidget(self.event_log, 5)
        return side

    def _build_menus(self) -> None:
        bar = self.menuBar()
        session = bar.addMenu(t("&Sesión"))
        self.menu_actions: dict[str, QAction] = {}

        def add(
            menu: Any, key: str, text: str, slot: Callable[[], object], shortcut: str = ""
        ) -> None:
            action = QAction(text, self)
            action.setObjectName(f"action_{key}")
            if shortcut:
                action.setShortcut(QKeySequence(shortcut))
                action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(lambda _checked=False: slot())
            menu.addAction(action)
            self.menu_actions[key] = action

        add(session, "open_session", t("Abrir la sesión"), self.open_session, "F2")
        add(session, "start_partida", t("Iniciar la partida"), self.start_partida, "F3")
        add(session, "close_sale", t("Cerrar la venta"), self.close_sale, "F4")
        add(session, "confirm_data_shown", t("Datos en los paneles"), self.confirm_data_shown, "F5")
        add(session, "draw", t("Extraer bola"), self.draw_key, "F6")
        add(session, "claim", t("Comprobar un cartón"), self.focus_claim, "F7")
        add(session, "close_partida", t("Cerrar la partida"), self.close_partida, "F8")
        add(session, "pay_prizes", t("Pagar los premios"), self.pay_prizes, "F9")
        session.addSeparator()
        add(session, "new_serie", t("Registrar una serie…"), self.ask_new_serie)
        add(session, "manual_book", t("Incorporar el libro manual…"), self.ask_manual_book)
        add(
            session,
            "change_ball_set",
            t("Cambiar el juego de bolas…"),
            self.ask_ball_set_change,
            "Ctrl+B",
        )
        add(session, "announce_last", t("Anunciar la última partida…"), self.ask_announce_last)
        add(session, "close_session", t("Cerrar la sesión"), self.close_session)
        session.addSeparator()
        add(session, "acta", t("Acta de la sesión…"), self.save_acta, "Ctrl+P")
        incidents = bar.addMenu(t("&Incidencias"))
        incidents.setObjectName("incidents_menu")
        self.incidents_menu = incidents
        for key, text in MENU_TEXTS.items():
            add(incidents, f"incident_{key}", t(text), partial(self.open_incident, key))
        view = bar.addMenu(t("&Ver"))
        for i, name in enumerate((t("Sesión"), t("Venta"), t("Extracción"), t("Premios"))):
            add(view, f"page_{i}", name, partial(self.pages.setCurrentIndex, i), f"Ctrl+{i + 1}")
        hide = QAction(self)
        hide.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        hide.triggered.connect(self.error.hide)
        self.addAction(hide)

    # ====================================================================== plumbing

    @property
    def hall(self) -> Hall:
        return self.service.hall

    def _attempt(
        self,
        what: str,
        command: Callable[[], object],
        *,
        report: Callable[[str], None] | None = None,
    ) -> bool:
        """Run a command; True when done. A refusal or a failure is shown, never raised: in the
        red banner, or through ``report`` (a dialog that shows it itself), and in the event log.
        """
        try:
            command()
        except DomainError as exc:
            self._refused(t("{what}: {reason}").format(what=what, reason=exc), report)
            return False
        except Exception as exc:  # the console must survive anything and say it
            log.exception("%s failed", what)
            message = t("{what}: error inesperado: {reason}").format(what=what, reason=exc)
            self._refused(message, report)
            return False
        self.error.hide()
        self.statusBar().clearMessage()
        self.refresh()
        return True

    def _refused(self, message: str, report: Callable[[str], None] | None) -> None:
        if report is None:
            self.show_error(message)
            return
        report(message)
        self._log_error(message)
        self.refresh()

    def show_error(self, message: str, *, after_records: bool = False) -> None:
        """The red banner, the status bar and the event log; ``after_records``: the log's line
        comes after the lines of the events just recorded (they are shown queued).
        """
        self.error.setText(message)
        self.error.show()
        if after_records:
            self._errorLater.emit(message)
        else:
            self._log_error(message)
        self.statusBar().showMessage(message, 15_000)
        self.refresh()

    def _log_error(self, message: str) -> None:
        item = QListWidgetItem(f"{_now()}  ✖ {message}")
        item.setForeground(Qt.GlobalColor.darkRed)
        self.event_log.addItem(item)
        self.event_log.scrollToBottom()

    def _current_partida(self) -> PartidaState | None:
        return self.hall.partida

    def _shown_partida(self) -> PartidaState | None:
        """The partida in progress, else the last one of the open session."""
        session = self.hall.session
        if session is None:
            return None
        return session.current or (session.partidas[-1] if session.partidas else None)

    # ====================================================================== session

    def _parse_missing(self) -> list[int] | None:
        text = self.balls_missing.text().replace(",", " ").split()
        try:
            missing = sorted({int(x) for x in text})
        except ValueError:
            self.show_error(t("Bolas que faltan: escriba números del 1 al 90"))
            return None
        return missing

    def _counted_balls(self, when: str) -> BallCount | None:
        """The ball count for the session's opening or closing, from the reader or by hand."""
        if self.devices is not None:
            numbers = self._scanned.get(when)
            if numbers is None:
                self.show_error(t("Lea primero el juego de bolas con el lector"))
                return None
            return BallCount(when, tuple(numbers), "reader")
        missing = self._parse_missing()
        if missing is None:
            return None
        if not missing and not self.balls_counted.isChecked():
            self.show_error(
                t("Confirme el recuento de las 90 bolas ante el jefe de sala (R-BALL-2)")
            )
            return None
        return BallCount(when, tuple(n for n in range(1, 91) if n not in missing), "manual")

    def scan_ball_set(self) -> None:
        if self.devices is None or self.bridge.busy:
            return
        devices = self.devices
        if self.hall.session is None:
            when = "open"
        elif self.hall.ball_set_uncounted:
            when = "change"  # the count of a set changed while the session is open
        elif self._current_partida() is None:
            when = "close"
        else:
            when = "set"  # a new set read before the partida's first ball: no count of the session
        self._scanning = when
        self.scan_result.setText(t("Leyendo el juego de bolas…"))
        self.bridge.submit("scan", devices.scan_set)
        self.refresh()

    def _ask_ball_check(self, count: BallCount, record: Callable[[BallCondition], None]) -> None:
        """The numbers are counted; their condition is asked before the jefe de sala, and what
        follows is said, before anything is recorded (Cantabria II.2; decisions 22 and 47).
        """
        dialog = BallCheckDialog(count, self)
        dialog.accepted.connect(lambda: record(dialog.answer()))
        dialog.rejected.connect(lambda: self._recount(dialog))
        self._open_dialog(dialog)

    def _recount(self, dialog: BallCheckDialog) -> None:
        """``Volver a contar`` (or ``Cancelar``): nothing is recorded; back to the count."""
        if dialog.conforming():
            return
        self.statusBar().showMessage(
            t("No se ha registrado nada: vuelva a contar las bolas ante el jefe de sala."), 15_000
        )
        self.pages.setCurrentIndex(0)
        if self.devices is not None:
            self.scan_balls.setFocus()
        elif self.balls_missing.text().strip():
            self.balls_missing.setFocus()
        else:
            self.balls_counted.setFocus()

    def _show_count_note(self, text: str, *, warning: bool = False) -> None:
        """The note under the count on the Sesión page: what comes next with the balls."""
        self.count_note.setText(text)
        self.count_note.setStyleSheet(
            "background: #ffe0b2; color: #4e2600; padding: 6px; border: 2px solid #e65100;"
            if warning
            else "background: #e3f2fd; color: #0d1b3a; padding: 6px;"
        )
        self.count_note.show()

    def count_new_set(self) -> None:
        """The count of a set changed while the session is open: before the next partida or
        the first ball, as at the opening (R-BALL-2; decision 57).
        """
        self.pages.setCurrentIndex(0)
        if not self.hall.ball_set_uncounted:
            return
        count = self._counted_balls("change")
        if count is None:
            return
        self._ask_ball_check(count, lambda condition: self._record_change_count(count, condition))

    def _record_change_count(self, count: BallCount, condition: BallCondition) -> None:
        session = self.hall.session
        if session is None:
            return
        recorded = self._attempt(
            t("Recuento del juego nuevo"),
            lambda: self.service.record_ball_check(
                session.id,
                "change",
                list(count.numbers),
                count.method,
                condition_ok=condition.ok,
                note=condition.note,
            ),
        )
        self._scanned.pop("change", None)
        self.balls_counted.setChecked(False)
        self.balls_missing.clear()
        if not recorded:
            return
        if count.complete and condition.ok:
            self.count_note.hide()
            self.statusBar().showMessage(
                t("Recuento del juego nuevo registrado: puede seguir la partida."), 30_000
            )
            self.pages.setCurrentIndex(1 if self._current_partida() is None else 2)
            return
        self.scan_result.setText(t("Recuento no conforme registrado."))
        self.show_error(
            t(
                "Recuento del juego nuevo no conforme ({problem}): no se juega con él; cambie "
                "el juego de bolas y vuelva a contarlas (R-BALL-2)"
            ).format(problem=problem_words(count, condition, note=False)),
            after_records=True,
        )
        damaged_only = count.complete and not condition.ok
        self._offer_ball_set_change("bola dañada" if damaged_only else "recuento fallido")

    def _lead_to_count(self) -> bool:
        """A set changed and not counted yet: say so and go to its count (True when so)."""
        if not self.hall.ball_set_uncounted:
            return False
        self.show_error(
            t(
                "El juego de bolas ha cambiado: léalo con el lector ante el jefe de sala "
                "(página Sesión) antes de seguir (R-BALL-2)"
            )
            if self.devices is not None
            else t(
                "El juego de bolas ha cambiado: cuente sus 90 bolas ante el jefe de sala y "
                "registre el recuento (página Sesión) antes de seguir (R-BALL-2)"
            )
        )
        self.pages.setCurrentIndex(0)
        (self.scan_balls if self.devices is not None else self.balls_counted).setFocus()
        return True

    def open_session(self) -> None:
        self.pages.setCurrentIndex(0)
        if "open_session" not in allowed_actions(self.hall):
            return
        count = self._counted_balls("open")
        if count is None:
            return
        self._ask_ball_check(count, lambda condition: self._open_session(count, condition))

    def _open_session(self, count: BallCount, condition: BallCondition) -> None:
        session_id = self.session_id.text().strip()
        date = self.session_date.text().strip()
        conforming = count.complete and condition.ok

        def run() -> None:
            self.service.record_ball_check(
                session_id,
                "open",
                list(count.numbers),
                count.method,
                condition_ok=condition.ok,
                note=condition.note,
            )
            if conforming:
                self.service.open_session(
                    session_id, date, self.jefe_de_mesa.text(), self.jefe_de_sala.text()
                )

        if not self._attempt(t("Abrir la sesión"), run):
            return
        if conforming:
            self._scanned.pop("open", None)
            self.balls_counted.setChecked(False)
            self.balls_missing.clear()
            self.count_note.hide()
            self.pages.setCurrentIndex(1)
            return
        # Recorded, not ok: the session does not open until the set is changed and counted
        # again (II.2); the engine refuses it too.
        self._scanned.pop("open", None)  # the next set is read (or counted) again
        self.balls_counted.setChecked(False)
        self.balls_missing.clear()
        self.scan_result.setText(t("Recuento no conforme registrado."))
        self.show_error(
            t(
                "Abrir la sesión: el recuento de bolas no es conforme ({problem}); cambie el "
                "juego de bolas y vuelva a contarlas (R-BALL-2)"
            ).format(problem=problem_words(count, condition, note=False)),
            after_records=True,
        )
        damaged_only = count.complete and not condition.ok
        self._offer_ball_set_change("bola dañada" if damaged_only else "recuento fallido", "open")

    def close_session(self) -> None:
        session = self.hall.session
        if session is None or "close_session" not in allowed_actions(self.hall):
            return
        last = session.ball_checks[-1] if session.ball_checks else None
        if last is not None and last.when == "close" and last.ok:  # counted already
            self._close_session(session, None, BallCondition(True))
            return
        count = self._counted_balls("close")
        if count is None:
            return
        self._ask_ball_check(
            count, lambda condition: self._close_session(session, count, condition)
        )

    def _close_session(
        self, session: SessionState, count: BallCount | None, condition: BallCondition
    ) -> None:
        """Record the closing count and close: a count that is not ok is recorded and the
        session still closes, the acta showing the check "no conforme" (decision 22).
        """

        def run() -> None:
            if count is not None:
                self.service.record_ball_check(
                    session.id,
                    "close",
                    list(count.numbers),
                    count.method,
                    condition_ok=condition.ok,
                    note=condition.note,
                )
            self.service.close_session()

        closed = self._attempt(t("Cerrar la sesión"), run)
        self._scanned.pop("close", None)
        self.balls_counted.setChecked(False)
        self.balls_missing.clear()
        if not closed:
            return
        if count is None or (count.complete and condition.ok):
            self.count_note.hide()
            return
        message = t(
            "Sesión {id} cerrada con la comprobación de bolas no conforme ({problem}): el acta "
            "la muestra así. Cambie el juego de bolas antes de la próxima sesión (R-BALL-2)."
        ).format(id=session.id, problem=problem_words(count, condition))
        self._show_count_note(message, warning=True)
        self.scan_result.clear()
        self.statusBar().showMessage(message, 30_000)
        self._logLater.emit(message)

    def choose_prima(self) -> None:
        cents = self.prima_amount.currentData()
        if cents is None:
            return
        self._attempt(t("Prima de bingo"), lambda: self.service.choose_prima_amount(int(cents)))

    def ask_announce_last(self) -> None:
        if "announce_last_partida" not in allowed_actions(self.hall):
            return
        session = self.hall.session
        assert session is not None
        number = session.current.number if session.current else len(session.partidas) + 1
        dialog = ConfirmDialog(
            t("Última partida"),
            t(
                "Se anunciará a la sala que la partida {n} es la última de la sesión. "
                "Después no puede jugarse ninguna otra."
            ).format(n=number),
            t("Anunciar la última partida"),
            self,
        )
        dialog.accepted.connect(
            lambda: self._attempt(t("Última partida"), self.service.announce_last_partida)
        )
        self._open_dialog(dialog)

    def ask_new_serie(self) -> None:
        hall = self.hall
        card_sets = [(cid, info.count) for cid, info in hall.card_set_info.items()]
        prefix = self.defaults.serie_prefix
        n = sum(1 for code in hall.series if code.startswith(prefix + "-")) + 1
        dialog = SerieDialog(card_sets, f"{prefix}-{n:04d}", self.defaults.face_value_cents, self)

        def register() -> None:
            code, card_set_id, size, face, electronic = dialog.values()
            self._attempt(
                t("Registrar la serie"),
                lambda: self.service.register_serie(code, card_set_id, size, face, electronic),
            )

        dialog.accepted.connect(register)
        self._open_dialog(dialog)

    def ask_manual_book(self) -> None:
        """Take back the partidas kept in the manual book while the system was down."""
        if self.hall.session is None:
            self.show_error(t("El libro manual se incorpora con la sesión abierta"))
            return
        dialog = ManualBookDialog(self.service, self)
        dialog.accepted.connect(lambda: self._manual_book_recorded(dialog.numbers))
        self._open_dialog(dialog)

    def _manual_book_recorded(self, numbers: list[int]) -> None:
        self._asked_more = None
        self._held = None
        self._lost = None
        self.verdict.clear()
        self.verdict_reason.clear()
        self.carton.clear()
        self.error.hide()
        self.refresh()
        message = (
            t("Partida {numbers} incorporada del libro manual")
            if len(numbers) == 1
            else t("Partidas {numbers} incorporadas del libro manual")
        ).format(numbers=", ".join(map(str, numbers)))
        self.statusBar().showMessage(message, 15_000)
        self._logLater.emit(message)

    def _log_line(self, message: str) -> None:
        item = QListWidgetItem(f"{_now()}  ✎ {message}")
        item.setForeground(Qt.GlobalColor.darkBlue)
        self.event_log.addItem(item)
        self.event_log.scrollToBottom()

    # ====================================================================== the ball set

    def _ball_set_spent(self) -> bool:
        ball_set, rules = self.hall.ball_set, self.hall.rules
        return (
            ball_set is not None
            and rules is not None
            and ball_set.partidas_played >= ball_set.limit(rules)
        )

    def _ball_set_changeable(self) -> bool:
        """The engine refuses a change once the partida's extraction began; the console also
        lets a draw, a ball in the tube or a reading of the set finish first.
        """
        partida = self._current_partida()
        return (
            self.hall.rules is not None
            and (partida is None or not partida.balls)
            and not self._drawing
            and not self._scanning
            and not self._ball_pending()
        )

    def _offer_ball_set_change(self, reason: str, counting: str = "") -> None:
        """The banner's button to the change of set, for the reason the banner gives."""
        self.error.offer(
            t("Cambiar el juego de bolas…"), lambda: self.ask_ball_set_change(reason, counting)
        )

    def ask_ball_set_change(self, reason: str = "", counting: str = "") -> None:
        """Sesión → Cambiar el juego de bolas… (Ctrl+B), or the banner's button. ``reason`` is
        the reason offered first (Spanish, as recorded); ``counting`` the count that failed
        ("open", "close"), to which the new set goes back.
        """
        if not self._ball_set_changeable():
            self.show_error(
                t(
                    "El juego de bolas se cambia entre partidas o antes de la primera bola "
                    "(R-BALL-1)"
                )
            )
            return
        dialog = BallSetDialog(self.hall, self._record_ball_set, self, reason=reason)

        def recorded() -> None:
            if dialog.recorded is not None:
                self._ball_set_recorded(dialog.recorded, counting)

        dialog.accepted.connect(recorded)
        self._open_dialog(dialog)

    def _record_ball_set(self, change: BallSetChange) -> str | None:
        """Run by the dialog: None once the change is recorded, else the refusal's words,
        which the dialog shows (and the event log keeps).
        """
        refusal: list[str] = []
        done = self._attempt(
            t("Cambiar el juego de bolas"),
            lambda: self.service.install_ball_set(
                change.ball_set_id,
                change.homologation,
                change.guaranteed_partidas,
                change.partidas_before,
                change.pneumatic,
                change.reason,
            ),
            report=refusal.append,
        )
        return None if done else refusal[0]

    def _ball_set_recorded(self, change: BallSetChange, counting: str) -> None:
        hall = self.hall
        ball_set = hall.ball_set
        assert ball_set is not None  # just installed
        message = t("Cambio de juego de bolas registrado: {set}; motivo: «{reason}».").format(
            set=set_words(ball_set, hall), reason=change.reason
        )
        # The old set's readings and counts say nothing of the new one (R-BALL-2), and the
        # reader knows each ball by the scan of its set (decision 43).
        self._scanned.clear()
        self.balls_counted.setChecked(False)
        self.balls_missing.clear()
        self._set_unread = self.devices is not None
        reader = self.devices is not None
        session = hall.session
        if session is None:
            note = (
                t(
                    "Juego {id} instalado: léalo ahora con el lector ante el jefe de sala y "
                    "abra la sesión (R-BALL-2)."
                )
                if reader
                else t(
                    "Juego {id} instalado: cuente ahora sus 90 bolas ante el jefe de sala y "
                    "abra la sesión (R-BALL-2)."
                )
            )
        elif counting == "close":
            note = (
                t(
                    "Juego {id} instalado: léalo ahora con el lector ante el jefe de sala y "
                    "cierre la sesión (R-BALL-2)."
                )
                if reader
                else t(
                    "Juego {id} instalado: cuente ahora sus 90 bolas ante el jefe de sala y "
                    "cierre la sesión (R-BALL-2)."
                )
            )
        elif reader:
            note = t(
                "Juego {id} instalado: léalo ahora con el lector ante el jefe de sala; sin ese "
                "recuento no se juega con él (R-BALL-2), y el lector reconoce cada bola por esa "
                "lectura."
            )
        else:
            note = t(
                "Juego {id} instalado: cuente ahora sus 90 bolas ante el jefe de sala y "
                "registre el recuento; sin él no se juega con este juego (R-BALL-2)."
            )
        self._show_count_note(note.format(id=ball_set.id))
        self.scan_result.clear()
        self.statusBar().showMessage(message, 30_000)
        self._logLater.emit(message)  # after the engine's own line, which comes queued
        self.refresh()
        if session is None or counting == "close" or reader or hall.ball_set_uncounted:
            # back to the count (or the reading) of the new set, on the Sesión page
            self.pages.setCurrentIndex(0)
            (self.scan_balls if reader else self.balls_counted).setFocus()

    # ====================================================================== sale

    def start_partida(self) -> None:
        self.pages.setCurrentIndex(1)
        if "start_partida" not in allowed_actions(self.hall) or self._lead_to_count():
            return
        if self._attempt(t("Iniciar la partida"), self.service.start_partida):
            self.verdict.clear()
            self.verdict_reason.clear()
            self.carton.clear()
            self.sale_count.setFocus()
        elif self._ball_set_spent():  # refused for the set's limit (R-BALL-1): change it
            self._offer_ball_set_change("límite de partidas")

    def _selected_series(self) -> str:
        return str(self.sale_series.currentData() or "")

    def sell_count(self) -> None:
        series, count = self._selected_series(), self.sale_count.value()
        if not series:
            self.show_error(t("No hay ninguna serie a la venta: registre una"))
            return
        self._attempt(t("Venta"), lambda: self.service.sell_count(series, count))

    def sell_range(self) -> None:
        series = self._selected_series()
        first, last = self.sale_first.value(), self.sale_last.value()
        if not series:
            self.show_error(t("No hay ninguna serie a la venta: registre una"))
            return
        self._attempt(t("Venta"), lambda: self.service.sell(series, first, last))

    def close_sale(self) -> None:
        if "close_sale" not in allowed_actions(self.hall):
            return
        self._attempt(t("Cerrar la venta"), self.service.close_sale)

    def confirm_data_shown(self) -> None:
        if "confirm_data_shown" not in allowed_actions(self.hall):
            return
        if self._attempt(t("Datos en los paneles"), self.service.confirm_data_shown):
            self.pages.setCurrentIndex(2)

    # ====================================================================== extraction

    def _manual_mode(self) -> bool:
        partida = self._current_partida()
        return partida is not None and partida.manual_from_ball is not None

    def draw_key(self) -> None:
        """F6: draw from the devices, or put the cursor where the ball number is typed."""
        self.pages.setCurrentIndex(2)
        if self.devices is not None and not self._manual_mode():
            self.draw_from_devices()
        else:
            self.ball_input.setFocus()

    def _ball_pending(self) -> bool:
        """A ball out of the drum waits for the jefe de mesa's reading."""
        return self._held is not None or self._lost is not None

    def draw_from_devices(self) -> None:
        devices = self.devices
        partida = self._current_partida()
        if devices is None or partida is None or self._drawing or self._ball_pending():
            return
        if "draw_ball" not in allowed_actions(self.hall) or self._manual_mode():
            return
        if not partida.balls and self._lead_to_count():
            return
        if self._set_unread:
            # its balls' ids are unknown to the reader: every reading would be held
            self.show_error(
                t(
                    "El juego de bolas ha cambiado: léalo con el lector (página Sesión) antes "
                    "de extraer"
                )
            )
            return
        number = len(partida.balls) + 1
        drawn = frozenset(partida.balls)
        first = not partida.balls
        table_sees = self._table_sees if self.table_check.isChecked() else None

        def job() -> BallRead | BallHeld:
            if first:
                devices.return_all()  # every ball back in the drum before the first draw
            return devices.draw(number, drawn, table_sees)

        self._drawing = True
        self._device_error = None
        self.device_box.hide()
        self.statusBar().showMessage(t("Extrayendo la bola {n}…").format(n=number))
        self.bridge.submit("draw", job)
        self.refresh()

    def _record_ball(self, number: int, source: str, ball_id: str = "") -> bool:
        return self._attempt(
            t("Bola {n}").format(n=number),
            lambda: self.service.draw_ball(number, source, ball_id),
        )

    def _record_device_ball(self, read: BallRead) -> None:
        """A ball the devices vouched for; one already out is a duplicate ball (R-INC-3)."""
        duplicate: list[DuplicateBall] = []

        def record() -> None:
            try:
                self.service.draw_ball(read.number, "extractor", read.ball_id)
            except DuplicateBall as exc:
                duplicate.append(exc)

        if not self._attempt(t("Bola {n}").format(n=read.number), record) or not duplicate:
            return
        message = t("La bola {n} ya había salido en esta partida: bola duplicada.")
        irregular = BallSetIrregular(
            "duplicate_ball",
            message.format(n=read.number),
            draw_number=read.draw_number,
            duplicated=(read.number,),
        )
        self._show_device_problem(irregular)

    def draw_typed(self) -> None:
        text = self.ball_input.text().strip()
        if not text or "draw_ball" not in allowed_actions(self.hall):
            return
        if self.devices is not None and not self._manual_mode():
            self.show_error(
                t(
                    "Las bolas salen del extractor; el número solo se escribe en extracción manual "
                    "o cuando el lector no puede leer la bola"
                )
            )
            return
        source = "manual" if self._manual_mode() else "operator"
        if self._record_ball(int(text), source):
            self.ball_input.clear()
        self.ball_input.setFocus()

    def draw_random(self) -> None:
        if not self._manual_mode():
            return
        self._attempt(t("Sorteo manual"), self.service.draw_manual)

    def _table_sees(self, draw_number: int) -> int | None:
        """On the worker, inside the draw: wait for the number the table reads on the ball."""
        answer = self.bridge.ask("table_sees", draw_number)
        return answer if isinstance(answer, int) else None

    def _on_asked(self, question: Question) -> None:
        if question.tag != "table_sees":
            return
        self._table_question = question
        self.seen_input.clear()
        self.seen_box.show()
        self.pages.setCurrentIndex(2)
        self.seen_input.setFocus()
        self.statusBar().showMessage(
            t("Extracción {n}: escriba el número que ve la mesa en la bola").format(
                n=question.payload
            )
        )

    def answer_table_sees(self) -> None:
        text = self.seen_input.text().strip()
        if text:
            self._answer_table(int(text))

    def _answer_table(self, number: int | None) -> None:
        question, self._table_question = self._table_question, None
        self.seen_input.clear()  # each ball is read afresh
        self.seen_box.hide()
        self.statusBar().clearMessage()
        if question is not None:
            question.answer(number)

    def resolve_hold(self) -> None:
        if self._lost is not None:
            self._resolve_lost()
            return
        held, devices = self._held, self.devices
        text = self.hold_input.text().strip()
        if held is None or devices is None or not text:
            return
        operator_number = int(text)

        def run() -> BallRead:
            try:
                return devices.resolve_hold(held, operator_number)
            except ValueError as exc:
                raise DomainError(str(exc)) from None

        try:
            read = run()
        except BallSetIrregular as exc:
            self._held = None
            self._show_device_problem(exc)
            self.refresh()
            return
        except DomainError as exc:
            self.show_error(t("Bola del tubo: {reason}").format(reason=exc))
            return
        self._held = None
        self.hold_input.clear()
        # The ball and the hold that says why the jefe de mesa read it go in together (the acta
        # shows both: Cantabria III, "prevalecerá ... el que figure en la bola extraída").
        self._attempt(
            t("Bola {n}").format(n=read.number),
            lambda: self.service.draw_operator_ball(
                read.number, read.ball_id, hold_note(held, read.number)
            ),
        )
        self.refresh()

    def _resolve_lost(self) -> None:
        """The ball that left the drum before the device was lost is this draw's ball: it is
        recorded before any manual extraction (Cantabria II.1.b párr. 2).
        """
        lost, devices = self._lost, self.devices
        partida = self._current_partida()
        text = self.hold_input.text().strip()
        if lost is None or devices is None or partida is None or not text:
            return
        number = int(text)
        # The engine's rule (the same as an unattended run's): the last ball still in the tube,
        # or a second ball with its number. A typed number may be a slip, so it is asked again.
        try:
            new = self.hall.ball_in_tube_is_new(number, lost.ball_in_tube)
        except DuplicateBall:
            new = False
            message = t(
                "La bola {n} ya había salido en esta partida: no es la de esta extracción. "
                "Escriba la bola nueva del tubo; si lleva ese número, hay dos bolas iguales: "
                "anule la partida (Incidencias)"
            )
        else:
            message = t(
                "La bola {n} ya había salido en esta partida: no es la de esta extracción. "
                "Escriba la bola nueva del tubo, o pulse «No salió ninguna bola»"
            )
        if not new:
            self.show_error(message.format(n=number))
            return
        try:
            read = devices.resolve_lost(lost, number)
        except ValueError as exc:
            self.show_error(t("Bola del tubo: {reason}").format(reason=exc))
            return
        self._lost = None
        self.hold_input.clear()
        recorded = self._attempt(
            t("Bola {n}").format(n=read.number),
            lambda: self.service.draw_operator_ball(
                read.number, read.ball_id, tube_note(lost, read.number), "ball_in_tube"
            ),
        )
        if recorded:
            self._offer_incident(
                lost,
                t("La bola del tubo, el {number}, consta como la bola {index}.").format(
                    number=read.number, index=lost.draw_number
                ),
            )
        self.refresh()

    def no_ball_out(self) -> None:
        """The jefe de mesa saw no new ball: the release never happened."""
        lost = self._lost
        if lost is None:
            return
        self._lost = None
        self.hold_input.clear()
        self._offer_incident(lost, t("No salió ninguna bola (comprobado por el jefe de mesa)."))
        self.refresh()

    def _on_job_done(self, tag: str, result: object) -> None:
        if tag == "draw":
            self._drawing = False
            self.statusBar().clearMessage()
            if isinstance(result, BallRead):
                self._record_device_ball(result)
            elif isinstance(result, BallHeld):
                self._held = result
                self.hold_message.setText(result.message)
                self.hold_input.clear()
                self.pages.setCurrentIndex(2)
                self.hold_input.setFocus()
        elif tag == "document":
            what, message = self._document_finished()
            if what and isinstance(result, documents.Saved):
                text = message(result.path)
                self.statusBar().showMessage(text, 30_000)
                self._log_line(text)
        elif tag == "scan":
            when, self._scanning = self._scanning, ""
            numbers = list(result) if isinstance(result, list) else []
            if when != "set":
                self._scanned[when] = numbers
            self._set_unread = False
            self.count_note.hide()
            self.scan_result.setText(
                t("Lector: {n} bolas leídas, del 1 al 90 una vez cada una: correcto").format(
                    n=len(numbers)
                )
            )
            if when == "change":
                self.count_new_set()  # the jefe de mesa confirms their condition at once
        self.refresh()

    def _on_job_failed(self, tag: str, error: object) -> None:
        if tag == "draw":
            self._drawing = False
            self.statusBar().clearMessage()
            if isinstance(error, DeviceLost | BallSetIrregular):
                self._show_device_problem(error)
            else:
                self.show_error(t("Extracción: fallo del dispositivo: {e}").format(e=error))
        elif tag == "document":
            what, _message = self._document_finished()
            if what:
                self._document_failed(what, error)
        elif tag == "scan":
            when, self._scanning = self._scanning, ""
            self._scanned.pop(when, None)
            message = getattr(error, "message", str(error))
            self.scan_result.setText(message)
            counted = (
                isinstance(error, BallSetIrregular)
                and when in ("open", "close", "change")
                and bool(error.missing or error.duplicated)
            )
            if counted and isinstance(error, BallSetIrregular):
                # balls missing or repeated: that reading is the count, recorded as it is when
                # the session is opened (it does not open) or closed (it closes, decision 22)
                self._scanned[when] = list(error.scanned)
            if counted and when == "change":
                self.count_new_set()  # recorded as it is: no partida is played with that set
            elif counted and when == "close":
                self.show_error(
                    t(
                        "Recuento de cierre: {e} Vuelva a leer el juego, o cierre la sesión con "
                        "la comprobación no conforme (R-BALL-2)"
                    ).format(e=message)
                )
            else:
                self.show_error(t("Recuento de bolas: {e}").format(e=message))
                if isinstance(error, BallSetIrregular):  # missing or repeated: change the set
                    self._offer_ball_set_change("recuento fallido", when)
        self.refresh()

    def _show_device_problem(self, error: DeviceLost | BallSetIrregular) -> None:
        item = QListWidgetItem(f"{_now()}  ⚠ {error.message}")
        item.setForeground(Qt.GlobalColor.darkRed)
        self.event_log.addItem(item)
        self.pages.setCurrentIndex(2)
        if isinstance(error, BallSetIrregular):
            self._stop_for_irregularity(error)
        elif error.ball_in_tube is not False:
            # A ball may be out of the drum: read it before anything else (R-INC-2).
            self._lost = error
            if error.ball_in_tube:
                ask = t(
                    "Escriba el número de la bola del tubo: consta como la bola {n} antes de "
                    "seguir por extracción manual."
                )
            else:
                ask = t(
                    "Mire el tubo. Si ha salido una bola nueva, escriba su número: consta como "
                    "la bola {n}. Si no salió ninguna, pulse «No salió ninguna bola»."
                )
            self.hold_message.setText(f"{error.message}\n{ask.format(n=error.draw_number)}")
            self.hold_input.clear()
            self.hold_box.show()
            self.hold_input.setFocus()
            return
        self._offer_incident(error)

    def _stop_for_irregularity(self, error: BallSetIrregular) -> None:
        """R-INC-3, the engine's rule as in an unattended run: the partida stops now with the
        incident (and any duplicated number) recorded; the red box then leads to the annulment
        once the jefe de sala has read the paragraph (R-INC-5). No ball is drawn meanwhile.
        """
        partida = self._current_partida()
        if partida is None or partida.irregular:
            return
        self._attempt(
            t("Irregularidad de bolas"),
            lambda: self.service.stop_for_ball_irregularity(error.message, error.duplicated),
        )

    def _offer_incident(self, error: DeviceLost | BallSetIrregular, said: str = "") -> None:
        """The red box with the incident that follows a device problem."""
        self._device_error = error
        self._device_note = f"{error.message} {said}".strip()
        self.device_message.setText(self._device_note)
        partida = self._current_partida()
        if isinstance(error, BallSetIrregular):
            self.device_action.setText(t("Irregularidad de bolas: anular…"))
        elif partida is not None and partida.balls:
            self.device_action.setText(t("Seguir por extracción manual…"))
        else:
            self.device_action.setText(t("Suspender la partida…"))
        self.device_box.show()
        self.pages.setCurrentIndex(2)

    def _device_incident(self) -> None:
        error = self._device_error
        partida = self._current_partida()
        if isinstance(error, BallSetIrregular):
            self.open_incident("ball_irregularity", note=self._device_note)
        elif partida is not None and partida.balls:
            self.open_incident("manual_extraction", note=self._device_note)
        else:
            self.open_incident("suspend", note=self._device_note)

    def _on_device_notice(self, device: str, notice: object) -> None:
        # Drivers hand over a Notice wrapper; what happened is its ``event``.
        kind = type(getattr(notice, "event", notice)).__name__
        texts = {
            "DeviceOffline": t("{device}: sin comunicación"),
            "DeviceOnline": t("{device}: en línea"),
            "DeviceRestarted": t("{device}: se ha reiniciado"),
            "FaultsChanged": t("{device}: cambio en sus averías"),
            "EventsLost": t("{device}: se han perdido avisos"),
        }
        text = texts.get(kind)
        if text is None:
            return
        message = text.format(device=device)
        self.devices_state.setText(message)
        self.statusBar().showMessage(message, 10_000)
        if kind != "DeviceOnline":
            item = QListWidgetItem(f"{_now()}  ⚠ {message}")
            item.setForeground(Qt.GlobalColor.darkRed)
            self.event_log.addItem(item)

    # ====================================================================== claims

    def focus_claim(self) -> None:
        self.pages.setCurrentIndex(2)
        self.claim_number.setFocus()
        self.claim_number.selectAll()

    def check_claim(self) -> None:
        series = str(self.claim_series.currentData() or "")
        text = self.claim_number.text().strip()
        if not series or not text or "claim" not in allowed_actions(self.hall):
            return
        number = int(text)
        prize = "bingo" if self.claim_bingo.isChecked() else "line"
        checked: list[ev.ClaimChecked] = []
        if self._attempt(
            t("Comprobar el cartón"),
            lambda: checked.append(self.service.claim(series, number, prize)),
        ):
            self._show_verdict(checked[0])

    def _show_verdict(self, claim: ev.ClaimChecked) -> None:
        self._last_verdict = claim
        name = prize_name(claim.prize).upper()
        if claim.valid:
            verdict = t("LÍNEA CORRECTA") if claim.prize == "line" else t("BINGO CORRECTO")
            self.verdict.setText(
                t("{verdict}: {series} / {number}").format(
                    verdict=verdict, series=claim.series, number=claim.number
                )
            )
            self.verdict.setStyleSheet("background: #1b5e20; color: #ffffff; padding: 6px;")
        else:
            self.verdict.setText(
                t("NO HAY {prize}: {series} / {number}").format(
                    prize=name, series=claim.series, number=claim.number
                )
            )
            self.verdict.setStyleSheet("background: #b00020; color: #ffffff; padding: 6px;")
        self.verdict_reason.setText(claim.reason)
        # Only the claimed cartón, with the balls drawn when it was checked (R-GAME-5).
        partida = self._shown_partida()
        balls = partida.balls[: claim.after_ball] if partida else []
        completing = (
            balls[claim.completed_at_ball - 1]
            if claim.valid and 0 < claim.completed_at_ball <= len(balls)
            else None
        )
        grid = self.hall.carton(claim.series, claim.number).grid()
        self.carton.show_carton(grid, balls, completing)
        self.claim_number.selectAll()

    def asked_more(self) -> None:
        partida = self._current_partida()
        if partida is not None and partida.status == Status.BINGO_CALLED:
            self._asked_more = partida.number
            self.refresh()
            self.close_partida_button.setFocus()

    def close_partida(self) -> None:
        partida = self._current_partida()
        if partida is None or "close_partida" not in allowed_actions(self.hall):
            return
        if self._asked_more != partida.number:
            self.show_error(
                t("Antes de cerrar, pregunte «¿Alguna línea más? ¿Algún bingo más?» (R-GAME-4)")
            )
            return
        if self._attempt(t("Cerrar la partida"), self.service.close_partida):
            self.pages.setCurrentIndex(3)
        elif partida.first_valid_line_after is None:
            # Refused for want of the line (decision 9): the claim entry is ready for it.
            self.claim_line.setChecked(True)
            self.claim_number.setFocus()

    def pay_prizes(self) -> None:
        if "pay_prizes" not in allowed_actions(self.hall):
            return
        if self._attempt(t("Pagar los premios"), self.service.pay_prizes):
            self.start_partida_button.setFocus()

    # ====================================================================== papers

    def _ask_pdf_path(self, title: str, name: str) -> Path | None:
        """The save dialog; None when the operator cancels."""
        folder = self._documents_dir or Path(
            QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
            or Path.home()
        )
        chosen, _filter = QFileDialog.getSaveFileName(
            self, title, str(folder / name), t("Documentos PDF (*.pdf)")
        )
        if not chosen:
            return None
        path = Path(chosen)
        if not path.suffix:
            path = path.with_suffix(".pdf")
        self._documents_dir = path.parent
        return path

    def _start_document(
        self, what: str, message: Callable[[Path], str], job: Callable[[], object]
    ) -> None:
        """Lay out and write a paper on the worker; the outcome comes back as ``document``."""
        self._document = (what, message)
        QApplication.setOverrideCursor(QCursor(Qt.CursorShape.BusyCursor))
        self.statusBar().showMessage(t("{what}: preparando el PDF…").format(what=what))
        self.bridge.submit("document", job)
        self.refresh()

    def _document_finished(self) -> tuple[str, Callable[[Path], str]]:
        document, self._document = self._document, None
        if document is None:  # the window was closing
            return "", str
        QApplication.restoreOverrideCursor()
        self.statusBar().clearMessage()
        return document

    def _document_failed(self, what: str, error: object) -> None:
        known = documents.ActaDataError | documents.SealError | OSError | DomainError
        if isinstance(error, known):
            self.show_error(t("{what}: {reason}").format(what=what, reason=error))
        else:
            log.error("%s failed: %r", what, error)
            self.show_error(t("{what}: error inesperado: {reason}").format(what=what, reason=error))

    def _read_export(self, what: str, session: SessionState) -> dict[str, Any] | None:
        """The export for the papers of ``session``, read on the GUI thread (busy cursor)."""
        QApplication.setOverrideCursor(QCursor(Qt.CursorShape.WaitCursor))
        try:
            return documents.export_for_session(self.service, session)
        except Exception as exc:  # a record that fails its check, a card set missing…
            self._document_failed(what, exc)
            return None
        finally:
            QApplication.restoreOverrideCursor()

    def save_acta(self) -> None:
        """Sesión → Acta de la sesión… (Ctrl+P): the acta of the open (or last) session."""
        what = t("Acta de la sesión")
        if self._document is not None:
            return
        session = documents.acta_session(self.hall)
        if session is None:
            self.show_error(t("{what}: todavía no hay ninguna sesión").format(what=what))
            return
        sealed = self.seal_acta.isChecked()
        title = (
            t("Guardar el acta de la sesión {id}, sellada con la clave de la sala")
            if sealed
            else t("Guardar el acta de la sesión {id}")
        ).format(id=session.id)
        path = self._ask_pdf_path(title, documents.file_name("acta", session.id))
        if path is None:
            return
        export = self._read_export(what, session)
        if export is None:
            return
        numbers = documents.session_partidas(export, session.id)
        if session.closed_at is not None:
            state = t("cerrada")
        elif numbers:
            state = t("en curso, hasta la partida {n}").format(n=numbers[-1])
        else:
            state = t("en curso, sin partidas todavía")
        text = t("Acta de la sesión {id} ({state}) guardada{sealed} en {path}")
        sealed_words = t(" y sellada") if sealed else ""

        def message(saved: Path) -> str:
            return text.format(id=session.id, state=state, sealed=sealed_words, path=saved)

        job = documents.acta_job(
            export, session.id, path, sealed=sealed, keys_dir=self.defaults.keys_dir
        )
        self._start_document(what, message, job)

    def _award_for(self, shown: PartidaState, prizes: tuple[str, ...] | None) -> Award | None:
        """The award of the row chosen in the table (or the first one) among ``prizes``."""
        awards = [a for a in shown.awards if prizes is None or a.prize in prizes]
        row = self.awards.currentRow()
        if 0 <= row < len(shown.awards) and shown.awards[row] in awards:
            return shown.awards[row]
        return awards[0] if awards else None

    def _save_receipt(self, proof: bool) -> None:
        what = t("Comprobante del ganador") if proof else t("Justificante de la prima")
        shown = self._shown_partida()
        session = self.hall.session
        if self._document is not None or shown is None or session is None:
            return
        if shown.status not in (Status.CLOSED, Status.PAID):
            self.show_error(
                t("{what}: la partida {n} no está cerrada").format(what=what, n=shown.number)
            )
            return
        award = self._award_for(shown, None if proof else documents.DETAILED_PRIZES)
        if award is None:
            self.show_error(
                t("{what}: la partida {n} no tiene ese premio").format(what=what, n=shown.number)
            )
            return
        layout: documents.Layout = "80mm" if self.receipt_format.currentData() == "80mm" else "a4"
        name = documents.file_name(
            "comprobante" if proof else "justificante",
            session.id,
            f"p{shown.number}",
            award.prize,
            award.series,
            award.number,
            "80mm" if layout == "80mm" else "",
        )
        title = t("{what}: partida {n}, {prize}, cartón {series} / {number}").format(
            what=what,
            n=shown.number,
            prize=prize_name(award.prize),
            series=award.series,
            number=award.number,
        )
        path = self._ask_pdf_path(title, name)
        if path is None:
            return
        export = self._read_export(what, session)
        if export is None:
            return
        kind = t("Comprobante") if proof else t("Justificante y duplicado")
        text = t("{kind} de {prize} de la partida {n} ({series} / {number}) guardado en {path}")
        n = shown.number

        def message(saved: Path) -> str:
            return text.format(
                kind=kind,
                prize=prize_name(award.prize),
                n=n,
                series=award.series,
                number=award.number,
                path=saved,
            )

        job = documents.receipt_job(
            export,
            session.id,
            shown.number,
            path,
            prize=award.prize,
            series=award.series,
            number=award.number,
            proof=proof,
            layout=layout,
        )
        self._start_document(what, message, job)

    def save_prima_receipt(self) -> None:
        """The prima (or interconnected) receipt and its duplicate (R-PRIMA-6)."""
        self._save_receipt(proof=False)

    def save_winner_proof(self) -> None:
        """A winner's proof: the cartón as printed with the balls drawn."""
        self._save_receipt(proof=True)

    # ====================================================================== incidents

    def open_incident(self, key: str, note: str = "") -> None:
        incident, action_text, allowed = INCIDENTS[key]
        if allowed not in allowed_actions(self.hall):
            self.show_error(
                t("Esa incidencia no cabe ahora: la partida está en «{state}»").format(
                    state=self._status_words()
                )
            )
            return
        if key in ("manual_extraction", "suspend") and self._ball_pending():
            # the manual extraction must not draw the ball that is out, nor skip it (R-INC-2)
            self.show_error(
                t("Antes lea la bola del tubo y escriba su número en el recuadro naranja")
            )
            return
        partida = self._current_partida()
        balls = len(partida.balls) if partida else 0
        dialog = IncidentDialog(
            incident, t(action_text), self, ball_count=balls, note=note, region=self.hall.region
        )

        def confirmed() -> None:
            text = dialog.note.text().strip()
            svc = self.service
            commands: dict[str, Callable[[], object]] = {
                "suspend": lambda: svc.suspend(text),
                "resume": lambda: svc.resume(text),
                "refund_suspended": lambda: svc.refund_suspended(text),
                "manual_extraction": lambda: svc.start_manual_extraction(text),
                "ball_irregularity": lambda: svc.annul("ball_irregularity", text),
                "caller_error": lambda: svc.annul("caller_error", text),
            }
            if key == "correct_ball":
                assert dialog.index is not None and dialog.number is not None
                index, number = dialog.index.value(), dialog.number.value()
                commands[key] = lambda: svc.correct_ball(index, number, text)
            if self._attempt(t("Incidencia"), commands[key]):
                self._device_error = None
                self.device_box.hide()

        dialog.accepted.connect(confirmed)
        self._open_dialog(dialog)

    def _open_dialog(self, dialog: Dialog) -> None:
        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
        self.dialog = dialog
        dialog.finished.connect(lambda _result: self._dialog_closed(dialog))
        dialog.open()

    def _dialog_closed(self, dialog: QWidget) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()

    # ====================================================================== the view

    def _status_words(self) -> str:
        partida = self._current_partida()
        if partida is None:
            return t("sin partida en curso")
        return t(STATUS_TEXT[partida.status])

    def _on_recorded(self, record: object, event: object) -> None:
        if not isinstance(event, ev.Event):
            return
        if isinstance(event, ev.PartidaStarted):
            self.event_log.clear()
        at = str(getattr(record, "at", ""))[11:19]
        self.event_log.addItem(f"{at}  {describe(event)}")
        self.event_log.scrollToBottom()

    def _load_log(self) -> None:
        """The events of the partida on show (or of the session so far), from the record."""
        items: list[tuple[str, ev.Event]] = []
        for record in self.service.records():
            try:
                event = ev.event_from(record.kind, record.payload)
            except ev.UnknownEvent:
                continue
            if isinstance(event, ev.PartidaStarted | ev.SessionOpened):
                items = []
            items.append((str(record.at)[11:19], event))
        for at, event in items:
            self.event_log.addItem(f"{at}  {describe(event)}")
        self.event_log.scrollToBottom()

    def refresh(self) -> None:
        hall = self.hall
        allowed = allowed_actions(hall)
        state = panel_state(hall)
        session = hall.session
        partida = self._current_partida()
        shown = self._shown_partida()

        # header and status bar
        parts = [t("Sesión {id}").format(id=session.id) if session else t("Sin sesión abierta")]
        if shown is not None:
            parts.append(t("Partida {n}").format(n=shown.number))
            parts.append(t(STATUS_TEXT[shown.status]).upper() + manual_mark(shown))
        if session is not None and session.last_partida is not None:
            parts.append(t("última: la {n}").format(n=session.last_partida))
        self.header_state.setText(" · ".join(parts))
        if state.door_closed:
            self.door.setText(t("PUERTA CERRADA\nno entra nadie"))
            self.door.setStyleSheet("background: #b00020; color: #ffffff; padding: 6px;")
        else:
            self.door.setText(t("PUERTA ABIERTA"))
            self.door.setStyleSheet("background: #2e7d32; color: #ffffff; padding: 6px;")
        self.status_words.setText(t("Estado: {state}").format(state=self._status_words()))
        # stopped for an irregularity of the balls, the red box leads to the annulment instead
        self.suspended_box.setVisible(
            partida is not None and partida.status == Status.SUSPENDED and not partida.irregular
        )
        self.resume_button.setEnabled("resume" in allowed)
        self.refund_button.setEnabled("refund_suspended" in allowed)

        # session page
        self.open_session_button.setEnabled("open_session" in allowed)
        self.opening.setEnabled(session is None)
        self.close_session_button.setEnabled("close_session" in allowed)
        self.announce_last_button.setEnabled("announce_last_partida" in allowed)
        unread = self._set_unread and partida is not None and not partida.balls
        uncounted = hall.ball_set_uncounted
        self.scan_balls.setEnabled(
            self.devices is not None
            and not self.bridge.busy
            and ("open_session" in allowed or "close_session" in allowed or unread or uncounted)
        )
        self.count_change_button.setVisible(uncounted)
        self.count_change_button.setEnabled(uncounted and not self.bridge.busy)
        ball_set = hall.ball_set
        self.ball_set_info.setText(
            set_words(ball_set, hall)
            if ball_set is not None
            else t("No hay ningún juego de bolas instalado.")
        )
        self.ball_set_info.setStyleSheet("color: #b00020;" if self._ball_set_spent() else "")
        changeable = self._ball_set_changeable()
        self.change_ball_set_button.setEnabled(changeable)
        self.menu_actions["change_ball_set"].setEnabled(changeable)
        if session is None:
            self.session_info.setText(t("No hay ninguna sesión abierta."))
            if not self.session_id.text():
                self.session_id.setText(self._suggest_session_id())
        else:
            info = t("Sesión {id} del {date}: {n} partidas. Mesa: {mesa}. Sala: {sala}.").format(
                id=session.id,
                date=session.date,
                n=len(session.partidas),
                mesa=session.jefe_de_mesa,
                sala=session.jefe_de_sala,
            )
            transcribed = [p.number for p in session.partidas if p.transcribed]
            if transcribed:
                info += " " + t("Del libro manual: {numbers}.").format(
                    numbers=", ".join(map(str, transcribed))
                )
            self.session_info.setText(info)
        self._fill_prima(allowed)

        # sale page
        self.start_partida_button.setEnabled("start_partida" in allowed)
        selling = "sell" in allowed
        for widget in (self.sell_button, self.sell_range_button, self.sale_count, self.sale_first):
            widget.setEnabled(selling)
        self.sale_last.setEnabled(selling)
        self.sale_series.setEnabled(selling)
        self.close_sale_button.setEnabled("close_sale" in allowed)
        self.confirm_shown_button.setEnabled("confirm_data_shown" in allowed)
        self._fill_series()
        self._fill_sales(shown)

        # extraction page
        can_draw = "draw_ball" in allowed
        manual = self._manual_mode()
        with_devices = self.devices is not None and not manual
        self.draw_device_button.setVisible(self.devices is not None)
        if self._ball_pending() and not can_draw:
            self._held = self._lost = None  # the partida ended: no ball is read into it now
        self.draw_device_button.setEnabled(
            with_devices and can_draw and not self._drawing and not self._ball_pending()
        )
        self.draw_device_button.setText(
            t("Extrayendo…") if self._drawing else t("Extraer bola (F6)")
        )
        typed = can_draw and not with_devices
        self.ball_input.setEnabled(typed)
        self.draw_typed_button.setEnabled(typed)
        self.ball_input.setVisible(not with_devices)
        self.draw_typed_button.setVisible(not with_devices)
        self.draw_random_button.setVisible(manual)
        self.draw_random_button.setEnabled(manual and can_draw)
        if manual:
            self.draw_mode.setText(
                t(
                    "Extracción manual desde la bola {n}: bolas pendientes, al azar (R-INC-2)"
                ).format(n=partida.manual_from_ball if partida else "?")
            )
        elif self.devices is not None:
            self.draw_mode.setText(t("Bolas del extractor y el lector automático."))
        else:
            self.draw_mode.setText(
                t("Sin dispositivos conectados: escriba el número de cada bola.")
            )
        self.hold_box.setVisible(self._ball_pending())
        self.hold_no_ball.setVisible(self._lost is not None and self._lost.ball_in_tube is None)
        self.table_check.setVisible(self.devices is not None)
        self.table_check.setEnabled(with_devices)
        self.seen_box.setVisible(self._table_question is not None)
        self.claim_button.setEnabled("claim" in allowed)
        self.claim_number.setEnabled("claim" in allowed)
        self._fill_claim_series(partida)
        bingo_called = partida is not None and partida.status == Status.BINGO_CALLED
        self.more_box.setVisible(bingo_called)
        self.draw_group.setVisible(not bingo_called)
        asked = bingo_called and partida is not None and self._asked_more == partida.number
        self.asked_more_button.setEnabled(bingo_called and not asked)
        self.close_partida_button.setEnabled("close_partida" in allowed and asked)

        # prizes page
        self._fill_awards(shown)
        self.pay_button.setEnabled("pay_prizes" in allowed)
        printing = self._document is not None
        closed = shown is not None and shown.status in (Status.CLOSED, Status.PAID)
        prizes = {a.prize for a in shown.awards} if shown is not None and closed else set()
        self.prima_receipt_button.setEnabled(
            not printing and bool(prizes & set(documents.DETAILED_PRIZES))
        )
        self.winner_proof_button.setEnabled(not printing and bool(prizes))
        self.acta_button.setEnabled(not printing and bool(hall.sessions))
        self.menu_actions["acta"].setEnabled(not printing and bool(hall.sessions))

        # side: last ball, board
        self.last_ball.set_number(state.last_ball)
        self.board.set_balls(state.balls, state.last_ball)
        self.count.setText(t("{n}\nbolas").format(n=state.extractions))

        # actions and pages follow the state
        self.menu_actions["open_session"].setEnabled("open_session" in allowed)
        self.menu_actions["close_session"].setEnabled("close_session" in allowed)
        self.menu_actions["manual_book"].setEnabled(session is not None)
        for key, (_incident, _text, action) in INCIDENTS.items():
            self.menu_actions[f"incident_{key}"].setEnabled(action in allowed)
        phase = self._phase_of(partida)
        if phase != self._phase:
            self._phase = phase
            self.pages.setCurrentIndex(PAGES.index(phase))

    def _phase_of(self, partida: PartidaState | None) -> str:
        if self.hall.session is None:
            return "session"
        if partida is None:
            return "sale"
        if partida.status in (Status.SALE_OPEN, Status.SALE_CLOSED):
            return "sale"
        if partida.status == Status.CLOSED:
            return "prizes"
        if partida.status == Status.SUSPENDED:
            return "sale" if not partida.balls else "extraction"
        return "extraction"

    def _suggest_session_id(self) -> str:
        date = self.session_date.text().strip() or self.defaults.today()
        used = {s.id for s in self.hall.sessions}
        candidate, n = f"S-{date}", 1
        while candidate in used:
            n += 1
            candidate = f"S-{date}-{n}"
        return candidate

    def _fill_prima(self, allowed: frozenset[str]) -> None:
        hall = self.hall
        rules = hall.rules
        prima = hall.prima
        if rules is not None and self.prima_amount.count() == 0:
            amounts = list(self.defaults.prima_amounts_cents) or list(
                range(rules.prima_min_cents, rules.prima_max_cents + 1, rules.prima_step_cents)
            )
            for cents in amounts:
                self.prima_amount.addItem(euros(cents), cents)
        index = self.prima_amount.findData(prima.amount_cents)
        if index >= 0 and not self.prima_amount.hasFocus():
            self.prima_amount.setCurrentIndex(index)
        self.choose_prima_button.setEnabled("choose_prima_amount" in allowed)
        self.prima_amount.setEnabled("choose_prima_amount" in allowed)
        if prima.amount_cents:
            self.prima_info.setText(
                t("En vigor {amount}; fondo {fund}; límite de bolas {limit}.").format(
                    amount=euros(prima.amount_cents),
                    fund=euros(prima.fund_cents),
                    limit=prima.ball_limit,
                )
            )
        else:
            self.prima_info.setText(t("Sin importe elegido."))

    def _fill_series(self) -> None:
        hall = self.hall
        current = self._selected_series()
        partida = self._current_partida()
        codes = [
            code
            for code, serie in hall.series.items()
            if serie.last_sold < serie.size or (partida is not None and partida.ranges_of(code))
        ]
        existing = [str(self.sale_series.itemData(i)) for i in range(self.sale_series.count())]
        if existing != codes:
            self.sale_series.blockSignals(True)
            self.sale_series.clear()
            for code in codes:
                serie = hall.series[code]
                kind = t(" electrónica") if serie.electronic else ""
                self.sale_series.addItem(
                    t("{code}{kind} ({value})").format(
                        code=code, kind=kind, value=euros(serie.face_value_cents)
                    ),
                    code,
                )
            self.sale_series.blockSignals(False)
            index = self.sale_series.findData(current)
            if index < 0 and partida is not None and partida.sales:
                index = self.sale_series.findData(partida.sales[-1].series)
            self.sale_series.setCurrentIndex(max(0, index))
        self._update_sale_next()

    def _update_sale_next(self) -> None:
        series = self._selected_series()
        partida = self._current_partida()
        if not series or partida is None or partida.status != Status.SALE_OPEN:
            self.sale_next.setText("")
            return
        try:
            first = self.hall.next_sale_number(series)
        except DomainError as exc:
            self.sale_next.setText(str(exc))
            return
        size = self.hall.series[series].size
        self.sale_next.setText(
            t("sigue por el cartón {n} (quedan {left})").format(n=first, left=size - first + 1)
        )
        if not self.sale_first.hasFocus() and not self.sale_last.hasFocus():
            self.sale_first.setValue(first)
            self.sale_last.setValue(max(first, self.sale_last.value()))

    def _fill_sales(self, shown: PartidaState | None) -> None:
        self.sales_list.clear()
        if shown is None:
            self.sale_totals.setText("")
            self.partida_announce.hide()
            self.sale_announce.hide()
            return
        for r in shown.sales:
            kind = t(" (electrónicos)") if r.electronic else ""
            self.sales_list.addItem(
                t("Serie {series}: cartones {first} a {last} — {count}{kind}").format(
                    series=r.series, first=r.first, last=r.last, count=r.count, kind=kind
                )
            )
        self.sales_list.scrollToBottom()
        self.sale_totals.setText(
            t("Vendidos {cards} cartones · recaudación {takings}").format(
                cards=shown.cards_sold, takings=euros(shown.takings_cents)
            )
        )
        announce = [t("Partida {n}.").format(n=shown.number)]
        if shown.prima_available:
            announce.append(
                t("Prima de bingo: {amount} si se canta bingo hasta la bola {limit}.").format(
                    amount=euros(shown.prima_amount_cents), limit=shown.prima_ball_limit
                )
            )
        if shown.bola_loca_numbers:
            announce.append(
                t("Bola loca: {numbers}.").format(
                    numbers=", ".join(map(str, shown.bola_loca_numbers))
                )
            )
        session = self.hall.session
        if session is not None and session.last_partida == shown.number:
            announce.append(t("ÚLTIMA PARTIDA de la sesión."))
        self.partida_announce.setText(" ".join(announce))
        self.partida_announce.show()
        amounts = shown.amounts
        self.sale_announce.setVisible(amounts is not None)
        if amounts is None:
            self.sale_announce.setText("")
            return
        merged: list[list[object]] = []  # contiguous blocks of a serie read as one range
        for r in shown.sales:
            last = merged[-1] if merged else None
            if last is not None and last[0] == r.series and last[2] == r.first - 1:
                last[2] = r.last
            else:
                merged.append([r.series, r.first, r.last])
        ranges = "; ".join(f"{code} {first}–{last}" for code, first, last in merged)
        self.sale_announce.setText(
            t("Anuncie: {cards} cartones vendidos ({ranges}). Línea {line}. Bingo {bingo}.").format(
                cards=amounts.cards_sold,
                ranges=ranges,
                line=euros(amounts.line_prize_cents),
                bingo=euros(amounts.bingo_prize_cents),
            )
        )

    def _fill_claim_series(self, partida: PartidaState | None) -> None:
        codes: list[str] = []
        if partida is not None:
            for r in partida.sales:
                if r.series not in codes:
                    codes.append(r.series)
        existing = [str(self.claim_series.itemData(i)) for i in range(self.claim_series.count())]
        if existing != codes:
            current = str(self.claim_series.currentData() or "")
            self.claim_series.clear()
            for code in codes:
                self.claim_series.addItem(code, code)
            self.claim_series.setCurrentIndex(max(0, self.claim_series.findData(current)))
        self.claim_series.setEnabled(bool(codes))

    def _fill_awards(self, shown: PartidaState | None) -> None:
        awards = list(shown.awards) if shown is not None else []
        self.awards.setRowCount(len(awards))
        for row, award in enumerate(awards):
            cells = (
                prize_name(award.prize),
                award.series,
                str(award.number),
                str(award.completed_at_ball),
                euros(award.amount_cents),
            )
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col >= 2:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.awards.setItem(row, col, item)
        if shown is None:
            self.prizes_info.setText("")
            self.awards_total.setText("")
            return
        total = sum(a.amount_cents for a in awards)
        name = t("Partida {n}").format(n=shown.number) + manual_mark(shown)
        if shown.status == Status.CLOSED:
            self.prizes_info.setText(
                t("{partida} cerrada: pague cada premio contra entrega del cartón ganador.").format(
                    partida=name
                )
            )
        elif shown.status == Status.PAID:
            self.prizes_info.setText(t("{partida}: premios pagados.").format(partida=name))
        elif shown.status == Status.ANNULLED:
            self.prizes_info.setText(
                t("{partida} anulada: se devuelven {refund}.").format(
                    partida=name, refund=euros(shown.refund_cents)
                )
            )
        else:
            self.prizes_info.setText(t("{partida} en juego.").format(partida=name))
        text = t("Total a pagar: {total}").format(total=euros(total))
        closing = shown.closing
        if closing is not None:
            residue = (
                closing.residue_line_cents
                + closing.residue_bingo_cents
                + closing.residue_prima_cents
                + closing.residue_bola_loca_cents
            )
            if residue:
                text += t(" · restos de reparto al acta: {residue}").format(residue=euros(residue))
        self.awards_total.setText(text)

    # ====================================================================== closing

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._document is not None:  # the paper on the worker will not be reported
            self._document = None
            QApplication.restoreOverrideCursor()
        if self.dialog is not None:
            self.dialog.close()
        if self._table_question is not None:  # the draw goes on with the reader's checks only
            self._answer_table(None)
        if self._own_bridge:
            self.bridge.close(wait=False)
        super().closeEvent(event)


def _now() -> str:
    return dt.datetime.now().strftime("%H:%M:%S")
