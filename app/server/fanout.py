"""One change to a thousand screens (issue 20, item 13; decision 588): the message is framed
once and written straight to the socket of every screen that is waiting for it, without a task
woken, a coroutine awaited and the frame built again per screen. A screen that is busy (sending
something of its own, or with something queued) gets it through its queue, in order.

The socket is reached through uvicorn's WebSocket protocol (its ``transport`` and the state of
its close), which the connection's ASGI ``send`` belongs to (kept in the scope by
``origin.Guard`` before the application's layers wrap it); a server without it (another
implementation, the test client) sends through the queues only.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from websockets.frames import Frame, Opcode

log = logging.getLogger(__name__)

#: A screen with this much of what it was sent still unread is not reading: it is let go (a
#: change is a few KiB; a hall sends some thousands a night).
UNREAD_LIMIT = 4 * 1024 * 1024

Writer = Callable[[bytes], bool]


def frame(text: str) -> bytes:
    """``text`` as one unmasked, uncompressed WebSocket text frame (the server's own)."""
    return Frame(Opcode.TEXT, text.encode("utf-8")).serialize(mask=False)


def writer(socket: Any) -> Writer | None:
    """The direct writer of a Starlette ``WebSocket`` accepted on uvicorn, or None."""
    raw = getattr(socket, "scope", {}).get("bingo_hall.raw_send")  # ``origin.RAW_SEND``
    protocol: Any = getattr(raw, "__self__", None)
    transport = getattr(protocol, "transport", None)
    conn = getattr(protocol, "conn", None)
    if transport is None or conn is None or not hasattr(protocol, "close_sent"):
        return None
    if getattr(conn, "extensions", None):  # a compressed socket: its frames are not ours
        return None

    def write(data: bytes) -> bool:
        if protocol.close_sent or transport.is_closing():
            return False
        if transport.get_write_buffer_size() > UNREAD_LIMIT:
            log.warning("flujo: una pantalla no lee lo que se le envía; se cierra su conexión")
            transport.abort()
            return True  # nothing more for it: its loop ends on the disconnect
        transport.write(data)
        return True

    return write
