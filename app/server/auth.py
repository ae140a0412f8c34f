"""Who is speaking to the hall server: logins, session tokens, and the rights of each command
(R-ROLE-1, R-ROLE-2, R-ROLE-3; docs/api.md "Logins and rights"; decisions 134-136).

A client logs in with an operator's name and PIN (``POST /api/v1/login``) and sends the token it
gets with every command (``Authorization: Bearer …``). The role table (``bingo.rights.ACTIONS``)
decides whether the operator may ask for the command; an action the jefe de sala must authorise
carries his name and PIN in the command itself (``"authorisation": {"name", "pin"}``), checked by
the service's gate at the moment the command runs. The panels, the state, the stream and the
voice stay open: they only show what the hall shows its players; the record itself (a
console's replica) and the table's questions need a login (decision 202).

A hall with no operators yet (set up, or the demonstration of ``make run``) takes commands only
from the console that ``bingo-hall run`` started this server for: it hands the server a key
(``CONSOLE_KEY_ENV``), which that console sends as its token from loopback, and its commands
name nobody, as the local console's do (decisions 135, 200). The key is worth nothing once the
hall has an operator.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import logging
import secrets
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response

from app.server import wire
from app.server.bodies import BodyRefused, json_body
from app.server.commands import COMMANDS
from bingo import rights as rt
from bingo.service import NotAuthorised, check_ask
from store import EventStore, StoreError
from store.operators import LOCKED, OperatorBook, OperatorError

log = logging.getLogger(__name__)

#: A login is good for one long night; a client logs in again after it, or after a restart.
TOKEN_SECONDS = 12 * 3600
MAX_TOKENS = 256
#: One operator's live logins (his stations, a console or a kiosk page restarted): beyond them
#: his own oldest is forgotten, never another's (decision 423).
MAX_TOKENS_EACH = 8
#: The environment variable by which ``bingo-hall run`` gives its server its console's key.
CONSOLE_KEY_ENV = "BINGO_HALL_CONSOLE_KEY"
#: ... or, as it does now, the number of a pipe the key is read from: a process's environment
#: stays readable in ``/proc/PID/environ`` for as long as it runs (decision 589).
CONSOLE_KEY_FD_ENV = "BINGO_HALL_CONSOLE_KEY_FD"
#: The header with which a console asks the server it started to prove it holds its key.
PROOF_HEADER = "x-console-challenge"
LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})
#: The threads that check PINs: a slow hash each (``store.operators``), on threads of their own,
#: so that no command's rights check waits behind a flood of logins (decision 585); one leaves
#: the other core to the hall.
LOGIN_WORKERS = 1
#: Logins waiting or being checked, in all and from one address; past them a login is refused
#: at once (429 ``busy``), unchecked and unrecorded.
LOGIN_QUEUE = 32
LOGIN_QUEUE_EACH = 24


@dataclass(frozen=True)
class Login:
    name: str
    role: str
    expires: float  # time.monotonic()


class CommandRights:
    """The gate of one command (``bingo.rights.Rights``): its asker, and the jefe de sala's
    authorisation carried in the command, verified when the service asks for it.
    """

    def __init__(
        self, book: OperatorBook, login: Login, station: str, client: str, carried: Any
    ) -> None:
        self.book = book
        self.login = login
        self.station = station  # the client's id: recorded in the record's CommandBy
        self.client = client  # where it came from: the lock's key
        self.carried = carried if isinstance(carried, dict) else {}

    def asker(self) -> rt.Actor:
        return rt.Actor(self.login.name, self.login.role, self.station)

    def authorise(self, action: str) -> rt.Actor:
        check_ask(self.login.name, self.login.role, action)
        name, pin = self.carried.get("name"), self.carried.get("pin")
        try:
            who = self.book.authorise(
                _storable(name) if isinstance(name, str) else "",
                _storable(pin) if isinstance(pin, str) else "",
                self.client,
                action,
                self.login.name,
            )
        except OperatorError as exc:
            raise NotAuthorised(str(exc)) from None
        return rt.Actor(self.login.name, self.login.role, self.station, who.name, action)


class Unnamed:
    """The gate of a command from the console of a hall with no operators: nobody is named in
    the record and nothing needs an authorisation (decision 135). The host runs it with the
    service's gate off.
    """

    def asker(self) -> rt.Actor:
        raise NotAuthorised("orden sin operador identificado")

    def authorise(self, action: str) -> rt.Actor:
        raise NotAuthorised("orden sin operador identificado")


class ServerAuth:
    def __init__(self, store: EventStore, console_key: str = "") -> None:
        self.book = OperatorBook(store)
        self._tokens: dict[str, Login] = {}
        self._lock = threading.Lock()
        self._console_key = console_key
        self._hashing = ThreadPoolExecutor(LOGIN_WORKERS, thread_name_prefix="login")
        self._queued: Counter[str] = Counter()  # logins in the hashing pool, by address

    # --- endpoints --------------------------------------------------------------------------

    async def login(self, request: Request) -> Response:
        bad = "el acceso es un objeto JSON con v, name y pin"
        try:
            body = await json_body(request, bad)
        except BodyRefused as refused:
            return refused.answer
        if not isinstance(body, dict) or body.get("v") != wire.WIRE_VERSION:
            return _error(400, "bad_request", bad)
        name, pin = body.get("name"), body.get("pin")
        if not isinstance(name, str) or not isinstance(pin, str) or not name or not pin:
            return _error(400, "bad_request", "falta el nombre o el PIN")
        # a lone surrogate cannot be stored nor hashed: checked as the text it shows, a wrong
        # PIN like any other, counted towards the lock (it was a 500)
        name, pin = _storable(name), _storable(pin)
        address = _address(request)
        if self._queued.total() >= LOGIN_QUEUE or self._queued[address] >= LOGIN_QUEUE_EACH:
            answer = _error(
                429,
                "busy",
                "el servidor está comprobando muchos accesos a la vez: repita en un momento",
            )
            answer.headers["Retry-After"] = "1"
            return answer
        self._queued[address] += 1  # on the loop: no lock needed
        try:
            loop = asyncio.get_running_loop()
            who = await loop.run_in_executor(self._hashing, self.book.verify, name, pin, address)
        except OperatorError as exc:
            return _error(429 if exc.outcome == LOCKED else 401, "login_failed", str(exc))
        finally:
            self._queued[address] -= 1
            if self._queued[address] <= 0:
                del self._queued[address]
        if who.role not in rt.ROLES:
            return _error(403, "not_authorised", f"{name}: papel desconocido")
        token = secrets.token_urlsafe(32)
        with self._lock:
            self._forget_expired()
            self._make_room(who.name)
            self._tokens[token] = Login(who.name, who.role, time.monotonic() + TOKEN_SECONDS)
        return JSONResponse(
            {
                "v": wire.WIRE_VERSION,
                "token": token,
                "operator": {"name": who.name, "role": who.role},
                "expires_at_ms": wire.now_ms() + TOKEN_SECONDS * 1000.0,
            }
        )

    async def logout(self, request: Request) -> Response:
        with self._lock:
            self._tokens.pop(_token(request), None)
        return JSONResponse({"v": wire.WIRE_VERSION, "logged_out": True})

    def _login(self, request: HTTPConnection) -> Login | None:
        return self.login_of(_token(request))

    def login_of(self, token: str) -> Login | None:
        """The live login of ``token`` (a terminal sends it in its socket's first message)."""
        with self._lock:
            login = self._tokens.get(token)
        return None if login is None or login.expires < time.monotonic() else login

    def active(self, login: Login) -> bool:
        """The login's operator is still active (reads the store: call it off the loop)."""
        return self._disabled(login) is None

    def _console(self, request: HTTPConnection) -> bool:
        """The request comes from the console this server was started for, with its key."""
        token = _token(request)
        return (
            bool(self._console_key)
            and bool(token)
            and hmac.compare_digest(token.encode(), self._console_key.encode())
            and _address(request) in LOOPBACK
        )

    async def station(self, request: Request) -> dict[str, Any]:
        """What a station must know before it opens: whether it must log in; and, to the
        console that started this server, the proof that it holds that console's key.
        """
        operators = await asyncio.to_thread(self.book.has_operators)
        said: dict[str, Any] = {"login": operators or not self._console(request),
                                "operators": operators}  # fmt: skip
        challenge = request.headers.get(PROOF_HEADER, "")
        if self._console_key and challenge:
            said["proof"] = console_proof(self._console_key, challenge)
        return said

    async def reader(self, request: HTTPConnection, table: bool = False) -> Response | None:
        """None when the request (or a stream's connection) may read the record (a reader's
        login, never a terminal's; ``table``: a role that runs the table, as answering the
        table's question is), else the answer refusing it.
        """
        login = self._login(request)
        if login is None:
            if self._console(request) and not await asyncio.to_thread(self.book.has_operators):
                return None
            return _not_logged_in()
        gone = await asyncio.to_thread(self._disabled, login)  # as for its commands
        if gone is not None:
            return gone
        if login.role not in rt.READERS:  # a terminal: its own socket and the panels only
            return _error(
                403,
                "not_authorised",
                f"{login.name} ({rt.ROLES.get(login.role, login.role)}) no puede leer el registro "
                "de la sala ni las preguntas de la mesa",
            )
        if table and login.role not in rt.TABLE:
            return _error(
                403,
                "not_authorised",
                f"{login.name} ({rt.ROLES.get(login.role, login.role)}) solo puede consultar",
            )
        return None

    async def rights_for(self, request: Request, body: Any) -> CommandRights | Unnamed | Response:
        """The command's gate, or the answer refusing it: 401 without a valid login, 403 when
        the operator's role may not ask for it (recorded: R-ROLE-2).
        """
        login = self._login(request)
        if login is None:
            if self._console(request):
                if not await asyncio.to_thread(self.book.has_operators):
                    return Unnamed()  # a hall being set up: its own console, naming nobody
                return _error(
                    401,
                    "not_logged_in",
                    "la sala ya tiene operadores: inicie sesión con su nombre y su PIN",
                )
            return _not_logged_in()
        name = body.get("name") if isinstance(body, dict) else None
        station = body.get("client_id") if isinstance(body, dict) else None
        carried = body.get("authorisation") if isinstance(body, dict) else None
        if login.role == rt.TERMINAL:
            # the terminal the server logged in, never the one its command claims to come from
            station = f"terminal:{login.name}"[:64]
        rights = CommandRights(
            self.book,
            login,
            station if isinstance(station, str) else "",
            _address(request),
            carried,
        )
        return await asyncio.to_thread(self._check, rights, login, name)

    def _check(self, rights: CommandRights, login: Login, name: object) -> CommandRights | Response:
        gone = self._disabled(login)
        if gone is not None:
            return gone
        if not isinstance(name, str) or name not in COMMANDS:
            return rights  # the host answers an unknown command (404)
        action = rt.command_action(name)
        if action is None or not rt.may_ask(login.role, action):
            self.book.record(login.name, rights.client, f"command:{name}", "refused")
            what = rt.words(action) if action is not None else name
            return _error(
                403,
                "not_authorised",
                f"{login.name} ({rt.ROLES.get(login.role, login.role)}) no puede {what}",
            )
        return rights

    def _disabled(self, login: Login) -> Response | None:
        """The refusal of a login whose operator was disabled (or removed) since; else None."""
        now = self.book.get(login.name)
        if now is None or not now.active:
            return _error(401, "not_logged_in", f"{login.name} está dado de baja")
        return None

    def _forget_expired(self) -> None:
        now = time.monotonic()
        for token in [t for t, v in self._tokens.items() if v.expires < now]:
            del self._tokens[token]

    def _make_room(self, name: str) -> None:
        """Room for one more login of ``name``: his own oldest ones go; at the server's limit,
        the oldest of whoever holds the most. Logging in over and over forgets nobody else's
        login (a terminal's or an inspector's could log the table out; decision 423).
        """
        held: dict[str, list[str]] = {}
        for token, login in self._tokens.items():  # oldest first
            held.setdefault(login.name, []).append(token)
        own = held.get(name, [])
        while len(own) >= MAX_TOKENS_EACH:
            del self._tokens[own.pop(0)]
        while len(self._tokens) >= MAX_TOKENS:
            most = max(held.values(), key=len)
            del self._tokens[most.pop(0)]


def _storable(text: str) -> str:
    """``text`` with what UTF-8 cannot hold (a lone surrogate) written as its escape."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _token(request: HTTPConnection) -> str:
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" else ""


def console_proof(key: str, challenge: str) -> str:
    """What only the holder of ``key`` answers to ``challenge``."""
    return hmac.new(key.encode(), challenge.encode("utf-8", "replace"), "sha256").hexdigest()


def _address(request: HTTPConnection) -> str:
    """The peer's address; an IPv4 one reaching a dual-stack socket (``::ffff:a.b.c.d``) as
    itself, so that its station and its loopback are the same as on IPv4.
    """
    host = request.client.host if request.client is not None else "?"
    if host.startswith("::ffff:"):
        try:
            mapped = ipaddress.IPv6Address(host).ipv4_mapped
        except ValueError:
            mapped = None
        if mapped is not None:
            return str(mapped)
    return host


def _not_logged_in() -> JSONResponse:
    return _error(
        401,
        "not_logged_in",
        "inicie sesión (POST /api/v1/login) y envíe su token: sin él no se admite ninguna orden",
    )


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse(wire.error_body(code, message), status)


async def store_unavailable(request: Request, exc: Exception) -> Response:
    """The answer to a request the database failed outside a command (a login, a right looked
    up, a read): 503 ``store`` with the store's sentence for the staff, the driver's text to
    the log only (a command's own failure says more: ``HallHost._store_failed``).
    """
    assert isinstance(exc, StoreError)
    log.warning(
        "%s %s: base de datos (%s): %s",
        request.method,
        request.url.path,
        exc.kind,
        exc.detail or exc,
    )
    return _error(503, "store", f"{exc}; no se ha cambiado nada")
