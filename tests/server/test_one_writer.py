"""One writer per record (R-NET-1): while a real `bingo-hall serve` writes a hall's record, every
other command that would write it is refused at once (exit 1), naming the server, its pid and
address, with nothing written; readings go on. A killed writer's lock is free at once. On a
real PostgreSQL the lock is per hall: another hall of the same database has its own writer.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from app.cli import main
from app.config import default_hall_path
from tests.server.kit import ROOT, SALA, Server

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]

BASE_URL = os.environ.get("BINGO_HALL_TEST_PG_URL", "")


def events(db: Path) -> int:
    with sqlite3.connect(db) as con:
        return int(con.execute("select count(*) from events").fetchone()[0])


def writers(db: str, tmp_path: Path) -> dict[str, list[str]]:
    """Every writing command, with what it needs to reach the record."""
    cards = tmp_path / "cards.json"
    assert main(["cardset", "generate", "--id", "extra", "--seed", "5", "--strips", "2",
                 "-o", str(cards)]) == 0  # fmt: skip
    book = tmp_path / "book.json"
    book.write_text("{}", "utf-8")
    common = ["--db", db]
    return {
        "simulate": ["simulate", *common, "-q"],
        "cardset import": ["cardset", *common, "import", str(cards)],
        "ballset install": [
            "ballset",
            "install",
            *common,
            "--id",
            "B2",
            "--homologation",
            "H",
            "--guaranteed",
            "900",
            "--reason",
            "prueba",
        ],
        "rules adopt": ["rules", "adopt", *common, "--config", str(default_hall_path())],
        "reclamacion file": [
            "reclamacion",
            "file",
            *common,
            "--session",
            "S1",
            "--subject",
            "queja",
        ],
        "reclamacion settle": ["reclamacion", "settle", *common, "S1/R1"],
        "transcribe": ["transcribe", *common, str(book)],
        "run --local": ["run", "--local", *common],
        "serve": ["serve", *common, "--port", "0", "--devices", "none"],
    }


def test_a_second_writer_of_a_served_record_is_refused_at_once_naming_the_server(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-NET-1: the record has one writer; the refused command says who, since when, and how to
    join the server instead; it writes nothing. Readings are not held.
    """
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    db = tmp_path / "hall.sqlite"
    server = Server(db).start()
    try:
        before = events(db)
        for name, argv in writers(f"sqlite:///{db}", tmp_path).items():
            capsys.readouterr()
            assert main(argv) == 1, name
            err = capsys.readouterr().err
            assert "lo escribe ya `bingo-hall serve`" in err, (name, err)
            assert server.proc is not None and f"pid {server.proc.pid}" in err, (name, err)
            assert f"bingo-hall run --server {server.url}" in err, (name, err)
            assert "Traceback" not in err
        assert events(db) == before  # nothing written by any of them
        # reading is not writing
        assert main(["status", "--db", f"sqlite:///{db}"]) == 0
        assert main(["export", "--db", f"sqlite:///{db}", "--compact"]) == 0
        assert main(["ballset", "show", "--db", f"sqlite:///{db}"]) == 0
        assert main(["operator", "list", "--db", f"sqlite:///{db}"]) == 0
        # a writer killed hard lets go at once: the next one writes
        server.kill()
        argv = ["ballset", "install", "--db", f"sqlite:///{db}", "--id", "B2", "--homologation",
                "H", "--guaranteed", "900", "--reason", "prueba", "--by", SALA[0],
                "--pin-stdin"]  # fmt: skip
        monkeypatch.setattr("sys.stdin", _lines(SALA[1]))
        assert main(argv) == 0, capsys.readouterr().err
        assert events(db) > before
    finally:
        server.stop()


def _lines(*lines: str) -> object:
    import io

    return io.StringIO("".join(f"{line}\n" for line in lines))


def test_a_writer_waiting_at_its_pin_holds_the_record_and_names_itself(tmp_path: Path) -> None:
    """Any writer holds the record while it runs, not only a server: `ballset install` waiting
    for the jefe de sala's PIN keeps `serve` from starting, which says who writes and what to do.
    """
    db = f"sqlite:///{tmp_path / 'hall.sqlite'}"
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    cli = [sys.executable, "-m", "app.cli"]
    assert subprocess.run([*cli, "simulate", "--db", db, "-q", "--partidas", "1"], cwd=ROOT,
                          env=env, timeout=120).returncode == 0  # fmt: skip
    assert subprocess.run(
        [*cli, "operator", "add", "Sala", "--role", "jefe_de_sala", "--db", db, "--pin-stdin"],
        cwd=ROOT, env=env, input="482913\n482913\n", text=True, timeout=120,
    ).returncode == 0  # fmt: skip
    waiting = subprocess.Popen(
        [*cli, "ballset", "install", "--db", db, "--id", "B2", "--homologation", "H",
         "--guaranteed", "900", "--reason", "prueba", "--by", "Sala", "--pin-stdin"],
        cwd=ROOT, env=env, stdin=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        lock = tmp_path / "hall.sqlite.lock"
        deadline = time.monotonic() + 60
        while not (lock.exists() and f'"pid": {waiting.pid}' in lock.read_text("utf-8")):
            assert time.monotonic() < deadline and waiting.poll() is None
            time.sleep(0.05)
        holder = json.loads(lock.read_text("utf-8"))
        assert holder["pid"] == waiting.pid and holder["command"] == "bingo-hall ballset install"
        refused = subprocess.run([*cli, "serve", "--db", db, "--port", "0", "--devices", "none"],
                                 cwd=ROOT, env=env, capture_output=True, text=True,
                                 timeout=120)  # fmt: skip
        assert refused.returncode == 1
        assert f"lo escribe ya `bingo-hall ballset install` (pid {waiting.pid}" in refused.stderr
        assert "repita la orden" in refused.stderr and "Traceback" not in refused.stderr
        # nor does a console start a server of it: it says who writes it (decision 543)
        console = subprocess.run(
            [*cli, "run", "--db", db, "--devices", "none"],
            cwd=ROOT,
            env={**env, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path)},
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert console.returncode == 1, console.stderr
        assert f"`bingo-hall ballset install` (pid {waiting.pid}" in console.stderr
        assert "la consola no arranca otro servidor" in console.stderr
        assert "servidor en" not in console.stdout
    finally:
        assert waiting.stdin is not None
        waiting.communicate("482913\n", timeout=60)
    assert waiting.returncode == 0


@pytest.fixture
def pg_url() -> Iterator[str]:
    if not BASE_URL:
        pytest.skip("BINGO_HALL_TEST_PG_URL is not set: run `bash scripts/postgres.sh`")
    schema = f"test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(BASE_URL, poolclass=NullPool)
    try:
        with admin.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        yield (
            make_url(BASE_URL)
            .update_query_dict({"options": f"-csearch_path={schema}"})
            .render_as_string(hide_password=False)
        )
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()


def hall_config(tmp_path: Path, hall_id: str) -> Path:
    body = (
        default_hall_path().read_text("utf-8").replace('id = "cantabria-001"', f'id = "{hall_id}"')
    )
    path = tmp_path / f"{hall_id}.toml"
    path.write_text(body, "utf-8")
    return path


@pytest.mark.postgres
def test_on_postgresql_each_hall_has_one_writer_and_the_operators_are_added_beside_them(
    tmp_path: Path,
    pg_url: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """R-NET-1 on the shared database: a second server of a served hall is refused naming the
    first; another hall of the same database is served beside it; the operators, whom every
    hall of the database shares, are rows, not a hall's record: added while the servers run
    (decision 547); a killed server's lock is free at once (its session ends with its
    connection).
    """
    config_a, config_b = hall_config(tmp_path, "pg-a"), hall_config(tmp_path, "pg-b")
    a = Server(tmp_path / "a.sqlite", db_url=pg_url, extra=["--hall", "pg-a", "--config",
               str(config_a)]).start()  # fmt: skip
    b = None
    try:
        common = ["--db", pg_url, "--hall", "pg-a", "--config", str(config_a)]
        assert main(["serve", *common, "--port", "0", "--devices", "none"]) == 1
        err = capsys.readouterr().err
        assert a.proc is not None
        assert (
            f"el registro de la sala pg-a lo escribe ya `bingo-hall serve` (pid {a.proc.pid}" in err
        )
        assert a.url in err
        assert main(["reclamacion", "file", *common, "--session", "S1", "--subject", "q"]) == 1
        assert "lo escribe ya `bingo-hall serve`" in capsys.readouterr().err
        assert main(["status", *common]) == 0  # reading is not writing
        # another hall of the same database: its own writer
        b = Server(tmp_path / "b.sqlite", db_url=pg_url, extra=["--hall", "pg-b", "--config",
                   str(config_b)]).start()  # fmt: skip
        capsys.readouterr()
        monkeypatch.setattr("sys.stdin", _lines("613572", SALA[1]))
        assert main(["operator", "add", "Otro", "--role", "jefe_de_mesa", "--by", SALA[0],
                     "--db", pg_url, "--pin-stdin"]) == 0, capsys.readouterr().err  # fmt: skip
        a.kill()
        b.stop()
        b = None
        a = Server(tmp_path / "a.sqlite", db_url=pg_url, extra=["--hall", "pg-a", "--config",
                   str(config_a)]).start()  # fmt: skip
    finally:
        a.stop()
        if b is not None:
            b.stop()
