"""Who handles each command at the hall server: ONE table, built here once from its three
parts (no module adds to it or replaces an entry when imported), and ``run``, which the host
calls on its writer thread. A command the server does not handle itself is the service's
(``HallService.handle``).
"""

from __future__ import annotations

from typing import Any

from app.server import commands, console_commands, game_commands, wire_commands
from app.server.commands import CommandError, Context, Handler
from bingo import commands as cmd
from bingo.hall import DuplicateBall

_PARTS = (commands.HANDLERS, console_commands.HANDLERS, game_commands.HANDLERS)

#: The commands the server handles itself, by type.
HANDLERS: dict[type[cmd.Command[Any]], Handler] = {k: v for part in _PARTS for k, v in part.items()}
assert len(HANDLERS) == sum(len(part) for part in _PARTS), "a server handler hides another"

#: The draws of the hall's 90-ball set, refused before any device moves while a game partida
#: is in play: its balls are not the 90 (decision 262).
NOT_IN_A_GAME: frozenset[type[cmd.Command[Any]]] = frozenset(
    {cmd.DrawBall, cmd.DrawFromDevices, cmd.DrawManual, cmd.DrawManualBall}
)


def _no_game_in_play(ctx: Context, command: cmd.Command[Any]) -> None:
    session = ctx.service.hall.session
    partida = ctx.service.hall.games.current(session.id) if session is not None else None
    if partida is not None:
        raise CommandError(
            422,
            "game_partida",
            f"{command.name}: está en juego la partida {partida.number} de "
            f"{partida.definition.name()}, con bolas del 1 al {partida.definition.count} "
            "que no son las 90 de la sala: escriba cada bola con draw_game_ball",
        )


def run(ctx: Context, command: cmd.Command[Any]) -> Any:
    """Do ``command`` at the server; its ``result`` as the answer carries it."""
    if type(command) in NOT_IN_A_GAME:
        _no_game_in_play(ctx, command)
    handler = HANDLERS.get(type(command))
    try:
        result = handler(ctx, command) if handler is not None else ctx.service.handle(command)
    except DuplicateBall as exc:  # the console's client raises it again as the domain's
        raise CommandError(422, "duplicate_ball", str(exc)) from None
    return wire_commands.encode_result(result)
