"""The console's link to the hall server: HTTP commands with their ids, and the server's refusals
as the domain's errors, so the console shows them as it shows a rule's.

Every command carries the station's ``client_id`` and its own ``command_id``; when the answer
is lost it is sent again with the same ids, and the server never applies it twice
(docs/api.md, "Retries"). Headers every request carries (a login's token) are set in one place,
``Link.authorize``.
"""

from __future__ import annotations

import contextlib
import itertools
import ssl
import time
import uuid
from typing import Any

import httpx

from bingo.hall import DomainError

WIRE_VERSION = 1
#: How long a command is sent again while the server cannot be reached.
RETRY_SECONDS = 6.0
RETRY_PAUSE = 0.25
#: Commands that drive the devices wait for them, and for the table's reading of a ball
#: (``[server] question_seconds``): their answer may take minutes, and is not lost meanwhile.
DEVICE_COMMANDS = frozenset({"draw_from_devices", "scan_ball_set"})
DEVICE_SECONDS = 900.0
#: An idle connection to the server is dropped after this long, well before the server drops
#: it (``app.server.main.KEEP_ALIVE_SECONDS``), so a request never goes out on a connection the
#: server is closing.
KEEP_SECONDS = 10.0


class ServerRefused(DomainError):
    """The server refused a command (a rule, a wrong argument, the record): nothing applied."""

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.details = details or {}  # the refusal's data beyond its words (wire.error_body)


class StaleState(ServerRefused):
    """Another station changed the hall after this one last saw it: the command was not applied
    (it would have been applied to a state nobody at this station saw).
    """


class LinkDown(ServerRefused):
    """The server cannot be reached; the command may or may not have been applied."""


def tls_context(verify: bool | str) -> ssl.SSLContext:
    """The TLS checks of a link: the system's authorities, one certificate file (the hall's
    own), or none (``False``, for a test's throw-away certificate only).
    """
    context = ssl.create_default_context(cafile=verify if isinstance(verify, str) else None)
    if isinstance(verify, str):
        # the file may be the hall server's own certificate, issued by an authority (``tls
        # init``, ``python -m app.centre.tls``): it is trusted as it is, not only as a root
        context.verify_flags |= ssl.VERIFY_X509_PARTIAL_CHAIN
    if verify is False:
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    return context


class Link:
    def __init__(
        self,
        base_url: str,
        station: str = "mesa",
        *,
        verify: bool | str = True,
        timeout: float = 30.0,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.station = station
        self.verify = verify
        self.http = httpx.Client(
            base_url=self.base_url,
            timeout=timeout,
            verify=tls_context(verify),
            limits=httpx.Limits(keepalive_expiry=KEEP_SECONDS),
        )
        self._run = uuid.uuid4().hex[:12]  # command ids stay unique across the console's restarts
        self._ids = itertools.count(1)
        self.operator: tuple[str, str] | None = None  # (name, role) of the login, if any
        self.generation = 0  # how many times a token was set: a new login wakes who waits

    def authorize(self, token: str) -> None:
        """Every request from now on carries the operator's token."""
        self.http.headers["Authorization"] = f"Bearer {token}"
        self.generation += 1

    def login(self, name: str, pin: str) -> tuple[str, str]:
        """Log in at the server (``POST /api/v1/login``) and carry its token from now on; the
        operator's (name, role). ``ServerRefused`` (``login_failed``) with the server's words.
        """
        response = self.post("/api/v1/login", {"v": WIRE_VERSION, "name": name, "pin": pin})
        if response.status_code != 200:
            raise _refusal(response)
        answer = response.json()
        operator = (str(answer["operator"]["name"]), str(answer["operator"]["role"]))
        self.operator = operator
        self.authorize(str(answer["token"]))
        return operator

    def check_secret(self, name: str, pin: str) -> str:
        """Check an operator's name and PIN at the server without changing this station's login
        (a login whose token is given back at once); the operator's role.
        """
        try:
            response = self.http.post(
                "/api/v1/login",
                json={"v": WIRE_VERSION, "name": name, "pin": pin},
                headers={"Authorization": ""},
            )
        except httpx.HTTPError as exc:  # the server away: said where the PIN was asked
            raise LinkDown("link_down", _down(exc)) from None
        if response.status_code != 200:
            raise _refusal(response)
        answer = response.json()
        with contextlib.suppress(httpx.HTTPError):  # the token lapses by itself otherwise
            self.http.post(
                "/api/v1/logout", json={}, headers={"Authorization": f"Bearer {answer['token']}"}
            )
        return str(answer["operator"]["role"])

    def new_command_id(self) -> str:
        return f"{self._run}-{next(self._ids)}"

    @property
    def headers(self) -> dict[str, str]:
        """The headers the stream's connection carries too."""
        return {k: v for k, v in self.http.headers.items() if k.lower() == "authorization"}

    @property
    def stream_url(self) -> str:
        scheme = "wss" if self.base_url.startswith("https:") else "ws"
        return f"{scheme}:{self.base_url.split(':', 1)[1]}/api/v1/stream"

    def close(self) -> None:
        self.http.close()

    def get(self, path: str, **params: Any) -> Any:
        """A read; ``LinkDown`` when the server cannot be reached, ``ServerRefused`` if refused."""
        try:
            response = self.http.get(path, params=params)
        except httpx.HTTPError as exc:
            raise LinkDown("link_down", _down(exc)) from None
        if response.status_code != 200:
            raise _refusal(response)
        return response.json()

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        try:
            return self.http.post(path, json=body)
        except httpx.HTTPError as exc:
            raise LinkDown("link_down", _down(exc)) from None

    def command(
        self,
        name: str,
        args: dict[str, Any],
        expected_version: int | None,
        *,
        authorisation: dict[str, str] | None = None,
        command_id: str | None = None,
    ) -> Any:
        """Apply one command at the server; its answer (``version``, ``first_seq``, ``result``).

        A lost answer is asked for again with the same ids for ``RETRY_SECONDS``: the server
        applies the command once and answers the retry with the first answer.
        ``authorisation``: the jefe de sala's name and PIN, for an action that needs them; a
        refused one may be sent again with the same ``command_id`` (decision 136).
        """
        body: dict[str, Any] = {
            "v": WIRE_VERSION,
            "client_id": self.station,
            "command_id": command_id or self.new_command_id(),
            "name": name,
            "args": {k: v for k, v in args.items() if v is not None},
        }
        if expected_version is not None:
            body["expected_version"] = expected_version
        if authorisation is not None:
            body["authorisation"] = authorisation
        deadline = time.monotonic() + RETRY_SECONDS
        while True:
            try:
                if name in DEVICE_COMMANDS:
                    response = self.http.post("/api/v1/commands", json=body, timeout=DEVICE_SECONDS)
                else:
                    response = self.http.post("/api/v1/commands", json=body)
                break
            except httpx.HTTPError as exc:
                if time.monotonic() > deadline:
                    raise LinkDown(
                        "link_down",
                        f"sin conexión con el servidor de la sala ({_down(exc)}): no se sabe si "
                        "la orden se aplicó; cuando vuelva la conexión la pantalla mostrará lo "
                        "que consta",
                    ) from None
                time.sleep(RETRY_PAUSE)
        if response.status_code != 200:
            raise _refusal(response)
        return response.json()


def certificate_problem(exc: BaseException) -> str | None:
    """What an HTTPS connection's failure says of the server's certificate, in Spanish, or None
    when it is no certificate failure (the server away, a refusal).
    """
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, ssl.SSLCertVerificationError):
            why = seen.verify_message or seen.reason or str(seen)
            return f"el certificado del servidor de la sala no se puede verificar: {why}"
        if isinstance(seen, ssl.SSLError):
            return f"la conexión TLS con el servidor de la sala falla: {seen.reason or seen}"
        seen = seen.__cause__ or seen.__context__
    return None


def _down(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


def _refusal(response: httpx.Response) -> ServerRefused:
    details: dict[str, Any] | None = None
    try:
        error = response.json()["error"]
        code, message = str(error["code"]), str(error["message"])
        found = error.get("details")
        details = found if isinstance(found, dict) else None
    except (ValueError, KeyError, TypeError, AttributeError):
        code, message = "http", f"el servidor respondió {response.status_code}"
    kind = StaleState if code == "stale_version" else ServerRefused
    return kind(code, message, details)
