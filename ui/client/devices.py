"""The server's devices as the console's ball source.

The server owns the extractor and the reader and draws with the hall's one draw policy
(``app.devices.DeviceDraws``); the console asks it for a ball (``draw_from_devices``), and when
the devices cannot vouch for one the server asks this station what the table reads
(``app.server.table``): the question comes on the stream and is put to the jefe de mesa in the
console's own box for it. The ball is recorded by the server before the call returns, so the
console has nothing to record: ``draw`` returns what was done, for the log.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from bingo import commands as cmd
from bingo.drawing import BallRead, BallSetIrregular
from bingo.hall import DomainError
from ui.client.link import ServerRefused
from ui.client.remote import RemoteService

log = logging.getLogger(__name__)

Ask = Callable[[int], int | None]


class RemoteDevices:
    """What the console needs of a ball source, drawn at the server."""

    #: The server's devices, as its notices name them: the console's header says each one.
    device_names = ("extractor", "reader")

    def __init__(self, service: RemoteService) -> None:
        self.service = service
        self._ask_table: Ask | None = None
        #: A question whose box is up closed elsewhere (answered, timed out, or while away).
        self.on_closed: Callable[[str], None] | None = None
        self._drawing = threading.Event()
        self._lock = threading.Lock()
        self._asked: set[str] = set()  # every question put to this table
        self._open: set[str] = set()  # those whose box is up
        self._held: dict[str, dict[str, Any]] = {}  # come before the window could ask them
        self._on_elsewhere: Callable[[str, int], None] | None = None
        self._elsewhere: dict[str, tuple[str, int]] = {}  # another station's open questions
        service.on_question = self._on_question

    @property
    def on_elsewhere(self) -> Callable[[str, int], None] | None:
        """Told that another station's table is reading a ball (its station, the draw), or no
        longer (``""``, 0): said on this screen, for no command is applied meanwhile.
        """
        return self._on_elsewhere

    @on_elsewhere.setter
    def on_elsewhere(self, listener: Callable[[str, int], None] | None) -> None:
        with self._lock:
            self._on_elsewhere = listener
            reading = list(self._elsewhere.values())
        if listener is not None:
            for station, draw in reading:
                listener(station, draw)

    @property
    def ask(self) -> Ask | None:
        """The console's own question to the table (its window's box)."""
        return self._ask_table

    @ask.setter
    def ask(self, ask: Ask | None) -> None:
        # the stream starts before the window: a question open then waited for it
        with self._lock:
            self._ask_table = ask
            held, self._held = list(self._held.values()), {}
        for message in held:
            self._ask(message)

    def draw(self, draw_number: int, drawn: frozenset[int], operator_sees: Any = None) -> BallRead:
        """On the console's worker: one ball from the server's devices, already recorded there
        (the console's draw policy hands it to ``RemoteService.draw_ball``, which knows it).
        """
        partida = self.service.hall.partida
        before = len(partida.balls) if partida is not None else 0
        self._drawing.set()
        try:
            done = self.service.handle(
                cmd.DrawFromDevices(
                    table=self.ask is not None, table_check=operator_sees is not None
                )
            )
        finally:
            self._drawing.clear()
        partida = self.service.hall.partida
        if partida is None or len(partida.balls) <= before:  # stopped, or no ball: said so
            raise DomainError(done.done or "sin bola")
        number = partida.balls[-1]
        self.service.recorded_by_server = number
        return BallRead(draw_number, number, "", 100, "server")

    def return_all(self) -> None:
        """The server puts every ball back in the drum before a partida's first draw."""

    def scan_set(self) -> list[int]:
        """The server's reader counts the set. A set with a ball missing or repeated is the
        same ``BallSetIrregular`` a reader at this station raises, so the console records the
        count as not conforming (decision 22) as it would there.
        """
        try:
            scanned = self.service.handle(cmd.ScanBallSet())
        except ServerRefused as exc:
            if exc.code != "ball_set_irregular":
                raise
            raise irregular_of(exc) from None
        return list(scanned.numbers)

    def resolve_hold(self, held: Any, operator_number: int) -> Any:
        raise DomainError("la bola retenida la resuelve el servidor con la lectura de la mesa")

    def resolve_lost(self, lost: Any, operator_number: int) -> Any:
        raise DomainError("la bola del tubo la resuelve el servidor con la lectura de la mesa")

    def _on_question(self, message: dict[str, Any]) -> None:
        """On the stream's thread: a question for this station's table, or the questions open
        when the stream connected (decision 340): this station's own (its draw went on while it
        was away: a crash, a network cut, a restart) are put to the table as a live one, and a
        box whose question closed meanwhile goes away.
        """
        kind = message.get("type")
        if kind == "questions":
            listed = [q for q in message.get("questions", []) if isinstance(q, dict)]
            still = {str(q.get("id", "")) for q in listed}
            with self._lock:
                gone = sorted((self._open | set(self._elsewhere)) - still)
                self._held = {k: v for k, v in self._held.items() if k in still}
            for question_id in gone:
                self._closed(question_id)
            for question in listed:
                self._ask(question)
        elif kind == "question_closed":
            self._closed(str(message.get("id", "")))
        else:
            self._ask(message)

    def _closed(self, question_id: str) -> None:
        with self._lock:
            self._held.pop(question_id, None)
            shown = question_id in self._open
            self._open.discard(question_id)
            told = self._elsewhere.pop(question_id, None) is not None
            elsewhere = self._on_elsewhere
        if shown and self.on_closed is not None:
            self.on_closed(question_id)
        if told and elsewhere is not None:
            elsewhere("", 0)

    def _ask(self, message: dict[str, Any]) -> None:
        question_id = str(message.get("id", ""))
        # this station's draw (also the one it sent before it went away: a restart, a cut), or
        # the unnamed console's, the only one a hall with no operators has
        station = str(message.get("station", ""))
        ours = self._drawing.is_set() or station in ("", self.service.link.station)
        draw = int(message.get("draw", 0))
        if not ours:  # another station's draw: its table answers (decision 140)
            with self._lock:
                told = question_id not in self._elsewhere
                self._elsewhere[question_id] = (station, draw)
                elsewhere = self._on_elsewhere
            if told and elsewhere is not None:
                elsewhere(station, draw)
            return
        with self._lock:
            if question_id in self._asked:
                return
            ask = self._ask_table
            if ask is None:
                self._held[question_id] = message
                return
            self._asked.add(question_id)
            self._open.add(question_id)

        def answer() -> None:
            try:
                seen = ask(draw)
                with self._lock:
                    still = question_id in self._open
                    self._open.discard(question_id)
                if still:  # a box closed because the question closed has nothing to say
                    self.service.answer_question(question_id, seen)
            except Exception:  # the server's own timeout keeps the draw held
                log.exception("question %s", question_id)

        threading.Thread(target=answer, name=f"table-{question_id}", daemon=True).start()


def irregular_of(refused: ServerRefused) -> BallSetIrregular:
    """The server's ``ball_set_irregular`` as the reader's own exception (its balls named)."""
    details = refused.details

    def numbers(key: str) -> tuple[int, ...]:
        found = details.get(key, [])
        return tuple(int(n) for n in found) if isinstance(found, list) else ()

    return BallSetIrregular(
        str(details.get("reason", "set_scan")),
        missing=numbers("missing"),
        duplicated=numbers("duplicated"),
        scanned=numbers("scanned"),
    )
