"""What a browser may ask of the hall server, and what it is told about the pages (issue 20,
items 6 and 7; docs/security.md "The web"; decisions 582, 583).

- ``Host`` must name the hall server itself: an IP address, ``localhost``, this machine's
  name, or a name given with ``--server-name``. A page of another site whose name was made to
  point at the hall's address (DNS rebinding) names its own site there: refused (421).
- A request a browser sends from a page of another origin (its ``Origin`` is not the hall
  server's own) is refused (403), HTTP and WebSocket alike: a foreign page could send
  ``text/plain`` logins with wrong PINs (three locked the hall's station, the jefe de sala's
  override included) and read the stream. Programs (the consoles, the terminals) send no
  ``Origin``.
- A body is read only as ``application/json`` (415 otherwise): a browser sends that type from
  another origin only after asking (a preflight), which this server never grants.
- Every answer carries the security headers: a content security policy of the server's own
  files only, no framing, no type sniffing, no referrer, and HSTS under TLS.
"""

from __future__ import annotations

import ipaddress
import json
import socket
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

from app.server import wire

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Methods whose requests change something (or carry a body to read).
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
HSTS_SECONDS = 365 * 24 * 3600
#: The scope's key of a WebSocket's ASGI ``send`` as the server gave it (the application's
#: own layers wrap it).
RAW_SEND = "bingo_hall.raw_send"


def machine_names(extra: Iterable[str] = ()) -> frozenset[str]:
    """The names by which the hall's machines reach this server (lower case)."""
    names = {"localhost", *(n.lower().rstrip(".") for n in extra if n)}
    for name in (socket.gethostname(), socket.getfqdn()):
        if name:
            names.add(name.lower().rstrip("."))
            names.add(name.lower().split(".")[0])
    return frozenset(names)


def split_host(value: str) -> tuple[str, str]:
    """``host[:port]`` (an IPv6 address in brackets) as (host, port); ("", "") if malformed."""
    value = value.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return "", ""
        host, rest = value[1:end], value[end + 1 :]
        if rest and not rest.startswith(":"):
            return "", ""
        return host, rest[1:]
    host, _, port = value.partition(":")
    return host.rstrip("."), port


def own_host(host: str, names: frozenset[str]) -> bool:
    if host in names:
        return True
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def policy(host_header: str) -> str:
    """The pages' content security policy: the server's own scripts, styles, calls and
    sockets, nothing inline, never framed.
    """
    sockets = f" ws://{host_header} wss://{host_header}" if host_header else ""
    return (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        f"media-src 'self'; connect-src 'self'{sockets}; object-src 'none'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'"
    )


class Guard:
    """The ASGI middleware of the rules above, in front of the whole application."""

    def __init__(self, app: ASGIApp, names: Iterable[str] = ()) -> None:
        self.app = app
        self.names = machine_names(names)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host_header = headers.get("host", "")
        host, _port = split_host(host_header)
        tls = scope.get("scheme") in ("https", "wss")
        refusal: tuple[int, str, str] | None = None
        if not own_host(host, self.names):
            refusal = (421, "wrong_host", "esta dirección no es la del servidor de la sala")
        elif not _same_origin(headers.get("origin"), host_header, tls):
            refusal = (403, "foreign_origin", "una página de otro sitio no puede usar la sala")
        elif scope["type"] == "http" and scope["method"] in UNSAFE and _has_body(headers):
            kind = headers.get("content-type", "").split(";")[0].strip().lower()
            if kind != "application/json":
                refusal = (415, "not_json", "el cuerpo debe enviarse como application/json")
        if refusal is not None:
            await _refuse(scope, send, tls, *refusal)
            return
        if scope["type"] == "websocket":
            scope[RAW_SEND] = send  # the server's own, for ``fanout.writer``
            await self.app(scope, receive, send)
            return
        extra = _headers(host_header, tls)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, with_headers)


def _same_origin(origin: str | None, host_header: str, tls: bool) -> bool:
    """No ``Origin`` (a program, or a browser's own navigation), or the server's own."""
    if origin is None:
        return True
    scheme, sep, rest = origin.strip().lower().partition("://")
    if not sep or scheme not in ("http", "https"):
        return False  # "null": a sandboxed frame, a file
    if (scheme == "https") != tls:
        return False
    want_host, want_port = split_host(host_header)
    host, port = split_host(rest)
    default = "443" if tls else "80"
    return host == want_host and (port or default) == (want_port or default)


def _has_body(headers: dict[str, str]) -> bool:
    said = headers.get("content-length", "")
    return "transfer-encoding" in headers or (said != "" and said != "0")


def _headers(host_header: str, tls: bool) -> list[tuple[bytes, bytes]]:
    out = [
        (b"content-security-policy", policy(host_header).encode("latin-1")),
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"no-referrer"),
        (b"cross-origin-resource-policy", b"same-origin"),
        (b"cross-origin-opener-policy", b"same-origin"),
    ]
    if tls:
        out.append((b"strict-transport-security", f"max-age={HSTS_SECONDS}".encode()))
    return out


async def _refuse(scope: Scope, send: Send, tls: bool, status: int, code: str,
                  message: str) -> None:  # fmt: skip
    if scope["type"] == "websocket":
        # refused before the handshake: the page gets an HTTP status, never a socket
        await send(
            {
                "type": "websocket.http.response.start",
                "status": status,
                "headers": [(b"content-type", b"application/json")],
            }
        )
        await send(
            {
                "type": "websocket.http.response.body",
                "body": json.dumps(wire.error_body(code, message)).encode(),
            }
        )
        return
    body = json.dumps(wire.error_body(code, message), ensure_ascii=False).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *_headers("", tls),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
