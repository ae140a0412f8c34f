"""The engine on devices reached through their serial ports, exactly as in a hall: the
emulators run as a separate program on pseudo-terminals and the hall's settings name the ports
(R-DEV-1)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main
from app.config import default_hall_path
from tests.independent.check_export import check

pytestmark = [pytest.mark.slow, pytest.mark.timeout(240)]


@pytest.fixture
def devices() -> dict[str, str]:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "drivers.emulators",
            "extractor",
            "reader",
            "--pty",
            "--fast",
            "--seed",
            "4",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    ports: dict[str, str] = {}
    try:
        assert proc.stdout is not None
        while len(ports) < 2:
            line = proc.stdout.readline()
            assert line, "the emulator program stopped before printing its ports"
            name, path = line.split()
            ports[name] = path
        yield ports
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_session_on_devices_named_by_their_serial_ports(
    devices: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = (
        default_hall_path()
        .read_text("utf-8")
        .replace('# extractor = "/dev/ttyUSB0"', f'extractor = "{devices["extractor"]}"')
        .replace('# reader = "/dev/ttyUSB1"', f'reader = "{devices["reader"]}"')
    )
    hall = tmp_path / "hall.toml"
    hall.write_text(settings, "utf-8")
    url = f"sqlite:///{tmp_path / 'hall.sqlite'}"
    argv = [
        "simulate",
        "--db",
        url,
        "--config",
        str(hall),
        "--devices",
        "serial",
        "--partidas",
        "1",
        "-q",
    ]
    assert main(argv) == 0
    capsys.readouterr()
    assert main(["export", "--db", url, "--config", str(hall), "--compact"]) == 0
    export = json.loads(capsys.readouterr().out)
    assert check(export) == []
    session = export["sessions"][0]
    assert session["ball_checks"][0]["method"] == "reader"
    partida = session["partidas"][0]
    assert partida["status"] in ("closed", "annulled")
    assert "extractor" in partida["ball_sources"]


def test_missing_ports_are_a_clear_refusal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'hall.sqlite'}"
    assert main(["simulate", "--db", url, "--devices", "serial", "--partidas", "1", "-q"]) == 1
    assert "[devices]" in capsys.readouterr().err
