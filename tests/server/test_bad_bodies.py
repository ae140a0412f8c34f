"""What a client sends that is not a message, on a real server: a body nested too deep, one too
large, one that is not UTF-8, a binary first frame on a terminal's socket. Each is refused with
the server's own words (400/413, or the socket closed with its code), nothing is applied and no
traceback reaches the client or the log (docs/api.md, error codes; decisions 420, 421).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import httpx
import jsonschema
import pytest
import websockets

from app.server.wire import schema
from tests.server.kit import MESA, Client, Server

ANSWER = schema("answer")

DEEP = b"[" * 20_000 + b"]" * 20_000  # within the size a body may have
DEEP_ARGS = (
    b'{"v": 1, "client_id": "mesa", "command_id": "c1", "name": "start_partida", "args": '
    + b'{"a": ' * 5_000
    + b"1"
    + b"}" * 5_000
    + b"}"
)


def refused(response: httpx.Response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    jsonschema.validate(body, ANSWER)
    assert body["error"]["code"] == code, body


#: What the server reads a body as (anything else is refused first, 415: docs/security.md).
JSON = {"Content-Type": "application/json"}


def no_traceback(server: Server) -> None:
    log = server.log.read_text()
    assert "Traceback" not in log, log[-3000:]


def test_a_body_nested_too_deep_is_a_bad_request(servers: Callable[..., Server]) -> None:
    server = servers()
    client = Client(server)
    client.login(*MESA)
    version = client.state()["version"]
    auth = {"Authorization": f"Bearer {client.token}", **JSON}
    for body in (DEEP, DEEP_ARGS):
        refused(client.http.post(f"{server.url}/api/v1/commands", content=body, headers=JSON),
                400, "bad_request")  # fmt: skip
        refused(client.http.post(f"{server.url}/api/v1/commands", content=body, headers=auth),
                400, "bad_request")  # fmt: skip
    refused(client.http.post(f"{server.url}/api/v1/login", content=DEEP, headers=JSON), 400,
            "bad_request")  # fmt: skip
    refused(
        client.http.post(f"{server.url}/api/v1/questions/q1", content=DEEP, headers=auth),
        400,
        "bad_request",
    )
    assert client.state()["version"] == version  # nothing applied
    no_traceback(server)


def test_a_body_too_large_is_refused_before_it_is_read(servers: Callable[..., Server]) -> None:
    server = servers()
    client = Client(server)
    client.login(*MESA)
    auth = {"Authorization": f"Bearer {client.token}", **JSON}
    big = b'{"v": 1, "name": "' + b"x" * 300_000 + b'", "pin": "1"}'
    for path, headers in (("/api/v1/login", JSON), ("/api/v1/commands", auth),
                          ("/api/v1/commands", JSON)):  # fmt: skip
        refused(client.http.post(f"{server.url}{path}", content=big, headers=headers), 413,
                "too_large")  # fmt: skip

    # a body without its length said is counted as it comes
    def chunks() -> Any:
        for _ in range(40):
            yield b" " * 8192

    refused(
        client.http.post(f"{server.url}/api/v1/commands", content=chunks(), headers=auth),
        413,
        "too_large",
    )
    # the biggest real command still goes through
    answer = client.send("record_ball_check", {"session_id": "S1", "when": "open",
                                               "numbers": list(range(1, 91))})  # fmt: skip
    assert answer.status_code == 200, answer.text
    no_traceback(server)


def test_a_body_that_is_not_utf8_is_a_bad_request(servers: Callable[..., Server]) -> None:
    server = servers()
    client = Client(server)
    client.login(*MESA)
    auth = {"Authorization": f"Bearer {client.token}", **JSON}
    for path in ("/api/v1/login", "/api/v1/commands"):
        refused(client.http.post(f"{server.url}{path}", content=b"\xff\xfe{\x00", headers=auth),
                400, "bad_request")  # fmt: skip
    no_traceback(server)


@pytest.mark.parametrize("first", [b"\x00\x01binario", "[" * 20_000])
def test_a_terminal_socket_whose_first_frame_is_not_a_hello_is_closed(
    servers: Callable[..., Server], first: bytes | str
) -> None:
    server = servers()

    async def hello() -> int | None:
        url = server.url.replace("http", "ws") + "/api/v1/terminal"
        async with websockets.connect(url) as socket:
            await socket.send(first)
            try:
                await asyncio.wait_for(socket.recv(), 10)
            except websockets.ConnectionClosed as closed:
                return closed.rcvd.code if closed.rcvd is not None else None
        return None

    assert asyncio.run(hello()) == 4400
    no_traceback(server)
