"""Strips of 6 cartones holding 1..90 once (R-CARD-1, R-CARD-2): validity, seeds, distribution."""

from __future__ import annotations

import hashlib
import itertools
import math
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bingo import strips
from bingo.cards import carton_problems
from bingo.strips import generate_strips, strips_valid

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, count=st.integers(min_value=1, max_value=40))
def test_every_strip_holds_1_to_90_once_and_every_carton_meets_r_card_1(
    seed: int, count: int
) -> None:
    strips = generate_strips(seed, count)
    assert strips.shape == (count, 6, 3, 5)
    assert strips.dtype == np.uint8
    for strip in strips:
        assert sorted(strip.reshape(-1).tolist()) == list(range(1, 91))
        for carton in strip:
            assert carton_problems(carton.tolist()) == []
    assert strips_valid(strips).all()


@settings(max_examples=20, deadline=None)
@given(seed=SEEDS, count=st.integers(min_value=1, max_value=20))
def test_a_seed_always_gives_the_same_strips(seed: int, count: int) -> None:
    assert np.array_equal(generate_strips(seed, count), generate_strips(seed, count))


def test_different_seeds_give_different_strips() -> None:
    assert not np.array_equal(generate_strips(1, 5), generate_strips(2, 5))


def test_strips_are_made_in_chunks_without_seams() -> None:
    """Past the internal batch size every strip is still valid and they are all different."""
    strips = generate_strips(3, 20_000)
    assert strips_valid(strips).all()
    assert len(np.unique(strips.reshape(len(strips), -1), axis=0)) == len(strips)


def test_no_strips_is_an_empty_array() -> None:
    assert generate_strips(0, 0).shape == (0, 6, 3, 5)


@pytest.mark.parametrize(("seed", "count"), [(-1, 1), (1, -1), (1.5, 1), (1, True)])
def test_seed_and_count_must_be_whole_and_not_negative(seed: object, count: object) -> None:
    with pytest.raises(ValueError, match="entero no negativo"):
        generate_strips(seed, count)  # type: ignore[arg-type]


def _mutations() -> dict[str, np.ndarray]:
    """One faulty strip per kind of fault, each made from the same valid strip."""
    base = generate_strips(11, 1)[0]
    out: dict[str, np.ndarray] = {}

    def grid_of(carton: np.ndarray) -> dict[tuple[int, int], int]:
        return {(r, min(v // 10, 8)): int(v) for r in range(3) for v in carton[r]}

    s = base.copy()
    s[0, 0, 0] = 0
    out["number 0"] = s
    s = base.copy()
    s[5, 2, 4] = 91
    out["number 91"] = s
    s = base.copy()
    s[1, 1, [0, 1]] = s[1, 1, [1, 0]]
    out["row not ascending"] = s
    # two cartones swap numbers of different decades: decades no longer match columns
    s = base.copy()
    a, b = s[0, 0, 0], s[1, 0, 4]
    s[0, 0, 0], s[1, 0, 4] = b, a
    s[0, 0].sort()
    s[1, 0].sort()
    out["number in another cartón's column"] = s
    # a number of another cartón, same decade, instead of its own: 1..90 no longer held once
    s = base.copy()
    (c1, r1, p1), (c2, r2, p2) = [
        (int(c), int(r), int(p)) for c, r, p in zip(*np.nonzero((s >= 10) & (s <= 19)), strict=True)
    ][:2]
    if c1 == c2:
        c2, r2, p2 = next(
            (int(c), int(r), int(p))
            for c, r, p in zip(*np.nonzero((s >= 10) & (s <= 19)), strict=True)
            if c != c1
        )
    s[c2, r2, p2] = s[c1, r1, p1]
    out["number repeated"] = s
    # a column read upwards: swap a vertical pair of one cartón
    s = base.copy()
    g = grid_of(s[4])
    col = next(c for c in range(9) if (0, c) in g and (1, c) in g)
    top, below = g[(0, col)], g[(1, col)]
    s[4][s[4] == top], s[4][s[4] == below] = below, top
    out["column not ascending downwards"] = s
    return out


@pytest.mark.parametrize(("fault", "strip"), list(_mutations().items()))
def test_the_strip_checker_rejects_every_kind_of_fault(fault: str, strip: np.ndarray) -> None:
    valid = generate_strips(11, 1)
    assert strips_valid(valid).tolist() == [True]
    assert strips_valid(np.stack([valid[0], strip, valid[0]])).tolist() == [True, False, True]


def test_the_strip_checker_refuses_arrays_of_the_wrong_shape() -> None:
    with pytest.raises(ValueError, match="forma"):
        strips_valid(np.zeros((2, 6, 3, 4), dtype=np.uint8))


# --- distribution: uniform over valid strips -------------------------------------------------


def _layouts_by_full_columns() -> dict[int, int]:
    """Ways to lay a cartón on 3 rows of 5, by how many columns hold 3 numbers (brute force)."""
    out: dict[int, int] = {}
    for full in range(4):
        counts = [3] * full + [2] * (6 - 2 * full) + [1] * (3 + full)
        ways = 0
        for rows in itertools.product(*(itertools.combinations(range(3), k) for k in counts)):
            per_row = [sum(r in chosen for chosen in rows) for r in range(3)]
            ways += per_row == [5, 5, 5]
        out[full] = ways
    return out


LAYOUTS = _layouts_by_full_columns()
VECTORS = [c for c in itertools.product((1, 2, 3), repeat=9) if sum(c) == 15]


def _weight(counts: tuple[int, ...]) -> float:
    """Strips per count matrix factor for one cartón: its layouts, over ∏ c! for the dealing."""
    return LAYOUTS[counts.count(3)] / math.prod(math.factorial(c) for c in counts)


@cache
def _ways(left: tuple[int, ...]) -> float:
    """Weighted number of ways to fill the cartones still to come (sorted column counts)."""
    k = sum(left) // 15
    if k == 0:
        return 1.0
    total = 0.0
    for c in VECTORS:
        rest = tuple(a - b for a, b in zip(left, c, strict=True))
        if all(k - 1 <= x <= 3 * (k - 1) for x in rest):
            total += _weight(c) * _ways(tuple(sorted(rest)))
    return total


def _full_column_law() -> list[float]:
    """Exact chance that a cartón of a uniformly drawn strip has 0..3 columns of 3 numbers."""
    sizes = (9, 10, 10, 10, 10, 10, 10, 10, 11)
    law = [0.0] * 4
    for c in VECTORS:
        rest = tuple(a - b for a, b in zip(sizes, c, strict=True))
        if all(5 <= x <= 15 for x in rest):
            law[c.count(3)] += _weight(c) * _ways(tuple(sorted(rest)))
    total = sum(law)
    return [p / total for p in law]


def _column_counts(strips: np.ndarray) -> np.ndarray:
    column = np.minimum(strips // 10, 8)
    return np.stack([(column == j).sum(axis=(2, 3)) for j in range(9)], axis=2)  # (n, 6, 9)


def test_strip_layouts_follow_the_uniform_law_for_every_carton_position() -> None:
    """Cartones with 0..3 full columns come at the exact rate of a uniform draw, at each of
    the 6 places of the strip (the generator fills them one after the other)."""
    n = 20_000
    full = (_column_counts(generate_strips(2026, n)) == 3).sum(axis=2)  # (n, 6)
    law = np.array(_full_column_law())
    assert law.round(4).tolist() == pytest.approx([0.3883, 0.5044, 0.1053, 0.002], abs=1e-4)
    for place in range(6):
        seen = np.bincount(full[:, place], minlength=4) / n
        tolerance = 6 * np.sqrt(law * (1 - law) / n)
        assert np.all(np.abs(seen - law) <= tolerance), (place, seen, law)


def test_columns_10_to_79_are_interchangeable_and_numbers_spread_evenly_over_cartones() -> None:
    n = 20_000
    strips = generate_strips(7, n)
    counts = _column_counts(strips)
    three = (counts[:, :, 1:8] == 3).mean(axis=(0, 1))  # columns 10–19 … 70–79
    assert np.ptp(three) < 6 * np.sqrt(three.mean() / (6 * n))
    # every number in each of the 6 cartones with chance 1/6
    where = np.zeros((91, 6))
    for place in range(6):
        where[:, place] = np.bincount(strips[:, place].reshape(-1), minlength=91)
    share = where[1:] / n
    assert np.all(np.abs(share - 1 / 6) < 6 * np.sqrt((1 / 6) * (5 / 6) / n))


def test_a_recorded_seed_gives_the_strips_it_gave_when_recorded() -> None:
    """R-CARD-2: a generated card set is recorded as its seed; the strips it stands for never
    change, whichever way they are assembled (a hall's set, or a big batch from whole tables).
    """
    small = hashlib.sha256(generate_strips(2026, 300).tobytes()).hexdigest()
    big = hashlib.sha256(generate_strips(5, 12_000).tobytes()).hexdigest()
    assert small == "b8bdbb09a6a341df865499d458068be8fa3502637ee2a5bb1c657544cfd4a27d"
    assert big == "5b8c515599d16d68bcd5154886b5ba7f7fd466961629e75b1347e00744b5eeb0"


def test_big_batches_and_small_ones_draw_the_same_strips(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first chunk of a big batch (looked up in whole tables) is the small batch of the same
    seed (assembled as drawn).
    """
    monkeypatch.setattr(strips, "_BULK_STRIPS", strips._CHUNK + 1)
    for seed in (0, 99):
        big = generate_strips(seed, strips._CHUNK + 1)
        assert np.array_equal(big[: strips._CHUNK], generate_strips(seed, strips._CHUNK))
