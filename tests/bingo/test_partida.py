"""The partida as the regulation plays it: sale, extraction, claims, prizes, incidents."""

from __future__ import annotations

import pytest

from bingo import events as ev
from bingo.hall import DomainError, Hall, Status
from bingo.rules import RegionRules
from bingo.service import HallService

from .hallkit import BALLS, make_hall


def other_numbers(*cartones, exclude=()):  # type: ignore[no-untyped-def]
    """Balls on none of the given cartones (to play without completing them)."""
    used = set().union(*(c.numbers for c in cartones)) | set(exclude)
    return [n for n in BALLS if n not in used]


# --- session and balls -------------------------------------------------------------------------


def test_session_opens_only_after_all_90_balls_were_counted() -> None:
    """R-BALL-2."""
    kit = make_hall(open_session=False)
    with pytest.raises(DomainError, match="contar las 90 bolas"):
        kit.svc.open_session("S1", "2026-11-22", "Mesa", "Sala")
    assert kit.svc.record_ball_check("S1", "open", [n for n in BALLS if n != 33] + [34]) is False
    with pytest.raises(DomainError, match="no fue correcta"):
        kit.svc.open_session("S1", "2026-11-22", "Mesa", "Sala")
    assert kit.svc.record_ball_check("S1", "open", list(reversed(BALLS))) is True
    kit.svc.open_session("S1", "2026-11-22", "Mesa", "Sala")
    assert kit.hall.session.id == "S1"


def test_failed_ball_check_is_kept_in_the_record() -> None:
    """Bad input loses nothing: the failed count is recorded too (R-BALL-2)."""
    kit = make_hall(open_session=False)
    kit.svc.record_ball_check("S1", "open", BALLS[:-1])
    kinds = [r.kind for r in kit.log.records["test-hall"]]
    assert kinds[-1] == "ball_check_recorded"
    assert kit.log.records["test-hall"][-1].payload["ok"] is False


def test_session_closes_only_after_the_closing_count() -> None:
    kit = make_hall()
    with pytest.raises(DomainError, match="contar las bolas"):
        kit.svc.close_session()
    kit.svc.record_ball_check("S1", "close", BALLS)
    kit.svc.close_session()
    assert kit.hall.session is None


def test_ball_set_is_refused_past_3000_partidas_on_a_pneumatic_machine() -> None:
    """R-BALL-1."""
    kit = make_hall()
    with pytest.raises(DomainError, match="límite es 3000"):
        kit.svc.install_ball_set("BS-2", "HOM-2", 5000, 3000, True, "cambio")
    kit.svc.install_ball_set("BS-2", "HOM-2", 5000, 2999, True, "cambio")
    kit.svc.record_ball_check("S1", "change", BALLS)  # R-BALL-2: the new set is counted
    kit.partida_ready()
    kit.finish_with_bingo(1)
    with pytest.raises(DomainError, match="hay que cambiarlo"):
        kit.svc.start_partida()
    kit.svc.install_ball_set("BS-3", "HOM-3", 3000, 0, True, "límite de partidas")
    kit.svc.record_ball_check("S1", "change", BALLS)
    assert kit.svc.start_partida() == 2
    assert [c.event.ball_set_id for c in kit.hall.ball_set_changes] == ["BS-1", "BS-2", "BS-3"]


def test_a_ball_set_change_says_why_and_a_set_coming_back_keeps_its_partidas() -> None:
    """R-BALL-1: every change is recorded with its reason; the limit cannot be reset."""
    kit = make_hall()
    before = kit.svc.last_seq
    with pytest.raises(DomainError, match="indique el motivo"):
        kit.svc.install_ball_set("BS-2", "HOM-2", 3000, 0, True, "  ")
    with pytest.raises(DomainError, match="BS-1 ya está instalado"):
        kit.svc.install_ball_set("BS-1", "HOM-1", 3000, 0, True, "otra vez")
    assert kit.svc.last_seq == before
    for winner in (1, 11):  # the sale goes on from 11 in the second partida
        kit.partida_ready()
        kit.finish_with_bingo(winner)
    assert kit.hall.ball_set is not None and kit.hall.ball_set.partidas_played == 2
    kit.svc.install_ball_set("BS-2", "HOM-2", 3000, 0, True, "bola dañada")
    with pytest.raises(DomainError, match="BS-1 ya lleva 2 partidas según el registro, no 0"):
        kit.svc.install_ball_set("BS-1", "HOM-1", 3000, 0, True, "vuelve el juego reparado")
    with pytest.raises(DomainError, match="consta con la homologación HOM-1, no HOM-9"):
        kit.svc.install_ball_set("BS-1", "HOM-9", 3000, 2, True, "vuelve el juego reparado")
    kit.svc.install_ball_set("BS-1", "HOM-1", 3000, 2, True, "vuelve el juego reparado")
    kit.svc.record_ball_check("S1", "change", BALLS)
    kit.partida_ready()
    kit.draw([5])  # a partida counts for the set from its first ball
    assert kit.hall.ball_set.id == "BS-1" and kit.hall.ball_set.partidas_played == 3
    reasons = [c.event.reason for c in kit.hall.ball_set_changes]  # type: ignore[attr-defined]
    assert reasons == ["inicial", "bola dañada", "vuelve el juego reparado"]


# --- sale ----------------------------------------------------------------------------------------


def test_sale_is_correlative_within_a_serie() -> None:
    """R-SALE-1."""
    kit = make_hall()
    kit.svc.start_partida()
    kit.svc.sell("A", 1, 20)
    with pytest.raises(DomainError, match="debe seguir por el cartón 21"):
        kit.svc.sell("A", 25, 30)
    kit.svc.sell("A", 21, 30)
    assert kit.hall.partida.cards_sold == 30


def test_next_partida_continues_after_the_last_carton_sold() -> None:
    """R-SALE-1: the sale goes on with the number after the last one sold earlier."""
    kit = make_hall()
    kit.partida_ready([("A", 40)])
    kit.finish_with_bingo(1)
    kit.svc.start_partida()
    with pytest.raises(DomainError, match="cartón 41"):
        kit.svc.sell("A", 1, 10)
    assert kit.svc.sell_count("A", 10) == (41, 50)


def test_sale_of_a_serie_cannot_continue_after_more_than_a_day() -> None:
    """R-SALE-1: continuation only from a partida of the same day or the day before."""
    kit = make_hall()
    kit.partida_ready([("A", 40)])
    kit.finish_with_bingo(1)
    kit.svc.record_ball_check("S1", "close", BALLS)
    kit.svc.close_session()
    kit.svc.record_ball_check("S2", "open", BALLS)
    kit.svc.open_session("S2", "2026-11-23", "Mesa", "Sala")
    kit.svc.start_partida()
    assert kit.hall.next_sale_number("A") == 41  # the day after: fine
    kit.svc.sell_count("A", 5)
    kit.svc.close_sale()
    kit.svc.confirm_data_shown()
    kit.finish_with_bingo(41)
    kit.svc.record_ball_check("S2", "close", BALLS)
    kit.svc.close_session()
    kit.svc.record_ball_check("S3", "open", BALLS)
    kit.svc.open_session("S3", "2026-11-26", "Mesa", "Sala")
    kit.svc.start_partida()
    with pytest.raises(DomainError, match="mismo día o el siguiente"):
        kit.svc.sell_count("A", 5)


def second_series_kit():  # type: ignore[no-untyped-def]
    kit = make_hall(series=(("A", 100, 100, False), ("B", 100, 100, False), ("C", 100, 200, False)))
    kit.partida_ready([("A", 60)])
    kit.finish_with_bingo(1)
    kit.svc.start_partida()
    return kit


def test_second_serie_only_when_the_first_runs_out() -> None:
    """R-SALE-2."""
    kit = second_series_kit()
    kit.svc.sell("A", 61, 90)
    with pytest.raises(DomainError, match="no se ha agotado"):
        kit.svc.sell("B", 1, 10)
    kit.svc.sell("A", 91, 100)
    kit.svc.sell("B", 1, 10)
    assert [r.series for r in kit.hall.partida.sales] == ["A", "A", "B"]


def test_second_serie_must_have_the_same_face_value() -> None:
    """R-SALE-2, condition 1."""
    kit = second_series_kit()
    kit.svc.sell("A", 61, 100)
    with pytest.raises(DomainError, match="mismo valor facial"):
        kit.svc.sell("C", 1, 10)


def test_second_serie_stops_before_the_number_the_first_began_at() -> None:
    """R-SALE-2, condition 3: never two identical combinations in one partida."""
    kit = second_series_kit()
    kit.svc.sell("A", 61, 100)
    with pytest.raises(DomainError, match="hasta el 60"):
        kit.svc.sell("B", 1, 61)
    kit.svc.sell("B", 1, 60)
    with pytest.raises(DomainError):
        kit.svc.sell("B", 61, 61)


def test_second_serie_starts_at_number_one() -> None:
    """R-SALE-2, condition 2."""
    kit = make_hall(series=(("A", 100, 100, False), ("B", 100, 100, False)))
    kit.partida_ready([("B", 5)])
    kit.finish_with_bingo(1, "B")
    kit.partida_ready([("A", 60)])
    kit.finish_with_bingo(1)
    kit.svc.start_partida()
    kit.svc.sell("A", 61, 100)
    with pytest.raises(DomainError, match="empezar por el cartón 1"):
        kit.svc.sell("B", 6, 10)


def test_unknown_serie_and_impossible_ranges_are_refused_clearly() -> None:
    kit = make_hall()
    kit.svc.start_partida()
    with pytest.raises(DomainError, match="no existe"):
        kit.svc.sell("Z", 1, 2)
    with pytest.raises(DomainError, match="solo tiene 300"):
        kit.svc.sell("A", 1, 301)
    with pytest.raises(DomainError, match="vacío"):
        kit.svc.sell("A", 1, 0)
    assert kit.hall.partida.sales == []


def test_sale_closes_with_the_announced_amounts() -> None:
    """R-SALE-3, R-PRIZE-1: line 10 %, bingo 51 %, prima 6 % of the face value sold."""
    kit = make_hall()
    kit.svc.start_partida()
    kit.svc.sell_count("A", 137)
    kit.svc.close_sale()
    amounts = kit.hall.partida.amounts
    assert (amounts.takings_cents, amounts.line_prize_cents, amounts.bingo_prize_cents) == (
        13700,
        1370,
        6987,
    )
    assert amounts.prima_deduction_cents == 822


# --- extraction and claims -----------------------------------------------------------------------


def test_no_ball_before_the_partida_data_is_recorded_and_shown() -> None:
    """R-ACTA-2, R-GAME-1."""
    kit = make_hall()
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10)
    with pytest.raises(DomainError):
        kit.svc.draw_ball(5)
    kit.svc.close_sale()
    with pytest.raises(DomainError, match="R-ACTA-2"):
        kit.svc.draw_ball(5)
    kit.svc.confirm_data_shown()
    kit.svc.draw_ball(5)
    assert kit.hall.partida.balls == [5]


def test_a_ball_out_of_range_or_drawn_twice_is_refused() -> None:
    kit = make_hall()
    kit.partida_ready()
    kit.svc.draw_ball(7)
    with pytest.raises(DomainError, match="ya salió"):
        kit.svc.draw_ball(7)
    with pytest.raises(DomainError, match="no existe"):
        kit.svc.draw_ball(91)
    assert kit.hall.partida.balls == [7]


def test_claim_of_an_unsold_carton_is_refused_and_the_game_is_untouched() -> None:
    kit = make_hall()
    kit.partida_ready([("A", 10)])
    kit.draw([1, 2, 3])
    with pytest.raises(DomainError, match="no se vendió"):
        kit.svc.claim("A", 11, "line")
    with pytest.raises(DomainError, match="no existe"):
        kit.svc.claim("A", 999, "line")
    assert kit.hall.partida.claims == []


def test_a_wrong_claim_resumes_the_game() -> None:
    """R-GAME-4."""
    kit = make_hall()
    kit.partida_ready()
    kit.draw([1, 2, 3])
    result = kit.svc.claim("A", 1, "bingo")
    assert not result.valid and "faltan" in result.reason
    assert kit.hall.partida.status == Status.CLAIM_CHECK
    kit.svc.draw_ball(4)
    assert kit.hall.partida.status == Status.EXTRACTION


def test_line_refused_after_earlier_line_was_called() -> None:
    """R-PRIZE-2: a line is valid only if no line was correctly called at an earlier ball."""
    kit = make_hall()
    kit.partida_ready([("A", 20)])
    c1, c2 = kit.carton(1), kit.carton(2)
    row1 = list(c1.rows[0])
    row2 = [n for n in c2.rows[0] if n not in row1]
    kit.draw(row1)
    assert kit.svc.claim("A", 1, "line").valid
    kit.draw_rest_until(row2)
    if not set(c2.rows[0]) <= set(row1):
        late = kit.svc.claim("A", 2, "line")
        assert not late.valid and "ya se cantó línea" in late.reason


def test_two_lines_called_at_the_same_ball_share_the_prize() -> None:
    """R-PRIZE-3: several winners share in equal parts, the residue is recorded."""
    kit = make_hall()
    kit.partida_ready([("A", 3)])  # 300 cents: line 30, bingo 153
    c1, c2, c3 = (kit.carton(n) for n in (1, 2, 3))
    kit.draw_rest_until(sorted(set(c1.rows[0]) | set(c2.rows[0]) | set(c3.rows[0])))
    for n in (1, 2, 3):
        assert kit.svc.claim("A", n, "line").valid
    kit.draw_rest_until(sorted(c1.numbers))
    assert kit.svc.claim("A", 1, "bingo").valid
    kit.svc.close_partida()
    lines = [a for a in kit.hall.partida.awards if a.prize == "line"]
    assert [a.amount_cents for a in lines] == [10, 10, 10]
    assert kit.hall.partida.closing.residue_line_cents == 0
    assert [a.amount_cents for a in kit.hall.partida.awards if a.prize == "bingo"] == [153]


def test_shared_bingo_rounds_down_and_records_the_residue() -> None:
    """R-PRIZE-3."""
    kit = make_hall()
    kit.partida_ready([("A", 7)])  # bingo = 357 cents
    c1, c2 = kit.carton(1), kit.carton(2)
    kit.draw_rest_until(sorted(c1.numbers | c2.numbers))
    for n in (1, 2):
        assert kit.svc.claim("A", n, "line").valid
    for n in (1, 2):
        assert kit.svc.claim("A", n, "bingo").valid
    kit.svc.close_partida()
    bingo = [a.amount_cents for a in kit.hall.partida.awards if a.prize == "bingo"]
    assert bingo == [178, 178]
    assert kit.hall.partida.closing.residue_bingo_cents == 1


def test_a_bingo_completed_earlier_but_called_late_still_wins() -> None:
    """R-PRIZE-2."""
    kit = make_hall()
    kit.partida_ready([("A", 5)])
    c1 = kit.carton(1)
    kit.draw_rest_until(sorted(c1.numbers))
    completed = len(kit.hall.partida.balls)
    kit.draw(other_numbers(*(kit.carton(n) for n in range(1, 6)))[:3])
    result = kit.svc.claim("A", 1, "bingo")
    assert result.valid and result.completed_at_ball == completed


def test_no_more_balls_after_a_valid_bingo_and_no_claims_after_closing() -> None:
    """R-GAME-4."""
    kit = make_hall()
    kit.partida_ready([("A", 5)])
    kit.draw_rest_until(sorted(kit.carton(1).numbers))
    kit.svc.claim("A", 1, "line")
    kit.svc.claim("A", 1, "bingo")
    assert kit.hall.partida.status == Status.BINGO_CALLED
    with pytest.raises(DomainError, match="bingo cantado"):
        kit.svc.draw_ball(other_numbers(kit.carton(1))[0])
    kit.svc.close_partida()
    with pytest.raises(DomainError):
        kit.svc.claim("A", 2, "bingo")


def test_next_partida_only_after_prizes_are_paid() -> None:
    """R-PRIZE-4."""
    kit = make_hall()
    kit.partida_ready([("A", 5)])
    kit.draw_rest_until(sorted(kit.carton(1).numbers))
    kit.svc.claim("A", 1, "line")
    kit.svc.claim("A", 1, "bingo")
    kit.svc.close_partida()
    with pytest.raises(DomainError, match="R-PRIZE-4"):
        kit.svc.start_partida()
    kit.svc.pay_prizes()
    assert kit.svc.start_partida() == 2


def test_last_partida_is_announced_and_nothing_follows_it() -> None:
    """R-GAME-6."""
    kit = make_hall()
    kit.partida_ready()
    kit.svc.announce_last_partida()
    kit.finish_with_bingo(1)
    with pytest.raises(DomainError, match="R-GAME-6"):
        kit.svc.start_partida()


# --- prima and bola loca -------------------------------------------------------------------------


def test_prima_is_in_play_from_the_partida_after_the_fund_reaches_the_amount() -> None:
    """R-PRIMA-1, R-PRIMA-3: 6 % of 100 cartones at 1 € is 6 €; a 50 € prima needs 9 partidas."""
    kit = make_hall(prima_cents=5000, series=(("A", 1500, 100, False),), strips=250)
    available = []
    for _ in range(10):
        kit.partida_ready([("A", 100)])
        available.append(kit.hall.partida.prima_available)
        kit.finish_with_bingo(kit.hall.partida.sales[0].first)
    # Funds after each partida: 6, 12, ... 54 € after the 9th: in play from the 10th.
    assert available == [False] * 9 + [True]


def play_prima_partida(kit, win: bool) -> None:  # type: ignore[no-untyped-def]
    """Play a partida whose only caller is its first cartón: bingo by ball 15 when ``win``,
    else with the ball after the prima's limit (late callers still win the bingo)."""
    first = kit.hall.partida.sales[0].first
    carton = kit.carton(first)
    if not win:
        limit = kit.hall.partida.prima_ball_limit
        kit.draw(other_numbers(carton)[: limit - 14])
    kit.finish_with_bingo(first)


def test_prima_ball_limit_rises_by_one_each_partida_not_won_and_resets_after_award() -> None:
    """R-PRIMA-3."""
    kit = make_hall(prima_cents=5000, series=(("A", 1500, 100, False),), strips=250)
    for _ in range(9):
        kit.partida_ready([("A", 100)])
        kit.finish_with_bingo(kit.hall.partida.sales[0].first)
    limits, won, after = [], [], []
    for win in (False, False, True, False):
        kit.partida_ready([("A", 100)])
        partida = kit.hall.partida
        limits.append(partida.prima_ball_limit)
        play_prima_partida(kit, win)
        won.append(any(a.prize == "prima" for a in partida.awards))
        after.append(next(c.after_ball for c in partida.claims if c.prize == "bingo"))
    assert won == [False, False, True, False]
    assert limits == [50, 51, 52, 50]
    assert after[:2] == [51, 52]  # one ball past the limit in force: no prima


def test_prima_award_is_recorded_with_its_ball_and_partidas_accumulated() -> None:
    """R-PRIMA-5."""
    kit = make_hall(prima_cents=5000, series=(("A", 1500, 100, False),), strips=250)
    for _ in range(9):
        kit.partida_ready([("A", 100)])
        kit.finish_with_bingo(kit.hall.partida.sales[0].first)
    kit.partida_ready([("A", 100)])
    partida = kit.hall.partida
    fund_before = kit.hall.prima.fund_cents
    kit.finish_with_bingo(partida.sales[0].first)
    prima = [a for a in partida.awards if a.prize == "prima"]
    assert sum(a.amount_cents for a in prima) + partida.closing.residue_prima_cents == 5000
    assert (
        prima[0].completed_at_ball
        == next(a for a in partida.awards if a.prize == "bingo").completed_at_ball
    )
    assert partida.prima_partidas_accumulated == 10
    assert kit.hall.prima.fund_cents == fund_before + 600 - 5000


def test_prima_amount_changes_only_after_it_was_awarded() -> None:
    """R-PRIMA-2."""
    kit = make_hall(prima_cents=5000, series=(("A", 1500, 100, False),), strips=250)
    with pytest.raises(DomainError, match="solo puede cambiarse después"):
        kit.svc.choose_prima_amount(10000)
    with pytest.raises(DomainError, match="múltiplo de 50"):
        kit.svc.choose_prima_amount(7510)
    for _ in range(10):
        kit.partida_ready([("A", 100)])
        kit.finish_with_bingo(kit.hall.partida.sales[0].first)
    assert kit.hall.prima.awarded_since_chosen
    kit.svc.choose_prima_amount(10000)
    change = kit.hall.prima_changes[-1]
    assert change.event.amount_cents == 10000 and change.partida == 10


def test_bola_loca_is_won_when_the_completing_ball_is_a_bola_loca_number() -> None:
    """R-BOLA-3."""
    rules = RegionRules(region="cantabria", bola_loca_bp=100, bingo_bp=5000)
    kit = make_hall(rules=rules, series=(("A", 300, 100, False),))
    carton = kit.carton(1)
    row = sorted(carton.rows[0])
    completing = row[-1]
    kit.bola.append([completing])
    kit.svc.start_partida()
    assert kit.hall.partida.bola_loca_numbers == (completing,)
    kit.svc.sell_count("A", 10)
    kit.svc.close_sale()
    kit.svc.confirm_data_shown()
    kit.draw(row)
    kit.finish_with_bingo(1)
    partida = kit.hall.sessions[-1].partidas[-1]
    bola = [a for a in partida.awards if a.prize == "bola_loca"]
    assert bola and bola[0].amount_cents == 10  # 1 % of 10 €


def test_bola_loca_numbers_come_from_the_independent_source() -> None:
    """R-BOLA-2: drawn before the partida, not by the extractor."""
    rules = RegionRules(region="cantabria", bola_loca_bp=100, bingo_bp=5000, bola_loca_count=2)
    kit = make_hall(rules=rules, bola=[[17, 71]])
    kit.svc.start_partida()
    assert kit.hall.partida.bola_loca_numbers == (17, 71)
    assert kit.hall.partida.bola_loca_source == "test"


# --- incidents ----------------------------------------------------------------------------------


def test_suspension_before_the_first_ball_then_full_refund() -> None:
    """R-INC-1."""
    kit = make_hall()
    kit.svc.start_partida()
    kit.svc.sell_count("A", 25)
    kit.svc.close_sale()
    kit.svc.suspend("compresor averiado")
    with pytest.raises(DomainError):
        kit.svc.draw_ball(1)
    kit.svc.refund_suspended("sin reparación")
    partida = kit.hall.sessions[-1].partidas[-1]
    assert partida.status == Status.ANNULLED and partida.refund_cents == 2500
    assert partida.incidents[0].paragraph.startswith("II.1.b, párrafo 1")


def test_suspension_resolved_resumes_where_it_was() -> None:
    kit = make_hall()
    kit.svc.start_partida()
    kit.svc.sell_count("A", 25)
    kit.svc.close_sale()
    kit.svc.suspend("corte de luz")
    kit.svc.resume("luz restablecida")
    assert kit.hall.partida.status == Status.SALE_CLOSED


def test_after_a_failure_mid_partida_only_manual_pending_balls_follow() -> None:
    """R-INC-2."""
    kit = make_hall()
    kit.partida_ready()
    kit.draw([10, 20, 30])
    kit.svc.start_manual_extraction("el extractor no responde")
    with pytest.raises(DomainError, match="extracción manual"):
        kit.svc.draw_ball(40, "extractor")
    number = kit.svc.draw_manual()
    partida = kit.hall.partida
    assert number not in (10, 20, 30) and partida.manual_from_ball == 4
    assert partida.ball_sources[-1] == "manual"


def test_ball_irregularity_annuls_with_full_refund_and_no_deductions() -> None:
    """R-INC-3."""
    kit = make_hall(prima_cents=5000)
    kit.partida_ready([("A", 50)])
    kit.draw([1, 2, 3])
    kit.svc.annul("ball_irregularity", "bola 3 con exceso de peso")
    partida = kit.hall.sessions[-1].partidas[-1]
    assert partida.status == Status.ANNULLED and partida.refund_cents == 5000
    assert kit.hall.prima.fund_cents == 0 and kit.hall.bola_loca_fund_cents == 0
    assert kit.svc.start_partida() == 2


def test_the_ball_prevails_over_a_wrong_call() -> None:
    """R-GAME-3."""
    kit = make_hall()
    kit.partida_ready()
    kit.draw([10, 20])
    kit.svc.correct_ball(2, 21, "el lector leyó 20")
    assert kit.hall.partida.balls == [10, 21]
    assert kit.hall.partida.incidents[-1].incident == "ball_corrected"


def test_a_correction_after_a_validated_prize_is_refused_and_annulment_follows() -> None:
    """R-INC-4: an error not corrected before a prize is awarded annuls the partida."""
    kit = make_hall()
    kit.partida_ready([("A", 5)])
    row = list(kit.carton(1).rows[0])
    kit.draw(row)
    assert kit.svc.claim("A", 1, "line").valid
    spare = other_numbers(kit.carton(1))[0]
    with pytest.raises(DomainError, match="R-INC-4"):
        kit.svc.correct_ball(1, spare)
    kit.svc.annul("caller_error", "número mal cantado antes de la línea")
    assert kit.hall.sessions[-1].partidas[-1].refund_cents == 500


# --- electronic cartones -------------------------------------------------------------------------


def test_terminals_sell_correlatively_from_the_same_serie_as_paper() -> None:
    """R-CARD-3, R-SALE-1: paper and electronic cartones play together, one numbering."""
    kit = make_hall()
    kit.svc.start_partida()
    kit.svc.sell_count("A", 5)
    assert kit.svc.sell_count("A", 5, electronic=True) == (6, 10)
    kinds = [(r.first, r.last, r.electronic) for r in kit.hall.partida.sales]
    assert kinds == [(1, 5, False), (6, 10, True)]


def test_a_serie_of_another_card_set_cannot_join_the_partida() -> None:
    """R-CARD-2: cartón n means combination n of the partida's one card set."""
    kit = make_hall(series=(("A", 10, 100, False),))
    kit.svc.generate_card_set("other", seed=3, strips=10)
    kit.svc.register_serie("X", "other", 60, 100, False)
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10)
    with pytest.raises(DomainError, match="juego de cartones"):
        kit.svc.sell("X", 1, 5)


def test_electronic_line_and_bingo_are_claimed_at_the_completing_ball() -> None:
    """R-GAME-5: electronic cartones on terminals are claimed by the system for the player."""
    kit = make_hall(series=(("E", 300, 100, True),))
    kit.partida_ready([("E", 20)])
    carton = kit.carton(3, "E")
    row = list(carton.rows[1])
    before = len(kit.log.records["test-hall"])
    kit.draw_rest_until(row)
    claims = [c for c in kit.hall.partida.claims if c.series == "E" and c.number == 3]
    assert claims and claims[0].valid and claims[0].electronic
    assert len(kit.log.records["test-hall"]) > before
    kit.draw_rest_until(sorted(carton.numbers))
    assert any(c.prize == "bingo" and c.number == 3 and c.valid for c in kit.hall.partida.claims)


# --- the record ---------------------------------------------------------------------------------


def test_state_rebuilt_from_the_record_equals_the_live_state() -> None:
    kit = make_hall(prima_cents=5000)
    kit.partida_ready([("A", 30)])
    kit.draw([5, 6, 7])
    replayed = HallService(kit.log, "test-hall")
    live, again = kit.hall, replayed.hall
    assert again.partida.balls == live.partida.balls
    assert again.partida.sales == live.partida.sales
    assert again.prima == live.prima and again.version == live.version


def test_every_event_kind_round_trips_through_its_payload() -> None:
    kit = make_hall()
    kit.partida_ready()
    kit.finish_with_bingo(1)
    for rec in kit.log.records["test-hall"]:
        event = ev.event_from(rec.kind, rec.payload)
        assert event.payload() == dict(rec.payload)


def test_unknown_event_kind_in_the_record_fails_loudly() -> None:
    with pytest.raises(ev.UnknownEvent):
        ev.event_from("bribe_paid", {})
    hall = Hall(lambda _id: (_ for _ in ()).throw(KeyError(_id)))
    assert hall.session is None


def test_a_ball_read_by_the_jefe_de_mesa_is_recorded_with_why_and_its_paragraph() -> None:
    kit = make_hall()
    kit.partida_ready()
    kit.svc.draw_operator_ball(7, "", "lector: lectura dudosa")
    kit.svc.draw_operator_ball(8, "", "extractor perdido; bola en el tubo", "ball_in_tube")
    partida = kit.hall.partida
    assert partida is not None and partida.balls == [7, 8]
    held, tube = partida.incidents
    assert (held.incident, held.after_ball) == ("reader_hold", 0)
    assert held.paragraph.startswith("III, párrafo 9")
    assert (tube.incident, tube.after_ball) == ("ball_in_tube", 1)
    assert tube.paragraph.startswith("II.1.b, párrafo 2")
    with pytest.raises(DomainError, match="lectura de la mesa desconocida"):
        kit.svc.draw_operator_ball(9, "", "x", "whatever")
    assert partida.balls == [7, 8]


def test_balls_not_in_perfect_condition_are_recorded_with_a_note() -> None:
    """R-BALL-2 (Cantabria II.2): the count checks the numbering and the balls' condition."""
    kit = make_hall(open_session=False)
    with pytest.raises(DomainError, match="diga qué bolas"):
        kit.svc.record_ball_check("S1", "open", BALLS, "reader", condition_ok=False)
    assert not kit.svc.record_ball_check(
        "S1", "open", BALLS, "reader", condition_ok=False, note="la 17 agrietada"
    )
    with pytest.raises(DomainError, match="no fue correcta"):
        kit.svc.open_session("S1", "2026-11-22", "Mesa", "Sala")
    with pytest.raises(DomainError, match=r"bolas dañadas \(la 17 agrietada\): cámbielo"):
        kit.svc.record_ball_check("S1", "open", BALLS, "reader")  # the same set again
    kit.svc.install_ball_set("BS-2", "HOM-2", 3000, 0, True, "bola dañada")
    assert kit.svc.record_ball_check("S1", "open", BALLS, "reader")
    kit.svc.open_session("S1", "2026-11-22", "Mesa", "Sala")
    kit.partida_ready()
    kit.finish_with_bingo(1)
    # at the close the session still closes; the damaged ball stays in the record and the acta
    assert not kit.svc.record_ball_check(
        "S1", "close", BALLS, "reader", condition_ok=False, note="la 40 con peso de más"
    )
    kit.svc.close_session()
    session = kit.hall.sessions[-1]
    closing = session.ball_checks[-1]
    assert (closing.ok, closing.condition_ok, closing.note) == (
        False,
        False,
        "la 40 con peso de más",
    )
    from actas.builder import build_acta
    from bingo.export import build_export

    export = build_export(kit.hall, kit.svc.card_sets.get, kit.svc.records())
    checks = export["sessions"][0]["ball_checks"]
    assert "condition_ok" not in checks[0]  # a check in perfect condition keeps its old shape
    assert checks[-1]["condition_ok"] is False and checks[-1]["note"] == "la 40 con peso de más"
    notes = build_acta(export).observations
    assert (
        "Comprobación de bolas al cierre de la sesión: no conforme. "
        "Bolas en mal estado: la 40 con peso de más" in notes
    )


def test_a_count_made_before_the_ball_set_changed_does_not_open_the_session() -> None:
    """R-BALL-2: the balls counted are the balls played with."""
    kit = make_hall(open_session=False)
    assert kit.svc.record_ball_check("S1", "open", BALLS, "manual")
    kit.svc.install_ball_set("BS-2", "HOM-2", 3000, 0, True, "cambio programado")
    with pytest.raises(DomainError, match="cambió después del recuento"):
        kit.svc.open_session("S1", "2026-11-22", "Mesa", "Sala")
    assert kit.svc.record_ball_check("S1", "open", BALLS, "manual")
    kit.svc.open_session("S1", "2026-11-22", "Mesa", "Sala")
    assert kit.hall.sessions[-1].ball_set_id == "BS-2"
