"""Money is conserved to the cent over any sequence of partidas (R-PRIZE-1..3, R-PRIMA-1..5,
R-BOLA-1, R-INC-*)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bingo.export import build_export
from bingo.rules import RegionRules
from bingo.service import HallService, MemoryEventLog
from bingo.simulate import SimulatedClock, Simulation, SimulationPlan, seeded_bola_loca

from .hallkit import BALLS

SMALL = dict(series_size=600, card_set_id="c1")


def simulate(seed: int, partidas: int, prima_cents: int, bola_bp: int) -> dict:  # type: ignore[type-arg]
    log = MemoryEventLog()
    holder: dict = {}  # type: ignore[type-arg]
    svc = HallService(
        log,
        "h",
        clock=SimulatedClock(
            "2026-11-22", lambda: holder["svc"].last_seq if "svc" in holder else 0
        ),
        bola_loca=seeded_bola_loca(seed, lambda: len(holder["svc"].hall.session.partidas) + 1),
    )
    holder["svc"] = svc
    svc.register_hall("h", "Sala", "cantabria", ["es"])
    svc.adopt_rules(RegionRules(region="cantabria", bola_loca_bp=bola_bp, bingo_bp=5100 - bola_bp))
    svc.generate_card_set("c1", seed=1, strips=100)
    svc.install_ball_set("B", "H", 3000)
    svc.choose_prima_amount(prima_cents)
    plan = SimulationPlan(seed=seed, partidas=partidas, session_id="S", date="2026-11-22", **SMALL)  # type: ignore[arg-type]
    Simulation(svc, plan).run()
    return build_export(svc.hall, svc.card_sets.get)


def check_conservation(export: dict) -> None:  # type: ignore[type-arg]
    totals = {"takings": 0, "refunds": 0, "paid": 0, "residue": 0, "hall": 0}
    prima_fund = bola_fund = 0
    for partida in export["sessions"][0]["partidas"]:
        assert partida["status"] in ("closed", "annulled")
        takings = partida["takings_cents"]
        prima, bola = partida["prima"], partida["bola_loca"]
        assert prima["fund_before_cents"] == prima_fund
        assert bola["fund_before_cents"] == bola_fund
        totals["takings"] += takings
        by_prize: dict[str, int] = {}
        for award in partida["awards"]:
            by_prize[award["prize"]] = by_prize.get(award["prize"], 0) + award["amount_cents"]
        paid = sum(by_prize.values())
        residue = sum(partida["residue_cents"].values())
        if partida["status"] == "annulled":
            assert partida["refund_cents"] == takings and not partida["awards"]
            assert prima["deduction_cents"] == bola["deduction_cents"] == 0
            totals["refunds"] += takings
            continue
        line, bingo = partida["line_prize_cents"], partida["bingo_prize_cents"]
        assert by_prize.get("line", 0) + partida["residue_cents"]["line"] == line
        assert by_prize.get("bingo", 0) + partida["residue_cents"]["bingo"] == bingo
        prima_awarded = by_prize.get("prima", 0) + partida["residue_cents"].get("prima", 0)
        bola_awarded = by_prize.get("bola_loca", 0) + partida["residue_cents"].get("bola_loca", 0)
        assert prima["fund_after_cents"] == prima_fund + prima["deduction_cents"] - prima_awarded
        assert bola["fund_after_cents"] == bola_fund + bola["deduction_cents"] - bola_awarded
        hall_share = takings - line - bingo - prima["deduction_cents"] - bola["deduction_cents"]
        assert hall_share >= 0
        totals["paid"] += paid
        totals["residue"] += residue
        totals["hall"] += hall_share
        prima_fund, bola_fund = prima["fund_after_cents"], bola["fund_after_cents"]
    # Every cent taken is refunded, paid, left as residue, held in a fund, or the hall's share.
    assert totals["takings"] == (
        totals["refunds"]
        + totals["paid"]
        + totals["residue"]
        + prima_fund
        + bola_fund
        + totals["hall"]
    )
    assert export["funds"]["prima_fund_cents"] == prima_fund
    assert export["funds"]["bola_loca_fund_cents"] == bola_fund


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    partidas=st.integers(2, 7),
    prima_cents=st.sampled_from([5000, 10000]),
    bola_bp=st.sampled_from([0, 100, 250]),
)
def test_money_is_conserved_over_any_sequence_of_partidas(
    seed: int, partidas: int, prima_cents: int, bola_bp: int
) -> None:
    check_conservation(simulate(seed, partidas, prima_cents, bola_bp))


def test_a_long_session_awards_prima_and_bola_loca_and_conserves_money() -> None:
    export = simulate(seed=7, partidas=25, prima_cents=5000, bola_bp=250)
    check_conservation(export)
    prizes = {a["prize"] for p in export["sessions"][0]["partidas"] for a in p["awards"]}
    assert {"line", "bingo", "prima"} <= prizes
    assert export["sessions"][0]["ball_checks"][0]["numbers"] != BALLS  # shuffled count, all 90
