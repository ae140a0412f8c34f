"""The actas on a real export of the engine (a short simulated night), when the engine runs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from actas.builder import build_acta
from actas.render import render_acta
from actas.verify import verify_acta
from tests.actas.conftest import body_lines, partida_block


@pytest.mark.slow
def test_acta_of_an_engine_export(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'hall.sqlite'}"
    cli = [sys.executable, "-m", "app.cli"]
    probe = subprocess.run([*cli, "--help"], capture_output=True, text=True, check=False)
    if probe.returncode != 0:
        pytest.skip("the engine's command line does not run here")
    sim = subprocess.run(
        [*cli, "simulate", "--db", db, "--partidas", "6", "-q"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    if sim.returncode != 0:
        pytest.skip(f"the engine's simulation failed: {sim.stderr[-300:]}")
    out = tmp_path / "export.json"
    subprocess.run(
        [*cli, "export", "--db", db, "-o", str(out)], capture_output=True, check=True, timeout=120
    )
    export = json.loads(out.read_text(encoding="utf-8"))
    acta = build_acta(export)
    assert acta.observations == ()
    pdf = render_acta(export)
    lines = body_lines(pdf)
    for p in export["sessions"][0]["partidas"]:
        block = partida_block(lines, p["number"])
        assert str(p["cards_sold"]) in block
    report = verify_acta(pdf)
    assert report.exit_code == 3 and not report.altered  # agrees with its record; unsealed
