"""The console's commands the server handles itself (docs/api.md): those of the server's
devices, and a count said to be the reader's.

The console never tells the server where a ball came from: a ball from the devices is drawn
here, by the server's own devices (``draw_from_devices``), and a count "by the reader" is
accepted only as the server's own last reading of the set (``scan_ball_set``). A client can
type a ball only as the jefe de mesa's reading or, in manual extraction, as a manual draw.
"""

from __future__ import annotations

from typing import Any

from actas.words import cause_text
from app.server.commands import CommandError, Context, Handler
from bingo import commands as cmd
from bingo.drawing import BallSetIrregular


def _devices(ctx: Context, name: str) -> Any:
    if ctx.draws is None or ctx.table is None:
        raise CommandError(422, "no_devices", f"{name}: esta sala no tiene dispositivos")
    return ctx.draws


def _scan_ball_set(ctx: Context, _c: cmd.ScanBallSet) -> cmd.ScannedSet:
    """The reader's count of the set, remembered for ``record_ball_check``; nothing recorded.

    A set with a ball missing or repeated is refused with the balls named (422
    ``ball_set_irregular``, the hall's words, the numbers in ``details``), and that reading is
    remembered all the same: it is the count the console records as not conforming (R-BALL-2;
    decision 22), by the reader.
    """
    draws = _devices(ctx, "scan_ball_set")
    assert ctx.table is not None
    try:
        numbers = tuple(draws.scan())
    except BallSetIrregular as exc:
        ctx.table.last_scan = tuple(exc.scanned)
        details = {
            "reason": exc.reason,
            "missing": list(exc.missing),
            "duplicated": list(exc.duplicated),
            "scanned": list(exc.scanned),
        }
        raise CommandError(422, "ball_set_irregular", cause_text(exc), details) from None
    ctx.table.last_scan = numbers
    return cmd.ScannedSet(numbers=numbers)


def _record_ball_check(ctx: Context, c: cmd.RecordBallCheck) -> cmd.BallCheckAnswer:
    if c.method not in ("manual", "reader"):
        raise CommandError(400, "bad_arguments", f"record_ball_check: method {c.method!r}")
    if c.method == "reader" and (ctx.table is None or ctx.table.last_scan != c.numbers):
        # a count "by the reader" is the reader's, never numbers a client says it read
        raise CommandError(
            422, "refused", "record_ball_check: no es la última lectura del lector (R-BALL-2)"
        )
    answer: cmd.BallCheckAnswer = ctx.service.handle(c)
    return answer


def _draw_from_devices(ctx: Context, c: cmd.DrawFromDevices) -> cmd.Drawn:
    """A ball from the server's devices; with ``table`` the console that sent it answers the
    table's questions (the ball in the tube, a held ball; with ``table_check`` every ball).
    """
    draws = _devices(ctx, "draw_from_devices")
    table = ctx.table
    assert table is not None
    rights = ctx.service.rights  # the console whose table answers ("": the unnamed console)
    station = rights.asker().client if rights is not None else ""
    with table.attended(c.table, c.table_check, station):
        done = draws.draw_next()
    return cmd.Drawn(done=done)


#: The console's commands the server handles itself.
HANDLERS: dict[type[cmd.Command[Any]], Handler] = {
    cmd.ScanBallSet: _scan_ball_set,
    cmd.RecordBallCheck: _record_ball_check,
    cmd.DrawFromDevices: _draw_from_devices,
}
