"""A hall's partida with the interconnected prize (SPEC R-MULTI-1; Cantabria V.2.b and V.3;
docs/decisions.md 285–289): announced at the close of the sale, settled once the partida is
closed, paid with the other prizes, and in the export only when the hall joined.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from bingo.errors import DomainError
from bingo.export import build_export
from bingo.interconnected import InterconnectedRules, MemoryLedger, ScaleStep
from bingo.readmodel import panel_state
from bingo.transcribe import FORMAT, BookError, transcribe
from tests.bingo.hallkit import BALLS, Kit, make_hall
from tests.independent.check_export import check

RULES = InterconnectedRules(
    contribution_bp=1000,  # 10 %: the fund is in play from the second partida of the test
    fund_max_cents=600_000,
    reserve_max_cents=100_000,
    scale=(ScaleStep(100, 20),),
)


def play_to_close(kit: Kit, ledger: MemoryLedger, winner: int, extra_balls: int = 0) -> None:
    """A partida of 10 cartones whose ``winner``-th cartón sold calls line and bingo."""
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10)
    partida = kit.hall.partida
    assert partida is not None
    winner += partida.sales[0].first - 1
    kit.svc.close_sale()
    kit.svc.announce_interconnected(ledger)
    kit.svc.confirm_data_shown()
    carton = sorted(kit.carton(winner).numbers)
    others = [n for n in range(1, 91) if n not in carton][:extra_balls]
    kit.draw(others)
    kit.draw_rest_until(carton)
    kit.svc.claim("A", winner, "line")
    kit.svc.claim("A", winner, "bingo")
    kit.svc.close_partida()


def test_a_partida_that_announced_the_prize_is_not_paid_before_it_is_settled() -> None:
    """V.3: prizes are paid before the next partida; the interconnected one with them."""
    kit, ledger = make_hall(prima_cents=20_000), MemoryLedger("red", RULES)
    play_to_close(kit, ledger, winner=1)
    with pytest.raises(DomainError, match="aún no está liquidado"):
        kit.svc.pay_prizes()
    kit.svc.settle_interconnected(ledger)
    kit.svc.pay_prizes()


def test_a_terminal_player_is_not_paid_before_the_partida_is_settled() -> None:
    """Decision 288 (Cantabria V.3; R-MULTI-3): the same rule for the terminal as for the
    table. A cartón sold on a machine wins line and bingo; until the partida is settled nothing
    is owed to the machine (nor shown as owed); once settled, everything, the fund included.
    """
    kit, ledger = make_hall(prima_cents=20_000), MemoryLedger("red", RULES)
    svc = kit.svc
    play_to_close(kit, ledger, winner=1)  # seeds the fund: in play in the next partida
    svc.settle_interconnected(ledger)
    svc.pay_prizes()
    svc.start_partida()
    svc.sell_count("A", 10)
    svc.sell_count("A", 6, electronic=True, terminal="T1")
    partida = kit.hall.partida
    assert partida is not None
    winner = partida.sales[1].first
    svc.close_sale()
    svc.announce_interconnected(ledger)
    svc.confirm_data_shown()
    kit.draw_rest_until(sorted(kit.carton(winner).numbers))
    svc.close_partida()
    assert kit.hall.owed_to_terminal("T1") == []
    assert svc.terminal_view("T1")["owed_cents"] == 0
    with pytest.raises(DomainError, match="cuando esté liquidada con el fondo común"):
        svc.pay_terminal_prizes("T1")
    svc.settle_interconnected(ledger)
    owed = {e.prize for e in kit.hall.owed_to_terminal("T1")}
    assert owed == {"line", "bingo", "interconnected"}
    paid = svc.pay_terminal_prizes("T1")
    assert {e.prize for e in paid} == owed
    svc.pay_prizes()


def test_a_bingo_within_the_scale_wins_the_whole_fund_and_the_export_shows_it() -> None:
    kit, ledger = make_hall(prima_cents=20_000), MemoryLedger("red", RULES)
    play_to_close(kit, ledger, winner=1)  # fund 0 announced: not in play; contributes 100
    kit.svc.settle_interconnected(ledger)
    kit.svc.pay_prizes()
    play_to_close(kit, ledger, winner=2)  # 100 announced, limit 20: the bingo comes with 15
    kit.svc.settle_interconnected(ledger)
    kit.svc.pay_prizes()
    export = build_export(kit.hall, kit.svc.card_sets.get)
    first, second = export["sessions"][0]["partidas"]
    assert first["interconnected"]["available"] is False
    assert first["interconnected"]["contribution_cents"] == 100
    ic = second["interconnected"]
    assert (ic["amount_cents"], ic["ball_limit"], ic["available"]) == (100, 20, True)
    assert (ic["fund_before_cents"], ic["contribution_cents"]) == (100, 100)
    assert (ic["awarded_cents"], ic["fund_after_cents"], ic["partidas_accumulated"]) == (200, 0, 2)
    won = [a for a in second["awards"] if a["prize"] == "interconnected"]
    assert [(a["series"], a["number"], a["amount_cents"]) for a in won] == [("A", 12, 200)]
    assert check(export) == []
    assert ledger.state().generation == 2


def test_a_bingo_after_the_scale_only_contributes() -> None:
    kit, ledger = make_hall(prima_cents=20_000), MemoryLedger("red", RULES)
    play_to_close(kit, ledger, winner=1)
    kit.svc.settle_interconnected(ledger)
    kit.svc.pay_prizes()
    play_to_close(kit, ledger, winner=2, extra_balls=10)  # bingo with the 25th ball
    kit.svc.settle_interconnected(ledger)
    second = build_export(kit.hall, kit.svc.card_sets.get)["sessions"][0]["partidas"][1]
    assert second["interconnected"]["awarded_cents"] == 0
    assert not [a for a in second["awards"] if a["prize"] == "interconnected"]


def test_the_prize_is_announced_once_and_only_when_the_sale_is_closed() -> None:
    kit, ledger = make_hall(prima_cents=20_000), MemoryLedger("red", RULES)
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10)
    with pytest.raises(DomainError, match="esta operación solo cabe en"):
        kit.svc.announce_interconnected(ledger)
    kit.svc.close_sale()
    kit.svc.announce_interconnected(ledger)
    with pytest.raises(DomainError, match="ya se anunció"):
        kit.svc.announce_interconnected(ledger)


def test_a_hall_that_did_not_join_exports_no_interconnected_field() -> None:
    """An old export stays as it was: the field appears only where the hall joined."""
    kit = make_hall()
    kit.partida_ready()
    kit.finish_with_bingo(1)
    (partida,) = build_export(kit.hall, kit.svc.card_sets.get)["sessions"][0]["partidas"]
    assert "interconnected" not in partida


def _book(kit: Kit, number: int, winner: int, first: int, last: int, balls: list[int]) -> Any:
    """The manual book's entry of partida ``number``: cartón ``winner`` calls line and bingo
    with the last of ``balls`` (the balls drawn before the failure first).
    """
    balls = balls + [n for n in sorted(kit.carton(winner).numbers) if n not in balls]
    claims = [
        {"after_ball": len(balls), "series": "A", "number": winner, "kind": kind}
        for kind in ("line", "bingo")
    ]
    return {
        "format": FORMAT,
        "partidas": [
            {
                "number": number,
                "note": "sistema caído: partida llevada en el libro",
                "sales": [{"series": "A", "first": first, "last": last, "kind": "physical"}],
                "balls": balls,
                "claims": claims,
                "annulled": None,
            }
        ],
    }


def test_a_partida_that_announced_the_prize_is_settled_when_the_book_completes_it() -> None:
    """R-ACTA-4 and R-MULTI-1 (decision 302): the system fails after the fund was announced; the
    partida completed from the manual book is settled against the shared fund before it is
    paid, and its bingo within the announced limit wins it. Without the ledger the book could
    not be taken in at all (the partida cannot be paid unsettled).
    """
    kit, ledger = make_hall(prima_cents=20_000), MemoryLedger("red", RULES)
    play_to_close(kit, ledger, winner=1)  # the fund is seeded: in play in the next partida
    kit.svc.settle_interconnected(ledger)
    kit.svc.pay_prizes()
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10)
    partida = kit.hall.partida
    assert partida is not None
    first = partida.sales[0].first
    kit.svc.close_sale()
    kit.svc.announce_interconnected(ledger)
    kit.svc.confirm_data_shown()
    before = [n for n in range(1, 91) if n not in kit.carton(first + 1).numbers][:2]
    kit.draw(before)  # then the system fails
    book = _book(kit, 2, first + 1, first, first + 9, before)
    wrong = copy.deepcopy(book)
    wrong["partidas"][0]["balls"][0] = before[1]  # not the balls the record has
    with pytest.raises(BookError):
        transcribe(kit.svc, wrong, ledger)
    assert ledger.state().generation == 1  # a refused book touched neither record nor fund
    transcribe(kit.svc, book, ledger)
    paid = kit.hall.sessions[-1].partidas[1]
    assert paid.transcribed and paid.interconnected_settled is not None
    won = [a for a in paid.awards if a.prize == "interconnected"]
    assert [(a.number, a.amount_cents) for a in won] == [(first + 1, 200)]
    assert ledger.state().generation == 2
    assert check(build_export(kit.hall, kit.svc.card_sets.get)) == []


def test_a_partida_started_in_the_book_feeds_the_fund_and_cannot_win_it() -> None:
    """Cantabria V.2.b (the fund is the percentage "de la cantidad recaudada por la venta de
    cartones en todas las salas acogidas"), decision 302: a partida played wholly by hand never
    told its players the fund, so its bingo within the limit does not win it; its sales feed it
    all the same. The export says the fund was not announced, and the checker accepts it.
    """
    kit, ledger = make_hall(prima_cents=20_000), MemoryLedger("red", RULES)
    play_to_close(kit, ledger, winner=1)
    kit.svc.settle_interconnected(ledger)
    kit.svc.pay_prizes()
    before = ledger.state()
    assert before.fund_cents == 100  # in play now: 1,00 € within 20 balls
    transcribe(kit.svc, _book(kit, 2, 12, 11, 20, []), ledger)  # its bingo at the 15th ball
    paid = kit.hall.sessions[-1].partidas[1]
    assert paid.interconnected is not None and not paid.interconnected.announced
    assert paid.interconnected_settled is not None
    assert paid.interconnected_settled.contribution_cents == 100  # 10 % of its 10,00 €
    assert not [a for a in paid.awards if a.prize == "interconnected"]
    after = ledger.state()
    assert (after.generation, after.fund_cents) == (before.generation, 200)
    assert panel_state(kit.hall).interconnected_cents is None  # nothing shown: not in play
    export = build_export(kit.hall, kit.svc.card_sets.get)
    assert export["sessions"][0]["partidas"][1]["interconnected"]["announced"] is False
    assert check(export) == []
    tampered = copy.deepcopy(export)
    tampered["sessions"][0]["partidas"][1]["interconnected"] |= {
        "available": True,
        "ball_limit": 20,
    }
    assert any("not announced" in p for p in check(tampered))  # never in play unannounced
    # the acta says so, and shows no amount nor ball limit the players were never told
    from io import BytesIO

    from pypdf import PdfReader

    from actas.render import render_acta

    pages = PdfReader(BytesIO(render_acta(json.loads(json.dumps(export))))).pages
    text = " ".join(" ".join(page.extract_text() for page in pages).split())
    assert "Partida empezada en el libro manual: el fondo interconectado no se anunció" in text


def test_a_session_id_the_shared_ledger_cannot_key_is_refused_when_the_session_opens() -> None:
    """R-MULTI-1, decision 289: each settlement is kept in the network's ledger under (network,
    hall, session, partida), 64 characters each. A session of 80 characters opened at the
    server (whose arguments take up to 200) played its partidas and closed them, and then the
    ledger could never take its settlement: the partida stayed closed and unpaid for ever, the
    staff told that the fund's database did not answer. Refused when the session opens, as the
    command line's identifiers are (1 to 64 printable characters), nothing written.
    """
    kit = make_hall(open_session=False)
    before = len(kit.svc.records())
    for wrong in ("S" * 65, " ", "S1\n"):
        with pytest.raises(DomainError, match="identificador de sesión no válido"):
            kit.svc.hall.check_session_opening(wrong, "2026-11-22", "Mesa", "Sala")
    assert len(kit.svc.records()) == before
    assert kit.svc.record_ball_check("S" * 64, "open", BALLS)
    kit.svc.open_session("S" * 64, "2026-11-22", "Mesa", "Sala")  # the most the ledger keys
