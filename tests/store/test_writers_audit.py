"""Every command that writes the hall's record audits it first, as ``status`` does, and refuses
one that fails (exit 3, ``status``'s words) before writing anything (R-ACTA-6, decision 640).

The record is an older copy of the database put back by hand: the chain re-hashes cleanly, but
the checkpoint kept next to the hall's key names records the database no longer has. The writers
used to go on: ``simulate`` played a whole partida and only refused at its close, ``serve``
served it, ``transcribe`` wrote part of an "all or nothing" book.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main
from bingo.transcribe import template
from tests.server.kit import free_port

ROOT = Path(__file__).resolve().parents[2]
NOT_INTACT = "NO está íntegro"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def contents(path: Path) -> tuple[int, int, int, str]:
    """What a write would change: events, checkpoints, operators, and the card sets."""
    with sqlite3.connect(path) as db:
        events = db.execute("select count(*) from events").fetchone()[0]
        signed = db.execute("select count(*) from checkpoints").fetchone()[0]
        people = db.execute("select count(*) from operators").fetchone()[0]
        sets = db.execute("select group_concat(card_set_id) from card_sets").fetchone()[0]
    return int(events), int(signed), int(people), str(sets)


@pytest.fixture(scope="module")
def put_back(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A hall's database after two nights, replaced by the copy taken after the first one."""
    folder = tmp_path_factory.mktemp("vuelta-atras")
    path = folder / "hall.sqlite"
    url = f"sqlite:///{path}"
    first = ["--session", "N1", "--date", "2026-11-21", "--partidas", "1", "-q"]
    assert main(["simulate", "--db", url, *first]) == 0
    shutil.copy(path, folder / "older.sqlite")  # the program is stopped: the file is whole
    second = ["--session", "N2", "--date", "2026-11-22", "--partidas", "1", "-q"]
    assert main(["simulate", "--db", url, *second]) == 0
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    shutil.copy(folder / "older.sqlite", path)
    return path


@pytest.fixture
def record(put_back: Path, tmp_path: Path) -> Path:
    """A fresh copy of the put-back database for one test (the key folder is the suite's)."""
    target = tmp_path / "hall.sqlite"
    shutil.copy(put_back, target)
    return target


def test_status_calls_the_record_put_back_not_intact(
    capsys: pytest.CaptureFixture[str], record: Path
) -> None:
    code, _, err = run(capsys, "status", "--db", f"sqlite:///{record}")
    assert code == 3 and "faltan" in err and "registros después del punto de control" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--session", "N3", "--date", "2026-11-23", "--partidas", "1", "-q"],
        [
            "ballset",
            "install",
            "--id",
            "B2",
            "--homologation",
            "H-2",
            "--guaranteed",
            "900",
            "--reason",
            "bola dañada",
        ],
        ["rules", "adopt"],
        ["reclamacion", "file", "--session", "N1", "--subject", "premio mal pagado"],
        ["reclamacion", "settle", "2026-11-21/R1"],
    ],
    ids=lambda argv: " ".join(argv[:2]),
)
def test_a_command_that_writes_refuses_the_record_before_writing_anything(
    capsys: pytest.CaptureFixture[str], record: Path, argv: list[str]
) -> None:
    before = contents(record)
    code, _, err = run(capsys, *argv, "--db", f"sqlite:///{record}")
    assert code == 3, err
    assert "registros después del punto de control firmado" in err  # status's finding
    assert NOT_INTACT in err and "no se escribe nada" in err
    assert contents(record) == before


def test_transcribe_refuses_the_record_before_writing_any_of_the_book(
    capsys: pytest.CaptureFixture[str], record: Path, tmp_path: Path
) -> None:
    book = tmp_path / "libro.json"
    book.write_text(json.dumps(template([2])), encoding="utf-8")
    before = contents(record)
    for _ in range(2):  # a second try is refused the same way, with the same words
        code, _, err = run(capsys, "transcribe", "--db", f"sqlite:///{record}", str(book))
        assert code == 3 and NOT_INTACT in err and "StoreError" not in err
        assert contents(record) == before


def test_cardset_import_refuses_the_record_before_keeping_the_card_set(
    capsys: pytest.CaptureFixture[str], record: Path, tmp_path: Path
) -> None:
    card_set = tmp_path / "juego.json"
    assert run(capsys, "cardset", "generate", "--id", "J2", "--seed", "5", "--strips", "4",
               "-o", str(card_set))[0] == 0  # fmt: skip
    before = contents(record)
    code, _, err = run(capsys, "cardset", "--db", f"sqlite:///{record}", "import", str(card_set))
    assert code == 3 and NOT_INTACT in err
    assert contents(record) == before


def test_operator_add_refuses_a_database_whose_record_is_not_intact(
    capsys: pytest.CaptureFixture[str], record: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Operators are every hall's of the database: adding one is a write like any other."""
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("246813\n"))
    before = contents(record)
    code, _, err = run(
        capsys, "operator", "add", "Luis Sala", "--role", "jefe_de_sala", "--pin-stdin",
        "--db", f"sqlite:///{record}",
    )  # fmt: skip
    assert code == 3 and NOT_INTACT in err
    assert contents(record) == before


def test_serve_refuses_to_start_on_the_record(record: Path) -> None:
    """The hall server audits the record at its start: it never serves an altered one."""
    digest = hashlib.sha256(record.read_bytes()).hexdigest()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    served = subprocess.run(
        [
            sys.executable,
            "-m",
            "app.cli",
            "serve",
            "--db",
            f"sqlite:///{record}",
            "--devices",
            "none",
            "--port",
            str(free_port()),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert served.returncode == 3, served.stdout + served.stderr
    assert "servidor en" not in served.stdout and NOT_INTACT in served.stderr
    assert "registros después del punto de control firmado" in served.stderr
    assert hashlib.sha256(record.read_bytes()).hexdigest() == digest


def test_a_record_written_before_the_checkpoints_is_still_signed_by_its_next_write(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Decision 113 holds: a record with closes and no checkpoint at all, on a machine whose key
    folder has signed nothing of the hall, is audited and then signed, not refused."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "datos"))
    path = tmp_path / "hall.sqlite"
    url = f"sqlite:///{path}"
    assert run(capsys, "simulate", "--db", url, "--partidas", "1", "-q")[0] == 0
    shutil.rmtree(tmp_path / "datos" / "bingo-hall" / "keys")  # as before checkpoints existed
    with sqlite3.connect(path) as db:
        for (name,) in db.execute("select name from sqlite_master where type = 'trigger'"):
            db.execute(f'drop trigger "{name}"')
        db.execute("delete from checkpoints")
    assert run(capsys, "status", "--db", url)[0] == 3
    code, _, err = run(capsys, "simulate", "--db", url, "--session", "N2", "--partidas", "1", "-q")
    assert code == 0, err
    code, out, err = run(capsys, "status", "--db", url)
    assert code == 0 and "registro íntegro" in out, err
