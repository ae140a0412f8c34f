"""Many stream clients of one hall server, for ``python -m bench panels --clients N``: each
client is a WebSocket on ``/api/v1/stream``, as a panel's is (with per-message deflate offered,
as chromium offers it), spread over a few processes so the clients' own work does not stand
in for the server's. Each notes when every change reached it; the server stamps each change
with when it took the command (``accepted_at_ms``). One machine, one clock.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import re
import time
from typing import Any

_VERSION = re.compile(r'"version":(\d+)')
_ACCEPTED = re.compile(r'"accepted_at_ms":([0-9.]+)')


def _client_process(url: str, count: int, ready: Any, results: Any, stop: Any) -> None:
    asyncio.run(_clients(url, count, ready, results, stop))


async def _clients(url: str, count: int, ready: Any, results: Any, stop: Any) -> None:
    from websockets.asyncio.client import connect

    received: list[tuple[int, float, float]] = []  # (version, accepted, received) ms

    async def one() -> None:
        async with connect(url, max_size=None, open_timeout=120, ping_interval=None) as ws:
            ready.put(1)
            async for message in ws:
                now = time.time() * 1000.0
                head = str(message)[:200]
                version, accepted = _VERSION.search(head), _ACCEPTED.search(head)
                if '"type":"change"' in head and version and accepted:
                    received.append((int(version[1]), float(accepted[1]), now))

    tasks = []
    for _ in range(count):
        tasks.append(asyncio.create_task(one()))
        await asyncio.sleep(0.002)  # not all at once: the server's backlog is not the figure
    while stop.empty():
        await asyncio.sleep(0.2)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    results.put(json.dumps(received))


def _has_limits() -> bool:
    """The server has its connection limits (the code before them had no such option)."""
    from tests.server.kit import ROOT

    return (ROOT / "app" / "server" / "limits.py").exists()


def run(clients: int, balls: int = 20, processes: int = 4) -> dict[str, list[float]]:
    """Latencies (ms) from a ball's command accepted to it received by each of ``clients``."""
    import tempfile
    from pathlib import Path

    from tests.server.kit import Client, Server, open_session, partida_ready

    figures: dict[str, list[float]] = {"received": [], "spread": []}
    with tempfile.TemporaryDirectory() as folder:
        # every client is on 127.0.0.1: the limit of one address raised for them (the screens
        # of a hall are on machines of their own)
        extra = ["--max-per-address", str(clients + 64)] if _has_limits() else []
        server = Server(Path(folder) / "hall.sqlite", devices="none", extra=extra).start()
        ctx = multiprocessing.get_context("fork")
        ready, results, stop = ctx.Queue(), ctx.Queue(), ctx.Queue()
        url = server.url.replace("http", "ws") + "/api/v1/stream"
        share = [clients // processes + (i < clients % processes) for i in range(processes)]
        workers = [
            ctx.Process(target=_client_process, args=(url, n, ready, results, stop)) for n in share
        ]
        try:
            console = Client(server)
            open_session(console)
            partida_ready(console, count=120)
            for worker in workers:
                worker.start()
            for _ in range(clients):
                ready.get(timeout=300)
            time.sleep(2.0)  # the last snapshots go out before the first ball
            versions = []
            for number in range(1, balls + 1):
                versions.append(console.do("draw_ball", number=number)["version"])
                time.sleep(0.5)  # balls come seconds apart in a hall
            time.sleep(3.0)
            stop.put(1)
            received: list[tuple[int, float, float]] = []
            for _ in workers:
                received.extend(tuple(r) for r in json.loads(results.get(timeout=120)))
        finally:
            for worker in workers:
                worker.join(30)
                if worker.is_alive():
                    worker.kill()
            server.stop()
    wanted = set(versions)
    by_version: dict[int, list[float]] = {}
    for version, accepted, at in received:
        if version in wanted:
            figures["received"].append(at - accepted)
            by_version.setdefault(version, []).append(at)
    for times in by_version.values():
        figures["spread"].append(max(times) - min(times))
    missing = clients * len(wanted) - len(figures["received"])
    figures["missing"] = [float(missing)]
    return figures
