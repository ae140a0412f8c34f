"""The console and the headless run make the same record for the same device fault: one draw
policy (``bingo.drawing``), one catalogue of words (``actas.words``).

R-GAME-3 (a held ball, read by the jefe de mesa), R-INC-2 (a device lost with the ball in the
tube: that ball first, then manual extraction), R-INC-3 (a duplicate ball: stop and annul). The
headless run does at once what the console does after the jefe de sala has read the paragraph
(R-INC-5); the record is the same.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.devices import DeviceDraws
from tests.bingo.drum import DrumBallSource
from tests.ui.kit import Kit, make_hall, open_console
from ui.bridge import Bridge
from ui.console.dialogs import IncidentDialog

SEED = 8


def record_of(kit: Kit, start: int) -> list[tuple[str, Any]]:
    return [(r.kind, r.payload) for r in kit.svc.records()[start:]]


def headless(fault: str) -> list[tuple[str, Any]]:
    kit = make_hall()
    kit.partida_ready()
    start = len(kit.svc.records())
    source = DrumBallSource(SEED, {3: fault})
    draws = DeviceDraws(kit.svc, source, lambda _draw: source.tube)  # type: ignore[arg-type]
    for _ in range(3):
        draws.draw_next()
    return record_of(kit, start)


def at_the_console(qtbot: QtBot, bridges: list[Bridge], fault: str) -> list[tuple[str, Any]]:
    kit = make_hall()
    source = DrumBallSource(SEED, {3: fault})
    console = open_console(qtbot, kit, bridges, source)
    kit.partida_ready()
    start = len(kit.svc.records())
    page = console.extraction_page
    for _ in range(3):
        qtbot.waitUntil(page.draw_device_button.isEnabled, timeout=3000)
        qtbot.mouseClick(page.draw_device_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not console.bridge.busy, timeout=3000)
    if not page.hold_input.isHidden() and page.hold_input.isEnabled():
        qtbot.keyClicks(page.hold_input, str(source.tube))  # the jefe de mesa reads the ball
        qtbot.keyClick(page.hold_input, Qt.Key.Key_Return)
    if page.device_box.isVisible():  # the incident that follows, after the paragraph
        qtbot.mouseClick(page.device_action, Qt.MouseButton.LeftButton)
        dialog = console.dialog
        assert isinstance(dialog, IncidentDialog)
        dialog.read_aloud.setChecked(True)
        qtbot.mouseClick(dialog.confirm, Qt.MouseButton.LeftButton)
    return record_of(kit, start)


@pytest.mark.parametrize(
    ("fault", "incidents"),
    [
        ("hold", ["reader_hold"]),
        ("lost_tube", ["ball_in_tube", "failure_after_extraction_began"]),
        ("repeat", ["ball_irregularity"]),
    ],
)
def test_the_console_and_the_headless_run_record_a_device_fault_alike(
    qtbot: QtBot, bridges: list[Bridge], fault: str, incidents: list[str]
) -> None:
    console = at_the_console(qtbot, bridges, fault)
    run = headless(fault)
    assert [p["incident"] for k, p in console if k == "incident_recorded"] == incidents
    assert console == run
