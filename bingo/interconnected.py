"""Bingo interconectado: an extra prize shared by the halls that join it (SPEC R-MULTI-1;
Cantabria V.2.b).

Every partida played in a joined hall deducts a percentage of its takings for one fund common to
all those halls, up to the maximum the Consejería sets, and then for its reserve; the fund is won
by the bingo called within the ball scale for the fund's amount. These are the rules alone:
the one ledger the halls share is kept by the store, which applies them under a lock so that
two halls can never both win (or both spend) the same fund.

Readings (docs/decisions.md 285–289):

* the prize "in play" in a partida is the fund's *generation* announced when its sale closed
  with the ball limit of the scale for the fund at that moment; it is won only if that
  generation is still unwon when the hall settles the partida (two halls cannot both win it);
* the award is the whole fund when it is taken (never less than announced: within a generation
  the fund only grows), shared equally among the hall's bingo winners; the residue of the
  sharing stays in the fund;
* once the fund reaches its maximum the deduction goes to the reserve, up to the reserve's
  maximum; beyond both, nothing is deducted; after an award the reserve seeds the next fund.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bingo.money import BP_WHOLE, percent_of, split_equally


class InterconnectedError(ValueError):
    """Figures of the interconnected prize that cannot be used."""


@dataclass(frozen=True, slots=True)
class ScaleStep:
    """From a fund of ``from_cents``, the prize is won by a bingo called with at most ``balls``
    balls drawn ("la escala establecida para cada caso", Cantabria V.2.b).
    """

    from_cents: int
    balls: int


@dataclass(frozen=True, slots=True, kw_only=True)
class InterconnectedRules:
    """What the Consejería sets for the interconnected prize (Cantabria V.2.b, third
    paragraph): the region file carries it, a hall only chooses to join.
    """

    contribution_bp: int  # of each partida's takings
    fund_max_cents: int
    reserve_max_cents: int
    scale: tuple[ScaleStep, ...]  # ascending by from_cents

    def problems(self) -> list[str]:
        out: list[str] = []
        if not 0 < self.contribution_bp < BP_WHOLE:
            out.append(f"contribution_bp debe estar entre 1 y 9999 ({self.contribution_bp})")
        if self.fund_max_cents <= 0:
            out.append(f"fund_max_cents debe ser positivo ({self.fund_max_cents})")
        if self.reserve_max_cents < 0:
            out.append(f"reserve_max_cents no puede ser negativo ({self.reserve_max_cents})")
        if not self.scale:
            out.append("scale necesita al menos un escalón [importe, bolas]")
        previous: ScaleStep | None = None
        for step in self.scale:
            if not 15 <= step.balls <= 90:  # a bingo needs its fifteen numbers
                out.append(f"scale: {step.balls} bolas no es un límite de bingo (15 a 90)")
            if not 0 < step.from_cents <= self.fund_max_cents:
                out.append(
                    f"scale: el escalón de {step.from_cents} céntimos no está entre 1 céntimo "
                    "y el máximo del fondo"
                )
            if previous is not None and step.from_cents <= previous.from_cents:
                out.append("scale: los escalones van de menor a mayor importe")
            previous = step
        return out

    def checked(self) -> InterconnectedRules:
        problems = self.problems()
        if problems:
            raise InterconnectedError("bingo interconectado: " + "; ".join(problems))
        return self

    def ball_limit(self, fund_cents: int) -> int | None:
        """The balls within which a fund of ``fund_cents`` is won, or None when it is below
        the scale's first step (the prize is not in play).
        """
        limit = None
        for step in self.scale:
            if fund_cents >= step.from_cents:
                limit = step.balls
        return limit


@dataclass(frozen=True, slots=True)
class FundState:
    """The shared ledger's figures: which fund is in play (its generation), its amount and the
    reserve kept to seed the next one.
    """

    generation: int
    fund_cents: int
    reserve_cents: int


@dataclass(frozen=True, slots=True)
class Announcement:
    """What the jefe de mesa announces when the sale closes: the fund in play, its amount and
    its ball limit (None: not in play in this partida).
    """

    generation: int
    fund_cents: int
    ball_limit: int | None


def announce(rules: InterconnectedRules, state: FundState) -> Announcement:
    return Announcement(state.generation, state.fund_cents, rules.ball_limit(state.fund_cents))


@dataclass(frozen=True, slots=True)
class Contribution:
    """One partida's deduction, and where it went."""

    to_fund_cents: int
    to_reserve_cents: int

    @property
    def cents(self) -> int:
        return self.to_fund_cents + self.to_reserve_cents


def contribution(rules: InterconnectedRules, state: FundState, takings_cents: int) -> Contribution:
    """The percentage of the takings, first to the fund up to its maximum, then to the reserve up
    to its maximum; what would pass both is not deducted ("hasta alcanzar el máximo previsto y
    en su caso, para reserva de éste", Cantabria V.2.b).
    """
    wanted = percent_of(takings_cents, rules.contribution_bp)
    to_fund = max(0, min(wanted, rules.fund_max_cents - state.fund_cents))
    to_reserve = max(0, min(wanted - to_fund, rules.reserve_max_cents - state.reserve_cents))
    return Contribution(to_fund, to_reserve)


def wins(announced: Announcement, current_generation: int, bingo_after_ball: int | None) -> bool:
    """Whether a partida's bingo wins the fund: it was in play when the sale closed, no hall has
    won that fund since, and the bingo was called within the announced limit (the balls drawn
    at the "consecución", as for the prima: docs/decisions.md 14).
    """
    return (
        announced.ball_limit is not None
        and bingo_after_ball is not None
        and current_generation == announced.generation
        and bingo_after_ball <= announced.ball_limit
    )


@dataclass(frozen=True, slots=True)
class Settlement:
    """A partida settled against the ledger: its contribution, and the award if it won."""

    before: FundState
    after: FundState
    contribution: Contribution
    awarded_cents: int  # the whole fund taken (0: not won)
    share_cents: int  # each winner's share
    residue_cents: int  # left in the next fund by the equal sharing (R-PRIZE-3)


def settle(
    rules: InterconnectedRules,
    state: FundState,
    announced: Announcement,
    takings_cents: int,
    bingo_after_ball: int | None,
    winners: int,
) -> Settlement:
    """The partida's deduction enters the fund; then, if its bingo won, the whole fund is shared
    among its winners and the reserve seeds the next fund (a new generation).

    The ledger balances by construction: the contributions ever made equal the awards paid
    (shares × winners) plus the fund plus the reserve.
    """
    given = contribution(rules, state, takings_cents)
    fund = state.fund_cents + given.to_fund_cents
    reserve = state.reserve_cents + given.to_reserve_cents
    if winners < 1 or not wins(announced, state.generation, bingo_after_ball):
        after = FundState(state.generation, fund, reserve)
        return Settlement(state, after, given, 0, 0, 0)
    share, residue = split_equally(fund, winners)
    seed = min(reserve, rules.fund_max_cents - residue)
    after = FundState(state.generation + 1, residue + seed, reserve - seed)
    return Settlement(state, after, given, fund - residue, share, residue)


def parse_scale(value: object) -> tuple[ScaleStep, ...]:
    """``scale = [[from_cents, balls], …]`` from a settings table, or ``InterconnectedError``."""
    if not isinstance(value, list | tuple) or not all(
        isinstance(step, list | tuple)
        and len(step) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in step)
        for step in value
    ):
        raise InterconnectedError(
            "scale debe ser una lista de pares [importe en céntimos, bolas], "
            "p. ej. [[5000, 50], [50000, 54]]"
        )
    return tuple(ScaleStep(int(a), int(b)) for a, b in value)


@dataclass(frozen=True, slots=True)
class PartidaKey:
    """One partida of one hall: the ledger keeps at most one settlement for it, so a hall that
    settles it again (a restart after a cut) gets the same answer and contributes once.
    """

    hall_id: str
    session_id: str
    partida: int


@dataclass(frozen=True, slots=True)
class Settled:
    """The ledger's answer for one partida: its settlement, the ledger transaction that made
    it, and the partidas (of every hall) that fed this fund up to it (Cantabria V.3: the receipt
    says the "número de partidas acumuladas").
    """

    settlement: Settlement
    txid: str
    partidas_accumulated: int


class Ledger(Protocol):
    """The fund the halls share (the store keeps it in PostgreSQL, under a lock)."""

    @property
    def network(self) -> str: ...

    @property
    def rules(self) -> InterconnectedRules: ...

    def state(self) -> FundState: ...

    def settle(
        self,
        key: PartidaKey,
        announced: Announcement,
        takings_cents: int,
        bingo_after_ball: int | None,
        winners: int,
    ) -> Settled:
        """The partida's settlement (``settle``) with the ledger transaction that made it; the
        one recorded before when the partida was already settled.
        """
        ...


class MemoryLedger:
    """A ledger for one process (tests, demonstrations): the same rules and the same answer to
    a partida settled again as the shared one in PostgreSQL (``store.interconnected``), without
    sharing anything.
    """

    def __init__(
        self, network: str, rules: InterconnectedRules, state: FundState | None = None
    ) -> None:
        self._network, self._rules = network, rules
        self._state = state or FundState(1, 0, 0)
        self._settled: dict[PartidaKey, Settled] = {}
        self._accumulated = 0

    @property
    def network(self) -> str:
        return self._network

    @property
    def rules(self) -> InterconnectedRules:
        return self._rules

    def state(self) -> FundState:
        return self._state

    def settle(
        self,
        key: PartidaKey,
        announced: Announcement,
        takings_cents: int,
        bingo_after_ball: int | None,
        winners: int,
    ) -> Settled:
        if key in self._settled:
            return self._settled[key]
        result = settle(
            self._rules, self._state, announced, takings_cents, bingo_after_ball, winners
        )
        self._accumulated += 1
        answer = Settled(result, f"m{len(self._settled) + 1}", self._accumulated)
        if result.after.generation != self._state.generation:
            self._accumulated = 0
        self._settled[key] = answer
        self._state = result.after
        return answer
