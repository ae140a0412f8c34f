"""The commands of a partida of bingo derivado or bingo plus (Cantabria B.3, B.4; R-MULTI-4).

The same steps as an ordinary partida, with the game's own definition: the game adopted into the
record, its card set and series, the sale by series, the balls from 1..N, then the settlement,
which the system makes from the record over every cartón sold (``bingo.game.prizes``: the rule
is written there once), the payment, or the annulment with refund. Nobody calls: a cartón wins
because the record shows it completed the combination (docs/decisions.md 260, 261).
"""

from __future__ import annotations

from bingo import events as ev
from bingo.errors import DomainError
from bingo.game.definition import GameDefinition
from bingo.game.prizes import PartidaResult, play_partida
from bingo.hall.fold import HallState
from bingo.hall.game_fold import (
    CLOSED,
    EXTRACTION,
    GAME_STATUS_TEXT,
    SALE_CLOSED,
    SALE_OPEN,
    GamePartida,
    adopted_event,
    card_set_digest,
)
from bingo.hall.sale import check_second_serie
from bingo.regulation import paragraph

__all__ = ["PLAYED_PLANS", "GameCommands"]

#: The plans the hall plays partida by partida; the deferred derivado needs a fund kept across
#: sessions (decision 187) and the ordinary bingo is the hall's own partida.
PLAYED_PLANS = ("partida", "instantaneo")
#: The modalities in the players' words (R-GAME-6 is announced "de cada modalidad").
MODALITY_TEXT = {"derivado": "bingo derivado", "plus": "bingo plus"}
#: A game partida's incidents: the paragraph read aloud is the hall's region's (R-INC-5).
GAME_INCIDENTS = ("failure_before_first_ball", "failure_after_extraction_began")


class GameCommands(HallState):
    """The commands of the game partidas; each returns the events it would record."""

    # --- the game and its material -------------------------------------------------------

    def adopt_game(self, definition: GameDefinition) -> list[ev.Event]:
        """The game, whole, into the record; nothing when this very version is there already."""
        problems = definition.problems()
        if problems:
            raise DomainError("; ".join(problems), "R-MULTI-4")
        if self.region not in definition.regions:
            raise DomainError(
                f"el juego {definition.id} está autorizado en {', '.join(definition.regions)}, "
                f"no en la región de la sala ({self.region})",
                "R-MULTI-4",
            )
        if definition.plan not in PLAYED_PLANS:
            raise DomainError(
                f"el juego {definition.id} (plan «{definition.plan}») no se juega partida a "
                "partida en la sala",
                "R-MULTI-4",
            )
        if not definition.sha256:
            raise DomainError(f"el juego {definition.id} no trae la huella de su fichero")
        known = self.games.definitions.get(definition.id)
        if known is not None and known.sha256 == definition.sha256:
            return []
        return [adopted_event(definition)]

    def register_game_card_set(
        self, game_id: str, card_set_id: str, seed: int, count: int
    ) -> list[ev.Event]:
        """Cartones generated for the game in force, reproducible from ``seed`` (R-CARD-2)."""
        definition = self._need_game(game_id)
        if not card_set_id or card_set_id in self.games.card_sets:
            raise DomainError(f"el juego de cartones {card_set_id!r} ya existe", "R-CARD-3")
        if card_set_id in self.card_set_info:
            raise DomainError(f"el juego de cartones {card_set_id!r} ya existe", "R-CARD-3")
        from bingo.game.cards import generate_cartones  # numpy: loaded only to play a game

        try:
            cartones = generate_cartones(definition, seed, count)
        except ValueError as exc:
            raise DomainError(str(exc), "R-CARD-2") from None
        digest = card_set_digest(card_set_id, game_id, cartones)
        return [
            ev.GameCardSetRegistered(
                card_set_id=card_set_id,
                game_id=game_id,
                game_sha256=definition.sha256,
                seed=seed,
                count=count,
                digest=digest,
            )
        ]

    def register_game_serie(self, code: str, card_set_id: str, size: int) -> list[ev.Event]:
        info = self.games.card_sets.get(card_set_id)
        if info is None:
            raise DomainError(f"el juego de cartones {card_set_id!r} no existe", "R-CARD-3")
        if not code or code in self.series or code in self.games.series:
            raise DomainError(f"la serie {code!r} ya existe o no tiene código", "R-CARD-3")
        if not 1 <= size <= info.count:
            raise DomainError(
                f"la serie debe tener de 1 a {info.count} cartones (los del juego {card_set_id})",
                "R-CARD-3",
            )
        return [ev.GameSerieRegistered(code=code, card_set_id=card_set_id, size=size)]

    # --- the partida ---------------------------------------------------------------------

    def start_game_partida(
        self, game_id: str, card_set_id: str, face_value_cents: int
    ) -> list[ev.Event]:
        session = self._need_session()
        if session.current is not None:
            raise DomainError(f"la partida {session.current.number} no ha terminado", "R-PRIZE-4")
        self.games.refuse_open(session.id)
        if session.ball_checks and session.ball_checks[-1].when == "close":
            raise DomainError("las bolas ya se contaron para el cierre de la sesión", "R-BALL-2")
        definition = self._need_game(game_id)
        last = self.games.last_announced.get(session.id, {}).get(definition.modality)
        if last is not None:
            raise DomainError(
                f"la partida {last} de otras modalidades fue anunciada como la última de "
                f"{MODALITY_TEXT.get(definition.modality, definition.modality)} de la sesión",
                "R-GAME-6",
            )
        info = self.games.card_sets.get(card_set_id)
        if info is None or info.game_id != game_id or info.game_sha256 != definition.sha256:
            raise DomainError(
                f"el juego de cartones {card_set_id!r} no es del juego {game_id} en vigor",
                "R-CARD-2",
            )
        if isinstance(face_value_cents, bool) or face_value_cents <= 0:
            raise DomainError("el valor facial debe ser positivo", "R-CARD-3")
        return [
            ev.GamePartidaStarted(
                session_id=session.id,
                number=len(self.games.of_session(session.id)) + 1,
                game_id=game_id,
                game_version=definition.version,
                game_sha256=definition.sha256,
                card_set_id=card_set_id,
                face_value_cents=face_value_cents,
            )
        ]

    def announce_last_game_partida(self) -> list[ev.Event]:
        """The game partida in course is the last of its modality in the session (R-GAME-6, "de
        cada modalidad"; decision 393): announced to the players while it is played, from its
        sale on, as the ordinary bingo's last partida is; no partida of that modality follows.
        """
        session = self._need_session()
        partida = self.games.current(session.id)
        if partida is None:
            raise DomainError(
                "la última partida de otra modalidad se anuncia con ella abierta: empiece la "
                "partida (start_game_partida) y anúnciela antes de sus bolas o durante ellas",
                "R-GAME-6",
            )
        modality = partida.definition.modality
        name = MODALITY_TEXT.get(modality, modality)
        last = self.games.last_announced.get(session.id, {}).get(modality)
        if last is not None:
            raise DomainError(f"ya se anunció la última partida de {name} ({last})", "R-GAME-6")
        return [
            ev.GameLastPartidaAnnounced(
                session_id=session.id, modality=modality, number=partida.number
            )
        ]

    def next_game_sale_number(self, series: str) -> int:
        serie = self.games.series.get(series)
        if serie is None:
            raise DomainError(f"la serie {series!r} no existe en esta sala", "R-CARD-3")
        return serie.last_sold + 1

    def sell_game(self, series: str, first: int, last: int, electronic: bool) -> list[ev.Event]:
        """Cartones ``first..last`` of a serie, correlative to what it sold before (R-SALE-1);
        a second serie on the ordinary sale's conditions (R-SALE-2, decision 392): once the
        first is exhausted, one only, from its cartón 1 and below where the first started in the
        partida, so no cartón of the card set is sold twice (cartón n of every serie is its
        combination n).
        """
        partida = self._need_game_partida(SALE_OPEN)
        serie = self.games.series.get(series)
        if serie is None or serie.card_set_id != partida.card_set_id:
            raise DomainError(
                f"la serie {series!r} no es del juego de cartones {partida.card_set_id}",
                "R-CARD-3",
            )
        if first != serie.last_sold + 1 or not first <= last <= serie.size:
            raise DomainError(
                f"la serie {series} sigue en el cartón {serie.last_sold + 1} y tiene "
                f"{serie.size}: no se venden del {first} al {last}",
                "R-SALE-1",
            )
        lead = self.games.series[partida.sales[0].series] if partida.sales else serie
        if series != lead.code:
            # the ordinary bingo's rule of a second serie, one price for the partida (392)
            check_second_serie(partida.sales, lead, series, first, last)
        return [
            ev.GameSaleRecorded(
                number=partida.number, series=series, first=first, last=last, electronic=electronic
            )
        ]

    def close_game_sale(self) -> list[ev.Event]:
        partida = self._need_game_partida(SALE_OPEN)
        if not partida.cards_sold:
            raise DomainError("no se ha vendido ningún cartón", "R-SALE-3")
        return [
            ev.GameSaleClosed(
                number=partida.number,
                cards_sold=partida.cards_sold,
                takings_cents=partida.takings_cents,
            )
        ]

    def draw_game_ball(self, ball: int, source: str) -> list[ev.Event]:
        partida = self._need_game_partida(SALE_CLOSED, EXTRACTION)
        count = partida.definition.count
        if isinstance(ball, bool) or not isinstance(ball, int) or not 1 <= ball <= count:
            raise DomainError(f"la bola {ball!r} no está entre 1 y {count}", "R-GAME-2")
        if ball in partida.balls:
            raise DomainError(f"la bola {ball} ya ha salido en esta partida", "R-GAME-2")
        if self.game_partida_over():
            raise DomainError(
                f"la partida {partida.number} ya tiene todas sus bolas: se liquida", "R-GAME-4"
            )
        return [
            ev.GameBallDrawn(
                number=partida.number, index=len(partida.balls) + 1, ball=ball, source=source
            )
        ]

    def game_partida_over(self) -> bool:
        """The balls drawn are all the plan calls for: the instant game's fixed number, or, for
        a shared plan, up to the ball that completed its last prize (the cartón completo).
        """
        partida = self._need_game_partida()
        definition = partida.definition
        if definition.plan == "instantaneo":
            return len(partida.balls) >= definition.balls
        if not partida.balls:
            return False
        last = definition.prizes[-1].combination  # decision 183: the cartón completo
        return bool((self.games.tracker(partida).completed_at(last) > 0).any())

    def close_game_partida(self) -> list[ev.Event]:
        """The system settles the partida from the record, every cartón sold, per the plan."""
        partida = self._need_game_partida(EXTRACTION)
        result = self._settlement(partida)
        if not self.game_partida_over() or result.balls != tuple(partida.balls):
            raise DomainError(
                f"la partida {partida.number} aún no tiene las bolas de su plan", "R-GAME-4"
            )
        from bingo.game.detect import tracker_for

        sold, index = self.games.sold(partida)
        tracker = tracker_for(partida.definition, sold)
        for ball in result.balls:
            tracker.add_ball(ball)
        events: list[ev.Event] = []
        residues: list[tuple[str, int]] = []
        won = {a.combination: a for a in result.awards}
        plan_order = [p.combination for p in partida.definition.prizes]
        for award in (won[code] for code in plan_order if code in won):
            at = tracker.completed_at(award.combination)
            for position in sorted(award.cartones, key=lambda i: index[i]):
                series, number = index[position]
                events.append(
                    ev.GamePrizeAwarded(
                        number=partida.number,
                        combination=award.combination,
                        series=series,
                        carton=number,
                        completed_at_ball=int(at[position]),
                        amount_cents=award.share_cents,
                    )
                )
            if partida.definition.plan == "partida":
                residues.append((award.combination, award.residue_cents))
        return [
            *events,
            ev.GamePartidaClosed(
                number=partida.number, payout_cents=result.paid_cents, residues=tuple(residues)
            ),
        ]

    def pay_game_prizes(self) -> list[ev.Event]:
        partida = self._need_game_partida(CLOSED)
        return [ev.GamePrizesPaid(number=partida.number)]

    def game_incident(self, incident: str, note: str) -> list[ev.Event]:
        """A device failure once the balls began: the partida goes on by hand with the pending
        balls (R-INC-2), recorded with the paragraph read aloud (R-INC-5).
        """
        partida = self._need_game_partida(EXTRACTION)
        if incident != "failure_after_extraction_began":
            raise DomainError(f"incidencia desconocida: {incident!r}")
        return [self._incident(partida, incident, note)]

    def annul_game_partida(self, incident: str, note: str) -> list[ev.Event]:
        """A failure before the first ball that is not resolved (R-INC-1), or an irregularity
        of the balls (R-INC-3): every cartón sold is refunded. A failure once the balls began
        never annuls: the partida goes on by hand (R-INC-2, decision 263).
        """
        partida = self._need_game_partida(SALE_OPEN, SALE_CLOSED, EXTRACTION)
        if incident == "failure_after_extraction_began":
            raise DomainError(
                "una avería con la extracción empezada no anula la partida: sigue a mano con "
                "las bolas pendientes (game_incident)",
                "R-INC-2",
            )
        known = ("failure_before_first_ball", "ball_irregularity")
        if incident not in known:
            raise DomainError(f"incidencia desconocida: {incident!r}")
        if incident == "failure_before_first_ball" and partida.balls:
            raise DomainError(
                "la extracción ya comenzó: la partida sigue con las bolas pendientes", "R-INC-2"
            )
        return [
            self._incident(partida, incident, note),
            ev.GamePartidaAnnulled(
                number=partida.number,
                reason=note or incident,
                refund_cents=partida.takings_cents,
            ),
        ]

    # --- checks ------------------------------------------------------------------------------

    def _incident(self, partida: GamePartida, incident: str, note: str) -> ev.Event:
        return ev.GameIncidentRecorded(
            number=partida.number,
            incident=incident,
            after_ball=len(partida.balls),
            note=note,
            paragraph=paragraph(incident, self.region),
        )

    def _settlement(self, partida: GamePartida) -> PartidaResult:
        """``bingo.game.prizes.play_partida`` over the cartones sold and the balls drawn, the
        pending ones after them in ascending order (only as many are used as the plan needs).
        """
        sold, _index = self.games.sold(partida)
        drawn = set(partida.balls)
        pending = (n for n in range(1, partida.definition.count + 1) if n not in drawn)
        order = [*partida.balls, *pending]
        return play_partida(partida.definition, sold, order, partida.face_value_cents)

    def _need_game(self, game_id: str) -> GameDefinition:
        definition = self.games.definitions.get(game_id)
        if definition is None:
            raise DomainError(f"el juego {game_id!r} no se ha adoptado en la sala", "R-MULTI-4")
        return definition

    def _need_game_partida(self, *allowed: str) -> GamePartida:
        session = self._need_session()
        partida = self.games.current(session.id)
        if partida is None:
            raise DomainError("no hay ninguna partida de otra modalidad en curso")
        if allowed and partida.status not in allowed:
            raise DomainError(
                f"la partida {partida.number} de {partida.definition.name()} está en estado "
                f"«{GAME_STATUS_TEXT[partida.status]}»; esta operación solo cabe en: "
                + ", ".join(GAME_STATUS_TEXT[s] for s in allowed)
            )
        return partida
