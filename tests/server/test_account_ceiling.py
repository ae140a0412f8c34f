"""PIN guessing no longer scales with the addresses a guesser has (issue 20, item 10; R-ROLE-3;
decision 590): each address was a new station with three guesses of its own, and 60 loopback
addresses guessed 1.7 PINs a second, some 6,100 an hour, with no lock. Past
``ACCOUNT_CEILING`` wrong PINs of one name in an hour, at all stations together, the name is
locked at every station but the server's own machine, where the jefe de sala still logs in.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import httpx

from bingo.rights import FREE_FAILURES
from store.operators import ACCOUNT_CEILING
from tests.server.kit import ROOT, SALA, Server, add_operators


async def login(url: str, source: str, pin: str) -> int:
    transport = httpx.AsyncHTTPTransport(local_address=source)
    async with httpx.AsyncClient(transport=transport, timeout=120) as http:
        answer = await http.post(f"{url}/api/v1/login", json={"v": 1, "name": SALA[0], "pin": pin})
        return answer.status_code


def test_wrong_pins_from_many_addresses_reach_a_ceiling_for_the_name(
    servers: Callable[..., Server],
) -> None:
    server = servers()
    stations = -(-ACCOUNT_CEILING // FREE_FAILURES)  # each within its own three free guesses

    async def guess() -> list[int]:
        said = []
        for s in range(stations):
            for g in range(FREE_FAILURES):
                said.append(await login(server.url, f"127.0.9.{10 + s}", f"{200000 + g:06d}"))
        return said

    said = asyncio.run(guess())
    assert said[:ACCOUNT_CEILING] == [401] * ACCOUNT_CEILING, said
    # a fresh address with the right PIN: the name is locked there too
    assert asyncio.run(login(server.url, "127.0.9.200", SALA[1])) == 429
    # at the server's own machine the jefe de sala still gets in
    assert asyncio.run(login(server.url, "127.0.0.1", SALA[1])) == 200
    assert "PIN erróneos en una hora" in server.log.read_text()


def test_operator_list_shows_the_wrong_pins_of_the_last_hour(tmp_path: Path) -> None:
    from store import open_store
    from store.operators import WRONG, OperatorBook

    db = tmp_path / "hall.sqlite"
    add_operators(db)
    with open_store(f"sqlite:///{db}") as store:
        book = OperatorBook(store)
        for i in range(ACCOUNT_CEILING):
            book.record(SALA[0], f"10.0.0.{i}", "login", WRONG)
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "operator", "list", "--db", f"sqlite:///{db}"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    line = next(row for row in done.stdout.splitlines() if row.startswith(SALA[0]))
    assert f"PIN erróneos en la última hora: {ACCOUNT_CEILING}" in line, line
    assert "bloqueado salvo en el equipo del servidor" in line
    mesa = next(row for row in done.stdout.splitlines() if row.startswith("Mesa"))
    assert "PIN erróneos" not in mesa
