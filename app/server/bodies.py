"""A request's JSON body, read with bounds: at most ``MAX_BODY`` bytes, and a message nested too
deep or not UTF-8 is a bad request, never a fault of the server (docs/api.md, error codes;
decision 420). Every endpoint that takes a body reads it here, before anything else is done.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from app.server import wire

#: The largest body the server reads. The largest command (a count of the 90 balls, or a sale
#: with its seller) is well under 4 KiB; a login under 1 KiB.
MAX_BODY = 64 * 1024


class BodyRefused(Exception):
    """The body is not one the server reads: its answer."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.answer = JSONResponse(wire.error_body(code, message), status)


def too_large() -> BodyRefused:
    return BodyRefused(
        413, "too_large", f"el mensaje pasa de {MAX_BODY // 1024} KiB: no se ha leído ni aplicado"
    )


async def json_body(request: Request, bad: str) -> Any:
    """The body of ``request`` as JSON; ``BodyRefused`` otherwise (413 ``too_large``, or 400
    ``bad_request`` with the message ``bad``). The length said in its headers is
    checked before a byte is read, and the bytes as they come.
    """
    said = request.headers.get("content-length", "")
    if said.isdigit() and int(said) > MAX_BODY:
        raise too_large()
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise too_large()
    try:
        return json.loads(bytes(data))
    except (ValueError, RecursionError):  # not JSON, not UTF-8, or nested beyond reason
        raise BodyRefused(400, "bad_request", bad) from None
