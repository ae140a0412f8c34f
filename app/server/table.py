"""The table's questions: what the jefe de mesa reads on a ball, asked over the network.

The server owns the devices and draws with ``app.devices.DeviceDraws``, which asks
``operator_sees(draw_number)`` when the devices cannot vouch for a ball (a held ball, the ball
in the tube of a lost device) and, when the table checks every ball, on each one. A console
that sends ``draw_from_devices`` with ``table: true`` is at the table: the question goes out on
the stream (``{"type": "question", ...}``), the draw waits on the writer thread, and the
answer comes in through ``POST /api/v1/questions/<id>``, which never goes through the writer.
No answer in time is "nobody can read it": the draw stays held (``BallNotRead``). A draw sent
without ``table`` (a terminal, a test, an unattended run) keeps the devices' own operator.

The questions are the table's: only a stream whose login may answer them gets them, and one
that connects while a question is open gets it right after its snapshot (``on_connect``), with
the devices that are off at that moment (decision 340).
"""

from __future__ import annotations

import contextlib
import itertools
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from app.server import wire
from app.server.bodies import BodyRefused, json_body
from drivers import notices

if TYPE_CHECKING:
    from app.server.auth import ServerAuth

QUESTION_SECONDS = 120.0
OperatorSees = Callable[[int], int | None]


#: How a question's message begins on the wire (``wire.dumps`` keeps the keys' order).
_QUESTION_TEXT = f'{{"v":{wire.WIRE_VERSION},"type":"question'


def for_the_table(text: str) -> bool:
    """A stream message only a login that may answer the table gets (a question, its close)."""
    return text.startswith(_QUESTION_TEXT)


class _Question:
    def __init__(self, question_id: str, draw: int, station: str) -> None:
        self.id = question_id
        self.draw = draw
        self.station = station  # the console whose draw asks (its client_id; "": unnamed)
        self.answer: int | None = None
        self.done = threading.Event()


class _CheckedSource:
    """The devices' ball source, asking the table on every good reading only when it checks."""

    def __init__(self, source: Any, table: Table) -> None:
        self._source = source
        self._table = table

    def draw(self, draw_number: int, drawn: frozenset[int], operator_sees: Any = None) -> Any:
        if self._table.at_table and not self._table.check_every_ball:
            operator_sees = None
        return self._source.draw(draw_number, drawn, operator_sees)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._source, name)


class Table:
    def __init__(
        self,
        draws: Any,
        publish: Callable[[dict[str, Any]], None],
        seconds: float = QUESTION_SECONDS,
    ) -> None:
        self.publish = publish
        self.seconds = seconds
        self.last_scan: tuple[int, ...] | None = None  # the reader's last count of the set
        self.at_table = False
        self.check_every_ball = False
        self.station = ""  # the console whose command draws now
        self._offline: set[str] = set()  # the devices whose last notice was DeviceOffline
        self._fallback: OperatorSees | None = draws.operator_sees
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._open: dict[str, _Question] = {}
        self._closed = False
        draws.operator_sees = self.ask
        source = draws.source
        draws.source = _CheckedSource(source, self)
        policy = getattr(draws, "policy", None)
        if policy is not None:  # the draw policy holds the source it was made with
            policy.source = draws.source
        self._unlisten = [
            driver.add_listener(self._notice)
            for driver in (getattr(source, "extractor", None), getattr(source, "reader", None))
            if driver is not None
        ]

    def _notice(self, notice: Any) -> None:
        """A device's notice (offline, back, faults: R-DEV-1), told to every console."""
        said = notices.told(notice)  # a code, worded by each console (drivers.notices)
        if said is not None:
            device = str(getattr(notice, "device", "?"))
            with self._lock:  # what a console connecting later is told (``on_connect``)
                if said.code == notices.OFFLINE:
                    self._offline.add(device)
                elif said.code == notices.ONLINE:
                    self._offline.discard(device)
            self.publish(
                {"v": wire.WIRE_VERSION, "type": "device", "device": device, **said.wire()}
            )

    @contextlib.contextmanager
    def attended(self, at_table: bool, check_every_ball: bool, station: str = "") -> Iterator[None]:
        """While a command from a console at the table (``station``) runs (on the writer)."""
        self.at_table, self.check_every_ball = at_table, check_every_ball
        self.station = station
        try:
            yield
        finally:
            self.at_table = self.check_every_ball = False
            self.station = ""

    def ask(self, draw_number: int) -> int | None:
        """On the writer, inside a draw: the number the table reads on the ball, or None."""
        if not self.at_table:
            return self._fallback(draw_number) if self._fallback is not None else None
        question = _Question(f"q{next(self._ids)}", draw_number, self.station)
        with self._lock:
            if self._closed:
                return None
            self._open[question.id] = question
        self.publish(self.message(question))
        try:
            question.done.wait(self.seconds)
        finally:
            with self._lock:
                self._open.pop(question.id, None)
            self.publish({"v": wire.WIRE_VERSION, "type": "question_closed", "id": question.id})
        return question.answer

    def answer(self, question_id: str, number: int | None) -> bool:
        """From the event loop: the table's reading; False when the question is not open."""
        with self._lock:
            question = self._open.get(question_id)
            if question is None or question.done.is_set():
                return False
            question.answer = number
            question.done.set()
            return True

    def asking(self) -> bool:
        """A draw is waiting for the table's reading."""
        with self._lock:
            return bool(self._open)

    def pending(self) -> list[dict[str, Any]]:
        with self._lock:
            return [self.message(q) for q in self._open.values()]

    def on_connect(self, may_answer: bool) -> list[dict[str, Any]]:
        """What a stream that connects now is told after its snapshot, which it would otherwise
        miss: the devices that are off, and, for a login that may answer, every question still
        open (``questions``, also when none is: a console closes the boxes of questions closed
        while it was away). Called on the event loop right after ``HallHost.listen``: a question
        opened or closed from then on also comes live, so none is lost; one may come twice.
        """
        with self._lock:
            offline = sorted(self._offline)
            waiting = [self.message(q) for q in self._open.values()]
        told: list[dict[str, Any]] = [
            {"v": wire.WIRE_VERSION, "type": "device", "device": d, "notice": notices.OFFLINE}
            for d in offline
        ]
        if may_answer:
            told.append({"v": wire.WIRE_VERSION, "type": "questions", "questions": waiting})
        return told

    @staticmethod
    def message(question: _Question) -> dict[str, Any]:
        return {
            "v": wire.WIRE_VERSION,
            "type": "question",
            "id": question.id,
            "kind": "table_sees",
            "draw": question.draw,
            "station": question.station,
        }

    def close(self) -> None:
        for unlisten in self._unlisten:
            with contextlib.suppress(ValueError):
                unlisten()
        with self._lock:
            self._closed = True
            waiting = list(self._open.values())
        for question in waiting:
            question.done.set()


def question_routes(
    auth: ServerAuth, table: Callable[[], Table | None], prefix: str
) -> list[BaseRoute]:
    """``GET {prefix}/questions`` (the open ones) and ``POST {prefix}/questions/<id>`` (the
    table's reading, ``{"number": n}`` or null): a hall's server's and the centre's, whose
    draws ask their tables the same questions (docs/api.md, "Replicas"; docs/centre.md).
    """

    async def questions(request: Request) -> Response:
        refused = await auth.reader(request)
        if refused is not None:
            return refused
        open_table = table()
        pending = open_table.pending() if open_table is not None else []
        return JSONResponse({"v": wire.WIRE_VERSION, "questions": pending})

    async def answer(request: Request) -> Response:
        refused = await auth.reader(request, table=True)  # the table's reading (R-GAME-3)
        if refused is not None:
            return refused
        try:
            body = await json_body(request, 'la respuesta es {"number": n} o null')
        except BodyRefused as not_read:
            return not_read.answer
        number = body.get("number") if isinstance(body, dict) else "?"
        if number is not None and (not isinstance(number, int) or isinstance(number, bool)):
            return JSONResponse(
                wire.error_body("bad_request", 'la respuesta es {"number": n} o null'), 400
            )
        question_id = str(request.path_params["question_id"])
        open_table = table()
        if open_table is None or not open_table.answer(question_id, number):
            return JSONResponse(
                wire.error_body(
                    "question_closed",
                    f"la pregunta {question_id} ya no está abierta (la respondió otro puesto "
                    "o se acabó su tiempo)",
                ),
                409,
            )
        return JSONResponse({"v": wire.WIRE_VERSION, "answered": question_id})

    return [
        Route(f"{prefix}/questions", questions, methods=["GET"]),
        Route(f"{prefix}/questions/{{question_id}}", answer, methods=["POST"]),
    ]
