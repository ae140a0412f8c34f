"""A ball the centre's record could not commit leaves no trace in its winners' tracker
(R-MULTI-2, R-NET-1): the same ball entered again once the database answers is taken, and the
winners are those of the balls recorded. A real SQLite file, locked by another connection."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np
import pytest

import store.engine
from app.centre.record import CentreRecord, serie_cards
from bingo import simultaneous as sim
from store import open_store
from store.errors import StoreError
from tests.centre.test_record import oracle


def test_a_ball_the_record_could_not_write_can_be_entered_again_and_counts_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store.engine, "SQLITE_BUSY_TIMEOUT_S", 0.2)  # give up on a lock soon
    path = tmp_path / "centro.sqlite"
    with open_store(f"sqlite:///{path}") as events:
        centre = CentreRecord(events)
        centre.open_partida(1, 100, [("norte", 60), ("sur", 60)], seed=3)
        centre.sell("norte", 60)
        centre.sell("sur", 42)
        centre.start()
        balls = [int(b) for b in np.random.default_rng(2).permutation(90) + 1]
        centre.ball(balls[0])
        holder = sqlite3.connect(path, timeout=0.1, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")  # another program holds the database
        with pytest.raises(StoreError):
            centre.ball(balls[1])
        holder.execute("ROLLBACK")
        holder.close()
        assert centre.state.balls == balls[:1]
        for ball in balls[1:]:  # the same ball again: taken, not "already out"
            if centre.state.status == sim.FINISHED:
                break
            centre.ball(ball)
        line, bingo = oracle(
            serie_cards(3, centre.state.strips),
            [*range(1, 61), *range(61, 103)],
            centre.state.balls,
        )
        assert [w.number for w in centre.state.line] == line
        assert [w.number for w in centre.state.bingo] == bingo
