"""A duplicate ball at the console: the partida stops there (R-INC-3), by the same rule as an
unattended run (``app.devices.DeviceDraws``), and F6 draws nothing until it is annulled."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from bingo.hall import Status
from drivers.ballsource import BallHeld
from tests.ui.kit import Kit, open_console
from tests.ui.test_console_devices import StandInBallSource, draw
from ui.bridge import Bridge
from ui.console.dialogs import IncidentDialog

UNREADABLE = BallHeld(2, "unreadable", None)


@pytest.mark.parametrize(
    "second",
    [UNREADABLE, 15],
    ids=["read by the jefe de mesa", "vouched by the devices"],
)
def test_f6_after_a_duplicate_ball_draws_nothing_and_the_incident_is_recorded(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge], second: BallHeld | int
) -> None:
    """R-INC-3: "se suspenderá la partida y se dará por finalizada"; R-INC-5: the annulment
    comes after the jefe de sala reads the paragraph."""
    source = StandInBallSource(15, second, 61)
    console = open_console(qtbot, kit, bridges, source)
    kit.partida_ready()
    qtbot.waitUntil(console.extraction_page.draw_device_button.isEnabled)
    draw(qtbot, console)
    qtbot.mouseClick(console.extraction_page.draw_device_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not console.bridge.busy, timeout=3000)
    if isinstance(second, BallHeld):  # the jefe de mesa reads 15 on the ball, twice (no slip)
        hold = console.extraction_page.hold_input
        qtbot.keyClicks(hold, "15")
        qtbot.keyClick(hold, Qt.Key.Key_Return)
        assert "La bola 15 ya había salido" in console.error.text()
        qtbot.keyClicks(hold, "15")
        qtbot.keyClick(hold, Qt.Key.Key_Return)
    qtbot.waitUntil(console.extraction_page.device_box.isVisible, timeout=3000)

    partida = kit.hall.partida
    assert partida is not None and partida.status == Status.SUSPENDED
    (incident,) = partida.incidents
    assert incident.incident == "ball_irregularity"
    assert "Bola duplicada: 15 (ya salió en la extracción 1)" in incident.note

    console.menu_actions["draw"].trigger()  # F6
    console.draws.draw_from_devices()
    assert len(source.draws) == 2 and partida.balls == [15]
    assert console.extraction_page.device_box.isVisible()
    assert not console.extraction_page.draw_device_button.isEnabled()
    assert console.header.suspended_box.isHidden()  # no «Reanudar»: only the annulment follows

    qtbot.mouseClick(console.extraction_page.device_action, Qt.MouseButton.LeftButton)
    dialog = console.dialog
    assert isinstance(dialog, IncidentDialog) and dialog.incident == "ball_irregularity"
    dialog.read_aloud.setChecked(True)
    qtbot.mouseClick(dialog.confirm, Qt.MouseButton.LeftButton)
    session = kit.hall.session
    assert session is not None and session.partidas[-1].status == Status.ANNULLED
    assert session.partidas[-1].refund_cents == 1000
    assert [i.incident for i in session.partidas[-1].incidents] == ["ball_irregularity"]
