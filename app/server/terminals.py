"""Player terminals at the hall server: the auxiliary machines connected to the table (R-MULTI-3;
Euskadi art. 3.6; docs/api.md "Terminals"; decisions 281-284).

A terminal logs in as an operator of role ``terminal`` and opens ``WS /api/v1/terminal``: its
first message carries its token; the server answers ``welcome`` (or ``refused``, e.g. the
hall's category has all its machines connected), then the stream every screen gets (snapshot,
changes, pings) and, after each change, the ``terminal`` view of its own cartones, claims and
prizes owed. The terminal sends a ``heartbeat`` every ``HEARTBEAT_SECONDS``; one not heard for
``GONE_AFTER_SECONDS`` (or whose socket closes) is gone: the table is told (a
``terminal_presence`` message on the stream, and ``GET /api/v1/terminals``). Its cartones still
play and the system still claims for them; what they win stays owed to it until it comes back
and collects.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket, WebSocketDisconnect

from app.server import wire
from app.server.auth import ServerAuth
from app.server.host import HallHost
from app.server.table import for_the_table
from bingo import rights as rt
from bingo.errors import DomainError
from bingo.i18n import _

log = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 1.0
#: A terminal not heard for this long is gone (a cable pulled, a machine frozen).
GONE_AFTER_SECONDS = 4.0
#: How long the server waits for a terminal's first message.
HELLO_SECONDS = 10.0


@dataclass
class _Presence:
    connection: object  # the socket's own token: a newer connection replaces an older one
    heard: float  # time.monotonic()
    since_ms: float


@dataclass
class TerminalRoster:
    """The terminals connected to the table now, and when each last left (this run)."""

    host: HallHost
    present: dict[str, _Presence] = field(default_factory=dict)
    left_ms: dict[str, float] = field(default_factory=dict)

    def arrive(self, name: str, connection: object) -> None:
        """``name`` connects; refused (``DomainError``) beyond the machines of the hall's
        category (Euskadi art. 3.6.a), with the rule the sales use too: those connected and
        those that sold in the session count (decision 319).
        """
        hall = self.host.service.hall
        hall.terminal_limits.check_machine(set(self.present) | hall.session_machines(), name)
        back = name not in self.present
        self.present[name] = _Presence(connection, time.monotonic(), wire.now_ms())
        if back:
            self._notice(name, True)

    def heard(self, name: str, connection: object) -> None:
        presence = self.present.get(name)
        if presence is not None and presence.connection is connection:
            presence.heard = time.monotonic()

    def stale(self, name: str, connection: object) -> bool:
        """The connection is no longer the terminal's, or it has not been heard for too long."""
        presence = self.present.get(name)
        if presence is None or presence.connection is not connection:
            return True
        return time.monotonic() - presence.heard > GONE_AFTER_SECONDS

    def leave(self, name: str, connection: object, why: str) -> None:
        presence = self.present.get(name)
        if presence is None or presence.connection is not connection:
            return  # a newer connection of the same terminal holds its place
        del self.present[name]
        self.left_ms[name] = wire.now_ms()
        log.warning(_("terminal %s desconectada de la mesa (%s)"), name, why)
        self._notice(name, False)

    def connected(self, name: str) -> bool:
        return name in self.present

    def seen(self) -> list[tuple[str, float | None, float | None]]:
        """Every terminal seen this run: (name, connected since, left at); read on the loop,
        where the roster changes.
        """
        names = sorted(set(self.present) | set(self.left_ms))
        return [
            (
                name,
                self.present[name].since_ms if name in self.present else None,
                None if name in self.present else self.left_ms.get(name),
            )
            for name in names
        ]

    def listing(self, seen: list[tuple[str, float | None, float | None]]) -> list[dict[str, Any]]:
        """``seen`` with each terminal's cartones and prizes owed (reads the hall: off the loop)."""
        out = []
        for name, since_ms, left_ms in seen:
            view = self.host.service.terminal_view(name)
            out.append(
                {
                    "name": name,
                    "connected": since_ms is not None,
                    "since_ms": since_ms,
                    "left_ms": left_ms,
                    "cartones": len(view["cartones"]),
                    "owed_cents": view["owed_cents"],
                }
            )
        return out

    def _notice(self, name: str, connected: bool) -> None:
        # to the consoles at the table (decision 283): not a device's notice, whose alarm would
        # tell the jefe de mesa to suspend the partida; the game goes on without the terminal
        self.host.publish(
            {
                "v": wire.WIRE_VERSION,
                "type": "terminal_presence",
                "terminal": name,
                "connected": connected,
            }
        )


def _refused(code: str, message: str) -> str:
    return wire.dumps({"v": wire.WIRE_VERSION, "type": "refused", **wire.error_body(code, message)})


def _view_message(host: HallHost, name: str) -> str:
    view = host.service.terminal_view(name)
    return wire.dumps({"v": wire.WIRE_VERSION, "type": "terminal", "terminal": name, **view})


def warm_claims() -> threading.Thread:
    """Compile the pass that finds the electronic cartones' lines and bingos, on a thread of
    its own. numba compiles it at its first use: the first ball of the night with electronic
    cartones then took 2.5 s (6 s on a loaded machine) before the table and the terminals had
    it. Done when the server starts, long before that ball.
    """

    def compile_it() -> None:
        from bingo.detect import CompletionTracker

        one = [[[1, 10, 20, 30, 40], [2, 11, 21, 31, 41], [3, 12, 22, 32, 42]]]
        CompletionTracker(one).add_ball(1)

    thread = threading.Thread(target=compile_it, name="warm-claims", daemon=True)
    thread.start()
    return thread


def endpoints(host: HallHost, auth: ServerAuth) -> tuple[Any, Any]:
    """The terminal's socket and the table's list of terminals."""
    warm_claims()
    roster = TerminalRoster(host)
    host.terminals = roster.connected

    async def terminal_socket(socket: WebSocket) -> None:
        await socket.accept()
        try:
            first = await asyncio.wait_for(socket.receive(), HELLO_SECONDS)
            # a text frame of JSON within the socket's size; a binary frame, or JSON nested
            # beyond reason, is no hello either (decision 420)
            if first["type"] == "websocket.disconnect":
                return
            hello = json.loads(first["text"])
        except (TimeoutError, KeyError, TypeError, ValueError, RecursionError, RuntimeError):
            await _close(socket, 4400)
            return
        token = hello.get("token") if isinstance(hello, dict) else None
        login = auth.login_of(token) if isinstance(token, str) else None
        if login is None or not await asyncio.to_thread(auth.active, login):
            await socket.send_text(
                _refused("not_logged_in", _("inicie sesión como terminal y envíe su token"))
            )
            await _close(socket, 4401)
            return
        if login.role != rt.TERMINAL:
            await socket.send_text(
                _refused(
                    "not_authorised",
                    _("{name} no es una terminal de jugador").format(name=login.name),
                )
            )
            await _close(socket, 4403)
            return
        name, connection = login.name, object()
        try:
            roster.arrive(name, connection)
        except DomainError as err:
            await socket.send_text(_refused("too_many_machines", str(err)))
            await _close(socket, 4409)
            return
        queue, snapshot = host.listen()
        checked = [time.monotonic()]  # when its operator was last found active
        reader = asyncio.create_task(_read(socket, roster, name, connection))
        why = _("cerró la conexión")
        try:
            await socket.send_text(
                wire.dumps(
                    {
                        "v": wire.WIRE_VERSION,
                        "type": "welcome",
                        "terminal": name,
                        "heartbeat_seconds": HEARTBEAT_SECONDS,
                        "gone_after_seconds": GONE_AFTER_SECONDS,
                    }
                )
            )
            await socket.send_text(snapshot)
            await socket.send_text(await asyncio.to_thread(_view_message, host, name))
            view_due = False
            while not reader.done():
                try:
                    text = await asyncio.wait_for(queue.get(), HEARTBEAT_SECONDS)
                except TimeoutError:
                    text = wire.dumps(wire.ping_message())
                if roster.stale(name, connection):
                    why = _("sin latido")
                    break
                if not await _still_logged_in(auth, str(token), checked):
                    # logged out, expired or disabled: it no longer counts as a machine at the
                    # table, and is told no more of its view (issue 20, item 12)
                    why = _("sesión terminada")
                    await socket.send_text(
                        _refused("not_logged_in", _("la sesión de la terminal terminó"))
                    )
                    await _close(socket, 4401)
                    break
                if for_the_table(text):  # a terminal never answers the table (decision 340)
                    continue
                await socket.send_text(text)
                view_due = view_due or '"type":"change"' in text[:40]
                # after a burst of changes (the sale closed, the data shown, a ball), one view
                # with all of them: a view per change made the next ball wait behind 40 of them
                if view_due and queue.empty():
                    view_due = False
                    await socket.send_text(await asyncio.to_thread(_view_message, host, name))
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass
        finally:
            reader.cancel()
            host.forget(queue)
            roster.leave(name, connection, why)
            await _close(socket, 4408)

    async def terminals(request: Request) -> Response:
        refused = await auth.reader(request, table=True)
        if refused is not None:
            return refused
        listing = await asyncio.to_thread(roster.listing, roster.seen())
        return JSONResponse({"v": wire.WIRE_VERSION, "terminals": listing})

    return terminal_socket, terminals


#: How often a connected terminal's operator is looked up again (a disabled one is let go).
ACTIVE_SECONDS = 5.0


async def _still_logged_in(auth: ServerAuth, token: str, checked: list[float]) -> bool:
    """The terminal's login still runs: its token lives and, looked up every
    ``ACTIVE_SECONDS``, its operator is active.
    """
    login = auth.login_of(token)
    if login is None:
        return False
    if time.monotonic() - checked[0] < ACTIVE_SECONDS:
        return True
    checked[0] = time.monotonic()
    return await asyncio.to_thread(auth.active, login)


async def _read(socket: WebSocket, roster: TerminalRoster, name: str, connection: object) -> None:
    """The terminal's messages: each heartbeat (any message, text or binary) says it is still
    there.
    """
    try:
        while True:
            message = await socket.receive()
            if message["type"] == "websocket.disconnect":
                return
            roster.heard(name, connection)
    except (WebSocketDisconnect, RuntimeError, OSError):
        return


async def _close(socket: WebSocket, code: int) -> None:
    with contextlib.suppress(RuntimeError, OSError):
        await socket.close(code)
