"""`bingo-hall run` and the hall server it starts live and end together: the real console (Qt
offscreen) and its real server on loopback. A console killed in any way leaves no server holding
the record and the port; a console started for a record a server already serves joins that
server, never a second one on another port; a server that ends under an open console is started
again with the console's key, so a hall with no operators goes on (R-NET-1; decision 200).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.kit import ROOT, free_port

pytestmark = [pytest.mark.slow, pytest.mark.timeout(240)]

pytest.importorskip("PySide6")


def gone(pid: int) -> bool:
    """Whether process ``pid`` ended (a zombie nobody reaped has ended too)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")


def port_free(port: int) -> bool:
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def wait_for(condition: object, seconds: float = 60.0, what: str = "") -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


class Console:
    """`bingo-hall run` as a real process, its output in a file."""

    def __init__(self, tmp_path: Path, db: Path, *extra: str) -> None:
        self.out = tmp_path / f"run-{time.monotonic_ns()}.log"
        env = {
            **os.environ,
            "QT_QPA_PLATFORM": "offscreen",
            "XDG_DATA_HOME": str(tmp_path / "data"),
            "XDG_CONFIG_HOME": str(tmp_path / "config"),
            "PYTHONUNBUFFERED": "1",
        }
        with self.out.open("w") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "app.cli", "run", "--db", f"sqlite:///{db}",
                 "--devices", "none", *extra],
                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, text=True,
            )  # fmt: skip

    def said(self) -> str:
        return self.out.read_text(errors="replace")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(30)


@pytest.fixture
def consoles(tmp_path: Path) -> Iterator[list[Console]]:
    made: list[Console] = []
    yield made
    for console in made:
        console.stop()


def served_by(console: Console) -> int:
    """The pid of the console's own `bingo-hall serve` child (Linux's /proc)."""
    pid = console.proc.pid
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    served = [c for c in children if b"serve" in Path(f"/proc/{c}/cmdline").read_bytes()]
    assert len(served) == 1, children
    return int(served[0])


def server_pid(db: Path) -> int:
    return int(json.loads(db.with_name(db.name + ".lock").read_text("utf-8"))["pid"])


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL, signal.SIGHUP])
def test_a_console_killed_takes_its_server_with_it_and_frees_the_record_and_the_port(
    tmp_path: Path, consoles: list[Console], sig: signal.Signals
) -> None:
    """SIGTERM or SIGHUP (the console's handlers stop the server first) and SIGKILL (the server
    gets the parent-death signal): nothing is left on the port or holding the record, and the
    next `run` starts its own server on the same port.
    """
    db, port = tmp_path / "hall.sqlite", free_port()
    console = Console(tmp_path, db, "--port", str(port))
    consoles.append(console)
    wait_for(lambda: "consola abierta" in console.said(), what=console.said())
    pid = served_by(console)
    assert not port_free(port)
    console.proc.send_signal(sig)
    console.proc.wait(60)
    wait_for(lambda: gone(pid), what=f"the server {pid} outlived its console")
    wait_for(lambda: port_free(port), what="the port is still taken")
    again = Console(tmp_path, db, "--port", str(port))
    consoles.append(again)
    wait_for(lambda: "consola abierta" in again.said(), what=again.said())
    assert served_by(again) != pid
    assert f"servidor en http://127.0.0.1:{port}" in again.said()


def test_a_console_for_a_record_already_served_joins_that_server_and_starts_no_other(
    tmp_path: Path, consoles: list[Console]
) -> None:
    """The port is taken by the record's own server: the console never starts a second server of
    it on another port. It joins the one there (as `--server URL`), which for a hall with no
    operators yet tells it how to add the first one (decision 200).
    """
    db, port = tmp_path / "hall.sqlite", free_port()
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    with (tmp_path / "serve.log").open("w") as out:
        serve = subprocess.Popen(
            [sys.executable, "-m", "app.cli", "serve", "--db", f"sqlite:///{db}", "--port",
             str(port), "--devices", "none"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        wait_for(lambda: db.with_name("hall.sqlite.lock").exists() and server_pid(db) == serve.pid)
        wait_for(lambda: not port_free(port))
        console = Console(tmp_path, db)  # the settings' port (8000), not this server's
        consoles.append(console)
        assert console.proc.wait(120) == 1
        said = console.said()
        assert f"ya lo sirve `bingo-hall serve` (pid {serve.pid}" in said, said
        assert "se une a ese servidor" in said and "operator add" in said
        assert "panel board:" not in said  # no server of its own was started
        assert server_pid(db) == serve.pid and serve.poll() is None
    finally:
        serve.terminate()
        serve.wait(30)


def test_a_server_that_ends_under_its_console_is_started_again_with_the_console_s_key(
    tmp_path: Path,
) -> None:
    """Decision 200: a hall with no operators takes only its console's key. Its server killed,
    the console's keeper starts it again on the same port with the same key: the console's
    commands are taken again, and no login nobody could answer is asked for.
    """
    from app.config import load_hall
    from app.lifeline import Keeper
    from app.station import ChildServer

    args = argparse.Namespace(
        server=None, station="mesa", cafile=None, port=None, devices="none",
        db=f"sqlite:///{tmp_path / 'hall.sqlite'}", hall=None, config=None,
    )  # fmt: skip
    settings = load_hall()
    child = ChildServer(args, "none", settings)
    child.port = free_port()
    assert child.start() is None
    keeper = Keeper(child)
    try:
        first = child.proc
        assert first is not None
        first.kill()
        wait_for(lambda: child.proc is not first and child.proc is not None)
        wait_for(lambda: _answers(child.url), what="the server did not come back")
        assert child.url.endswith(f":{child.port}") and keeper.restarts == 1
        body = {"v": 1, "client_id": "mesa", "command_id": "k1", "name": "open_session",
                "args": {"session_id": "S1", "date": "2026-11-24", "jefe_de_mesa": "M",
                         "jefe_de_sala": "S", "ball_check": list(range(1, 91))}}  # fmt: skip
        done = httpx.post(
            f"{child.url}/api/v1/commands",
            json=body,
            headers={"Authorization": f"Bearer {child.key}"},
            timeout=30,
        )
        assert done.status_code == 200, done.text
    finally:
        keeper.stop()
    assert child.proc is not None and child.proc.poll() is not None  # stopped for good


def _answers(url: str) -> bool:
    try:
        return httpx.get(f"{url}/api/v1/station", timeout=1.0).status_code == 200
    except httpx.HTTPError:
        return False


def test_a_console_whose_server_no_longer_takes_its_key_says_what_to_do_not_a_login(
    qtbot: Any, tmp_path: Path
) -> None:
    """Decision 544: another server started on the console's port without its key, at a hall
    with no operators: the console does not ask for a login nobody could answer, it says what
    to do.
    """
    from app.config import load_hall
    from app.station import ChildServer
    from tests.ui.kit import answer_secret
    from ui.bridge import Bridge
    from ui.client.link import Link
    from ui.client.remote import RemoteService
    from ui.client.station import Station
    from ui.console import ConsoleDefaults, ConsoleWindow

    args = argparse.Namespace(
        server=None, station="mesa", cafile=None, port=None, devices="none",
        db=f"sqlite:///{tmp_path / 'hall.sqlite'}", hall=None, config=None,
    )  # fmt: skip
    settings = load_hall()
    child, other = ChildServer(args, "none", settings), ChildServer(args, "none", settings)
    child.port = other.port = free_port()
    other.chosen = True  # the port the console follows
    assert child.start() is None
    link = Link(child.url, "mesa")
    link.authorize(child.key)
    service = RemoteService(link)
    service.start()
    bridge = Bridge()
    bridge.attach(service)
    try:
        window = ConsoleWindow(
            service,  # type: ignore[arg-type]
            None,
            bridge=bridge,
            defaults=ConsoleDefaults("Mesa", "Sala", today=lambda: "2026-11-24"),
        )
        Station(window, service)
        qtbot.addWidget(window)
        window.show()
        child.stop()
        assert other.start() is None  # the same record and port, another key
        seen = answer_secret(qtbot, "", "", cancel=True)
        qtbot.waitUntil(lambda: "nadie puede iniciar sesión" in window.error.text(), timeout=60_000)
        assert "make run" in window.error.text()
        qtbot.wait(300)
        assert seen == []  # no login dialog
    finally:
        bridge.close()
        service.close()
        other.stop()
        child.stop()
