"""``bingo-hall backup``: a consistent copy of a live SQLite database.

Copying the ``.sqlite`` file while the hall runs is not a backup: the newest commits may still
be only in its ``-wal`` file (a copy without it silently lacks them) and a copy taken during a
checkpoint can be torn. SQLite's online backup API copies one consistent snapshot while
writers go on (in WAL mode they are not even blocked). The copy is checked — SQLite's own
check and every hall's hash chain — before it is put in place, as a single file (rollback
journal, no ``-wal``). PostgreSQL has its own tool: ``pg_dump`` (one snapshot too).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from store.engine import make_engine
from store.errors import StoreError, driver_error
from store.event_store import EventStore
from store.reader import SQLITE_BUSY_TIMEOUT_S, on_read_only_media, read_only_uri

log = logging.getLogger(__name__)

#: What files the copy's newest checkpoints next to the hall's key under the copy's new id (the
#: composition root holds the key): called with the copy's store and that id.
FileCopy = Callable[[EventStore, str], None]


class BackupError(Exception):
    """The copy could not be made or did not check out; nothing was left at the target."""


@dataclass(frozen=True)
class Backup:
    path: Path
    size: int
    #: records of each hall in the copy
    halls: dict[str, int] = field(default_factory=dict)


def backup_sqlite(url: str, target: Path, file_copy: FileCopy | None = None) -> Backup:
    """Copy the SQLite database at ``url`` to ``target`` (which must not exist), consistently;
    the copy gets its own database id, and ``file_copy`` files its checkpoints under it.
    """
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise BackupError(f"URL de base de datos no válida: {url!r}") from None
    if parsed.get_backend_name() != "sqlite":
        raise BackupError(
            "la copia de una base de datos PostgreSQL se hace con su herramienta: "
            "pg_dump --format=custom (una instantánea coherente, también con la sala en juego)"
        )
    source = Path(parsed.database or "")
    if not parsed.database or parsed.database == ":memory:" or not source.is_file():
        raise BackupError(f"no existe la base de datos {parsed.database or url!r}")
    if target.exists():
        raise BackupError(f"{target} ya existe: no se sobrescribe")
    if not target.parent.is_dir():
        raise BackupError(f"no existe la carpeta {target.parent}")
    partial = target.with_name(f".{target.name}.partial")
    partial.unlink(missing_ok=True)
    try:
        _copy(source, partial)
        halls = _check(partial)
        _new_identity(partial, file_copy)
        _single_file(partial)
        if target.exists():
            raise BackupError(f"{target} apareció mientras se copiaba: no se sobrescribe")
        os.replace(partial, target)
    except BaseException:
        for leftover in (partial, Path(f"{partial}-wal"), Path(f"{partial}-shm")):
            leftover.unlink(missing_ok=True)
        raise
    return Backup(target, target.stat().st_size, halls)


def _copy(source: Path, partial: Path) -> None:
    try:
        if on_read_only_media(source):  # a write-protected copy: read as it is (decision 645)
            src = sqlite3.connect(read_only_uri(source), uri=True)
        else:
            src = sqlite3.connect(source, timeout=SQLITE_BUSY_TIMEOUT_S)
        try:
            dst = sqlite3.connect(partial)
            try:
                # pages=-1 (the default): the whole database in one step, so one read
                # transaction, one snapshot; in WAL mode the writer is not blocked.
                src.backup(dst)
            finally:
                dst.close()
        finally:
            src.close()
    except sqlite3.Error as exc:
        raise BackupError(f"no se pudo copiar {source}: {_said(exc)}") from exc


def _check(partial: Path) -> dict[str, int]:
    try:
        with contextlib.closing(sqlite3.connect(partial)) as db:
            verdict = db.execute("PRAGMA quick_check").fetchone()[0]
    except sqlite3.Error as exc:
        raise BackupError(f"la copia no es una base de datos válida: {_said(exc)}") from exc
    if verdict != "ok":
        log.info("copia de seguridad: quick_check: %s", verdict)  # SQLite's words: -v
        raise BackupError(
            "la copia no pasa la comprobación de integridad de SQLite (el detalle técnico, con "
            "-v): compruebe el original con status"
        )
    store = EventStore(make_engine(f"sqlite:///{partial}"))
    try:
        halls: dict[str, int] = {}
        for hall_id in store.halls():
            brk = store.verify(hall_id)
            if brk is not None:
                raise BackupError(
                    f"la copia de la sala {hall_id} no está íntegra en el registro {brk.seq}: "
                    f"{brk.reason}; el original también lo estará: compruébelo con status"
                )
            last = store.last(hall_id)
            halls[hall_id] = last.seq if last else 0
        return halls
    except StoreError as exc:
        raise BackupError(f"no se pudo comprobar la copia: {exc}") from exc
    finally:
        store.close()


def _new_identity(partial: Path, file_copy: FileCopy | None) -> None:
    """Make the copy another database for the checkpoints: a new id, recording the ids it came
    from, and its newest checkpoint filed under the new id next to the hall's key (where the
    key is on this machine). A write to the copy then never touches the original's anchor.
    """
    from store.migrate import upgrade

    engine = make_engine(f"sqlite:///{partial}")
    try:
        upgrade(engine)  # a copy of an older database gets the column for where it came from
    finally:
        engine.dispose()
    new = uuid.uuid4().hex
    try:
        with contextlib.closing(sqlite3.connect(partial)) as db, db:
            (old, before), *_ = db.execute("select store_id, copied_from from store_identity")
            trigger = db.execute(
                "select sql from sqlite_master where type = 'trigger' "
                "and name = 'store_identity_no_update'"
            ).fetchone()
            if trigger is not None:
                db.execute("drop trigger store_identity_no_update")
            db.execute(
                "update store_identity set store_id = ?, copied_from = ?",
                (new, " ".join([old, *(before or "").split()])),
            )
            if trigger is not None:
                db.execute(trigger[0])
    except sqlite3.Error as exc:
        raise BackupError(f"no se pudo dar a la copia su propia identidad: {_said(exc)}") from exc
    except ValueError as exc:  # no identity row: not a database of the hall's
        raise BackupError(
            "no se pudo dar a la copia su propia identidad: no tiene la identidad de una base "
            "de datos de la sala"
        ) from exc
    if file_copy is None:
        return
    store = EventStore(make_engine(f"sqlite:///{partial}"))
    try:
        file_copy(store, new)
    except (StoreError, OSError) as exc:
        raise BackupError(f"no se pudo registrar la copia junto a la clave: {exc}") from exc
    finally:
        store.close()


def _said(exc: sqlite3.Error) -> str:
    """The Spanish sentence of SQLite's error; its own text goes to the log only."""
    err = driver_error(exc)
    log.info("copia de seguridad: %s", err.detail)  # shown with -v
    return f"{err} (el detalle técnico, con -v)"


def _single_file(partial: Path) -> None:
    """Leave the copy as one self-contained file, flushed to disk."""
    with contextlib.closing(sqlite3.connect(partial)) as db:
        db.execute("PRAGMA journal_mode=DELETE")
    with partial.open("rb") as fh:
        os.fsync(fh.fileno())
