"""The partidas of other modalities (bingo derivado, bingo plus) in the hall's record: what the
hall knows of them, rebuilt from their events (R-MULTI-4; Cantabria B.3, B.4).

A game is adopted whole into the record (``GameAdopted``: its definition as authorised, with
the SHA-256 of its file), so the record alone says how each of its partidas was played and
settled. Its cartones are generated from a seed for that definition (``bingo.game.cards``) and
checked against the digest recorded when they were registered. A game partida lives inside a
session, between the ordinary partidas, never at the same time as one.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bingo import events as ev
from bingo.chain import canonical_json
from bingo.errors import DomainError
from bingo.game.definition import CardShape, Combination, GameDefinition, Prize
from bingo.hall.states import SaleRange

if TYPE_CHECKING:  # numpy is loaded by what reads a game's cartones, not by every fold
    import numpy as np
    import numpy.typing as npt

    from bingo.game.detect import GameTracker

    _U8 = npt.NDArray[np.uint8]

__all__ = [
    "GAME_STATUS_TEXT",
    "GameBook",
    "GameCardSet",
    "GamePartida",
    "GameSerie",
    "adopted_event",
    "card_set_digest",
    "card_set_text",
    "definition_of",
]

#: The statuses of a game partida: sale open, sale closed (balls may be drawn), drawing,
#: settled by the system, paid, annulled with refund.
SALE_OPEN, SALE_CLOSED, EXTRACTION = "sale_open", "sale_closed", "extraction"
CLOSED, PAID, ANNULLED = "closed", "paid", "annulled"
GAME_FINISHED = (PAID, ANNULLED)
GAME_STATUS_TEXT = {
    SALE_OPEN: "venta abierta",
    SALE_CLOSED: "venta cerrada",
    EXTRACTION: "extracción",
    CLOSED: "liquidada",
    PAID: "pagada",
    ANNULLED: "anulada",
}


def adopted_event(definition: GameDefinition) -> ev.GameAdopted:
    """The record of a definition, whole (each combination with its cells)."""
    s = definition.shape
    return ev.GameAdopted(
        game_id=definition.id,
        modality=definition.modality,
        version=definition.version,
        resolution=definition.resolution,
        sha256=definition.sha256,
        regions=tuple(definition.regions),
        names=tuple(sorted(definition.names.items())),
        count=definition.count,
        rows=s.rows,
        columns=s.columns,
        numbers=s.numbers,
        placement=s.placement,
        combinations=tuple(
            (
                c.code,
                c.kind,
                tuple(sorted(c.names.items())),
                tuple(tuple(sorted(mask)) for mask in c.masks),
            )
            for c in definition.combinations
        ),
        plan=definition.plan,
        min_payout_bp=definition.min_payout_bp,
        balls=definition.balls,
        prizes=tuple(
            (p.combination, p.basis_points, p.price_multiple_bp, p.amount_cents)
            for p in definition.prizes
        ),
    )


def definition_of(event: ev.GameAdopted) -> GameDefinition:
    """The definition a ``GameAdopted`` records (the inverse of :func:`adopted_event`)."""
    combinations = tuple(
        Combination(
            code,
            kind,
            tuple(frozenset((int(r), int(c)) for r, c in mask) for mask in masks),
            dict(names),
        )
        for code, kind, names, masks in event.combinations
    )
    return GameDefinition(
        id=event.game_id,
        modality=event.modality,
        version=event.version,
        resolution=event.resolution,
        regions=tuple(event.regions),
        names=dict(event.names),
        count=event.count,
        shape=CardShape(event.rows, event.columns, event.numbers, event.placement),
        combinations=combinations,
        plan=event.plan,
        prizes=tuple(Prize(c, bp, multiple, amount) for c, bp, multiple, amount in event.prizes),
        min_payout_bp=event.min_payout_bp,
        balls=event.balls,
        sha256=event.sha256,
    )


def card_set_text(card_set_id: str, game_id: str, cartones: _U8) -> bytes:
    """The card set as the export carries it (``{"id", "game", "cards"}``), canonical JSON."""
    import numpy as np

    body = {"id": card_set_id, "game": game_id, "cards": np.asarray(cartones).tolist()}
    return canonical_json(body)


def card_set_digest(card_set_id: str, game_id: str, cartones: _U8) -> str:
    """SHA-256 of :func:`card_set_text`: what the record keeps of the cartones (R-CARD-2)."""
    return hashlib.sha256(card_set_text(card_set_id, game_id, cartones)).hexdigest()


@dataclass
class GameCardSet:
    id: str
    game_id: str
    game_sha256: str
    seed: int
    count: int
    digest: str


@dataclass
class GameSerie:
    code: str
    card_set_id: str
    size: int
    last_sold: int = 0


@dataclass
class GamePartida:
    """One partida of a game, as the record holds it."""

    session_id: str
    number: int
    definition: GameDefinition
    card_set_id: str
    face_value_cents: int
    opened_at: str
    status: str = SALE_OPEN
    sales: list[SaleRange] = field(default_factory=list)
    balls: list[int] = field(default_factory=list)
    ball_sources: list[str] = field(default_factory=list)
    incidents: list[ev.GameIncidentRecorded] = field(default_factory=list)
    awards: list[ev.GamePrizeAwarded] = field(default_factory=list)
    residues: dict[str, int] = field(default_factory=dict)
    payout_cents: int = 0
    refund_cents: int = 0
    annul_reason: str = ""
    closed_at: str | None = None

    @property
    def cards_sold(self) -> int:
        return sum(s.count for s in self.sales)

    @property
    def takings_cents(self) -> int:
        return self.cards_sold * self.face_value_cents

    @property
    def finished(self) -> bool:
        return self.status in GAME_FINISHED


class GameBook:
    """Every game adopted, its card sets and series, and the game partidas of each session."""

    def __init__(self) -> None:
        self.definitions: dict[str, GameDefinition] = {}  # by id: the version adopted last
        self.card_sets: dict[str, GameCardSet] = {}
        self.series: dict[str, GameSerie] = {}
        self.partidas: dict[str, list[GamePartida]] = {}  # by session id
        # by session id: each modality's game partida announced as its last (R-GAME-6)
        self.last_announced: dict[str, dict[str, int]] = {}
        self._adopted: list[GameDefinition] = []  # every version adopted, in order
        self._cartones: dict[str, _U8] = {}
        self._tracker: tuple[tuple[str, int, int], GameTracker] | None = None
        # The store's copy of a card set by id (``HallService`` sets it), as the ordinary sets'.
        self.load_copy: Callable[[str], bytes | None] | None = None

    def of_session(self, session_id: str) -> list[GamePartida]:
        return self.partidas.get(session_id, [])

    def is_last(self, partida: GamePartida) -> bool:
        """``partida`` was announced as the last of its modality in its session (R-GAME-6)."""
        announced = self.last_announced.get(partida.session_id, {})
        return announced.get(partida.definition.modality) == partida.number

    def current(self, session_id: str) -> GamePartida | None:
        """The session's game partida not yet paid or annulled, if any."""
        partidas = self.of_session(session_id)
        if partidas and not partidas[-1].finished:
            return partidas[-1]
        return None

    def refuse_open(self, session_id: str) -> None:
        """Nothing else in the session while one of its game partidas is being played."""
        partida = self.current(session_id)
        if partida is not None:
            raise DomainError(
                f"la partida {partida.number} de {partida.definition.name()} no ha terminado "
                "(premios sin pagar o sin liquidar)",
                "R-PRIZE-4",
            )

    def cartones(self, card_set_id: str) -> _U8:
        """The card set's cartones, generated from its seed for its game and checked against
        the digest the record holds (R-CARD-2).
        """
        cached = self._cartones.get(card_set_id)
        if cached is not None:
            return cached
        info = self.card_sets[card_set_id]
        copy = self._copy(info)
        if copy is not None:
            self._cartones[card_set_id] = copy
            return copy
        definition = self.version(info.game_id, info.game_sha256)
        from bingo.game.cards import generate_cartones

        cartones = generate_cartones(definition, info.seed, info.count)
        if card_set_digest(card_set_id, info.game_id, cartones) != info.digest:
            raise DomainError(
                f"el juego de cartones {card_set_id!r} generado de su semilla no es el "
                "registrado (su resumen no coincide)",
                "R-CARD-2",
            )
        self._cartones[card_set_id] = cartones
        return cartones

    def tracker(self, partida: GamePartida) -> GameTracker:
        """Who completed what with the partida's balls so far, over the cartones sold: kept
        between balls (a ball costs only its own cartones), rebuilt when the sale changed.
        """
        key = (partida.session_id, partida.number, len(partida.sales))
        cached = self._tracker
        if (
            cached is None
            or cached[0] != key
            or list(cached[1].balls) != partida.balls[: len(cached[1].balls)]
        ):
            from bingo.game.detect import tracker_for

            sold, _index = self.sold(partida)
            cached = (key, tracker_for(partida.definition, sold))
            self._tracker = cached
        tracker = cached[1]
        for ball in partida.balls[len(tracker.balls) :]:
            tracker.add_ball(ball)
        return tracker

    def _copy(self, info: GameCardSet) -> _U8 | None:
        """The copy kept in the store when it is exactly the card set registered (its digest);
        a missing, unreadable or other copy is passed over: the seed still gives it.
        """
        data = self.load_copy(info.id) if self.load_copy is not None else None
        if data is None:
            return None
        import numpy as np

        try:
            body = json.loads(data)
            cartones = np.array(body["cards"], dtype=np.uint8)
            same = body["id"] == info.id and body["game"] == info.game_id
        except (ValueError, TypeError, KeyError, OverflowError):
            return None
        shape_ok = cartones.ndim == 3 and len(cartones) == info.count
        if (
            not (same and shape_ok)
            or card_set_digest(info.id, info.game_id, cartones) != info.digest
        ):
            return None
        cartones.setflags(write=False)
        return cartones

    def sold(self, partida: GamePartida) -> tuple[_U8, list[tuple[str, int]]]:
        """The cartones sold in the partida, in the order sold, and each one's (serie, number)."""
        import numpy as np

        cartones = self.cartones(partida.card_set_id)
        rows = partida.definition.shape.rows
        per_row = partida.definition.shape.per_row
        parts = [cartones[s.first - 1 : s.last] for s in partida.sales]
        index = [(s.series, n) for s in partida.sales for n in range(s.first, s.last + 1)]
        if not parts:
            return np.zeros((0, rows, per_row), dtype=np.uint8), index
        return np.concatenate(parts), index

    def version(self, game_id: str, sha256: str) -> GameDefinition:
        """The adopted version of a game with this file digest."""
        for d in self._adopted:
            if d.id == game_id and d.sha256 == sha256:
                return d
        raise DomainError(f"el juego {game_id} (huella {sha256[:16]}…) no se adoptó en la sala")

    # --- the fold ----------------------------------------------------------------------------

    def apply(self, event: ev.Event, at: str, session_id: str | None) -> bool:
        """Apply a game event; False for an event that is not one (the hall's own)."""
        match event:
            case ev.GameAdopted():
                definition = definition_of(event)
                self.definitions[definition.id] = definition
                self._adopted.append(definition)
            case ev.GameCardSetRegistered():
                self.card_sets[event.card_set_id] = GameCardSet(
                    event.card_set_id,
                    event.game_id,
                    event.game_sha256,
                    event.seed,
                    event.count,
                    event.digest,
                )
            case ev.GameSerieRegistered():
                self.series[event.code] = GameSerie(event.code, event.card_set_id, event.size)
            case ev.GamePartidaStarted():
                definition = self.version(event.game_id, event.game_sha256)
                self.partidas.setdefault(event.session_id, []).append(
                    GamePartida(
                        event.session_id,
                        event.number,
                        definition,
                        event.card_set_id,
                        event.face_value_cents,
                        at,
                    )
                )
            case ev.GameSaleRecorded():
                partida = self._need(session_id)
                partida.sales.append(
                    SaleRange(event.series, event.first, event.last, event.electronic)
                )
                self.series[event.series].last_sold = event.last
            case ev.GameSaleClosed():
                self._need(session_id).status = SALE_CLOSED
            case ev.GameBallDrawn():
                partida = self._need(session_id)
                partida.balls.append(event.ball)
                partida.ball_sources.append(event.source)
                partida.status = EXTRACTION
            case ev.GameIncidentRecorded():
                self._need(session_id).incidents.append(event)
            case ev.GamePrizeAwarded():
                self._need(session_id).awards.append(event)
            case ev.GamePartidaClosed():
                partida = self._need(session_id)
                partida.status = CLOSED
                partida.payout_cents = event.payout_cents
                partida.residues = dict(event.residues)
                partida.closed_at = at
            case ev.GameLastPartidaAnnounced():
                self.last_announced.setdefault(event.session_id, {})[event.modality] = event.number
            case ev.GamePrizesPaid():
                self._need(session_id).status = PAID
            case ev.GamePartidaAnnulled():
                partida = self._need(session_id)
                partida.status = ANNULLED
                partida.refund_cents = event.refund_cents
                partida.annul_reason = event.reason
                partida.closed_at = at
            case _:
                return False
        return True

    def _need(self, session_id: str | None) -> GamePartida:
        partida = self.current(session_id) if session_id else None
        if partida is None:
            raise DomainError("no hay ninguna partida de otra modalidad en curso")
        return partida
