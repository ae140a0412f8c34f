"""The server's sell commands take the seller (issue 9; decision 240), on a real server process:
the seller is in the record and the export, a bad name is refused in Spanish and changes nothing.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable

import jsonschema

from app.server.wire import schema
from tests.server.kit import ROOT, Client, Server, open_session


def test_the_sale_commands_record_the_seller_and_refuse_a_bad_one(
    servers: Callable[..., Server],
) -> None:
    server = servers()
    console = Client(server)
    open_session(console)
    console.do("start_partida")
    sold = console.do("sell_count", series="A-0001", count=30, seller="Ana")
    assert sold["result"] == {"series": "A-0001", "first": 1, "last": 30}
    console.do("sell", series="A-0001", first=31, last=40, seller="Luis")
    console.do("sell_count", series="A-0001", count=5)  # no seller said
    before = console.state()["version"]
    for bad in (" Ana", "A" * 41):
        refused = console.send("sell_count", {"series": "A-0001", "count": 5, "seller": bad})
        assert refused.status_code == 422, refused.text
        assert "nombre de vendedor no válido" in refused.json()["error"]["message"]
    empty = console.send("sell_count", {"series": "A-0001", "count": 5, "seller": ""})
    assert empty.status_code == 400
    assert console.state()["version"] == before
    command = {"v": 1, "client_id": "c", "command_id": "1", "name": "sell_count"}
    jsonschema.validate(
        {**command, "args": {"series": "A", "count": 1, "seller": "Ana"}}, schema("command")
    )
    server.stop()
    out = subprocess.run(
        [sys.executable, "-m", "app.cli", "export", "--db", f"sqlite:///{server.db}"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    (partida,) = json.loads(out.stdout)["sessions"][0]["partidas"]
    assert [s.get("seller") for s in partida["sales"]] == ["Ana", "Luis", None]
