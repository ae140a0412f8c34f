"""A console station whose server is lost (the third inspection of the console): the header's
device line is there from the start, the devices are not said to be online while nothing is known
of them, and the Sesión menu offers no command the station would refuse (R-DEV-1, R-NET-1;
decision 203).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

pytest.importorskip("PySide6")

from pytestqt.qtbot import QtBot

from tests.server.kit import MESA, Client, Server, open_session
from tests.server.test_stations import Console, consoles  # noqa: F401  (the fixture)
from tests.ui.kit import answer_secret as answer

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]


def test_a_station_cut_off_says_nothing_of_the_devices_and_offers_no_command(
    qtbot: QtBot,
    servers: Callable[..., Server],
    consoles: Callable[..., Console],  # noqa: F811
) -> None:
    server = servers(devices="emulated")
    open_session(Client(server, "terminal"))
    mesa = consoles(server, "mesa")
    window = mesa.window
    line = window.header.devices_state
    # said from the start, not only once a device drops out
    qtbot.waitUntil(lambda: "Extractor: en línea" in line.text(), timeout=10_000)
    assert "Lector: en línea" in line.text()
    start = window.menu_actions["start_partida"]
    qtbot.waitUntil(start.isEnabled, timeout=10_000)

    server.kill()
    qtbot.waitUntil(lambda: "sin conexión" in mesa.station.label.text(), timeout=15_000)
    assert "en línea" not in line.text(), line.text()  # the devices' owner is gone
    assert "sin noticias" in line.text()
    assert not start.isEnabled()
    assert not window.menu_actions["close_session"].isEnabled()
    assert not window.menu_actions["draw"].isEnabled()

    relogin = answer(qtbot, *MESA)  # the restarted server forgot the logins (decision 136)
    servers(port=server.port, devices="emulated")
    qtbot.waitUntil(lambda: relogin == ["login_dialog"], timeout=15_000)
    qtbot.waitUntil(lambda: "en línea" in mesa.station.label.text(), timeout=15_000)
    qtbot.waitUntil(lambda: "Extractor: en línea" in line.text(), timeout=10_000)
    assert start.isEnabled()
