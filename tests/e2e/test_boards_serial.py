"""Lit hall boards on the serial lines the hall's settings name, exactly as in a hall: the boards
are an emulator program on pseudo-terminals (R-DEV-1), every committed ball and the partida's
figures reach them (R-PANEL-2: "recogerán los números a medida que las bolas son extraídas y
cantadas, con indicación expresa del número de extracciones"), and a board unplugged and back
never stops the game and catches up at once (decision 97).
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from app.cli import main
from app.config import BoardLine, ConfigError, default_hall_path, load_hall
from app.devices import feed_boards
from bingo.readmodel import panel_state
from drivers.board import HallBoardDriver, open_serial_boards
from drivers.protocol import ShowState, decode_all
from tests.bingo.hallkit import make_hall

pytestmark = [pytest.mark.slow, pytest.mark.timeout(240)]


class Emulator:
    """``python -m drivers.emulators ... --pty``: a separate program and the ports it prints."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "drivers.emulators", *args, "--pty", "--fast", "--seed", "4"],
            stdout=subprocess.PIPE,
            text=True,
        )
        self.ports: dict[str, str] = {}
        kinds = [a for a in args if a in ("extractor", "reader", "board")]
        assert self.proc.stdout is not None
        while len(self.ports) < len(kinds):
            line = self.proc.stdout.readline()
            assert line, "the emulator program stopped before printing its ports"
            name, path = line.split()
            self.ports[name] = path

    def unplug(self) -> None:
        """The board's adapter pulled out: its program and its pseudo-terminal are gone."""
        self.proc.terminate()
        self.proc.wait(timeout=10)


@pytest.fixture
def emulators() -> Iterator[list[Emulator]]:
    started: list[Emulator] = []
    yield started
    for emulator in started:
        if emulator.proc.poll() is None:
            emulator.unplug()


def hall_file(tmp_path: Path, devices: str) -> Path:
    text = default_hall_path().read_text("utf-8").replace("[devices]\n", f"[devices]\n{devices}")
    path = tmp_path / "hall.toml"
    path.write_text(text, "utf-8")
    return path


def shown_hash(port: str, address: int) -> int | None:
    """What a board says it shows, asked by a host of our own once the hall's has let go."""
    import serial

    driver = HallBoardDriver(
        lambda: serial.serial_for_url(port, baudrate=19200, timeout=0.03), addresses=(address,)
    ).open()
    try:
        assert driver.wait_online(10.0, address)
        driver.status_raw(address)
        return driver.shown_hash(address)
    finally:
        driver.close()


def sent_to_boards(spy_log: Path) -> list[ShowState]:
    """The SHOW frames the host put on the board line, from pyserial's ``spy://`` hex dump."""
    sent = bytearray()
    for line in spy_log.read_text().splitlines():
        if line[10:14] == " TX ":  # "000000.012 TX   0000  02 10 FF ...  ascii"
            sent += bytes.fromhex(line[22:71])
    return [ShowState.from_payload(f.payload) for f in decode_all(bytes(sent)) if f.type == 0x30]


def test_a_session_lights_the_boards_named_in_the_hall_file(
    emulators: list[Emulator], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Through ``--devices serial``: every ball of the partida, with its extraction count,
    goes down the board line named in the hall's file as it is recorded, and both boards on
    the line show the record's state at the end."""
    devices = Emulator("extractor", "reader")
    boards = Emulator("board", "--boards", "2")
    emulators += [devices, boards]
    spy = tmp_path / "board-line.txt"
    hall = hall_file(
        tmp_path,
        f'extractor = "{devices.ports["extractor"]}"\nreader = "{devices.ports["reader"]}"\n'
        f'boards = [{{ port = "spy://{boards.ports["board"]}?file={spy}", '
        "addresses = [0x10, 0x11] }]\n",
    )
    url = f"sqlite:///{tmp_path / 'hall.sqlite'}"
    argv = ["simulate", "--db", url, "--config", str(hall), "--devices", "serial"]
    assert main([*argv, "--partidas", "1", "-q"]) == 0
    capsys.readouterr()
    assert main(["export", "--db", url, "--config", str(hall), "--compact"]) == 0
    partida = json.loads(capsys.readouterr().out)["sessions"][0]["partidas"][0]
    balls = partida["balls"]
    assert balls

    shown = sent_to_boards(spy)
    for k in range(1, len(balls) + 1):  # each ball as it came, with the count of extractions
        state = ShowState(partida["number"], k, balls[k - 1], frozenset(balls[:k]))
        assert state in shown, (k, balls[k - 1])
    in_play = [s for s in shown if s.partida == partida["number"]]
    assert [s.extractions for s in in_play] == sorted(s.extractions for s in in_play)

    from app.bootstrap import open_hall

    with open_hall(url, None, load_hall(hall).hall_id) as engine:
        state = panel_state(engine.service.hall)
    final = ShowState(
        state.partida or 0, state.extractions, state.last_ball or 0, frozenset(state.balls)
    )
    assert shown[-1] == final
    for address in (0x10, 0x11):
        assert shown_hash(boards.ports["board"], address) == final.hash


def relink(link: Path, target: str) -> None:
    """Point the hall's stable name for the line (as udev's /dev/serial/by-id) at a new pty."""
    tmp = link.with_suffix(".new")
    tmp.unlink(missing_ok=True)
    os.symlink(target, tmp)
    os.replace(tmp, link)


def test_a_board_unplugged_and_back_catches_up_and_the_game_goes_on(
    emulators: list[Emulator], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    line = tmp_path / "board-line"
    first = Emulator("board")
    emulators.append(first)
    relink(line, first.ports["board"])
    settings = load_hall(hall_file(tmp_path, f'boards = ["{line}"]\n'))
    assert settings.board_lines == (BoardLine(str(line), (0x10,)),)

    kit = make_hall()
    boards = open_serial_boards([(b.port, b.addresses) for b in settings.board_lines])
    try:
        unsubscribe = feed_boards(kit.svc, boards.show)
        kit.partida_ready([("A", 10)])

        def expected() -> ShowState:
            partida = kit.hall.partida
            assert partida is not None
            balls = list(partida.balls)
            return ShowState(partida.number, len(balls), balls[-1], frozenset(balls))

        for ball in (17, 4):
            kit.svc.draw_ball(ball, "simulated")
        assert boards.wait_synced(10.0)
        assert boards.drivers[0].shown_hash() == expected().hash

        with caplog.at_level(logging.WARNING, logger="drivers.board"):
            first.unplug()
            for ball in (88, 23):  # the game goes on while the board is away
                kit.svc.draw_ball(ball, "simulated")
            assert _wait(lambda: bool(boards.offline()), 10.0)
            assert boards.offline() == [f"paneles {line} 0x10"]
            assert any("sin respuesta" in r.getMessage() for r in caplog.records)
            kit.svc.draw_ball(61, "simulated")

            second = Emulator("board")  # plugged back: a blank board on a new pty
            emulators.append(second)
            relink(line, second.ports["board"])
            assert boards.drivers[0].wait_online(20.0)
            assert boards.wait_synced(10.0)
            assert any("vuelve a responder" in r.getMessage() for r in caplog.records)
        assert boards.drivers[0].shown_hash() == expected().hash
        partida = kit.hall.partida
        assert partida is not None and list(partida.balls) == [17, 4, 88, 23, 61]
        unsubscribe()
    finally:
        boards.close()
    assert shown_hash(str(line), 0x10) == expected().hash  # asked by another host


def _wait(predicate: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize(
    ("boards", "words"),
    [
        ('boards = "/dev/ttyUSB2"', "lista de puertos"),
        ("boards = [{ port = '/dev/ttyUSB2', addresses = [0x20] }]", "no es de panel"),
        ("boards = [{ port = '/dev/ttyUSB2', addresses = [0x10, 0x10] }]", "repite"),
        ("boards = ['/dev/ttyUSB2', '/dev/ttyUSB2']", "dos veces"),
        ("boards = [{ addresses = [0x10] }]", "falta [devices] boards[1].port"),
        ("boards = [{ port = '/dev/ttyUSB2', speed = 9600 }]", "port, addresses"),
        ("board = '/dev/ttyUSB2'", "clave desconocida"),
    ],
)
def test_a_wrong_board_line_is_refused_with_its_key(
    tmp_path: Path, boards: str, words: str
) -> None:
    with pytest.raises(ConfigError, match=r"\[devices\] board") as refused:
        load_hall(hall_file(tmp_path, boards + "\n"))
    assert words in str(refused.value)


def test_board_lines_with_their_addresses_are_read(tmp_path: Path) -> None:
    devices = (
        "boards = ['/dev/ttyUSB2', { port = 'socket://10.0.0.9:7001', addresses = [0x11, 0x1f] }]\n"
    )
    assert load_hall(hall_file(tmp_path, devices)).board_lines == (
        BoardLine("/dev/ttyUSB2", (0x10,)),
        BoardLine("socket://10.0.0.9:7001", (0x11, 0x1F)),
    )
    assert load_hall().board_lines == ()
