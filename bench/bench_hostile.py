"""The hall server on a hostile network (issue 20): what a flood costs the hall's own clients.

1. Idle sockets: 1,100 TCP connections from one address that never send a byte, against a
   server started with a soft limit of 1,024 open files; then, from another loopback address,
   how long a read of the state and a login take, the longest silence a stream client hears,
   and how much the server's log grows.
2. Login floods: a command's time alone, then while 200 wrong logins from one address, 24 from
   rotating addresses and 16 right logins are in flight.

One machine, loopback, shared cores: the figures are indicative.
"""

from __future__ import annotations

import asyncio
import contextlib
import resource
import socket
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

IDLE = 1100


def _timed_get(url: str, source: str, timeout: float = 10.0) -> float | None:
    import httpx

    transport = httpx.HTTPTransport(local_address=source)
    started = time.perf_counter()
    try:
        with httpx.Client(transport=transport, timeout=timeout, verify=False) as http:
            http.get(url).raise_for_status()
    except httpx.HTTPError:
        return None
    return time.perf_counter() - started


async def _longest_silence(url: str, seconds: float) -> float:
    from websockets.asyncio.client import connect

    longest, last = 0.0, time.monotonic()
    try:
        async with connect(url, open_timeout=10, ping_interval=None) as ws:
            last = time.monotonic()
            end = last + seconds
            while time.monotonic() < end:
                try:
                    await asyncio.wait_for(ws.recv(), end - time.monotonic())
                except TimeoutError:
                    break
                now = time.monotonic()
                longest, last = max(longest, now - last), now
    except (OSError, TimeoutError, Exception):  # refused or cut: silent to the end
        return max(longest, seconds)
    return max(longest, time.monotonic() - last)


def idle_sockets(extra: list[str]) -> dict[str, Any]:
    from tests.server.kit import Server

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))  # the server inherits it
        try:
            server = Server(Path(folder) / "hall.sqlite", extra=extra).start()
        finally:
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
        held: list[socket.socket] = []
        try:
            size = server.log.stat().st_size
            ws = server.url.replace("http", "ws") + "/api/v1/stream"
            silence = asyncio.run(_watch_while_flooded(server.port, ws, held))
            out["longest_silence_s"] = silence
            out["state_s"] = _timed_get(f"{server.url}/api/v1/state", "127.0.0.2")
            out["log_growth_bytes"] = server.log.stat().st_size - size
            out["held_open"] = sum(1 for s in held if _still_open(s))
        finally:
            for s in held:
                s.close()
            server.stop()
    return out


async def _watch_while_flooded(port: int, ws: str, held: list[socket.socket]) -> float:
    watch = asyncio.create_task(_longest_silence(ws, 25.0))
    await asyncio.sleep(1.0)
    for _ in range(IDLE):
        s = socket.socket()
        s.setblocking(False)
        with contextlib.suppress(BlockingIOError):
            s.connect(("127.0.0.1", port))
        held.append(s)
        if len(held) % 50 == 0:
            await asyncio.sleep(0.01)
    return await watch


def _still_open(s: socket.socket) -> bool:
    try:
        return s.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


def login_floods() -> dict[str, float]:
    import httpx

    from tests.server.kit import INSPECTOR, SALA, Client, Server, open_session, partida_ready

    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "hall.sqlite").start()
        try:
            console = Client(server)
            open_session(console)
            partida_ready(console)
            balls = iter(range(1, 91))

            def command() -> float:
                started = time.perf_counter()
                console.do("draw_ball", number=next(balls))
                return time.perf_counter() - started

            out = {"alone_s": statistics.median(command() for _ in range(5))}

            async def flood(kind: str) -> float:
                async def one(i: int) -> None:
                    source = "127.0.0.1" if kind == "one" else f"127.0.{1 + i // 250}.{2 + i % 250}"
                    # right logins of the inspector: the console's own login (the jefe de
                    # mesa's) is not among the oldest of his that a login forgets
                    pin = INSPECTOR[1] if kind == "right" else f"{100000 + i:06d}"
                    name = INSPECTOR[0] if kind == "right" else SALA[0]
                    transport = httpx.AsyncHTTPTransport(local_address=source)
                    async with httpx.AsyncClient(transport=transport, timeout=120) as http:
                        await http.post(
                            f"{server.url}/api/v1/login",
                            json={"v": 1, "name": name, "pin": pin},
                        )

                count = {"one": 200, "rotating": 24, "right": 16}[kind]
                logins = [asyncio.create_task(one(i)) for i in range(count)]
                flood = asyncio.gather(*logins, return_exceptions=True)
                took: list[float] = []
                # commands one after the other while logins last (25 at most: 90 balls a partida)
                while not flood.done() and len(took) < 25:
                    took.append(await asyncio.to_thread(command))
                await flood
                return max(took)

            for kind in ("one", "rotating", "right"):
                out[f"{kind}_s"] = asyncio.run(flood(kind))
        finally:
            server.stop()
    return out


def main(argv: list[str] | None = None) -> None:
    """``--only logins`` or ``--only sockets``: one of the two."""
    extra = list(argv or [])
    only = ""
    if "--only" in extra:
        at = extra.index("--only")
        only, extra = extra[at + 1], extra[:at] + extra[at + 2 :]
    if only != "sockets":
        print("2. a command's time (draw_ball) alone, and the longest during login floods:")
        for key, value in login_floods().items():
            print(f"  {key:24s} {value * 1000:8.0f} ms")
    if only == "logins":
        return
    print(f"1. {IDLE} idle sockets from 127.0.0.1, server's soft file limit 1024:")
    for key, value in idle_sockets(extra).items():
        print(f"  {key:24s} {value}")
