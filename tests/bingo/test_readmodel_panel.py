"""What the hall panels are given to show (R-PANEL-1, R-BOLA-3)."""

from __future__ import annotations

from bingo.readmodel import panel_state
from bingo.rules import RegionRules
from tests.bingo.hallkit import make_hall


def test_panel_bola_loca_fund_includes_this_partidas_share_while_it_is_played() -> None:
    """R-PANEL-1: the bola loca shown is what a hit would pay: the fund plus this partida's
    share (the inspection saw 52,04 € shown and 112,04 € paid).
    """
    kit = make_hall(
        rules=RegionRules(region="cantabria", bola_loca_bp=100, bingo_bp=5000),
        bola=[[90], [90]],
    )
    kit.partida_ready((("A", 100),))  # 100 € sold: 1 € to the bola loca
    kit.finish_with_bingo(1)  # 90 is on no first-row line: not won, the euro stays in the fund
    assert kit.hall.bola_loca_fund_cents == 100
    kit.partida_ready((("A", 50),))  # 50 €: 50 cents more
    shown = panel_state(kit.hall)
    assert shown.bola_loca_share_cents == 50
    assert shown.bola_loca_fund_cents == 150
    first = kit.hall.partida.sales[0].first
    carton = kit.carton(first)
    kit.draw_rest_until(sorted(carton.numbers))
    kit.svc.claim("A", first, "line")
    kit.svc.claim("A", first, "bingo")
    assert panel_state(kit.hall).bola_loca_fund_cents == 150
    kit.svc.close_partida()
    closed = panel_state(kit.hall)
    # Closed: the share is in the hall's fund now (or was paid), never counted twice.
    assert closed.bola_loca_share_cents == 0
    assert closed.bola_loca_fund_cents == kit.hall.bola_loca_fund_cents


def test_panel_announcement_is_given_as_a_code_for_the_screens_languages() -> None:
    """R-PANEL-4: the words are the screen's (in the hall's languages), the state gives codes."""
    kit = make_hall()
    assert panel_state(kit.hall).announcement_code == "next_partida"
    kit.svc.start_partida()
    assert panel_state(kit.hall).announcement_code == "sale_open"
