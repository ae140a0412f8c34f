"""Reading a hall's record from its SQLite file with the standard library's sqlite3 alone.

A command that only reads the record (``bingo-hall acta build --db``) spent a quarter of its
time importing SQLAlchemy and its ORM (issue 7, item 21). ``open_reader`` gives, for a plain
SQLite file, a reader with ``EventStore``'s reading methods and the same checks: every reading
one transaction (one consistent snapshot), every hash and link of the chain recomputed
(``store.rows``), a card set's copy checked against its size and SHA-256. It refuses what the
store refuses, in the same words and with the same checks (``check_sqlite_file``,
``store.migrate.schema_refusal``), and it never creates, migrates or writes the file: a file at
an older revision is read as it is (decision 400). For anything else (PostgreSQL, a URI
filename) it gives the ``EventStore`` itself.
"""

from __future__ import annotations

import os
import re
import sqlite3
import urllib.parse
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple, Protocol

import platformdirs

from bingo.chain import GENESIS, ChainBreak, Record
from store.errors import SCHEMA, IntegrityError, StoreError, driver_error, driver_kind
from store.rows import (
    CHECKPOINT_COLUMNS,
    Broken,
    CheckpointView,
    card_set_bytes,
    integrity_error,
    stored_checkpoint,
    walk,
)

APP_NAME = "bingo-hall"
ENV_DB = "BINGO_HALL_DB"
DB_FILE_NAME = "bingo-hall.sqlite"

#: The first 16 bytes of every SQLite database file.
SQLITE_HEADER = b"SQLite format 3\x00"

#: Seconds a SQLite connection waits for another one's lock before giving up.
SQLITE_BUSY_TIMEOUT_S = 30.0

#: ``sqlite:///path`` with no query and no escapes (SQLAlchemy would unquote ``%xx``): the URLs
#: whose file is read here exactly as SQLAlchemy's SQLite dialect would open it.
_PLAIN_SQLITE = re.compile(r"sqlite(?:\+pysqlite)?:///(?P<path>[^?%]+)")


class RecordReader(Protocol):
    """What reading a hall's record needs: ``EventStore`` and ``SqliteReader`` both are one."""

    def halls(self) -> list[str]: ...
    def load(self, hall_id: str) -> list[Record]: ...
    def get_card_set(self, card_set_id: str) -> bytes | None: ...
    def close(self) -> None: ...
    # what the audit of the signed checkpoints reads (``app.checkpoints.audit``)
    def verify(self, hall_id: str) -> ChainBreak | None: ...
    def store_id(self) -> str: ...
    def checkpoint_view(
        self, hall_id: str, close_kinds: Iterable[str], extra_seqs: Iterable[int] = ()
    ) -> CheckpointView: ...


def sqlite_on_connect(dbapi_connection: Any, _record: Any = None) -> None:
    """The store's settings on a new SQLite connection (both ways of opening one use them)."""
    # Take transaction control away from the sqlite3 module: the store emits BEGIN itself, so
    # PRAGMAs below run outside any transaction and writers can ask for BEGIN IMMEDIATE.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={int(SQLITE_BUSY_TIMEOUT_S * 1000)}")
    finally:
        cursor.close()


def plain_sqlite_file(url: str) -> Path | None:
    """The file of a ``sqlite:///path`` URL with nothing else in it, else None."""
    found = _PLAIN_SQLITE.fullmatch(url)
    if found is None or found["path"].startswith("file:") or found["path"] == ":memory:":
        return None
    return Path(found["path"])


def uri_file(name: str, mode: object = None) -> Path | None:
    """The file a SQLite URI filename (``file:path?query``) names, None for one in memory."""
    parts = urllib.parse.urlsplit(name)
    modes = urllib.parse.parse_qs(parts.query).get("mode", [])
    path = urllib.parse.unquote(parts.path)
    if "memory" in modes or mode == "memory" or path in ("", ":memory:"):
        return None
    return Path(path)


def check_sqlite_file(path: Path, *, create: bool) -> None:
    """Refuse, before anything is written, a SQLite file that is not the hall's database.

    With ``create`` false the file must already exist: a mistyped path is refused instead of
    silently becoming a new, empty database. A file that exists must be a SQLite database (an
    empty file is one in the making): anything else is refused, never overwritten.
    """
    if not path.exists():
        if not create:
            raise StoreError(f"no existe la base de datos «{path}»")
        if not path.parent.is_dir():
            raise StoreError(f"no existe la carpeta de la base de datos «{path.parent}»")
        return
    if not path.is_file():
        raise StoreError(f"«{path}» no es un fichero de base de datos")
    try:
        with path.open("rb") as file:
            header = file.read(len(SQLITE_HEADER))
    except OSError as err:
        raise StoreError(f"no se puede leer la base de datos «{path}»: {err.strerror}") from None
    if not header and not create:
        raise StoreError(f"la base de datos «{path}» está vacía: no tiene ninguna sala")
    if header and header != SQLITE_HEADER:
        raise StoreError(f"«{path}» no es una base de datos SQLite (¿fichero equivocado?)")


def default_database_file() -> Path:
    """The SQLite file in the user's data folder (``$BINGO_HALL_DB`` aside)."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / DB_FILE_NAME


def open_reader(url: str | None) -> RecordReader:
    """A reader of the record at ``url`` (None: the default database); it never creates,
    migrates or writes a SQLite file (``StoreError`` for one it cannot read).
    """
    url = url or os.environ.get(ENV_DB, "").strip() or None
    path = plain_sqlite_file(url) if url else default_database_file()
    if path is not None:
        return SqliteReader.open(path)
    from store.event_store import open_store  # SQLAlchemy: only when it is needed

    return open_store(url, create=False)


def on_read_only_media(path: Path) -> bool:
    """Whether ``path`` is a database this process cannot write, nor its folder: a copy on
    write-protected media (an inspector's), a read-only mount, a file made immutable. The
    kernel answers for the mount and the immutable flag even to root.
    """
    return path.is_file() and not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK))


def read_only_uri(path: Path) -> str:
    """The URI that reads a database on read-only media (``on_read_only_media``) as it is.

    SQLite's ``immutable``: no lock, no ``-shm`` to create (which a file in write-ahead-log mode
    otherwise needs, and cannot have there), and no journal looked for. A ``-wal`` beside it
    would then be ignored with the newest commits in it: refused, saying how to copy the
    database into one file (decision 645).
    """
    wal = path.with_name(path.name + "-wal")
    if wal.exists() and wal.stat().st_size > 0:
        raise StoreError(
            f"la base de datos «{path}» está en un soporte de solo lectura con su registro de "
            f"escritura anticipada al lado («{wal.name}»), que no se puede leer sin escribir: "
            "cópiela con «bingo-hall backup», que la deja en un solo fichero"
        )
    return f"{path.absolute().as_uri()}?mode=ro&immutable=1"


def _connect_reading(path: Path) -> sqlite3.Connection:
    """A connection that reads ``path`` and can neither create it nor change it.

    Without creating the file (``mode=rw``), and read-only while a write-ahead log is there: the
    last connection to close folds the log into the file, and a reading must leave a hall's
    files as it found them (after a crash, the inspection's evidence). No PRAGMA either: the
    store's ``journal_mode=WAL`` would rewrite the header of a file that is not yet in WAL. On
    read-only media, ``read_only_uri``.
    """
    mode = "ro" if path.with_name(path.name + "-wal").exists() else "rw"
    uri = f"{path.absolute().as_uri()}?mode={mode}"
    if on_read_only_media(path):
        uri = read_only_uri(path)
    try:
        return sqlite3.connect(
            uri,
            uri=True,
            timeout=SQLITE_BUSY_TIMEOUT_S,
            isolation_level=None,
        )
    except sqlite3.Error as err:
        raise driver_error(err) from None


def _check_schema(connection: sqlite3.Connection, path: Path, *, create: bool) -> None:
    """``StoreError`` if the database is not one this program opens (``schema_refusal``)."""
    from store.migrate import schema_refusal

    try:
        found: list[str] | None = [
            str(version)
            for (version,) in connection.execute("SELECT version_num FROM alembic_version")
        ]
    except sqlite3.Error as err:
        if driver_kind(err) != SCHEMA:
            raise driver_error(err) from None
        found = None
    if not found and create and _tables(connection):
        # another program's database (tables, none of them the hall's): never given the
        # hall's tables by the commands that may start a record (decision 89)
        create = False
    refusal = schema_refusal(found, str(path), create=create)
    if refusal is not None:
        raise StoreError(refusal)


def check_sqlite_schema(path: Path, *, create: bool) -> None:
    """Refuse, reading it without writing anything, a SQLite file ``open_store`` must not
    migrate: another program's database (one with tables but not the hall's, even with
    ``create``; without ``create`` also one with no tables) or a later version's (decision
    400). The file must have passed ``check_sqlite_file``; a file not there yet or empty is a
    new database.
    """
    if not path.is_file() or path.stat().st_size == 0:
        return
    connection = _connect_reading(path)
    try:
        _check_schema(connection, path, create=create)
    finally:
        connection.close()


def _tables(connection: sqlite3.Connection) -> set[str]:
    return {
        str(name)
        for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    }


class _Row(NamedTuple):
    seq: int
    at: str
    kind: str
    payload: str
    prev_hash: str
    hash: str


class SqliteReader:
    """Reads one SQLite file's record; writes nothing (``open_store`` migrates and writes)."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection
        # Halls whose whole chain a ``load`` inside the current ``snapshot`` walked and found
        # intact: the same rows, so ``verify`` in that snapshot has its answer already.
        self._walked: set[str] | None = None

    @classmethod
    def open(cls, path: Path) -> SqliteReader:
        """The reader of the hall's database ``path``; ``StoreError`` (nothing created or
        written) if it is not one this program can read.
        """
        check_sqlite_file(path, create=False)
        connection = _connect_reading(path)
        try:
            _check_schema(connection, path, create=False)
        except BaseException:
            connection.close()
            raise
        return cls(connection)

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> SqliteReader:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """Every reading inside is one read transaction: one consistent snapshot of the file
        (the record, its checkpoints and its closes as they stood together).
        """
        with self._reading():
            self._walked = set()
            try:
                yield
            finally:
                self._walked = None

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """One read transaction (or the ``snapshot``'s); a driver error is a ``StoreError``, as
        in ``EventStore``.
        """
        if self._connection.in_transaction:  # inside ``snapshot``: its transaction
            try:
                yield self._connection
            except sqlite3.Error as err:
                raise driver_error(err) from err
            return
        try:
            self._connection.execute("BEGIN DEFERRED")
        except sqlite3.Error as err:
            raise driver_error(err) from err
        try:
            yield self._connection
        except sqlite3.Error as err:
            self._connection.rollback()
            raise driver_error(err) from err
        except BaseException:
            self._connection.rollback()
            raise
        self._connection.commit()

    def halls(self) -> list[str]:
        """Every hall with at least one stored event, sorted."""
        with self._reading() as connection:
            rows = connection.execute("SELECT DISTINCT hall_id FROM events ORDER BY hall_id")
            return [str(hall_id) for (hall_id,) in rows]

    def load(self, hall_id: str) -> list[Record]:
        """The hall's records in order, every hash and link checked (``EventStore.load``)."""
        with self._reading() as connection:
            try:
                records = list(walk(self._rows(connection, hall_id), 1, GENESIS))
            except Broken as broken:
                raise integrity_error(hall_id, broken.brk) from None
        if self._walked is not None:
            self._walked.add(hall_id)
        return records

    def verify(self, hall_id: str) -> ChainBreak | None:
        """Re-hash the hall's whole stored chain from GENESIS: None if intact, else the break
        (``EventStore.verify``).
        """
        with self._reading() as connection:
            if self._walked is not None and hall_id in self._walked:
                return None  # ``load`` walked these very rows in this snapshot
            try:
                for _ in walk(self._rows(connection, hall_id), 1, GENESIS):
                    pass
            except Broken as broken:
                return broken.brk
        return None

    @staticmethod
    def _rows(connection: sqlite3.Connection, hall_id: str) -> Iterator[_Row]:
        rows = connection.execute(
            "SELECT seq, at, kind, payload, prev_hash, hash FROM events "
            "WHERE hall_id = ? AND seq >= 1 ORDER BY seq",
            (hall_id,),
        )
        return map(_Row._make, rows)

    def store_id(self) -> str:
        """This database's own id (``EventStore.store_id``); "" in a file from before the
        checkpoints (revision 0002), which is read as it is (decision 400).
        """
        with self._reading() as connection:
            return _identity(connection)[0]

    def checkpoint_view(
        self, hall_id: str, close_kinds: Iterable[str], extra_seqs: Iterable[int] = ()
    ) -> CheckpointView:
        """The hall's checkpoints, the records they point at and its closes, in one snapshot
        (``EventStore.checkpoint_view``); a file from before revision 0002 has none.
        """
        kinds = list(close_kinds)
        with self._reading() as connection:
            checkpoints = []
            if "checkpoints" in _tables(connection):
                rows = connection.execute(
                    f"SELECT {', '.join(CHECKPOINT_COLUMNS)} FROM checkpoints "
                    "WHERE hall_id = ? ORDER BY seq",
                    (hall_id,),
                )
                checkpoints = [stored_checkpoint(row) for row in rows]
            heads: dict[int, tuple[str, str]] = {}
            for seq in sorted({c.seq for c in checkpoints} | set(extra_seqs)):
                found = connection.execute(
                    "SELECT hash, at FROM events WHERE hall_id = ? AND seq = ?", (hall_id, seq)
                ).fetchone()
                if found is not None:
                    heads[seq] = (found[0], found[1])
            closes = [
                (seq, kind, at)
                for seq, kind, at in connection.execute(
                    "SELECT seq, kind, at FROM events WHERE hall_id = ? AND kind IN "
                    f"({', '.join('?' * len(kinds))}) ORDER BY seq",
                    (hall_id, *kinds),
                )
            ]
            (last,) = connection.execute(
                "SELECT max(seq) FROM events WHERE hall_id = ?", (hall_id,)
            ).fetchone()
            store_id, origins = _identity(connection)
            return CheckpointView(
                store_id=store_id,
                origins=origins,
                last_seq=int(last or 0),
                checkpoints=checkpoints,
                heads=heads,
                closes=closes,
            )

    def get_card_set(self, card_set_id: str) -> bytes | None:
        """The card set's bytes as imported, or None; ``IntegrityError`` if they were altered."""
        with self._reading() as connection:
            row = connection.execute(
                "SELECT data, size, sha256 FROM card_sets WHERE card_set_id = ?", (card_set_id,)
            ).fetchone()
        if row is None:
            return None
        return card_set_bytes(card_set_id, row[0], row[1], row[2])


def _identity(connection: sqlite3.Connection) -> tuple[str, tuple[str, ...]]:
    """The database's id and the ids it was copied from, as ``EventStore`` reads them: ("", ())
    in a file from before revision 0002, no origins before 0004.
    """
    if "store_identity" not in _tables(connection):
        return "", ()
    columns = {
        str(name)
        for (name,) in connection.execute("SELECT name FROM pragma_table_info('store_identity')")
    }
    wanted = "store_id, copied_from" if "copied_from" in columns else "store_id, NULL"
    row = connection.execute(f"SELECT {wanted} FROM store_identity WHERE id = 1").fetchone()
    if row is None or not isinstance(row[0], str):
        raise IntegrityError("falta la identidad de la base de datos (tabla store_identity)")
    return row[0], tuple(str(row[1] or "").split())
