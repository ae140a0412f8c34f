"""A simultaneous partida in the hall's own record (R-MULTI-2; Cantabria VI.1; docs/centre.md,
decisions 306-309).

The centre's record says what every hall sold and who won; the hall's own record must also say
it, for its session, its cash, its export and its acta: each sale the centre accepted from this
hall (``simultaneous_sale_recorded``), then, when the centre's partida is closed, its result
with the winners that are this hall's (``simultaneous_result_recorded``), and the payment of
each of them at the hall's table (``simultaneous_prize_paid``). Each names the central record's
position and hash it rests on, so the hall's figures can be checked against the copy.

What the hall records is worked out from its chain-checked copy of the central record
(``to_record``): a hall whose link was cut, or whose server was killed between the centre's
record and its own, catches up the copy first and then records what it lacks, once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from bingo import events as ev
from bingo import simultaneous as sim
from bingo.chain import Record
from bingo.errors import DomainError
from bingo.i18n import _
from bingo.terminals import CASH


@ev._register
@dataclass(frozen=True, kw_only=True)
class SimultaneousSaleRecorded(ev.Event):
    """Cartones ``first..last`` of the centre's shared serie sold at this hall, as the central
    record ``centre_seq`` (hash ``centre_hash``) accepted them; paid by ``payment`` (R-SALE-4).
    """

    kind: ClassVar[str] = "simultaneous_sale_recorded"
    session_id: str
    centre_partida: int
    serie_id: str
    first: int
    last: int
    price_cents: int
    payment: str = CASH
    centre_seq: int
    centre_hash: str


@ev._register
@dataclass(frozen=True, kw_only=True)
class SimultaneousResultRecorded(ev.Event):
    """The centre's partida closed, as its record ``centre_seq`` (hash ``centre_hash``) says:
    the serie, every hall's allotment and sale, the prizes from all the halls' takings, the
    balls, and the line's and the bingo's winners (cartón, hall) with each one's share.
    """

    kind: ClassVar[str] = "simultaneous_result_recorded"
    session_id: str
    centre_partida: int
    serie_id: str
    seed: int
    strips: int
    price_cents: int
    hall: str  # this hall's name on the link
    allotments: tuple[tuple[str, int, int], ...]  # (hall, first, last) of every hall
    sold: tuple[tuple[str, int], ...]  # (hall, cartones sold from its first) of every hall
    withdrawn: tuple[str, ...]  # halls refunded before the first ball (R-INC-1)
    cards_in_play: int
    takings_cents: int
    line_bp: int
    bingo_bp: int
    line_cents: int
    bingo_cents: int
    balls: tuple[int, ...]
    line: tuple[tuple[int, str], ...]
    line_extraction: int
    line_share_cents: int
    line_residue_cents: int
    bingo: tuple[tuple[int, str], ...]
    bingo_extraction: int
    bingo_share_cents: int
    bingo_residue_cents: int
    centre_seq: int
    centre_hash: str
    # The centre annulled the partida (stopped or suspended, decision 318): every cartón in
    # play refunded in full, no prize won; empty for a partida closed by its bingo.
    annulled: str = ""

    def winners(self, prize: str) -> tuple[tuple[int, str], ...]:
        return self.line if prize == sim.LINE else self.bingo

    def share(self, prize: str) -> int:
        return self.line_share_cents if prize == sim.LINE else self.bingo_share_cents


@ev._register
@dataclass(frozen=True, kw_only=True)
class SimultaneousPrizePaid(ev.Event):
    """A winner of the centre's partida paid at this hall's table, from its tray, with the
    receipt and its duplicate (R-PRIMA-6; decision 39).
    """

    kind: ClassVar[str] = "simultaneous_prize_paid"
    session_id: str
    centre_partida: int
    prize: str
    number: int
    amount_cents: int


EVENTS = (SimultaneousSaleRecorded, SimultaneousResultRecorded, SimultaneousPrizePaid)


@dataclass(frozen=True)
class SentSale:
    """A sale the hall sent to the centre, as it kept it before sending (decision 365): the
    centre's partida, the cartón it starts at, how many, its table's means of payment and the
    hall's session it was sold in.
    """

    partida: int
    first: int
    count: int
    payment: str
    session_id: str

    @property
    def key(self) -> tuple[int, int]:
        return (self.partida, self.first)

    @property
    def last(self) -> int:
        return self.first + self.count - 1

    def to_json(self) -> dict[str, Any]:
        return {"partida": self.partida, "first": self.first, "count": self.count,
                "payment": self.payment, "session_id": self.session_id}  # fmt: skip

    @classmethod
    def from_json(cls, payload: Mapping[str, Any]) -> SentSale:
        return cls(
            int(payload["partida"]),
            int(payload["first"]),
            int(payload["count"]),
            str(payload["payment"]),
            str(payload["session_id"]),
        )


@dataclass(frozen=True)
class CopySales:
    """What the hall's copy of the central record settles of the hall's sales (decision 365)."""

    recorded: frozenset[tuple[int, int]]  # (partida, first cartón) of each sale it recorded
    partida: int  # the last partida opened
    selling: bool  # its sale is still open
    next_first: int  # the cartón the hall's next sale of it starts at

    @classmethod
    def of(cls, records: Iterable[Record], hall: str) -> CopySales:
        state = sim.SimultaneousState()
        recorded: set[tuple[int, int]] = set()
        for record in records:
            state.apply(record.kind, record.payload)
            if record.kind == sim.SOLD and record.payload["hall"] == hall:
                recorded.add((state.partida, int(record.payload["first"])))
        lot = state.allotments.get(hall)
        upto = lot.first + state.sold.get(hall, 0) if lot is not None else 0
        return cls(frozenset(recorded), state.partida, state.status == sim.SELLING, upto)

    def settles(self, sale: SentSale) -> bool:
        """The central record says whether ``sale`` was recorded: it holds it, or can no
        longer record it (its partida's sale closed, or the hall's sales past its cartón). A
        sale that would start where the hall's next one does is not settled by the copy.
        """
        if sale.key in self.recorded or sale.partida < self.partida:
            return True
        return sale.partida == self.partida and (not self.selling or sale.first < self.next_first)


@dataclass
class HallSimultaneous:
    """One simultaneous partida as the hall's own record holds it."""

    centre_partida: int
    session_id: str
    serie_id: str
    price_cents: int
    sales: list[SimultaneousSaleRecorded] = field(default_factory=list)
    result: SimultaneousResultRecorded | None = None
    paid: dict[tuple[str, int], SimultaneousPrizePaid] = field(default_factory=dict)
    paid_at: dict[tuple[str, int], str] = field(default_factory=dict)

    @property
    def cards_sold(self) -> int:
        return sum(s.last - s.first + 1 for s in self.sales)

    @property
    def takings_cents(self) -> int:
        return sum((s.last - s.first + 1) * s.price_cents for s in self.sales)

    def own_winners(self) -> list[tuple[str, int, int]]:
        """(prize, cartón, share) of this hall's winners, line first."""
        result = self.result
        if result is None:
            return []
        return [
            (prize, number, result.share(prize))
            for prize in sim.PRIZES
            for number, hall in result.winners(prize)
            if hall == result.hall
        ]

    def unpaid(self) -> list[tuple[str, int, int]]:
        return [w for w in self.own_winners() if (w[0], w[1]) not in self.paid]


@dataclass
class SimultaneousBook:
    """Every simultaneous partida of the hall's record, by the centre's partida number."""

    partidas: dict[int, HallSimultaneous] = field(default_factory=dict)
    # the central records of the sales already recorded, by hash (unique, unlike a position)
    centre_hashes: set[str] = field(default_factory=set)

    def apply(self, event: ev.Event, at: str) -> bool:
        """Fold ``event`` if it is one of these; False otherwise."""
        if isinstance(event, SimultaneousSaleRecorded):
            partida = self.partidas.setdefault(
                event.centre_partida,
                HallSimultaneous(
                    event.centre_partida, event.session_id, event.serie_id, event.price_cents
                ),
            )
            partida.sales.append(event)
            self.centre_hashes.add(event.centre_hash)
        elif isinstance(event, SimultaneousResultRecorded):
            partida = self.partidas.setdefault(
                event.centre_partida,
                HallSimultaneous(
                    event.centre_partida, event.session_id, event.serie_id, event.price_cents
                ),
            )
            partida.result = event
        elif isinstance(event, SimultaneousPrizePaid):
            key = (event.prize, event.number)
            self.partidas[event.centre_partida].paid[key] = event
            self.partidas[event.centre_partida].paid_at[key] = at
        else:
            return False
        return True

    def of_session(self, session_id: str) -> list[HallSimultaneous]:
        return [p for p in self.partidas.values() if p.session_id == session_id]

    def refuse_close(self, session_id: str) -> None:
        """A session is not closed while a simultaneous partida it sold in is still played at
        the centre or has a winner of this hall not yet paid (decision 308): its cash and its
        acta would miss them.
        """
        for partida in self.of_session(session_id):
            if partida.result is None:
                raise DomainError(
                    _(
                        "la partida simultánea {n} aún no consta cerrada en el registro central: "
                        "no se cierra la sesión hasta recibir su cierre y pagar sus premios"
                    ).format(n=partida.centre_partida),
                    "R-MULTI-2",
                )
            unpaid = partida.unpaid()
            if unpaid:
                raise DomainError(
                    _(
                        "la partida simultánea {n} tiene premios de esta sala sin pagar "
                        "(cartones {c}): páguelos antes de cerrar la sesión"
                    ).format(n=partida.centre_partida, c=", ".join(str(w[1]) for w in unpaid)),
                    "R-MULTI-2; Cantabria VI.1",
                )

    def to_record(
        self,
        records: Iterable[Record],
        hall: str,
        session_id: str,
        sent: Mapping[tuple[int, int], SentSale] | None = None,
        last_session: str = "",
    ) -> list[ev.Event]:
        """The events the hall's record lacks, from the central record ``records`` (the copy,
        chain-checked): this hall's sales not yet recorded, and the result of each closed
        partida in which it sold and whose result it has not recorded. ``session_id``: the
        hall's open session ("" without one), ``last_session`` its last one; ``sent``: the sales
        the hall kept before sending them, by (partida, first cartón), with their table's means
        of payment (cash when not known) and the session they were sold in.

        A sale goes to its partida's session; the first sale of a partida to the session it was
        sold in, or without that, the one open now, or the last one: never to no session. With
        no session at all it waits (decision 365).
        """
        sent = sent or {}
        out: list[ev.Event] = []
        state = sim.SimultaneousState()
        shares: dict[str, tuple[int, int]] = {}
        sessions = {n: p.session_id for n, p in self.partidas.items()}
        with_result = {n for n, p in self.partidas.items() if p.result is not None}
        started: Mapping[str, Any] = {}
        for record in records:
            state.apply(record.kind, record.payload)
            payload = record.payload
            if record.kind == sim.OPENED:
                shares, started = {}, {}
            elif record.kind == sim.STARTED:
                started = payload
            elif record.kind == sim.BALL:
                for prize in sim.PRIZES:
                    if payload.get(prize):
                        shares[prize] = (
                            int(payload[f"{prize}_share_cents"]),
                            int(payload[f"{prize}_residue_cents"]),
                        )
            elif (
                record.kind == sim.SOLD
                and payload["hall"] == hall
                and record.hash not in self.centre_hashes
            ):
                kept = sent.get((state.partida, int(payload["first"])))
                if state.partida not in sessions:
                    sold_in = kept.session_id if kept is not None else ""
                    if not (sold_in or session_id or last_session):
                        continue  # no session to take it yet: never recorded in none
                    sessions[state.partida] = sold_in or session_id or last_session
                out.append(
                    SimultaneousSaleRecorded(
                        session_id=sessions[state.partida],
                        centre_partida=state.partida,
                        serie_id=state.serie_id,
                        first=int(payload["first"]),
                        last=int(payload["last"]),
                        price_cents=state.price_cents,
                        payment=kept.payment if kept is not None else CASH,
                        centre_seq=record.seq,
                        centre_hash=record.hash,
                    )
                )
            elif (
                record.kind == sim.CLOSED
                and state.partida in sessions
                and state.partida not in with_result
            ):
                out.append(_result(state, record, hall, sessions[state.partida], started, shares))
        return out


def _result(
    state: sim.SimultaneousState,
    record: Record,
    hall: str,
    session_id: str,
    started: Mapping[str, Any],
    shares: Mapping[str, tuple[int, int]],
) -> SimultaneousResultRecorded:
    annulled = str(record.payload.get("annulled") or "")
    if annulled:  # an annulled partida wins nothing: its cartones are refunded (decision 318)
        shares = {}
    line_share, line_residue = shares.get(sim.LINE, (0, 0))
    bingo_share, bingo_residue = shares.get(sim.BINGO, (0, 0))
    lines = () if annulled else tuple((w.number, w.hall) for w in state.line)
    bingos = () if annulled else tuple((w.number, w.hall) for w in state.bingo)
    lots = sorted(state.allotments.values(), key=lambda a: a.first)
    return SimultaneousResultRecorded(
        session_id=session_id,
        centre_partida=state.partida,
        serie_id=state.serie_id,
        seed=state.seed,
        strips=state.strips,
        price_cents=state.price_cents,
        hall=hall,
        allotments=tuple((a.hall, a.first, a.last) for a in lots),
        sold=tuple((a.hall, state.sold.get(a.hall, 0)) for a in lots),
        withdrawn=tuple(sorted(state.withdrawn)),
        cards_in_play=int(started.get("cards_sold", 0)),
        takings_cents=int(started.get("takings_cents", 0)),
        line_bp=int(started.get("line_bp", 0)),
        bingo_bp=int(started.get("bingo_bp", 0)),
        line_cents=state.line_cents,
        bingo_cents=state.bingo_cents,
        balls=tuple(state.balls),
        line=lines,
        line_extraction=0 if annulled else state.line_ball,
        line_share_cents=line_share,
        line_residue_cents=line_residue,
        bingo=bingos,
        bingo_extraction=0 if annulled else state.bingo_ball,
        bingo_share_cents=bingo_share,
        bingo_residue_cents=bingo_residue,
        centre_seq=record.seq,
        centre_hash=record.hash,
        annulled=annulled,
    )


def winners_json(rows: Sequence[tuple[int, str]]) -> list[list[Any]]:
    return [[n, h] for n, h in rows]
