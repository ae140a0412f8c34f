"""Seeded generation of strips: 6 cartones that together hold 1..90 exactly once (R-CARD-2).

A strip is a ``(6, 3, 5)`` block of ``uint8``: 6 cartones, 3 rows, the 5 numbers of each row in
ascending order. Column ``j`` of a cartón holds the numbers of its decade (1–9, 10–19, …,
80–90), so over a strip column 0 holds 9 numbers, columns 1–7 hold 10 and column 8 holds 11,
spread over the 6 cartones with 1 to 3 per cartón and column (R-CARD-1).

Distribution
------------
:func:`generate_strips` draws each strip independently and *uniformly* from all valid strips
(ordered 6-tuples of valid cartones that partition 1..90), in three exact stages:

1. the 6 × 9 matrix ``C`` of column counts per cartón. The number of strips sharing a ``C`` is
   ``∏ᵢ L(Cᵢ) · ∏ⱼ Nⱼ! / ∏ᵢⱼ Cᵢⱼ!``, where ``L(c)`` is the number of ways to lay a cartón with
   column counts ``c`` on its three rows (1710, 639, 240 or 90 as 0, 1, 2 or 3 columns hold
   3 numbers). ``C`` is drawn with exactly that weight, one cartón after another, from the
   conditional laws of a dynamic programme over the column counts still to hand out;
2. each cartón's layout (the rows each column uses) uniformly among its ``L(Cᵢ)`` layouts;
3. each column's numbers dealt to the cartones uniformly among the ``Nⱼ! / ∏ᵢ Cᵢⱼ!`` ways,
   every cartón's share placed top to bottom in ascending order.

The only departure from uniform is floating point: stage 1 probabilities and all draws are
``float64``, so a probability can be off by about 1e-15 of itself. Draws come from
``numpy.random.default_rng(seed)`` (PCG64): a seed gives the same strips for the same
``count`` and numpy version.

Every stage runs over thousands of strips at once, on tables built once per process on first
use (under 0.1 s, a few MB): the programme's transitions as alias tables, the layouts of a
cartón by number of full columns, the subsets of a column's positions and their dealings
between 3 cartones. A drawn layout and dealing are assembled from these when drawn.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from bingo.i18n import _

__all__ = ["COLUMN_SIZES", "STRIP_CARTONES", "generate_strips", "strips_valid"]

STRIP_CARTONES = 6
COLUMN_SIZES = (9, 10, 10, 10, 10, 10, 10, 10, 11)
_COLUMN_FIRST = np.array([1, 10, 20, 30, 40, 50, 60, 70, 80], dtype=np.uint8)

_U8 = npt.NDArray[np.uint8]
_I64 = npt.NDArray[np.int64]
_F64 = npt.NDArray[np.float64]
_U64 = npt.NDArray[np.uint64]
_V16 = np.dtype((np.void, 16))

# From this many strips on, every layout's slots and every dealing are first assembled into
# whole tables (about 0.1 s and 30 MB, once per process) and then only looked up: faster per
# strip, so it pays for big batches. A hall's card set (hundreds of strips) is assembled as drawn.
_BULK_STRIPS = 10_000

# Strips are made this many at a time: enough to hide numpy's per-call cost, few enough for
# the working set to stay in cache.
_CHUNK = 8192

# A 9-input sorting network (25 comparators): keeps each strip's columns in canonical order
# (by numbers still to hand out) with a few dozen whole-array min/max instead of an argsort.
_NET9 = (
    (0, 1), (3, 4), (6, 7), (1, 2), (4, 5), (7, 8), (0, 1), (3, 4), (6, 7),
    (0, 3), (3, 6), (0, 3), (1, 4), (4, 7), (1, 4), (2, 5), (5, 8), (2, 5),
    (1, 3), (5, 7), (2, 6), (4, 6), (2, 4), (2, 3), (5, 6),
)  # fmt: skip

# While a strip is built its numbers sit in 288 bytes: [group of 3 cartones][column][16 bytes],
# where cartón l of the group holds bytes 3l..3l+2 (its share of the column, top to bottom) and
# 7 bytes are padding, so that a column's share for a group moves as one 16-byte copy.
_SLOTS = 9
_COL_BYTES = 16
_GROUP_BYTES = 9 * _COL_BYTES
_STRIP_BYTES = 2 * _GROUP_BYTES
_CARTON_OFFSET = np.array([g * _GROUP_BYTES + 3 * c for g in (0, 1) for c in (0, 1, 2)])


@dataclass(frozen=True, slots=True)
class _Level:
    """Transitions out of the states with ``k`` cartones still to fill, as alias tables."""

    cand16: _U8  # (9, T): 16 × what the next cartón takes from each canonical column
    next_state: _I64  # (T,) the state it leads to, in the level below
    off: _I64  # (S,) first transition of each state
    size: _I64  # (S,) its number of transitions
    keep: _F64  # (T,) chance of keeping the drawn transition rather than its alias
    alias: _I64  # (T,)


@dataclass(frozen=True, slots=True)
class _Tables:
    levels: dict[int, _Level]  # by cartones still to fill, 2..6 (the last takes the rest)
    code_to_cid: npt.NDArray[np.int16]  # Σ (c - 1) << 2·column -> count-vector id
    cid_counts: _U8  # (1554, 9) column counts of each count vector
    layout_first: _I64  # (1554,) its first layout in ``layouts``
    layout_len: _I64  # (1554,) its number of layouts
    layout_rows: _I64  # (2679, 3) each row of every layout, as 9 bits by type position
    to_columns: npt.NDArray[np.uint16]  # (1554 · 512,) type-position bits -> column bits
    row_columns: _U64  # (512,) a row's 5 columns · 16, one byte each
    row_above: _U64  # (512 · 512,) per byte: 1 where a row above uses it
    subsets: _U8  # (rows, 10) subsets of a column's positions in lexicographic order, and a 0
    dealings: _U8  # (rows, 9) dealings of a subset to 3 cartones: ranks in it, 9 if unused
    group_subsets_first: _I64  # (9·27,) by column and counts of 3 cartones: first subset
    group_dealings_first: _I64  # (9·27,) its first dealing
    group_subsets: _I64  # (9·27,) how many subsets of the column's positions it can take
    group_deals: _I64  # (9·27,) dealings per subset


def _layouts(full: int) -> npt.NDArray[np.bool_]:
    """Every layout of a cartón with ``full`` columns of 3, as (L, 9, 3) in type order.

    Type order puts the columns holding 3 first, then those holding 2, then those holding 1.
    """
    twos = 6 - 2 * full
    free = 9 - full
    digits = (np.arange(3**free)[:, None] // 3 ** np.arange(free)) % 3
    grid = np.zeros((len(digits), 9, 3), dtype=bool)
    grid[:, :full, :] = True
    rows = np.arange(3)
    # a column holding 2 leaves one row out; a column holding 1 uses one row
    grid[:, full : full + twos, :] = digits[:, :twos, None] != rows
    grid[:, full + twos :, :] = digits[:, twos:, None] == rows
    layouts: npt.NDArray[np.bool_] = grid[(grid.sum(axis=1) == 5).all(axis=1)]
    return layouts


def _count_vectors() -> _I64:
    """All column-count vectors of a cartón: 9 entries in 1..3 summing to 15."""
    every = np.array(list(itertools.product((1, 2, 3), repeat=9)), dtype=np.int64)
    vectors: _I64 = every[every.sum(axis=1) == 15]
    return vectors


def _alias_table(prob: _F64) -> tuple[_F64, _I64]:
    """Walker's alias table (Vose's construction): one draw and one comparison per sample."""
    n = len(prob)
    scaled = (prob * (n / prob.sum())).tolist()
    keep = [1.0] * n
    alias = list(range(n))
    small = [i for i, q in enumerate(scaled) if q < 1.0]
    large = [i for i, q in enumerate(scaled) if q >= 1.0]
    while small and large:
        s, big = small.pop(), large[-1]
        keep[s], alias[s] = scaled[s], big
        scaled[big] += scaled[s] - 1.0
        if scaled[big] < 1.0:
            small.append(large.pop())
    # what is left is 1 up to rounding, so it keeps itself
    return np.array(keep), np.array(alias, dtype=np.int64)


def _build_levels(cv: _I64, weight: _F64) -> dict[int, _Level]:
    """Dynamic programme over the sorted column counts still to hand out.

    ``Z_k(s) = Σ_c w(c) · Z_{k-1}(sort(s - c))`` over the count vectors ``c`` the next cartón
    can take while the ``k - 1`` cartones after it can still hold 1..3 per column. Sorting makes
    the states few (177) because the weight of a count matrix ignores the order of columns.
    """
    states = {6: np.array([sorted(COLUMN_SIZES)], dtype=np.int64)}
    steps: dict[int, tuple[_I64, _I64, _I64]] = {}
    for k in range(6, 0, -1):
        diff = states[k][:, None, :] - cv[None, :, :]
        fits = ((diff >= k - 1) & (diff <= 3 * (k - 1))).all(axis=-1)
        si, ci = np.nonzero(fits)
        after = np.sort(diff[si, ci], axis=1)
        codes = after @ (12 ** np.arange(9, dtype=np.int64))
        _codes, first, nxt = np.unique(codes, return_index=True, return_inverse=True)
        states[k - 1] = after[first]
        steps[k] = (si, ci, nxt.reshape(-1))
    z: dict[int, _F64] = {0: np.ones(1)}
    for k in range(1, 7):
        si, ci, nxt = steps[k]
        z[k] = np.bincount(si, weights=weight[ci] * z[k - 1][nxt], minlength=len(states[k])).astype(
            np.float64
        )
    levels: dict[int, _Level] = {}
    for k in range(2, 7):
        si, ci, nxt = steps[k]
        prob = weight[ci] * z[k - 1][nxt]
        live = prob > 0  # a dead end cannot be drawn
        si, ci, nxt, prob = si[live], ci[live], nxt[live], prob[live]
        size = np.bincount(si, minlength=len(states[k]))
        off = np.concatenate(([0], np.cumsum(size)[:-1]))
        keep = np.ones(len(prob))
        alias = np.arange(len(prob))
        for lo, n in zip(off, size, strict=True):
            keep[lo : lo + n], alias[lo : lo + n] = _alias_table(prob[lo : lo + n])
            alias[lo : lo + n] += lo
        levels[k] = _Level(
            cand16=np.ascontiguousarray((cv[ci] * 16).T.astype(np.uint8)),
            next_state=nxt.astype(np.int64),
            off=off,
            size=size,
            keep=keep,
            alias=alias,
        )
    return levels


def _build_layouts(
    cv: _I64, full: _I64
) -> tuple[_I64, _I64, _I64, npt.NDArray[np.uint16], _U64, _U64]:
    """What turns a count vector and the rank of one of its layouts into the slot each cell
    reads (:func:`_layout_slots`): the layouts of a cartón by number of full columns (a few
    thousand), where each count vector's start, and the per-row tables. Only the layouts drawn
    are turned into slots, so generating a card set does not first lay out all 735 210.
    """
    by_full = [_layouts(t) for t in range(4)]  # (L, 9 type positions, 3 rows)
    starts = np.cumsum([0] + [len(lay) for lay in by_full])
    every = np.concatenate(by_full).astype(np.int64)
    rows_by_type: _I64 = every.transpose(0, 2, 1) @ (1 << np.arange(9, dtype=np.int64))
    # by 9-bit row pattern: the columns a row of 5 uses (8 bytes, to move as one word)
    used = ((np.arange(512)[:, None] >> np.arange(9)) & 1).astype(np.uint8)
    # type position p of count vector k is column order[k, p]
    order = np.argsort(-cv, axis=1, kind="stable")
    to_columns = (used.astype(np.int64) @ (1 << order).T).T.astype(np.uint16)  # (cv, type bits)
    five = np.flatnonzero(used.sum(axis=1) == 5)
    columns = np.zeros((512, 8), dtype=np.uint8)
    columns[five, :5] = np.nonzero(used[five])[1].reshape(-1, 5)
    # [row pattern, pattern of a row above]: 1 where the row's k-th column has a cell above
    hit = np.zeros((512, 512, 8), dtype=np.uint8)
    hit[:, :, :5] = used[:, columns[:, :5]].transpose(1, 0, 2)
    columns_w: _U64 = columns.view(np.uint64).reshape(-1) * np.uint64(_COL_BYTES)
    hit_w: _U64 = hit.reshape(-1, 8).view(np.uint64).reshape(-1)
    return (
        starts[full],
        np.array([len(lay) for lay in by_full], dtype=np.int64)[full],
        rows_by_type,
        to_columns.reshape(-1),
        columns_w,
        hit_w,
    )


def _layout_slots(tab: _Tables, cids: _I64, picks: _I64) -> _U8:
    """For each (count vector, layout rank), the slot each of the 15 cells reads, in reading
    order: 16 · column + the cells used above it in the column. ``(n, 15)`` bytes.
    """
    by_type = tab.layout_rows[tab.layout_first[cids] + picks]  # (n, 3)
    b0, b1, b2 = tab.to_columns[(cids * 512)[:, None] + by_type].T.astype(np.int64)
    # bytewise sums that never carry
    rows = np.empty((len(cids), 3), dtype=np.uint64)
    rows[:, 0] = tab.row_columns[b0]
    rows[:, 1] = tab.row_columns[b1] + tab.row_above[b1 * 512 + b0]
    rows[:, 2] = tab.row_columns[b2] + tab.row_above[b2 * 512 + b0] + tab.row_above[b2 * 512 + b1]
    slots: _U8 = rows.view(np.uint8).reshape(-1, 3, 8)[:, :, :5].reshape(-1, 15)
    return slots


def _dealings(counts: tuple[int, ...]) -> _I64:
    """Every dealing of ``sum(counts)`` ranks to 3 cartones, as (D, 9): the rank per slot.

    Slot ``3l + t`` holds the t-th smallest rank cartón l receives; unused slots hold 0.
    """
    a, b, _c = counts
    ranks = range(sum(counts))
    rows: list[list[int]] = []
    for first in itertools.combinations(ranks, a):
        rest = [r for r in ranks if r not in first]
        for second in itertools.combinations(rest, b):
            third = [r for r in rest if r not in second]
            row = [0] * _SLOTS
            for label, share in enumerate((first, second, third)):
                row[3 * label : 3 * label + len(share)] = share
            rows.append(row)
    return np.array(rows, dtype=np.int64)


def _build_deals() -> tuple[_U8, _U8, _I64, _I64, _I64, _I64]:
    """Tables that deal a column's positions to the two groups of 3 cartones of a strip.

    A group (column, counts of 3 cartones) takes a subset of the column's positions and a
    dealing of it to its 3 cartones: a subset rank (subsets in lexicographic order) and a
    dealing rank. Group 1 (cartones 0–2) draws both; group 2 (3–5) takes the complementary
    subset, whose lexicographic rank is ``subsets - 1 - rank``, and draws its dealing.
    """
    subset_parts: list[_U8] = []
    dealing_parts: list[_U8] = []
    sub_first = np.zeros((9, 27), dtype=np.int64)
    deal_first = np.zeros((9, 27), dtype=np.int64)
    nsub = np.ones((9, 27), dtype=np.int64)
    ndeal = np.ones((9, 27), dtype=np.int64)
    subsets_at: dict[tuple[int, int], int] = {}
    dealings_at: dict[int, tuple[int, int]] = {}
    subset_rows = dealing_rows = 0
    for col, n in enumerate(COLUMN_SIZES):
        for code, counts in enumerate(itertools.product((1, 2, 3), repeat=3)):
            a = sum(counts)
            if not 3 <= n - a <= 9:  # the other group needs 1..3 for each of its cartones
                continue
            if code not in dealings_at:
                dealings = _dealings(counts)
                for c, k in enumerate(counts):
                    dealings[:, 3 * c + k : 3 * c + 3] = _SLOTS  # the 0 after every subset
                dealing_parts.append(dealings.astype(np.uint8))
                dealings_at[code] = (dealing_rows, len(dealings))
                dealing_rows += len(dealings)
            if (n, a) not in subsets_at:
                subsets = np.zeros((math.comb(n, a), _SLOTS + 1), dtype=np.uint8)
                subsets[:, :a] = list(itertools.combinations(range(n), a))
                subset_parts.append(subsets)
                subsets_at[(n, a)] = subset_rows
                subset_rows += len(subsets)
            sub_first[col, code] = subsets_at[(n, a)]
            nsub[col, code] = math.comb(n, a)
            deal_first[col, code], ndeal[col, code] = dealings_at[code]
    return (
        np.concatenate(subset_parts),
        np.concatenate(dealing_parts),
        sub_first.reshape(-1),
        deal_first.reshape(-1),
        nsub.reshape(-1),
        ndeal.reshape(-1),
    )


def _dealt(tab: _Tables, key: _I64, subset: _I64, dealing: _I64) -> _U8:
    """The positions each group of 3 cartones takes from a column, 3 slots per cartón (0 where
    unused), by group key, subset rank and dealing rank: ``key.shape + (9,)`` bytes.
    """
    first = (tab.group_subsets_first[key] + subset) * (_SLOTS + 1)
    ranks = tab.dealings[tab.group_dealings_first[key] + dealing]
    dealt: _U8 = tab.subsets.reshape(-1)[first[..., None] + ranks]
    return dealt


@cache
def _tables() -> _Tables:
    cv = _count_vectors()
    full = (cv == 3).sum(axis=1)
    layout_first, layout_len, layout_rows, to_columns, row_columns, row_above = _build_layouts(
        cv, full
    )
    # weight of a count vector: its layouts over ∏ c_j! (the order within each cell's column)
    weight = layout_len / np.prod(np.array([1, 1, 2, 6])[cv], axis=1)
    code_to_cid = np.full(4**9, -1, dtype=np.int16)
    code_to_cid[((cv - 1) << (2 * np.arange(9))).sum(axis=1)] = np.arange(len(cv))
    subsets, dealings, sub_first, deal_first, nsub, ndeal = _build_deals()
    return _Tables(
        levels=_build_levels(cv, weight),
        code_to_cid=code_to_cid,
        cid_counts=cv.astype(np.uint8),
        layout_first=layout_first,
        layout_len=layout_len,
        layout_rows=layout_rows,
        to_columns=to_columns,
        row_columns=row_columns,
        row_above=row_above,
        subsets=subsets,
        dealings=dealings,
        group_subsets_first=sub_first,
        group_dealings_first=deal_first,
        group_subsets=nsub,
        group_deals=ndeal,
    )


def _count_matrices(tab: _Tables, rng: np.random.Generator, n: int) -> _I64:
    """The column counts of n strips, as (n, 6) count-vector ids in actual column order."""
    # one row per canonical column: 16 · (numbers still to hand out) + actual column
    start = np.array(sorted(COLUMN_SIZES), dtype=np.uint8) * 16 + np.arange(9, dtype=np.uint8)
    keys: _U8 = np.repeat(start[:, None], n, axis=1)
    state = np.zeros(n, dtype=np.int64)
    cids = np.empty((n, STRIP_CARTONES), dtype=np.int64)
    for i in range(STRIP_CARTONES):
        left = STRIP_CARTONES - i
        if left == 1:
            c16 = keys & np.uint8(0xF0)  # the last cartón takes what is left
        else:
            if i:
                for a, b in _NET9:
                    low = np.minimum(keys[a], keys[b])
                    np.maximum(keys[a], keys[b], out=keys[b])
                    keys[a] = low
            level = tab.levels[left]
            x = rng.random(n) * level.size[state]
            j = x.astype(np.int64)
            t = level.off[state] + j
            t = np.where(x - j < level.keep[t], t, level.alias[t])
            c16 = np.take(level.cand16, t, axis=1)
            state = level.next_state[t]
        digit = (c16 >> 4).astype(np.uint32) - np.uint32(1)
        code = np.left_shift(digit, (keys & np.uint8(15)) << 1).sum(axis=0, dtype=np.uint32)
        cids[:, i] = tab.code_to_cid[code]
        keys -= c16
    return cids


@dataclass(frozen=True, slots=True)
class _Bulk:
    """Every layout's slots and every dealing, assembled once, for big batches."""

    layout_off: _I64  # (1554,) a count vector's first layout in ``layout_slots``
    layout_slots: _U8  # (735210, 16) :func:`_layout_slots` of each, padded to 16 bytes
    deal_off: _I64  # (9·27,) by group key: its first entry in ``deal``
    deal: _U8  # (entries, 16) entry = off + subset rank · dealings + dealing rank (:func:`_dealt`)


@cache
def _bulk() -> _Bulk:
    tab = _tables()
    layout_off = np.concatenate(([0], np.cumsum(tab.layout_len)[:-1]))
    cids = np.repeat(np.arange(len(tab.layout_len)), tab.layout_len)
    layout_slots = np.zeros((len(cids), 16), dtype=np.uint8)
    layout_slots[:, :15] = _layout_slots(tab, cids, np.arange(len(cids)) - layout_off[cids])
    deal_off = np.zeros(9 * 27, dtype=np.int64)
    parts: list[_U8] = []
    done: dict[tuple[int, ...], int] = {}  # the columns of 10 numbers share their groups
    entries = 0
    for key in range(9 * 27):
        nsub, ndeal = int(tab.group_subsets[key]), int(tab.group_deals[key])
        group = (nsub, ndeal, int(tab.group_subsets_first[key]), int(tab.group_dealings_first[key]))
        if group not in done:
            table = np.zeros((nsub * ndeal, 16), dtype=np.uint8)
            subset, dealing = np.divmod(np.arange(nsub * ndeal), ndeal)
            table[:, :_SLOTS] = _dealt(tab, np.full(len(table), key), subset, dealing)
            parts.append(table)
            done[group] = entries
            entries += len(table)
        deal_off[key] = done[group]
    return _Bulk(layout_off, layout_slots, deal_off, np.concatenate(parts))


def _chunk(tab: _Tables, rng: np.random.Generator, n: int, bulk: _Bulk | None) -> _U8:
    cids = _count_matrices(tab, rng, n)

    # layouts, uniform among each count vector's
    pick = (rng.random(cids.shape) * tab.layout_len[cids]).astype(np.int64)
    if bulk is None:
        slots_u8 = _layout_slots(tab, cids.reshape(-1), pick.reshape(-1))
    else:
        slots = bulk.layout_slots.view(_V16).reshape(-1)[bulk.layout_off[cids] + pick]
        slots_u8 = slots.view(np.uint8).reshape(-1, 16)[:, :15]
    slots_u8 = slots_u8.reshape(n, STRIP_CARTONES, 15)

    # dealing: a column's positions split between the two groups, each dealt within its group
    counts = tab.cid_counts[cids] - np.uint8(1)  # (n, 6, 9) in 0..2
    col27 = np.arange(9) * 27
    key1 = col27 + counts[:, 0] * 9 + counts[:, 1] * 3 + counts[:, 2]  # (n, 9)
    key2 = col27 + counts[:, 3] * 9 + counts[:, 4] * 3 + counts[:, 5]
    u = rng.random((3, n, 9))
    subsets = tab.group_subsets[key1]
    sub1 = (u[0] * subsets).astype(np.int64)
    deals1 = tab.group_deals[key1]
    deals2 = tab.group_deals[key2]
    sub2, deal1, deal2 = (
        subsets - 1 - sub1,
        (u[1] * deals1).astype(np.int64),
        (u[2] * deals2).astype(np.int64),
    )
    if bulk is None:
        values = np.zeros((n, 2, 9, _COL_BYTES), dtype=np.uint8)
        values[:, 0, :, :_SLOTS] = _dealt(tab, key1, sub1, deal1)
        values[:, 1, :, :_SLOTS] = _dealt(tab, key2, sub2, deal2)
    else:
        rows16 = bulk.deal.view(_V16).reshape(-1)
        values = np.empty((n, 2, 9, _COL_BYTES), dtype=np.uint8)
        values.view(_V16)[:, 0, :, 0] = rows16[bulk.deal_off[key1] + sub1 * deals1 + deal1]
        values.view(_V16)[:, 1, :, 0] = rows16[bulk.deal_off[key2] + sub2 * deals2 + deal2]
    values += _COLUMN_FIRST[:, None]  # positions to numbers

    # each cartón reads its cells in reading order
    base = np.arange(n, dtype=np.int64)[:, None] * _STRIP_BYTES + _CARTON_OFFSET
    flat = np.add(slots_u8, base[:, :, None], dtype=np.int64)
    strips: _U8 = values.reshape(-1)[flat].reshape(n, STRIP_CARTONES, 3, 5)
    return strips


def generate_strips(seed: int, count: int) -> _U8:
    """``count`` strips drawn uniformly from all valid strips, as ``(count, 6, 3, 5)`` uint8.

    Reproducible: the same ``seed`` and ``count`` give the same strips (same numpy version).
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(_("la semilla debe ser un entero no negativo, no {v!r}").format(v=seed))
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(
            _("el número de tiras debe ser un entero no negativo, no {v!r}").format(v=count)
        )
    tab = _tables()
    bulk = _bulk() if count >= _BULK_STRIPS else None  # the same strips either way
    rng = np.random.default_rng(seed)
    out = np.empty((count, STRIP_CARTONES, 3, 5), dtype=np.uint8)
    for start in range(0, count, _CHUNK):
        n = min(_CHUNK, count - start)
        out[start : start + n] = _chunk(tab, rng, n, bulk)
    return out


def strips_valid(strips: npt.ArrayLike) -> npt.NDArray[np.bool_]:
    """For each strip of an ``(n, 6, 3, 5)`` array, whether it is a valid strip.

    Valid: every cartón meets R-CARD-1 (rows of 5 ascending numbers in different decade columns,
    every column used, each column ascending top to bottom) and the strip holds each of 1..90
    exactly once.
    """
    a = np.asarray(strips)
    if a.ndim != 4 or a.shape[1:] != (STRIP_CARTONES, 3, 5) or a.dtype.kind not in "iu":
        raise ValueError(
            _("las tiras deben ser enteros de forma (n, 6, 3, 5), no {dtype} {shape}").format(
                dtype=a.dtype, shape=a.shape
            )
        )
    out = np.empty(len(a), dtype=bool)
    for start in range(0, len(a), _CHUNK):
        out[start : start + _CHUNK] = _valid_chunk(a[start : start + _CHUNK])
    return out


def _valid_chunk(a: npt.NDArray[np.integer[npt.NBitBase]]) -> npt.NDArray[np.bool_]:
    n = len(a)
    in_range = np.asarray(((a >= 1) & (a <= 90)).reshape(n, -1).all(axis=1))
    v = np.where(in_range[:, None, None, None], a, 1).astype(np.uint8)
    col = np.minimum(v // np.uint8(10), np.uint8(8))
    # rows: strictly increasing columns, so one number per cell (and ascending numbers)
    rows_ok = (col[..., 1:] > col[..., :-1]).reshape(n, -1).all(axis=1)
    # every column of every cartón used
    bits = np.left_shift(np.uint16(1), col.astype(np.uint16)).reshape(n, STRIP_CARTONES, 15)
    columns_ok = (np.bitwise_or.reduce(bits, axis=2) == 511).all(axis=1)
    # columns ascending top to bottom, on each cartón's 3 × 9 grid (0 where empty)
    grid = np.zeros((n, STRIP_CARTONES, 3, 9), dtype=np.uint8)
    cell = np.arange(n * STRIP_CARTONES * 3, dtype=np.int64).reshape(n, STRIP_CARTONES, 3, 1) * 9
    grid.reshape(-1)[(cell + col).reshape(-1)] = v.reshape(-1)
    downward = np.ones((n, STRIP_CARTONES, 9), dtype=bool)
    for upper, lower in ((0, 1), (1, 2), (0, 2)):
        gu, gl = grid[:, :, upper], grid[:, :, lower]
        downward &= (gu < gl) | (gu == 0) | (gl == 0)
    # 90 numbers that are all different: the strip holds 1..90 exactly once
    flat = v.reshape(n, 90).astype(np.uint64)
    bit = np.left_shift(np.uint64(1), flat & np.uint64(63))
    low = np.bitwise_or.reduce(np.where(flat < 64, bit, np.uint64(0)), axis=1)
    high = np.bitwise_or.reduce(np.where(flat >= 64, bit, np.uint64(0)), axis=1)
    once = (low == np.uint64(2**64 - 2)) & (high == np.uint64(2**27 - 1))
    valid: npt.NDArray[np.bool_] = (
        in_range & rows_ok & columns_ok & downward.reshape(n, -1).all(axis=1) & once
    )
    return valid
