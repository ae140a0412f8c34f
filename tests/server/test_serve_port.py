"""A server whose port another program holds (another hall server left running, a port below
1024 without the right): ``serve`` and ``serve --centre`` say so in Spanish and exit 1 before
they open or write anything or announce an address (exit 3 is only a failed integrity check;
uvicorn's own refusal was exit 3 with its English text, after "servidor en …").
"""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.centre.tls import make_pki
from tests.server.kit import ROOT, Server, port_taken


@pytest.fixture
def held_port() -> Iterator[int]:
    """A port another program listens on for the whole test."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        yield other.getsockname()[1]


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app.cli", "serve", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_a_hall_server_on_a_port_in_use_says_so_and_opens_nothing(
    tmp_path: Path, held_port: int
) -> None:
    db = tmp_path / "sala.sqlite"
    done = serve("--db", f"sqlite:///{db}", "--port", str(held_port), "--devices", "emulated")
    assert done.returncode == 1, done.stderr
    assert f"no se puede abrir el puerto {held_port}" in done.stderr and port_taken(done.stderr)
    assert "Traceback" not in done.stderr and "address already in use" not in done.stderr
    assert "servidor en" not in done.stdout  # it never said it was serving
    assert not db.exists()  # nothing opened, nothing written


def test_a_centre_on_a_port_in_use_says_so_and_opens_nothing(
    tmp_path: Path, held_port: int
) -> None:
    pki = make_pki(tmp_path / "pki")
    db = tmp_path / "centro.sqlite"
    done = serve(
        "--centre", "--db", f"sqlite:///{db}", "--port", str(held_port),
        "--cert", str(pki["cert"]), "--key", str(pki["key"]),
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert f"no se puede abrir el puerto {held_port}" in done.stderr
    assert "Traceback" not in done.stderr and "address already in use" not in done.stderr
    assert "Centro de bingo simultáneo en" not in done.stdout
    assert not db.exists()


def test_a_server_on_an_address_that_is_not_this_machines_says_so(tmp_path: Path) -> None:
    db = tmp_path / "sala.sqlite"
    done = serve(
        "--db", f"sqlite:///{db}", "--host", "192.0.2.1", "--port", "8000", "--insecure"
    )  # TEST-NET-1; in clear knowingly: the address is what is tested
    assert done.returncode == 1, done.stderr
    assert "esa dirección no es de esta máquina" in done.stderr
    assert not db.exists()


def test_the_test_servers_take_another_port_when_theirs_was_taken_meanwhile(
    tmp_path: Path, held_port: int
) -> None:
    """The kit's own guard (a port is chosen before its server binds it, and another xdist
    worker may be handed it meanwhile) reads what ``serve`` says of a taken port."""
    server = Server(tmp_path / "sala.sqlite")
    server.port = held_port  # as if another program took the one it chose
    try:
        server.start()
        assert server.port != held_port
    finally:
        server.stop()
