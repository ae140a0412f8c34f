"""The strip shows the money at stake on every page while the balls come out, and a valid claim
says what it wins besides its prize (R-PRIMA-4; Cantabria V.2.a and V.2.c; decisions 12, 14).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from bingo.rules import RegionRules
from tests.ui.kit import Kit, make_hall, open_console
from ui.bridge import Bridge
from ui.console import ConsoleWindow

RULES = RegionRules(region="cantabria", bola_loca_bp=100, bingo_bp=5000)


def prima_in_play(lucky: int) -> Kit:
    """Nine partidas of 100 cartones at 1 € feed a 50 € prima: in play in the tenth, whose
    bola loca number is ``lucky``."""
    kit = make_hall(
        rules=RULES,
        prima_cents=5000,
        series=(("A", 1500, 100, False),),
        strips=250,
        bola=[[lucky]] * 10,
    )
    for _ in range(9):
        kit.partida_ready([("A", 100)])
        partida = kit.hall.partida
        assert partida is not None and not partida.prima_available
        kit.finish_with_bingo(partida.sales[0].first)
    return kit


def draw(qtbot: QtBot, console: ConsoleWindow, numbers: list[int]) -> None:
    entry = console.extraction_page.ball_input
    for n in numbers:
        entry.setFocus()
        qtbot.keyClicks(entry, str(n))
        qtbot.keyClick(entry, Qt.Key.Key_Return)
        assert console.error.isHidden(), console.error.text()


def check(qtbot: QtBot, console: ConsoleWindow, number: int, bingo: bool) -> str:
    page = console.extraction_page
    page.claim_number.setFocus()
    (page.claim_bingo if bingo else page.claim_line).setChecked(True)
    page.claim_number.selectAll()
    qtbot.keyClicks(page.claim_number, str(number))
    qtbot.keyClick(page.claim_number, Qt.Key.Key_Return)
    return page.verdict.text()


def test_every_page_shows_the_prizes_and_the_verdict_says_prima_and_bola_loca(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    carton_number = 901  # the tenth partida's first cartón
    probe = make_hall(series=(("A", 1500, 100, False),), strips=250)
    carton = probe.carton(carton_number)
    rest = [n for n in sorted(carton.numbers) if n not in carton.rows[0]]
    kit = prima_in_play(lucky=rest[-1])  # the ball that completes the bingo
    kit.partida_ready([("A", 100)])
    partida = kit.hall.partida
    assert partida is not None and partida.prima_available
    assert partida.sales[0].first == carton_number
    console = open_console(qtbot, kit, bridges, active=True)
    money = console.strip.money
    for page in range(4):  # the strip is above every page
        console.pages.setCurrentIndex(page)
        assert money.isVisible()
        text = money.text()
        assert "Línea 10,00 €" in text and "Bingo 50,00 €" in text
        assert f"Prima 50,00 € hasta la bola {partida.prima_ball_limit}" in text
        assert "Bola loca" in text and f"({rest[-1]})" in text
    console.pages.setCurrentIndex(2)
    draw(qtbot, console, list(carton.rows[0]))
    assert (
        check(qtbot, console, carton_number, bingo=False) == f"LÍNEA CORRECTA: A / {carton_number}"
    )
    qtbot.keyClick(console.focusWidget() or console, Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)
    draw(qtbot, console, rest)
    assert check(qtbot, console, carton_number, bingo=True) == (
        f"BINGO CORRECTO Y PRIMA Y BOLA LOCA: A / {carton_number}"
    )


def test_the_strip_shows_the_last_five_balls_and_the_clock_on_every_page(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    """The last five balls, newest first, over the sale, the prizes and the session pages too
    (R-PANEL-2 at the table)."""
    kit = make_hall()
    kit.partida_ready()
    console = open_console(qtbot, kit, bridges, active=True)
    assert console.strip.numbers() == []
    draw(qtbot, console, [3, 45, 8, 11, 31, 46, 71])
    for page in range(4):
        console.pages.setCurrentIndex(page)
        assert console.strip.isVisible()
        assert console.strip.numbers() == [71, 46, 31, 11, 8]
        clock = console.strip.clock.text()
        assert len(clock) == 8 and clock[2] == ":" and clock[5] == ":"
