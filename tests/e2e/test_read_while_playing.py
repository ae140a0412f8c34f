"""Actas and exports read from the database while another process plays are consistent
(R-ACTA-1: the acta is written while play goes on; R-ACTA-6: anyone can check it against its
record). The state and the chain must come from one reading: a state read before a few more
records were committed, paired with the longer chain, gives an acta that fails its own check.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.bootstrap import project_records
from app.cli import main
from bingo.chain import Record

pytestmark = pytest.mark.slow

#: Readings of the record to make while the simulation plays (the inspection saw 6 of 6 fail).
READINGS = 6


def _simulation(url: str, session: str) -> subprocess.Popen[bytes]:
    # a night as long as `simulate` allows (200 partidas); another follows if it ends first
    argv = ["simulate", "--db", url, "--seed", "8", "--partidas", "200", "--session", session, "-q"]
    return subprocess.Popen(
        [sys.executable, "-m", "app.cli", *argv],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def _wait_for_session(path: Path, session: str, proc: subprocess.Popen[bytes]) -> None:
    """Until the second process has started a partida of ``session``."""
    while True:
        assert proc.poll() is None, "the simulation ended before its first partida"
        with sqlite3.connect(path) as db:
            rows = db.execute(
                "select count(*) from events where kind = 'partida_started' and payload like ?",
                (f'%"session_id":"{session}"%',),
            ).fetchone()
        if rows[0]:
            return
        time.sleep(0.1)


@pytest.mark.timeout(600)
def test_actas_and_exports_built_while_a_simulation_plays_pass_their_own_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'hall.sqlite'}"
    keys = tmp_path / "keys"
    # a first night, so the hall exists before the second process starts writing
    assert main(["simulate", "--db", url, "--seed", "3", "--partidas", "1", "-q"]) == 0
    proc = _simulation(url, "S2")
    nights = 2
    checked = 0
    try:
        _wait_for_session(tmp_path / "hall.sqlite", "S2", proc)
        while checked < READINGS:
            if proc.poll() is not None:  # the night ended: the next one keeps the writer busy
                assert proc.returncode == 0, proc.stderr.read() if proc.stderr else ""
                if proc.stderr is not None:
                    proc.stderr.close()
                nights += 1
                proc = _simulation(url, f"S{nights}")
            pdf = tmp_path / f"acta-{checked}.pdf"
            build = ["acta", "build", "--db", url, "--session", "S2", "-o", str(pdf), "--sign"]
            assert main([*build, "--keys-dir", str(keys)]) == 0, capsys.readouterr()
            code = main(["acta", "verify", str(pdf), "--keys-dir", str(keys)])
            out = capsys.readouterr().out
            assert code == 0, out

            exported = tmp_path / f"export-{checked}.json"
            assert main(["export", "--db", url, "-o", str(exported)]) == 0
            data = json.loads(exported.read_text("utf-8"))
            records = [Record.from_json(r) for r in data["chain"]["records"]]
            projected = project_records(records)
            # the export's data is exactly what its own chain gives
            assert {k: v for k, v in data.items() if k != "chain"} == {
                k: v for k, v in projected.items() if k != "chain"
            }
            checked += 1
            time.sleep(0.2)  # let a few records in between readings
    finally:
        proc.kill()
        proc.wait()
        if proc.stderr is not None:
            proc.stderr.close()
