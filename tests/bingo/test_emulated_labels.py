"""What emulated devices give is recorded as theirs, with their seed (decision 520; R-DEV-1):
a ball's source and a count's method ``emulated``, and the seed of each start once per session,
through the hall's one writer whatever path asks; typed balls keep their labels; a refused
command leaves nothing; the export's ``emulated_devices`` only for such a session.
"""

from __future__ import annotations

import pytest

from bingo import events as ev
from bingo.export import build_export
from bingo.hall import DomainError
from tests.bingo.hallkit import BALLS, Kit, make_hall


def kinds(kit: Kit) -> list[str]:
    return [r.kind for r in kit.log.load(kit.svc.hall_id)]


def test_balls_and_counts_of_emulated_devices_are_labelled_with_each_starts_seed() -> None:
    kit = make_hall(open_session=False)
    svc = kit.svc
    svc.use_emulated_devices(41)
    assert svc.record_ball_check("S1", "open", BALLS, "reader")
    svc.open_session("S1", "2026-11-22", "Mesa", "Sala")
    kit.partida_ready()
    svc.draw_ball(5, "extractor", "0a0b0c0d")
    svc.draw_ball(6, "extractor")
    with pytest.raises(DomainError):  # refused: nothing recorded, nothing remembered
        svc.draw_ball(95, "extractor")
    svc.draw_operator_ball(7, "", "lectura dudosa")  # read by the jefe de mesa: the table's
    # the server started again, with another seed: its first ball of the session names it
    svc.use_emulated_devices(42)
    svc.draw_ball(8, "extractor")
    svc.draw_ball(9, "extractor")
    partida = svc.hall.partida
    assert partida is not None
    assert partida.ball_sources == ["emulated", "emulated", "operator", "emulated", "emulated"]
    assert svc.hall.emulated == {"S1": [41, 42]}
    assert kinds(kit).count("devices_emulated") == 2
    check = svc.hall.session.ball_checks[0]  # type: ignore[union-attr]
    assert check.method == "emulated"
    session = build_export(svc.hall, svc.card_sets.get)["sessions"][0]
    assert session["emulated_devices"] == {"seeds": [41, 42]}
    assert session["ball_checks"][0]["method"] == "emulated"


def test_a_session_without_emulated_devices_exports_as_before() -> None:
    kit = make_hall()
    kit.partida_ready()
    kit.svc.draw_ball(5, "extractor")
    session = build_export(kit.svc.hall, kit.svc.card_sets.get)["sessions"][0]
    assert "emulated_devices" not in session
    assert session["partidas"][0]["ball_sources"] == ["extractor"]
    assert "devices_emulated" not in kinds(kit)


def test_the_seed_event_replays_and_old_records_read_without_it() -> None:
    event = ev.event_from("devices_emulated", {"session_id": "S1", "seed": 9})
    assert event == ev.DevicesEmulated(session_id="S1", seed=9)
    old = ev.event_from(
        "ball_drawn",
        {"partida": 1, "index": 1, "number": 4, "source": "extractor", "ball_id": ""},
    )
    assert isinstance(old, ev.BallDrawn) and old.source == "extractor"
