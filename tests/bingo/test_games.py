"""The engine plays any game definition (SPEC R-MULTI-4; Cantabria B.I, B.3, B.4): cartones
generated for each definition are valid for it, completion detection agrees with a plain
reference on random partidas, the catalogue's bounds and the prize plans are enforced."""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.config.game_files import shipped_game, shipped_games
from bingo import cards as ordinary_cards
from bingo.game.cards import capacity, carton_problems, cartones_problems, generate_cartones
from bingo.game.definition import (
    CardShape,
    Combination,
    GameDefinition,
    GameDefinitionError,
    Prize,
    combination_masks,
    instant_shares,
)
from bingo.game.detect import MaskTracker, OrdinaryTracker, reference_completions, tracker_for

GAMES = shipped_games()
SEEDS = st.integers(min_value=0, max_value=2**63 - 1)


def test_the_ordinary_bingo_is_a_definition_with_the_engines_own_cartón() -> None:
    """Cantabria B.I, Euskadi art. 3.1: 90 numbers, 15 in 3 rows of 5 on 9 decade columns."""
    game = shipped_game("ordinario-90")
    assert game.is_ordinary and game.plan == "region"
    assert game.count == len(ordinary_cards.NUMBERS) == 90
    assert (game.shape.rows, game.shape.columns, game.shape.numbers) == (
        ordinary_cards.ROWS,
        ordinary_cards.COLUMNS,
        ordinary_cards.ROWS * ordinary_cards.ROW_NUMBERS,
    )
    line, bingo = game.combinations
    assert line.masks == tuple(frozenset((r, k) for k in range(5)) for r in range(3))
    assert bingo.masks == (frozenset((r, k) for r in range(3) for k in range(5)),)


def test_every_shipped_game_is_within_the_catalogue() -> None:
    assert set(GAMES) >= {"ordinario-90", "derivado-instantaneo-3x3", "plus-4x5"}
    for name in GAMES:
        assert shipped_game(name).problems() == []


@settings(max_examples=15, deadline=None)
@given(name=st.sampled_from(GAMES), seed=SEEDS, count=st.integers(min_value=1, max_value=60))
def test_generated_cartones_are_valid_distinct_and_reproducible(
    name: str, seed: int, count: int
) -> None:
    game = shipped_game(name)
    made = generate_cartones(game, seed, count)
    assert made.shape == (count, game.shape.rows, game.shape.per_row)
    assert cartones_problems(game, made.tolist()) == []
    assert np.array_equal(made, generate_cartones(game, seed, count))


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(GAMES), seed=SEEDS, count=st.integers(min_value=1, max_value=40))
def test_completion_detection_agrees_with_the_plain_reference_on_random_partidas(
    name: str, seed: int, count: int
) -> None:
    game = shipped_game(name)
    made = generate_cartones(game, seed, count)
    balls = [int(b) for b in np.random.default_rng(seed).permutation(game.count) + 1]
    expected = reference_completions(game, made.tolist(), balls)
    trackers = [tracker_for(game, made), MaskTracker(game, made)]
    if game.is_ordinary:
        trackers.append(OrdinaryTracker(made, backend="numpy"))
    for tracker in trackers:
        got: dict[str, list[int]] = {c.code: [0] * count for c in game.combinations}
        for index, ball in enumerate(balls, start=1):
            for code, positions in tracker.add_ball(ball).items():
                assert list(positions) == sorted(set(positions.tolist()))
                for p in positions.tolist():
                    assert got[code][p] == 0, "a combination is completed once"
                    got[code][p] = index
        assert got == expected
        for code in got:
            assert tracker.completed_at(code).tolist() == expected[code]


def test_a_tracker_reset_plays_a_new_partida_from_nothing() -> None:
    game = shipped_game("plus-4x5")
    made = generate_cartones(game, 3, 30)
    tracker = MaskTracker(game, made)
    for ball in range(1, 76):
        tracker.add_ball(ball)
    tracker.reset()
    assert tracker.balls == ()
    assert not tracker.completed_at("completo").any()
    balls = list(range(75, 0, -1))
    for ball in balls:
        tracker.add_ball(ball)
    assert (
        tracker.completed_at("completo").tolist()
        == (reference_completions(game, made.tolist(), balls)["completo"])
    )


def test_a_ball_outside_the_games_range_or_repeated_is_refused() -> None:
    game = shipped_game("derivado-instantaneo-3x3")
    tracker = MaskTracker(game, generate_cartones(game, 1, 5))
    with pytest.raises(ValueError, match="no está entre 1 y 45"):
        tracker.add_ball(46)
    tracker.add_ball(45)
    with pytest.raises(ValueError, match="ya ha salido"):
        tracker.add_ball(45)


def test_a_cartón_is_checked_against_its_games_shape_and_bands() -> None:
    game = shipped_game("derivado-instantaneo-3x3")  # columns 1–15, 16–30, 31–45
    assert carton_problems(game, [[1, 16, 31], [2, 17, 32], [3, 18, 33]]) == []
    assert carton_problems(game, [[1, 16, 31], [2, 17, 32]]) == [
        "el cartón debe tener 3 filas de 3 números"
    ]
    assert carton_problems(game, [[1, 16, 31], [2, 17, 32], [3, 18, 46]]) == [
        "la fila 3: el número 46 no está entre 1 y 45"
    ]
    assert "la columna 1 solo admite del 1 al 15: tiene 16" in carton_problems(
        game, [[16, 17, 31], [2, 18, 32], [3, 19, 33]]
    )
    assert carton_problems(game, [[3, 16, 31], [2, 17, 32], [1, 18, 33]]) == [
        "la columna 1 no va de menor a mayor de arriba abajo"
    ]
    assert "el número 1 aparece más de una vez" in carton_problems(
        game, [[1, 16, 31], [1, 17, 32], [3, 18, 33]]
    )
    twice = [[[1, 16, 31], [2, 17, 32], [3, 18, 33]]] * 2
    assert cartones_problems(game, twice) == ["cartón 2 repite la combinación del cartón 1"]


def test_more_cartones_than_the_game_has_combinations_are_refused() -> None:
    game = _game("derivado", count=6, shape=CardShape(2, 3, 6, "libre"))
    assert capacity(game) == 1
    assert generate_cartones(game, 1, 1).tolist() == [[[1, 2, 3], [4, 5, 6]]]
    with pytest.raises(ValueError, match="solo tiene 1 combinaciones distintas"):
        generate_cartones(game, 1, 2)


def test_the_catalogue_bounds_of_each_modality_are_enforced() -> None:
    """Cantabria B.3.a: derivado on 6 to 90 numbers, cartones of 6 to 18; B.4: plus on at most
    100 numbers, cartones of 5 to 20."""
    with pytest.raises(GameDefinitionError, match=r"de 6 a 18 \(Cantabria B.3.a\)"):
        _game("derivado", count=30, shape=CardShape(1, 5, 5, "libre")).checked()
    with pytest.raises(GameDefinitionError, match=r"de 6 a 90 \(Cantabria B.3.a\)"):
        _game("derivado", count=91, shape=CardShape(3, 3, 9, "libre")).checked()
    with pytest.raises(GameDefinitionError, match=r"de 1 a 100 \(Cantabria B.4\)"):
        _game("plus", count=101, shape=CardShape(4, 5, 20, "columnas"), plan="partida").checked()
    with pytest.raises(GameDefinitionError, match="de 5 a 20"):
        _game("plus", count=100, shape=CardShape(3, 7, 21, "libre"), plan="partida").checked()
    with pytest.raises(GameDefinitionError, match="solo el bingo ordinario se coloca por decenas"):
        _game("derivado", count=90, shape=CardShape(3, 9, 15, "decenas")).checked()


def test_an_instant_plan_below_the_consejerías_minimum_is_refused() -> None:
    """Cantabria B.3.b: the share to prizes is not below the Consejería's figure."""
    game = shipped_game("derivado-instantaneo-3x3")
    returned = sum(instant_shares(game).values(), Fraction(0))
    assert Fraction(7000, 10_000) <= returned <= 1
    stingy = replace(game, min_payout_bp=math.floor(returned * 10_000) + 1)
    with pytest.raises(GameDefinitionError, match="menos que el mínimo"):
        stingy.checked()


def test_the_instant_return_is_the_exact_mean_over_every_draw() -> None:
    """The expected payment of a cartón, by brute force over all draws of a small game."""
    shape = CardShape(2, 3, 6, "libre")
    combos = (
        Combination("linea", "fila", combination_masks("fila", shape)),
        Combination("completo", "completo", combination_masks("completo", shape)),
    )
    prizes = (Prize("linea", price_multiple_bp=20_000), Prize("completo", price_multiple_bp=90_000))
    game = GameDefinition(
        "t", "derivado", "1", "r", ("cantabria",), {"es": "t"}, 9, shape, combos,
        "instantaneo", prizes, 5000, 7,
    )  # fmt: skip
    card = [[1, 2, 3], [4, 5, 6]]
    paid, draws = Fraction(0), 0
    for drawn in itertools.combinations(range(1, 10), 7):
        won = reference_completions(game, [card], list(drawn))
        best = max((p.price_multiple_bp for p in prizes if won[p.combination][0]), default=0)
        paid += Fraction(best, 10_000)
        draws += 1
    assert sum(instant_shares(game).values(), Fraction(0)) == paid / draws


def test_a_partida_plan_must_reach_the_minimum_and_end_with_the_full_cartón() -> None:
    game = shipped_game("plus-4x5")
    low = replace(game, min_payout_bp=7500)
    with pytest.raises(GameDefinitionError, match="menos que el mínimo de 7500 pb"):
        low.checked()
    reordered = replace(game, prizes=tuple(reversed(game.prizes)))
    with pytest.raises(GameDefinitionError, match="el último premio del plan debe ser"):
        reordered.checked()


def test_the_ordinary_bingo_takes_its_prizes_from_the_region_only() -> None:
    """R-PRIZE-1, R-NET-3: the decree's percentages come from the region's file."""
    game = shipped_game("ordinario-90")
    with pytest.raises(GameDefinitionError, match="los del fichero de la región"):
        replace(game, prizes=(Prize("bingo", basis_points=5100),)).checked()


def test_graphic_combinations_are_drawn_cell_by_cell() -> None:
    shape = CardShape(3, 3, 9, "columnas")
    (cross,) = combination_masks("dibujo", shape, [[".X.", "XXX", ".X."]])
    assert cross == {(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)}
    with pytest.raises(GameDefinitionError, match="un dibujo son 3 líneas de 3 caracteres"):
        combination_masks("dibujo", shape, [["X.X", "..."]])
    with pytest.raises(GameDefinitionError, match="solo premia filas y el cartón completo"):
        combination_masks("columna", CardShape(3, 9, 15, "decenas"))


def _game(
    modality: str, *, count: int, shape: CardShape, plan: str = "instantaneo"
) -> GameDefinition:
    combos = (Combination("completo", "completo", combination_masks("completo", shape)),)
    if plan == "partida":
        prizes: tuple[Prize, ...] = (Prize("completo", basis_points=7000),)
        balls = 0
    else:
        prizes, balls = (Prize("completo", price_multiple_bp=10_000),), min(count, shape.numbers)
    return GameDefinition(
        "t", modality, "1", "r", ("cantabria",), {"es": "t"}, count, shape, combos, plan,
        prizes, 5000, balls,
    )  # fmt: skip
