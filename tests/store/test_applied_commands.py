"""A client's command is recorded with the events it committed, in the same transaction, so a
retry is recognised even after a restart and never applied twice (docs/api.md, "Commands").
"""

from __future__ import annotations

import pytest

from store import ConcurrencyError, EventStore
from store.event_store import AppliedCommand

AT = "2026-11-24T18:00:00+01:00"


def test_a_command_is_recorded_with_its_first_events_and_only_with_them(
    store: EventStore,
) -> None:
    records = store.append("h1", 0, [(AT, "a", {}), (AT, "b", {})], command=("mesa-1", "c1", "x"))
    assert store.applied_command("h1", "mesa-1", "c1") == AppliedCommand("x", records[0].seq)
    assert store.applied_command("h1", "mesa-2", "c1") is None
    assert store.applied_command("h2", "mesa-1", "c1") is None


def test_a_refused_append_records_no_command(store: EventStore) -> None:
    """The same transaction: events refused (another writer got there first), no command row."""
    store.append("h1", 0, [(AT, "a", {})])
    with pytest.raises(ConcurrencyError):
        store.append("h1", 0, [(AT, "b", {})], command=("mesa-1", "c2", "x"))
    assert store.applied_command("h1", "mesa-1", "c2") is None


def by(name: str, role: str) -> tuple[str, str, dict[str, str]]:
    return (
        AT,
        "command_by",
        {"asked_by": name, "role": role, "client": "mesa", "authorised_by": "", "action": ""},
    )


def test_who_asked_is_the_record_s_command_by_in_force_at_the_command_s_first_seq(
    store: EventStore,
) -> None:
    """Not kept twice: the record says who asked (decision 134), the retry is answered by it."""
    store.append("h1", 0, [(AT, "a", {})], command=("mesa", "c0", "x"))  # names nobody
    store.append("h1", 1, [by("Mesa", "jefe_de_mesa"), (AT, "a", {})], command=("mesa", "c1", "x"))
    store.append("h1", 3, [(AT, "b", {})], command=("mesa", "c2", "y"))  # the same one goes on
    store.append("h1", 4, [by("Sala", "jefe_de_sala"), (AT, "a", {})], command=("mesa", "c3", "z"))
    assert store.applied_command("h1", "mesa", "c0") == AppliedCommand("x", 1)
    assert store.applied_command("h1", "mesa", "c1") == AppliedCommand(
        "x", 2, "Mesa", "jefe_de_mesa"
    )
    assert store.applied_command("h1", "mesa", "c2") == AppliedCommand(
        "y", 4, "Mesa", "jefe_de_mesa"
    )
    assert store.applied_command("h1", "mesa", "c3") == AppliedCommand(
        "z", 5, "Sala", "jefe_de_sala"
    )
