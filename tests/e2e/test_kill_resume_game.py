"""A session of bingo plus killed in the middle of a partida and started again ends in exactly the
record of an uninterrupted one: the policy decides from the record alone, and the resumed run
plays the game its record names, never another (R-ACTA-6, R-MULTI-4; docs/decisions.md 263).
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.config import shipped_file

pytestmark = pytest.mark.slow

GAMES = shipped_file("games")
PLUS, DERIVADO = GAMES / "plus-4x5.toml", GAMES / "derivado-instantaneo-3x3.toml"


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "app.cli", *args]


def simulate(db: Path, *extra: str) -> list[str]:
    return cli(
        "simulate", "--db", f"sqlite:///{db}", "--seed", "5", "--partidas", "5", "-q", *extra
    )


def export(db: Path) -> dict:  # type: ignore[type-arg]
    out = subprocess.run(
        cli("export", "--db", f"sqlite:///{db}", "--compact"),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def count(db: Path, kind: str) -> int:
    try:
        with sqlite3.connect(db, timeout=5) as con:
            row = con.execute("select count(*) from events where kind = ?", (kind,)).fetchone()
    except sqlite3.Error:
        return 0  # not created yet
    return int(row[0])


def records(db: Path) -> list[tuple[int, str]]:
    with sqlite3.connect(db) as con:
        return con.execute("select seq, hash from events order by seq").fetchall()


def kill_when(db: Path, kind: str, at_least: int, env: dict[str, str]) -> None:
    """Start the simulation and SIGKILL it once the record holds ``at_least`` events of ``kind``."""
    proc = subprocess.Popen(simulate(db, "--game", str(PLUS)), env=env, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while count(db, kind) < at_least:
        assert proc.poll() is None, "the simulation ended before it was killed"
        assert time.monotonic() < deadline, "the simulation did not get there"
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait()


@pytest.mark.timeout(600)
def test_a_game_session_killed_mid_partida_then_resumed_equals_an_uninterrupted_run(
    tmp_path: Path,
) -> None:
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    reference = tmp_path / "reference.sqlite"
    subprocess.run(simulate(reference, "--game", str(PLUS)), check=True, env=env, timeout=300)

    killed = tmp_path / "killed.sqlite"
    kill_when(killed, "game_ball_drawn", 20, env)  # in the first partida's extraction
    kill_when(killed, "game_ball_drawn", 100, env)  # in a later one
    assert count(killed, "session_closed") == 0

    # Another game for the session under way is refused, and nothing is written.
    before = records(killed)
    refused = subprocess.run(
        simulate(killed, "--game", str(DERIVADO)), env=env, capture_output=True, text=True
    )
    assert refused.returncode == 1, refused.stderr
    assert "se reanuda con su propio juego" in refused.stderr
    assert records(killed) == before

    # Resumed without --game: the record says which game, and its definition.
    subprocess.run(simulate(killed), check=True, env=env, timeout=300)
    a, b = export(reference), export(killed)
    assert a["chain"]["head"] == b["chain"]["head"]
    assert a == b
    assert len(a["sessions"][0]["game_partidas"]) == 5
