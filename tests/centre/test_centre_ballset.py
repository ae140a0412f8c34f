"""The centre counts its 90 balls with its reader before each simultaneous partida, as a hall
counts them before its session (R-BALL-2; Cantabria II.2 "Al inicio y finalización de cada
sesión … recuento", III "Antes de iniciarse cada sesión … comprobación de las bolas"; decisions
22, 43, 347, 348): the hall's reader scan (``app.devices.DeviceDraws.scan`` over the real
drivers), real emulators on pseudo-terminals, the centre's record on a real SQLite file. The
count is a central record (``simul.ball_count``) every hall copies; a set with a ball missing
or repeated is recorded, named, and opens no partida; a reader that cannot count records
nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from app.centre.draws import CentreDrawRecord
from app.centre.record import CentreRecord
from app.centre.server import build_centre_app
from app.devices import DeviceDraws, emulated_operator
from bingo import rights as rt
from bingo import simultaneous as sim
from store import EventStore, open_store
from store.operators import OperatorBook
from tests.e2e.test_device_draws import devices

__all__ = ["devices"]

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]

ALLOTMENTS = {"norte": 60, "sur": 60}
PIN = "738291"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[EventStore]:
    with open_store(f"sqlite:///{tmp_path / 'centro.sqlite'}") as store:
        OperatorBook(store).add("Mesa", rt.JEFE_DE_SALA, PIN)
        yield store


class Table:
    """The centre's table over its server, with the centre's record and emulated devices."""

    def __init__(self, client: TestClient, held: list[CentreRecord], session: Any) -> None:
        self.client = client
        self.session = session
        token = client.post("/api/v1/login", json={"v": 1, "name": "Mesa", "pin": PIN})
        client.headers["Authorization"] = f"Bearer {token.json()['token']}"
        self.record = held[0]

    def command(self, name: str, **args: Any) -> Any:
        return self.client.post("/centre/v1/commands", json={"name": name, "args": args})

    def state(self) -> dict[str, Any]:
        body: dict[str, Any] = self.client.get("/centre/v1/state").json()
        return body

    def open(self, partida: int = 1) -> Any:
        return self.command("open", partida=partida, price_cents=100, allotments=ALLOTMENTS)

    def counts(self) -> list[dict[str, Any]]:
        return [dict(r.payload) for r in self.record.records if r.kind == sim.BALL_COUNT]

    def sell_and_start(self) -> None:
        for hall in ALLOTMENTS:  # the halls' links and sales, as their messages would record
            self.record.link(hall, "linked", "10.0.0.1")
            self.record.sell(hall, 30)
        assert self.command("start").status_code == 200


@pytest.fixture
def table(store: EventStore, devices: Any) -> Iterator[Table]:
    session = devices([])
    held: list[CentreRecord] = []

    def opened(record: CentreRecord) -> Any:
        held.append(record)
        draws = DeviceDraws(CentreDrawRecord(record), session.source, emulated_operator(session))
        draws.unattended = False
        return draws, lambda: None

    with TestClient(build_centre_app(store, devices=opened)) as client:
        yield Table(client, held, session)


def test_the_centre_opens_no_partida_before_its_reader_counts_the_balls(table: Table) -> None:
    """R-BALL-2, decision 347: as a hall's session does not open without the count, nothing is
    opened, so nothing sold nor drawn, before it."""
    refused = table.open()
    assert refused.status_code == 422, refused.text
    assert refused.json()["error"]["code"] == "balls_not_counted"
    assert "contar las 90 bolas" in refused.json()["error"]["message"]
    assert table.record.records == [] and table.state()["state"]["partida"] == 0
    assert table.command("draw").json()["error"]["code"] == "not_drawing"
    assert table.state()["counted"] is False and table.state()["ball_count"] is None


def test_the_readers_good_count_is_recorded_and_opens_the_partida_which_is_drawn(
    table: Table,
) -> None:
    scanned = table.command("scan")
    assert scanned.status_code == 200, scanned.text
    record = scanned.json()["record"]
    assert record["kind"] == "simul.ball_count"
    payload = record["payload"]
    assert payload["method"] == "reader" and payload["ok"] is True
    assert sorted(payload["numbers"]) == list(range(1, 91))
    assert payload["missing"] == [] and payload["duplicated"] == []
    state = table.state()
    assert state["counted"] is True and state["ball_count"] == payload  # the state shows it
    assert table.open().status_code == 200
    assert table.state()["counted"] is False  # that count is partida 1's
    table.sell_and_start()
    drawn = table.command("draw")
    assert drawn.status_code == 200 and drawn.json()["done"].startswith("bola"), drawn.text
    assert len(table.state()["state"]["balls"]) == 1
    assert table.record.store.verify("centro") is None


def test_each_partida_is_counted_for_and_not_while_one_is_open(table: Table) -> None:
    """The count is made between partidas (decision 347): one while a partida is open is
    refused with nothing recorded, and the next partida needs its own."""
    assert table.command("scan").status_code == 200
    assert table.open().status_code == 200
    during = table.command("scan")
    assert during.status_code == 422 and during.json()["error"]["code"] == "partida_open"
    table.sell_and_start()
    assert table.command("scan").json()["error"]["code"] == "partida_open"
    assert len(table.counts()) == 1
    while table.state()["state"]["status"] == sim.DRAWING:
        assert table.command("draw").status_code == 200
    assert table.open(2).json()["error"]["code"] == "balls_not_counted"
    assert table.command("scan").status_code == 200
    assert table.open(2).status_code == 200
    assert [c["after_partida"] for c in table.counts()] == [0, 1]


@pytest.mark.parametrize(
    ("fault", "missing", "repeated", "words"),
    [
        ({"number": 37}, [37], [], "faltan 37; repetidas —"),
        ({"number": 7, "instead_of": 8}, [8], [7], "faltan 8; repetidas 7"),
    ],
    ids=["missing_ball", "duplicate_ball"],
)
def test_a_set_with_a_ball_missing_or_repeated_is_recorded_named_and_opens_no_partida(
    table: Table, fault: dict[str, int], missing: list[int], repeated: list[int], words: str
) -> None:
    """Decision 22 at the centre: the count that does not show 1..90 once each is recorded with
    the balls named (the same words as a hall's console) and blocks the partida."""
    name = "duplicate_ball" if "instead_of" in fault else "missing_ball"
    table.session.hall.reader.inject(name, **fault)
    scanned = table.command("scan")
    assert scanned.status_code == 422, scanned.text
    error = scanned.json()["error"]
    assert error["code"] == "ball_set_irregular" and words in error["message"]
    payload = scanned.json()["record"]["payload"]
    assert payload["ok"] is False and payload["method"] == "reader"
    assert (payload["missing"], payload["duplicated"]) == (missing, repeated)
    assert table.state()["counted"] is False
    refused = table.open()
    assert refused.status_code == 422
    assert refused.json()["error"]["code"] == "balls_not_conforming"
    assert words in refused.json()["error"]["message"]
    kinds = [r.kind for r in table.record.records]
    assert kinds == [sim.BALL_COUNT]  # nothing opened, nothing drawn
    assert table.command("draw").json()["error"]["code"] == "not_drawing"


def test_a_reader_that_cannot_count_records_nothing(table: Table) -> None:
    """The reader lost for the whole count (its reconnection grace over): no count, no
    partida, nothing in the central record (as a hall's ``SetNotCounted``)."""
    table.session.hall.reader.inject("disconnect", duration=30.0)
    refused = table.command("scan")
    assert refused.status_code == 422, refused.text
    assert "lector" in refused.json()["error"]["message"].lower()
    assert table.record.records == []
    assert table.open().json()["error"]["code"] == "balls_not_counted"


def test_with_a_reader_the_count_is_the_readers_not_typed(table: Table) -> None:
    """Decision 43: where the devices are, the count is the reader's scan; the table cannot
    type one in its place."""
    typed = table.command("count", missing=[])
    assert typed.status_code == 422 and typed.json()["error"]["code"] == "reader_count"
    assert table.record.records == []


def test_without_devices_the_table_counts_by_hand_and_a_failed_count_blocks(
    store: EventStore,
) -> None:
    """Decision 348: a centre without devices counts by hand before the jefe de sala (the balls
    missing, their condition), recorded as a hall's manual count; one not conforming opens no
    partida until a conforming one is recorded."""
    with TestClient(build_centre_app(store)) as client:
        token = client.post("/api/v1/login", json={"v": 1, "name": "Mesa", "pin": PIN})
        client.headers["Authorization"] = f"Bearer {token.json()['token']}"

        def command(name: str, **args: Any) -> Any:
            return client.post("/centre/v1/commands", json={"name": name, "args": args})

        assert command("scan").json()["error"]["code"] == "no_devices"
        failed = command("count", missing=[12])
        assert failed.status_code == 200, failed.text
        payload = failed.json()["record"]["payload"]
        assert payload["method"] == "manual" and payload["ok"] is False
        assert payload["missing"] == [12]
        damaged = command("count", condition_ok=False)  # a damaged ball must be named
        assert damaged.status_code == 422
        refused = command("open", partida=1, price_cents=100, allotments=ALLOTMENTS)
        assert refused.status_code == 422 and "faltan 12" in refused.json()["error"]["message"]
        assert command("count").json()["record"]["payload"]["ok"] is True
        opened = command("open", partida=1, price_cents=100, allotments=ALLOTMENTS)
        assert opened.status_code == 200, opened.text
        assert client.get("/centre/v1/state").json()["ball_count"]["method"] == "manual"
