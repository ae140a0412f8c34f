"""The hash chain that makes the hall's record tamper-evident (R-ACTA-6).

Every stored event is a ``Record``; its hash covers its position, time, kind, payload and the
hash of the record before it, so changing, removing or reordering any record breaks every hash
after it. Pure functions: the store and the acta verifier both use them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

GENESIS = "0" * 64


def canonical_json(value: Any) -> bytes:
    """One byte string per value: sorted keys, no spaces, UTF-8."""
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def record_hash(seq: int, at: str, kind: str, payload: Mapping[str, Any], prev_hash: str) -> str:
    body = {"seq": seq, "at": at, "kind": kind, "payload": payload, "prev": prev_hash}
    return hashlib.sha256(canonical_json(body)).hexdigest()


@dataclass(frozen=True, slots=True)
class Record:
    """One event as stored: 1-based position in the hall's log, time, kind, payload, chain."""

    seq: int
    at: str
    kind: str
    payload: Mapping[str, Any]
    prev_hash: str
    hash: str

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "at": self.at,
            "kind": self.kind,
            "payload": dict(self.payload),
            "prev_hash": self.prev_hash,
            "hash": self.hash,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Record:
        return cls(
            seq=int(data["seq"]),
            at=str(data["at"]),
            kind=str(data["kind"]),
            payload=dict(data["payload"]),
            prev_hash=str(data["prev_hash"]),
            hash=str(data["hash"]),
        )


def seal(
    previous: Record | None, items: Iterable[tuple[str, str, Mapping[str, Any]]]
) -> list[Record]:
    """Chain new ``(at, kind, payload)`` items after ``previous`` (None: the log is empty)."""
    seq = previous.seq if previous else 0
    prev = previous.hash if previous else GENESIS
    out: list[Record] = []
    for at, kind, payload in items:
        seq += 1
        digest = record_hash(seq, at, kind, payload, prev)
        out.append(Record(seq, at, kind, payload, prev, digest))
        prev = digest
    return out


@dataclass(frozen=True, slots=True)
class ChainBreak:
    """Where a chain first stops being intact, in words an inspector can act on."""

    seq: int
    reason: str


def verify_chain(records: Sequence[Record], start_prev: str = GENESIS) -> ChainBreak | None:
    """None when the records form an intact chain from ``start_prev``; else the first break."""
    prev = start_prev
    expected_seq = records[0].seq if records else 1
    for rec in records:
        if rec.seq != expected_seq:
            return ChainBreak(
                rec.seq, f"se esperaba el registro {expected_seq}, aparece el {rec.seq}"
            )
        if rec.prev_hash != prev:
            return ChainBreak(rec.seq, "el enlace con el registro anterior no coincide")
        if record_hash(rec.seq, rec.at, rec.kind, rec.payload, rec.prev_hash) != rec.hash:
            return ChainBreak(
                rec.seq, f"el contenido del registro {rec.seq} ({rec.kind}) fue alterado"
            )
        prev = rec.hash
        expected_seq += 1
    return None
