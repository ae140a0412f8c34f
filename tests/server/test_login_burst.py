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
