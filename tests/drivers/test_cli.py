"""The emulators as programs: ``bingo-hall emulate`` and ``python -m drivers.emulators``."""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import serial

from app.emulate_cli import add_parsers, run_checked
from drivers.ballsource import BallHeld, BallRead, DeviceBallSource, DrawTiming
from drivers.board import HallBoardDriver
from drivers.emulators import load_scenario
from drivers.extractor import ExtractorDriver
from drivers.reader import ReaderDriver
from tests.drivers.hallkit import LINK

pytestmark = pytest.mark.timeout(30)
ROOT = Path(__file__).resolve().parents[2]


def test_add_parsers_adds_emulate_to_the_main_command_line() -> None:
    parser = argparse.ArgumentParser(prog="bingo-hall")
    add_parsers(parser.add_subparsers())
    args = parser.parse_args(["emulate", "extractor", "reader", "--seed", "4", "--tcp", "7000"])
    assert args.func is run_checked
    assert (args.devices, args.seed, args.tcp, args.baud) == (
        ["extractor", "reader"],
        4,
        7000,
        19200,
    )
    with pytest.raises(SystemExit):
        parser.parse_args(["emulate", "printer"])
    with pytest.raises(SystemExit):
        parser.parse_args(["emulate", "board", "--pty", "--tcp", "7000"])


class Program:
    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "drivers.emulators", *args],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        self.ports: dict[str, str] = {}

    def read_ports(self, count: int) -> dict[str, str]:
        assert self.proc.stdout is not None
        for _ in range(count):
            name, url = self.proc.stdout.readline().split()
            self.ports[name] = url
        return self.ports

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout=10)


@pytest.fixture
def program() -> Iterator[list[Program]]:
    started: list[Program] = []
    yield started
    for prog in started:
        if prog.proc.poll() is None:
            prog.proc.kill()
            prog.proc.wait()


def open_source(ports: dict[str, str]) -> DeviceBallSource:
    timing = DrawTiming(release_timeout=3, read_timeout=2, settle=0.03)
    extractor = ExtractorDriver(serial.serial_for_url(ports["extractor"]), timing=LINK).open()
    reader = ReaderDriver(serial.serial_for_url(ports["reader"]), timing=LINK).open()
    return DeviceBallSource(extractor, reader, timing=timing, owns_drivers=True)


def test_emulated_extractor_and_reader_on_ptys_draw_a_ball(program: list[Program]) -> None:
    prog = Program("extractor", "reader", "--seed", "5", "--fast")
    program.append(prog)
    ports = prog.read_ports(2)
    assert ports["extractor"].startswith("/dev/") and ports["reader"].startswith("/dev/")
    source = open_source(ports)
    try:
        result = source.draw(1, frozenset())
        assert isinstance(result, BallRead) and 1 <= result.number <= 90
    finally:
        source.close()
    assert prog.stop() == 0


def test_a_scenario_file_schedules_faults(tmp_path: Path, program: list[Program]) -> None:
    scenario = tmp_path / "faults.json"
    scenario.write_text(json.dumps([{"at_draw": 1, "fault": "out_of_range", "number": 95}]))
    prog = Program("extractor", "reader", "--fast", "--scenario", str(scenario))
    program.append(prog)
    source = open_source(prog.read_ports(2))
    try:
        held = source.draw(1, frozenset())
        assert isinstance(held, BallHeld) and (held.reason, held.number) == ("out_of_range", 95)
    finally:
        source.close()
    assert prog.stop() == 0


def test_boards_on_a_tcp_port(program: list[Program]) -> None:
    prog = Program("board", "--tcp", "0", "--boards", "2")
    program.append(prog)
    url = prog.read_ports(1)["board"]
    assert url.startswith("socket://127.0.0.1:")
    boards = HallBoardDriver(
        lambda: serial.serial_for_url(url), addresses=(0x10, 0x11), timing=LINK
    ).open()
    try:
        assert boards.is_online()
        boards.show(1, 1, 17, frozenset({17}))
        assert boards.wait_synced(3.0)
    finally:
        boards.close()
    assert prog.stop() == 0


def test_a_bad_scenario_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"at_draw": 1, "fault": "earthquake"}]))
    proc = subprocess.run(
        [sys.executable, "-m", "drivers.emulators", "extractor", "--scenario", str(bad)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=20,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert proc.returncode == 1 and "earthquake" in proc.stderr


def test_scenarios_in_toml_and_json(tmp_path: Path) -> None:
    toml = tmp_path / "s.toml"
    toml.write_text(
        '[[faults]]\nat_draw = 3\nfault = "jam"\n\n'
        '[[faults]]\nat_draw = 5\nfault = "misread"\nnumber = 96\ndevice = "reader"\n'
    )
    faults = load_scenario(toml)
    assert [(f.at_draw, f.fault, f.target()) for f in faults] == [
        (3, "jam", "extractor"),
        (5, "misread", "reader"),
    ]
    assert dict(faults[1].params) == {"number": 96}
    js = tmp_path / "s.json"
    js.write_text(json.dumps({"faults": [{"at_draw": 1, "fault": "crc_error", "count": 2}]}))
    (crc,) = load_scenario(js)
    assert crc.target() == "extractor" and crc.params == {"count": 2}
    with pytest.raises(ValueError):
        load_scenario([{"fault": "jam"}])
