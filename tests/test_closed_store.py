"""A command leaves the database as it found it: every connection it opened is closed when it
ends, and a store is never read after its close (that would open a connection nobody closes,
its write-ahead log left beside the database until the process ends; R-ACTA-6).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main
from store import open_store


def test_export_closes_the_database_it_read(tmp_path: Path) -> None:
    db = tmp_path / "hall.sqlite"
    url = f"sqlite:///{db}"
    night = ["--session", "N1", "--date", "2026-11-22", "--partidas", "1", "-q"]
    assert main(["simulate", "--db", url, *night]) == 0
    assert main(["export", "--db", url, "-o", str(tmp_path / "export.json")]) == 0
    # SQLite removes the write-ahead log when the last connection closes
    assert sorted(p.name for p in tmp_path.glob("hall.sqlite*")) == ["hall.sqlite"]


def test_a_store_read_after_its_close_is_refused(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'hall.sqlite'}")
    store.close()
    with pytest.raises(RuntimeError, match="after it was closed"):
        store.halls()
