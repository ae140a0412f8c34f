"""The settings' reference, ``docs/settings.md``, generated from the types (``app.config.types``):
every table and key, its type and bounds, its default and what it means, written once.

``python -m app.config.reference`` writes it; ``--check`` exits 1 when the committed file is
not what the types say (a test runs it).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import msgspec
from msgspec import inspect as mi

from app.config.decode import describe
from app.config.types import GameFile, HallFile, RegionFile

DOC = Path(__file__).resolve().parents[2] / "docs" / "settings.md"

HEAD = """\
# Settings reference

<!-- Generated from app/config/types.py by `python -m app.config.reference`: do not edit. -->

The hall's files, read through the types of `app/config/types.py` (decisions 501-503): a key
that is not listed here, a value of another type or out of its bounds is refused with the file,
the line, the key and what it must be (a misspelt key with the nearest known one), by every
command that takes `--config` and by `bingo-hall config check FILE`. The bounds are those of
`app/bounds.py`, which the command line's options and the hall server's commands share. The
bounds and meanings are in Spanish: they are the words the refusals use.

"""

FILES: tuple[tuple[str, type, str], ...] = (
    (
        "The hall's settings (`--config`; template `config/hall.toml`)",
        HallFile,
        "Copy the template and change what is the hall's. The region's figures are not here.",
    ),
    (
        "Region files (`config/regions/REGION.toml`)",
        RegionFile,
        "Published by the Consejería: used only if their bytes are a published version's "
        "(`config/regions/published.toml`).",
    ),
    (
        "Game files (`config/games/GAME.toml`)",
        GameFile,
        "Authorised by the region: used only if their bytes are a published version's "
        "(`config/games/published.toml`).",
    ),
)


def _struct(t: mi.Type) -> mi.StructType | None:
    t = t.type if isinstance(t, mi.Metadata) else t
    if isinstance(t, mi.UnionType):
        found = [x for x in t.types if _struct(x) is not None]
        return _struct(found[0]) if found else None
    if isinstance(t, mi.ListType):
        return _struct(t.item_type)
    return t if isinstance(t, mi.StructType) else None


def _is_array(t: mi.Type) -> bool:
    t = t.type if isinstance(t, mi.Metadata) else t
    return isinstance(t, mi.ListType) and _struct(t.item_type) is not None


def _description(t: mi.Type) -> str:
    if isinstance(t, mi.Metadata):
        own = (t.extra_json_schema or {}).get("description", "")
        return str(own) or _description(t.type)
    return ""


def _default(f: mi.Field) -> str:
    if f.required:
        return "obligatoria"
    value: Any = f.default if f.default is not msgspec.NODEFAULT else f.default_factory()
    if value is None:
        return "—"
    if isinstance(value, msgspec.Struct):
        return "la tabla por omisión"
    return f"`{_toml(value)}`"


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    return str(value)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _table(name: str, struct: mi.StructType, array: bool, out: list[str]) -> None:
    header = f"[[{name}]]" if array else f"[{name}]"
    out.append(f"### `{header}`\n")
    doc = (struct.cls.__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")
    doc = doc.replace(f"``{header}``: ", "").replace("``", "`")
    doc = doc[:1].upper() + doc[1:]
    if doc:
        out.append(f"{doc}\n")
    nested: list[tuple[str, mi.StructType, bool]] = []
    rows = []
    for f in struct.fields:
        inner = _struct(f.type)
        if inner is not None and _is_array(f.type):
            nested.append((f"{name}.{f.encode_name}", inner, True))
        kind = describe(f.type)
        if inner is not None and kind == "una tabla":
            kind = f"una tabla: `[{name}.{f.encode_name}]`"
        elif inner is not None:
            kind = f"{kind} (`[[{name}.{f.encode_name}]]`)"
        rows.append(
            f"| `{f.encode_name}` | {_cell(kind)} | {_cell(_default(f))} | "
            f"{_cell(_description(f.type))} |"
        )
    if rows:
        out.append("| key | type and bounds | default | meaning |")
        out.append("| --- | --- | --- | --- |")
        out.extend(rows)
        out.append("")
    for args in nested:
        _table(*args, out)


def render() -> str:
    out = [HEAD]
    for title, kind, note in FILES:
        out.append(f"## {title}\n")
        out.append(f"{note}\n")
        top = mi.type_info(kind)
        assert isinstance(top, mi.StructType)
        for f in top.fields:
            inner = _struct(f.type)
            if inner is None:  # a table of free keys, e.g. the hall's [rules]
                out.append(f"### `[{f.encode_name}]`\n")
                out.append(f"{_description(f.type)}\n")
                continue
            _table(f.encode_name, inner, _is_array(f.type), out)
    return "\n".join(out).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    text = render()
    if "--check" in args:
        if not DOC.exists() or DOC.read_text("utf-8") != text:
            print(
                f"{DOC.name} no es lo que dicen los tipos: python -m app.config.reference",
                file=sys.stderr,
            )
            return 1
        return 0
    DOC.write_text(text, "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
