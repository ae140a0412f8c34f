"""The interconnected prize's rules (SPEC R-MULTI-1; Cantabria V.2.b; docs/decisions.md
285–289): the deduction up to the fund's maximum and then the reserve, the ball scale, the award
of the whole fund shared among the hall's bingo winners, and a fund never won twice.
"""

from __future__ import annotations

import random

import pytest

from bingo.interconnected import (
    Announcement,
    FundState,
    InterconnectedError,
    InterconnectedRules,
    ScaleStep,
    announce,
    contribution,
    parse_scale,
    settle,
)

RULES = InterconnectedRules(
    contribution_bp=200,
    fund_max_cents=600_000,
    reserve_max_cents=100_000,
    scale=(ScaleStep(3_000, 50), ScaleStep(60_000, 55), ScaleStep(150_000, 60)),
)


def test_a_partida_deducts_its_percentage_of_the_takings_for_the_fund() -> None:
    given = contribution(RULES, FundState(1, 0, 0), 35_050)
    assert (given.to_fund_cents, given.to_reserve_cents) == (701, 0)  # 2 % rounded down


def test_the_fund_never_passes_its_maximum_and_the_rest_goes_to_the_reserve() -> None:
    """V.2.b: "hasta alcanzar el máximo previsto y en su caso, para reserva de éste"."""
    given = contribution(RULES, FundState(1, 599_900, 0), 50_000)  # 1000 wanted, 100 fit
    assert (given.to_fund_cents, given.to_reserve_cents) == (100, 900)


def test_nothing_is_deducted_once_the_fund_and_its_reserve_are_full() -> None:
    given = contribution(RULES, FundState(1, 600_000, 99_950), 50_000)
    assert (given.to_fund_cents, given.to_reserve_cents) == (0, 50)
    assert contribution(RULES, FundState(1, 600_000, 100_000), 50_000).cents == 0


def test_the_ball_limit_follows_the_scale_of_the_fund_and_below_it_the_prize_is_not_in_play() -> (
    None
):
    assert RULES.ball_limit(2_999) is None
    assert RULES.ball_limit(3_000) == 50
    assert RULES.ball_limit(59_999) == 50
    assert RULES.ball_limit(60_000) == 55
    assert RULES.ball_limit(600_000) == 60
    assert announce(RULES, FundState(4, 70_000, 5)) == Announcement(4, 70_000, 55)


def test_a_bingo_within_the_scale_takes_the_whole_fund_shared_and_the_reserve_seeds_the_next() -> (
    None
):
    before = FundState(7, 100_000, 30_000)
    shown = announce(RULES, before)
    won = settle(RULES, before, shown, 20_000, bingo_after_ball=49, winners=3)
    # 100 000 + 400 deducted = 100 400, three winners: 33 466 each, 2 cents left in the fund
    assert (won.awarded_cents, won.share_cents, won.residue_cents) == (100_398, 33_466, 2)
    assert won.after == FundState(8, 30_002, 0)


def test_a_bingo_after_the_limit_does_not_win_and_the_fund_keeps_growing() -> None:
    before = FundState(2, 10_000, 0)
    shown = announce(RULES, before)
    lost = settle(RULES, before, shown, 20_000, bingo_after_ball=51, winners=1)
    assert lost.awarded_cents == 0 and lost.after == FundState(2, 10_400, 0)


def test_a_fund_another_hall_already_won_is_not_won_again() -> None:
    """Two halls with a bingo within the scale in the same fund: only the first to settle wins;
    the second finds a new fund (generation) and only contributes (decision 286).
    """
    announced = announce(RULES, FundState(3, 80_000, 50_000))
    first = settle(RULES, FundState(3, 80_000, 50_000), announced, 10_000, 40, 1)
    second = settle(RULES, first.after, announced, 10_000, 40, 1)
    assert first.awarded_cents == 80_200 and first.after.generation == 4
    assert second.awarded_cents == 0 and second.after.generation == 4


def test_a_fund_below_the_scale_is_not_in_play_even_with_an_early_bingo() -> None:
    before = FundState(1, 1_000, 0)
    lost = settle(RULES, before, announce(RULES, before), 20_000, bingo_after_ball=20, winners=1)
    assert lost.awarded_cents == 0


def test_the_ledger_balances_to_the_cent_over_many_partidas_of_many_halls() -> None:
    """Contributions ever made = awards paid + fund + reserve (R-MULTI-1)."""
    r = random.Random(285)
    state = FundState(1, 0, 0)
    contributed = awarded = 0
    for _ in range(3000):
        shown = announce(RULES, state)
        result = settle(
            RULES, state, shown, r.randint(0, 900_000), r.randint(30, 75), r.randint(1, 4)
        )
        contributed += result.contribution.cents
        awarded += result.awarded_cents
        if result.awarded_cents:  # the winners' equal shares, nothing more
            assert result.awarded_cents % result.share_cents == 0
        state = result.after
        assert state.fund_cents <= RULES.fund_max_cents
        assert state.reserve_cents <= RULES.reserve_max_cents
        assert contributed == awarded + state.fund_cents + state.reserve_cents
    assert state.generation > 1  # funds were won along the way


@pytest.mark.parametrize(
    ("rules", "problem"),
    [
        (InterconnectedRules(contribution_bp=0, fund_max_cents=1, reserve_max_cents=0,
                             scale=(ScaleStep(1, 50),)), "contribution_bp"),
        (InterconnectedRules(contribution_bp=100, fund_max_cents=1000, reserve_max_cents=0,
                             scale=()), "al menos un escalón"),
        (InterconnectedRules(contribution_bp=100, fund_max_cents=1000, reserve_max_cents=0,
                             scale=(ScaleStep(500, 50), ScaleStep(400, 55))), "de menor a mayor"),
        (InterconnectedRules(contribution_bp=100, fund_max_cents=1000, reserve_max_cents=0,
                             scale=(ScaleStep(500, 14),)), "15 a 90"),
        (InterconnectedRules(contribution_bp=100, fund_max_cents=1000, reserve_max_cents=0,
                             scale=(ScaleStep(5000, 50),)), "máximo del fondo"),
    ],
)  # fmt: skip
def test_figures_that_cannot_make_a_prize_are_refused_naming_the_problem(
    rules: InterconnectedRules, problem: str
) -> None:
    with pytest.raises(InterconnectedError, match=problem):
        rules.checked()


def test_a_scale_that_is_not_pairs_of_amount_and_balls_is_refused() -> None:
    assert parse_scale([[3000, 50]]) == (ScaleStep(3000, 50),)
    for wrong in ([3000, 50], [[3000]], [["3000", 50]], "3000:50", [[True, 50]]):
        with pytest.raises(InterconnectedError, match="pares"):
            parse_scale(wrong)
