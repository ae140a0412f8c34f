"""Extractor driver byte tables: what goes on the wire for each call, and what comes back."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from drivers import protocol as p
from drivers.device import DeviceOffline, FaultsChanged, Notice
from drivers.extractor import ExtractorDriver, ExtractorStatus
from drivers.link import LinkTiming, NoReply
from tests.drivers.bytetable import expected_protocol

pytestmark = pytest.mark.timeout(20)

HELLO = [
    ("02 00 01 00 03 07 53", "02 0A 01 00 83 01 4D 3B 58 3B 31 3B 31 3B 48 B4 2D"),  # IDENTIFY
    ("02 00 01 01 01 14 20", "02 07 01 01 81 00 00 00 00 00 00 5A EC 36"),  # STATUS
]
FAST = LinkTiming(repeat_interval=0.02)


def test_opening_handshake_identifies_then_reads_the_status() -> None:
    with expected_protocol(ExtractorDriver, HELLO) as ex:
        assert ex.is_online()
        identity = ex.units[0x01].identity
        assert identity is not None and (identity.maker, identity.homologation) == ("M", "H")


@pytest.mark.parametrize(
    ("call", "sent", "received"),
    [
        (lambda ex: ex.air_on(), "02 00 01 02 10 43 63", "02 00 01 02 90 D2 EB"),
        (lambda ex: ex.air_off(), "02 00 01 02 11 53 42", "02 00 01 02 91 C2 CA"),
        (lambda ex: ex.release(7), "02 01 01 02 12 07 A7 73", "02 00 01 02 92 F2 A9"),
        (lambda ex: ex.return_all(), "02 00 01 02 13 73 00", "02 00 01 02 93 E2 88"),
        (lambda ex: ex.configure(3.0, 5.0), "02 02 01 02 14 1E 32 65 B7", "02 00 01 02 94 92 6F"),
    ],
    ids=["air_on", "air_off", "release", "return_all", "configure"],
)
def test_command_byte_table(
    call: Callable[[ExtractorDriver], None], sent: str, received: str
) -> None:
    with expected_protocol(ExtractorDriver, [*HELLO, (sent, received)]) as ex:
        call(ex)


def test_refused_release_raises_fault_active() -> None:
    table = [
        *HELLO,
        ("02 01 01 02 12 07 A7 73", "02 01 01 02 7F 05 FA 47"),  # RELEASE 7 → NAK fault_active
        # the refusal is read against a fresh STATUS (BHD/1 fixes the fault bits, not the
        # reasons): the jam it shows is the refusal's cause
        ("02 00 01 03 01 72 42", "02 07 01 03 81 00 00 02 00 00 00 00 95 6D"),
    ]
    with expected_protocol(ExtractorDriver, table) as ex, pytest.raises(p.FaultActive) as no:
        ex.release(7)
    assert no.value.faults == p.Fault.JAM


def test_unanswered_release_is_sent_again_with_the_same_seq() -> None:
    release = "02 01 01 02 12 07 A7 73"
    table = [*HELLO, (release, None), (release, None), (release, "02 00 01 02 92 F2 A9")]
    with expected_protocol(ExtractorDriver, table, timing=FAST) as ex:
        ex.release(7)
        assert ex.link.stats.repeats == 2


def test_busy_release_is_sent_again_until_acknowledged() -> None:
    release = "02 01 01 02 12 07 A7 73"
    busy = "02 00 01 02 7E CE 0B"
    table = [*HELLO, (release, busy), (release, busy), (release, "02 00 01 02 92 F2 A9")]
    with expected_protocol(ExtractorDriver, table, timing=FAST.with_(busy_interval=0.001)) as ex:
        ex.release(7)
        assert ex.link.stats.busy == 2


def test_status_with_a_new_counter_fetches_the_events() -> None:
    table = [
        *HELLO,
        ("02 00 01 02 01 41 73", "02 07 01 02 81 03 00 04 02 01 01 58 59 DD"),
        ("02 01 01 03 02 00 E3 D7", "02 09 01 03 82 02 01 01 01 07 02 04 01 02 36 72"),
    ]
    notices: list[Notice] = []
    with expected_protocol(ExtractorDriver, table) as ex:
        ex.add_listener(notices.append)
        status = ex.status()
    assert status == ExtractorStatus(
        p.ExtractorState.BALL_IN_TUBE, p.Fault.DOUBLE_FEED, 2, True, True, 88
    )
    events = [n.event for n in notices]
    assert events == [
        FaultsChanged(p.Fault.DOUBLE_FEED, p.Fault.DOUBLE_FEED, p.Fault.NONE),
        p.BallReleasedEvent(1, 7),
        p.FaultRaisedEvent(2, p.FaultBit.DOUBLE_FEED),
    ]


def test_three_unanswered_polls_mark_the_extractor_offline() -> None:
    status = "02 00 01 02 01 41 73"
    notices: list[Notice] = []
    with expected_protocol(
        ExtractorDriver, [*HELLO, (status, None)] + [(status, None)] * 2, timing=FAST
    ) as ex:
        ex.add_listener(notices.append)
        with pytest.raises(NoReply):
            ex.status()
        assert not ex.is_online()
    assert isinstance(notices[0].event, DeviceOffline)


def test_a_device_of_another_kind_is_refused_at_first_contact() -> None:
    table = [("02 00 02 00 03 5E 03", "02 0A 02 00 83 01 4D 3B 58 3B 31 3B 31 3B 48 7B 88")]
    from drivers.reader import ReaderDriver
    from tests.drivers.bytetable import ScriptedPort

    driver = ReaderDriver(ScriptedPort(table), supervise=False)
    with pytest.raises(p.BadReply):
        driver.open()
    driver.close()
