"""Who is speaking to the hall server: logins, session tokens, and the rights of each command
(R-ROLE-1, R-ROLE-2, R-ROLE-3; docs/api.md "Logins and rights"; decisions 134-136).

A client logs in with an operator's name and PIN (``POST /api/v1/login``) and sends the token it
gets with every command (``Authorization: Bearer …``). The role table (``bingo.rights.ACTIONS``)
decides whether the operator may ask for the command; an action the jefe de sala must authorise
carries his name and PIN in the command itself (``"authorisation": {"name", "pin"}``), checked by
the service's gate at the moment the command runs. The panels, the state, the stream and the
voice stay open: they only show what the hall shows its players.
"""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from app.server import wire
from bingo import rights as rt
from bingo.service import NotAuthorised, check_ask
from store import EventStore
from store.operators import LOCKED, OperatorBook, OperatorError

#: A login is good for one long night; a client logs in again after it, or after a restart.
TOKEN_SECONDS = 12 * 3600
MAX_TOKENS = 256


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
                name if isinstance(name, str) else "",
                pin if isinstance(pin, str) else "",
                self.client,
                action,
                self.login.name,
            )
        except OperatorError as exc:
            raise NotAuthorised(str(exc)) from None
        return rt.Actor(self.login.name, self.login.role, self.station, who.name, action)


class ServerAuth:
    def __init__(self, store: EventStore) -> None:
        self.book = OperatorBook(store)
        self._tokens: dict[str, Login] = {}
        self._lock = threading.Lock()

    # --- endpoints --------------------------------------------------------------------------

    async def login(self, request: Request) -> Response:
        try:
            body = await request.json()
        except ValueError:
            body = None
        if not isinstance(body, dict) or body.get("v") != wire.WIRE_VERSION:
            return _error(400, "bad_request", "el acceso es un objeto JSON con v, name y pin")
        name, pin = body.get("name"), body.get("pin")
        if not isinstance(name, str) or not isinstance(pin, str) or not name or not pin:
            return _error(400, "bad_request", "falta el nombre o el PIN")
        try:
            who = await asyncio.to_thread(self.book.verify, name, pin, _address(request))
        except OperatorError as exc:
            return _error(429 if exc.outcome == LOCKED else 401, "login_failed", str(exc))
        if who.role not in rt.ROLES:
            return _error(403, "not_authorised", f"{name}: papel desconocido")
        token = secrets.token_urlsafe(32)
        with self._lock:
            self._forget_expired()
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

    async def rights_for(self, request: Request, body: Any) -> CommandRights | Response:
        """The command's gate, or the answer refusing it: 401 without a valid login, 403 when
        the operator's role may not ask for it (recorded: R-ROLE-2).
        """
        with self._lock:
            login = self._tokens.get(_token(request))
        if login is None or login.expires < time.monotonic():
            return _error(
                401,
                "not_logged_in",
                "inicie sesión (POST /api/v1/login) y envíe su token: sin él no se admite ninguna "
                "orden",
            )
        name = body.get("name") if isinstance(body, dict) else None
        station = body.get("client_id") if isinstance(body, dict) else None
        carried = body.get("authorisation") if isinstance(body, dict) else None
        rights = CommandRights(
            self.book,
            login,
            station if isinstance(station, str) else "",
            _address(request),
            carried,
        )
        return await asyncio.to_thread(self._check, rights, login, name)

    def _check(self, rights: CommandRights, login: Login, name: object) -> CommandRights | Response:
        now = self.book.get(login.name)
        if now is None or not now.active:
            return _error(401, "not_logged_in", f"{login.name} está dado de baja")
        if isinstance(name, str) and name in rt.ACTIONS and not rt.may_ask(login.role, name):
            self.book.record(login.name, rights.client, f"command:{name}", "refused")
            return _error(
                403,
                "not_authorised",
                f"{login.name} ({rt.ROLES.get(login.role, login.role)}) no puede {rt.words(name)}",
            )
        return rights

    def _forget_expired(self) -> None:
        now = time.monotonic()
        for token in [t for t, v in self._tokens.items() if v.expires < now]:
            del self._tokens[token]
        while len(self._tokens) >= MAX_TOKENS:
            self._tokens.pop(next(iter(self._tokens)))


def _token(request: Request) -> str:
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" else ""


def _address(request: Request) -> str:
    return request.client.host if request.client is not None else "?"


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse(wire.error_body(code, message), status)
