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


_text = json.JSONEncoder(ensure_ascii=False).encode


def record_hash(
    seq: int, at: str, kind: str, payload: Mapping[str, Any] | str, prev_hash: str
) -> str:
    """SHA-256 of the record's canonical body ``{"at", "kind", "payload", "prev", "seq"}``.

    ``payload`` is the payload itself or its canonical JSON text (as the store keeps it): the
    body is assembled around that text, keys in sorted order, so both give the bytes of
    ``canonical_json`` of the body and the same hash. A text is taken as given: the caller
    checks it is ``canonical_json`` of the payload.
    """
    text = payload if isinstance(payload, str) else canonical_json(payload).decode("utf-8")
    body = (
        f'{{"at":{_text(at)},"kind":{_text(kind)},"payload":{text},'
        f'"prev":{_text(prev_hash)},"seq":{int(seq)}}}'
    )
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


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


#: Tag at the head of every signed checkpoint statement, so the hall's key signing a checkpoint
#: can never be mistaken for it signing anything else (an acta, a receipt).
CHECKPOINT_TAG = "bingo-hall/checkpoint/1"


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """The hall's signed word that its record had ``seq`` records ending in ``head_hash``.

    ``store_id`` names the database the record lives in (a copy keeps it), ``head_at`` is the
    time of record ``seq`` and ``signed_at`` the signer's clock; ``key_id`` is the SHA-256 of
    the signing public key (DER). The signature covers every field but itself.
    """

    hall_id: str
    store_id: str
    seq: int
    head_hash: str
    head_at: str
    signed_at: str
    key_id: str
    signature: str = ""  # base64

    def statement(self) -> bytes:
        """The exact bytes that are signed."""
        return canonical_json(
            {
                "tag": CHECKPOINT_TAG,
                "hall_id": self.hall_id,
                "store_id": self.store_id,
                "seq": self.seq,
                "head_hash": self.head_hash,
                "head_at": self.head_at,
                "signed_at": self.signed_at,
                "key_id": self.key_id,
            }
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "hall_id": self.hall_id,
            "store_id": self.store_id,
            "seq": self.seq,
            "head_hash": self.head_hash,
            "head_at": self.head_at,
            "signed_at": self.signed_at,
            "key_id": self.key_id,
            "signature": self.signature,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Checkpoint:
        return cls(
            hall_id=str(data["hall_id"]),
            store_id=str(data["store_id"]),
            seq=int(data["seq"]),
            head_hash=str(data["head_hash"]),
            head_at=str(data["head_at"]),
            signed_at=str(data["signed_at"]),
            key_id=str(data["key_id"]),
            signature=str(data["signature"]),
        )
