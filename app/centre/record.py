"""The centre's record of the simultaneous partida: an event store of its own, one writer.

Every change (a partida opened, a hall's sale, a ball with its winners, a claim's verdict, a
hall linked, lost or refused) is appended to the centre's stream ``CENTRE`` and folded into
``bingo.simultaneous.SimultaneousState``; the halls receive the same records and fold them with
the same code. The winners of a ball are found here, over every cartón sold in every hall, with
the completion tracker (``bingo.detect``): one rule, one place.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from bingo import simultaneous as sim
from bingo.cards import distinct_strips
from bingo.chain import Record
from bingo.detect import CompletionTracker
from bingo.rules import RegionRules
from bingo.simultaneous import STRIP
from store import EventStore

#: The centre's stream in its own store.
CENTRE = "centro"

Listener = Callable[[list[Record]], None]


def utc_stamp() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds")


def serie_cards(seed: int, strips: int) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """The shared serie's cartones, ``(6 * strips, 3, 5)``: the same from the same seed in the
    centre and in every hall (cartón ``n`` is row ``n - 1``).
    """
    return distinct_strips(seed, strips).reshape(-1, 3, 5)


class CentreRecord:
    """The partida's state, its record and its completion tracker. Thread-safe: every write
    takes one lock, so writes are applied one after the other in the order they come.
    """

    def __init__(
        self,
        store: EventStore,
        stream: str = CENTRE,
        rules: RegionRules | None = None,
        count_required: bool = False,
    ) -> None:
        self.store = store
        self.stream = stream
        self.rules = rules or RegionRules(region="centro")  # the region's percentages (R-NET-3)
        # a centre with its reader opens no partida without a conforming count (decision 347);
        # any centre none after a count that did not conform (decision 22)
        self.count_required = count_required
        self._lock = threading.RLock()
        self._listeners: list[Listener] = []
        # the last message number each hall used, accepted or refused after its MAC was checked:
        # a refused one is used up too, so it cannot be replayed (decision 366). Kept here only:
        # a link's key dies with the centre, so no message of it can come after a restart.
        self._used: dict[str, int] = {}
        self.records: list[Record] = store.load(stream)
        self.state = sim.fold((r.kind, r.payload) for r in self.records)
        self._cards: np.ndarray[Any, np.dtype[np.uint8]] | None = None
        self._tracker: CompletionTracker | None = None
        if self.state.status == sim.DRAWING:  # a restart mid-partida: the tracker replays
            self._build_tracker()

    @property
    def last_seq(self) -> int:
        return self.records[-1].seq if self.records else 0

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def after(self, seq: int) -> list[Record]:
        with self._lock:
            return self.records[seq:]

    def _append(self, items: Sequence[tuple[str, Mapping[str, Any]]]) -> list[Record]:
        with self._lock:
            stamp = utc_stamp()
            records = self.store.append(
                self.stream, self.last_seq, [(stamp, kind, payload) for kind, payload in items]
            )
            for record in records:
                self.state.apply(record.kind, record.payload)
            self.records.extend(records)
            for listener in self._listeners:
                listener(records)
            return records

    # --- the centre's commands -----------------------------------------------------------

    def open_partida(
        self, partida: int, price_cents: int, requests: Sequence[tuple[str, int]], seed: int
    ) -> Record:
        with self._lock:
            if self.state.status in (sim.SELLING, sim.DRAWING):
                raise sim.SimultaneousError(
                    "partida_open",
                    f"la partida simultánea {self.state.partida} sigue abierta",
                )
            if partida <= self.state.partida or price_cents < 1:
                raise sim.SimultaneousError(
                    "bad_partida",
                    f"la partida debe pasar de la {self.state.partida} y tener precio",
                )
            if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
                raise sim.SimultaneousError(  # the serie's generator takes no other (decision 361)
                    "bad_seed", f"la semilla es un entero de 0 a 2^63 - 1, no {seed!r}"
                )
            self.state.need_ball_count(self.count_required)
            lots = sim.allot(requests)
            strips = sim.serie_strips(lots)
            self._cards, self._tracker = None, None
            return self._append(
                [
                    (
                        sim.OPENED,
                        {
                            "partida": partida,
                            "serie_id": f"SIM-{partida}",
                            "seed": seed,
                            "strips": strips,
                            "price_cents": price_cents,
                            "allotments": [a.to_json() for a in lots],
                        },
                    )
                ]
            )[0]

    def ball_count(
        self, numbers: Sequence[int], method: str, condition_ok: bool = True, note: str = ""
    ) -> Record:
        """A count of the centre's 90 balls between partidas (R-BALL-2): recorded whether it
        conforms or not, so every hall's copy holds it; only a conforming one opens a partida.
        """
        with self._lock:
            payload = self.state.ball_count_payload(numbers, method, condition_ok, note)
            return self._append([(sim.BALL_COUNT, payload)])[0]

    def sell(
        self, hall: str, count: int, msg_seq: int | None = None, first: int | None = None
    ) -> Record:
        with self._lock:
            payload = self.state.sale(hall, count, first)
            if msg_seq is not None:
                payload["msg_seq"] = msg_seq
            return self._append([(sim.SOLD, payload)])[0]

    def withdraw(self, hall: str, authorised_by: str) -> Record:
        with self._lock:
            payload = self.state.withdrawal(hall)
            return self._append([(sim.WITHDRAWN, {**payload, "authorised_by": authorised_by})])[0]

    def start(self) -> Record:
        """Sales closed; the cartones in play are fixed and the tracker built over them."""
        with self._lock:
            if self.state.status != sim.SELLING:
                raise sim.SimultaneousError(
                    "not_selling", "no hay ninguna partida simultánea en venta"
                )
            down = self.state.unlinked()
            if down:  # R-INC-1: wait for them, or withdraw them with a refund
                raise sim.SimultaneousError(
                    "hall_unlinked",
                    f"sin conexión con {', '.join(down)}: espere a que vuelvan o retírelas "
                    "(se devuelven sus cartones) antes de la primera bola",
                )
            closing = self.state.closing(self.rules)
            if not closing["cards_sold"]:
                raise sim.SimultaneousError("nothing_sold", "ninguna sala ha vendido cartones")
            # the serie and the tracker first: a close of the sale recorded without them would
            # leave a partida no ball can be drawn in, nor the centre started again with
            try:
                self._build_tracker()
                return self._append([(sim.STARTED, closing)])[0]
            except BaseException:
                self._cards, self._tracker = None, None
                raise

    def _build_tracker(self) -> None:
        cards = serie_cards(self.state.seed, self.state.strips)
        numbers = np.concatenate(
            [np.arange(first, last + 1) for _hall, first, last in self.state.sold_numbers()]
        )
        self._cards = cards
        # the fused pass compiles at its first ball: done here, while the sale closes, so the
        # first ball of the partida costs what the others do
        CompletionTracker(cards[:STRIP]).add_ball(1)
        self._tracker = CompletionTracker.replay(
            cards[numbers - 1], self.state.balls, card_numbers=numbers
        )

    def ball(
        self, number: int, source: str = "", ball_id: str = "", note: str = "", why: str = ""
    ) -> Record:
        """A ball drawn at the centre: its winners found over every cartón sold, all in one
        record; the bingo closes the partida. ``source``: how it came (``sim.BALL_SOURCES``;
        "" typed by the table of a centre without devices); ``note`` and ``why``: the incident
        that made the jefe de mesa read it (``reader_hold``, ``ball_in_tube``), recorded with it.
        """
        with self._lock:
            if self.state.status != sim.DRAWING or self._tracker is None:
                raise sim.SimultaneousError(
                    "not_drawing", "no se puede extraer: la partida simultánea no está en juego"
                )
            if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= 90:
                raise sim.SimultaneousError("bad_ball", f"la bola {number!r} no está entre 1 y 90")
            self.state.check_ball(number, source)  # before the tracker sees it
            numbers = self._tracker.card_numbers
            lines, bingos = self._tracker.add_ball(number)
            try:
                payload = self.state.ball(
                    number, numbers[lines].tolist(), numbers[bingos].tolist(), source
                )
                if ball_id:
                    payload["ball_id"] = ball_id
                if note:
                    payload["note"], payload["incident"] = note, why or "reader_hold"
                items: list[tuple[str, Mapping[str, Any]]] = [(sim.BALL, payload)]
                if sim.BINGO in payload:
                    items.append((sim.CLOSED, {"partida": self.state.partida}))
                return self._append(items)[0]
            except BaseException:
                self._build_tracker()  # it counted a ball the record may not have: replayed
                raise

    def incident(self, incident: str, note: str, duplicated: Sequence[int] = ()) -> Record:
        """An incident of the centre's draw (``sim.INCIDENTS``), as a hall records its own."""
        with self._lock:
            payload = self.state.incident(incident, note, duplicated)
            return self._append([(sim.INCIDENT, payload)])[0]

    def annul(self, note: str, authorised_by: str) -> Record:
        """A stopped or suspended partida annulled, every hall's cartones in play refunded."""
        with self._lock:
            return self._append([(sim.CLOSED, self.state.annulment(note, authorised_by))])[0]

    def claim(self, hall: str, number: int, prize: str, msg_seq: int | None = None) -> Record:
        with self._lock:
            verdict = self.state.judge(hall, number, prize)
            payload: dict[str, Any] = {
                "hall": hall,
                "number": number,
                "prize": prize,
                "verdict": verdict,
                "extraction": len(self.state.balls),
            }
            if msg_seq is not None:
                payload["msg_seq"] = msg_seq
            return self._append([(sim.CLAIM, payload)])[0]

    def link(self, hall: str, outcome: str, address: str, reason: str = "") -> Record:
        """A hall linked, lost, or refused (``reason``: a wrong secret, a replayed message)."""
        payload = {"hall": hall[:64], "outcome": outcome, "address": address[:128]}
        if reason:
            payload["reason"] = reason
        return self._append([(sim.LINK, payload)])[0]

    def last_message(self, hall: str) -> int:
        """The last message number ``hall`` used: the next one must be above it (the welcome's
        ``last_seq``).
        """
        with self._lock:
            return max(self.state.link_seq.get(hall, 0), self._used.get(hall, 0))

    def message(
        self,
        hall: str,
        seq: int,
        kind: str,
        body: Mapping[str, Any],
        address: str,
        current: Callable[[], bool] | None = None,
    ) -> dict[str, Any]:
        """A signed message of a linked hall (its MAC checked), applied if its sequence number
        is new; the answer. Its number is used up whatever the answer (decision 366). The check
        and the write hold the one lock, so two copies of a message cannot both pass.
        ``current``: whether the link it came by is still the hall's newest; a message of a link
        the hall has already replaced is refused, so once the hall's copy holds its new link's
        "linked" record nothing sent before it can still be recorded (decision 365).
        """
        with self._lock:
            if seq <= self.last_message(hall):
                self.link(hall, "refused", address, "replayed")
                return _no(seq, "replayed", f"mensaje {seq} repetido o atrasado: rechazado")
            self._used[hall] = seq
            if current is not None and not current():
                return _no(
                    seq,
                    "link_replaced",
                    "el mensaje llegó por un enlace que la sala ya ha sustituido: no se aplica",
                )
            try:
                if kind == "sell":
                    first = body.get("first")
                    record = self.sell(
                        hall, _int(body.get("count")), seq, None if first is None else _int(first)
                    )
                elif kind == "claim":
                    prize = body.get("prize")
                    if prize not in sim.PRIZES:
                        return _no(seq, "bad_request", "el premio reclamado es line o bingo")
                    refused = self._other_partida(seq, body.get("partida"))
                    if refused is not None:
                        return refused
                    record = self.claim(hall, _int(body.get("number")), str(prize), seq)
                else:
                    return _no(seq, "bad_request", f"mensaje desconocido: {kind!r}")
            except sim.SimultaneousError as err:
                return _no(seq, err.code, err.message)
            return {"v": 1, "type": "answer", "seq": seq, "ok": True, "record": record.to_json()}

    def _other_partida(self, seq: int, partida: object) -> dict[str, Any] | None:
        """The refusal of a claim that does not name the centre's partida now (decision 367):
        a claim sent again after the next partida opened is never judged against it.
        """
        if partida is None:
            return _no(seq, "bad_request", "la reclamación dice de qué partida simultánea es")
        number = _int(partida)
        if number != self.state.partida:
            return _no(
                seq,
                "wrong_partida",
                f"la reclamación es de la partida simultánea {number} y la del centro es la "
                f"{self.state.partida}: no se juzga",
            )
        return None


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise sim.SimultaneousError("bad_request", f"se esperaba un número entero, no {value!r}")
    return value


def _no(seq: int, code: str, message: str) -> dict[str, Any]:
    return {"v": 1, "type": "answer", "seq": seq, "ok": False, "code": code, "message": message}
