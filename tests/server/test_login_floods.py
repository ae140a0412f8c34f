"""A flood of logins never makes a command wait (issue 20, items 2 and 5; R-ROLE-3; decision
585): PINs were hashed on the thread pool every command's rights check uses too, so 200 wrong
logins from one address took a command from 11 ms to 2.3 s, 24 from rotating addresses to
11 s. The PINs are hashed on a pool of their own; past its queue a login is refused at once.
The times themselves are in ``python -m bench hostile``; here, the order of the answers.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections import Counter
from collections.abc import Callable

import httpx

from app.server.auth import LOGIN_QUEUE
from tests.server.kit import SALA, Client, Server, open_session


def source(i: int) -> str:
    return f"127.0.{1 + i // 250}.{2 + i % 250}"


async def wrong_login(url: str, i: int) -> tuple[int, str]:
    transport = httpx.AsyncHTTPTransport(local_address=source(i))
    async with httpx.AsyncClient(transport=transport, timeout=300) as http:
        pin = f"{100000 + i:06d}"
        answer = await http.post(f"{url}/api/v1/login", json={"v": 1, "name": SALA[0], "pin": pin})
        code = answer.json()["error"]["code"] if answer.status_code != 200 else ""
        return answer.status_code, code


def test_a_command_is_answered_while_a_flood_of_logins_is_checked(
    servers: Callable[..., Server],
) -> None:
    server = servers()
    console = Client(server)
    open_session(console)
    count = 24  # from rotating addresses: every one a PIN hashed (no lock yet)

    async def run() -> tuple[int, int]:
        done: list[int] = []

        async def login(i: int) -> None:
            await wrong_login(server.url, i)
            done.append(i)

        logins = [asyncio.create_task(login(i)) for i in range(count)]
        while not done:  # the server is checking them now
            await asyncio.sleep(0.01)
        await asyncio.to_thread(console.do, "start_partida")
        answered_before = len(done)
        await asyncio.gather(*logins)
        return answered_before, len(done)

    before, total = asyncio.run(run())
    assert total == count
    # the command did not queue behind the logins: most were still being checked
    assert before <= count // 2, (before, count)


def test_logins_past_the_queue_are_refused_at_once_unrecorded(
    servers: Callable[..., Server],
) -> None:
    server = servers()
    count = LOGIN_QUEUE + 24

    async def run() -> Counter[tuple[int, str]]:
        answers = await asyncio.gather(*(wrong_login(server.url, i) for i in range(count)))
        return Counter(answers)

    answers = asyncio.run(run())
    busy = answers[(429, "busy")]
    assert busy >= count - LOGIN_QUEUE, answers
    # each checked: wrong, or locked once the name's ceiling was reached (decision 590)
    checked = answers[(401, "login_failed")] + answers[(429, "login_failed")]
    assert checked == count - busy, answers
    with sqlite3.connect(server.db) as con:
        (recorded,) = con.execute("select count(*) from operator_attempts").fetchone()
    assert recorded == count - busy  # a login refused unchecked is no attempt


def test_a_lone_surrogate_in_a_name_is_a_wrong_login_counted(
    servers: Callable[..., Server],
) -> None:
    server = servers()
    body = '{"v": 1, "name": "\\ud800", "pin": "\\ud800x"}'  # JSON escapes: a lone surrogate
    answer = httpx.post(f"{server.url}/api/v1/login", content=body,
                        headers={"Content-Type": "application/json"})  # fmt: skip
    assert answer.status_code == 401, answer.text
    assert answer.json()["error"]["code"] == "login_failed"
    assert "Traceback" not in server.log.read_text()
    with sqlite3.connect(server.db) as con:
        rows = con.execute("select name, outcome from operator_attempts").fetchall()
    assert rows == [("\\ud800", "wrong_secret")]
