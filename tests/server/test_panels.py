"""The web panels in a real headless chromium, fed by a real hall server (issue 8, §4).

R-PANEL-1, R-PANEL-2 (every number as drawn, the count), R-PANEL-4 (the hall's languages),
R-ACTA-2 (the panel shows what was recorded, never stale numbers).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.kit import (
    Client,
    Server,
    carton_rows,
    draw,
    open_session,
    partida_ready,
    resize,
    shown,
    wait_for,
)

pytestmark = pytest.mark.slow

SCREEN_CM = 68.5  # a 55" 16:9 screen is 68.5 cm tall
BOARD_CM, CAPTION_CM = 5.0, 3.0


def showing_version(driver: Any, version: int) -> None:
    wait_for(driver, f"window.__panel.online && window.__panel.version >= {version}")


def test_the_panel_shows_a_whole_partida_as_it_is_played(
    servers: Callable[..., Server], chrome: Any
) -> None:
    server = servers()
    console = Client(server)
    chrome.get(server.panel("board"))
    wait_for(chrome, "window.__panel.online")
    open_session(console)
    partida = partida_ready(console)
    rows = carton_rows(1)
    order = rows[0] + [n for n in sorted(rows[1] + rows[2])]
    drawn: list[int] = []
    for number in order:
        answer = console.do("draw_ball", number=number)
        drawn.append(number)
        showing_version(chrome, answer["version"])
        on = shown(chrome)
        assert sorted(on["lit"]) == sorted(drawn)
        assert on["last"] == str(number) and on["count"] == str(len(drawn))
        if len(drawn) == 5:
            assert console.do("claim", series="A-0001", number=1, prize="line")["result"]["valid"]
    assert console.do("claim", series="A-0001", number=1, prize="bingo")["result"]["valid"]
    console.do("close_partida")
    paid = console.do("pay_prizes")
    chrome.get(server.panel("prizes"))
    showing_version(chrome, paid["version"])
    line, bingo = (chrome.find_element("id", i).text for i in ("p-line", "p-bingo"))
    assert line.startswith("A-0001-1 · ") and line.endswith("€")
    assert bingo.startswith("A-0001-1 · ") and bingo.endswith("€")
    measured = chrome.execute_script(MEASURE)
    assert all(i["inside"] for i in measured["items"]), "winners pushed a row off the screen"
    state = console.state()["state"]
    assert state["partida"] == partida and state["status"] == "paid"
    assert chrome.find_element("id", "p-sold").text == "120"
    # R-PRIMA-4: the prima and its ball limit are shown only while it is in play; this hall's
    # fund (6 % of one partida) has not reached its amount, so only the fund is shown
    assert not state["prima_available"]
    assert not chrome.find_element("id", "p-prima-row").is_displayed()
    assert chrome.find_element("id", "p-prima-fund").text.endswith("€")


def test_a_panel_started_late_shows_the_whole_state(
    servers: Callable[..., Server], chrome: Any
) -> None:
    server = servers()
    console = Client(server)
    open_session(console)
    partida_ready(console)
    draw(console, [90, 1, 45, 60])
    chrome.get(server.panel("board"))
    showing_version(chrome, console.state()["version"])
    on = shown(chrome)
    assert sorted(on["lit"]) == [1, 45, 60, 90]
    assert on["last"] == "60" and on["count"] == "4"


def test_a_panel_that_loses_the_server_says_sin_conexion_then_shows_the_right_state(
    servers: Callable[..., Server], chrome: Any
) -> None:
    server = servers()
    console = Client(server)
    open_session(console)
    partida_ready(console)
    draw(console, [12, 34, 56])
    chrome.get(server.panel("board", "es,eu"))
    showing_version(chrome, console.state()["version"])
    server.kill()
    wait_for(chrome, "!window.__panel.online", timeout=10)
    off = shown(chrome)
    assert not off["main_visible"], "numbers still on the screen without the server"
    assert "sin conexión" in off["offline_text"] and "konexiorik gabe" in off["offline_text"]
    server = servers(port=server.port)  # the same address: the panel comes back by itself
    console = Client(server)
    answer = console.do("draw_ball", number=78)
    showing_version(chrome, answer["version"])
    on = shown(chrome)
    assert on["main_visible"]
    assert sorted(on["lit"]) == [12, 34, 56, 78] and on["last"] == "78"


# --- readability at 15 m ------------------------------------------------------------------

MEASURE = """
const canvas = document.createElement('canvas').getContext('2d');
const out = [];
for (const el of document.querySelectorAll('.t')) {
  const text = el.textContent.trim();
  if (!text || el.closest('[hidden]')) continue;
  const style = getComputedStyle(el);
  const rect = el.getBoundingClientRect();
  if (style.visibility === 'hidden' || style.display === 'none' || !rect.width) continue;
  const sample = /^[0-9 :]+$/.test(text) ? '0' : 'H';
  canvas.font = `${style.fontWeight} 100px ${style.fontFamily}`;
  const ratio = canvas.measureText(sample).actualBoundingBoxAscent / 100;
  out.push({
    text: text, board: el.classList.contains('cell'),
    cap_px: parseFloat(style.fontSize) * ratio,
    inside: rect.left >= -1 && rect.top >= -1 && rect.right <= innerWidth + 1
      && rect.bottom <= innerHeight + 1,
  });
}
return {items: out, height: innerHeight};
"""


@pytest.fixture(scope="module")
def hall_mid_partida(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The longest texts a panel shows: the last partida announced, a line and a bingo called
    ("¿Alguna línea más? ¿Algún bingo más?"), winners in the prize rows.
    """
    server = Server(tmp_path_factory.mktemp("readable") / "hall.sqlite").start()
    try:
        console = Client(server)
        open_session(console)
        partida_ready(console, count=1500)
        console.do("announce_last_partida")
        rows = carton_rows(1)
        draw(console, rows[0] + [n for n in range(81, 91) if n not in rows[0]])
        console.do("claim", series="A-0001", number=1, prize="line")
        draw(console, sorted(n for n in rows[1] + rows[2] if n < 81))
        console.do("claim", series="A-0001", number=1, prize="bingo")
        assert console.state()["state"]["announcement"] == "bingo_called"
        yield server
    finally:
        server.stop()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("layout", ["board", "last", "prizes"])
def test_every_number_and_caption_is_readable_at_15_m_on_a_55_inch_screen(
    hall_mid_partida: Server, chrome: Any, layout: str, size: tuple[int, int]
) -> None:
    """Board numbers >= 5 cm and every caption >= 3 cm of cap height, in both languages of a
    Basque hall, and nothing cut off the screen.
    """
    width, height = size
    resize(chrome, width, height)
    try:
        for lang in ("es", "eu"):
            chrome.get(hall_mid_partida.panel(layout, lang))
            wait_for(chrome, "window.__panel.online")
            measured = chrome.execute_script(MEASURE)
            cm = SCREEN_CM / measured["height"]
            small = [
                (i["text"], round(i["cap_px"] * cm, 2))
                for i in measured["items"]
                if i["cap_px"] * cm < (BOARD_CM if i["board"] else CAPTION_CM)
            ]
            assert not small, f"{layout} {lang} {width}x{height}: too small to read: {small}"
            outside = [i["text"] for i in measured["items"] if not i["inside"]]
            assert not outside, f"{layout} {lang} {width}x{height}: off the screen: {outside}"
            if layout == "board":
                assert sum(i["board"] for i in measured["items"]) == 90
    finally:
        resize(chrome, 1920, 1080)


def test_a_basque_hall_panel_speaks_spanish_and_basque_in_turn(
    hall_mid_partida: Server, chrome: Any
) -> None:
    """R-PANEL-4: with lang=es,eu the captions alternate (every=2 s here)."""
    chrome.get(hall_mid_partida.panel("prizes", "es,eu") + "&every=2")
    wait_for(chrome, "document.body.innerText.includes('Cartones')")
    wait_for(chrome, "document.body.innerText.includes('Kartoiak')", timeout=6)


def test_the_panel_page_is_served_with_its_files(hall_mid_partida: Server, tmp_path: Path) -> None:
    import httpx

    for path in ("/panel", "/static/panel.js", "/static/panel.css", "/static/i18n.js"):
        assert httpx.get(hall_mid_partida.url + path).status_code == 200


def test_a_shared_bingo_says_what_each_winner_gets_on_the_prizes_panel(
    servers: Callable[..., Server], chrome: Any
) -> None:
    """Two cartones completing at the same ball share the bingo: the prizes panel says
    "2 × 39,00 €" as the Qt panel, the receipt and the acta's share say 39,00 € each — it said
    78,00 €, the whole prize, after the two names (R-PANEL-1; the players' side, §3).
    """
    server = servers()
    console = Client(server)
    open_session(console)
    partida_ready(console)
    first = carton_rows(1)
    mine = {n for row in first for n in row}
    other, shared = next(
        (number, n)
        for number in range(7, 121)
        for n in sorted({m for row in carton_rows(number) for m in row} & mine)
        if n not in first[0]
    )
    theirs = {n for row in carton_rows(other) for n in row}
    draw(console, first[0])
    assert console.do("claim", series="A-0001", number=1, prize="line")["result"]["valid"]
    draw(console, sorted((mine | theirs) - set(first[0]) - {shared}))
    draw(console, [shared])
    for number in (1, other):
        claim = console.do("claim", series="A-0001", number=number, prize="bingo")
        assert claim["result"]["valid"], claim
    console.do("close_partida")
    paid = console.do("pay_prizes")
    chrome.get(server.panel("prizes"))
    showing_version(chrome, paid["version"])
    bingo = chrome.find_element("id", "p-bingo").text
    state = console.state()["state"]
    shares = [w["amount_cents"] for w in state["winners"] if w["prize"] == "bingo"]
    assert len(shares) == 2 and shares[0] == shares[1], shares
    each = f"{shares[0] // 100},{shares[0] % 100:02d} €"
    assert bingo.endswith("2 × " + each), bingo
