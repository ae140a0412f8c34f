"""A hall's copy of the central record takes only records that continue its chain (R-ACTA-6,
R-NET-2; decision 292)."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

import pytest

from app.centre.link import HallLink, LinkBroken, client_context
from app.centre.record import CENTRE, CentreRecord
from store import open_store


def test_hall_copy_reproduces_the_central_chain_and_refuses_a_tampered_record(
    tmp_path: Path,
) -> None:
    with open_store(f"sqlite:///{tmp_path / 'centro.sqlite'}") as store:
        centre = CentreRecord(store)
        centre.open_partida(1, 100, [("norte", 12), ("sur", 6)], seed=1)
        centre.sell("norte", 12)
        centre.sell("sur", 6)
        centre.start()
        records = centre.after(0)
    with open_store(f"sqlite:///{tmp_path / 'copia.sqlite'}") as copy:
        link = HallLink("wss://127.0.0.1:1", "norte", "x", client_context(None), copy)
        asyncio.run(link._take(records[:2]))
        forged = dataclasses.replace(records[2], payload={**records[2].payload, "count": 1})
        with pytest.raises(LinkBroken):
            asyncio.run(link._take([forged]))
        with pytest.raises(LinkBroken):  # a gap: the record before it is missing
            asyncio.run(link._take(records[3:]))
        assert [r.hash for r in copy.load(CENTRE)] == [r.hash for r in records[:2]]
        asyncio.run(link._take(records))  # the whole record again: only the missing part taken
        assert [r.hash for r in copy.load(CENTRE)] == [r.hash for r in records]
        assert link.state.sold == {"norte": 12, "sur": 6} and link.state.status == "drawing"
    with open_store(f"sqlite:///{tmp_path / 'copia.sqlite'}") as copy:  # after a restart
        again = HallLink("wss://127.0.0.1:1", "norte", "x", client_context(None), copy)
        assert again.last_seq == len(records) and again.state.sold == {"norte": 12, "sur": 6}


def test_hall_copy_refuses_a_central_record_that_is_not_the_one_it_holds(tmp_path: Path) -> None:
    """R-NET-2, R-ACTA-6 (decision 363): a record at a position the copy already holds is the
    same record, hash for hash, or the link is broken. A centre whose record is not the one
    the copy holds (another centre, or its record started afresh) was silently ignored up to
    the copy's length: the hall showed its old partida, "conectada", and missed the new one."""
    with open_store(f"sqlite:///{tmp_path / 'centro.sqlite'}") as store:
        centre = CentreRecord(store)
        centre.open_partida(1, 100, [("norte", 12)], seed=1)
        centre.sell("norte", 6)
        centre.sell("norte", 6)
        first = centre.after(0)
    with open_store(f"sqlite:///{tmp_path / 'otro.sqlite'}") as store:
        other = CentreRecord(store)  # a centre whose record started afresh
        other.open_partida(1, 100, [("norte", 30)], seed=2)
        fresh = other.after(0)
    with open_store(f"sqlite:///{tmp_path / 'copia.sqlite'}") as copy:
        link = HallLink("wss://127.0.0.1:1", "norte", "x", client_context(None), copy)
        asyncio.run(link._take(first))
        with pytest.raises(LinkBroken):
            asyncio.run(link._take(fresh))
        asyncio.run(link._take(first[1:]))  # the same records again are only skipped
        assert [r.hash for r in copy.load(CENTRE)] == [r.hash for r in first]
