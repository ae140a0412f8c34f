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


def test_the_screens_say_the_fund_went_to_another_hall_and_show_only_a_fund_in_play() -> None:
    """R-MULTI-1, decisions 286–287: two halls share one fund. Hall B's bingo wins it first;
    hall A's bingo within the same announced limit does not, and its screens (console and
    panels: one state) stop showing the amount and say it was won in another hall. An empty
    fund (not in play) is not shown by either.
    """
    ledger = MemoryLedger("red", RULES)
    a, b = make_hall(prima_cents=20_000), make_hall(prima_cents=20_000, hall_id="otra")
    play_to_close(a, ledger, winner=1)  # an empty fund announced: not in play
    state = panel_state(a.hall)
    assert (state.interconnected_cents, state.interconnected_outcome) == (None, "")
    a.svc.settle_interconnected(ledger)
    a.svc.pay_prizes()
    for kit in (a, b):  # both announce the same fund, 1,00 € up to ball 20
        kit.svc.start_partida()
        kit.svc.sell_count("A", 10)
        kit.svc.close_sale()
        kit.svc.play_interconnected(ledger)
        assert panel_state(kit.hall).interconnected_cents == 100
    for kit in (b, a):  # B's bingo settles first and takes the fund
        partida = kit.hall.partida
        assert partida is not None
        winner = partida.sales[0].first
        kit.svc.confirm_data_shown()
        kit.draw_rest_until(sorted(kit.carton(winner).numbers))
        kit.svc.claim("A", winner, "line")
        kit.svc.claim("A", winner, "bingo")
        kit.svc.close_partida()
        kit.svc.settle_interconnected(ledger)
    won, lost = panel_state(b.hall), panel_state(a.hall)
    assert (won.interconnected_cents, won.interconnected_outcome) == (200, "won")
    assert "Interconectado ganado: 2,00 €" in money_words(won)
    assert (lost.interconnected_cents, lost.interconnected_outcome) == (None, "elsewhere")
    assert "Interconectado: ganado en otra sala" in money_words(lost)
    assert "hasta la bola" not in money_words(lost)  # the announced 1,00 € is not shown
