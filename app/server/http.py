"""The hall server's endpoints (docs/api.md): the panels' page, the commands, the stream."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from actas.instructions import instructions_data
from app.centre.join import Joined
from app.config import ConfigError
from app.games_cli import hall_terms, offered_games
from app.server import fanout, origin, replica, terminals, wire
from app.server.auth import ServerAuth, store_unavailable
from app.server.bodies import BodyRefused, json_body
from app.server.commands import COMMANDS
from app.server.host import HallHost
from app.server.simul_panel import SimulFeed
from app.server.table import for_the_table
from bingo import rights as rt
from drivers.voice import VoiceError
from store import StoreError

log = logging.getLogger(__name__)

#: A screen that hears nothing for this long knows it lost the server (the page's watchdog).
PING_SECONDS = 2.0
#: The close of a stream whose table's login ended (logged out, expired, its operator disabled)
#: when the table is asked again: as a terminal's socket without a login (decision 428).
LOGIN_ENDED = 4401
LOGIN_ENDED_REASON = "la sesión de la mesa terminó: inicie sesión de nuevo"


def web_dir() -> Path:
    return Path(str(resources.files("app").joinpath("web")))


def build_app(
    host: HallHost,
    console_key: str = "",
    join: Joined | None = None,
    names: tuple[str, ...] = (),
) -> Starlette:
    """The hall's server; with ``join``, also its link to a centre (docs/centre.md); ``names``:
    the names it is reached by beyond its addresses and this machine's (``origin.Guard``).
    """
    from app.server import game_commands  # the games offered (GET /api/v1/games)

    auth = ServerAuth(host.store, console_key)  # logins and rights (docs/api.md)
    listed = {  # each command's action in the one rights table; a command missing there fails here
        name: rt.ACTIONS[rt.command_action(name) or name] for name in COMMANDS
    }

    async def panel(_request: Request) -> Response:
        return FileResponse(web_dir() / "panel.html", headers={"Cache-Control": "no-store"})

    async def terminal_page(_request: Request) -> Response:
        return FileResponse(web_dir() / "terminal.html", headers={"Cache-Control": "no-store"})

    terminal_socket, terminal_list = terminals.endpoints(host, auth)
    simul = SimulFeed(host, join.link) if join is not None else None  # the centre's partida

    async def root(_request: Request) -> Response:
        return RedirectResponse("/panel")

    async def state(_request: Request) -> Response:
        return JSONResponse(wire.snapshot_message(host.version, host.state))

    async def commands(_request: Request) -> Response:
        return JSONResponse(
            {
                "v": wire.WIRE_VERSION,
                "commands": {
                    name: {
                        "args": {a: {"type": t, "required": r} for a, (t, r) in c.args.items()},
                        "help": c.help,
                        "action": rt.command_action(name),
                        "jefe_de_sala": listed[name].sala,  # carries his name and PIN (R-ROLE-2)
                    }
                    for name, c in COMMANDS.items()
                },
            }
        )

    async def command(request: Request) -> Response:
        accepted = wire.now_ms()
        try:
            body = await json_body(request, "el cuerpo de la orden no es JSON")
        except BodyRefused as refused:
            return refused.answer
        rights = await auth.rights_for(request, body)
        if isinstance(rights, Response):
            return rights
        status, answer = await host.submit(body, accepted, rights)
        return JSONResponse(answer, status)

    async def voice(request: Request) -> Response:
        """A ball's call in one language, for a panel that plays the voice (decision 96)."""
        if host.voice is None:
            return JSONResponse(wire.error_body("no_voice", "esta sala no tiene voz"), 404)
        if not str(request.path_params["number"]).isdigit():
            said = f"no hay esa llamada: «{request.path_params['number']}» no es una bola"
            return JSONResponse(wire.error_body("no_call", said), 404)
        try:
            number = int(request.path_params["number"])
            path = await asyncio.to_thread(
                host.voice.wav_for, number, str(request.path_params["lang"])
            )
        except ValueError as exc:
            return JSONResponse(wire.error_body("no_call", f"no hay esa llamada: {exc}"), 404)
        except VoiceError as exc:  # espeak-ng's own words, and its paths, go to the log only
            log.warning("voz: %s", exc)
            said = "la voz no puede decir esa llamada; el detalle está en el registro del servidor"
            return JSONResponse(wire.error_body("voice_failed", said), 503)
        return FileResponse(path, media_type="audio/wav")

    async def instructions(request: Request) -> Response:
        """The players' instructions of the games the hall offers (``?game=ID``: one), for the
        instructions panel: the printed instructions' texts, with the rules and prima amount in
        force, in the region's official languages (Euskadi, disposición adicional décima;
        decision 271).
        """
        hall = host.service.hall
        if hall.rules is None or not hall.region:
            return JSONResponse(wire.error_body("no_rules", "la sala aún no tiene reglas"), 404)
        games = offered_games(hall.region)
        wanted = request.query_params.get("game")
        if wanted is not None:
            games = [g for g in games if g.id == wanted]
            if not games:
                known = ", ".join(g.id for g in offered_games(hall.region))
                return JSONResponse(
                    wire.error_body("no_game", f"no hay ese juego: {wanted!r} (hay: {known})"), 404
                )
        try:
            terms = hall_terms(hall.name, hall.region, hall.rules, hall.prima.amount_cents)
        except ConfigError as exc:  # a region this program has no file of
            return JSONResponse(wire.error_body("no_region", str(exc)), 404)
        return JSONResponse({"v": wire.WIRE_VERSION, **instructions_data(games, terms)})

    async def still_at_table(socket: WebSocket) -> bool:
        """Whether the stream's login still runs the table (decision 428); a database that does
        not answer now is no sign it ended: said in the log, the login taken as it was.
        """
        try:
            return await auth.reader(socket, table=True) is None
        except StoreError as err:
            log.warning("flujo: no se pudo comprobar el acceso de la mesa (%s): %s", err.kind, err)
            return True

    async def stream(socket: WebSocket) -> None:
        # the table's questions go only to a login that may answer them (decision 340)
        at_table = await auth.reader(socket, table=True) is None
        await socket.accept()
        queue, snapshot = host.listen(fanout.writer(socket))
        told = host.table.on_connect(at_table) if host.table is not None else []
        try:
            await socket.send_text(snapshot)
            if simul is not None:  # the simultaneous partida, from the hall's copy
                await socket.send_text(wire.dumps(simul.message()))
            for message in told:  # the open questions, the devices off: not only live
                await socket.send_text(wire.dumps(message))
            while True:
                if queue.empty():
                    host.waiting(queue, True)  # written to directly while it waits
                text = await queue.get()  # a change, a question, or the hall's ping
                host.waiting(queue, False)
                if for_the_table(text):
                    if not at_table:
                        continue
                    # the login is checked again before each of the table's messages: one
                    # logged out, expired or disabled since it connected is told no more
                    # (decision 428)
                    if not await still_at_table(socket):
                        await socket.close(LOGIN_ENDED, LOGIN_ENDED_REASON)
                        return
                await socket.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass  # the screen went away; it reconnects by itself
        finally:
            host.forget(queue)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        host.attach(asyncio.get_running_loop())
        pinging = asyncio.create_task(host.ping_every(PING_SECONDS))
        linking = asyncio.create_task(join.run()) if join is not None else None
        watching = asyncio.create_task(simul.run()) if simul is not None else None
        yield
        for task in (pinging, linking, watching):
            if task is not None:
                task.cancel()

    return Starlette(
        routes=[
            Route("/", root),
            Route("/panel", panel),
            Route("/terminal", terminal_page),
            WebSocketRoute("/api/v1/terminal", terminal_socket),
            Route("/api/v1/terminals", terminal_list),
            Route("/api/v1/state", state),
            Route("/api/v1/commands", commands, methods=["GET"]),
            Route("/api/v1/instructions", instructions),
            Route("/api/v1/commands", command, methods=["POST"]),
            Route("/api/v1/login", auth.login, methods=["POST"]),
            Route("/api/v1/logout", auth.logout, methods=["POST"]),
            WebSocketRoute("/api/v1/stream", stream),
            Route("/voice/{lang}/{number}.wav", voice),
            *replica.routes(host, auth),
            *game_commands.routes(host),
            *(join.routes(auth) if join is not None else []),
            Mount("/static", StaticFiles(directory=web_dir()), name="static"),
        ],
        lifespan=lifespan,
        exception_handlers={StoreError: store_unavailable},
        middleware=[Middleware(origin.Guard, names=names)],
    )
