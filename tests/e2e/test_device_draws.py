"""The hall's record fed by ``app.devices.DeviceDraws`` over the real emulators on
pseudo-terminals, the simulated jefe de mesa reading the physical ball in the tube: a ball that
left the drum when a device was lost is recorded once, before the manual extraction of the balls
still pending (Cantabria II.1.b párr. 2, R-INC-2); a held ball is recorded with its incident
(R-GAME-3); where nobody can read a ball that is out, nothing is recorded and the run stops.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest

from app.devices import BallNotRead, DeviceDraws, emulated_operator
from bingo.hall import PartidaState, Status
from drivers.protocol import EventKind
from drivers.sessions import EmulatedSession, start_emulated_session
from tests.bingo.hallkit import Kit, make_hall
from tests.drivers.hallkit import EXTRACTOR, LINK, READER, SHORT_GRACE

pytestmark = [pytest.mark.slow, pytest.mark.timeout(120)]

CABLE_CUT_AT_3 = [{"at_draw": 3, "fault": "disconnect", "mode": "cable", "duration": 2.0}]


@pytest.fixture
def kit() -> Kit:
    kit = make_hall()
    kit.partida_ready()
    return kit


@pytest.fixture
def devices() -> Iterator[Any]:
    sessions: list[EmulatedSession] = []

    def start(scenario: Sequence[Mapping[str, Any]], **overrides: Any) -> EmulatedSession:
        options: dict[str, Any] = {
            "link_timing": LINK,
            "draw_timing": SHORT_GRACE,
            "extractor_model": EXTRACTOR,
            "reader_model": READER,
        }
        session = start_emulated_session(7, scenario, **{**options, **overrides})
        sessions.append(session)
        return session

    yield start
    for session in sessions:
        session.stop()


def released(session: EmulatedSession) -> list[int]:
    """What left the drum, in order: the physical truth the record must match."""
    with session.hall.hub.lock:
        return session.hall.machine.released_numbers


def playing(kit: Kit) -> PartidaState:
    partida = kit.hall.partida
    assert partida is not None
    return partida


def test_the_ball_out_when_the_extractor_is_lost_is_recorded_once_before_manual_extraction(
    kit: Kit, devices: Any
) -> None:
    session = devices(CABLE_CUT_AT_3)
    draws = DeviceDraws(kit.svc, session.source, emulated_operator(session))
    assert draws.draw_next().startswith("bola")
    assert draws.draw_next().startswith("bola")
    done = draws.draw_next()
    partida = playing(kit)
    out = released(session)
    assert len(out) == 3 and partida.balls == out, done  # the ball in the tube is the third
    assert done == f"bola {out[2]} (leída por el jefe de mesa), extracción manual"
    assert partida.ball_sources == ["extractor", "extractor", "operator"]
    assert partida.manual_from_ball == 4
    assert [i.incident for i in partida.incidents] == [
        "ball_in_tube",
        "failure_after_extraction_began",
    ]
    assert partida.incidents[0].paragraph.startswith("II.1.b, párrafo 2")
    assert f"lee la bola del tubo: es el {out[2]}" in partida.incidents[0].note
    assert partida.incidents[0].after_ball == 2  # recorded with the ball, before it

    while len(partida.balls) < 90:
        draws.draw_next()
    assert sorted(partida.balls) == list(range(1, 91))  # none lost, none invented
    assert partida.balls.count(out[2]) == 1  # the manual extraction never drew it again
    assert partida.ball_sources[3:] == ["manual"] * 87
    assert released(session) == out  # and the devices released nothing more


def test_a_ball_out_on_the_first_draw_is_recorded_and_the_partida_goes_on_by_hand(
    kit: Kit, devices: Any
) -> None:
    scenario = [{"at_draw": 1, "fault": "disconnect", "mode": "cable", "duration": 2.0}]
    session = devices(scenario)
    draws = DeviceDraws(kit.svc, session.source, emulated_operator(session))
    done = draws.draw_next()
    partida = playing(kit)
    assert partida.balls == released(session) and len(partida.balls) == 1, done
    assert partida.ball_sources == ["operator"]
    assert partida.status == Status.EXTRACTION and partida.manual_from_ball == 2


def test_a_misread_is_held_and_recorded_with_the_reason_the_jefe_read_the_ball(
    kit: Kit, devices: Any
) -> None:
    session = devices([{"at_draw": 2, "fault": "misread", "number": 90}])
    draws = DeviceDraws(kit.svc, session.source, emulated_operator(session))
    draws.draw_next()
    assert draws.draw_next().endswith("(leída por el jefe de mesa)")
    partida = playing(kit)
    assert partida.balls == released(session) and 90 not in partida.balls
    assert partida.ball_sources == ["extractor", "operator"]
    (hold,) = partida.incidents
    assert hold.incident == "reader_hold" and "El lector leyó 90 pero la mesa ve" in hold.note


@pytest.mark.parametrize("attended", [True, False])
def test_a_reading_heard_before_the_ball_came_out_is_held_and_never_recorded(
    kit: Kit, devices: Any, attended: bool
) -> None:
    """The reader reports a ball as soon as it is armed, 300 ms before the extractor drops one:
    that number never enters the record. The jefe de mesa's reading of the tube does, with the
    incident; with nobody at the table the run stops (R-GAME-3, Cantabria III párrafo 9;
    decision 60)."""
    slow = replace(EXTRACTOR, release_time=0.3, release_timeout=1.0)
    session = devices([{"at_draw": 2, "fault": "early_read"}], extractor_model=slow)
    draws = DeviceDraws(kit.svc, session.source, emulated_operator(session) if attended else None)
    draws.draw_next()
    if attended:
        assert draws.draw_next().endswith("(leída por el jefe de mesa)")
    else:
        with pytest.raises(BallNotRead):
            draws.draw_next()
    with session.hall.hub.lock:
        reads = [e.data for e in session.hall.reader.pushed if e.kind == EventKind.BALL_READ]
    ghost = next(data[1] for data in reads if data[0] == 2)
    partida = playing(kit)
    assert ghost not in partida.balls
    if not attended:
        assert len(partida.balls) == 1 and partida.incidents == []
        return
    assert partida.balls == released(session)
    assert partida.ball_sources == ["extractor", "operator"]
    (hold,) = partida.incidents
    assert hold.incident == "reader_hold"
    assert f"una lectura ({ghost}) antes de que saliera la bola" in hold.note


@pytest.mark.parametrize(
    ("scenario", "rule"),
    [
        ([{"at_draw": 2, "fault": "unreadable"}], "R-GAME-3"),
        (
            [{"at_draw": 2, "fault": "disconnect", "mode": "cable", "duration": 2.0}],
            "R-INC-2",
        ),
    ],
)
def test_with_nobody_at_the_table_a_ball_that_is_out_stops_the_run_and_nothing_is_recorded(
    kit: Kit, devices: Any, scenario: list[dict[str, Any]], rule: str
) -> None:
    session = devices(scenario)
    draws = DeviceDraws(kit.svc, session.source, None)  # as serial_draws, unattended
    draws.draw_next()
    partida = playing(kit)
    with pytest.raises(BallNotRead) as stopped:
        draws.draw_next()
    assert stopped.value.rule == rule
    assert "Nadie en la mesa puede leer la bola" in str(stopped.value)
    assert len(partida.balls) == 1 and len(released(session)) == 2  # the second is out, unread
    assert partida.manual_from_ball is None and partida.incidents == []


def test_a_ball_in_the_tube_read_as_one_already_drawn_stops_and_annuls_the_partida(
    kit: Kit, devices: Any
) -> None:
    """R-INC-3, the console's rule too: a second ball with a number already out is a duplicate
    ball; the partida stops with the number recorded and is annulled with refund, never goes on
    by manual extraction without it."""
    session = devices(CABLE_CUT_AT_3)
    tube = emulated_operator(session)

    def reads_a_duplicate(draw: int) -> int | None:
        return playing(kit).balls[0] if draw == 3 else tube(draw)

    draws = DeviceDraws(kit.svc, session.source, reads_a_duplicate)
    draws.draw_next()
    draws.draw_next()
    first = playing(kit).balls[0]
    assert draws.draw_next() == "anulada"
    session_state = kit.hall.sessions[-1]
    partida = session_state.partidas[-1]
    assert partida.status == Status.ANNULLED and partida.refund_cents == 1000
    assert partida.manual_from_ball is None and len(partida.balls) == 2
    (incident,) = partida.incidents
    assert incident.incident == "ball_irregularity"
    assert f"Bola duplicada: {first} (ya salió en la extracción 1)" in incident.note
    kinds = [r.kind for r in kit.svc.records()][-3:]
    assert kinds == ["partida_suspended", "incident_recorded", "partida_annulled"]
