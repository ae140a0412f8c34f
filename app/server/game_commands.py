"""The commands of a partida of bingo derivado or bingo plus on the hall server (docs/games.md,
"Commands"; docs/api.md): the game adopted from its published file, its cartones and series,
the partida, the sale by series, the balls, the settlement the system makes, the payment, the
incidents. Each is a line of the rights table (``bingo.rights.COMMANDS``) and calls the
service's method: the rules are the domain's (``bingo.hall.games``), none is written here.

The game's balls are 1..N of its own definition, not the hall's 90-ball set: the jefe de mesa
types each one, and the server's devices, which hold the 90 balls, never draw for a game
partida (docs/decisions.md 262, 275).

``GET /api/v1/games`` lists what ``adopt_game`` would take in the hall's region, for the
console's choice (docs/api.md).
"""

from __future__ import annotations

import asyncio
import secrets
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
from app.server.commands import COMMANDS, Args, Command, CommandError, Context, Handler
from bingo.hall.game_fold import GamePartida

if TYPE_CHECKING:
    from app.server.host import HallHost

NOTE = ("str", True)


def _current_game(ctx: Context) -> GamePartida | None:
    session = ctx.service.hall.session
    return ctx.service.hall.games.current(session.id) if session is not None else None


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


def _adopt_game(ctx: Context, a: Args) -> dict[str, Any]:
    """A published game authorised in the hall's region, by the name of its file, read and
    checked as ``simulate --game`` reads it (``app.games_cli.game_to_simulate``).
    """
    name = a["game"].removesuffix(".toml")
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
    return {
        "game_id": definition.id,
        "version": definition.version,
        "sha256": definition.sha256,
        "count": definition.count,
    }


def _register_game_card_set(ctx: Context, a: Args) -> dict[str, Any]:
    # without a seed the server draws one; either way it is recorded, so the cartones can be
    # generated again and checked against their digest (R-CARD-2, decision 261)
    seed = a["seed"] if "seed" in a else secrets.randbelow(2**32)
    ctx.service.register_game_card_set(a["game_id"], a["card_set_id"], seed, a["count"])
    return {"card_set_id": a["card_set_id"], "seed": seed, "count": a["count"]}


def _register_game_serie(ctx: Context, a: Args) -> dict[str, Any]:
    ctx.service.register_game_serie(a["code"], a["card_set_id"], a["size"])
    return {"code": a["code"]}


def _start_game_partida(ctx: Context, a: Args) -> dict[str, Any]:
    ctx.service.start_game_partida(a["game_id"], a["card_set_id"], a["face_value_cents"])
    partida = _current_game(ctx)
    assert partida is not None
    return {"partida": partida.number}


def _sell_game_count(ctx: Context, a: Args) -> dict[str, Any]:
    if a["count"] < 1:
        raise CommandError(400, "bad_arguments", "sell_game_count: count debe ser 1 o más")
    first = ctx.service.hall.next_game_sale_number(a["series"])  # the writer is this thread
    ctx.service.sell_game_count(a["series"], a["count"], a.get("electronic", False))
    return {"series": a["series"], "first": first, "last": first + a["count"] - 1}


def _draw_game_ball(ctx: Context, a: Args) -> dict[str, Any]:
    """A ball of the game's drum as the jefe de mesa reads it (decision 275); after a failure
    of the drum, a ball of the extraction by hand (R-INC-2).
    """
    partida = _current_game(ctx)
    by_hand = partida is not None and any(
        i.incident == "failure_after_extraction_began" for i in partida.incidents
    )
    ctx.service.draw_game_ball(a["number"], "manual" if by_hand else "operator")
    partida = _current_game(ctx)
    over = partida is not None and ctx.service.hall.game_partida_over()
    return {"number": a["number"], "plan_complete": over}


def _call(method: str, *names: str) -> Handler:
    def run(ctx: Context, a: Args) -> dict[str, Any]:
        getattr(ctx.service, method)(*(a[n] for n in names))
        return {}

    return run


def _not_in_a_game(name: str, run: Handler) -> Handler:
    """A draw of the hall's 90-ball set refused, before any device moves, while a game partida
    is in play: its balls are not the 90 (decision 262).
    """

    def guarded(ctx: Context, a: Args) -> dict[str, Any]:
        partida = _current_game(ctx)
        if partida is not None:
            raise CommandError(
                422,
                "game_partida",
                f"{name}: está en juego la partida {partida.number} de "
                f"{partida.definition.name()}, con bolas del 1 al {partida.definition.count} "
                "que no son las 90 de la sala: escriba cada bola con draw_game_ball",
            )
        return run(ctx, a)

    return guarded


GAME_COMMANDS: dict[str, Command] = {
    "adopt_game": Command(
        {"game": ("str", True)},
        _adopt_game,
        "adopta un juego publicado y autorizado en la región (por el nombre de su fichero); "
        "result {game_id, version, sha256, count}",
    ),
    "register_game_card_set": Command(
        {
            "game_id": ("str", True),
            "card_set_id": ("str", True),
            "count": ("int", True),
            "seed": ("int", False),
        },
        _register_game_card_set,
        "genera y registra los cartones de un juego; result {card_set_id, seed, count}",
    ),
    "register_game_serie": Command(
        {"code": ("str", True), "card_set_id": ("str", True), "size": ("int", True)},
        _register_game_serie,
        "registra una serie de los cartones de un juego",
    ),
    "start_game_partida": Command(
        {
            "game_id": ("str", True),
            "card_set_id": ("str", True),
            "face_value_cents": ("int", True),
        },
        _start_game_partida,
        "abre la venta de una partida de otra modalidad; result {partida}",
    ),
    "sell_game_count": Command(
        {"series": ("str", True), "count": ("int", True), "electronic": ("bool", False)},
        _sell_game_count,
        "vende los siguientes N cartones de una serie del juego; result {series, first, last}",
    ),
    "close_game_sale": Command({}, _call("close_game_sale"), "cierra la venta de la partida"),
    "draw_game_ball": Command(
        {"number": ("int", True)},
        _draw_game_ball,
        "registra la bola (1..N del juego) que lee el jefe de mesa; result {number, plan_complete}",
    ),
    "close_game_partida": Command(
        {}, _call("close_game_partida"), "el sistema liquida la partida con las bolas del plan"
    ),
    "pay_game_prizes": Command({}, _call("pay_game_prizes"), "registra el pago de los premios"),
    "announce_last_game_partida": Command(
        {},
        _call("announce_last_game_partida"),
        "anuncia que la partida de otra modalidad en curso es la última de su modalidad (R-GAME-6)",
    ),
    "game_incident": Command(
        {"incident": ("str", True), "note": NOTE},
        _call("game_incident", "incident", "note"),
        "avería con la extracción empezada: se sigue a mano (R-INC-2)",
    ),
    "annul_game_partida": Command(
        {"incident": ("str", True), "note": NOTE},
        _call("annul_game_partida", "incident", "note"),
        "anula la partida con devolución (R-INC-1, R-INC-3)",
    ),
}

assert not set(GAME_COMMANDS) & set(COMMANDS), "a game command hides another"
COMMANDS.update(GAME_COMMANDS)
for _name in ("draw_ball", "draw_from_devices", "draw_manual", "draw_manual_ball"):
    _kept = COMMANDS[_name]
    COMMANDS[_name] = Command(_kept.args, _not_in_a_game(_name, _kept.run), _kept.help)
