"""The jefe de mesa's console says the interconnected fund announced for the partida and its
ball limit while it is in play, as it says the prima's (SPEC R-MULTI-1, R-PRIMA-4).
"""

from __future__ import annotations

from bingo.interconnected import MemoryLedger
from bingo.readmodel import panel_state
from tests.bingo.hallkit import make_hall
from tests.bingo.test_interconnected_hall import RULES, play_to_close
from ui.console.state import money_words, prize_name


def test_the_console_shows_the_interconnected_fund_in_play_and_names_its_prize() -> None:
    kit, ledger = make_hall(prima_cents=20_000), MemoryLedger("red", RULES)
    play_to_close(kit, ledger, winner=1)  # an empty fund announced: not in play, not said
    assert "Interconectado" not in money_words(panel_state(kit.hall))
    kit.svc.settle_interconnected(ledger)
    kit.svc.pay_prizes()
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10)
    kit.svc.close_sale()
    kit.svc.play_interconnected(ledger)
    state = panel_state(kit.hall)
    assert (state.interconnected_cents, state.interconnected_ball_limit) == (100, 20)
    assert "Interconectado 1,00 € hasta la bola 20" in money_words(state)
    assert prize_name("interconnected") == "bingo interconectado"
