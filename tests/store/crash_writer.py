"""Child process for test_crash: appends a known stream of events forever, until killed.

Usage: python crash_writer.py URL HALL. After each commit it prints the last seq written, so
the parent knows what was acknowledged ("announced") before it sends SIGKILL.
"""

from __future__ import annotations

import sys
from typing import Any


def event(seq: int) -> tuple[str, str, dict[str, Any]]:
    """The seq-th event of the stream: the same whoever writes it and whenever."""
    return (
        f"2026-11-22T{seq // 3600 % 24:02d}:{seq // 60 % 60:02d}:{seq % 60:02d}+01:00",
        "bola",
        {"bola": seq % 90 + 1, "orden": seq, "relleno": "x" * (seq * 37 % 300)},
    )


def batch_size(after_seq: int) -> int:
    """How many events the writer commits in one transaction after ``after_seq``."""
    return after_seq % 5 + 1


def main() -> None:
    from store import open_store

    url, hall = sys.argv[1], sys.argv[2]
    store = open_store(url)
    last = store.last(hall)
    seq = last.seq if last else 0
    while True:
        items = [event(n) for n in range(seq + 1, seq + batch_size(seq) + 1)]
        seq = store.append(hall, seq, items)[-1].seq
        print(seq, flush=True)


if __name__ == "__main__":
    main()
