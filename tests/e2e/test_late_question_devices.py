"""What a stream that connects late is told besides the snapshot (decision 340): a device off
at that moment, which it would otherwise never learn (R-DEV-1: the console shows a device
offline; its notice went out live only, before the console was there), and, for a login that
may answer the table, the questions open (none here). Real emulators on pseudo-terminals, the
real draw policy.
"""

from __future__ import annotations

import time
from typing import Any

import jsonschema
import pytest

from app.devices import DeviceDraws, emulated_operator
from app.server.table import Table
from app.server.wire import schema
from tests.bingo.hallkit import Kit
from tests.e2e.test_device_draws import devices, kit

__all__ = ["devices", "kit"]

pytestmark = [pytest.mark.slow, pytest.mark.timeout(120)]

#: The extractor's cable is pulled at the first ball and stays out for the whole test.
CABLE_OUT = [{"at_draw": 1, "fault": "disconnect", "mode": "cable", "duration": 60.0}]


def test_a_console_connecting_while_a_device_is_off_is_told_so_after_its_snapshot(
    kit: Kit, devices: Any
) -> None:
    session = devices(CABLE_OUT)
    draws = DeviceDraws(kit.svc, session.source, emulated_operator(session))
    published: list[dict[str, Any]] = []
    table = Table(draws, published.append, seconds=5)
    try:
        draws.draw_next()  # the ball in the tube is read by the operator; the extractor is lost
        deadline = time.monotonic() + 30
        while not any(m.get("notice") == "offline" for m in published):
            assert time.monotonic() < deadline, published
            time.sleep(0.05)
        [lost] = [m["device"] for m in published if m.get("notice") == "offline"]

        panel, console = table.on_connect(False), table.on_connect(True)
        for told in (panel, console):
            assert {"device": lost, "notice": "offline"} in [
                {"device": m["device"], "notice": m["notice"]}
                for m in told
                if m["type"] == "device"
            ]
            for message in told:
                jsonschema.validate(message, schema("stream"))
        assert [m for m in panel if m["type"] == "questions"] == []  # not the table's
        assert [m["questions"] for m in console if m["type"] == "questions"] == [[]]
    finally:
        table.close()
