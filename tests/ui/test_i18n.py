"""The hall's languages: every panel text in every panel catalogue, every console text in the
English and Basque console catalogues (found by walking the sources), the panels in Galician,
Catalan and English, the console in English and Basque, and the settings that choose them."""

from __future__ import annotations

import ast
import dataclasses
import string
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.config import LANGUAGES
from bingo.hall import STATUS_TEXT, Status
from bingo.hall.game_fold import GAME_STATUS_TEXT
from bingo.readmodel import panel_state
from tests.ui.kit import Kit, make_hall
from ui.bridge import Bridge
from ui.console import (
    ConsoleDefaults,
    ConsoleWindow,
    ball_set,
    book_form,
    manual_book,
    state,
    texts,
    window,
)
from ui.i18n import (
    CONSOLE_CATALOGUES,
    LANGUAGE_NAMES,
    PANEL_CATALOGUES,
    console_translator,
    use_console_language,
)
from ui.panels import hall_panel
from ui.panels.hall_panel import ANNOUNCEMENTS, PRIZE_WORDS, HallPanel

ROOT = Path(__file__).resolve().parents[2]
# In the panel catalogues since the first (Basque) one, though the panel shows them no longer.
KEPT = {"PUERTA CERRADA", "Ganadores", "Serie {series} · cartón {number}"}


# ====================================================================== walking the sources


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def translated(
    path: Path, functions: dict[str, int], skip: Iterable[str] = ()
) -> Iterator[tuple[ast.expr, int]]:
    """The argument that holds the source text of every call to ``functions`` (name → index of
    the argument) in a file, with its line; calls inside the functions ``skip`` are left out."""
    tree = ast.parse(path.read_text("utf-8"))
    skipped = {
        id(node)
        for fn in ast.walk(tree)
        if isinstance(fn, ast.FunctionDef) and fn.name in set(skip)
        for node in ast.walk(fn)
    }
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or id(node) in skipped:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        index = functions.get(str(name))
        if index is not None and len(node.args) > index:
            yield node.args[index], node.lineno


def walk(
    paths: Iterable[Path],
    functions: dict[str, int],
    computed: dict[tuple[str, str], Callable[[], Iterable[str]]],
    skip: Iterable[str] = (),
) -> set[str]:
    """Every source text given to a translating call: the literals, and for a computed text the
    texts ``computed`` lists for it (file name, expression). A computed text not listed fails:
    its texts must be added to ``computed`` so that the catalogues are checked for them."""
    found: set[str] = set()
    unknown = []
    for path in paths:
        for arg, line in translated(path, functions, skip):
            text = _literal(arg)
            if text is not None:
                found.add(text)
                continue
            key = (path.name, ast.unparse(arg))
            if key not in computed:
                unknown.append(f"{path.name}:{line}: {key[1]}")
                continue
            found.update(computed[key]())
    assert not unknown, f"translated texts computed where the test cannot see them: {unknown}"
    return found


def announcements() -> set[str]:
    """The catalogue keys of the announcements the panel words from the read model's codes."""
    return set(ANNOUNCEMENTS.values())


def panel_texts() -> set[str]:
    found = walk(
        [Path(hall_panel.__file__)],
        {"_t": 0, "_second": 0, "_both": 0, "in_language": 2},
        {
            ("hall_panel.py", "key"): lambda: announcements(),
            ("hall_panel.py", "PRIZE_WORDS.get(winner.prize, winner.prize)"): (
                lambda: PRIZE_WORDS.values()
            ),
        },
        skip=("_t", "_second", "_both"),
    )
    return found | announcements() | set(PRIZE_WORDS.values())


def console_texts() -> set[str]:
    return walk(
        # the console's client side (the station's status bar, the login and the jefe de
        # sala's authorisation) speaks in the same "Console" context (R-PANEL-4)
        sorted(
            [
                *Path(window.__file__).parent.rglob("*.py"),
                *(Path(window.__file__).parent.parent / "client").rglob("*.py"),
            ]
        ),
        {"t": 0, "tr": 0, "translate": 1},
        {
            ("texts.py", "INCIDENT_TITLES.get(incident, incident)"): (
                lambda: texts.INCIDENT_TITLES.values()
            ),
            ("texts.py", "BALL_SOURCES.get(event.source, event.source)"): (
                lambda: texts.BALL_SOURCES.values()
            ),
            ("state.py", "STATUS_TEXT[partida.status]"): lambda: STATUS_TEXT.values(),
            ("state.py", "STATUS_TEXT[shown.status]"): lambda: STATUS_TEXT.values(),
            ("game_state.py", "GAME_STATUS_TEXT[panel.status]"): lambda: GAME_STATUS_TEXT.values(),
            ("incidents.py", "action_text"): lambda: [a for _i, a, _k in state.INCIDENTS.values()],
            ("window.py", "text"): lambda: window.MENU_TEXTS.values(),
            ("book_form.py", "label"): lambda: [
                label for _v, label in (*book_form.SALE_KINDS, *book_form.CLAIM_KINDS)
            ],
            ("book_form.py", "ANNUL_SHORT.get(incident, incident)"): (
                lambda: book_form.ANNUL_SHORT.values()
            ),
            ("manual_book.py", "FILE_FILTER"): lambda: [manual_book.FILE_FILTER],
            ("ball_set.py", "text"): lambda: ball_set.REASONS,
        },
        skip=("t",),
    )


def fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


# ====================================================================== the catalogues


def test_the_walk_finds_the_panel_and_console_texts() -> None:
    panel = panel_texts()
    assert {"Cartones vendidos", "Panel de la sala", "Partida {n} en juego", "bola loca"} <= panel
    assert "Venta de cartones" in panel and "Venta de cartones — ÚLTIMA PARTIDA" not in panel
    console = console_texts()
    assert {"Abrir la sesión (F2)", "Línea (Alt+L)", "venta abierta", "físicos"} <= console
    assert len(console) > 250


@pytest.mark.parametrize("language", sorted(PANEL_CATALOGUES))
def test_every_panel_text_is_in_each_panel_catalogue(language: str) -> None:
    catalogue = PANEL_CATALOGUES[language]
    missing = sorted(panel_texts() - set(catalogue))
    assert not missing, f"panel texts missing from the {language} catalogue: {missing}"
    # the same keys in every language, and nothing the panel no longer shows
    assert set(catalogue) == set(PANEL_CATALOGUES["eu"])
    stale = sorted(set(catalogue) - panel_texts() - KEPT)
    assert not stale, f"the {language} catalogue has texts the panel does not show: {stale}"


@pytest.mark.parametrize("language", ["en", "eu", "gl", "ca"])
def test_every_console_text_is_in_each_console_catalogue(language: str) -> None:
    """Every Spanish text of the console has its translation in each language the panels
    speak (issue 9: the console in Basque and the other languages of the panels, R-PANEL-4)."""
    assert language in CONSOLE_CATALOGUES, f"no {language} console catalogue"
    catalogue = CONSOLE_CATALOGUES[language]
    found = console_texts()
    missing = sorted(found - set(catalogue))
    assert not missing, f"console texts missing from the {language} catalogue: {missing}"
    stale = sorted(set(catalogue) - found)
    assert not stale, f"the {language} console catalogue has texts the console lacks: {stale}"


def test_which_console_languages_are_complete() -> None:
    """The console speaks every language the panels speak; a catalogue is only offered once it
    is complete (one missing text would show Spanish in the middle of another language)."""
    found = console_texts()
    complete = {lang for lang, cat in CONSOLE_CATALOGUES.items() if found <= set(cat)}
    assert complete == set(CONSOLE_CATALOGUES) == set(PANEL_CATALOGUES) == {"en", "eu", "gl", "ca"}


def test_the_basque_console_uses_the_basque_panels_words_for_the_hall() -> None:
    """cartón = kartoia, línea = lerroa, bingo, prima, bola loca: one word per thing in a
    Basque hall, on the panel and at the table."""
    console, panel = CONSOLE_CATALOGUES["eu"], PANEL_CATALOGUES["eu"]
    for word in ("línea", "bingo", "bola loca", "Bolas"):
        assert console[word] == panel[word], word
    assert console["Prima de bingo"] == panel["Prima de bingo"]
    assert console["Cartón"] == "Kartoia" and console["Línea (Alt+L)"] == "Lerroa (Alt+L)"


@pytest.mark.parametrize(
    "language, catalogue",
    [
        *(("panel " + k, v) for k, v in PANEL_CATALOGUES.items()),
        *(("console " + k, v) for k, v in CONSOLE_CATALOGUES.items()),
    ],
)
def test_translations_keep_the_placeholders_and_the_underlined_letter(
    language: str, catalogue: dict[str, str]
) -> None:
    wrong = [k for k, v in catalogue.items() if fields(k) != fields(v)]
    assert not wrong, f"{language}: placeholders differ in {wrong}"
    mnemonic = [k for k, v in catalogue.items() if ("&" in k) != ("&" in v)]
    assert not mnemonic, f"{language}: a shortcut letter lost or added in {mnemonic}"
    empty = [k for k, v in catalogue.items() if not v.strip()]
    assert not empty, f"{language}: empty translations of {empty}"


def test_every_language_of_the_settings_has_a_name_and_a_panel_catalogue() -> None:
    assert set(LANGUAGES) == set(LANGUAGE_NAMES) == {"es", *PANEL_CATALOGUES}


def test_every_announcement_code_of_the_read_model_has_its_words() -> None:
    """R-PANEL-4: the read model speaks codes (every status of a partida, and the hall's
    moments between them); the panel has words for each, in every panel catalogue."""
    codes = {"hall_closed", "session_over", "next_partida", *(s.value for s in Status)}
    assert codes == set(ANNOUNCEMENTS)
    for language, catalogue in PANEL_CATALOGUES.items():
        assert announcements() <= set(catalogue), language


# ====================================================================== the panels


def shown_panel(
    qtbot: QtBot,
    kit: Kit,
    languages: tuple[str, ...] | None = None,
    size: tuple[int, int] = (1280, 720),
) -> HallPanel:
    panel = HallPanel(panel_state(kit.hall), languages=languages)
    qtbot.addWidget(panel)
    panel.resize(*size)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def test_a_galician_hall_shows_every_caption_in_spanish_and_galician(qtbot: QtBot) -> None:
    kit = make_hall(languages=("es", "gl"))
    kit.svc.announce_last_partida()
    kit.partida_ready()
    panel = shown_panel(qtbot, kit)

    assert panel.second_language == "gl"
    assert panel.line_prize.caption.text() == "LÍNEA"
    assert panel.line_prize.caption2.text() == "LIÑA"
    assert panel.cards_sold.caption2.text() == "CARTÓNS VENDIDOS"
    assert panel.price.caption2.text() == "PREZO DO CARTÓN"
    assert panel.announcement.text() == "COMIENZA LA PARTIDA"
    assert panel.announcement2.text() == "COMEZA A PARTIDA"
    # a caption that reads the same in both keeps its line, empty, so the tiles stay aligned
    assert panel.bingo_prize.caption2.text() == ""
    assert not panel.bingo_prize.caption2.isHidden()
    assert panel.last_partida.text() == "ÚLTIMA PARTIDA"  # the same words: said once

    kit.draw([5, 17])
    panel.show_state(panel_state(kit.hall))
    assert panel.announcement.text() == "PARTIDA 1 EN JUEGO"
    assert panel.announcement2.text() == "PARTIDA 1 EN XOGO"


def test_a_catalan_hall_shows_every_caption_in_spanish_and_catalan(qtbot: QtBot) -> None:
    kit = make_hall(languages=("es", "ca"), prima_cents=20000)
    kit.svc.announce_last_partida()
    kit.partida_ready()
    carton = kit.carton(3)
    kit.draw_rest_until(carton.rows[0])
    kit.svc.claim("A", 3, "line")
    panel = shown_panel(qtbot, kit)

    assert panel.line_prize.caption2.text() == "LÍNIA"
    assert panel.cards_sold.caption2.text() == "CARTRONS VENUTS"
    assert panel.price.caption2.text() == "PREU DEL CARTRÓ"
    assert panel.count.caption2.text() == "BOLES"
    assert panel.ball_caption.text() == "ÚLTIMA BOLA · DARRERA BOLA"
    assert panel.last_partida.text() == "ÚLTIMA PARTIDA\nDARRERA PARTIDA"
    assert panel.announcement2.text() == "COMPROVANT EL CARTRÓ"
    assert "LÍNEA/LÍNIA: A · 3" in panel.winners.text()


def test_an_english_panel_keeps_spanish_first(qtbot: QtBot) -> None:
    kit = make_hall(languages=("es", "en"))
    kit.partida_ready()
    panel = shown_panel(qtbot, kit)
    assert panel.cards_sold.caption.text() == "CARTONES VENDIDOS"
    assert panel.cards_sold.caption2.text() == "CARDS SOLD"
    assert panel.announcement2.text() == "THE GAME BEGINS"
    assert panel.windowTitle() == "Panel de la sala"


def test_a_basque_hall_shows_the_announcement_worded_from_the_read_models_code(
    qtbot: QtBot,
) -> None:
    """R-PANEL-4: the read model gives a code and the partida's number, never a sentence the
    panel must parse back; the panel words it in Spanish and Basque."""
    kit = make_hall(languages=("es", "eu"))
    kit.partida_ready()
    kit.draw([5, 17])
    state = panel_state(kit.hall)
    assert (state.announcement_code, state.partida) == ("extraction", 1)
    # no sentence in the read model: its texts are the hall's name and codes
    texts = {k for k, v in vars(state).items() if isinstance(v, str)}
    assert texts == {
        "hall_name",
        "session_id",
        "status",
        "announcement_code",
        "interconnected_outcome",
    }
    panel = shown_panel(qtbot, kit)
    assert panel.announcement.text() == "PARTIDA 1 EN JUEGO"
    assert panel.announcement2.text() == "1. PARTIDA JOKOAN"
    panel.show_state(dataclasses.replace(state, partida=12))
    assert panel.announcement2.text() == "12. PARTIDA JOKOAN"


def test_the_settings_languages_prevail_over_those_recorded(qtbot: QtBot) -> None:
    kit = make_hall(languages=("es", "eu"))
    kit.partida_ready()
    panel = shown_panel(qtbot, kit, languages=("es", "gl"))
    assert panel.line_prize.caption2.text() == "LIÑA"
    spanish = shown_panel(qtbot, kit, languages=("es",))
    assert spanish.line_prize.caption2.isHidden()
    assert spanish.announcement2.isHidden()


# ====================================================================== the console


@pytest.fixture
def english() -> Iterator[None]:
    remove = use_console_language("en")
    yield
    remove()


def open_console(qtbot: QtBot, kit: Kit, bridge: Bridge) -> ConsoleWindow:
    console = ConsoleWindow(
        kit.svc,
        bridge=bridge,
        defaults=ConsoleDefaults("Ana Mesa", "Luis Sala", today=lambda: "2026-11-22"),
    )
    qtbot.addWidget(console)
    console.resize(1280, 720)
    console.show()
    qtbot.waitExposed(console)
    return console


def test_the_english_console_shows_english_texts(
    qtbot: QtBot, kit: Kit, bridge: Bridge, english: None
) -> None:
    console = open_console(qtbot, kit, bridge)
    assert console.windowTitle() == "Control table — Sala de pruebas"
    assert [console.pages.tabText(i) for i in range(4)] == [
        "1 · Session",
        "2 · Sale",
        "3 · Draw and claims",
        "4 · Prizes",
    ]
    assert console.sale_page.start_partida_button.text() == "Start the game (F3)"
    assert console.sale_page.close_sale_button.text() == "Close the sale (F4)"
    assert (
        console.extraction_page.claim_line.text() == "Line (Alt+L)"
        and console.extraction_page.claim_bingo.text() == "Bingo (Alt+B)"
    )
    assert console.prizes_page.pay_button.text() == "Prizes paid against the winning card (F9)"
    assert console.header.door.text() == "DOOR OPEN"
    menus = [action.text() for action in console.menuBar().actions()]
    assert menus == ["&Session", "&Incidents", "&View"]
    assert console.menu_actions["incident_suspend"].text() == (
        "Suspend (breakdown before the first ball)…"
    )

    qtbot.mouseClick(console.sale_page.start_partida_button, Qt.MouseButton.LeftButton)
    assert "SALE OPEN" in console.header.header_state.text()
    assert console.status_words.text() == "State: sale open"

    def logged() -> bool:
        lines = [console.event_log.item(i).text() for i in range(console.event_log.count())]
        return any(line.endswith("Game 1: sale open") for line in lines)

    qtbot.waitUntil(logged)


def test_the_english_console_leaves_the_panel_in_spanish_and_its_second_language(
    qtbot: QtBot, english: None
) -> None:
    kit = make_hall(languages=("es", "gl"))
    kit.partida_ready()
    panel = shown_panel(qtbot, kit)
    assert panel.line_prize.caption.text() == "LÍNEA"
    assert panel.line_prize.caption2.text() == "LIÑA"


@pytest.fixture
def basque() -> Iterator[None]:
    remove = use_console_language("eu")
    yield
    remove()


def test_the_basque_console_shows_basque_texts(
    qtbot: QtBot, kit: Kit, bridge: Bridge, basque: None
) -> None:
    console = open_console(qtbot, kit, bridge)
    assert console.windowTitle() == "Kontrol-mahaia — Sala de pruebas"
    assert [console.pages.tabText(i) for i in range(4)] == [
        "1 · Saioa",
        "2 · Salmenta",
        "3 · Ateratzea eta kantuak",
        "4 · Sariak",
    ]
    assert console.sale_page.start_partida_button.text() == "Partida hasi (F3)"
    assert console.sale_page.close_sale_button.text() == "Salmenta itxi (F4)"
    assert console.extraction_page.claim_line.text() == "Lerroa (Alt+L)"
    assert console.extraction_page.claim_bingo.text() == "Bingoa (Alt+B)"
    assert console.header.door.text() == "ATEA IREKITA"
    menus = [action.text() for action in console.menuBar().actions()]
    assert menus == ["&Saioa", "&Gorabeherak", "&Ikusi"]
    assert console.menu_actions["drawer"].text() == "Saioaren kutxa…"

    qtbot.mouseClick(console.sale_page.start_partida_button, Qt.MouseButton.LeftButton)
    assert console.status_words.text() == "Egoera: salmenta irekita"

    def logged() -> bool:
        lines = [console.event_log.item(i).text() for i in range(console.event_log.count())]
        return any(line.endswith("1. partida: salmenta irekita") for line in lines)

    qtbot.waitUntil(logged)
    console.cash.show_drawer()
    drawer = console.dialog
    assert drawer is not None and drawer.windowTitle() == "S1 saioaren kutxa"
    drawer.reject()


@pytest.mark.parametrize(
    "language, start",
    [
        ("gl", "Iniciar a partida (F3)"),
        ("ca", "Iniciar la partida (F3)"),
        ("eu", "Partida hasi (F3)"),
    ],
)
def test_the_galician_and_catalan_consoles_show_their_texts(
    qtbot: QtBot, kit: Kit, bridge: Bridge, language: str, start: str
) -> None:
    assert console_translator("es") is None
    remove = use_console_language(language)
    try:
        console = open_console(qtbot, kit, bridge)
        assert console.sale_page.start_partida_button.text() == start
        door = {"gl": "PORTA ABERTA", "ca": "PORTA OBERTA", "eu": "ATEA IREKITA"}
        assert console.header.door.text() == door[language]
        tabs = {"gl": "2 · Venda", "ca": "2 · Venda", "eu": "2 · Salmenta"}
        assert console.pages.tabText(1) == tabs[language]
    finally:
        remove()


def test_without_the_english_translator_the_console_is_spanish_again(
    qtbot: QtBot, kit: Kit, bridge: Bridge
) -> None:
    remove = use_console_language("en")
    remove()
    console = open_console(qtbot, kit, bridge)
    assert console.sale_page.start_partida_button.text() == "Iniciar la partida (F3)"


def web_catalogue() -> dict[str, dict[str, str]]:
    """The web panels' words (``app/web/i18n.js``), keyed by language and code."""
    import json
    import re

    text = (ROOT / "app" / "web" / "i18n.js").read_text("utf-8")
    body = text[text.index("{") : text.rindex("}") + 1]
    body = re.sub(r"^(\s*)([A-Za-z_]+):", r'\1"\2":', body, flags=re.M)
    return dict(json.loads(re.sub(r",(\s*[}\]])", r"\1", body)))


def test_the_web_and_the_qt_panels_word_the_announcement_codes_alike() -> None:
    """R-PANEL-4: one code, the same words on every screen, in Spanish and in Basque (the web
    panel says the annulment without its refund, for want of room)."""
    web = web_catalogue()
    for language, words in web.items():
        for code, source in ANNOUNCEMENTS.items():
            qt = source if language == "es" else PANEL_CATALOGUES[language][source]
            if code == "annulled":
                qt = qt.split(":")[0]
            assert words[code] == qt, (language, code)
