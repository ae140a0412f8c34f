"""Stored event rows checked into hash-chained Records, with no database code: the same
checks for every way the record is read (``EventStore`` through SQLAlchemy, ``store.reader``
through the standard library's sqlite3).
"""

from __future__ import annotations

import hashlib
import json
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from bingo.chain import ChainBreak, Checkpoint, Record, canonical_json, record_hash
from store.errors import IntegrityError


class Broken(Exception):
    def __init__(self, brk: ChainBreak) -> None:
        super().__init__(brk.reason)
        self.brk = brk


class StoredEvent(Protocol):
    """A stored event's columns: an ``EventRow`` or a plain row of the same columns."""

    @property
    def seq(self) -> int: ...
    @property
    def at(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def payload(self) -> str: ...
    @property
    def prev_hash(self) -> str: ...
    @property
    def hash(self) -> str: ...


def decoded(row: StoredEvent) -> Record:
    """The row as a Record; ``Broken`` if its payload is not the canonical JSON of an object."""
    try:
        payload = json.loads(row.payload)
    except ValueError:
        payload = None
    if not isinstance(payload, dict) or canonical_json(payload).decode("utf-8") != row.payload:
        raise Broken(
            ChainBreak(row.seq, f"el contenido del registro {row.seq} ({row.kind}) está dañado")
        )
    return Record(row.seq, row.at, row.kind, payload, row.prev_hash, row.hash)


def checked(row: StoredEvent, prev: str) -> Record:
    """The row as a Record, its link to ``prev`` and its own hash checked; ``Broken`` if not.

    The same checks, in the same order, as ``verify_chain`` on the decoded record; the hash is
    recomputed around the stored payload text, which ``decoded`` has just proved canonical,
    so the payload is not encoded a second time.
    """
    rec = decoded(row)
    if rec.prev_hash != prev:
        raise Broken(ChainBreak(rec.seq, "el enlace con el registro anterior no coincide"))
    if record_hash(rec.seq, rec.at, rec.kind, row.payload, rec.prev_hash) != rec.hash:
        raise Broken(
            ChainBreak(rec.seq, f"el contenido del registro {rec.seq} ({rec.kind}) fue alterado")
        )
    return rec


def own_hash_checked(row: StoredEvent) -> Record:
    return checked(row, row.prev_hash)


def walk(rows: Iterable[StoredEvent], first_seq: int, start_prev: str) -> Iterator[Record]:
    """Records in order, each checked for position, link and hash; ``Broken`` at a fault."""
    expected, prev = first_seq, start_prev
    for row in rows:
        if row.seq != expected:
            raise Broken(
                ChainBreak(expected, f"falta el registro {expected}: le sigue el {row.seq}")
            )
        rec = checked(row, prev)
        yield rec
        prev, expected = rec.hash, expected + 1


def integrity_error(hall_id: str, brk: ChainBreak) -> IntegrityError:
    return IntegrityError(
        f"el registro de la sala {hall_id!r} no está íntegro en el registro {brk.seq}: "
        f"{brk.reason}",
        seq=brk.seq,
    )


def card_set_bytes(card_set_id: str, stored: bytes, size: int, sha256: str) -> bytes:
    """A stored card set's bytes, decompressed and checked against the size and SHA-256 kept
    beside them; ``IntegrityError`` if they were altered.
    """
    try:
        data = zlib.decompress(stored)
    except zlib.error as err:
        raise IntegrityError(
            f"el juego de cartones {card_set_id!r} está dañado: no se puede descomprimir"
        ) from err
    if len(data) != size or hashlib.sha256(data).hexdigest() != sha256:
        raise IntegrityError(f"el juego de cartones {card_set_id!r} fue alterado")
    return data


#: The columns of a stored checkpoint, in the order ``stored_checkpoint`` takes them.
CHECKPOINT_COLUMNS = (
    "hall_id",
    "seq",
    "store_id",
    "head_hash",
    "head_at",
    "signed_at",
    "key_id",
    "signature",
)


def stored_checkpoint(values: Sequence[object]) -> Checkpoint:
    """A stored checkpoint row (``CHECKPOINT_COLUMNS``) as a ``Checkpoint``; ``IntegrityError``
    if a column does not hold what the store writes there (a row written by hand).
    """
    hall_id, seq, *texts = values
    if not isinstance(seq, int) or not all(isinstance(v, str) for v in (hall_id, *texts)):
        raise IntegrityError(
            f"un punto de control de la sala {hall_id!r} está dañado (registro {seq!r}): "
            "no es lo que escribe el programa"
        )
    store_id, head_hash, head_at, signed_at, key_id, signature = (str(v) for v in texts)
    return Checkpoint(
        hall_id=str(hall_id),
        store_id=store_id,
        seq=seq,
        head_hash=head_hash,
        head_at=head_at,
        signed_at=signed_at,
        key_id=key_id,
        signature=signature,
    )


@dataclass(frozen=True, slots=True)
class CheckpointView:
    """What checking the checkpoints needs (``app.checkpoints.audit``), read in one transaction
    by ``EventStore`` or ``store.reader.SqliteReader``.
    """

    store_id: str
    #: the ids of the databases this one is a copy of (``bingo-hall backup``), newest first
    origins: tuple[str, ...]
    last_seq: int
    checkpoints: list[Checkpoint]
    #: seq -> (hash, at) of the records at the checkpoints' seqs (and the extra seqs asked for)
    heads: dict[int, tuple[str, str]]
    #: (seq, kind, at) of every record whose kind was asked for, in order
    closes: list[tuple[int, str, str]]
