"""A hall server joined to a centre (``bingo-hall serve --join URL``; docs/centre.md): its link
runs beside the hall's own server, and its table reads the simultaneous partida and sends the
hall's sales and claims through these endpoints (a login of the table, as for the hall's own
commands).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from app.centre import protocol as pr
from app.centre.link import HallLink, LinkDown, client_context
from app.centre.options import add_arguments, usage_problem
from app.server import wire
from app.server.auth import ServerAuth
from bingo import simultaneous as sim
from bingo.chain import Record
from bingo.errors import DomainError
from bingo.readmodel_simultaneous import Called, calls_due, simultaneous_panel
from bingo.terminals import CASH, check_payment
from store import EventStore, StoreError, open_store
from store.engine import check_database_file, parse_url

if TYPE_CHECKING:
    from app.devices import BoardFeed
    from app.server.host import HallHost

log = logging.getLogger(__name__)


class JoinError(Exception):
    """Why the hall cannot join its centre, for the staff (exit 1)."""


class Joined:
    """The link and its endpoints; ``run`` is started by the server's lifespan."""

    def __init__(self, args: argparse.Namespace) -> None:
        """Check the arguments and read the secret; nothing is opened or written yet."""
        if not args.join.startswith("wss://"):
            raise JoinError("el enlace con el centro va cifrado: use wss:// y --join-ca")
        if not args.join_secret_file or not args.join_db:
            raise JoinError("--join necesita --join-secret-file y --join-db")
        try:
            secret = Path(args.join_secret_file).read_text("utf-8").strip()
            context = client_context(args.join_ca)
        except OSError as exc:
            where = exc.filename or args.join_ca
            raise JoinError(f"no se puede leer {where}: {exc.strerror or exc}") from None
        if not secret:
            raise JoinError(f"{args.join_secret_file} está vacío")
        try:  # a bad copy's URL is refused before the hall's own database is opened
            check_database_file(parse_url(args.join_db), create=True)
        except StoreError as exc:
            raise JoinError(f"--join-db: {exc}") from None
        self._args, self._secret, self._context = args, secret, context
        self.copy: EventStore | None = None
        self.host: HallHost | None = None
        # The means of payment the table gave for each sale, by its first cartón, until the
        # hall's record has it (cash when a restart lost it; decision 306).
        self._payments: dict[int, str] = {}
        # The first cartones of sales the centre accepted that the hall's record lacks yet: a
        # sale starting there again would take their means of payment (decision 360).
        self._accepted: set[int] = set()
        # One sale of the hall at a time: each starts where the one before ended, and the
        # means of payment kept for it is its own table's, never another's (decision 360).
        self._selling = asyncio.Lock()
        self._recording = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()

    def bind(self, hall_id: str, host: HallHost | None = None) -> None:
        """Open the copy of the central record and make the link, for the hall ``hall_id``;
        ``host``: the hall's own server, whose record gets its simultaneous sales and prizes.
        """
        args = self._args
        self.copy = open_store(args.join_db)
        self.link = HallLink(
            args.join, args.join_hall or hall_id, self._secret, self._context, self.copy
        )
        self.host = host
        self.link.listeners.append(self._heard)

    def follow(self, boards: BoardFeed, call: Callable[[int], None] | None) -> None:
        """The hall's boards and voice follow the simultaneous partida too (decisions 343,
        344): ``boards`` shows it while it has the hall's screens, ``call`` calls its balls
        then, each once. During a backlog (the link made again, the hall started) nothing is
        shown or called until the copy reaches the centre's end: then the boards get the
        whole state at once and the voice only the newest ball.
        """
        link = self.link
        panel = simultaneous_panel(link.state, link.hall)
        called = Called.of(panel)
        boards.simultaneous(panel)

        def heard(_records: list[Record]) -> None:
            nonlocal called
            if link.last_seq <= link.head:  # the backlog is still arriving: one state at its end
                return
            try:
                panel = simultaneous_panel(link.state, link.hall)
                shown = boards.simultaneous(panel)
                due, called = calls_due(panel, called, shown=shown)
                for number in due:
                    if call is not None:
                        call(number)
            except Exception:  # the boards and the voice never stop the link (decisions 96, 97)
                log.exception("los paneles o la voz no siguen la partida simultánea")

        link.listeners.append(heard)

    async def run(self) -> None:
        await self.record()  # what the copy already held and the hall's record lacks
        await self.link.run()

    def _heard(self, records: list[Record]) -> None:
        """New central records in the copy: a sale of this hall or a close is recorded in the
        hall's own record too, after the copy (so a hall cut off loses nothing).
        """
        if any(r.kind in (sim.SOLD, sim.CLOSED) for r in records):
            task = asyncio.get_running_loop().create_task(self.record())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def record(self) -> None:
        """Record in the hall's own record what the copy holds of it and it lacks."""
        host = self.host
        if host is None:
            return
        async with self._recording:
            records, hall, paid = list(self.link.records), self.link.hall, dict(self._payments)
            try:
                written = await host.on_writer(
                    lambda: host.service.record_simultaneous(records, hall, paid)
                )
            except Exception:  # the link goes on; the next record or restart tries again
                log.exception("no se pudo anotar la partida simultánea en el registro de la sala")
                return
            for record in written:
                if record.kind == "simultaneous_sale_recorded":
                    self._payments.pop(int(record.payload["first"]), None)
                    self._accepted.discard(int(record.payload["first"]))

    def close(self) -> None:
        if self.copy is not None:
            self.copy.close()

    def _prizes(self) -> list[dict[str, object]]:
        """This hall's winners of the centre's partida as its own record holds them, and
        whether each is paid (the table pays them with ``pay_simultaneous``).
        """
        if self.host is None:
            return []
        partida = self.host.service.hall.simultaneous.partidas.get(self.link.state.partida)
        if partida is None:
            return []
        return [
            {"prize": prize, "number": number, "amount_cents": share,
             "paid": (prize, number) in partida.paid}
            for prize, number, share in partida.own_winners()
        ]  # fmt: skip

    def _before_sale(self, start: int | None, payment: object) -> Response | None:
        """A sale of the centre's cartones goes into the hall's session and cash too: refused
        (nothing sent) without an open session, or with a means of payment the hall may not
        take (R-SALE-4; decision 306).
        """
        if self.host is None:
            return None
        service = self.host.service
        if service.hall.session is None:
            return _error(
                409,
                "sin_sesion",
                "abra la sesión de la sala antes de vender cartones de la partida simultánea: "
                "su venta va a la caja y al acta de la sesión",
            )
        try:
            check_payment(str(payment), service.hall.region)
        except DomainError as exc:
            return _error(400, "bad_request", str(exc))
        if start is not None and start in self._accepted:  # its copy is behind its own sale
            return _error(
                409,
                "venta_en_curso",
                "la venta anterior de la sala aún no consta en su copia del registro central: "
                "espere un momento y repita",
            )
        if start is not None:
            self._payments[start] = str(payment)
        return None

    def routes(self, auth: ServerAuth) -> list[BaseRoute]:
        link = self.link

        async def state(request: Request) -> Response:
            refused = await auth.reader(request)
            if refused is not None:
                return refused
            return JSONResponse(
                {
                    "v": wire.WIRE_VERSION,
                    "hall": link.hall,
                    "connection": "conectada" if link.connected else "sin conexión",
                    "refused": link.refused,
                    "broken": link.broken,
                    "version": link.last_seq,
                    "state": pr.state_json(link.state),
                    "prizes": self._prizes(),
                }
            )

        async def table_body(request: Request) -> dict[str, Any] | Response:
            """The table's JSON object, or the refusal: who may not, or a body that is not one."""
            refused = await auth.reader(request, table=True)
            if refused is not None:
                return refused
            try:
                body = json.loads(await request.body())
            except ValueError:
                body = None
            if not isinstance(body, dict):
                return _error(400, "bad_request", "se espera un objeto JSON")
            return body

        async def send(
            kind: str, body: dict[str, Any], fields: tuple[str, ...], **extra: object
        ) -> Response:
            try:
                answer = await link.send(kind, **{f: body.get(f) for f in fields}, **extra)
            except LinkDown as exc:
                return _error(503, "sin_conexion", str(exc))
            if not answer.get("ok"):
                return _error(409, str(answer.get("code")), str(answer.get("message")))
            await _until(link, int(answer["record"]["seq"]))
            return JSONResponse({"v": wire.WIRE_VERSION, "record": answer["record"]})

        async def sell(request: Request) -> Response:
            body = await table_body(request)
            if isinstance(body, Response):
                return body
            async with self._selling:  # two tables at once: one after the other (decision 360)
                lot = link.state.allotments.get(link.hall)
                start = lot.first + link.state.sold.get(link.hall, 0) if lot is not None else None
                refused = self._before_sale(start, body.get("payment", CASH))
                if refused is not None:
                    return refused
                answer = await send("sell", body, ("count",), first=start)  # never sold twice
                if answer.status_code == 200:
                    if start in self._payments:  # not yet in the hall's record
                        self._accepted.add(start)
                    await self.record()  # in the hall's record before the table hears "done"
                return answer

        async def claim(request: Request) -> Response:
            body = await table_body(request)
            if isinstance(body, Response):
                return body
            return await send("claim", body, ("number", "prize"))

        return [
            Route("/api/v1/simultanea", state),
            Route("/api/v1/simultanea/sell", sell, methods=["POST"]),
            Route("/api/v1/simultanea/claim", claim, methods=["POST"]),
        ]


async def _until(link: HallLink, seq: int, seconds: float = 5.0) -> None:
    """Wait (briefly) for the record the answer names to reach the hall's copy, so the table
    reads its own sale or claim at once.
    """
    for _ in range(int(seconds / 0.01)):
        if link.last_seq >= seq:
            return
        await asyncio.sleep(0.01)


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse(wire.error_body(code, message), status)


def joined(args: argparse.Namespace) -> Joined | None:
    return Joined(args) if getattr(args, "join", None) else None


__all__ = ["JoinError", "Joined", "add_arguments", "joined", "usage_problem"]
