"""Consoles as clients of a real hall server on loopback (issue 8, §2 and §4): the real
``ConsoleWindow`` on a replica of the hall, the server (`bingo-hall serve`, a child process) the
only writer, the web panel in a real headless chromium.

R-ACTA-1, R-ACTA-2 (what is shown is what was recorded), R-GAME-3 (the table's reading of a ball
prevails), R-PANEL-2 (every screen shows the state, a late one too).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from bingo.hall import Status
from bingo.readmodel import panel_state
from drivers.notices import OFFLINE, Told
from tests.server.kit import (
    MESA,
    Client,
    Server,
    carton_rows,
    open_session,
    partida_ready,
    shown,
    wait_for,
)
from tests.ui.kit import answer_secret as answer
from tests.ui.test_console import click, draw_typed, type_into
from ui.bridge import Bridge
from ui.client.devices import RemoteDevices
from ui.client.link import Link, StaleState
from ui.client.remote import RemoteService
from ui.client.station import Station
from ui.console import ConsoleDefaults, ConsoleWindow
from ui.panels.hall_panel import HallPanel

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]


class Console:
    """A console station: the real window on a replica of the server's hall."""

    def __init__(
        self,
        qtbot: QtBot,
        server: Server,
        station: str,
        follow: bool = True,
        operator: tuple[str, str] = MESA,
    ) -> None:
        self.qtbot = qtbot
        link = Link(server.url, station)
        link.login(*operator)  # the hall has operators: a station logs in (R-ROLE-1)
        self.service = RemoteService(link)
        self.devices = RemoteDevices(self.service) if server.devices != "none" else None
        if follow:
            self.service.start()
        self.bridge = Bridge()
        self.bridge.attach(self.service)
        self.window = ConsoleWindow(
            self.service,
            self.devices,
            bridge=self.bridge,
            defaults=ConsoleDefaults("Mesa", "Sala", today=lambda: "2026-11-24"),
        )
        self.station = Station(self.window, self.service, self.devices)
        qtbot.addWidget(self.window)
        self.window.show()
        qtbot.waitExposed(self.window)

    @property
    def hall(self) -> Any:
        return self.service.hall

    def shows_version(self, version: int) -> None:
        self.qtbot.waitUntil(lambda: self.service.last_seq >= version, timeout=10_000)

    def close(self) -> None:
        self.bridge.close()
        self.service.close()


@pytest.fixture
def consoles(qtbot: QtBot) -> Iterator[Callable[..., Console]]:
    made: list[Console] = []

    def make(
        server: Server, station: str = "mesa", follow: bool = True, operator: tuple[str, str] = MESA
    ) -> Console:
        made.append(Console(qtbot, server, station, follow, operator))
        return made[-1]

    yield make
    for console in made:
        console.close()


def panel_at(chrome: Any, version: int) -> dict[str, Any]:
    wait_for(chrome, f"window.__panel.online && window.__panel.version >= {version}")
    return shown(chrome)


def test_a_console_station_plays_a_whole_partida_the_panel_shows_it_and_a_late_one_catches_up(
    qtbot: QtBot,
    servers: Callable[..., Server],
    consoles: Callable[..., Console],
    chrome: Any,
) -> None:
    server = servers()
    open_session(Client(server, "sala"))
    mesa = consoles(server, "mesa")
    window = mesa.window
    chrome.get(server.panel("board"))
    qtbot.waitUntil(lambda: mesa.hall.session is not None)

    click(qtbot, window.sale_page.start_partida_button)
    type_into(qtbot, window.sale_page.sale_count, "120", enter=True)
    assert window.error.isHidden(), window.error.text()
    click(qtbot, window.sale_page.close_sale_button)
    assert window.dialog is not None  # asked first: it cannot be undone
    qtbot.keyClick(window.dialog, Qt.Key.Key_Return)
    click(qtbot, window.sale_page.confirm_shown_button)
    rows = carton_rows(1)
    line, rest = list(rows[0]), sorted(rows[1] + rows[2])
    draw_typed(qtbot, window, line)
    on = panel_at(chrome, mesa.service.last_seq)
    assert sorted(on["lit"]) == sorted(line) and on["last"] == str(line[-1])

    type_into(qtbot, window.extraction_page.claim_number, "1", enter=True)
    assert window.extraction_page.verdict.text().startswith("LÍNEA CORRECTA")
    click(qtbot, window.extraction_page.asked_more_button)  # "¿alguna línea más?" (decision 170)

    # a second console opened now gets the whole state, then the stream
    caja = consoles(server, "caja")
    assert caja.hall.partida is not None and caja.hall.partida.balls == line
    draw_typed(qtbot, window, rest)
    caja.shows_version(mesa.service.last_seq)
    assert caja.hall.partida.balls == line + rest
    qtbot.waitUntil(lambda: caja.window.side.last_ball.number() == rest[-1])  # its screen too

    window.extraction_page.claim_bingo.setChecked(True)
    type_into(qtbot, window.extraction_page.claim_number, "1", enter=True)
    assert window.extraction_page.verdict.text().startswith("BINGO CORRECTO")
    click(qtbot, window.extraction_page.asked_more_button)
    click(qtbot, window.extraction_page.close_partida_button)
    click(qtbot, window.prizes_page.pay_button)
    assert window.error.isHidden(), window.error.text()
    on = panel_at(chrome, mesa.service.last_seq)
    assert sorted(on["lit"]) == sorted(line + rest) and on["count"] == str(15)
    state = Client(server).state()
    assert state["version"] == mesa.service.last_seq
    assert state["state"]["status"] == "paid"
    assert mesa.hall.session.partidas[-1].status == Status.PAID
    # the replica is the record: the same records, hash for hash
    assert [r.hash for r in mesa.service.records()] == [r.hash for r in caja.service.records()]


def test_two_consoles_racing_one_command_applies_once_the_other_is_told(
    qtbot: QtBot, servers: Callable[..., Server], consoles: Callable[..., Console]
) -> None:
    server = servers()
    terminal = Client(server, "terminal")
    open_session(terminal)
    partida_ready(terminal)
    mesa = consoles(server, "mesa")
    caja = consoles(server, "caja", follow=False)  # it has not heard of mesa's ball yet
    before = mesa.service.last_seq
    assert caja.service.last_seq == before

    draw_typed(qtbot, mesa.window, [17])
    type_into(qtbot, caja.window.extraction_page.ball_input, "33", enter=True)
    assert "otro puesto cambió" in caja.window.error.text()
    assert "no se ha aplicado" in caja.window.error.text()
    balls = terminal.state()["state"]["balls"]
    assert balls == [17]  # mesa's ball once, caja's never
    caja.service.sync()
    assert caja.hall.partida.balls == [17]

    # a command whose answer was lost is sent again with the same ids: applied once
    link = Link(server.url, "mesa-retry")
    link.login(*MESA)
    body_args = {"number": 44}
    first = link.command("draw_ball", body_args, mesa.service.last_seq + 0)
    link._ids = iter([1])  # the retry: the same command id as the first
    again = link.command("draw_ball", body_args, None)
    assert again["repeated"] and again["version"] == first["version"]
    assert terminal.state()["state"]["balls"] == [17, 44]
    # an old expected version (a replayed message) is refused, nothing applied
    replay = Link(server.url, "replay")
    replay.login(*MESA)
    with pytest.raises(StaleState):
        replay.command("draw_ball", {"number": 45}, before)
    assert terminal.state()["state"]["balls"] == [17, 44]


def test_a_server_restart_shows_sin_conexion_then_the_right_state(
    qtbot: QtBot,
    servers: Callable[..., Server],
    consoles: Callable[..., Console],
    chrome: Any,
) -> None:
    server = servers()
    terminal = Client(server, "terminal")
    open_session(terminal)
    partida_ready(terminal)
    mesa = consoles(server, "mesa")
    window = mesa.window
    draw_typed(qtbot, window, [5, 6])
    chrome.get(server.panel("board"))
    panel_at(chrome, mesa.service.last_seq)
    qt_panel = HallPanel(panel_state(mesa.hall))
    qtbot.addWidget(qt_panel)
    mesa.station.watch_panel(qt_panel)
    qt_panel.show()

    server.kill()
    qtbot.waitUntil(lambda: "sin conexión" in mesa.station.label.text(), timeout=15_000)
    assert "Sin conexión con el servidor" in window.error.text()
    assert qt_panel.offline.isVisible() and "SIN CONEXIÓN" in qt_panel.offline.text()
    wait_for(chrome, "!window.__panel.online", timeout=10)
    # a command now is refused at once, nothing queued to be applied later
    type_into(qtbot, window.extraction_page.ball_input, "7", enter=True)
    assert "sin conexión" in window.error.text()

    relogin = answer(qtbot, *MESA)  # the restarted server forgot the logins (decision 136)
    server = servers(port=server.port)
    qtbot.waitUntil(lambda: relogin == ["login_dialog"], timeout=15_000)
    qtbot.waitUntil(lambda: "en línea" in mesa.station.label.text(), timeout=15_000)
    assert window.error.isHidden()
    assert not qt_panel.offline.isVisible()
    Client(server, "terminal-2").do("draw_ball", number=8)  # another station meanwhile
    qtbot.waitUntil(lambda: mesa.hall.partida.balls == [5, 6, 8], timeout=10_000)
    draw_typed(qtbot, window, [9])
    on = panel_at(chrome, mesa.service.last_seq)
    assert sorted(on["lit"]) == [5, 6, 8, 9] and on["last"] == "9"


def test_a_server_with_another_record_is_never_followed(
    qtbot: QtBot, tmp_path: Any, consoles: Callable[..., Console]
) -> None:
    first = Server(tmp_path / "one.sqlite").start()
    try:
        terminal = Client(first, "terminal")
        open_session(terminal)
        mesa = consoles(first, "mesa")
        held = mesa.service.last_seq
    finally:
        first.stop()
    other = Server(tmp_path / "two.sqlite", port=first.port).start()
    try:
        other_terminal = Client(other, "terminal")
        other_terminal.do(
            "open_session",
            session_id="OTRA",
            date="2026-11-25",
            jefe_de_mesa="X",
            jefe_de_sala="Y",
            ball_check=list(range(1, 91)),
        )
        other_terminal.do("start_partida")
        answer(qtbot, *MESA, seconds=15)  # it logs in there too, if asked: still not followed
        qtbot.waitUntil(
            lambda: "no es el de este puesto" in mesa.window.error.text(), timeout=15_000
        )
        assert mesa.service.last_seq == held  # nothing of the other record applied
        assert mesa.hall.session.id == "S1"
    finally:
        other.stop()


def test_a_draw_from_the_server_s_devices_asks_this_table_and_its_reading_prevails(
    qtbot: QtBot, servers: Callable[..., Server], consoles: Callable[..., Console]
) -> None:
    server = servers(devices="emulated")
    terminal = Client(server, "terminal")
    open_session(terminal)
    partida_ready(terminal)
    mesa = consoles(server, "mesa")
    window, page = mesa.window, mesa.window.extraction_page
    qtbot.waitUntil(page.draw_device_button.isEnabled, timeout=10_000)
    click(qtbot, page.draw_device_button)  # unchecked: the devices vouch for the ball
    qtbot.waitUntil(lambda: not mesa.bridge.busy, timeout=30_000)
    assert window.error.isHidden(), window.error.text()
    assert len(mesa.hall.partida.balls) == 1

    # the table checks every ball: the server asks this console, which shows its box
    page.table_check.setChecked(True)
    seen = next(n for n in range(90, 0, -1) if n not in mesa.hall.partida.balls)
    click(qtbot, page.draw_device_button)
    for _ in range(2):  # asked; asked again if the reader read another number
        qtbot.waitUntil(lambda: window.draws.table_question is not None or not mesa.bridge.busy)
        if window.draws.table_question is None:
            break
        # meanwhile another station's command is refused at once, not queued behind the reading
        busy = terminal.send("claim", {"series": "A-0001", "number": 1, "prize": "line"})
        assert busy.status_code == 409 and busy.json()["error"]["code"] == "table_busy"
        type_into(qtbot, page.seen_input, str(seen), enter=True)
    qtbot.waitUntil(lambda: not mesa.bridge.busy, timeout=30_000)
    assert window.error.isHidden(), window.error.text()
    assert mesa.hall.partida.balls[-1] == seen  # the ball as the table read it (R-GAME-3)

    # R-DEV-1: a device notice from the server (as the stream's thread hands it over) is
    # shown as the console's own drivers' one
    assert mesa.service.on_device is not None
    mesa.service.on_device("extractor", Told(OFFLINE))
    qtbot.waitUntil(lambda: "Extractor: SIN COMUNICACIÓN" in window.header.devices_state.text())
    assert "EL EXTRACTOR" in window.alarm.title.text()  # the alarm as for its own (trap 5)


def test_run_connects_a_console_to_a_running_server_and_reopens_the_hall_panel(
    qtbot: QtBot,
    servers: Callable[..., Server],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`bingo-hall run --server URL --station caja`: the second console of the hall."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from app.config import load_hall
    from app.run import EXIT_AFTER_ENV
    from app.station import run_station

    server = servers()
    open_session(Client(server, "sala"))
    from store import open_store
    from store.operators import OperatorBook

    with open_store(f"sqlite:///{server.db}") as store:
        OperatorBook(store).add("Caja", "jefe_de_mesa", "264819")
    seen: dict[str, object] = {}

    def windows() -> tuple[Any, Any]:
        tops = QApplication.topLevelWidgets()
        console = next(w for w in tops if isinstance(w, ConsoleWindow) and w.isVisible())
        panel = next(w for w in tops if isinstance(w, HallPanel))
        return console, panel

    def close_panel() -> None:
        if not any(isinstance(w, ConsoleWindow) and w.isVisible()
                   for w in QApplication.topLevelWidgets()):  # fmt: skip
            QTimer.singleShot(100, close_panel)  # still logging in
            return
        console, panel = windows()
        seen["session"] = console.hall.session.id
        panel.close()
        seen["closed"] = not panel.isVisible()
        QTimer.singleShot(400, reopen)

    def reopen() -> None:
        console, panel = windows()
        console.menu_actions["hall_panel"].trigger()
        seen["reopened"] = panel.isVisible()
        panel.close()

    answer(qtbot, "Caja", "264819")  # the hall has operators: the station's login dialog
    QTimer.singleShot(800, close_panel)
    monkeypatch.setenv(EXIT_AFTER_ENV, "1800")
    args = argparse.Namespace(
        server=server.url, station="caja", cafile=None, db=None, hall=None, config=None
    )
    assert run_station(args, load_hall()) == 0
    assert seen == {"session": "S1", "closed": True, "reopened": True}
    assert "consola abierta" in capsys.readouterr().out
    with open_store(f"sqlite:///{server.db}") as store:
        # R-ROLE-1: the station logged in at the server
        assert OperatorBook(store).attempts("Caja")[-1][3:] == ("login", "accepted")


def test_the_hall_s_server_settings_refuse_an_unknown_key_or_half_a_certificate(
    tmp_path: Path,
) -> None:
    """A misspelt key would leave the hall on plain HTTP or another port without a word."""
    from app.config import ConfigError, load_hall
    from tests.ui.test_settings_languages import hall_file

    with pytest.raises(ConfigError, match=r"\[server\] certificate: clave desconocida"):
        load_hall(hall_file(tmp_path, '[server]\ncertificate = "c.pem"'))
    with pytest.raises(ConfigError, match="TLS necesita cert y key"):
        load_hall(hall_file(tmp_path, '[server]\ncert = "c.pem"'))
    settings = load_hall(
        hall_file(tmp_path, '[server]\nport = 8443\ncert = "c.pem"\nkey = "k.pem"')
    )
    assert settings.server.port == 8443
    assert settings.server.cert == str(tmp_path / "c.pem")  # beside the settings file


def test_run_starts_the_server_with_the_hall_s_certificate_and_the_console_follows_it_over_tls(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`bingo-hall run` with `[server] cert/key`: HTTPS and WSS only, the console on it."""
    from app.config import load_hall
    from app.run import EXIT_AFTER_ENV
    from app.station import run_station
    from tests.server.kit import free_port
    from tests.server.test_api import _self_signed
    from tests.ui.test_settings_languages import hall_file

    cert, key = _self_signed(tmp_path)
    config = hall_file(tmp_path, f'[server]\ncert = "{cert.name}"\nkey = "{key.name}"')
    monkeypatch.setenv(EXIT_AFTER_ENV, "1500")
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).resolve().parents[2]))
    args = argparse.Namespace(
        server=None,
        station="mesa",
        cafile=None,
        port=free_port(),
        devices="none",
        db=f"sqlite:///{tmp_path / 'hall.sqlite'}",
        hall=None,
        config=str(config),
    )
    assert run_station(args, load_hall(config)) == 0
    out = capsys.readouterr().out
    assert "consola abierta (sala x, sin dispositivos" in out


@pytest.mark.parametrize("language", ["en", "eu", "ca"])
def test_the_hall_panel_is_reopened_from_the_view_menu_in_the_console_s_language(
    servers: Callable[..., Server], consoles: Callable[..., Console], language: str
) -> None:
    """Ctrl+0 is in View, Ikusi, Veure as in Ver: the station finds the menu by its object
    name, never by its Spanish words (the action was in no menu but Spanish).
    """
    from PySide6.QtWidgets import QMenu

    from ui.i18n import use_console_language

    server = servers()
    remove = use_console_language(language)
    try:
        console = consoles(server)
        Station(console.window, console.service, console.devices, open_panel=lambda: None)
        view = console.window.menuBar().findChild(QMenu, "view_menu")
        assert isinstance(view, QMenu) and "Ver" not in view.title()
        action = console.window.menu_actions["hall_panel"]
        assert action in view.actions() and action.shortcut().toString() == "Ctrl+0"
    finally:
        remove()
