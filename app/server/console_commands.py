"""The commands a console client needs beyond the first table (docs/api.md): one per use case
the console drives, each with its arguments checked before anything is done.

The console never tells the server where a ball came from: a ball from the devices is drawn
here, by the server's own devices (``draw_from_devices``), and a count "by the reader" is
accepted only as the server's own last reading of the set (``scan_ball_set``). A client can
type a ball only as the jefe de mesa's reading or, in manual extraction, as a manual draw.
"""

from __future__ import annotations

from typing import Any

from actas.words import cause_text
from app.server.commands import COMMANDS, Args, Command, CommandError, Context
from bingo.drawing import BallSetIrregular
from bingo.hall import DuplicateBall

NOTE = ("str", True)
OPTIONAL_NOTE = ("str", False)


def _devices(ctx: Context, name: str) -> Any:
    if ctx.draws is None or ctx.table is None:
        raise CommandError(422, "no_devices", f"{name}: esta sala no tiene dispositivos")
    return ctx.draws


def _scan_ball_set(ctx: Context, _a: Args) -> dict[str, Any]:
    """The reader's count of the set, remembered for ``record_ball_check``; nothing recorded.

    A set with a ball missing or repeated is refused with the balls named (422
    ``ball_set_irregular``, the hall's words, the numbers in ``details``), and that reading is
    remembered all the same: it is the count the console records as not conforming (R-BALL-2;
    decision 22), by the reader.
    """
    draws = _devices(ctx, "scan_ball_set")
    assert ctx.table is not None
    try:
        numbers = list(draws.scan())
    except BallSetIrregular as exc:
        ctx.table.last_scan = tuple(exc.scanned)
        details = {
            "reason": exc.reason,
            "missing": list(exc.missing),
            "duplicated": list(exc.duplicated),
            "scanned": list(exc.scanned),
        }
        raise CommandError(422, "ball_set_irregular", cause_text(exc), details) from None
    ctx.table.last_scan = tuple(numbers)
    return {"numbers": numbers}


def _record_ball_check(ctx: Context, a: Args) -> dict[str, Any]:
    method = a.get("method", "manual")
    numbers = list(a["numbers"])
    if method not in ("manual", "reader"):
        raise CommandError(400, "bad_arguments", f"record_ball_check: method {method!r}")
    if method == "reader" and (ctx.table is None or ctx.table.last_scan != tuple(numbers)):
        # a count "by the reader" is the reader's, never numbers a client says it read
        raise CommandError(
            422, "refused", "record_ball_check: no es la última lectura del lector (R-BALL-2)"
        )
    ok = ctx.service.record_ball_check(
        a["session_id"],
        a["when"],
        numbers,
        method,
        a.get("condition_ok", True),
        a.get("note", ""),
    )
    return {"ok": ok}


def _open_counted_session(ctx: Context, a: Args) -> dict[str, Any]:
    ctx.service.open_session(a["session_id"], a["date"], a["jefe_de_mesa"], a["jefe_de_sala"])
    return {}


def _draw_from_devices(ctx: Context, a: Args) -> dict[str, Any]:
    """A ball from the server's devices; with ``table`` the console that sent it answers the
    table's questions (the ball in the tube, a held ball; with ``table_check`` every ball).
    """
    draws = _devices(ctx, "draw_from_devices")
    table = ctx.table
    assert table is not None
    rights = ctx.service.rights  # the console whose table answers ("": the unnamed console)
    station = rights.asker().client if rights is not None else ""
    with table.attended(a.get("table", False), a.get("table_check", False), station):
        try:
            done = draws.draw_next()
        except DuplicateBall as exc:
            raise CommandError(422, "duplicate_ball", str(exc)) from None
    return {"done": done}


def _draw_typed(source: str) -> Any:
    def run(ctx: Context, a: Args) -> dict[str, Any]:
        try:  # a manual ball outside manual extraction is the domain's to refuse (R-INC-2)
            ctx.service.draw_ball(a["number"], source, "")
        except DuplicateBall as exc:
            raise CommandError(422, "duplicate_ball", str(exc)) from None
        return {"number": a["number"]}

    return run


def _return_cartones(ctx: Context, a: Args) -> dict[str, Any]:
    series, first, last = ctx.service.return_cartones(a["count"])
    return {"series": series, "first": first, "last": last}


def _draw_manual(ctx: Context, _a: Args) -> dict[str, Any]:
    return {"number": ctx.service.draw_manual()}


def _call(method: str, *names: str, defaults: dict[str, Any] | None = None) -> Any:
    """A handler calling ``HallService.<method>`` with the arguments ``names``, in order."""
    fill = defaults or {}

    def run(ctx: Context, a: Args) -> dict[str, Any]:
        values = [a[n] if n in a else fill[n] for n in names]
        getattr(ctx.service, method)(*values)
        return {}

    return run


CONSOLE_COMMANDS: dict[str, Command] = {
    "scan_ball_set": Command({}, _scan_ball_set, "el lector cuenta el juego de bolas"),
    "record_ball_check": Command(
        {
            "session_id": ("str", True),
            "when": ("str", True),
            "numbers": ("ints", True),
            "method": ("str", False),
            "condition_ok": ("bool", False),
            "note": OPTIONAL_NOTE,
        },
        _record_ball_check,
        "registra el recuento de bolas (R-BALL-2); result {ok}",
    ),
    "open_counted_session": Command(
        {
            "session_id": ("str", True),
            "date": ("str", True),
            "jefe_de_mesa": ("str", True),
            "jefe_de_sala": ("str", True),
        },
        _open_counted_session,
        "abre la sesión cuyo recuento ya consta",
    ),
    "register_serie": Command(
        {
            "code": ("str", True),
            "card_set_id": ("str", True),
            "size": ("int", True),
            "face_value_cents": ("int", True),
            "electronic": ("bool", False),
        },
        _call(
            "register_serie",
            "code",
            "card_set_id",
            "size",
            "face_value_cents",
            "electronic",
            defaults={"electronic": False},
        ),
        "registra una serie",
    ),
    "install_ball_set": Command(
        {
            "ball_set_id": ("str", True),
            "homologation": ("str", True),
            "guaranteed_partidas": ("int", True),
            "partidas_before": ("int", False),
            "pneumatic": ("bool", False),
            "reason": ("str", False),
        },
        _call(
            "install_ball_set",
            "ball_set_id",
            "homologation",
            "guaranteed_partidas",
            "partidas_before",
            "pneumatic",
            "reason",
            defaults={"partidas_before": 0, "pneumatic": True, "reason": ""},
        ),
        "cambia el juego de bolas (R-BALL-1)",
    ),
    "choose_prima_amount": Command(
        {"amount_cents": ("int", True)},
        _call("choose_prima_amount", "amount_cents"),
        "elige el importe de la prima",
    ),
    "refund_suspended": Command(
        {"note": OPTIONAL_NOTE},
        _call("refund_suspended", "note", defaults={"note": ""}),
        "devuelve el importe de la partida suspendida",
    ),
    "start_manual_extraction": Command(
        {"note": NOTE}, _call("start_manual_extraction", "note"), "sigue por extracción manual"
    ),
    "stop_for_ball_irregularity": Command(
        {"note": NOTE, "duplicated": ("ints", False)},
        _call("stop_for_ball_irregularity", "note", "duplicated", defaults={"duplicated": []}),
        "detiene la partida por irregularidad de bolas (R-INC-3)",
    ),
    "correct_ball": Command(
        {"index": ("int", True), "number": ("int", True), "note": OPTIONAL_NOTE},
        _call("correct_ball", "index", "number", "note", defaults={"note": ""}),
        "corrige una bola mal cantada (prevalece la bola, R-GAME-3)",
    ),
    "return_cartones": Command(
        {"count": ("int", True)},
        _return_cartones,
        "devuelve los últimos N cartones de la última venta, antes del cierre; result "
        "{series, first, last}",
    ),
    "draw_from_devices": Command(
        {"table": ("bool", False), "table_check": ("bool", False)},
        _draw_from_devices,
        "extrae una bola de los dispositivos del servidor; con table, la mesa responde sus "
        "preguntas",
    ),
    "draw_manual": Command({}, _draw_manual, "sorteo manual de una bola pendiente (R-INC-2)"),
    "draw_manual_ball": Command(
        {"number": ("int", True)},
        _draw_typed("manual"),
        "registra una bola de la extracción manual",
    ),
}

assert not set(CONSOLE_COMMANDS) & set(COMMANDS), "a console command hides another"
COMMANDS.update(CONSOLE_COMMANDS)

from app.server import game_commands  # noqa: E402, F401  (derivado and plus, in COMMANDS)
