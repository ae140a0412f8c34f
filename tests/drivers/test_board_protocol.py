"""Hall board driver byte tables: broadcast SHOW, hash check, addressed push."""

from __future__ import annotations

import pytest

from drivers.board import HallBoardDriver
from tests.drivers.bytetable import expected_protocol

pytestmark = pytest.mark.timeout(20)

HELLO = [
    ("02 00 10 00 03 73 00", "02 0A 10 00 83 03 4D 3B 58 3B 31 3B 31 3B 48 39 70"),  # IDENTIFY
    ("02 00 10 01 01 60 73", "02 06 10 01 81 00 00 00 00 00 00 74 0A"),  # STATUS, blank
]
SHOW = "00 07 03 2D 00 08 00 00 01 10 00 00 00 00 00 00"


def test_show_is_one_broadcast_without_reply() -> None:
    table = [*HELLO, (f"02 10 FF 02 30 {SHOW} 51 86", None)]
    with expected_protocol(HallBoardDriver, table) as boards:
        boards.show(7, 3, 45, frozenset({12, 33, 45}))
        assert boards.desired is not None and boards.desired.hash == 0x41EE


def test_a_board_showing_something_else_gets_the_state_pushed() -> None:
    table = [
        *HELLO,
        (f"02 10 FF 02 30 {SHOW} 51 86", None),  # broadcast, missed by the board
        ("02 00 10 03 01 06 11", "02 06 10 03 81 00 00 00 00 00 00 FB AC"),  # STATUS: blank
        (f"02 10 10 04 30 {SHOW} C8 44", "02 02 10 04 B0 41 EE 99 09"),  # push, ACK hash
        ("02 00 10 05 01 AC B7", "02 06 10 05 81 01 00 00 00 41 EE 1C DA"),  # STATUS: in sync
    ]
    with expected_protocol(HallBoardDriver, table) as boards:
        boards.show(7, 3, 45, frozenset({12, 33, 45}))
        assert not boards.synced()
        boards.status_raw()
        assert boards.synced() and boards.pushes == 1
        boards.status_raw()
        assert boards.pushes == 1


def test_board_addresses_are_checked() -> None:
    from tests.drivers.bytetable import ScriptedPort

    with pytest.raises(ValueError):
        HallBoardDriver(ScriptedPort([]), addresses=(0x01,))
