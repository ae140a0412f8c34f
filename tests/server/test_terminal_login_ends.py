"""A terminal is what the server logged in, for as long as that login lasts (issue 20, item
12; R-MULTI-3; decision 586): its socket stayed open after its login ended (counted against the
Basque machine limit, still receiving its view), and the station recorded in ``command_by``
was whatever ``client_id`` it claimed (Terminal 2's purchase recorded from Terminal 1).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from app.terminal_client import TerminalClient
from tests.server.kit import Client, Server, open_session
from tests.server.test_terminals import PIN, add_terminals, listing, terminal_name, until


def test_a_terminals_socket_closes_when_its_login_ends(
    servers: Callable[..., Server], tmp_path: Path
) -> None:
    add_terminals(tmp_path / "hall.sqlite", 1)
    server = servers()
    table = Client(server)
    login = httpx.post(f"{server.url}/api/v1/login",
                       json={"v": 1, "name": terminal_name(1), "pin": PIN})  # fmt: skip
    token = login.json()["token"]
    url = server.url.replace("http", "ws") + "/api/v1/terminal"
    with connect(url, open_timeout=30) as socket:
        socket.send(json.dumps({"v": 1, "type": "hello", "token": token}))
        assert json.loads(socket.recv(timeout=30))["type"] == "welcome"
        until(lambda: any(t["connected"] for t in listing(table)))
        httpx.post(f"{server.url}/api/v1/logout", json={},
                   headers={"Authorization": f"Bearer {token}"})  # fmt: skip
        told: list[dict[str, object]] = []
        code = None
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.send(json.dumps({"v": 1, "type": "heartbeat"}))  # it is still there
                told.append(json.loads(socket.recv(timeout=0.5)))
            except TimeoutError:
                continue
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
                break
    assert code == 4401, (code, told[-3:])
    assert any(m.get("type") == "refused" for m in told)
    until(lambda: not any(t["connected"] for t in listing(table)))  # no longer a machine


def test_a_terminals_command_is_recorded_from_the_terminal_logged_in(
    servers: Callable[..., Server], tmp_path: Path
) -> None:
    add_terminals(tmp_path / "hall.sqlite", 2)
    server = servers()
    table = Client(server)
    open_session(table)
    table.do("start_partida")
    machine = TerminalClient(server.url, terminal_name(2))
    machine.connect(PIN)
    try:
        until(lambda: any(t["connected"] for t in listing(table)))
        claiming = Client(server, client_id="terminal:Terminal 1",
                          operator=(terminal_name(2), PIN))  # fmt: skip
        answer = claiming.send("terminal_buy", {"count": 1, "payment": "cash"})
        assert answer.status_code == 200, answer.text
    finally:
        machine.close()
    with sqlite3.connect(server.db) as con:
        rows = con.execute("select payload from events where kind = 'command_by'").fetchall()
    by = [json.loads(p) for (p,) in rows if json.loads(p)["asked_by"] == terminal_name(2)]
    assert by and all(b["client"] == "terminal:Terminal 2" for b in by), by
