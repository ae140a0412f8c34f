"""Driver <-> emulator over real pseudo-terminals, one fault at a time.

Every test plays draws through ``DeviceBallSource`` and checks what the hall sees (a held game,
an incident, a reconnection) and that no ball was lost or invented: the numbers the hall recorded
are exactly the balls that left the drum, in order.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from actas.words import cause_text
from bingo.errors import DuplicateBall
from drivers import protocol as p
from drivers.ballsource import BallHeld, BallRead, BallSetIrregular, DeviceBallSource, DeviceLost
from drivers.device import (
    DeviceOffline,
    DeviceOnline,
    DeviceRestarted,
    EventsLost,
    FaultsChanged,
)
from drivers.sessions import open_emulated_devices
from tests.drivers.hallkit import DRAW, EXTRACTOR, LINK, READER, SHORT_GRACE, Hall

pytestmark = pytest.mark.timeout(30)

HallFactory = Callable[..., Hall]


def releases(hall: Hall) -> list[int]:
    """Draw numbers the extractor acted on (one per RELEASE, repeats answered from cache)."""
    return list(hall.extractor.releases)


def release_frames(hall: Hall) -> list[p.Frame]:
    return hall.extractor.commands(p.MsgType.RELEASE, repeats=True)


def test_a_clean_partida_records_exactly_the_balls_that_left_the_drum(hall: Hall) -> None:
    results = hall.play(6)
    assert all(r.method == "ocr" and len(r.ball_id) == 8 for r in results)
    assert releases(hall) == list(range(1, 7))
    assert not hall.saw(DeviceOffline)


# --------------------------------------------------------------------------- the line


def test_garbage_on_both_lines_is_discarded(hall: Hall) -> None:
    hall.play(1)
    hall.extractor.inject("garbage", length=80)
    hall.reader.inject("garbage", length=80)
    hall.play(3)
    assert hall.session.extractor.link.discarded > 0
    assert hall.session.reader.link.discarded > 0
    assert not hall.saw(DeviceOffline)


@pytest.mark.parametrize("fault", ["crc_error", "truncated", "missing_reply"])
def test_bad_or_missing_replies_are_repeated_with_the_same_seq_and_acted_once(
    hall_factory: HallFactory, fault: str
) -> None:
    hall = hall_factory(scenario=[{"at_draw": 2, "fault": fault, "count": 2}])
    hall.play(3)
    assert releases(hall) == [1, 2, 3]
    frames = release_frames(hall)
    second = [f for f in frames if f.payload == b"\x02"]
    assert len(second) == 3 and len({f.seq for f in second}) == 1
    assert hall.session.extractor.link.stats.repeats >= 2
    if fault != "missing_reply":
        assert hall.session.extractor.link.discarded > 0


def test_split_frames_are_put_back_together(hall_factory: HallFactory) -> None:
    scenario = [{"at_draw": 1, "fault": "split", "count": 6, "pieces": 4, "gap": 0.004}]
    hall = hall_factory(scenario=scenario)
    hall.play(3)
    assert hall.session.extractor.link.stats.repeats == 0
    assert hall.session.extractor.link.discarded == 0


def test_silence_then_burst_answers_once_and_strays_are_ignored(hall_factory: HallFactory) -> None:
    hall = hall_factory(scenario=[{"at_draw": 2, "fault": "silence_burst", "duration": 0.25}])
    hall.play(3)
    assert releases(hall) == [1, 2, 3]
    assert hall.session.extractor.link.stats.stray >= 1
    assert not hall.saw(DeviceOffline)


def test_a_late_reply_is_taken_and_the_answer_to_the_repeat_ignored(
    hall_factory: HallFactory,
) -> None:
    hall = hall_factory(scenario=[{"at_draw": 2, "fault": "late_reply", "delay": 0.15}])
    hall.play(3)
    assert releases(hall) == [1, 2, 3]
    assert hall.session.extractor.link.stats.repeats >= 1
    assert hall.session.extractor.link.stats.stray >= 1


def test_a_repeated_reply_frame_is_ignored(hall_factory: HallFactory) -> None:
    hall = hall_factory(scenario=[{"at_draw": 2, "fault": "repeated_frame", "count": 3}])
    hall.play(3)
    assert releases(hall) == [1, 2, 3]
    assert hall.session.extractor.link.stats.stray >= 1


def test_busy_is_retried_until_the_extractor_acts_once(hall_factory: HallFactory) -> None:
    scenario = [{"at_draw": 2, "fault": "busy", "count": 3, "command": "release"}]
    hall = hall_factory(scenario=scenario)
    hall.play(3)
    assert releases(hall) == [1, 2, 3]
    assert hall.session.extractor.link.stats.busy == 3


def test_a_refused_release_is_an_incident_and_the_draw_number_is_not_used_up(
    hall_factory: HallFactory,
) -> None:
    scenario = [{"at_draw": 2, "fault": "nak", "reason": "wrong_state", "command": "release"}]
    hall = hall_factory(scenario=scenario)
    hall.play(1)
    with pytest.raises(DeviceLost) as lost:
        hall.draw()
    assert lost.value.reason == "refused" and lost.value.ball_in_tube is False
    assert len(lost.value.pending) == 89 and hall.drawn[0] not in lost.value.pending
    hall.assert_faithful()
    hall.play(2)  # the same draw number again, then on
    assert releases(hall) == [1, 2, 3]


# --------------------------------------------------------------------------- disconnects


def test_unplugged_between_draws_goes_offline_reconnects_and_plays_on(hall: Hall) -> None:
    hall.play(2)
    hall.extractor.inject("disconnect", duration=0.3)
    assert hall.wait_until(lambda: bool(hall.saw(DeviceOffline, "extractor")))
    assert hall.wait_until(lambda: bool(hall.saw(DeviceOnline, "extractor")), timeout=5)
    back = hall.saw(DeviceOnline, "extractor")[-1]
    assert back.reconnected and back.offline_for > 0.2
    hall.play(2)


def test_unplugged_during_a_release_resynchronises_and_the_ball_is_not_lost(
    hall_factory: HallFactory,
) -> None:
    hall = hall_factory(scenario=[{"at_draw": 2, "fault": "disconnect", "duration": 0.3}])
    hall.play(3)
    assert releases(hall) == [1, 2, 3]
    assert hall.saw(DeviceOffline, "extractor") and hall.saw(DeviceOnline, "extractor")


def lost_with_a_ball_out(hall_factory: HallFactory) -> tuple[Hall, DeviceLost]:
    """Draw 1, then the extractor's cable pulled during draw 2 for longer than the grace:
    draw 2's ball is in the tube, unrecorded, and the draw ends in ``DeviceLost``.
    """
    scenario = [{"at_draw": 2, "fault": "disconnect", "mode": "cable", "duration": 2.0}]
    hall = hall_factory(scenario=scenario, draw_timing=SHORT_GRACE)
    hall.play(1)
    with pytest.raises(DeviceLost) as lost:
        hall.draw()
    assert lost.value.ball_in_tube is True  # the reader saw a ball come out
    tube = hall.tube()
    assert tube is not None and tube not in hall.drawn
    return hall, lost.value


def test_extractor_lost_mid_draw_offers_manual_extraction_then_resumes_with_the_tube_ball(
    hall_factory: HallFactory,
) -> None:
    hall, lost = lost_with_a_ball_out(hall_factory)
    assert lost.device == "extractor" and lost.reason == "offline"
    assert set(lost.pending) == set(range(1, 91)) - set(hall.drawn)
    assert hall.session.extractor.wait_online(5)
    hall.play(2)  # draw 2 again: the ball already in the tube is read, not a second one
    assert releases(hall) == [1, 2, 3]


def test_after_a_restart_mid_draw_the_ball_in_the_tube_is_read_not_taken_for_a_missing_ball(
    hall_factory: HallFactory,
) -> None:
    """The program stops after a ball left the drum and before it was recorded; the program
    started again (a new ball source on the same lines) reads that ball for the same draw
    instead of finding a ball missing from the drum (which would annul the partida).
    """
    hall, _lost = lost_with_a_ball_out(hall_factory)
    tube = hall.tube()
    assert hall.session.extractor.wait_online(5)
    restarted = DeviceBallSource(hall.session.extractor, hall.session.reader, timing=SHORT_GRACE)
    try:
        result = restarted.draw(2, frozenset(hall.drawn), hall.tube)
    finally:
        restarted.close()
    assert isinstance(result, BallRead) and result.number == tube
    hall.drawn.append(result.number)
    hall.assert_faithful()  # no second ball released, none lost
    assert releases(hall) == [1, 2]


def test_the_ball_out_when_the_extractor_was_lost_is_the_jefes_reading_and_never_drawn_again(
    hall_factory: HallFactory,
) -> None:
    hall, lost = lost_with_a_ball_out(hall_factory)
    tube = hall.tube()
    with pytest.raises(DuplicateBall):  # the one "already drawn" error (R-INC-3)
        hall.source.resolve_lost(lost, hall.drawn[0])  # the previous ball: not this one
    read = hall.source.resolve_lost(lost, tube)
    assert (read.draw_number, read.number, read.method) == (2, tube, "operator")
    with hall.session.hall.hub.lock:
        assert read.ball_id == hall.machine.released[1].id_hex  # the reader did see it
    hall.drawn.append(read.number)
    hall.assert_faithful()
    with pytest.raises(ValueError):
        hall.source.resolve_lost(lost, tube)  # recorded once
    assert hall.session.extractor.wait_online(5)
    hall.play(1)  # draw 3 releases a new ball: the one read is not read again
    assert releases(hall) == [1, 2, 3]


def test_power_cycle_between_draws_is_a_restart_and_play_goes_on(hall: Hall) -> None:
    hall.play(2)
    hall.extractor.inject("power_cycle", duration=0.2)
    assert hall.wait_until(lambda: bool(hall.saw(DeviceRestarted, "extractor")))
    hall.play(2)


def test_power_cycle_during_a_release_never_drops_two_balls(hall_factory: HallFactory) -> None:
    hall = hall_factory(scenario=[{"at_draw": 2, "fault": "power_cycle", "duration": 0.2}])
    hall.play(3)
    assert hall.saw(DeviceRestarted, "extractor")
    assert len(hall.machine.released) == 3


def test_reader_power_cycle_while_armed_is_rearmed(hall_factory: HallFactory) -> None:
    scenario = [{"at_draw": 2, "fault": "power_cycle", "device": "reader", "duration": 0.15}]
    hall = hall_factory(scenario=scenario)
    hall.play(3)
    assert hall.saw(DeviceRestarted, "reader")


def test_reader_lost_after_the_release_holds_the_game_for_the_jefe(
    hall_factory: HallFactory,
) -> None:
    scenario = [
        {
            "at_draw": 2,
            "fault": "disconnect",
            "device": "reader",
            "mode": "cable",
            "duration": 1.5,
            "after": 0.005,
        }
    ]
    hall = hall_factory(scenario=scenario, draw_timing=SHORT_GRACE)
    hall.play(1)
    held = hall.draw()
    assert isinstance(held, BallHeld) and held.reason == "unreadable" and held.number is None
    assert "lector" in cause_text(held)
    assert hall.resolve(held).method == "operator"
    hall.assert_faithful()


def test_events_overwritten_in_the_ring_are_reported_lost(hall: Hall) -> None:
    hall.play(1)
    with hall.session.hall.hub.lock:
        for _ in range(6):
            hall.reader.inject("reader_optics")
            hall.reader.clear("reader_optics")
    assert hall.wait_until(lambda: bool(hall.saw(EventsLost, "reader")))
    hall.play(1)


# --------------------------------------------------------------------------- the extractor


def test_no_air_is_an_incident_before_any_ball_and_clears(hall: Hall) -> None:
    hall.play(1)
    hall.extractor.inject("no_air")
    assert hall.wait_until(
        lambda: any(e.raised & p.Fault.NO_AIR for e in hall.saw(FaultsChanged, "extractor"))
    )
    with pytest.raises(DeviceLost) as lost:
        hall.draw()
    assert lost.value.reason == "no_air" and lost.value.ball_in_tube is False
    assert "aire" in cause_text(lost.value)
    hall.assert_faithful()
    hall.extractor.clear("no_air")
    assert hall.wait_until(lambda: not hall.session.extractor.faults() & p.Fault.NO_AIR)
    hall.play(2)


def test_a_jam_is_an_incident_and_the_ball_stays_in_the_drum(hall_factory: HallFactory) -> None:
    hall = hall_factory(scenario=[{"at_draw": 2, "fault": "jam"}])
    hall.play(1)
    with pytest.raises(DeviceLost) as lost:
        hall.draw()
    assert lost.value.reason == "jam" and lost.value.ball_in_tube is False
    assert len(hall.machine.drum) == 89
    hall.assert_faithful()


def test_a_double_feed_is_a_ball_set_irregularity(hall_factory: HallFactory) -> None:
    hall = hall_factory(scenario=[{"at_draw": 3, "fault": "double_feed"}])
    hall.play(2)
    with pytest.raises(BallSetIrregular) as irregular:
        hall.draw()
    assert irregular.value.reason == "double_feed" and irregular.value.draw_number == 3
    assert len(hall.machine.tube) == 2
    assert hall.drawn == hall.machine.released_numbers[:2]  # neither ball of the pair recorded


def test_a_stuck_tube_sensor_refuses_the_release(hall_factory: HallFactory) -> None:
    hall = hall_factory(scenario=[{"at_draw": 2, "fault": "stuck_tube_sensor"}])
    hall.play(1)
    with pytest.raises(DeviceLost) as lost:
        hall.draw()
    assert lost.value.reason == "tube_sensor" and lost.value.ball_in_tube is False
    hall.assert_faithful()


def test_a_ball_missing_from_the_drum_stops_the_partida(hall: Hall) -> None:
    hall.play(2)
    with hall.session.hall.hub.lock:
        hall.machine.drum.pop()  # a ball lost inside the machine
    with pytest.raises(BallSetIrregular) as irregular:
        hall.draw()
    assert irregular.value.reason == "missing_ball"


# --------------------------------------------------------------------------- the reader


def test_a_ball_released_but_never_read_is_held_then_the_jefe_reads_it(
    hall_factory: HallFactory,
) -> None:
    hall = hall_factory(scenario=[{"at_draw": 2, "fault": "released_not_read"}])
    hall.play(1)
    held = hall.draw()
    assert isinstance(held, BallHeld) and (held.reason, held.number) == ("unreadable", None)
    assert hall.reader.commands(p.MsgType.REREAD)  # it tried once more first
    result = hall.resolve(held)
    assert result.method == "operator" and result.confidence == 100
    hall.play(1)


def test_a_missed_ball_is_recovered_by_a_reread(hall_factory: HallFactory) -> None:
    hall = hall_factory(scenario=[{"at_draw": 2, "fault": "released_not_read", "rereads": 0}])
    results = hall.play(3)
    assert results[1].method == "ocr" and not hall.holds


def test_an_identical_duplicate_read_counts_once(hall_factory: HallFactory) -> None:
    hall = hall_factory(scenario=[{"at_draw": 2, "fault": "duplicate_read"}])
    hall.play(4)
    assert not hall.holds
    assert len(hall.reader.reads) == 5


def test_two_different_readings_of_one_ball_hold_the_game(hall_factory: HallFactory) -> None:
    scenario = [{"at_draw": 2, "fault": "duplicate_read", "conflicting": True, "number": 90}]
    hall = hall_factory(seed=4, scenario=scenario)
    hall.play(1)
    held = hall.draw()
    assert isinstance(held, BallHeld) and held.reason == "duplicate_read"
    hall.resolve(held)
    hall.assert_faithful()


@pytest.mark.parametrize(
    ("fault", "params", "reason"),
    [
        ("out_of_range", {"number": 91}, "out_of_range"),
        ("out_of_range", {"number": 0}, "out_of_range"),
        ("stale_read", {}, "stale_read"),
        ("low_confidence", {"confidence": 35}, "low_confidence"),
        ("wrong_draw", {"draw": 9}, "wrong_draw"),
        ("unreadable", {}, "unreadable"),
    ],
)
def test_a_reading_that_fails_the_edge_checks_holds_the_game(
    hall_factory: HallFactory, fault: str, params: dict[str, object], reason: str
) -> None:
    hall = hall_factory(scenario=[{"at_draw": 3, "fault": fault, **params}])
    hall.play(2)
    held = hall.draw()
    assert isinstance(held, BallHeld) and held.reason == reason and held.draw_number == 3
    assert cause_text(held).endswith("introduzca su número.")
    assert hall.resolve(held).method == "operator"
    hall.play(2)


@pytest.mark.parametrize("fault", ["low_confidence", "unreadable"])
def test_a_doubtful_first_reading_is_read_again(hall_factory: HallFactory, fault: str) -> None:
    hall = hall_factory(scenario=[{"at_draw": 2, "fault": fault, "times": 1}])
    results = hall.play(3)
    assert not hall.holds and results[1].method == "ocr"
    assert len(hall.reader.commands(p.MsgType.REREAD)) == 1


def test_a_reading_that_disagrees_with_the_operator_holds_and_the_ball_prevails(
    hall_factory: HallFactory,
) -> None:
    hall = hall_factory(seed=2, scenario=[{"at_draw": 2, "fault": "misread", "number": 90}])
    hall.play(1)
    truth = None
    held = hall.draw()
    assert isinstance(held, BallHeld) and held.reason == "operator_mismatch"
    truth = hall.tube()
    assert held.number == 90 != truth
    result = hall.resolve(held)
    assert (result.number, result.method) == (truth, "operator")
    hall.play(1)


def test_a_misread_of_a_drawn_number_is_held_as_already_drawn(hall_factory: HallFactory) -> None:
    hall = hall_factory()
    first = hall.play(1)[0]
    hall.reader.inject("misread", number=first.number)
    held = hall.draw(operator=False)
    assert isinstance(held, BallHeld) and held.reason == "already_drawn"
    hall.resolve(held)
    hall.assert_faithful()


def test_without_operator_a_misread_is_caught_by_the_ball_id_of_the_set_scan(hall: Hall) -> None:
    hall.source.scan_set()
    hall.play(1)
    hall.reader.inject("misread", number=90 if 90 not in hall.drawn else 89)
    held = hall.draw(operator=False)
    assert isinstance(held, BallHeld) and held.reason == "id_mismatch"
    hall.resolve(held)
    hall.assert_faithful()


def test_the_jefe_cannot_resolve_to_a_ball_already_drawn(hall_factory: HallFactory) -> None:
    hall = hall_factory(scenario=[{"at_draw": 2, "fault": "unreadable"}])
    first = hall.play(1)[0]
    held = hall.draw()
    assert isinstance(held, BallHeld)
    with pytest.raises(DuplicateBall) as duplicate:  # the one "already drawn" error (R-INC-3)
        hall.source.resolve_hold(held, first.number)
    assert duplicate.value.number == first.number
    with pytest.raises(ValueError):
        hall.source.resolve_hold(held, 91)


def test_reader_optics_fault_is_an_incident_before_the_release(hall: Hall) -> None:
    hall.play(1)
    hall.reader.inject("reader_optics")
    assert hall.wait_until(lambda: bool(hall.session.reader.faults() & p.Fault.READER_OPTICS))
    with pytest.raises(DeviceLost) as lost:
        hall.draw()
    assert lost.value.device == "reader" and lost.value.ball_in_tube is False
    hall.assert_faithful()


# --------------------------------------------------------------------------- the ball set


def test_the_set_scan_returns_every_ball_once(hall: Hall) -> None:
    assert hall.source.scan_set() == list(range(1, 91))


def test_a_scan_with_a_missing_ball_is_irregular(hall: Hall) -> None:
    hall.reader.inject("missing_ball", number=37)
    with pytest.raises(BallSetIrregular) as irregular:
        hall.source.scan_set()
    assert irregular.value.missing == (37,) and irregular.value.duplicated == ()
    assert len(irregular.value.scanned) == 89


def test_a_scan_with_a_duplicated_ball_is_irregular(hall: Hall) -> None:
    hall.reader.inject("duplicate_ball", number=7, instead_of=8)
    with pytest.raises(BallSetIrregular) as irregular:
        hall.source.scan_set()
    assert (irregular.value.missing, irregular.value.duplicated) == ((8,), (7,))


def test_return_all_starts_a_new_partida(hall: Hall) -> None:
    hall.play(3)
    hall.source.return_all()
    hall.drawn.clear()
    assert hall.wait_until(lambda: len(hall.machine.drum) == 90)
    hall.play(2)
    assert isinstance(hall.drawn[0], int)


def test_a_result_is_a_frozen_ball_read(hall: Hall) -> None:
    result = hall.draw()
    assert isinstance(result, BallRead)
    with pytest.raises(AttributeError):
        result.number = 5  # type: ignore[misc]


# --------------------------------------------------------------------------- over TCP


def test_over_a_tcp_bridge_a_dropped_connection_reconnects(hall_factory: HallFactory) -> None:
    hall = hall_factory(tcp=True)
    assert (hall.extractor.url or "").startswith("socket://127.0.0.1:")
    hall.play(2)
    hall.extractor.inject("disconnect", duration=0.3)
    assert hall.wait_until(lambda: bool(hall.saw(DeviceOffline, "extractor")))
    assert hall.wait_until(lambda: bool(hall.saw(DeviceOnline, "extractor")), timeout=5)
    hall.play(2)


def test_open_emulated_devices_gives_the_engine_a_source_and_a_stopper() -> None:
    source, stop = open_emulated_devices(
        3, extractor_model=EXTRACTOR, reader_model=READER, link_timing=LINK, draw_timing=DRAW
    )
    try:
        result = source.draw(1, frozenset())
        assert isinstance(result, BallRead) and 1 <= result.number <= 90
    finally:
        stop()
    stop()  # stopping twice is harmless


def test_drawing_a_held_draw_again_reads_the_ball_in_the_tube_again(
    hall_factory: HallFactory,
) -> None:
    hall = hall_factory(scenario=[{"at_draw": 2, "fault": "low_confidence", "times": 2}])
    hall.play(1)
    held = hall.draw()
    assert isinstance(held, BallHeld) and held.reason == "low_confidence"
    again = hall.draw()  # the console asks for another reading instead of typing the number
    assert isinstance(again, BallRead) and again.method == "ocr"
    assert releases(hall) == [1, 2]
    hall.assert_faithful()
    with pytest.raises(ValueError):
        hall.source.resolve_hold(held, 5)  # that hold is gone


def test_device_lost_messages_are_spanish(hall: Hall) -> None:
    hall.play(1)
    hall.reader.inject("reader_optics")
    assert hall.wait_until(lambda: bool(hall.session.reader.faults() & p.Fault.READER_OPTICS))
    with pytest.raises(DeviceLost) as lost:
        hall.draw()
    assert "lector" in cause_text(lost.value) and "reader" not in cause_text(lost.value)
    assert "extracción manual" in cause_text(lost.value)
