"""No acta and no export is made of a record ``status`` calls altered (R-ACTA-6, decision 410).

``export`` and ``acta build --db`` (read with sqlite3 alone, ``store.reader``, or through
``EventStore``) run ``status``'s audit against the signed checkpoints before they write anything:
each tampering that an intact chain hides (test_checkpoints.py) is refused with exit 3, in the
words ``status`` uses, and no output file is written.
"""

from __future__ import annotations

import base64
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

import store.reader
from app.checkpoints import CLOSE_KINDS
from app.cli import main
from store import open_store
from store.reader import SqliteReader, open_reader
from tests.store.test_checkpoints import (
    delete_newest,
    drop_triggers,
    first_seq_of,
    hall_of,
    last_seq,
    rehash_forward,
)

NIGHT = ["--session", "N1", "--date", "2026-11-22", "--partidas", "4", "-q"]

#: how each command is run on a database file, writing ``out``
COMMANDS = ["export", "acta build (sqlite3)", "acta build (EventStore)"]


def _argv(command: str, path: Path, out: Path) -> list[str]:
    if command == "export":
        return ["export", "--db", f"sqlite:///{path}", "-o", str(out)]
    return ["acta", "build", "--db", f"sqlite:///{path}", "-o", str(out)]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A four-partida night played through the hall's engine, signed at every close."""
    path = tmp_path_factory.mktemp("noche") / "hall.sqlite"
    assert main(["simulate", "--db", f"sqlite:///{path}", *NIGHT]) == 0
    return path


@pytest.fixture
def night(played: Path, tmp_path: Path) -> Path:
    """This test's copy of the night (same database id: the copy next to the key is its own)."""
    path = tmp_path / "sala" / "hall.sqlite"
    path.parent.mkdir()
    shutil.copyfile(played, path)
    return path


def _run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    argv: list[str],
) -> tuple[int, str]:
    with monkeypatch.context() as patch:
        if command.endswith("(EventStore)"):  # every reading through EventStore
            patch.setattr(store.reader, "plain_sqlite_file", lambda url: None)
        code = main(argv)
    return code, capsys.readouterr().err


def _status_problems(capsys: pytest.CaptureFixture[str], path: Path) -> list[str]:
    """What ``status`` says of the file: its lines on stderr, without their prefix."""
    assert main(["status", "--db", f"sqlite:///{path}"]) == 3
    err = capsys.readouterr().err
    return [line.removeprefix("bingo-hall: ") for line in err.splitlines() if line]


def _refused_as_status_does(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    path: Path,
    expected: str,
) -> None:
    said = _status_problems(capsys, path)
    assert any(expected in line for line in said), said
    out = path.parent / "salida.pdf"
    code, err = _run(capsys, monkeypatch, command, _argv(command, path, out))
    assert code == 3, err
    for line in said:  # every problem and the verdict, in status's words
        assert line in err, (line, err)
    assert "NO está íntegro" in err
    assert not out.exists() and not list(path.parent.glob(".salida*"))


# --------------------------------------------------------------------------- the tamperings
def _newest_deleted_with_their_checkpoints(path: Path) -> str:
    delete_newest(path, 60, checkpoints_too=True)
    return "faltan 60 registros después del punto de control firmado"


def _rehashed_forward(path: Path) -> str:
    rehash_forward(path, first_seq_of(path, "prize_awarded"), 10_000)
    return "no es el que firmó el punto de control"


def _checkpoint_forged(path: Path) -> str:
    with sqlite3.connect(path) as db:
        drop_triggers(db)
        db.execute(
            "update checkpoints set head_at = '2026-11-22T23:59:59+01:00' "
            "where seq = (select min(seq) from checkpoints)"
        )
    return "punto de control con firma no válida"


def _checkpoint_signed_by_another_key(path: Path) -> str:
    with sqlite3.connect(path) as db:
        drop_triggers(db)
        db.execute(
            "update checkpoints set key_id = ?, signature = ? "
            "where seq = (select max(seq) from checkpoints)",
            ("0" * 64, base64.b64encode(b"\x01" * 384).decode()),
        )
    return "firmado con una clave que no es la de la sala"


def _one_checkpoint_removed(path: Path) -> str:
    with sqlite3.connect(path) as db:
        drop_triggers(db)
        db.execute(  # the second partida close's (a sale's close and a prize have theirs too)
            "delete from checkpoints where seq = (select min(seq) from checkpoints where seq >= "
            "(select seq from events where kind = 'partida_closed' order by seq limit 1 offset 1))"
        )
    return "falta el punto de control firmado de: cierre de partida"


def _every_checkpoint_removed(path: Path) -> str:
    with sqlite3.connect(path) as db:
        drop_triggers(db)
        db.execute("delete from checkpoints")
    return "cierres de partida o de sesión y ningún punto de control firmado"


TAMPERINGS: dict[str, Callable[[Path], str]] = {
    "newest records deleted with their checkpoints": _newest_deleted_with_their_checkpoints,
    "a record edited and the chain re-hashed forward": _rehashed_forward,
    "a checkpoint forged": _checkpoint_forged,
    "a checkpoint signed by another key": _checkpoint_signed_by_another_key,
    "one checkpoint removed": _one_checkpoint_removed,
    "every checkpoint removed": _every_checkpoint_removed,
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("tampering", list(TAMPERINGS))
def test_a_record_status_calls_altered_gives_no_export_and_no_acta(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    night: Path,
    tampering: str,
    command: str,
) -> None:
    """Each of these leaves a chain that re-hashes cleanly: only the audit sees it."""
    expected = TAMPERINGS[tampering](night)
    _refused_as_status_does(capsys, monkeypatch, command, night, expected)


@pytest.mark.parametrize("command", COMMANDS)
def test_a_database_file_copied_without_its_wal_gives_no_export_and_no_acta(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    command: str,
) -> None:
    """The newest commits still in ``hall.sqlite-wal``: the ``.sqlite`` alone is an intact
    chain that lacks the records its copy next to the key signed."""
    live = tmp_path / "hall.sqlite"
    url = f"sqlite:///{live}"
    night = ["--date", "2026-11-22", "--partidas", "1", "-q"]
    assert main(["simulate", "--db", url, "--session", "N1", *night]) == 0
    holder = sqlite3.connect(live)  # another connection open: closing the store folds nothing
    try:
        holder.execute("select count(*) from events").fetchone()
        assert main(["simulate", "--db", url, "--session", "N2", *night]) == 0
        assert Path(f"{live}-wal").stat().st_size > 0
        copy = tmp_path / "copia" / "hall.sqlite"
        copy.parent.mkdir()
        shutil.copyfile(live, copy)  # what a file copy of the database alone takes
        committed = int(holder.execute("select max(seq) from events").fetchone()[0])
    finally:
        holder.close()
    capsys.readouterr()
    missing = committed - last_seq(copy)
    assert missing > 0
    expected = f"faltan {missing} registros después del punto de control firmado"
    _refused_as_status_does(capsys, monkeypatch, command, copy, expected)


@pytest.mark.parametrize("command", COMMANDS)
def test_an_intact_record_is_still_exported_and_printed(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    night: Path,
    command: str,
) -> None:
    out = night.parent / "salida.pdf"
    code, err = _run(capsys, monkeypatch, command, _argv(command, night, out))
    assert code == 0, err
    assert out.stat().st_size > 0


def test_the_sqlite3_reader_gives_the_audit_what_the_store_gives(night: Path) -> None:
    """One audit for both readings: the same view of the checkpoints, the same id, the same
    verdict on the chain."""
    url = f"sqlite:///{night}"
    hall = hall_of(night)
    reader = open_reader(url)
    assert isinstance(reader, SqliteReader)
    with reader, open_store(url, create=False) as es:
        assert reader.store_id() == es.store_id()
        assert reader.verify(hall) is None and es.verify(hall) is None
        assert reader.checkpoint_view(hall, CLOSE_KINDS, [3]) == es.checkpoint_view(
            hall, CLOSE_KINDS, [3]
        )
        with reader.snapshot():
            reader.load(hall)
            assert reader.verify(hall) is None  # walked in this snapshot already


def test_the_sqlite3_reader_names_the_break_verify_finds(night: Path) -> None:
    """Outside a snapshot that loaded it, ``verify`` re-hashes the chain itself."""
    seq = first_seq_of(night, "ball_drawn")
    with sqlite3.connect(night) as db:
        drop_triggers(db)
        db.execute("update events set at = '2026-11-22T23:00:00+01:00' where seq = ?", (seq,))
    url = f"sqlite:///{night}"
    reader = open_reader(url)
    with reader, open_store(url, create=False) as es:
        assert reader.verify(hall_of(night)) == es.verify(hall_of(night))
        assert reader.verify(hall_of(night)) is not None


# --------------------------------------------------------------------------- the siblings
@pytest.mark.parametrize("command", COMMANDS)
def test_a_hall_the_database_does_not_have_is_refused_naming_those_it_has(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    night: Path,
    command: str,
) -> None:
    """Decision 89, in the words ``status`` uses."""
    out = night.parent / "salida.pdf"
    code, err = _run(capsys, monkeypatch, command, [*_argv(command, night, out), "--hall", "otra"])
    assert code == 1
    assert f"la base de datos no tiene la sala otra (tiene: {hall_of(night)})" in err
    assert not out.exists()
    assert main(["status", "--db", f"sqlite:///{night}", "--hall", "otra"]) == 1
    assert f"la base de datos no tiene la sala otra (tiene: {hall_of(night)})" in (
        capsys.readouterr().err
    )


def _another_programs_file(folder: Path) -> Path:
    path = folder / "clientes.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("create table clientes (id integer primary key, nombre text)")
        db.execute("insert into clientes values (1, 'Ana')")
    db.close()
    return path


STARTING = {
    "simulate": lambda url, _tmp: ["simulate", "--db", url, "--partidas", "1", "-q"],
    "cardset import": lambda url, tmp: ["cardset", "--db", url, "import", str(tmp / "set.json")],
}


@pytest.mark.parametrize("command", list(STARTING))
def test_a_command_that_starts_a_record_leaves_another_programs_database_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    """``simulate`` and ``cardset import`` may create the hall's database, never give their
    tables to a SQLite file that is someone else's (decision 89)."""
    path = _another_programs_file(tmp_path)
    generate = ["cardset", "generate", "--id", "X", "--seed", "1", "--strips", "1"]
    assert main([*generate, "-o", str(tmp_path / "set.json")]) == 0
    before = path.read_bytes()
    capsys.readouterr()
    assert main(STARTING[command](f"sqlite:///{path}", tmp_path)) == 1
    assert "no es la base de datos de una sala: no tiene sus tablas" in capsys.readouterr().err
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["clientes.sqlite", "set.json"]


def test_a_file_from_before_the_checkpoints_is_read_as_it_is_and_refused_as_status_does(
    capsys: pytest.CaptureFixture[str], night: Path
) -> None:
    """Decision 400: never migrated by the acta; its closes have no checkpoint (decision 81)."""
    from store.migrate import downgrade

    url = f"sqlite:///{night}"
    es = open_store(url, create=False)
    downgrade(es.engine, "0001")
    es.close()
    before = night.read_bytes()
    out = night.parent / "salida.pdf"
    assert main(["acta", "build", "--db", url, "-o", str(out)]) == 3
    assert "ningún punto de control firmado" in capsys.readouterr().err
    assert not out.exists() and night.read_bytes() == before


def test_the_copy_next_to_the_key_is_read_before_the_snapshot_it_is_held_against(
    tmp_path: Path,
) -> None:
    """The hall plays on while an acta is read: a close committed after the reading began has
    its copy next to the key written after the commit. Read before the snapshot, that copy is
    never ahead of it; read inside it, a newer copy looks like records missing (the first
    version of this change refused an acta of a hall at play that way)."""
    from app.checkpoints import intact, prepare_audit

    url = f"sqlite:///{tmp_path / 'hall.sqlite'}"
    day = ["--date", "2026-11-22", "--partidas", "1", "-q"]
    assert main(["simulate", "--db", url, "--session", "N1", *day]) == 0
    reader = open_reader(url)
    assert isinstance(reader, SqliteReader)
    with reader:
        (hall,) = reader.halls()
        audit = prepare_audit(reader, hall)  # the copy next to the key first
        with reader.snapshot():
            read = reader.load(hall)
            # meanwhile the hall closes another partida, signs it and copies it next to the key
            assert main(["simulate", "--db", url, "--session", "N2", *day]) == 0
            assert intact(audit(), hall).records == read[-1].seq
            late = prepare_audit(reader, hall)()  # the newer copy, held against the older read
            assert any("faltan" in problem for problem in late.problems)
