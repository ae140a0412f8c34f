"""The independent checker recomputes a hall's simultaneous partidas from its export alone
(R-MULTI-2, R-PRIZE-2, R-PRIZE-3; Cantabria VI.1; decisions 294, 298, 306-309): the takings,
the pools from every hall's takings and the percentages, the shares and residues, the line
before the bingo, the winners' cartones sold in their halls' ranges, and the hall's payments.
Each mutated export below is one a hall could write by mistake or on purpose; it must be named.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bingo.export import build_export
from tests.centre.test_hall_record import joined_hall, play
from tests.independent.check_export import check


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    records, centre = play(tmp_path_factory.mktemp("centro"))
    kit = joined_hall(records, centre.state.bingo[0].hall)
    for prize, number, _share in kit.hall.simultaneous.partidas[1].unpaid():
        kit.svc.pay_simultaneous(1, prize, number)
    out: dict[str, Any] = json.loads(json.dumps(build_export(kit.hall, kit.svc.card_sets.get)))
    assert check(out) == []
    return out


def sp(export: dict[str, Any]) -> dict[str, Any]:
    played: dict[str, Any] = export["sessions"][0]["simultaneous_partidas"][0]
    return played


def other_hall(p: dict[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = next(h for h in p["halls"] if h["hall"] != p["hall"])
    return row


def _takings(p: dict[str, Any]) -> None:
    p["takings_cents"] += 100


def _line_pool(p: dict[str, Any]) -> None:
    p["line_cents"] += 1


def _share(p: dict[str, Any]) -> None:
    p["bingo"]["share_cents"] -= 1  # a cent of each winner kept as residue: the sum holds
    p["bingo"]["residue_cents"] += len(p["bingo"]["winners"])


def _line_after_bingo(p: dict[str, Any]) -> None:
    p["line"]["extraction"] = p["bingo"]["extraction"] + 1


def _bingo_not_last(p: dict[str, Any]) -> None:
    p["balls"].append(next(b for b in range(1, 91) if b not in p["balls"]))


def _winner_not_sold(p: dict[str, Any]) -> None:
    row = other_hall(p)
    p["line"]["winners"].append([row["first"] + row["sold"], row["hall"]])  # beyond its sale


def _pays_another_halls_winner(p: dict[str, Any]) -> None:
    row = other_hall(p)
    number = row["first"]
    p["bingo"]["winners"] = [*p["bingo"]["winners"], [number, row["hall"]]]
    p["bingo"]["share_cents"], p["bingo"]["residue_cents"] = divmod(
        p["bingo_cents"], len(p["bingo"]["winners"])
    )
    p["payments"].append({"prize": "bingo", "number": number, "amount_cents": 1, "paid_at": ""})


def _paid_twice(p: dict[str, Any]) -> None:
    p["payments"].append(dict(p["payments"][0]))


def _paid_wrong_amount(p: dict[str, Any]) -> None:
    p["payments"][0]["amount_cents"] += 1


def _in_play(p: dict[str, Any]) -> None:
    other_hall(p)["sold"] += 1


def _payout(p: dict[str, Any]) -> None:
    p["bingo_bp"] -= 600  # the prima's share kept back: 61 %, not the whole 67 % (decision 298)
    p["bingo_cents"] = p["takings_all_cents"] * p["bingo_bp"] // 10_000


def _sales_gap(p: dict[str, Any]) -> None:
    p["sales"][1]["first"] += 1
    p["cards_sold"] -= 1
    p["takings_cents"] -= p["price_cents"]


def _overlapping_allotments(p: dict[str, Any]) -> None:
    p["halls"][1]["first"] -= 1


def _sale_on_credit(p: dict[str, Any]) -> None:
    p["sales"][0]["payment"] = "credit"  # R-SALE-4, as a hall's own sale (check_terminals)


def _sale_recorded_twice(p: dict[str, Any]) -> None:
    p["sales"][1]["centre_seq"], p["sales"][1]["centre_hash"] = (
        p["sales"][0]["centre_seq"],
        p["sales"][0]["centre_hash"],
    )


def _sale_after_the_close(p: dict[str, Any]) -> None:
    p["sales"][-1]["centre_seq"] = p["centre"]["seq"] + 1


MUTATIONS: list[tuple[Callable[[dict[str, Any]], None], str]] = [
    (_sale_on_credit, "paid on credit"),
    (_sale_recorded_twice, "repeats or goes back"),
    (_sale_after_the_close, "after the central close"),
    (_takings, "cards_sold × price_cents"),
    (_line_pool, "line_cents is"),
    (_share, "share"),
    (_line_after_bingo, "line must come before the bingo"),
    (_bingo_not_last, "is not the last ball"),
    (_winner_not_sold, "was not sold in play"),
    (_pays_another_halls_winner, "not a winner of bingo of this hall"),
    (_paid_twice, "paid twice"),
    (_paid_wrong_amount, "the share is"),
    (_in_play, "cards_in_play is"),
    (_payout, "whole payout"),
    (_sales_gap, "not consecutive"),
    (_overlapping_allotments, "does not start at"),
]


@pytest.mark.parametrize(("mutate", "said"), MUTATIONS, ids=[m.__name__ for m, _s in MUTATIONS])
def test_checker_refuses_a_simultaneous_partida_that_does_not_add_up(
    export: dict[str, Any], mutate: Callable[[dict[str, Any]], None], said: str
) -> None:
    bad = copy.deepcopy(export)
    mutate(sp(bad))
    problems = check(bad)
    assert any(said in p and "simultaneous partida" in p for p in problems), problems


def test_checker_refuses_a_closed_session_with_a_winner_unpaid(export: dict[str, Any]) -> None:
    bad = copy.deepcopy(export)
    bad["sessions"][0]["closed_at"] = "2026-11-22T23:59:00+01:00"
    sp(bad)["payments"].pop()
    assert any("closed with winners unpaid" in p for p in check(bad))


def test_checker_refuses_the_same_centre_partida_twice(export: dict[str, Any]) -> None:
    bad = copy.deepcopy(export)
    bad["sessions"][0]["simultaneous_partidas"].append(copy.deepcopy(sp(bad)))
    assert any("appears twice" in p for p in check(bad))


def test_checker_script_runs_from_the_format_alone(export: dict[str, Any], tmp_path: Path) -> None:
    """The checker's files, copied on their own, run with the standard library."""
    import shutil
    import subprocess
    import sys

    here = Path(__file__).parent
    for path in here.glob("check_*.py"):
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "export.json").write_text(json.dumps(export))
    ran = subprocess.run(
        [
            sys.executable,
            "-E",
            "-s",
            str(tmp_path / "check_export.py"),
            str(tmp_path / "export.json"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr


def test_a_simultaneous_partidas_percentages_are_the_published_files(
    export: dict[str, Any],
) -> None:
    """Decision 298: the line keeps the region's line_bp and the bingo the rest of its payout.
    A partida that moves a point from the bingo to the line adds up (the sum is still the
    whole payout) and is named against the published region file (decision 334)."""
    from tests.independent.check_export import read_published, read_region_files

    regions = Path(__file__).parents[2] / "config" / "regions"
    listing = regions / "published.toml"
    files = read_region_files(regions, read_published(listing.read_text()), listing)
    assert check(export, regions=files) == []
    bad = copy.deepcopy(export)
    p = sp(bad)
    p["line_bp"], p["bingo_bp"] = p["line_bp"] + 100, p["bingo_bp"] - 100
    for prize in ("line", "bingo"):
        p[f"{prize}_cents"] = p["takings_all_cents"] * p[f"{prize}_bp"] // 10_000
    bad["sessions"][0]["simultaneous_partidas"] = [p]
    assert not any("line_bp" in q for q in check(bad))  # the export alone vouches for it
    problems = check(bad, regions=files)
    assert any(
        "simultaneous partida" in q and "line_bp 1100 is not the published file's 1000" in q
        for q in problems
    ), problems
    assert any("bingo_bp 5600 is not the published file's 5700" in q for q in problems)
