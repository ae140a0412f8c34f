"""`bingo-hall run`: the hall server, then the console as its client (a station).

The server (`bingo-hall serve`, a child process) is the only writer of the hall's record and
the owner of its devices; the console, in this process, holds a replica of the hall and sends
the server its commands (``ui.client``). A second console (the caja) joins the same server with
``bingo-hall run --server URL --station caja``. Closing the console stops the server it started.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import time
from typing import Any

import httpx

from app.run import EXIT_REFUSED, _run_gui
from ui.client.link import tls_context

START_SECONDS = 60.0


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _any_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _devices_kind(args: argparse.Namespace, settings: Any) -> str:
    kind = str(getattr(args, "devices", "emulated"))
    if kind == "serial" and not (settings.extractor_port and settings.reader_port):
        print(
            "bingo-hall: faltan los puertos del extractor y del lector en [devices] del fichero "
            "de la sala; la consola sigue sin dispositivos (las bolas se escriben a mano).",
            file=sys.stderr,
        )
        return "none"
    return kind


class ChildServer:
    """`bingo-hall serve` on loopback, as a child of this process."""

    def __init__(self, args: argparse.Namespace, kind: str, settings: Any) -> None:
        port = args.port
        if port is None:  # the settings' port, or any free one when it is taken
            port = settings.server.port if _free(settings.server.port) else _any_port()
        scheme = "https" if settings.server.cert else "http"
        self.url = f"{scheme}://127.0.0.1:{port}"
        # a hall's own certificate is trusted for its own loopback server
        self.verify: bool | str = args.cafile or settings.server.cert or True
        command = [sys.executable, "-m", "app.cli", "serve", "--port", str(port), "--devices", kind]
        for option in ("db", "hall", "config"):
            value = getattr(args, option, None)
            if value:
                command += [f"--{option}", str(value)]
        self.proc = subprocess.Popen(command, env={**os.environ, "PYTHONUNBUFFERED": "1"})

    def wait_ready(self) -> str | None:
        """None once it answers; else why it did not start."""
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            code = self.proc.poll()
            if code is not None:
                return f"el servidor de la sala no arrancó (salida {code})"
            try:
                answer = httpx.get(
                    f"{self.url}/api/v1/station", timeout=1.0, verify=tls_context(self.verify)
                )
                if answer.status_code == 200:
                    return None
            except httpx.HTTPError:
                time.sleep(0.1)
        return "el servidor de la sala no responde"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


def run_station(args: argparse.Namespace, settings: Any) -> int:
    """Start the server (unless ``--server``), connect the console to it; the exit code."""
    from ui.client.devices import RemoteDevices
    from ui.client.link import Link, ServerRefused
    from ui.client.remote import RemoteService
    from ui.client.station import Station

    child: ChildServer | None = None
    url = args.server
    kind = "server"
    verify: bool | str = args.cafile or True
    if url is None:
        kind = _devices_kind(args, settings)
        child = ChildServer(args, kind, settings)
        problem = child.wait_ready()
        if problem:
            child.stop()
            print(f"bingo-hall: {problem}", file=sys.stderr)
            return EXIT_REFUSED
        url, verify = child.url, child.verify
    try:
        link = Link(url, args.station, verify=verify)
        try:
            station = link.get("/api/v1/station")
            service = RemoteService(link)
        except ServerRefused as exc:
            print(f"bingo-hall: no se puede conectar con el servidor {url}: {exc}", file=sys.stderr)
            return EXIT_REFUSED
        devices = RemoteDevices(service) if station.get("devices") else None
        service.start()
        words = _words(kind, devices is not None)

        def attach(window: Any, panel: Any, open_panel: Any) -> None:
            Station(window, service, devices, open_panel).watch_panel(panel)

        try:
            return _run_gui(service, settings, devices, lambda: None, words, attach)
        finally:
            service.close()
    finally:
        if child is not None:
            child.stop()


def _words(kind: str, devices: bool) -> str:
    if not devices:
        return "sin dispositivos"
    return {
        "serial": "extractor y lector en serie",
        "emulated": "dispositivos emulados",
    }.get(kind, "dispositivos del servidor")
