"""What the staff's screens read when the hall's database, a command or the voice fails: a
Spanish sentence saying what is wrong, what became of the command and what they can do; the
driver's or the program's own text (English, paths, SQL, internals) goes to the server's log
only (docs/api.md, "Errors"; SPEC R-NET-1). Real SQLite files, locked by another connection, a
real host, a real espeak-ng stand-in that fails.
"""

from __future__ import annotations

import logging
import re
import sqlite3
import stat
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from starlette.testclient import TestClient

import store.engine
import store.reader
from app.bootstrap import prepare_hall
from app.config import VoiceConfig, load_hall
from app.server import handlers
from app.server.auth import Unnamed
from app.server.commands import Context
from app.server.host import HallHost
from app.server.http import build_app
from bingo import commands as cmd
from drivers.voice import Voice
from store import open_store

#: Words of SQLite's and Python's own texts that must not reach a screen.
DRIVER_WORDS = ("locked", "sqlite", "Error", "Traceback", "OperationalError")


def command(host: HallHost, name: str, command_id: str, **args: Any) -> tuple[int, dict[str, Any]]:
    body = {"v": 1, "client_id": "mesa", "command_id": command_id, "name": name, "args": args}
    return host.execute(body, rights=Unnamed())


@pytest.fixture
def hall(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[HallHost, Path]]:
    """A hall with its session open on a SQLite file of this test."""
    # give up on a lock soon (the driver's timeout and the PRAGMA every connection sets)
    monkeypatch.setattr(store.engine, "SQLITE_BUSY_TIMEOUT_S", 0.2)
    monkeypatch.setattr(store.reader, "SQLITE_BUSY_TIMEOUT_S", 0.2)
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
        yield host, path
    finally:
        host.close()
        events.close()


def test_a_command_the_locked_database_refused_says_so_in_spanish_and_logs_the_driver(
    hall: tuple[HallHost, Path], caplog: pytest.LogCaptureFixture
) -> None:
    """Another program holds the database's write lock: the answer is 503 ``store`` with what
    the staff can do and that the command was not applied; SQLite's "database is locked" is in
    the server's log, with the command's name, and on no screen.
    """
    host, path = hall
    holder = sqlite3.connect(path, timeout=0.1, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")  # another program writes to the database
        with caplog.at_level(logging.WARNING, logger="app.server.host"):
            status, answer = command(host, "start_partida", "c2")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert status == 503 and answer["error"]["code"] == "store", answer
    message = answer["error"]["message"]
    assert message.startswith("la base de datos está ocupada por otro programa"), message
    assert "la orden «start_partida» no se ha aplicado" in message
    assert not any(word in message for word in DRIVER_WORDS), message
    logged = [r.getMessage() for r in caplog.records if r.name == "app.server.host"]
    assert any("start_partida" in line and "database is locked" in line for line in logged)


def test_a_command_on_a_read_only_database_says_what_to_check(
    hall: tuple[HallHost, Path], caplog: pytest.LogCaptureFixture
) -> None:
    """The database was left read-only (here SQLite's own ``query_only``, which holds for the
    root user too): 503 ``store`` naming the permissions to check, no driver text.
    """
    host, _path = hall

    @event.listens_for(host.store.engine, "connect")
    def read_only(connection: sqlite3.Connection, _record: object) -> None:
        connection.execute("PRAGMA query_only = ON")

    host.store.engine.dispose()  # the next connection is a new one, read-only
    with caplog.at_level(logging.WARNING, logger="app.server.host"):
        status, answer = command(host, "start_partida", "c2")
    assert status == 503 and answer["error"]["code"] == "store", answer
    message = answer["error"]["message"]
    assert message.startswith("la base de datos solo se puede leer: compruebe los permisos")
    assert not any(word in message for word in DRIVER_WORDS), message
    assert any("readonly" in r.getMessage() for r in caplog.records), caplog.text


def test_an_internal_error_answers_a_reference_found_in_the_log_and_not_its_text(
    hall: tuple[HallHost, Path], caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug in a command (here one that fails as a bug does) answers 500 ``internal``: the
    command was not applied and the detail is in the server's log under a reference the staff
    can give to support; the exception's text, with its internals, reaches no screen.
    """
    host, _path = hall

    def broken(_ctx: Context, _command: cmd.Command[Any]) -> Any:
        return {"secret": "x"}["/srv/bingo/secreto.sqlite host=10.0.0.9"]  # a KeyError

    monkeypatch.setitem(handlers.HANDLERS, cmd.StartPartida, broken)
    with caplog.at_level(logging.ERROR, logger="app.server.host"):
        status, answer = command(host, "start_partida", "c2")
    assert status == 500 and answer["error"]["code"] == "internal", answer
    message = answer["error"]["message"]
    assert "secreto" not in message and "10.0.0.9" not in message and "KeyError" not in message
    assert "la orden «start_partida» no se ha aplicado" in message
    found = re.search(r"referencia ([0-9a-f]{8})\)", message)
    assert found is not None, message
    logged = [r for r in caplog.records if found.group(1) in r.getMessage()]
    assert logged and logged[0].exc_info is not None  # the traceback is in the log, under it
    assert "start_partida" in logged[0].getMessage()


def test_a_voice_that_fails_tells_the_panel_without_espeaks_own_words(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """R-DEV-3: espeak-ng fails (a real program that exits with an error): the panel reads 503
    ``voice_failed`` in Spanish; espeak's path and its stderr go to the server's log only.
    """
    espeak = tmp_path / "bin" / "espeak-ng"
    espeak.parent.mkdir()
    espeak.write_text("#!/bin/sh\necho 'espeak-ng: /usr/share/espeak-ng-data: bad voice' >&2\n"
                      "exit 7\n")  # fmt: skip
    espeak.chmod(espeak.stat().st_mode | stat.S_IXUSR)
    settings = load_hall()
    options = replace(VoiceConfig(), enabled=True, output="panel", cache_dir=str(tmp_path / "voz"))
    with open_store(f"sqlite:///{tmp_path / 'sala.sqlite'}") as events:
        host = HallHost(events, settings.hall_id)
        try:
            host.voice = Voice(options, espeak=str(espeak), audio=None)
            with (
                caplog.at_level(logging.WARNING, logger="app.server.http"),
                TestClient(build_app(host, names=("testserver",))) as client,
            ):
                got = client.get("/voice/es/45.wav")
                nothing = client.get("/voice/es/cuarenta.wav")  # no ball: said, not int()'s text
        finally:
            host.close()
    assert got.status_code == 503, got.text
    error = got.json()["error"]
    assert error["code"] == "voice_failed"
    assert error["message"].startswith("la voz no puede decir esa llamada")
    assert "espeak" not in error["message"] and "bad voice" not in error["message"]
    assert "bad voice" in caplog.text
    assert nothing.status_code == 404
    said = nothing.json()["error"]
    assert said["code"] == "no_call" and "«cuarenta» no es una bola" in said["message"]
    assert "invalid literal" not in said["message"]


def test_a_command_on_a_database_missing_its_tables_says_so_before_anything_is_applied(
    hall: tuple[HallHost, Path], caplog: pytest.LogCaptureFixture
) -> None:
    """Someone removed a table of the hall's database by hand: the command's ids cannot be
    looked up, so nothing is applied and the staff read 503 ``store`` saying the database is
    not the one this program expects, not SQLite's "no such table" nor a bare 500.
    """
    host, path = hall
    with sqlite3.connect(path) as other:
        other.execute("DROP TABLE applied_commands")
    with caplog.at_level(logging.WARNING, logger="app.server.host"):
        status, answer = command(host, "start_partida", "c2")
    assert status == 503 and answer["error"]["code"] == "store", answer
    message = answer["error"]["message"]
    assert message.startswith("la base de datos no tiene las tablas que espera"), message
    assert "la orden «start_partida» no se ha aplicado" in message
    assert "no such table" not in message and host.service.hall.partida is None
    assert "no such table: applied_commands" in caplog.text


def test_a_login_the_locked_database_refused_says_so_in_spanish(
    hall: tuple[HallHost, Path], caplog: pytest.LogCaptureFixture
) -> None:
    """A request that fails on the database outside a command (here the login, which looks up
    the operator and records the attempt, R-ROLE-3) gets the same 503 ``store`` sentence, not a
    bare "Internal Server Error"; the driver's text is in the log only.
    """
    from store.operators import OperatorBook

    host, path = hall
    OperatorBook(host.store).add("Mesa", "jefe_de_sala", "482913")
    client = TestClient(build_app(host, names=("testserver",)), raise_server_exceptions=False)
    holder = sqlite3.connect(path, timeout=0.1, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")  # another program writes to the database
        with caplog.at_level(logging.WARNING, logger="app.server.auth"):
            answer = client.post("/api/v1/login", json={"v": 1, "name": "Mesa", "pin": "482913"})
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert answer.status_code == 503, answer.text
    error = answer.json()["error"]
    assert error["code"] == "store" and "base de datos" in error["message"]
    assert not any(word in error["message"] for word in DRIVER_WORDS)
    assert "/api/v1/login" in caplog.text and "locked" in caplog.text
    logged = client.post("/api/v1/login", json={"v": 1, "name": "Mesa", "pin": "482913"})
    assert logged.status_code == 200  # the database back: the same login goes in
