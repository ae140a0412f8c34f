"""Killing the engine at any instant loses nothing: the restarted simulation ends in exactly the
state of an uninterrupted one (issue: durability; R-ACTA-6)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

SEED, PARTIDAS, KILLS = 5, 16, 6


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "app.cli", *args]


def simulate_args(db: str) -> list[str]:
    return cli("simulate", "--db", db, "--seed", str(SEED), "--partidas", str(PARTIDAS), "-q")


def export(db: str) -> dict:  # type: ignore[type-arg]
    out = subprocess.run(
        cli("export", "--db", db, "--compact"), capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)  # type: ignore[no-any-return]


@pytest.mark.timeout(600)
def test_sigkill_at_random_instants_then_resume_equals_uninterrupted_run(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    reference = f"sqlite:///{tmp_path / 'reference.sqlite'}"
    started = time.monotonic()
    subprocess.run(simulate_args(reference), check=True, env=env, timeout=300)
    whole = time.monotonic() - started  # kill instants scale with this machine's speed

    killed_db = f"sqlite:///{tmp_path / 'killed.sqlite'}"
    chooser = random.Random(20261122)
    kills = 0
    for _attempt in range(40):
        proc = subprocess.Popen(
            simulate_args(killed_db), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        # Kill at random instants a few times, then let the last run finish the session.
        patience = chooser.uniform(0.6, max(1.0, whole / 4)) if kills < KILLS else 300
        try:
            proc.wait(timeout=patience)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            kills += 1
            continue
        assert proc.returncode == 0, proc.stderr.read().decode() if proc.stderr else ""
        break
    else:
        pytest.fail("the simulation never finished")
    assert kills >= KILLS - 2, "the simulation ended before enough kills: make the run longer"
    a, b = export(reference), export(killed_db)
    assert a["chain"]["head"] == b["chain"]["head"]
    assert a == b
