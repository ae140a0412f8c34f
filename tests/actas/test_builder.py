"""The pure acta builder, and the fixture it is tested on."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from actas.builder import ActaDataError, build_acta
from bingo.chain import Record, verify_chain
from tests.actas.fixtures import Night, card_set, make_export


def test_fixture_cards_follow_the_rules_of_a_carton() -> None:
    for rows in card_set()[:300]:
        numbers = [n for row in rows for n in row]
        assert len(numbers) == 15 == len(set(numbers))
        assert all(len(row) == 5 and row == sorted(row) for row in rows)
        columns = [[n for n in numbers if (8 if n == 90 else n // 10) == c] for c in range(9)]
        assert all(1 <= len(col) <= 3 for col in columns)
        for c in range(9):  # ascending top to bottom in each column
            by_row = [
                next((n for n in row if (8 if n == 90 else n // 10) == c), None) for row in rows
            ]
            present = [n for n in by_row if n is not None]
            assert present == sorted(present)


def test_fixture_is_a_valid_chained_export(night12: Night, export12: dict[str, Any]) -> None:
    records = [Record.from_json(r) for r in export12["chain"]["records"]]
    assert verify_chain(records) is None
    assert export12["chain"]["head"] == records[-1].hash == night12.records[-1].hash
    s = export12["sessions"][0]
    for p in s["partidas"]:
        assert p["takings_cents"] == p["cards_sold"] * p["face_value_cents"]
        if p["status"] == "closed":
            bingo = [a for a in p["awards"] if a["prize"] == "bingo"]
            assert bingo and all(a["completed_at_ball"] == len(p["balls"]) for a in bingo)
        # R-SALE-2: a second series starts at 1 and stops before the first one's start
        if len(p["sales"]) > 1 and p["sales"][0]["series"] != p["sales"][-1]["series"]:
            assert p["sales"][-1]["first"] == 1
            assert p["sales"][-1]["last"] < p["sales"][0]["first"]


def test_acta_of_a_night(export12: dict[str, Any]) -> None:
    acta = build_acta(export12)
    assert acta.observations == ()
    assert acta.complete and acta.hall_id == "cantabria-001" and acta.languages == ("es",)
    assert [p.number for p in acta.partidas] == list(range(1, 13))
    assert acta.check("open") is not None and acta.check("close") is not None
    p2 = acta.partidas[1]
    line = p2.prize("line")
    assert line is not None and len(line.winners) == 3 and line.residue_cents == 2
    assert line.amount_cents == p2.line_prize_cents == line.paid_cents + 2
    p3 = acta.partidas[2]
    bingo = p3.prize("bingo")
    assert bingo is not None and len(bingo.winners) == 2 and bingo.residue_cents == 1
    assert {s.kind for s in p3.sales} == {"physical", "electronic"}
    p5 = acta.partidas[4]
    assert p5.status == "annulled" and p5.refund_cents == p5.takings_cents and not p5.prizes
    assert p5.ball_set_changes[0].ball_set_id == "BS-2025-118"
    p8 = acta.partidas[7]
    assert p8.prima is not None and p8.prima.awarded and p8.prima.ball_limit == 52
    assert p8.prima.award_ball_index == 45 and p8.prima_changes[0].amount_cents == 50000
    assert acta.partidas[8].manual_from_ball == 21
    assert acta.partidas[9].bola_loca is not None and acta.partidas[9].bola_loca.won
    assert acta.partidas[10].prize("interconnected") is not None
    assert acta.partidas[11].last_announced and acta.last_partida_announced == 12


def test_totals_and_hall_share(export12: dict[str, Any]) -> None:
    tot = build_acta(export12).totals
    s = export12["sessions"][0]
    done = [p for p in s["partidas"] if p["status"] != "open"]
    assert tot.takings_cents == sum(p["takings_cents"] for p in done)
    assert tot.refunds_cents == 13900
    paid = sum(a["amount_cents"] for p in done for a in p["awards"])
    assert tot.prizes_paid_total_cents == paid
    closed = [p for p in done if p["status"] == "closed"]
    assert tot.hall_share_cents == (
        tot.takings_cents
        - tot.refunds_cents
        - sum(p["line_prize_cents"] + p["bingo_prize_cents"] for p in closed)
        - sum(p["prima"]["deduction_cents"] for p in done)
        - sum(p["bola_loca"]["deduction_cents"] for p in done)
    )
    assert tot.prima_fund_close_cents == done[-1]["prima"]["fund_after_cents"]


def test_partial_acta_shows_the_open_partida_data_only(night12: Night) -> None:
    acta = build_acta(night12.export(night12.index_after_ball(6, 30)))
    assert not acta.complete and acta.last_closed_partida == 5
    current = acta.partidas[-1]
    assert current.number == 6 and current.status == "open"
    assert current.balls == () and current.prizes == () and current.claims == ()
    assert current.cards_sold > 0 and current.line_prize_cents > 0
    assert acta.chain.seq == night12.index_after_ball(6, 30)


def test_session_selection_and_errors(export12: dict[str, Any]) -> None:
    with pytest.raises(ActaDataError, match="no es una exportación"):
        build_acta({"format": "other"})
    with pytest.raises(ActaDataError, match="no está en la exportación"):
        build_acta(export12, "nope")
    two = copy.deepcopy(export12)
    two["sessions"].append({**copy.deepcopy(two["sessions"][0]), "id": "otra"})
    with pytest.raises(ActaDataError, match="varias sesiones"):
        build_acta(two)
    assert build_acta(two, "otra").session_id == "otra"


def test_inconsistencies_become_observations(export12: dict[str, Any]) -> None:
    bad = copy.deepcopy(export12)
    p = bad["sessions"][0]["partidas"][0]
    p["line_prize_cents"] += 1
    p["prima"]["fund_after_cents"] += 5
    bad["sessions"][0]["ball_checks"][1]["numbers"] = list(range(1, 90))
    notes = build_acta(bad).observations
    assert any("premio de línea no es el 10 %" in n for n in notes)
    assert any("fondo de la prima no cuadra" in n for n in notes)
    assert any("no continúa" in n for n in notes)
    assert any("Comprobación de bolas al cierre de la sesión: no conforme" in n for n in notes)


def test_the_count_that_stands_is_the_last_one_made(export12: dict[str, Any]) -> None:
    recount = copy.deepcopy(export12)
    checks = recount["sessions"][0]["ball_checks"]
    first_close = {**checks[1], "numbers": list(range(1, 90)), "ok": False}
    checks.insert(1, first_close)  # a miscount, then the count again
    acta = build_acta(recount)
    close = acta.check("close")
    assert close is not None and close.ok and close.count == 90


def test_basque_hall_languages() -> None:
    assert build_acta(make_export(2, languages=("es", "eu"))).languages == ("es", "eu")
