"""The one draw policy (``bingo.drawing.DrawPolicy``) over a real in-memory ball source.

R-GAME-3 (the ball prevails over the reading), R-INC-1 (a failure before the first ball
suspends), R-INC-2 (after it, manual extraction, the ball out read first), R-INC-3 (a duplicate
ball or an irregularity of the mechanism stops the partida); Cantabria II.1.b párr. 2.
"""

from __future__ import annotations

import pytest

from bingo.drawing import (
    AskTable,
    BallNotRead,
    DeviceDown,
    Drawn,
    DrawPolicy,
    DuplicateBall,
    Note,
    Stopped,
)
from bingo.hall import Status

from .drum import DrumBallSource
from .hallkit import Kit, make_hall


def words(note: Note) -> str:
    """The record's words of a note, as an edge renders them (here: the codes themselves)."""
    cause = getattr(note.cause, "reason", type(note.cause).__name__)
    return f"{note.code}:{note.draw_number}:{cause}:{note.number}:{note.no_ball}"


def playing(seed: int = 3, **faults: str) -> tuple[Kit, DrumBallSource, DrawPolicy]:
    kit = make_hall()
    kit.partida_ready()
    source = DrumBallSource(seed, {int(k[1:]): v for k, v in faults.items()})
    return kit, source, DrawPolicy(kit.svc, source, words)


def the_tube(source: DrumBallSource) -> int | None:
    return source.tube


def test_the_balls_go_back_to_the_drum_once_and_vouched_balls_are_recorded() -> None:
    kit, source, policy = playing()
    outcomes = [policy.draw_next(lambda ask: the_tube(source)) for _ in range(3)]
    partida = kit.hall.partida
    assert partida is not None and source.returned == 1
    assert outcomes == [Drawn(n, "devices") for n in partida.balls]
    assert partida.ball_sources == ["extractor"] * 3


def test_a_held_ball_is_recorded_as_the_jefe_de_mesa_reads_it_with_the_hold() -> None:
    """R-GAME-3: the number on the ball prevails; the hold saying why goes in with it."""
    kit, source, policy = playing(d2="hold")
    policy.draw_next(None)
    asked: list[AskTable] = []

    def reads(ask: AskTable) -> int | None:
        asked.append(ask)
        return source.tube

    outcome = policy.draw_next(reads)
    partida = kit.hall.partida
    assert partida is not None and outcome == Drawn(partida.balls[-1], "table")
    assert [(a.draw_number, a.held, a.problem) for a in asked] == [(2, True, "")]
    assert partida.ball_sources == ["extractor", "operator"]
    (incident,) = partida.incidents
    assert incident.incident == "reader_hold" and incident.after_ball == 1
    assert incident.note.startswith(f"reader_hold:2:unreadable:{source.tube}")


def test_with_nobody_at_the_table_a_held_ball_stops_the_run_and_nothing_is_recorded() -> None:
    kit, _source, policy = playing(d1="hold")
    with pytest.raises(BallNotRead) as stopped:
        policy.draw_next(None)
    assert stopped.value.rule == "R-GAME-3" and stopped.value.draw_number == 1
    partida = kit.hall.partida
    assert partida is not None and partida.balls == [] and partida.incidents == []


def test_a_device_lost_with_the_ball_out_records_that_ball_then_manual_extraction_follows() -> None:
    """R-INC-2, II.1.b párr. 2: the manual extraction uses only the balls still pending, so the
    ball already out is read and recorded first."""
    kit, source, policy = playing(d3="lost_tube")
    policy.draw_next(None)
    policy.draw_next(None)
    outcome = policy.draw_next(lambda ask: the_tube(source))
    partida = kit.hall.partida
    assert partida is not None and isinstance(outcome, DeviceDown)
    assert (outcome.then, outcome.tube) == ("manual", source.tube)
    assert partida.balls[-1] == source.tube and partida.ball_sources[-1] == "operator"
    (incident,) = partida.incidents
    assert incident.incident == "ball_in_tube" and incident.after_ball == 2
    assert outcome.note == f"device_lost:3:offline:{source.tube}:False"
    assert partida.manual_from_ball is None  # the edge starts it (after the paragraph, R-INC-5)


def test_a_device_lost_before_the_first_ball_leads_to_the_suspension() -> None:
    """R-INC-1: no ball out, none drawn: the partida is suspended, never drawn by hand."""
    kit, _source, policy = playing(d1="lost_before")
    outcome = policy.draw_next(None)  # nobody is asked: no ball is out
    assert isinstance(outcome, DeviceDown) and outcome.then == "suspend"
    partida = kit.hall.partida
    assert partida is not None and partida.balls == [] and partida.status == Status.READY


def test_the_last_ball_still_in_the_tube_said_twice_means_no_ball_came_out() -> None:
    """A device lost without knowing whether the ball left: the tube shows the last ball."""
    kit, source, policy = playing(d2="lost_maybe")
    policy.draw_next(None)
    last = source.tube
    asked: list[AskTable] = []

    def reads(ask: AskTable) -> int | None:
        asked.append(ask)
        return last

    outcome = policy.draw_next(reads)
    assert [a.problem for a in asked] == ["", "last_ball"]
    assert isinstance(outcome, DeviceDown) and outcome.then == "manual" and outcome.tube is None
    assert outcome.note.endswith(":True")  # no ball came out, in the note
    partida = kit.hall.partida
    assert partida is not None and partida.balls == [last] and partida.incidents == []


def test_a_slip_of_the_hand_is_asked_again_and_the_right_ball_is_recorded() -> None:
    """Step by step, as the console uses the policy: a typed ball already out is asked again."""
    kit, source, policy = playing(d2="lost_tube")
    policy.record(policy.take())
    ask = policy.record(policy.take())
    assert isinstance(ask, AskTable) and not ask.held
    partida = kit.hall.partida
    assert partida is not None
    again = policy.answer(ask, partida.balls[0])
    assert isinstance(again, AskTable) and again.problem == "already_drawn"
    assert again.previous == partida.balls[0]
    done = policy.answer(again, source.tube)
    assert isinstance(done, DeviceDown) and done.tube == source.tube
    assert not partida.irregular


def test_a_ball_already_drawn_read_twice_in_the_tube_stops_the_partida() -> None:
    """R-INC-3: a second ball with a number already out is a duplicate ball: the partida stops
    with the number and where it came out first recorded."""
    kit, _source, policy = playing(d3="lost_tube")
    policy.draw_next(None)
    policy.draw_next(None)
    partida = kit.hall.partida
    assert partida is not None
    first = partida.balls[0]
    outcome = policy.draw_next(lambda ask: first)
    assert isinstance(outcome, Stopped) and isinstance(outcome.cause, DuplicateBall)
    assert partida.status == Status.SUSPENDED and partida.irregular and len(partida.balls) == 2
    (incident,) = partida.incidents
    assert f"Bola duplicada: {first} (ya salió en la extracción 1)" in incident.note


def test_the_devices_vouching_for_a_ball_already_drawn_stop_the_partida() -> None:
    """R-INC-3, whoever vouches for the ball: the devices as well as the jefe de mesa."""
    kit, _source, policy = playing(d2="repeat")
    policy.draw_next(None)
    outcome = policy.draw_next(None)
    partida = kit.hall.partida
    assert partida is not None and isinstance(outcome, Stopped)
    assert partida.irregular and len(partida.balls) == 1
    assert outcome.note == f"irregular:2:DuplicateBall:{partida.balls[0]}:False"


def test_two_balls_out_at_once_stop_the_partida() -> None:
    kit, _source, policy = playing(d2="double_feed")
    policy.draw_next(None)
    outcome = policy.draw_next(None)
    assert isinstance(outcome, Stopped) and outcome.note.startswith("irregular:2:double_feed")
    partida = kit.hall.partida
    assert partida is not None and partida.irregular


def test_already_drawn_is_one_error_wherever_a_ball_is_taken() -> None:
    """R-INC-3: the hall, the ball in the tube, a correction, the completion tracker and the
    policy's source all refuse a ball already out with ``DuplicateBall``."""
    from bingo.detect import CompletionTracker

    kit = make_hall()
    kit.partida_ready()
    kit.draw([5, 6])
    with pytest.raises(DuplicateBall) as drawn:
        kit.svc.draw_ball(5, "simulated")
    assert (drawn.value.number, drawn.value.first_index) == (5, 1)
    with pytest.raises(DuplicateBall):
        kit.hall.ball_in_tube_is_new(5, True)
    with pytest.raises(DuplicateBall):
        kit.svc.correct_ball(2, 5, "error de lectura")
    partida = kit.hall.partida
    assert partida is not None
    cards = kit.svc.card_sets.get(kit.hall.series["A"].card_set_id).as_array()[:3]
    tracker = CompletionTracker(cards)
    tracker.add_ball(5)
    with pytest.raises(DuplicateBall):
        tracker.add_ball(5)
