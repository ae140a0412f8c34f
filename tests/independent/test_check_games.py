"""The independent checker on partidas of bingo plus and bingo derivado (Cantabria B.3, B.4;
SPEC R-MULTI-4): it recomputes winners, shares, residues, payouts, the instant plan's best
prize and the ball count from the export alone, and names every mismatch.

The exports are hand-made to the format (``tests.actas.game_fixtures``); each mutated copy
breaks one rule and must be reported, the intact one must not.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.actas.game_fixtures import games_export
from tests.independent.check_export import check

CHECKER = Path(__file__).with_name("check_export.py")
Export = dict[str, Any]


@pytest.fixture(scope="module")
def good() -> Export:
    return games_export()


def _game_partida(export: Export, number: int) -> dict[str, Any]:
    partida: dict[str, Any] = export["sessions"][0]["game_partidas"][number - 1]
    return partida


def _new_problems(good: Export, change: Callable[[Export], None]) -> list[str]:
    bad = copy.deepcopy(good)
    change(bad)
    before = set(check(good))
    return [p for p in check(bad) if p not in before]


def _one(problems: list[str], *fragments: str) -> str:
    hits = [p for p in problems if all(f in p for f in fragments)]
    assert hits, f"no problem with {fragments} among {problems}"
    return hits[0]


def test_intact_game_partidas_have_no_problem(good: Export) -> None:
    assert [p for p in check(good) if "game" in p] == []


def test_checker_counts_the_game_partidas(good: Export, tmp_path: Path) -> None:
    path = tmp_path / "games.json"
    path.write_text(json.dumps(good), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(CHECKER), str(path)], capture_output=True, text=True, check=False
    )
    ordinary = len(good["sessions"][0]["partidas"])
    assert f"{ordinary + 3} partidas checked" in result.stdout.splitlines()[-1]


# ---- bingo plus: plan "partida" -------------------------------------------------------------


def test_wrong_share_of_a_shared_prize_is_reported(good: Export) -> None:
    """Two cartones complete "marco" with the same ball: each gets floor(pool / 2)."""

    def change(e: Export) -> None:
        marco = [a for a in _game_partida(e, 1)["awards"] if a["combination"] == "marco"]
        assert len(marco) == 2
        marco[0]["amount_cents"] += 1
        _game_partida(e, 1)["payout_cents"] += 1

    problem = _one(_new_problems(good, change), "game partida 1", "'marco'", "floor(675 / 2")
    assert "337" in problem


def test_missing_winner_is_reported(good: Export) -> None:
    def change(e: Export) -> None:
        p = _game_partida(e, 1)
        gone = next(a for a in p["awards"] if a["combination"] == "marco")
        p["awards"].remove(gone)
        p["payout_cents"] -= gone["amount_cents"]

    _one(_new_problems(good, change), "game partida 1", "completes 'marco'", "has no award")


def test_an_extra_ball_after_the_last_prize_is_reported(good: Export) -> None:
    """The plus partida ends with the ball that completes its last prize (cartón completo)."""

    def change(e: Export) -> None:
        p = _game_partida(e, 1)
        p["balls"].append(next(n for n in range(1, 76) if n not in p["balls"]))

    _one(_new_problems(good, change), "game partida 1", "'completo' was won at", "ends there")


def test_a_winner_not_sold_is_reported(good: Export) -> None:
    def change(e: Export) -> None:
        p = _game_partida(e, 1)
        esquinas = next(a for a in p["awards"] if a["combination"] == "esquinas")
        esquinas["number"] = 35  # cartones 1..30 were sold

    _one(_new_problems(good, change), "award 'esquinas' to P-0001/35", "not sold")


def test_wrong_residue_is_reported(good: Export) -> None:
    def change(e: Export) -> None:
        _game_partida(e, 1)["residue_cents"]["marco"] = 0

    _one(_new_problems(good, change), "residue of 'marco'", "675 − 2 × 337 = 1")


def test_wrong_pool_at_stake_is_reported(good: Export) -> None:
    def change(e: Export) -> None:
        _game_partida(e, 1)["prizes"][0]["amount_cents"] = 300

    _one(_new_problems(good, change), "prize 'esquinas' is 300", "225")


def test_payout_that_is_not_the_sum_of_the_awards_is_reported(good: Export) -> None:
    def change(e: Export) -> None:
        _game_partida(e, 1)["payout_cents"] -= 1

    _one(_new_problems(good, change), "payout_cents", "not the sum of the awards")


def test_awards_out_of_the_plans_order_are_reported(good: Export) -> None:
    def change(e: Export) -> None:
        _game_partida(e, 1)["awards"].reverse()

    _one(_new_problems(good, change), "plan's prize order")


def test_takings_that_are_not_cartones_times_price_are_reported(good: Export) -> None:
    def change(e: Export) -> None:
        _game_partida(e, 1)["takings_cents"] += 150

    _one(_new_problems(good, change), "takings_cents 4650", "30 cartones × 150")


# ---- bingo derivado: plan "instantaneo" ------------------------------------------------------


def test_wrong_best_prize_is_reported(good: Export) -> None:
    """D-0001/14 completes línea (3×) and cuatro esquinas (12×): it is paid esquinas only."""

    def change(e: Export) -> None:
        p = _game_partida(e, 2)
        award = next(a for a in p["awards"] if a["number"] == 14)
        assert award["combination"] == "esquinas"
        award.update(combination="linea", amount_cents=150)
        p["awards"].sort(key=lambda a: (a["combination"] != "linea", a["series"], a["number"]))
        p["payout_cents"] = sum(a["amount_cents"] for a in p["awards"])

    _one(_new_problems(good, change), "D-0001/14", "its best prize is 'esquinas' (600)")


def test_second_award_to_one_cartón_is_reported(good: Export) -> None:
    def change(e: Export) -> None:
        p = _game_partida(e, 2)
        esq = next(a for a in p["awards"] if a["combination"] == "esquinas")
        p["awards"].insert(0, {**esq, "combination": "linea", "amount_cents": 150})
        p["payout_cents"] += 150

    _one(_new_problems(good, change), "game partida 2", "another award", "best prize only")


def test_instant_partida_with_an_extra_ball_is_reported(good: Export) -> None:
    def change(e: Export) -> None:
        p = _game_partida(e, 2)
        p["balls"].append(next(n for n in range(1, 46) if n not in p["balls"]))

    _one(_new_problems(good, change), "game partida 2", "19 balls drawn", "exactly 18")


def test_wrong_completing_ball_of_an_instant_winner_is_reported(good: Export) -> None:
    def change(e: Export) -> None:
        _game_partida(e, 2)["awards"][0]["completed_at_ball"] = 1

    _one(_new_problems(good, change), "game partida 2", "completed_at_ball 1")


def test_instant_winner_missing_is_reported(good: Export) -> None:
    def change(e: Export) -> None:
        p = _game_partida(e, 2)
        gone = p["awards"].pop()
        p["payout_cents"] -= gone["amount_cents"]

    _one(_new_problems(good, change), "game partida 2", "has no award (600)")


def test_instant_prize_that_is_not_the_multiple_of_the_price_is_reported(good: Export) -> None:
    def change(e: Export) -> None:
        p = _game_partida(e, 2)
        for a in p["awards"]:
            if a["combination"] == "linea":
                a["amount_cents"] = 200
        p["payout_cents"] = sum(a["amount_cents"] for a in p["awards"])

    _one(_new_problems(good, change), "award 'linea'", "is 200", "150")


# ---- annulment, references, definitions -------------------------------------------------------


def test_annulled_partida_must_refund_and_pay_nothing(good: Export) -> None:
    def change(e: Export) -> None:
        p = _game_partida(e, 3)
        p["refund_cents"] = 0
        p["awards"] = [copy.deepcopy(_game_partida(e, 2)["awards"][0])]
        p["payout_cents"] = 150

    problems = _new_problems(good, change)
    _one(problems, "game partida 3", "refund_cents 0 is not the takings 500")
    _one(problems, "game partida 3", "annulled, yet it records 1 awards")


def test_annulled_partida_without_its_incident_is_reported(good: Export) -> None:
    """An annulment rests on an incident (R-INC-1..4), as the ordinary checker holds."""

    def change(e: Export) -> None:
        _game_partida(e, 3)["incidents"] = []

    _one(_new_problems(good, change), "game partida 3", "annulled partida records no incident")


def test_partida_of_an_unknown_game_is_reported(good: Export) -> None:
    def change(e: Export) -> None:
        _game_partida(e, 1)["game"] = "plus-9x9"

    _one(_new_problems(good, change), "'plus-9x9' is not among the export's games")


def test_card_set_of_another_game_is_reported(good: Export) -> None:
    def change(e: Export) -> None:
        _game_partida(e, 1)["card_set"] = "derivado-instantaneo-3x3-60"

    _one(_new_problems(good, change), "is of the game 'derivado-instantaneo-3x3'")


def test_cartón_outside_its_column_band_is_reported(good: Export) -> None:
    def change(e: Export) -> None:
        card = next(c for c in e["card_sets"] if c.get("game") == "plus-4x5")["cards"][0]
        card[0][0] = 75 if 75 not in [n for row in card for n in row] else 74

    _one(_new_problems(good, change), "card set plus-4x5-40 cartón 1", "outside its band 1-15")


def test_definition_outside_the_catalogue_is_reported(good: Export) -> None:
    """Bingo plus: at most 100 numbers (Cantabria B.4)."""

    def change(e: Export) -> None:
        e["games"][0]["numbers"] = 120

    _one(_new_problems(good, change), "game plus-4x5", "1 to 100", "Cantabria B.4")


def test_partida_plan_below_its_minimum_is_reported(good: Export) -> None:
    def change(e: Export) -> None:
        e["games"][0]["plan"]["min_payout_bp"] = 8000

    _one(_new_problems(good, change), "game plus-4x5", "below the minimum min_payout_bp 8000")


def test_malformed_game_partida_is_reported_not_raised(good: Export) -> None:
    def change(e: Export) -> None:
        p = _game_partida(e, 1)
        p["balls"] = "1,2,3"
        p["awards"][0] = "ganador"
        del p["sales"]

    problems = _new_problems(good, change)
    _one(problems, "game partida 1", "'balls' must be a list")
    _one(problems, "game partida 1", "award #1 needs")
    _one(problems, "game partida 1", "'sales' must be a list")


# ---- found by the outside review of the other modalities --------------------------------------


def test_one_cartón_sold_under_two_series_in_a_partida_is_reported(good: Export) -> None:
    """R-SALE-2, decision 261: cartón n of every serie of a card set is its combination n, so two
    series selling the same numbers in one partida sell the same cartón twice; the checker took
    them for different cartones and recomputed the partida with the cartón counted twice.
    """

    def change(e: Export) -> None:
        p = _game_partida(e, 1)
        p["sales"].append({"series": "P-0002", "first": 5, "last": 6, "kind": "physical"})

    _one(_new_problems(good, change), "game partida 1", "cartón 5", "P-0001", "P-0002")


def test_an_annulment_after_the_balls_began_needs_a_ball_irregularity(good: Export) -> None:
    """R-INC-2, R-INC-3, decision 263: once the balls began a device failure goes on by hand;
    only an irregularity of the balls annuls and refunds.
    """

    def change(e: Export) -> None:
        p = _game_partida(e, 3)
        p["balls"] = [4, 9]
        p["incidents"] = [{"kind": "failure_after_extraction_began", "after_ball": 2, "note": ""}]

    _one(_new_problems(good, change), "game partida 3", "annulled after 2 balls", "R-INC-2")


def test_an_open_partida_with_awards_is_reported(good: Export) -> None:
    """Decision 260: the system records the awards when it settles the partida, so a partida
    still open has none; marked open, a partida's awards escaped every recomputation.
    """

    def change(e: Export) -> None:
        p = _game_partida(e, 2)
        p["status"] = "open"
        p["awards"][0]["amount_cents"] += 10_000
        p["payout_cents"] += 10_000

    _one(_new_problems(good, change), "game partida 2", "open, yet it records")


def test_a_malformed_definition_is_reported_not_raised(good: Export) -> None:
    """A modality or a prize's combination that is a list or an object stopped the checker
    with a TypeError traceback; each is named as a problem instead.
    """

    def change(e: Export) -> None:
        e["games"][0]["modality"] = ["plus"]
        e["games"][1]["plan"]["prizes"][0]["combination"] = {"code": "linea"}

    problems = _new_problems(good, change)
    _one(problems, "game plus-4x5", "modality ['plus'] is not plus or derivado")
    _one(problems, "game derivado-instantaneo-3x3", "combination {'code': 'linea'}")


def test_a_cartón_shape_far_outside_the_catalogue_is_reported_at_once(good: Export) -> None:
    """Cantabria B.4: a cartón of 100 000 × 100 000 cells is outside the catalogue; the checker
    built its rows and columns first and ran out of memory.
    """

    def change(e: Export) -> None:
        e["games"][0]["carton"].update(rows=100_000, columns=100_000, numbers=10**10)

    _one(_new_problems(good, change), "game plus-4x5", "cartones of 10000000000 numbers")


# ---- the definition's rules the program requires (bingo.game.definition) ---------------------


def test_instant_plan_with_fewer_balls_than_the_cartón_has_numbers_is_reported(
    good: Export,
) -> None:
    """The program reads an instant plan only with at least the cartón's count of balls (no
    cartón completes anything with fewer); the checker took 1 and up.
    """

    def change(e: Export) -> None:
        e["games"][1]["plan"]["balls"] = 8  # cartones of 9 numbers

    _one(_new_problems(good, change), "game derivado-instantaneo-3x3", "plan balls 8", "must be 9")


def test_plus_prize_of_zero_basis_points_is_reported(good: Export) -> None:
    def change(e: Export) -> None:
        e["games"][0]["plan"]["prizes"][0]["basis_points"] = 0

    _one(_new_problems(good, change), "game plus-4x5 plan prize #1", "must be a positive integer")


def test_plus_plan_whose_last_prize_is_not_the_cartón_completo_is_reported(good: Export) -> None:
    """Decision 183: a plan 'partida' ends when its last prize, the cartón completo, is won."""

    def change(e: Export) -> None:
        prizes = e["games"][0]["plan"]["prizes"]
        prizes[-1], prizes[-2] = prizes[-2], prizes[-1]

    _one(_new_problems(good, change), "game plus-4x5", "last prize 'marco'", "cartón completo")


# ---- a second serie in a partida (R-SALE-2, decision 392) ------------------------------------


def test_a_second_serie_before_the_first_is_exhausted_is_reported(good: Export) -> None:
    def change(e: Export) -> None:
        p = _game_partida(e, 1)
        top = max(s["last"] for s in p["sales"])
        p["sales"].append(
            {"series": "P-0002", "first": top + 1, "last": top + 2, "kind": "physical"}
        )
        p["sales"].append(
            {"series": "P-0001", "first": top + 3, "last": top + 3, "kind": "physical"}
        )

    problems = _new_problems(good, change)
    _one(problems, "game partida 1", "P-0001 sells again after P-0002", "exhausted")
    _one(problems, "game partida 1", "P-0002", "not at 1")


def test_a_third_serie_in_a_partida_is_reported(good: Export) -> None:
    def change(e: Export) -> None:
        p = _game_partida(e, 1)
        top = max(s["last"] for s in p["sales"])
        for code, first in (("P-0002", top + 1), ("P-0003", top + 3)):
            p["sales"].append(
                {"series": code, "first": first, "last": first + 1, "kind": "physical"}
            )

    _one(_new_problems(good, change), "game partida 1", "P-0003", "at most one second serie")


# ---- the last partida of each modality (R-GAME-6, decision 393) ------------------------------


def test_a_partida_after_the_last_of_its_modality_is_reported(good: Export) -> None:
    """Partidas 2 and 3 are both derivado: the 2nd announced as the last, the 3rd follows it."""

    def change(e: Export) -> None:
        _game_partida(e, 2)["last_announced"] = True

    _one(_new_problems(good, change), "game partida 3", "after partida 2", "R-GAME-6")


def test_the_last_of_one_modality_does_not_stop_another(good: Export) -> None:
    def change(e: Export) -> None:
        _game_partida(e, 1)["last_announced"] = True  # plus; 2 and 3 are derivado
        _game_partida(e, 3)["last_announced"] = True

    assert _new_problems(good, change) == []


def test_a_last_announced_that_is_not_true_is_reported(good: Export) -> None:
    def change(e: Export) -> None:
        _game_partida(e, 1)["last_announced"] = "sí"

    _one(_new_problems(good, change), "game partida 1", "last_announced 'sí'")
