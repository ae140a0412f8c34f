"""Which cartones complete each winning combination of a game, ball by ball (R-MULTI-4).

:func:`tracker_for` gives the tracker of a definition. The ordinary bingo keeps its bit-sliced
tracker (``bingo.detect.CompletionTracker``, a million cartones in well under a millisecond a
ball); the other modalities, with their own shapes and figures, use :class:`MaskTracker`: for
every mask of every combination a counter per cartón of its drawn numbers, raised only for the
cartones that hold the ball, so a ball costs in proportion to the cartones holding it.

Both answer the same question: for each combination, the cartones that complete it for the
first time with this ball. :func:`reference_completions` answers it the plain way, for the tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

from bingo.detect import CompletionTracker
from bingo.game.definition import GameDefinition
from bingo.i18n import _

__all__ = ["GameTracker", "MaskTracker", "reference_completions", "tracker_for"]

_I64 = npt.NDArray[np.int64]
_U8 = npt.NDArray[np.uint8]


class GameTracker(Protocol):
    """First completions of each combination (by code) of a fixed list of cartones."""

    @property
    def balls(self) -> tuple[int, ...]: ...

    def add_ball(self, number: int) -> dict[str, _I64]: ...

    def completed_at(self, code: str) -> _U8: ...

    def reset(self) -> None: ...


class OrdinaryTracker:
    """The ordinary bingo's line and bingo, from the bit-sliced tracker."""

    def __init__(self, cards: npt.ArrayLike, backend: str = "auto") -> None:
        self._tracker = CompletionTracker(cards, backend=backend)  # type: ignore[arg-type]
        self._all = range(len(self._tracker))

    @property
    def balls(self) -> tuple[int, ...]:
        return self._tracker.balls

    def add_ball(self, number: int) -> dict[str, _I64]:
        lines, bingos = self._tracker.add_ball(number)
        return {"linea": lines, "bingo": bingos}

    def completed_at(self, code: str) -> _U8:
        if code == "linea":
            return self._tracker.line_completed_at(self._all)
        if code == "bingo":
            return self._tracker.bingo_completed_at(self._all)
        raise KeyError(code)

    def reset(self) -> None:
        self._tracker.reset()


class MaskTracker:
    """First completions of every combination of ``definition`` by ``cards`` ``(M, rows, k)``."""

    def __init__(self, definition: GameDefinition, cards: npt.ArrayLike) -> None:
        self._definition = definition
        shape = definition.shape
        a = np.asarray(cards)
        if a.ndim != 3 or a.shape[1:] != (shape.rows, shape.per_row) or a.dtype.kind not in "iu":
            raise ValueError(
                _("los cartones deben ser enteros de forma (M, {r}, {k}), no {s}").format(
                    r=shape.rows, k=shape.per_row, s=a.shape
                )
            )
        m, width = len(a), shape.rows * shape.per_row
        flat = a.reshape(m, width).astype(np.int64)
        if m and (flat.min() < 1 or flat.max() > definition.count):
            raise ValueError(
                _("hay cartones con números fuera de 1..{n}").format(n=definition.count)
            )
        slot_index = {slot: i for i, slot in enumerate(shape.slots)}
        # One counter per (mask, cartón), key g * M + i; for every number, the keys it raises.
        masks = [(k, [slot_index[s] for s in mask]) for k, c in enumerate(definition.combinations)
                 for mask in c.masks]  # fmt: skip
        key_type = np.int32 if len(masks) * m < 2**31 else np.int64
        numbers = np.concatenate([flat[:, slots].reshape(-1) for _k, slots in masks])
        keys = np.concatenate(
            [
                (g * m + np.repeat(np.arange(m), len(slots))).astype(key_type)
                for g, (_k, slots) in enumerate(masks)
            ]
        )
        order = np.argsort(numbers, kind="stable")
        self._keys = keys[order]
        self._starts = np.searchsorted(numbers[order], np.arange(definition.count + 2))
        self._target = np.repeat(np.array([len(s) for _k, s in masks], dtype=np.uint8), m)
        self._counts = np.zeros(len(masks) * m, dtype=np.uint8)
        # the keys of combination k are [first[k] * M, first[k + 1] * M): masks come in order
        owners = [k for k, _s in masks]
        self._first = [owners.index(k) for k in range(len(definition.combinations))]
        self._first.append(len(masks))
        self._m = m
        self._at = np.zeros((len(definition.combinations), m), dtype=np.uint8)
        self._drawn = np.zeros(definition.count + 1, dtype=bool)
        self._balls: list[int] = []

    @property
    def balls(self) -> tuple[int, ...]:
        return tuple(self._balls)

    def add_ball(self, number: int) -> dict[str, _I64]:
        """Count a ball; for each combination, the positions that complete it with this ball."""
        if isinstance(number, bool) or not isinstance(number, int | np.integer):
            raise ValueError(_("la bola {n!r} no es un número").format(n=number))
        if not 1 <= number <= self._definition.count:
            raise ValueError(
                _("la bola {n} no está entre 1 y {m}").format(n=number, m=self._definition.count)
            )
        if self._drawn[number]:
            raise ValueError(_("la bola {n} ya ha salido en esta partida").format(n=number))
        self._drawn[number] = True
        self._balls.append(int(number))
        keys = self._keys[self._starts[number] : self._starts[number + 1]]
        self._counts[keys] += 1  # a mask of a cartón holds a number once: no key twice
        full = np.sort(keys[self._counts[keys] == self._target[keys]]).astype(np.int64)
        out: dict[str, _I64] = {}
        index = len(self._balls)
        bounds = np.searchsorted(full, np.array(self._first, dtype=np.int64) * self._m)
        for k, combination in enumerate(self._definition.combinations):
            new = np.unique(full[bounds[k] : bounds[k + 1]] % max(self._m, 1))
            new = new[self._at[k, new] == 0]
            self._at[k, new] = index
            new.setflags(write=False)
            out[combination.code] = new
        return out

    def completed_at(self, code: str) -> _U8:
        """Extraction index (1-based) at which each cartón completed ``code``; 0: not yet."""
        codes = [c.code for c in self._definition.combinations]
        at: _U8 = self._at[codes.index(code)].copy()
        return at

    def reset(self) -> None:
        self._counts[:] = 0
        self._at[:] = 0
        self._drawn[:] = False
        self._balls.clear()


def tracker_for(
    definition: GameDefinition, cards: npt.ArrayLike, *, backend: str = "auto"
) -> GameTracker:
    """The tracker that plays ``definition``: the bit-sliced one for the ordinary bingo."""
    if definition.is_ordinary:
        return OrdinaryTracker(cards, backend)
    return MaskTracker(definition, cards)


def reference_completions(
    definition: GameDefinition, cards: Sequence[Sequence[Sequence[int]]], balls: Sequence[int]
) -> dict[str, list[int]]:
    """For each combination, the extraction index (1-based, 0: never) of each cartón's first
    completion: the plain way, a set of drawn numbers checked after every ball.
    """
    out = {c.code: [0] * len(cards) for c in definition.combinations}
    drawn: set[int] = set()
    for index, ball in enumerate(balls, start=1):
        drawn.add(ball)
        for i, rows in enumerate(cards):
            for combination in definition.combinations:
                if out[combination.code][i]:
                    continue
                if any(all(rows[r][k] in drawn for r, k in mask) for mask in combination.masks):
                    out[combination.code][i] = index
    return out
