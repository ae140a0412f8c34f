"""The papers printed at the table: the session's acta, the prima's receipt and the winner's
proof. The record is read on the GUI thread; the PDF is laid out, sealed and written on the
bridge's worker (``documents``), its outcome coming back as the ``document`` job.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QStandardPaths, Qt
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QApplication, QFileDialog

from actas.render import render_acta
from bingo.hall import Award, DomainError, PartidaState, SessionState, Status
from store.errors import StoreError
from ui.console import documents, printing
from ui.console.state import shown_partida
from ui.console.texts import prize_name, t

if TYPE_CHECKING:
    from ui.console.window import ConsoleWindow

log = logging.getLogger(__name__)


class Papers:
    """The acta and the receipts, for ``window`` (its desk, pages and service)."""

    def __init__(self, window: ConsoleWindow) -> None:
        self.window = window
        self.desk = window.desk
        self.documents_dir = window.defaults.documents_dir
        window.session_page.saveActa.connect(self.save_acta)
        window.prizes_page.primaReceipt.connect(self.save_prima_receipt)
        window.prizes_page.winnerProof.connect(self.save_winner_proof)
        window.session_page.printActa.connect(self.print_acta)
        window.prizes_page.printPrimaReceipt.connect(self.print_prima_receipt)
        window.prizes_page.printWinnerProof.connect(self.print_winner_proof)

    def _ask_pdf_path(self, title: str, name: str) -> Path | None:
        """The save dialog; None when the operator cancels."""
        folder = self.documents_dir or Path(
            QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
            or Path.home()
        )
        chosen, _filter = QFileDialog.getSaveFileName(
            self.window, title, str(folder / name), t("Documentos PDF (*.pdf)")
        )
        if not chosen:
            return None
        path = Path(chosen)
        if not path.suffix:
            path = path.with_suffix(".pdf")
        self.documents_dir = path.parent
        return path

    def _start(self, what: str, message: Callable[[Path], str], job: Callable[[], object]) -> None:
        """Lay out and write a paper on the worker; the outcome comes back as ``document``."""
        self.desk.document = (what, message)
        QApplication.setOverrideCursor(QCursor(Qt.CursorShape.BusyCursor))
        self.window.statusBar().showMessage(t("{what}: preparando el PDF…").format(what=what))
        self.window.bridge.submit("document", job)
        self.window.refresh()

    def _finished(self) -> tuple[str, Callable[[Path], str]]:
        document, self.desk.document = self.desk.document, None
        if document is None:  # the window was closing
            return "", str
        QApplication.restoreOverrideCursor()
        self.window.statusBar().clearMessage()
        return document

    def _failed(self, what: str, error: object) -> None:
        known = documents.ActaDataError | documents.SealError | OSError | DomainError | StoreError
        if isinstance(error, known):
            self.window.show_error(t("{what}: {reason}").format(what=what, reason=error))
        else:
            log.error("%s failed: %r", what, error)
            self.window.show_error(
                t("{what}: error inesperado: {reason}").format(what=what, reason=error)
            )

    def saved(self, result: object) -> None:
        what, message = self._finished()
        if what and isinstance(result, documents.Saved | printing.Printed):
            text = message(
                result.path if isinstance(result, documents.Saved) else Path(result.printer)
            )
            self.window.statusBar().showMessage(text, 30_000)
            self.window.log_line(text)

    def failed(self, error: object) -> None:
        what, _message = self._finished()
        if what:
            self._failed(what, error)

    def abandon(self) -> None:
        """The window closes: the paper on the worker will not be reported."""
        if self.desk.document is not None:
            self.desk.document = None
            QApplication.restoreOverrideCursor()

    def _read_export(self, what: str, session: SessionState) -> dict[str, Any] | None:
        """The export for the papers of ``session``, read on the GUI thread (busy cursor)."""
        QApplication.setOverrideCursor(QCursor(Qt.CursorShape.WaitCursor))
        try:
            return documents.export_for_session(self.window.service, session)
        except Exception as exc:  # a record that fails its check, a card set missing…
            self._failed(what, exc)
            return None
        finally:
            QApplication.restoreOverrideCursor()

    def _printer(self, what: str) -> str | None:
        """The hall's printer chosen in the options; None (and why, in the banner) if none."""
        name = self.window.options.printer
        if not name:
            self.window.show_error(
                t("{what}: no hay impresora elegida; elíjala en Sesión → Opciones (Ctrl+O)").format(
                    what=what
                )
            )
            return None
        return name

    def _acta_session(self, what: str) -> SessionState | None:
        """The session whose acta is asked for (the open one, or the last); None, said, when
        there is none, or when a paper is already being made.
        """
        if self.desk.document is not None:
            return None
        session = documents.acta_session(self.window.hall)
        if session is None:
            self.window.show_error(t("{what}: todavía no hay ninguna sesión").format(what=what))
        return session

    def print_acta(self) -> None:
        """Sesión → Imprimir el acta (Ctrl+Shift+P): the acta sent to the hall's printer."""
        what = t("Acta de la sesión")
        session = self._acta_session(what)
        if session is None:
            return
        printer = self._printer(what)
        if printer is None:
            return
        export = self._read_export(what, session)
        if export is None:
            return
        session_id = session.id
        text = t("Acta de la sesión {id} enviada a la impresora {printer}").format(
            id=session_id, printer=printer
        )
        job = printing.print_job(
            lambda: render_acta(export, session_id), printer, f"acta-{session_id}"
        )
        self._start(what, lambda _printed: text, job)

    def save_acta(self) -> None:
        """Sesión → Acta de la sesión… (Ctrl+P): the acta of the open (or last) session."""
        what = t("Acta de la sesión")
        session = self._acta_session(what)
        if session is None:
            return
        sealed = self.window.session_page.seal_acta.isChecked()
        title = (
            t("Guardar el acta de la sesión {id}, sellada con la clave de la sala")
            if sealed
            else t("Guardar el acta de la sesión {id}")
        ).format(id=session.id)
        path = self._ask_pdf_path(title, documents.file_name("acta", session.id))
        if path is None:
            return
        export = self._read_export(what, session)
        if export is None:
            return
        numbers = documents.session_partidas(export, session.id)
        if session.closed_at is not None:
            state = t("cerrada")
        elif numbers:
            state = t("en curso, hasta la partida {n}").format(n=numbers[-1])
        else:
            state = t("en curso, sin partidas todavía")
        text = t("Acta de la sesión {id} ({state}) guardada{sealed} en {path}")
        sealed_words = t(" y sellada") if sealed else ""

        def message(saved: Path) -> str:
            return text.format(id=session.id, state=state, sealed=sealed_words, path=saved)

        job = documents.acta_job(
            export, session.id, path, sealed=sealed, keys_dir=self.window.defaults.keys_dir
        )
        self._start(what, message, job)

    def _award_for(self, shown: PartidaState, prizes: tuple[str, ...] | None) -> Award | None:
        """The award of the row chosen in the table (or the first one) among ``prizes``."""
        awards = [a for a in shown.awards if prizes is None or a.prize in prizes]
        row = self.window.prizes_page.chosen_row()
        if 0 <= row < len(shown.awards) and shown.awards[row] in awards:
            return shown.awards[row]
        return awards[0] if awards else None

    def _save_receipt(self, proof: bool, to_printer: bool = False) -> None:
        what = t("Comprobante del ganador") if proof else t("Justificante de la prima")
        hall = self.window.hall
        shown = shown_partida(hall)
        session = hall.session
        if self.desk.document is not None or shown is None or session is None:
            return
        if shown.status not in (Status.CLOSED, Status.PAID):
            self.window.show_error(
                t("{what}: la partida {n} no está cerrada").format(what=what, n=shown.number)
            )
            return
        award = self._award_for(shown, None if proof else documents.DETAILED_PRIZES)
        if award is None:
            self.window.show_error(
                t("{what}: la partida {n} no tiene ese premio").format(what=what, n=shown.number)
            )
            return
        layout: documents.Layout = "80mm" if self.window.prizes_page.roll() else "a4"
        name = documents.file_name(
            "comprobante" if proof else "justificante",
            session.id,
            f"p{shown.number}",
            award.prize,
            award.series,
            award.number,
            "80mm" if layout == "80mm" else "",
        )
        title = t("{what}: partida {n}, {prize}, cartón {series} / {number}").format(
            what=what,
            n=shown.number,
            prize=prize_name(award.prize),
            series=award.series,
            number=award.number,
        )
        printer = self._printer(what) if to_printer else None
        if to_printer and printer is None:
            return
        path = None if printer is not None else self._ask_pdf_path(title, name)
        if printer is None and path is None:
            return
        export = self._read_export(what, session)
        if export is None:
            return
        kind = t("Comprobante") if proof else t("Justificante y duplicado")
        if printer is not None:
            sent = t(
                "{kind} de {prize} de la partida {n} ({series} / {number}) enviado a la "
                "impresora {printer}"
            ).format(
                kind=kind,
                prize=prize_name(award.prize),
                n=shown.number,
                series=award.series,
                number=award.number,
                printer=printer,
            )
            session_id, partida = session.id, shown.number

            def render() -> bytes:
                return documents.receipt_pdf(
                    export,
                    session_id,
                    partida,
                    prize=award.prize,
                    series=award.series,
                    number=award.number,
                    proof=proof,
                    layout=layout,
                )

            self._start(what, lambda _printed: sent, printing.print_job(render, printer, name))
            return
        assert path is not None
        text = t("{kind} de {prize} de la partida {n} ({series} / {number}) guardado en {path}")
        n = shown.number

        def message(saved: Path) -> str:
            return text.format(
                kind=kind,
                prize=prize_name(award.prize),
                n=n,
                series=award.series,
                number=award.number,
                path=saved,
            )

        job = documents.receipt_job(
            export,
            session.id,
            shown.number,
            path,
            prize=award.prize,
            series=award.series,
            number=award.number,
            proof=proof,
            layout=layout,
        )
        self._start(what, message, job)

    def save_prima_receipt(self) -> None:
        """The prima (or interconnected) receipt and its duplicate (R-PRIMA-6)."""
        self._save_receipt(proof=False)

    def save_winner_proof(self) -> None:
        """A winner's proof: the cartón as printed with the balls drawn."""
        self._save_receipt(proof=True)

    def print_prima_receipt(self) -> None:
        """The prima's receipt and its duplicate, sent to the hall's printer (Ctrl+Shift+J)."""
        self._save_receipt(proof=False, to_printer=True)

    def print_winner_proof(self) -> None:
        """The winner's proof, sent to the hall's printer (Ctrl+Shift+G)."""
        self._save_receipt(proof=True, to_printer=True)
