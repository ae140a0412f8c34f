"""The hall server under systemd's ``Type=notify``: ``READY=1`` once it serves, ``WATCHDOG=1``
from its event loop, over a real unix datagram socket as systemd's own (sd_notify(3)).
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from app.sdnotify import Notifier, notify, watchdog_seconds
from tests.server.kit import ROOT, add_operators, free_port


@pytest.fixture
def systemd() -> Iterator[tuple[socket.socket, str]]:
    """A bound datagram socket where systemd would listen, and its path (a short one: a unix
    socket's path has at most 107 bytes, and pytest's folders can be longer).
    """
    with tempfile.TemporaryDirectory(prefix="notify-", dir="/tmp") as folder:
        path = str(Path(folder) / "notify")
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.bind(path)
            sock.settimeout(120)
            yield sock, path


def test_notify_sends_the_message_to_the_socket_systemd_names(
    systemd: tuple[socket.socket, str],
) -> None:
    sock, path = systemd
    assert notify("READY=1", {"NOTIFY_SOCKET": path})
    assert sock.recv(4096) == b"READY=1"


def test_notify_reaches_an_abstract_socket_too() -> None:
    name = f"bingo-hall-test-{uuid.uuid4().hex}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        sock.settimeout(10)
        assert notify("WATCHDOG=1", {"NOTIFY_SOCKET": "@" + name})
        assert sock.recv(4096) == b"WATCHDOG=1"


def test_without_systemd_or_with_its_socket_gone_nothing_happens(tmp_path: Path) -> None:
    assert not notify("READY=1", {})
    assert not notify("READY=1", {"NOTIFY_SOCKET": str(tmp_path / "nobody-listens")})


def test_the_watchdog_is_pinged_at_half_its_period_and_only_for_this_process() -> None:
    assert watchdog_seconds({"WATCHDOG_USEC": "30000000"}) == 15.0
    assert watchdog_seconds({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": str(os.getpid())}) == 15
    assert watchdog_seconds({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"}) is None
    assert watchdog_seconds({}) is None
    assert watchdog_seconds({"WATCHDOG_USEC": "soon"}) is None


def test_the_notifier_says_ready_once_then_pings(systemd: tuple[socket.socket, str]) -> None:
    sock, path = systemd
    notifier = Notifier({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "4000000"})
    assert notifier.every == 2
    for _ in range(3):
        asyncio.run(notifier.tick())
    assert [sock.recv(4096) for _ in range(3)] == [b"READY=1", b"WATCHDOG=1", b"WATCHDOG=1"]


def test_the_server_says_ready_only_once_it_serves_then_pings_the_watchdog(
    tmp_path: Path, systemd: tuple[socket.socket, str]
) -> None:
    """``bingo-hall serve`` as systemd starts it: when ``READY=1`` arrives its API answers at
    once (systemd starts the hall screens on it), and the pings follow from its event loop.
    """
    sock, path = systemd
    db = tmp_path / "hall.sqlite"
    add_operators(f"sqlite:///{db}")
    port = free_port()
    env = {**os.environ, "NOTIFY_SOCKET": path, "WATCHDOG_USEC": "2000000"}
    log = (tmp_path / "server.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "app.cli", "serve", "--db", f"sqlite:///{db}",
         "--port", str(port), "--devices", "none"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        try:
            first = sock.recv(4096)
        except TimeoutError:
            pytest.fail(f"el servidor no avisó a systemd: {(tmp_path / 'server.log').read_text()}")
        assert first == b"READY=1"
        answer = httpx.get(f"http://127.0.0.1:{port}/api/v1/state", timeout=10)
        assert answer.status_code == 200
        assert [sock.recv(4096) for _ in range(2)] == [b"WATCHDOG=1", b"WATCHDOG=1"]
    finally:
        server.terminate()
        server.wait(30)
        log.close()
