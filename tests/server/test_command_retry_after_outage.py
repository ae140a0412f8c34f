"""A command the hall's database could not take (503 ``store``) applied nothing, so the same
command ids sent again once the database answers are tried again, not told the old refusal
(docs/decisions.md 326, as a 403 is not kept, decision 136; SPEC R-NET-1). A real SQLite file,
locked by another connection, at a real host.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

import store.engine
from app.bootstrap import prepare_hall
from app.config import load_hall
from app.server.auth import Unnamed
from app.server.host import HallHost
from store import open_store


def command(host: HallHost, name: str, command_id: str, **args: Any) -> tuple[int, dict[str, Any]]:
    body = {"v": 1, "client_id": "mesa", "command_id": command_id, "name": name, "args": args}
    return host.execute(body, rights=Unnamed())


def test_a_command_the_database_refused_is_tried_again_with_the_same_ids(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store.engine, "SQLITE_BUSY_TIMEOUT_S", 0.2)  # give up on a lock soon
    path = tmp_path / "sala.sqlite"
    events = open_store(f"sqlite:///{path}")
    settings = load_hall()
    host = HallHost(events, settings.hall_id)
    try:
        prepare_hall(host.service, settings)
        status, answer = command(
            host, "open_session", "c1", session_id="S1", date="2026-11-24", jefe_de_mesa="Mesa",
            jefe_de_sala="Sala", ball_check=list(range(1, 91)),
        )  # fmt: skip
        assert status == 200, answer
        holder = sqlite3.connect(path, timeout=0.1, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")  # another program holds the database
        status, answer = command(host, "start_partida", "c2")
        assert status == 503 and answer["error"]["code"] == "store", answer
        holder.execute("ROLLBACK")
        holder.close()
        status, answer = command(host, "start_partida", "c2")  # the same ids, the database back
        assert status == 200, answer
        assert answer["result"] == {"partida": 1} and not answer["repeated"]
        status, again = command(host, "start_partida", "c2")  # now it is the command's answer
        assert status == 200 and again["repeated"] and host.service.hall.partida is not None
        assert host.service.hall.partida.number == 1  # applied once
    finally:
        host.close()
        events.close()
