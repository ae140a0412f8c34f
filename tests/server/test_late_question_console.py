"""The console that comes back while the table is being asked (decision 340): the real
``ConsoleWindow`` on a replica of a real ``bingo-hall serve`` with its emulated devices.

A console of the station whose draw asks, restarted while the question is open, puts it to the
jefe de mesa in its box exactly as a live one, and his reading draws the ball (R-GAME-3: the
number on the ball prevails); another station's console does not answer for him (decision 140)
but says why its commands wait.
A box whose question closed while the console was cut off (a real cut: a cable between the
console and the server) goes away when it is back.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import httpx
import pytest

pytest.importorskip("PySide6")

from pytestqt.qtbot import QtBot

from tests.server.kit import Client, Server, open_session, partida_ready
from tests.server.test_stations import Console, consoles
from tests.ui.test_console import type_into

__all__ = ["consoles"]

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]


class Cable:
    """A TCP cable between a console and the server, that can be pulled and plugged back."""

    def __init__(self, port: int) -> None:
        self.upstream = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self.lock = threading.Lock()
        self.conns: list[socket.socket] = []
        self.plugged = True
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                near, _ = self.listener.accept()
            except OSError:
                return
            with self.lock:
                if not self.plugged:
                    near.close()  # nothing gets through a pulled cable
                    continue
                far = socket.create_connection(("127.0.0.1", self.upstream))
                self.conns += [near, far]
            for a, b in ((near, far), (far, near)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(src: socket.socket, dst: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := src.recv(65536):
                dst.sendall(data)
        for end in (src, dst):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def pull(self) -> None:
        with self.lock:
            self.plugged = False
            conns, self.conns = self.conns, []
        for conn in conns:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)
            conn.close()

    def plug(self) -> None:
        with self.lock:
            self.plugged = True

    def close(self) -> None:
        self.pull()
        self.listener.close()


def _asked_draw(server: Server) -> tuple[Client, threading.Thread, dict[str, httpx.Response]]:
    """The mesa's draw that asks the table on every ball, sent by its console before it went
    away (its request still waits at the server); returned once the question is open.
    """
    drawer = Client(server, "mesa")
    drawer.http.timeout = httpx.Timeout(150.0)  # the draw waits for the table's reading
    open_session(drawer)
    partida_ready(drawer)
    answer: dict[str, httpx.Response] = {}
    drawing = threading.Thread(
        target=lambda: answer.setdefault(
            "r", drawer.send("draw_from_devices", {"table": True, "table_check": True})
        )
    )
    drawing.start()
    assert _open_questions(drawer, drawing), "la mesa no fue preguntada"
    return drawer, drawing, answer


def _open_questions(drawer: Client, drawing: threading.Thread) -> list[dict[str, Any]]:
    headers = {"Authorization": f"Bearer {drawer.token}"}
    deadline = time.monotonic() + 60
    while drawing.is_alive() and time.monotonic() < deadline:
        url = f"{drawer.server.url}/api/v1/questions"
        questions: list[dict[str, Any]] = drawer.http.get(url, headers=headers).json()["questions"]
        if questions:
            return questions
        time.sleep(0.05)
    return []


def test_a_console_restarted_while_its_table_is_asked_shows_the_question_and_draws_the_ball(
    qtbot: QtBot, servers: Callable[..., Server], consoles: Callable[..., Console]
) -> None:
    server = servers(devices="emulated")
    _drawer, drawing, answer = _asked_draw(server)
    caja = consoles(server, "caja")  # another station's console, connecting meanwhile
    shown_at_caja: list[object] = []
    caja.bridge.asked.connect(shown_at_caja.append)
    mesa = consoles(server, "mesa")  # the mesa's console, started again
    window, page = mesa.window, mesa.window.extraction_page
    reading = "La mesa del puesto mesa está leyendo la bola de la extracción 1"
    # the caja is told why its commands wait, not asked (decision 140)
    qtbot.waitUntil(lambda: reading in caja.window.statusBar().currentMessage(), timeout=30_000)
    seen = 61
    for _ in range(2):  # asked; asked again if the reader read another number
        qtbot.waitUntil(lambda: window.draws.table_question is not None or not drawing.is_alive(),
                        timeout=30_000)  # fmt: skip
        if window.draws.table_question is None:
            break
        assert page.seen_box.isVisible()
        assert "Extracción 1" in window.statusBar().currentMessage()
        type_into(qtbot, page.seen_input, str(seen), enter=True)
        qtbot.waitUntil(lambda: window.draws.table_question is None, timeout=10_000)
    drawing.join(30)
    assert answer["r"].status_code == 200, answer["r"].text
    mesa.shows_version(int(answer["r"].json()["version"]))
    assert mesa.hall.partida.balls == [seen]  # the table's reading prevails (R-GAME-3)
    caja.shows_version(int(answer["r"].json()["version"]))
    assert shown_at_caja == [] and caja.window.draws.table_question is None  # decision 140
    qtbot.waitUntil(lambda: reading not in caja.window.statusBar().currentMessage())


def test_a_question_closed_while_the_console_was_cut_off_leaves_its_screen_when_it_is_back(
    qtbot: QtBot, servers: Callable[..., Server], consoles: Callable[..., Console]
) -> None:
    server = servers(devices="emulated")
    drawer, drawing, answer = _asked_draw(server)
    cable = Cable(server.port)
    try:
        through = SimpleNamespace(url=cable.url, devices=server.devices)
        mesa = consoles(through, "mesa")
        window = mesa.window
        qtbot.waitUntil(lambda: window.draws.table_question is not None, timeout=30_000)
        cable.pull()
        qtbot.waitUntil(lambda: "sin conexión" in mesa.station.label.text(), timeout=15_000)
        # meanwhile the question closes: the jefe de mesa answers from another place
        headers = {"Authorization": f"Bearer {drawer.token}"}
        while questions := _open_questions(drawer, drawing):
            for question in questions:
                drawer.http.post(f"{server.url}/api/v1/questions/{question['id']}",
                                 json={"number": 61}, headers=headers)  # fmt: skip
        drawing.join(30)
        assert answer["r"].status_code == 200, answer["r"].text
        assert window.draws.table_question is not None  # still up: the console cannot know
        cable.plug()
        qtbot.waitUntil(lambda: "en línea" in mesa.station.label.text(), timeout=15_000)
        qtbot.waitUntil(lambda: window.draws.table_question is None, timeout=10_000)
        assert not window.extraction_page.seen_box.isVisible()
        mesa.shows_version(int(answer["r"].json()["version"]))
        assert mesa.hall.partida.balls == [61]
    finally:
        cable.close()
