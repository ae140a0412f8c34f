"""The attempts to log in are a bounded table (issue 20, item 4; R-ROLE-3; decision 591): an
unauthenticated flood wrote them to the hall's database at 52-80 rows a second, never pruned.
Past their retention, and beyond the newest ``MAX_ATTEMPTS``, they are forgotten; the lock still
falls on the newest. The limits are lowered here to keep the test short.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

import store.operators as operators
from store import open_store
from store.operators import LOCKED, WRONG, OperatorBook


def test_the_attempts_are_pruned_by_age_and_by_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(operators, "MAX_ATTEMPTS", 40)
    monkeypatch.setattr(operators, "PRUNE_EVERY", 10)
    now = [dt.datetime(2026, 1, 1, tzinfo=dt.UTC)]
    with open_store(f"sqlite:///{tmp_path / 'hall.sqlite'}") as store:
        book = OperatorBook(store, clock=lambda: now[0])
        for i in range(20):  # an old night's attempts
            book.record("Sala", f"10.0.0.{i}", "login", WRONG)
        now[0] += operators.ATTEMPT_RETENTION + dt.timedelta(days=1)
        for _ in range(200):  # a flood, a retention later
            book.record("Sala", "10.0.1.1", "login", LOCKED)
        kept = book.attempts()
        assert len(kept) <= 40 + 10, len(kept)
        assert all(client == "10.0.1.1" for _at, _n, client, _p, _o in kept)  # the old: gone
        assert book.locked_until("Sala", "10.0.1.1") is not None  # the newest still lock
