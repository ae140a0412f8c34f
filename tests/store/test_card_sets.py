from __future__ import annotations

import hashlib
import json

import pytest
from sqlalchemy import Engine, text

from store import EventStore, IntegrityError
from tests.store.conftest import drop_append_only_triggers


def card_set_json(count: int) -> bytes:
    combos = [[(n * 7 + k * 13) % 90 + 1 for k in range(15)] for n in range(count)]
    return json.dumps({"modelo": "M-1", "cartones": combos}).encode()


def digest(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def test_card_set_comes_back_byte_for_byte_and_is_stored_compressed(
    store: EventStore, raw: Engine
) -> None:
    data = card_set_json(6000)
    store.put_card_set("modelo-1", digest(data), data)
    assert store.get_card_set("modelo-1") == data
    with raw.connect() as conn:
        stored = conn.execute(text("SELECT data FROM card_sets")).scalar_one()
    assert len(stored) < len(data) / 2


def test_importing_the_same_card_set_twice_is_harmless(store: EventStore) -> None:
    data = card_set_json(10)
    store.put_card_set("modelo-1", digest(data), data)
    store.put_card_set("modelo-1", digest(data), data)
    assert store.get_card_set("modelo-1") == data


def test_another_card_set_under_a_used_id_is_refused(store: EventStore) -> None:
    data, other = card_set_json(10), card_set_json(11)
    store.put_card_set("modelo-1", digest(data), data)
    with pytest.raises(IntegrityError, match="modelo-1"):
        store.put_card_set("modelo-1", digest(other), other)
    assert store.get_card_set("modelo-1") == data


def test_unknown_card_set_is_none(store: EventStore) -> None:
    assert store.get_card_set("no-existe") is None


def test_card_set_altered_in_the_database_is_reported(store: EventStore, raw: Engine) -> None:
    import zlib

    data = card_set_json(10)
    store.put_card_set("modelo-1", digest(data), data)
    drop_append_only_triggers(raw)
    forged = zlib.compress(data.replace(b"[", b"[9,", 1))
    with raw.begin() as conn:
        conn.execute(text("UPDATE card_sets SET data = :d"), {"d": forged})
    with pytest.raises(IntegrityError, match="alterado"):
        store.get_card_set("modelo-1")
