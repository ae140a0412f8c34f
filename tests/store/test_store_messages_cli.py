"""A database that fails at the command line: one Spanish sentence saying what is wrong and what
to check, exit 1, never the driver's own text (English, hosts, paths) nor a traceback; the
driver's text is shown with ``-v`` (the log). Real processes, a real closed port, a real
damaged SQLite file, a real PostgreSQL refusing a login (SPEC R-NET-1; docs/api.md, "Errors").
"""

from __future__ import annotations

import io
import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

import store.engine
import store.reader
from app.cli import main
from store import open_store
from tests.store.conftest import PG_ENV, PG_SKIP

ROOT = Path(__file__).resolve().parents[2]
EXIT_REFUSED = 1


def cli(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "datos")}
    env.pop("BINGO_HALL_DB", None)
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


def closed_port() -> int:
    """A loopback port nobody listens on (bound, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def test_a_database_server_that_does_not_answer_is_said_in_spanish_with_what_to_check(
    tmp_path: Path,
) -> None:
    url = f"postgresql+psycopg://bingo:clave@127.0.0.1:{closed_port()}/sala"
    done = cli(tmp_path, "status", "--db", url)
    assert done.returncode == EXIT_REFUSED, done.stderr
    said = done.stderr.strip()
    assert said.startswith("bingo-hall: la base de datos no responde: compruebe que el servidor")
    assert "\n" not in said and "Traceback" not in said
    for driver in ("Connection refused", "connection failed", "Is the server running", "127.0.0"):
        assert driver not in said, said
    verbose = cli(tmp_path, "-v", "status", "--db", url)  # the detail, for whoever fixes it
    assert verbose.returncode == EXIT_REFUSED and "Connection refused" in verbose.stderr


def test_a_damaged_sqlite_file_is_said_in_spanish_with_what_to_do(tmp_path: Path) -> None:
    path = tmp_path / "sala.sqlite"
    open_store(f"sqlite:///{path}").close()
    size = path.stat().st_size
    with path.open("r+b") as damaged:  # the header stays, the pages after it are garbage
        damaged.seek(4096)
        damaged.write(b"\xff" * (size - 4096))
    done = cli(tmp_path, "status", "--db", f"sqlite:///{path}")
    assert done.returncode == EXIT_REFUSED, done.stderr
    said = done.stderr.strip()
    assert said.startswith("bingo-hall: la base de datos está dañada o truncada: restaure"), said
    assert "malformed" not in said and "Traceback" not in said


def test_a_postgresql_login_refused_is_said_in_spanish_without_the_servers_words(
    tmp_path: Path,
) -> None:
    base = os.environ.get(PG_ENV, "").strip()
    if not base:
        pytest.skip(PG_SKIP)
    url = make_url(base).set(password="no-es-la-clave").render_as_string(hide_password=False)
    done = cli(tmp_path, "status", "--db", url)
    assert done.returncode == EXIT_REFUSED, done.stderr
    said = done.stderr.strip()
    assert said.startswith("bingo-hall: la base de datos rechaza el acceso: compruebe el usuario")
    assert "authentication" not in said and "FATAL" not in said, said


def test_an_operator_added_while_another_program_holds_the_database_is_refused_in_spanish(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-ROLE-1: ``operator add`` on a database another program is writing to: exit 1 with
    what to do, no traceback, nobody added (the operators' book speaks the store's errors).
    """
    monkeypatch.setattr(store.engine, "SQLITE_BUSY_TIMEOUT_S", 0.2)  # give up on a lock soon
    monkeypatch.setattr(store.reader, "SQLITE_BUSY_TIMEOUT_S", 0.2)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "datos"))
    path = tmp_path / "sala.sqlite"
    open_store(f"sqlite:///{path}").close()
    holder = sqlite3.connect(path, timeout=0.1, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")  # another program writes to the database
        monkeypatch.setattr(sys, "stdin", io.StringIO("738291\n"))
        argv = ["operator", "add", "--db", f"sqlite:///{path}", "Ana", "--role", "jefe_de_sala"]
        code = main([*argv, "--pin-stdin"])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    said = capsys.readouterr().err.strip()
    assert code == EXIT_REFUSED, said
    assert said.startswith("bingo-hall: la base de datos está ocupada por otro programa"), said
    assert "locked" not in said
    with sqlite3.connect(path) as db:
        assert db.execute("select count(*) from operators").fetchone() == (0,)


def test_a_database_missing_a_table_is_said_as_not_the_halls_database(tmp_path: Path) -> None:
    """Someone removed a table by hand: ``status`` (which reads the record directly) says the
    database is not what this version expects, not SQLite's "no such table".
    """
    path = tmp_path / "sala.sqlite"
    url = f"sqlite:///{path}"
    assert cli(tmp_path, "simulate", "--db", url, "--partidas", "1").returncode == 0
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE checkpoints")
    done = cli(tmp_path, "status", "--db", url)
    assert done.returncode == EXIT_REFUSED, done.stderr
    said = done.stderr.strip()
    assert said.startswith("bingo-hall: la base de datos no tiene las tablas que espera"), said
    assert "no such table" not in said


def test_a_backup_of_a_damaged_database_is_refused_in_spanish(tmp_path: Path) -> None:
    """``backup`` of a database whose pages are damaged: exit 1, the copy is not left, and the
    staff read that it is damaged, not SQLite's "database disk image is malformed".
    """
    path = tmp_path / "sala.sqlite"
    url = f"sqlite:///{path}"
    assert cli(tmp_path, "simulate", "--db", url, "--partidas", "1").returncode == 0
    size = path.stat().st_size
    with path.open("r+b") as damaged:
        damaged.seek(8192)
        damaged.write(b"\xff" * (size - 8192))
    copy = tmp_path / "copia.sqlite"
    done = cli(tmp_path, "backup", "--db", url, "-o", str(copy))
    assert done.returncode == EXIT_REFUSED, done.stderr
    said = done.stderr.strip()
    assert "dañada" in said and "malformed" not in said, said
    assert not copy.exists()
