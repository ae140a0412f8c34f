"""A settings file decoded through its type (``app.config.types``), or refused with the file,
the line, the key and what the key must be: the nearest known key for a misspelt one
("¿quería decir `face_value_cents`?"), the allowed range for a number out of it.

``tomllib`` gives no line numbers: the key's line is found in the text (``line_of``).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from typing import Any, TypeVar

import msgspec
from msgspec import inspect as mi

from app.bounds import EXPECTED

T = TypeVar("T")

_AT = re.compile(r"^(?P<what>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.DOTALL)
_SEGMENT = re.compile(r"\.([^.\[]+)|\[(\d+)\]")
_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?")
_KEY = re.compile(
    r"^\s*((?:[A-Za-z0-9_-]+|\"[^\"]*\")(?:\s*\.\s*(?:[A-Za-z0-9_-]+|\"[^\"]*\"))*)\s*="
)

Path = tuple[str | int, ...]


class DecodeError(ValueError):
    """What is wrong, and where: the loader adds it to its ``ConfigError``."""


def decode(data: dict[str, Any], kind: type[T], where: str, text: str) -> T:
    """``data`` (the file's TOML) as ``kind``, or a ``DecodeError`` naming file, line and key."""
    try:
        return msgspec.convert(data, kind, strict=True)
    except msgspec.ValidationError as exc:
        raise DecodeError(explain(str(exc), kind, data, where, text)) from None


def _segments(path: str) -> Path:
    return tuple(
        m.group(1) if m.group(1) is not None else int(m.group(2)) for m in _SEGMENT.finditer(path)
    )


def label(path: Path) -> str:
    """``[series] face_value_cents``, ``[devices] boards[2].port``, ``[[combination]] 1 code``."""
    if not path:
        return "el fichero"
    head, rest = str(path[0]), path[1:]
    if rest and isinstance(rest[0], int):  # an array of tables
        head, rest = f"[[{head}]] {rest[0] + 1}", rest[1:]
    else:
        head = f"[{head}]"
    out = ""
    for part in rest:
        out += f"[{part + 1}]" if isinstance(part, int) else (f".{part}" if out else part)
    return f"{head} {out}".rstrip()


def _shown(value: Any) -> str:
    text = repr(value)  # repr: control characters and escapes are shown escaped, never raw
    if len(text) > 60:
        return f"{text[:40]}… ({len(str(value))} caracteres)"
    if isinstance(value, str) and not value.isascii():  # «А» Cyrillic looks like «A» Latin
        odd = [f"U+{ord(c):04X} {unicodedata.name(c, '?')}" for c in value if not c.isascii()]
        text += f" ({', '.join(odd[:3])})"
    return text


def _value_at(data: Any, path: Path) -> Any:
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _unwrap(t: mi.Type) -> mi.Type:
    return t.type if isinstance(t, mi.Metadata) else t


def _options(t: mi.Type) -> list[mi.Type]:
    t = _unwrap(t)
    if isinstance(t, mi.UnionType):
        return [_unwrap(x) for x in t.types if not isinstance(_unwrap(x), mi.NoneType)]
    return [t]


def _step(t: mi.Type, part: str | int) -> mi.Type | None:
    """The type one step down ``part`` (a key or an index) from ``t``."""
    for option in _options(t):
        if isinstance(option, mi.StructType) and isinstance(part, str):
            for f in option.fields:
                if f.encode_name == part:
                    return f.type
        if isinstance(option, mi.ListType | mi.SetType | mi.VarTupleType) and isinstance(part, int):
            return option.item_type
        if isinstance(option, mi.DictType) and isinstance(part, str):
            return option.value_type
    return None


def _walk(kind: type, path: Path) -> list[mi.Type]:
    """The types along ``path``, the file's first."""
    types: list[mi.Type] = [mi.type_info(kind)]
    for part in path:
        nxt = _step(types[-1], part)
        if nxt is None:
            break
        types.append(nxt)
    return types


def _extra(t: mi.Type) -> str | None:
    if isinstance(t, mi.Metadata) and t.extra and EXPECTED in t.extra:
        return str(t.extra[EXPECTED])
    if isinstance(t, mi.Metadata):
        return _extra(t.type)
    if isinstance(t, mi.UnionType):
        for x in t.types:
            found = _extra(x)
            if found:
                return found
    return None


def describe(t: mi.Type) -> str:
    """What a value of type ``t`` is, in the hall's words: the refusals' and the reference's."""
    found = _extra(t)
    if found:
        return found
    return " o ".join(_describe_one(o) for o in _options(t))


def _describe_one(t: mi.Type) -> str:
    if isinstance(t, mi.Metadata):
        return _describe_one(t.type)
    if isinstance(t, mi.BoolType):
        return "true o false"
    if isinstance(t, mi.IntType):
        if t.ge is not None and t.le is not None:
            return f"un entero entre {t.ge} y {t.le}"
        if t.ge is not None:
            return f"un entero ≥ {t.ge}"
        return "un entero"
    if isinstance(t, mi.StrType):
        if t.max_length is not None:
            return f"un texto de {t.min_length or 0} a {t.max_length} caracteres"
        return "un texto"
    if isinstance(t, mi.LiteralType):
        return "uno de " + ", ".join(str(v) for v in t.values)
    if isinstance(t, mi.ListType | mi.VarTupleType | mi.SetType):
        most = f" de hasta {t.max_length}" if t.max_length is not None else ""
        return f"una lista{most} de: {describe(t.item_type)}"
    if isinstance(t, mi.DictType | mi.StructType):
        return "una tabla"
    return "otro valor"


def _known(t: mi.Type | None) -> tuple[list[str], str]:
    for option in _options(t) if t is not None else []:
        if isinstance(option, mi.StructType):
            hint = getattr(option.cls, "unknown_hint", "")
            return [f.encode_name for f in option.fields], hint
    return [], ""


def explain(message: str, kind: type, data: dict[str, Any], where: str, text: str) -> str:
    """Msgspec's refusal said again in the hall's words, with the line of the key."""
    match = _AT.match(message)
    assert match is not None
    what, path = match.group("what"), _segments(match.group("path") or "")
    unknown = re.match(r"Object contains unknown field `(.*)`", what)
    missing = re.match(r"Object missing required field `(.*)`", what)
    types = _walk(kind, path)
    if unknown:
        key = unknown.group(1)
        known, hint = _known(types[-1])
        close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
        at = f"{where}{line_suffix(text, (*path, key))}"
        if not path:
            guess = f"; ¿quería decir [{close[0]}]?" if close else ""
            return f"{at}: tablas desconocidas: {key}{guess} (tablas: {', '.join(known)})"
        guess = f"; ¿quería decir `{close[0]}`?" if close else ""
        extra = f"; {hint}" if hint else ""
        return (
            f"{at}: {label(path)} {key}: clave desconocida{guess}{extra} "
            f"(claves: {', '.join(known)})"
        )
    if missing:
        key = missing.group(1)
        at = f"{where}{line_suffix(text, path)}"
        if not path:
            return f"{at}: falta la tabla [{key}]"
        return f"{at}: falta {label((*path, key))}"
    # A wrong type or a value out of its bounds: say what the key must be. A list's or a table's
    # own words cover their items (languages = [1, 2] is not a list of codes).
    at = f"{where}{line_suffix(text, path)}"
    depth = len(types) - 1
    for i in range(len(types) - 1, 0, -1):
        if _extra(types[i]):
            depth = i
            break
    key_path = path[:depth]
    if (
        len(key_path) == 1
        and isinstance(types[depth], mi.Type)
        and _describe_one(_options(types[depth])[0]) == "una tabla"
    ):
        return f"{at}: [{key_path[0]}] debe ser una tabla"
    value = _value_at(data, key_path)
    return f"{at}: {label(key_path)} debe ser {describe(types[depth])}, no {_shown(value)}"


def line_suffix(text: str, path: Path) -> str:
    line = line_of(text, path)
    return f", línea {line}" if line else ""


def _key_parts(raw: str) -> tuple[str, ...]:
    return tuple(p.strip().strip('"') for p in raw.split("."))


def line_of(text: str, path: Path) -> int | None:
    """The line that best names ``path`` in the TOML ``text``: the key's own line, else its
    table's header (an array of tables counted by its headers).
    """
    want = list(path)
    best, best_len = None, 0
    table: tuple[str | int, ...] = ()
    counts: dict[tuple[str, ...], int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        here: tuple[str | int, ...]
        if header and not _KEY.match(line):
            names = _key_parts(header.group(2))
            if header.group(1) == "[[":
                n = counts.get(names, 0)
                counts[names] = n + 1
                here = (*names, n)
            else:
                here = names
            table = here
        else:
            key = _KEY.match(line)
            if not key:
                continue
            here = (*table, *_key_parts(key.group(1)))
        common = 0
        for a, b in zip(here, want, strict=False):
            if a != b:
                break
            common += 1
        if common == len(here) and common > best_len:
            best, best_len = number, common
    return best
