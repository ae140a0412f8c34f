"""The hall panels and the server's state show the interconnected fund of a hall that joined
it (SPEC R-MULTI-1, R-PANEL-1; Cantabria V.2.b: the fund and its ball limit are announced when
the sale closes), and its winner once the partida is settled. The hall's record is on the
PostgreSQL database the halls share.
"""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from app.server.wire import schema
from bingo.interconnected import Announcement, PartidaKey
from tests.e2e.test_interconnected_halls import (
    BASE_URL,
    joined_config,
    ledger,
    url,  # noqa: F401  (the fixture: a schema of the test's own in the halls' database)
)
from tests.e2e.test_interconnected_serve import bingo_called, hall_server, sale_closed
from tests.server.kit import Client, open_session, wait_for

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        not BASE_URL, reason="BINGO_HALL_TEST_PG_URL is not set: run `bash scripts/postgres.sh`"
    ),
]


def test_the_prizes_panel_shows_the_interconnected_fund_its_ball_limit_and_its_winner(
    tmp_path: Path,
    url: str,  # noqa: F811
    chrome: Any,
) -> None:
    run = uuid.uuid4().hex[:8]
    network, hall = f"panel-{run}", f"panel-{run}"
    server = hall_server(tmp_path, url, hall, joined_config(tmp_path, hall, network)).start()
    try:
        # another hall of the network has fed the fund with 2 % of 1 500 €: 30 €, 50 balls
        ledger(url, network).settle(
            PartidaKey("otra-sala", "S1", 1), Announcement(1, 0, None), 150_000, None, 0
        )
        client = Client(server)
        open_session(client)
        _partida, first = sale_closed(client, 100)
        message = client.state()
        jsonschema.validate(message, schema("stream"))
        state = message["state"]
        assert (state["interconnected_cents"], state["interconnected_ball_limit"]) == (3_000, 50)
        chrome.get(server.panel("prizes"))
        wait_for(chrome, f"window.__panel.online && window.__panel.version >= {message['version']}")
        assert chrome.find_element("id", "p-ic-row").is_displayed()
        assert chrome.find_element("id", "p-ic").text == "30,00 € · bola 50"
        bingo_called(client, first)  # at the 15th ball: within the limit
        client.do("close_partida")  # settled by the server: this hall takes the fund
        paid = client.do("pay_prizes")
        message = client.state()
        jsonschema.validate(message, schema("stream"))
        won = [w for w in message["state"]["winners"] if w["prize"] == "interconnected"]
        assert [(w["number"], w["amount_cents"]) for w in won] == [(first, 3_000 + 200)]
        wait_for(chrome, f"window.__panel.version >= {paid['version']}")
        assert chrome.find_element("id", "p-ic").text == f"A-0001-{first} · 32,00 €"
    finally:
        server.stop()


def test_the_panel_says_the_fund_went_to_another_hall_and_hides_a_fund_not_in_play(
    tmp_path: Path,
    url: str,  # noqa: F811
    chrome: Any,
) -> None:
    """Decisions 286–287: a fund not in play (empty) is not shown, as the console does not;
    once another hall has won the fund this hall announced, its bingo within the same limit
    does not win it, and the panel stops showing the amount and says so.
    """
    run = uuid.uuid4().hex[:8]
    network, hall = f"panel-{run}", f"panel-{run}"
    server = hall_server(tmp_path, url, hall, joined_config(tmp_path, hall, network)).start()
    try:
        client = Client(server)
        open_session(client)
        _partida, first = sale_closed(client, 100)  # the fund is empty: 0 € announced
        message = client.state()
        jsonschema.validate(message, schema("stream"))
        assert message["state"]["interconnected_cents"] is None
        chrome.get(server.panel("prizes"))
        wait_for(chrome, f"window.__panel.online && window.__panel.version >= {message['version']}")
        assert not chrome.find_element("id", "p-ic-row").is_displayed()
        bingo_called(client, first)
        client.do("close_partida")
        client.do("pay_prizes")
        # another hall feeds the fund to 30 € (50 balls); both halls announce it
        shared = ledger(url, network)
        shared.settle(PartidaKey("otra-sala", "S1", 1), Announcement(1, 0, None), 150_000, None, 0)
        _partida, first = sale_closed(client, 100)
        announced = shared.state()
        assert client.state()["state"]["interconnected_cents"] == announced.fund_cents >= 3_000
        shared.settle(  # the other hall's bingo at the 20th ball takes it first
            PartidaKey("otra-sala", "S1", 2),
            Announcement(announced.generation, announced.fund_cents, 50),
            10_000,
            20,
            1,
        )
        bingo_called(client, first)  # at the 15th ball: within the limit, but too late
        client.do("close_partida")
        message = client.state()
        jsonschema.validate(message, schema("stream"))
        state = message["state"]
        assert (state["interconnected_cents"], state["interconnected_outcome"]) == (
            None,
            "elsewhere",
        )
        assert not [w for w in state["winners"] if w["prize"] == "interconnected"]
        wait_for(chrome, f"window.__panel.version >= {message['version']}")
        assert chrome.find_element("id", "p-ic-row").is_displayed()
        assert chrome.find_element("id", "p-ic").text == "ganado en otra sala"
        chrome.save_screenshot(str(tmp_path / "ganado-en-otra-sala.png"))
    finally:
        server.stop()
