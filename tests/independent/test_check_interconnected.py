"""The independent checker recomputes a hall's interconnected prize from its export alone
(SPEC R-MULTI-1, R-PRIZE-3; Cantabria V.2.b and V.3; docs/decisions.md 285–289, 296): the
contribution from the takings and the rate up to the fund's and the reserve's maxima, the award
against the fund and the ball scale, its sharing, and the fund and reserve before and after.
Each mutated export below is one a hall could write by mistake or on purpose; it must be named.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from bingo.export import build_export
from bingo.interconnected import InterconnectedRules, MemoryLedger, ScaleStep
from tests.bingo.hallkit import make_hall
from tests.bingo.test_interconnected_hall import play_to_close
from tests.independent.check_export import check

RULES = InterconnectedRules(
    contribution_bp=1000,
    fund_max_cents=150,  # small maxima, so the reserve and the caps are reached
    reserve_max_cents=120,
    scale=(ScaleStep(100, 20), ScaleStep(140, 30)),
)


def night(extra_balls: tuple[int, ...]) -> dict[str, Any]:
    """One hall's partidas of 10 cartones at 1 €: each contributes 10 % of 1000 cents; the
    ``i``-th partida's bingo comes after ``extra_balls[i]`` balls beyond its fifteen."""
    kit, ledger = make_hall(prima_cents=20_000), MemoryLedger("red", RULES)
    for i, extra in enumerate(extra_balls):
        play_to_close(kit, ledger, winner=i + 1, extra_balls=extra)
        kit.svc.settle_interconnected(ledger)
        kit.svc.pay_prizes()
    export = build_export(kit.hall, kit.svc.card_sets.get)
    assert check(export) == []
    return export


@pytest.fixture(scope="module")
def after_the_limit() -> dict[str, Any]:
    """The inspection's export: the fund in play in the second partida, its bingo after the
    limit, so nothing is won."""
    return night((0, 10))


@pytest.fixture(scope="module")
def capped() -> dict[str, Any]:
    """Fund 0 → 100 → 150 (capped: 50 to the fund, 50 to the reserve) → won at 150 (all 70 to
    the reserve, up to its 120, which then seeds the next fund) → won at 120 + 30 (70 to the
    reserve, which seeds 70) → 70, below the scale: not in play, back to 150 and 20 kept."""
    return night((10, 10, 10, 0, 0))


def ic(export: dict[str, Any], index: int) -> dict[str, Any]:
    return dict(export["sessions"][0]["partidas"][index]["interconnected"])


def mutated(
    export: dict[str, Any], index: int, change: Callable[[dict[str, Any]], None]
) -> list[str]:
    out = copy.deepcopy(export)
    change(out["sessions"][0]["partidas"][index])
    return check(out)


def named(problems: list[str], *words: str) -> bool:
    return any(all(w in p for w in words) for p in problems)


def test_the_inspections_mutation_is_refused(after_the_limit: dict[str, Any]) -> None:
    """A bingo after the limit given an award of 999 999 cents, with the contribution and the
    fund after changed to hide it: the checker returned [] before."""

    def change(p: dict[str, Any]) -> None:
        winner = next(a for a in p["awards"] if a["prize"] == "bingo")
        p["awards"].append({**winner, "prize": "interconnected", "amount_cents": 999_999})
        p["interconnected"]["awarded_cents"] = 999_999
        p["interconnected"]["contribution_cents"] = 50
        p["interconnected"]["fund_after_cents"] = 0

    problems = mutated(after_the_limit, 1, change)
    assert named(problems, "interconnected awarded_cents 999999 but the bingo was called after")
    assert named(problems, "interconnected contribution 50", "1000 bp of takings 1000 is 100")


@pytest.mark.parametrize(
    ("index", "field", "value", "words"),
    [
        (0, "contribution_cents", 90, ("contribution 90", "is 100")),
        (0, "contribution_bp", 900, ("figures",)),
        (1, "fund_after_cents", 160, ("fund 100 → 160", "fund 150")),
        (1, "to_reserve_cents", 0, ("100 to the fund", "50 to the fund (before 100")),
        (1, "fund_before_cents", 90, ("fund_before_cents 90", "announced in the same")),
        (1, "reserve_after_cents", 5, ("reserve 0 → 5",)),
        (1, "available", False, ("available is false but ball_limit is 20",)),
        (1, "residue_cents", 3, ("residue_cents 3 but nothing was awarded",)),
    ],
)
def test_a_changed_figure_of_a_partida_that_was_not_won_is_named(
    after_the_limit: dict[str, Any], index: int, field: str, value: object, words: tuple[str, ...]
) -> None:
    problems = mutated(
        after_the_limit, index, lambda p: p["interconnected"].__setitem__(field, value)
    )
    assert named(problems, *words), problems


def test_the_caps_and_the_reserve_are_recomputed(capped: dict[str, Any]) -> None:
    """V.2.b: to the fund up to its maximum, then to the reserve up to its maximum."""
    second = ic(capped, 1)
    assert (second["fund_before_cents"], second["contribution_cents"]) == (100, 100)
    assert (second["to_reserve_cents"], second["fund_after_cents"]) == (50, 150)

    def all_to_fund(p: dict[str, Any]) -> None:
        p["interconnected"].update(to_reserve_cents=0, fund_after_cents=200, reserve_after_cents=0)

    problems = mutated(capped, 1, all_to_fund)
    assert named(problems, "50 to the fund (before 100, maximum 150)", "50 to the reserve")
    assert named(problems, "fund 200 is above its maximum 150")

    def over_reserve(p: dict[str, Any]) -> None:
        p["interconnected"]["fund_max_cents"] = 1_000  # hides the cap; the network's differ
        p["interconnected"].update(to_reserve_cents=0, fund_after_cents=240, reserve_after_cents=0)

    assert named(mutated(capped, 1, over_reserve), "figures")

    def past_the_reserve(p: dict[str, Any]) -> None:  # 100 to the reserve, beyond its 120
        p["interconnected"].update(contribution_cents=100, to_reserve_cents=100)

    assert named(mutated(capped, 2, past_the_reserve), "70 to the reserve (before 50, maximum 120)")


def test_the_ball_limit_follows_one_scale(capped: dict[str, Any]) -> None:
    """Decision 287: a larger fund is never won within fewer balls."""
    problems = mutated(capped, 2, lambda p: p["interconnected"].__setitem__("ball_limit", 18))
    assert named(problems, "ball_limit 18 for a fund of 150 cents does not follow the scale")


def test_the_award_is_the_whole_fund_shared_with_the_residue_and_the_reserve_seeds(
    capped: dict[str, Any],
) -> None:
    won = ic(capped, 2)
    assert won["awarded_cents"] == 150 and won["settled_generation"] == won["generation"]

    def less(p: dict[str, Any]) -> None:
        p["interconnected"]["awarded_cents"] = 100
        for a in p["awards"]:
            if a["prize"] == "interconnected":
                a["amount_cents"] = 100

    assert named(mutated(capped, 2, less), "awarded 100 + residue 0 = 100", "= 150")

    def more_to_the_winner(p: dict[str, Any]) -> None:
        for a in p["awards"]:
            if a["prize"] == "interconnected":
                a["amount_cents"] = 151

    assert named(mutated(capped, 2, more_to_the_winner), "amount 151 but 150 shared by 1")

    def no_award(p: dict[str, Any]) -> None:
        p["awards"] = [a for a in p["awards"] if a["prize"] != "interconnected"]

    assert named(mutated(capped, 2, no_award), "has no interconnected award")

    def reserve_kept(p: dict[str, Any]) -> None:
        p["interconnected"]["fund_after_cents"] = 0

    assert named(mutated(capped, 2, reserve_kept), "reserve", "seeds")

    def other_generation(p: dict[str, Any]) -> None:
        p["interconnected"]["settled_generation"] += 1

    assert named(mutated(capped, 2, other_generation), "not the generation")


def test_what_only_grows_is_followed_from_partida_to_partida(capped: dict[str, Any]) -> None:
    """Other halls may add to the fund between two of this hall's partidas; nothing takes from
    it but an award, after which the generation moves on."""

    def shrunk(p: dict[str, Any]) -> None:
        p["interconnected"].update(fund_before_cents=130, amount_cents=130)

    assert named(mutated(capped, 2, shrunk), "amount_cents 130 announced", "already 150")

    def back(p: dict[str, Any]) -> None:
        p["interconnected"]["generation"] = 1
        p["interconnected"]["settled_generation"] = 1

    assert named(mutated(capped, 4, back), "generations never go back")

    def not_counted(p: dict[str, Any]) -> None:
        p["interconnected"]["partidas_accumulated"] = 1

    assert named(mutated(capped, 1, not_counted), "partidas_accumulated 1", "was 1")


def test_a_qualifying_bingo_of_the_generation_still_in_play_must_win(
    capped: dict[str, Any],
) -> None:
    def unpaid(p: dict[str, Any]) -> None:
        fund = p["interconnected"]
        fund.update(awarded_cents=0, residue_cents=0, fund_after_cents=150, reserve_after_cents=120)
        p["awards"] = [a for a in p["awards"] if a["prize"] != "interconnected"]

    assert named(mutated(capped, 2, unpaid), "not awarded although the bingo")


def test_an_award_in_a_partida_not_settled_is_named(after_the_limit: dict[str, Any]) -> None:
    def unsettled(p: dict[str, Any]) -> None:
        fund = p["interconnected"]
        for key in [k for k in fund if k.endswith("_cents") or k == "partidas_accumulated"]:
            if key not in ("amount_cents", "fund_max_cents", "reserve_max_cents"):
                del fund[key]
        del fund["settled_generation"], fund["ledger_txid"]
        winner = next(a for a in p["awards"] if a["prize"] == "bingo")
        p["awards"].append({**winner, "prize": "interconnected", "amount_cents": 100})

    assert named(mutated(after_the_limit, 1, unsettled), "was not settled against the ledger")


def test_a_paid_partida_whose_fund_was_announced_and_never_settled_is_named(
    capped: dict[str, Any],
) -> None:
    """Decision 288 (Cantabria V.3): a partida that announced the prize is not paid until it is
    settled, so a paid one (``state`` "paid") carries its settlement. The checker took a paid
    partida with no settlement at all: the fund won in the third partida, its settlement and
    awards deleted, passed, and with it the hall's players' award hidden.
    """

    def unsettled(p: dict[str, Any]) -> None:
        fund = p["interconnected"]
        for key in [k for k in fund if k.endswith("_cents") or k == "partidas_accumulated"]:
            if key not in ("amount_cents", "fund_max_cents", "reserve_max_cents"):
                del fund[key]
        del fund["settled_generation"], fund["ledger_txid"]
        p["awards"] = [a for a in p["awards"] if a["prize"] != "interconnected"]

    assert capped["sessions"][0]["partidas"][2]["state"] == "paid"
    assert named(mutated(capped, 2, unsettled), "paid", "not settled against the ledger")
