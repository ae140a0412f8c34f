"""The commands on the wire are the hall's command dataclasses: the server decodes their tagged
union, and its JSON schema and the commands table of docs/api.md are written from them, so the
committed ones must be what the generator writes (python -m app.server.wire_commands).
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

import jsonschema
import pytest

from app.server import wire_commands
from app.server.wire import schema
from bingo import commands as cmd

COMMAND = jsonschema.Draft202012Validator(schema("command"))

#: A value of each type a command's field may have, for a body of every command.
SAMPLES: dict[Any, Any] = {str: "A-0001", int: 7, bool: True}


def _sample(kind: type[cmd.Command[Any]], only_required: bool) -> cmd.Command[Any]:
    hints = typing.get_type_hints(kind)
    values: dict[str, Any] = {}
    for f in dataclasses.fields(kind):  # type: ignore[arg-type]
        if only_required and f.default is not dataclasses.MISSING:
            continue
        found = wire_commands._base(hints[f.name])
        values[f.name] = (1, 2, 3) if typing.get_origin(found) is tuple else SAMPLES[found]
    return kind(**values)


def _body(command: cmd.Command[Any]) -> dict[str, Any]:
    return {"v": 1, "client_id": "mesa", "command_id": "c1", "name": command.name,
            "args": cmd.arguments(command), "expected_version": 3}  # fmt: skip


def test_the_committed_schema_and_docs_table_are_what_the_generator_writes() -> None:
    """CI fails when a command changed and the schema or docs/api.md were not written again."""
    assert wire_commands.SCHEMA.read_text(encoding="utf-8") == wire_commands.schema_text(), (
        "app/server/schema/command.schema.json is stale: python -m app.server.wire_commands"
    )
    docs = wire_commands.DOCS.read_text(encoding="utf-8")
    assert docs == wire_commands.docs_text(docs), (
        "the commands table of docs/api.md is stale: python -m app.server.wire_commands"
    )


def test_the_console_s_own_draw_from_devices_body_follows_the_schema() -> None:
    """The body ui/client sends for a draw of the server's devices (it was not in the schema)."""
    body = _body(cmd.DrawFromDevices(table=True, table_check=True))
    assert body["args"] == {"table": True, "table_check": True}
    COMMAND.validate(body)


@pytest.mark.parametrize("kind", cmd.ALL, ids=[k.name for k in cmd.ALL])
def test_every_command_goes_through_the_wire_and_comes_back_the_same(
    kind: type[cmd.Command[Any]],
) -> None:
    for command in (_sample(kind, True), _sample(kind, False)):
        body = _body(command)
        COMMAND.validate(body)
        assert wire_commands.decode(body) == command


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ({"series": "A"}, "sell: falta el argumento first"),
        ({"series": "A", "first": 1, "last": "6"}, "sell: last debe ser un número entero"),
        ({"series": "A", "first": True, "last": 6}, "sell: first debe ser un número entero"),
        ({"series": "A", "first": 1, "last": 6, "colour": "red"}, "desconocidos: colour"),
        ({"series": "", "first": 1, "last": 6}, "sell: series debe ser un texto de 1 a 200"),
        ({"series": "A\x00", "first": 1, "last": 6}, "series debe ser un texto imprimible"),
        ({"series": None, "first": 1, "last": 6}, "sell: falta el argumento series"),
    ],
)
def test_a_body_the_schema_refuses_is_refused_in_the_staff_s_words(
    args: dict[str, Any], words: str
) -> None:
    body = {"v": 1, "client_id": "mesa", "command_id": "c1", "name": "sell", "args": args}
    with pytest.raises(wire_commands.Refused, match=words) as refused:
        wire_commands.decode(body)
    assert refused.value.code == "bad_arguments"
    if "\x00" not in str(args.get("series")):  # the schema cannot say "printable"
        with pytest.raises(jsonschema.ValidationError):
            COMMAND.validate(body)


def test_a_left_out_or_null_argument_is_the_command_s_default() -> None:
    body = {"v": 1, "client_id": "m", "command_id": "c", "name": "sell",
            "args": {"series": "A", "first": 1, "last": 6, "seller": None}}  # fmt: skip
    assert wire_commands.decode(body) == cmd.Sell(series="A", first=1, last=6)
    assert wire_commands.decode({**body, "name": "close_sale", "args": {}}) == cmd.CloseSale()
