"""The hall's append-only, hash-chained event record, persisted with SQLAlchemy.

Every hall (``hall_id``) has its own chain starting at seq 1 after ``bingo.chain.GENESIS``.
``append`` seals new events after the stored last record and commits them in one transaction;
it returns only once they are durable, so the caller may then announce them. Reading never
trusts the database: ``load`` re-checks every hash and link it returns and ``verify`` re-hashes
a whole chain, so an edit made behind the store's back is reported with the first seq it broke.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import logging
import threading
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Protocol, cast

from sqlalchemy import Engine, select
from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from bingo.chain import (
    GENESIS,
    ChainBreak,
    Checkpoint,
    Record,
    canonical_json,
    seal,
)
from bingo.events import CommandBy
from store.engine import (
    BEGIN_MODE,
    check_database_file,
    default_database_url,
    make_engine,
    make_read_only_engine,
    parse_url,
    sqlite_file,
)
from store.errors import ConcurrencyError, IntegrityError, StoreError, driver_error
from store.migrate import upgrade
from store.models import (
    AppliedCommandRow,
    CardSetRow,
    CheckpointRow,
    EventRow,
    StoreIdentityRow,
)
from store.reader import check_sqlite_schema, on_read_only_media
from store.rows import CHECKPOINT_COLUMNS, CheckpointView, card_set_bytes, stored_checkpoint
from store.rows import Broken as _Broken
from store.rows import StoredEvent as _StoredEvent
from store.rows import integrity_error as _integrity
from store.rows import own_hash_checked as _own_hash_checked
from store.rows import walk as _walk

log = logging.getLogger(__name__)

MAX_ID_LENGTH = 64
#: Rows fetched per round trip when walking a whole chain.
BATCH = 1000

Item = tuple[str, str, Mapping[str, Any]]
#: A client's command (client id, command id, name), recorded with the events it committed.
Command = tuple[str, str, str]


def open_store(url: str | None = None, *, create: bool = True) -> EventStore:
    """Open (creating or migrating to the newest schema first) the store at ``url``.

    ``url`` is any SQLAlchemy URL: ``sqlite:///path/file.sqlite`` or
    ``postgresql+psycopg://user:password@host:5432/database``. None means
    ``default_database_url()``: ``$BINGO_HALL_DB`` or a SQLite file in the user's data folder.
    With ``create`` false a SQLite file that does not exist is refused (``StoreError``), not
    created, and so is a database without the hall's tables (another program's): nothing is
    written to it. A schema of a later version is refused either way. A bad URL, a file that is
    not a database or a database that cannot be opened is a ``StoreError`` too.
    """
    url = url or default_database_url()
    parsed = parse_url(url)
    check_database_file(parsed, create=create)
    path = sqlite_file(parsed)
    if path is not None:  # before the engine's first connection sets the file's journal mode
        check_sqlite_schema(path, create=create)
        if not create and on_read_only_media(path):
            # a write-protected copy: read as it is, never migrated (decision 645)
            return EventStore(make_read_only_engine(path))
    engine = make_engine(url)
    try:
        upgrade(
            engine,
            create=create,
            where=str(path) if path is not None else parsed.render_as_string(hide_password=True),
        )
    except sa_exc.DBAPIError as err:
        engine.dispose()
        raise driver_failure(err) from None
    except BaseException:
        engine.dispose()
        raise
    return EventStore(engine)


class CheckpointSigner(Protocol):
    """Signs the hall's checkpoints (``app.checkpoints.HallKeySigner`` is one)."""

    #: the event kinds that close a partida or a session
    close_kinds: frozenset[str]

    def wants(self, records: Sequence[Record]) -> bool:
        """Whether the checkpoint of a transaction adding ``records`` is stored in the database
        too; every transaction's is signed and given to ``remember``.
        """
        ...

    def admit(self, source: Any, hall_id: str) -> None:
        """Audit the record before this process first writes it; raise (an ``IntegrityError``)
        to refuse it, nothing written.
        """
        ...

    def sign(
        self,
        hall_id: str,
        store_id: str,
        head: Record,
        hash_at: Callable[[int], str | None],
        first_of_record: bool = False,
        copy: bool = False,
        stored: bool = True,
    ) -> Checkpoint | None:
        """The checkpoint of the record ending at ``head`` (``hash_at(seq)``: the hash of any
        record up to it, None if there is none); ``StoreError`` if it cannot be signed.
        ``first_of_record``: the record has closes and no checkpoint (written before them);
        ``copy``: the database is a copy of others (``bingo-hall backup``); ``stored``: it
        goes into the database too. None: this commit is not signed (only a ``stored`` one
        must be).
        """
        ...

    def remember(self, checkpoint: Checkpoint, stored: bool = True) -> None:
        """Keep a copy of a committed checkpoint outside the database (``stored``: the
        database keeps it too).
        """
        ...


@dataclass(frozen=True, slots=True)
class AppliedCommand:
    """A client's command the store recorded as applied (``applied_commands``): its name, the
    first seq it committed, and who asked for it as the record itself says, the ``command_by``
    in force at that seq (decision 134); "" and "" when the record names nobody (a hall with no
    operators; decision 135). The hall server answers a retry after a restart from it.
    """

    name: str
    first_seq: int
    asked_by: str = ""
    role: str = ""


class EventStore:
    """Events of every hall in one database; safe to share between threads of one process."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        # One writer at a time inside this process; other processes are kept out by the
        # database (BEGIN IMMEDIATE on SQLite, the (hall_id, seq) primary key on PostgreSQL).
        self._write_lock = threading.Lock()
        self._signers: dict[str, CheckpointSigner] = {}
        # Halls that owe no first checkpoint: one is stored, or they had no close before it.
        self._settled: set[str] = set()
        # Halls whose record this process audited before its first write (decision 640).
        self._admitted: set[str] = set()
        self._store_id: str | None = None
        # The newest (seq, hash) this store read or wrote per hall: a tail changed or cut behind
        # the running hall's back is refused at its next write, before anything signs it.
        self._heads: dict[str, tuple[int, str]] = {}
        self._closed = False

    @property
    def engine(self) -> Engine:
        return self._engine

    def __enter__(self) -> EventStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self._closed = True
        self._engine.dispose()

    # ----------------------------------------------------------------------------- reading
    def halls(self) -> list[str]:
        """Every hall with at least one stored event, sorted."""
        with self._reading() as session:
            stmt = select(EventRow.hall_id).distinct().order_by(EventRow.hall_id)
            return list(session.scalars(stmt))

    def last(self, hall_id: str) -> Record | None:
        """The hall's newest record (its own hash checked), or None for an empty log."""
        with self._reading() as session:
            row = _last_row(session, hall_id)
            if row is None:
                return None
            try:
                return _own_hash_checked(row)
            except _Broken as broken:
                raise _integrity(hall_id, broken.brk) from None

    def load(self, hall_id: str, after_seq: int = 0, limit: int | None = None) -> list[Record]:
        """The hall's records with seq > ``after_seq``, in order, every hash and link checked;
        at most ``limit`` of them (the rows are read in batches: no more than those are read).

        Raises ``IntegrityError`` naming the first broken seq: a corrupted record is never
        returned, and neither is anything after it.
        """
        if after_seq < 0:
            raise ValueError("after_seq no puede ser negativo")
        with self._reading() as session, _rows(session, hall_id, max(after_seq, 1)) as rows:
            if after_seq == 0:
                walked = _walk(rows, first_seq=1, start_prev=GENESIS)
            else:
                anchor = next(rows, None)
                if anchor is None or anchor.seq != after_seq:
                    last = _last_row(session, hall_id)
                    end = last.seq if last is not None else 0
                    reason = f"falta el registro {after_seq}" + (
                        f": el registro de la sala termina en el {end}" if end < after_seq else ""
                    )
                    raise _integrity(hall_id, ChainBreak(after_seq, reason))
                try:
                    start = _own_hash_checked(anchor)
                except _Broken as broken:
                    raise _integrity(hall_id, broken.brk) from None
                walked = _walk(rows, first_seq=after_seq + 1, start_prev=start.hash)
            try:
                loaded = list(walked if limit is None else itertools.islice(walked, limit))
            except _Broken as broken:
                raise _integrity(hall_id, broken.brk) from None
        if loaded:
            self._saw(hall_id, loaded[-1])
        return loaded

    def verify(self, hall_id: str) -> ChainBreak | None:
        """Re-hash the hall's whole stored chain from GENESIS: None if intact, else the break."""
        with self._reading() as session, _rows(session, hall_id, from_seq=1) as rows:
            try:
                for _ in _walk(rows, 1, GENESIS):
                    pass
            except _Broken as broken:
                return broken.brk
        return None

    # ----------------------------------------------------------------------------- checkpoints
    def sign_checkpoints(self, hall_id: str, signer: CheckpointSigner) -> None:
        """From now on, every ``append`` to ``hall_id`` is signed: its checkpoint goes to
        ``signer.remember`` after the commit, and is stored in the same transaction when
        ``signer.wants`` it (and on the first write to a record with closes but no checkpoint).
        The first write is preceded by ``signer.admit``, the record's audit.
        """
        self._signers[hall_id] = signer

    def audit_before_writing(self, hall_id: str) -> None:
        """The signer's audit of the hall's record (``CheckpointSigner.admit``), once per
        process: what every writer runs before it writes (the server at its start, every
        command before its first write), so an altered record is refused with nothing written.
        """
        signer = self._signers.get(hall_id)
        if signer is not None and hall_id not in self._admitted:
            signer.admit(self, hall_id)
        self._admitted.add(hall_id)

    def store_id(self) -> str:
        """This database's own id (made by the migration that created the checkpoints)."""
        if self._store_id is None:
            with self._reading() as session:
                self._store_id = _store_id(session)
        return self._store_id

    def checkpoint_view(
        self, hall_id: str, close_kinds: Iterable[str], extra_seqs: Iterable[int] = ()
    ) -> CheckpointView:
        """The hall's checkpoints, the records they point at and its closes, in one snapshot."""
        kinds = list(close_kinds)
        with self._reading() as session:
            # Checkpoints first: each was committed with its records, so any checkpoint read
            # here has its records visible to the reads below, even on PostgreSQL.
            rows = session.scalars(
                select(CheckpointRow)
                .where(CheckpointRow.hall_id == hall_id)
                .order_by(CheckpointRow.seq)
            ).all()
            checkpoints = [_checkpoint(row) for row in rows]
            wanted = sorted({c.seq for c in checkpoints} | set(extra_seqs))
            heads: dict[int, tuple[str, str]] = {}
            for start in range(0, len(wanted), BATCH):
                chunk = wanted[start : start + BATCH]
                found = session.execute(
                    select(EventRow.seq, EventRow.hash, EventRow.at).where(
                        EventRow.hall_id == hall_id, EventRow.seq.in_(chunk)
                    )
                )
                heads.update({seq: (digest, at) for seq, digest, at in found})
            closes = [
                (seq, kind, at)
                for seq, kind, at in session.execute(
                    select(EventRow.seq, EventRow.kind, EventRow.at)
                    .where(EventRow.hall_id == hall_id, EventRow.kind.in_(kinds))
                    .order_by(EventRow.seq)
                )
            ]
            last = _last_row(session, hall_id)
            return CheckpointView(
                store_id=_store_id(session),
                origins=_origins(session),
                last_seq=last.seq if last is not None else 0,
                checkpoints=checkpoints,
                heads=heads,
                closes=closes,
            )

    # ----------------------------------------------------------------------------- writing
    def append(
        self,
        hall_id: str,
        expected_last_seq: int,
        items: Sequence[Item],
        command: Command | None = None,
    ) -> list[Record]:
        """Seal ``items`` ((at, kind, payload) each) after the hall's last record and commit.

        All or nothing, in one transaction; durable when it returns. With ``command``, the
        client's command is recorded as applied in the same transaction (``applied_command``).

        Raises
        ------
        ``ConcurrencyError`` (writing nothing) when the hall's last seq is not
        ``expected_last_seq``, i.e. another writer got there first.

        """
        _check_id("hall_id", hall_id)
        if expected_last_seq < 0:
            raise ValueError("expected_last_seq no puede ser negativo")
        normalised = [_normalise(item) for item in items]
        if not normalised:
            return []
        if hall_id not in self._admitted:
            self.audit_before_writing(hall_id)
        checkpoint: Checkpoint | None = None
        stored = False
        with self._write_lock:
            try:
                with self._writing() as session:
                    row = _last_row(session, hall_id)
                    self._check_head(hall_id, row)
                    last_seq = row.seq if row is not None else 0
                    if last_seq != expected_last_seq:
                        raise _conflict(hall_id, expected_last_seq, last_seq)
                    previous: Record | None = None
                    if row is not None:
                        try:
                            previous = _own_hash_checked(row)
                        except _Broken as broken:
                            raise _integrity(hall_id, broken.brk) from None
                    records = seal(previous, normalised)
                    session.add_all(_row(hall_id, rec) for rec in records)
                    checkpoint, stored = self._checkpoint_for(session, hall_id, records)
                    if command is not None:
                        client_id, command_id, name = command
                        session.add(
                            AppliedCommandRow(
                                hall_id=hall_id,
                                client_id=client_id,
                                command_id=command_id,
                                name=name,
                                first_seq=records[0].seq,
                            )
                        )
            except sa_exc.IntegrityError as err:
                # PostgreSQL: a concurrent writer committed the same seq first.
                raise ConcurrencyError(
                    f"otro puesto añadió eventos a la sala {hall_id!r} a la vez; "
                    "no se escribió nada, vuelva a leer el registro"
                ) from err
            self._saw(hall_id, records[-1])
            if checkpoint is not None:
                # Under the lock, so the copy outside the database is never replaced by an
                # older checkpoint from another thread.
                if stored:
                    self._settled.add(hall_id)
                self._signers[hall_id].remember(checkpoint, stored)
        log.debug("sala %s: registros %d..%d guardados", hall_id, records[0].seq, records[-1].seq)
        return records

    def _saw(self, hall_id: str, rec: Record) -> None:
        known = self._heads.get(hall_id)
        if known is None or rec.seq >= known[0]:
            self._heads[hall_id] = (rec.seq, rec.hash)

    def _check_head(self, hall_id: str, row: EventRow | None) -> None:
        known = self._heads.get(hall_id)
        if known is None:
            return
        seq, digest = known
        last = row.seq if row is not None else 0
        if last < seq:
            raise _integrity(
                hall_id,
                ChainBreak(
                    last + 1,
                    f"faltan los registros {last + 1} a {seq}, que este puesto ya había leído "
                    "o escrito; no se escribe nada",
                ),
            )
        if row is not None and last == seq and row.hash != digest:
            raise _integrity(
                hall_id,
                ChainBreak(
                    seq,
                    f"el registro {seq} cambió después de que este puesto lo leyera o escribiera; "
                    "no se escribe nada",
                ),
            )

    def _checkpoint_for(
        self, session: Session, hall_id: str, records: Sequence[Record]
    ) -> tuple[Checkpoint | None, bool]:
        """Sign the checkpoint this transaction ends with, and add it to it when the signer
        wants it stored (a close, a prize: a few a partida); (checkpoint, stored). Every
        commit is signed, so the copy next to the key always names the newest record: a
        record changed or cut while the hall is stopped no longer continues it (decision 641;
        one signature and one small file a commit: ``bench/bench_checkpoints.py``).
        """
        signer = self._signers.get(hall_id)
        if signer is None:
            return None, False
        first = self._owes_first(session, hall_id, signer, records[0].seq)
        stored = first or signer.wants(records)
        if self._store_id is None:
            self._store_id = _store_id(session)
        new = {rec.seq: rec.hash for rec in records}

        def hash_at(seq: int) -> str | None:
            if seq in new:
                return new[seq]
            stmt = select(EventRow.hash).where(EventRow.hall_id == hall_id, EventRow.seq == seq)
            return session.scalars(stmt).first()

        checkpoint = signer.sign(
            hall_id, self._store_id, records[-1], hash_at, first, bool(_origins(session)), stored
        )
        if checkpoint is None:
            return None, False
        if stored:
            session.add(_checkpoint_row(hall_id, checkpoint))
        return checkpoint, stored

    def _owes_first(
        self, session: Session, hall_id: str, signer: CheckpointSigner, new_from: int
    ) -> bool:
        """Whether the record had closes and no checkpoint before this write (written before
        checkpoints existed): then this write signs its first one. Asked once per hall and
        process. The closes this very write adds do not count: a new record's first close is
        an ordinary one, whatever other databases of the hall the key has signed.
        """
        if hall_id in self._settled:
            return False
        signed = select(CheckpointRow.seq).where(CheckpointRow.hall_id == hall_id).limit(1)
        closed = (
            select(EventRow.seq)
            .where(
                EventRow.hall_id == hall_id,
                EventRow.kind.in_(signer.close_kinds),
                EventRow.seq < new_from,
            )
            .limit(1)
        )
        owes = (
            session.scalars(signed).first() is None and session.scalars(closed).first() is not None
        )
        if not owes:
            self._settled.add(hall_id)
        return owes

    def applied_command(
        self, hall_id: str, client_id: str, command_id: str
    ) -> AppliedCommand | None:
        """The client's command as recorded applied, or None if it never committed anything.

        Who asked is read from the record, not kept twice: the last ``command_by`` at or before
        the command's first seq (its own, committed just before its events, or the one still in
        force when the same person went on at the same station). That record's own hash is
        checked (``IntegrityError`` if it was altered).
        """
        with self._reading() as session:
            row = session.get(AppliedCommandRow, (hall_id, client_id, command_id))
            if row is None:
                return None
            by = session.scalars(
                select(EventRow)
                .where(
                    EventRow.hall_id == hall_id,
                    EventRow.kind == CommandBy.kind,
                    EventRow.seq <= row.first_seq,
                )
                .order_by(EventRow.seq.desc())
                .limit(1)
            ).first()
            if by is None:
                return AppliedCommand(row.name, row.first_seq)
            try:
                payload = _own_hash_checked(by).payload
            except _Broken as broken:
                raise _integrity(hall_id, broken.brk) from None
            return AppliedCommand(
                row.name,
                row.first_seq,
                str(payload.get("asked_by", "")),
                str(payload.get("role", "")),
            )

    # ----------------------------------------------------------------------------- card sets
    def put_card_set(self, card_set_id: str, digest: str, data: bytes) -> None:
        """Keep an imported card set (its JSON text), compressed.

        Idempotent for the same ``digest``; ``IntegrityError`` if ``card_set_id`` is already
        stored with a different digest (a card set never changes once imported).
        """
        _check_id("card_set_id", card_set_id)
        if not digest or len(digest) > 128:
            raise ValueError("el resumen (digest) del juego de cartones no es válido")
        for hall_id in list(self._signers):  # a write too: after the record's audit
            self.audit_before_writing(hall_id)
        for attempt in range(2):
            try:
                with self._write_lock, self._writing() as session:
                    existing = session.get(CardSetRow, card_set_id)
                    if existing is not None:
                        if existing.digest != digest:
                            raise IntegrityError(
                                f"el juego de cartones {card_set_id!r} ya está guardado con otro "
                                f"resumen ({existing.digest}); no se sustituye"
                            )
                        return
                    session.add(
                        CardSetRow(
                            card_set_id=card_set_id,
                            digest=digest,
                            size=len(data),
                            sha256=hashlib.sha256(data).hexdigest(),
                            data=zlib.compress(data, 9),
                        )
                    )
                return
            except sa_exc.IntegrityError:
                if attempt:  # pragma: no cover - needs two racing importers twice in a row
                    raise
                # Another writer inserted the same id meanwhile: compare with what it stored.

    def get_card_set(self, card_set_id: str) -> bytes | None:
        """The card set's bytes as imported, or None; ``IntegrityError`` if they were altered."""
        with self._reading() as session:
            row = session.get(CardSetRow, card_set_id)
            if row is None:
                return None
            stored = row.data
            size, sha = row.size, row.sha256
        return card_set_bytes(card_set_id, stored, size, sha)

    # ----------------------------------------------------------------------------- sessions
    def _reading(self) -> _SessionScope:
        self._check_open()
        return _SessionScope(self._engine, immediate=False)

    def _writing(self) -> _SessionScope:
        self._check_open()
        return _SessionScope(self._engine, immediate=True)

    def _check_open(self) -> None:
        # A closed engine would quietly open a new connection that nobody closes (its WAL
        # left beside the database until the process ends): a use after close is a bug.
        if self._closed:
            raise RuntimeError("the event store was used after it was closed")


class _SessionScope:
    """A session on its own connection and transaction: committed on success, else rolled back.

    Writes start with ``BEGIN IMMEDIATE`` on SQLite, taking the database's write lock before the
    last record is read, so the check against ``expected_last_seq`` cannot go stale.
    Driver errors become ``StoreError``; the store's own errors pass through.
    """

    def __init__(self, engine: Engine, *, immediate: bool) -> None:
        self._engine = engine
        self._immediate = immediate
        self._connection: Connection | None = None
        self._session: Session | None = None

    def __enter__(self) -> Session:
        try:
            self._connection = self._engine.connect()
            if self._immediate:
                self._connection.execution_options(**{BEGIN_MODE: "IMMEDIATE"})
            self._connection.begin()
        except sa_exc.DBAPIError as err:
            self._release()
            raise driver_failure(err) from err
        self._session = Session(bind=self._connection, expire_on_commit=False)
        return self._session

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        assert self._session is not None and self._connection is not None
        try:
            if exc_type is None:
                try:
                    self._session.flush()
                    self._connection.commit()
                except sa_exc.IntegrityError:
                    raise
                except sa_exc.DBAPIError as err:
                    raise driver_failure(err) from err
        finally:
            self._release()
        if isinstance(exc, sa_exc.DBAPIError) and not isinstance(exc, sa_exc.IntegrityError):
            raise driver_failure(exc) from exc

    def _release(self) -> None:
        if self._session is not None:
            self._session.close()
        if self._connection is not None:
            self._connection.close()  # rolls back whatever was not committed
        self._session = None
        self._connection = None


# --------------------------------------------------------------------------------- helpers
def driver_failure(err: sa_exc.DBAPIError) -> StoreError:
    """The store's error of a failure of the driver: its kind, the driver's text for the log."""
    return driver_error(err.orig, connection_lost=err.connection_invalidated)


def _check_id(name: str, value: str) -> None:
    if (
        not isinstance(value, str)
        or not value
        or len(value) > MAX_ID_LENGTH
        or not value.isprintable()
    ):
        raise ValueError(
            f"{name} debe ser un texto imprimible de 1 a {MAX_ID_LENGTH} caracteres: {value!r}"
        )


def _normalise(item: Item) -> Item:
    at, kind, payload = item
    _check_id("at", at)
    _check_id("kind", kind)
    if not isinstance(payload, Mapping):
        raise ValueError(f"el contenido del evento {kind} debe ser un diccionario")
    try:
        text = canonical_json(payload)
    except (TypeError, ValueError) as err:
        raise ValueError(f"el contenido del evento {kind} no es JSON válido: {err}") from err
    # What is stored and returned is the JSON value itself (tuples become lists, ...), so the
    # records append returns are equal to the ones load will read back.
    return at, kind, json.loads(text)


def _row(hall_id: str, rec: Record) -> EventRow:
    return EventRow(
        hall_id=hall_id,
        seq=rec.seq,
        at=rec.at,
        kind=rec.kind,
        payload=canonical_json(rec.payload).decode("utf-8"),
        prev_hash=rec.prev_hash,
        hash=rec.hash,
    )


def _store_id(session: Session) -> str:
    row = session.get(StoreIdentityRow, 1)
    if row is None:
        raise IntegrityError("falta la identidad de la base de datos (tabla store_identity)")
    return row.store_id


def _origins(session: Session) -> tuple[str, ...]:
    row = session.get(StoreIdentityRow, 1)
    return tuple((row.copied_from or "").split()) if row is not None else ()


def _checkpoint_row(hall_id: str, cp: Checkpoint) -> CheckpointRow:
    return CheckpointRow(
        hall_id=hall_id,
        seq=cp.seq,
        store_id=cp.store_id,
        head_hash=cp.head_hash,
        head_at=cp.head_at,
        signed_at=cp.signed_at,
        key_id=cp.key_id,
        signature=cp.signature,
    )


def _checkpoint(row: CheckpointRow) -> Checkpoint:
    return stored_checkpoint([getattr(row, name) for name in CHECKPOINT_COLUMNS])


def _last_row(session: Session, hall_id: str) -> EventRow | None:
    stmt = (
        select(EventRow).where(EventRow.hall_id == hall_id).order_by(EventRow.seq.desc()).limit(1)
    )
    return session.scalars(stmt).first()


@contextmanager
def _rows(session: Session, hall_id: str, from_seq: int) -> Iterator[Iterator[_StoredEvent]]:
    """The hall's rows from ``from_seq`` on, fetched in batches; the cursor closed on exit.

    Plain rows of the columns, not ORM objects: a whole chain is read only to be checked and
    turned into Records, and building thousands of tracked objects was most of the reading.
    """
    stmt = (
        select(
            EventRow.seq,
            EventRow.at,
            EventRow.kind,
            EventRow.payload,
            EventRow.prev_hash,
            EventRow.hash,
        )
        .where(EventRow.hall_id == hall_id, EventRow.seq >= from_seq)
        .order_by(EventRow.seq)
        .execution_options(yield_per=BATCH)
    )
    result = session.execute(stmt)
    try:
        yield cast(Iterator[_StoredEvent], iter(result))
    finally:
        result.close()  # a server-side cursor on PostgreSQL: never leave it to the GC


def _conflict(hall_id: str, expected: int, actual: int) -> ConcurrencyError:
    return ConcurrencyError(
        f"el registro de la sala {hall_id!r} va por el {actual} y se esperaba el {expected}: "
        "otro puesto escribió antes; no se escribió nada, vuelva a leer el registro"
    )
