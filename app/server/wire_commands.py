"""The commands on the wire: the tagged union of every body ``POST /api/v1/commands`` takes,
built from the hall's command dataclasses (``bingo.commands``), and the JSON schema and the
table of docs/api.md generated from the same union.

A body is ``{"v": 1, "client_id", "command_id", "name", "args", "expected_version"?,
"authorisation"?}``; ``name`` is the tag that says which command ``args`` are. Each command's
arguments are its dataclass's fields: texts of 1 to 200 printable characters, whole numbers
(never true or false), lists of whole numbers; a field with a default may be left out (or
sent as null). Anything else is a 400 ``bad_arguments`` saying which argument, in Spanish.

``python -m app.server.wire_commands`` writes ``app/server/schema/command.schema.json`` and the
commands table of ``docs/api.md``; ``tests/server/test_wire_commands.py`` fails when the
committed ones are not what it would write.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
import types
import typing
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal, Union

import msgspec

from bingo import commands as cmd
from bingo import rights as rt

MAX_TEXT = 200
MAX_ID = 64
Text = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_TEXT)]
Id = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_ID)]
Version = Annotated[int, msgspec.Meta(ge=0)]

#: The words for a field's type in a refusal.
TYPE_WORDS = {
    str: "un texto",
    int: "un número entero",
    bool: "verdadero o falso",
    tuple: "una lista de números",
}


class Authorisation(msgspec.Struct, forbid_unknown_fields=True):
    """The jefe de sala's name and PIN, for an action he must authorise at that moment
    (R-ROLE-2).
    """

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
    pin: Annotated[str, msgspec.Meta(min_length=1, max_length=128)]


class Refused(Exception):
    """A body that is no command: ``code`` (``bad_arguments``) and the staff's words."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _base(hint: Any) -> Any:
    """``X`` of ``X | None``."""
    if typing.get_origin(hint) in (Union, types.UnionType):
        kept = [a for a in typing.get_args(hint) if a is not type(None)]
        return kept[0]
    return hint


def _wire_type(hint: Any) -> Any:
    base = _base(hint)
    if base is str:
        return Text
    if typing.get_origin(base) is tuple:
        return list[int]
    return base


def _arguments(kind: type[cmd.Command[Any]]) -> type[msgspec.Struct]:
    hints = typing.get_type_hints(kind)
    fields: list[tuple[str, Any, Any]] = []
    for f in dataclasses.fields(kind):  # type: ignore[arg-type]
        wire = _wire_type(hints[f.name])
        if f.default is dataclasses.MISSING:
            fields.append((f.name, wire, msgspec.NODEFAULT))
        else:
            fields.append((f.name, wire | None, None))  # null: the command's default
    return msgspec.defstruct(
        f"{kind.__name__}Args", fields, forbid_unknown_fields=True, kw_only=True
    )


def _body(kind: type[cmd.Command[Any]]) -> type[msgspec.Struct]:
    arguments = _arguments(kind)
    optional = all(f.default is not dataclasses.MISSING for f in dataclasses.fields(kind))  # type: ignore[arg-type]
    args_default: Any = msgspec.field(default_factory=arguments) if optional else msgspec.NODEFAULT
    return msgspec.defstruct(
        kind.__name__,
        [
            ("v", Literal[1]),
            ("client_id", Id),
            ("command_id", Id),
            ("args", arguments, args_default),
            ("expected_version", Version | None, None),
            ("authorisation", Authorisation | None, None),
        ],
        tag_field="name",
        tag=kind.name,
        forbid_unknown_fields=True,
        kw_only=True,
    )


@cache
def bodies() -> dict[str, type[msgspec.Struct]]:
    """Each command's body type, by its name on the wire."""
    return {kind.name: _body(kind) for kind in cmd.ALL}


@cache
def union() -> Any:
    """The tagged union of every command's body (tag: ``name``)."""
    return Union[tuple(bodies().values())]  # noqa: UP007  (built at run time)


_PATH = re.compile(r"at `\$\.args\.(\w+)")
_MISSING = re.compile(r"missing required field `(\w+)`")
_UNKNOWN = re.compile(r"unknown field `(\w+)`")


def _words(kind: type[cmd.Command[Any]], error: str, args: Any) -> str:
    """A msgspec refusal in the staff's words, naming the argument."""
    name = kind.name
    if not isinstance(args, dict):
        return f"{name}: los argumentos deben ser un objeto"
    found = _MISSING.search(error)
    if found and "`$.args`" in error:
        return f"{name}: falta el argumento {found.group(1)}"
    if found:  # no args at all: the first it needs
        needed = [f.name for f in dataclasses.fields(kind) if f.default is dataclasses.MISSING]  # type: ignore[arg-type]
        return f"{name}: falta el argumento {needed[0] if needed else 'args'}"
    found = _UNKNOWN.search(error)
    if found and "`$.args`" in error:
        unknown = sorted(set(args) - {f.name for f in dataclasses.fields(kind)})  # type: ignore[arg-type]
        return f"{name}: argumentos desconocidos: {', '.join(unknown or [found.group(1)])}"
    found = _PATH.search(error)
    if found:
        arg = found.group(1)
        if args.get(arg, 0) is None:
            return f"{name}: falta el argumento {arg}"
        base = _base(typing.get_type_hints(kind)[arg])
        said = TYPE_WORDS.get(typing.get_origin(base) or base, "otro valor")
        if base is str:
            said += f" de 1 a {MAX_TEXT} caracteres imprimibles"
        return f"{name}: {arg} debe ser {said}: {args.get(arg)!r}"
    return f"{name}: {error}"


def decode(body: Any) -> cmd.Command[Any]:
    """The command a body (JSON already parsed) carries, or ``Refused``. The envelope (``v``,
    the ids, a known ``name``) is the host's to check first, with its own words.
    """
    name = body.get("name") if isinstance(body, dict) else None
    kind = cmd.BY_NAME.get(name) if isinstance(name, str) else None
    if kind is None:
        raise Refused("unknown_command", f"orden desconocida: {name!r}")
    try:
        decoded = msgspec.convert(body, union())
    except msgspec.ValidationError as err:
        raise Refused("bad_arguments", _words(kind, str(err), body.get("args", {}))) from None
    given = msgspec.structs.asdict(decoded.args)
    for arg, value in given.items():
        if isinstance(value, str) and not value.isprintable():
            raise Refused("bad_arguments", f"{name}: {arg} debe ser un texto imprimible")
    values: dict[str, Any] = {}
    for arg, value in given.items():
        if value is None:
            continue  # the command's default
        values[arg] = tuple(value) if isinstance(value, list) else value
    try:
        return kind(**values)
    except TypeError as err:  # a required field sent as null
        raise Refused("bad_arguments", f"{name}: {err}") from None


def encode_result(result: Any) -> Any:
    """What a command answered, as the answer's ``result`` (``{}`` for nothing)."""
    return {} if result is None else msgspec.to_builtins(result)


# --- the generated schema and docs ---------------------------------------------------------

SCHEMA = Path(__file__).parent / "schema" / "command.schema.json"
DOCS = Path(__file__).parents[2] / "docs" / "api.md"
BEGIN = "<!-- commands: generated by python -m app.server.wire_commands; do not edit -->"
END = "<!-- end of the generated commands -->"


def schema() -> dict[str, Any]:
    """The JSON schema (2020-12) of a command's body: one of the commands, by ``name``."""
    found: dict[str, Any] = msgspec.json.schema(union())
    defs = found.get("$defs", {})
    for kind in cmd.ALL:  # each command says what it is for, and the action it asks for
        entry = defs.get(kind.__name__)
        if entry is not None:
            sala = (
                " Lleva el nombre y el PIN del jefe de sala (R-ROLE-2)."
                if rt.needs_sala(rt.action_of(kind))
                else ""
            )
            does = " ".join((kind.__doc__ or kind.help).split()).replace("``", "`")
            entry["description"] = f"{does} Acción: {rt.action_of(kind)}.{sala}"
            entry.pop("title", None)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "bingo-hall/command/1",
        "title": "A command to the hall server (POST /api/v1/commands), version 1",
        **found,
    }


def _arg_words(kind: type[cmd.Command[Any]]) -> str:
    hints = typing.get_type_hints(kind)
    said = []
    for f in dataclasses.fields(kind):  # type: ignore[arg-type]
        base = _base(hints[f.name])
        kind_name = {str: "text", int: "int", bool: "bool"}.get(base, "ints")
        said.append(
            f"`{f.name}`" + ("" if f.default is dataclasses.MISSING else "?") + f" {kind_name}"
        )
    return ", ".join(said) or "—"


def _result_words(kind: type[cmd.Command[Any]]) -> str:
    result = cmd.answer_type(kind)
    if result is None:
        return "{}"
    return "{" + ", ".join(f.name for f in dataclasses.fields(result)) + "}"


def _does(kind: type[cmd.Command[Any]]) -> str:
    """The command's docstring as one cell of a Markdown table."""
    text = " ".join((kind.__doc__ or kind.help).split())
    return text.replace("``", "`").replace("|", "\\|")


def table() -> str:
    """The commands table of docs/api.md."""
    lines = [
        BEGIN,
        "",
        "| name | args (`?`: may be left out) | result | action (rights) | what it does |",
        "| --- | --- | --- | --- | --- |",
    ]
    for kind in cmd.ALL:
        action = rt.action_of(kind)
        sala = ", jefe de sala" if rt.needs_sala(action) else ""
        lines.append(
            f"| `{kind.name}` | {_arg_words(kind)} | `{_result_words(kind)}` | "
            f"`{action}`{sala} | {_does(kind)} |"
        )
    lines += ["", END]
    return "\n".join(lines)


def schema_text() -> str:
    return json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"


def docs_text(current: str) -> str:
    """``docs/api.md`` with its commands table as ``table`` writes it."""
    start, end = current.index(BEGIN), current.index(END) + len(END)
    return current[:start] + table() + current[end:]


def main() -> int:
    SCHEMA.write_text(schema_text(), encoding="utf-8")
    DOCS.write_text(docs_text(DOCS.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"escritos {SCHEMA.name} y la tabla de órdenes de {DOCS.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
