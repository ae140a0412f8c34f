"""A command that only reads the record leaves the database file as it found it, whichever way
it reads it (``store.reader`` with sqlite3, or ``EventStore``), and refuses what is not a hall's
record in the same words and with the same exit code both ways (decisions 89, 88, 400).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

import store.reader
from app.cli import main
from store import open_store
from store.migrate import downgrade


def _files(folder: Path) -> dict[str, str]:
    """Every file of the folder and the SHA-256 of its bytes."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


@pytest.fixture(scope="module")
def night_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("noche") / "night.sqlite"
    assert (
        main(["simulate", "--db", f"sqlite:///{path}", "--seed", "5", "--partidas", "1", "-q"]) == 0
    )
    return path


@pytest.fixture
def hall_dir(night_file: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "sala"
    folder.mkdir()
    shutil.copy(night_file, folder / "hall.sqlite")
    return folder


def _through_the_store(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every reading through ``EventStore``, as before ``store.reader`` existed."""
    monkeypatch.setattr(store.reader, "plain_sqlite_file", lambda url: None)


def _acta(folder: Path, out: Path, *more: str) -> list[str]:
    return ["acta", "build", "--db", f"sqlite:///{folder / 'hall.sqlite'}", "-o", str(out), *more]


def test_an_acta_of_an_older_schema_is_read_without_migrating_the_file(
    hall_dir: Path, tmp_path: Path
) -> None:
    """Decision 400: `acta build` never migrates: a file at an older revision is read as it is
    (its events and card sets are the same tables since 0001) and gives the same acta."""
    before = tmp_path / "before.pdf"
    assert main(_acta(hall_dir, before)) == 0
    store_ = open_store(f"sqlite:///{hall_dir / 'hall.sqlite'}", create=False)
    downgrade(store_.engine, "0003")
    store_.close()
    files = _files(hall_dir)
    after = tmp_path / "after.pdf"
    assert main(_acta(hall_dir, after)) == 0
    assert _files(hall_dir) == files
    assert after.read_bytes() == before.read_bytes()


def test_an_acta_read_after_a_crash_leaves_the_log_and_the_file_as_they_were(
    hall_dir: Path, tmp_path: Path
) -> None:
    """A hall stopped with commits still in its -wal: reading them for the acta does not fold
    the log into the file (the inspection's evidence stays as found)."""
    crashed = tmp_path / "caida"
    holder = sqlite3.connect(hall_dir / "hall.sqlite")  # keeps the log from being folded
    try:
        holder.execute("select count(*) from events").fetchall()
        url = f"sqlite:///{hall_dir / 'hall.sqlite'}"
        night = ["--seed", "6", "--partidas", "1", "--session", "NOCHE-2", "-q"]
        assert main(["simulate", "--db", url, *night]) == 0
        shutil.copytree(hall_dir, crashed)  # the files as a crash leaves them
    finally:
        holder.close()
    assert (crashed / "hall.sqlite-wal").stat().st_size > 0
    (crashed / "hall.sqlite-shm").unlink(missing_ok=True)
    log_and_file = {k: v for k, v in _files(crashed).items() if not k.endswith("-shm")}
    out = tmp_path / "a.pdf"
    assert main(_acta(crashed, out, "--session", "NOCHE-2")) == 0  # in the log
    assert {k: v for k, v in _files(crashed).items() if not k.endswith("-shm")} == log_and_file
    assert out.read_bytes().startswith(b"%PDF-")


def _refusals(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> list[tuple[int, str]]:
    url = f"sqlite:///{folder / 'hall.sqlite'}"
    said = []
    for argv in (
        _acta(folder, tmp_path / "a.pdf"),
        ["status", "--db", url],
        ["export", "--db", url, "-o", str(tmp_path / "x.json")],
    ):
        code = main(argv)
        said.append((code, capsys.readouterr().err.strip()))
    return said


@pytest.mark.parametrize("direct", [True, False], ids=["sqlite3", "EventStore"])
def test_a_sqlite_file_that_is_not_a_hall_database_is_refused_and_left_alone(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    direct: bool,
) -> None:
    """Decision 89: another program's SQLite database is refused by every reading command, not
    given the hall's tables (it was migrated, then "no tiene la sala", and `status` said 0)."""
    if not direct:
        _through_the_store(monkeypatch)
    folder = tmp_path / "otro"
    folder.mkdir()
    with sqlite3.connect(folder / "hall.sqlite") as db:
        db.execute("create table agenda (nombre text)")
    db.close()
    files = _files(folder)
    said = _refusals(folder, tmp_path, capsys)
    assert _files(folder) == files
    message = f"«{folder / 'hall.sqlite'}» no es la base de datos de una sala"
    for code, err in said:
        assert code == 1
        assert message in err and "Traceback" not in err


@pytest.mark.parametrize("direct", [True, False], ids=["sqlite3", "EventStore"])
def test_a_database_of_a_later_version_is_refused_in_spanish_and_left_alone(
    hall_dir: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    direct: bool,
) -> None:
    """A schema this program does not know (a later version's) is refused (1), saying so: it was
    alembic's traceback."""
    if not direct:
        _through_the_store(monkeypatch)
    with sqlite3.connect(hall_dir / "hall.sqlite") as db:
        db.execute("update alembic_version set version_num = '0099'")
    db.close()
    files = _files(hall_dir)
    said = _refusals(hall_dir, tmp_path, capsys)
    assert _files(hall_dir) == files
    for code, err in said:
        assert code == 1
        assert "es de una versión posterior del programa (esquema 0099" in err


def test_the_two_readers_refuse_a_damaged_or_missing_file_in_the_same_words(
    hall_dir: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = (hall_dir / "hall.sqlite").read_bytes()
    cases = {
        "truncada": data[:8192],
        "vacía": b"",
        "texto": b"esto no es una base de datos",
    }
    for name, content in cases.items():
        folder = tmp_path / name
        folder.mkdir()
        (folder / "hall.sqlite").write_bytes(content)
        direct = _refusals(folder, tmp_path, capsys)
        with monkeypatch.context() as patch:
            patch.setattr(store.reader, "plain_sqlite_file", lambda url: None)
            stored = _refusals(folder, tmp_path, capsys)
        assert direct == stored, name
        assert {code for code, _ in direct} == {1}, (name, direct)
        assert _files(folder) == {"hall.sqlite": hashlib.sha256(content).hexdigest()}


def test_a_uri_filename_that_does_not_exist_is_refused_not_created(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Decision 89 for a URI filename (``sqlite:///file:…?uri=true``): it made a new, empty
    hall database and then said it had no hall."""
    missing = tmp_path / "falta.sqlite"
    url = f"sqlite:///file:{missing}?uri=true"
    for argv in (
        ["acta", "build", "--db", url, "-o", str(tmp_path / "a.pdf")],
        ["status", "--db", url],
        ["export", "--db", url],
    ):
        assert main(argv) == 1
        assert f"no existe la base de datos «{missing}»" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_record_with_events_this_version_does_not_know_is_refused_without_a_traceback(
    hall_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An event with a field this program does not know (a later version's, or written by hand
    and re-hashed forward) cannot be folded: `status`, `export` and `acta build` refuse it (1)
    saying so, never with Python's traceback (decision 88: not an integrity failure by itself,
    the chain is whole)."""
    from bingo.chain import canonical_json, record_hash

    with sqlite3.connect(hall_dir / "hall.sqlite", isolation_level=None) as db:
        for (name,) in db.execute("select name from sqlite_master where type='trigger'").fetchall():
            db.execute(f'drop trigger "{name}"')
        rows = db.execute(
            "select seq, at, kind, payload from events where seq >= 20 order by seq"
        ).fetchall()
        (prev,) = db.execute("select hash from events where seq = 19").fetchone()
        for seq, at, kind, payload in rows:
            if seq == 20:
                payload = canonical_json({**json.loads(payload), "nuevo": 1}).decode()
            digest = record_hash(seq, at, kind, payload, prev)
            db.execute(
                "update events set payload = ?, prev_hash = ?, hash = ? where seq = ?",
                (payload, prev, digest, seq),
            )
            prev = digest
    db.close()
    for code, err in _refusals(hall_dir, tmp_path, capsys):
        assert code == 1, err
        assert "trae campos desconocidos: ['nuevo']" in err and "Traceback" not in err
