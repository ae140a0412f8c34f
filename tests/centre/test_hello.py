"""Whoever reaches the centre cannot write into its record: refused hellos are attempts, as
failed logins are, slowed per address, and lock a name only at the address that tried
(R-ROLE-3; decisions 133, 293, 299)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from starlette.testclient import TestClient

from app.centre import protocol as pr
from app.centre.record import CENTRE
from app.centre.server import HALL_ROLE, Gates, build_centre_app
from app.server import wire
from bingo import rights as rt
from store import open_store
from store.operators import LOCKED, REFUSED, WRONG, OperatorBook

SECRET = "clave-de-la-sala-norte-2026"


def greet(client: TestClient, hello: dict[str, object]) -> dict[str, object]:
    with client.websocket_connect(pr.LINK_PATH) as socket:
        socket.send_text(wire.dumps(hello))
        answer: dict[str, object] = json.loads(socket.receive_text())
    return answer


def test_refused_hellos_are_attempts_not_central_records_and_lock_only_their_address(
    tmp_path: Path,
) -> None:
    with open_store(f"sqlite:///{tmp_path / 'centro.sqlite'}") as store:
        book = OperatorBook(store)
        book.add("Centro", rt.JEFE_DE_SALA, "1234-centro")
        book.add("norte", HALL_ROLE, SECRET)
        before = [r.hash for r in store.load(CENTRE)]
        app = build_centre_app(store)
        with TestClient(app, client=("10.0.0.66", 40000)) as stranger:
            codes = [greet(stranger, pr.hello("norte", "adivina", 0)) for _ in range(5)]
            repeated = pr.hello("norte", "adivina", 0)
            greet(stranger, repeated)
            codes.append(greet(stranger, repeated))
            late = greet(stranger, pr.hello("norte", SECRET, 0))  # locked at this address
        assert [c["type"] for c in codes] == ["refused"] * 6
        assert codes[-1]["error"] == {"code": "replayed", "message": codes[-1]["error"]["message"]}
        assert late["type"] == "refused"
        assert [r.hash for r in store.load(CENTRE)] == before  # nothing written to the chain
        tried = [(a[2], a[3], a[4]) for a in book.attempts("norte")]
        assert tried.count(("10.0.0.66", "link", WRONG)) == rt.FREE_FAILURES  # then locked
        assert ("10.0.0.66", "link:replayed", REFUSED) in tried
        assert ("10.0.0.66", "link", LOCKED) in tried

        with TestClient(app, client=("10.0.0.1", 40001)) as hall:  # the hall's own address
            welcome = greet(hall, pr.hello("norte", SECRET, 0))
        assert welcome["type"] == "welcome"
        outcomes = [r.payload["outcome"] for r in store.load(CENTRE)]
        assert "refused" not in outcomes


def test_hellos_of_one_address_wait_their_turn_and_other_addresses_do_not() -> None:
    """R-ROLE-3: a refused hello holds its address while it waits, so connections opened in
    parallel from one address are refused one after the other (decision 299)."""

    async def scenario() -> list[str]:
        gates = Gates()
        order: list[str] = []
        first_in = asyncio.Event()
        release = asyncio.Event()

        async def first() -> None:
            async with gates("10.0.0.66"):
                order.append("first in")
                first_in.set()
                await release.wait()
                order.append("first out")

        async def other(address: str, name: str) -> None:
            await first_in.wait()
            async with gates(address):
                order.append(name)

        tasks = [
            asyncio.create_task(first()),
            asyncio.create_task(other("10.0.0.66", "same address")),
            asyncio.create_task(other("10.0.0.1", "the hall")),
        ]
        await first_in.wait()
        for _ in range(10):  # let the others run as far as they can
            await asyncio.sleep(0)
        order.append("released")
        release.set()
        await asyncio.gather(*tasks)
        return order

    assert asyncio.run(scenario()) == [
        "first in",
        "the hall",
        "released",
        "first out",
        "same address",
    ]
