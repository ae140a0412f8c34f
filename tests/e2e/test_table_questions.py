"""The table's questions over the network (``app.server.table``): the server's draw asks the
console at the table what it reads on a ball the devices could not vouch for, waits for the
answer off the writer, and without one in time the draw stays held: nothing is skipped or
invented (R-GAME-3, R-INC-2). Real emulators on pseudo-terminals, the real draw policy.
"""

from __future__ import annotations

import threading
from typing import Any

import jsonschema
import pytest

from app.devices import BallNotRead, DeviceDraws, emulated_operator
from app.server.table import Table
from app.server.wire import schema
from tests.bingo.hallkit import Kit
from tests.e2e.test_device_draws import devices, kit, playing, released

__all__ = ["devices", "kit"]

pytestmark = [pytest.mark.slow, pytest.mark.timeout(120)]

UNREADABLE_AT_1 = [{"at_draw": 1, "fault": "unreadable"}]


def test_a_ball_the_reader_cannot_read_is_asked_to_the_table_and_its_answer_recorded(
    kit: Kit, devices: Any
) -> None:
    session = devices(UNREADABLE_AT_1)
    sees = emulated_operator(session)  # what the jefe de mesa reads on the physical ball
    draws = DeviceDraws(kit.svc, session.source, None)
    published: list[dict[str, Any]] = []
    table: Table

    def publish(message: dict[str, Any]) -> None:
        published.append(message)
        if message["type"] == "question":  # the console answers, from another thread
            number = sees(message["draw"])
            threading.Thread(target=table.answer, args=(message["id"], number)).start()

    table = Table(draws, publish, seconds=30)
    with table.attended(True, False):
        done = draws.draw_next()
    assert done.endswith("(leída por el jefe de mesa)")
    partida = playing(kit)
    assert partida.balls == released(session) and partida.ball_sources == ["operator"]
    assert [m["type"] for m in published] == ["question", "question_closed"]
    stream = schema("stream")
    for message in published:
        jsonschema.validate(message, stream)  # as docs/api.md shows them
    assert not table.answer(published[0]["id"], 5)  # a late or replayed answer: refused


def test_without_an_answer_in_time_the_draw_stays_held_and_nothing_is_recorded(
    kit: Kit, devices: Any
) -> None:
    session = devices(UNREADABLE_AT_1)
    draws = DeviceDraws(kit.svc, session.source, emulated_operator(session))
    table = Table(draws, lambda _message: None, seconds=0.3)
    with table.attended(True, False), pytest.raises(BallNotRead) as held:
        draws.draw_next()
    assert "Nadie en la mesa puede leer la bola" in str(held.value)
    assert playing(kit).balls == [] and len(released(session)) == 1  # out, never invented
    # a draw sent by no console (a terminal) keeps the devices' own operator
    assert table.ask(1) == emulated_operator(session)(1)


def test_the_devices_notices_are_told_to_every_console(kit: Kit, devices: Any) -> None:
    """R-DEV-1: the console shows a device offline at once, also when the server owns it."""
    session = devices([{"at_draw": 1, "fault": "disconnect", "duration": 0.5}])
    draws = DeviceDraws(kit.svc, session.source, emulated_operator(session))
    published: list[dict[str, Any]] = []
    table = Table(draws, published.append, seconds=5)
    try:
        draws.draw_next()
    finally:
        table.close()
    notices = [(m["device"], m["notice"]) for m in published if m["type"] == "device"]
    assert ("extractor", "offline") in notices or ("reader", "offline") in notices
    for message in published:
        jsonschema.validate(message, schema("stream"))
