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
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from app.centre import protocol as pr
from app.centre.link import HallLink, LinkDown, client_context
from app.centre.options import add_arguments, usage_problem
from app.centre.record import utc_stamp
from app.server import wire
from app.server.auth import ServerAuth
from bingo import simultaneous as sim
from bingo.chain import Record
from bingo.errors import DomainError
from bingo.readmodel_simultaneous import Called, calls_due, simultaneous_panel
from bingo.simultaneous_hall import CopySales, SentSale
from bingo.terminals import CASH, check_payment
from store import EventStore, StoreError, open_store
from store.engine import check_database_file, parse_url

if TYPE_CHECKING:
    from app.devices import BoardFeed
    from app.server.host import HallHost

log = logging.getLogger(__name__)

#: The hall's own stream in its copy's store: each sale as it kept it before sending it to the
#: centre (decision 365). The copy's chain of the central record is the stream ``centro``.
SENT = "sala-envios"
SENT_KIND = "simul.sale_sent"


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
        # Every sale the hall sent, as kept in its copy's store before sending (its table's
        # means of payment, its session), by (partida, first cartón); and the link it went by
        # (0: before this start), so a later link's "linked" record settles it (decision 365).
        self._sent: dict[tuple[int, int], SentSale] = {}
        self._sent_last = 0
        self._sent_on: dict[tuple[int, int], int] = {}
        self._answered: set[tuple[int, int]] = set()  # refused by the centre: never recorded
        # sales the hall's record took into a session already closed (decision 365)
        self.late: list[dict[str, object]] = []
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
        for kept in self.copy.load(SENT):
            sale = SentSale.from_json(kept.payload)
            self._sent[sale.key] = sale
            self._sent_last = kept.seq
        self.link = HallLink(
            args.join, args.join_hall or hall_id, self._secret, self._context, self.copy
        )
        self.host = host
        self.link.listeners.append(self._heard)
        if host is not None:
            host.refuse_close = self.refuse_close

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
            records, hall, sent = list(self.link.records), self.link.hall, dict(self._sent)
            try:
                written = await host.on_writer(
                    lambda: host.service.record_simultaneous(records, hall, sent)
                )
            except Exception:  # the link goes on; the next record or restart tries again
                log.exception("no se pudo anotar la partida simultánea en el registro de la sala")
                return
            session = host.service.hall.session
            for record in written:
                if record.kind == "simultaneous_sale_recorded":
                    self._accepted.discard(int(record.payload["first"]))
                    if session is None or record.payload["session_id"] != session.id:
                        self._late(record.payload)

    def _late(self, sale: Mapping[str, Any]) -> None:
        """A sale the copy showed after the session it belongs to was closed (by other means:
        this server refuses it): recorded in that session, and said to the staff (decision 365).
        """
        words = (
            f"la venta de los cartones {sale['first']} a {sale['last']} de la partida simultánea "
            f"{sale['centre_partida']} consta en el registro central después de cerrarse la "
            f"sesión {sale['session_id']}: queda anotada en esa sesión; emita de nuevo su "
            "exportación y su acta"
        )
        log.error("%s", words)
        self.late.append({"partida": sale["centre_partida"], "first": sale["first"],
                          "last": sale["last"], "session_id": sale["session_id"],
                          "message": words})  # fmt: skip

    def unsettled(self) -> list[SentSale]:
        """The sales the hall sent whose outcome its copy does not show yet (decision 365):
        neither recorded by the centre nor impossible to record, nor settled by a later link
        (the centre refuses any message of a link the hall has replaced, so once the copy holds
        the newest link's own "linked" record, whatever the centre took before is in it).
        """
        link = self.link
        records = list(link.records)
        copy = CopySales.of(records, link.hall)
        relinked = any(
            r.kind == sim.LINK
            and r.payload.get("hall") == link.hall
            and r.payload.get("outcome") == "linked"
            for r in records[link.head :]
        )
        return [
            sale
            for key, sale in sorted(self._sent.items())
            if key not in self._answered
            and not copy.settles(sale)
            and not (relinked and self._sent_on.get(key, 0) < link.welcomed)
        ]

    def refuse_close(self) -> str | None:
        """Why the hall's session may not be closed now, or None: a sale sent to the centre
        whose outcome the copy does not show, or one the copy shows and the hall's record lacks
        yet (decision 365). Run on the hall's writer thread, before ``close_session``.
        """
        try:
            pending = self.unsettled()
            if pending:
                sale = pending[0]
                return (
                    f"no se cierra la sesión: la venta de los cartones {sale.first} a {sale.last} "
                    f"de la partida simultánea {sale.partida} se envió al centro y la copia del "
                    "registro central aún no muestra si la registró. Espere a que vuelva la "
                    "conexión con el centro y la copia se ponga al día: si la venta consta, "
                    "queda en esta sesión; si no consta, no se vendió. Después cierre la sesión"
                )
            host, hall = self.host, self.link.hall
            known = host.service.hall.simultaneous.centre_hashes if host is not None else set()
            for record in list(self.link.records):
                mine = record.kind == sim.SOLD and record.payload["hall"] == hall
                if mine and record.hash not in known:
                    return (
                        f"no se cierra la sesión: la venta de los cartones "
                        f"{record.payload['first']} a {record.payload['last']} consta en el "
                        "registro central y aún no en el de la sala; espere un momento y repita"
                    )
        except Exception:  # never a traceback to the staff: the close waits, the log says why
            log.exception("no se pudo comprobar las ventas simultáneas pendientes")
            return (
                "no se cierra la sesión: no se pudo comprobar si queda alguna venta de la partida "
                "simultánea por confirmar; repita en un momento"
            )
        return None

    async def _keep(self, sale: SentSale) -> None:
        """Keep ``sale`` in the copy's store before it is sent: a hall server stopped before
        it hears the answer still knows, when it starts, what it sent, by what means of payment
        and in which session (decision 365). ``StoreError`` if it cannot be kept.
        """
        copy = self.copy
        assert copy is not None
        written = await asyncio.to_thread(
            copy.append, SENT, self._sent_last, [(utc_stamp(), SENT_KIND, sale.to_json())]
        )
        self._sent_last = written[-1].seq
        self._sent[sale.key] = sale
        self._sent_on[sale.key] = self.link.welcomed

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
                    "late_sales": list(self.late),
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
                payment = body.get("payment", CASH)
                refused = self._before_sale(start, payment)
                if refused is not None:
                    return refused
                key = (link.state.partida, start or 0)
                if start is not None and self.host is not None and link.connected:
                    session = self.host.service.hall.session
                    count = body.get("count")
                    if session is not None and isinstance(count, int) and count > 0:
                        sale = SentSale(key[0], start, count, str(payment), session.id)
                        try:
                            await self._keep(sale)
                        except StoreError as err:
                            log.warning("venta simultánea: copia (%s): %s", err.kind, err)
                            return _error(503, "store", f"{err}; la venta no se ha enviado")
                answer = await send("sell", body, ("count",), first=start)  # never sold twice
                if answer.status_code == 200:
                    if key in self._sent:  # not yet in the hall's record
                        self._accepted.add(start or 0)
                    await self.record()  # in the hall's record before the table hears "done"
                elif answer.status_code != 503 or b"no se ha enviado" in answer.body:
                    self._answered.add(key)  # refused, or never sent: never recorded
                return answer

        async def claim(request: Request) -> Response:
            body = await table_body(request)
            if isinstance(body, Response):
                return body
            partida = body.get("partida")  # the partida it is for (decision 367)
            if isinstance(partida, bool) or not isinstance(partida, int):
                return _error(
                    400,
                    "bad_request",
                    "la reclamación dice de qué partida simultánea es: "
                    '{"partida": n, "number": n, "prize": "line"|"bingo"}',
                )
            return await send("claim", body, ("partida", "number", "prize"))

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
