"""The interconnected prize's one ledger in PostgreSQL (SPEC R-MULTI-1; docs/decisions.md
286): halls racing for the fund from separate processes, exactly one wins; a partida settled
again gets its first answer and contributes once; the ledger balances to the cent.
"""

from __future__ import annotations

import multiprocessing
import uuid
from typing import Any

import pytest
from sqlalchemy import create_engine

from app.config import load_region
from bingo.interconnected import Announcement, InterconnectedRules, PartidaKey
from store.engine import make_engine
from store.interconnected import InterconnectedError, PgLedger
from store.migrate import upgrade

RULES = load_region("cantabria").interconnected
assert RULES is not None


def ledger(url: str, network: str, rules: InterconnectedRules = RULES) -> PgLedger:
    engine = make_engine(url)
    upgrade(engine)
    return PgLedger(engine, network, rules)


def seeded(url: str, network: str) -> tuple[PgLedger, Announcement]:
    """A network whose fund is in play: one partida without a bingo fed it 40 €."""
    book = ledger(url, network)
    shown = Announcement(1, 0, None)
    book.settle(PartidaKey("feeder", "S1", 1), shown, 200_000, None, 0)
    state = book.state()
    assert (state.generation, state.fund_cents) == (1, 4_000)
    return book, Announcement(1, 4_000, RULES.ball_limit(4_000))


def _race(url: str, network: str, hall: str, barrier: Any, out: Any) -> None:
    book = ledger(url, network)
    barrier.wait()  # every hall settles its bingo at the same instant
    answer = book.settle(PartidaKey(hall, "S1", 1), Announcement(1, 4_000, 50), 30_000, 44, 1)
    out.put((hall, answer.settlement.awarded_cents, answer.txid))


@pytest.mark.postgres
@pytest.mark.timeout(120)
def test_halls_racing_for_the_fund_from_separate_processes_only_one_wins(pg_url: str) -> None:
    """Six halls, each in its own process, settle a bingo within the scale for the same fund at
    the same instant: exactly one takes it, the others contribute to the next (R-MULTI-1).
    """
    network = f"race-{uuid.uuid4().hex[:8]}"
    book, _shown = seeded(pg_url, network)
    spawn = multiprocessing.get_context("spawn")
    barrier, out = spawn.Barrier(6), spawn.Queue()
    halls = [f"hall-{n}" for n in range(6)]
    procs = [spawn.Process(target=_race, args=(pg_url, network, h, barrier, out)) for h in halls]
    for p in procs:
        p.start()
    for p in procs:
        p.join(90)
        assert p.exitcode == 0
    results = [out.get(timeout=5) for _ in halls]
    winners = [r for r in results if r[1]]
    assert len(winners) == 1
    assert winners[0][1] == 4_000 + 600  # the whole fund, its own 2 % of 300 € included
    assert len({r[2] for r in results}) == 6  # six transactions
    state = book.state()
    assert state.generation == 2
    balance = book.balance()
    assert balance.contributed_cents == 4_000 + 6 * 600
    assert balance.balances


@pytest.mark.postgres
def test_a_partida_settled_again_after_a_cut_gets_its_first_answer_and_contributes_once(
    pg_url: str,
) -> None:
    network = f"replay-{uuid.uuid4().hex[:8]}"
    book, shown = seeded(pg_url, network)
    key = PartidaKey("hall-a", "S1", 3)
    first = book.settle(key, shown, 30_000, 70, 1)
    again = book.settle(key, shown, 30_000, 70, 1)
    assert again == first
    assert book.balance().contributed_cents == 4_000 + 600
    assert book.balance().balances


@pytest.mark.postgres
def test_a_partida_settled_again_with_other_figures_is_refused(pg_url: str) -> None:
    network = f"other-{uuid.uuid4().hex[:8]}"
    book, shown = seeded(pg_url, network)
    key = PartidaKey("hall-a", "S1", 3)
    book.settle(key, shown, 30_000, 70, 1)
    with pytest.raises(InterconnectedError, match="ya está liquidada"):
        book.settle(key, shown, 31_000, 70, 1)
    assert book.balance().contributed_cents == 4_000 + 600


@pytest.mark.postgres
def test_a_hall_with_other_figures_cannot_share_the_fund(pg_url: str) -> None:
    network = f"figures-{uuid.uuid4().hex[:8]}"
    seeded(pg_url, network)
    other = InterconnectedRules(
        contribution_bp=300,
        fund_max_cents=RULES.fund_max_cents,
        reserve_max_cents=RULES.reserve_max_cents,
        scale=RULES.scale,
    )
    with pytest.raises(InterconnectedError, match="otras cifras"):
        ledger(pg_url, network, other).state()


def test_the_ledger_is_not_kept_in_a_sqlite_file(tmp_path: Any) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'hall.sqlite'}")
    with pytest.raises(InterconnectedError, match="PostgreSQL"):
        PgLedger(engine, "net", RULES)
