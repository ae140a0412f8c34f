"""A terminal is never given another machine's answer (decision 284, 424). A command sent again
with the same client and command ids got the first one's answer back, whoever sent it: a second
terminal that sent the first one's ids was answered 200 "repeated" with the first one's
purchase, its serie and cartones (another machine's purchase, which a terminal may not read),
and told it had bought what it had not.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from app.terminal_client import TerminalClient
from tests.server.kit import Client, Server, open_session
from tests.server.test_terminals import PIN, add_terminals, terminal_name, terminals  # noqa: F401


def test_a_terminal_sending_another_s_ids_is_refused_not_answered(
    servers: Callable[..., Server],
    terminals: Callable[[Server, int], TerminalClient],  # noqa: F811
    tmp_path: Path,
) -> None:
    add_terminals(tmp_path / "hall.sqlite", 2)
    server = servers()
    table = Client(server, "mesa")
    open_session(table)
    table.do("start_partida")
    terminals(server, 1), terminals(server, 2)  # connected to the table
    first = Client(server, "terminal:Terminal 1", (terminal_name(1), PIN))
    second = Client(server, "terminal:Terminal 1", (terminal_name(2), PIN))  # the same ids
    bought = first.send("terminal_buy", {"count": 2, "payment": "cash"}, command_id="r-1")
    assert bought.status_code == 200, bought.text
    again = first.send("terminal_buy", {"count": 2, "payment": "cash"}, command_id="r-1")
    assert again.json()["repeated"] is True  # its own retry: its own answer
    other = second.send("terminal_buy", {"count": 2, "payment": "cash"}, command_id="r-1")
    assert other.status_code == 409, other.text
    assert other.json()["error"]["code"] == "command_id_reused"
    assert "result" not in other.json()
    # the table's people still get a station's answer back after another logs in there
    mesa = table.send("sell_count", {"series": "A-0001", "count": 1}, command_id="s-1")
    sala = Client(server, "mesa", ("Sala", "482913"))
    assert sala.send("sell_count", {"series": "A-0001", "count": 1},
                     command_id="s-1").json() == {**mesa.json(), "repeated": True}  # fmt: skip
