"""The hall panel on a stream that also carries messages for the table (a terminal's presence,
a device's notice, a question): the panel ignores what holds no state, without an error, and
keeps showing the hall (R-NET-2: it shows the state or «sin conexión», nothing stale).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.terminal_client import TerminalClient
from tests.server.kit import Client, Server, open_session, wait_for
from tests.server.test_terminals import PIN, add_terminals, terminal_name

# Errors thrown in the page from now on (a handler's exception reaches window's "error").
RECORD_ERRORS = """
window.__errors = [];
window.addEventListener('error', (e) => window.__errors.push(String(e.message)));
"""


def test_a_message_for_the_table_does_not_break_the_panel(
    servers: Callable[..., Server], chrome: Any, tmp_path: Path
) -> None:
    add_terminals(tmp_path / "hall.sqlite", 1)
    server = servers()
    table = Client(server)
    open_session(table)
    chrome.get(f"{server.url}/panel?layout=board")  # the languages the hall gives
    wait_for(chrome, "window.__panel.online")
    chrome.execute_script(RECORD_ERRORS)
    terminal = TerminalClient(server.url, terminal_name(1))
    try:
        terminal.connect(PIN)  # the table is told: a `terminal_presence` message on the stream
        answer = table.do("start_partida")  # then a change of the state
        wait_for(chrome, f"window.__panel.version >= {answer['version']}")
    finally:
        terminal.close()
    assert chrome.execute_script("return window.__errors") == []
    assert chrome.execute_script("return window.__panel.online") is True
