"""A second console joined to a Basque hall's server shows the hall panel in the hall's own
languages, those its server recorded for the hall, not in those of the station's settings file
(R-PANEL-1; the players' side of the hall, §3).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")

from pytestqt.qtbot import QtBot

from tests.server.kit import Client, Server, open_session
from tests.ui.kit import answer_secret as answer
from ui.panels.hall_panel import HallPanel

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]


def test_a_station_s_hall_panel_speaks_the_languages_of_the_hall_its_server_serves(
    qtbot: QtBot,
    tmp_path: Path,
    servers: Callable[..., Server],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from app.config import load_hall
    from app.run import EXIT_AFTER_ENV
    from app.station import run_station
    from store import open_store
    from store.operators import OperatorBook
    from tests.ui.test_settings_languages import hall_file

    basque = hall_file(tmp_path, "", region="euskadi")
    server = servers(extra=["--config", str(basque)])
    open_session(Client(server, "sala"))
    with open_store(f"sqlite:///{server.db}") as store:
        OperatorBook(store).add("Caja", "jefe_de_mesa", "264819")
    seen: dict[str, Any] = {}

    def look() -> None:
        panels = [w for w in QApplication.topLevelWidgets() if isinstance(w, HallPanel)]
        if not panels or not panels[0].isVisible():
            QTimer.singleShot(100, look)  # still logging in
            return
        seen["second"] = panels[0].second_language

    answer(qtbot, "Caja", "264819")
    QTimer.singleShot(300, look)
    monkeypatch.setenv(EXIT_AFTER_ENV, "2500")
    args = argparse.Namespace(
        server=server.url, station="caja", cafile=None, db=None, hall=None, config=None
    )
    spanish_only = load_hall()  # the station's own settings: a Cantabrian hall's
    assert spanish_only.languages == ("es",)
    assert run_station(args, spanish_only) == 0
    assert seen == {"second": "eu"}
