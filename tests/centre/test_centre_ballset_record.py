"""The centre's count of its balls in its record (R-BALL-2; decisions 22, 347): a fold of the
central record, so a centre restarted, and every hall's copy folding the same records, know
whether the next partida may open. A real SQLite store.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.centre.record import CentreRecord
from bingo import simultaneous as sim
from store import EventStore, open_store

LOTS = [("norte", 12)]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[EventStore]:
    with open_store(f"sqlite:///{tmp_path / 'centro.sqlite'}") as store:
        yield store


def test_a_count_recorded_before_a_restart_still_opens_the_partida(store: EventStore) -> None:
    CentreRecord(store, count_required=True).ball_count(list(range(90, 0, -1)), "reader")
    restarted = CentreRecord(store, count_required=True)
    assert restarted.state.counted is True
    copy = sim.fold((r.kind, r.payload) for r in store.load("centro"))  # a hall's copy
    assert copy.counted is True and copy.ball_count == restarted.state.ball_count
    restarted.open_partida(1, 100, LOTS, seed=3)
    assert CentreRecord(store, count_required=True).state.counted is False  # partida 1's


def test_a_count_that_does_not_conform_blocks_the_partida_even_where_none_is_required(
    store: EventStore,
) -> None:
    """Decision 22 (a failed count blocks the opening) at any centre; decision 348."""
    record = CentreRecord(store)
    numbers = [n for n in range(1, 91) if n != 44] + [45]
    record.ball_count(numbers, "manual")
    payload = record.records[-1].payload
    assert payload["ok"] is False and payload["missing"] == [44] and payload["duplicated"] == [45]
    with pytest.raises(sim.SimultaneousError) as refused:
        record.open_partida(1, 100, LOTS, seed=3)
    assert refused.value.code == "balls_not_conforming" and "faltan 44" in refused.value.message
    damaged = record.ball_count(list(range(1, 91)), "manual", False, "la 12 rajada")
    assert damaged.payload["ok"] is False
    with pytest.raises(sim.SimultaneousError, match="la 12 rajada"):
        record.open_partida(1, 100, LOTS, seed=3)
    record.ball_count(list(range(1, 91)), "manual")
    assert record.open_partida(1, 100, LOTS, seed=3).kind == sim.OPENED
    assert store.verify("centro") is None
