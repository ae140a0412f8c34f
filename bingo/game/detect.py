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
        order = np.argsort(flat.reshape(-1), kind="stable")
        self._order = order
        self._starts = np.searchsorted(flat.reshape(-1)[order], np.arange(definition.count + 2))
        self._width = width
        slot_index = {slot: i for i, slot in enumerate(shape.slots)}
        masks: list[npt.NDArray[np.bool_]] = []
        owners: list[int] = []
        for k, combination in enumerate(definition.combinations):
            for mask in combination.masks:
                row = np.zeros(width, dtype=bool)
                row[[slot_index[s] for s in mask]] = True
                masks.append(row)
                owners.append(k)
        self._masks = np.array(masks, dtype=bool).reshape(len(masks), width)
        self._sizes = self._masks.sum(axis=1).astype(np.uint8)
        self._owners = owners
        self._counts = np.zeros((len(masks), m), dtype=np.uint8)
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
        held = self._order[self._starts[number] : self._starts[number + 1]]
        cards, slots = held // self._width, held % self._width
        found: list[list[_I64]] = [[] for _c in self._definition.combinations]
        for g in range(len(self._masks)):
            mine = cards[self._masks[g, slots]]
            if not len(mine):
                continue
            self._counts[g, mine] += 1
            full = mine[self._counts[g, mine] == self._sizes[g]]
            if len(full):
                found[self._owners[g]].append(full)
        out: dict[str, _I64] = {}
        index = len(self._balls)
        for k, combination in enumerate(self._definition.combinations):
            new = np.unique(np.concatenate(found[k])) if found[k] else np.zeros(0, np.int64)
            new = new[self._at[k, new] == 0].astype(np.int64)
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
