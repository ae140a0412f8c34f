"""Balls that go wrong: a misread ball corrected (R-GAME-3, R-INC-4), a duplicate ball
(R-INC-3), and a ball set changed while a session is open (R-BALL-1, R-BALL-2)."""

from __future__ import annotations

import pytest

from bingo.export import build_export
from bingo.hall import DomainError, DuplicateBall, Status

from .hallkit import BALLS, Kit, make_hall
from .test_partida import other_numbers

# --- a misread ball (Cantabria II.1.b párrafo 4, III párrafo 9) ---------------------------------


def test_a_misread_ball_is_corrected_after_a_prize_it_had_no_part_in() -> None:
    """R-GAME-3, R-INC-4: the error annuls only when it "afecte de forma sustancial"; a ball on
    none of the winning cartón's numbers changes nothing for its line, so it is corrected."""
    kit = make_hall()
    kit.partida_ready([("A", 5)])
    carton = kit.carton(1)
    wrong, right = other_numbers(carton)[:2]
    kit.draw([wrong, *carton.rows[0]])
    assert kit.svc.claim("A", 1, "line").valid
    kit.svc.correct_ball(1, right, "el locutor cantó mal")
    partida = kit.hall.partida
    assert partida.balls[0] == right and partida.status != Status.ANNULLED
    incident = partida.incidents[-1]
    assert incident.incident == "ball_corrected"
    assert f"se anunció {wrong}, la bola es {right}" in incident.note
    assert "Sin efecto en línea del cartón 1 serie A (bola 6, válida)" in incident.note
    assert [c.valid for c in partida.claims] == [True]


def test_a_correction_that_would_change_a_refused_claim_cannot_be_made() -> None:
    """R-INC-4: a claim refused because of the wrong ball would have been valid with the ball
    that came out: the error affects the game and the partida is annulled instead."""
    kit = make_hall()
    kit.partida_ready([("A", 5)])
    row = list(kit.carton(1).rows[0])
    wrong = other_numbers(kit.carton(1))[0]
    kit.draw([*row[:4], wrong])
    assert not kit.svc.claim("A", 1, "line").valid
    before = kit.svc.last_seq
    with pytest.raises(DomainError, match="cambia lo comprobado en línea del cartón 1"):
        kit.svc.correct_ball(5, row[4])
    assert kit.svc.last_seq == before and kit.hall.partida.balls[4] == wrong


def test_simulated_misreads_are_corrected_or_annulled_by_the_engine_rule() -> None:
    """The simulator asks the engine which claims a correction would touch (one rule)."""
    kit = make_hall()
    kit.partida_ready([("A", 5)])
    carton = kit.carton(1)
    wrong, right = other_numbers(carton)[:2]
    kit.draw([wrong, *carton.rows[0]])
    kit.svc.claim("A", 1, "line")
    assert kit.hall.claims_depending_on(1, right) == []
    assert [c.number for c in kit.hall.claims_depending_on(2, right)] == [1]


def test_a_correction_that_would_have_made_an_electronic_carton_win_cannot_be_made() -> None:
    """R-GAME-5, R-INC-4: the system claims for electronic cartones; with the ball that came
    out one of them would have had its line first, so the error changed who won."""
    kit = make_hall()
    kit.svc.start_partida()
    kit.svc.sell_count("A", 5)
    kit.svc.sell_count("A", 5, electronic=True)
    kit.svc.close_sale()
    kit.svc.confirm_data_shown()
    paper = list(kit.carton(1).rows[0])
    term = next(kit.carton(n) for n in range(6, 11) if not set(kit.carton(n).rows[0]) & set(paper))
    right, *rest = term.rows[0]
    wrong = other_numbers(kit.carton(1), term)[0]
    kit.draw([wrong, *rest, *paper])
    assert kit.svc.claim("A", 1, "line").valid
    number = next(n for n in range(6, 11) if kit.carton(n) == term)
    with pytest.raises(DomainError, match="cambia quién podía ganar la línea") as refused:
        kit.svc.correct_ball(1, right)
    assert f"cartón {number} " not in str(refused.value)


def _five_sold(kit: Kit) -> list[int]:
    """Cartones 1-5 sold, out of a strip of six that holds every number once: the numbers of
    the sixth, unsold, are on no sold cartón."""
    kit.partida_ready([("A", 5)])
    return other_numbers(*(kit.carton(n) for n in range(1, 6)))


def test_a_correction_giving_an_unclaimed_paper_carton_the_line_first_is_refused() -> None:
    """R-INC-4, R-PRIZE-2: with the ball that came out, a paper cartón nobody called had the
    line at ball 5, before the line validated at ball 10: the error changed who could win it.
    The staff are not told which cartón (R-GAME-5)."""
    kit = make_hall()
    unsold = _five_sold(kit)
    right, *rest = kit.carton(2).rows[0]
    wrong = unsold[0]
    kit.draw([*rest, wrong, *kit.carton(1).rows[0]])
    assert kit.svc.claim("A", 1, "line").valid
    kit.draw([unsold[1]])
    before = kit.svc.last_seq
    with pytest.raises(DomainError, match="cambia quién podía ganar la línea") as refused:
        kit.svc.correct_ball(5, right)
    assert "cartón 2" not in str(refused.value)
    assert kit.svc.last_seq == before and kit.hall.partida.balls[4] == wrong
    assert [c.number for c in kit.hall.claims_depending_on(5, right)] == [2]


def test_a_correction_sharing_the_line_with_an_unclaimed_paper_carton_is_refused() -> None:
    """R-INC-4, R-PRIZE-2: a line completed with the very ball after which the line was
    validated shares it; here the winner called late, at ball 10."""
    kit = make_hall()
    unsold = _five_sold(kit)
    right, *rest = kit.carton(2).rows[0]
    kit.draw([*kit.carton(1).rows[0], *rest, unsold[0]])
    assert kit.svc.claim("A", 1, "line").valid
    with pytest.raises(DomainError, match="cambia quién podía ganar la línea"):
        kit.svc.correct_ball(10, right)


def test_a_correction_giving_an_unclaimed_paper_carton_the_bingo_first_is_refused() -> None:
    """R-INC-4, R-GAME-4: with the ball that came out a paper cartón nobody called had all its
    numbers at ball 15, before the bingo validated."""
    kit = make_hall()
    unsold = _five_sold(kit)
    right, *rest = sorted(kit.carton(2).numbers)
    kit.draw([*rest, unsold[0]])
    kit.draw_rest_until(sorted(kit.carton(1).numbers))
    assert kit.svc.claim("A", 1, "bingo").valid
    with pytest.raises(DomainError, match="quién podía ganar el bingo") as refused:
        kit.svc.correct_ball(15, right)
    assert "cartón 2" not in str(refused.value)


def test_a_correction_that_changes_nothing_for_any_sold_carton_is_made_after_line_and_bingo() -> (
    None
):
    """R-GAME-3, R-INC-4: the ball that came out is on a sold cartón, but completes nothing
    there before the prizes: nothing substantial changes, so it is corrected after both."""
    kit = make_hall()
    unsold = _five_sold(kit)
    right = kit.carton(3).rows[0][0]
    kit.draw([unsold[0]])
    kit.draw_rest_until(sorted(kit.carton(1).numbers))
    assert kit.svc.claim("A", 1, "line").valid
    assert kit.svc.claim("A", 1, "bingo").valid
    kit.svc.correct_ball(1, right, "el locutor cantó mal")
    partida = kit.hall.partida
    assert partida.balls[0] == right and partida.status != Status.ANNULLED
    assert "Sin efecto en línea del cartón 1 serie A" in partida.incidents[-1].note


def test_a_correction_is_made_when_an_unclaimed_paper_carton_had_the_line_at_the_same_ball() -> (
    None
):
    """R-INC-4: a paper cartón had its line with the balls announced, before the winner, and
    its player did not call; the corrected ball is on another of its rows, so it has that line
    at the same ball either way: the correction changes nothing for it."""
    kit = make_hall()
    unsold = _five_sold(kit)
    other = kit.carton(2)
    kit.draw([*other.rows[0], other.rows[1][0], *kit.carton(1).rows[0]])
    assert kit.svc.claim("A", 1, "line").valid
    kit.svc.correct_ball(6, unsold[0])
    assert kit.hall.partida.balls[5] == unsold[0]


def test_the_ball_that_completed_a_winning_line_is_not_corrected_even_at_that_ball() -> None:
    """R-BOLA-3, R-INC-4: the winner's line is completed at the same ball either way (another
    of its rows holds the ball that came out), but the winning number changes, and with it the
    bola loca comparison: the error affects the prize."""
    kit = make_hall()
    _five_sold(kit)
    first, second = kit.carton(1).rows[:2]
    kit.draw([*first[:4], *second[:4], first[4]])
    assert kit.svc.claim("A", 1, "line").valid
    with pytest.raises(DomainError, match="cambia lo comprobado en línea del cartón 1"):
        kit.svc.correct_ball(9, second[4])


# --- a duplicate ball (Cantabria II.1.b párrafo 3) ----------------------------------------------


def test_a_duplicate_ball_stops_the_partida_and_only_its_annulment_follows() -> None:
    """R-INC-3: "se suspenderá la partida y se dará por finalizada", with a full refund; the
    duplicated number and where it came out first go into the record."""
    kit = make_hall()
    kit.partida_ready([("A", 5)])
    kit.draw([17, 42])
    with pytest.raises(DuplicateBall, match="la bola 17 ya salió") as refused:
        kit.svc.draw_ball(17, "extractor")
    assert (refused.value.number, refused.value.first_index) == (17, 1)

    kit.svc.stop_for_ball_irregularity("Extracción 3: bola duplicada.", (17,))
    partida = kit.hall.partida
    assert partida.status == Status.SUSPENDED and partida.balls == [17, 42]
    (incident,) = partida.incidents
    assert incident.incident == "ball_irregularity" and incident.after_ball == 2
    assert "Bola duplicada: 17 (ya salió en la extracción 1)" in incident.note
    assert incident.paragraph.startswith("II.1.b, párrafo 3")
    with pytest.raises(DomainError):
        kit.svc.draw_ball(55, "extractor")
    with pytest.raises(DomainError, match="no se reanuda"):
        kit.svc.resume("ya está")

    kit.svc.annul("ball_irregularity", "bola duplicada")
    done = kit.hall.sessions[-1].partidas[-1]
    assert done.status == Status.ANNULLED and done.refund_cents == 500
    assert [i.incident for i in done.incidents] == ["ball_irregularity"]  # recorded once


def test_a_ball_read_in_the_tube_as_one_already_drawn_is_a_duplicate_unless_it_is_the_last() -> (
    None
):
    """Cantabria II.1.b párrafos 2–3: after a device is lost, the last ball still in the tube
    is no new ball when the devices cannot tell; any other number already out is a second ball
    with that number."""
    kit = make_hall()
    kit.partida_ready([("A", 5)])
    kit.draw([17, 42])
    assert kit.hall.ball_in_tube_is_new(60, True)
    assert not kit.hall.ball_in_tube_is_new(None, None)
    assert not kit.hall.ball_in_tube_is_new(42, None)
    with pytest.raises(DuplicateBall):
        kit.hall.ball_in_tube_is_new(42, True)
    with pytest.raises(DuplicateBall):
        kit.hall.ball_in_tube_is_new(17, None)


# --- a ball set changed while a session is open, or between sessions (Cantabria II.2) -----------


def test_a_ball_set_changed_between_partidas_is_counted_before_the_next_one() -> None:
    """R-BALL-2: all 90, each once, in good condition, before a partida is played with it."""
    kit = make_hall()
    kit.partida_ready()
    kit.finish_with_bingo(1)
    kit.svc.install_ball_set("BS-2", "HOM-2", 3000, 0, True, "bola dañada")
    assert kit.hall.ball_set_uncounted
    with pytest.raises(DomainError, match="aún no se han contado sus 90 bolas"):
        kit.svc.start_partida()
    assert kit.svc.record_ball_check("S1", "change", BALLS[:-1]) is False  # one missing
    with pytest.raises(DomainError, match="aún no se han contado"):
        kit.svc.start_partida()
    assert kit.svc.record_ball_check("S1", "change", BALLS) is True
    assert not kit.hall.ball_set_uncounted
    assert kit.svc.start_partida() == 2
    with pytest.raises(DomainError, match="no ha cambiado desde el último recuento"):
        kit.svc.record_ball_check("S1", "change", BALLS)

    (session,) = build_export(kit.hall, kit.svc.card_sets.get)["sessions"]
    checks = [
        (c["when"], c["ok"], c.get("ball_set_id"), c.get("after_partida"))
        for c in session["ball_checks"]
    ]
    assert checks == [
        ("open", True, None, None),
        ("change", False, "BS-2", 1),
        ("change", True, "BS-2", 1),
    ]
    (change,) = session["ball_set_changes"]
    assert change["ball_set_id"] == "BS-2" and change["reason"] == "bola dañada"
    assert change["partida"] == 1 and change["replaces"] == "BS-1"
    assert "between_sessions" not in change


def test_a_ball_set_changed_during_the_sale_is_counted_before_the_first_ball() -> None:
    """R-BALL-2, R-BALL-1: the change is allowed until the first ball; the count comes first."""
    kit = make_hall()
    kit.partida_ready()
    kit.svc.install_ball_set("BS-2", "HOM-2", 3000, 0, True, "bola con exceso de peso")
    with pytest.raises(DomainError, match="aún no se han contado sus 90 bolas"):
        kit.svc.draw_ball(5, "extractor")
    assert kit.hall.partida.balls == []
    kit.svc.record_ball_check("S1", "change", BALLS)
    kit.draw([5])
    assert kit.hall.partida.balls == [5] and kit.hall.ball_set.partidas_played == 1


def test_a_changed_set_found_with_a_damaged_ball_must_be_changed_again() -> None:
    """Decision 47 for a set changed mid-session: a new count of the same set would hide it."""
    kit = make_hall()
    kit.svc.install_ball_set("BS-2", "HOM-2", 3000, 0, True, "límite")
    kit.svc.record_ball_check("S1", "change", BALLS, condition_ok=False, note="la 7 rajada")
    with pytest.raises(DomainError, match="bolas dañadas \\(la 7 rajada\\)"):
        kit.svc.record_ball_check("S1", "change", BALLS)
    kit.svc.install_ball_set("BS-3", "HOM-3", 3000, 0, True, "la 7 rajada")
    assert kit.svc.record_ball_check("S1", "change", BALLS)
    assert kit.svc.start_partida() == 1


def test_a_ball_set_changed_between_sessions_is_in_the_next_sessions_record() -> None:
    """Cantabria II.2: "El cambio de un juego de bolas por otro deberá hacerse constar" in the
    acta, with its date and reason: a change made with no session open belongs to the next."""
    from actas.builder import build_acta

    kit = make_hall()
    kit.partida_ready()
    kit.finish_with_bingo(1)
    kit.svc.record_ball_check("S1", "close", BALLS)
    kit.svc.close_session()
    kit.svc.install_ball_set("BS-2", "HOM-2", 3000, 0, True, "bola 7 rajada")
    kit.svc.record_ball_check("S2", "open", BALLS)
    kit.svc.open_session("S2", "2026-11-23", "Mesa", "Sala")

    export = build_export(kit.hall, kit.svc.card_sets.get)
    first, second = export["sessions"]
    assert first["ball_set_changes"] == []  # the set installed before the first: no change
    (change,) = second["ball_set_changes"]
    assert change["between_sessions"] is True and change["partida"] is None
    assert change["ball_set_id"] == "BS-2" and change["replaces"] == "BS-1"
    assert change["reason"] == "bola 7 rajada" and change["at"].startswith("2026-11-22")
    assert second["ball_set"]["id"] == "BS-2"
    (opening,) = build_acta(export, "S2").opening_ball_set_changes
    assert (opening.ball_set_id, opening.reason) == ("BS-2", "bola 7 rajada")
