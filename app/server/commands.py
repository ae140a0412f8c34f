"""The commands a client may send: each name, its JSON arguments (checked before anything is
done) and the service call it makes. A name not in ``COMMANDS`` is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bingo.service import HallService
from bingo.terminals import CASH

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


Args = Mapping[str, Any]
Handler = Callable[[Context, Args], dict[str, Any]]

# An argument: its JSON type and whether it must be there.
TYPES: dict[str, tuple[type, ...]] = {
    "str": (str,),
    "int": (int,),
    "bool": (bool,),
    "ints": (list,),
}
TYPE_WORDS = {
    "str": "un texto",
    "int": "un número entero",
    "bool": "verdadero o falso",
    "ints": "una lista de números",
}


@dataclass(frozen=True)
class Command:
    args: Mapping[str, tuple[str, bool]]
    run: Handler
    help: str


def check_args(name: str, spec: Mapping[str, tuple[str, bool]], args: Any) -> dict[str, Any]:
    """The arguments as the command takes them, or ``CommandError`` 400 saying what is wrong."""
    if not isinstance(args, dict):
        raise CommandError(400, "bad_arguments", f"{name}: los argumentos deben ser un objeto")
    unknown = sorted(set(args) - set(spec))
    if unknown:
        raise CommandError(
            400, "bad_arguments", f"{name}: argumentos desconocidos: {', '.join(unknown)}"
        )
    out: dict[str, Any] = {}
    for arg, (kind, required) in spec.items():
        if arg not in args or args[arg] is None:
            if required:
                raise CommandError(400, "bad_arguments", f"{name}: falta el argumento {arg}")
            continue
        value = args[arg]
        ok = isinstance(value, TYPES[kind]) and not (kind == "int" and isinstance(value, bool))
        if ok and kind == "ints":
            ok = all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        if ok and kind == "str":
            ok = 0 < len(value) <= 200 and value.isprintable()
        if not ok:
            raise CommandError(
                400, "bad_arguments", f"{name}: {arg} debe ser {TYPE_WORDS[kind]}: {value!r}"
            )
        out[arg] = value
    return out


def _open_session(ctx: Context, a: Args) -> dict[str, Any]:
    """The ball count first (R-BALL-2), then the session: by the reader, or typed in."""
    svc = ctx.service
    # a session the hall refuses anyway records no count either (nothing changes)
    svc.hall.check_session_opening(a["session_id"], a["date"], a["jefe_de_mesa"], a["jefe_de_sala"])
    if "ball_check" in a:
        numbers, method = list(a["ball_check"]), "manual"
    elif ctx.draws is not None:
        numbers, method = ctx.draws.scan(), "reader"
    else:
        raise CommandError(
            400, "bad_arguments", "open_session: sin lector de bolas, indique ball_check"
        )
    ok = svc.record_ball_check(a["session_id"], "open", numbers, method)
    if not ok:
        return {"opened": False, "ball_check_ok": False}
    svc.open_session(a["session_id"], a["date"], a["jefe_de_mesa"], a["jefe_de_sala"])
    return {"opened": True, "ball_check_ok": True}


def _draw_ball(ctx: Context, a: Args) -> dict[str, Any]:
    svc = ctx.service
    if "number" in a:
        if ctx.draws is not None:
            # the devices give the ball; the jefe de mesa's reading is asked by the table's
            # question when they cannot vouch for it (R-GAME-3, decision 141)
            raise CommandError(
                422,
                "refused",
                "draw_ball: la sala extrae con sus dispositivos; la bola no se escribe a mano",
            )
        svc.draw_ball(a["number"], "operator")
        return {"done": f"bola {a['number']}", "last_ball": a["number"]}
    if ctx.draws is None:
        raise CommandError(
            400, "bad_arguments", "draw_ball: sin dispositivos, indique el número de la bola"
        )
    done = ctx.draws.draw_next()
    partida = svc.hall.partida
    last = partida.balls[-1] if partida is not None and partida.balls else None
    return {"done": done, "last_ball": last}


def _sell(ctx: Context, a: Args) -> dict[str, Any]:
    ctx.service.sell(
        a["series"],
        a["first"],
        a["last"],
        a.get("electronic", False),
        seller=a.get("seller", ""),
        payment=a.get("payment", CASH),
    )
    return {"series": a["series"], "first": a["first"], "last": a["last"]}


def _sell_count(ctx: Context, a: Args) -> dict[str, Any]:
    first, last = ctx.service.sell_count(
        a["series"],
        a["count"],
        a.get("electronic", False),
        seller=a.get("seller", ""),
        payment=a.get("payment", CASH),
    )
    return {"series": a["series"], "first": first, "last": last}


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


def _terminal_buy(ctx: Context, a: Args) -> dict[str, Any]:
    series, first, last = ctx.service.terminal_buy(_terminal(ctx), a["count"], a["payment"])
    return {"series": series, "first": first, "last": last, "payment": a["payment"]}


def _terminal_collect(ctx: Context, _a: Args) -> dict[str, Any]:
    paid = ctx.service.pay_terminal_prizes(_terminal(ctx))
    return {
        "paid_cents": sum(p.amount_cents for p in paid),
        "prizes": [
            {"partida": p.partida, "prize": p.prize, "series": p.series, "number": p.number}
            for p in paid
        ],
    }


def _claim(ctx: Context, a: Args) -> dict[str, Any]:
    checked = ctx.service.claim(a["series"], a["number"], a["prize"])
    return {"valid": checked.valid, "payload": checked.payload()}


def _start_partida(ctx: Context, _a: Args) -> dict[str, Any]:
    return {"partida": ctx.service.start_partida()}


def _simple(call: Callable[[HallService], object]) -> Handler:
    def run(ctx: Context, _a: Args) -> dict[str, Any]:
        call(ctx.service)
        return {}

    return run


def _noted(call: Callable[[HallService, Args], object]) -> Handler:
    def run(ctx: Context, a: Args) -> dict[str, Any]:
        call(ctx.service, a)
        return {}

    return run


SERIES = ("str", True)
NUMBER = ("int", True)
NOTE = ("str", True)
SELLER = ("str", False)  # who handed the block out (issue 9; decision 240)
PAYMENT = ("str", False)  # how it was paid: cash (the default) or card (R-SALE-4; decision 280)

COMMANDS: dict[str, Command] = {
    "open_session": Command(
        {
            "session_id": ("str", True),
            "date": ("str", True),
            "jefe_de_mesa": ("str", True),
            "jefe_de_sala": ("str", True),
            "ball_check": ("ints", False),
        },
        _open_session,
        "recuento de bolas (lector o ball_check) y apertura de la sesión",
    ),
    "start_partida": Command({}, _start_partida, "abre la venta de la partida siguiente"),
    "sell": Command(
        {
            "series": SERIES,
            "first": NUMBER,
            "last": NUMBER,
            "electronic": ("bool", False),
            "seller": SELLER,
            "payment": PAYMENT,
        },
        _sell,
        "vende un rango de cartones de una serie",
    ),
    "sell_count": Command(
        {
            "series": SERIES,
            "count": NUMBER,
            "electronic": ("bool", False),
            "seller": SELLER,
            "payment": PAYMENT,
        },
        _sell_count,
        "vende los siguientes N cartones de una serie",
    ),
    "close_sale": Command({}, _simple(HallService.close_sale), "cierra la venta"),
    "confirm_data_shown": Command(
        {}, _simple(HallService.confirm_data_shown), "datos en el acta y los paneles (R-ACTA-2)"
    ),
    "draw_ball": Command(
        {"number": ("int", False)},
        _draw_ball,
        "extrae una bola de los dispositivos, o registra la que lee el jefe de mesa",
    ),
    "claim": Command(
        {"series": SERIES, "number": NUMBER, "prize": ("str", True)},
        _claim,
        "comprueba un cartón cantado (line o bingo)",
    ),
    "close_partida": Command({}, _simple(HallService.close_partida), "cierra la partida"),
    "pay_prizes": Command({}, _simple(HallService.pay_prizes), "registra el pago de los premios"),
    "pay_simultaneous": Command(
        {"partida": NUMBER, "prize": ("str", True), "number": NUMBER},
        lambda ctx, a: {
            "amount_cents": ctx.service.pay_simultaneous(a["partida"], a["prize"], a["number"])
        },
        "paga en la sala un premio suyo de la partida simultánea (R-MULTI-2)",
    ),
    "announce_last_partida": Command(
        {}, _simple(HallService.announce_last_partida), "anuncia la última partida"
    ),
    "close_session": Command({}, _simple(HallService.close_session), "cierra la sesión"),
    "suspend": Command(
        {"note": NOTE}, _noted(lambda s, a: s.suspend(a["note"])), "suspende la partida"
    ),
    "resume": Command(
        {"note": ("str", False)},
        _noted(lambda s, a: s.resume(a.get("note", ""))),
        "reanuda la partida suspendida",
    ),
    "annul": Command(
        {"incident": ("str", True), "note": NOTE},
        _noted(lambda s, a: s.annul(a["incident"], a["note"])),
        "anula la partida con devolución",
    ),
    "terminal_buy": Command(
        {"count": NUMBER, "payment": ("str", True)},
        _terminal_buy,
        "la terminal compra N cartones electrónicos para su jugador, pagados en el acto",
    ),
    "terminal_collect": Command(
        {}, _terminal_collect, "la terminal paga a su jugador los premios que se le deben"
    ),
}
