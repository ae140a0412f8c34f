"""A writer killed with SIGKILL at any instant loses nothing committed and corrupts nothing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bingo.chain import seal
from store import open_store
from tests.store.crash_writer import batch_size, event

WRITER = Path(__file__).with_name("crash_writer.py")
ROOT = Path(__file__).resolve().parents[2]


def batch_boundaries(limit: int) -> set[int]:
    ends, seq = {0}, 0
    while seq < limit:
        seq += batch_size(seq)
        ends.add(seq)
    return ends


def write_until_killed(url: str, hall: str, delay: float) -> int:
    """Start the writer, SIGKILL it ``delay`` s after its first commit; the last seq it acked."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, str(WRITER), url, hall],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    if not first:
        proc.wait(timeout=30)
        pytest.fail(f"the writer stopped before writing: {proc.stderr.read()}")
    time.sleep(delay)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    rest = proc.stdout.read()
    proc.stdout.close()
    proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL
    acked = [int(line) for line in (first + rest).splitlines(keepends=True) if line.endswith("\n")]
    return acked[-1]


@pytest.mark.slow
def test_sigkill_during_appends_leaves_an_intact_prefix_with_every_acked_event(url: str) -> None:
    hall = "sala-1"
    acked_before = 0
    for delay in (0.0, 0.03, 0.15, 0.4):
        acked = write_until_killed(url, hall, delay)
        assert acked > acked_before

        store = open_store(url)
        try:
            records = store.load(hall)  # raises if any record is damaged
            assert store.verify(hall) is None
        finally:
            store.close()
        last = records[-1].seq if records else 0
        assert last >= acked, "an acknowledged (announced) event was lost"
        assert last in batch_boundaries(last), "a transaction was half written"
        expected = seal(None, [event(n) for n in range(1, last + 1)])
        assert records == expected, "the store holds something that was never being written"
        acked_before = last
