"""What a player terminal shows its player, from the hall as it is: codes and cents, no words
(R-MULTI-3; Euskadi art. 3.6, last paragraph).
"""

from __future__ import annotations

from typing import Any

from bingo.errors import DomainError
from bingo.hall import Hall


def terminal_view(hall: Hall, terminal: str) -> dict[str, Any]:
    """The machine ``terminal``'s view: his cartones of the partida in course (serie, number,
    rows), the claims the system made for them, the prizes owed to him, what a cartón costs now
    and how many he may hold.
    """
    mine = hall.terminal_cartones(terminal)
    held = set(mine)
    partida = hall.partida
    claims = [] if partida is None else partida.claims
    owed = hall.owed_to_terminal(terminal)
    return {
        "partida": partida.number if partida is not None else None,
        "cartones": [
            {
                "series": series,
                "number": number,
                "rows": [list(row) for row in hall.carton(series, number).rows],
            }
            for series, number in mine
        ],
        "claims": [
            {"series": c.series, "number": c.number, "prize": c.prize, "valid": c.valid}
            for c in claims
            if (c.series, c.number) in held
        ],
        "owed": [
            {
                "session_id": o.session_id,
                "partida": o.partida,
                "prize": o.prize,
                "series": o.series,
                "number": o.number,
                "amount_cents": o.amount_cents,
            }
            for o in owed
        ],
        "owed_cents": sum(o.amount_cents for o in owed),
        # what a cartón costs in the partida on sale, and how many this machine's player may
        # hold in it (None: the region sets no figure), for the price shown before buying and
        # the button off at the limit (Euskadi art. 3.6.b)
        "price_cents": terminal_price(hall),
        "cartones_max": hall.terminal_limits.cartones_max,
    }


def terminal_price(hall: Hall) -> int:
    """What a cartón a terminal buys now costs: the partida's face value once it has sold,
    before that the face value of the serie its sale would take (0: nothing on sale).
    """
    partida = hall.partida
    if partida is None:
        return 0
    if partida.face_value_cents:
        return partida.face_value_cents
    try:
        return hall.series[hall.serie_in_play()].face_value_cents
    except DomainError:
        return 0
