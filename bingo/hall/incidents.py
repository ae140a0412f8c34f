"""The partida's incidents: a failure before the first ball (suspend, resume, refund), the table's
reading of a ball, the manual book, the manual extraction after a device failure, a ball
irregularity and the annulment; each recorded with the paragraph read aloud (R-INC-1 to R-INC-5).
"""

from __future__ import annotations

from collections.abc import Sequence

from bingo import events as ev
from bingo.errors import DomainError
from bingo.hall.fold import HallState
from bingo.hall.states import FINISHED, PARTIDA_ACTIONS, PLAYING, PartidaState, Status
from bingo.regulation import paragraph


class IncidentCommands(HallState):
    """The commands of the incidents of a partida."""

    def suspend(self, note: str) -> list[ev.Event]:
        """A failure before the first ball (R-INC-1)."""
        partida = self._need_partida(*PARTIDA_ACTIONS["suspend"])
        return [
            ev.PartidaSuspended(partida=partida.number, note=note),
            _incident(partida, "failure_before_first_ball", 0, note, region=self.region),
        ]

    def resume(self, note: str) -> list[ev.Event]:
        partida = self._need_partida(*PARTIDA_ACTIONS["resume"])
        if partida.irregular:
            raise DomainError(
                "una irregularidad de las bolas no se reanuda: la partida se da por finalizada "
                "y se devuelven los cartones",
                "R-INC-3",
            )
        return [ev.PartidaResumed(partida=partida.number, note=note)]

    def refund_suspended(self, note: str) -> list[ev.Event]:
        """The failure could not be resolved: every cartón sold is refunded (R-INC-1)."""
        partida = self._need_partida(*PARTIDA_ACTIONS["refund_suspended"])
        return [
            ev.PartidaAnnulled(
                partida=partida.number,
                reason=note or "avería no resuelta antes de la primera bola",
                refund_cents=partida.takings_cents,
            )
        ]

    def note_reader_hold(self, note: str, incident: str = "reader_hold") -> list[ev.Event]:
        """The jefe de mesa read the ball himself, recorded before the ball: ``reader_hold``,
        the reader's number was not taken and the ball prevails (III párr. 9, R-GAME-3);
        ``ball_in_tube``, a device was lost with this ball already out of the drum, so it is
        drawn before the manual extraction of the pending balls (II.1.b párr. 2, R-INC-2).
        """
        read_under = {
            "reader_hold": "ball_corrected",
            "ball_in_tube": "failure_after_extraction_began",
        }
        if incident not in read_under:
            raise DomainError(f"lectura de la mesa desconocida: {incident!r}")
        partida = self._need_partida(*PLAYING)
        return [
            _incident(
                partida,
                incident,
                len(partida.balls),
                note,
                paragraph_of=read_under[incident],
                region=self.region,
            )
        ]

    def note_system_interruption(self, stopped_at: str, resumed_at: str) -> list[ev.Event]:
        """The hall's system stopped with a partida in play and is back (its process killed,
        the power gone, the server closed mid-partida): the interruption and the resumption, with
        their times, are an incident of that partida, as the regulation's «avería del sistema
        informático» (IV.2) — the acta would otherwise show nothing of it. Nothing when no
        partida is in play. ``stopped_at``: the time of the last record before the stop.
        """
        partida = self.partida
        if partida is None or partida.status in FINISHED:
            return []
        note = (
            f"sistema de la sala interrumpido tras el registro de las {_clock(stopped_at)}; "
            f"reanudado a las {_clock(resumed_at)}"
        )
        return [
            _incident(
                partida,
                "system_interruption",
                len(partida.balls),
                note,
                paragraph_of="manual_book",
                region=self.region,
            )
        ]

    def note_manual_book(self, from_ball: int, note: str) -> list[ev.Event]:
        """Mark the partida as taken back from the manual book from this ball on (R-ACTA-4)."""
        partida = self._need_partida()
        if partida.transcribed:
            return []
        return [_incident(partida, "manual_book", from_ball - 1, note, region=self.region)]

    def start_manual_extraction(self, note: str) -> list[ev.Event]:
        """A device failure after the first ball: go on by hand (R-INC-2)."""
        partida = self._need_partida(*PARTIDA_ACTIONS["start_manual_extraction"])
        if partida.manual_from_ball is not None:
            raise DomainError("la partida ya sigue por extracción manual", "R-INC-2")
        return [
            ev.ManualExtractionStarted(
                partida=partida.number, from_ball=len(partida.balls) + 1, note=note
            ),
            _incident(
                partida,
                "failure_after_extraction_began",
                len(partida.balls),
                note,
                region=self.region,
            ),
        ]

    def stop_for_ball_irregularity(
        self, note: str, duplicated: Sequence[int] = ()
    ) -> list[ev.Event]:
        """A missing, duplicated, defective or overweight ball, or a mechanism irregularity,
        once the partida began: it is suspended at once, the incident recorded (with the
        duplicated numbers and where each came out first), and only its annulment with refund
        may follow (R-INC-3), after the jefe de sala reads the paragraph (R-INC-5).
        """
        partida = self._need_partida(*PLAYING, Status.SALE_CLOSED)
        seen = [
            f"{n} (ya salió en la extracción {partida.balls.index(n) + 1})"
            if n in partida.balls
            else str(n)
            for n in duplicated
        ]
        said = f" Bola duplicada: {', '.join(seen)}." if seen else ""
        text = f"{note.strip()}{said}".strip() or "irregularidad de las bolas"
        return [
            ev.PartidaSuspended(partida=partida.number, note=text),
            _incident(partida, "ball_irregularity", len(partida.balls), text, region=self.region),
        ]

    def annul(self, incident: str, note: str) -> list[ev.Event]:
        """A ball or mechanism irregularity (R-INC-3) or an uncorrectable caller error (R-INC-4)."""
        if incident not in ("ball_irregularity", "caller_error"):
            raise DomainError(f"incidencia que no anula la partida: {incident!r}")
        partida = self._need_partida(*PARTIDA_ACTIONS["annul"])
        if incident == "caller_error" and not partida.balls:
            raise DomainError("sin bolas extraídas no hay error de locución que anular", "R-INC-4")
        recorded = incident == "ball_irregularity" and partida.irregular  # when it stopped
        return [
            *(
                []
                if recorded
                else [_incident(partida, incident, len(partida.balls), note, region=self.region)]
            ),
            ev.PartidaAnnulled(
                partida=partida.number, reason=note, refund_cents=partida.takings_cents
            ),
        ]


def _clock(at: str) -> str:
    """HH:MM:SS of a record's ISO time (the whole text when it is not one)."""
    return at[11:19] if len(at) >= 19 and at[10] == "T" else at


def _incident(
    partida: PartidaState,
    kind: str,
    after_ball: int,
    note: str,
    paragraph_of: str = "",
    *,
    region: str,
) -> ev.IncidentRecorded:
    """An incident with the paragraph of the hall's own regulation read aloud before acting on
    it (R-INC-5).
    """
    return ev.IncidentRecorded(
        partida=partida.number,
        incident=kind,
        after_ball=after_ball,
        note=note,
        paragraph=paragraph(paragraph_of or kind, region),
    )
