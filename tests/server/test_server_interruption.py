"""A hall server killed mid-partida and started again leaves its trace in the record, the export
and the acta: the interruption and the resumption are an incident of the partida in play, with
the time of the last record before the stop and the time it was back (R-INC-5, R-ACTA-1; the
third inspection of the console). A restart with no partida in play records nothing.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from tests.server.kit import Client, Server, draw, open_session, partida_ready

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args], cwd=ROOT, capture_output=True, text=True
    )


def exported(tmp_path: Path, url: str) -> dict[str, Any]:
    out = tmp_path / "export.json"
    done = cli("export", "--db", url, "-o", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return data


def test_a_server_killed_mid_partida_records_the_interruption_and_the_resumption(
    tmp_path: Path,
) -> None:
    db = tmp_path / "hall.sqlite"
    url = f"sqlite:///{db}"
    server = Server(db).start()
    try:
        mesa = Client(server)
        open_session(mesa)
        partida_ready(mesa)
        draw(mesa, [4, 44])
        server.kill()  # as a power cut would
        server = Server(db, port=server.port).start()
        mesa = Client(server)
        draw(mesa, [9])
    finally:
        server.stop()

    export = exported(tmp_path, url)
    partida = export["sessions"][-1]["partidas"][-1]
    stops = [i for i in partida["incidents"] if i["kind"] == "system_interruption"]
    # the SIGKILL; the stop at the end of the test is not followed by a start
    assert len(stops) == 1, partida["incidents"]
    note = stops[0]["note"]
    assert stops[0]["after_ball"] == 2
    assert "interrumpido tras el registro de las" in note and "reanudado a las" in note
    stopped, resumed = note.split("las ")[1][:8], note.split("las ")[2][:8]
    assert stopped <= resumed, note

    acta = tmp_path / "acta.pdf"
    done = cli("acta", "build", "--db", url, "-o", str(acta))
    assert done.returncode == 0, done.stdout + done.stderr
    text = " ".join((page.extract_text() or "") for page in PdfReader(acta).pages)
    assert "Interrupción del sistema de la sala" in " ".join(text.split())


def test_a_restart_with_no_partida_in_play_records_no_interruption(tmp_path: Path) -> None:
    db = tmp_path / "hall.sqlite"
    url = f"sqlite:///{db}"
    server = Server(db).start()
    try:
        open_session(Client(server))
        server.kill()
        server = Server(db, port=server.port).start()
    finally:
        server.stop()
    export = exported(tmp_path, url)
    assert all(not p["incidents"] for s in export["sessions"] for p in s["partidas"])
