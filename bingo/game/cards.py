"""Cartones of any game definition: validation and seeded generation (SPEC R-MULTI-4).

A cartón is an ``(rows, numbers // rows)`` array of slots (see ``bingo.game.definition``). The
ordinary bingo keeps its own rules and generator (``bingo.cards``, ``bingo.strips``: strips of 6
cartones holding 1..90 once); the other placements are:

- ``columnas``: column ``c`` holds numbers of its band of the range (``column_bands``),
  ascending top to bottom, so every row ascends too;
- ``libre``: any distinct numbers of the range, ascending in reading order.

A card set never repeats a combination (the same numbers): they would always win together.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from bingo import cards as ordinary
from bingo.game.definition import GameDefinition, column_bands
from bingo.i18n import _

__all__ = [
    "MAX_CARTONES",
    "capacity",
    "carton_problems",
    "cartones_problems",
    "generate_cartones",
]

_U8 = npt.NDArray[np.uint8]
#: The most cartones a game's card set holds, as a shared serie of the simultaneous bingo
#: (``bingo.simultaneous.MAX_CARTONES``): generated in a few seconds; a count asked beyond it
#: is refused rather than leave the hall without memory (decision 390).
MAX_CARTONES = 1_000_000


def carton_problems(definition: GameDefinition, rows: object) -> list[str]:
    """Every way ``rows`` is not a cartón of ``definition``, one message each; ``[]`` if valid."""
    if definition.shape.placement == "decenas":
        return ordinary.carton_problems(rows)  # type: ignore[arg-type]
    if isinstance(rows, np.ndarray):
        rows = rows.tolist()
    shape = definition.shape
    if not isinstance(rows, list | tuple) or not all(isinstance(r, list | tuple) for r in rows):
        return [_("el cartón debe ser una lista de {r} filas").format(r=shape.rows)]
    if len(rows) != shape.rows or any(len(r) != shape.per_row for r in rows):
        return [
            _("el cartón debe tener {r} filas de {k} números").format(r=shape.rows, k=shape.per_row)
        ]
    problems: list[str] = []
    flat: list[int] = []
    for r, row in enumerate(rows, start=1):
        for v in row:
            if isinstance(v, bool) or not isinstance(v, int | np.integer):
                problems.append(
                    _("la fila {r} contiene {v!r}, que no es un número entero").format(r=r, v=v)
                )
            elif not 1 <= int(v) <= definition.count:
                problems.append(
                    _("la fila {r}: el número {v} no está entre 1 y {n}").format(
                        r=r, v=v, n=definition.count
                    )
                )
            else:
                flat.append(int(v))
    if problems:
        return problems
    for v in sorted({v for v in flat if flat.count(v) > 1}):
        problems.append(_("el número {n} aparece más de una vez").format(n=v))
    grid = [[int(v) for v in row] for row in rows]
    if shape.placement == "libre":
        if problems == [] and flat != sorted(flat):
            problems.append(_("los números no van de menor a mayor en orden de lectura"))
        return problems
    for c, (first, last) in enumerate(column_bands(definition.count, shape.columns)):
        column = [grid[r][c] for r in range(shape.rows)]
        outside = [v for v in column if not first <= v <= last]
        if outside:
            problems.append(
                _("la columna {c} solo admite del {a} al {b}: tiene {v}").format(
                    c=c + 1, a=first, b=last, v=", ".join(map(str, outside))
                )
            )
        elif column != sorted(column):
            problems.append(
                _("la columna {c} no va de menor a mayor de arriba abajo").format(c=c + 1)
            )
    return problems


def capacity(definition: GameDefinition) -> int:
    """How many distinct combinations the definition's cartones can hold."""
    shape = definition.shape
    if shape.placement == "libre":
        return math.comb(definition.count, shape.numbers)
    if shape.placement == "columnas":
        bands = column_bands(definition.count, shape.columns)
        return math.prod(math.comb(b - a + 1, shape.rows) for a, b in bands)
    return math.comb(90, 15)  # far more than any card set; exact count not needed


def generate_cartones(definition: GameDefinition, seed: int, count: int) -> _U8:
    """``count`` distinct cartones of the definition, reproducible from ``seed``, read-only.

    Each cartón is drawn uniformly among the definition's cartones; one that repeats an earlier
    combination is replaced by a fresh one drawn from ``(seed, index, attempt)``.
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(
            _("el número de cartones debe ser un entero positivo, no {v!r}").format(v=count)
        )
    if count > MAX_CARTONES:
        raise ValueError(
            _("un juego de cartones tiene como mucho {m} cartones; se piden {n}").format(
                m=f"{MAX_CARTONES:,}".replace(",", "."), n=count
            )
        )
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise ValueError(
            _("la semilla debe ser un entero entre 0 y 2⁶³ − 1, no {v!r}").format(v=seed)
        )
    if count > capacity(definition):
        raise ValueError(
            _("el juego solo tiene {c} combinaciones distintas; se piden {n} cartones").format(
                c=capacity(definition), n=count
            )
        )
    if definition.shape.placement == "decenas":
        made = ordinary.generate_card_set("juego", seed, -(-count // 6)).as_array()[:count]
        return _read_only(np.array(made))
    out = _draw(definition, np.random.default_rng(seed), count)
    seen: set[bytes] = set()
    for i in range(count):
        attempt = 0
        key = np.sort(out[i], axis=None).tobytes()
        while key in seen:
            attempt += 1
            again = np.random.default_rng(np.random.SeedSequence([seed, i, attempt]))
            out[i] = _draw(definition, again, 1)[0]
            key = np.sort(out[i], axis=None).tobytes()
        seen.add(key)
    return _read_only(out)


def _draw(definition: GameDefinition, rng: np.random.Generator, count: int) -> _U8:
    shape = definition.shape
    if shape.placement == "libre":
        picks = rng.random((count, definition.count)).argsort(axis=1)[:, : shape.numbers] + 1
        return np.sort(picks, axis=1).astype(np.uint8).reshape(count, shape.rows, shape.per_row)
    out = np.empty((count, shape.rows, shape.columns), dtype=np.uint8)
    for c, (first, last) in enumerate(column_bands(definition.count, shape.columns)):
        width = last - first + 1
        picks = rng.random((count, width)).argsort(axis=1)[:, : shape.rows] + first
        out[:, :, c] = np.sort(picks, axis=1)
    return out


def _read_only(array: _U8) -> _U8:
    array.setflags(write=False)
    return array


def cartones_problems(definition: GameDefinition, cartones: Sequence[object]) -> list[str]:
    """Every fault of a list of cartones, each named by its number (1-based), and every cartón
    that repeats an earlier one's combination.
    """
    problems: list[str] = []
    first: dict[frozenset[int], int] = {}
    for n, rows in enumerate(cartones, start=1):
        faults = carton_problems(definition, rows)
        problems += [_("cartón {n}: {p}").format(n=n, p=p) for p in faults]
        if faults:
            continue
        key = frozenset(int(v) for row in np.asarray(rows).tolist() for v in row)
        if key in first:
            problems.append(
                _("cartón {n} repite la combinación del cartón {m}").format(n=n, m=first[key])
            )
        first.setdefault(key, n)
    return problems
