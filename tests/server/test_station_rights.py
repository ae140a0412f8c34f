"""People and rights at a console station of the hall server: the real console window and its
real login and override dialogs, on a real `bingo-hall serve` process on loopback (issue 8, §3).

R-ROLE-1: a station opens after a login (name and PIN) at the server, and every command it
gives is recorded under who asked and where; an inspector's station reads and commands nothing.
R-ROLE-2: an annulment (R-INC-4) at a station needs the jefe de sala's name and PIN at that
moment, in the station's override dialog; a wrong PIN is refused with the server's words and
nothing is applied; the record names both. R-ROLE-3: every attempt is a row of the attempts
table. Decisions 135, 136, 200-203.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from bingo.hall import Status
from tests.server.kit import INSPECTOR, MESA, SALA, Client, Server, open_session, partida_ready
from tests.ui.kit import answer_secret as answer
from tests.ui.test_console import click, draw_typed, type_into
from ui.bridge import Bridge
from ui.client.link import Link, ServerRefused
from ui.client.login import sign_in
from ui.client.remote import RemoteService
from ui.client.station import Station
from ui.console import ConsoleDefaults, ConsoleWindow
from ui.console.dialogs import IncidentDialog

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]


def command_by(db: Path) -> list[dict[str, Any]]:
    with sqlite3.connect(db) as con:
        rows = con.execute(
            "select payload from events where kind = 'command_by' order by seq"
        ).fetchall()
    return [json.loads(r[0]) for r in rows]


def attempts(db: Path, purpose: str) -> list[tuple[str, str]]:
    with sqlite3.connect(db) as con:
        rows = con.execute(
            "select name, outcome from operator_attempts where purpose = ? order by id", (purpose,)
        ).fetchall()
    return [(str(n), str(o)) for n, o in rows]


class Station_:
    """A console station, logged in through its login dialog as ``operator``."""

    def __init__(self, qtbot: QtBot, server: Server, station: str, operator: tuple[str, str]):
        self.link = Link(server.url, station)
        seen = answer(qtbot, *operator)
        assert sign_in(self.link), seen
        self.service = RemoteService(self.link)
        self.service.start()
        self.bridge = Bridge()
        self.bridge.attach(self.service)
        self.window = ConsoleWindow(
            self.service,
            None,
            bridge=self.bridge,
            defaults=ConsoleDefaults("Mesa", "Sala", today=lambda: "2026-11-24"),
        )
        self.station = Station(self.window, self.service)
        qtbot.addWidget(self.window)
        self.window.show()
        qtbot.waitExposed(self.window)

    def close(self) -> None:
        self.bridge.close()
        self.service.close()


@pytest.fixture
def stations(qtbot: QtBot) -> Iterator[Callable[..., Station_]]:
    made: list[Station_] = []

    def make(server: Server, station: str = "mesa", operator: tuple[str, str] = MESA) -> Station_:
        made.append(Station_(qtbot, server, station, operator))
        return made[-1]

    yield make
    for one in made:
        one.close()


def test_a_station_logs_in_at_its_dialog_and_plays_under_the_operator_s_name(
    qtbot: QtBot, servers: Callable[..., Server], stations: Callable[..., Station_]
) -> None:
    server = servers()
    open_session(Client(server, "sala", operator=SALA))
    # a wrong PIN first: the server's words in the dialog, which stays open
    link = Link(server.url, "mesa")
    seen = answer(qtbot, MESA[0], "111111")
    assert not sign_in(link)
    assert seen == ["login_dialog", "nombre o PIN incorrectos"]
    mesa = stations(server, "mesa")
    window = mesa.window
    qtbot.waitUntil(lambda: mesa.service.hall.session is not None)
    click(qtbot, window.sale_page.start_partida_button)
    type_into(qtbot, window.sale_page.sale_count, "120", enter=True)
    assert window.error.isHidden(), window.error.text()
    click(qtbot, window.sale_page.close_sale_button)
    assert window.dialog is not None  # asked first: it cannot be undone
    qtbot.keyClick(window.dialog, Qt.Key.Key_Return)
    click(qtbot, window.sale_page.confirm_shown_button)
    draw_typed(qtbot, window, [5, 17])
    assert mesa.service.hall.partida is not None and mesa.service.hall.partida.balls == [5, 17]
    assert mesa.station.label.text().endswith("— Mesa")  # who is at this station
    who = [(r["asked_by"], r["client"]) for r in command_by(server.db)]
    assert who[-1] == ("Mesa", "mesa")  # R-ROLE-1: recorded under who asked, and where
    assert attempts(server.db, "login")[-2:] == [("Mesa", "wrong_secret"), ("Mesa", "accepted")]


def test_a_station_without_a_login_is_refused_and_changes_nothing(
    servers: Callable[..., Server],
) -> None:
    server = servers()
    watcher = Client(server, "sala", operator=SALA)
    open_session(watcher)
    before = watcher.state()["version"]
    link = Link(server.url, "mesa")
    with pytest.raises(ServerRefused) as refused:
        RemoteService(link)  # the record itself needs a login (decision 202)
    assert refused.value.code == "not_logged_in"
    with pytest.raises(ServerRefused, match="inicie sesión"):
        link.command("start_partida", {}, None)
    with pytest.raises(ServerRefused, match="nombre o PIN incorrectos"):
        link.login(MESA[0], "111111")
    with pytest.raises(ServerRefused, match="inicie sesión"):
        link.command("start_partida", {}, None)
    assert watcher.state()["version"] == before


def annul_caller_error(qtbot: QtBot, window: ConsoleWindow, then: Callable[[], object]) -> None:
    window.menu_actions["incident_caller_error"].trigger()
    dialog = window.dialog
    assert isinstance(dialog, IncidentDialog)
    dialog.note.setText("se cantó 71, la bola es 17")
    dialog.read_aloud.setChecked(True)
    then()  # the override's answer, scheduled before the click that opens it
    click(qtbot, dialog.confirm)


def test_an_annulment_at_a_station_is_applied_only_with_the_jefe_de_sala_pin(
    qtbot: QtBot, servers: Callable[..., Server], stations: Callable[..., Station_]
) -> None:
    server = servers()
    terminal = Client(server, "terminal", operator=SALA)
    open_session(terminal)
    partida_ready(terminal)
    mesa = stations(server, "mesa")
    window = mesa.window
    draw_typed(qtbot, window, [10, 17, 30])
    version = mesa.service.last_seq

    # cancelled: nothing sent, nothing applied
    seen: list[list[str]] = []
    annul_caller_error(qtbot, window, lambda: seen.append(answer(qtbot, "", "", cancel=True)))
    assert seen[-1] == ["override_dialog"]
    assert "autorización del jefe de sala" in window.error.text()
    # the jefe de mesa's own PIN, a wrong PIN of the jefe de sala: refused at the server, in
    # the dialog, with its words; nothing applied
    annul_caller_error(qtbot, window, lambda: seen.append(answer(qtbot, *MESA)))
    assert seen[-1][0] == "override_dialog" and "jefe de sala" in seen[-1][1]
    annul_caller_error(qtbot, window, lambda: seen.append(answer(qtbot, SALA[0], "111111")))
    assert seen[-1] == ["override_dialog", "nombre o PIN incorrectos"]
    assert terminal.state()["version"] == version
    partida = mesa.service.hall.partida
    assert partida is not None and partida.status == Status.EXTRACTION
    # the jefe de sala's name and PIN: annulled, both names in the record
    annul_caller_error(qtbot, window, lambda: answer(qtbot, *SALA))
    assert window.error.isHidden(), window.error.text()
    assert terminal.state()["state"]["status"] == "annulled"
    assert partida.status == Status.ANNULLED  # the replica's partida, as the server's
    assert partida.incident_people[-1] == ("Mesa", "Sala")
    last = command_by(server.db)[-1]
    assert (last["asked_by"], last["authorised_by"], last["action"], last["client"]) == (
        "Mesa",
        "Sala",
        "annul",
        "mesa",
    )
    # R-ROLE-3: every attempt a row (the jefe de mesa's right PIN, but no jefe de sala's)
    assert attempts(server.db, "authorise:annul") == [
        ("Mesa", "accepted"),
        ("Mesa", "not_jefe_de_sala"),
        ("Sala", "wrong_secret"),
        ("Sala", "accepted"),
    ]


def test_closing_the_session_at_a_station_asks_the_jefe_de_sala_before_the_closing_count(
    qtbot: QtBot, servers: Callable[..., Server], stations: Callable[..., Station_]
) -> None:
    """R-ROLE-2: without the jefe de sala the session stays open and the closing count is not
    recorded; with his name and PIN both are, and the record names him (decision 134).
    """
    from tests.ui.counting import answer_check
    from tests.ui.kit import confirm_drawer

    server = servers()
    open_session(Client(server, "terminal", operator=SALA))
    mesa = stations(server, "mesa")
    window = mesa.window
    qtbot.waitUntil(lambda: mesa.service.hall.session is not None)

    def close(then: Callable[[], object]) -> None:
        window.session_page.balls_counted.setChecked(True)
        qtbot.mouseClick(window.session_page.close_session_button, Qt.MouseButton.LeftButton)
        confirm_drawer(window)  # the drawer's summary first, as at the local console
        then()
        answer_check(qtbot, window)

    def checks() -> list[str]:
        return [
            r.payload["when"] for r in mesa.service.records() if r.kind == "ball_check_recorded"
        ]

    close(lambda: answer(qtbot, "", "", cancel=True))
    assert mesa.service.hall.session is not None and checks() == ["open"]
    close(lambda: answer(qtbot, *SALA))
    assert window.error.isHidden(), window.error.text()
    assert mesa.service.hall.session is None and checks() == ["open", "close"]
    last = command_by(server.db)[-1]
    assert (last["asked_by"], last["authorised_by"], last["action"]) == (
        "Mesa",
        "Sala",
        "close_session",
    )


def test_an_inspector_s_station_reads_the_hall_but_every_command_is_refused(
    qtbot: QtBot, servers: Callable[..., Server], stations: Callable[..., Station_]
) -> None:
    server = servers()
    terminal = Client(server, "terminal", operator=SALA)
    open_session(terminal)
    partida_ready(terminal)
    terminal.do("draw_ball", number=44)
    inspector = stations(server, "inspeccion", INSPECTOR)
    window = inspector.window
    assert inspector.service.hall.partida is not None
    assert inspector.service.hall.partida.balls == [44]  # it reads the hall
    version = terminal.state()["version"]
    type_into(qtbot, window.extraction_page.ball_input, "7", enter=True)
    assert "no puede" in window.error.text()
    # an action of the jefe de sala: no override is offered to an inspector; refused
    opened: list[str] = []

    def reject_any() -> None:
        modal = QApplication.activeModalWidget()
        if modal is not None:
            opened.append(modal.objectName())
            modal.close()

    annul_caller_error(qtbot, window, lambda: QTimer.singleShot(300, reject_any))
    qtbot.wait(400)
    assert "no puede anular" in window.error.text() and opened == []
    assert terminal.state()["version"] == version
    refused = [o for n, o in attempts(server.db, "command:draw_ball") if n == INSPECTOR[0]]
    assert refused == ["refused"]


def test_a_restarted_server_asks_the_station_to_log_in_again(
    qtbot: QtBot, servers: Callable[..., Server], stations: Callable[..., Station_]
) -> None:
    """Decision 136: the server keeps its logins in memory; after a restart the station shows
    the login dialog again (its name filled in) and, once logged in, goes on.
    """
    server = servers()
    terminal = Client(server, "terminal", operator=SALA)
    open_session(terminal)
    partida_ready(terminal)
    mesa = stations(server, "mesa")
    window = mesa.window
    draw_typed(qtbot, window, [5])
    server.stop()
    qtbot.waitUntil(lambda: "sin conexión" in mesa.station.label.text(), timeout=15_000)
    seen = answer(qtbot, *MESA)
    server = servers(port=server.port)
    qtbot.waitUntil(lambda: seen == ["login_dialog"], timeout=15_000)
    qtbot.waitUntil(lambda: "en línea" in mesa.station.label.text(), timeout=15_000)
    qtbot.waitUntil(window.error.isHidden, timeout=5_000)
    draw_typed(qtbot, window, [6])
    assert Client(server, "x", operator=SALA).state()["state"]["balls"] == [5, 6]
    assert attempts(server.db, "login")[-1] == ("Mesa", "accepted")


def test_a_token_the_server_forgot_asks_for_the_login_at_the_next_command(
    qtbot: QtBot, servers: Callable[..., Server], stations: Callable[..., Station_]
) -> None:
    """A login gone (12 hours passed, or logged out): the command is refused with the reason,
    nothing applied, the login dialog opens, and the command repeated then applies.
    """
    server = servers()
    terminal = Client(server, "terminal", operator=SALA)
    open_session(terminal)
    partida_ready(terminal)
    mesa = stations(server, "mesa")
    window = mesa.window
    mesa.link.post("/api/v1/logout", {})  # the server forgets this station's token
    seen = answer(qtbot, *MESA)
    type_into(qtbot, window.extraction_page.ball_input, "9", enter=True)
    assert "inicie sesión de nuevo" in window.error.text()
    assert terminal.state()["state"]["balls"] == []
    qtbot.waitUntil(lambda: seen == ["login_dialog"], timeout=10_000)
    draw_typed(qtbot, window, [9])
    assert terminal.state()["state"]["balls"] == [9]


def test_run_opens_a_fresh_hall_s_console_at_once_and_a_hall_with_operators_after_a_login(
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Decision 200: `bingo-hall run` on a hall with no operators opens its console without a
    login and its commands name nobody; once the hall has operators the console asks for one
    (cancelled: it does not open), and the key it gave its server is worth nothing.
    """
    from app.config import load_hall
    from app.run import EXIT_AFTER_ENV
    from app.station import ChildServer, run_station
    from store import open_store
    from store.operators import OperatorBook
    from tests.server.kit import free_port

    db = tmp_path / "hall.sqlite"
    monkeypatch.setenv(EXIT_AFTER_ENV, "800")
    args = argparse.Namespace(
        server=None, station="mesa", cafile=None, port=free_port(), devices="none",
        db=f"sqlite:///{db}", hall=None, config=None,
    )  # fmt: skip
    settings = load_hall()
    assert run_station(args, settings) == 0
    assert "consola abierta" in capsys.readouterr().out

    # the key of `run`'s own server: commands from its console, naming nobody
    child = ChildServer(args, "none", settings)
    assert child.start() is None
    try:
        key = {"Authorization": f"Bearer {child.key}"}
        body = {"v": 1, "client_id": "mesa", "command_id": "k1", "name": "open_session",
                "args": {"session_id": "S1", "date": "2026-11-24", "jefe_de_mesa": "M",
                         "jefe_de_sala": "S", "ball_check": list(range(1, 91))}}  # fmt: skip
        wrong = httpx.post(f"{child.url}/api/v1/commands", json=body, headers={
            "Authorization": "Bearer not-the-key"})  # fmt: skip
        assert wrong.status_code == 401
        done = httpx.post(f"{child.url}/api/v1/commands", json=body, headers=key)
        assert done.status_code == 200, done.text
        assert command_by(db) == []  # decision 135: a hall with no operators names nobody
        with open_store(f"sqlite:///{db}") as store:
            OperatorBook(store).add(SALA[0], "jefe_de_sala", SALA[1])
        body["command_id"], body["name"], body["args"] = "k2", "start_partida", {}
        late = httpx.post(f"{child.url}/api/v1/commands", json=body, headers=key)
        assert late.status_code == 401 and "operadores" in late.json()["error"]["message"]
    finally:
        child.stop()

    # now the console opens only after a login; cancelled, it does not open
    seen = answer(qtbot, "", "", cancel=True)
    assert run_station(args, settings) == 1
    assert seen == ["login_dialog"]
    assert "acceso cancelado" in capsys.readouterr().err


def test_a_second_station_cannot_join_a_hall_with_no_operators(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Decision 200: only the console `run` started its server for takes a hall without
    operators; another station is told how to add the first one.
    """
    from app.config import load_hall
    from app.station import ChildServer, run_station
    from tests.server.kit import free_port

    args = argparse.Namespace(
        server=None, station="mesa", cafile=None, port=free_port(), devices="none",
        db=f"sqlite:///{tmp_path / 'hall.sqlite'}", hall=None, config=None,
    )  # fmt: skip
    child = ChildServer(args, "none", load_hall())
    assert child.start() is None
    try:
        joining = argparse.Namespace(**{**vars(args), "server": child.url, "station": "caja"})
        assert run_station(joining, load_hall()) == 1
        assert "operator add" in capsys.readouterr().err
    finally:
        child.stop()
