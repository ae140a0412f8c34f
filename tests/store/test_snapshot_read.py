"""A reading of the record is one snapshot, even while another process commits (R-ACTA-6: an
acta or export read while play goes on must agree with its own chain).

``EventStore.load`` fetches a long chain in batches; every batch must come from the same
snapshot. On SQLite that needs an explicit ``BEGIN`` held across the reads (the sqlite3 module
would otherwise run each statement in autocommit): this checks that the store's reading
transaction really isolates against a writer in another process, in WAL mode.
"""

from __future__ import annotations

import subprocess
import sys

from sqlalchemy import func, select

from store import open_store
from store.models import EventRow

WRITER = """
import sys
from store import open_store
store = open_store(sys.argv[1])
items = [("2026-11-22T21:00:0%d+01:00" % n, "bola", {"bola": n}) for n in range(3)]
store.append("sala-1", 3, items)
store.close()
"""


def _items(count: int) -> list[tuple[str, str, dict[str, int]]]:
    return [(f"2026-11-22T20:00:0{n}+01:00", "bola", {"bola": n}) for n in range(count)]


def test_a_reading_keeps_its_snapshot_while_another_process_commits(sqlite_url: str) -> None:
    store = open_store(sqlite_url)
    try:
        store.append("sala-1", 0, _items(3))
        count = select(func.count()).select_from(EventRow)
        with store._reading() as session:  # the transaction every read of the store runs in
            before = session.scalar(count)
            subprocess.run([sys.executable, "-c", WRITER, sqlite_url], check=True, timeout=60)
            after = session.scalar(count)
        assert before == after == 3
        assert [r.seq for r in store.load("sala-1")] == [1, 2, 3, 4, 5, 6]  # it did commit
    finally:
        store.close()
