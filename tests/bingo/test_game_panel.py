"""What the screens are told of a partida of bingo derivado or plus (R-PANEL-1, R-PANEL-2,
R-GAME-5, R-MULTI-4; docs/decisions.md 276): the amount at stake per combination is the one the
settlement pays, no winner before the settlement, and the game leaves the screens when an
ordinary partida starts.
"""

from __future__ import annotations

import pytest

from bingo.readmodel import panel_state
from tests.bingo.test_game_partidas import draw_until_over, with_game


@pytest.mark.parametrize("name", ["plus-4x5", "derivado-instantaneo-3x3"])
def test_the_amount_shown_at_stake_is_what_the_settlement_pays(name: str) -> None:
    kit, definition = with_game(name, sell=60)
    shown = panel_state(kit.hall).game
    assert shown is not None and shown.count == definition.count and shown.cards_sold == 60
    stakes = {p.combination: p.stake_cents for p in shown.prizes}
    draw_until_over(kit, definition)
    before = panel_state(kit.hall).game
    assert before is not None and not before.settled
    assert all(not p.winners and not p.winners_count for p in before.prizes)  # R-GAME-5
    kit.svc.close_game_partida()
    settled = panel_state(kit.hall).game
    assert settled is not None and settled.settled
    partida = kit.hall.games.of_session("S1")[0]
    for prize in settled.prizes:
        awards = [a for a in partida.awards if a.combination == prize.combination]
        assert prize.winners_count == len(awards)
        assert prize.paid_cents == sum(a.amount_cents for a in awards)
        if prize.each:  # the instant plan: each winning cartón gets the amount shown
            assert all(a.amount_cents == stakes[prize.combination] for a in awards)
        else:  # a pool: shared equally, the residue kept apart (R-PRIZE-3)
            pool = prize.paid_cents + partida.residues[prize.combination]
            assert pool == stakes[prize.combination]


def test_the_game_leaves_the_screens_when_an_ordinary_partida_starts() -> None:
    kit, definition = with_game("plus-4x5")
    draw_until_over(kit, definition)
    kit.svc.close_game_partida()
    kit.svc.pay_game_prizes()
    assert panel_state(kit.hall).game is not None  # the last partida played stays shown
    kit.svc.start_partida()
    assert panel_state(kit.hall).game is None


def test_the_screens_are_told_a_game_partida_is_the_last_of_its_modality() -> None:
    """R-GAME-6, decision 393: ``GamePanel.is_last`` once announced, from then on (paid, it
    stays on the screens as the last one); another modality's partida is not the last.
    """
    kit, definition = with_game("plus-4x5")
    before = panel_state(kit.hall).game
    assert before is not None and not before.is_last
    kit.svc.announce_last_game_partida()
    shown = panel_state(kit.hall).game
    assert shown is not None and shown.is_last
    draw_until_over(kit, definition)
    kit.svc.close_game_partida()
    kit.svc.pay_game_prizes()
    paid = panel_state(kit.hall).game
    assert paid is not None and paid.is_last and paid.status == "paid"
