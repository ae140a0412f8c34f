"""The hall server speaks in clear on the hall's network only when told so (issue 20, item 8;
docs/security.md "TLS"; decision 584): the login PIN, the jefe de sala's override PIN and the
12-hour token crossed the network in clear by default. Beyond loopback, plain HTTP needs
``--insecure`` and says so; ``bingo-hall tls init`` makes the hall's authority and the server's
certificate, which the stations verify.
"""

from __future__ import annotations

import ssl
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.kit import ROOT, Server, free_port


def cli(*args: str, timeout: float = 60.0) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            [sys.executable, "-m", "app.cli", *args],
            cwd=ROOT, capture_output=True, text=True, timeout=timeout,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        pytest.fail(f"bingo-hall {' '.join(args)} siguió sirviendo en claro sin --insecure")


def test_plain_http_beyond_loopback_is_refused_without_insecure(tmp_path: Path) -> None:
    db = tmp_path / "sala.sqlite"
    for host in ("0.0.0.0", "::"):
        done = cli("serve", "--db", f"sqlite:///{db}", "--host", host, "--port", str(free_port()))
        assert done.returncode == 1, done.stderr
        assert "sin TLS" in done.stderr and "bingo-hall tls init" in done.stderr, done.stderr
        assert "Traceback" not in done.stderr and "servidor en" not in done.stdout
        assert not db.exists()  # nothing opened


def test_insecure_serves_in_clear_and_says_so(servers: Callable[..., Server]) -> None:
    server = servers(extra=["--host", "0.0.0.0", "--insecure"])
    assert httpx.get(f"{server.url}/api/v1/state").status_code == 200
    assert "SIN CIFRAR" in server.log.read_text()


def test_loopback_alone_needs_no_certificate(servers: Callable[..., Server]) -> None:
    server = servers()  # 127.0.0.1: the kit's own servers
    assert "SIN CIFRAR" not in server.log.read_text()


def test_tls_init_makes_a_certificate_the_stations_verify(
    tmp_path: Path, servers: Callable[..., Server]
) -> None:
    folder = tmp_path / "tls"
    made = cli("tls", "init", str(folder))
    assert made.returncode == 0, made.stderr
    ca, cert, key = folder / "ca.pem", folder / "sala.pem", folder / "sala.key"
    assert ca.is_file() and cert.is_file() and key.stat().st_mode & 0o077 == 0
    first = cert.read_bytes()
    again = cli("tls", "init", str(folder))  # never overwritten
    assert again.returncode == 1 and "no se sobrescribe" in again.stderr, again.stderr
    assert cert.read_bytes() == first and "Traceback" not in again.stderr
    server = servers(
        extra=["--host", "0.0.0.0", "--cert", str(cert), "--key", str(key)], scheme="https"
    )
    trusted = ssl.create_default_context(cafile=str(ca))
    answer = httpx.get(f"{server.url}/api/v1/state", verify=trusted)
    assert answer.status_code == 200
    assert answer.headers["strict-transport-security"].startswith("max-age=")
    with pytest.raises(httpx.ConnectError):  # a station without the hall's authority
        httpx.get(f"{server.url}/api/v1/state", verify=ssl.create_default_context())


def own_address() -> str | None:
    """One of this machine's addresses that is not loopback, or None."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: nothing is sent, a route is chosen
        except OSError:
            return None
        address = str(s.getsockname()[0])
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def test_a_panel_in_clear_from_another_machine_says_so(
    servers: Callable[..., Server], chrome: Any
) -> None:
    from tests.server.kit import wait_for

    address = own_address()
    if address is None:
        pytest.skip("esta máquina no tiene otra dirección que la de loopback")
    server = servers(extra=["--host", "0.0.0.0", "--insecure"])
    chrome.get(f"http://{address}:{server.port}/panel?layout=board&lang=es")
    wait_for(chrome, "window.__panel && window.__panel.online", timeout=60)
    shown = chrome.execute_script(
        "return [document.body.classList.contains('insecure'),"
        " document.getElementById('insecure').textContent]"
    )
    assert shown == [True, "servidor sin cifrar"], shown
    chrome.get(server.panel("board"))  # from this machine: nothing crosses the network
    wait_for(chrome, "window.__panel && window.__panel.online", timeout=60)
    assert chrome.execute_script("return document.body.classList.contains('insecure')") is False
