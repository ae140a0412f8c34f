"""The server's side of the hall's commands (``bingo.commands``): what a refusal says
(``CommandError``), what a handler is given (``Context``), the table the server lists and
checks names against (``COMMANDS``, from the dataclasses: always all of them), and the
handlers of the ordinary partida's commands that need the server's devices or terminals.

Every other command is the hall's service's (``HallService.handle``); the one table of who
handles what is ``app.server.handlers``.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bingo import commands as cmd
from bingo.handlers import open_with_count
from bingo.service import HallService

if TYPE_CHECKING:
    from app.devices import DeviceDraws
    from app.server.table import Table


class CommandError(Exception):
    """A refused command: HTTP status, a code for programs and a message for the staff."""

    def __init__(
        self, status: int, code: str, message: str, details: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details  # what a program needs beyond the words (the balls named)


@dataclass
class Context:
    service: HallService
    draws: DeviceDraws | None  # None: no devices, the jefe de mesa types each ball
    table: Table | None = None  # the questions the devices' draw puts to a console
    terminals: Callable[[str], bool] | None = None  # is that terminal connected to the table


#: A server's handler: the command's answer, as the service's handlers give it.
Handler = Callable[[Context, Any], Any]


def _kind(hint: Any) -> str:
    base = [a for a in typing.get_args(hint) if a is not type(None)] or [hint]
    found = base[0]
    if typing.get_origin(found) is tuple:
        return "ints"
    return {str: "str", int: "int", bool: "bool"}[found]


@dataclass(frozen=True)
class Command:
    """A command as ``GET /api/v1/commands`` lists it: its arguments (type, required) and help."""

    args: dict[str, tuple[str, bool]]
    help: str


def _listed(kind: type[cmd.Command[Any]]) -> Command:
    hints = typing.get_type_hints(kind)
    return Command(
        {
            f.name: (_kind(hints[f.name]), f.default is dataclasses.MISSING)
            for f in dataclasses.fields(kind)  # type: ignore[arg-type]
        },
        kind.help,
    )


#: Every command the server takes, by its name on the wire.
COMMANDS: dict[str, Command] = {kind.name: _listed(kind) for kind in cmd.ALL}


def _open_session(ctx: Context, c: cmd.OpenSession) -> cmd.SessionOpened:
    """The ball count first (R-BALL-2), then the session: by the reader, or typed in."""
    if c.ball_check is not None:
        return open_with_count(ctx.service, c, list(c.ball_check), "manual")
    if ctx.draws is None:
        raise CommandError(
            400, "bad_arguments", "open_session: sin lector de bolas, indique ball_check"
        )
    # a session the hall refuses anyway is refused before the reader counts
    ctx.service.hall.check_session_opening(c.session_id, c.date, c.jefe_de_mesa, c.jefe_de_sala)
    return open_with_count(ctx.service, c, ctx.draws.scan(), "reader")


def _draw_ball(ctx: Context, c: cmd.DrawBall) -> cmd.Drawn:
    if c.number is not None:
        if ctx.draws is not None:
            # the devices give the ball; the jefe de mesa's reading is asked by the table's
            # question when they cannot vouch for it (R-GAME-3, decision 141)
            raise CommandError(
                422,
                "refused",
                "draw_ball: la sala extrae con sus dispositivos; la bola no se escribe a mano",
            )
        return ctx.service.handle(c)
    if ctx.draws is None:
        raise CommandError(
            400, "bad_arguments", "draw_ball: sin dispositivos, indique el número de la bola"
        )
    done = ctx.draws.draw_next()
    partida = ctx.service.hall.partida
    last = partida.balls[-1] if partida is not None and partida.balls else None
    return cmd.Drawn(done=done, last_ball=last)


def _terminal(ctx: Context) -> str:
    """The machine asking: the terminal's own operator (decision 284), connected to the table."""
    rights = ctx.service.rights
    name = rights.asker().asked_by if rights is not None else ""
    if not name:
        raise CommandError(403, "not_authorised", "orden de terminal sin terminal identificada")
    if ctx.terminals is not None and not ctx.terminals(name):
        raise CommandError(
            409,
            "terminal_not_connected",
            f"la máquina {name} no está conectada a la mesa (/api/v1/terminal): las máquinas "
            "auxiliares juegan conectadas a la mesa de control; Euskadi art. 3.6",
        )
    return name


def _terminal_buy(ctx: Context, c: cmd.TerminalBuy) -> cmd.TerminalSale:
    series, first, last = ctx.service.terminal_buy(_terminal(ctx), c.count, c.payment)
    face = ctx.service.hall.series[series].face_value_cents  # the serie's price, as sold
    return cmd.TerminalSale(
        series=series,
        first=first,
        last=last,
        payment=c.payment,
        amount_cents=(last - first + 1) * face,
    )


def _terminal_collect(ctx: Context, _c: cmd.TerminalCollect) -> cmd.TerminalPaid:
    paid = ctx.service.pay_terminal_prizes(_terminal(ctx))
    return cmd.TerminalPaid(
        paid_cents=sum(p.amount_cents for p in paid),
        prizes=tuple(
            cmd.PaidPrize(partida=p.partida, prize=p.prize, series=p.series, number=p.number)
            for p in paid
        ),
    )


#: The ordinary partida's commands the server handles itself.
HANDLERS: dict[type[cmd.Command[Any]], Handler] = {
    cmd.OpenSession: _open_session,
    cmd.DrawBall: _draw_ball,
    cmd.TerminalBuy: _terminal_buy,
    cmd.TerminalCollect: _terminal_collect,
}
