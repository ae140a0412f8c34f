"""The pure rules of a simultaneous partida (R-MULTI-2; decisions 290-294)."""

from __future__ import annotations

import pytest

from bingo import simultaneous as sim
from bingo.rules import RegionRules


def opened(**sizes: int) -> sim.SimultaneousState:
    lots = sim.allot(list(sizes.items()))
    state = sim.SimultaneousState()
    state.apply(
        sim.OPENED,
        {
            "partida": 1,
            "serie_id": "SIM-1",
            "seed": 3,
            "strips": sim.serie_strips(lots),
            "price_cents": 100,
            "allotments": [a.to_json() for a in lots],
        },
    )
    return state


def test_allotments_of_the_shared_serie_never_share_a_carton() -> None:
    """R-MULTI-2: series large enough that no cartón repeats: each hall its own numbers."""
    lots = sim.allot([("norte", 600), ("sur", 300), ("este", 7)])
    numbers = [n for lot in lots for n in range(lot.first, lot.last + 1)]
    assert len(numbers) == len(set(numbers)) == 907
    assert sim.serie_strips(lots) * sim.STRIP >= 907


@pytest.mark.parametrize("requests", [[], [("a", 3), ("a", 4)], [("a", 0)], [("a", True)]])
def test_allotments_refuse_no_hall_a_repeated_hall_or_an_empty_lot(
    requests: list[tuple[str, int]],
) -> None:
    with pytest.raises(sim.SimultaneousError):
        sim.allot(requests)


def test_hall_sells_only_the_next_cartones_of_its_own_allotment() -> None:
    state = opened(norte=10, sur=5)
    sale = state.sale("sur", 3)
    assert (sale["first"], sale["last"]) == (11, 13)
    state.apply(sim.SOLD, sale)
    with pytest.raises(sim.SimultaneousError) as refused:
        state.sale("sur", 3)  # only 2 left
    assert refused.value.code == "allotment_exhausted"
    with pytest.raises(sim.SimultaneousError):
        state.sale("oeste", 1)  # no allotment
    state.apply(sim.STARTED, {})
    with pytest.raises(sim.SimultaneousError) as closed:
        state.sale("norte", 1)
    assert closed.value.code == "not_selling"


def test_line_goes_to_the_first_ball_that_makes_one_and_later_lines_win_nothing() -> None:
    """R-PRIZE-2: the line is the first one made; cartones completing one later do not win."""
    state = opened(norte=10, sur=5)
    state.apply(sim.SOLD, state.sale("norte", 10))
    state.apply(sim.STARTED, {})
    state.apply(sim.BALL, state.ball(7, [], []))
    first = state.ball(8, [3, 12], [])
    assert first["line"] == [[3, "norte"], [12, "sur"]]
    state.apply(sim.BALL, first)
    later = state.ball(9, [4], [])
    assert "line" not in later
    state.apply(sim.BALL, later)
    assert [w.number for w in state.line] == [3, 12] and state.line_ball == 2
    with pytest.raises(sim.SimultaneousError):
        state.ball(8, [], [])  # already out


def test_claims_are_judged_against_the_central_record() -> None:
    """Decision 292: the central record says who won; a hall's claim is checked against it."""
    state = opened(norte=10, sur=5)
    state.apply(sim.SOLD, state.sale("norte", 6))
    state.apply(sim.SOLD, state.sale("sur", 5))
    state.apply(sim.STARTED, {})
    assert state.judge("norte", 3, sim.LINE) == sim.NOT_PLAYING
    state.apply(sim.BALL, state.ball(5, [3], []))
    assert state.judge("norte", 3, sim.LINE) == sim.VALID
    assert state.judge("sur", 3, sim.LINE) == sim.NOT_YOURS
    assert state.judge("norte", 8, sim.LINE) == sim.NOT_SOLD
    assert state.judge("norte", 4, sim.LINE) == sim.NOT_WINNER
    assert state.judge("norte", 3, sim.BINGO) == sim.NOT_WINNER


def test_a_hall_message_with_a_used_sequence_number_is_refused() -> None:
    """Decision 293: a stale or replayed message repeats a number already accepted."""
    state = opened(norte=10)
    assert state.accepts_seq("norte", 1)
    state.apply(sim.SOLD, {**state.sale("norte", 2), "msg_seq": 5})
    assert not state.accepts_seq("norte", 5)
    assert not state.accepts_seq("norte", 4)
    assert state.accepts_seq("norte", 6)
    assert state.accepts_seq("sur", 1)  # each hall its own numbers


def test_a_sale_sent_again_after_it_was_recorded_is_not_applied_twice() -> None:
    """R-NET-1: the sale names the cartón it starts at; once recorded, the same sale no longer
    starts there."""
    state = opened(norte=10)
    state.apply(sim.SOLD, state.sale("norte", 4, first=1))
    with pytest.raises(sim.SimultaneousError) as again:
        state.sale("norte", 4, first=1)
    assert again.value.code == "stale_sale"
    assert state.sale("norte", 4, first=5)["first"] == 5


def test_prizes_come_from_every_halls_takings_and_are_shared_among_the_winners() -> None:
    """Decisions 294, 298: the region's percentages of the takings of all the halls together,
    the prima's share with the bingo's (67 % in all, Cantabria V.1); the winners of the same
    ball share equally, the cents left over recorded (R-PRIZE-3)."""
    state = opened(norte=10, sur=5)
    state.apply(sim.SOLD, state.sale("norte", 7))
    state.apply(sim.SOLD, state.sale("sur", 5))
    closing = state.closing(RegionRules(region="cantabria"))
    assert (closing["cards_sold"], closing["takings_cents"]) == (12, 1200)
    assert (closing["line_cents"], closing["bingo_cents"]) == (120, 684)
    state.apply(sim.STARTED, closing)
    ball = state.ball(4, [2, 3, 14], [])
    assert (ball["line_share_cents"], ball["line_residue_cents"]) == (40, 0)
    state.apply(sim.BALL, ball)
    bingo = state.ball(5, [6], [1, 11, 12, 15, 13])
    assert "line_share_cents" not in bingo
    assert (bingo["bingo_share_cents"], bingo["bingo_residue_cents"]) == (136, 4)
