"""A whole session of bingo derivado or bingo plus played headless (docs/games.md).

The same policy as the ordinary simulation (``bingo.simulate``): from the seed and the record
alone it decides the next command, so a run killed at any instant and started again ends in the
same record. The game is adopted into the record, its cartones generated and registered, then
each partida: the sale by series (paper and terminals), the close of the sale, the balls, the
settlement by the system, the payment; now and then a device failure (before the first ball the
partida is annulled with refund, R-INC-1; after it, it goes on by hand, R-INC-2).
"""

from __future__ import annotations

from functools import partial

from bingo.game.definition import GameDefinition
from bingo.hall import SessionState
from bingo.hall.game_fold import CLOSED, EXTRACTION, SALE_CLOSED, SALE_OPEN, GamePartida
from bingo.service import HallService
from bingo.simulate import BallDraws, Simulation, SimulationPlan, Step, rng

__all__ = ["GameSimulation", "card_set_id", "series_prefix"]

#: Cartones generated for a game (each serie sells them in order; a serie has half of them).
CARD_SET_SIZE = 3000
SERIE_SIZE = 1500


def card_set_id(definition: GameDefinition) -> str:
    return f"{definition.id}-{CARD_SET_SIZE}"


def series_prefix(definition: GameDefinition) -> str:
    """The game's series, apart from the ordinary ones: P- for plus, D- for derivado."""
    return "P" if definition.modality == "plus" else "D"


class GameSimulation(Simulation):
    """The simulation of a session of game partidas: ``plan.partidas`` of ``definition``."""

    def __init__(
        self,
        service: HallService,
        plan: SimulationPlan,
        definition: GameDefinition,
        draws: BallDraws | None = None,
    ) -> None:
        super().__init__(service, plan, draws)
        self.definition = definition
        self.card_set = card_set_id(definition)
        self.prefix = series_prefix(definition)

    def next_step(self) -> Step:
        svc, plan, hall, game = self.service, self.plan, self.hall, self.definition
        adopted = hall.games.definitions.get(game.id)
        if adopted is None or adopted.sha256 != game.sha256:
            return Step(f"adopt_game {game.id}", lambda: svc.adopt_game(game))
        known = hall.games.card_sets.get(self.card_set)
        if known is None:
            seed = rng(plan.seed, "game-cards", game.id).randrange(2**32)
            return Step(
                f"register_game_card_set {self.card_set}",
                lambda: svc.register_game_card_set(game.id, self.card_set, seed, CARD_SET_SIZE),
            )
        session = self._session()
        if session is None:
            return super().next_step()  # the count and the opening, as for the ordinary bingo
        partida = hall.games.current(session.id)
        if partida is None:
            return self._between(session)
        if partida.status == SALE_OPEN:
            return self._game_sale_step(partida)
        if partida.status == SALE_CLOSED and self._game_incident(partida.number, "suspend"):
            note = "avería del extractor antes de la primera bola, sin resolver"
            return Step(
                "annul (failure before first ball)",
                lambda: svc.annul_game_partida("failure_before_first_ball", note),
            )
        if partida.status in (SALE_CLOSED, EXTRACTION):
            return self._ball_step(partida)
        if partida.status == CLOSED:
            return Step("pay_game_prizes", svc.pay_game_prizes)
        raise ValueError(f"estado sin decisión en la simulación: {partida.status}")

    def _between(self, session: SessionState) -> Step:
        """No game partida in play: close the session, a new serie, or the next partida."""
        svc, hall = self.service, self.hall
        if len(hall.games.of_session(session.id)) >= self.plan.partidas:
            return self._closing_step(session)
        codes = [c for c in hall.games.series if c.startswith(self.prefix + "-")]
        if not codes or SERIE_SIZE - hall.games.series[codes[-1]].last_sold < 800:
            code = self._series_code(self.prefix, len(codes) + 1)
            return Step(
                f"register_game_serie {code}",
                lambda: svc.register_game_serie(code, self.card_set, SERIE_SIZE),
            )
        game, card_set, price = self.definition.id, self.card_set, self.plan.face_value_cents
        return Step("start_game_partida", lambda: svc.start_game_partida(game, card_set, price))

    def _game_sale_step(self, partida: GamePartida) -> Step:
        """Sellers and terminals take correlative blocks of the serie in sale."""
        svc, plan, hall = self.service, self.plan, self.hall
        r = rng(plan.seed, "game-sale", partida.session_id, partida.number)
        physical_target = r.randint(60, 300)
        electronic_target = r.choice([0, 40, 120]) if plan.electronic else 0
        physical = sum(s.count for s in partida.sales if not s.electronic)
        electronic = sum(s.count for s in partida.sales if s.electronic)
        codes = [c for c in hall.games.series if c.startswith(self.prefix + "-")]
        serie = hall.games.series[codes[-1]]
        room = serie.size - serie.last_sold
        for sold, target, is_electronic in (
            (physical, physical_target, False),
            (electronic, electronic_target, True),
        ):
            if sold < target and room > 0:
                count = min(max(1, target // 2), target - sold, room)
                return Step(
                    f"sell_game {'electronic' if is_electronic else 'physical'} {serie.code}",
                    partial(svc.sell_game_count, serie.code, count, is_electronic),
                )
        return Step("close_game_sale", svc.close_game_sale)

    def _ball_step(self, partida: GamePartida) -> Step:
        svc, plan, hall = self.service, self.plan, self.hall
        if partida.balls and hall.game_partida_over():
            return Step("close_game_partida (settled by the system)", svc.close_game_partida)
        k = len(partida.balls)
        by_hand = any(i.incident == "failure_after_extraction_began" for i in partida.incidents)
        if k >= 1 and not by_hand and self._game_incident(partida.number, "manual"):
            at = 1 + rng(plan.seed, "game-manual-at", partida.number).randint(0, 10)
            if k == at:
                note = "el extractor no responde: se sigue a mano con las bolas pendientes"
                return Step(
                    "game_incident (manual extraction)",
                    lambda: svc.game_incident("failure_after_extraction_began", note),
                )
        order = list(range(1, self.definition.count + 1))
        rng(plan.seed, "game-balls", plan.session_id, partida.number).shuffle(order)
        ball = order[k]
        source = "manual" if by_hand else "simulated"
        return Step(f"draw_game_ball {ball}", partial(svc.draw_game_ball, ball, source))

    def _game_incident(self, number: int, kind: str) -> bool:
        """About one partida in twenty meets a device failure of each kind."""
        if not self.plan.incidents:
            return False
        chance = {"suspend": 0.05, "manual": 0.05}[kind]
        return rng(self.plan.seed, "game-incident", kind, number).random() < chance
