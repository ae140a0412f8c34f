"""The hall boards on their serial line show every ball as it is recorded (R-PANEL-2)."""

from __future__ import annotations

import pytest

from app.devices import feed_boards
from drivers.board import open_emulated_boards
from drivers.protocol import ShowState
from tests.bingo.hallkit import make_hall

pytestmark = pytest.mark.timeout(60)


def test_boards_show_the_partida_ball_by_ball() -> None:
    kit = make_hall()
    driver, stop = open_emulated_boards(1)
    try:
        unsubscribe = feed_boards(kit.svc, driver.show)
        kit.partida_ready([("A", 10)])
        for ball in (17, 4, 88):
            kit.svc.draw_ball(ball, "simulated")
            expected = ShowState(
                1, len(kit.hall.partida.balls), ball, frozenset(kit.hall.partida.balls)
            )
            assert driver.wait_synced(5.0)
            assert driver.shown_hash() == expected.hash
        unsubscribe()
    finally:
        stop()
