"""A player terminal without a screen: the same protocol as the kiosk page (``/terminal``), for
tests, load tests and machines driven by a program (docs/api.md "Terminals"; R-MULTI-3).

``TerminalClient`` logs in as an operator of role ``terminal``, opens ``WS /api/v1/terminal``,
sends its heartbeat, keeps the hall's state and its own view (cartones, claims, prizes owed),
buys cartones paid at once and collects what it is owed as soon as it is told (on its return
too). ``bingo-hall terminal`` runs one from the command line.
"""

from __future__ import annotations

import argparse
import contextlib
import getpass
import json
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.cli_input import EXIT_OK, EXIT_REFUSED, EXIT_USAGE, CliError, identifier, whole_number
from bingo.i18n import _
from bingo.terminals import CASH, PAYMENT_MEANS
from ui.client.link import Link, LinkDown, ServerRefused, tls_context

WIRE_VERSION = 1


class TerminalRefused(ServerRefused):
    """The server would not take this terminal (no login, not a terminal, too many machines)."""


class AnswerLost(Exception):
    """The server had applied the command already and its answer is gone: a retry with the same
    ids after the server restarted is answered ``"result": null`` (docs/api.md), so what was
    bought is in the hall's record and on the machine's screen, not in this answer.
    """


class TerminalClient:
    def __init__(self, base_url: str, name: str, *, verify: bool | str = True) -> None:
        self.name = name
        self.link = Link(base_url, station=f"terminal:{name}"[:64], verify=verify)
        self.state: dict[str, Any] = {}
        self.view: dict[str, Any] = {"cartones": [], "claims": [], "owed": [], "owed_cents": 0}
        self.version = 0
        self.collected_cents = 0
        self.auto_collect = True
        self.heartbeat = True  # False: stop beating (a frozen machine, for tests)
        self._socket: Any = None
        self._sockets = contextlib.ExitStack()
        self._changed = threading.Condition()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self.closed_because = ""

    # --- connection -------------------------------------------------------------------------

    def connect(self, pin: str) -> None:
        """Log in, open the terminal's socket and start listening and beating; raises
        ``TerminalRefused`` (with the server's words) when the server will not take it.
        """
        from websockets.sync.client import connect

        self.link.login(self.name, pin)
        token = self.link.http.headers["Authorization"].split(" ", 1)[1]
        url = self.link.stream_url.replace("/api/v1/stream", "/api/v1/terminal")
        ssl_context = tls_context(self.link.verify) if url.startswith("wss:") else None
        # entered as a context (the library's way), left in ``close``
        socket = self._sockets.enter_context(connect(url, ssl=ssl_context, open_timeout=10))
        socket.send(json.dumps({"v": WIRE_VERSION, "type": "hello", "token": token}))
        first = json.loads(socket.recv(timeout=10))
        if first.get("type") != "welcome":
            self._sockets.close()
            error = first.get("error", {})
            raise TerminalRefused(str(error.get("code", "refused")), str(error.get("message")))
        beat = float(first.get("heartbeat_seconds", 1.0))
        self._socket = socket
        self._threads = [
            threading.Thread(target=self._listen, name=f"terminal-{self.name}", daemon=True),
            threading.Thread(target=self._beat, args=(beat,), daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    def close(self) -> None:
        self._stop.set()
        with contextlib.suppress(Exception):
            self._sockets.close()
        for thread in self._threads:
            thread.join(timeout=5)
        self.link.close()

    def _listen(self) -> None:
        try:
            while not self._stop.is_set():
                message = json.loads(self._socket.recv())
                kind = message.get("type")
                with self._changed:
                    if kind in ("snapshot", "change"):
                        self.state, self.version = message["state"], int(message["version"])
                    elif kind == "terminal":
                        self.view = message
                    self._changed.notify_all()
        except Exception as exc:  # the server closed, or went away
            self.closed_because = f"{type(exc).__name__}: {exc}"
        finally:
            with self._changed:
                self._changed.notify_all()

    def _beat(self, seconds: float) -> None:
        while not self._stop.wait(seconds):
            if self.heartbeat:
                try:
                    self._socket.send(json.dumps({"v": WIRE_VERSION, "type": "heartbeat"}))
                except Exception:
                    return
            if self.auto_collect and self.view.get("owed"):
                with contextlib.suppress(ServerRefused):
                    self.collect()

    # --- what the player does ----------------------------------------------------------------

    def buy(self, count: int, payment: str = CASH) -> tuple[str, int, int]:
        """Buy ``count`` electronic cartones paid at once by ``payment``; (serie, first, last).
        ``ServerRefused`` with the rule when the hall may not sell them.
        """
        answer = self.link.command("terminal_buy", {"count": count, "payment": payment}, None)
        result = answer.get("result")
        if not isinstance(result, dict):  # applied before the server restarted: no range here
            raise AnswerLost(
                _(
                    "la compra consta en el registro de la sala, pero su respuesta se perdió al "
                    "reiniciarse el servidor: sus cartones se ven en la terminal al volver a "
                    "conectarla; no la repita"
                )
            )
        return str(result["series"]), int(result["first"]), int(result["last"])

    def collect(self) -> int:
        """Be paid what the terminal's cartones won and were not yet paid; the cents paid."""
        answer = self.link.command("terminal_collect", {}, None)
        result = answer.get("result")
        # applied before the server restarted (``"result": null``): paid then, counted then
        paid = int(result["paid_cents"]) if isinstance(result, dict) else 0
        self.collected_cents += paid
        return paid

    def marked(self) -> dict[tuple[str, int], list[int]]:
        """Each cartón's numbers already drawn (what the page marks)."""
        balls = set(self.state.get("balls", []))
        return {
            (c["series"], c["number"]): [n for row in c["rows"] for n in row if n in balls]
            for c in self.view.get("cartones", [])
        }

    def wait_for(self, ready: Callable[[TerminalClient], bool], seconds: float = 20.0) -> bool:
        deadline = time.monotonic() + seconds
        with self._changed:
            while not ready(self):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._changed.wait(min(left, 0.5))
        return True


# --- the command line: `bingo-hall terminal` ----------------------------------------------------


def add_parsers(sub: Any) -> None:
    parser = sub.add_parser(
        "terminal",
        help="una terminal de jugador sin pantalla (pruebas y carga)",
        description="Conecta una terminal de jugador (operador de papel «terminal») al servidor "
        "de la sala, compra cartones pagados en el acto y cobra sus premios.",
    )
    parser.add_argument(
        "--url", type=server_url, default="http://127.0.0.1:8000", help="dirección del servidor"
    )
    parser.add_argument(
        "--name", type=identifier, required=True, help="nombre del operador de la terminal"
    )
    parser.add_argument("--pin-stdin", action="store_true", help="lee el PIN de la entrada")
    parser.add_argument(
        "--buy", type=whole_number(1), default=0, help="cartones a comprar al conectar (1 o más)"
    )
    parser.add_argument(
        "--payment",
        default=CASH,
        choices=list(PAYMENT_MEANS),  # the closed list (decision 280): credit is never sent
        help=f"medio de pago: {', '.join(PAYMENT_MEANS)} (por defecto {CASH})",
    )
    parser.add_argument("--cafile", type=existing_file, help="certificado de la sala para HTTPS")
    parser.set_defaults(func=run)


def server_url(value: str) -> str:
    """The hall server's address: http:// or https:// and a host."""
    scheme, _sep, rest = value.partition("://")
    if scheme not in ("http", "https") or not rest.strip("/"):
        raise argparse.ArgumentTypeError(
            _(
                "dirección no válida «{value}»: escríbala http://equipo:puerto o "
                "https://equipo:puerto"
            ).format(value=value)
        )
    return value


def existing_file(value: str) -> str:
    if not Path(value).is_file():
        raise argparse.ArgumentTypeError(_("no existe el fichero «{value}»").format(value=value))
    return value


def run(args: argparse.Namespace) -> int:
    if args.pin_stdin:
        pin = sys.stdin.readline().rstrip("\r\n")
    elif sys.stdin.isatty():
        pin = getpass.getpass(_("PIN de la terminal {name}: ").format(name=args.name))
    else:
        raise CliError(_("no hay terminal para pedir el PIN sin eco: use --pin-stdin"), EXIT_USAGE)
    client = TerminalClient(args.url, args.name, verify=args.cafile or True)
    try:
        client.connect(pin)
    except LinkDown as exc:
        client.close()
        raise CliError(
            _("no se puede conectar con el servidor de la sala {url}: {why}").format(
                url=args.url, why=exc
            ),
            EXIT_REFUSED,
        ) from None
    except ServerRefused as exc:
        client.close()
        raise CliError(
            _("terminal {name}: {why}").format(name=args.name, why=exc), EXIT_REFUSED
        ) from None
    except OSError as exc:
        client.close()
        raise CliError(
            _("no se puede conectar con {url}: {why}").format(url=args.url, why=exc), EXIT_REFUSED
        ) from None
    print(_("terminal {name}: conectada").format(name=args.name), flush=True)
    try:
        if args.buy:
            try:
                series, first, last = client.buy(args.buy, args.payment)
            except ServerRefused as exc:
                raise CliError(_("compra rechazada: {why}").format(why=exc), EXIT_REFUSED) from None
            except AnswerLost as exc:
                said = _("terminal {name}: {why}").format(name=args.name, why=exc)
                raise CliError(said) from None
            print(
                _("compra {series} {first}-{last}").format(series=series, first=first, last=last),
                flush=True,
            )
        seen_cents = 0
        while not client._stop.wait(0.5):
            if client.collected_cents != seen_cents:
                seen_cents = client.collected_cents
                print(_("cobrado {cents}").format(cents=seen_cents), flush=True)
            if client.closed_because:
                raise CliError(
                    _("conexión perdida: {why}").format(why=client.closed_because), EXIT_REFUSED
                )
    finally:
        client.close()
    return EXIT_OK
