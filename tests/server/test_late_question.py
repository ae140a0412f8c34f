"""A console that connects while the table is being asked (a console restarted after a crash, a
network cut): the server's stream gives it every open question right after its snapshot, so the
jefe de mesa can read the ball and the draw goes on, instead of waiting for an answer nobody can
give (R-GAME-3: the number read on the ball prevails; decisions 140, 340). Only a login that may
answer gets the questions (decision 202): a panel, an inspector and a terminal get none, late or
live. A real ``bingo-hall serve`` with its emulated devices on pseudo-terminals.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import jsonschema
import pytest
from websockets.sync.client import connect

from app.server.wire import schema
from tests.server.kit import INSPECTOR, Client, Server, open_session, partida_ready
from tests.server.test_terminals import PIN, add_terminals, terminal_name

pytestmark = [pytest.mark.slow, pytest.mark.timeout(120)]

TABLE_ONLY = ("question", "questions", "question_closed")


class Listener:
    """A screen on the server's socket (``path``), keeping every message it gets; a terminal
    (``hello``: its first message) beats after each one, as the terminal's page does.
    """

    def __init__(self, server: Server, path: str, token: str | None, hello: bool = False) -> None:
        url = server.url.replace("http", "ws", 1) + path
        headers = {"Authorization": f"Bearer {token}"} if token and not hello else {}
        self._open = contextlib.ExitStack()
        self.socket = self._open.enter_context(
            connect(url, additional_headers=headers, open_timeout=10)
        )
        if hello:
            self.socket.send(json.dumps({"token": token}))
        self.hello = hello
        self.messages: list[dict[str, Any]] = []
        self.changed = threading.Condition()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for text in self.socket:
                with self.changed:
                    self.messages.append(json.loads(text))
                    self.changed.notify_all()
                if self.hello:
                    self.socket.send(json.dumps({"type": "heartbeat"}))
        except Exception:
            return

    def until(self, found: Callable[[list[dict[str, Any]]], bool], seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        with self.changed:
            while not found(self.messages):
                left = deadline - time.monotonic()
                assert left > 0, f"no llegó lo esperado: {[m['type'] for m in self.messages]}"
                self.changed.wait(left)

    def types(self) -> list[str]:
        with self.changed:
            return [str(m["type"]) for m in self.messages]

    def close(self) -> None:
        self._open.close()
        self.thread.join(5)


def _ping_after_snapshot(messages: list[dict[str, Any]]) -> bool:
    """The stream's first ping: all a late screen is told on connecting came before it."""
    return "ping" in [m["type"] for m in messages]


def test_a_console_connecting_while_the_table_is_asked_gets_the_question_and_the_draw_goes_on(
    servers: Callable[..., Server], tmp_path: Path
) -> None:
    add_terminals(tmp_path / "hall.sqlite", 1)
    server = servers(devices="emulated")
    mesa = Client(server, "mesa")
    open_session(mesa)
    partida_ready(mesa)
    inspector = Client(server, "inspeccion", INSPECTOR)
    assert inspector.login(*INSPECTOR).status_code == 200
    terminal = Client(server, "terminal", (terminal_name(1), PIN))
    assert terminal.login(terminal_name(1), PIN).status_code == 200
    # screens that were there all along: the panel, the inspector, a terminal at its socket
    live = [
        Listener(server, "/api/v1/stream", None),
        Listener(server, "/api/v1/stream", inspector.token),
        Listener(server, "/api/v1/terminal", terminal.token, hello=True),
    ]
    answer: dict[str, httpx.Response] = {}
    drawing = threading.Thread(
        target=lambda: answer.setdefault(
            "r", mesa.send("draw_from_devices", {"table": True, "table_check": True})
        )
    )
    drawing.start()  # the mesa's console asks for a ball, the table checks it, then it is gone
    headers = {"Authorization": f"Bearer {mesa.token}"}
    deadline = time.monotonic() + 60
    while not mesa.http.get(f"{server.url}/api/v1/questions", headers=headers).json()["questions"]:
        assert time.monotonic() < deadline and drawing.is_alive(), "la mesa no fue preguntada"
        time.sleep(0.05)

    # the mesa's console comes back: the open question right after the snapshot
    console = Listener(server, "/api/v1/stream", mesa.token)
    late = [
        Listener(server, "/api/v1/stream", None),  # a panel
        Listener(server, "/api/v1/stream", inspector.token),  # reads, does not run the table
        Listener(server, "/api/v1/stream", terminal.token),  # a terminal's login
    ]
    try:
        console.until(lambda m: len(m) >= 2)
        snapshot, questions = console.messages[:2]
        assert snapshot["type"] == "snapshot" and questions["type"] == "questions"
        jsonschema.validate(questions, schema("stream"))
        [question] = questions["questions"]
        assert question["draw"] == 1 and question["station"] == "mesa"

        # it answers what the table reads on the ball, each question the draw asks
        seen = 61
        answered: set[str] = set()
        while drawing.is_alive():
            with console.changed:
                asked = [m for m in console.messages if m["type"] == "question"]
                asked += [
                    q for m in console.messages if m["type"] == "questions" for q in m["questions"]
                ]
            for one in asked:
                if one["id"] not in answered:
                    answered.add(one["id"])
                    mesa.http.post(f"{server.url}/api/v1/questions/{one['id']}",
                                   json={"number": seen}, headers=headers)  # fmt: skip
            drawing.join(0.05)
        assert answer["r"].status_code == 200, answer["r"].text
        version = int(answer["r"].json()["version"])
        assert mesa.state()["state"]["balls"] == [seen]  # the table's reading prevails
        console.until(lambda m: any(x["type"] == "question_closed" for x in m))

        for screen in late:
            screen.until(_ping_after_snapshot)  # told all it is told on connecting
        for screen in [*live, *late]:
            screen.until(lambda m: any(x.get("version", 0) >= version for x in m))
            assert not set(screen.types()) & set(TABLE_ONLY), screen.types()
    finally:
        for screen in [console, *live, *late]:
            screen.close()
