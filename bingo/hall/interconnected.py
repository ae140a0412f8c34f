"""The interconnected prize in one hall's partida (SPEC R-MULTI-1; Cantabria V.2.b): announced
when the sale closes, settled against the halls' shared ledger once the partida is closed, and
paid before the next partida starts (V.3). The ledger's figures come from outside the hall (the
store applies ``bingo.interconnected`` under its lock); the hall checks they fit its partida and
records them.
"""

from __future__ import annotations

from bingo import events as ev
from bingo.errors import DomainError
from bingo.hall.fold import HallState
from bingo.hall.states import PARTIDA_ACTIONS, PartidaState, Status
from bingo.interconnected import Announcement, InterconnectedRules, Settled

ANNOUNCE = "announce_interconnected"
SETTLE = "settle_interconnected"

#: The command of the partida that waits for each step: the fund is announced with the data
#: shown before the first ball (R-ACTA-2), and the partida is settled before its prizes are
#: paid and the next partida starts (Cantabria V.3; decision 288).
WAITS_FOR = {ANNOUNCE: "confirm_data_shown", SETTLE: "pay_prizes"}


class InterconnectedCommands(HallState):
    """The commands of a hall that joined the interconnected prize."""

    def announce_interconnected(
        self,
        network: str,
        rules: InterconnectedRules,
        announced: Announcement,
        *,
        told: bool = True,
    ) -> list[ev.Event]:
        """The fund in play announced at the close of the sale; ``told`` False: recorded
        without being announced to the players (a partida kept in the manual book), so it is
        not in play: the partida only feeds the fund (decision 302).
        """
        partida = self._need_partida(*PARTIDA_ACTIONS["announce_interconnected"])
        if partida.interconnected is not None:
            raise DomainError(
                f"el bingo interconectado de la partida {partida.number} ya se anunció",
                "R-MULTI-1",
            )
        return [
            ev.InterconnectedAnnounced(
                partida=partida.number,
                network=network,
                generation=announced.generation,
                fund_cents=announced.fund_cents,
                ball_limit=(announced.ball_limit or 0) if told else 0,
                contribution_bp=rules.contribution_bp,
                fund_max_cents=rules.fund_max_cents,
                reserve_max_cents=rules.reserve_max_cents,
                announced=told,
            )
        ]

    def interconnected_due(self) -> str | None:
        """The step of the interconnected prize due now in a hall that joined it, if any:
        ``ANNOUNCE`` once the partida's sale is closed, ``SETTLE`` once the partida is closed
        (and before it is paid, so before the next one starts). The one rule every player of
        the prize follows: the simulation's policy and the hall server (R-MULTI-1; Cantabria
        V.2.b, V.3; decisions 286, 288).
        """
        partida = self.partida
        if partida is None:
            return None
        if partida.status is Status.SALE_CLOSED and partida.interconnected is None:
            return ANNOUNCE
        if self.interconnected_to_settle() is not None:
            return SETTLE
        return None

    def interconnected_to_settle(self) -> PartidaState | None:
        """The closed partida whose interconnected prize is still to be settled, if any."""
        partida = self.partida
        if (
            partida is None
            or partida.status not in PARTIDA_ACTIONS["settle_interconnected"]
            or not partida.awaiting_settlement
        ):
            return None
        return partida

    def settle_interconnected(self, answer: Settled) -> list[ev.Event]:
        """Record the ledger's settlement of the closed partida, and the award to each of its
        bingo winners when it won the fund (shared equally, R-PRIZE-3).
        """
        partida = self._need_partida(*PARTIDA_ACTIONS["settle_interconnected"])
        announced = partida.interconnected
        if announced is None:
            raise DomainError(
                f"la partida {partida.number} no anunció el bingo interconectado", "R-MULTI-1"
            )
        if partida.interconnected_settled is not None:
            raise DomainError(
                f"el bingo interconectado de la partida {partida.number} ya está liquidado",
                "R-MULTI-1",
            )
        settled = answer.settlement
        winners = [c for c in partida.claims if c.valid and c.prize == "bingo"]
        if settled.awarded_cents and settled.share_cents * len(winners) != settled.awarded_cents:
            raise DomainError("el reparto del bingo interconectado no cuadra con los ganadores")
        out: list[ev.Event] = [
            ev.InterconnectedSettled(
                partida=partida.number,
                network=announced.network,
                generation=settled.before.generation,
                contribution_cents=settled.contribution.cents,
                to_reserve_cents=settled.contribution.to_reserve_cents,
                fund_before_cents=settled.before.fund_cents,
                fund_after_cents=settled.after.fund_cents,
                reserve_before_cents=settled.before.reserve_cents,
                reserve_after_cents=settled.after.reserve_cents,
                awarded_cents=settled.awarded_cents,
                residue_cents=settled.residue_cents,
                partidas_accumulated=answer.partidas_accumulated,
                ledger_txid=answer.txid,
            )
        ]
        if settled.awarded_cents:
            out += [
                ev.PrizeAwarded(
                    partida=partida.number,
                    prize="interconnected",
                    series=c.series,
                    number=c.number,
                    completed_at_ball=c.completed_at_ball,
                    amount_cents=settled.share_cents,
                )
                for c in winners
            ]
        return out
