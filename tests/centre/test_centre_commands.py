"""The centre's table commands refuse bad input whole (R-MULTI-2; decision 361): a clear
answer, 400 or 422, and nothing written into the central record every hall copies.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from app.centre.server import build_centre_app
from bingo import rights as rt
from bingo import simultaneous as sim
from store import open_store
from store.operators import OperatorBook

PIN = "738291"
GOOD: dict[str, Any] = {"partida": 1, "price_cents": 150, "allotments": {"norte": 60}, "seed": 4}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with open_store(f"sqlite:///{tmp_path / 'centro.sqlite'}") as store:
        OperatorBook(store).add("Mesa", rt.JEFE_DE_SALA, PIN)
        with TestClient(build_centre_app(store)) as client:
            token = client.post("/api/v1/login", json={"v": 1, "name": "Mesa", "pin": PIN})
            client.headers["Authorization"] = f"Bearer {token.json()['token']}"
            yield client


@pytest.mark.parametrize(
    "bad",
    [
        {"partida": 1.5},
        {"partida": "1"},
        {"partida": True},
        {"price_cents": 150.9},
        {"price_cents": "150"},
        {"seed": 1.7},
        {"seed": -1},
        {"allotments": {"": 60}},
        {"allotments": {"x" * 500: 60}},
        {"allotments": {"norte": 60.5}},
        {"allotments": {"norte": sim.MAX_CARTONES + 1}},
    ],
)
def test_an_open_with_a_bad_figure_is_refused_and_records_nothing(
    client: TestClient, bad: dict[str, Any]
) -> None:
    """A price of 150.9 is not taken as 150 cents, nor a partida 1.5 as the 1: the partida's
    figures are refused as sent, and an open that could never be drawn is not recorded."""
    answer = client.post("/centre/v1/commands", json={"name": "open", "args": {**GOOD, **bad}})
    assert answer.status_code in (400, 422), answer.text
    assert answer.json()["error"]["message"]
    assert client.get("/centre/v1/state").json()["version"] == 0
    good = client.post("/centre/v1/commands", json={"name": "open", "args": GOOD})
    assert good.status_code == 200, good.text


def test_a_centre_started_again_holds_no_hall_linked_until_it_links_again(tmp_path: Path) -> None:
    """R-INC-1 (decisions 292, 362): the centre's links end when it stops, and a hall that does
    not come back must not count as linked. Started again, the centre records each hall its
    record left linked as lost, so the sale is not closed (no first ball) while a hall with
    cartones sold has no link: it is waited for, or withdrawn with its refund."""
    from app.centre.record import CentreRecord

    with open_store(f"sqlite:///{tmp_path / 'centro.sqlite'}") as store:
        OperatorBook(store).add("Mesa", rt.JEFE_DE_SALA, PIN)
        before = CentreRecord(store)
        before.ball_count(list(range(1, 91)), "manual")
        before.open_partida(1, 150, [("norte", 60), ("sur", 60)], seed=4)
        for hall in ("norte", "sur"):
            before.link(hall, "linked", "10.0.0.1")
            before.sell(hall, 30)
        # the centre stops here, its links with it, and starts again on its record
        with TestClient(build_centre_app(store)) as client:
            token = client.post("/api/v1/login", json={"v": 1, "name": "Mesa", "pin": PIN})
            client.headers["Authorization"] = f"Bearer {token.json()['token']}"
            state = client.get("/centre/v1/state").json()["state"]
            assert state["linked"] == {"norte": False, "sur": False}
            start = client.post("/centre/v1/commands", json={"name": "start", "args": {}})
            assert start.status_code == 422, start.text
            assert start.json()["error"]["code"] == "hall_unlinked"
