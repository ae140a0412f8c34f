"""Partidas kept in the manual book are taken back into the record (R-ACTA-4)."""

from __future__ import annotations

import pytest

from bingo.export import build_export
from bingo.hall import Status
from bingo.transcribe import FORMAT, BookError, template, transcribe

from .hallkit import BALLS, make_hall


def book_for(kit, number: int, first: int, last: int, already: list[int] | None = None):  # type: ignore[no-untyped-def]
    """A book entry where cartón ``first`` makes line and bingo."""
    carton = kit.carton(first)
    balls = list(already or [])
    balls += [n for n in sorted(carton.numbers) if n not in balls]
    return {
        "number": number,
        "note": "sistema caído: partida llevada en el libro",
        "sales": [{"series": "A", "first": first, "last": last, "kind": "physical"}],
        "balls": balls,
        "claims": [
            {"after_ball": len(balls), "series": "A", "number": first, "kind": "line"},
            {"after_ball": len(balls), "series": "A", "number": first, "kind": "bingo"},
        ],
        "annulled": None,
    }


def test_a_partida_played_by_hand_is_replayed_through_the_rules_and_marked() -> None:
    kit = make_hall()
    numbers = transcribe(kit.svc, {"format": FORMAT, "partidas": [book_for(kit, 1, 1, 40)]})
    assert numbers == [1]
    partida = kit.hall.sessions[-1].partidas[0]
    assert partida.status == Status.PAID and partida.transcribed
    assert {a.prize for a in partida.awards} == {"line", "bingo"}
    assert partida.awards[-1].amount_cents == 2040  # 51 % of 40 € computed by the engine
    assert set(partida.ball_sources) == {"manual_book"}
    export = build_export(kit.hall, kit.svc.card_sets.get)
    assert export["sessions"][0]["partidas"][0]["transcribed"] is True


def test_the_partida_open_when_the_system_failed_is_completed_from_the_book() -> None:
    kit = make_hall()
    kit.partida_ready([("A", 40)])
    others = [n for n in BALLS if n not in kit.carton(1).numbers][:3]
    kit.draw(others)
    transcribe(kit.svc, {"format": FORMAT, "partidas": [book_for(kit, 1, 1, 40, others)]})
    partida = kit.hall.sessions[-1].partidas[0]
    assert partida.status == Status.PAID
    assert (
        partida.ball_sources[:3] == ["simulated"] * 3 and partida.ball_sources[3] == "manual_book"
    )
    marker = next(i for i in partida.incidents if i.incident == "manual_book")
    assert marker.after_ball == 3 and marker.paragraph.startswith("IV.2")


def test_a_partida_already_in_manual_extraction_is_completed_from_the_book() -> None:
    """The extractor failed (R-INC-2), balls were drawn by hand, then the system failed too:
    the book's balls are manual draws of the pending balls and are taken in as such.
    """
    kit = make_hall()
    kit.partida_ready([("A", 40)])
    others = [n for n in BALLS if n not in kit.carton(1).numbers][:3]
    kit.draw(others[:2])
    kit.svc.start_manual_extraction("el extractor no responde")
    kit.svc.draw_ball(others[2], "manual")
    transcribe(kit.svc, {"format": FORMAT, "partidas": [book_for(kit, 1, 1, 40, others)]})
    partida = kit.hall.sessions[-1].partidas[0]
    assert partida.status == Status.PAID and partida.transcribed
    assert partida.ball_sources[:3] == ["simulated", "simulated", "manual"]
    assert set(partida.ball_sources[3:]) == {"manual_book"}
    # Still only the pending balls: the book cannot bring back a ball already drawn.
    with pytest.raises(BookError, match="ya salió"):
        kit2 = make_hall()
        kit2.partida_ready([("A", 40)])
        kit2.draw(others[:2])
        kit2.svc.start_manual_extraction("el extractor no responde")
        book = book_for(kit2, 1, 1, 40, others[:2])
        book["balls"].insert(3, others[0])
        transcribe(kit2.svc, {"format": FORMAT, "partidas": [book]})


def test_a_faulty_book_changes_nothing_and_says_where() -> None:
    kit = make_hall()
    good = book_for(kit, 1, 1, 40)
    bad = book_for(kit, 2, 41, 60)
    bad["claims"] = [{"after_ball": 3, "series": "A", "number": 41, "kind": "bingo"}]
    before = len(kit.svc.records())
    with pytest.raises(BookError, match="partida 2 del libro") as refused:
        transcribe(kit.svc, {"format": FORMAT, "partidas": [good, bad]})
    assert refused.value.partida == 2  # said as a parameter: the console reads no sentence
    assert len(kit.svc.records()) == before
    assert kit.hall.session.partidas == []


def test_a_book_that_contradicts_the_record_is_refused() -> None:
    kit = make_hall()
    kit.partida_ready([("A", 40)])
    kit.draw([5, 6])
    entry = book_for(kit, 1, 1, 40, [5, 7])
    with pytest.raises(BookError, match="no coinciden"):
        transcribe(kit.svc, {"format": FORMAT, "partidas": [entry]})
    assert kit.hall.partida.balls == [5, 6]


def test_malformed_books_are_named() -> None:
    kit = make_hall()
    with pytest.raises(BookError, match="format"):
        transcribe(kit.svc, {"partidas": []})
    entry = template([1])["partidas"][0] | {"balls": [1, "x"]}
    with pytest.raises(BookError, match="bola 2"):
        transcribe(kit.svc, {"format": FORMAT, "partidas": [entry]})
