"""Partidas of bingo derivado and bingo plus in the hall (SPEC R-MULTI-4; Cantabria B.3, B.4;
docs/decisions.md 260-264): the record holds them whole, the system settles them over every
cartón sold, and a replay of the record rebuilds them exactly.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from app.config import shipped_file
from app.config.game_files import load_game
from bingo.errors import DomainError
from bingo.export import build_export
from bingo.game.definition import GameDefinition
from bingo.game.prizes import play_partida
from bingo.hall.game_fold import card_set_text
from bingo.service import CardSetLibrary, HallService
from tests.bingo.hallkit import Kit, make_hall

GAMES = shipped_file("games")


def game(name: str) -> GameDefinition:
    return load_game(GAMES / f"{name}.toml")


def with_game(name: str, sell: int = 40) -> tuple[Kit, GameDefinition]:
    """A hall with the game adopted, 200 of its cartones, a serie and a partida whose sale is
    closed with ``sell`` cartones sold.
    """
    kit = make_hall()
    definition = game(name)
    kit.svc.adopt_game(definition)
    kit.svc.register_game_card_set(definition.id, "G-200", 7, 200)
    kit.svc.register_game_serie("G-1", "G-200", 200)
    kit.svc.start_game_partida(definition.id, "G-200", 100)
    if sell:
        kit.svc.sell_game_count("G-1", sell)
        kit.svc.close_game_sale()
    return kit, definition


def draw_until_over(kit: Kit, definition: GameDefinition) -> list[int]:
    order = list(range(1, definition.count + 1))
    np.random.default_rng(3).shuffle(order)
    partida = kit.hall.games.current("S1")
    assert partida is not None
    for ball in order:
        if kit.hall.game_partida_over():
            break
        if ball not in partida.balls:
            kit.svc.draw_game_ball(ball, "simulated")
    return list(partida.balls)


@pytest.mark.parametrize("name", ["plus-4x5", "derivado-instantaneo-3x3"])
def test_the_system_settles_a_game_partida_over_every_cartón_sold(name: str) -> None:
    """Cantabria B.3.b, B.4: the prizes of the plan, to the cent, to the cartones sold only."""
    kit, definition = with_game(name)
    balls = draw_until_over(kit, definition)
    kit.svc.close_game_partida()
    partida = kit.hall.games.of_session("S1")[0]
    cards = kit.hall.games.cartones("G-200")[:40]
    order = balls + [n for n in range(1, definition.count + 1) if n not in balls]
    result = play_partida(definition, cards, order, 100)
    assert tuple(balls) == result.balls
    won = sorted((a.combination, a.series, a.carton, a.amount_cents) for a in partida.awards)
    expected = sorted(
        (a.combination, "G-1", i + 1, a.share_cents) for a in result.awards for i in a.cartones
    )
    assert won == expected
    assert partida.payout_cents == result.paid_cents
    kit.svc.pay_game_prizes()
    assert kit.hall.games.current("S1") is None


def test_a_game_partida_is_not_settled_before_its_plan_has_all_its_balls() -> None:
    """R-GAME-4: plus ends with the ball that completes the cartón completo (decision 183)."""
    kit, _definition = with_game("plus-4x5")
    kit.svc.draw_game_ball(1, "simulated")
    with pytest.raises(DomainError, match="aún no tiene las bolas de su plan"):
        kit.svc.close_game_partida()


def test_no_ball_is_drawn_after_the_instant_game_has_its_balls() -> None:
    """Cantabria B.3.b: the instant version draws a fixed number of balls (decision 181)."""
    kit, definition = with_game("derivado-instantaneo-3x3")
    balls = draw_until_over(kit, definition)
    assert len(balls) == definition.balls == 18
    pending = next(n for n in range(1, 46) if n not in balls)
    with pytest.raises(DomainError, match="ya tiene todas sus bolas"):
        kit.svc.draw_game_ball(pending, "simulated")


def test_a_ball_outside_the_games_numbers_is_refused() -> None:
    kit, _definition = with_game("derivado-instantaneo-3x3")
    with pytest.raises(DomainError, match="no está entre 1 y 45"):
        kit.svc.draw_game_ball(46, "simulated")


def test_nothing_else_is_played_in_the_session_while_a_game_partida_is_open() -> None:
    """R-PRIZE-4: one partida at a time; the session does not close over an open one."""
    kit, _definition = with_game("plus-4x5")
    with pytest.raises(DomainError, match="no ha terminado"):
        kit.svc.start_partida()
    with pytest.raises(DomainError, match="no ha terminado"):
        kit.svc.record_ball_check("S1", "close", list(range(1, 91)))
    with pytest.raises(DomainError, match="no ha terminado"):
        kit.svc.start_game_partida("plus-4x5", "G-200", 100)


def test_no_game_partida_starts_while_an_ordinary_partida_is_open() -> None:
    kit, definition = with_game("plus-4x5", sell=0)
    kit.svc.annul_game_partida("failure_before_first_ball", "avería")
    kit.svc.start_partida()
    with pytest.raises(DomainError, match="no ha terminado"):
        kit.svc.start_game_partida(definition.id, "G-200", 100)


def test_a_cartón_is_not_sold_twice_in_one_game_partida() -> None:
    """R-SALE-1, R-SALE-2: sales correlative within a serie; two series of one card set never
    sell the same cartón in one partida (it would be the same cartón twice).
    """
    kit, _definition = with_game("plus-4x5", sell=0)
    kit.svc.register_game_serie("G-2", "G-200", 200)
    kit.svc.sell_game_count("G-1", 10)
    with pytest.raises(DomainError, match="la serie G-1 no se ha agotado"):
        kit.svc.sell_game_count("G-2", 5)
    with pytest.raises(DomainError, match="sigue en el cartón 11"):
        kit.svc.record_together(kit.hall.sell_game("G-1", 15, 20, False))


def _sold_and_annulled(kit: Kit, definition: GameDefinition, *sales: tuple[str, int]) -> None:
    """A game partida that sells ``sales`` (serie, count) and is annulled before its balls:
    its series go on from there in the next partida (R-SALE-1).
    """
    kit.svc.start_game_partida(definition.id, "G-200", 100)
    for code, count in sales:
        kit.svc.sell_game_count(code, count)
    kit.svc.annul_game_partida("failure_before_first_ball", "avería")


@pytest.mark.parametrize("name", ["plus-4x5", "derivado-instantaneo-3x3"])
def test_a_second_serie_only_once_the_first_is_exhausted(name: str) -> None:
    """R-SALE-2, Cantabria II.1.a, decision 392: the ordinary sale's rule of a second serie is
    the game sale's too; a second serie below where the first started, while the first still
    had cartones, was taken.
    """
    kit, definition = with_game(name, sell=0)
    kit.svc.annul_game_partida("failure_before_first_ball", "avería")
    _sold_and_annulled(kit, definition, ("G-1", 100))
    kit.svc.register_game_serie("G-2", "G-200", 200)
    kit.svc.start_game_partida(definition.id, "G-200", 100)
    kit.svc.sell_game_count("G-1", 50)  # 101-150 of 200
    with pytest.raises(DomainError, match="la serie G-1 no se ha agotado"):
        kit.svc.sell_game_count("G-2", 20)
    kit.svc.sell_game_count("G-1", 50)  # 151-200: exhausted
    kit.svc.sell_game_count("G-2", 20)  # 1-20, below 101
    with pytest.raises(DomainError, match="hasta el 100"):
        kit.svc.sell_game_count("G-2", 81)


def test_a_second_serie_starts_at_its_cartón_1_and_is_the_only_one() -> None:
    """R-SALE-2 2º and at most one second serie (Cantabria II.1.a: «una nueva serie»)."""
    kit, definition = with_game("plus-4x5", sell=0)
    kit.svc.annul_game_partida("failure_before_first_ball", "avería")
    for code in ("G-2", "G-3", "G-4"):
        kit.svc.register_game_serie(code, "G-200", 60 if code == "G-3" else 200)
    _sold_and_annulled(kit, definition, ("G-3", 40))
    _sold_and_annulled(kit, definition, ("G-2", 10))
    _sold_and_annulled(kit, definition, ("G-4", 10))
    kit.svc.start_game_partida(definition.id, "G-200", 100)
    kit.svc.sell_game_count("G-3", 20)  # 41-60: exhausted
    with pytest.raises(DomainError, match="debe empezar por el cartón 1"):
        kit.svc.sell_game_count("G-2", 10)  # it would be 11-20
    kit.svc.register_game_serie("G-5", "G-200", 200)
    kit.svc.sell_game_count("G-5", 10)  # 1-10
    with pytest.raises(DomainError, match="ya hay una segunda serie"):
        kit.svc.sell_game_count("G-4", 10)  # 11-20: a third serie


def test_an_annulled_game_partida_refunds_every_cartón_sold() -> None:
    """R-INC-1: a failure before the first ball, not resolved: everything sold is refunded."""
    kit, _definition = with_game("derivado-instantaneo-3x3", sell=25)
    kit.svc.annul_game_partida("failure_before_first_ball", "avería sin resolver")
    partida = kit.hall.games.of_session("S1")[0]
    assert partida.status == "annulled" and partida.refund_cents == 2500
    assert partida.awards == [] and partida.incidents[0].paragraph


def test_once_the_balls_began_a_device_failure_goes_on_by_hand_and_is_not_annulled() -> None:
    """R-INC-2: after the first ball the partida goes on with the pending balls (decision 263)."""
    kit, definition = with_game("derivado-instantaneo-3x3")
    kit.svc.draw_game_ball(5, "extractor")
    with pytest.raises(DomainError, match="la partida sigue con las bolas pendientes"):
        kit.svc.annul_game_partida("failure_before_first_ball", "avería")
    kit.svc.game_incident("failure_after_extraction_began", "se sigue a mano")
    draw_until_over(kit, definition)
    kit.svc.close_game_partida()


@pytest.mark.parametrize("balls", [0, 1])
def test_a_device_failure_after_the_balls_began_never_annuls_a_game_partida(balls: int) -> None:
    """R-INC-2, decision 263: a failure once the extraction began goes on by hand with the
    pending balls, it does not annul the partida nor refund it; and with no ball drawn there is
    no "failure after the extraction began" to annul for (R-INC-1 names that one). Only a
    failure before the first ball or an irregularity of the balls (R-INC-3) annuls.
    """
    kit, _definition = with_game("plus-4x5")
    for ball in range(1, balls + 1):
        kit.svc.draw_game_ball(ball, "extractor")
    before = kit.svc.last_seq
    with pytest.raises(DomainError, match="no anula la partida"):
        kit.svc.annul_game_partida("failure_after_extraction_began", "el bombo no gira")
    assert kit.svc.last_seq == before
    partida = kit.hall.games.of_session("S1")[0]
    assert partida.status != "annulled" and partida.refund_cents == 0
    kit.svc.annul_game_partida("ball_irregularity", "bola deformada")
    assert partida.status == "annulled" and partida.refund_cents == 4000


def test_a_game_is_adopted_only_where_it_is_authorised_and_as_played_by_partidas() -> None:
    """Cantabria B.3.a: authorised by the Consejería; decision 187: the deferred version is not
    played partida by partida.
    """
    kit = make_hall()
    foreign = GameDefinition(**{**game("plus-4x5").__dict__, "regions": ("euskadi",)})
    with pytest.raises(DomainError, match="no en la región de la sala"):
        kit.svc.adopt_game(foreign)
    ordinary = game("ordinario-90")
    with pytest.raises(DomainError, match="no se juega partida a partida"):
        kit.svc.adopt_game(ordinary)


def test_a_replayed_record_rebuilds_the_game_partidas_and_their_export() -> None:
    """R-ACTA-6: the record is the truth; a replay gives the same export."""
    kit, definition = with_game("plus-4x5")
    draw_until_over(kit, definition)
    kit.svc.close_game_partida()
    replayed = HallService(kit.log, "test-hall")
    first = build_export(kit.hall, kit.svc.card_sets.get)
    again = build_export(replayed.hall, replayed.card_sets.get)
    assert first == again and first["sessions"][0]["game_partidas"][0]["awards"]


def test_a_game_card_set_whose_cartones_are_not_the_registered_ones_is_refused() -> None:
    """R-CARD-2: the cartones are checked against the digest recorded at registration; a record
    whose seed gives other cartones is refused when they are needed, never used.
    """
    kit, definition = with_game("plus-4x5")
    records = kit.log.records["test-hall"]
    at = next(i for i, r in enumerate(records) if r.kind == "game_card_set_registered")
    payload = {**records[at].payload, "seed": records[at].payload["seed"] + 1}
    records[at] = dataclasses.replace(records[at], payload=payload)
    tampered = HallService(kit.log, "test-hall")
    with pytest.raises(DomainError, match="no es el registrado"):
        build_export(tampered.hall, tampered.card_sets.get)
    with pytest.raises(DomainError, match="no es el registrado"):
        for ball in range(1, definition.count + 1):
            tampered.draw_game_ball(ball, "simulated")


def test_an_export_of_a_session_with_both_kinds_of_partida_keeps_each_in_its_place() -> None:
    """session-export.md: the ordinary partidas and card sets keep their shape; the game's are
    added beside them (``games``, ``card_sets`` with ``game``, ``game_partidas``).
    """
    kit = make_hall()
    kit.partida_ready()
    kit.finish_with_bingo(1)
    plain = build_export(kit.hall, kit.svc.card_sets.get)
    definition = game("derivado-instantaneo-3x3")
    kit.svc.adopt_game(definition)
    kit.svc.register_game_card_set(definition.id, "G-200", 7, 200)
    kit.svc.register_game_serie("G-1", "G-200", 200)
    kit.svc.start_game_partida(definition.id, "G-200", 50)
    kit.svc.sell_game_count("G-1", 30)
    kit.svc.close_game_sale()
    draw_until_over(kit, definition)
    kit.svc.close_game_partida()
    kit.svc.pay_game_prizes()
    kit.svc.start_partida()  # the ordinary bingo goes on after it
    both = build_export(kit.hall, kit.svc.card_sets.get)
    assert list(both) == [*list(plain)[:4], "games", *list(plain)[4:]]
    assert both["card_sets"][:-1] == plain["card_sets"]
    assert both["card_sets"][-1]["game"] == definition.id
    assert len(both["card_sets"][-1]["cards"]) == 200
    (session,) = both["sessions"]
    assert session["partidas"][0] == plain["sessions"][0]["partidas"][0]
    assert [p["status"] for p in session["game_partidas"]] == ["closed"]


def test_a_game_card_set_copy_is_used_only_when_it_is_the_registered_one() -> None:
    """R-CARD-2: as for the ordinary sets, the store's copy of a game's cartones is read when
    its digest is the record's (then the seed is not needed), and passed over otherwise.
    """
    kit, definition = with_game("plus-4x5")
    draw_until_over(kit, definition)
    kit.svc.close_game_partida()
    expected = build_export(kit.hall, kit.svc.card_sets.get)
    good = card_set_text("G-200", definition.id, kit.hall.games.cartones("G-200"))
    wrong = good.replace(b"[[[", b"[[[2,", 1)
    # a wrong copy is passed over: the recorded seed gives the cartones
    other = HallService(kit.log, "test-hall", CardSetLibrary({"G-200": wrong}.get))
    assert build_export(other.hall, other.card_sets.get) == expected
    # the registered copy is used: a record whose seed no longer gives them still reads
    records = kit.log.records["test-hall"]
    at = next(i for i, r in enumerate(records) if r.kind == "game_card_set_registered")
    payload = {**records[at].payload, "seed": records[at].payload["seed"] + 1}
    records[at] = dataclasses.replace(records[at], payload=payload)
    copied = HallService(kit.log, "test-hall", CardSetLibrary({"G-200": good}.get))
    assert build_export(copied.hall, copied.card_sets.get) == expected


def test_an_ordinary_card_set_or_serie_never_takes_a_games_id_or_code() -> None:
    """R-CARD-3: one id, one card set; one code, one serie (in the record, the store and the
    export alike).
    """
    kit, _definition = with_game("plus-4x5", sell=0)
    with pytest.raises(DomainError, match="ya existe"):
        kit.svc.generate_card_set("G-200", seed=3, strips=2)
    with pytest.raises(DomainError, match="ya existe"):
        kit.svc.register_serie("G-1", "t-600", 10, 100)
    with pytest.raises(DomainError, match="ya existe"):
        kit.svc.register_game_card_set("plus-4x5", "t-600", 1, 10)
    with pytest.raises(DomainError, match="ya existe"):
        kit.svc.register_game_serie("A", "G-200", 10)


@pytest.mark.parametrize(
    ("seed", "count", "reason"),
    [(1, 10**9, "como mucho 1.000.000 cartones"), (-1, 10, "la semilla debe ser")],
)
def test_a_game_card_set_too_large_or_of_a_bad_seed_is_refused_before_anything(
    seed: int, count: int, reason: str
) -> None:
    """R-CARD-2, decision 390: a count the hall cannot hold is refused with its reason, not
    left to run out of memory (the server answered 'internal error'); a negative seed said
    numpy's English words.
    """
    kit = make_hall()
    definition = game("plus-4x5")
    kit.svc.adopt_game(definition)
    before = kit.svc.last_seq
    with pytest.raises(DomainError, match=reason):
        kit.svc.register_game_card_set(definition.id, "G-X", seed, count)
    assert kit.svc.last_seq == before


def test_the_last_partida_of_each_modality_is_announced_and_none_of_it_follows() -> None:
    """R-GAME-6, Cantabria III ("la última partida de la sesión de juego de cada modalidad"),
    decision 393: announced with the partida in course; another modality is not stopped; the
    export marks it (an optional field) and a replay keeps it.
    """
    kit, plus = with_game("plus-4x5", sell=0)
    kit.svc.announce_last_game_partida()
    with pytest.raises(DomainError, match="ya se anunció la última partida de bingo plus"):
        kit.svc.announce_last_game_partida()
    kit.svc.annul_game_partida("failure_before_first_ball", "avería")
    with pytest.raises(DomainError, match="última de bingo plus de la sesión"):
        kit.svc.start_game_partida(plus.id, "G-200", 100)
    with pytest.raises(DomainError, match="se anuncia con ella abierta"):
        kit.svc.announce_last_game_partida()
    derivado = game("derivado-instantaneo-3x3")
    kit.svc.adopt_game(derivado)
    kit.svc.register_game_card_set(derivado.id, "D-200", 7, 200)
    kit.svc.register_game_serie("D-1", "D-200", 200)
    kit.svc.start_game_partida(derivado.id, "D-200", 100)  # another modality goes on
    partidas = build_export(kit.hall, kit.svc.card_sets.get)["sessions"][0]["game_partidas"]
    assert [p.get("last_announced") for p in partidas] == [True, None]
    assert kit.hall.games.last_announced == {"S1": {"plus": 1}}
