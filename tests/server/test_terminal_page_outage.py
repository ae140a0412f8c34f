"""The kiosk page (``/terminal``) never sells a player the same purchase twice (R-SALE-4,
R-MULTI-3; docs/api.md "Commands" and "Terminals"). Real ``bingo-hall serve`` processes, the real
page in headless chromium, and between them a proxy on loopback that the test controls: it cuts
the connection after the server recorded the purchase, before its answer reaches the page.

The page used to give each press a new ``command_id`` and retry nothing: the cut answer was shown
as "Compra rechazada: Failed to fetch" with the button ready to buy (and pay) again, and an answer
sent again after a server restart (``"result": null``) was a TypeError shown as a refusal.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from app.bootstrap import export_from_db
from tests.server.kit import Client, Server, open_session, resize, wait_for
from tests.server.test_terminals import PIN, add_terminals

pytestmark = pytest.mark.slow

TEXT = "return document.getElementById(arguments[0]).textContent;"
DISABLED = "return document.getElementById('buy-go').disabled;"


class Cut:
    """A TCP proxy on loopback between the page and the server. ``cut_next_buy()``: the answer to
    the next ``terminal_buy`` is cut after the server sent it: not a byte of it reaches the page
    and its connection closes (a fresh one: the idle ones are closed first, as a browser sends
    again by itself a request whose reused connection closed); with ``then_down`` every
    connection is closed and new ones refused until ``up()``.
    """

    def __init__(self, upstream_port: int) -> None:
        self.upstream_port = upstream_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self.down = False
        self.then_down = False
        self.armed = threading.Event()
        self.cut = threading.Event()
        self._open: list[socket.socket] = []
        self._http: list[socket.socket] = []  # the page's connections other than its sockets
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def cut_next_buy(self, then_down: bool = False) -> None:
        self.then_down = then_down
        self.cut.clear()
        with self._lock:
            for s in self._http:
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
            self._http.clear()
        self.armed.set()

    def up(self, upstream_port: int) -> None:
        self.upstream_port = upstream_port
        self.down = False

    def close(self) -> None:
        self.listener.close()
        self._close_all()

    def _close_all(self) -> None:
        with self._lock:
            for s in self._open:
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
                s.close()
            self._open.clear()

    def _accept(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                client, _ = self.listener.accept()
                if self.down:
                    client.close()
                    continue
                try:
                    upstream = socket.create_connection(("127.0.0.1", self.upstream_port))
                except OSError:
                    client.close()
                    continue
                with self._lock:
                    self._open += [client, upstream]
                buying = threading.Event()
                threading.Thread(target=self._ask, args=(client, upstream, buying)).start()
                threading.Thread(target=self._answer, args=(upstream, client, buying)).start()

    def _ask(self, client: socket.socket, upstream: socket.socket, buying: threading.Event) -> None:
        with contextlib.suppress(OSError):
            first = True
            while data := client.recv(65536):
                if first and not data.startswith(b"GET /api/v1/terminal "):
                    with self._lock:
                        self._http.append(client)
                first = False
                if b'"terminal_buy"' in data and self.armed.is_set():
                    buying.set()
                upstream.sendall(data)
        with contextlib.suppress(OSError):
            upstream.shutdown(socket.SHUT_WR)

    def _answer(
        self, upstream: socket.socket, client: socket.socket, buying: threading.Event
    ) -> None:
        with contextlib.suppress(OSError):
            while data := upstream.recv(65536):
                if buying.is_set() and self.armed.is_set():  # the server answered the purchase
                    self.armed.clear()
                    if self.then_down:
                        self.down = True
                        self._close_all()
                    else:
                        for s in (client, upstream):
                            with contextlib.suppress(OSError):
                                s.shutdown(socket.SHUT_RDWR)
                    self.cut.set()
                    return
                client.sendall(data)
        with contextlib.suppress(OSError):
            client.shutdown(socket.SHUT_WR)


@pytest.fixture
def hall(servers: Callable[..., Server], tmp_path: Path) -> Iterator[tuple[Server, Client, Cut]]:
    """A hall with one terminal, a session, a partida on sale, 20 paper cartones sold; the page
    reaches its server through a ``Cut``."""
    add_terminals(tmp_path / "hall.sqlite", 1)
    server = servers()
    table = Client(server)
    open_session(table)
    table.do("start_partida")
    table.do("sell_count", series="A-0001", count=20)
    cut = Cut(server.port)
    yield server, table, cut
    cut.close()


def log_in(chrome: Any, cut: Cut) -> None:
    from selenium.webdriver.common.by import By

    chrome.find_element(By.ID, "login-pin").send_keys(PIN)
    chrome.find_element(By.ID, "login-go").click()
    wait_for(chrome, "window.__terminal.online && window.__terminal.view")


def press_buy(chrome: Any, count: int) -> None:
    from selenium.webdriver.common.by import By

    chrome.find_element(By.CSS_SELECTOR, f'#counts button[data-value="{count}"]').click()
    chrome.find_element(By.CSS_SELECTOR, '#means button[data-value="card"]').click()
    chrome.find_element(By.ID, "buy-go").click()


def electronic_sales(db: Path) -> list[dict[str, Any]]:
    sales = export_from_db(f"sqlite:///{db}", None)["sessions"][0]["partidas"][0]["sales"]
    return [s for s in sales if s["kind"] == "electronic"]


def test_the_page_asks_again_with_the_same_ids_when_the_answer_is_cut_and_buys_once(
    hall: tuple[Server, Client, Cut], chrome: Any, tmp_path: Path
) -> None:
    """The connection is cut after the server recorded the purchase: the page sends it again
    with the same ids, the server answers what it did (not applied twice), and the page says the
    purchase was made: one sale in the record, its cartones on the screen.
    """
    _server, _table, cut = hall
    resize(chrome, 1280, 800)
    chrome.get(f"{cut.url}/terminal?name=Terminal%201")
    log_in(chrome, cut)
    cut.cut_next_buy()
    press_buy(chrome, 3)
    assert cut.cut.wait(15), "la compra no pasó por el proxy"
    wait_for(chrome, "window.__terminal.cartones === 3 && !window.__terminal.buying")
    assert chrome.execute_script(TEXT, "message") == (
        "Comprados: serie A-0001, cartones 21 a 23: 3,00 € pagados (tarjeta)"
    )
    assert chrome.execute_script(DISABLED) is False  # the player may buy more, as new
    sales = electronic_sales(tmp_path / "hall.sqlite")
    assert [(s["first"], s["last"], s["payment"]) for s in sales] == [(21, 23, "card")]
    resize(chrome, 1920, 1080)


def test_a_purchase_recorded_before_the_server_restarted_is_shown_not_sold_again(
    hall: tuple[Server, Client, Cut], chrome: Any, tmp_path: Path
) -> None:
    """The server records the purchase and the connection is cut; the server is killed and
    started again on the same database. While the page cannot know, its buy button stays off and
    the player is told, in his language, not to pay again; once the terminal is logged in again
    the page sends the purchase again with the same ids, the server answers ``"result": null``
    (recorded, not repeated) and the page says so and shows the cartones the record holds.
    """
    from selenium.webdriver.common.by import By

    server, _table, cut = hall
    resize(chrome, 1280, 800)
    chrome.get(f"{cut.url}/terminal?name=Terminal%201&lang=es,eu")
    log_in(chrome, cut)
    chrome.find_element(By.CSS_SELECTOR, '#t-langs button[data-value="eu"]').click()
    cut.cut_next_buy(then_down=True)
    press_buy(chrome, 2)
    assert cut.cut.wait(15), "la compra no pasó por el proxy"
    wait_for(chrome, "window.__terminal.pending && !window.__terminal.buying", timeout=30)
    unsure = chrome.execute_script(TEXT, "message")
    assert unsure.startswith("Baliteke erosketa erregistratuta geratu izana"), unsure
    assert "Ez ordaindu berriro" in unsure
    assert chrome.execute_script(DISABLED) is True
    shot = tmp_path / "terminal-unsure-1280x800.png"
    chrome.save_screenshot(str(shot))
    print(f"screenshot: {shot}")
    chrome.find_element(By.ID, "buy-go").click()  # pressed again: nothing is sent
    server.kill()  # a power cut of the server: its logins are gone, its record is not
    server.start()
    cut.up(server.port)
    # the page's old login is refused on its return: the terminal is logged in again
    wait_for(chrome, "document.body.className === 'logged-out'", timeout=30)
    said = chrome.execute_script(TEXT, "login-unsure")
    assert "Ez ordaindu berriro" in said, said
    chrome.save_screenshot(str(tmp_path / "terminal-login-again-1280x800.png"))
    log_in(chrome, cut)
    wait_for(chrome, "!window.__terminal.pending && window.__terminal.cartones === 2", timeout=30)
    recorded = chrome.execute_script(TEXT, "message")
    assert recorded.startswith("Erosketa salaren erregistroan zegoen jada"), recorded
    assert chrome.execute_script(DISABLED) is False
    ids = chrome.execute_script(
        "return [...document.querySelectorAll('.carton-id span:first-child')]"
        ".map(e => e.textContent);"
    )
    assert ids == ["A-0001 seriea · 21. kartoia", "A-0001 seriea · 22. kartoia"]
    sales = electronic_sales(tmp_path / "hall.sqlite")
    assert [(s["first"], s["last"], s["payment"]) for s in sales] == [(21, 22, "card")]
    shot = tmp_path / "terminal-recorded-1280x800.png"
    chrome.save_screenshot(str(shot))
    print(f"screenshot: {shot}")
    resize(chrome, 1920, 1080)
