"""One record hash, whether the payload comes as data or as the canonical text the store keeps
(R-ACTA-6: the record's chain is checked the same way by the store, the acta and an inspector).
"""

from __future__ import annotations

import hashlib
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from bingo.chain import canonical_json, record_hash

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@given(
    seq=st.integers(min_value=1, max_value=10**9),
    at=st.text(),
    kind=st.text(),
    payload=st.dictionaries(st.text(), _json, max_size=5),
    prev=st.text(),
)
def test_record_hash_is_the_same_from_the_payload_or_its_stored_text(
    seq: int, at: str, kind: str, payload: dict[str, Any], prev: str
) -> None:
    body = {"seq": seq, "at": at, "kind": kind, "payload": payload, "prev": prev}
    expected = hashlib.sha256(canonical_json(body)).hexdigest()
    text = canonical_json(payload).decode("utf-8")
    assert record_hash(seq, at, kind, payload, prev) == expected
    assert record_hash(seq, at, kind, text, prev) == expected


def test_record_hash_of_a_spanish_payload_is_the_canonical_body_hash() -> None:
    payload = {"jefe_de_mesa": "Íñigo Peña", "importe": "€", "bolas": [90, 1]}
    body = {"seq": 7, "at": "2026-11-22T21:14:05+01:00", "kind": "k", "payload": payload}
    body["prev"] = "0" * 64
    expected = hashlib.sha256(canonical_json(body)).hexdigest()
    text = canonical_json(payload).decode("utf-8")
    assert record_hash(7, body["at"], "k", text, "0" * 64) == expected
