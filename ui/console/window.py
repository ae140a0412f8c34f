"""The console of the jefe de mesa-cajero: the whole night at the control table.

The window is given the hall's service (and the ball source when devices are connected) and
drives it; it never opens a database, a port or an emulator. It is a frame: the header and the
column on the right (``frame``), one page per step of the night (``pages``), the menus and their
shortcuts. What the pages show is derived without Qt (``state.derive``); what the operator does
comes back as the pages' signals, which the window turns into the service's commands, the ball
counts (``counts``), the draw policy (``draws``) and the papers (``papers``).

Every command goes through ``attempt``: a ``DomainError`` is shown in the red banner and in the
event log, the typed values stay where they were, and the window goes on. The buttons follow
``bingo.readmodel.allowed_actions``; the engine still checks every rule.

Blocking device calls (a draw waits for the ball, a set scan for 90 readings) run on the
bridge's worker thread; their outcome comes back as a signal. So do the papers printed at the
table (the session's acta, prize receipts, winners' proofs).
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QMainWindow, QTabWidget, QVBoxLayout, QWidget

from bingo import commands as cmd
from bingo import events as ev
from bingo.drawing import BallSource
from bingo.hall import DomainError, Hall
from bingo.handlers import Bus
from bingo.money import euros
from drivers import notices
from store.errors import StoreError
from ui.bridge import Bridge
from ui.console.alarm import DeviceAlarm, device_name
from ui.console.autodraw import AutoDraw
from ui.console.ball_check import BallCheckDialog
from ui.console.ball_set import BallSetDialog
from ui.console.cash import Cash, DrawerDialog
from ui.console.claims import Claims
from ui.console.counts import Counts
from ui.console.dialogs import ConfirmDialog, IncidentDialog, SerieDialog
from ui.console.draws import Draws
from ui.console.frame import Header, Side
from ui.console.games import Games
from ui.console.incidents import MENU_TEXTS, Incidents
from ui.console.manual_book import ManualBookDialog
from ui.console.options import OptionsDialog, ask_options, load_options
from ui.console.pages.extraction import ExtractionPage
from ui.console.pages.games import GamesPage
from ui.console.pages.prizes import PrizesPage
from ui.console.pages.sale import SalePage
from ui.console.pages.session import SessionPage
from ui.console.papers import Papers
from ui.console.state import (
    INCIDENTS,
    PAGES,
    Desk,
    ball_set_spent,
    derive,
    desk_allowed,
    plural,
    settle,
    suggest_session_id,
)
from ui.console.strip import Strip
from ui.console.texts import closing_question, describe, t, words
from ui.widgets import VerticalScroll, set_pixel_font, wrapped_label

log = logging.getLogger(__name__)

# The Sesión menu's entries that give the hall an order: none is offered by a station cut off
# from its server (it offered «Iniciar la partida» all the same). While it is reached, a key the
# state refuses stays on and says why (F6 before «¿Alguna línea más?», decision 170).
STATE_ACTIONS = (
    "open_session",
    "start_partida",
    "close_sale",
    "confirm_data_shown",
    "draw",
    "auto_draw",
    "claim",
    "close_partida",
    "pay_prizes",
    "new_serie",
    "change_ball_set",
    "announce_last",
    "close_session",
)

__all__ = ["INCIDENTS", "MENU_TEXTS", "BallSource", "ConsoleDefaults", "ConsoleWindow"]


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
    # the station's options (printer, opening float), remembered there (None: not remembered)
    options_file: Path | None = None
    # timed automatic extraction: seconds per ball (0: off, the jefe de mesa may set it)
    auto_draw_seconds: float = 0.0


Dialog = (
    IncidentDialog
    | ConfirmDialog
    | SerieDialog
    | ManualBookDialog
    | BallSetDialog
    | BallCheckDialog
    | DrawerDialog
    | OptionsDialog
)


class ConsoleWindow(QMainWindow):
    # A line for the event log once the engine's queued events have been shown.
    _logLater = Signal(str)
    _errorLater = Signal(str)  # the same for a refusal that follows what was just recorded

    def __init__(
        self,
        service: Bus,
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
        self.desk = Desk(devices=devices is not None)
        self.dialog: Dialog | None = None
        self._close_agreed = False  # the operator said yes to closing mid-partida
        self._moment: tuple[int, str, int, int] | None = None  # what the status bar speaks of

        central = QWidget(self)
        self.setCentralWidget(central)
        outer = QVBoxLayout(central)
        outer.setContentsMargins(10, 8, 10, 8)
        self.header = Header(self)
        self.error = self.header.error
        outer.addLayout(self.header.layout)
        self.strip = Strip()  # the last balls, the money and the clock on every page
        outer.addWidget(self.strip)
        body = QHBoxLayout()
        outer.addLayout(body, 1)
        self.pages = QTabWidget()
        self.pages.setObjectName("pages")
        set_pixel_font(self.pages.tabBar(), 17, bold=True)
        defaults = self.defaults
        self.session_page = SessionPage(
            devices=devices is not None,
            today=defaults.today(),
            jefe_de_mesa=defaults.jefe_de_mesa,
            jefe_de_sala=defaults.jefe_de_sala,
        )
        self.sale_page = SalePage()
        self.extraction_page = ExtractionPage()
        self.prizes_page = PrizesPage()
        self.games_page = GamesPage()  # bingo plus and bingo derivado (docs/games.md)
        # Each page scrolls rather than make the window taller than a laptop's screen
        # (1366×768, with the red banner showing).
        for page, title in (
            (self.session_page, t("1 · Sesión")),
            (self.sale_page, t("2 · Venta")),
            (self.extraction_page, t("3 · Extracción y cantos")),
            (self.prizes_page, t("4 · Premios")),
            (self.games_page, t("5 · Otras modalidades")),
        ):
            self.pages.addTab(VerticalScroll(page), title)
        body.addWidget(self.pages, 62)
        self.side = Side()
        self.event_log = self.side.event_log
        body.addWidget(self.side, 38)
        self.options = load_options(self.defaults.options_file)
        self.cash = Cash(self)
        self.counts = Counts(self)
        self.draws = Draws(self)
        self.papers = Papers(self)
        self.claims = Claims(self)
        self.incidents = Incidents(self)
        self.alarm = DeviceAlarm(self)  # a device away: at once, in sight and heard
        self.games = Games(self, self.games_page)
        self._connect_pages()
        self._build_menus()
        self.status_words = wrapped_label(name="status_words", pixels=15, bold=True)
        self.status_words.setWordWrap(False)
        self.statusBar().addPermanentWidget(self.status_words)

        self.bridge.changed.connect(self.refresh)
        self.bridge.recorded.connect(self._on_recorded)
        self.bridge.jobDone.connect(self._on_job_done)
        self.bridge.jobFailed.connect(self._on_job_failed)
        self.bridge.deviceNotice.connect(self._on_device_notice)
        self.bridge.asked.connect(self.draws.on_asked)
        self._logLater.connect(self.log_line, Qt.ConnectionType.QueuedConnection)
        self._errorLater.connect(self._log_error, Qt.ConnectionType.QueuedConnection)
        # after the bridge's connections above: it follows what they did
        self.autodraw = AutoDraw(self, self.defaults.auto_draw_seconds)
        self._load_log()
        self.refresh()

    # ====================================================================== construction

    def _connect_pages(self) -> None:
        session = self.session_page
        session.announceLast.connect(self.ask_announce_last)
        session.choosePrima.connect(self.choose_prima)
        sale = self.sale_page
        sale.startPartida.connect(self.start_partida)
        sale.newSerie.connect(self.ask_new_serie)
        sale.sellCount.connect(self.sell_count)
        sale.sellRange.connect(self.sell_range)
        sale.returnCartones.connect(self.return_cartones)
        sale.closeSale.connect(self.close_sale)
        sale.confirmShown.connect(self.confirm_data_shown)
        self.prizes_page.payPrizes.connect(self.pay_prizes)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        # each menu by its object name: found as such, never by its words in one language
        session = bar.addMenu(t("&Sesión"))
        session.setObjectName("session_menu")
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

        counts, claims = self.counts, self.claims
        add(session, "open_session", t("Abrir la sesión"), counts.open_session, "F2")
        add(session, "start_partida", t("Iniciar la partida"), self.start_partida, "F3")
        add(session, "close_sale", t("Cerrar la venta"), self.close_sale, "F4")
        add(session, "confirm_data_shown", t("Datos en los paneles"), self.confirm_data_shown, "F5")
        add(session, "draw", t("Extraer bola"), claims.draw_key, "F6")
        add(session, "claim", t("Comprobar un cartón"), claims.focus_claim, "F7")
        add(session, "auto_draw", t("Extracción automática"), self._auto_draw, "Ctrl+F6")
        add(session, "close_partida", t("Cerrar la partida"), claims.close_partida, "F8")
        add(session, "pay_prizes", t("Pagar los premios"), self.pay_prizes, "F9")
        session.addSeparator()
        add(session, "new_serie", t("Registrar una serie…"), self.ask_new_serie, "Ctrl+R")
        add(session, "manual_book", t("Incorporar el libro manual…"), self.ask_manual_book)
        add(
            session,
            "change_ball_set",
            t("Cambiar el juego de bolas…"),
            counts.ask_ball_set_change,
            "Ctrl+B",
        )
        add(
            session,
            "announce_last",
            t("Anunciar la última partida…"),
            self.ask_announce_last,
            "Ctrl+U",
        )
        add(session, "close_session", t("Cerrar la sesión"), counts.close_session, "F10")
        session.addSeparator()
        add(session, "acta", t("Acta de la sesión…"), self.papers.save_acta, "Ctrl+P")
        add(session, "print_acta", t("Imprimir el acta"), self.papers.print_acta, "Ctrl+Shift+P")
        add(session, "drawer", t("Caja de la sesión…"), self.cash.show_drawer, "Ctrl+T")
        add(session, "options", t("Opciones de la consola…"), partial(ask_options, self), "Ctrl+O")
        session.addSeparator()
        add(session, "quit", t("Salir"), self.close, "Ctrl+Q")  # asked first mid-partida
        incidents = bar.addMenu(t("&Incidencias"))
        incidents.setObjectName("incidents_menu")
        self.incidents_menu = incidents
        for key, text in MENU_TEXTS.items():
            add(incidents, f"incident_{key}", t(text), partial(self.incidents.open_incident, key))
        view = bar.addMenu(t("&Ver"))
        view.setObjectName("view_menu")
        pages = (t("Sesión"), t("Venta"), t("Extracción"), t("Premios"), t("Otras modalidades"))
        for i, name in enumerate(pages):
            add(view, f"page_{i}", name, partial(self.pages.setCurrentIndex, i), f"Ctrl+{i + 1}")
        hide = QAction(self)
        hide.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        hide.triggered.connect(self._escape)
        self.addAction(hide)

    def _auto_draw(self) -> None:
        self.autodraw.start()

    def _escape(self) -> None:
        """Esc: STOP the automatic extraction, and hide the red banner."""
        self.autodraw.stop(t("la mesa pulsó PARAR"))
        self.error.hide()

    # ====================================================================== plumbing

    @property
    def hall(self) -> Hall:
        return self.service.hall

    def online(self) -> bool:
        """The hall's service can be reached: always for the local one, the link's state for a
        station of the hall server.
        """
        return bool(getattr(self.service, "online", True))

    def allowed(self) -> frozenset[str]:
        return desk_allowed(self.hall, self.desk)  # no ball while the table asks for lines

    def attempt(
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
        except (DomainError, StoreError) as exc:  # a rule, or the record, refused: nothing written
            log.info("%s refused: %s", what, exc)  # with the rule's code, for the technician
            self._refused(t("{what}: {reason}").format(what=what, reason=words(exc)), report)
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

    def show_error(
        self,
        message: str,
        *,
        after_records: bool = False,
        solved: Callable[[], bool] | None = None,
    ) -> None:
        """The red banner, the status bar and the event log; ``after_records``: the log's line
        comes after the lines of the events just recorded (they are shown queued); ``solved``:
        the banner goes by itself once it says the problem is gone.
        """
        self.error.setText(message)
        if solved is not None:
            self.error.until(solved)
        self.error.show()
        if after_records:
            self._errorLater.emit(message)
        else:
            self._log_error(message)
        self.statusBar().showMessage(message, 15_000)
        self.refresh()

    def _log_error(self, message: str) -> None:
        self.side.log(message, "✖", Qt.GlobalColor.darkRed)
        self.event_log.scrollToBottom()

    def log_line(self, message: str) -> None:
        self.side.log(message, "✎", Qt.GlobalColor.darkBlue)
        self.event_log.scrollToBottom()

    def log_later(self, message: str) -> None:
        """A line for the event log after the engine's own lines, which come queued."""
        self._logLater.emit(message)

    # ====================================================================== session

    def choose_prima(self, cents: int) -> None:
        self.attempt(
            t("Prima de bingo"),
            lambda: self.service.handle(cmd.ChoosePrimaAmount(amount_cents=cents)),
        )

    def ask_announce_last(self) -> None:
        if "announce_last_partida" not in self.allowed():
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
            lambda: self.attempt(
                t("Última partida"), lambda: self.service.handle(cmd.AnnounceLastPartida())
            )
        )
        self.open_dialog(dialog)

    def ask_new_serie(self) -> None:
        hall = self.hall
        card_sets = [(cid, info.count) for cid, info in hall.card_set_info.items()]
        prefix = self.defaults.serie_prefix
        n = sum(1 for code in hall.series if code.startswith(prefix + "-")) + 1
        dialog = SerieDialog(card_sets, f"{prefix}-{n:04d}", self.defaults.face_value_cents, self)

        def register() -> None:
            code, card_set_id, size, face, electronic = dialog.values()
            if self.attempt(
                t("Registrar la serie"),
                lambda: self.service.handle(
                    cmd.RegisterSerie(
                        code=code,
                        card_set_id=card_set_id,
                        size=size,
                        face_value_cents=face,
                        electronic=electronic,
                    )
                ),
            ):  # registered because one ran out: the sale goes on from the new one
                self.sale_page.select_series(code)

        dialog.accepted.connect(register)
        self.open_dialog(dialog)

    def ask_manual_book(self) -> None:
        """Take back the partidas kept in the manual book while the system was down."""
        if self.hall.session is None:
            self.show_error(t("El libro manual se incorpora con la sesión abierta"))
            return
        dialog = ManualBookDialog(self.service, self)
        dialog.accepted.connect(lambda: self._manual_book_recorded(dialog.numbers))
        self.open_dialog(dialog)

    def _manual_book_recorded(self, numbers: list[int]) -> None:
        self.desk.asked_more = None
        self.desk.held = None
        self.desk.lost = None
        self.extraction_page.clear_verdict()
        self.error.hide()
        self.refresh()
        message = (
            t("Partida {numbers} incorporada del libro manual")
            if len(numbers) == 1
            else t("Partidas {numbers} incorporadas del libro manual")
        ).format(numbers=", ".join(map(str, numbers)))
        self.statusBar().showMessage(message, 15_000)
        self.log_later(message)

    # ====================================================================== sale

    def start_partida(self) -> None:
        self.pages.setCurrentIndex(1)
        if "start_partida" not in self.allowed() or self.counts.lead_to_count():
            return
        if self.attempt(t("Iniciar la partida"), lambda: self.service.handle(cmd.StartPartida())):
            self.extraction_page.clear_verdict()
            self.sale_page.sale_count.setFocus()
        elif ball_set_spent(self.hall):  # refused for the set's limit (R-BALL-1): change it
            self.counts.offer_ball_set_change("límite de partidas")

    def sell_count(self, series: str, count: int) -> None:
        if not series:
            self.show_error(
                t("No hay ninguna serie a la venta: registre una"), solved=self._on_sale
            )
            return
        seller = self.sale_page.seller()
        self.attempt(
            t("Venta"),
            lambda: self.service.handle(cmd.SellCount(series=series, count=count, seller=seller)),
        )

    def sell_range(self, series: str, first: int, last: int) -> None:
        if not series:
            self.show_error(
                t("No hay ninguna serie a la venta: registre una"), solved=self._on_sale
            )
            return
        seller = self.sale_page.seller()
        self.attempt(
            t("Venta"),
            lambda: self.service.handle(
                cmd.Sell(series=series, first=first, last=last, seller=seller)
            ),
        )

    def _on_sale(self) -> bool:
        return bool(self.sale_page.selected_series())

    def close_sale(self) -> None:
        """F4 asks first: after the close no cartón is sold or returned (R-SALE-3)."""
        partida = self.hall.partida
        if "close_sale" not in self.allowed() or partida is None:
            return
        dialog = ConfirmDialog(
            t("Cerrar la venta"),
            plural(
                partida.cards_sold,
                t(
                    "Se cierra la venta de la partida {n}: {cards} cartón, {takings}. Después no "
                    "puede venderse ni devolverse ningún cartón."
                ),
                t(
                    "Se cierra la venta de la partida {n}: {cards} cartones, {takings}. Después "
                    "no puede venderse ni devolverse ningún cartón."
                ),
            ).format(
                n=partida.number, cards=partida.cards_sold, takings=euros(partida.takings_cents)
            ),
            t("Cerrar la venta (Intro)"),
            self,
        )
        dialog.accepted.connect(
            lambda: self.attempt(t("Cerrar la venta"), lambda: self.service.handle(cmd.CloseSale()))
        )
        self.open_dialog(dialog)

    def return_cartones(self, count: int) -> None:
        """The last cartones of the last sale back to the table, before the close."""
        returned: list[cmd.SaleRange] = []
        if self.attempt(
            t("Devolver cartones"),
            lambda: returned.append(self.service.handle(cmd.ReturnCartones(count=count))),
        ):
            series, first, last = returned[0].series, returned[0].first, returned[0].last
            message = t("Devueltos a la mesa: serie {series}, cartones {first} a {last}").format(
                series=series, first=first, last=last
            )
            self.statusBar().showMessage(message, 15_000)
            self.sale_page.sale_count.setFocus()

    def confirm_data_shown(self) -> None:
        if "confirm_data_shown" not in self.allowed():
            return
        if self.attempt(
            t("Datos en los paneles"), lambda: self.service.handle(cmd.ConfirmDataShown())
        ):
            self.pages.setCurrentIndex(2)

    def pay_prizes(self) -> None:
        if "pay_prizes" not in self.allowed():
            return
        if self.attempt(t("Pagar los premios"), lambda: self.service.handle(cmd.PayPrizes())):
            self.sale_page.start_partida_button.setFocus()

    # ====================================================================== dialogs

    def open_dialog(self, dialog: Dialog) -> None:
        old = self.dialog  # closing it clears ``self.dialog`` (``_dialog_closed``)
        if old is not None:
            old.close()
            old.deleteLater()
        self.dialog = dialog
        dialog.finished.connect(lambda _result: self._dialog_closed(dialog))
        dialog.open()

    def _dialog_closed(self, dialog: QWidget) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()

    # ====================================================================== the worker and the log

    def _on_job_done(self, tag: str, result: object) -> None:
        if tag == "draw":
            self.draws.drawn(result)
        elif tag == "document":
            self.papers.saved(result)
        elif tag == "scan":
            self.counts.scanned(result)
        self.refresh()

    def _on_job_failed(self, tag: str, error: object) -> None:
        if tag == "draw":
            self.draws.draw_failed(error)
        elif tag == "document":
            self.papers.failed(error)
        elif tag == "scan":
            self.counts.scan_failed(error)
        self.refresh()

    def _on_device_notice(self, device: str, notice: object) -> None:
        # a driver's notice here, or its code from the hall server (drivers.notices)
        said = notices.told(notice)
        kind = said.code if said is not None else None
        texts = {
            notices.OFFLINE: t("{device}: sin comunicación"),
            notices.ONLINE: t("{device}: en línea"),
            notices.RESTARTED: t("{device}: se ha reiniciado"),
            notices.FAULTS: t("{device}: cambio en sus averías"),
            notices.EVENTS_LOST: t("{device}: se han perdido avisos"),
        }
        text = texts.get(kind or "")
        if text is None:
            return
        message = text.format(device=device_name(device))
        message = message[:1].upper() + message[1:]
        self.alarm.notice(device, notice)  # every device's state in the header, the alarm
        self.statusBar().showMessage(message, 10_000)
        if kind != notices.ONLINE:
            self.side.log(message, "⚠", Qt.GlobalColor.darkRed)

    def _on_recorded(self, record: object, event: object) -> None:
        if not isinstance(event, ev.Event):
            return
        if isinstance(event, ev.PartidaStarted | ev.GamePartidaStarted):
            self.event_log.clear()  # the log of the partida on show, whichever modality
        at = str(getattr(record, "at", ""))[11:19]
        self.side.log(f"{at}  {describe(event, self.hall)}")
        self.event_log.scrollToBottom()

    def _load_log(self) -> None:
        """The events of the partida on show (or of the session so far), from the record."""
        items: list[tuple[str, ev.Event]] = []
        for record in self.service.records():
            try:
                event = ev.event_from(record.kind, record.payload)
            except ev.UnknownEvent:
                continue
            if isinstance(event, ev.PartidaStarted | ev.GamePartidaStarted | ev.SessionOpened):
                items = []
            items.append((str(record.at)[11:19], event))
        for at, event in items:
            self.side.log(f"{at}  {describe(event, self.hall)}")
        self.event_log.scrollToBottom()

    # ====================================================================== the view

    def refresh(self) -> None:
        hall, desk = self.hall, self.desk
        view = derive(
            hall, desk, busy=self.bridge.busy, prima_amounts=self.defaults.prima_amounts_cents, t=t
        )
        settle(hall, desk)  # after the view, which already shows no ball waiting then
        # The status bar's instruction is about the state it was given in: once the partida
        # moves on (a ball, a claim, another phase) it is done, and goes.
        partida = hall.partida
        moment = (
            (partida.number, partida.status, len(partida.balls), len(partida.claims))
            if partida is not None
            else None
        )
        if moment != self._moment:
            self._moment = moment
            self.statusBar().clearMessage()
        self.header.show_view(view)
        self.status_words.setText(view.status)
        session = self.session_page
        session.show_view(view, busy=self.bridge.busy)
        if not view.session_open and not session.session_id.text():
            date = session.session_date.text().strip() or self.defaults.today()
            session.session_id.setText(suggest_session_id(hall, date))
        self.sale_page.show_view(view)
        self.extraction_page.show_view(view, table_asked=self.draws.table_question is not None)
        self.prizes_page.show_view(view)
        self.games.refresh()
        self.side.show_view(view)
        self.strip.show_view(view)
        self.alarm.show_view()
        self.error.check()
        # actions and pages follow the state; a station cut off from its server offers nothing
        # it would refuse (decision 203)
        online = self.online()
        allowed = view.allowed if online else frozenset()
        actions = self.menu_actions
        for key in STATE_ACTIONS:
            actions[key].setEnabled(online)  # a key the state refuses still says why
        actions["open_session"].setEnabled("open_session" in allowed)
        actions["close_session"].setEnabled("close_session" in allowed)
        actions["change_ball_set"].setEnabled(view.changeable and online)
        actions["acta"].setEnabled(view.acta)
        actions["manual_book"].setEnabled(view.session_open and online)
        for key, (_incident, _text, action) in INCIDENTS.items():
            actions[f"incident_{key}"].setEnabled(action in allowed)
        if view.phase != desk.phase:
            desk.phase = view.phase
            self.pages.setCurrentIndex(PAGES.index(view.phase))

    # ====================================================================== closing

    def close_now(self) -> None:
        """Close without the question (the program's own exit, not the operator's key)."""
        self._close_agreed = True
        self.close()

    def _close_anyway(self) -> None:
        self.close_now()

    def closeEvent(self, event: QCloseEvent) -> None:
        # Alt+F4 or the window's cross mid-partida: asked first (``close_now`` is not)
        if not self._close_agreed and closing_question(self.hall):
            event.ignore()
            dialog = ConfirmDialog(
                t("Cerrar la consola"),
                closing_question(self.hall),
                t("Cerrar la consola"),
                self,
                stay_text=t("Seguir en la consola (Intro)"),
                enter_stays=True,
            )
            dialog.accepted.connect(self._close_anyway)
            self.open_dialog(dialog)
            return
        self.papers.abandon()
        if self.dialog is not None:
            self.dialog.close()
        if self.draws.table_question is not None:  # the draw goes on with the reader's checks
            self.draws.answer_table(None)
        if self._own_bridge:
            self.bridge.close(wait=False)
        super().closeEvent(event)
