"""`bingo-hall run`: the hall server, then the console as its client (a station).

The server (`bingo-hall serve`, a child process) is the only writer of the hall's record and
the owner of its devices; the console, in this process, holds a replica of the hall and sends
the server its commands (``ui.client``). A second console (the caja) joins the same server with
``bingo-hall run --server URL --station caja``. Closing the console stops the server it started.

A hall with operators opens the console only after a login at the server (name and PIN, the
same dialog as the local console's); a hall with none yet (a fresh demonstration hall) opens it
at once, the server taking that console's commands by the key it was started with and naming
nobody (decision 200).
"""

from __future__ import annotations

import argparse
import hmac
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from typing import Any

import httpx

from app.lifeline import Keeper, Lifeline, die_with_parent, record_served
from app.run import EXIT_REFUSED, _run_gui
from app.server.auth import CONSOLE_KEY_ENV, CONSOLE_KEY_FD_ENV, PROOF_HEADER, console_proof
from ui.client.link import certificate_problem, tls_context

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
    """The server's devices: ``--devices``, else the settings' (``app.devices.chosen_devices``;
    their ports were checked before, ``app.run._ports_problem``).
    """
    from app.devices import chosen_devices

    return chosen_devices(getattr(args, "devices", None), settings)


class ChildServer:
    """`bingo-hall serve` on loopback, as a child of this process."""

    def __init__(self, args: argparse.Namespace, kind: str, settings: Any) -> None:
        self.chosen = args.port is not None
        self.port: int = args.port if self.chosen else settings.server.port
        self.scheme = "https" if settings.server.cert else "http"
        # a hall's own certificate is trusted for its own loopback server
        self.verify: bool | str = args.cafile or settings.server.cert or True
        self.options = ["--devices", kind]
        if kind == "emulated" and getattr(args, "seed", None) is not None:
            self.options += ["--seed", str(args.seed)]
        for option in ("db", "hall", "config"):
            value = getattr(args, option, None)
            if value:
                self.options += [f"--{option}", str(value)]
        self.proc: subprocess.Popen[bytes] | None = None
        #: The key by which this console's commands are taken while the hall has no operators
        #: (never on the command line, which every user of the machine can read).
        self.key = secrets.token_urlsafe(32)

    @property
    def url(self) -> str:
        return f"{self.scheme}://127.0.0.1:{self.port}"

    def start(self) -> str | None:
        """Start it and wait until it answers: None, or why it did not start. A port taken
        meanwhile by another program is left for a free one, unless ``--port`` named it.
        """
        for _attempt in range(3):
            if not self.chosen and not _free(self.port):
                self.port = _any_port()
            command = [sys.executable, "-m", "app.cli", "serve", "--port", str(self.port)]
            self.proc = self._spawn(command + self.options)
            problem = self._wait_ready(self.proc)
            if problem is None or self.chosen or _free(self.port):
                return problem
            self.stop()  # it lost the port to another program: another port
        return problem

    def _spawn(self, command: list[str]) -> subprocess.Popen[bytes]:
        """The server, handed the console's key on a pipe: in its environment it could be read
        in ``/proc/PID/environ`` for as long as it runs (decision 589).
        """
        read, write = os.pipe()
        try:
            env = {**os.environ, "PYTHONUNBUFFERED": "1", CONSOLE_KEY_FD_ENV: str(read)}
            env.pop(CONSOLE_KEY_ENV, None)
            proc = subprocess.Popen(
                command,
                env=env,
                pass_fds=(read,),
                preexec_fn=die_with_parent(),  # it ends with the console, however that dies
            )
            os.write(write, self.key.encode("ascii"))
        finally:
            os.close(read)
            os.close(write)
        return proc

    def _wait_ready(self, proc: subprocess.Popen[bytes]) -> str | None:
        """None once the server this console started answers, with the proof that it holds
        the console's key (another program answering on the port is not taken for it, and is
        never sent the key); else why not, at once for a certificate that fails.
        """
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            code = proc.poll()
            if code is not None:
                return f"el servidor de la sala no arrancó (salida {code})"
            challenge = secrets.token_hex(16)
            try:
                answer = httpx.get(
                    f"{self.url}/api/v1/station",
                    timeout=1.0,
                    verify=tls_context(self.verify),
                    headers={PROOF_HEADER: challenge},
                )
                if answer.status_code == 200 and proc.poll() is None:
                    if _proved(answer, self.key, challenge):
                        return None
                    return (
                        f"otro programa responde en el puerto {self.port}: no es el servidor "
                        "que esta consola arrancó (use otro con --port)"
                    )
            except httpx.HTTPError as exc:
                problem = certificate_problem(exc)
                if problem is not None:  # it will not pass by waiting: said now
                    return f"{problem} (--cafile: la autoridad de la sala, ca.pem)"
            time.sleep(0.1)
        return "el servidor de la sala no responde"

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


def _proved(answer: httpx.Response, key: str, challenge: str) -> bool:
    try:
        proof = answer.json().get("proof")
    except ValueError:
        return False
    return isinstance(proof, str) and hmac.compare_digest(proof, console_proof(key, challenge))


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
    keeper: Keeper | None = None
    lifeline = Lifeline(lambda: None)
    if url is None:
        url, refused = record_served(args, settings)  # its server, if one serves it already
        if refused:
            lifeline.restore()
            print(f"bingo-hall: {refused}", file=sys.stderr)
            return EXIT_REFUSED
    if url is None:
        kind = _devices_kind(args, settings)
        child = ChildServer(args, kind, settings)
        lifeline.stop = child.stop
        problem = child.start()
        if problem:
            child.stop()
            lifeline.restore()
            print(f"bingo-hall: {problem}", file=sys.stderr)
            return EXIT_REFUSED
        url, verify = child.url, child.verify
        keeper = Keeper(child)
        lifeline.stop = keeper.stop
    try:
        link = Link(url, args.station, verify=verify)
        if child is not None:
            link.authorize(child.key)  # its own console: enough while the hall has no operators
        try:
            station = link.get("/api/v1/station")
            problem = _log_in(link, station, settings)
            if problem:
                print(f"bingo-hall: {problem}", file=sys.stderr)
                return EXIT_REFUSED
            service = RemoteService(link)
        except ServerRefused as exc:
            print(f"bingo-hall: no se puede conectar con el servidor {url}: {exc}", file=sys.stderr)
            return EXIT_REFUSED
        devices = RemoteDevices(service) if station.get("devices") else None
        service.start()
        words = _words(kind, devices is not None)

        def attach(window: Any, panel: Any, open_panel: Any) -> None:
            Station(window, service, devices, open_panel).watch_panel(panel)
            window.autodraw.follow_voice(lambda: service.voice_calls)
            lifeline.watch(window)

        try:
            return _run_gui(service, settings, devices, lambda: None, words, station=attach)
        finally:
            service.close()
    finally:
        if keeper is not None:
            keeper.stop()
        if child is not None:
            child.stop()
        lifeline.restore()


def _log_in(link: Any, station: dict[str, Any], settings: Any) -> str | None:
    """The station's login when the server asks for one (R-ROLE-1); why the console does not
    open, or None.
    """
    if not station.get("login"):
        return None
    if not station.get("operators"):
        return (
            f"la sala del servidor {link.base_url} aún no tiene operadores, así que no admite "
            "otros puestos: dé de alta al primero con «bingo-hall operator add NOMBRE --role "
            "jefe_de_sala» (decision 135)"
        )
    from PySide6.QtWidgets import QApplication

    from ui.client.login import sign_in
    from ui.i18n import use_console_language

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    remove_translator = use_console_language(settings.console_language)
    try:
        if not sign_in(link):
            return "acceso cancelado: la consola no se abre"
    finally:
        remove_translator()
    return None


def _words(kind: str, devices: bool) -> str:
    if not devices:
        return "sin dispositivos"
    return {
        "serial": "extractor y lector en serie",
        "emulated": "dispositivos emulados",
    }.get(kind, "dispositivos del servidor")
