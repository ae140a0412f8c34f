"""The hall server's connections, bounded (docs/security.md, "Connections"; decision 580).

A connection that sends nothing, or its headers a byte at a time, used to be kept for ever:
1,100 of them from one machine used up a server's 1,024 files and nothing else got through. Now
each connection is admitted or refused as it arrives: refused beyond ``per_address`` open ones
from its address, or beyond ``total`` in all (the process's file limit is raised at start, and
``total`` kept below it); an admitted one that has not sent a whole request's headers within
``header_seconds`` of arriving, or of its first byte after an answer, is closed (one idle
after an answer is closed by uvicorn's keep-alive timeout). A refused
connection is closed at once, without a word, and the refusals are counted in the log once a
minute, never once per socket.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import time
from dataclasses import dataclass, field
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

log = logging.getLogger(__name__)

#: Open connections in all (clamped below the process's file limit, see ``file_room``).
MAX_CONNECTIONS = 4096
#: Open connections from one address: a console (its commands, its stream, its replica), a PC
#: showing several panels, with room to spare; a machine holding more is refusing others.
MAX_PER_ADDRESS = 128
#: A connection's time to send a whole request's headers, from its arrival or its last answer.
HEADER_SECONDS = 10.0
#: Files the process keeps for itself beyond its connections: the record, the log, the devices'
#: lines, the voice, the listening socket.
RESERVED_FILES = 256
#: The refusals are said in the log at most once in this many seconds.
SAY_EVERY_SECONDS = 60.0
#: The file limit asked for at start (the hard limit if it is lower).
WANTED_FILES = 65536


def raise_file_limit() -> int:
    """Raise the process's soft limit of open files to its hard limit (at most
    ``WANTED_FILES``); the limit now in force.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = WANTED_FILES if hard == resource.RLIM_INFINITY else min(hard, WANTED_FILES)
    if wanted > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):  # refused by the system: the limit stays as it was
            pass
    return soft


def file_room(total: int, files: int) -> int:
    """``total`` connections, or fewer if the file limit ``files`` leaves less room."""
    return max(16, min(total, files - RESERVED_FILES))


@dataclass
class Gate:
    """The connections open now, by address, and the refusals not yet said in the log."""

    total: int = MAX_CONNECTIONS
    per_address: int = MAX_PER_ADDRESS
    header_seconds: float = HEADER_SECONDS
    open: dict[str, set[asyncio.BaseTransport]] = field(default_factory=dict)
    refused: int = 0
    last_refused: str = ""
    said_at: float = 0.0

    def admit(self, address: str, transport: asyncio.BaseTransport) -> bool:
        held = self.open.setdefault(address, set())
        _prune(held)
        if len(held) >= self.per_address or self._count() >= self.total:
            self._refuse(address, "por dirección" if len(held) >= self.per_address else "total")
            if not held:
                self.open.pop(address, None)
            return False
        held.add(transport)
        return True

    def _count(self) -> int:
        count = sum(len(held) for held in self.open.values())
        if count < self.total:
            return count
        for address in list(self.open):  # the closed ones go only when they would count
            _prune(self.open[address])
            if not self.open[address]:
                del self.open[address]
        return sum(len(held) for held in self.open.values())

    def _refuse(self, address: str, which: str) -> None:
        self.refused += 1
        self.last_refused = f"{address} ({which})"
        now = time.monotonic()
        if now - self.said_at >= SAY_EVERY_SECONDS:
            log.warning(
                "conexiones rechazadas: %d desde el último aviso, la última de %s; límites: %d "
                "por dirección, %d en total",
                self.refused, self.last_refused, self.per_address, self.total,
            )  # fmt: skip
            self.refused, self.said_at = 0, now


def _prune(held: set[asyncio.BaseTransport]) -> None:
    for transport in [t for t in held if t.is_closing()]:
        held.discard(transport)


def protocol(gate: Gate) -> type[asyncio.Protocol]:
    """Uvicorn's HTTP protocol, admitting each connection through ``gate``."""

    class Guarded(H11Protocol):
        _refused = False
        _header_timer: asyncio.TimerHandle | None = None
        _armed_on: object = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            peer = transport.get_extra_info("peername")
            address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
            if not gate.admit(address, transport):
                self._refused = True
                transport.abort()  # its file is given back now, not after a goodbye
                return
            super().connection_made(transport)
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._refused:
                return
            self._disarm()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.cycle is None or self.cycle.response_complete:
                self._arm()  # a (next) request's headers are due

        def _arm(self) -> None:
            if self._header_timer is not None and self._armed_on is self.cycle:
                return  # already counting for this request
            self._disarm()
            self._armed_on = self.cycle
            self._header_timer = self.loop.call_later(gate.header_seconds, self._late)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _late(self) -> None:
            self._header_timer = None
            if self.transport.is_closing() or self.transport.get_protocol() is not self:
                return  # closed, or a WebSocket now (its own pings watch it)
            cycle: Any = self.cycle
            if cycle is not None and not cycle.response_complete:
                return  # a request is being answered
            if cycle is self._armed_on:
                self.transport.close()  # no new request's headers in time

    return Guarded
