"""One writer per record: a lock the operating system lets go of when its process dies.

Two processes writing one hall's record (a console's server left running and a new one started
beside it) each fold their own copy of the hall and refuse each other's commands one by one, or
worse, play two sessions at once. Every command that writes the record takes this lock first and
a second writer is refused at once, told who holds it.

SQLite: ``flock`` on a file beside the database (``sala.sqlite.lock``), which names its holder
(command, pid, machine, since when and, for a server, its address). A SQLite file is one
installation's: one writer for the whole file, whatever hall it holds.

PostgreSQL: a session-level advisory lock (``pg_try_advisory_lock``) on a connection of the
lock's own, kept for the writer's life; its key comes from the database, the schema and the hall
(several halls share one database, each its own writer). The operators, rows every hall of the
database shares and no hall's chain, take no lock (decision 547). The holder is named by the
connection's ``application_name``.

Neither kind outlives its process: a killed writer's lock is free at once (the kernel closes the
file; the PostgreSQL server ends the connection's session).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import fcntl
import hashlib
import json
import os
import socket
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Engine

from store.engine import sqlite_file
from store.errors import StoreError

#: ``application_name`` is cut by PostgreSQL at 63 bytes.
PG_NAME_BYTES = 63
PG_PREFIX = "bingo-hall|"
#: A probe of the lock (``current_writer``) holds a SQLite lock for an instant: a writer that
#: meets it tries again this long before it says the record is taken.
RETRY_SECONDS = 0.5


@dataclass(frozen=True)
class Holder:
    """Who writes the record: what the refused one is told."""

    command: str
    pid: int
    host: str
    since: str  # ISO time, with the writer's offset
    url: str = ""  # the address a server serves the record at

    def words(self) -> str:
        when = self.since
        with contextlib.suppress(ValueError):
            since = dt.datetime.fromisoformat(self.since).astimezone()
            today = since.date() == dt.date.today()
            when = since.strftime("%H:%M" if today else "%Y-%m-%d %H:%M")
        here = socket.gethostname()
        where = "" if not self.host or self.host == here else f" en el ordenador {self.host}"
        served = f", sirviéndolo en {self.url}" if self.url else ""
        return f"`{self.command}` (pid {self.pid}{where}, desde {when}{served})"


class WriterBusy(StoreError):
    """The record has a writer already (exit 1): who, and what to do."""

    def __init__(self, holder: Holder | None, what: str) -> None:
        self.holder = holder
        who = holder.words() if holder is not None else "otro proceso"
        super().__init__(
            f"el registro {what} lo escribe ya {who}: un registro tiene un solo escritor. "
            + _advice(holder)
        )


def _advice(holder: Holder | None) -> str:
    if holder is not None and holder.url:
        return (
            f"Para jugar en él, únase a ese servidor (`bingo-hall run --server {holder.url}`); "
            "para otra orden, ciérrelo antes"
        )
    return "Espere a que termine, o ciérrelo, y repita la orden"


def _me(command: str, url: str = "") -> Holder:
    return Holder(
        command,
        os.getpid(),
        socket.gethostname(),
        dt.datetime.now().astimezone().isoformat(timespec="seconds"),
        url,
    )


class WriterLock:
    """The record's writer lock, held until ``release`` (or the process's end)."""

    def __init__(self, what: str) -> None:
        self.what = what

    def serving(self, url: str) -> None:
        """Say, to whoever is refused, the address this writer serves the record at."""

    def release(self) -> None:
        """Let go of it (idempotent)."""

    def __enter__(self) -> WriterLock:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.release()


# --- SQLite ----------------------------------------------------------------------------------


def lock_file(database: Path) -> Path:
    """The lock's file, beside the database."""
    return database.with_name(database.name + ".lock")


class FileLock(WriterLock):
    def __init__(self, path: Path, fd: int, holder: Holder) -> None:
        super().__init__(f"«{path.name[: -len('.lock')]}»")
        self.path, self._fd, self._holder = path, fd, holder
        self._write(holder)

    def _write(self, holder: Holder) -> None:
        data = json.dumps(asdict(holder), ensure_ascii=False).encode("utf-8")
        os.ftruncate(self._fd, 0)
        os.pwrite(self._fd, data, 0)

    def serving(self, url: str) -> None:
        if self._fd >= 0:
            self._holder = Holder(**{**asdict(self._holder), "url": url})
            self._write(self._holder)

    def release(self) -> None:
        if self._fd < 0:
            return
        fd, self._fd = self._fd, -1
        # removed while still held, so no other process can have locked this very file since
        with contextlib.suppress(OSError):
            if os.fstat(fd).st_ino == os.stat(self.path).st_ino:
                self.path.unlink()
        os.close(fd)


def _read_holder(fd: int) -> Holder | None:
    try:
        data = json.loads(os.pread(fd, 4096, 0).decode("utf-8"))
        return Holder(**data)
    except (OSError, ValueError, TypeError):
        return None


def _try_file(path: Path) -> tuple[int, Holder | None]:
    """The locked file's descriptor (>= 0), or -1 and who holds it."""
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as exc:
            raise StoreError(f"no se puede crear «{path}»: {exc.strerror}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                os.close(fd)
                raise StoreError(f"no se puede bloquear «{path}»: {exc.strerror}") from None
            holder = _read_holder(fd)
            os.close(fd)
            return -1, holder
        try:  # the file a writer removed as it let go is not the one to hold: open it again
            if os.fstat(fd).st_ino == os.stat(path).st_ino:
                return fd, None
        except FileNotFoundError:
            pass
        os.close(fd)


def hold_file(database: Path, command: str) -> FileLock:
    """The writer lock of a SQLite database, or ``WriterBusy``."""
    path = lock_file(database)
    deadline = time.monotonic() + RETRY_SECONDS
    while True:
        fd, holder = _try_file(path)
        if fd >= 0:
            return FileLock(path, fd, _me(command))
        if time.monotonic() >= deadline:
            raise WriterBusy(holder, f"«{database.name}»")
        time.sleep(0.05)


def file_writer(database: Path) -> Holder | None:
    """Who writes a SQLite database now, or None (its lock tried for an instant)."""
    path = lock_file(database)
    if not path.exists():
        return None
    fd, holder = _try_file(path)
    if fd < 0:
        return holder or Holder("bingo-hall", 0, "", "")
    with contextlib.suppress(OSError):
        os.close(fd)  # it was free: the file stays, as the last writer left it
    return None


# --- PostgreSQL ------------------------------------------------------------------------------


def _key(*parts: str) -> int:
    """A signed 64-bit advisory lock key for ``parts``."""
    digest = hashlib.sha256("\x1f".join(("bingo-hall-writer", *parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def _pg_name(holder: Holder) -> str:
    """``application_name``: what a refused writer reads of this one (63 bytes at most)."""
    fixed = f"{PG_PREFIX}{holder.pid}|{holder.command}|{holder.url}|"
    room = PG_NAME_BYTES - len(fixed.encode())
    host = holder.host.encode()[: max(room, 0)].decode(errors="ignore")
    return (fixed + host).encode()[:PG_NAME_BYTES].decode(errors="ignore")


def _pg_holder(name: str | None, since: Any) -> Holder | None:
    if not name or not name.startswith(PG_PREFIX):
        return None
    parts = name[len(PG_PREFIX) :].split("|")
    if len(parts) < 4 or not parts[0].isdigit():
        return None
    started = since.isoformat(timespec="seconds") if isinstance(since, dt.datetime) else ""
    return Holder(parts[1], int(parts[0]), parts[3], started, parts[2])


_WHO = """
SELECT a.application_name, a.backend_start, l.mode FROM pg_locks l
JOIN pg_stat_activity a ON a.pid = l.pid
WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
  AND l.classid = %s::oid AND l.objid = %s::oid
  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
ORDER BY l.mode DESC
"""


def _who(cursor: Any, key: int) -> Holder | None:
    unsigned = key & 0xFFFFFFFFFFFFFFFF
    cursor.execute(_WHO, (unsigned >> 32, unsigned & 0xFFFFFFFF))
    for name, since, _mode in cursor.fetchall():
        holder = _pg_holder(name, since)
        if holder is not None:
            return holder
    return None


def _keys(cursor: Any, hall_id: str | None) -> tuple[int, int | None]:
    """The database's key and the hall's (None when the command writes no hall's record)."""
    cursor.execute("SELECT current_database(), current_schema()")
    database, schema = cursor.fetchone()
    base = (str(database), str(schema or ""))
    return _key(*base), (_key(*base, hall_id) if hall_id is not None else None)


class AdvisoryLock(WriterLock):
    def __init__(self, connection: Any, holder: Holder, what: str) -> None:
        super().__init__(what)
        self._connection: Any = connection
        self._holder = holder

    def serving(self, url: str) -> None:
        if self._connection is None:
            return
        self._holder = Holder(**{**asdict(self._holder), "url": url})
        with self._connection.cursor() as cursor:
            cursor.execute("SELECT set_config('application_name', %s, false)", (
                _pg_name(self._holder),))  # fmt: skip

    def release(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            with contextlib.suppress(Exception):  # closing the session lets go of its locks
                connection.close()


def hold_advisory(engine: Engine, hall_id: str | None, command: str) -> AdvisoryLock:
    """The writer lock of ``hall_id``'s record in the engine's PostgreSQL database and schema
    (with None: of what every hall of it shares, its operators), or ``WriterBusy``.
    """
    me = _me(command)
    raw = engine.raw_connection()
    raw.detach()  # its own connection, never handed back to the pool with the lock held
    connection: Any = raw.dbapi_connection
    try:
        connection.autocommit = True
        with connection.cursor() as cursor:
            cursor.execute("SELECT set_config('application_name', %s, false)", (_pg_name(me),))
            base, hall = _keys(cursor, hall_id)
            if hall is None:
                cursor.execute("SELECT pg_try_advisory_lock(%s)", (base,))
                taken = cursor.fetchone()[0]
                blocking = base
            else:
                cursor.execute(
                    "SELECT pg_try_advisory_lock_shared(%s), pg_try_advisory_lock(%s)",
                    (base, hall),
                )
                shared, own = cursor.fetchone()
                taken = shared and own
                blocking = base if not shared else hall
            what = f"de la sala {hall_id}" if hall_id is not None else "de los operadores"
            if not taken:
                holder = _who(cursor, blocking)
                raise WriterBusy(holder, what)
    except BaseException:
        with contextlib.suppress(Exception):
            connection.close()
        raise
    return AdvisoryLock(connection, me, what)


def advisory_writer(engine: Engine, hall_id: str) -> Holder | None:
    """Who writes ``hall_id``'s record in the engine's PostgreSQL database now, or None."""
    with engine.connect() as conn:
        connection: Any = conn.connection.dbapi_connection
        with connection.cursor() as cursor:
            _base, hall = _keys(cursor, hall_id)
            assert hall is not None
            cursor.execute(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted "
                "AND objsubid = 1 AND classid = %s::oid AND objid = %s::oid",
                ((hall & 0xFFFFFFFFFFFFFFFF) >> 32, hall & 0xFFFFFFFF),
            )
            if not cursor.fetchone()[0]:
                return None
            return _who(cursor, hall) or Holder("bingo-hall", 0, "", "")


# --- either ----------------------------------------------------------------------------------


def hold_writer(engine: Engine, hall_id: str | None, command: str) -> WriterLock:
    """The writer lock of the record the engine opens (``hall_id``'s; None: what every hall of
    the database shares), or ``WriterBusy``. A database in memory is its own process's: there is
    nothing to hold.
    """
    database = sqlite_file(engine.url)
    if database is not None:
        return hold_file(database.absolute(), command)
    if engine.url.get_backend_name() == "postgresql":
        return hold_advisory(engine, hall_id, command)
    return WriterLock("")


def current_writer(engine: Engine, hall_id: str) -> Holder | None:
    """Who writes ``hall_id``'s record in the engine's database now, or None."""
    database = sqlite_file(engine.url)
    if database is not None:
        return file_writer(database.absolute())
    if engine.url.get_backend_name() == "postgresql":
        return advisory_writer(engine, hall_id)
    return None
