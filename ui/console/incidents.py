"""The incidents of the regulation the jefe de mesa records from the console: a partida
suspended, resumed or refunded, the manual extraction, the annulments and a ball corrected
(R-INC-1 to R-INC-5). Each is confirmed in ``IncidentDialog``, which shows the paragraph.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bingo import commands as cmd
from ui.console.dialogs import IncidentDialog
from ui.console.state import INCIDENTS, status_words
from ui.console.texts import t

if TYPE_CHECKING:
    from ui.console.window import ConsoleWindow

# The incidents menu: action key -> its entry (the INCIDENTS of ``state`` say what each does)
MENU_TEXTS = {
    "suspend": "Suspender (avería antes de la primera bola)…",
    "resume": "Reanudar la partida suspendida…",
    "refund_suspended": "Devolver los cartones de la partida suspendida…",
    "manual_extraction": "Extracción manual (avería con bolas extraídas)…",
    "ball_irregularity": "Irregularidad de bolas o mecanismo: anular…",
    "caller_error": "Error del locutor que no se puede subsanar: anular…",
    "correct_ball": "Corregir una bola mal anunciada…",
}


class Incidents:
    """The incidents, for ``window`` (its hall, desk and service)."""

    def __init__(self, window: ConsoleWindow) -> None:
        self.window = window
        window.header.resume.connect(lambda: self.open_incident("resume"))
        window.header.refund.connect(lambda: self.open_incident("refund_suspended"))

    def open_incident(self, key: str, note: str = "") -> None:
        incident, action_text, allowed = INCIDENTS[key]
        if allowed not in self.window.allowed():
            self.window.show_error(
                t("Esa incidencia no cabe ahora: la partida está en «{state}»").format(
                    state=status_words(self.window.hall, t)
                )
            )
            return
        if key in ("manual_extraction", "suspend") and self.window.desk.ball_pending():
            # the manual extraction must not draw the ball that is out, nor skip it (R-INC-2)
            self.window.show_error(
                t("Antes lea la bola del tubo y escriba su número en el recuadro naranja")
            )
            return
        partida = self.window.hall.partida
        balls = len(partida.balls) if partida else 0
        dialog = IncidentDialog(
            incident,
            t(action_text),
            self.window,
            ball_count=balls,
            note=note,
            region=self.window.hall.region,
        )

        def confirmed() -> None:
            text = dialog.note.text().strip()
            commands: dict[str, cmd.Command[None]] = {
                "suspend": cmd.Suspend(note=text),
                "resume": cmd.Resume(note=text),
                "refund_suspended": cmd.RefundSuspended(note=text),
                "manual_extraction": cmd.StartManualExtraction(note=text),
                "ball_irregularity": cmd.Annul(incident="ball_irregularity", note=text),
                "caller_error": cmd.Annul(incident="caller_error", note=text),
            }
            if key == "correct_ball":
                assert dialog.index is not None and dialog.number is not None
                index, number = dialog.index.value(), dialog.number.value()
                commands[key] = cmd.CorrectBall(index=index, number=number, note=text)
            chosen = commands[key]
            if self.window.attempt(t("Incidencia"), lambda: self.window.service.handle(chosen)):
                self.window.draws.incident_recorded()

        dialog.accepted.connect(confirmed)
        self.window.open_dialog(dialog)
