"""Child process for test_checkpoints: a hall whose newest commits are only in the ``-wal``.

Usage: python wal_writer.py SQLITE_PATH. Plays night N1 (its store closes: SQLite folds the
log into the ``.sqlite`` file), then, holding a second connection open so that nothing folds
the log back, night N2. Prints the last seq and waits, the log unfolded, until stdin closes.
"""

from __future__ import annotations

import sqlite3
import sys


def main() -> None:
    from app.cli import main as cli

    path = sys.argv[1]
    url = f"sqlite:///{path}"
    night = ["--date", "2026-11-22", "--partidas", "1", "-q"]
    if cli(["simulate", "--db", url, "--session", "N1", *night]) != 0:
        raise SystemExit("N1 failed")
    holder = sqlite3.connect(path)  # another connection open: closing the store folds nothing
    holder.execute("select count(*) from events").fetchone()
    if cli(["simulate", "--db", url, "--session", "N2", *night]) != 0:
        raise SystemExit("N2 failed")
    last = holder.execute("select max(seq) from events").fetchone()[0]
    print(last, flush=True)
    sys.stdin.read()
    holder.close()


if __name__ == "__main__":
    main()
