"""Player terminals on a real `bingo-hall serve` (issue 10 item 1): terminals log in with the
terminal role, buy electronic cartones paid at once within the Basque limits, and a terminal
that drops out is seen by the table, its cartón still wins, and its player is paid on its
return (R-SALE-4, R-MULTI-3; Euskadi art. 3.6; Cantabria II.1.a; decisions 280-284).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import jsonschema
import pytest

from app.bootstrap import export_from_db
from app.config import default_hall_path
from app.server.wire import schema
from app.terminal_client import TerminalClient, TerminalRefused
from store import open_store
from store.operators import OperatorBook
from tests.independent.check_export import check
from tests.server.kit import ROOT, Client, Server, add_operators, carton_rows, open_session
from ui.client.link import ServerRefused

PIN = "739104"


def terminal_name(n: int) -> str:
    return f"Terminal {n}"


def add_terminals(db: Path, count: int) -> None:
    """The hall's machines: operators of role ``terminal`` (decision 130), before the server."""
    add_operators(db)  # the jefe de sala first
    with open_store(f"sqlite:///{db}") as store:
        book = OperatorBook(store)
        for n in range(1, count + 1):
            if book.get(terminal_name(n)) is None:
                book.add(terminal_name(n), "terminal", PIN)


def basque_settings(tmp_path: Path, category: str, languages: str = "") -> Path:
    text = default_hall_path().read_text("utf-8")
    text = text.replace('id = "cantabria-001"', 'id = "euskadi-001"', 1)
    said = f'region = "euskadi"\ncategory = "{category}"' + (
        f"\nlanguages = {languages}" * bool(languages)
    )
    text = text.replace('region = "cantabria"', said, 1)
    path = tmp_path / "euskadi.toml"
    path.write_text(text, "utf-8")
    return path


@pytest.fixture
def terminals() -> Iterator[Callable[[Server, int], TerminalClient]]:
    opened: list[TerminalClient] = []

    def connect(server: Server, n: int) -> TerminalClient:
        client = TerminalClient(server.url, terminal_name(n))
        opened.append(client)
        client.connect(PIN)
        return client

    yield connect
    for client in opened:
        client.close()


def listing(table: Client) -> list[dict[str, Any]]:
    if table.token is None:
        assert table.login(*table.operator).status_code == 200  # type: ignore[misc]
    answer = table.http.get(
        f"{table.server.url}/api/v1/terminals", headers={"Authorization": f"Bearer {table.token}"}
    )
    assert answer.status_code == 200, answer.text
    found: list[dict[str, Any]] = answer.json()["terminals"]
    return found


def until(check_it: Callable[[], bool], seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not check_it():
        assert time.monotonic() < deadline, "no llegó a ocurrir"
        time.sleep(0.1)


def test_a_basque_first_category_hall_refuses_its_thirteenth_machine_and_a_seventh_serie(
    servers: Callable[..., Server],
    terminals: Callable[[Server, int], TerminalClient],
    tmp_path: Path,
) -> None:
    """Euskadi art. 3.6.a (12 machines in a hall of 1.ª) and 3.6.b (6 series a partida per
    machine and player); every sale's means of payment in the export (R-SALE-4).
    """
    db = tmp_path / "hall.sqlite"
    add_terminals(db, 13)
    server = servers(extra=["--config", str(basque_settings(tmp_path, "primera"))])
    table = Client(server)
    open_session(table)
    table.do("start_partida")
    # the table's own 1,200-cartón electronic sale, naming no machine, is refused
    refused = table.send("sell_count", {"series": "A-0001", "count": 1200, "electronic": True})
    assert refused.status_code == 422, refused.text
    assert "máquinas auxiliares" in refused.json()["error"]["message"]
    table.do("sell_count", series="A-0001", count=30)  # paper, in cash
    machines = [terminals(server, n) for n in range(1, 13)]
    for n, machine in enumerate(machines, 1):
        series, first, last = machine.buy(6, "card" if n % 2 else "cash")
        assert (series, last - first) == ("A-0001", 5)
    with pytest.raises(TerminalRefused, match=r"art\. 3\.6\.a") as thirteenth:
        terminals(server, 13)
    assert "12 máquinas" in str(thirteenth.value)
    with pytest.raises(ServerRefused, match=r"art\. 3\.6\.b"):
        machines[0].buy(1, "card")
    with pytest.raises(ServerRefused, match=r"Euskadi, disposición adicional octava"):
        machines[1].buy(1, "credit")
    assert all(m.wait_for(lambda c: len(c.view["cartones"]) == 6) for m in machines)
    shown = machines[0].view["cartones"]
    assert [c["number"] for c in shown] == list(range(31, 37))
    assert all(len(c["rows"]) == 3 for c in shown)
    assert len(listing(table)) == 12
    export = export_from_db(f"sqlite:///{db}", None)
    sales = export["sessions"][0]["partidas"][0]["sales"]
    assert sales[0] == {"series": "A-0001", "first": 1, "last": 30, "kind": "physical"}
    assert sales[1] == {
        "series": "A-0001",
        "first": 31,
        "last": 36,
        "kind": "electronic",
        "payment": "card",
        "terminal": "Terminal 1",
    }
    assert "payment" not in sales[2] and sales[2]["terminal"] == "Terminal 2"
    assert check(export) == []  # the machines and the means, from the format alone


def run_terminal(server: Server, n: int, buy: int = 0) -> subprocess.Popen[str]:
    command = [
        sys.executable, "-m", "app.cli", "terminal", "--url", server.url,
        "--name", terminal_name(n), "--pin-stdin", "--payment", "card",
    ]  # fmt: skip
    if buy:
        command += ["--buy", str(buy)]
    proc = subprocess.Popen(
        command,
        cwd=ROOT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert proc.stdin is not None
    proc.stdin.write(PIN + "\n")
    proc.stdin.close()
    return proc


def follow_stream(server: Server, told: list[dict[str, Any]]) -> None:
    """What the consoles hear on the stream (until the test's server stops)."""
    from websockets.sync.client import connect

    url = server.url.replace("http:", "ws:") + "/api/v1/stream"
    with contextlib.suppress(Exception), connect(url) as socket:
        while True:
            told.append(json.loads(socket.recv(timeout=60)))


def read_line(proc: subprocess.Popen[str], starts: str) -> str:
    assert proc.stdout is not None
    while True:
        line = proc.stdout.readline()
        assert line, f"la terminal terminó sin decir «{starts}»"
        if line.startswith(starts):
            return line.strip()


def test_a_terminal_killed_mid_partida_still_wins_and_its_player_is_paid_on_return(
    servers: Callable[..., Server], tmp_path: Path
) -> None:
    """R-MULTI-3 (decision 283): a frozen terminal is found gone by its missing heartbeat and a
    killed one by its closed socket, and the table is told; the system claims for its cartón,
    the prize stays owed to it across the payment of the partida, and it is paid when the
    terminal comes back, once. Credit is refused at the table (Cantabria II.1.a).
    """
    db = tmp_path / "hall.sqlite"
    add_terminals(db, 1)
    server = servers()
    table = Client(server)
    open_session(table)
    table.do("start_partida")
    credit = table.send("sell_count", {"series": "A-0001", "count": 10, "payment": "credit"})
    assert credit.status_code == 422 and "II.1.a" in credit.json()["error"]["message"]
    table.do("sell_count", series="A-0001", count=10, payment="card")
    told: list[dict[str, Any]] = []
    stream = threading.Thread(target=follow_stream, args=(server, told), daemon=True)
    stream.start()
    proc = run_terminal(server, 1, buy=2)
    bought = read_line(proc, "compra ")
    assert bought == "compra A-0001 11-12"
    until(lambda: [t["connected"] for t in listing(table)] == [True])
    proc.send_signal(signal.SIGSTOP)  # frozen: no heartbeat
    until(lambda: [t["connected"] for t in listing(table)] == [False], seconds=15)
    presence = [m for m in told if m["type"] == "terminal_presence"]
    assert [(m["terminal"], m["connected"]) for m in presence] == [
        ("Terminal 1", True),
        ("Terminal 1", False),
    ]
    for message in presence:
        jsonschema.validate(message, schema("stream"))
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    table.do("close_sale")
    table.do("confirm_data_shown")
    for ball in sorted({n for row in carton_rows(11) for n in row}):
        table.do("draw_ball", number=ball)
    winners = {(w["number"], w["prize"]) for w in table.state()["state"]["winners"]}
    assert (11, "bingo") in winners  # claimed by the system for the absent terminal
    table.do("close_partida")
    table.do("pay_prizes")
    (gone,) = listing(table)
    assert not gone["connected"] and gone["owed_cents"] > 0
    owed = gone["owed_cents"]
    table.do("start_partida")  # the next partida: still owed
    back = run_terminal(server, 1)
    try:
        assert read_line(back, "cobrado ") == f"cobrado {owed}"
        until(lambda: listing(table)[0]["owed_cents"] == 0 and listing(table)[0]["connected"])
    finally:
        back.kill()
        back.wait(10)
    records = export_from_db(f"sqlite:///{db}", None)
    sales = records["sessions"][0]["partidas"][0]["sales"]
    assert [s.get("payment") for s in sales] == ["card", "card"]
    with open_store(f"sqlite:///{db}") as store:
        paid = [r.payload for r in store.load("cantabria-001") if r.kind == "terminal_prize_paid"]
    assert sum(p["amount_cents"] for p in paid) == owed
    assert {(p["number"], p["terminal"]) for p in paid} == {(11, "Terminal 1")}


def test_a_terminal_may_not_run_the_table_nor_a_table_buy_as_a_terminal(
    servers: Callable[..., Server], tmp_path: Path
) -> None:
    """decision 284: a terminal buys for its own player and collects his prizes, nothing else;
    the table's people cannot buy as a terminal.
    """
    db = tmp_path / "hall.sqlite"
    add_terminals(db, 1)
    server = servers()
    table = Client(server)
    open_session(table)
    table.do("start_partida")
    machine = Client(server, operator=(terminal_name(1), PIN))
    assert machine.send("close_sale").status_code == 403
    assert table.send("terminal_buy", {"count": 1, "payment": "cash"}).status_code == 403
    not_connected = machine.send("terminal_buy", {"count": 1, "payment": "cash"})
    assert not_connected.status_code == 409, not_connected.text
    page = httpx.get(f"{server.url}/terminal")
    assert page.status_code == 200 and "terminal.js" in page.text
    assert json.loads(httpx.get(f"{server.url}/api/v1/state").text)["type"] == "snapshot"


@pytest.mark.slow
def test_the_terminal_page_buys_paid_at_once_and_marks_its_cartones(
    servers: Callable[..., Server], chrome: Any, tmp_path: Path
) -> None:
    """The kiosk page (real headless chromium): logs in as a terminal, buys cartones paid by
    card, shows each cartón's serie and number, marks the balls and the system's claims, and
    collects the prize (R-MULTI-3; Euskadi art. 3.6, last paragraph; R-SALE-4).
    """
    from selenium.webdriver.common.by import By

    from tests.server.kit import resize, wait_for

    db = tmp_path / "hall.sqlite"
    add_terminals(db, 1)
    server = servers()
    table = Client(server)
    open_session(table)
    table.do("start_partida")
    table.do("sell_count", series="A-0001", count=20)
    resize(chrome, 1280, 800)
    chrome.get(f"{server.url}/terminal?name=Terminal%201")
    chrome.find_element(By.ID, "login-pin").send_keys(PIN)
    chrome.find_element(By.ID, "login-go").click()
    wait_for(chrome, "window.__terminal.online && window.__terminal.state")
    chrome.find_element(By.CSS_SELECTOR, '#counts button[data-value="4"]').click()
    chrome.find_element(By.CSS_SELECTOR, '#means button[data-value="card"]').click()
    chrome.find_element(By.ID, "buy-go").click()
    wait_for(chrome, "window.__terminal.cartones === 4")
    ids = chrome.execute_script(
        "return [...document.querySelectorAll('.carton-id span:first-child')]"
        ".map(e => e.textContent);"
    )
    assert ids == [f"Serie A-0001 · Cartón {n}" for n in range(21, 25)]
    export = export_from_db(f"sqlite:///{db}", None)
    assert export["sessions"][0]["partidas"][0]["sales"][1]["payment"] == "card"
    assert check(export) == []
    credit = chrome.execute_script(
        "return fetch('/api/v1/commands', {method: 'POST', headers: {'Content-Type': "
        "'application/json', Authorization: 'Bearer ' + window.__terminal.token}, body: "
        "JSON.stringify({v: 1, client_id: 't', command_id: 'x1', name: 'terminal_buy', "
        "args: {count: 1, payment: 'credit'}})}).then(r => r.json());"
    )
    assert "II.1.a" in credit["error"]["message"]
    table.do("close_sale")
    table.do("confirm_data_shown")
    rows = carton_rows(21)
    for ball in [*rows[0], *rows[1][:2]]:
        table.do("draw_ball", number=ball)
    wait_for(chrome, "window.__terminal.marked >= 7")
    wait_for(chrome, "document.querySelector('.carton.won .claims').textContent === 'LÍNEA'")
    shot = tmp_path / "terminal-1280x800.png"  # as docs/img/terminal-1280x800.png shows it
    chrome.save_screenshot(str(shot))
    assert shot.read_bytes()[16:24] == (1280).to_bytes(4, "big") + (800).to_bytes(4, "big")
    for ball in sorted({n for row in rows for n in row} - {*rows[0], *rows[1][:2]}):
        table.do("draw_ball", number=ball)
    table.do("close_partida")
    wait_for(chrome, "window.__terminal.collected_cents > 0")
    resize(chrome, 1920, 1080)


@pytest.mark.slow
def test_a_basque_halls_terminal_speaks_basque(
    servers: Callable[..., Server], chrome: Any, tmp_path: Path
) -> None:
    """The kiosk page in the hall's languages (real headless chromium): Spanish first, and
    Basque in a Basque hall (its settings: languages = ["es", "eu"]; Euskadi, disposición
    adicional décima), chosen by the player or fixed by ``?lang=eu``: the page's words, the
    purchase, the cartones' serie and number, the prizes (R-MULTI-3; Euskadi art. 3.6).
    """
    from selenium.webdriver.common.by import By

    from tests.server.kit import resize, wait_for

    db = tmp_path / "hall.sqlite"
    add_terminals(db, 1)
    settings = basque_settings(tmp_path, "tercera", '["es", "eu"]')
    server = servers(extra=["--config", str(settings)])
    table = Client(server)
    open_session(table)
    table.do("start_partida")
    table.do("sell_count", series="A-0001", count=20)
    resize(chrome, 1280, 800)
    text = "return document.getElementById(arguments[0]).textContent;"
    chrome.get(f"{server.url}/terminal?name=Terminal%201")
    wait_for(chrome, "window.__terminal.languages.join() === 'es,eu'")
    assert chrome.find_element(By.CSS_SELECTOR, "#login h1").text == "Terminal de juego"
    chrome.find_element(By.CSS_SELECTOR, '#t-langs button[data-value="eu"]').click()
    wait_for(chrome, "document.documentElement.lang === 'eu'")
    assert chrome.find_element(By.CSS_SELECTOR, "#login h1").text == "Joko-terminala"
    assert chrome.find_element(By.ID, "login-go").text == "Sartu"
    chrome.find_element(By.ID, "login-pin").send_keys(PIN)
    chrome.find_element(By.ID, "login-go").click()
    wait_for(chrome, "window.__terminal.online && window.__terminal.state")
    assert chrome.execute_script(text, "t-link") == "konektatuta"
    assert chrome.find_element(By.CSS_SELECTOR, "#buy h2").text == "Kartoiak erosi"
    means = chrome.find_elements(By.CSS_SELECTOR, "#means button")
    assert [b.text for b in means] == ["Eskudirua", "Txartela"]
    chrome.find_element(By.CSS_SELECTOR, '#counts button[data-value="2"]').click()
    chrome.find_element(By.CSS_SELECTOR, '#means button[data-value="card"]').click()
    chrome.find_element(By.ID, "buy-go").click()
    wait_for(chrome, "window.__terminal.cartones === 2")
    assert chrome.execute_script(text, "message") == (
        "Erosita: A-0001 seriea, 21–22 kartoiak: 2,00 € ordainduta (txartela)"
    )
    ids = chrome.execute_script(
        "return [...document.querySelectorAll('.carton-id span:first-child')]"
        ".map(e => e.textContent);"
    )
    assert ids == ["A-0001 seriea · 21. kartoia", "A-0001 seriea · 22. kartoia"]
    assert chrome.execute_script(text, "cards-count") == "2 kartoi partida honetan"
    assert chrome.execute_script(text, "buy-left") == "Salmenta irekita"
    # the kiosk fixed in Basque from the start: ?lang=eu
    chrome.get(f"{server.url}/terminal?name=Terminal%201&lang=eu")
    wait_for(chrome, "document.documentElement.lang === 'eu'")
    assert chrome.find_element(By.CSS_SELECTOR, "#login h1").text == "Joko-terminala"
    assert chrome.title == "Joko-terminala"
    resize(chrome, 1920, 1080)


def test_a_terminal_may_not_read_the_hall_record_nor_the_table_questions(
    servers: Callable[..., Server], tmp_path: Path
) -> None:
    """decision 284 (and 202): a terminal sees its own socket and the public panels, never the
    hall's record (sellers, payments, other machines' purchases), its card sets, the table's
    questions, the machines' list or the centre link; the table's people and the inspector
    still read them (R-ROLE-1, R-MULTI-3).
    """
    from tests.server.kit import INSPECTOR, MESA, SALA

    db = tmp_path / "hall.sqlite"
    add_terminals(db, 1)
    server = servers()
    table = Client(server)
    open_session(table)
    machine = Client(server, operator=(terminal_name(1), PIN))
    assert machine.login(terminal_name(1), PIN).status_code == 200
    reads = ["/api/v1/records?after=0", "/api/v1/questions", "/api/v1/card_sets/ninguno"]
    for path in [*reads, "/api/v1/terminals"]:
        answer = machine.http.get(
            f"{server.url}{path}", headers={"Authorization": f"Bearer {machine.token}"}
        )
        assert answer.status_code == 403, (path, answer.text)
        assert "Terminal 1" in answer.json()["error"]["message"]
    for operator in (MESA, SALA, INSPECTOR):
        reader = Client(server, operator=operator)
        assert reader.login(*operator).status_code == 200
        for path in reads:
            answer = reader.http.get(
                f"{server.url}{path}", headers={"Authorization": f"Bearer {reader.token}"}
            )
            assert answer.status_code in (200, 404), (operator, path, answer.text)
            assert answer.status_code == 200 or path.startswith("/api/v1/card_sets/")
    records = reader.http.get(
        f"{server.url}/api/v1/records?after=0", headers={"Authorization": f"Bearer {reader.token}"}
    )
    assert records.json()["records"]  # the inspector reads the whole record
    # what the players see stays open to anyone: the state, the stream, the panels
    assert httpx.get(f"{server.url}/api/v1/state").status_code == 200


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--payment", "credit"], "--payment"),  # not in the closed list (decision 280)
        (["--payment", ""], "--payment"),
        (["--buy", "-3"], "--buy"),
        (["--buy", "0"], "--buy"),
        (["--buy", "tres"], "--buy"),
        (["--name", ""], "--name"),
        (["--url", "127.0.0.1:1"], "--url"),
        (["--cafile", "no-existe.pem"], "--cafile"),
    ],
)
def test_the_terminal_command_refuses_a_bad_argument_before_connecting(
    arguments: list[str], said: str
) -> None:
    """Bad usage exits 2 with a message naming the option, and connects to nothing: a terminal
    never asks the server to sell on credit or a negative count (R-SALE-4; Cantabria II.1.a).
    """
    import socket

    with socket.socket() as listener:  # the "server": it must hear no connection
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        listener.settimeout(0.0)
        url = f"http://127.0.0.1:{listener.getsockname()[1]}"
        command = [sys.executable, "-m", "app.cli", "terminal", "--url", url]
        command += ["--name", terminal_name(1), "--pin-stdin", *arguments]
        done = subprocess.run(
            command, cwd=ROOT, input=PIN + "\n", capture_output=True, text=True, timeout=60
        )
        with pytest.raises(BlockingIOError):
            listener.accept()
    assert done.returncode == 2, done.stdout + done.stderr
    assert said in done.stderr and "Traceback" not in done.stderr
    assert "conectada" not in done.stdout


def test_the_claims_pass_is_compiled_when_the_server_starts_not_at_the_first_ball() -> None:
    """The pass that finds the electronic cartones' lines and bingos (R-MULTI-3: the system
    claims for the terminals' cartones) is compiled by numba at its first use; the server
    compiles it when it starts, so the night's first ball is not held 2.5-6 s behind it. A fresh
    process: nothing compiled before.
    """
    pytest.importorskip("numba")  # optional: without it the pass is numpy's, nothing to compile
    script = (
        "from bingo.detect import _compiled\n"
        "from app.server.terminals import warm_claims\n"
        "kernel = _compiled()\n"
        "assert kernel is not None and not kernel.signatures\n"
        "warm_claims().join()\n"
        "print(len(kernel.signatures))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) >= 1


def test_a_purchase_answered_again_after_the_server_restarted_is_said_not_a_traceback(
    tmp_path: Path,
) -> None:
    """R-MULTI-3, R-NET-1 (docs/api.md: a command sent again with the same ids after the server
    restarted is answered ``"result": null``). The terminal's link retries a lost answer with
    the same ids; when the server had bought before it restarted, the terminal read
    ``None["series"]``: a TypeError, a traceback out of ``bingo-hall terminal --buy``, and a
    collection answered so killed the machine's heartbeat. Now the purchase is said to be in
    the record (not to be repeated), and the collection counts nothing more.
    """
    from app.terminal_client import AnswerLost

    client = TerminalClient("http://127.0.0.1:9", terminal_name(1))
    repeated = {"v": 1, "repeated": True, "version": 40, "first_seq": 38, "result": None}
    client.link.command = lambda *_args, **_kw: repeated  # type: ignore[method-assign]
    try:
        with pytest.raises(AnswerLost, match="consta en el registro"):
            client.buy(2, "card")
        assert client.collect() == 0 and client.collected_cents == 0
    finally:
        client.close()
