"""Connections that send nothing, or their headers a byte at a time, no longer take the hall
down (issue 20, item 1; docs/security.md "Connections"; decision 580): 1,100 idle sockets from
one machine used up a 1,024-file server and no panel, console or command got through. Each
connection is admitted against a limit per address and one in all, one that sends no whole
request's headers in time is closed, the file limit is raised at start, and the refusals are
said in the log once a minute. The tests lower the limits with ``serve``'s own options.
"""

from __future__ import annotations

import re
import resource
import select
import socket
import time
from collections.abc import Callable
from pathlib import Path

import httpx
from websockets.sync.client import connect

from app.server import limits
from tests.server.kit import ROOT, Server


def idle(port: int, source: str, count: int) -> list[socket.socket]:
    out = []
    for _ in range(count):
        s = socket.socket()
        s.bind((source, 0))
        s.connect(("127.0.0.1", port))
        out.append(s)
    return out


def closed_by_server(sockets: list[socket.socket], want: int, timeout: float) -> set[int]:
    """The sockets the server closed (readable with nothing to read: it never sends to an idle
    connection), waiting until ``want`` of them are or ``timeout`` passes.
    """
    closed: set[int] = set()
    deadline = time.monotonic() + timeout
    while len(closed) < want and time.monotonic() < deadline:
        ready, _, _ = select.select([s for s in sockets if s.fileno() not in closed], [], [], 0.2)
        for s in ready:
            try:
                data = s.recv(1)
            except ConnectionResetError:
                data = b""
            assert data == b"", data
            closed.add(s.fileno())
    return closed


def stream_from(server: Server, source: str) -> object:
    s = socket.socket()
    s.bind((source, 0))
    s.connect(("127.0.0.1", server.port))
    return connect(f"ws://127.0.0.1:{server.port}/api/v1/stream", sock=s, open_timeout=30)


def test_one_machines_idle_sockets_are_refused_past_its_limit_and_the_hall_goes_on(
    servers: Callable[..., Server],
) -> None:
    server = servers(extra=["--max-per-address", "8", "--header-seconds", "120"])
    with stream_from(server, "127.0.0.3") as panel:  # type: ignore[attr-defined]
        assert '"snapshot"' in panel.recv(timeout=30)
        flood = idle(server.port, "127.0.0.2", 30)
        try:
            closed = closed_by_server(flood, 22, 30.0)
            assert len(closed) == 22, len(closed)  # 8 admitted, the rest closed at once
            assert not closed_by_server([s for s in flood if s.fileno() not in closed], 1, 1.0)
            # another machine is served, and the panel still hears its pings
            answer = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.4"))
            assert answer.get(f"{server.url}/api/v1/state", timeout=30).status_code == 200
            for _ in range(2):
                assert '"type":"ping"' in panel.recv(timeout=15)
        finally:
            for s in flood:
                s.close()
    said = server.log.read_text()
    assert said.count("conexiones rechazadas") == 1, said  # once a minute, not per socket
    assert "127.0.0.2 (por dirección)" in said


def test_connections_past_the_total_are_refused(servers: Callable[..., Server]) -> None:
    server = servers(
        extra=["--max-connections", "20", "--max-per-address", "100", "--header-seconds", "120"]
    )
    flood = idle(server.port, "127.0.0.2", 20)
    try:
        assert not closed_by_server(flood, 1, 1.0)
        late = idle(server.port, "127.0.0.5", 3)
        assert len(closed_by_server(late, 3, 30.0)) == 3
    finally:
        for s in flood:
            s.close()
    assert "127.0.0.5 (total)" in server.log.read_text()


def test_a_connection_without_a_whole_request_in_time_is_closed(
    servers: Callable[..., Server],
) -> None:
    server = servers(extra=["--header-seconds", "1"])
    silent = idle(server.port, "127.0.0.2", 3)
    slow = idle(server.port, "127.0.0.2", 3)
    for s in slow:  # a slowloris: the headers begun, never ended
        s.sendall(b"GET /api/v1/state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: ")
    try:
        assert len(closed_by_server(silent + slow, 6, 30.0)) == 6
        # a request that comes whole is answered, and its connection kept for the next one
        with httpx.Client() as http:
            assert http.get(f"{server.url}/api/v1/state").status_code == 200
            assert http.get(f"{server.url}/api/v1/state").status_code == 200
    finally:
        for s in silent + slow:
            s.close()


def test_the_server_raises_its_file_limit_at_start(tmp_path: Path) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))  # the server inherits it
    try:
        server = Server(tmp_path / "hall.sqlite").start()
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    try:
        text = Path(f"/proc/{server.proc.pid}/limits").read_text()  # type: ignore[union-attr]
        row = next(line for line in text.splitlines() if line.startswith("Max open files"))
        now = int(row.split()[3])
        assert now == min(hard, limits.WANTED_FILES), row
    finally:
        server.stop()


def test_the_default_limits_are_those_the_docs_give() -> None:
    assert (limits.MAX_CONNECTIONS, limits.MAX_PER_ADDRESS) == (4096, 128)
    assert limits.HEADER_SECONDS == 10.0
    doc = (ROOT / "docs" / "security.md").read_text("utf-8")
    for what, value in (
        ("conexiones en total", "4096"),
        ("conexiones por dirección", "128"),
        ("cabeceras de una petición", "10 s"),
    ):
        assert re.search(rf"\|\s*{what}[^|]*\|\s*{value}\b", doc), what
