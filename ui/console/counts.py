"""The balls before the jefe de sala: the counts at the session's opening and closing and after a
change of set (by hand or with the reader), their condition, and the change of set itself
(R-BALL-1, R-BALL-2; Cantabria II.2; decisions 22, 43, 47 and 57).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from actas.words import cause_text
from bingo import commands as cmd
from bingo.drawing import BallSetIrregular, DeviceLost
from bingo.hall import SessionState
from ui.console.ball_check import BallCheckDialog, BallCondition, BallCount, problem_words
from ui.console.ball_set import BallSetChange, BallSetDialog, set_words
from ui.console.state import ball_set_changeable
from ui.console.texts import t

if TYPE_CHECKING:
    from ui.console.window import ConsoleWindow


class Counts:
    """The counts and the change of set, for ``window`` (its desk, Sesión page and service)."""

    def __init__(self, window: ConsoleWindow) -> None:
        self.window = window
        self.page = window.session_page
        self.desk = window.desk
        page = self.page
        page.openSession.connect(self.open_session)
        page.closeSession.connect(self.close_session)
        page.countChange.connect(self.count_new_set)
        page.scanBalls.connect(self.scan_ball_set)
        page.changeBallSet.connect(lambda: self.ask_ball_set_change())
        # the banner asking for the count goes once the count is confirmed
        page.balls_counted.toggled.connect(lambda _on: window.error.check())

    # ------------------------------------------------------------------ the count

    def _parse_missing(self) -> list[int] | None:
        text = self.page.missing_text().replace(",", " ").split()
        try:
            missing = sorted({int(x) for x in text})
        except ValueError:
            self.window.show_error(t("Bolas que faltan: escriba números del 1 al 90"))
            return None
        return missing

    def _counted_balls(self, when: str) -> BallCount | None:
        """The ball count for the session's opening or closing, from the reader or by hand."""
        if self.window.devices is not None:
            numbers = self.desk.scanned.get(when)
            if numbers is None:
                self.window.show_error(
                    t("Lea primero el juego de bolas con el lector: Ctrl+L (página Sesión)"),
                    solved=lambda: when in self.desk.scanned,
                )
                return None
            return BallCount(when, tuple(numbers), "reader")
        missing = self._parse_missing()
        if missing is None:
            return None
        if not missing and not self.page.balls_counted.isChecked():
            self.window.show_error(
                t("Confirme el recuento de las 90 bolas ante el jefe de sala"),
                solved=self.page.balls_counted.isChecked,
            )
            return None
        return BallCount(when, tuple(n for n in range(1, 91) if n not in missing), "manual")

    def scan_ball_set(self) -> None:
        window = self.window
        if window.devices is None or window.bridge.busy:
            return
        devices = window.devices
        hall = window.hall
        if hall.session is None:
            when = "open"
        elif hall.ball_set_uncounted:
            when = "change"  # the count of a set changed while the session is open
        elif hall.partida is None:
            when = "close"
        else:
            when = "set"  # a new set read before the partida's first ball: no count of the session
        self.desk.scanning = when
        self.page.scan_result.setText(t("Leyendo el juego de bolas…"))
        window.bridge.submit("scan", devices.scan_set)
        window.refresh()

    def _ask_ball_check(self, count: BallCount, record: Callable[[BallCondition], None]) -> None:
        """The numbers are counted; their condition is asked before the jefe de sala, and what
        follows is said, before anything is recorded (Cantabria II.2; decisions 22 and 47).
        """
        dialog = BallCheckDialog(count, self.window)
        dialog.accepted.connect(lambda: record(dialog.answer()))
        dialog.rejected.connect(lambda: self._recount(dialog))
        self.window.open_dialog(dialog)

    def _recount(self, dialog: BallCheckDialog) -> None:
        """``Volver a contar`` (or ``Cancelar``): nothing is recorded; back to the count."""
        if dialog.conforming():
            return
        self.window.statusBar().showMessage(
            t("No se ha registrado nada: vuelva a contar las bolas ante el jefe de sala."), 15_000
        )
        self.window.pages.setCurrentIndex(0)
        if self.window.devices is not None:
            self.page.scan_balls.setFocus()
        elif self.page.balls_missing.text().strip():
            self.page.balls_missing.setFocus()
        else:
            self.page.balls_counted.setFocus()

    def _spent(self, when: str) -> None:
        """The count for ``when`` is used (recorded or refused): the next one starts afresh."""
        self.desk.scanned.pop(when, None)
        self.page.forget_count()

    def count_new_set(self) -> None:
        """The count of a set changed while the session is open: before the next partida or
        the first ball, as at the opening (R-BALL-2; decision 57).
        """
        self.window.pages.setCurrentIndex(0)
        if not self.window.hall.ball_set_uncounted:
            return
        count = self._counted_balls("change")
        if count is None:
            return
        self._ask_ball_check(count, lambda condition: self._record_change_count(count, condition))

    def _record_change_count(self, count: BallCount, condition: BallCondition) -> None:
        window = self.window
        session = window.hall.session
        if session is None:
            return
        recorded = window.attempt(
            t("Recuento del juego nuevo"),
            lambda: window.service.handle(
                cmd.RecordBallCheck(
                    session_id=session.id,
                    when="change",
                    numbers=tuple(count.numbers),
                    method=count.method,
                    condition_ok=condition.ok,
                    note=condition.note,
                )
            ),
        )
        self._spent("change")
        if not recorded:
            return
        if count.complete and condition.ok:
            self.page.count_note.hide()
            window.statusBar().showMessage(
                t("Recuento del juego nuevo registrado: puede seguir la partida."), 30_000
            )
            window.pages.setCurrentIndex(1 if window.hall.partida is None else 2)
            return
        self.page.scan_result.setText(t("Recuento no conforme registrado."))
        window.show_error(
            t(
                "Recuento del juego nuevo no conforme ({problem}): no se juega con él; cambie "
                "el juego de bolas y vuelva a contarlas"
            ).format(problem=problem_words(count, condition, note=False)),
            after_records=True,
        )
        damaged_only = count.complete and not condition.ok
        self.offer_ball_set_change("bola dañada" if damaged_only else "recuento fallido")

    def lead_to_count(self) -> bool:
        """A set changed and not counted yet: say so and go to its count (True when so)."""
        window = self.window
        if not window.hall.ball_set_uncounted:
            return False
        window.show_error(
            t(
                "El juego de bolas ha cambiado: léalo con el lector ante el jefe de sala "
                "(página Sesión) antes de seguir"
            )
            if window.devices is not None
            else t(
                "El juego de bolas ha cambiado: cuente sus 90 bolas ante el jefe de sala y "
                "registre el recuento (página Sesión) antes de seguir"
            ),
            solved=lambda: not window.hall.ball_set_uncounted,
        )
        window.pages.setCurrentIndex(0)
        self.page.focus_count()
        return True

    # ------------------------------------------------------------------ the session

    def open_session(self) -> None:
        self.window.pages.setCurrentIndex(0)
        if "open_session" not in self.window.allowed():
            return
        count = self._counted_balls("open")
        if count is None:
            return
        self._ask_ball_check(count, lambda condition: self._open_session(count, condition))

    def _open_session(self, count: BallCount, condition: BallCondition) -> None:
        window, page = self.window, self.page
        session_id = page.session_id.text().strip()
        date = page.session_date.text().strip()
        conforming = count.complete and condition.ok

        def run() -> None:
            window.service.handle(
                cmd.RecordBallCheck(
                    session_id=session_id,
                    when="open",
                    numbers=tuple(count.numbers),
                    method=count.method,
                    condition_ok=condition.ok,
                    note=condition.note,
                )
            )
            if conforming:
                window.service.handle(
                    cmd.OpenCountedSession(
                        session_id=session_id,
                        date=date,
                        jefe_de_mesa=page.jefe_de_mesa.text(),
                        jefe_de_sala=page.jefe_de_sala.text(),
                    )
                )

        if not window.attempt(t("Abrir la sesión"), run):
            return
        # Recorded, ok or not: the next set is read (or counted) again. Not ok, the session
        # does not open until the set is changed and counted again (II.2); the engine refuses
        # it too.
        self._spent("open")
        if conforming:
            page.count_note.hide()
            window.pages.setCurrentIndex(1)
            return
        page.scan_result.setText(t("Recuento no conforme registrado."))
        window.show_error(
            t(
                "Abrir la sesión: el recuento de bolas no es conforme ({problem}); cambie el "
                "juego de bolas y vuelva a contarlas"
            ).format(problem=problem_words(count, condition, note=False)),
            after_records=True,
        )
        damaged_only = count.complete and not condition.ok
        self.offer_ball_set_change("bola dañada" if damaged_only else "recuento fallido", "open")

    def close_session(self) -> None:
        session = self.window.hall.session
        if session is None or "close_session" not in self.window.allowed():
            return
        self.window.pages.setCurrentIndex(0)  # F10: the closing count is there
        last = session.ball_checks[-1] if session.ball_checks else None
        if last is not None and last.when == "close" and last.ok:  # counted already
            self.window.cash.before_close(
                lambda: self._close_session(session, None, BallCondition(True))
            )
            return
        count = self._counted_balls("close")
        if count is None:
            return
        # the drawer's summary first (the jefe de mesa confirms it), then the balls' condition
        self.window.cash.before_close(
            lambda: self._ask_ball_check(
                count, lambda condition: self._close_session(session, count, condition)
            )
        )

    def _close_session(
        self, session: SessionState, count: BallCount | None, condition: BallCondition
    ) -> None:
        """Record the closing count and close: a count that is not ok is recorded and the
        session still closes, the acta showing the check "no conforme" (decision 22).
        """
        window = self.window

        def run() -> None:
            # the jefe de sala first: a refusal must not leave the count recorded (R-ROLE-2)
            authorised = window.service.authorise("close_session")
            if count is not None:
                window.service.handle(
                    cmd.RecordBallCheck(
                        session_id=session.id,
                        when="close",
                        numbers=tuple(count.numbers),
                        method=count.method,
                        condition_ok=condition.ok,
                        note=condition.note,
                    )
                )
            window.service.handle(cmd.CloseSession(), authorised)

        closed = window.attempt(t("Cerrar la sesión"), run)
        self._spent("close")
        if not closed:
            return
        if count is None or (count.complete and condition.ok):
            self.page.count_note.hide()
            return
        message = t(
            "Sesión {id} cerrada con la comprobación de bolas no conforme ({problem}): el acta "
            "la muestra así. Cambie el juego de bolas antes de la próxima sesión."
        ).format(id=session.id, problem=problem_words(count, condition))
        self.page.show_count_note(message, warning=True)
        self.page.scan_result.clear()
        window.statusBar().showMessage(message, 30_000)
        window.log_later(message)

    # ------------------------------------------------------------------ the reader's answer

    def scanned(self, result: object) -> None:
        when, self.desk.scanning = self.desk.scanning, ""
        numbers = list(result) if isinstance(result, list) else []
        if when != "set":
            self.desk.scanned[when] = numbers
        self.desk.set_unread = False
        self.page.count_note.hide()
        self.page.scan_result.setText(
            t("Lector: {n} bolas leídas, del 1 al 90 una vez cada una: correcto").format(
                n=len(numbers)
            )
        )
        if when == "change":
            self.count_new_set()  # the jefe de mesa confirms their condition at once

    def scan_failed(self, error: object) -> None:
        window = self.window
        when, self.desk.scanning = self.desk.scanning, ""
        self.desk.scanned.pop(when, None)
        message = (
            cause_text(error) if isinstance(error, DeviceLost | BallSetIrregular) else str(error)
        )
        self.page.scan_result.setText(message)
        counted = (
            isinstance(error, BallSetIrregular)
            and when in ("open", "close", "change")
            and bool(error.missing or error.duplicated)
        )
        if counted and isinstance(error, BallSetIrregular):
            # balls missing or repeated: that reading is the count, recorded as it is when
            # the session is opened (it does not open) or closed (it closes, decision 22)
            self.desk.scanned[when] = list(error.scanned)
        if counted and when == "change":
            self.count_new_set()  # recorded as it is: no partida is played with that set
        elif counted and when == "close":
            window.show_error(
                t(
                    "Recuento de cierre: {e} Vuelva a leer el juego, o cierre la sesión con "
                    "la comprobación no conforme"
                ).format(e=message)
            )
        else:
            window.show_error(t("Recuento de bolas: {e}").format(e=message))
            if isinstance(error, BallSetIrregular):  # missing or repeated: change the set
                self.offer_ball_set_change("recuento fallido", when)

    # ------------------------------------------------------------------ the change of set

    def offer_ball_set_change(self, reason: str, counting: str = "") -> None:
        """The banner's button to the change of set, for the reason the banner gives."""
        self.window.error.offer(
            t("Cambiar el juego de bolas…"), lambda: self.ask_ball_set_change(reason, counting)
        )

    def ask_ball_set_change(self, reason: str = "", counting: str = "") -> None:
        """Sesión → Cambiar el juego de bolas… (Ctrl+B), or the banner's button. ``reason`` is
        the reason offered first (Spanish, as recorded); ``counting`` the count that failed
        ("open", "close"), to which the new set goes back.
        """
        window = self.window
        if not ball_set_changeable(window.hall, self.desk):
            window.show_error(
                t("El juego de bolas se cambia entre partidas o antes de la primera bola")
            )
            return
        dialog = BallSetDialog(window.hall, self._record_ball_set, window, reason=reason)

        def recorded() -> None:
            if dialog.recorded is not None:
                self._ball_set_recorded(dialog.recorded, counting)

        dialog.accepted.connect(recorded)
        window.open_dialog(dialog)

    def _record_ball_set(self, change: BallSetChange) -> str | None:
        """Run by the dialog: None once the change is recorded, else the refusal's words,
        which the dialog shows (and the event log keeps).
        """
        refusal: list[str] = []
        done = self.window.attempt(
            t("Cambiar el juego de bolas"),
            lambda: self.window.service.handle(
                cmd.InstallBallSet(
                    ball_set_id=change.ball_set_id,
                    homologation=change.homologation,
                    guaranteed_partidas=change.guaranteed_partidas,
                    partidas_before=change.partidas_before,
                    pneumatic=change.pneumatic,
                    reason=change.reason,
                )
            ),
            report=refusal.append,
        )
        return None if done else refusal[0]

    def _ball_set_recorded(self, change: BallSetChange, counting: str) -> None:
        window = self.window
        hall = window.hall
        ball_set = hall.ball_set
        assert ball_set is not None  # just installed
        message = t("Cambio de juego de bolas registrado: {set}; motivo: «{reason}».").format(
            set=set_words(ball_set, hall), reason=change.reason
        )
        # The old set's readings and counts say nothing of the new one (R-BALL-2), and the
        # reader knows each ball by the scan of its set (decision 43).
        self.desk.scanned.clear()
        self.page.forget_count()
        reader = window.devices is not None
        self.desk.set_unread = reader
        session = hall.session
        if session is None:
            note = (
                t(
                    "Juego {id} instalado: léalo ahora con el lector ante el jefe de sala y "
                    "abra la sesión."
                )
                if reader
                else t(
                    "Juego {id} instalado: cuente ahora sus 90 bolas ante el jefe de sala y "
                    "abra la sesión."
                )
            )
        elif counting == "close":
            note = (
                t(
                    "Juego {id} instalado: léalo ahora con el lector ante el jefe de sala y "
                    "cierre la sesión."
                )
                if reader
                else t(
                    "Juego {id} instalado: cuente ahora sus 90 bolas ante el jefe de sala y "
                    "cierre la sesión."
                )
            )
        elif reader:
            note = t(
                "Juego {id} instalado: léalo ahora con el lector ante el jefe de sala; sin ese "
                "recuento no se juega con él, y el lector reconoce cada bola por esa "
                "lectura."
            )
        else:
            note = t(
                "Juego {id} instalado: cuente ahora sus 90 bolas ante el jefe de sala y "
                "registre el recuento; sin él no se juega con este juego."
            )
        self.page.show_count_note(note.format(id=ball_set.id))
        self.page.scan_result.clear()
        window.statusBar().showMessage(message, 30_000)
        window.log_later(message)  # after the engine's own line, which comes queued
        window.refresh()
        if session is None or counting == "close" or reader or hall.ball_set_uncounted:
            # back to the count (or the reading) of the new set, on the Sesión page
            window.pages.setCurrentIndex(0)
            self.page.focus_count()
