"""The console's draws: a ball from the devices, typed, or drawn by lot, and the device problems
(R-GAME-3, R-INC-1, R-INC-2, R-INC-3).

The policy is the domain's (``bingo.drawing.DrawPolicy``, the headless run's too): the devices
are asked on the bridge's worker (``DrawPolicy.take``; the table's check of every reading through
``bridge.ask``), and what they gave goes into the record here, in the GUI thread
(``DrawPolicy.record``). This module renders the policy's outcomes (in ``actas.words``' words)
and takes the jefe de mesa's reading of the ball in the tube (``DrawPolicy.answer``); the
incident that follows a device problem is offered with the note the policy wrote, and done once
the jefe de sala has read the paragraph (R-INC-5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

from actas.words import ask_text, cause_text, note_text
from bingo.drawing import (
    AskTable,
    BallHeld,
    BallNotRead,
    DeviceDown,
    DrawPolicy,
    Outcome,
    Stopped,
    Taken,
)
from ui.bridge import Question
from ui.console.state import manual_mode
from ui.console.texts import t
from ui.i18n import console_language

if TYPE_CHECKING:
    from ui.console.window import ConsoleWindow


class Draws:
    """The draw and its device problems, for ``window`` (its desk, page and service)."""

    def __init__(self, window: ConsoleWindow) -> None:
        self.window = window
        self.page = window.extraction_page
        self.desk = window.desk
        self.table_question: Question | None = None  # a draw waits for what the table sees
        self.device_error: Stopped | DeviceDown | None = None
        self.device_note = ""  # what the device problem was, for the incident's note
        self.asking: AskTable | None = None  # what the jefe de mesa is reading
        self.policy: DrawPolicy | None = None
        page = self.page
        page.drawDevice.connect(self.draw_from_devices)
        page.drawTyped.connect(self.draw_typed)
        page.drawRandom.connect(self.draw_random)
        page.seenConfirm.connect(self.answer_table_sees)
        page.seenSkip.connect(lambda: self.answer_table(None))
        page.holdConfirm.connect(self.resolve_hold)
        page.holdNoBall.connect(self.no_ball_out)
        page.deviceIncident.connect(self.device_incident)

    def draw_key(self) -> None:
        """F6: draw from the devices, or put the cursor where the ball number is typed."""
        self.window.pages.setCurrentIndex(2)
        if self.window.devices is not None and not manual_mode(self.window.hall):
            self.draw_from_devices()
        else:
            self.page.ball_input.setFocus()

    def draw_from_devices(self) -> None:
        window, desk = self.window, self.desk
        devices = window.devices
        hall = window.hall
        partida = hall.partida
        if devices is None or partida is None or desk.drawing or desk.ball_pending():
            return
        if "draw_ball" not in window.allowed() or manual_mode(hall):
            return
        if not partida.balls and window.counts.lead_to_count():
            return
        if desk.set_unread:
            # its balls' ids are unknown to the reader: every reading would be held
            window.show_error(
                t(
                    "El juego de bolas ha cambiado: léalo con el lector (página Sesión) antes "
                    "de extraer"
                )
            )
            return
        number = len(partida.balls) + 1
        table_sees = self.table_sees if self.page.table_check.isChecked() else None
        policy = self.policy_for()

        def job() -> Taken:
            return policy.take(table_sees)  # the balls go back to the drum for a new partida

        desk.drawing = True
        self.device_error = None
        self.page.device_box.hide()
        window.statusBar().showMessage(t("Extrayendo la bola {n}…").format(n=number))
        window.bridge.submit("draw", job)
        window.refresh()

    def policy_for(self) -> DrawPolicy:
        """The domain's draw policy over the console's devices (one for the window)."""
        devices = self.window.devices
        assert devices is not None
        if self.policy is None or self.policy.source is not devices:
            self.policy = DrawPolicy(self.window.service, devices, note_text)
        return self.policy

    def draw_typed(self) -> None:
        window = self.window
        entry = self.page.ball_input
        text = entry.text().strip()
        if not text or "draw_ball" not in window.allowed():
            return
        manual = manual_mode(window.hall)
        if window.devices is not None and not manual:
            window.show_error(
                t(
                    "Las bolas salen del extractor; el número solo se escribe en extracción manual "
                    "o cuando el lector no puede leer la bola"
                )
            )
            return
        source = "manual" if manual else "operator"
        number = int(text)
        if window.attempt(
            t("Bola {n}").format(n=number),
            lambda: window.service.draw_ball(number, source, ""),
        ):
            entry.clear()
        entry.setFocus()

    def draw_random(self) -> None:
        if not manual_mode(self.window.hall):
            return
        self.window.attempt(t("Sorteo manual"), self.window.service.draw_manual)

    # ------------------------------------------------------------------ the table's reading

    def table_sees(self, draw_number: int) -> int | None:
        """On the worker, inside the draw: wait for the number the table reads on the ball."""
        answer = self.window.bridge.ask("table_sees", draw_number)
        return answer if isinstance(answer, int) else None

    def on_asked(self, question: Question) -> None:
        if question.tag != "table_sees":
            return
        self.table_question = question
        self.page.seen_input.clear()
        self.page.seen_box.show()
        self.window.pages.setCurrentIndex(2)
        self.page.seen_input.setFocus()
        self.window.statusBar().showMessage(
            t("Extracción {n}: escriba el número que ve la mesa en la bola").format(
                n=question.payload
            )
        )

    def answer_table_sees(self) -> None:
        text = self.page.seen_input.text().strip()
        if text:
            self.answer_table(int(text))

    def answer_table(self, number: int | None) -> None:
        question, self.table_question = self.table_question, None
        self.page.seen_input.clear()  # each ball is read afresh
        self.page.seen_box.hide()
        self.window.statusBar().clearMessage()
        if question is not None:
            question.answer(number)

    # ------------------------------------------------------------------ the ball in the tube

    def resolve_hold(self) -> None:
        """The number the jefe de mesa reads on the held ball, or on the ball in the tube."""
        text = self.page.hold_input.text().strip()
        if not text:
            return
        self.answer_ask(int(text))

    def no_ball_out(self) -> None:
        """The jefe de mesa saw no new ball: the release never happened."""
        if self.desk.lost is not None:
            self.answer_ask(None)

    def answer_ask(self, number: int | None) -> None:
        window, desk, ask = self.window, self.desk, self.asking
        if ask is None or (desk.held is None and desk.lost is None) or self.policy is None:
            return
        policy = self.policy
        outcome: list[Outcome] = []
        what = t("Bola {n}").format(n=number) if number is not None else t("Bola del tubo")
        if window.attempt(what, lambda: outcome.append(policy.answer(ask, number))):
            self.render(outcome[0])
        window.refresh()

    # ------------------------------------------------------------------ the worker's answer

    def drawn(self, result: object) -> None:
        self.desk.drawing = False
        self.window.statusBar().clearMessage()
        if self.policy is None or self.window.hall.partida is None:
            return
        policy = self.policy
        outcome: list[Outcome] = []
        taken: Taken = result  # type: ignore[assignment]
        number = getattr(result, "number", None)
        what = t("Bola {n}").format(n=number) if number is not None else t("Extracción")
        if self.window.attempt(what, lambda: outcome.append(policy.record(taken))):
            self.render(outcome[0])

    def draw_failed(self, error: object) -> None:
        self.desk.drawing = False
        self.window.statusBar().clearMessage()
        if isinstance(error, BallNotRead):
            self.window.show_error(cause_text(error.cause))
        else:
            self.window.show_error(t("Extracción: fallo del dispositivo: {e}").format(e=error))

    def render(self, outcome: Outcome) -> None:
        """What the policy did, or asks for, on the extraction page."""
        desk, page = self.desk, self.page
        if isinstance(outcome, AskTable):
            if outcome.problem:  # asked again: why, in the red banner; the box stays
                self.window.show_error(ask_text(outcome, console_language()))
            else:
                self.window.side.log(cause_text(outcome.cause), "⚠", Qt.GlobalColor.darkRed)
                page.hold_message.setText(ask_text(outcome, console_language()))
            self.asking = outcome
            cause = outcome.cause
            desk.held, desk.lost = (cause, None) if isinstance(cause, BallHeld) else (None, cause)
            page.hold_input.clear()
            if desk.lost is not None:
                page.hold_box.show()
            self.window.pages.setCurrentIndex(2)
            page.hold_input.setFocus()
            return
        self.asking = None
        desk.held = desk.lost = None
        page.hold_input.clear()
        page.hold_box.hide()
        if isinstance(outcome, Stopped | DeviceDown):
            self.window.side.log(outcome.note, "⚠", Qt.GlobalColor.darkRed)
            if isinstance(outcome, Stopped) or outcome.then != "none":
                self.offer_incident(outcome)

    # ------------------------------------------------------------------ device problems

    def offer_incident(self, outcome: Stopped | DeviceDown) -> None:
        """The red box with the incident that follows a device problem, and the policy's note."""
        self.device_error = outcome
        self.device_note = outcome.note
        self.page.device_message.setText(self.device_note)
        if isinstance(outcome, Stopped):
            self.page.device_action.setText(t("Irregularidad de bolas: anular…"))
        elif outcome.then == "manual":
            self.page.device_action.setText(t("Seguir por extracción manual…"))
        else:
            self.page.device_action.setText(t("Suspender la partida…"))
        self.page.device_box.show()
        self.window.pages.setCurrentIndex(2)

    def device_incident(self) -> None:
        error = self.device_error
        if isinstance(error, Stopped):
            self.window.incidents.open_incident("ball_irregularity", note=self.device_note)
        elif isinstance(error, DeviceDown) and error.then == "manual":
            self.window.incidents.open_incident("manual_extraction", note=self.device_note)
        else:
            self.window.incidents.open_incident("suspend", note=self.device_note)

    def incident_recorded(self) -> None:
        """An incident was recorded: the device's problem is dealt with."""
        self.device_error = None
        self.page.device_box.hide()
