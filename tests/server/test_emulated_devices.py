"""A partida on emulated devices never passes for a real one (decisions 520, 522): ``serve
--devices emulated`` records the count and every ball as emulated, with the seed, which it says
at its start and which replays the draws; the export carries ``emulated_devices``, the checker
finds it no real night, and the acta's opening, the night's summary, the web panels (real
headless chromium), the Qt hall panel and the console's header say EMULADO. Without ``--seed``
two starts draw different balls. A ball of the manual extraction keeps its own label.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from drivers.emulators.machine import BallMachine
from tests.independent.check_export import check
from tests.server.kit import ROOT, SALA, Client, Server, partida_ready, wait_for

pytestmark = pytest.mark.timeout(300)


def played(server: Server, manual: bool = False) -> tuple[Client, list[int]]:
    """A session counted by the server's reader, a partida and three balls from its devices
    (then, with ``manual``, one by manual extraction); the devices' balls.
    """
    mesa = Client(server, "mesa")
    opened = mesa.do(
        "open_session", session_id="S1", date="2026-11-24", jefe_de_mesa="Mesa",
        jefe_de_sala="Sala",
    )  # fmt: skip
    assert opened["result"]["opened"], opened
    partida_ready(mesa)
    for _ in range(3):
        mesa.do("draw_from_devices")
    balls: list[int] = mesa.state()["state"]["balls"]
    if manual:  # the jefe de sala authorises it (R-INC-2)
        mesa.do("start_manual_extraction", authorisation=SALA, note="prueba del extractor")
        mesa.do("draw_manual")
    return mesa, balls


def said_seed(server: Server) -> int:
    """The seed the server said at its start (its log is its stdout and stderr)."""
    found = re.search(r"dispositivos EMULADOS \(semilla (\d+), al azar", server.log.read_text())
    assert found, server.log.read_text()
    return int(found.group(1))


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args], cwd=ROOT, capture_output=True, text=True
    )


def test_two_starts_without_a_seed_draw_different_balls_each_replayed_by_its_seed(
    tmp_path: Path,
) -> None:
    """R-DEV-2: the emulated drum is seeded from the system's randomness, not 7 every time;
    the seed said and recorded gives back the same balls (``--seed``)."""
    draws: list[list[int]] = []
    for night in ("uno", "dos"):
        server = Server(tmp_path / f"{night}.sqlite", devices="emulated").start()
        try:
            _mesa, balls = played(server)
        finally:
            server.stop()
        seed = said_seed(server)
        machine = BallMachine(seed)
        assert balls == [machine.release()[0].number for _ in range(3)], "not its seed's drum"
        out = tmp_path / f"{night}.json"
        assert cli("export", "--db", f"sqlite:///{server.db}", "-o", str(out)).returncode == 0
        assert json.loads(out.read_text())["sessions"][0]["emulated_devices"] == {"seeds": [seed]}
        draws.append(balls)
    assert draws[0] != draws[1]


def test_emulated_devices_are_said_by_the_record_export_checker_acta_and_every_panel(
    servers: Callable[..., Server], chrome: Any, tmp_path: Path
) -> None:
    server = servers(devices="emulated", extra=["--seed", "12"])
    mesa, balls = played(server, manual=True)
    state = mesa.state()["state"]
    assert state["emulated"] is True
    for layout in ("board", "last", "prizes"):
        chrome.get(server.panel(layout, "es,eu"))
        wait_for(chrome, "window.__panel.online")
        # every announcement on the page, in each language in turn
        wait_for(chrome, "document.querySelector('.announce').textContent.includes('EMULADO')")
        wait_for(chrome, "document.querySelector('.announce').textContent.includes('EMULATUA')", 30)
    server.stop()

    out = tmp_path / "export.json"
    done = cli("export", "--db", f"sqlite:///{server.db}", "-o", str(out))
    assert done.returncode == 0, done.stderr
    export = json.loads(out.read_text())
    session = export["sessions"][0]
    assert session["emulated_devices"] == {"seeds": [12]}
    assert [c["method"] for c in session["ball_checks"]] == ["emulated"]
    # the devices' balls say so; the one drawn by hand keeps its label
    assert session["partidas"][0]["ball_sources"] == ["emulated"] * 3 + ["manual"]
    assert session["partidas"][0]["balls"][:3] == balls
    assert [p for p in check(export) if "not a real night" in p] == [
        "session S1: played on emulated devices (seeds 12; 3 balls and 1 counts from them): "
        "not a real night"
    ]

    pdf = tmp_path / "acta.pdf"
    built = cli("acta", "build", "--db", f"sqlite:///{server.db}", "-o", str(pdf))
    assert built.returncode == 0, built.stdout + built.stderr
    first = " ".join(PdfReader(pdf).pages[0].extract_text().split())
    assert "DISPOSITIVOS EMULADOS (semilla 12)" in first and "no tiene validez" in first
    summary = tmp_path / "resumen.pdf"
    built = cli("acta", "summary", "--export", str(out), "-o", str(summary))
    assert built.returncode == 0, built.stdout + built.stderr
    top = " ".join(PdfReader(summary).pages[0].extract_text().split())
    assert "DISPOSITIVOS EMULADOS (semilla 12): este documento no tiene validez" in top

    from app.bootstrap import open_hall
    from bingo.readmodel import panel_state
    from ui.console.state import Desk, derive

    with open_hall(f"sqlite:///{server.db}", None, None) as engine:
        hall = engine.service.hall
        assert "EMULADO" in derive(hall, Desk()).header
        state_now = panel_state(hall)
    from PySide6.QtWidgets import QApplication

    from ui.panels.hall_panel import HallPanel

    app = QApplication.instance() or QApplication([])
    panel = HallPanel(state_now, languages=("es", "eu"))
    try:
        panel.show_state(state_now)
        assert panel.announcement.text().startswith("EMULADO · ")
        assert panel.announcement2.text().startswith("EMULATUA · ")
    finally:
        panel.close()
        panel.deleteLater()
        app.processEvents()
