"""The centre's table sends a command while another program holds the centre's database: 503
``store`` in Spanish, what to do and that nothing was applied; SQLite's text goes to the
centre's log only, never to the table's screen (docs/api.md, "Errors"). A real SQLite file
locked by another connection.
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest
from starlette.testclient import TestClient

import store.engine
import store.reader
from app.centre.server import build_centre_app
from bingo import rights as rt
from store import open_store
from store.operators import OperatorBook


def test_a_centre_command_on_a_locked_database_answers_in_spanish_and_logs_the_driver(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # give up on a lock soon (the driver's timeout and the PRAGMA every connection sets)
    monkeypatch.setattr(store.engine, "SQLITE_BUSY_TIMEOUT_S", 0.2)
    monkeypatch.setattr(store.reader, "SQLITE_BUSY_TIMEOUT_S", 0.2)
    path = tmp_path / "centro.sqlite"
    with open_store(f"sqlite:///{path}") as events:
        OperatorBook(events).add("Mesa", rt.JEFE_DE_SALA, "738291")
        with TestClient(build_centre_app(events)) as client:
            token = client.post("/api/v1/login", json={"v": 1, "name": "Mesa", "pin": "738291"})
            client.headers["Authorization"] = f"Bearer {token.json()['token']}"
            holder = sqlite3.connect(path, timeout=0.1, isolation_level=None)
            try:
                holder.execute("BEGIN EXCLUSIVE")  # another program writes to the database
                with caplog.at_level(logging.WARNING, logger="app.centre.server"):
                    got = client.post(
                        "/centre/v1/commands",
                        json={"name": "open", "args": {"partida": 1, "price_cents": 100,
                                                       "allotments": {"norte": 120}}},
                    )  # fmt: skip
            finally:
                holder.execute("ROLLBACK")
                holder.close()
            state = client.get("/centre/v1/state").json()["state"]
    assert got.status_code == 503, got.text
    error = got.json()["error"]
    assert error["code"] == "store"
    assert error["message"].startswith("la base de datos está ocupada por otro programa")
    assert "la orden «open» no se ha aplicado" in error["message"]
    assert "locked" not in error["message"] and "sqlite" not in error["message"].lower()
    assert "database is locked" in caplog.text
    assert state["partida"] == 0  # nothing was applied
