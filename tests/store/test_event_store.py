from __future__ import annotations

import threading
import uuid
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Engine, insert, text

from bingo.chain import GENESIS, Record, canonical_json, seal, verify_chain
from store import ConcurrencyError, EventStore, IntegrityError, open_store
from store.models import EventRow

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=10,
)
payloads = st.dictionaries(st.text(max_size=8), json_values, max_size=5)
kinds = st.text(st.characters(codec="utf-8", categories=["L", "N", "P"]), min_size=1, max_size=20)
items = st.lists(
    st.tuples(st.just("2026-11-22T21:00:00+01:00"), kinds, payloads), min_size=1, max_size=6
)


def balls(start: int, count: int, kind: str = "bola") -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (f"2026-11-22T21:{n // 60:02d}:{n % 60:02d}+01:00", kind, {"bola": n % 90 + 1, "orden": n})
        for n in range(start, start + count)
    ]


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(batches=st.lists(items, min_size=1, max_size=3))
def test_appended_events_load_back_exactly_as_sealed(store: EventStore, batches: list[Any]) -> None:
    hall = f"sala-{uuid.uuid4().hex[:8]}"
    written: list[Record] = []
    for batch in batches:
        written += store.append(hall, len(written), batch)
    expected = seal(None, [(at, kind, payload) for batch in batches for at, kind, payload in batch])
    assert [r.hash for r in written] == [r.hash for r in expected]
    assert store.load(hall) == written
    assert [canonical_json(r.payload) for r in written] == [
        canonical_json(r.payload) for r in expected
    ]
    assert store.last(hall) == written[-1]


def test_stored_chain_verifies_from_genesis(store: EventStore) -> None:
    store.append("sala-1", 0, balls(0, 10))
    store.append("sala-1", 10, balls(10, 5))
    records = store.load("sala-1")
    assert [r.seq for r in records] == list(range(1, 16))
    assert records[0].prev_hash == GENESIS
    assert verify_chain(records) is None
    assert store.verify("sala-1") is None


def test_load_after_seq_returns_only_newer_records_still_linked(store: EventStore) -> None:
    store.append("sala-1", 0, balls(0, 8))
    everything = store.load("sala-1")
    assert store.load("sala-1", after_seq=5) == everything[5:]
    assert store.load("sala-1", after_seq=8) == []
    assert verify_chain(everything[5:], start_prev=everything[4].hash) is None


def test_load_after_a_seq_the_hall_never_reached_fails_loudly(store: EventStore) -> None:
    store.append("sala-1", 0, balls(0, 3))
    with pytest.raises(IntegrityError) as err:
        store.load("sala-1", after_seq=7)
    assert err.value.seq == 7


def test_unknown_hall_has_an_empty_record(store: EventStore) -> None:
    assert store.load("sala-vacía") == []
    assert store.last("sala-vacía") is None
    assert store.verify("sala-vacía") is None
    assert store.halls() == []


def test_append_is_durable_for_another_connection_when_it_returns(
    store: EventStore, url: str
) -> None:
    written = store.append("sala-1", 0, balls(0, 3))
    other = open_store(url)
    try:
        assert other.load("sala-1") == written
    finally:
        other.close()


def test_stale_expected_seq_is_refused_and_writes_nothing(store: EventStore) -> None:
    store.append("sala-1", 0, balls(0, 4))
    for stale in (0, 3, 5):
        with pytest.raises(ConcurrencyError):
            store.append("sala-1", stale, balls(100, 2))
    assert [r.seq for r in store.load("sala-1")] == [1, 2, 3, 4]


def test_batch_is_all_or_nothing_when_an_item_is_not_json(store: EventStore) -> None:
    bad = [*balls(0, 2), ("2026-11-22T21:00:00+01:00", "bola", {"bolas": {1, 2}})]
    with pytest.raises(ValueError):
        store.append("sala-1", 0, bad)
    assert store.load("sala-1") == []


@pytest.mark.parametrize("hall_id", ["", "x" * 65, "sala\x00", "sala\n1"])
def test_unusable_hall_ids_are_refused(store: EventStore, hall_id: str) -> None:
    with pytest.raises(ValueError):
        store.append(hall_id, 0, balls(0, 1))
    assert store.halls() == []


def test_empty_append_writes_nothing(store: EventStore) -> None:
    assert store.append("sala-1", 0, []) == []
    assert store.halls() == []


def test_two_halls_in_one_database_keep_separate_chains(store: EventStore) -> None:
    for round_ in range(3):
        store.append("sala-norte", round_ * 2, balls(round_ * 2, 2, "bola-norte"))
        store.append("sala-sur", round_ * 3, balls(round_ * 3, 3, "bola-sur"))
    norte, sur = store.load("sala-norte"), store.load("sala-sur")
    assert store.halls() == ["sala-norte", "sala-sur"]
    assert [r.seq for r in norte] == list(range(1, 7))
    assert [r.seq for r in sur] == list(range(1, 10))
    assert {r.kind for r in norte} == {"bola-norte"}
    assert {r.kind for r in sur} == {"bola-sur"}
    assert norte[0].prev_hash == sur[0].prev_hash == GENESIS
    # A stale writer of one hall does not disturb the other.
    with pytest.raises(ConcurrencyError):
        store.append("sala-norte", 9, balls(0, 1))
    assert store.append("sala-sur", 9, balls(9, 1))[0].seq == 10
    assert store.verify("sala-norte") is None and store.verify("sala-sur") is None


def test_racing_writers_exactly_one_wins_each_round_and_nothing_is_lost(url: str) -> None:
    writers, rounds = 4, 6
    stores = [open_store(url) for _ in range(writers)]
    barrier = threading.Barrier(writers)
    outcome: dict[tuple[int, int], str] = {}
    lock = threading.Lock()

    def writer(w: int) -> None:
        for r in range(rounds):
            barrier.wait()  # everyone believes the hall is at seq r
            try:
                stores[w].append("sala-1", r, [("t", "apunte", {"puesto": w, "ronda": r})])
                result = "ok"
            except ConcurrencyError:
                result = "conflicto"
            with lock:
                outcome[(w, r)] = result
            barrier.wait()  # the round is over for everyone

    threads = [threading.Thread(target=writer, args=(w,)) for w in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    try:
        records = stores[0].load("sala-1")
        assert [r.seq for r in records] == list(range(1, rounds + 1))
        for r in range(rounds):
            winners = [w for w in range(writers) if outcome[(w, r)] == "ok"]
            assert len(winners) == 1, outcome
            assert records[r].payload == {"puesto": winners[0], "ronda": r}
        assert stores[0].verify("sala-1") is None
    finally:
        for s in stores:
            s.close()


def test_writer_blocked_behind_an_uncommitted_append_gets_concurrency_error(
    store: EventStore, url: str
) -> None:
    from sqlalchemy import create_engine
    from sqlalchemy.pool import NullPool

    other: Engine = create_engine(url, poolclass=NullPool)
    first = seal(None, balls(0, 1))[0]
    errors: list[BaseException] = []
    try:
        with other.connect() as conn:
            conn.execute(
                insert(EventRow.__table__).values(
                    hall_id="sala-1",
                    seq=first.seq,
                    at=first.at,
                    kind=first.kind,
                    payload=canonical_json(first.payload).decode(),
                    prev_hash=first.prev_hash,
                    hash=first.hash,
                )
            )  # the other writer now holds its lock / the unique key for seq 1

            def ours() -> None:
                try:
                    store.append("sala-1", 0, balls(50, 1))
                except BaseException as err:
                    errors.append(err)

            thread = threading.Thread(target=ours)
            thread.start()
            thread.join(timeout=0.5)
            assert thread.is_alive(), "our append must wait for the other writer"
            conn.commit()
            thread.join(timeout=30)
    finally:
        other.dispose()
    assert len(errors) == 1 and isinstance(errors[0], ConcurrencyError)
    assert store.load("sala-1") == [first]


def test_sqlite_connections_use_wal_full_sync_and_foreign_keys(sqlite_url: str) -> None:
    store = open_store(sqlite_url)
    try:
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 1000
    finally:
        store.close()


@pytest.mark.postgres
def test_postgresql_commits_synchronously(pg_url: str) -> None:
    store = open_store(pg_url)
    try:
        with store.engine.connect() as conn:
            assert conn.execute(text("SHOW synchronous_commit")).scalar() == "on"
    finally:
        store.close()
