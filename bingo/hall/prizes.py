"""The partida's close and its prizes: line and bingo shared equally among the valid claims, the
prima when the bingo came within its balls, the bola loca's fund when its number completed the
prize (R-PRIZE-2, R-PRIZE-3, R-PRIMA-3, R-BOLA-3); then the payment.
"""

from __future__ import annotations

from bingo import events as ev
from bingo.errors import DomainError
from bingo.hall.fold import HallState
from bingo.hall.states import PARTIDA_ACTIONS, Claim, Status
from bingo.money import split_equally


class PrizeCommands(HallState):
    """The commands that close a partida and pay its prizes."""

    def close_partida(self) -> list[ev.Event]:
        """Award every prize and close: no claim is accepted afterwards (R-GAME-4, R-PRIZE-3)."""
        partida = self._need_partida(*PARTIDA_ACTIONS["close_partida"])
        amounts = partida.amounts
        assert amounts is not None
        out: list[ev.Event] = []
        lines = [c for c in partida.claims if c.valid and c.prize == "line"]
        bingos = [c for c in partida.claims if c.valid and c.prize == "bingo"]
        if not lines and self._need_rules().line_required:
            # A bingo cartón holds three complete rows, so a line is there to be called: the
            # table hears it ("¿Alguna línea más?") before closing (docs/decisions.md 9).
            raise DomainError(
                "no se puede cerrar la partida sin el premio de línea: pregunte «¿Alguna línea "
                "más?» y compruebe la línea cantada (el cartón del bingo también la tiene)",
                "Cantabria V.1.a; R-GAME-4",
            )

        def award(prize: str, winners: list[Claim], amount: int) -> int:
            share, residue = split_equally(amount, len(winners))
            for c in winners:
                out.append(
                    ev.PrizeAwarded(
                        partida=partida.number,
                        prize=prize,
                        series=c.series,
                        number=c.number,
                        completed_at_ball=c.completed_at_ball,
                        amount_cents=share,
                    )
                )
            return residue

        residue_line = award("line", lines, amounts.line_prize_cents)
        residue_bingo = award("bingo", bingos, amounts.bingo_prize_cents)
        prima_awarded = residue_prima = 0
        bingo_after = bingos[0].after_ball
        if partida.prima_won_at(bingo_after):
            prima_awarded = partida.prima_amount_cents
            residue_prima = award("prima", bingos, prima_awarded)
        bola_awarded = residue_bola = 0
        hit = partida.bola_loca_winners()
        if hit:
            bola_awarded = self.bola_loca_fund_cents + amounts.bola_loca_deduction_cents
            residue_bola = award("bola_loca", hit, bola_awarded)
        out.append(
            ev.PartidaClosed(
                partida=partida.number,
                residue_line_cents=residue_line,
                residue_bingo_cents=residue_bingo,
                residue_prima_cents=residue_prima,
                residue_bola_loca_cents=residue_bola,
                prima_awarded_cents=prima_awarded,
                bola_loca_awarded_cents=bola_awarded,
            )
        )
        return out

    def pay_prizes(self) -> list[ev.Event]:
        partida = self._need_partida(*PARTIDA_ACTIONS["pay_prizes"])
        if partida.awaiting_settlement:
            raise DomainError(  # paid with the others, before the next partida (decision 288)
                f"la partida {partida.number} anunció el bingo interconectado y aún no está "
                "liquidado con el fondo común: liquídelo antes de pagar los premios",
                "R-MULTI-1; Cantabria V.3",
            )
        return [ev.PrizesPaid(partida=partida.number)]

    def owed_to_terminal(self, terminal: str) -> list[ev.TerminalPrizePaid]:
        """The prizes of the cartones sold on ``terminal`` not yet paid to its player, of every
        closed partida of the hall (settled, when it announced the interconnected prize:
        decision 288): owed until paid on the terminal, even when it was away when
        they were won (R-MULTI-3; decision 283). Each as the event that pays it.
        """
        out: list[ev.TerminalPrizePaid] = []
        for session in self.sessions:
            for partida in session.partidas:
                if partida.status not in (Status.CLOSED, Status.PAID):
                    continue
                if partida.awaiting_settlement:  # the table's rule too (decision 288)
                    continue
                for award in partida.awards:
                    sale = partida.sold(award.series, award.number)
                    key = (session.id, partida.number, award.prize, award.series, award.number)
                    if sale is None or sale.terminal != terminal or not terminal:
                        continue
                    if key in self.terminal_prizes_paid:
                        continue
                    out.append(
                        ev.TerminalPrizePaid(
                            session_id=session.id,
                            partida=partida.number,
                            prize=award.prize,
                            series=award.series,
                            number=award.number,
                            amount_cents=award.amount_cents,
                            terminal=terminal,
                        )
                    )
        return out

    def pay_terminal_prizes(self, terminal: str) -> list[ev.Event]:
        """Pay the player of ``terminal`` what his cartones won and he was not yet paid."""
        owed = self.owed_to_terminal(terminal)
        if owed:
            return list(owed)
        partida = self.partida
        if (
            partida is not None
            and partida.awaiting_settlement
            and any(
                (s := partida.sold(a.series, a.number)) is not None and s.terminal == terminal
                for a in partida.awards
            )
        ):
            raise DomainError(  # said, not "nothing owed": it will be (decision 329)
                f"los premios de la partida {partida.number} se pagan a la máquina {terminal} "
                "cuando esté liquidada con el fondo común del bingo interconectado",
                "R-MULTI-1; Cantabria V.3",
            )
        raise DomainError(f"no se debe ningún premio a la máquina {terminal}", "R-MULTI-3")
