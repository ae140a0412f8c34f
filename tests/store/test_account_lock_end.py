"""The ceiling of wrong PINs of one name across stations (issue 20, item 10; decision 590) says
when the name may be tried again: an hour after the oldest of the wrong PINs that reached it.
It said an hour from each try, later than true and moving on with every refused try.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from store import open_store
from store.operators import ACCOUNT_CEILING, ACCOUNT_WINDOW, LOCKED, WRONG, OperatorBook


def test_the_name_is_free_an_hour_after_the_oldest_wrong_pin_that_reached_the_ceiling(
    tmp_path: Path,
) -> None:
    start = dt.datetime(2026, 12, 7, 22, 0, tzinfo=dt.UTC)
    now = [start]
    with open_store(f"sqlite:///{tmp_path / 'hall.sqlite'}") as store:
        book = OperatorBook(store, clock=lambda: now[0])
        for i in range(ACCOUNT_CEILING):  # one a minute, each from its own station
            now[0] = start + dt.timedelta(minutes=i)
            book.record("Sala", f"10.0.0.{i}", "login", WRONG)
        now[0] = start + dt.timedelta(minutes=30)
        assert book.account_locked_until("Sala", now[0]) == start + ACCOUNT_WINDOW
        book.record("Sala", "10.0.9.9", "login", LOCKED)  # a try refused meanwhile
        now[0] = start + dt.timedelta(minutes=45)
        assert book.account_locked_until("Sala", now[0]) == start + ACCOUNT_WINDOW
        now[0] = start + ACCOUNT_WINDOW + dt.timedelta(seconds=1)
        assert book.account_locked_until("Sala", now[0]) is None
