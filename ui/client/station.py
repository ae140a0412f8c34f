"""A console window as a station of the hall server: the link's state on screen, the table's
questions answered in the console's own box, the hall panel reopened from the menu.

The window itself does not know it is remote: it is given a ``RemoteService`` in place of the
hall's service and ``RemoteDevices`` in place of the ball source. What only a station has is
here: "sin conexión" in the red banner and the status bar while the server cannot be reached
(the console then refuses every command at once, nothing is queued), and the return.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from drivers.notices import Told
from ui.client.devices import RemoteDevices
from ui.client.remote import RemoteService
from ui.panels.hall_panel import HallPanel
from ui.widgets import wrapped_label

if TYPE_CHECKING:
    from ui.console.window import ConsoleWindow

CONTEXT = "Console"


def t(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


class Station(QObject):
    linkChanged = Signal(bool, str)  # from the stream's thread, shown on the GUI thread
    questionClosed = Signal(str)
    tableElsewhere = Signal(str, int)  # another station's table reads a ball (station, draw)
    deviceNotice = Signal(str, object)  # (device, drivers.notices.Told) from the server
    terminalPresence = Signal(str, bool)  # a player terminal connected or gone (R-MULTI-3)
    loginLost = Signal()  # the server no longer takes this station's login

    def __init__(
        self,
        window: ConsoleWindow,
        service: RemoteService,
        devices: RemoteDevices | None = None,
        open_panel: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.service = service
        self._panels: list[HallPanel] = []
        self.label = wrapped_label(name="link_state", pixels=15, bold=True)
        self.label.setWordWrap(False)
        window.statusBar().addPermanentWidget(self.label)
        self._show_online(True)
        self.linkChanged.connect(self._on_link, Qt.ConnectionType.QueuedConnection)
        service.on_link(self.linkChanged.emit)
        self.deviceNotice.connect(self._device_notice, Qt.ConnectionType.QueuedConnection)
        service.on_device = self.deviceNotice.emit
        self.terminalPresence.connect(self._terminal, Qt.ConnectionType.QueuedConnection)
        service.on_terminal = self.terminalPresence.emit
        self._signing_in = False
        if service.link.operator is not None:  # logged in: the jefe de sala's override here
            self._use_override()
        self.loginLost.connect(self._login_again, Qt.ConnectionType.QueuedConnection)
        service.login_lost = self.loginLost.emit
        if devices is not None:
            devices.ask = window.draws.table_sees
            devices.on_closed = self.questionClosed.emit
            self.questionClosed.connect(self._question_closed, Qt.ConnectionType.QueuedConnection)
            self._reading = ""  # what the status bar says of another station's reading
            self.tableElsewhere.connect(self._elsewhere, Qt.ConnectionType.QueuedConnection)
            devices.on_elsewhere = self.tableElsewhere.emit  # connected first: it may tell now
        if open_panel is not None:
            action = QAction(t("Panel de la sala"), window)
            action.setObjectName("action_hall_panel")
            action.setShortcut(QKeySequence("Ctrl+0"))
            action.triggered.connect(lambda _checked=False: open_panel())
            window.menu_actions["hall_panel"] = action
            view = window.menuBar().findChild(QMenu, "view_menu")  # by name, in any language
            (view or window).addAction(action)

    def watch_panel(self, panel: HallPanel) -> None:
        """The hall panel fed from this replica says "sin conexión" while the link is down."""
        self._panels.append(panel)

    def _show_online(self, online: bool) -> None:
        if online:
            text = t("● en línea: {url}").format(url=self.service.link.base_url)
            operator = self.service.link.operator
            if operator is not None:  # who is at this station, as the server knows it
                text += " — " + operator[0]
            self.label.setText(text)
            self.label.setStyleSheet("color: darkgreen")
        else:
            self.label.setText(t("✖ sin conexión con el servidor"))
            self.label.setStyleSheet("color: darkred")

    def _on_link(self, online: bool, what: str) -> None:
        self._show_online(online)
        for panel in self._panels:
            panel.show_offline(not online)
        window = self.window
        window.alarm.link_changed(online)
        window.refresh()  # the menus offer nothing while cut off
        if online:
            window.error.hide()
            window.log_line(t("Conexión con el servidor de la sala recuperada"))
            return
        if self.service.problem:
            message = t("El registro del servidor no es el de este puesto: {why}").format(
                why=self.service.problem
            )
        else:
            message = t(
                "Sin conexión con el servidor de la sala: no se puede dar ninguna orden hasta que "
                "vuelva; la pantalla muestra lo último que constaba"
            )
        window.show_error(message)

    def _use_override(self) -> None:
        from ui.client.login import StationOverride

        self.service.override = StationOverride(self.window)

    def _login_again(self) -> None:
        """The login is gone (the server restarted, or 12 hours passed): the same dialog again,
        the name already there (decision 203). Until then every command is refused.
        """
        if self._signing_in:
            return
        if self._nobody_can_log_in():
            return
        from ui.client.login import sign_in

        self._signing_in = True
        try:
            operator = self.service.link.operator
            self.window.show_error(t(
                "La sesión de este puesto ya no vale (el servidor se reinició o pasaron sus 12 "
                "horas): inicie sesión de nuevo"
            ))  # fmt: skip
            if sign_in(self.service.link, self.window, operator[0] if operator else ""):
                self._use_override()  # also when the hall got its first operators meanwhile
                self._show_online(self.service.online)
                self.window.error.hide()
                self.window.log_line(t("Sesión iniciada de nuevo en el servidor de la sala"))
                self.window.refresh()
        finally:
            self._signing_in = False

    def _nobody_can_log_in(self) -> bool:
        """A server that no longer takes this console's key (another server, started without
        it) at a hall with no operators: a login nobody could answer is not asked for; what to
        do is said instead (decision 544).
        """
        try:
            station = self.service.link.get("/api/v1/station")
        except Exception:  # the server away: the login is asked for as before
            return False
        if station.get("operators", True):
            return False
        self.window.show_error(t(
            "El servidor de la sala ya no reconoce a esta consola y la sala aún no tiene "
            "operadores, así que nadie puede iniciar sesión: cierre la consola y el servidor "
            "que sirve la sala, y vuelva a abrirla (make run)"
        ))  # fmt: skip
        return True

    def _device_notice(self, device: str, notice: Told) -> None:
        """The server's device notice, a code the console words as its own drivers' (R-DEV-1)."""
        self.window.bridge.deviceNotice.emit(device, notice)

    def _terminal(self, name: str, connected: bool) -> None:
        """A player terminal connected to the table, or gone (decision 283): told, never an
        alarm, for its cartones go on playing and its prizes wait for it.
        """
        if connected:
            message = t("Terminal {name}: conectada a la mesa").format(name=name)
        else:
            message = t(
                "Terminal {name}: desconectada; sus cartones siguen en juego y sus premios "
                "quedan pendientes de cobro"
            ).format(name=name)
        self.window.statusBar().showMessage(message, 15_000)
        if not connected:
            self.window.side.log(message, "⚠", Qt.GlobalColor.darkRed)

    def _question_closed(self, _question_id: str) -> None:
        """Another station answered, or the time ran out: the box goes away."""
        if self.window.draws.table_question is not None:
            self.window.draws.answer_table(None)

    def _elsewhere(self, station: str, draw: int) -> None:
        """Another station's table reads a ball its devices could not vouch for: this one is
        told why its commands are refused meanwhile (decision 340), until the ball is read.
        """
        bar = self.window.statusBar()
        if draw:
            self._reading = t(
                "La mesa del puesto {station} está leyendo la bola de la extracción {n}: "
                "ninguna orden se aplica hasta que conste"
            ).format(station=station, n=draw)
            bar.showMessage(self._reading)
        elif self._reading:
            if bar.currentMessage() == self._reading:
                bar.clearMessage()
            self._reading = ""
