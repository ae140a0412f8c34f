"""What a signed checkpoint costs per commit, against a plain commit (docs/store.md, decision
641).

The same 300 one-event commits to a SQLite file written three ways: with no checkpoint (the hot
path before), with the hall's signer (every commit signed by its RSA key, the copy next to the
key replaced and fsynced: what the hall does for a ball or a sale), and with a checkpoint also
stored in the database at every commit (what a close or a prize costs); then the audit's cost of
one more stored checkpoint, which is why only the closes, the sales' closes, the prizes and the
incidents are stored: a real night is some 100 partidas of 60 to 120 commits each.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from app.checkpoints import HallKeySigner, audit
from bingo.chain import Record
from store import open_store

COMMITS = 300


class EveryCommit(HallKeySigner):
    """The hall's signer, asked to store every commit's checkpoint in the database too."""

    def wants(self, records: Sequence[Record]) -> bool:
        return True


def _commits(folder: Path, name: str, signer: HallKeySigner | None) -> list[float]:
    url = f"sqlite:///{folder / name}"
    ms: list[float] = []
    with open_store(url) as store:
        if signer is not None:
            store.sign_checkpoints("SALA-B", signer)
        seq = 0
        for n in range(COMMITS):
            started = time.perf_counter()
            seq = store.append("SALA-B", seq, [("2026-11-22T21:00:00+01:00", "bola", {"n": n})])[
                -1
            ].seq
            ms.append((time.perf_counter() - started) * 1e3)
    return ms


def _figures(ms: list[float]) -> str:
    q = statistics.quantiles(ms, n=100)
    return f"p50 {q[49]:6.2f}  p99 {q[98]:6.2f}  max {max(ms):6.2f} ms"


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        keys = folder / "keys"
        hall = HallKeySigner("SALA-B", keys_dir=keys)
        hall._load()  # the key is made once, before the timing
        every = EveryCommit("SALA-B", keys_dir=keys)
        plain = _commits(folder, "plain.sqlite", None)
        kept = _commits(folder, "kept.sqlite", hall)
        signed = _commits(folder, "signed.sqlite", every)
        print(f"  commit, no checkpoint:                       {_figures(plain)}")
        print(f"  commit, signed, its copy next to the key:    {_figures(kept)}")
        print(f"  commit, signed and stored in the database:   {_figures(signed)}")
        extra = statistics.median(kept) - statistics.median(plain)
        print(f"  the hall's signature adds {extra:.2f} ms a commit (median)")
        with open_store(f"sqlite:///{folder / 'signed.sqlite'}") as store:
            started = time.perf_counter()
            report = audit(store, "SALA-B", keys)
            seconds = time.perf_counter() - started
        assert not report.problems, report.problems
        print(
            f"  audit of {COMMITS} records and {COMMITS} checkpoints: {seconds * 1e3:.0f} ms "
            f"({seconds * 1e3 / COMMITS:.2f} ms a checkpoint)"
        )
