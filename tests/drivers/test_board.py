"""Hall boards over a real pty: broadcast, verification by hash, and the push after a reboot."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import serial

from drivers import protocol as p
from drivers.board import HallBoardDriver, open_emulated_boards
from drivers.device import DeviceOffline, DeviceOnline, DeviceRestarted, Notice
from drivers.emulators import EmulatedHall, start_emulators
from tests.drivers.hallkit import LINK

pytestmark = pytest.mark.timeout(30)

STATE = (12, 3, 45, frozenset({12, 33, 45}))


def eventually(condition: Callable[[], bool], timeout: float = 3.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


class Boards:
    def __init__(self, count: int) -> None:
        self.hall: EmulatedHall = start_emulators(("board",), boards=count, seed=3)
        self.emulator = self.hall.board
        addresses = tuple(range(0x10, 0x10 + count))
        self.notices: list[Notice] = []
        self.driver = HallBoardDriver(self._open, addresses=addresses, timing=LINK)
        self.driver.add_listener(self.notices.append)
        self.driver.open()

    def _open(self) -> Any:
        url = self.emulator.url
        if url is None:
            raise OSError("unplugged")
        return serial.serial_for_url(url, baudrate=19200)

    def shows(self, address: int) -> p.ShowState | None:
        return self.emulator.showing(address)

    def saw(self, kind: type) -> list[Notice]:
        return [n for n in list(self.notices) if isinstance(n.event, kind)]

    def close(self) -> None:
        self.driver.close()
        self.hall.stop()


@pytest.fixture
def boards() -> Iterator[Boards]:
    b = Boards(2)
    yield b
    b.close()


def test_show_reaches_every_board_with_one_broadcast(boards: Boards) -> None:
    boards.driver.show(*STATE)
    assert boards.driver.wait_synced(2.0)
    for address in (0x10, 0x11):
        assert boards.shows(address) == p.ShowState(*STATE)
    assert boards.driver.pushes == 0
    assert [a for a, _ in boards.emulator.shows] == [0xFF]


def test_a_board_that_missed_the_broadcast_gets_the_state_pushed(boards: Boards) -> None:
    boards.emulator.inject("miss_broadcast", address=0x11)
    boards.driver.show(*STATE)
    assert boards.driver.wait_synced(2.0)
    assert boards.shows(0x11) == p.ShowState(*STATE)
    assert [a for a, _ in boards.emulator.shows] == [0xFF, 0x11]


def test_a_board_that_rebooted_catches_up_at_once(boards: Boards) -> None:
    boards.driver.show(*STATE)
    assert boards.driver.wait_synced(2.0)
    boards.emulator.inject("blank", address=0x10)
    assert eventually(lambda: boards.shows(0x10) == p.ShowState(*STATE))
    assert boards.driver.wait_synced(2.0)
    assert any(n.address == 0x10 for n in boards.saw(DeviceRestarted))
    assert boards.driver.pushes == 1


def test_power_cycle_of_the_line_pushes_the_state_to_every_board(boards: Boards) -> None:
    boards.driver.show(*STATE)
    assert boards.driver.wait_synced(2.0)
    boards.emulator.inject("power_cycle", duration=0.5)
    assert eventually(lambda: boards.shows(0x10) is None)
    assert eventually(
        lambda: boards.shows(0x10) == boards.shows(0x11) == p.ShowState(*STATE), timeout=5
    )
    assert boards.driver.wait_synced(2.0) and boards.driver.pushes == 2


def test_the_state_is_pushed_after_a_reconnection(boards: Boards) -> None:
    boards.driver.show(*STATE)
    assert boards.driver.wait_synced(2.0)
    boards.emulator.inject("disconnect", duration=0.3)
    boards.driver.show(13, 4, 7, frozenset({12, 33, 45, 7}))  # while the line is down
    assert boards.driver.wait_online(5.0)
    assert boards.driver.wait_synced(3.0)
    assert boards.shows(0x10) == p.ShowState(13, 4, 7, frozenset({12, 33, 45, 7}))
    assert boards.saw(DeviceOffline) and any(
        isinstance(n.event, DeviceOnline) and n.event.reconnected for n in boards.notices
    )


def test_garbage_and_crc_errors_on_the_board_line_do_not_matter(boards: Boards) -> None:
    boards.emulator.inject("garbage", length=50)
    boards.emulator.inject("crc_error", count=2)
    boards.driver.show(*STATE)
    assert boards.driver.wait_synced(3.0)
    assert not boards.saw(DeviceOffline)


def test_emulated_boards_for_the_demo_open_and_stop() -> None:
    driver, stop = open_emulated_boards(2, timing=LINK)
    try:
        driver.show(*STATE)
        assert driver.wait_synced(2.0) and driver.is_online()
    finally:
        stop()
