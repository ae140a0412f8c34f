"""The bounds of every text and number the hall's settings take, each defined once.

They are ``msgspec`` constrained types: the settings' types (``app.config.types``) are built
from them, and so are the checks of the same values where they enter by another door, the
command line's options (``app.cli_input``) and the hall server's commands (``check``). A value
the program cannot keep, show or print whole (an id that is a path, a name with terminal
escapes, an amount no acta can print, a date before the hall existed) is refused where it enters,
with the range it must be in (docs/decisions.md 503).

This module imports only ``msgspec``: the command line uses it without loading the settings.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

import msgspec

#: What a bound's refusal says it expected, in the hall's words (``Meta.extra``).
EXPECTED = "expected"

# Ids the record keeps and files and folders may be named after: letters, digits, ".", "_" and
# "-", starting with a letter or digit, never "..", never a path.
ID_MAX = 64
ID_PATTERN = r"^[A-Za-z0-9](?:[A-Za-z0-9_-]|\.(?!\.))*$"
# A one-line text shown on the panels, the console and the acta: no control character (C0, DEL,
# C1: terminal escapes begin with one), nor a line or paragraph separator.
TEXT_PATTERN = "^[^\x00-\x1f\x7f-\x9f\u2028\u2029]*$"
NAME_MAX = 120  # the acta's header line and the panels' title hold this many
LABEL_MAX = 64
PATH_MAX = 1024
SERIE_PREFIX_PATTERN = r"^[A-Z]{1,3}$"  # the serie code is PREFIX-number, printed on every cartón
DATE_PATTERN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
FIRST_DATE = dt.date(2000, 1, 1)  # before any session this program can have recorded
LAST_DATE = dt.date(2099, 12, 31)

Id = Annotated[
    str,
    msgspec.Meta(
        min_length=1,
        max_length=ID_MAX,
        pattern=ID_PATTERN,
        extra={
            EXPECTED: f"un identificador de 1 a {ID_MAX} letras (A-Z, a-z), cifras, «.», «_» o "
            "«-», que empiece por letra o cifra y sin «..» (no una ruta)"
        },
    ),
]
Name = Annotated[
    str,
    msgspec.Meta(
        min_length=1,
        max_length=NAME_MAX,
        pattern=TEXT_PATTERN,
        extra={
            EXPECTED: f"un texto de una línea de 1 a {NAME_MAX} caracteres, sin caracteres "
            "de control ni secuencias de escape"
        },
    ),
]
Label = Annotated[
    str,
    msgspec.Meta(
        min_length=1,
        max_length=LABEL_MAX,
        pattern=TEXT_PATTERN,
        extra={
            EXPECTED: f"un texto de una línea de 1 a {LABEL_MAX} caracteres, sin caracteres "
            "de control"
        },
    ),
]
LongText = Annotated[
    str,
    msgspec.Meta(
        min_length=1,
        max_length=1000,
        pattern=TEXT_PATTERN,
        extra={EXPECTED: "un texto de una línea de 1 a 1000 caracteres, sin caracteres de control"},
    ),
]
FilePath = Annotated[
    str,
    msgspec.Meta(
        min_length=1,
        max_length=PATH_MAX,
        pattern=TEXT_PATTERN,
        extra={EXPECTED: f"una ruta de 1 a {PATH_MAX} caracteres, sin caracteres de control"},
    ),
]
SeriePrefix = Annotated[
    str,
    msgspec.Meta(
        pattern=SERIE_PREFIX_PATTERN,
        extra={EXPECTED: "de 1 a 3 letras mayúsculas latinas (A-Z), p. ej. «A»"},
    ),
]
SessionDate = Annotated[
    str,
    msgspec.Meta(
        pattern=DATE_PATTERN,
        extra={EXPECTED: f"una fecha AAAA-MM-DD entre {FIRST_DATE} y {LAST_DATE}"},
    ),
]


def in_range(low: int, high: int, what: str = "") -> msgspec.Meta:
    """The bound of an integer from ``low`` to ``high``, both included: ``Annotated[int, …]``."""
    expected = f"un entero entre {low} y {high}" + (f" ({what})" if what else "")
    return msgspec.Meta(ge=low, le=high, extra={EXPECTED: expected})


#: Money in euro cents: up to 1 000 000 € (ten digits with the acta's separators).
CENTS_MAX = 100_000_000
Cents = Annotated[int, in_range(0, CENTS_MAX, "céntimos")]
#: A cartón's price: from 1 céntimo to 100 € (a price of a bingo hall, printed on the acta).
FACE_VALUE_MAX = 10_000
FaceValueCents = Annotated[int, in_range(1, FACE_VALUE_MAX, "céntimos: de 0,01 € a 100 €")]
BasisPoints = Annotated[int, in_range(0, 10_000, "puntos básicos: 100 = 1 %")]
#: A card set's strips (6 cartones each): 60 000 cartones at most, built in seconds.
STRIPS_MAX = 10_000
Strips = Annotated[int, in_range(1, STRIPS_MAX, "tiras de 6 cartones")]
SerieSize = Annotated[int, in_range(1, STRIPS_MAX * 6, "cartones")]
Seed = Annotated[int, in_range(0, 2**63 - 1)]
Partidas = Annotated[int, in_range(0, 1_000_000, "partidas")]


def _message(value: object, kind: Any) -> str:
    """The bound's own words for a refused value (its ``expected`` text)."""
    meta = kind.__metadata__[0]
    return f"{value!r} no vale: debe ser {meta.extra[EXPECTED]}"


def check(value: object, kind: Any) -> Any:
    """``value`` if it is within the bound ``kind`` (one of this module's types), else a
    ``ValueError`` whose message says the allowed range: for the server's commands and the
    command line's options, which take the same values as the settings.
    """
    if kind is SessionDate:
        return session_date(value) if isinstance(value, str) else session_date(repr(value))
    try:
        return msgspec.convert(value, kind, strict=True)
    except msgspec.ValidationError:
        raise ValueError(_message(value, kind)) from None


def session_date(value: str) -> str:
    """A session's date, AAAA-MM-DD, a real day between ``FIRST_DATE`` and ``LAST_DATE``."""
    try:
        if len(value) != 10:
            raise ValueError(value)
        day = dt.date.fromisoformat(value)
    except ValueError:
        raise ValueError(
            f"fecha no válida «{value}»: escríbala AAAA-MM-DD, p. ej. 2026-11-22"
        ) from None
    if not FIRST_DATE <= day <= LAST_DATE:
        raise ValueError(
            f"fecha fuera de rango «{value}»: debe estar entre {FIRST_DATE} y {LAST_DATE}"
        )
    return day.isoformat()
