"""What the host does with the extractor between balls, over the real emulators on ptys: the air
and the mixing set for each partida, a short outage waited out, the drum counted against the
record, a fault flag left over from an earlier partida told apart from an irregularity of this
one (BHD/1 AIR_ON, CONFIG, STATUS fields; Cantabria II.1.b; SPEC R-INC-1, R-INC-2, R-INC-3).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from actas.words import cause_text
from drivers import protocol as p
from drivers.ballsource import BallRead, BallSetIrregular, DeviceLost
from drivers.device import DeviceOffline, DeviceOnline, DeviceRestarted
from tests.drivers.hallkit import DRAW, EXTRACTOR, Hall

pytestmark = pytest.mark.timeout(60)

HallFactory = Callable[..., Hall]


def heard(hall: Hall, type_: int) -> list[p.Frame]:
    return hall.extractor.commands(type_)


def test_each_partida_starts_with_the_mixing_configured_and_the_air_on(
    hall_factory: HallFactory,
) -> None:
    """BHD/1: AIR_ON starts the mixing, CONFIG sets the mixing time and the release timeout; the
    balls of a new partida mix before its first ball (Cantabria III: the extraction is random).
    """
    hall = hall_factory()
    hall.source.return_all()
    config = heard(hall, p.MsgType.CONFIG)
    # 3 s of mixing; a jam after 5/8 of the host's 1 s release timeout (tenths of a second)
    assert [f.payload for f in config] == [bytes((30, 6))]
    assert heard(hall, p.MsgType.AIR_ON)
    with hall.session.hall.hub.lock:
        assert hall.machine.air
    status = hall.session.extractor.status()
    assert status.air and status.state == p.ExtractorState.MIXING
    hall.play(3)


def test_the_air_is_turned_on_again_before_a_release_when_it_went_off(
    hall_factory: HallFactory,
) -> None:
    """The STATUS air field is read before each release: a release never waits on an extractor
    whose air went off between balls (it would release unmixed balls after its own delay).
    """
    hall = hall_factory()
    hall.source.return_all()
    hall.play(2)
    with hall.session.hall.hub.lock:
        hall.machine.air = False  # the compressor stopped between balls
    hall.play(1)
    types = [f.type for f in hall.extractor.commands()]
    last_release = len(types) - 1 - types[::-1].index(p.MsgType.RELEASE)
    assert p.MsgType.AIR_ON in types[types.index(p.MsgType.RELEASE, 0) : last_release]
    with hall.session.hall.hub.lock:
        assert hall.machine.air


@pytest.mark.parametrize("mode", ["cable", "unplug"])
def test_a_one_second_outage_between_balls_lets_the_extractor_come_back(
    hall_factory: HallFactory, mode: str
) -> None:
    """A short outage is no failure: the draw waits the reconnection grace (decision 65) and
    the next ball comes from the extractor; no manual extraction for the rest of the partida
    (R-INC-2 is for a device that does not come back).
    """
    hall = hall_factory(draw_timing=replace(DRAW, reconnect_grace=4.0))
    hall.play(3)
    hall.extractor.disconnect(1.0, mode=mode)
    assert hall.wait_until(lambda: bool(hall.saw(DeviceOffline, "extractor")), timeout=3.0)
    result = hall.draw()
    assert isinstance(result, BallRead)
    assert hall.saw(DeviceOnline, "extractor")
    hall.play(2)


def test_an_extractor_offline_longer_than_the_grace_between_balls_is_lost(
    hall_factory: HallFactory,
) -> None:
    hall = hall_factory(draw_timing=replace(DRAW, reconnect_grace=0.5))
    hall.play(2)
    hall.extractor.disconnect(3.0, mode="cable")
    assert hall.wait_until(lambda: bool(hall.saw(DeviceOffline, "extractor")), timeout=3.0)
    with pytest.raises(DeviceLost) as lost:
        hall.draw()
    assert lost.value.device == "extractor" and lost.value.ball_in_tube is False
    hall.assert_faithful()


def test_an_extractor_restarted_with_the_drawn_balls_back_in_its_drum_annuls_the_partida(
    hall_factory: HallFactory,
) -> None:
    """After 9 balls the drum must hold 81. An extractor that comes back from a restart with 90
    has the drawn balls in it again: an irregularity of the balls, the partida is annulled
    (Cantabria II.1.b párr. 3, R-INC-3), with a reason saying so, never a quiet duplicate or a
    manual extraction "because the device was lost".
    """
    hall = hall_factory(extractor_model=replace(EXTRACTOR, restart_refills=True))
    hall.play(9)
    hall.extractor.inject("power_cycle", duration=0.3)
    assert hall.wait_until(lambda: bool(hall.saw(DeviceRestarted, "extractor")), timeout=5.0)
    with pytest.raises(BallSetIrregular) as irregular:
        hall.draw()
    assert irregular.value.reason == "drum_count"
    assert "90" in cause_text(irregular.value) and "81" in cause_text(irregular.value)
    assert len(hall.machine.released) == 0  # nothing left the refilled drum


def test_an_extractor_restarted_mid_draw_with_its_drum_refilled_annuls_the_partida(
    hall_factory: HallFactory,
) -> None:
    """The same when the restart cuts the RELEASE itself: the extractor comes back with 90 balls
    while the record says 85 remain (R-INC-3), not an unconfirmed release (R-INC-2).
    """
    hall = hall_factory(
        scenario=[{"at_draw": 6, "fault": "power_cycle", "device": "extractor", "duration": 0.3}],
        extractor_model=replace(EXTRACTOR, restart_refills=True),
    )
    hall.play(5)
    with pytest.raises(BallSetIrregular) as irregular:
        hall.draw()
    assert irregular.value.reason == "drum_count" and irregular.value.draw_number == 6


def test_a_double_feed_flag_left_from_an_earlier_partida_suspends_it_instead_of_annulling(
    hall_factory: HallFactory,
) -> None:
    """A double feed annuls its own partida (R-INC-3). The next partida starts with all 90 balls
    in the drum: an extractor still flagging a double feed before its first ball has a fault of
    its own, no irregular ball: the partida is suspended (R-INC-1, decision 67), not annulled.
    """
    hall = hall_factory(scenario=[{"at_draw": 2, "fault": "double_feed"}])
    hall.play(1)
    with pytest.raises(BallSetIrregular):
        hall.draw()
    hall.source.return_all()
    hall.drawn.clear()
    with hall.session.hall.hub.lock:
        hall.extractor.raise_fault(p.FaultBit.DOUBLE_FEED)  # this maker's flag stays latched
    assert hall.wait_until(lambda: bool(hall.session.extractor.faults() & p.Fault.DOUBLE_FEED))
    with pytest.raises(DeviceLost) as lost:
        hall.draw()
    assert lost.value.reason == "double_feed_flag" and lost.value.ball_in_tube is False
    assert "doble alimentación" in cause_text(lost.value)
    with hall.session.hall.hub.lock:
        assert len(hall.machine.drum) == 90


def test_a_double_feed_before_any_ball_of_the_partida_is_still_an_irregularity(
    hall_factory: HallFactory,
) -> None:
    """Two balls out at the first draw are this partida's irregularity (R-INC-3)."""
    hall = hall_factory(scenario=[{"at_draw": 1, "fault": "double_feed"}])
    with pytest.raises(BallSetIrregular) as irregular:
        hall.draw()
    assert irregular.value.reason == "double_feed"


def test_a_jammed_extractor_refuses_the_next_release_as_fault_active_and_the_draw_says_jam(
    hall_factory: HallFactory,
) -> None:
    """The NAK of a RELEASE to a jammed extractor carries FAULT_ACTIVE (05, docs/protocol.md
    §3); the host decodes it as such and the incident names the jam, not an unknown command.
    """
    hall = hall_factory(scenario=[{"at_draw": 2, "fault": "jam"}])
    hall.play(1)
    with pytest.raises(DeviceLost) as lost:
        hall.draw()
    assert lost.value.reason == "jam"
    with pytest.raises(p.FaultActive) as refused:
        hall.session.extractor.release(3)
    assert refused.value.code == p.NakReason.FAULT_ACTIVE
    assert "fault_active" in str(refused.value)
    with pytest.raises(DeviceLost) as again:
        hall.draw()  # the jam is still there: the retry says so
    assert again.value.reason == "jam" and "Atasco" in cause_text(again.value)


def test_a_jam_refused_by_a_device_with_its_own_nak_numbering_is_decoded_as_the_jam(
    hall_factory: HallFactory,
) -> None:
    """BHD/1 fixes the fault bits, not the NAK's reason byte: an extractor that refuses while
    jammed with the jam's bit number (01, our UNKNOWN_COMMAND) is refusing for the jam, as its
    STATUS says (issue 7, item 13; docs/protocol.md §3; SPEC R-INC-1).
    """
    hall = hall_factory(
        scenario=[{"at_draw": 1, "fault": "fault_bit_naks"}, {"at_draw": 2, "fault": "jam"}]
    )
    hall.play(1)
    with pytest.raises(DeviceLost) as lost:
        hall.draw()
    assert lost.value.reason == "jam"
    with pytest.raises(p.NakError) as refused:
        hall.session.extractor.release(3)
    assert isinstance(refused.value, p.FaultActive)
    assert refused.value.faults == p.Fault.JAM
    assert refused.value.code == p.FaultBit.JAM  # the byte the device sent, kept
    assert "unknown_command" not in str(refused.value)
    assert "jam" in str(refused.value)


def test_every_nak_reason_of_the_protocol_page_decodes_to_its_name() -> None:
    """docs/protocol.md §3's table, byte by byte: each reason its exception, any other byte
    UnknownNak keeping it, and a NAK read with no refusing fault active keeps its reason.
    """
    table = {
        0x01: (p.UnknownCommand, "unknown_command"),
        0x02: (p.BadLength, "bad_length"),
        0x03: (p.BadValue, "bad_value"),
        0x04: (p.WrongState, "wrong_state"),
        0x05: (p.FaultActive, "fault_active"),
        0x06: (p.HostSilent, "host_silent"),
    }
    for byte in range(256):
        error = p.nak_error(p.MsgType.RELEASE, bytes((byte,)))
        cls, name = table.get(byte, (p.UnknownNak, f"reason 0x{byte:02X}"))
        assert type(error) is cls and error.code == byte
        assert str(error) == f"RELEASE refused: {name}"
        assert p.refusal(error, p.Fault.NONE) is error
        assert p.refusal(error, p.Fault.EVENTS_LOST) is error  # a notice refuses nothing
    (frame,) = p.decode_all(bytes.fromhex("020101057F057FD7"))  # §3's example
    with pytest.raises(p.FaultActive):
        p.check_reply(p.MsgType.RELEASE, frame)
