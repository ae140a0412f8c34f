"""Stored event rows checked into hash-chained Records, with no database code: the same
checks for every way the record is read (``EventStore`` through SQLAlchemy, ``store.reader``
through the standard library's sqlite3).
"""

from __future__ import annotations

import hashlib
import json
import zlib
from collections.abc import Iterable, Iterator
from typing import Protocol

from bingo.chain import ChainBreak, Record, canonical_json, record_hash
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
