"""A stream opened with a table's login gets the table's questions only while that login lasts
(decision 428; decisions 202, 340). The login was checked once, when the stream connected: a
jefe de mesa who logged out, or one disabled since, went on being shown every ball the table was
asked to read, and could answer from what it showed. Now the login is checked again before each
of the table's messages, and a stream whose login ended is closed (4401) instead.
A real ``bingo-hall serve`` with its emulated devices.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from store import open_store
from store.operators import OperatorBook
from tests.server.kit import (
    ROOT,
    SALA,
    Client,
    Server,
    add_operators,
    open_session,
    partida_ready,
)
from tests.server.test_late_question import Listener

pytestmark = [pytest.mark.slow, pytest.mark.timeout(120)]

CAJA = ("Caja", "624081")  # a second jefe de mesa, at the caja


def test_a_stream_whose_table_login_ended_gets_no_question_and_is_closed(
    servers: Callable[..., Server], tmp_path: Path
) -> None:
    db = tmp_path / "hall.sqlite"
    add_operators(db)
    with open_store(f"sqlite:///{db}") as store:
        OperatorBook(store).add(CAJA[0], "jefe_de_mesa", CAJA[1])
    server = servers(devices="emulated")
    mesa = Client(server, "mesa")
    open_session(mesa)
    partida_ready(mesa)
    sala, caja = Client(server, "sala", SALA), Client(server, "caja", CAJA)
    assert sala.login(*SALA).status_code == 200 and caja.login(*CAJA).status_code == 200
    console = Listener(server, "/api/v1/stream", mesa.token)  # its login lasts
    gone = Listener(server, "/api/v1/stream", sala.token)  # will log out
    dropped = Listener(server, "/api/v1/stream", caja.token)  # will be disabled
    try:
        for screen in (console, gone, dropped):
            screen.until(lambda m: "questions" in [x["type"] for x in m])  # at the table
        out = sala.http.post(
            f"{server.url}/api/v1/logout", headers={"Authorization": f"Bearer {sala.token}"}
        )
        assert out.status_code == 200, out.text
        disabled = subprocess.run(
            [sys.executable, "-m", "app.cli", "operator", "disable", CAJA[0], "--by", SALA[0],
             "--pin-stdin", "--db", f"sqlite:///{db}"],
            cwd=ROOT, input=SALA[1] + "\n", capture_output=True, text=True,
        )  # fmt: skip
        assert disabled.returncode == 0, disabled.stderr

        answer: dict[str, httpx.Response] = {}
        drawing = threading.Thread(
            target=lambda: answer.setdefault(
                "r", mesa.send("draw_from_devices", {"table": True, "table_check": True})
            )
        )
        drawing.start()  # every ball is the table's to read
        headers = {"Authorization": f"Bearer {mesa.token}"}
        answered: set[str] = set()
        deadline = time.monotonic() + 60
        while drawing.is_alive():
            assert time.monotonic() < deadline, "la extracción no terminó"
            with console.changed:
                asked = [m["id"] for m in console.messages if m["type"] == "question"]
            for one in asked:
                if one not in answered:
                    answered.add(one)
                    mesa.http.post(f"{server.url}/api/v1/questions/{one}",
                                   json={"number": 61}, headers=headers)  # fmt: skip
            drawing.join(0.05)
        assert answer["r"].status_code == 200, answer["r"].text
        assert answered  # the login that lasts was asked
        console.until(lambda m: "question_closed" in [x["type"] for x in m])
        for screen in (gone, dropped):
            with screen.changed:  # what it got on connecting, then none of the table's
                told = [m["type"] for m in screen.messages]
            assert "question" not in told and "question_closed" not in told, told
            screen.thread.join(10)  # closed by the server
            assert not screen.thread.is_alive()
            assert screen.socket.close_code == 4401, screen.socket.close_code
            assert "inicie sesión" in (screen.socket.close_reason or "")
    finally:
        for screen in (console, gone, dropped):
            screen.close()
