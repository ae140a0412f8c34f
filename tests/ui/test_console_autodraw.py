"""Timed automatic extraction with a STOP key (issue: the console through a real night): the
balls come from the real emulated devices on pseudo-terminals through the same draw path as F6
(one draw policy), one every ``pace`` seconds, until Esc; and the extraction stops by itself
when it must be interrupted — a claim (Cantabria III: «El juego se interrumpe cuando algún
jugador cante»), a prize of an electronic cartón, a device problem, the end of the partida
(decision 221). No timed assertion: a pace of 0.05 s and waits for conditions.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.ui.kit import make_hall
from tests.ui.test_console_emulated import Table, table  # noqa: F401  (the fixture)

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]
CTRL = Qt.KeyboardModifier.ControlModifier
PACE = 0.05


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hall's 3 s minimum (decision 251) scaled down for the tests' 0.05 s pace."""
    monkeypatch.setattr("ui.console.autodraw.MIN_PACE", 0.0)


def start(t: Table) -> None:
    console = t.console
    console.autodraw.pace.setValue(PACE)
    console.activateWindow()
    t.qtbot.waitUntil(console.isActiveWindow)
    t.qtbot.keyClick(console.focusWidget() or console, Qt.Key.Key_F6, CTRL)
    assert console.autodraw.running, console.error.text()


def balls(t: Table) -> int:
    return len(t.partida.balls)


def settled(t: Table) -> None:
    """Stopped, and no ball on its way: nothing more can come out."""
    console = t.console
    t.qtbot.waitUntil(lambda: not t.bridge.busy and not console.desk.drawing, timeout=30_000)
    assert not console.autodraw.running and not console.autodraw._timer.isActive()


def test_balls_come_at_the_pace_through_the_draw_path_until_esc(table: Any) -> None:  # noqa: F811
    t = table([])
    console = t.console
    start(t)
    t.qtbot.waitUntil(lambda: balls(t) >= 6, timeout=30_000)
    t.qtbot.keyClick(console.focusWidget() or console, Qt.Key.Key_Escape)
    assert not console.autodraw.running
    settled(t)
    assert "la mesa pulsó PARAR" in console.autodraw.state.text()
    partida = t.partida
    # the devices' balls, recorded as F6 records them (one draw policy)
    assert partida.balls == t.released() and set(partida.ball_sources) == {"extractor"}
    assert console.strip.numbers() == list(reversed(partida.balls))[:5]


def test_a_claim_stops_the_automatic_extraction_f7_and_typing(table: Any) -> None:  # noqa: F811
    t = table([])
    console = t.console
    start(t)
    t.qtbot.waitUntil(lambda: balls(t) >= 3, timeout=30_000)
    t.qtbot.keyClick(console.focusWidget() or console, Qt.Key.Key_F7)
    assert not console.autodraw.running
    assert "se ha cantado" in console.autodraw.state.text()
    settled(t)
    start(t)  # going on after a false claim: typing a cartón's number stops it too
    t.qtbot.waitUntil(lambda: console.autodraw.drawn >= 2, timeout=30_000)
    t.qtbot.keyClicks(console.extraction_page.claim_number, "7")
    assert not console.autodraw.running
    settled(t)
    t.qtbot.keyClick(console.extraction_page.claim_number, Qt.Key.Key_Return)
    assert t.partida.claims and not t.partida.claims[-1].valid  # a false line: play goes on
    before = balls(t)
    start(t)
    t.qtbot.waitUntil(
        lambda: balls(t) >= before + 2 or not console.autodraw.running, timeout=30_000
    )
    assert console.autodraw.running, (console.autodraw.stopped_because, console.error.text())
    t.qtbot.keyClick(console.focusWidget() or console, Qt.Key.Key_Escape)
    settled(t)
    start(t)  # Alt+B too
    t.qtbot.keyClick(
        console.focusWidget() or console, Qt.Key.Key_B, Qt.KeyboardModifier.AltModifier
    )
    assert not console.autodraw.running
    settled(t)
    assert t.partida.balls == t.released()


def test_a_device_problem_stops_the_automatic_extraction(table: Any) -> None:  # noqa: F811
    t = table([{"at_draw": 3, "fault": "disconnect", "mode": "cable", "duration": 2.0}])
    t.bridge.watch(t.session.extractor, t.session.reader)
    console = t.console
    start(t)
    t.qtbot.waitUntil(lambda: not console.autodraw.running, timeout=30_000)
    settled(t)
    assert console.autodraw.stopped_because in (
        "problema de un dispositivo",
        "hay que leer la bola del tubo",
    )
    assert balls(t) <= 3


def test_a_prize_of_an_electronic_carton_stops_the_automatic_extraction(
    table: Any,  # noqa: F811
) -> None:
    kit = make_hall(series=(("E", 300, 100, True),))
    t = table([], kit=kit, sales=(("E", 300),))
    console = t.console
    start(t)
    t.qtbot.waitUntil(lambda: not console.autodraw.running, timeout=60_000)
    settled(t)
    assert console.autodraw.stopped_because == "premio de un cartón electrónico"
    partida = t.partida
    claims = [c for c in partida.claims if c.electronic]
    assert claims and all(c.after_ball == len(partida.balls) for c in claims)  # at that ball


def test_the_end_of_the_partida_stops_the_automatic_extraction(table: Any) -> None:  # noqa: F811
    t = table([])
    console = t.console
    start(t)
    t.qtbot.waitUntil(lambda: not console.autodraw.running, timeout=120_000)
    settled(t)
    assert balls(t) == 90 and console.autodraw.stopped_because == "fin de la partida"
    assert sorted(t.partida.balls) == list(range(1, 91)) and t.partida.balls == t.released()


def test_a_draw_the_console_refuses_stops_the_automatic_extraction(table: Any) -> None:  # noqa: F811
    """A ball set changed before the first ball is counted first (R-BALL-2): F6 draws nothing
    and says so, and the automatic extraction does not stay running with nothing coming."""
    t = table([])
    console = t.console
    t.kit.svc.install_ball_set("BS-2", "HOM-1", 3000, 0, True, "cambio programado")
    console.autodraw.pace.setValue(PACE)
    console.activateWindow()
    t.qtbot.waitUntil(console.isActiveWindow)
    t.qtbot.keyClick(console.focusWidget() or console, Qt.Key.Key_F6, CTRL)
    assert "El juego de bolas ha cambiado" in console.error.text()
    assert not console.autodraw.running and console.autodraw.stopped_because
    assert t.partida.balls == [] and not t.bridge.busy


def test_a_pace_too_fast_for_the_players_is_refused(
    table: Any,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Cantabria III ("con el ritmo adecuado para que todos los jugadores puedan seguirlas"):
    faster than a ball every 3 s the automatic extraction does not start (decision 251)."""
    monkeypatch.setattr("ui.console.autodraw.MIN_PACE", 3.0)
    t = table([])
    console = t.console
    console.autodraw.pace.setValue(0.5)
    console.activateWindow()
    t.qtbot.waitUntil(console.isActiveWindow)
    t.qtbot.keyClick(console.focusWidget() or console, Qt.Key.Key_F6, CTRL)
    assert not console.autodraw.running
    assert "como mucho una bola cada 3 s" in console.error.text()
    assert balls(t) == 0
