"""The independent export checker accepts correct exports and names each deliberate error.

Every export here is built by hand; the amounts in the comments are worked out on paper from
the format and the regulation, not from the engine.
"""

from __future__ import annotations

import ast
import copy
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.independent.check_export import check, read_published

CHECKER = Path(__file__).with_name("check_export.py")

# Four cartones valid per R-CARD-1. Cartón 4 shares its first row with cartón 1.
CARTON_1 = [[1, 12, 23, 34, 45], [5, 56, 67, 78, 89], [14, 28, 39, 58, 90]]
CARTON_2 = [[2, 11, 21, 31, 41], [3, 51, 62, 73, 84], [15, 25, 52, 63, 85]]
CARTON_3 = [[4, 13, 22, 33, 42], [6, 53, 64, 74, 86], [16, 26, 54, 65, 87]]
CARTON_4 = [[1, 12, 23, 34, 45], [7, 57, 68, 79, 80], [17, 27, 38, 59, 88]]
ON_CARDS = {n for card in (CARTON_1, CARTON_2, CARTON_3, CARTON_4) for row in card for n in row}
FILLER = [n for n in range(1, 91) if n not in ON_CARDS]  # 35 numbers on no cartón


def _partida(
    number: int,
    status: str,
    series: str,
    last: int,
    face: int,
    *,
    balls: list[int],
    claims: list[dict[str, Any]],
    awards: list[dict[str, Any]],
    residue: dict[str, int],
    prima: dict[str, Any],
    bola_loca: dict[str, Any],
    incidents: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    takings = last * face
    return {
        "number": number,
        "status": status,
        "card_set": "t-4",
        "face_value_cents": face,
        "sales": [{"series": series, "first": 1, "last": last, "kind": "physical"}],
        "cards_sold": last,
        "takings_cents": takings,
        "line_prize_cents": takings * 1000 // 10000,
        "bingo_prize_cents": takings * 5000 // 10000,
        "prima": prima,
        "bola_loca": bola_loca,
        "balls": balls,
        "manual_from_ball": None,
        "claims": claims,
        "awards": awards,
        "residue_cents": residue,
        "incidents": incidents or [],
        "refund_cents": takings if status == "annulled" else 0,
        "operator_note": "extra fields are allowed",
    }


def _claim(after: int, series: str, number: int, kind: str, valid: bool) -> dict[str, Any]:
    return {"after_ball": after, "series": series, "number": number, "kind": kind, "valid": valid}


def _award(prize: str, series: str, number: int, at: int, amount: int) -> dict[str, Any]:
    return {
        "prize": prize,
        "series": series,
        "number": number,
        "completed_at_ball": at,
        "amount_cents": amount,
    }


def _prima(available: bool, limit: int, before: int, deduction: int, after: int, acc: int) -> Any:
    return {
        "amount_cents": 5000,
        "available": available,
        "ball_limit": limit,
        "fund_before_cents": before,
        "deduction_cents": deduction,
        "fund_after_cents": after,
        "partidas_accumulated": acc,
    }


def _bola(numbers: list[int], before: int, deduction: int, after: int) -> dict[str, Any]:
    return {
        "numbers": numbers,
        "fund_before_cents": before,
        "deduction_cents": deduction,
        "fund_after_cents": after,
    }


def _session(ident: str, day: str, closed: bool, partidas: list[dict[str, Any]]) -> Any:
    every_ball = {"numbers": list(range(1, 91)), "ok": True}
    return {
        "id": ident,
        "date": day,
        "opened_at": f"{day}T17:00:00+01:00",
        "closed_at": f"{day}T23:30:00+01:00" if closed else None,
        "ball_checks": [{"when": "open", **every_ball}]
        + ([{"when": "close", **every_ball}] * closed),
        "ball_set": {"id": "BS-7", "homologation": "H-123/2020", "partidas_before": 1234},
        "partidas": partidas,
    }


def valid_export() -> dict[str, Any]:
    """Two sessions, five partidas: shared line with bola loca, prima in play but missed (limit
    rises), an annulled partida, shared line + bingo + prima + bola loca, an open partida."""
    # S1 P1: 4 × 100 = 400; line 40 → 2 × 20; bingo 200; prima +24 (not available: 4990 < 5000);
    # bola loca +4; the line completes on 45, a bola loca number: 1001 + 4 = 1005 → 2 × 502 + 1.
    s1p1 = _partida(
        1,
        "closed",
        "A-0001",
        4,
        100,
        balls=[1, 12, 23, 34, 45, 2, 5, 56, 67, 78, 89, 14, 28, 39, 58, 90],
        claims=[
            _claim(5, "A-0001", 1, "line", True),
            _claim(5, "A-0001", 4, "line", True),
            _claim(10, "A-0001", 2, "bingo", False),
            _claim(16, "A-0001", 1, "bingo", True),
        ],
        awards=[
            _award("line", "A-0001", 1, 5, 20),
            _award("line", "A-0001", 4, 5, 20),
            _award("bingo", "A-0001", 1, 16, 200),
            _award("bola_loca", "A-0001", 1, 5, 502),
            _award("bola_loca", "A-0001", 4, 5, 502),
        ],
        residue={"line": 0, "bingo": 0, "bola_loca": 1},
        prima=_prima(False, 50, 4990, 24, 5014, 3),
        bola_loca=_bola([45], 1001, 4, 0),
    )
    # S1 P2: cartón 3 makes line at ball 42 and bingo at ball 52; the prima (now available,
    # 5014 ≥ 5000) is missed because 52 > 50, so the limit becomes 51.
    s1p2 = _partida(
        2,
        "closed",
        "A-0002",
        4,
        100,
        balls=FILLER[:35] + [5, 56] + [n for row in CARTON_3 for n in row],
        claims=[_claim(42, "A-0002", 3, "line", True), _claim(52, "A-0002", 3, "bingo", True)],
        awards=[_award("line", "A-0002", 3, 42, 40), _award("bingo", "A-0002", 3, 52, 200)],
        residue={"line": 0, "bingo": 0},
        prima=_prima(True, 50, 5014, 24, 5038, 4),
        bola_loca=_bola([30], 0, 4, 4),
    )
    # S1 P3: annulled after a defective ball: full refund, no deduction, funds untouched.
    s1p3 = _partida(
        3,
        "annulled",
        "A-0003",
        2,
        100,
        balls=[1, 2, 3],
        claims=[],
        awards=[],
        residue={"line": 0, "bingo": 0},
        prima=_prima(True, 51, 5038, 0, 5038, 4),
        bola_loca=_bola([10], 4, 0, 4),
        incidents=[{"kind": "ball_defect", "after_ball": 3, "note": "bola 3 dañada"}],
    )
    # S2 P1: 4 × 103 = 412; line 41 → 2 × 20 + 1; bingo 206 → 2 × 103 (cartón 1 completes at 24,
    # cartón 4 at 25, both called after 25); prima won within 51 → 2 × 2500, fund 5038 + 24 −
    # 5000 = 62; bola loca: cartón 4's bingo completes on 88 → it alone takes 4 + 4 = 8.
    s2p1 = _partida(
        1,
        "closed",
        "A-0004",
        4,
        103,
        balls=[*CARTON_1[0], *CARTON_4[1], *CARTON_4[2][:4], *CARTON_1[1], *CARTON_1[2], 88],
        claims=[
            _claim(5, "A-0004", 1, "line", True),
            _claim(5, "A-0004", 4, "line", True),
            _claim(25, "A-0004", 1, "bingo", True),
            _claim(25, "A-0004", 4, "bingo", True),
        ],
        awards=[
            _award("line", "A-0004", 1, 5, 20),
            _award("line", "A-0004", 4, 5, 20),
            _award("bingo", "A-0004", 1, 24, 103),
            _award("bingo", "A-0004", 4, 25, 103),
            _award("prima", "A-0004", 1, 24, 2500),
            _award("prima", "A-0004", 4, 25, 2500),
            _award("bola_loca", "A-0004", 4, 25, 8),
        ],
        residue={"line": 1, "bingo": 0, "prima": 0, "bola_loca": 0},
        prima=_prima(True, 51, 5038, 24, 62, 5),
        bola_loca=_bola([88], 4, 4, 0),
    )
    # S2 P2: still being played.
    s2p2 = _partida(
        2,
        "open",
        "A-0005",
        2,
        100,
        balls=[1, 12],
        claims=[],
        awards=[],
        residue={"line": 0, "bingo": 0},
        prima=_prima(False, 50, 62, 12, 74, 1),
        bola_loca=_bola([3], 0, 2, 2),
    )
    return {
        "format": "bingo-session/1",
        "generator": "hand-made test export",
        "hall": {"id": "cantabria-001", "name": "Sala de prueba", "region": "cantabria"},
        "rules": {
            "payout_bp": 6700,
            "line_bp": 1000,
            "bingo_bp": 5000,
            "prima_bp": 600,
            "bola_loca_bp": 100,
            "prima_ball_limit": 50,
        },
        "card_sets": [
            {"id": "t-4", "cards": copy.deepcopy([CARTON_1, CARTON_2, CARTON_3, CARTON_4])}
        ],
        "sessions": [
            _session("S1", "2026-11-22", True, [s1p1, s1p2, s1p3]),
            _session("S2", "2026-11-23", False, [s2p1, s2p2]),
        ],
    }


def partida(export: dict[str, Any], session: int, number: int) -> dict[str, Any]:
    found: dict[str, Any] = export["sessions"][session - 1]["partidas"][number - 1]
    return found


def award(p: dict[str, Any], prize: str, number: int) -> dict[str, Any]:
    found: dict[str, Any] = next(
        a for a in p["awards"] if a["prize"] == prize and a["number"] == number
    )
    return found


def assert_named(export: dict[str, Any], *fragments: str) -> list[str]:
    problems = check(export)
    listing = "\n".join(problems) or "(no problem)"
    for fragment in fragments:
        assert any(fragment in p for p in problems), f"{fragment!r} not in:\n{listing}"
    return problems


# ---- correct exports ---------------------------------------------------------------------------


def test_hand_made_export_is_accepted() -> None:
    assert check(valid_export()) == []


def test_line_called_late_still_wins_with_the_ball_that_completed_it() -> None:
    export = valid_export()
    partida(export, 1, 2)["claims"][0]["after_ball"] = 45  # row completed at 42, called at 45
    assert check(export) == []


def test_line_may_be_missing_when_the_rules_say_so() -> None:
    export = valid_export()
    p = partida(export, 1, 2)
    p["claims"] = p["claims"][1:]
    p["awards"] = p["awards"][1:]
    p["residue_cents"]["line"] = 40
    assert_named(export, "session S1 partida 2: closed partida has no line award")
    export["rules"]["line_required"] = False
    assert check(export) == []


def test_a_sessions_own_rules_are_the_ones_its_partidas_are_checked_against() -> None:
    """Rules change only between sessions (decision 52): a session played under other rules
    carries them, and its partidas are checked against them, not the export's."""
    export = valid_export()
    p = partida(export, 1, 2)
    p["claims"] = p["claims"][1:]
    p["awards"] = p["awards"][1:]
    p["residue_cents"]["line"] = 40
    export["sessions"][0]["rules"] = {**export["rules"], "line_required": False}
    assert check(export) == []
    export["sessions"][0]["rules"]["line_required"] = True
    assert_named(export, "session S1 partida 2: closed partida has no line award")


def test_the_region_file_the_rules_came_from_is_read() -> None:
    export = valid_export()
    export["rules"]["source"] = {
        "file": "config/regions/cantabria.toml",
        "version": "2014.1",
        "resolution": "Decreto 6/2010",
        "sha256": "a" * 64,
    }
    assert check(export) == []
    export["rules"]["source"]["sha256"] = "not-a-digest"
    assert_named(export, "rules source: sha256")


PUBLISHED_TOML = """
[[file]]
region = "cantabria"
version = "2014.1"
sha256 = "{}"

[[file]]
region = "cantabria"
version = "2014.2"
resolution = "ignored by the checker"
sha256 = "{}"
""".format("b" * 64, "c" * 64)


def _with_source(version: str, digest: str) -> dict[str, Any]:
    export = valid_export()
    export["rules"]["source"] = {
        "file": "config/regions/cantabria.toml",
        "version": version,
        "resolution": "Decreto 6/2010",
        "sha256": digest,
    }
    return export


def test_a_region_file_that_is_not_the_published_one_of_its_version_is_a_problem() -> None:
    """R-NET-3: the inspection's case, a region file edited in the hall under the version it
    had; only its SHA-256 tells, and the regulator's list says what it must be."""
    published = read_published(PUBLISHED_TOML)
    assert check(_with_source("2014.2", "c" * 64), published) == []
    assert check(_with_source("2014.1", "b" * 64), published) == []  # an older night
    problems = check(_with_source("2014.2", "a" * 64), published)
    assert problems == [
        f"rules source: sha256 {'a' * 64} is not the published file of version 2014.2 "
        f"(published: {'c' * 64})"
    ]
    assert check(_with_source("2014.2", "a" * 64)) == []  # without the list, nothing to compare
    problems = check(_with_source("2099.1", "c" * 64), published)
    assert problems == ['rules source: version "2099.1" is not a published version of the '
                        'region "cantabria"\'s file']  # fmt: skip


def test_a_sessions_own_rules_are_compared_with_the_published_list_too() -> None:
    export = _with_source("2014.2", "c" * 64)
    export["sessions"][0]["rules"] = copy.deepcopy(export["rules"])
    export["sessions"][0]["rules"]["source"]["sha256"] = "d" * 64
    problems = check(export, read_published(PUBLISHED_TOML))
    assert len(problems) == 1 and problems[0].startswith("session S1 rules source: sha256")


def test_the_command_line_takes_the_published_list(tmp_path: Path) -> None:
    listing = tmp_path / "published.toml"
    listing.write_text(PUBLISHED_TOML, encoding="utf-8")
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(_with_source("2014.2", "a" * 64)), encoding="utf-8")
    run = [sys.executable, str(CHECKER)]
    result = subprocess.run([*run, "--published", str(listing), str(edited)],
                            capture_output=True, text=True, check=False)  # fmt: skip
    assert result.returncode == 1
    assert "is not the published file of version 2014.2" in result.stdout
    assert result.stdout.endswith("5 partidas checked, 1 problems\n")
    bad_list = tmp_path / "bad.toml"
    bad_list.write_text("[[file]]\nregion = 1\n", encoding="utf-8")
    for argv in (["--published", str(bad_list), str(edited)], ["--published"]):
        result = subprocess.run([*run, *argv], capture_output=True, text=True, check=False)
        assert result.returncode == 2 and "Traceback" not in result.stderr


def test_second_series_from_one_below_the_first_series_start_is_accepted() -> None:
    export = valid_export()
    partida(export, 2, 2)["sales"] = [
        {"series": "A-0005", "first": 2, "last": 2, "kind": "physical"},
        {"series": "B-0005", "first": 1, "last": 1, "kind": "electronic"},
    ]
    assert check(export) == []


def test_interconnected_prize_to_a_bingo_winner_is_accepted() -> None:
    export = valid_export()
    partida(export, 2, 1)["awards"].append(_award("interconnected", "A-0004", 1, 24, 90000))
    assert check(export) == []


def test_hall_without_prima_may_leave_it_null() -> None:
    export = valid_export()
    export["rules"]["prima_bp"] = 0
    for session in export["sessions"]:
        for p in session["partidas"]:
            p["prima"] = None
            p["awards"] = [a for a in p["awards"] if a["prize"] != "prima"]
            p["residue_cents"].pop("prima", None)
    assert check(export) == []
    partida(export, 2, 2)["prima"] = _prima(False, 50, 0, 0, 0, 1)
    export["rules"]["prima_bp"] = 600
    assert_named(export, "session S1 partida 1: prima is null but the rules deduct prima_bp 600")


# ---- one deliberate error each -----------------------------------------------------------------


def test_wrong_share_is_named() -> None:
    export = valid_export()
    award(partida(export, 1, 1), "line", 1)["amount_cents"] = 21
    assert_named(
        export,
        "session S1 partida 1: line award A-0001/1 amount 21 but 40 shared by 2 winner(s) is 20",
    )


def test_line_accepted_after_an_earlier_line_is_named() -> None:
    export = valid_export()
    partida(export, 1, 1)["claims"][1]["after_ball"] = 7  # cartón 4 calls after cartón 1 won
    assert_named(
        export,
        "claim line A-0001/4 after ball 7 recorded valid but a line was already correctly "
        "called after ball 5",
        "line award to A-0001/4 but that cartón has no valid line claim",
    )


def test_prima_awarded_past_the_ball_limit_is_named() -> None:
    export = valid_export()
    p = partida(export, 1, 2)
    p["awards"].append(_award("prima", "A-0002", 3, 52, 5000))
    p["prima"]["fund_after_cents"] = 5014 + 24 - 5000
    assert_named(
        export,
        "session S1 partida 2: prima award to A-0002/3 but the bingo was called after ball 52, "
        "past the prima ball limit 50",
    )


def test_prima_due_but_not_awarded_is_named() -> None:
    export = valid_export()
    p = partida(export, 2, 1)
    p["awards"] = [a for a in p["awards"] if a["prize"] != "prima"]
    p["prima"]["fund_after_cents"] = 5038 + 24
    assert_named(export, "prima winner A-0004/1 (valid claim after ball 25) has no prima award")


def test_broken_prima_fund_continuity_is_named() -> None:
    export = valid_export()
    p = partida(export, 2, 1)
    p["prima"]["fund_before_cents"] = 5000
    p["prima"]["fund_after_cents"] = 24
    assert_named(
        export,
        "session S2 partida 1: prima fund_before_cents 5000 but the previous partida "
        "(session S1 partida 2) left the fund at 5038",
    )


def test_fund_total_over_the_export_is_checked() -> None:
    export = valid_export()
    partida(export, 2, 2)["prima"].update(fund_before_cents=63, fund_after_cents=75)
    assert_named(
        export,
        "export: prima fund starts at 4990, receives 84 and pays out 5000, so it should end at "
        "74, but ends at 75",
    )


def test_broken_bola_loca_fund_continuity_is_named() -> None:
    export = valid_export()
    partida(export, 1, 2)["bola_loca"]["fund_before_cents"] = 7
    partida(export, 1, 2)["bola_loca"]["fund_after_cents"] = 11
    assert_named(export, "session S1 partida 2: bola loca fund_before_cents 7 but the previous")


def test_wrong_fund_after_is_named() -> None:
    export = valid_export()
    partida(export, 1, 1)["prima"]["fund_after_cents"] = 5015
    assert_named(export, "prima fund_after_cents 5015 but 4990 + 24 − 0 awarded = 5014")


def test_wrong_deduction_is_named() -> None:
    export = valid_export()
    partida(export, 1, 2)["prima"]["deduction_cents"] = 25
    assert_named(export, "prima deduction_cents 25 but floor(400 × 600 / 10000) = 24")


def test_ball_limit_not_raised_after_a_missed_prima_is_named() -> None:
    export = valid_export()
    partida(export, 2, 1)["prima"]["ball_limit"] = 50
    assert_named(export, "session S2 partida 1: prima ball_limit 50 but the limit in force is 51")


def test_wrong_partidas_accumulated_is_named() -> None:
    export = valid_export()
    partida(export, 2, 1)["prima"]["partidas_accumulated"] = 6
    assert_named(export, "prima partidas_accumulated 6 but 5 partidas")


def test_prima_availability_flag_is_recomputed() -> None:
    export = valid_export()
    partida(export, 1, 1)["prima"]["available"] = True
    assert_named(export, "prima available is true but fund_before 4990 < amount 5000")


def test_prima_amount_changed_before_an_award_is_named() -> None:
    export = valid_export()
    partida(export, 1, 2)["prima"]["amount_cents"] = 5000 * 2
    assert_named(export, "prima amount changed from 5000 to 10000")


def test_bad_carton_is_named() -> None:
    export = valid_export()
    export["card_sets"][0]["cards"][1][0] = [2, 11, 21, 31, 35]  # two in the 30s, none in the 40s
    assert_named(
        export,
        "card set t-4 cartón 2: row 1 has 2 numbers in column 4 (30-39)",
        "card set t-4 cartón 2: column 5 (40-49) has no number",
    )


@pytest.mark.parametrize(
    ("rows", "fragment"),
    [
        ([[1, 12, 23, 34], [5, 56, 67, 78, 89], [14, 28, 39, 58, 90]], "row 1 has 4 numbers"),
        ([[12, 1, 23, 34, 45], [5, 56, 67, 78, 89], [14, 28, 39, 58, 90]], "not in strictly"),
        ([[1, 12, 23, 34, 45], [5, 56, 67, 78, 89], [14, 28, 39, 58, 91]], "outside 1..90"),
        ([[5, 12, 23, 34, 45], [1, 56, 67, 78, 89], [14, 28, 39, 58, 90]], "not ascending top"),
        ([[1, 12, 23], [5, 56, 67, 78, 89]], "is not 3 rows of integers"),
    ],
)
def test_each_cartón_rule_is_named(rows: list[list[int]], fragment: str) -> None:
    export = valid_export()
    export["card_sets"][0]["cards"][1] = rows
    assert_named(export, "card set t-4 cartón 2: ", fragment)


def test_same_cartón_sold_in_two_series_is_named() -> None:
    export = valid_export()
    partida(export, 2, 2)["sales"] = [
        {"series": "A-0005", "first": 1, "last": 1, "kind": "physical"},
        {"series": "B-0005", "first": 1, "last": 1, "kind": "physical"},
    ]
    assert_named(
        export,
        "session S2 partida 2: identical combinations in play: series A-0005 (1-1) and B-0005 "
        "(1-1) both sold cartón 1",
    )


def test_two_cartones_with_the_same_numbers_sold_together_are_named() -> None:
    export = valid_export()
    export["card_sets"][0]["cards"].append(CARTON_1)  # cartón 5 repeats cartón 1
    partida(export, 2, 2)["sales"] = [
        {"series": "A-0005", "first": 1, "last": 1, "kind": "physical"},
        {"series": "A-0005", "first": 5, "last": 5, "kind": "physical"},
    ]
    assert_named(export, "cartones A-0005/1, A-0005/5 carry the same 15 numbers")


def test_overlapping_sales_of_one_series_are_named() -> None:
    export = valid_export()
    partida(export, 2, 2)["sales"] = [
        {"series": "A-0005", "first": 1, "last": 2, "kind": "physical"},
        {"series": "A-0005", "first": 2, "last": 2, "kind": "electronic"},
    ]
    partida(export, 2, 2)["cards_sold"] = 3
    assert_named(export, "sales of series A-0005 overlap: 1-2 and 2-2 share cartón 2")


def test_second_series_breaking_r_sale_2_is_named() -> None:
    export = valid_export()
    partida(export, 2, 2)["sales"] = [
        {"series": "A-0005", "first": 1, "last": 1, "kind": "physical"},
        {"series": "B-0005", "first": 2, "last": 2, "kind": "physical"},
    ]
    assert_named(export, "series B-0005, put on sale after A-0005 in this partida, starts at 2")


def test_series_restarted_instead_of_continued_is_named() -> None:
    export = valid_export()
    partida(export, 1, 2)["sales"][0]["series"] = "A-0001"
    for claim in partida(export, 1, 2)["claims"] + partida(export, 1, 2)["awards"]:
        claim["series"] = "A-0001"
    assert_named(
        export,
        "series A-0001 sale starts at 1, but the last cartón of it sold in an earlier partida "
        "was 4",
    )


def test_sale_beyond_the_card_set_is_named() -> None:
    export = valid_export()
    partida(export, 2, 2)["sales"][0].update(first=4, last=5)
    assert_named(export, "sale A-0005 4-5 goes beyond the 4 cartones of card set t-4")


def test_wrong_residue_is_named() -> None:
    export = valid_export()
    partida(export, 2, 1)["residue_cents"]["line"] = 0
    assert_named(export, "session S2 partida 1: residue for line is 0 but 41 − 2 × 20 = 1")


def test_wrong_bola_loca_residue_is_named() -> None:
    export = valid_export()
    del partida(export, 1, 1)["residue_cents"]["bola_loca"]
    assert_named(export, "residue for bola_loca is 0 but 1005 − 2 × 502 = 1")


def test_annulled_partida_with_an_award_is_named() -> None:
    export = valid_export()
    partida(export, 1, 3)["awards"].append(_award("line", "A-0003", 1, 3, 20))
    assert_named(
        export, "session S1 partida 3: annulled partida has a line award to A-0003/1 (20 cents)"
    )


def test_annulled_partida_with_a_deduction_is_named() -> None:
    export = valid_export()
    partida(export, 1, 3)["prima"]["deduction_cents"] = 12
    assert_named(export, "annulled partida deducts 12 for the prima fund")


def test_annulled_partida_with_a_short_refund_is_named() -> None:
    export = valid_export()
    partida(export, 1, 3)["refund_cents"] = 150
    assert_named(export, "annulled partida refunds 150 but its takings are 200")


def test_annulled_partida_without_incident_is_named() -> None:
    export = valid_export()
    partida(export, 1, 3)["incidents"] = []
    assert_named(export, "annulled partida records no incident")


def test_wrong_completed_at_ball_is_named() -> None:
    export = valid_export()
    award(partida(export, 1, 1), "line", 1)["completed_at_ball"] = 4
    assert_named(
        export,
        "session S1 partida 1: line award A-0001/1 completed_at_ball 4 but that cartón's "
        "row 1 completes at ball 5",
    )


def test_bingo_completed_at_ball_is_the_last_of_its_numbers() -> None:
    export = valid_export()
    award(partida(export, 2, 1), "bingo", 4)["completed_at_ball"] = 24
    assert_named(
        export, "bingo award A-0004/4 completed_at_ball 24 but that cartón's last number is drawn"
    )


def test_valid_claim_recorded_as_invalid_is_named() -> None:
    export = valid_export()
    partida(export, 1, 1)["claims"][1]["valid"] = False
    assert_named(
        export,
        "claim line A-0001/4 after ball 5 recorded invalid but that cartón's row 1 completes "
        "at ball 5",
    )


def test_claim_of_an_incomplete_carton_recorded_valid_is_named() -> None:
    export = valid_export()
    partida(export, 1, 1)["claims"][2]["valid"] = True
    assert_named(
        export,
        "claim bingo A-0001/2 after ball 10 recorded valid but only 1 of that cartón's 15 "
        "numbers are drawn after 10 balls",
    )


def test_claim_of_an_unsold_carton_is_named() -> None:
    export = valid_export()
    partida(export, 1, 1)["claims"].append(_claim(16, "Z-9999", 1, "bingo", True))
    assert_named(export, "recorded valid but that cartón was not sold in this partida")


def test_bingo_winner_without_award_is_named() -> None:
    export = valid_export()
    p = partida(export, 2, 1)
    p["awards"].remove(award(p, "bingo", 4))
    assert_named(export, "bingo winner A-0004/4 (valid claim after ball 25) has no bingo award")


def test_closed_partida_without_bingo_is_named() -> None:
    export = valid_export()
    p = partida(export, 1, 2)
    p["claims"] = p["claims"][:1]
    p["awards"] = p["awards"][:1]
    assert_named(export, "session S1 partida 2: closed partida has no bingo award")


def test_balls_drawn_after_the_winning_bingo_are_named() -> None:
    export = valid_export()
    partida(export, 1, 1)["balls"].append(3)
    assert_named(export, "1 ball(s) drawn after the winning bingo was called after ball 16")


def test_bola_loca_to_the_wrong_winner_is_named() -> None:
    export = valid_export()
    award(partida(export, 2, 1), "bola_loca", 4)["number"] = 1
    assert_named(
        export,
        "bola_loca award to A-0004/1 but it goes to the bingo winner(s) completing on a bola "
        "loca number: A-0004/4",
        "bola_loca winner A-0004/4",
    )


def test_bola_loca_not_drawn_is_named() -> None:
    export = valid_export()
    partida(export, 1, 2)["bola_loca"]["numbers"] = []
    assert_named(export, "no bola loca number was drawn for this partida")


def test_interconnected_prize_without_bingo_is_named() -> None:
    export = valid_export()
    partida(export, 2, 1)["awards"].append(_award("interconnected", "A-0004", 2, 25, 90000))
    assert_named(export, "interconnected award to A-0004/2 but that cartón has no valid bingo")


@pytest.mark.parametrize(
    ("field", "value", "fragment"),
    [
        ("takings_cents", 500, "takings_cents 500 but 4 cartones × 100 = 400"),
        ("cards_sold", 5, "cards_sold 5 but the sales ranges add up to 4"),
        ("line_prize_cents", 41, "line_prize_cents 41 but floor(400 × 1000 / 10000) = 40"),
        ("bingo_prize_cents", 199, "bingo_prize_cents 199 but floor(400 × 5000 / 10000) = 200"),
        ("refund_cents", 10, "refund_cents 10 in a partida that is not annulled"),
        ("manual_from_ball", 18, "manual_from_ball 18 is outside 1..17"),
        ("status", "won", "status 'won' is not one of closed, annulled, open"),
        ("card_set", "std-6000", "card set 'std-6000' is not among the export's card_sets"),
    ],
)
def test_partida_field_errors_are_named(field: str, value: object, fragment: str) -> None:
    export = valid_export()
    partida(export, 1, 1)[field] = value
    assert_named(export, f"session S1 partida 1: {fragment}")


@pytest.mark.parametrize(
    ("balls", "fragment"),
    [
        ([1, 12, 23, 34, 45, 1], "ball 1 drawn twice (extractions 1 and 6)"),
        ([1, 12, 23, 34, 91], "ball 5 is 91, not a number in 1..90"),
    ],
)
def test_bad_balls_are_named(balls: list[int], fragment: str) -> None:
    export = valid_export()
    partida(export, 2, 2)["balls"] = balls
    assert_named(export, f"session S2 partida 2: {fragment}")


def test_money_that_does_not_balance_is_named() -> None:
    export = valid_export()
    partida(export, 1, 1)["residue_cents"]["bingo"] = 300
    assert_named(
        export,
        "residue for bingo is 300 but 200 − 1 × 200 = 0",
        "money does not balance: takings 400 < refund 0 + prizes paid 240 + residues 300",
    )


def test_missing_required_fields_are_named() -> None:
    export = valid_export()
    del partida(export, 1, 1)["takings_cents"]
    del partida(export, 1, 2)["prima"]["ball_limit"]
    del export["rules"]["prima_ball_limit"]
    assert_named(
        export,
        "session S1 partida 1: missing required field 'takings_cents'",
        "session S1 partida 2 prima: missing required field 'ball_limit'",
        "rules: missing required field 'prima_ball_limit'",
    )


def test_wrong_format_tag_is_named() -> None:
    export = valid_export()
    export["format"] = "bingo-session/2"
    assert_named(export, "export: format is 'bingo-session/2', not 'bingo-session/1'")


def test_open_partida_that_is_not_last_is_named() -> None:
    export = valid_export()
    partida(export, 1, 2)["status"] = "open"
    assert_named(export, "session S1 partida 2: an open partida must be the last one")


@pytest.mark.parametrize(
    "mangle",
    [
        lambda e: e.update(sessions="none"),
        lambda e: e["sessions"][0].update(partidas=[7, None]),
        lambda e: partida(e, 1, 1).update(
            sales="x", balls=None, claims=[{}], awards=[3], prima=[], bola_loca="", residue_cents=1
        ),
        lambda e: partida(e, 1, 1).update(number=True, cards_sold=1.5, face_value_cents="100"),
        lambda e: e["card_sets"].append({"id": "x", "cards": [None, [[1, "2"], [], []]]}),
    ],
)
def test_malformed_shapes_are_reported_without_crashing(
    mangle: Callable[[dict[str, Any]], None],
) -> None:
    export = valid_export()
    mangle(export)
    problems = check(export)
    assert problems
    assert not [p for p in problems if "could not be checked" in p], problems


# ---- command line and independence ---------------------------------------------------------------


def _run_cli(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(CHECKER), str(path)], capture_output=True, text=True, check=False
    )


def test_command_line_exit_codes(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(valid_export(), ensure_ascii=False), encoding="utf-8")
    result = _run_cli(good)
    assert (result.returncode, result.stdout) == (0, "5 partidas checked, 0 problems\n")

    export = valid_export()
    award(partida(export, 1, 1), "line", 1)["amount_cents"] = 21
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(export), encoding="utf-8")
    result = _run_cli(bad)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith("session S1 partida 1: line award A-0001/1 amount 21")
    assert lines[-1] == f"5 partidas checked, {len(lines) - 1} problems"

    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    assert _run_cli(broken).returncode == 2
    assert _run_cli(tmp_path / "missing.json").returncode == 2
    listing = tmp_path / "list.json"
    listing.write_text("[]", encoding="utf-8")
    assert _run_cli(listing).returncode == 2


def test_checker_uses_the_standard_library_only() -> None:
    """The checker is its file and the modules beside it for the games (``check_games.py``,
    ``check_game_defs.py``), the interconnected prize (``check_interconnected.py``) and the
    terminals (``check_terminals.py``), the simultaneous partidas (``check_simultaneous.py``) and
    the published region files (``check_regions.py``), all on the standard library alone:
    nothing of the program.
    """
    sibling = {
        "check_games",
        "check_game_defs",
        "check_interconnected",
        "check_regions",
        "check_simultaneous",
        "check_terminals",
    }
    for path in (CHECKER, *(CHECKER.with_name(f"{name}.py") for name in sorted(sibling))):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # only the sibling module, as ``from . import check_games``
                    assert node.level == 1 and node.module is None, path
                    assert {a.name for a in node.names} <= sibling, path
                    continue
                imported.add((node.module or "").split(".")[0])
        allowed = set(sys.stdlib_module_names) | {"__future__"} | sibling
        assert imported <= allowed, (path, imported - allowed)
