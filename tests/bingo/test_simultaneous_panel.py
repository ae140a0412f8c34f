"""What a joined hall's screens show of the simultaneous partida, and when it has the screens
(R-MULTI-2, Cantabria VI.1; R-PANEL-1; docs/decisions.md 313).
"""

from __future__ import annotations

from typing import Any

from bingo import simultaneous as sim
from bingo.readmodel_simultaneous import LISTED_WINNERS, simultaneous_panel, takes_screens


def partida(*more: tuple[str, dict[str, Any]]) -> sim.SimultaneousState:
    lots = [{"hall": "norte", "first": 1, "last": 60}, {"hall": "sur", "first": 61, "last": 120}]
    opened = {
        "partida": 4, "serie_id": "SIM-4", "seed": 1, "strips": 20, "price_cents": 150,
        "allotments": lots,
    }  # fmt: skip
    return sim.fold(
        [
            (sim.OPENED, opened),
            (sim.SOLD, {"hall": "norte", "count": 30}),
            (sim.SOLD, {"hall": "sur", "count": 60}),
            *more,
        ]
    )


STARTED = (sim.STARTED, {"line_cents": 1350, "bingo_cents": 7695})


def test_the_prizes_are_shown_only_once_the_sale_is_closed() -> None:
    selling = simultaneous_panel(partida(), "norte")
    assert selling is not None
    assert (selling.cards_sold, selling.halls, selling.price_cents) == (90, 2, 150)
    assert selling.line_cents is None and selling.bingo_cents is None
    drawing = simultaneous_panel(partida(STARTED), "norte")
    assert drawing is not None and (drawing.line_cents, drawing.bingo_cents) == (1350, 7695)


def test_a_withdrawn_hall_s_refunded_cartones_are_not_in_play() -> None:
    """R-INC-1, decision 292: the hall's cartones are refunded and out of play."""
    panel = simultaneous_panel(partida((sim.WITHDRAWN, {"hall": "sur"})), "sur")
    assert panel is not None and panel.cards_sold == 30 and panel.halls == 1 and panel.withdrawn


def test_this_hall_s_winners_are_marked_and_listed_first() -> None:
    line = [[n, "sur"] for n in range(61, 61 + LISTED_WINNERS)] + [[7, "norte"]]
    ball = (sim.BALL, {"number": 5, "line": line, "bingo": [[70, "sur"]]})
    panel = simultaneous_panel(partida(STARTED, ball), "norte")
    assert panel is not None
    assert panel.line[0].number == 7 and panel.line[0].ours
    assert not any(w.ours for w in panel.line[1:])
    assert len(panel.line) == LISTED_WINNERS and panel.line_count == LISTED_WINNERS + 1
    assert [(w.number, w.hall, w.ours) for w in panel.bingo] == [(70, "sur", False)]
    assert panel.balls == (5,) and panel.last_ball == 5


def test_no_partida_opened_at_the_centre_leaves_the_screens_to_the_hall() -> None:
    assert simultaneous_panel(sim.SimultaneousState(), "norte") is None
    assert not takes_screens(None, False, "next_partida", None)


def test_the_hall_s_own_partida_being_played_keeps_the_screens() -> None:
    """Decision 313: from the close of its sale to its close, ordinary or game."""
    drawing = simultaneous_panel(partida(STARTED), "norte")
    assert not takes_screens(drawing, True, "extraction", None)
    assert not takes_screens(drawing, True, "sale_closed", None)
    assert not takes_screens(drawing, False, "next_partida", "extraction")
    # its sale open, or its prizes being paid: the simultaneous partida has the screens
    assert takes_screens(drawing, False, "sale_open", None)
    assert takes_screens(drawing, False, "closed", None)
    assert takes_screens(drawing, False, "hall_closed", None)


def test_a_closed_simultaneous_partida_stays_until_the_hall_opens_one_of_its_own() -> None:
    closed = simultaneous_panel(partida(STARTED, (sim.CLOSED, {"partida": 4})), "norte")
    assert closed is not None and closed.status == sim.FINISHED
    assert takes_screens(closed, False, "next_partida", None)
    assert takes_screens(closed, False, "session_over", "paid")
    assert not takes_screens(closed, False, "sale_open", None)
    assert not takes_screens(closed, False, "next_partida", "sale_open")
