"""What the console shows, checked on the Qt-free state (``ui.console.state``): the pages only
copy a ``ConsoleView`` into their widgets, so the hall's rules on the screen are checked here
without a window."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bingo.hall import Status
from drivers.ballsource import BallHeld
from tests.bingo.hallkit import make_hall
from ui.console.state import Desk, derive, settle, suggest_session_id

ROOT = Path(__file__).resolve().parents[2]


def test_the_console_state_is_read_without_qt() -> None:
    """The state can be imported, and so checked, on a machine without Qt."""
    code = (
        "import sys, ui.console.state\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'PySide6'))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_without_a_session_the_console_leads_to_its_opening() -> None:
    kit = make_hall(open_session=False)
    view = derive(kit.hall, Desk())
    assert view.phase == "session"
    assert view.header == "Sin sesión abierta"
    assert view.door == "PUERTA ABIERTA" and not view.door_closed
    assert view.status == "Estado: sin partida en curso"
    assert "open_session" in view.allowed and not view.session_open
    assert view.session_info == "No hay ninguna sesión abierta."
    assert view.ball_set_info.startswith("BS-1 · homologación HOM-1 · 0 de ")
    assert view.changeable and not view.ball_set_spent
    assert not view.scan_enabled  # no reader connected
    assert view.partida_announce is None and view.sales == ()


def test_a_session_id_is_suggested_that_the_hall_has_not_used() -> None:
    kit = make_hall(open_session=False)
    assert suggest_session_id(kit.hall, "2026-11-22") == "S-2026-11-22"
    kit.svc.record_ball_check("S-2026-11-22", "open", list(range(1, 91)))
    kit.svc.open_session("S-2026-11-22", "2026-11-22", "Mesa", "Sala")
    assert suggest_session_id(kit.hall, "2026-11-22") == "S-2026-11-22-2"


def test_the_sale_page_follows_the_correlative_sale() -> None:
    """R-SALE: the sale goes on from the next cartón; the amounts are announced once the sale
    is closed."""
    kit = make_hall()
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10)
    view = derive(kit.hall, Desk())
    assert view.phase == "sale"
    assert view.header == "Sesión S1 · Partida 1 · VENTA ABIERTA"
    assert view.series == (("A", "A (1,00 €)"),)
    assert view.next_sale["A"] == ("sigue por el cartón 11 (quedan 290)", 11)
    assert view.sales == ("Serie A: cartones 1 a 10 — 10",)
    assert view.sale_totals == "Vendidos 10 cartones · recaudación 10,00 €"
    assert view.partida_announce == "Partida 1."
    assert view.sale_announce is None  # the prizes are known once the sale is closed
    kit.svc.close_sale()
    view = derive(kit.hall, Desk())
    assert view.next_sale["A"] == ("", None)  # the sale is closed: nothing follows
    assert view.sale_announce is not None
    assert view.sale_announce.startswith("Anuncie: 10 cartones vendidos (A 1–10). Línea ")


def test_the_partida_closes_only_after_the_question_is_asked() -> None:
    """R-GAME-4: «¿Alguna línea más? ¿Algún bingo más?» before the partida is closed."""
    kit = make_hall()
    kit.partida_ready()
    carton = kit.carton(5)
    kit.draw_rest_until(sorted(carton.numbers))
    kit.svc.claim("A", 5, "line")
    kit.svc.claim("A", 5, "bingo")
    desk = Desk()
    view = derive(kit.hall, desk)
    assert view.bingo_called and not view.asked_more and not view.typed
    partida = kit.hall.partida
    assert partida is not None and partida.status == Status.BINGO_CALLED
    desk.asked_more = partida.number
    assert derive(kit.hall, desk).asked_more


def test_a_closed_partida_shows_its_prizes_and_its_papers() -> None:
    kit = make_hall()
    kit.partida_ready()
    carton = kit.carton(5)
    kit.draw_rest_until(sorted(carton.numbers))
    kit.svc.claim("A", 5, "line")
    kit.svc.claim("A", 5, "bingo")
    kit.svc.close_partida()
    desk = Desk()
    view = derive(kit.hall, desk)
    assert view.phase == "prizes"
    assert view.prizes_info == (
        "Partida 1 cerrada: pague cada premio contra entrega del cartón ganador."
    )
    assert [row[:3] for row in view.awards] == [("línea", "A", "5"), ("bingo", "A", "5")]
    assert view.awards_total.startswith("Total a pagar: ")
    assert view.winner_proof and not view.prima_receipt  # no prima was won
    assert "pay_prizes" in view.allowed
    desk.document = ("Acta de la sesión", str)  # a paper is being written: no second one
    view = derive(kit.hall, desk)
    assert not view.winner_proof and not view.acta


def test_a_ball_waiting_in_the_tube_is_dropped_once_the_partida_cannot_take_it() -> None:
    """R-GAME-3: a held ball is read into its partida only; once the partida no longer draws,
    the console stops asking for it."""
    kit = make_hall()
    kit.partida_ready()
    desk = Desk(devices=True, held=BallHeld(1, "out_of_range", None))
    view = derive(kit.hall, desk)
    assert view.hold and not view.draw_enabled and not view.changeable
    kit.svc.suspend("el extractor no responde")
    view = derive(kit.hall, desk)
    assert not view.hold
    settle(kit.hall, desk)
    assert desk.held is None


def test_the_words_shown_go_through_the_console_s_translation() -> None:
    kit = make_hall(open_session=False)
    english = {"Sin sesión abierta": "No session open", "PUERTA ABIERTA": "DOOR OPEN"}
    view = derive(kit.hall, Desk(), t=lambda text: english.get(text, text))
    assert view.header == "No session open" and view.door == "DOOR OPEN"
