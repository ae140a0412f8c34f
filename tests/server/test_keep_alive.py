"""An idle connection between a console and the hall server: the console drops it before the
server does, so a request never goes out on a connection the server is closing at that moment
(both used to give up after 5 s: a read sent then failed as "sin conexión" now and then, and a
test hitting it failed the suite). Real server process, a raw HTTP/1.1 connection.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable

from tests.server.kit import Server
from ui.client.link import KEEP_SECONDS


def request(sock: socket.socket) -> bytes:
    sock.sendall(b"GET /api/v1/state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n")
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(65536)
        if not chunk:
            return head  # the server closed the connection
        head += chunk
    length = next(
        int(line.split(b":", 1)[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    body = head.split(b"\r\n\r\n", 1)[1]
    while len(body) < length:
        body += sock.recv(65536)
    return head


def test_the_server_keeps_an_idle_connection_longer_than_a_console_does(
    servers: Callable[..., Server],
) -> None:
    server = servers()
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        assert request(sock).startswith(b"HTTP/1.1 200")
        time.sleep(KEEP_SECONDS + 1.0)  # the console has dropped its connection by now
        assert request(sock).startswith(b"HTTP/1.1 200"), "the server closed it first"
