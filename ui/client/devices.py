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

from bingo.drawing import BallRead, BallSetIrregular
from bingo.hall import DomainError
from ui.client.link import ServerRefused
from ui.client.remote import RemoteService

log = logging.getLogger(__name__)

Ask = Callable[[int], int | None]


class RemoteDevices:
    """What the console needs of a ball source, drawn at the server."""

    def __init__(self, service: RemoteService) -> None:
        self.service = service
        self.ask: Ask | None = None  # the console's own question to the table
        self.on_closed: Callable[[str], None] | None = None  # a question closed elsewhere
        self._drawing = threading.Event()
        self._asked: set[str] = set()
        service.on_question = self._on_question

    def draw(self, draw_number: int, drawn: frozenset[int], operator_sees: Any = None) -> BallRead:
        """On the console's worker: one ball from the server's devices, already recorded there
        (the console's draw policy hands it to ``RemoteService.draw_ball``, which knows it).
        """
        partida = self.service.hall.partida
        before = len(partida.balls) if partida is not None else 0
        self._drawing.set()
        try:
            answer = self.service.command(
                "draw_from_devices",
                table=self.ask is not None,
                table_check=operator_sees is not None,
            )
        finally:
            self._drawing.clear()
        partida = self.service.hall.partida
        if partida is None or len(partida.balls) <= before:  # stopped, or no ball: said so
            raise DomainError(str((answer.get("result") or {}).get("done", "")) or "sin bola")
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
            answer = self.service.command("scan_ball_set")
        except ServerRefused as exc:
            if exc.code != "ball_set_irregular":
                raise
            raise irregular_of(exc) from None
        return [int(n) for n in answer["result"]["numbers"]]

    def resolve_hold(self, held: Any, operator_number: int) -> Any:
        raise DomainError("la bola retenida la resuelve el servidor con la lectura de la mesa")

    def resolve_lost(self, lost: Any, operator_number: int) -> Any:
        raise DomainError("la bola del tubo la resuelve el servidor con la lectura de la mesa")

    def _on_question(self, message: dict[str, Any]) -> None:
        """On the stream's thread: a question for the table, while this station draws."""
        question_id = str(message.get("id", ""))
        if message.get("type") == "question_closed":
            if question_id in self._asked and self.on_closed is not None:
                self.on_closed(question_id)
            return
        ask = self.ask
        if ask is None or not self._drawing.is_set() or question_id in self._asked:
            return  # another station's draw: its table answers
        self._asked.add(question_id)
        draw = int(message.get("draw", 0))

        def answer() -> None:
            try:
                seen = ask(draw)
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
