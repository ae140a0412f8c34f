"""A joined hall's web panels during a simultaneous partida, in a real headless chromium fed by
a real hall server joined to a real centre (both ``bingo-hall serve`` processes, the link on
TLS): the partida, its price, the cartones in play of every hall, the prizes, the balls as the
centre draws them, the winners with their halls (this hall's marked), "sin conexión con la
central" when the centre is killed and the partida again, caught up, when it returns; a stale
or replayed stream message is ignored; every text readable from the back of the hall.

R-MULTI-2 (Cantabria VI.1: "en cada sala se recibirá la información del juego y de las
diferentes extracciones … remitida por la Central Operativa"), R-PANEL-1, R-PANEL-2,
R-PANEL-4, R-NET-2; docs/decisions.md 313-315.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import numpy as np
import pytest
from websockets.sync.client import connect

from app.centre.tls import make_pki
from app.server.wire import schema
from store import open_store
from store.operators import OperatorBook
from tests.e2e import test_simultaneous as simultaneous
from tests.e2e.test_simultaneous import CENTRE_SALA, SEED, Centre, Hall, expected_winners, until
from tests.server.kit import (
    SALA,
    Client,
    draw,
    open_session,
    partida_ready,
    resize,
    shown,
    wait_for,
)
from tests.server.test_panels import BOARD_CM, CAPTION_CM, MEASURE, SCREEN_CM

pytestmark = pytest.mark.slow

ALLOTMENTS = {"norte": 300, "sur": 300}
SOLD = {"norte": 240, "sur": 300}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots" / "simultanea"

# Every message the page's stream gets, and its sockets, recorded before the page's own script
# runs: the test replays an old message through the page's own handler.
RECORD_STREAM = """
const Native = window.WebSocket;
window.__sockets = [];
window.__messages = [];
window.WebSocket = function (url, protocols) {
  const ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
  window.__sockets.push(ws);
  ws.addEventListener('message', (e) => window.__messages.push(e.data));
  return ws;
};
"""


@dataclass
class Linked:
    centre: Centre
    halls: dict[str, Hall]
    db: str
    pki: dict[str, Path]
    log: Path

    def restart_centre(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """The centre again, on its address (the halls link to it by themselves)."""
        port = self.centre.port
        monkeypatch.setattr(simultaneous, "free_port", lambda: port)
        self.centre = Centre(self.db, "centro", self.pki, self.log)

    def stop(self) -> None:
        for hall in self.halls.values():
            hall.server.stop()
        self.centre.stop()


def link_halls(tmp: Path) -> Linked:
    db = f"sqlite:///{tmp / 'centro.sqlite'}"
    with open_store(db) as store:
        book = OperatorBook(store)
        book.add(CENTRE_SALA[0], "jefe_de_sala", CENTRE_SALA[1])
        for hall in ALLOTMENTS:
            book.add(hall, "terminal", f"clave-de-{hall}")
    pki = make_pki(tmp / "pki")
    log = tmp / "centre.log"
    linked = Linked(Centre(db, "centro", pki, log), {}, db, pki, log)
    try:
        for hall in ALLOTMENTS:
            secret = tmp / f"{hall}.secret"
            secret.write_text(f"clave-de-{hall}")
            linked.halls[hall] = Hall(tmp, hall, hall, linked.centre, secret).start()
    except BaseException:
        linked.stop()
        raise
    return linked


def open_and_sell(linked: Linked, sessions_open: tuple[str, ...] = ()) -> None:
    """The centre's partida 1 opened and each hall's cartones sold, in a session of the hall
    (its sale goes into the session's cash, decision 306) opened here unless it is in
    ``sessions_open``.
    """
    opened = linked.centre.command(
        "open", partida=1, price_cents=100, allotments=ALLOTMENTS, seed=SEED
    )
    assert opened.status_code == 200, opened.text
    for name, hall in linked.halls.items():
        until(lambda h=hall: h.view()["state"]["partida"] == 1, f"{name}: la partida")
        if name not in sessions_open:
            open_session(Client(hall.server))
        answer = hall.post("sell", count=SOLD[name])
        assert answer.status_code == 200, answer.text


def winners_and_balls(linked: Linked, seed: int) -> tuple[list[int], Any]:
    """The balls in the order of ``seed`` and the winners they make (an oracle of plain sets).
    Seed 26: a line and a bingo each shared by a cartón of norte and one of sur; seed 42: a
    line of norte and a bingo of three cartones, two of them norte's.
    """
    state = linked.centre.state()["state"]
    sold = {
        a["hall"]: (a["first"], a["first"] + state["sold"][a["hall"]] - 1)
        for a in state["allotments"]
    }
    strips = -(-sum(ALLOTMENTS.values()) // 6)
    balls = [int(b) for b in np.random.default_rng(seed).permutation(np.arange(1, 91))]
    return balls, expected_winners(balls, sold, strips)


def ball(linked: Linked, number: int) -> int:
    answer = linked.centre.command("ball", number=number)
    assert answer.status_code == 200, answer.text
    return int(linked.centre.state()["version"])


def showing(chrome: Any, seq: int, timeout: float = 15.0) -> None:
    wait_for(chrome, f"window.__panel.online && window.__simul.seq >= {seq}", timeout)


def winner_rows(chrome: Any) -> list[tuple[str, str, bool]]:
    rows: list[list[Any]] = chrome.execute_script(
        """
        return [...document.querySelectorAll('#s-winners .row')].map((r) =>
          [r.children[0].textContent, r.children[1].textContent,
           r.children[1].classList.contains('ours')]);
        """
    )
    return [(str(a), str(b), bool(c)) for a, b, c in rows]


def test_the_hall_panels_follow_the_centre_s_partida_lose_it_and_catch_up(
    tmp_path: Path, chrome: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    linked = link_halls(tmp_path)
    norte = linked.halls["norte"]
    script = chrome.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_STREAM}
    )
    try:
        chrome.get(norte.server.panel("prizes"))
        wait_for(chrome, "window.__panel.online && window.__simul.revision > 0")
        assert not chrome.execute_script("return window.__simul.shown")  # nothing opened yet

        open_and_sell(linked)
        version = int(linked.centre.state()["version"])
        showing(chrome, version)
        assert chrome.execute_script("return window.__simul.shown")
        announce = chrome.find_element("css selector", "#prizes-view .announce").text
        assert announce == "Partida simultánea 1 · venta de cartones"
        assert chrome.find_element("id", "p-sold").text == "540"  # every hall's cartones
        assert chrome.find_element("id", "p-price").text == "1,00 €"
        assert chrome.find_element("id", "s-halls").text == "2"
        assert chrome.find_element("id", "s-line").text == "—"  # not before the sale closes
        assert not chrome.find_element("id", "p-prima-fund").is_displayed()  # not played
        started = linked.centre.command("start")
        assert started.status_code == 200, started.text
        showing(chrome, int(linked.centre.state()["version"]))
        central = linked.centre.state()["state"]
        assert chrome.find_element("id", "s-line").text == euros(central["line_cents"])
        assert chrome.find_element("id", "s-bingo").text == euros(central["bingo_cents"])

        balls, ((line, line_at), (bingo, bingo_at)) = winners_and_balls(linked, 26)
        # both prizes shared by a cartón of norte (1-300) and one of sur
        assert {n <= 300 for n in line} == {n <= 300 for n in bingo} == {True, False}
        chrome.get(norte.server.panel("board"))
        wait_for(chrome, "window.__panel.online && window.__simul.shown")
        assert chrome.find_element("id", "b-simul").text == "Simultánea"
        killed_at = line_at + 1
        for extraction, number in enumerate(balls[:killed_at], start=1):
            showing(chrome, ball(linked, number))
            on = shown(chrome)
            assert sorted(on["lit"]) == sorted(balls[:extraction])
            assert on["last"] == str(number) and on["count"] == str(extraction)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        chrome.save_screenshot(str(SCREENSHOTS / "drawing-board-es-1920x1080.png"))

        # a stale message (an earlier ball) and a replayed one are ignored
        before = shown(chrome)
        replayed = chrome.execute_script(
            """
            const old = window.__messages.map((t) => JSON.parse(t))
              .filter((m) => m.type === 'simultanea' && m.simul && m.simul.balls.length === 1);
            const ws = window.__sockets[window.__sockets.length - 1];
            const last = window.__messages.map((t) => JSON.parse(t))
              .filter((m) => m.type === 'simultanea').pop();
            const forged = Object.assign({}, old[0], {revision: last.revision + 100});
            for (const m of [old[0], last, forged]) {
              ws.onmessage(new MessageEvent('message', {data: JSON.stringify(m)}));
            }
            return old.length;
            """
        )
        assert replayed >= 1
        assert shown(chrome) == before

        linked.centre.proc.kill()  # the centre is gone: its partida is not shown stale
        linked.centre.proc.wait(10)
        wait_for(chrome, "document.body.classList.contains('central-offline')", timeout=20)
        off = shown(chrome)
        assert off["online"] and not off["main_visible"]
        assert "sin conexión con la central" in chrome.find_element("id", "central-offline").text
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        chrome.save_screenshot(str(SCREENSHOTS / "central-offline-board-es-1920x1080.png"))
        measured = chrome.execute_script(MEASURE)
        assert [i["text"] for i in measured["items"]] == ["sin conexión con la central"]
        assert measured["items"][0]["cap_px"] * SCREEN_CM / measured["height"] >= CAPTION_CM
        linked.restart_centre(monkeypatch)
        version = ball(linked, balls[killed_at])  # drawn maybe before the hall is linked again
        showing(chrome, version, timeout=45)  # the hall links again within its 5 s retry
        wait_for(chrome, "!document.body.classList.contains('central-offline')", timeout=30)
        on = shown(chrome)
        assert on["main_visible"] and sorted(on["lit"]) == sorted(balls[: killed_at + 1])
        for number in balls[killed_at + 1 : bingo_at]:
            version = ball(linked, number)
        showing(chrome, version)
        on = shown(chrome)
        assert sorted(on["lit"]) == sorted(balls[:bingo_at]) and on["count"] == str(bingo_at)

        chrome.get(norte.server.panel("prizes"))
        showing(chrome, version)
        final = linked.centre.state()["state"]
        assert [n for n, _h in final["line"]] == line and [n for n, _h in final["bingo"]] == bingo
        rows = winner_rows(chrome)
        expected = [
            (prize, n, hall)
            for prize, key in (("Línea", "line"), ("Bingo", "bingo"))
            for n, hall in sorted(final[key], key=lambda w: (w[1] != "norte", w[0]))[:2]
        ]
        assert [(r[0].split(" +")[0], r[1], r[2]) for r in rows] == [
            (f"{prize} {n}", "★ esta sala" if hall == "norte" else hall, hall == "norte")
            for prize, n, hall in expected
        ]
        announce = chrome.find_element("css selector", "#prizes-view .announce").text
        assert announce == "Partida simultánea 1 cerrada"
        measured = chrome.execute_script(MEASURE)
        assert all(i["inside"] for i in measured["items"]), "winners pushed a row off the screen"
        messages = chrome.execute_script("return window.__messages")
        stream = schema("stream")
        for text in messages:
            jsonschema.validate(json.loads(text), stream)  # the documented message
    finally:
        chrome.execute_cdp_cmd(  # the next tests' pages are plain
            "Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]}
        )
        linked.stop()


def euros(cents: int) -> str:
    whole = f"{cents // 100:,}".replace(",", ".")
    return f"{whole},{cents % 100:02d} €"


def test_the_hall_s_own_partida_keeps_the_screens_while_it_is_played(
    tmp_path: Path, chrome: Any
) -> None:
    """Decision 313: the hall's own partida, from the close of its sale, has the screens; the
    simultaneous one being sold waits, and comes back when the hall's partida is closed.
    """
    linked = link_halls(tmp_path)
    norte = linked.halls["norte"]
    try:
        console = Client(norte.server)
        open_session(console)
        partida_ready(console)
        draw(console, [5, 6, 7])
        chrome.get(norte.server.panel("board"))
        wait_for(chrome, "window.__panel.online && window.__simul.revision > 0")
        open_and_sell(linked, sessions_open=("norte",))
        showing(chrome, int(linked.centre.state()["version"]))
        assert not chrome.execute_script("return window.__simul.shown")
        assert sorted(shown(chrome)["lit"]) == [5, 6, 7]
        console.do("annul", authorisation=SALA, incident="caller_error", note="prueba")
        wait_for(chrome, "window.__simul.shown")
        assert shown(chrome)["lit"] == []
        with connect(norte.server.url.replace("http", "ws", 1) + "/api/v1/stream") as ws:
            first, second = (json.loads(ws.recv(timeout=10)) for _ in range(2))
        assert first["type"] == "snapshot" and second["type"] == "simultanea"
        assert second["shown"] and second["connection"] == "linked"
    finally:
        linked.stop()


@pytest.fixture(scope="module")
def closed_partida(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Linked]:
    """The longest texts: a closed simultaneous partida, its winners named."""
    linked = link_halls(tmp_path_factory.mktemp("simultanea"))
    try:
        open_and_sell(linked)
        assert linked.centre.command("start").status_code == 200
        balls, (_line, (_bingo, bingo_at)) = winners_and_balls(linked, 42)
        for number in balls[:bingo_at]:
            ball(linked, number)
        yield linked
    finally:
        linked.stop()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("layout", ["board", "last", "prizes", "offline"])
def test_every_number_and_caption_of_a_simultaneous_partida_is_readable_at_15_m(
    closed_partida: Linked, chrome: Any, layout: str, size: tuple[int, int]
) -> None:
    """As the ordinary panels (tests/server/test_panels.py): board numbers >= 5 cm and every
    caption >= 3 cm of cap height on a 55" screen, in Spanish and Basque, nothing cut off;
    "offline" is the screen without the centre (the partida hidden, decision 314).
    """
    server = closed_partida.halls["norte"].server
    width, height = size
    resize(chrome, width, height)
    try:
        for lang in ("es", "eu"):
            chrome.get(server.panel("prizes" if layout == "offline" else layout, lang))
            wait_for(chrome, "window.__panel.online && window.__simul.shown")
            if layout == "offline":  # the lost link's screen, as the page paints it
                chrome.execute_script(
                    "document.body.classList.add('central-offline');"
                    "const box = document.getElementById('central-offline');"
                    "box.innerHTML = '<div class=\"t\">' + window.PANEL_TEXTS[arguments[0]]"
                    ".central_offline + '</div>';",
                    lang,
                )
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            chrome.save_screenshot(str(SCREENSHOTS / f"{layout}-{lang}-{width}x{height}.png"))
            measured = chrome.execute_script(MEASURE)
            cm = SCREEN_CM / measured["height"]
            small = [
                (i["text"], round(i["cap_px"] * cm, 2))
                for i in measured["items"]
                if i["cap_px"] * cm < (BOARD_CM if i["board"] else CAPTION_CM)
            ]
            assert not small, f"{layout} {lang} {width}x{height}: too small: {small}"
            outside = [i["text"] for i in measured["items"] if not i["inside"]]
            assert not outside, f"{layout} {lang} {width}x{height}: off screen: {outside}"
            if layout == "board":
                assert sum(i["board"] for i in measured["items"]) == 90
            if layout == "prizes":
                assert winner_rows(chrome), "no winners on the screen"
    finally:
        resize(chrome, 1920, 1080)
