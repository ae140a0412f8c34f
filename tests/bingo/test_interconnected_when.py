"""When the interconnected prize's steps are due (SPEC R-MULTI-1; Cantabria V.2.b, V.3;
decisions 286, 288): one rule, ``Hall.interconnected_due``, that the simulation and the hall
server both follow: the fund announced once the sale is closed, the partida settled once it is
closed and before it is paid; nothing due at any other moment.
"""

from __future__ import annotations

from bingo.hall.interconnected import ANNOUNCE, SETTLE
from bingo.interconnected import MemoryLedger
from tests.bingo.hallkit import make_hall
from tests.bingo.test_interconnected_hall import RULES


def test_announce_is_due_at_the_sale_close_and_settle_once_the_partida_is_closed() -> None:
    kit, ledger = make_hall(prima_cents=20_000), MemoryLedger("red", RULES)
    svc, hall = kit.svc, kit.hall
    assert hall.interconnected_due() is None  # no partida
    svc.start_partida()
    svc.sell_count("A", 10)
    assert hall.interconnected_due() is None  # the sale is open
    svc.close_sale()
    assert hall.interconnected_due() == ANNOUNCE
    assert svc.play_interconnected(ledger) == ANNOUNCE
    assert hall.interconnected_due() is None  # announced once
    assert svc.play_interconnected(ledger) is None
    svc.confirm_data_shown()
    partida = hall.partida
    assert partida is not None
    carton = sorted(kit.carton(partida.sales[0].first).numbers)
    kit.draw_rest_until(carton)
    assert hall.interconnected_due() is None  # playing
    svc.claim("A", partida.sales[0].first, "line")
    svc.claim("A", partida.sales[0].first, "bingo")
    svc.close_partida()
    assert hall.interconnected_due() == SETTLE
    assert svc.play_interconnected(ledger) == SETTLE
    assert hall.interconnected_due() is None  # settled once
    svc.pay_prizes()
    assert hall.interconnected_due() is None
    assert ledger.state().fund_cents == partida.takings_cents * RULES.contribution_bp // 10_000
