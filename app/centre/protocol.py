"""The hall link's messages (docs/centre.md): JSON over a WebSocket on TLS, in the hall server's
wire format (``app.server.wire``: version 1, codes and numbers, never words but the refusals).

A hall opens the link with a ``hello``: its id, its secret (checked against the centre's salted
hash, in constant time), a fresh nonce and its clock; the centre answers ``welcome`` with a key
for this link only and the last sequence number it accepted from the hall. From then on every
message of the hall carries the next sequence number and an HMAC of its body under that key:
a message replayed on the same link repeats a number already accepted, one replayed on another
link fails its HMAC, a hello replayed repeats its nonce or is too old (decision 293).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections import OrderedDict
from typing import Any

from app.server import wire
from bingo.chain import canonical_json
from bingo.simultaneous import SimultaneousState

#: A hello older (or newer) than this, by the centre's clock, is refused as stale.
HELLO_WINDOW_MS = 30_000
#: Nonces remembered against replayed hellos (more than a window's worth of halls).
KEPT_NONCES = 10_000
#: The hall link's path on the centre.
LINK_PATH = "/centre/v1/link"


def hello(hall: str, secret: str, after: int) -> dict[str, Any]:
    return {
        "v": wire.WIRE_VERSION,
        "type": "hello",
        "hall": hall,
        "secret": secret,
        "nonce": secrets.token_hex(16),
        "sent_at_ms": wire.now_ms(),
        "after": after,
    }


def mac(key: str, message: dict[str, Any]) -> str:
    body = {k: v for k, v in message.items() if k != "mac"}
    return hmac.new(bytes.fromhex(key), canonical_json(body), hashlib.sha256).hexdigest()


def signed(key: str, seq: int, kind: str, **fields: Any) -> dict[str, Any]:
    message = {"v": wire.WIRE_VERSION, "type": kind, "seq": seq, **fields}
    message["mac"] = mac(key, message)
    return message


def mac_ok(key: str, message: dict[str, Any]) -> bool:
    given = message.get("mac")
    return isinstance(given, str) and hmac.compare_digest(
        given.encode(), mac(key, message).encode()
    )


class Nonces:
    """The hellos' nonces seen lately: a hello seen before, or outside the window, is refused."""

    def __init__(self) -> None:
        self._seen: OrderedDict[str, float] = OrderedDict()

    def fresh(self, nonce: object, sent_at_ms: object) -> bool:
        now = wire.now_ms()
        if not isinstance(nonce, str) or not 16 <= len(nonce) <= 64:
            return False
        if isinstance(sent_at_ms, bool) or not isinstance(sent_at_ms, int | float):
            return False
        if abs(now - sent_at_ms) > HELLO_WINDOW_MS or nonce in self._seen:
            return False
        self._seen[nonce] = now
        while len(self._seen) > KEPT_NONCES:
            self._seen.popitem(last=False)
        return True


def refusal(code: str, message: str) -> dict[str, Any]:
    return {"v": wire.WIRE_VERSION, "type": "refused", **wire.error_body(code, message)}


def state_json(state: SimultaneousState) -> dict[str, Any]:
    """The simultaneous partida as every screen of the centre and the halls reads it."""
    return {
        "partida": state.partida,
        "serie_id": state.serie_id,
        "status": state.status,
        "price_cents": state.price_cents,
        "allotments": [a.to_json() for a in state.allotments.values()],
        "sold": dict(state.sold),
        "balls": list(state.balls),
        "line": [[w.number, w.hall] for w in state.line],
        "line_extraction": state.line_ball,
        "bingo": [[w.number, w.hall] for w in state.bingo],
        "bingo_extraction": state.bingo_ball,
        "line_cents": state.line_cents,
        "bingo_cents": state.bingo_cents,
        "linked": dict(state.linked),
        # the centre's incidents, as at a hall (R-INC-1, R-INC-2, R-INC-3)
        "manual_from_ball": state.manual_from_ball,
        "suspended": state.suspended,
        "stopped": state.irregular,
        "annulled": state.annulled,
    }
