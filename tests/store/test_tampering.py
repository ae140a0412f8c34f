"""The record is append-only, and whatever gets past that is caught when read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.exc import DBAPIError

from bingo.chain import record_hash
from store import EventStore, IntegrityError, open_store
from tests.store.conftest import drop_append_only_triggers, sqlite_url_for


def fill(store: EventStore, hall: str = "sala-1", count: int = 6) -> None:
    store.append(
        hall,
        0,
        [
            (f"2026-11-22T21:00:{n:02d}+01:00", "bola", {"bola": n * 7, "orden": n})
            for n in range(1, count + 1)
        ],
    )


def snapshot(raw: Engine) -> list[Any]:
    with raw.connect() as conn:
        return list(conn.execute(text("SELECT * FROM events ORDER BY hall_id, seq")))


@pytest.mark.parametrize(
    "statement",
    [
        'UPDATE events SET payload = \'{"bola":90,"orden":3}\' WHERE seq = 3',
        "UPDATE events SET kind = 'anulada'",
        "DELETE FROM events WHERE seq = 6",
        "DELETE FROM events",
    ],
)
def test_hand_written_update_or_delete_of_events_is_refused(
    store: EventStore, raw: Engine, statement: str
) -> None:
    fill(store)
    before = snapshot(raw)
    with pytest.raises(DBAPIError, match="solo añadir"), raw.begin() as conn:
        conn.exec_driver_sql(statement)
    assert snapshot(raw) == before
    assert store.verify("sala-1") is None


@pytest.mark.postgres
def test_truncate_of_events_is_refused_on_postgresql(pg_url: str) -> None:
    from sqlalchemy import create_engine

    store = open_store(pg_url)
    raw = create_engine(pg_url)
    try:
        fill(store)
        with pytest.raises(DBAPIError, match="solo añadir"), raw.begin() as conn:
            conn.execute(text("TRUNCATE events"))
        assert len(store.load("sala-1")) == 6
    finally:
        raw.dispose()
        store.close()


def test_card_sets_cannot_be_rewritten_by_hand(store: EventStore, raw: Engine) -> None:
    store.put_card_set("modelo-1", "sha256:abc", b'{"cartones": []}')
    with pytest.raises(DBAPIError, match="solo añadir"), raw.begin() as conn:
        conn.execute(text("UPDATE card_sets SET digest = 'sha256:def'"))
    with pytest.raises(DBAPIError, match="solo añadir"), raw.begin() as conn:
        conn.execute(text("DELETE FROM card_sets"))
    assert store.get_card_set("modelo-1") == b'{"cartones": []}'


def test_changed_payload_byte_is_named_by_seq_in_load_and_verify(
    store: EventStore, raw: Engine
) -> None:
    fill(store)
    drop_append_only_triggers(raw)
    with raw.begin() as conn:  # 21 -> 29: one byte of the stored payload
        conn.exec_driver_sql('UPDATE events SET payload = \'{"bola":29,"orden":3}\' WHERE seq = 3')
    with pytest.raises(IntegrityError, match="registro 3") as err:
        store.load("sala-1")
    assert err.value.seq == 3
    brk = store.verify("sala-1")
    assert brk is not None and brk.seq == 3
    with pytest.raises(IntegrityError):
        store.load("sala-1", after_seq=2)


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("at", "2026-11-22T21:00:09+01:00"),
        ("kind", "bolA"),
        ("payload", '{"bola":21,"orden":3,"x":"ñ"}'),
        ("prev_hash", "f" * 64),
        ("hash", "0" * 64),
    ],
)
def test_any_altered_column_of_a_record_is_named_by_seq_in_load_and_verify(
    store: EventStore, raw: Engine, column: str, value: str
) -> None:
    """R-ACTA-6: every column the hash covers, and the chain's own links, are checked when
    the record is read, whatever way the store reads it."""
    fill(store)
    drop_append_only_triggers(raw)
    with raw.begin() as conn:
        conn.execute(text(f"UPDATE events SET {column} = :v WHERE seq = 3"), {"v": value})
    with pytest.raises(IntegrityError) as err:
        store.load("sala-1")
    assert err.value.seq == 3
    brk = store.verify("sala-1")
    assert brk is not None and brk.seq == 3
    with pytest.raises(IntegrityError) as err:
        store.load("sala-1", after_seq=3)  # the anchor itself is re-hashed
    assert err.value.seq == 3


def test_rehashed_forgery_breaks_the_link_of_the_next_record(
    store: EventStore, raw: Engine
) -> None:
    fill(store)
    forged = record_hash(
        4,
        "2026-11-22T21:00:04+01:00",
        "bola",
        {"bola": 1, "orden": 4},
        store.load("sala-1")[2].hash,
    )
    drop_append_only_triggers(raw)
    with raw.begin() as conn:
        conn.execute(
            text("UPDATE events SET payload = :p, hash = :h WHERE seq = 4"),
            {"p": '{"bola":1,"orden":4}', "h": forged},
        )
    brk = store.verify("sala-1")
    assert brk is not None and brk.seq == 5
    with pytest.raises(IntegrityError) as err:
        store.load("sala-1")
    assert err.value.seq == 5


def test_removed_record_is_named_by_its_seq(store: EventStore, raw: Engine) -> None:
    fill(store)
    drop_append_only_triggers(raw)
    with raw.begin() as conn:
        conn.execute(text("DELETE FROM events WHERE seq = 2"))
    brk = store.verify("sala-1")
    assert brk is not None and brk.seq == 2
    with pytest.raises(IntegrityError, match="falta el registro 2"):
        store.load("sala-1")
    with pytest.raises(IntegrityError, match="falta el registro 2") as err:
        store.load("sala-1", after_seq=2)  # a reader that had seen record 2
    assert err.value.seq == 2


def test_removed_first_record_is_detected(store: EventStore, raw: Engine) -> None:
    fill(store)
    drop_append_only_triggers(raw)
    with raw.begin() as conn:
        conn.execute(text("DELETE FROM events WHERE seq = 1"))
    brk = store.verify("sala-1")
    assert brk is not None and brk.seq == 1


def test_non_canonical_payload_text_is_reported(store: EventStore, raw: Engine) -> None:
    fill(store)
    drop_append_only_triggers(raw)
    with raw.begin() as conn:  # same meaning, different bytes: still not what was sealed
        conn.exec_driver_sql('UPDATE events SET payload = \'{"orden":2, "bola":14}\' WHERE seq = 2')
    brk = store.verify("sala-1")
    assert brk is not None and brk.seq == 2


def test_append_refuses_to_chain_onto_a_forged_last_record(store: EventStore, raw: Engine) -> None:
    fill(store)
    drop_append_only_triggers(raw)
    with raw.begin() as conn:
        conn.execute(text("UPDATE events SET kind = 'linea' WHERE seq = 6"))
    with pytest.raises(IntegrityError) as err:
        store.append("sala-1", 6, [("2026-11-22T21:01:00+01:00", "bola", {"bola": 5})])
    assert err.value.seq == 6
    with pytest.raises(IntegrityError):
        store.last("sala-1")


def test_tampering_with_one_hall_leaves_the_other_verifiable(
    store: EventStore, raw: Engine
) -> None:
    fill(store, "sala-norte")
    fill(store, "sala-sur")
    drop_append_only_triggers(raw)
    with raw.begin() as conn:
        conn.execute(text("UPDATE events SET at = 'ayer' WHERE hall_id = 'sala-sur' AND seq = 5"))
    assert store.verify("sala-norte") is None
    brk = store.verify("sala-sur")
    assert brk is not None and brk.seq == 5
    assert len(store.load("sala-norte")) == 6


def test_byte_edited_sqlite_file_fails_to_load(tmp_path: Path) -> None:
    path = tmp_path / "hall.sqlite"
    store = open_store(sqlite_url_for(path))
    store.append(
        "sala-1",
        0,
        [("t", "premio", {"importe": n * 100, "nota": f"MARCA-{n:04d}"}) for n in range(1, 9)],
    )
    store.close()  # the last connection checkpoints the WAL into the main file
    data = path.read_bytes()
    assert data.count(b"MARCA-0005") == 1
    path.write_bytes(data.replace(b"MARCA-0005", b"MARCA-0006"))  # a hex editor, one byte

    reopened = open_store(sqlite_url_for(path))
    try:
        with pytest.raises(IntegrityError) as err:
            reopened.load("sala-1")
        assert err.value.seq == 5
        with pytest.raises(IntegrityError):
            reopened.load("sala-1", after_seq=5)  # the anchor itself is checked
        assert [r.seq for r in reopened.load("sala-1", after_seq=6)] == [7, 8]
        brk = reopened.verify("sala-1")
        assert brk is not None and brk.seq == 5
    finally:
        reopened.close()


def test_records_with_any_text_read_back_verified_with_the_chains_own_hash(
    store: EventStore,
) -> None:
    """R-ACTA-6: what load checks is the chain's own hash (bingo.chain.record_hash), whatever
    the payload holds: accents, quotes, escapes, line separators, nested values."""
    payloads: list[dict[str, Any]] = [
        {"nota": 'Año «ñ» "comillas" \\ barra\nlínea\u2028sep\x01', "n": -7},
        {"z": [1, [2, None], {"b": True, "a": 1.5}], "é": {}},
        {},
    ]
    store.append(
        "sala-1",
        0,
        [(f"2026-11-22T21:00:0{n}+01:00", 'nota «ñ» "x"', p) for n, p in enumerate(payloads)],
    )
    loaded = store.load("sala-1")
    assert [r.payload for r in loaded] == payloads
    prev = "0" * 64
    for rec in loaded:
        assert rec.prev_hash == prev
        assert rec.hash == record_hash(rec.seq, rec.at, rec.kind, rec.payload, prev)
        prev = rec.hash
    assert store.verify("sala-1") is None
