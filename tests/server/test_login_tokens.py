"""A login's token stays good however often someone else logs in (R-ROLE-1; decision 423).
The server kept at most 256 tokens and, beyond them, forgot the oldest, whoever's it was: any
operator, an inspector or a terminal, logging in 256 times logged the jefe de mesa out of his
console in the middle of a partida. One operator's logins now make room among his own.
"""

from __future__ import annotations

from collections.abc import Callable

import httpx

from app.server.auth import MAX_TOKENS
from tests.server.kit import INSPECTOR, MESA, Client, Server, open_session


def test_an_inspector_logging_in_again_and_again_logs_nobody_else_out(
    servers: Callable[..., Server],
) -> None:
    server = servers()
    mesa = Client(server, "mesa", MESA)
    open_session(mesa)  # logged in, and its login works
    tokens = []
    with httpx.Client(timeout=30.0) as http:
        for _ in range(MAX_TOKENS + 1):
            answer = http.post(
                f"{server.url}/api/v1/login",
                json={"v": 1, "name": INSPECTOR[0], "pin": INSPECTOR[1]},
            )
            assert answer.status_code == 200, answer.text
            tokens.append(answer.json()["token"])
        newest = http.get(
            f"{server.url}/api/v1/records?after=0",
            headers={"Authorization": f"Bearer {tokens[-1]}"},
        )
        assert newest.status_code == 200, newest.text
        oldest = http.get(  # his own oldest login made room
            f"{server.url}/api/v1/records?after=0",
            headers={"Authorization": f"Bearer {tokens[0]}"},
        )
        assert oldest.status_code == 401, oldest.text
    answer = mesa.send("start_partida")  # the same token as before
    assert answer.status_code == 200, answer.text
