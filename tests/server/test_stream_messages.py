"""What a stranger can make the server hold through a WebSocket (issue 20, item 3; decision
581): each unauthenticated ``/api/v1/stream`` connection could park a 16 MiB message for some
15 KiB sent (per-message compression); 20 connections took the server from 357 to 959 MiB.
Clients send small messages: compression is off and a message is at most 64 KiB.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import websockets

from app.server.main import STREAM_MAX_BYTES
from tests.server.kit import Server


def test_the_stream_takes_no_compression_and_no_large_message(
    servers: Callable[..., Server],
) -> None:
    server = servers()
    url = server.url.replace("http", "ws") + "/api/v1/stream"

    async def run() -> tuple[str | None, int | None, bool]:
        async with websockets.connect(url, compression="deflate", max_size=None) as ws:
            offered = ws.response.headers.get("Sec-WebSocket-Extensions")
            await ws.recv()  # the snapshot
            await ws.send("x" * (1024 * 1024))  # 1 MiB, compressed to a few KiB
            try:
                while True:
                    await asyncio.wait_for(ws.recv(), 15)
            except websockets.ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
                return offered, code, True
            except TimeoutError:
                return offered, None, False

    extensions, code, closed = asyncio.run(run())
    assert extensions is None  # no permessage-deflate
    assert closed and code == 1009, code  # message too big: the socket is closed

    async def small() -> bool:
        async with websockets.connect(url) as ws:
            await ws.recv()
            await ws.send("x" * (STREAM_MAX_BYTES // 2))
            await asyncio.wait_for(ws.recv(), 15)  # still open: the next ping comes
            return True

    assert asyncio.run(small())
