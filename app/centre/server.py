"""`bingo-hall serve --centre`: the central site of a simultaneous partida (docs/centre.md).

The centre's operators log in as a hall's do (``app.server.auth``: names, PINs, rights); a
jefe de mesa or de sala counts the balls (with the reader: ``scan``; decisions 347, 348), opens
the partida with the halls' allotments, closes the sale and enters each ball the centre's
extractor gives (decision 290). Every hall keeps one link
(``/centre/v1/link``, ``app.centre.protocol``): it gets the whole record it lacks first, then
every record as it is written, and sends its sales and claims signed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import threading
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from actas.words import cause_text
from app.centre import protocol as pr
from app.centre.record import CENTRE, CentreRecord
from app.server import wire
from app.server.auth import ServerAuth, store_unavailable
from app.server.table import Table, question_routes
from bingo import rights as rt
from bingo import simultaneous as sim
from bingo.ball_count import SET_BALLS
from bingo.chain import Record
from bingo.drawing import BallNotRead, BallSetIrregular
from bingo.errors import DomainError
from bingo.rules import RegionRules
from store import EventStore, StoreError
from store.operators import REFUSED, OperatorBook, OperatorError

if TYPE_CHECKING:
    from app.devices import DeviceDraws

log = logging.getLogger(__name__)

#: A link that sends no hello within this long is closed.
HELLO_SECONDS = 10.0
#: A refused hello waits this long before its answer: guessing secrets is slow (R-ROLE-3).
FAILED_DELAY = 1.0
PING_SECONDS = 2.0
#: The role a hall's credential has among the centre's operators.
HALL_ROLE = rt.TERMINAL


class Gates:
    """One hello at a time per remote address: a refused one holds its address's gate for
    ``FAILED_DELAY``, so parallel connections from one address are slowed as one would be.
    """

    def __init__(self) -> None:
        self._locks: dict[str, asyncio.Lock] = {}
        self._users: dict[str, int] = {}

    @contextlib.asynccontextmanager
    async def __call__(self, address: str) -> AsyncIterator[None]:
        lock = self._locks.setdefault(address, asyncio.Lock())
        self._users[address] = self._users.get(address, 0) + 1
        try:
            async with lock:
                yield
        finally:
            self._users[address] -= 1
            if not self._users[address]:  # no one waits: the address is forgotten
                del self._users[address], self._locks[address]


class Hub:
    """The linked halls' queues: each record batch is serialised once and handed to all."""

    def __init__(self, record: CentreRecord) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.queues: set[asyncio.Queue[tuple[int, str]]] = set()
        record.subscribe(self._written)

    def _written(self, records: list[Record]) -> None:
        text = wire.dumps(_records_message(records))
        item = (records[-1].seq, text)
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._hand_out, item)

    def _hand_out(self, item: tuple[int, str]) -> None:
        for queue in self.queues:
            queue.put_nowait(item)


def _records_message(records: list[Record]) -> dict[str, Any]:
    return {"v": wire.WIRE_VERSION, "type": "records", "records": [r.to_json() for r in records]}


#: The table's commands that are a jefe de sala's, authorised with his PIN at that moment
#: (``"authorisation"`` beside ``args``; R-ROLE-2), by the right each one needs.
AUTHORISED = {"withdraw": "refund_suspended", "resume": "resume", "annul": "annul"}

Devices = Callable[[CentreRecord], tuple["DeviceDraws", Callable[[], None]]]


def build_centre_app(
    store: EventStore,
    stream: str = CENTRE,
    rules: RegionRules | None = None,
    devices: Devices | None = None,
) -> Starlette:
    """The centre's server on ``store``; its record is the stream ``stream`` (``--hall``), its
    prizes the percentages of ``rules`` (the region file of its ``--config``); ``devices``
    opens its extractor and reader over the record (``app.centre.draws``), else its table
    types each ball.
    """
    # with its reader, the centre counts its balls before each partida, as a hall before its
    # session (R-BALL-2; decision 347)
    record = CentreRecord(store, stream, rules, count_required=devices is not None)
    # its links ended when it stopped: a hall its record left linked is lost until it links
    # again, so no first ball is drawn while it may be away (R-INC-1; decision 362)
    for hall in sorted(h for h, up in record.state.linked.items() if up):
        record.link(hall, "lost", "centro")
    draws, stop_devices = devices(record) if devices is not None else (None, None)
    # the draw asks the centre's table what it reads on a ball the devices cannot vouch for,
    # as a hall's server asks its console; the table polls ``/centre/v1/questions``
    table = Table(draws, lambda _message: None) if draws is not None else None
    drawing = threading.Lock()  # one draw from the devices at a time
    auth = ServerAuth(store)
    book = OperatorBook(store)
    hub = Hub(record)
    nonces = pr.Nonces()
    gates = Gates()
    current: dict[str, object] = {}  # each hall's newest link: only its end is a loss
    turns: dict[str, asyncio.Lock] = {}  # a hall's "lost" and "linked" recorded in order

    async def state(request: Request) -> Response:
        refused = await auth.reader(request)
        if refused is not None:
            return refused
        body = {"v": 1, "version": record.last_seq, "state": pr.state_json(record.state)}
        body["devices"] = draws is not None
        # the last count of the balls and whether it opens the next partida (R-BALL-2)
        body["ball_count"] = record.state.ball_count
        body["counted"] = record.state.counted
        return JSONResponse(body)

    async def command(request: Request) -> Response:
        refused = await auth.reader(request, table=True)  # the centre's table runs the partida
        if refused is not None:
            return refused
        try:
            body = json.loads(await request.body())
        except ValueError:
            body = None
        if not isinstance(body, dict) or not isinstance(body.get("args", {}), dict):
            return _error(400, "bad_request", 'la orden es {"name": …, "args": {…}}')
        name, args = body.get("name"), body.get("args", {})
        if isinstance(name, str) and name in AUTHORISED:  # the jefe de sala's (R-ROLE-2)
            carried = body.get("authorisation")
            carried = carried if isinstance(carried, dict) else {}
            try:
                who = await asyncio.to_thread(
                    book.authorise,
                    str(carried.get("name", "")),
                    str(carried.get("pin", "")),
                    _address(request),
                    AUTHORISED[name],
                )
            except OperatorError as exc:
                return _error(403, "not_authorised", str(exc))
            args = {**args, "authorised_by": who.name}
        if name == "draw":
            return await _draw(args.get("table") is True, args.get("table_check") is True)
        if name == "scan":
            return await _scan(args)
        try:
            done = await asyncio.to_thread(_run, record, name, args, draws is not None)
        except DomainError as err:
            return _error(422, getattr(err, "code", "refused"), err.message)
        except (KeyError, TypeError, ValueError) as err:
            return _error(400, "bad_request", f"argumentos de «{name}» no válidos: {err}")
        except StoreError as err:  # the store's sentence; the driver's text to the log only
            log.warning("orden %s: base de datos (%s): %s", name, err.kind, err.detail or err)
            return _error(503, "store", f"{err}; la orden «{name}» no se ha aplicado")
        return JSONResponse({"v": 1, "version": record.last_seq, "record": done.to_json()})

    async def _draw(at_table: bool, check_every_ball: bool) -> Response:
        """A ball from the centre's extractor and reader, by the hall's one draw policy; the
        answer says what was done and carries what was recorded (nothing when a ball is held
        for the jefe de mesa: it goes to the halls only once the record commits it). With
        ``table`` the table that sent it answers the draw's questions (``check_every_ball``:
        on every ball), as a hall's console does.
        """
        if draws is None or table is None:
            return _error(
                422, "no_devices", "el centro no tiene extractor ni lector: teclee la bola (ball)"
            )
        if not drawing.acquire(blocking=False):
            return _error(409, "busy", "ya se está extrayendo una bola")
        try:
            before = record.last_seq
            if draws.service.hall.partida is None or record.state.status != sim.DRAWING:
                raise sim.SimultaneousError(
                    "not_drawing", "no se puede extraer: la partida simultánea no está en juego"
                )
            record.state.may_draw("manual" if record.state.manual_from_ball else "extractor")
            done = await asyncio.to_thread(_attended, table, at_table, check_every_ball, draws)
        except BallNotRead as err:  # held: nothing recorded, nothing sent (R-GAME-3, R-INC-2)
            return _error(409, "ball_not_read", err.message)
        except DomainError as err:
            return _error(422, getattr(err, "code", "refused"), err.message)
        finally:
            drawing.release()
        written = [r.to_json() for r in record.after(before)]
        return JSONResponse({"v": 1, "version": record.last_seq, "done": done, "records": written})

    async def _scan(args: dict[str, Any]) -> Response:
        """The reader's count of the centre's 90 balls between partidas, as a hall's
        ``scan_ball_set`` (R-BALL-2; decision 347): recorded whether it conforms or not; one with
        a ball missing or repeated is answered 422 naming them and opens no partida; a reader
        that cannot count (a ball unreadable, the reader lost) records nothing.
        """
        if draws is None:
            return _error(
                422, "no_devices", "el centro no tiene lector: cuente las bolas a mano (count)"
            )
        condition_ok, note = args.get("condition_ok", True), args.get("note", "")
        if not isinstance(condition_ok, bool) or not isinstance(note, str):
            return _error(400, "bad_request", "scan: condition_ok es true o false, note un texto")
        if not drawing.acquire(blocking=False):
            return _error(409, "busy", "el extractor y el lector están ocupados")
        irregular: BallSetIrregular | None = None
        try:
            record.state.may_count()  # before the reader turns the set over
            try:
                numbers = await asyncio.to_thread(draws.scan)
            except BallSetIrregular as exc:
                numbers, irregular = list(exc.scanned), exc
            method = getattr(draws.service, "count_method", "reader")  # an emulated reader's
            done = await asyncio.to_thread(record.ball_count, numbers, method, condition_ok, note)
        except DomainError as err:  # the partida open, the reader unable to count
            return _error(422, getattr(err, "code", "not_counted"), err.message)
        finally:
            drawing.release()
        body = {"v": 1, "version": record.last_seq, "record": done.to_json()}
        if irregular is None:
            return JSONResponse(body)
        words = cause_text(irregular) + " No se abre ninguna partida con este juego de bolas."
        return JSONResponse({**body, **wire.error_body("ball_set_irregular", words)}, 422)

    async def link(socket: WebSocket) -> None:
        await socket.accept()
        address = socket.client.host if socket.client is not None else "?"
        hall = await _welcome(socket, address)
        if hall is None:
            return
        await _serve_link(socket, hall, address)

    async def _welcome(socket: WebSocket, address: str) -> tuple[str, str, int] | None:
        """The hall of a good hello with its link key and where its copy ends; None (after
        answering and recording the refusal) for a bad one.
        """
        try:
            first = json.loads(await asyncio.wait_for(socket.receive_text(), HELLO_SECONDS))
        except (TimeoutError, ValueError, WebSocketDisconnect, RuntimeError):
            first = None
        if not isinstance(first, dict) or first.get("type") != "hello":
            await _close(socket, pr.refusal("bad_request", "el enlace empieza con un hello"))
            return None
        hall, secret, after = first.get("hall"), first.get("secret"), first.get("after", 0)
        if not isinstance(hall, str) or not isinstance(secret, str) or not hall:
            await _close(socket, pr.refusal("bad_request", "falta la sala o su clave"))
            return None
        if isinstance(after, bool) or not isinstance(after, int) or after < 0:
            after = 0
        async with gates(address):  # refusals slow the address, however many its connections
            reason = await _check_hello(first, hall, secret, address)
            if reason:
                await asyncio.sleep(FAILED_DELAY)
        if reason:
            await _close(socket, pr.refusal(*reason))
            return None
        key = secrets.token_hex(32)
        last = record.last_message(hall)  # accepted or refused: used up (decision 366)
        welcome = {"v": 1, "type": "welcome", "key": key, "last_seq": last, "head": record.last_seq}
        await socket.send_text(wire.dumps(welcome))
        return hall, key, after

    async def _check_hello(
        first: dict[str, Any], hall: str, secret: str, address: str
    ) -> tuple[str, str] | None:
        """The refusal (code, text) of a hello, or None. A refusal is recorded among the
        attempts, as a failed login is, and never in the central record: whoever reaches the
        centre cannot write into the chain every hall copies (decision 299).
        """
        if not nonces.fresh(first.get("nonce"), first.get("sent_at_ms")):
            await asyncio.to_thread(book.record, hall, address, "link:replayed", REFUSED)
            return "replayed", "saludo repetido o atrasado: rechazado"
        try:  # verify records the attempt; wrong ones lock the name at this address
            who = await asyncio.to_thread(book.verify, hall, secret, address, "link")
        except OperatorError as exc:
            return "credential", str(exc)
        if who.role != HALL_ROLE:
            await asyncio.to_thread(book.record, hall, address, "link:not_hall", REFUSED)
            return "credential", f"{hall} no es una sala del centro"
        return None

    async def _serve_link(socket: WebSocket, hello: tuple[str, str, int], address: str) -> None:
        hall, key, after = hello
        queue: asyncio.Queue[tuple[int, str]] = asyncio.Queue()
        hub.queues.add(queue)
        sent = after
        mine: object | None = None
        try:
            backlog = record.after(after)  # the whole record it lacks, before the stream (R-NET-2)
            for start in range(0, len(backlog), 2000):
                page = backlog[start : start + 2000]
                await socket.send_text(wire.dumps(_records_message(page)))
                sent = page[-1].seq
            async with turns.setdefault(hall, asyncio.Lock()):
                if hall in current:  # its old link is dead but not yet noticed: lost now
                    await asyncio.to_thread(record.link, hall, "lost", address)
                current[hall] = mine = object()
                await asyncio.to_thread(record.link, hall, "linked", address)
            receiver = asyncio.create_task(
                _receive(socket, hall, key, address, lambda: current.get(hall) is mine)
            )
            while not receiver.done():
                try:
                    seq, text = await asyncio.wait_for(queue.get(), PING_SECONDS)
                except TimeoutError:
                    await socket.send_text(wire.dumps(wire.ping_message()))
                    continue
                if seq <= sent:
                    continue  # in the backlog already (a commit is never split)
                await socket.send_text(text)
                sent = seq
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass
        finally:
            hub.queues.discard(queue)
            async with turns.setdefault(hall, asyncio.Lock()):
                if mine is not None and current.get(hall) is mine:
                    del current[hall]
                    await asyncio.to_thread(record.link, hall, "lost", address)

    async def _receive(
        socket: WebSocket, hall: str, key: str, address: str, newest: Callable[[], bool]
    ) -> None:
        while True:
            try:
                message = json.loads(await socket.receive_text())
            except ValueError:
                continue
            except (WebSocketDisconnect, RuntimeError, OSError):
                return
            if not isinstance(message, dict) or not pr.mac_ok(key, message):
                await asyncio.to_thread(book.record, hall, address, "link:bad_mac", REFUSED)
                await _close(socket, pr.refusal("bad_mac", "mensaje sin firma válida"))
                return
            seq = message.get("seq")
            if isinstance(seq, bool) or not isinstance(seq, int):
                continue
            answer = await asyncio.to_thread(
                record.message, hall, seq, str(message.get("type")), message, address, newest
            )
            await socket.send_text(wire.dumps(answer))

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        try:
            yield
        finally:
            if table is not None:
                table.close()  # a draw waiting for the table ends now, unanswered
            if stop_devices is not None:
                await asyncio.to_thread(stop_devices)

    return Starlette(
        routes=[
            Route("/api/v1/login", auth.login, methods=["POST"]),
            Route("/api/v1/logout", auth.logout, methods=["POST"]),
            Route("/centre/v1/state", state),
            Route("/centre/v1/commands", command, methods=["POST"]),
            *question_routes(auth, lambda: table, "/centre/v1"),
            WebSocketRoute(pr.LINK_PATH, link),
        ],
        lifespan=lifespan,
        exception_handlers={StoreError: store_unavailable},
    )


def _run(record: CentreRecord, name: object, args: dict[str, Any], devices: bool) -> Record:
    """One command of the centre's table. With devices a typed ball is a ball of the manual
    extraction, as at a hall (R-INC-2); without them, the ball the table read on the extractor.
    """
    if name == "open":
        lots = args["allotments"]
        if not isinstance(lots, dict):
            raise TypeError("allotments es {sala: cartones}")
        return record.open_partida(
            _whole(args["partida"], "partida"),
            _whole(args["price_cents"], "price_cents"),
            [(str(h), n) for h, n in lots.items()],
            _whole(args.get("seed", secrets.randbits(31)), "seed"),
        )
    if name == "start":
        return record.start()
    if name == "ball":
        return record.ball(args["number"], "manual" if devices else "")
    if name == "withdraw":
        return record.withdraw(str(args["hall"]), str(args["authorised_by"]))
    if name in ("manual", "resume"):  # the table's own decision, as a hall's (R-INC-1, R-INC-2)
        incident = sim.MANUAL if name == "manual" else sim.RESUMED
        return record.incident(incident, str(args.get("note", "")))
    if name == "annul":
        return record.annul(str(args.get("note", "")), str(args["authorised_by"]))
    if name == "count":
        return _hand_count(record, args, devices)
    raise KeyError(
        f"orden desconocida {name!r} (hay: scan, count, open, start, draw, ball, manual, "
        "resume, withdraw, annul)"
    )


def _whole(value: object, what: str) -> int:
    """A whole number of the table's command as it was sent: never a fraction, a text or a
    truth value read as one (a price of 150.9 is not 150 cents).
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} es un número entero, no {value!r}")
    return value


def _hand_count(record: CentreRecord, args: dict[str, Any], devices: bool) -> Record:
    """The jefe de mesa's count by hand before the jefe de sala, at a centre without a reader:
    the balls missing (none: all 90 there), and their condition (decisions 43, 47, 348).
    """
    if devices:  # with a reader the count is the reader's, as at a hall (decision 43)
        raise sim.SimultaneousError(
            "reader_count", "con lector, las bolas las cuenta el lector: orden scan (R-BALL-2)"
        )
    missing = args.get("missing", [])
    if not isinstance(missing, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 90 for n in missing
    ):
        raise ValueError("missing es la lista de las bolas que faltan, del 1 al 90")
    condition_ok, note = args.get("condition_ok", True), args.get("note", "")
    if not isinstance(condition_ok, bool) or not isinstance(note, str):
        raise ValueError("condition_ok es true o false, note un texto")
    numbers = [n for n in SET_BALLS if n not in missing]
    return record.ball_count(numbers, "manual", condition_ok, note)


def _attended(table: Table, at_table: bool, check: bool, draws: DeviceDraws) -> str:
    with table.attended(at_table, check):
        return draws.draw_next()


def _address(request: Request) -> str:
    return request.client.host if request.client is not None else "?"


async def _close(socket: WebSocket, message: dict[str, Any]) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        await socket.send_text(wire.dumps(message))
        await socket.close(1008)


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse(wire.error_body(code, message), status)
