"""Every screen gets every change once and in order when the changes are written straight to the
waiting sockets (issue 20, item 13; decision 588): the speed is ``python -m bench panels
--clients 1000``'s; here, what each of many screens receives. Screens that read slowly (busy:
their changes go through their queue) and quick ones alike.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import websockets

from tests.server.kit import Client, Server, open_session, partida_ready

SCREENS = 60
BALLS = 8


def test_many_screens_get_every_change_once_and_in_order(servers: Callable[..., Server]) -> None:
    server = servers()
    console = Client(server)
    open_session(console)
    partida_ready(console)
    url = server.url.replace("http", "ws") + "/api/v1/stream"

    async def run() -> tuple[list[list[int]], list[int]]:
        ready = asyncio.Event()
        connected = 0
        done = asyncio.Event()

        async def screen(slow: bool) -> list[int]:
            nonlocal connected
            seen: list[int] = []
            async with websockets.connect(url, max_size=None) as ws:
                first = json.loads(await ws.recv())
                assert first["type"] == "snapshot"
                connected += 1
                if connected == SCREENS:
                    ready.set()
                while not done.is_set() or len(seen) < BALLS:
                    try:
                        message = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    except TimeoutError:
                        break
                    if message["type"] == "change":
                        seen.append(message["version"])
                        if slow:
                            await asyncio.sleep(0.05)  # reads late: its socket backs up
                    if len(seen) >= BALLS:
                        break
            return seen

        tasks = [asyncio.create_task(screen(i % 3 == 0)) for i in range(SCREENS)]
        await asyncio.wait_for(ready.wait(), 120)
        versions = []
        for number in range(1, BALLS + 1):
            answer = await asyncio.to_thread(console.do, "draw_ball", number=number)
            versions.append(answer["version"])
        done.set()
        return list(await asyncio.gather(*tasks)), versions

    seen, versions = asyncio.run(run())
    for got in seen:
        assert got == versions, (got, versions)
