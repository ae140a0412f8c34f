"""The table is told when a player terminal connects and when it is gone, on a real server, in
the real console station (R-MULTI-3; decision 283): a line in the status bar and the event log,
never a device's alarm (whose next step would suspend the partida).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from pytestqt.qtbot import QtBot

from app.terminal_client import TerminalClient
from tests.server.kit import Client, Server, open_session
from tests.server.test_stations import Console, consoles  # noqa: F401  (the fixture)
from tests.server.test_terminals import PIN, add_terminals

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]


def test_the_console_is_told_a_terminal_left_without_an_alarm(
    qtbot: QtBot,
    servers: Callable[..., Server],
    consoles: Callable[..., Console],  # noqa: F811
    tmp_path: Path,
) -> None:
    add_terminals(tmp_path / "hall.sqlite", 1)
    server = servers()
    open_session(Client(server, "sala"))
    mesa = consoles(server, "mesa")
    bar = mesa.window.statusBar()
    machine = TerminalClient(server.url, "Terminal 1")
    machine.connect(PIN)
    qtbot.waitUntil(lambda: "Terminal 1: conectada" in bar.currentMessage(), timeout=15_000)
    machine.close()
    qtbot.waitUntil(lambda: "Terminal 1: desconectada" in bar.currentMessage(), timeout=15_000)
    assert "siguen en juego" in bar.currentMessage()
    assert not mesa.window.alarm.active
