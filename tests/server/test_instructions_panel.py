"""The players' instructions on a hall panel (`/panel?layout=instructions`), from a real hall
server in a real headless chromium: the printed instructions' texts (one source,
``actas.instructions``), in the region's official languages (Euskadi, disposición adicional
décima: "redactados en las dos lenguas oficiales"; R-PANEL-4, R-MULTI-4), paged to fit the
screen, every page readable from the back of the hall (decision 271).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from actas.instructions import HallTerms, instruction_sections, instructions_data
from app.config import load_hall
from app.config.game_files import shipped_game
from tests.server.kit import ROOT, Server, resize, wait_for
from tests.server.test_panels import BOARD_CM, CAPTION_CM, MEASURE, SCREEN_CM

pytestmark = pytest.mark.slow

DEMO = ROOT / "config" / "hall.toml"


def basque_settings(folder: Path) -> Path:
    """The demo hall moved to Euskadi: its region's file names Spanish and Basque."""
    text = DEMO.read_text("utf-8").replace('region = "cantabria"', 'region = "euskadi"', 1)
    path = folder / "sala-euskadi.toml"
    path.write_text(text.replace('id = "cantabria-001"', 'id = "euskadi-001"', 1), "utf-8")
    return path


@pytest.fixture(scope="module")
def basque_hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("euskadi")
    server = Server(
        folder / "hall.sqlite", devices="none", extra=["--config", str(basque_settings(folder))]
    ).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def cantabrian_hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(tmp_path_factory.mktemp("cantabria") / "hall.sqlite", devices="none").start()
    try:
        yield server
    finally:
        server.stop()


def instructions(server: Server, query: str = "") -> httpx.Response:
    return httpx.get(f"{server.url}/api/v1/instructions{query}", timeout=30.0)


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_the_server_gives_the_printed_instructions_of_the_halls_games(
    cantabrian_hall: Server,
) -> None:
    """The same texts as the PDF (``instruction_sections``), for every published game the
    region authorises, the ordinary bingo first, with the hall's rules and prima in force."""
    answer = instructions(cantabrian_hall)
    assert answer.status_code == 200
    data = answer.json()
    games = [shipped_game(g) for g in ("ordinario-90", "derivado-instantaneo-3x3", "plus-4x5")]
    assert data == {"v": 1, **instructions_data(games, spanish_terms())}
    assert data["languages"] == ["es"]
    prizes = [p["es"] for p in data["games"][0]["sections"][3]["paragraphs"]]
    assert "Bingo: el 50 % de la recaudación de la partida." in prizes  # 51 % less bola loca
    assert any("importe en vigor (200,00 €)" in p for p in prizes)


def test_the_server_gives_one_game_and_refuses_one_it_does_not_offer(
    cantabrian_hall: Server,
) -> None:
    one = instructions(cantabrian_hall, "?game=plus-4x5")
    assert one.status_code == 200
    assert [g["id"] for g in one.json()["games"]] == ["plus-4x5"]
    none = instructions(cantabrian_hall, "?game=no-existe")
    assert none.status_code == 404
    message = none.json()["error"]["message"]
    assert "no hay ese juego: 'no-existe'" in message and "ordinario-90" in message


def test_a_basque_halls_instructions_are_in_spanish_and_basque(basque_hall: Server) -> None:
    """Disposición adicional décima: both official languages, whatever the panels' choice."""
    data = instructions(basque_hall).json()
    assert data["languages"] == ["es", "eu"] and data["region"] == "Euskadi"
    assert [g["id"] for g in data["games"]] == ["ordinario-90"]  # the one Euskadi authorises
    game = data["games"][0]
    assert game["title"] == {
        "es": "Instrucciones del juego: Bingo ordinario",
        "eu": "Jokoaren jarraibideak: Bingo arrunta",
    }
    for section in game["sections"]:
        for paragraph in section["paragraphs"]:
            assert set(paragraph) == {"es", "eu"} and paragraph["es"] != paragraph["eu"]


def pages_shown(driver: Any, server: Server, query: str = "") -> list[dict[str, Any]]:
    """Every page of the instructions panel, shown one by one: its game, language, text, and
    the readability measure of everything on the screen."""
    driver.get(f"{server.url}/panel?layout=instructions&every=60{query}")
    wait_for(driver, "window.__panel.online && window.__instructions.pages.length > 0")
    pages: list[dict[str, Any]] = driver.execute_script("return window.__instructions.pages")
    for n, page in enumerate(pages):
        driver.execute_script(f"window.__instructions.show({n})")
        wait_for(
            driver, f"document.getElementById('i-page').textContent === '{n + 1}/{len(pages)}'"
        )
        page["measured"] = driver.execute_script(MEASURE)
        page["html_lang"] = driver.execute_script("return document.documentElement.lang")
        page["overflow"] = driver.execute_script(
            "const b = document.getElementById('i-body'); return b.scrollHeight - b.clientHeight"
        )
    return pages


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
def test_a_basque_halls_instructions_panel_shows_every_paragraph_in_both_languages_readably(
    basque_hall: Server, chrome: Any, size: tuple[int, int]
) -> None:
    """Every paragraph of the printed instructions appears, in Spanish and in Basque, on pages
    that fit the screen, every letter at least 3 cm tall at 15 m on a 55" screen."""
    resize(chrome, *size)
    try:
        pages = pages_shown(chrome, basque_hall)
    finally:
        resize(chrome, 1920, 1080)
    assert {p["lang"] for p in pages} == {"es", "eu"}
    for page in pages:
        assert page["html_lang"] == page["lang"]
        assert page["overflow"] <= 1, f"page cut off at {size}: {page['text'][:80]}"
        cm = SCREEN_CM / page["measured"]["height"]
        items = page["measured"]["items"]
        small = [
            (i["text"][:40], round(i["cap_px"] * cm, 2))
            for i in items
            if i["cap_px"] * cm < (BOARD_CM if i["board"] else CAPTION_CM)
        ]
        assert not small, f"too small to read at {size}: {small}"
        assert all(i["inside"] for i in items), f"off the screen at {size}"
    shown = {
        lang: _flat(" ".join(p["text"] for p in pages if p["lang"] == lang))
        for lang in ("es", "eu")
    }
    data = instructions(basque_hall).json()
    for section in data["games"][0]["sections"]:
        for lang in ("es", "eu"):
            if section["heading"]:
                assert section["heading"][lang] in shown[lang]
            for paragraph in section["paragraphs"]:
                assert _flat(paragraph[lang]) in shown[lang], paragraph[lang]


def test_the_instructions_panel_turns_its_pages_by_itself(basque_hall: Server, chrome: Any) -> None:
    chrome.get(f"{basque_hall.url}/panel?layout=instructions&every=2")
    wait_for(chrome, "window.__panel.online && window.__instructions.pages.length > 1")
    first = chrome.execute_script("return window.__instructions.index")
    wait_for(chrome, f"window.__instructions.index !== {first}", timeout=8)


def test_a_games_drawings_are_shown_with_its_combinations(
    cantabrian_hall: Server, chrome: Any
) -> None:
    """Bingo plus 4 × 5: its "combinaciones gráficas" are drawn, as on paper (R-MULTI-4)."""
    pages = pages_shown(chrome, cantabrian_hall, "&game=plus-4x5")
    combinations = [p for p in pages if "Combinaciones premiadas" in p["text"]]
    assert combinations and all(p["lang"] == "es" for p in pages)
    shown = " ".join(p["text"] for p in combinations)
    assert "Cuatro esquinas" in shown and "Marco" in shown
    sections = instruction_sections(shipped_game("plus-4x5"), spanish_terms())
    everything = _flat(" ".join(q["text"] for q in pages))
    assert all(_flat(p[0]) in everything for s in sections for p in s.paragraphs)
    # the drawings themselves: the four corners (4 cells) and the frame (14) of a 4 × 5 cartón
    chrome.execute_script(f"window.__instructions.show({pages.index(combinations[-1])})")
    drawn = chrome.execute_script(
        "return [...document.querySelectorAll('#i-body .grid')].map("
        "g => [g.children.length, g.querySelectorAll('i.on').length])"
    )
    assert drawn == [[20, 4], [20, 14]]


def spanish_terms() -> HallTerms:
    """The demo (Cantabrian) hall's terms, as its settings start it: Spanish only."""
    settings = load_hall(DEMO)
    return HallTerms(
        hall=settings.name,
        region="Cantabria",
        rules=settings.rules,
        prima_amount_cents=settings.prima_initial_cents,
    )
