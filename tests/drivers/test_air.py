"""An extractor that stops its air after every release (a maker's choice BHD/1 allows): the
host turns it on again before each ball (decision 68) and says so once, not at every ball.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace

import pytest

from drivers import protocol as p
from tests.drivers.hallkit import EXTRACTOR, Hall

pytestmark = pytest.mark.timeout(60)


def test_an_extractor_that_stops_its_air_after_each_ball_is_warned_about_once(
    hall_factory: Callable[..., Hall], caplog: pytest.LogCaptureFixture
) -> None:
    hall = hall_factory(extractor_model=replace(EXTRACTOR, air_off_after_release=True))
    with caplog.at_level(logging.WARNING, logger="drivers"):
        hall.play(6)  # R-GAME-3: every ball drawn and read, none lost or invented
    air = [r for r in caplog.records if "air is off" in r.getMessage()]
    assert len(air) == 1
    assert len(hall.extractor.commands(p.MsgType.AIR_ON)) == 6  # on again before every ball
