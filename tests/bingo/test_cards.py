"""Cartones and card sets (R-CARD-1, R-CARD-2): validation, generation, files."""

from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bingo import cards
from bingo.cards import (
    CARD_SET_FORMAT,
    CardSet,
    CardSetError,
    Carton,
    InvalidCarton,
    card_set_from_data,
    card_set_problems,
    carton_problems,
    column_of,
    dump_card_set,
    generate_card_set,
    load_card_set,
)
from bingo.strips import generate_strips

VALID = [[1, 10, 20, 30, 40], [2, 11, 50, 60, 70], [3, 12, 80, 85, 90]]


def valid_rows(seed: int = 5, which: int = 0) -> list[list[int]]:
    rows: list[list[int]] = generate_strips(seed, 1)[0, which].tolist()
    return rows


@pytest.mark.parametrize(
    ("number", "column"), [(1, 0), (9, 0), (10, 1), (19, 1), (70, 7), (79, 7), (80, 8), (90, 8)]
)
def test_each_number_sits_in_its_decade_column(number: int, column: int) -> None:
    assert column_of(number) == column


@pytest.mark.parametrize("number", [0, 91, -5, True, 5.0, "7"])
def test_only_whole_numbers_from_1_to_90_have_a_column(number: object) -> None:
    with pytest.raises(ValueError, match="entre 1 y 90"):
        column_of(number)  # type: ignore[arg-type]


def test_a_valid_carton_shows_its_numbers_on_a_3_by_9_grid() -> None:
    carton = Carton.from_rows([[1, 12, 23, 45, 80], [5, 27, 34, 61, 85], [9, 39, 56, 72, 90]])
    assert carton_problems(carton.rows) == []
    assert carton.numbers == frozenset(v for row in carton.rows for v in row)
    assert carton.grid() == (
        (1, 12, 23, None, 45, None, None, None, 80),
        (5, None, 27, 34, None, None, 61, None, 85),
        (9, None, None, 39, None, 56, None, 72, 90),
    )


# Each kind of fault, with the exact messages the cartón gets.
FAULTS = {
    "not a list": ("1 2 3", ["el cartón debe ser una lista de 3 filas"]),
    "two rows": (
        [[1, 12, 23, 45, 80], [5, 27, 34, 61, 85]],
        ["el cartón tiene 2 filas; debe tener 3"],
    ),
    "row not a list": (
        [[1, 12, 23, 45, 80], 7, [9, 39, 56, 72, 90]],
        ["la fila 2 no es una lista de números"],
    ),
    "row of 4": (
        [[1, 12, 23, 45, 80], [5, 27, 34, 61], [9, 39, 56, 72, 90]],
        ["la fila 2 tiene 4 números; debe tener 5"],
    ),
    "not whole numbers": (
        [[1, 12, 23, 45, 80], [5, 27, 34.0, 61, 85], [9, 39, True, 72, "90"]],
        [
            "la fila 2 contiene 34.0, que no es un número entero",
            "la fila 3 contiene True, que no es un número entero",
            "la fila 3 contiene '90', que no es un número entero",
        ],
    ),
    "out of range": (
        [[0, 12, 23, 45, 80], [5, 27, 34, 61, 85], [9, 39, 56, 72, 91]],
        [
            "la fila 1: el número 0 no está entre 1 y 90",
            "la fila 3: el número 91 no está entre 1 y 90",
        ],
    ),
    "row not ascending": (
        [[12, 1, 23, 45, 80], [5, 27, 34, 61, 85], [9, 39, 56, 72, 90]],
        ["la fila 1 no va de menor a mayor: 12 está antes que 1"],
    ),
    "two in one cell": (
        [[1, 12, 23, 45, 80], [5, 27, 34, 61, 85], [9, 39, 56, 72, 78]],
        ["la fila 3 tiene dos números de la columna 8: 72 y 78"],
    ),
    "number twice": (
        [[1, 12, 23, 45, 80], [5, 23, 34, 61, 85], [9, 39, 56, 72, 90]],
        ["el número 23 aparece más de una vez"],
    ),
    "empty column": (
        [[1, 12, 23, 45, 80], [5, 27, 34, 46, 85], [9, 39, 56, 72, 90]],
        ["la columna 7 (60–69) no tiene ningún número"],
    ),
    "column upside down": (
        [[9, 12, 23, 45, 80], [5, 27, 34, 61, 85], [1, 39, 56, 72, 90]],
        [
            "la columna 1 no va de menor a mayor de arriba abajo: "
            "9 (fila 1) está encima de 5 (fila 2)",
            "la columna 1 no va de menor a mayor de arriba abajo: "
            "5 (fila 2) está encima de 1 (fila 3)",
        ],
    ),
}


@pytest.mark.parametrize(("rows", "problems"), FAULTS.values(), ids=FAULTS.keys())
def test_a_faulty_carton_is_refused_with_a_precise_message(
    rows: object, problems: list[str]
) -> None:
    """R-CARD-1: every fault gets its own message, naming rows and columns as printed."""
    assert carton_problems(rows) == problems  # type: ignore[arg-type]
    with pytest.raises(InvalidCarton) as refused:
        Carton.from_rows(rows)  # type: ignore[arg-type]
    assert refused.value.problems == problems
    for problem in problems:
        assert problem in str(refused.value)


def test_a_carton_with_several_faults_lists_them_all() -> None:
    rows = [[1, 12, 23, 45], [5, 27, 34, 61, 85], [9, 39, 56, 72, 95]]
    assert carton_problems(rows) == [
        "la fila 1 tiene 4 números; debe tener 5",
        "la fila 3: el número 95 no está entre 1 y 90",
    ]


def test_a_carton_built_directly_is_checked_too() -> None:
    with pytest.raises(InvalidCarton, match="columna 7"):
        Carton(rows=((1, 12, 23, 45, 80), (5, 27, 34, 46, 85), (9, 39, 56, 72, 90)))


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    which=st.integers(0, 5),
    row=st.integers(0, 2),
    pos=st.integers(0, 4),
    fault=st.sampled_from(["swap in row", "drop", "too big", "copy another"]),
)
def test_any_single_fault_in_a_generated_carton_is_reported_for_its_row(
    seed: int, which: int, row: int, pos: int, fault: str
) -> None:
    rows = valid_rows(seed, which)
    assert carton_problems(rows) == []
    if fault == "swap in row":
        other = (pos + 1) % 5
        rows[row][pos], rows[row][other] = rows[row][other], rows[row][pos]
        expected = f"la fila {row + 1} no va de menor a mayor"
    elif fault == "drop":
        del rows[row][pos]
        expected = f"la fila {row + 1} tiene 4 números; debe tener 5"
    elif fault == "too big":
        rows[row][pos] = 90 + pos + 1
        expected = f"la fila {row + 1}: el número {90 + pos + 1} no está entre 1 y 90"
    else:
        donor = (row + 1) % 3
        rows[row][pos] = rows[donor][pos]
        expected = f"el número {rows[donor][pos]} aparece más de una vez"
    problems = carton_problems(rows)
    assert any(p.startswith(expected) for p in problems), problems


# --- card sets -------------------------------------------------------------------------------


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), strips=st.integers(1, 30))
def test_a_card_set_is_reproducible_from_its_seed_and_never_repeats_a_combination(
    seed: int, strips: int
) -> None:
    """R-CARD-2: 6 cartones per strip, each strip holding 1..90 once, all combinations distinct."""
    card_set = generate_card_set("std", seed, strips)
    again = generate_card_set("std", seed, strips)
    assert card_set == again
    assert card_set.digest() == again.digest()
    assert len(card_set) == 6 * strips
    for s in range(strips):
        strip = [v for n in range(6 * s + 1, 6 * s + 7) for v in card_set.card(n).numbers]
        assert sorted(strip) == list(range(1, 91))
    assert all(carton_problems(c.rows) == [] for c in card_set.cards)
    assert len({c.numbers for c in card_set.cards}) == len(card_set)


def test_other_seeds_give_other_card_sets() -> None:
    assert generate_card_set("std", 1, 3).digest() != generate_card_set("std", 2, 3).digest()


def test_a_strip_repeating_a_combination_is_replaced_deterministically(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """If strip 3 repeats strip 1, strip 3 is drawn again from (seed, 2, attempt)."""
    real = cards.generate_strips
    first = real(9, 3)
    clash = np.concatenate([first, first[:1]])  # strip index 3 = strip index 0

    def fake(seed: int, count: int) -> np.ndarray:
        return clash.copy() if (seed, count) == (9, 4) else real(seed, count)

    monkeypatch.setattr(cards, "generate_strips", fake)
    card_set = cards.generate_card_set("std", 9, 4)
    assert card_set == cards.generate_card_set("std", 9, 4)
    assert len({c.numbers for c in card_set.cards}) == 24
    assert [c.rows for c in card_set.cards[:18]] == [
        tuple(map(tuple, c)) for c in first.reshape(-1, 3, 5).tolist()
    ]
    assert card_set.card(19).numbers != card_set.card(1).numbers


def test_repeated_combinations_are_redrawn_until_distinct() -> None:
    base = generate_strips(4, 2)
    strips = np.stack([base[0], base[1], base[0]])
    asked: list[tuple[int, int]] = []

    def replace(index: int, attempt: int) -> np.ndarray:
        asked.append((index, attempt))
        return base[1] if attempt == 1 else generate_strips(99, 1)[0]

    out = cards._distinct_strips(strips, replace)
    assert asked == [(2, 1), (2, 2)]  # the first replacement repeated strip 1, so a second
    assert np.array_equal(out[:2], base)
    assert np.array_equal(out[2], generate_strips(99, 1)[0])


def test_a_carton_is_looked_up_by_its_1_based_number() -> None:
    card_set = generate_card_set("std", 3, 2)
    assert card_set.card(1) is card_set.cards[0]
    assert card_set.card(12) is card_set.cards[11]
    for bad in (0, 13, -1):
        with pytest.raises(IndexError, match=f"no tiene el cartón {bad}; tiene del 1 al 12"):
            card_set.card(bad)


def test_the_card_set_array_matches_its_cartones_and_cannot_be_changed() -> None:
    card_set = generate_card_set("std", 3, 2)
    array = card_set.as_array()
    assert array.shape == (12, 3, 5)
    assert array.dtype == np.uint8
    assert array.tolist() == [[list(r) for r in c.rows] for c in card_set.cards]
    assert card_set.as_array() is array
    with pytest.raises(ValueError, match="read-only"):
        array[0, 0, 0] = 7
    loaded = load_card_set(dump_card_set(card_set))
    assert np.array_equal(loaded.as_array(), array)


def test_the_digest_is_the_sha256_of_the_canonical_json() -> None:
    card_set = generate_card_set("std-12", 3, 2)
    body = {"id": "std-12", "cards": [[list(r) for r in c.rows] for c in card_set.cards]}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
    assert card_set.digest() == hashlib.sha256(canonical).hexdigest()


def test_a_card_set_refuses_a_repeated_combination() -> None:
    a, b = (Carton.from_rows(valid_rows(5, k)) for k in (0, 1))
    with pytest.raises(CardSetError) as refused:
        CardSet("x", (a, b, a))
    assert refused.value.problems == ["cartón 3 repite la combinación del cartón 1"]


# --- files -----------------------------------------------------------------------------------


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    strips=st.integers(1, 10),
    name=st.text(min_size=1, max_size=63).filter(str.isprintable),  # ids the record keeps
)
def test_a_card_set_file_reads_back_identical(seed: int, strips: int, name: str) -> None:
    if not name.strip():
        name = "x" + name
    card_set = generate_card_set(name, seed, strips)
    text = dump_card_set(card_set)
    loaded = load_card_set(text)
    assert loaded == card_set
    assert loaded.digest() == card_set.digest()
    data = json.loads(text)
    assert data == {
        "format": CARD_SET_FORMAT,
        "id": name,
        "cards": [[list(r) for r in c.rows] for c in card_set.cards],
    }
    assert len(text.rstrip("\n").split("\n")) == len(card_set) + 2  # one cartón per line


def test_a_session_export_entry_is_a_card_set_without_the_format_tag() -> None:
    card_set = generate_card_set("std-6", 1, 1)
    entry = {"id": "std-6", "cards": [[list(r) for r in c.rows] for c in card_set.cards]}
    assert card_set_problems(entry) == []
    assert card_set_from_data(entry) == card_set


def problems_of(text: str) -> list[str]:
    with pytest.raises(CardSetError) as refused:
        load_card_set(text)
    return refused.value.problems


def test_a_file_that_is_not_json_is_refused_with_where_it_breaks() -> None:
    assert problems_of('{"format": "bingo-cardset/1", "id": ') == [
        "no es un JSON válido: Expecting value (línea 1, columna 37)"
    ]


def test_a_file_of_another_format_is_refused() -> None:
    text = dump_card_set(generate_card_set("std", 1, 1))
    assert problems_of(text.replace(CARD_SET_FORMAT, "bingo-cardset/9")) == [
        "formato «bingo-cardset/9» desconocido; se esperaba «bingo-cardset/1»"
    ]
    untagged = json.loads(text)
    del untagged["format"]
    assert problems_of(json.dumps(untagged)) == ["falta el formato «bingo-cardset/1»"]


def test_a_file_without_id_or_cartones_says_so() -> None:
    text = json.dumps({"format": CARD_SET_FORMAT, "id": " ", "cards": [], "extra": 1})
    assert problems_of(text) == [
        "clave desconocida «extra»",
        "el identificador del juego de cartones debe ser un texto no vacío",
        "el juego de cartones no tiene ningún cartón",
    ]
    assert problems_of(json.dumps({"format": CARD_SET_FORMAT, "cards": {}})) == [
        "falta el identificador «id» del juego de cartones",
        "falta la lista de cartones «cards»",
    ]
    assert problems_of("[1, 2]") == ["el juego de cartones debe ser un objeto con «id» y «cards»"]


def test_a_file_names_each_faulty_carton_by_its_number() -> None:
    data = json.loads(dump_card_set(generate_card_set("std", 8, 10)))
    data["cards"][16][0] = data["cards"][16][0][:4]  # cartón 17
    data["cards"][39] = data["cards"][11]  # cartón 40 = cartón 12
    assert problems_of(json.dumps(data)) == [
        "cartón 17: la fila 1 tiene 4 números; debe tener 5",
        "cartón 40 repite la combinación del cartón 12",
    ]


@settings(max_examples=20, deadline=None)
@given(spoilt=st.sets(st.integers(1, 60), min_size=1, max_size=8), seed=st.integers(0, 99))
def test_every_faulty_carton_of_a_file_is_reported_and_no_other(
    spoilt: set[int], seed: int
) -> None:
    data = json.loads(dump_card_set(generate_card_set("std", seed, 10)))
    for n in spoilt:
        data["cards"][n - 1][2][4] = 0
    problems = problems_of(json.dumps(data))
    assert problems == [
        f"cartón {n}: la fila 3: el número 0 no está entre 1 y 90" for n in sorted(spoilt)
    ]


def test_generation_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="entero positivo"):
        generate_card_set("std", 1, 0)
    with pytest.raises(ValueError, match="texto no vacío"):
        generate_card_set("", 1, 1)
