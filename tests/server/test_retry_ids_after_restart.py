"""After a restart the store answers a retry, and it answers as the kept answer would (decisions
424, 426): the same ids sent for another command, or by someone who may not read the first
one's answer, are `409 command_id_reused`, never `200 "repeated"` for a command that was not
applied. On today's code before the fix, both were answered as applied (decision 425).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import jsonschema

from app.server.wire import schema
from app.terminal_client import TerminalClient
from tests.server.kit import SALA, Client, Server, open_session
from tests.server.test_terminals import PIN, add_terminals, terminal_name, terminals  # noqa: F401

ANSWER = schema("answer")


def reused(response: httpx.Response) -> None:
    assert response.status_code == 409, response.text
    body: dict[str, Any] = response.json()
    jsonschema.validate(body, ANSWER)
    assert body["error"]["code"] == "command_id_reused", body
    assert "result" not in body


def repeated(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    jsonschema.validate(body, ANSWER)
    assert body["repeated"] is True and body["result"] is None, body
    return body


def test_ids_reused_for_another_command_after_a_restart_are_refused_not_answered_applied(
    servers: Callable[..., Server],
) -> None:
    server = servers()
    console = Client(server, "c")
    open_session(console)
    console.do("start_partida")
    sold = console.send("sell_count", {"series": "A-0001", "count": 30}, "dup-1")
    assert sold.status_code == 200, sold.text
    server.kill()  # a power cut: the kept answers are gone, the store's row is not
    server = servers()
    console = Client(server, "c")
    reused(console.send("close_sale", {}, "dup-1"))
    state = console.state()["state"]
    assert state["status"] == "sale_open" and state["cards_sold"] == 30  # nothing applied
    # the command itself, sent again, is still the one applied
    again = repeated(console.send("sell_count", {"series": "A-0001", "count": 30}, "dup-1"))
    assert again["first_seq"] == sold.json()["first_seq"]
    assert console.state()["state"]["cards_sold"] == 30
    # a station's retry after another of the table's people logged in there: its answer
    sala = Client(server, "c", SALA)
    repeated(sala.send("sell_count", {"series": "A-0001", "count": 30}, "dup-1"))


def test_after_a_restart_a_terminal_is_not_answered_another_s_command(
    servers: Callable[..., Server],
    terminals: Callable[[Server, int], TerminalClient],  # noqa: F811
    tmp_path: Path,
) -> None:
    add_terminals(tmp_path / "hall.sqlite", 2)
    server = servers()
    table = Client(server, "mesa")
    open_session(table)
    table.do("start_partida")
    terminals(server, 1)  # connected to the table
    first = Client(server, "terminal:Terminal 1", (terminal_name(1), PIN))
    bought = first.send("terminal_buy", {"count": 2, "payment": "cash"}, command_id="r-1")
    assert bought.status_code == 200, bought.text
    sold = table.send("sell_count", {"series": "A-0001", "count": 5}, command_id="s-1")
    assert sold.status_code == 200, sold.text
    server.kill()
    server = servers()
    second = Client(server, "terminal:Terminal 1", (terminal_name(2), PIN))  # the same ids
    reused(second.send("terminal_buy", {"count": 2, "payment": "cash"}, command_id="r-1"))
    first = Client(server, "terminal:Terminal 1", (terminal_name(1), PIN))
    mine = repeated(first.send("terminal_buy", {"count": 2, "payment": "cash"}, "r-1"))
    assert mine["first_seq"] == bought.json()["first_seq"]
    # the table's ids sent by a terminal: another command (the rights refuse it the table's)
    in_table = Client(server, "mesa", (terminal_name(2), PIN))
    reused(in_table.send("terminal_buy", {"count": 2, "payment": "cash"}, command_id="s-1"))
    assert Client(server).state()["state"]["cards_sold"] == 7  # nothing applied twice
