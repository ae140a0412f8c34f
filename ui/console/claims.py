"""The claims at the table: a cartón checked against the balls drawn when it was sung, the
question "¿alguna línea más? ¿algún bingo más?" and the partida's closing (R-GAME-4, R-GAME-5;
decision 9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bingo import commands as cmd
from bingo import events as ev
from bingo.hall import Status
from ui.console.state import line_question, manual_mode, shown_partida
from ui.console.texts import prize_name, t

if TYPE_CHECKING:
    from ui.console.window import ConsoleWindow


class Claims:
    """The claims, for ``window`` (its desk, Extracción page and service)."""

    def __init__(self, window: ConsoleWindow) -> None:
        self.window = window
        self.page = window.extraction_page
        self.page.claimCheck.connect(self.check_claim)
        self.page.askedMore.connect(self.asked_more)
        self.page.closePartida.connect(self.close_partida)

    def focus_claim(self) -> None:
        self.window.pages.setCurrentIndex(2)
        self.page.claim_number.setFocus()
        self.page.claim_number.selectAll()

    def check_claim(self) -> None:
        series, text, prize = self.page.claimed()
        if not series or not text or "claim" not in self.window.allowed():
            return
        number = int(text)
        checked: list[ev.ClaimChecked] = []
        claim = cmd.Claim(series=series, number=number, prize=prize)
        if self.window.attempt(
            t("Comprobar el cartón"),
            lambda: checked.append(claim_checked(self.window.service.handle(claim))),
        ):
            self._show_verdict(checked[0])

    def _show_verdict(self, claim: ev.ClaimChecked) -> None:
        page = self.page
        name = prize_name(claim.prize).upper()
        if claim.valid:
            verdict = t("LÍNEA CORRECTA") if claim.prize == "line" else t("BINGO CORRECTO")
            text = t("{verdict}: {series} / {number}").format(
                verdict=verdict + self._extras(claim), series=claim.series, number=claim.number
            )
        else:
            text = t("NO HAY {prize}: {series} / {number}").format(
                prize=name, series=claim.series, number=claim.number
            )
        page.show_verdict(text, claim.valid, claim.reason)
        # Only the claimed cartón, with the balls drawn when it was checked (R-GAME-5).
        partida = shown_partida(self.window.hall)
        balls = partida.balls[: claim.after_ball] if partida else []
        completing = (
            balls[claim.completed_at_ball - 1]
            if claim.valid and 0 < claim.completed_at_ball <= len(balls)
            else None
        )
        grid = self.window.hall.carton(claim.series, claim.number).grid()
        page.carton.show_carton(grid, balls, completing)
        page.claim_number.selectAll()

    def _extras(self, claim: ev.ClaimChecked) -> str:
        """What a valid claim wins besides its prize (« Y PRIMA», « Y BOLA LOCA»), as the close
        will award it (decisions 12 and 14).
        """
        partida = self.window.hall.partida
        if partida is None:
            return ""
        out = ""
        if claim.prize == "bingo" and partida.prima_won_at(claim.after_ball):
            out += t(" Y PRIMA")
        if any(
            (c.series, c.number, c.prize) == (claim.series, claim.number, claim.prize)
            for c in partida.bola_loca_winners()
        ):
            out += t(" Y BOLA LOCA")
        return out

    def draw_key(self) -> None:
        """F6: the next ball, once the table has asked for more lines at this one."""
        window = self.window
        if line_question(window.hall, window.desk):
            window.pages.setCurrentIndex(2)
            window.show_error(
                t(
                    "Antes de la bola siguiente, pregunte «¿Alguna línea más?» y compruebe las "
                    "que se canten; después pulse Alt+N (nadie más canta)"
                ),
                solved=lambda: not line_question(window.hall, window.desk),
            )
            self.page.claim_number.setFocus()
            return
        window.draws.draw_key()

    def asked_more(self) -> None:
        window = self.window
        partida = window.hall.partida
        if line_question(window.hall, window.desk) and partida is not None:
            # Nobody else sings a line at this ball: the next ball may be drawn, by F6 only.
            # Drawing here too gave an operator who then pressed F6 two balls in a row.
            window.desk.line_asked = (partida.number, len(partida.balls))
            window.refresh()
            window.pages.setCurrentIndex(2)
            if window.devices is None or manual_mode(window.hall):
                self.page.ball_input.setFocus()  # the next ball is typed: the cursor waits there
            window.statusBar().showMessage(t("Nadie más canta línea: F6, la bola siguiente"))
            return
        if partida is not None and partida.status == Status.BINGO_CALLED:
            self.window.desk.asked_more = partida.number
            self.window.refresh()
            self.page.close_partida_button.setFocus()

    def close_partida(self) -> None:
        partida = self.window.hall.partida
        if partida is None or "close_partida" not in self.window.allowed():
            return
        if self.window.desk.asked_more != partida.number:
            self.window.show_error(
                t("Antes de cerrar, pregunte «¿Alguna línea más? ¿Algún bingo más?»"),
                solved=lambda: self.window.desk.asked_more == partida.number,
            )
            return
        if self.window.attempt(
            t("Cerrar la partida"), lambda: self.window.service.handle(cmd.ClosePartida())
        ):
            self.window.pages.setCurrentIndex(3)
        elif partida.first_valid_line_after is None:
            # Refused for want of the line (decision 9): the claim entry is ready for it.
            self.page.claim_line.setChecked(True)
            self.page.claim_number.setFocus()


def claim_checked(answer: cmd.ClaimAnswer) -> ev.ClaimChecked:
    """The cartón's check as the record has it (the event's payload the answer carries)."""
    event = ev.event_from(ev.ClaimChecked.kind, answer.payload)
    assert isinstance(event, ev.ClaimChecked)
    return event
