"""A device that is still away when a partida starts, and the program started again in the middle
of a partida, over the real emulators on pseudo-terminals and real SQLite records: the partida is
suspended, never crashed (R-INC-1); a ball already drawn never comes out of the drum again
(the record is the truth; R-INC-3 only for a real irregularity).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from app.bootstrap import open_hall, prepare_hall
from app.config import load_hall
from app.devices import DeviceDraws, emulated_operator
from app.run import _start_devices
from bingo.hall import DomainError, Hall, Status
from bingo.simulate import Simulation, SimulationPlan
from drivers.sessions import start_emulated_session
from tests.bingo.hallkit import make_hall
from tests.drivers.hallkit import EXTRACTOR, LINK, READER, SHORT_GRACE

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "app.cli", *args]


def test_the_extractor_lost_after_a_release_and_still_away_at_the_next_partida_suspends_it(
    tmp_path: Path,
) -> None:
    """`simulate --fault extractor_lost_after_release`: the ball in the tube is read, the
    partida goes on by hand (R-INC-2); the extractor is still away when the next partida starts,
    which is suspended (R-INC-1) instead of the run crashing; the session ends.
    """
    db = f"sqlite:///{tmp_path / 'hall.sqlite'}"
    run = subprocess.run(
        cli(
            "simulate",
            "--db",
            db,
            "--devices",
            "emulated",
            "--partidas",
            "3",
            "-q",
            "--fault",
            "extractor_lost_after_release",
        ),
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert "Traceback" not in run.stderr
    out = subprocess.run(
        cli("export", "--db", db, "--compact"), capture_output=True, text=True, check=True
    )
    (session,) = json.loads(out.stdout)["sessions"]
    partidas = session["partidas"]
    assert len(partidas) == 3 and all(p["status"] in ("closed", "annulled") for p in partidas)
    kinds = [[i["kind"] for i in p["incidents"]] for p in partidas]
    assert kinds[0] == ["ball_in_tube", "failure_after_extraction_began"]
    suspended = [p for p in partidas[1:] if "failure_before_first_ball" in kinds[p["number"] - 1]]
    assert suspended, kinds
    note = suspended[0]["incidents"][0]["note"]
    # the console's words too: one policy, one catalogue (actas.words; decision 150)
    assert note == (
        "El extractor no responde. No ha salido ninguna bola: la partida queda suspendida."
    )
    assert suspended[0]["incidents"][0]["paragraph"].startswith("II.1.b, párrafo 1")


def test_a_partida_whose_extractor_is_away_at_its_start_is_suspended_then_resumed() -> None:
    """R-INC-1: before the first ball a device failure suspends the partida; when the extractor
    is back the partida resumes and its balls come from the devices again.
    """
    kit = make_hall()
    kit.partida_ready()
    session = start_emulated_session(
        7,
        None,
        link_timing=LINK,
        draw_timing=SHORT_GRACE,
        extractor_model=EXTRACTOR,
        reader_model=READER,
    )
    try:
        draws = DeviceDraws(kit.svc, session.source, emulated_operator(session))
        session.hall.extractor.disconnect(2.5, mode="cable")
        deadline = time.monotonic() + 3
        while session.extractor.is_online() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert draws.draw_next() == "suspendida"
        partida = kit.hall.partida
        assert partida is not None and partida.status == Status.SUSPENDED
        (incident,) = partida.incidents
        assert incident.incident == "failure_before_first_ball"
        assert incident.note.startswith("El extractor no responde.")
        # the cable is back after 2.5 s; the link's reconnection, not a guess of its time
        assert session.extractor.wait_online(60), "el extractor no volvió"
        kit.svc.resume("extractor de nuevo en línea")
        assert draws.draw_next().startswith("bola ")
        assert draws.draw_next().startswith("bola ")
        with session.hall.hub.lock:
            assert partida.balls == session.hall.machine.released_numbers
        assert partida.ball_sources == ["extractor", "extractor"]
    finally:
        session.stop()


def _play_console_devices(url: str, until: Callable[[Hall], bool]) -> None:
    """One run of the program on the hall's record: the devices the console starts
    (``app.run._start_devices``), balls drawn from them until ``until``, then everything shut.
    """
    settings = load_hall(None)
    plan = SimulationPlan(
        seed=4,
        partidas=1,
        session_id="R1",
        date="2026-11-22",
        series_prefix=settings.series_prefix,
        card_set_id=settings.card_set_id,
        face_value_cents=settings.face_value_cents,
        incidents=False,
        electronic=False,
    )
    with open_hall(url, None, settings.hall_id) as engine:
        svc = engine.service
        prepare_hall(svc, settings)
        partida = svc.hall.partida
        source, stop = _start_devices("emulated", settings, partida.balls if partida else ())
        assert source is not None
        try:
            sim = Simulation(svc, plan, DeviceDraws(svc, source, None))
            while not until(svc.hall):
                sim.next_step().run()
        finally:
            stop()


def test_restarting_the_program_on_the_emulated_devices_never_draws_a_ball_twice(
    tmp_path: Path,
) -> None:
    """The console started again mid-partida on its built-in emulators: the drum holds only the
    balls the record says are pending, so no drawn ball comes out again and the partida is not
    annulled (the record is the truth; decision 68).
    """
    url = f"sqlite:///{tmp_path / 'hall.sqlite'}"

    def balls(hall: Hall) -> list[int]:
        return list(hall.partida.balls) if hall.partida is not None else []

    _play_console_devices(url, lambda hall: len(balls(hall)) >= 9)
    _play_console_devices(url, lambda hall: hall.partida is None or len(balls(hall)) >= 24)
    with open_hall(url, None, load_hall(None).hall_id) as engine:
        partida = engine.service.hall.sessions[-1].partidas[0]
        assert partida.status != Status.ANNULLED, [i.note for i in partida.incidents]
        assert not partida.incidents
        assert len(set(partida.balls)) == len(partida.balls) >= 24
        assert set(partida.ball_sources) == {"extractor"}


def _wait_offline(driver: Any) -> None:
    deadline = time.monotonic() + 3
    while driver.is_online() and time.monotonic() < deadline:
        time.sleep(0.02)


def test_a_reader_away_for_a_moment_at_the_ball_count_still_counts_the_set() -> None:
    """R-BALL-2: the count is the reader's scan; a reader that drops out for a second is waited
    for (decision 65) instead of the run ending on it.
    """
    kit = make_hall(open_session=False)
    session = start_emulated_session(
        7,
        None,
        link_timing=LINK,
        draw_timing=replace(SHORT_GRACE, reconnect_grace=4.0),
        extractor_model=EXTRACTOR,
        reader_model=READER,
    )
    try:
        draws = DeviceDraws(kit.svc, session.source, emulated_operator(session))
        session.hall.reader.disconnect(1.0, mode="cable")
        _wait_offline(session.reader)
        assert sorted(draws.scan()) == list(range(1, 91))
    finally:
        session.stop()


def test_a_reader_still_away_at_the_ball_count_stops_the_run_with_the_reason() -> None:
    """Nothing is counted without the reader, and the run stops with a message for the staff
    (a refusal, exit 1 from the command line), never a traceback.
    """
    kit = make_hall(open_session=False)
    session = start_emulated_session(
        7,
        None,
        link_timing=LINK,
        draw_timing=SHORT_GRACE,
        extractor_model=EXTRACTOR,
        reader_model=READER,
    )
    try:
        draws = DeviceDraws(kit.svc, session.source, emulated_operator(session))
        session.hall.reader.disconnect(5.0, mode="cable")
        _wait_offline(session.reader)
        with pytest.raises(DomainError) as stopped:
            draws.scan()
        assert "El recuento de bolas no se ha hecho" in str(stopped.value)
        assert stopped.value.rule == "R-BALL-2"
        assert kit.hall.opening_check("S1") is None
    finally:
        session.stop()
