"""Which readings may become a ball: only one for the armed draw, made after its release, carried
by an event counter that moved forward (R-GAME-3; Cantabria III: the ball prevails). Anything
else holds the game with its incident for the jefe de mesa. Real emulators on ptys.

Also the set scan (R-BALL-2) with a reader that pushes its 91 events without waiting for the host.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

import pytest

from actas.words import cause_text
from drivers.ballsource import BallHeld, BallRead, DeviceLost
from drivers.device import EventsLost, EventsReplayed
from drivers.protocol import BallReadEvent, DeviceEvent, EventKind, MsgType
from tests.drivers.hallkit import DRAW, EXTRACTOR, LINK, READER, Hall

pytestmark = pytest.mark.timeout(60)

HallFactory = Callable[..., Hall]


def readings_for(hall: Hall, draw: int) -> list[int]:
    """Numbers the emulated reader pushed for that draw number (every partida)."""
    with hall.session.hall.hub.lock:
        return [
            e.data[1]
            for e in hall.reader.pushed
            if e.kind == EventKind.BALL_READ and e.data[0] == draw
        ]


def test_a_replayed_events_reply_is_never_recorded_as_a_ball(hall_factory: HallFactory) -> None:
    """Partida 2, draw 3: the reader answers an EVENTS poll with its old reply carrying partida
    1's reading for draw 3 (counter gone backwards). That number must not be drawn: the game is
    held with the incident and the jefe de mesa reads the ball in the tube."""
    hall = hall_factory(seed=3, reader_model=replace(READER, read_time=0.25))
    hall.play(3)
    old = readings_for(hall, 3)[-1]
    hall.source.return_all()
    hall.drawn.clear()
    assert hall.wait_until(lambda: len(hall.machine.drum) == 90)
    hall.play(2)
    assert old not in hall.drawn
    hall.reader.inject("replay_events", draw=3)
    held = hall.draw(operator=False)  # the table's own check is off by default
    assert isinstance(held, BallHeld), f"recorded {held}"
    assert held.reason == "replayed_read" and held.draw_number == 3
    assert f"lectura repetida: {old}" in cause_text(held)
    assert held.number == hall.tube() != old
    replayed = hall.saw(EventsReplayed, "reader")
    assert replayed and any(isinstance(e, BallReadEvent) for e in replayed[0].events)
    hall.resolve(held)
    hall.assert_faithful()
    hall.play(2)  # the link goes on from the right counter


def test_a_reading_before_the_ball_is_released_is_never_recorded(
    hall_factory: HallFactory,
) -> None:
    """The reader reports a ball as soon as it is armed, 300 ms before the extractor drops one:
    that reading cannot be of the ball; the game is held and the ball in the tube prevails."""
    slow = replace(EXTRACTOR, release_time=0.3, release_timeout=1.0)
    hall = hall_factory(
        seed=5, extractor_model=slow, scenario=[{"at_draw": 2, "fault": "early_read"}]
    )
    hall.play(1)
    held = hall.draw(operator=False)
    ghost = readings_for(hall, 2)[0]
    assert isinstance(held, BallHeld), f"recorded {held}"
    assert held.reason == "early_read" and f"({ghost})" in cause_text(held)
    assert ghost != hall.tube()
    hall.resolve(held)
    hall.assert_faithful()
    hall.play(1)


def test_a_reading_the_reader_confirms_is_recorded_without_waiting_for_a_second_one(
    hall_factory: HallFactory,
) -> None:
    """The reader's STATUS after its reading (idle, nothing newer) makes the reading final: the
    fallback wait (here 10 minutes, far beyond this test's time limit) is never needed."""
    hall = hall_factory(draw_timing=replace(DRAW, settle=600.0))
    results = hall.play(4)
    assert all(isinstance(r, BallRead) and r.method == "ocr" for r in results)
    assert not hall.saw(EventsReplayed)


def test_a_second_different_reading_a_moment_later_still_holds_the_game(
    hall_factory: HallFactory,
) -> None:
    """The safety the fixed wait gave, kept: a reader that reports the same ball again 150 ms
    later, differently, says it is still reading until then; the game is held (R-GAME-3)."""
    scenario = [
        {"at_draw": 2, "fault": "duplicate_read", "conflicting": True, "number": 90, "gap": 0.15}
    ]
    hall = hall_factory(seed=4, scenario=scenario)
    hall.play(1)
    held = hall.draw(operator=False)
    assert isinstance(held, BallHeld) and held.reason == "duplicate_read"
    hall.resolve(held)
    hall.assert_faithful()


def test_a_line_waiting_for_a_ball_is_polled_at_the_documented_pace(
    hall_factory: HallFactory,
) -> None:
    """While a ball is expected the host polls EVENTS every ``fast_poll_interval`` (BHD/1 sets
    only a minimum of one poll per 250 ms), not back to back: the devices answer at once here,
    as through a pty, USB-CDC adapter or TCP bridge, so nothing else would slow the host."""
    hall = hall_factory(reader_model=replace(READER, read_time=0.5))
    for device in hall.session.hall.devices.values():
        device.pace = False
    before = len(hall.reader.commands(MsgType.EVENTS, repeats=True))
    started = time.monotonic()
    hall.play(2)
    took = time.monotonic() - started
    polls = len(hall.reader.commands(MsgType.EVENTS, repeats=True)) - before
    assert polls <= 2 * took / LINK.fast_poll_interval + 10, (polls, took)


def test_the_tracker_takes_only_counters_that_follow_on() -> None:
    from drivers.link import EventTracker

    def ev(counter: int) -> DeviceEvent:
        return DeviceEvent(counter)

    tracker = EventTracker(last=254, synced=True)
    assert tracker.follows([ev(255), ev(1), ev(2)])
    assert not tracker.follows([ev(254)])  # the same event again
    assert not tracker.follows([ev(250), ev(251)])  # backwards
    assert not tracker.follows([ev(255), ev(3)])  # a gap inside the reply
    assert EventTracker(last=0, synced=True).follows([ev(1)])  # after a reset


# --------------------------------------------------------------------------- the set scan


@pytest.mark.parametrize(("scan_time", "paced"), [(0.01, True), (0.002, False)])
def test_a_scan_at_a_fast_readers_pace_completes_without_flow_control(
    hall_factory: HallFactory, scan_time: float, paced: bool
) -> None:
    """A reader that pushes one ball every 10 ms (at 19200 baud) or 2 ms (a line with no baud
    limit) whatever the host fetched, never pausing at 8 pending events: the host drains the
    ring fast enough and gets all 90 balls (R-BALL-2)."""
    reader = replace(READER, scan_time=scan_time, scan_waits_for_host=False)
    hall = hall_factory(reader_model=reader)
    for device in hall.session.hall.devices.values():
        device.pace = paced
    assert hall.source.scan_set() == list(range(1, 91))
    assert not hall.saw(EventsLost)


def test_a_scan_that_overflows_the_ring_is_repeated_then_reported_never_a_crash(
    hall_factory: HallFactory,
) -> None:
    """All 91 events pushed at once: the ring of 8 overflows, events are lost. The host sees
    the gap, scans again, and then tells the jefe de mesa (DeviceLost: a hand count follows,
    R-BALL-2); the reader stays usable."""
    reader = replace(READER, scan_time=0.0, scan_waits_for_host=False)
    hall = hall_factory(reader_model=reader)
    with pytest.raises(DeviceLost) as lost:
        hall.source.scan_set()
    assert lost.value.reason == "scan_incomplete"
    assert "repítala" in cause_text(lost.value)
    hall.play(2)
