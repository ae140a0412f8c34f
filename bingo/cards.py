"""Cartones and card sets (R-CARD-1, R-CARD-2).

A cartón is 3 rows of 5 numbers on a 3 × 9 grid; column ``c`` holds the numbers of its decade
(1–9, 10–19, …, 80–90). A card set (juego de cartones) is the ordered list of combinations that
every series printed from it shares: cartón number ``n`` is ``cards[n - 1]``.

Two cartones are the same *combination* when they hold the same 15 numbers: they would always
share the bingo, so a card set never repeats one (R-SALE-2 relies on it).

Messages name rows and columns 1-based, as a person reads the cartón.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING, Any, SupportsInt, TypeGuard

from bingo.chain import canonical_json
from bingo.i18n import _

if TYPE_CHECKING:  # numpy is loaded by what generates or plays cartones: reading needs none
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "CARD_SET_FORMAT",
    "NUMBERS",
    "CardSet",
    "CardSetError",
    "Carton",
    "InvalidCarton",
    "card_set_data",
    "card_set_from_data",
    "card_set_problems",
    "carton_problems",
    "column_of",
    "dump_card_set",
    "generate_card_set",
    "load_card_set",
]

NUMBERS = range(1, 91)
ROWS = 3
ROW_NUMBERS = 5
COLUMNS = 9
CARD_SET_FORMAT = "bingo-cardset/1"

Rows = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]

_COLUMN = tuple(min(n // 10, COLUMNS - 1) for n in range(91))  # column of a checked number


def column_of(number: int) -> int:
    """The 0-based grid column of a number: 1–9 → 0, 10–19 → 1, …, 80–90 → 8."""
    if isinstance(number, bool) or not _is_integer(number) or number not in NUMBERS:
        raise ValueError(_("el número {n!r} no está entre 1 y 90").format(n=number))
    return _COLUMN[number]


def _is_integer(value: object) -> TypeGuard[SupportsInt]:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    numpy = sys.modules.get("numpy")  # a numpy integer exists only once numpy is loaded
    return numpy is not None and isinstance(value, numpy.integer)


def _is_array(value: object) -> bool:
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(value, numpy.ndarray)


def _column_range(column: int) -> str:
    first = max(1, 10 * column)
    last = 90 if column == COLUMNS - 1 else 10 * column + 9
    return f"{first}–{last}"


class InvalidCarton(ValueError):
    """A cartón that breaks R-CARD-1; ``problems`` has one message per fault."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__(_("cartón no válido: {problems}").format(problems="; ".join(problems)))


class CardSetError(ValueError):
    """A card set that cannot be accepted; ``problems`` has one message per fault."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


def carton_problems(rows: Sequence[Sequence[int]]) -> list[str]:
    """Every way ``rows`` breaks R-CARD-1, one message each; ``[]`` for a valid cartón.

    Valid: 3 rows of 5 whole numbers in 1..90, ascending, each in its decade column, no number
    twice, every column used, each column ascending top to bottom.
    """
    if _is_array(rows):
        rows = rows.tolist()  # type: ignore[attr-defined]
    if not isinstance(rows, list | tuple):
        return [_("el cartón debe ser una lista de 3 filas")]
    problems: list[str] = []
    if len(rows) != ROWS:
        problems.append(_("el cartón tiene {k} filas; debe tener 3").format(k=len(rows)))
    clean: list[list[int]] = []  # rows fit for the whole-cartón checks
    seen: set[int] = set()
    for r, row in enumerate(rows, start=1):
        if not isinstance(row, list | tuple):
            problems.append(_("la fila {r} no es una lista de números").format(r=r))
            continue
        row_problems, numbers = _row_problems(r, row)
        problems += row_problems
        if not row_problems:
            clean.append(numbers)
        for v in numbers:  # a number twice, even in a faulty row
            if v in seen:
                problems.append(_("el número {n} aparece más de una vez").format(n=v))
            seen.add(v)
    if problems or len(clean) != ROWS:
        return problems
    # a grid column, top to bottom: (row, number) of its cells
    by_column: list[list[tuple[int, int]]] = [[] for _c in range(COLUMNS)]
    for r, row in enumerate(clean, start=1):
        for v in row:
            by_column[_COLUMN[v]].append((r, v))
    for c, cells in enumerate(by_column):
        if not cells:
            problems.append(
                _("la columna {c} ({span}) no tiene ningún número").format(
                    c=c + 1, span=_column_range(c)
                )
            )
        for (r1, a), (r2, b) in pairwise(cells):
            if a > b:
                problems.append(
                    _(
                        "la columna {c} no va de menor a mayor de arriba abajo: "
                        "{a} (fila {r1}) está encima de {b} (fila {r2})"
                    ).format(c=c + 1, a=a, r1=r1, b=b, r2=r2)
                )
    return problems


def _row_problems(r: int, row: Sequence[object]) -> tuple[list[str], list[int]]:
    """The row's faults, and its numbers that are whole and in 1..90."""
    problems: list[str] = []
    if len(row) != ROW_NUMBERS:
        problems.append(_("la fila {r} tiene {k} números; debe tener 5").format(r=r, k=len(row)))
    numbers: list[int] = []
    for v in row:
        if not _is_integer(v):
            problems.append(
                _("la fila {r} contiene {v!r}, que no es un número entero").format(r=r, v=v)
            )
        elif int(v) not in NUMBERS:
            problems.append(_("la fila {r}: el número {v} no está entre 1 y 90").format(r=r, v=v))
        else:
            numbers.append(int(v))
    if len(numbers) != len(row):
        return problems, numbers
    for a, b in pairwise(numbers):
        if a >= b:
            problems.append(
                _("la fila {r} no va de menor a mayor: {a} está antes que {b}").format(
                    r=r, a=a, b=b
                )
            )
        elif _COLUMN[a] == _COLUMN[b]:
            problems.append(
                _("la fila {r} tiene dos números de la columna {c}: {a} y {b}").format(
                    r=r, c=_COLUMN[a] + 1, a=a, b=b
                )
            )
    return problems, numbers


@dataclass(frozen=True, slots=True)
class Carton:
    """One combination: 3 rows, each its 5 numbers ascending (R-CARD-1)."""

    rows: Rows

    def __post_init__(self) -> None:
        problems = carton_problems(self.rows)
        if problems:
            raise InvalidCarton(problems)

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int]]) -> Carton:
        """The cartón with these rows; raises :class:`InvalidCarton` listing every fault."""
        problems = carton_problems(rows)
        if problems:
            raise InvalidCarton(problems)
        return cls._checked(rows)

    @classmethod
    def _checked(cls, rows: Sequence[Sequence[int]]) -> Carton:
        """Build from rows already known to be valid, without checking them again."""
        carton = object.__new__(cls)
        r1, r2, r3 = (tuple(map(int, row)) for row in rows)
        object.__setattr__(carton, "rows", (r1, r2, r3))
        return carton

    @property
    def numbers(self) -> frozenset[int]:
        return frozenset(v for row in self.rows for v in row)

    def grid(self) -> tuple[tuple[int | None, ...], ...]:
        """The 3 × 9 grid as printed: ``None`` where a cell is empty."""
        out: list[list[int | None]] = [[None] * COLUMNS for _r in range(ROWS)]
        for r, row in enumerate(self.rows):
            for v in row:
                out[r][_COLUMN[v]] = v
        return tuple(tuple(line) for line in out)


@dataclass(frozen=True)
class CardSet:
    """An ordered list of distinct combinations: cartón number ``n`` is ``cards[n - 1]``."""

    id: str
    cards: tuple[Carton, ...]
    _cache: dict[str, Any] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        problems = _id_problems(self.id)
        if not self.cards:
            problems.append(_("el juego de cartones no tiene ningún cartón"))
        problems += [
            _("cartón {n}: no es un cartón").format(n=n)
            for n, c in enumerate(self.cards, start=1)
            if not isinstance(c, Carton)
        ]
        if problems:
            raise CardSetError(problems)
        problems = _repeat_problems([(n, c.rows) for n, c in enumerate(self.cards, start=1)])
        if problems:
            raise CardSetError(problems)

    def card(self, number: int) -> Carton:
        """Cartón number ``number`` (1-based)."""
        if isinstance(number, bool) or not _is_integer(number) or not 1 <= number <= len(self):
            raise IndexError(
                _("el juego de cartones {id} no tiene el cartón {n}; tiene del 1 al {m}").format(
                    id=self.id, n=number, m=len(self)
                )
            )
        return self.cards[int(number) - 1]

    def __len__(self) -> int:
        return len(self.cards)

    def digest(self) -> str:
        """SHA-256 (hex) of the canonical JSON of ``{"id": …, "cards": […]}``."""
        if "digest" not in self._cache:
            body = canonical_json(card_set_data(self))
            self._cache["digest"] = hashlib.sha256(body).hexdigest()
        digest: str = self._cache["digest"]
        return digest

    def as_array(self) -> npt.NDArray[np.uint8]:
        """The combinations as a read-only ``(len, 3, 5)`` uint8 array, built once."""
        if "array" not in self._cache:
            import numpy as np

            array = np.array([c.rows for c in self.cards], dtype=np.uint8)
            array.setflags(write=False)
            self._cache["array"] = array
        cached: npt.NDArray[np.uint8] = self._cache["array"]
        return cached


#: Longest card set id the hall's record keeps.
MAX_CARD_SET_ID = 64


def _id_problems(card_set_id: object) -> list[str]:
    if not isinstance(card_set_id, str) or not card_set_id.strip():
        return [_("el identificador del juego de cartones debe ser un texto no vacío")]
    if len(card_set_id) > MAX_CARD_SET_ID or not card_set_id.isprintable():
        return [
            _(
                "el identificador del juego de cartones debe tener de 1 a {n} caracteres "
                "imprimibles ({length} en {value!r})"
            ).format(n=MAX_CARD_SET_ID, length=len(card_set_id), value=card_set_id[:80])
        ]
    return []


def _repeat_problems(rows: Sequence[tuple[int, Sequence[Sequence[int]]]]) -> list[str]:
    """One message per cartón whose 15 numbers an earlier cartón already has."""
    first: dict[frozenset[int], int] = {}
    problems: list[str] = []
    for n, carton_rows in rows:
        key = frozenset(itertools.chain.from_iterable(carton_rows))
        if key in first:
            problems.append(
                _("cartón {n} repite la combinación del cartón {m}").format(n=n, m=first[key])
            )
        else:
            first[key] = n
    return problems


def card_set_data(card_set: CardSet) -> dict[str, Any]:
    """The card set as plain data: ``{"id": …, "cards": [[[r1], [r2], [r3]], …]}``."""
    return {"id": card_set.id, "cards": [[list(row) for row in c.rows] for c in card_set.cards]}


def _parse(data: object) -> tuple[CardSet | None, list[str]]:
    """Check card set data once; the card set when it is valid, else every problem."""
    if not isinstance(data, dict):
        return None, [_("el juego de cartones debe ser un objeto con «id» y «cards»")]
    problems: list[str] = []
    for key in sorted(set(data) - {"format", "id", "cards"}, key=str):
        problems.append(_("clave desconocida «{key}»").format(key=key))
    if "format" in data and data["format"] != CARD_SET_FORMAT:
        problems.append(
            _("formato «{found}» desconocido; se esperaba «{expected}»").format(
                found=data["format"], expected=CARD_SET_FORMAT
            )
        )
    if "id" not in data:
        problems.append(_("falta el identificador «id» del juego de cartones"))
    else:
        problems += _id_problems(data["id"])
    cards = data.get("cards")
    if not isinstance(cards, list):
        problems.append(_("falta la lista de cartones «cards»"))
        return None, problems
    if not cards:
        problems.append(_("el juego de cartones no tiene ningún cartón"))
    valid: list[tuple[int, Sequence[Sequence[int]]]] = []
    for n, rows in enumerate(cards, start=1):
        faults = carton_problems(rows)
        problems += [_("cartón {n}: {problem}").format(n=n, problem=p) for p in faults]
        if not faults:
            valid.append((n, rows))
    if problems:
        return None, problems + _repeat_problems(valid)
    try:  # the card set refuses repeated combinations itself
        return CardSet(str(data["id"]), tuple(Carton._checked(rows) for _n, rows in valid)), []
    except CardSetError as exc:
        return None, exc.problems


def card_set_problems(data: object) -> list[str]:
    """Every problem of card set data (as in a session export), one message each.

    Faulty cartones are named by number (``cartón 17: …``) and a repeated combination by both
    numbers (``cartón 40 repite la combinación del cartón 12``). ``[]`` when it is valid.
    """
    return _parse(data)[1]


def card_set_from_data(data: object) -> CardSet:
    """The card set in ``data``; raises :class:`CardSetError` with every problem."""
    card_set, problems = _parse(data)
    if card_set is None:
        raise CardSetError(problems)
    return card_set


def dump_card_set(card_set: CardSet) -> str:
    """The card set file: JSON with the format tag, one cartón per line."""
    head = json.dumps({"format": CARD_SET_FORMAT, "id": card_set.id}, ensure_ascii=False)
    lines = ",\n".join(
        json.dumps([list(row) for row in c.rows], separators=(",", ":")) for c in card_set.cards
    )
    return f'{head[:-1]}, "cards": [\n{lines}\n]}}\n'


def load_card_set(text: str) -> CardSet:
    """Read a card set file; raises :class:`CardSetError` listing every problem found."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardSetError(
            [
                _("no es un JSON válido: {msg} (línea {line}, columna {col})").format(
                    msg=exc.msg, line=exc.lineno, col=exc.colno
                )
            ]
        ) from None
    problems: list[str] = []
    if isinstance(data, dict) and "format" not in data:
        problems.append(_("falta el formato «{expected}»").format(expected=CARD_SET_FORMAT))
    card_set, more = _parse(data)
    if card_set is None or problems:
        raise CardSetError(problems + more)
    return card_set


def generate_card_set(card_set_id: str, seed: int, strips: int) -> CardSet:
    """A reproducible card set of ``6 * strips`` cartones built from random strips (R-CARD-2).

    Each strip of 6 cartones holds 1..90 once. A strip that would repeat a combination already
    in the set is replaced by a fresh one drawn from ``(seed, strip index, attempt)``, so the
    result still depends on the arguments alone.
    """
    if _id_problems(card_set_id):
        raise ValueError(_id_problems(card_set_id)[0])
    if isinstance(strips, bool) or not isinstance(strips, int) or strips < 1:
        raise ValueError(
            _("el número de tiras debe ser un entero positivo, no {v!r}").format(v=strips)
        )
    made = distinct_strips(seed, strips)
    cards = tuple(Carton._checked(c) for c in made.reshape(-1, ROWS, ROW_NUMBERS).tolist())
    card_set = CardSet(card_set_id, cards)
    card_set._cache["array"] = _read_only(made.reshape(-1, ROWS, ROW_NUMBERS))
    return card_set


def distinct_strips(seed: int, strips: int) -> npt.NDArray[np.uint8]:
    """``strips`` valid strips from ``seed`` with no combination repeated: the cartones of a
    card set, as an array (a shared serie of a simultaneous partida uses it as it is).
    """
    from bingo.strips import strips_valid

    made = _distinct_strips(generate_strips(seed, strips), lambda i, a: _replacement(seed, i, a))
    if not strips_valid(made).all():  # the generator's own guarantee, checked where it is used
        raise AssertionError("generate_strips produced an invalid strip")
    return made


def generate_strips(seed: int, count: int) -> npt.NDArray[np.uint8]:
    """``bingo.strips.generate_strips``, loaded (with numpy) when cartones are generated."""
    from bingo import strips

    return strips.generate_strips(seed, count)


def _read_only(array: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    array.setflags(write=False)
    return array


def _replacement(seed: int, index: int, attempt: int) -> npt.NDArray[np.uint8]:
    import numpy as np

    derived = int(np.random.SeedSequence([seed, index, attempt]).generate_state(1, np.uint64)[0])
    strip: npt.NDArray[np.uint8] = generate_strips(derived, 1)[0]
    return strip


def _distinct_strips(
    strips: npt.NDArray[np.uint8], replace: Callable[[int, int], npt.NDArray[np.uint8]]
) -> npt.NDArray[np.uint8]:
    """The strips, each one that would repeat an earlier combination swapped for a new one.

    ``replace(index, attempt)`` gives the strip to try next at ``index`` (attempt 1, 2, …).
    Within a strip the cartones never share a number, so only earlier strips can clash.
    """
    import numpy as np

    from bingo.strips import STRIP_CARTONES

    out = strips.copy()
    # a combination is its 15 numbers whatever their layout: sorted, as bytes
    numbers = np.sort(out.reshape(len(out), STRIP_CARTONES, -1), axis=2)
    seen: set[bytes] = set()
    for i in range(len(out)):
        attempt = 0
        keys = [k.tobytes() for k in numbers[i]]
        while not seen.isdisjoint(keys):
            attempt += 1
            out[i] = replace(i, attempt)
            keys = [k.tobytes() for k in np.sort(out[i].reshape(STRIP_CARTONES, -1), axis=1)]
        seen.update(keys)
    return out
