"""The hall PC's clock as the record needs it: every time in the record and the acta comes from
it, so a session is never opened on a clock behind what the record already holds (a PC whose
clock went back, a battery flat, a wrong time zone). The domain reads no clock: it is given the
time the edge read, and the record's last one.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from bingo.errors import DomainError


def _moment(at: str) -> dt.datetime | None:
    """``at`` as an aware moment, or None when it is not one (a time without its offset)."""
    try:
        moment = dt.datetime.fromisoformat(at)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


def _shown(at: str) -> str:
    offset = at[-6:] if len(at) > 19 and at[-6] in "+-" else ""
    return at[:19].replace("T", " ") + (f" ({offset})" if offset else "")


def check_clock(last_at: str, now: str) -> None:
    """Refuse to open a session when the clock (``now``) is behind the record's last event
    (``last_at``), saying both; times that are not comparable moments are not judged.
    """
    last, moment = _moment(last_at), _moment(now)
    if last is None or moment is None or moment >= last:
        return
    raise DomainError(
        f"el reloj de este ordenador marca {_shown(now)}, antes que el último hecho del registro "
        f"({_shown(last_at)}): la sesión no se abre con la hora atrasada, que quedaría en el "
        "registro y en el acta. Ponga en hora el reloj del ordenador de la sala (y su "
        "sincronización) y vuelva a abrirla"
    )


def not_before(clock: Callable[[], str], last_at: Callable[[], str]) -> Callable[[], str]:
    """A made-up clock (a simulation's) that never gives a time before the record's last one:
    a simulation written after real events goes on from them.
    """

    def now() -> str:
        at, last = clock(), last_at()
        mine, floor = _moment(at), _moment(last)
        if mine is None or floor is None or mine > floor:
            return at
        return (floor + dt.timedelta(seconds=1)).astimezone(mine.tzinfo).isoformat()

    return now
