"""The console `bingo-hall run` starts its server with a key of its own, and trusts only that
server (issue 20, items 9 and 11; decisions 589, 590): the key was in the server's environment,
readable in ``/proc/PID/environ`` for its whole life; any program answering on ``--port`` was
taken for the server (and handed the key); a server certificate issued by an authority made
the console wait and say "no responde", the certificate's failure swallowed.
"""

from __future__ import annotations

import argparse
import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.centre.tls import make_pki
from app.config import default_hall_path, load_hall
from app.station import ChildServer
from tests.server.kit import free_port


def run_args(tmp_path: Path, port: int, **more: Any) -> argparse.Namespace:
    return argparse.Namespace(**{
        "server": None, "station": "mesa", "cafile": None, "port": port, "devices": "none",
        "db": f"sqlite:///{tmp_path / 'hall.sqlite'}", "hall": None, "config": None, **more,
    })  # fmt: skip


def test_the_key_is_not_in_the_servers_environment(tmp_path: Path) -> None:
    child = ChildServer(run_args(tmp_path, free_port()), "none", load_hall())
    assert child.start() is None
    try:
        assert child.proc is not None
        environ = Path(f"/proc/{child.proc.pid}/environ").read_bytes()
        assert child.key.encode() not in environ
        body = {"v": 1, "client_id": "mesa", "command_id": "k1", "name": "open_session",
                "args": {"session_id": "S1", "date": "2026-11-24", "jefe_de_mesa": "M",
                         "jefe_de_sala": "S", "ball_check": list(range(1, 91))}}  # fmt: skip
        done = httpx.post(f"{child.url}/api/v1/commands", json=body,
                          headers={"Authorization": f"Bearer {child.key}"})  # fmt: skip
        assert done.status_code == 200, done.text  # the key still reached it
    finally:
        child.stop()


@pytest.fixture
def impostor() -> Iterator[int]:
    """Another program answering ``/api/v1/station`` as a hall server would."""

    class Answer(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = json.dumps({"v": 1, "hall_id": "x", "devices": False, "login": False,
                               "operators": False}).encode()  # fmt: skip
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_args: Any) -> None:
            pass

    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    yield int(site.server_address[1])
    site.shutdown()
    site.server_close()


def test_another_program_on_the_port_is_not_taken_for_the_server(
    tmp_path: Path, impostor: int
) -> None:
    child = ChildServer(run_args(tmp_path, impostor), "none", load_hall())
    try:
        problem = child.start()
    finally:
        child.stop()
    assert problem is not None and "otro programa responde" in problem, problem


def tls_settings(tmp_path: Path, pki: dict[str, Path]) -> Path:
    text = default_hall_path().read_text("utf-8")
    text += f'\n[server]\ncert = "{pki["cert"]}"\nkey = "{pki["key"]}"\n'
    path = tmp_path / "sala.toml"
    path.write_text(text, "utf-8")
    return path


def test_a_certificate_issued_by_an_authority_is_used_and_a_failure_said(
    tmp_path: Path,
) -> None:
    pki = make_pki(tmp_path / "pki")  # the server's certificate, issued by its authority
    config = tls_settings(tmp_path, pki)
    args = run_args(tmp_path, free_port(), config=str(config))
    child = ChildServer(args, "none", load_hall(config))
    try:
        assert child.start() is None  # its own certificate trusted as it is
    finally:
        child.stop()
    other = make_pki(tmp_path / "other")  # an authority that did not issue it
    args = run_args(tmp_path, free_port(), config=str(config), cafile=str(other["ca"]))
    child = ChildServer(args, "none", load_hall(config))
    try:
        problem = child.start()
    finally:
        child.stop()
    assert problem is not None and "no se puede verificar" in problem, problem


def test_a_dual_stack_server_knows_its_own_loopback(tmp_path: Path) -> None:
    """``--host ::``: the console on 127.0.0.1 reaches it as ``::ffff:127.0.0.1``, loopback
    still (its key taken while the hall has no operators); and the address the server prints
    is one a station can open, not ``http://:::PORT``.
    """
    child = ChildServer(run_args(tmp_path, free_port()), "none", load_hall())
    child.options += ["--host", "::", "--insecure"]
    assert child.start() is None
    try:
        seen = httpx.get(f"{child.url}/api/v1/station",
                         headers={"Authorization": f"Bearer {child.key}"}).json()  # fmt: skip
        assert seen["login"] is False, seen  # its own console, on loopback
    finally:
        child.stop()
    from app.server.main import shown_address

    assert (shown_address("::"), shown_address("fe80::1")) == ("[::1]", "[fe80::1]")
