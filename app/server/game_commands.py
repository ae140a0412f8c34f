"""The commands of a partida of bingo derivado or bingo plus on the hall server (docs/games.md,
"Commands"; docs/api.md): the game adopted from its published file, its cartones and series,
the partida, the sale by series, the balls, the settlement the system makes, the payment, the
incidents. Each is a command of ``bingo.commands`` and a line of the rights table
(``bingo.rights.COMMANDS``); all but ``adopt_game``, which reads the published file here, are
the service's (``bingo.handlers``): the rules are the domain's (``bingo.hall.games``).

The game's balls are 1..N of its own definition, not the hall's 90-ball set: the jefe de mesa
types each one, and the server's devices, which hold the 90 balls, never draw for a game
partida (docs/decisions.md 262, 275).

``GET /api/v1/games`` lists what ``adopt_game`` would take in the hall's region, for the
console's choice (docs/api.md).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from app.cli_input import CliError
from app.config import ConfigError, shipped_file
from app.config.game_files import shipped_games
from app.games_cli import game_to_simulate
from app.server import wire
from app.server.commands import CommandError, Context, Handler
from bingo import commands as cmd

if TYPE_CHECKING:
    from app.server.host import HallHost


def _game_file(name: str) -> Path:
    return shipped_file("games", f"{name}.toml")


def offered(region: str) -> list[dict[str, Any]]:
    """The published games authorised in ``region`` that ``adopt_game`` takes (the ordinary
    bingo is the hall's own partida): each read and checked as ``adopt_game`` reads it, so the
    list is what the command accepts, by the name of its file.
    """
    out = []
    for name in shipped_games():
        try:
            definition = game_to_simulate(_game_file(name), region)
        except (CliError, ConfigError):
            continue  # another region's, or a plan the hall does not play partida by partida
        if definition is None:
            continue
        out.append(
            {
                "game": name,
                "id": definition.id,
                "version": definition.version,
                "modality": definition.modality,
                "plan": definition.plan,
                "count": definition.count,
                "names": dict(sorted(definition.names.items())),
            }
        )
    return out


def routes(host: HallHost) -> list[Route]:
    """``GET /api/v1/games``: the games the console may choose to adopt (public, as the
    players' instructions of the same games are).
    """

    async def games(_request: Request) -> Response:
        region = host.service.hall.region
        listed = await asyncio.to_thread(offered, region) if region else []
        return JSONResponse({"v": wire.WIRE_VERSION, "region": region, "games": listed})

    return [Route("/api/v1/games", games)]


def _adopt_game(ctx: Context, c: cmd.AdoptGame) -> cmd.GameAdopted:
    """A published game authorised in the hall's region, by the name of its file, read and
    checked as ``simulate --game`` reads it (``app.games_cli.game_to_simulate``).
    """
    name = c.game.removesuffix(".toml")
    known = shipped_games()
    if name not in known:
        raise CommandError(
            422,
            "unknown_game",
            f"adopt_game: juego desconocido: {name!r} (publicados: {', '.join(known)}); "
            "no se ha escrito nada",
        )
    path = _game_file(name)
    region = ctx.service.hall.region
    try:
        definition = game_to_simulate(path, region)
    except (CliError, ConfigError) as exc:
        raise CommandError(422, "refused", f"adopt_game: {exc}") from None
    if definition is None:
        raise CommandError(
            422,
            "refused",
            "adopt_game: el bingo ordinario es la partida de la sala (start_partida); "
            "no se adopta como otra modalidad",
        )
    ctx.service.adopt_game(definition)
    return cmd.GameAdopted(
        game_id=definition.id,
        version=definition.version,
        sha256=definition.sha256,
        count=definition.count,
    )


#: The game commands the server handles itself: the others are the service's.
HANDLERS: dict[type[cmd.Command[Any]], Handler] = {cmd.AdoptGame: _adopt_game}
