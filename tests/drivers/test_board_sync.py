"""Hall boards and the record: nothing on a board line runs inside a commit, and a board whose
hash is its maker's own is brought in sync once, not pushed the state for ever (R-PANEL-2).
"""

from __future__ import annotations

import binascii
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import serial

from app.devices import feed_boards
from drivers import protocol as p
from drivers.board import BoardLines, HallBoardDriver
from drivers.emulators import EmulatedHall, start_emulators
from tests.bingo.hallkit import make_hall
from tests.drivers.hallkit import LINK

pytestmark = pytest.mark.timeout(60)

STATE = (12, 3, 45, frozenset({12, 33, 45}))


def eventually(condition: Callable[[], bool], timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


class Boards:
    def __init__(self, count: int) -> None:
        self.hall: EmulatedHall = start_emulators(("board",), boards=count, seed=5)
        self.emulator = self.hall.board
        addresses = tuple(range(0x10, 0x10 + count))
        self.driver = HallBoardDriver(self._open, addresses=addresses, timing=LINK).open()

    def _open(self) -> Any:
        url = self.emulator.url
        if url is None:
            raise OSError("unplugged")
        return serial.serial_for_url(url, baudrate=19200)

    def heard(self, type_: int, address: int | None = None) -> int:
        return sum(
            1 for f in self.emulator.commands(type_) if address is None or f.address == address
        )

    def close(self) -> None:
        self.driver.close()
        self.hall.stop()


@pytest.fixture
def boards() -> Iterator[Boards]:
    b = Boards(2)
    yield b
    b.close()


def test_a_board_line_stuck_in_an_exchange_does_not_hold_the_commit(boards: Boards) -> None:
    """R-PANEL-2: the ball is recorded at once, and the board shows it once the line is free."""
    kit = make_hall()
    stop_feed = feed_boards(kit.svc, BoardLines([boards.driver]).show)
    kit.partida_ready()
    stuck, free = threading.Event(), threading.Event()

    def exchange_that_never_ends() -> None:
        with boards.driver.link._request_lock:  # the line's one outstanding request
            stuck.set()
            free.wait()

    holder = threading.Thread(target=exchange_that_never_ends, daemon=True)
    holder.start()
    committed = threading.Event()

    def draw() -> None:
        kit.svc.draw_ball(17, "simulated")
        committed.set()

    drawer = threading.Thread(target=draw, daemon=True)
    try:
        assert stuck.wait(10.0)
        drawer.start()
        assert committed.wait(10.0), "the commit waited for the board line"
        partida = kit.hall.partida
        assert partida is not None and list(partida.balls) == [17]
    finally:
        free.set()
        drawer.join(10.0)
    shown = p.ShowState(1, 1, 17, frozenset({17}))
    assert boards.driver.wait_synced(5.0)
    assert boards.emulator.showing(0x10) == boards.emulator.showing(0x11) == shown
    stop_feed()


def test_a_board_line_with_its_cable_pulled_does_not_hold_the_commits(boards: Boards) -> None:
    """Balls committed while no board answers are all recorded; back, the boards catch up."""
    kit = make_hall()
    stop_feed = feed_boards(kit.svc, BoardLines([boards.driver]).show)
    kit.partida_ready()
    boards.emulator.inject("disconnect", mode="cable", duration=1.0)
    for ball in (5, 61, 32):
        kit.svc.draw_ball(ball, "simulated")
    assert eventually(
        lambda: boards.emulator.showing(0x10) == p.ShowState(1, 3, 32, frozenset({5, 61, 32}))
    )
    assert boards.driver.wait_synced(5.0)
    stop_feed()


def test_a_board_with_its_own_hash_is_in_sync_after_one_push(boards: Boards) -> None:
    """BHD/1 does not fix the board's hash: a maker's own (here CRC-16/CCITT-FALSE) gets each
    new state pushed once, and then is left alone while it keeps showing it.
    """
    with boards.hall.hub.lock:
        boards.emulator.hash_of = lambda payload: binascii.crc_hqx(payload, 0xFFFF)
    for state in (STATE, (12, 4, 7, frozenset({12, 33, 45, 7}))):
        boards.driver.show(*state)
        assert boards.driver.wait_synced(5.0)
        for address in (0x10, 0x11):
            assert boards.emulator.showing(address) == p.ShowState(*state)
        pushes = boards.heard(p.MsgType.SHOW, 0x10) + boards.heard(p.MsgType.SHOW, 0x11)
        polls = boards.heard(p.MsgType.STATUS)
        wanted = polls + 6  # 3 polls each
        assert eventually(lambda: boards.heard(p.MsgType.STATUS) >= wanted)  # noqa: B023
        assert boards.heard(p.MsgType.SHOW, 0x10) + boards.heard(p.MsgType.SHOW, 0x11) == pushes
        assert boards.driver.synced()
    # A board that goes blank on its own is still caught, and catches up.
    boards.emulator.inject("blank", address=0x10)
    assert eventually(
        lambda: boards.emulator.showing(0x10) == p.ShowState(12, 4, 7, frozenset({12, 33, 45, 7}))
    )
    assert boards.driver.wait_synced(5.0)
