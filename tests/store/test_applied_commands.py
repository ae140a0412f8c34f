"""A client's command is recorded with the events it committed, in the same transaction, so a
retry is recognised even after a restart and never applied twice (docs/api.md, "Commands").
"""

from __future__ import annotations

import pytest

from store import ConcurrencyError, EventStore

AT = "2026-11-24T18:00:00+01:00"


def test_a_command_is_recorded_with_its_first_events_and_only_with_them(
    store: EventStore,
) -> None:
    records = store.append("h1", 0, [(AT, "a", {}), (AT, "b", {})], command=("mesa-1", "c1", "x"))
    assert store.applied_command("h1", "mesa-1", "c1") == records[0].seq
    assert store.applied_command("h1", "mesa-2", "c1") is None
    assert store.applied_command("h2", "mesa-1", "c1") is None


def test_a_refused_append_records_no_command(store: EventStore) -> None:
    """The same transaction: events refused (another writer got there first), no command row."""
    store.append("h1", 0, [(AT, "a", {})])
    with pytest.raises(ConcurrencyError):
        store.append("h1", 0, [(AT, "b", {})], command=("mesa-1", "c2", "x"))
    assert store.applied_command("h1", "mesa-1", "c2") is None
