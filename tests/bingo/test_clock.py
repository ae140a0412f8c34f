"""The hall PC's clock and the record: a session is not opened on a clock behind the record's
last event (its times would go back in the record and the acta, R-ACTA-3, R-ACTA-6); the domain
is given the time, it reads no clock.
"""

from __future__ import annotations

import pytest

from bingo.clock import check_clock, not_before
from bingo.hall import DomainError
from bingo.service import HallService
from bingo.simulate import SimulatedClock
from tests.bingo.hallkit import BALLS, make_hall


class SetClock:
    def __init__(self, at: str) -> None:
        self.at = at

    def __call__(self) -> str:
        return self.at


def served(clock: SetClock) -> HallService:
    """The test hall (its last event at 2026-11-22 18:00:05 +01:00) on ``clock``."""
    kit = make_hall(open_session=False)
    assert kit.hall.last_at == "2026-11-22T18:00:05+01:00"
    return HallService(kit.log, kit.svc.hall_id, kit.svc.card_sets, clock=clock)


def test_a_session_is_not_opened_on_a_clock_behind_the_record_s_last_event() -> None:
    clock = SetClock("2026-11-22T17:59:00+01:00")
    svc = served(clock)
    before = len(svc.records())
    for opening in (
        lambda: svc.record_ball_check("S1", "open", BALLS),  # not even its opening count
        lambda: svc.open_session("S1", "2026-11-22", "Mesa", "Sala"),
    ):
        with pytest.raises(DomainError) as refused:
            opening()
        words = str(refused.value)
        assert "2026-11-22 17:59:00 (+01:00)" in words  # the clock's time
        assert "2026-11-22 18:00:05 (+01:00)" in words  # the record's last
        assert "ponga en hora" in words.lower()
    assert len(svc.records()) == before  # nothing recorded
    clock.at = "2026-11-22T18:10:00+01:00"
    assert svc.record_ball_check("S1", "open", BALLS)
    svc.open_session("S1", "2026-11-22", "Mesa", "Sala")
    assert svc.hall.session is not None and svc.hall.session.id == "S1"


def test_moments_are_compared_not_their_text() -> None:
    check_clock("2026-11-22T18:00:05+01:00", "2026-11-22T17:00:06+00:00")  # one second later
    with pytest.raises(DomainError):
        check_clock("2026-11-22T18:00:05+01:00", "2026-11-22T17:00:04.999+00:00")
    check_clock("", "2026-11-22T17:00:00+01:00")  # a fresh record: nothing to be behind
    check_clock("2026-11-22T18:00:05", "2026-11-22T17:00:00+01:00")  # not a moment: not judged


def test_a_simulation_s_made_up_times_go_on_after_the_record_s_last() -> None:
    last = ["2026-12-07T22:50:01.123+00:00"]
    clock = not_before(SimulatedClock("2026-11-22", lambda: 3), lambda: last[0])
    assert clock() == "2026-12-07T23:50:02.123000+01:00"
    last[0] = "2026-11-22T16:00:00+01:00"
    assert clock() == "2026-11-22T17:00:16+01:00"  # its own times when they are later
