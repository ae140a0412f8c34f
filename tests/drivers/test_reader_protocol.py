"""Reader driver byte tables."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from drivers import protocol as p
from drivers.device import Notice
from drivers.reader import ReaderDriver, ReaderStatus
from tests.drivers.bytetable import expected_protocol

pytestmark = pytest.mark.timeout(20)

HELLO = [
    ("02 00 02 00 03 5E 03", "02 0A 02 00 83 02 4D 3B 58 3B 31 3B 31 3B 48 CA 47"),  # IDENTIFY
    ("02 00 02 01 01 4D 70", "02 05 02 01 81 00 00 00 00 00 D1 8B"),  # STATUS
]


def test_opening_handshake() -> None:
    with expected_protocol(ReaderDriver, HELLO) as reader:
        assert reader.is_online()


@pytest.mark.parametrize(
    ("call", "sent", "received"),
    [
        (lambda r: r.arm(12), "02 01 02 02 20 0C EE 33", "02 00 02 02 A0 BD E8"),
        (lambda r: r.disarm(), "02 00 02 02 21 3C 41", "02 00 02 02 A1 AD C9"),
        (lambda r: r.reread(12), "02 01 02 02 22 0C 88 51", "02 00 02 02 A2 9D AA"),
        (lambda r: r.start_scan(), "02 00 02 02 23 1C 03", "02 00 02 02 A3 8D 8B"),
    ],
    ids=["arm", "disarm", "reread", "scan_set"],
)
def test_command_byte_table(call: Callable[[ReaderDriver], None], sent: str, received: str) -> None:
    with expected_protocol(ReaderDriver, [*HELLO, (sent, received)]) as reader:
        call(reader)


def test_draw_number_must_fit_a_byte() -> None:
    with expected_protocol(ReaderDriver, HELLO) as reader, pytest.raises(ValueError):
        reader.arm(0)


def test_readings_arrive_as_typed_events() -> None:
    table = [
        *HELLO,
        ("02 00 02 02 01 18 23", "02 05 02 02 81 00 00 00 02 61 13 EC"),
        (
            "02 01 02 03 02 00 78 0B",
            "02 11 02 03 82 02 01 02 08 0C 45 61 01 1A 2B 3C 4D 02 03 02 0D 02 27 D3",
        ),
    ]
    notices: list[Notice] = []
    with expected_protocol(ReaderDriver, table) as reader:
        reader.add_listener(notices.append)
        assert reader.status() == ReaderStatus(p.ReaderState.IDLE, p.Fault.NONE, 2, 97)
    assert [n.event for n in notices] == [
        p.BallReadEvent(1, 12, 69, 97, p.ReadMethod.OCR, bytes.fromhex("1A2B3C4D")),
        p.ReadFailedEvent(2, 13, p.ReadFailure.UNREADABLE),
    ]
    assert {n.device for n in notices} == {"reader"}
