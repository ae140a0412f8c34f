"""The centre of a simultaneous partida draws from its own extractor and reader by the hall's one
draw policy (R-MULTI-2, decision 290; Cantabria VI.1): real emulators on pseudo-terminals, the
real drivers, ``app.devices.DeviceDraws`` over the centre's record on a real SQLite file. A
reading the devices cannot vouch for is read by the jefe de mesa (R-GAME-3); a device lost
mid-partida sends the extraction to manual (R-INC-2), before its first ball suspends it
(R-INC-1); an irregularity of the balls stops it, only to be annulled (R-INC-3). Nothing is
recorded, so nothing goes to the halls, that the policy did not commit.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from app.centre.draws import CentreDrawRecord, open_centre_devices
from app.centre.record import CentreRecord, serie_cards
from app.centre.server import build_centre_app
from app.devices import BallNotRead, DeviceDraws, emulated_operator
from bingo import rights as rt
from bingo import simultaneous as sim
from store import EventStore, open_store
from store.operators import OperatorBook
from tests.centre.test_record import oracle
from tests.e2e.test_device_draws import CABLE_CUT_AT_3, devices, released

__all__ = ["devices"]

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]

SOLD = {"norte": 120, "sur": 90}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[EventStore]:
    with open_store(f"sqlite:///{tmp_path / 'centro.sqlite'}") as store:
        yield store


@pytest.fixture
def centre(store: EventStore) -> CentreRecord:
    """A partida of two halls, its sale closed: the first ball may be drawn."""
    record = CentreRecord(store)
    record.open_partida(1, 100, [("norte", 150), ("sur", 150)], seed=5)
    for hall, count in SOLD.items():
        record.link(hall, "linked", "10.0.0.1")
        record.sell(hall, count)
    record.start()
    return record


def draws_for(centre: CentreRecord, session: Any, operator: bool = True) -> DeviceDraws:
    draws = DeviceDraws(
        CentreDrawRecord(centre), session.source, emulated_operator(session) if operator else None
    )
    draws.unattended = False  # as the centre's server: the annulment is the jefe de sala's
    return draws


def ball_records(centre: CentreRecord) -> list[dict[str, Any]]:
    return [dict(r.payload) for r in centre.records if r.kind == sim.BALL]


def test_the_centre_draws_a_whole_simultaneous_partida_from_its_extractor_and_reader(
    centre: CentreRecord, devices: Any, store: EventStore
) -> None:
    session = devices([])
    draws = draws_for(centre, session)
    while centre.state.status == sim.DRAWING:
        assert draws.draw_next().startswith("bola")
    balls = centre.state.balls
    assert balls == released(session)  # the record is what left the drum, in its order
    assert {p["source"] for p in ball_records(centre)} == {"extractor"}
    assert all(len(p["ball_id"]) == 8 for p in ball_records(centre))  # the reader's ball ids
    sold = [*range(1, 121), *range(151, 241)]
    line, bingo = oracle(serie_cards(5, centre.state.strips), sold, balls)
    assert [w.number for w in centre.state.line] == line
    assert [w.number for w in centre.state.bingo] == bingo
    assert store.verify("centro") is None


def test_a_reading_of_a_ball_already_drawn_is_held_and_read_by_the_jefe_de_mesa(
    centre: CentreRecord, devices: Any
) -> None:
    """The reader reports the previous ball again at the third draw: never recorded as it came;
    with nobody to read the ball in the tube nothing is recorded (so nothing reaches the
    halls), and the jefe de mesa's reading is recorded with the hold that says why (R-GAME-3).
    """
    session = devices([{"at_draw": 3, "fault": "stale_read"}])
    unattended = draws_for(centre, session, operator=False)
    unattended.draw_next()
    unattended.draw_next()
    seq = centre.last_seq
    with pytest.raises(BallNotRead):
        unattended.draw_next()
    assert centre.last_seq == seq and len(centre.state.balls) == 2  # nothing recorded
    draws = draws_for(centre, session)  # the jefe de mesa at the table reads the tube
    done = draws.draw_next()
    out = released(session)
    assert len(out) == 3 and centre.state.balls == out  # the held ball, not a second one
    third = ball_records(centre)[2]
    assert done in (f"bola {out[2]} (leída por el jefe de mesa)", f"bola {out[2]}"), done
    if third["source"] == "operator":
        assert third["incident"] == "reader_hold" and third["note"]


def test_a_stale_reading_at_an_attended_table_is_recorded_as_the_jefe_de_mesa_reads_it(
    centre: CentreRecord, devices: Any
) -> None:
    session = devices([{"at_draw": 2, "fault": "stale_read"}])
    draws = draws_for(centre, session)
    draws.draw_next()
    done = draws.draw_next()
    out = released(session)
    assert centre.state.balls == out and done == f"bola {out[1]} (leída por el jefe de mesa)"
    second = ball_records(centre)[1]
    assert second["source"] == "operator" and second["incident"] == "reader_hold"
    assert str(out[0]) in second["note"]  # the reading that was held: the ball already out


def test_the_extractor_lost_mid_partida_sends_the_centre_to_manual_extraction(
    centre: CentreRecord, devices: Any
) -> None:
    """Cantabria II.1.b párr. 2, R-INC-2: the ball in the tube is read and recorded first, then
    the balls still pending are drawn by hand: typed by the table, or the manual draw."""
    session = devices(CABLE_CUT_AT_3)
    draws = draws_for(centre, session)
    draws.draw_next()
    draws.draw_next()
    done = draws.draw_next()
    out = released(session)
    assert centre.state.balls == out and len(out) == 3
    assert done == f"bola {out[2]} (leída por el jefe de mesa), extracción manual"
    incident = next(r.payload for r in centre.records if r.kind == sim.INCIDENT)
    assert incident["incident"] == sim.MANUAL and incident["extraction"] == 4
    assert centre.state.manual_from_ball == 4
    with pytest.raises(sim.SimultaneousError) as refused:  # no ball from the devices now
        centre.ball(next(n for n in range(1, 91) if n not in out), "extractor")
    assert refused.value.code == "manual"
    typed = next(n for n in range(1, 91) if n not in out)
    centre.ball(typed, "manual")  # the table types the ball it drew by hand
    assert draws.draw_next().endswith("(manual)")  # or the program's manual draw
    assert [p.get("source") for p in ball_records(centre)][3:] == ["manual", "manual"]


def test_a_typed_ball_is_refused_while_the_devices_draw(centre: CentreRecord) -> None:
    """As at a hall: by hand only after a failure (R-INC-2)."""
    with pytest.raises(sim.SimultaneousError) as refused:
        centre.ball(7, "manual")
    assert refused.value.code == "not_manual" and centre.state.balls == []


def test_the_extractor_lost_before_the_first_ball_suspends_the_partida_until_resumed(
    centre: CentreRecord, devices: Any
) -> None:
    """R-INC-1: no ball out yet, the partida is suspended, not drawn by hand; resumed when the
    extractor is back, or annulled with every hall's cartones refunded."""
    session = devices([{"at_draw": 1, "fault": "jam"}])
    draws = draws_for(centre, session)
    assert draws.draw_next() == "suspendida"
    assert centre.state.suspended and centre.state.balls == []
    with pytest.raises(sim.SimultaneousError):
        centre.ball(7, "manual")
    with pytest.raises(sim.SimultaneousError):
        centre.incident(sim.MANUAL, "a mano")
    annulled = centre.annul("el extractor no vuelve", "Ana")
    assert annulled.payload["refund_cents"] == {"norte": 120 * 100, "sur": 90 * 100}
    assert centre.state.status == sim.FINISHED and centre.state.annulled


def test_a_double_feed_stops_the_partida_for_its_annulment(
    centre: CentreRecord, devices: Any
) -> None:
    """R-INC-3: two balls in the tube stop the partida; no ball after it, only the annulment."""
    session = devices([{"at_draw": 2, "fault": "double_feed"}])
    draws = draws_for(centre, session)
    draws.draw_next()
    assert draws.draw_next() == "detenida"
    assert centre.state.irregular and len(centre.state.balls) == 1
    for attempt in (lambda: centre.ball(7, "manual"), lambda: centre.incident(sim.MANUAL, "x")):
        with pytest.raises(sim.SimultaneousError) as refused:
            attempt()
        assert refused.value.code == "stopped"
    centre.annul("dos bolas en el tubo", "Ana")
    assert centre.state.annulled


def test_the_centres_table_is_asked_what_it_reads_on_a_held_ball_and_its_reading_recorded(
    store: EventStore, centre: CentreRecord, devices: Any
) -> None:
    """The centre says so to its table: a draw sent with ``table`` puts its question on
    ``/centre/v1/questions`` (as a hall's server does to its console) and waits; the table's
    reading is recorded with the hold that says why (R-GAME-3). Without it, a held ball is
    refused (409) with nothing recorded; a typed ball is refused while the devices draw."""
    session = devices([{"at_draw": 2, "fault": "stale_read", "times": 2}])
    sees = emulated_operator(session)  # the jefe de mesa's eyes on the tube
    OperatorBook(store).add("Mesa", rt.JEFE_DE_SALA, "738291")

    def opened(record: CentreRecord) -> Any:
        return DeviceDraws(CentreDrawRecord(record), session.source, None), lambda: None

    with TestClient(build_centre_app(store, devices=opened)) as client:
        token = client.post("/api/v1/login", json={"v": 1, "name": "Mesa", "pin": "738291"})
        client.headers["Authorization"] = f"Bearer {token.json()['token']}"

        def command(name: str, **args: Any) -> Any:
            return client.post("/centre/v1/commands", json={"name": name, "args": args})

        assert client.get("/centre/v1/state").json()["devices"] is True
        assert command("ball", number=5).json()["error"]["code"] == "not_manual"
        assert command("draw").json()["done"].startswith("bola")
        held = command("draw")  # nobody at the table answers: held, nothing recorded
        assert held.status_code == 409 and held.json()["error"]["code"] == "ball_not_read"
        assert len(client.get("/centre/v1/state").json()["state"]["balls"]) == 1
        answers: list[Any] = []
        drawing = threading.Thread(target=lambda: answers.append(command("draw", table=True)))
        drawing.start()
        questions: list[Any] = []
        deadline = time.monotonic() + 60
        while not questions:  # the draw asks the table; a draw that ended without asking fails
            assert drawing.is_alive() and time.monotonic() < deadline, answers
            questions = client.get("/centre/v1/questions").json()["questions"]
            time.sleep(0.02)
        [question] = questions
        assert question["kind"] == "table_sees" and question["draw"] == 2
        reading = sees(2)
        answered = client.post(f"/centre/v1/questions/{question['id']}", json={"number": reading})
        assert answered.status_code == 200
        drawing.join(30)
        [done] = answers
        assert done.status_code == 200, done.text
        assert done.json()["done"] == f"bola {reading} (leída por el jefe de mesa)"
        [ball] = [r["payload"] for r in done.json()["records"]]
        assert ball["source"] == "operator" and ball["incident"] == "reader_hold"
        assert client.get("/centre/v1/state").json()["state"]["balls"] == released(session)


def test_serve_centre_devices_emulated_starts_the_emulators_and_draws_through_them(
    centre: CentreRecord,
) -> None:
    """``serve --centre --devices emulated``: the emulated extractor and reader on their ptys,
    opened over the centre's record as a hall's server opens its own; its balls are recorded
    as emulated, never as a real extractor's (decision 520)."""
    draws, stop = open_centre_devices(centre, "emulated", seed=3)
    try:
        assert draws.draw_next().startswith("bola") and len(centre.state.balls) == 1
        assert ball_records(centre)[0]["source"] == "emulated"
    finally:
        stop()


def test_a_suspended_partida_is_resumed_or_annulled_by_the_jefe_de_sala(
    store: EventStore, centre: CentreRecord
) -> None:
    """R-INC-1, R-ROLE-2: resume and annul need the jefe de sala's PIN at that moment."""
    CentreDrawRecord(centre).suspend("el extractor no arranca", by_device=True)
    OperatorBook(store).add("Sala", rt.JEFE_DE_SALA, "918273")
    with TestClient(build_centre_app(store)) as client:
        token = client.post("/api/v1/login", json={"v": 1, "name": "Sala", "pin": "918273"})
        client.headers["Authorization"] = f"Bearer {token.json()['token']}"
        plain = client.post("/centre/v1/commands", json={"name": "resume", "args": {}})
        assert plain.status_code == 403
        resumed = client.post(
            "/centre/v1/commands",
            json={
                "name": "resume",
                "args": {"note": "vuelve el aire"},
                "authorisation": {"name": "Sala", "pin": "918273"},
            },
        )
        assert resumed.status_code == 200, resumed.text
        state = client.get("/centre/v1/state").json()["state"]
        assert state["suspended"] is False and state["status"] == "drawing"
        assert (
            client.post("/centre/v1/commands", json={"name": "ball", "args": {"number": 9}}).json()[
                "record"
            ]["payload"]["number"]
            == 9
        )  # no devices here: typed by the table
