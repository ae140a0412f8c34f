"""A hall's link to the centre (docs/centre.md): it keeps the hall's copy of the central record
and sends the hall's sales and claims, signed.

The copy is a store of its own (``--join-db``): every record the centre sends is checked
against the chain (its position, its predecessor's hash, its own hash) and written with the
same time, kind and payload, so the copy's chain is the centre's, hash for hash. After a
restart or a lost link the hall says where its copy ends and gets everything after it before
the stream (R-NET-2): nothing is lost. While the link is down the hall says so ("sin conexión")
and refuses its sales and claims; the partida goes on at the centre (decision 292).
"""

from __future__ import annotations

import asyncio
import json
import logging
import ssl
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from app.centre import protocol as pr
from app.centre.record import CENTRE
from app.server import wire
from bingo import simultaneous as sim
from bingo.chain import Record, verify_chain
from store import EventStore

log = logging.getLogger(__name__)

#: Waits between attempts to link again: short at first, then every few seconds.
RETRY_SECONDS = (0.2, 0.5, 1.0, 2.0, 5.0)
ANSWER_SECONDS = 15.0
#: A centre silent this long is lost ("sin conexión"); it pings every 2 s when idle.
SILENCE_SECONDS = 8.0


class LinkDown(Exception):
    """The hall has no link to the centre now: its message was not sent ("sin conexión"), or
    its answer never came (``UNSURE``).
    """


#: A message sent whose answer never came: the centre may have recorded it or not. A sale names
#: the cartón it starts at, so the same sale sent again is never recorded twice.
UNSURE = (
    "sin conexión con el centro: no se sabe si la orden llegó. Cuando vuelva la conexión, la "
    "pantalla mostrará lo que consta en el centro; repítala solo si no consta"
)


class LinkBroken(Exception):
    """The centre sent a record that does not continue the hall's copy (exit 3 territory)."""


class HallLink:
    def __init__(
        self,
        url: str,
        hall: str,
        secret: str,
        ssl_context: ssl.SSLContext,
        copy: EventStore | None = None,
    ) -> None:
        self.url = url.rstrip("/") + pr.LINK_PATH
        self.hall = hall
        self._secret = secret
        self._ssl = ssl_context
        self.copy = copy
        self.records: list[Record] = copy.load(CENTRE) if copy is not None else []
        self.state = sim.fold((r.kind, r.payload) for r in self.records)
        self.connected = False
        self.refused = ""  # the centre's last refusal of this hall's hello, for the staff
        self.broken = ""
        self.head = 0  # the centre's last record when it welcomed this link: the backlog's end
        self.welcomed = 0  # how many times the centre welcomed the hall: which link this is
        self._socket: ClientConnection | None = None
        self._key = ""
        self._seq = 0
        self._answers: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.listeners: list[Callable[[list[Record]], None]] = []

    @property
    def last_seq(self) -> int:
        return self.records[-1].seq if self.records else 0

    async def run(self) -> None:
        """Link, and link again whenever the link is lost, until cancelled."""
        attempt = 0
        while not self.broken:
            try:
                await self._session()
                attempt = 0
            except (OSError, WebSocketException, TimeoutError, ValueError) as exc:
                log.info("enlace con el centro: %s", exc)
            except LinkBroken as exc:
                self.broken = str(exc)
                log.error("copia del registro central: %s", exc)
            finally:
                self._lost()
            await asyncio.sleep(RETRY_SECONDS[min(attempt, len(RETRY_SECONDS) - 1)])
            attempt += 1

    async def _session(self) -> None:
        async with connect(self.url, ssl=self._ssl, max_size=2**24, open_timeout=10) as socket:
            await socket.send(wire.dumps(pr.hello(self.hall, self._secret, self.last_seq)))
            welcome = json.loads(await asyncio.wait_for(socket.recv(), 30))
            if welcome.get("type") != "welcome":
                self.refused = str(welcome.get("error", {}).get("message", welcome))
                log.warning("el centro rechaza el enlace: %s", self.refused)
                return
            self.refused = ""
            self._key, self._socket = str(welcome["key"]), socket
            self._seq = max(self._seq, int(welcome["last_seq"]))
            self.head = int(welcome.get("head", 0))
            if self.head < self.last_seq:  # its record is shorter than the copy (decision 363)
                raise LinkBroken(
                    f"la copia llega al registro central {self.last_seq} y el centro solo al "
                    f"{self.head}: el centro no es el de esta copia, o su registro empezó de nuevo"
                )
            self.welcomed += 1
            self.connected = True
            while True:
                # the centre speaks at least every 2 s (a ping): silence means the link is gone
                message = json.loads(await asyncio.wait_for(socket.recv(), SILENCE_SECONDS))
                kind = message.get("type")
                if kind == "records":
                    await self._take([Record.from_json(r) for r in message["records"]])
                elif kind == "answer":
                    waiting = self._answers.pop(int(message["seq"]), None)
                    if waiting is not None and not waiting.done():
                        waiting.set_result(message)
                elif kind == "refused":
                    self.refused = str(message.get("error", {}).get("message", ""))
                    return

    def _lost(self) -> None:
        self.connected, self._socket = False, None
        for waiting in self._answers.values():
            if not waiting.done():
                waiting.set_exception(LinkDown(UNSURE))
        self._answers.clear()

    async def _take(self, records: list[Record]) -> None:
        """Check ``records`` continue the copy, write them to it, fold them. One at a position
        the copy holds must be the record it holds, hash for hash (decision 363).
        """
        for record in records:
            if (
                1 <= record.seq <= self.last_seq
                and self.records[record.seq - 1].hash != record.hash
            ):
                raise LinkBroken(
                    f"el registro central {record.seq} no es el que tiene la copia: "
                    "el centro no es el de esta copia, o su registro empezó de nuevo"
                )
        records = [r for r in records if r.seq > self.last_seq]
        if not records:
            return
        if records[0].seq != self.last_seq + 1:
            raise LinkBroken(f"faltan registros centrales antes del {records[0].seq}")
        previous = self.records[-1].hash if self.records else None
        broken = verify_chain(records, previous) if previous else verify_chain(records)
        if broken is not None:
            raise LinkBroken(f"registro central {broken.seq}: {broken.reason}")
        if self.copy is not None:
            written = await asyncio.to_thread(
                self.copy.append,
                CENTRE,
                self.last_seq,
                [(r.at, r.kind, dict(r.payload)) for r in records],
            )
            if [w.hash for w in written] != [r.hash for r in records]:
                raise LinkBroken("la copia no reproduce las huellas del registro central")
        for record in records:
            self.state.apply(record.kind, record.payload)
        self.records.extend(records)
        for listener in self.listeners:
            listener(records)

    async def send(self, kind: str, **fields: Any) -> dict[str, Any]:
        """Send one signed message and wait for the centre's answer; ``LinkDown`` without a
        link (nothing was sent, or its answer never came). Asking again is safe: a sale names
        the cartón it starts at, so one already recorded is refused (``stale_sale``); a claim
        asked twice only records its verdict twice.
        """
        socket = self._socket
        if socket is None or not self.connected:
            raise LinkDown("sin conexión con el centro: la orden no se ha enviado")
        self._seq += 1
        message = pr.signed(self._key, self._seq, kind, **fields)
        waiting: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._answers[self._seq] = waiting
        try:
            await socket.send(wire.dumps(message))
            return await asyncio.wait_for(waiting, ANSWER_SECONDS)
        except (OSError, WebSocketException, TimeoutError) as exc:
            log.info("enlace con el centro, mensaje %s: %r", message["seq"], exc)  # not for staff
            raise LinkDown(UNSURE) from None
        finally:
            self._answers.pop(message["seq"], None)


def client_context(ca_file: str | None) -> ssl.SSLContext:
    """TLS for the link: the centre's certificate checked against ``ca_file`` (the centre's
    own authority), or against the system's authorities without one.
    """
    return ssl.create_default_context(cafile=ca_file)
