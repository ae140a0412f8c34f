"""The console's draw policy: a ball from the devices, typed, or drawn by lot; a ball the
devices could not vouch for (held), a device lost with a ball that may be in the tube, the table's
own reading, and the incident that follows a device problem (R-GAME-3, R-INC-2, R-INC-3).

It is kept as one unit, apart from the window, so that it can give way to the domain's one
policy (``app.devices``; the incident notes are ``drivers.incidents``) without touching the pages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

from bingo.hall import DomainError, DuplicateBall
from drivers.ballsource import BallHeld, BallRead, BallSetIrregular, DeviceLost
from drivers.incidents import hold_note, tube_note
from ui.bridge import Question
from ui.console.state import manual_mode
from ui.console.texts import t

if TYPE_CHECKING:
    from ui.console.window import ConsoleWindow


class Draws:
    """The draw and its device problems, for ``window`` (its desk, page and service)."""

    def __init__(self, window: ConsoleWindow) -> None:
        self.window = window
        self.page = window.extraction_page
        self.desk = window.desk
        self.table_question: Question | None = None  # a draw waits for what the table sees
        self.device_error: BaseException | None = None
        self.device_note = ""  # what the device problem was, for the incident's note
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
        drawn = frozenset(partida.balls)
        first = not partida.balls
        table_sees = self.table_sees if self.page.table_check.isChecked() else None

        def job() -> BallRead | BallHeld:
            if first:
                devices.return_all()  # every ball back in the drum before the first draw
            return devices.draw(number, drawn, table_sees)

        desk.drawing = True
        self.device_error = None
        self.page.device_box.hide()
        window.statusBar().showMessage(t("Extrayendo la bola {n}…").format(n=number))
        window.bridge.submit("draw", job)
        window.refresh()

    def record_device_ball(self, read: BallRead) -> None:
        """A ball the devices vouched for; one already out is a duplicate ball (R-INC-3)."""
        duplicate: list[DuplicateBall] = []

        def record() -> None:
            try:
                self.window.service.draw_ball(read.number, "extractor", read.ball_id)
            except DuplicateBall as exc:
                duplicate.append(exc)

        if not self.window.attempt(t("Bola {n}").format(n=read.number), record) or not duplicate:
            return
        message = t("La bola {n} ya había salido en esta partida: bola duplicada.")
        irregular = BallSetIrregular(
            "duplicate_ball",
            message.format(n=read.number),
            draw_number=read.draw_number,
            duplicated=(read.number,),
        )
        self.show_device_problem(irregular)

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
        window, desk = self.window, self.desk
        if desk.lost is not None:
            self.resolve_lost()
            return
        held, devices = desk.held, window.devices
        text = self.page.hold_input.text().strip()
        if held is None or devices is None or not text:
            return
        operator_number = int(text)

        def run() -> BallRead:
            try:
                return devices.resolve_hold(held, operator_number)
            except ValueError as exc:
                raise DomainError(str(exc)) from None

        try:
            read = run()
        except BallSetIrregular as exc:
            desk.held = None
            self.show_device_problem(exc)
            window.refresh()
            return
        except DomainError as exc:
            window.show_error(t("Bola del tubo: {reason}").format(reason=exc))
            return
        desk.held = None
        self.page.hold_input.clear()
        # The ball and the hold that says why the jefe de mesa read it go in together (the acta
        # shows both: Cantabria III, "prevalecerá ... el que figure en la bola extraída").
        window.attempt(
            t("Bola {n}").format(n=read.number),
            lambda: window.service.draw_operator_ball(
                read.number, read.ball_id, hold_note(held, read.number)
            ),
        )
        window.refresh()

    def resolve_lost(self) -> None:
        """The ball that left the drum before the device was lost is this draw's ball: it is
        recorded before any manual extraction (Cantabria II.1.b párr. 2).
        """
        window, desk = self.window, self.desk
        lost, devices = desk.lost, window.devices
        partida = window.hall.partida
        text = self.page.hold_input.text().strip()
        if lost is None or devices is None or partida is None or not text:
            return
        number = int(text)
        # The engine's rule (the same as an unattended run's): the last ball still in the tube,
        # or a second ball with its number. A typed number may be a slip, so it is asked again.
        try:
            new = window.hall.ball_in_tube_is_new(number, lost.ball_in_tube)
        except DuplicateBall:
            new = False
            message = t(
                "La bola {n} ya había salido en esta partida: no es la de esta extracción. "
                "Escriba la bola nueva del tubo; si lleva ese número, hay dos bolas iguales: "
                "anule la partida (Incidencias)"
            )
        else:
            message = t(
                "La bola {n} ya había salido en esta partida: no es la de esta extracción. "
                "Escriba la bola nueva del tubo, o pulse «No salió ninguna bola»"
            )
        if not new:
            window.show_error(message.format(n=number))
            return
        try:
            read = devices.resolve_lost(lost, number)
        except ValueError as exc:
            window.show_error(t("Bola del tubo: {reason}").format(reason=exc))
            return
        desk.lost = None
        self.page.hold_input.clear()
        recorded = window.attempt(
            t("Bola {n}").format(n=read.number),
            lambda: window.service.draw_operator_ball(
                read.number, read.ball_id, tube_note(lost, read.number), "ball_in_tube"
            ),
        )
        if recorded:
            self.offer_incident(
                lost,
                t("La bola del tubo, el {number}, consta como la bola {index}.").format(
                    number=read.number, index=lost.draw_number
                ),
            )
        window.refresh()

    def no_ball_out(self) -> None:
        """The jefe de mesa saw no new ball: the release never happened."""
        lost = self.desk.lost
        if lost is None:
            return
        self.desk.lost = None
        self.page.hold_input.clear()
        self.offer_incident(lost, t("No salió ninguna bola (comprobado por el jefe de mesa)."))
        self.window.refresh()

    # ------------------------------------------------------------------ the worker's answer

    def drawn(self, result: object) -> None:
        self.desk.drawing = False
        self.window.statusBar().clearMessage()
        if isinstance(result, BallRead):
            self.record_device_ball(result)
        elif isinstance(result, BallHeld):
            self.desk.held = result
            self.page.hold_message.setText(result.message)
            self.page.hold_input.clear()
            self.window.pages.setCurrentIndex(2)
            self.page.hold_input.setFocus()

    def draw_failed(self, error: object) -> None:
        self.desk.drawing = False
        self.window.statusBar().clearMessage()
        if isinstance(error, DeviceLost | BallSetIrregular):
            self.show_device_problem(error)
        else:
            self.window.show_error(t("Extracción: fallo del dispositivo: {e}").format(e=error))

    # ------------------------------------------------------------------ device problems

    def show_device_problem(self, error: DeviceLost | BallSetIrregular) -> None:
        self.window.side.log(error.message, "⚠", Qt.GlobalColor.darkRed)
        self.window.pages.setCurrentIndex(2)
        if isinstance(error, BallSetIrregular):
            self.stop_for_irregularity(error)
        elif error.ball_in_tube is not False:
            # A ball may be out of the drum: read it before anything else (R-INC-2).
            self.desk.lost = error
            if error.ball_in_tube:
                ask = t(
                    "Escriba el número de la bola del tubo: consta como la bola {n} antes de "
                    "seguir por extracción manual."
                )
            else:
                ask = t(
                    "Mire el tubo. Si ha salido una bola nueva, escriba su número: consta como "
                    "la bola {n}. Si no salió ninguna, pulse «No salió ninguna bola»."
                )
            self.page.hold_message.setText(f"{error.message}\n{ask.format(n=error.draw_number)}")
            self.page.hold_input.clear()
            self.page.hold_box.show()
            self.page.hold_input.setFocus()
            return
        self.offer_incident(error)

    def stop_for_irregularity(self, error: BallSetIrregular) -> None:
        """R-INC-3, the engine's rule as in an unattended run: the partida stops now with the
        incident (and any duplicated number) recorded; the red box then leads to the annulment
        once the jefe de sala has read the paragraph (R-INC-5). No ball is drawn meanwhile.
        """
        partida = self.window.hall.partida
        if partida is None or partida.irregular:
            return
        self.window.attempt(
            t("Irregularidad de bolas"),
            lambda: self.window.service.stop_for_ball_irregularity(error.message, error.duplicated),
        )

    def offer_incident(self, error: DeviceLost | BallSetIrregular, said: str = "") -> None:
        """The red box with the incident that follows a device problem."""
        self.device_error = error
        self.device_note = f"{error.message} {said}".strip()
        self.page.device_message.setText(self.device_note)
        partida = self.window.hall.partida
        if isinstance(error, BallSetIrregular):
            self.page.device_action.setText(t("Irregularidad de bolas: anular…"))
        elif partida is not None and partida.balls:
            self.page.device_action.setText(t("Seguir por extracción manual…"))
        else:
            self.page.device_action.setText(t("Suspender la partida…"))
        self.page.device_box.show()
        self.window.pages.setCurrentIndex(2)

    def device_incident(self) -> None:
        error = self.device_error
        partida = self.window.hall.partida
        if isinstance(error, BallSetIrregular):
            self.window.incidents.open_incident("ball_irregularity", note=self.device_note)
        elif partida is not None and partida.balls:
            self.window.incidents.open_incident("manual_extraction", note=self.device_note)
        else:
            self.window.incidents.open_incident("suspend", note=self.device_note)

    def incident_recorded(self) -> None:
        """An incident was recorded: the device's problem is dealt with."""
        self.device_error = None
        self.page.device_box.hide()
