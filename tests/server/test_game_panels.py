"""The web panels during a partida of bingo plus or bingo derivado, in a real headless chromium
fed by a real hall server (issue 11; R-PANEL-1, R-PANEL-2, R-PANEL-4, R-MULTI-4;
docs/decisions.md 276): the board laid out for the game's N numbers, the last ball big, the
combinations at stake with their amounts and, once settled, the winners; the ordinary board back
when an ordinary partida starts; every text readable from the back of the hall.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.kit import (
    ROOT,
    Client,
    Server,
    open_session,
    partida_ready,
    resize,
    shown,
    wait_for,
)
from tests.server.test_game_partidas import game_ready, play_balls
from tests.server.test_panels import BOARD_CM, CAPTION_CM, MEASURE, SCREEN_CM, showing_version

pytestmark = pytest.mark.slow


def prize_rows(driver: Any) -> dict[str, str]:
    rows: dict[str, str] = driver.execute_script(
        """
        const out = {};
        for (const row of document.querySelectorAll('#g-prizes .row')) {
          out[row.children[0].textContent] = row.children[1].textContent;
        }
        return out;
        """
    )
    return rows


def test_the_panels_show_a_plus_partida_as_it_is_played_then_the_ordinary_board_again(
    servers: Callable[..., Server], chrome: Any
) -> None:
    server = servers()
    console = Client(server)
    chrome.get(server.panel("board"))
    wait_for(chrome, "window.__panel.online")
    assert chrome.execute_script("return window.__board.cells") == 90
    open_session(console)
    game_ready(console, "plus-4x5", "P-0001", "plus-600", paper=100, electronic=20)
    wait_for(chrome, "document.body.classList.contains('game')")
    assert chrome.execute_script("return window.__board.cells") == 75
    drawn: list[int] = []
    for ball in (75, 1, 40, 33):
        answer = console.do("draw_game_ball", number=ball)
        drawn.append(ball)
        showing_version(chrome, answer["version"])
        on = shown(chrome)
        assert sorted(on["lit"]) == sorted(drawn)
        assert on["last"] == str(ball) and on["count"] == str(len(drawn))
    assert chrome.find_element("id", "b-game").text == "Bingo plus"
    chrome.get(server.panel("prizes"))
    wait_for(chrome, "document.querySelectorAll('#g-prizes .row').length === 4")
    rows = prize_rows(chrome)
    # 120 cartones at 2 €: 5 %, 10 %, 15 % and 40 % of 240 € at stake
    assert rows == {
        "Cuatro esquinas": "12,00 €", "Línea": "24,00 €", "Marco": "36,00 €",
        "Cartón completo": "96,00 €",
    }  # fmt: skip
    assert not chrome.find_element("id", "p-line").is_displayed()  # no ordinary rows
    for ball in (b for b in range(1, 76) if b not in drawn):
        if console.do("draw_game_ball", number=ball)["result"]["plan_complete"]:
            break
    answer = console.do("close_game_partida")
    showing_version(chrome, answer["version"])
    state = console.state()["state"]["game"]
    rows = prize_rows(chrome)
    for prize in state["prizes"]:
        name = prize["names"]["es"]
        first = prize["winners"][0]
        assert rows[name].startswith(f"{first['series']}-{first['number']}"), rows
        assert rows[name].endswith("€")
    measured = chrome.execute_script(MEASURE)
    assert all(i["inside"] for i in measured["items"]), "winners pushed a row off the screen"
    console.do("pay_game_prizes")
    partida_ready(console)  # an ordinary partida: the ordinary panels again
    chrome.get(server.panel("board"))
    wait_for(chrome, "window.__panel.online && !document.body.classList.contains('game')")
    assert chrome.execute_script("return window.__board.cells") == 90


def test_the_board_is_laid_out_for_each_game_s_numbers_on_a_16_9_screen(chrome: Any) -> None:
    """45, 75, 90 and 100 numbers: rows x columns that fill the board's area beside the side
    column, no empty row, numbers at least as large as the ordinary board's up to 90 (two
    digits); 100 has three digits and gets the largest that fit (decision 276).
    """
    chrome.get("about:blank")
    script = (ROOT / "app" / "web" / "panel.js").read_text("utf-8")
    layout = script[script.index("function gridFor") : script.index("build(90);")]
    grids = chrome.execute_script(layout + "return [45, 75, 90, 100].map((n) => gridFor(n));")
    shapes = {n: (g["rows"], g["columns"]) for n, g in zip((45, 75, 90, 100), grids, strict=True)}
    assert shapes == {45: (7, 7), 75: (9, 9), 90: (9, 10), 100: (12, 9)}
    ordinary = grids[2]["font"]
    for n, grid in zip((45, 75, 90, 100), grids, strict=True):
        rows, columns = shapes[n]
        assert rows * columns >= n and rows * columns - n < columns  # no empty row
        assert round(rows * grid["height"]) == 97 and round(columns * grid["width"]) == 136
        if n <= 90:
            assert grid["font"] >= ordinary


@pytest.fixture(scope="module")
def plus_settled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The longest texts of a game partida: settled, winners named in every prize row."""
    server = Server(tmp_path_factory.mktemp("plus") / "hall.sqlite").start()
    try:
        console = Client(server)
        open_session(console)
        game_ready(console, "plus-4x5", "P-0001", "plus-600", paper=500, electronic=100)
        play_balls(console, 75, seed=9)
        console.do("close_game_partida")
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def derivado_settled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(tmp_path_factory.mktemp("derivado") / "hall.sqlite").start()
    try:
        console = Client(server)
        open_session(console)
        game_ready(console, "derivado-instantaneo-3x3", "D-0001", "d-600", paper=200, electronic=0)
        play_balls(console, 45, seed=4)
        console.do("close_game_partida")  # the instant plan's 18 balls, its winners named
        yield server
    finally:
        server.stop()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("layout", ["board", "last", "prizes"])
@pytest.mark.parametrize("hall", ["plus_settled", "derivado_settled"])
def test_every_number_and_caption_of_a_game_partida_is_readable_at_15_m(
    request: pytest.FixtureRequest, chrome: Any, hall: str, layout: str, size: tuple[int, int]
) -> None:
    """As the ordinary panels (tests/server/test_panels.py): board numbers >= 5 cm and every
    caption >= 3 cm of cap height on a 55" screen, in Spanish and Basque, nothing cut off.
    """
    server: Server = request.getfixturevalue(hall)
    count = 75 if hall == "plus_settled" else 45
    width, height = size
    resize(chrome, width, height)
    try:
        for lang in ("es", "eu"):
            chrome.get(server.panel(layout, lang))
            wait_for(chrome, "window.__panel.online && document.body.classList.contains('game')")
            measured = chrome.execute_script(MEASURE)
            cm = SCREEN_CM / measured["height"]
            small = [
                (i["text"], round(i["cap_px"] * cm, 2))
                for i in measured["items"]
                if i["cap_px"] * cm < (BOARD_CM if i["board"] else CAPTION_CM)
            ]
            assert not small, f"{hall} {layout} {lang} {width}x{height}: too small: {small}"
            outside = [i["text"] for i in measured["items"] if not i["inside"]]
            assert not outside, f"{hall} {layout} {lang} {width}x{height}: off screen: {outside}"
            if layout == "board":
                assert sum(i["board"] for i in measured["items"]) == count
    finally:
        resize(chrome, 1920, 1080)


@pytest.fixture(scope="module")
def derivado_last(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A derivado partida announced as the last of its modality (R-GAME-6), mid-extraction:
    the longest game name with the last partida's words before its state.
    """
    server = Server(tmp_path_factory.mktemp("last") / "hall.sqlite").start()
    try:
        console = Client(server)
        open_session(console)
        game_ready(console, "derivado-instantaneo-3x3", "D-0001", "d-600", paper=200, electronic=0)
        console.do("announce_last_game_partida")
        for ball in (7, 21, 45):
            console.do("draw_game_ball", number=ball)
        assert console.state()["state"]["game"]["is_last"] is True
        yield server
    finally:
        server.stop()


#: What each layout shows of the last partida (the board's narrow column: its short words).
LAST_WORDS = {
    "es": {"board": "Última partida", "last": "ÚLTIMA PARTIDA", "prizes": "ÚLTIMA PARTIDA"},
    "eu": {"board": "Azken partida", "last": "AZKEN PARTIDA", "prizes": "AZKEN PARTIDA"},
}
#: Where a test leaves the picture of the board of a last game partida (else a temporary file).
LAST_SHOT = os.environ.get("BINGO_GAME_LAST_SHOT", "")


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
def test_the_last_partida_of_a_modality_is_announced_on_every_layout_readable_at_15_m(
    derivado_last: Server, chrome: Any, size: tuple[int, int], tmp_path: Path
) -> None:
    """R-GAME-6, decision 393: as the ordinary last partida, in Spanish and Basque, on the
    board's side column and in the other layouts' announcement, every text still readable
    from the back of the hall and on the screen; the door closed (R-GAME-7).
    """
    width, height = size
    resize(chrome, width, height)
    try:
        for lang, words in LAST_WORDS.items():
            for layout, word in words.items():
                chrome.get(derivado_last.panel(layout, lang))
                wait_for(
                    chrome, "window.__panel.online && document.body.classList.contains('game')"
                )
                announced = chrome.execute_script(
                    "return [...document.querySelectorAll('.announce')]"
                    ".filter((el) => el.offsetParent).map((el) => el.textContent).join(' | ')"
                )
                assert word in announced, (lang, layout, announced)
                door = chrome.find_element(
                    "id", {"board": "b", "last": "l", "prizes": "p"}[layout] + "-door"
                )
                assert door.text == ("Puerta cerrada" if lang == "es" else "Atea itxita")
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
                if layout == "board" and lang == "es" and width == 1920:
                    shot = Path(LAST_SHOT) if LAST_SHOT else tmp_path / "last-board.png"
                    assert chrome.save_screenshot(str(shot))
    finally:
        resize(chrome, 1920, 1080)


def test_a_game_partida_not_announced_last_does_not_say_so(
    plus_settled: Server, chrome: Any
) -> None:
    chrome.get(plus_settled.panel("last"))
    wait_for(chrome, "window.__panel.online && document.body.classList.contains('game')")
    assert "ÚLTIMA PARTIDA" not in chrome.find_element("tag name", "body").text


def test_the_game_partida_s_door_is_the_server_s_one_rule(chrome: Any) -> None:
    """The panel shows the state's ``door_closed`` (``PanelState.door_closed``, R-GAME-7), not
    a second copy of the rule worked out from the game partida's status.
    """
    chrome.get("about:blank")
    script = (ROOT / "app" / "web" / "panel.js").read_text("utf-8")
    view = script[script.index("function gameView") : script.index("function render")]
    game = "{names: {es: 'x'}, partida: 1, balls: [], last_ball: null, extractions: 0}"
    doors = chrome.execute_script(
        "const lang = () => 'es';"
        + view
        + f"const g = {game};"
        + "return [true, false].flatMap((closed) => ['sale_open', 'extraction'].map("
        + "(status) => gameView({door_closed: closed}, Object.assign({status}, g)).door_closed));"
    )
    assert doors == [True, True, False, False]
