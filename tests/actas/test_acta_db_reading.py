"""The acta read from the hall's SQLite database without SQLAlchemy (``store.reader``), as the
staff run ``bingo-hall acta build --db`` (issue 7, item 21): the same export as the store
reads, the same checks (every hash and link, the card set's copy, one snapshot per reading:
R-ACTA-6) and the same refusals.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from app.bootstrap import snapshot_export
from app.cli import main
from store import open_store
from store.migrate import downgrade
from store.reader import SqliteReader, open_reader


@pytest.fixture
def night(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'night.sqlite'}"
    assert main(["simulate", "--db", url, "--seed", "5", "--partidas", "2", "-q"]) == 0
    return url


def _file(url: str) -> str:
    return url.removeprefix("sqlite:///")


def _modules_loaded_by(argv: list[str]) -> set[str]:
    """The modules a command loads, in a new process as the staff run it."""
    code = (
        "import sys\n"
        "from app.cli import main\n"
        f"assert main({argv!r}) == 0\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return set(done.stdout.splitlines()[-1].split())


def _unlocked(url: str) -> sqlite3.Connection:
    """The database with its append-only triggers dropped: a tamperer's connection."""
    db = sqlite3.connect(_file(url), isolation_level=None)
    for (name,) in db.execute("select name from sqlite_master where type='trigger'").fetchall():
        db.execute(f'drop trigger "{name}"')
    return db


def test_acta_build_from_a_sqlite_database_loads_neither_sqlalchemy_nor_numpy(
    night: str, tmp_path: Path
) -> None:
    """Trust 21: reading the record to print the acta needs no SQL toolkit (a quarter of the
    command's time was importing it) and no numpy (folding a night draws no ball over an array
    of cartones: the trackers and generators are loaded by what plays)."""
    pdf = tmp_path / "a.pdf"
    loaded = _modules_loaded_by(["acta", "build", "--db", night, "-o", str(pdf)])
    assert pdf.read_bytes().startswith(b"%PDF-")
    assert "store.reader" in loaded and "bingo.service" in loaded
    assert {m.split(".")[0] for m in loaded} & {"sqlalchemy", "numpy"} == set()
    # the audit of the signed checkpoints (decision 410) loads the certificates' reader and the
    # checks of a signature, not the PDF signing (pyHanko) nor the key making of the seal
    assert "app.checkpoints" in loaded and "cryptography.x509" in loaded
    assert {m.split(".")[0] for m in loaded} & {"pyhanko", "aiohttp"} == set()


def test_the_record_read_without_sqlalchemy_gives_the_export_the_store_gives(night: str) -> None:
    """The same export (and so the same acta, byte for byte) whichever way the file is read."""
    reader = open_reader(night)
    assert isinstance(reader, SqliteReader)
    store = open_store(night, create=False)
    try:
        (hall_id,) = store.halls()
        assert reader.halls() == [hall_id]
        assert reader.load(hall_id) == store.load(hall_id)
        assert snapshot_export(reader, hall_id) == snapshot_export(store, hall_id)
    finally:
        reader.close()
        store.close()


def test_an_altered_record_read_for_an_acta_is_an_integrity_failure(
    night: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-ACTA-6: a row changed behind the store's back stops the acta (exit 3), naming it."""
    with _unlocked(night) as db:
        seq = db.execute("select min(seq) from events where kind = 'ball_drawn'").fetchone()[0]
        db.execute(
            "update events set payload = replace(payload, '\"index\":1', '\"index\":2') "
            "where seq = ?",
            (seq,),
        )
    pdf = tmp_path / "a.pdf"
    assert main(["acta", "build", "--db", night, "-o", str(pdf)]) == 3
    assert f"no está íntegro en el registro {seq}" in capsys.readouterr().err
    assert not pdf.exists()


def test_a_missing_record_row_read_for_an_acta_is_an_integrity_failure(
    night: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A row deleted from the middle of the chain is named by the first seq missing."""
    with _unlocked(night) as db:
        db.execute("delete from events where seq = 7")
    assert main(["acta", "build", "--db", night, "-o", str(tmp_path / "a.pdf")]) == 3
    assert "falta el registro 7" in capsys.readouterr().err


def test_an_altered_card_set_copy_is_not_used_for_the_acta(
    night: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The card set's stored copy is checked against its size and SHA-256 (R-CARD-2): an
    altered copy is not used (the card set is made again from its recorded seed, as when the
    store reads it), and the acta is the same."""
    before, after = tmp_path / "before.pdf", tmp_path / "after.pdf"
    assert main(["acta", "build", "--db", night, "-o", str(before)]) == 0
    with _unlocked(night) as db:
        (data,) = db.execute("select data from card_sets").fetchone()
        db.execute("update card_sets set data = ?", (data[:-1] + bytes([data[-1] ^ 1]),))
    assert main(["acta", "build", "--db", night, "-o", str(after)]) == 0
    assert "copy unusable" in caplog.text and "no se puede descomprimir" in caplog.text
    assert after.read_bytes() == before.read_bytes()


def test_a_database_of_an_older_schema_is_read_as_it_is_for_its_acta(
    night: str, tmp_path: Path
) -> None:
    """Decision 400: a database at an older revision is read directly, not migrated (the record's
    tables are the same since 0001): the acta is the same and the file is left as it was."""
    before = tmp_path / "before.pdf"
    assert main(["acta", "build", "--db", night, "-o", str(before)]) == 0
    store = open_store(night, create=False)
    downgrade(store.engine, "0005")
    store.close()
    reader = open_reader(night)
    try:
        assert isinstance(reader, SqliteReader)
    finally:
        reader.close()
    after = tmp_path / "after.pdf"
    assert main(["acta", "build", "--db", night, "-o", str(after)]) == 0
    assert after.read_bytes() == before.read_bytes()
    with sqlite3.connect(_file(night)) as db:
        assert db.execute("select version_num from alembic_version").fetchall() == [("0005",)]
    db.close()


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: None, "no existe la base de datos"),
        (lambda p: p.write_bytes(b"not a database at all, just some text"), "no es una base"),
        (lambda p: p.write_bytes(b""), "está vacía"),
    ],
)
def test_a_database_file_that_cannot_be_read_is_refused_as_the_store_refuses_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], make: object, message: str
) -> None:
    path = tmp_path / "hall.sqlite"
    make(path)  # type: ignore[operator]
    code = main(["acta", "build", "--db", f"sqlite:///{path}", "-o", str(tmp_path / "a.pdf")])
    assert code == 1
    assert message in capsys.readouterr().err


WRITER = """
import sys
from store import open_store
store = open_store(sys.argv[1])
items = [("2026-11-22T21:00:0%d+01:00" % n, "bola", {"bola": n}) for n in range(3)]
store.append("sala-1", 3, items)
store.close()
"""


def test_a_direct_reading_keeps_its_snapshot_while_another_process_commits(
    tmp_path: Path,
) -> None:
    """Item 15: every reading of the record is one transaction, so a chain read while play goes
    on is one consistent snapshot, with WAL readers as with the store's own."""
    url = f"sqlite:///{tmp_path / 'hall.sqlite'}"
    store = open_store(url)
    items = [(f"2026-11-22T20:00:0{n}+01:00", "bola", {"bola": n}) for n in range(3)]
    store.append("sala-1", 0, items)
    store.close()
    reader = SqliteReader.open(tmp_path / "hall.sqlite")
    assert reader is not None
    try:
        with reader._reading() as connection:  # the transaction every reading runs in
            count = "select count(*) from events"
            before = connection.execute(count).fetchone()
            subprocess.run([sys.executable, "-c", WRITER, url], check=True, timeout=60)
            after = connection.execute(count).fetchone()
        assert before == after == (3,)
        assert [r.seq for r in reader.load("sala-1")] == [1, 2, 3, 4, 5, 6]  # it did commit
    finally:
        reader.close()


def test_acta_from_the_default_database_is_read_without_sqlalchemy_too(
    night: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--from-db`` (the hall's database in the user's data folder, or ``$BINGO_HALL_DB``)
    reads it the same way as ``--db``, and gives the same acta."""
    by_url = tmp_path / "by-url.pdf"
    assert main(["acta", "build", "--db", night, "-o", str(by_url)]) == 0
    data = tmp_path / "datos"
    (data / "bingo-hall").mkdir(parents=True)
    Path(_file(night)).rename(data / "bingo-hall" / "bingo-hall.sqlite")
    # the hall's key folder is in the same data folder: the acta's audit reads its
    # certificate and its newest checkpoint there (decision 410)
    keys = Path(os.environ["XDG_DATA_HOME"]) / "bingo-hall" / "keys"
    shutil.copytree(keys, data / "bingo-hall" / "keys")
    shutil.copytree(keys, tmp_path / "empty" / "bingo-hall" / "keys")
    monkeypatch.delenv("BINGO_HALL_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    default = tmp_path / "default.pdf"
    loaded = _modules_loaded_by(["acta", "build", "--from-db", "-o", str(default)])
    assert {m.split(".")[0] for m in loaded} & {"sqlalchemy", "numpy"} == set()
    assert default.read_bytes() == by_url.read_bytes()
    moved = f"sqlite:///{data / 'bingo-hall' / 'bingo-hall.sqlite'}"
    monkeypatch.setenv("BINGO_HALL_DB", moved)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "empty"))
    assert main(["acta", "build", "--from-db", "-o", str(default)]) == 0
    assert default.read_bytes() == by_url.read_bytes()
