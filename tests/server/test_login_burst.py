"""Wrong PINs sent all at once are slowed down as much as one after the other (R-ROLE-3;
decisions 133, 421): a station gets three wrong secrets free, then it is locked, however many
logins it sends at the same moment. The server checked each login on a thread of its own: the
lock was read before any of the simultaneous attempts had been recorded, so a burst of logins
had as many PINs checked as the server had threads.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections import Counter
from collections.abc import Callable

import httpx

from bingo.rights import FREE_FAILURES
from tests.server.kit import SALA, Server


def test_a_burst_of_wrong_pins_gets_no_more_than_three_checked(
    servers: Callable[..., Server],
) -> None:
    server = servers()

    async def burst(count: int) -> Counter[int]:
        async with httpx.AsyncClient(timeout=120.0) as http:

            async def guess(i: int) -> int:
                pin = f"{271828 + 7919 * i:06d}"
                answer = await http.post(
                    f"{server.url}/api/v1/login", json={"v": 1, "name": SALA[0], "pin": pin}
                )
                return answer.status_code

            return Counter(await asyncio.gather(*(guess(i) for i in range(count))))

    statuses = asyncio.run(burst(24))
    assert statuses[401] == FREE_FAILURES, statuses  # checked, and wrong
    assert statuses[429] == 24 - FREE_FAILURES, statuses  # locked, never checked
    with sqlite3.connect(server.db) as con:
        outcomes = Counter(str(o) for (o,) in con.execute("select outcome from operator_attempts"))
    assert outcomes == {"wrong_secret": FREE_FAILURES, "locked": 24 - FREE_FAILURES}


def test_a_forwarded_for_header_does_not_make_a_new_station(
    servers: Callable[..., Server],
) -> None:
    """uvicorn took the address a request came from out of its ``X-Forwarded-For`` header when
    it came from loopback: every guess sent from the server's own machine with another address
    in that header was a fresh station, never locked, and three guesses with the table's address
    in it locked the table's station out (decision 422). The hall server has no proxy in front of
    it: the station is the socket's peer.
    """
    server = servers()
    with httpx.Client(timeout=30.0) as http:
        for i in range(FREE_FAILURES + 2):
            http.post(
                f"{server.url}/api/v1/login",
                json={"v": 1, "name": SALA[0], "pin": "000000"},
                headers={"X-Forwarded-For": f"192.168.1.{20 + i}"},
            )
        right = http.post(
            f"{server.url}/api/v1/login",
            json={"v": 1, "name": SALA[0], "pin": SALA[1]},
            headers={"X-Forwarded-For": "192.168.1.99"},
        )
    assert right.status_code == 429, right.text  # the guessing station stays locked
    with sqlite3.connect(server.db) as con:
        stations = {str(c) for (c,) in con.execute("select client from operator_attempts")}
    assert stations == {"127.0.0.1"}
