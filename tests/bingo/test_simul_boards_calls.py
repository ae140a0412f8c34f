"""Which balls of the centre's simultaneous partida a joined hall's voice calls (R-MULTI-2,
R-DEV-3; Cantabria III "han de extraerse sucesivamente las bolas cuyo número debe anunciarse a
través de los altavoces"; decision 344): each ball once, as it reaches the hall's copy; after a
backlog only the newest; none while the hall's own partida has the boards.
"""

from __future__ import annotations

from bingo.readmodel_simultaneous import Called, SimulPanel, calls_due


def panel(balls: tuple[int, ...], partida: int = 1, status: str = "drawing") -> SimulPanel:
    return SimulPanel(
        partida=partida, serie_id="SIM-1", status=status, price_cents=100, cards_sold=60,
        halls=1, sale_closed=True, line_cents=1500, bingo_cents=5200, balls=balls, line=(),
        line_count=0, line_extraction=0, bingo=(), bingo_count=0, bingo_extraction=0,
        withdrawn=False,
    )  # fmt: skip


def test_each_central_ball_is_called_once_as_it_arrives() -> None:
    called = Called()
    heard: list[int] = []
    for k, _ in enumerate((17, 4, 88), start=1):
        due, called = calls_due(panel((17, 4, 88)[:k]), called, shown=True)
        heard += due
        again, called = calls_due(panel((17, 4, 88)[:k]), called, shown=True)  # a claim, a link
        assert again == ()
    assert heard == [17, 4, 88]


def test_a_backlog_calls_only_its_newest_ball() -> None:
    """A hall back after missing balls: the boards show them all at once; the voice does not
    call them one by one late, only the one the players mark next."""
    called = Called(1, 2)
    due, called = calls_due(panel((17, 4, 88, 23, 61, 9)), called, shown=True)
    assert due == (9,) and called == Called(1, 6)
    due, called = calls_due(panel((17, 4, 88, 23, 61, 9, 50)), called, shown=True)
    assert due == (50,)


def test_a_hall_started_calls_nothing_its_copy_already_held() -> None:
    state = panel((17, 4, 88))
    assert calls_due(state, Called.of(state), shown=True)[0] == ()
    assert Called.of(None) == Called()


def test_balls_drawn_while_the_hall_s_own_partida_has_the_boards_are_never_called_late() -> None:
    called = Called(1, 2)
    due, called = calls_due(panel((17, 4, 88)), called, shown=False)
    assert due == () and called == Called(1, 3)
    due, called = calls_due(panel((17, 4, 88, 23)), called, shown=True)  # the boards are back
    assert due == (23,)


def test_a_new_simultaneous_partida_starts_its_calls_from_its_first_ball() -> None:
    due, called = calls_due(panel((5,), partida=2), Called(1, 40), shown=True)
    assert due == (5,) and called == Called(2, 1)
    assert calls_due(None, called, shown=True) == ((), called)
