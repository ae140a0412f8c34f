"""The centre's record of a simultaneous partida on a real SQLite file (R-MULTI-2)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from app.centre.main import centre_rules
from app.centre.record import CentreRecord, serie_cards
from app.config import load_hall
from bingo import simultaneous as sim
from store import open_store


def oracle(cards: np.ndarray, sold: list[int], balls: list[int]) -> tuple[list[int], list[int]]:
    """The first line's and the bingo's cartones by plain sets, apart from the tracker."""
    drawn: set[int] = set()
    line: list[int] = []
    for ball in balls:
        drawn.add(ball)
        full = {n: [set(map(int, row)) <= drawn for row in cards[n - 1]] for n in sold}
        if not line:
            line = sorted(n for n, rows in full.items() if any(rows))
        bingo = sorted(n for n, rows in full.items() if all(rows))
        if bingo:
            return line, bingo
    raise AssertionError("no bingo")


def test_centre_finds_every_halls_winners_and_a_restart_loses_nothing(tmp_path: Path) -> None:
    """The winners are found at the centre over the cartones sold in every hall; a centre that
    stops mid-partida goes on from its record with the same tracker state."""
    url = f"sqlite:///{tmp_path / 'centro.sqlite'}"
    balls = [int(b) for b in np.random.default_rng(9).permutation(np.arange(1, 91))]
    with open_store(url) as store:
        centre = CentreRecord(store)
        centre.open_partida(1, 100, [("norte", 300), ("sur", 200), ("este", 100)], seed=4)
        centre.sell("norte", 250)
        centre.sell("sur", 200)
        centre.sell("este", 40)
        centre.start()
        for ball in balls[:20]:
            centre.ball(ball)
    with open_store(url) as store:  # the centre restarted
        centre = CentreRecord(store)
        assert centre.state.balls == balls[:20]
        for ball in balls[20:]:
            if centre.state.status == sim.FINISHED:
                break
            centre.ball(ball)
        sold = [*range(1, 251), *range(301, 501), *range(501, 541)]
        line, bingo = oracle(serie_cards(4, centre.state.strips), sold, centre.state.balls)
        assert [w.number for w in centre.state.line] == line
        assert [w.number for w in centre.state.bingo] == bingo
        assert all(w.hall == centre.state.hall_of(w.number) for w in centre.state.bingo)
        assert store.verify("centro") is None
        with pytest.raises(sim.SimultaneousError):
            centre.ball(balls[-1])  # the partida is closed


def test_hall_lost_before_the_first_ball_is_waited_for_or_withdrawn_with_refund(
    tmp_path: Path,
) -> None:
    """R-INC-1 for one hall (decision 292): the first ball waits while a hall with cartones
    has no link; withdrawn, its cartones are refunded and out of play. After the first ball
    (R-INC-2) a hall is no longer withdrawn: its cartones stay in play."""
    with open_store(f"sqlite:///{tmp_path / 'centro.sqlite'}") as store:
        centre = CentreRecord(store)
        centre.open_partida(1, 150, [("norte", 60), ("sur", 60)], seed=2)
        for hall in ("norte", "sur"):
            centre.link(hall, "linked", "10.0.0.1")
            centre.sell(hall, 30)
        centre.link("sur", "lost", "10.0.0.2")
        with pytest.raises(sim.SimultaneousError) as waiting:
            centre.start()
        assert waiting.value.code == "hall_unlinked"
        withdrawn = centre.withdraw("sur", "Centro")
        assert withdrawn.payload["refund_cents"] == 30 * 150
        started = centre.start()
        assert started.payload["cards_sold"] == 30
        assert centre.claim("sur", 61, sim.BINGO).payload["verdict"] == sim.REFUNDED
        with pytest.raises(sim.SimultaneousError):
            centre.withdraw("norte", "Centro")


def test_hall_messages_are_applied_once_whatever_is_sent_again(tmp_path: Path) -> None:
    """Decision 293 and R-NET-1: the same message again (same number) is refused and recorded;
    the same sale sent again under a new number is refused because it no longer starts at the
    cartón it names."""
    with open_store(f"sqlite:///{tmp_path / 'centro.sqlite'}") as store:
        centre = CentreRecord(store)
        centre.open_partida(1, 100, [("norte", 20)], seed=3)
        sale = {"count": 5, "first": 1}
        assert centre.message("norte", 1, "sell", sale, "10.0.0.1")["ok"]
        replayed = centre.message("norte", 1, "sell", sale, "10.0.0.1")
        retried = centre.message("norte", 2, "sell", sale, "10.0.0.1")
        assert (replayed["code"], retried["code"]) == ("replayed", "stale_sale")
        assert centre.state.sold == {"norte": 5}
        refusals = [r.payload for r in centre.after(0) if r.kind == sim.LINK]
        assert refusals == [{"hall": "norte", "outcome": "refused", "address": "10.0.0.1",
                             "reason": "replayed"}]  # fmt: skip


def test_simultaneous_partida_distributes_the_regions_whole_67_percent(tmp_path: Path) -> None:
    """Cantabria V.1: "el 67 % … en cada partida"; no prima nor bola loca is played in a
    simultaneous partida, so their shares go to the bingo (decision 298; R-NET-3). The demo
    hall runs bola loca at 1 %: the centre takes its region's rules, not the hall's."""
    hall = load_hall(None)
    assert hall.rules.bola_loca_bp  # the hall's own rules are cut by its bola loca
    for rules in (centre_rules(hall), hall.rules):
        with open_store(f"sqlite:///{tmp_path / f'c{rules.bingo_bp}.sqlite'}") as store:
            centre = CentreRecord(store, rules=rules)
            centre.open_partida(1, 100, [("norte", 60), ("sur", 60)], seed=3)
            for name in ("norte", "sur"):
                centre.link(name, "linked", "10.0.0.1")
                centre.sell(name, 50)
            closing = centre.start().payload
        assert closing["takings_cents"] == 10_000
        assert (closing["line_bp"], closing["bingo_bp"]) == (1000, 5700)
        assert (closing["line_cents"], closing["bingo_cents"]) == (1000, 5700)


@pytest.mark.parametrize(
    ("requests", "seed", "code"),
    [
        ([("norte", sim.MAX_CARTONES), ("sur", 1)], 3, "serie_too_large"),
        ([("norte", 10**15)], 3, "serie_too_large"),
        ([("norte", 12)], -1, "bad_seed"),
    ],
)
def test_a_partida_the_centre_could_never_draw_is_refused_when_opened(
    tmp_path: Path, requests: list[tuple[str, int]], seed: int, code: str
) -> None:
    """R-MULTI-2 (decision 361): a serie beyond what the centre can build, or a seed its
    generator refuses, is refused at ``open`` with nothing recorded. Before, the open was
    recorded, the close of the sale recorded too and then the serie failed to build: the
    partida stayed "drawing" with every ball refused, and the centre could not start again."""
    url = f"sqlite:///{tmp_path / 'centro.sqlite'}"
    with open_store(url) as store:
        centre = CentreRecord(store)
        with pytest.raises(sim.SimultaneousError) as refused:
            centre.open_partida(1, 100, requests, seed=seed)
        assert refused.value.code == code
        assert centre.after(0) == []
    with open_store(url) as store:
        assert CentreRecord(store).state.status == ""  # starts again, nothing open


def test_a_sale_closed_whose_serie_cannot_be_built_records_nothing(tmp_path: Path) -> None:
    """R-MULTI-2: the close of the sale is recorded only once the centre holds the serie and
    the tracker over the cartones in play; if building them fails, nothing is recorded and the
    sale stays open (the halls keep selling, or the partida is withdrawn or annulled)."""
    url = f"sqlite:///{tmp_path / 'centro.sqlite'}"
    with open_store(url) as store:
        centre = CentreRecord(store)
        centre.open_partida(1, 100, [("norte", 12)], seed=3)
        centre.sell("norte", 10)
        centre.state.seed = -1  # as a record written before seeds were checked would hold
        with pytest.raises(ValueError):
            centre.start()
        assert centre.state.status == sim.SELLING
        assert [r.kind for r in centre.after(0)] == [sim.OPENED, sim.SOLD]
    with open_store(url) as store:
        assert CentreRecord(store).state.status == sim.SELLING
