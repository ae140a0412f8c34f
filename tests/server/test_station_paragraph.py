"""A console station of a Basque hall server reads the paragraph of the hall's own region in
both official languages, as the hall's own console does (R-INC-5; Euskadi, disposición
adicional décima; decision 270): the station's hall is the server's record, region and all.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from pytestqt.qtbot import QtBot

from bingo.regulation import readings
from tests.server.kit import Client, Server, open_session, partida_ready
from tests.server.test_instructions_panel import basque_settings
from tests.server.test_stations import Console
from ui.console.dialogs import IncidentDialog

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]


@pytest.fixture
def basque_server(tmp_path: Path) -> Iterator[Server]:
    server = Server(
        tmp_path / "hall.sqlite", devices="none", extra=["--config", str(basque_settings(tmp_path))]
    ).start()
    try:
        yield server
    finally:
        server.stop()


def test_a_basque_halls_station_reads_the_decree_in_spanish_and_basque(
    qtbot: QtBot, basque_server: Server
) -> None:
    client = Client(basque_server, "sala")
    open_session(client)
    partida_ready(client)
    mesa = Console(qtbot, basque_server, "mesa")
    try:
        qtbot.waitUntil(lambda: mesa.hall.partida is not None, timeout=10_000)
        assert mesa.hall.region == "euskadi"
        mesa.window.refresh()
        mesa.window.menu_actions["incident_suspend"].trigger()
        dialog = mesa.window.dialog
        assert isinstance(dialog, IncidentDialog)
        spanish, basque = readings("failure_before_first_ball", "euskadi")
        assert dialog.reference.text() == spanish.reference
        assert spanish.text in dialog.paragraph.text()
        reference, paragraph = dialog.translations["eu"]
        assert reference.text() == basque.reference
        assert basque.text in paragraph.text()
        dialog.reject()
    finally:
        mesa.close()
