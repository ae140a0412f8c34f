"""The hall PC's clock at the real server and in `status`: a session is not opened on a clock
behind the record's last event (the server says both times, nothing is written); `status` says
whether the clock is kept synchronised, as the system's own `timedatectl` answers, unknown when
nothing answers, and warns of a clock behind the record (R-ACTA-3, R-ACTA-6).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from app.bootstrap import open_hall, prepare_hall
from app.config import load_hall
from tests.server.kit import ROOT, SALA, Client, Server

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]

FUTURE = "2099-01-01T20:00:00.000+01:00"


def record_ahead(db: Path) -> None:
    """A hall whose record was written by a clock far ahead of this PC's."""
    settings = load_hall()
    with open_hall(f"sqlite:///{db}", None, settings.hall_id, clock=lambda: FUTURE) as engine:
        prepare_hall(engine.service, settings)


def events(db: Path) -> int:
    with sqlite3.connect(db) as con:
        return int(con.execute("select count(*) from events").fetchone()[0])


def test_the_server_opens_no_session_on_a_clock_behind_the_record(tmp_path: Path) -> None:
    db = tmp_path / "hall.sqlite"
    record_ahead(db)
    server = Server(db).start()
    try:
        before = events(db)
        client = Client(server, "sala", operator=SALA)
        opening = {"session_id": "S1", "date": "2026-11-24", "jefe_de_mesa": "Mesa",
                   "jefe_de_sala": "Sala", "ball_check": list(range(1, 91))}  # fmt: skip
        answer = client.send("open_session", opening)
        assert answer.status_code == 422, answer.text
        words = answer.json()["error"]["message"]
        assert (
            "2099-01-01 20:00:00 (+01:00)" in words and "el reloj de este ordenador marca" in words
        )
        assert events(db) == before  # not even the opening count
    finally:
        server.stop()


def status(db: Path, tmp_path: Path, timedatectl: str | None) -> str:
    """`bingo-hall status` with the system's `timedatectl` answering ``timedatectl`` (a program
    on the PATH that prints it), or with neither it nor chrony on the PATH.
    """
    bin_dir = tmp_path / f"bin-{timedatectl}"
    bin_dir.mkdir()
    if timedatectl is not None:
        program = bin_dir / "timedatectl"
        program.write_text(f"#!/bin/sh\necho {timedatectl}\n", "utf-8")
        program.chmod(0o755)
    env = {**os.environ, "PATH": str(bin_dir), "XDG_DATA_HOME": str(tmp_path / "data")}
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "status", "--db", f"sqlite:///{db}"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_status_says_whether_the_clock_is_synchronised_and_if_it_is_behind_the_record(
    tmp_path: Path,
) -> None:
    db = tmp_path / "hall.sqlite"
    record_ahead(db)
    said = status(db, tmp_path, "no")
    assert "AVISO: el reloj de este ordenador NO está sincronizado" in said
    assert "antes que el último hecho del registro (2099-01-01 20:00:00 (+01:00))" in said
    assert "reloj del ordenador: sincronizado (NTP)" in status(db, tmp_path, "yes")
    unknown = status(db, tmp_path, None)
    assert "no se sabe si está sincronizado" in unknown and "NO está" not in unknown
