"""Around page 5, the whole console follows the partida on the screens, whichever modality: the
header, the door, the strip, the column on the right (last ball, count, a board of the game's
N numbers), the status bar, the event log and the Qt hall panel show a game partida from its
start until an ordinary partida starts after it: the web panels' one rule
(``bingo.readmodel_games.game_panel``; decision 276). The door is closed from the close of its
sale until the system settles it, as for an ordinary partida (R-GAME-7). The tab bar and page 5
fit a 1366×768 laptop without scrolling, in every language of the console.

Through the real widgets, at a station of a real `bingo-hall serve`, with the helpers of
tests/ui/test_console_games.py.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QToolButton
from pytestqt.qtbot import QtBot

from bingo.readmodel import panel_state
from tests.server.kit import MESA, SALA, Client, Server, draw, open_session, partida_ready
from tests.ui.test_console import click, type_into
from tests.ui.test_console_games import At, at, plus_on_sale
from ui.console.dialogs import ConfirmDialog
from ui.i18n import use_console_language
from ui.panels.hall_panel import HallPanel
from ui.widgets import FitLabel

pytestmark = [pytest.mark.slow, pytest.mark.timeout(240)]

#: A folder for the pictures of the Qt hall panel showing a game partida (docs/img/).
SHOTS = os.environ.get("BINGO_GAMES_FRAME_SHOTS", "")

PLUS = "Bingo plus 4 × 5"
STAKES = "Cuatro esquinas 12,00 € · Línea 24,00 € · Marco 36,00 € · Cartón completo 96,00 €"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    started = Server(tmp_path / "hall.sqlite").start()
    try:
        yield started
    finally:
        started.stop()


@pytest.fixture
def stations(qtbot: QtBot) -> Iterator[list[At]]:
    made: list[At] = []
    yield made
    for one in made:
        one.close()


def log_lines(mesa: At) -> list[str]:
    log = mesa.window.event_log
    return [log.item(i).text() for i in range(log.count())]


def logged(qtbot: QtBot, mesa: At, text: str) -> None:
    """The event log shows ``text`` (its lines come through the bridge's queued signal)."""
    qtbot.waitUntil(lambda: any(text in line for line in log_lines(mesa)), timeout=5000)


def hall_panel(qtbot: QtBot, mesa: At, size: tuple[int, int] = (1920, 1080)) -> HallPanel:
    panel = HallPanel(panel_state(mesa.service.hall))
    qtbot.addWidget(panel)
    panel.resize(*size)
    panel.show()
    qtbot.waitExposed(panel)
    qtbot.wait(20)  # the second fitting pass, once the layouts settled
    return panel


def readable(panel: HallPanel) -> None:
    """No text smaller than 2.2 % of the screen's height: read from the back of the hall."""
    minimum = panel.height() * 0.022
    small = {
        label.objectName(): label.pixel_size()
        for label in panel.findChildren(FitLabel)
        if label.isVisibleTo(panel) and label.text() and label.pixel_size() < minimum
    }
    assert not small, small


def test_the_console_and_the_hall_panel_follow_the_game_partida_then_the_ordinary_one(
    qtbot: QtBot,
    server: Server,
    stations: list[At],
) -> None:
    open_session(Client(server, "sala", operator=SALA))
    mesa = at(qtbot, server, stations, "mesa", MESA)
    qtbot.waitUntil(lambda: mesa.service.hall.session is not None)
    window = mesa.window
    header, side, strip = window.header, window.side, window.strip
    plus_on_sale(qtbot, mesa)

    # on sale: the game partida in the header, the door open, its stakes in the strip
    assert header.header_state.text() == f"Sesión S1 · {PLUS} · Partida 1 · VENTA ABIERTA"
    assert header.door.text() == "PUERTA ABIERTA"
    assert strip.money.text() == STAKES
    assert side.board.count() == 75 and side.board.grid() == (9, 9)  # the web panels' layout
    assert window.status_words.text() == f"Estado: venta abierta — partida 1 de {PLUS}"

    # the sale closed: no one may enter (R-GAME-7)
    click(qtbot, mesa.page.close_sale_button)
    assert header.door.text() == "PUERTA CERRADA\nno entra nadie"
    assert "#b00020" in header.door.styleSheet()
    assert "VENTA CERRADA" in header.header_state.text()
    for ball in (4, 23, 49):
        type_into(qtbot, mesa.page.ball_input, str(ball), enter=True)
        assert window.error.isHidden(), window.error.text()
    assert header.header_state.text() == f"Sesión S1 · {PLUS} · Partida 1 · EXTRACCIÓN"
    assert header.door.text() == "PUERTA CERRADA\nno entra nadie"
    assert strip.numbers() == [49, 23, 4]
    assert strip.money.text() == STAKES
    assert side.last_ball.number() == 49
    assert side.count.text() == "3\nbolas"
    assert side.board.lit() == {4, 23, 49} and side.board.last() == 49
    assert window.status_words.text() == f"Estado: extracción — partida 1 de {PLUS}"
    # the event log: the game partida's, in words (cleared at its start)
    logged(qtbot, mesa, "Bola 3: 49 (jefe de mesa)")
    lines = log_lines(mesa)
    assert f"Partida 1 de {PLUS}: venta abierta a 2,00 €" in lines[0], lines
    for text in (
        "Venta: serie P-0001, cartones 1 a 120 (120)",
        "Venta cerrada: 120 cartones, 240,00 €",
        "Bola 1: 4 (jefe de mesa)",
    ):
        assert any(text in line for line in lines), (text, lines)
    assert not any("Sesión S1 abierta" in line for line in lines)

    # the players' screen: the game partida, readable from the back of the hall
    panel = hall_panel(qtbot, mesa)
    assert panel.announcement.text() == f"{PLUS.upper()} · PARTIDA 1 EN JUEGO"
    assert panel.partida.text() == "PARTIDA 1"
    assert panel.board.count() == 75 and panel.board.grid() == (9, 9)
    assert panel.board.lit() == {4, 23, 49} and panel.ball.number() == 49
    assert panel.count.value.text() == "3"
    assert panel.cards_sold.value.text() == "120" and panel.price.value.text() == "2,00 €"
    assert panel.line_prize.isHidden() and panel.bingo_prize.isHidden()
    assert panel.extras.isHidden()  # no prima, no bola loca in a game partida
    tiles = [(c.caption.text(), c.value.text()) for c in panel.combinations if c.isVisible()]
    assert tiles == [
        ("CUATRO ESQUINAS", "12,00 €"),
        ("LÍNEA", "24,00 €"),
        ("MARCO", "36,00 €"),
        ("CARTÓN COMPLETO", "96,00 €"),
    ]
    readable(panel)
    if SHOTS:
        assert panel.grab().save(str(Path(SHOTS) / "hall-panel-game-1920x1080.png"))
    panel.close()

    # to the end of the plan, settled by the system: the door opens, the winners are logged
    for ball in range(1, 76):
        if not mesa.page.ball_input.isEnabled():
            break
        if ball not in (4, 23, 49):
            type_into(qtbot, mesa.page.ball_input, str(ball), enter=True)
    click(qtbot, mesa.page.close_partida_button)
    assert header.door.text() == "PUERTA ABIERTA"
    assert "LIQUIDADA" in header.header_state.text()
    logged(qtbot, mesa, "Partida 1 liquidada por el sistema")
    assert any("Premio Cartón completo: serie P-0001" in line for line in log_lines(mesa))
    click(qtbot, mesa.page.pay_button)
    # paid, it stays on the screens until an ordinary partida starts (decision 276)
    assert header.header_state.text() == f"Sesión S1 · {PLUS} · Partida 1 · PAGADA"
    assert side.board.count() == 75 and strip.money.text() == STAKES
    panel = hall_panel(qtbot, mesa)
    assert panel.winners.isVisible() and "CARTÓN COMPLETO: P-0001" in panel.winners.text()
    panel.close()

    # an ordinary partida starts after it: everything goes back to the ordinary partida
    table = Client(server, "mesa2")
    partida_ready(table)
    draw(table, [7, 8])
    qtbot.waitUntil(lambda: side.board.lit() == {7, 8}, timeout=5000)
    assert header.header_state.text() == "Sesión S1 · Partida 1 · EXTRACCIÓN"
    assert header.door.text() == "PUERTA CERRADA\nno entra nadie"
    assert side.board.count() == 90 and side.board.grid() == (9, 10)
    assert side.count.text() == "2\nbolas" and side.last_ball.number() == 8
    assert strip.numbers() == [8, 7]
    assert strip.money.text().startswith("Línea ") and "Bingo " in strip.money.text()
    assert window.status_words.text() == "Estado: extracción"
    logged(qtbot, mesa, "Bola 2: 8")
    assert "Partida 1: venta abierta" in log_lines(mesa)[0]
    assert not any(PLUS in line for line in log_lines(mesa))
    panel = hall_panel(qtbot, mesa)
    assert panel.board.count() == 90 and panel.board.lit() == {7, 8}
    assert panel.line_prize.isVisible() and panel.combos.isHidden()
    assert "BINGO PLUS" not in panel.announcement.text()
    panel.close()


@pytest.mark.parametrize("language", ["es", "en", "eu", "gl", "ca"])
def test_the_tab_bar_and_the_games_page_fit_a_laptop_without_scrolling(
    qtbot: QtBot,
    server: Server,
    stations: list[At],
    language: str,
) -> None:
    """1366×768, the door closed (the header at its tallest), on sale and mid-play."""
    remove = use_console_language(language)
    try:
        open_session(Client(server, "sala", operator=SALA))
        mesa = at(qtbot, server, stations, "mesa", MESA)
        qtbot.waitUntil(lambda: mesa.service.hall.session is not None)
        window = mesa.window
        assert (window.width(), window.height()) == (1366, 768)
        plus_on_sale(qtbot, mesa)
        tabs = window.pages.tabBar()
        for moment in ("on sale", "mid-play"):
            if moment == "mid-play":
                click(qtbot, mesa.page.close_sale_button)
                for ball in (4, 23, 49, 62, 63, 66, 27, 33, 37, 40, 44, 50):
                    type_into(qtbot, mesa.page.ball_input, str(ball), enter=True)
                qtbot.wait(50)
            # every tab whole: no scroll arrows, the bar no wider than the pages
            assert tabs.sizeHint().width() <= window.pages.width(), moment
            arrows = [b for b in tabs.findChildren(QToolButton) if b.isVisible()]
            assert not arrows, moment
            for i in range(tabs.count()):
                assert tabs.tabRect(i).right() <= tabs.width(), (moment, tabs.tabText(i))
            # page 5 whole: its scroll bar has nowhere to go
            scroll = window.pages.currentWidget()
            assert scroll.widget() is mesa.page  # type: ignore[attr-defined]
            bar = scroll.verticalScrollBar()  # type: ignore[attr-defined]
            assert bar.maximum() == 0, (moment, bar.maximum())
            # the ball's field shows its placeholder whole
            field = mesa.page.ball_input
            wide = field.fontMetrics().horizontalAdvance(field.placeholderText())
            assert wide <= field.contentsRect().width() - 8, (wide, field.width())
    finally:
        remove()


def test_the_last_partida_of_a_modality_is_announced_from_page_5_and_shown_around_it(
    qtbot: QtBot,
    server: Server,
    stations: list[At],
) -> None:
    """R-GAME-6 "de cada modalidad", decision 393: «Anunciar la última partida» on page 5, its
    key on its button, asked first (it cannot be undone), sent as
    ``announce_last_game_partida``; then the header, the page, the event log and the Qt hall
    panel say it, and the button is off (the domain takes it once a modality).
    """
    open_session(Client(server, "sala", operator=SALA))
    mesa = at(qtbot, server, stations, "mesa", MESA)
    qtbot.waitUntil(lambda: mesa.service.hall.session is not None)
    window, page = mesa.window, mesa.page
    button = page.buttons["announce_last_game_partida"]
    assert not button.isEnabled()  # no game partida in course: nothing to announce
    plus_on_sale(qtbot, mesa, count=30)
    assert button.isEnabled()  # the domain takes it from the sale on; the table may ask it
    assert button.text() == "Anunciar la última partida… (Ctrl+Shift+U)"
    assert "ÚLTIMA" not in window.header.header_state.text()
    # its key, as the page's other buttons: the question first
    window.activateWindow()  # the offscreen platform does not give it back by itself
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(
        window.focusWidget() or window,
        Qt.Key.Key_U,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    dialog = window.dialog
    assert isinstance(dialog, ConfirmDialog), dialog
    words = dialog.findChild(QLabel, "confirm_text")
    assert words is not None and "la partida 1 es la última de bingo plus" in words.text()
    assert mesa.service.hall.games.last_announced == {}  # nothing sent before the answer
    qtbot.mouseClick(dialog.confirm, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: mesa.service.hall.games.last_announced == {"S1": {"plus": 1}})
    assert window.error.isHidden(), window.error.text()
    assert window.header.header_state.text() == (
        f"Sesión S1 · {PLUS} · Partida 1 · VENTA ABIERTA · ÚLTIMA PARTIDA DE BINGO PLUS"
    )
    assert page.partida_info.text().endswith("· ÚLTIMA PARTIDA DE BINGO PLUS")
    assert not button.isEnabled()  # once a modality
    logged(qtbot, mesa, "Anunciada la última partida de bingo plus: la 1")
    # the players' screen says it, as for the ordinary last partida
    panel = hall_panel(qtbot, mesa)
    assert panel.last_partida.isVisible() and panel.last_partida.text() == "ÚLTIMA PARTIDA"
    readable(panel)
    if SHOTS:
        assert panel.grab().save(str(Path(SHOTS) / "hall-panel-game-last-1920x1080.png"))
        assert window.grab().save(str(Path(SHOTS) / "console-game-last-1366x768.png"))
    panel.close()


def test_a_game_partida_not_announced_does_not_say_it_is_the_last(
    qtbot: QtBot, server: Server, stations: list[At]
) -> None:
    open_session(Client(server, "sala", operator=SALA))
    mesa = at(qtbot, server, stations, "mesa", MESA)
    qtbot.waitUntil(lambda: mesa.service.hall.session is not None)
    plus_on_sale(qtbot, mesa, count=30)
    panel = hall_panel(qtbot, mesa)
    assert panel.last_partida.isHidden()
    panel.close()
