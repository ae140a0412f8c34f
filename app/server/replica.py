"""What a client needs to keep a replica of the hall: the record itself, the card sets it names,
and the table's open questions (docs/api.md, "Replicas").

A console rebuilds the hall by folding the same records with the domain's own code, so it reads
the hall exactly as the server does; it fetches them by sequence number after every change the
stream announces, and checks their hash chain before applying them.
"""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from app.server import wire
from app.server.auth import ServerAuth
from app.server.host import HallHost
from app.server.table import question_routes

#: Records in one answer; ``more`` says another page follows.
PAGE = 2000


def _after(request: Request) -> int | None:
    text = request.query_params.get("after", "0")
    return int(text) if text.isdigit() and len(text) < 12 else None


def routes(host: HallHost, auth: ServerAuth) -> list[BaseRoute]:
    """The replica's endpoints; all but ``station`` need a login (decision 202)."""

    async def records(request: Request) -> Response:
        refused = await auth.reader(request)
        if refused is not None:
            return refused
        after = _after(request)
        if after is None:
            return JSONResponse(
                wire.error_body("bad_request", "after debe ser un número entero ≥ 0"), 400
            )
        end = host.service.last_seq
        if after > end:  # a console ahead of this record: said, not a false integrity alarm
            return JSONResponse(
                wire.error_body(
                    "after_past_end",
                    f"el registro de la sala termina en el {end}: no hay registros después "
                    f"del {after}",
                ),
                409,
            )
        # one page read, not the whole record after ``after`` for every page
        loaded = await asyncio.to_thread(host.store.load, host.service.hall_id, after, PAGE + 1)
        page = loaded[:PAGE]
        return JSONResponse(
            {
                "v": wire.WIRE_VERSION,
                "hall_id": host.service.hall_id,
                "records": [r.to_json() for r in page],
                "more": len(loaded) > len(page),
            }
        )

    async def card_set(request: Request) -> Response:
        """An imported card set (generated ones are rebuilt from their seed by the client)."""
        refused = await auth.reader(request)
        if refused is not None:
            return refused
        card_set_id = str(request.path_params["card_set_id"])
        data = await asyncio.to_thread(host.store.get_card_set, card_set_id)
        if data is None:
            return JSONResponse(
                wire.error_body("no_card_set", f"no hay juego de cartones {card_set_id!r}"), 404
            )
        return Response(data, media_type="application/json")

    async def station(request: Request) -> Response:
        """What a console needs to know before it opens: the hall, whether it has devices, and
        whether this console must log in (``login``).
        """
        return JSONResponse(
            {
                "v": wire.WIRE_VERSION,
                "hall_id": host.service.hall_id,
                "devices": host.draws is not None,
                **await auth.station(request),
            }
        )

    return [
        Route("/api/v1/station", station),
        Route("/api/v1/records", records),
        Route("/api/v1/card_sets/{card_set_id}", card_set),
        *question_routes(auth, lambda: host.table, "/api/v1"),
    ]
