"""Real devices are used, or nothing is (R-DEV-1, decision 521): the ports the hall's settings
name are opened by ``serve``, ``run`` (with its server and ``--local``) and ``simulate``; one
that cannot be opened is a refusal naming it and why, with nothing written; ports of a running
emulator program (a real program on pseudo-terminals) are the hall's devices, and the record
says its balls came from them, not from emulated devices of the server's own.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from app.config import default_hall_path
from drivers.emulators.machine import BallMachine
from tests.independent.check_export import check
from tests.server.kit import ROOT, Client, add_operators, free_port, listens, partida_ready

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]

#: The emulator program's seed: its drum gives these balls, never the server's own.
PROGRAM_SEED = 4


def settings_naming(tmp_path: Path, extractor: str, reader: str) -> Path:
    """The demo hall's settings with ``[devices]`` naming these two ports."""
    text = (
        default_hall_path()
        .read_text("utf-8")
        .replace('# extractor = "/dev/ttyUSB0"', f'extractor = "{extractor}"')
        .replace('# reader = "/dev/ttyUSB1"', f'reader = "{reader}"')
    )
    assert extractor in text and reader in text
    path = tmp_path / "sala.toml"
    path.write_text(text, "utf-8")
    return path


def bingo_hall(*args: str, timeout: float = 90, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        cwd=ROOT,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", "BINGO_HALL_EXIT_AFTER_MS": "3000",
             **env},
        capture_output=True,
        text=True,
        timeout=timeout,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("port", "why"),
    [("/dev/ttyUSB7", "no existe"), ("/dev/null", "no es un puerto serie")],
)
@pytest.mark.parametrize("command", ["serve", "run", "run --local", "simulate --devices serial"])
def test_a_port_of_the_settings_that_cannot_be_opened_is_refused_naming_it(
    tmp_path: Path, command: str, port: str, why: str
) -> None:
    """No --devices: the settings' ports are the devices; one that does not open refuses the
    command (exit 1) with the port and the reason, no traceback, and no database created.
    """
    config = settings_naming(tmp_path, port, "/dev/ttyUSB8")
    db = tmp_path / "sala.sqlite"
    args = [*command.split(), "--db", f"sqlite:///{db}", "--config", str(config)]
    if command.startswith("serve") or command == "run":
        args += ["--port", str(free_port())]
    done = bingo_hall(*args)
    assert done.returncode == 1, done.stdout + done.stderr
    assert port in done.stderr and why in done.stderr and "[devices] extractor" in done.stderr
    assert "Traceback" not in done.stderr
    assert not db.exists(), "a refused command wrote a database"


def test_seed_with_the_settings_ports_is_wrong_usage(tmp_path: Path) -> None:
    """--seed is for emulated devices; with the hall's own it would be silently ignored."""
    config = settings_naming(tmp_path, "/dev/ttyUSB7", "/dev/ttyUSB8")
    db = tmp_path / "sala.sqlite"
    done = bingo_hall("serve", "--db", f"sqlite:///{db}", "--config", str(config), "--seed", "3")
    assert done.returncode == 2, done.stderr
    assert "--seed solo vale con los dispositivos emulados" in done.stderr
    assert not db.exists()


@pytest.fixture
def program_ports(tmp_path: Path) -> Iterator[tuple[dict[str, str], subprocess.Popen[str]]]:
    """``bingo-hall emulate extractor reader --pty``: a real program, its two ports."""
    command = [
        sys.executable, "-m", "app.cli", "emulate", "extractor", "reader", "--pty", "--fast",
        "--seed", str(PROGRAM_SEED),
    ]  # fmt: skip
    log = (tmp_path / "emulador.log").open("a")
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=log, text=True)
    ports: dict[str, str] = {}
    try:
        assert proc.stdout is not None
        while len(ports) < 2:
            line = proc.stdout.readline()
            assert line, "the emulator program stopped before printing its ports"
            name, path = line.split()
            ports[name] = path
        yield ports, proc
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def started(command: list[str], log: Path, port: int) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        command, cwd=ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1"},
        stdout=log.open("a"), stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert proc.poll() is None, log.read_text()
        if listens(proc.pid, port):
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/v1/state", timeout=1.0)
                return proc
            except httpx.HTTPError:
                pass
        time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"el servidor no responde: {log.read_text()}")


class _Served:
    """Enough of ``tests.server.kit.Server`` for ``Client``: its address."""

    def __init__(self, port: int) -> None:
        self.url = f"http://127.0.0.1:{port}"


def test_serve_uses_the_ports_of_a_running_emulator_program_as_the_halls_devices(
    tmp_path: Path, program_ports: tuple[dict[str, str], subprocess.Popen[str]]
) -> None:
    """No --devices, the settings naming the program's ptys: the count is the program's reader's
    and the balls its drum's (its seed's order), recorded as a real reader's and extractor's;
    the export says nothing of emulated devices and the checker finds no problem.
    """
    ports, _program = program_ports
    config = settings_naming(tmp_path, ports["extractor"], ports["reader"])
    db = tmp_path / "sala.sqlite"
    add_operators(db)
    port = free_port()
    server = started(
        [sys.executable, "-m", "app.cli", "serve", "--db", f"sqlite:///{db}", "--config",
         str(config), "--port", str(port)],
        tmp_path / "serve.log",
        port,
    )  # fmt: skip
    try:
        mesa = Client(_Served(port), "mesa")  # type: ignore[arg-type]
        opened = mesa.do(
            "open_session", session_id="S1", date="2026-11-24", jefe_de_mesa="Mesa",
            jefe_de_sala="Sala",
        )  # fmt: skip
        assert opened["result"]["opened"], opened
        partida_ready(mesa)
        for _ in range(3):
            mesa.do("draw_from_devices")
        drawn = mesa.state()["state"]["balls"]
    finally:
        server.terminate()
        server.wait(15)
    machine = BallMachine(PROGRAM_SEED)
    assert drawn == [machine.release()[0].number for _ in range(3)], "not the program's drum"
    assert "EMULADOS" not in (tmp_path / "serve.log").read_text()
    out = tmp_path / "export.json"
    exported = bingo_hall("export", "--db", f"sqlite:///{db}", "-o", str(out))
    assert exported.returncode == 0, exported.stderr
    export = json.loads(out.read_text())
    session = export["sessions"][0]
    assert "emulated_devices" not in session
    assert [c["method"] for c in session["ball_checks"]] == ["reader"]
    assert session["partidas"][0]["ball_sources"] == ["extractor"] * 3
    assert not [p for p in check(export) if "emulated" in p]
