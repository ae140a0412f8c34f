"""The hall's set-up and its sessions: the hall, its rules, card sets, series and ball sets, the
prima's amount; the counts of the balls, the opening, the last partida announced and the close of
a session (R-BALL-1, R-BALL-2, R-PRIMA-2, R-GAME-6); the reclamaciones about a session (R-ACTA-5).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from bingo import events as ev
from bingo.ball_count import count_conforms
from bingo.cards import CardSet
from bingo.errors import DomainError
from bingo.hall.fold import HallState
from bingo.hall.states import BallSetState
from bingo.i18n import _
from bingo.rules import RegionRules
from bingo.terminals import TerminalLimits

#: The longest session id: what the interconnected prize's ledger keys a settlement by
#: (``store.models.InterconnectedSettlementRow``) and the command line takes (decision 289).
MAX_SESSION_ID = 64


class SessionCommands(HallState):
    """The commands of the hall's set-up, its sessions and their reclamaciones."""

    # --- hall set-up -----------------------------------------------------------------------

    def start_simulation(self, event: ev.SimulationStarted) -> list[ev.Event]:
        if event.session_id in self.simulations or any(
            s.id == event.session_id for s in self.sessions
        ):
            raise DomainError(f"la sesión {event.session_id} ya existe")
        return [event]

    def register_hall(
        self, hall_id: str, name: str, region: str, languages: Sequence[str]
    ) -> list[ev.Event]:
        if self.hall_id:
            raise DomainError(f"la sala ya está registrada como {self.hall_id}")
        if not hall_id.strip() or not name.strip():
            raise DomainError("la sala necesita un identificador y un nombre")
        return [
            ev.HallRegistered(hall_id=hall_id, name=name, region=region, languages=tuple(languages))
        ]

    def adopt_rules(self, rules: RegionRules) -> list[ev.Event]:
        rules.checked()
        if self.session is not None:
            raise DomainError(
                "las reglas no cambian con una sesión abierta: se adoptan entre sesiones",
                "R-NET-3",
            )
        if rules == self.rules:
            return []
        return [rules.to_event()]

    def adopt_terminal_limits(self, limits: TerminalLimits) -> list[ev.Event]:
        """The settings' limits on auxiliary machines into the record (decision 300): nothing
        when they are the recorded ones (or there are none and the region sets none); a change
        only between sessions, as the rules (decision 52).
        """
        recorded = self.recorded_terminal_limits
        if recorded is None:
            return [limits.to_event()] if limits.bounded else []
        changes = recorded.differences(limits)
        if not changes:
            return []
        if self.session is not None:
            raise DomainError(
                _(
                    "los límites de las máquinas auxiliares de la configuración no son los de la "
                    "sesión abierta ({changes}): la categoría de la sala no cambia con una sesión "
                    "abierta; cierre la sesión o arranque con la configuración de la sala; {rule}"
                ).format(changes="; ".join(changes), rule=recorded.machines_rule),
                "R-MULTI-3",
            )
        return [limits.to_event()]

    def register_card_set(self, card_set: CardSet, source: str) -> list[ev.Event]:
        if card_set.id in self.games.card_sets:  # one id, one card set (and one store copy)
            raise DomainError(f"el juego de cartones {card_set.id!r} ya existe", "R-CARD-3")
        known = self.card_set_info.get(card_set.id)
        digest = card_set.digest()
        if known is not None:
            if known.digest != digest:
                raise DomainError(
                    f"ya existe un juego de cartones {card_set.id!r} con otro contenido", "R-CARD-2"
                )
            return []
        return [
            ev.CardSetRegistered(
                card_set_id=card_set.id, count=len(card_set), digest=digest, source=source
            )
        ]

    def register_serie(
        self, code: str, card_set_id: str, size: int, face_value_cents: int, electronic: bool
    ) -> list[ev.Event]:
        if not code.strip():
            raise DomainError("la serie necesita un código", "R-CARD-3")
        if code in self.series or code in self.games.series:
            raise DomainError(f"la serie {code} ya existe", "R-CARD-3")
        info = self.card_set_info.get(card_set_id)
        if info is None:
            raise DomainError(
                f"el juego de cartones {card_set_id!r} no está registrado", "R-CARD-2"
            )
        if not 1 <= size <= info.count:
            raise DomainError(
                f"la serie {code} debe tener entre 1 y {info.count} cartones (pedidos {size})",
                "R-CARD-3",
            )
        if face_value_cents <= 0:
            raise DomainError("el valor facial debe ser positivo", "R-CARD-3")
        return [
            ev.SerieRegistered(
                code=code,
                card_set_id=card_set_id,
                size=size,
                face_value_cents=face_value_cents,
                electronic=electronic,
            )
        ]

    def install_ball_set(
        self,
        ball_set_id: str,
        homologation: str,
        guaranteed_partidas: int,
        partidas_before: int,
        pneumatic: bool,
        reason: str,
    ) -> list[ev.Event]:
        rules = self._need_rules()
        partida = self.partida
        if partida is not None and partida.balls:
            raise DomainError(
                "no se cambia el juego de bolas con la extracción comenzada", "R-BALL-1"
            )
        if not homologation.strip():
            raise DomainError("el juego de bolas necesita su número de homologación", "R-BALL-1")
        if guaranteed_partidas <= 0 or partidas_before < 0:
            raise DomainError("partidas garantizadas y partidas previas no válidas", "R-BALL-1")
        current = self.ball_set
        if current is not None:
            if current.id == ball_set_id:
                raise DomainError(f"el juego de bolas {ball_set_id} ya está instalado", "R-BALL-1")
            if not reason.strip():
                raise DomainError("indique el motivo del cambio de juego de bolas", "R-BALL-1")
        # A set that already played here comes back with at least the partidas the record shows:
        # its count toward the limit cannot be reset by typing a smaller number.
        earlier = self.ball_sets_seen.get(ball_set_id)
        if earlier is not None:
            if earlier.homologation != homologation:
                raise DomainError(
                    f"el juego de bolas {ball_set_id} consta con la homologación "
                    f"{earlier.homologation}, no {homologation}",
                    "R-BALL-1",
                )
            if partidas_before < earlier.partidas_played:
                raise DomainError(
                    f"el juego de bolas {ball_set_id} ya lleva {earlier.partidas_played} "
                    f"partidas según el registro, no {partidas_before}",
                    "R-BALL-1",
                )
        candidate = BallSetState(
            ball_set_id, homologation, guaranteed_partidas, pneumatic, partidas_before
        )
        if partidas_before >= candidate.limit(rules):
            raise DomainError(
                f"el juego de bolas {ball_set_id} ya ha jugado {partidas_before} partidas; "
                f"su límite es {candidate.limit(rules)}",
                "R-BALL-1",
            )
        return [
            ev.BallSetInstalled(
                ball_set_id=ball_set_id,
                homologation=homologation,
                guaranteed_partidas=guaranteed_partidas,
                partidas_before=partidas_before,
                pneumatic=pneumatic,
                reason=reason,
            )
        ]

    def choose_prima_amount(self, amount_cents: int) -> list[ev.Event]:
        rules = self._need_rules()
        problem = rules.prima_amount_problem(amount_cents)
        if problem:
            raise DomainError(problem, "R-PRIMA-2")
        if amount_cents == self.prima.amount_cents:
            return []
        if not self.prima.awarded_since_chosen:
            raise DomainError(
                f"la prima de {self.prima.amount_cents // 100} € aún no se ha otorgado; "
                "solo puede cambiarse después de concederla",
                "R-PRIMA-2",
            )
        partida = self.partida
        if partida is not None:
            raise DomainError("la prima se cambia entre partidas, no durante una", "R-PRIMA-2")
        session = self.session
        last = session.partidas[-1].number if session and session.partidas else None
        return [
            ev.PrimaAmountChosen(
                amount_cents=amount_cents,
                after_partida=last,
                session_id=session.id if session else None,
            )
        ]

    # --- sessions --------------------------------------------------------------------------

    def record_ball_check(
        self,
        session_id: str,
        when: str,
        numbers: Sequence[int],
        method: str,
        condition_ok: bool = True,
        note: str = "",
    ) -> list[ev.Event]:
        if when not in ("open", "close", "change"):
            raise DomainError(f"comprobación de bolas desconocida: {when!r}")
        if when == "change":
            self._check_change_count(session_id)
        if when == "open" and self.session is not None:
            raise DomainError(f"la sesión {self.session.id} sigue abierta")
        if when == "open":
            earlier, same_set = self._count_before_opening(session_id)
            if earlier is not None and not earlier.condition_ok and same_set:
                # A damaged ball does not mend itself: a new count of the same set could only
                # hide it (Cantabria II.2, "en perfecto estado").
                raise DomainError(
                    f"el juego de bolas tiene bolas dañadas ({earlier.note}): cámbielo antes "
                    "de volver a contar",
                    "R-BALL-2",
                )
        if when == "close":
            session = self._need_session()
            if session.id != session_id:
                raise DomainError(f"la sesión abierta es {session.id}, no {session_id}")
            if session.current is not None:
                raise DomainError("no se cierra la sesión con una partida en curso", "R-BALL-2")
            self.games.refuse_open(session.id)
        if not condition_ok and not note.strip():
            raise DomainError("diga qué bolas no están en perfecto estado", "R-BALL-2")
        ok = count_conforms(numbers, condition_ok)  # the centre's rule too (bingo.ball_count)
        return [
            ev.BallCheckRecorded(
                session_id=session_id,
                when=when,
                numbers=tuple(numbers),
                ok=ok,
                method=method,
                condition_ok=condition_ok,
                note=note.strip(),
            )
        ]

    def _check_change_count(self, session_id: str) -> None:
        """A count of a set changed while the session is open (R-BALL-2): before the next ball
        of the session is drawn with it.
        """
        session = self._need_session()
        if session.id != session_id:
            raise DomainError(f"la sesión abierta es {session.id}, no {session_id}")
        if not self.ball_set_uncounted:
            raise DomainError(
                "el juego de bolas no ha cambiado desde el último recuento: las bolas se "
                "cuentan al abrir y al cerrar la sesión",
                "R-BALL-2",
            )
        if session.ball_checks and session.ball_checks[-1].when == "close":
            raise DomainError("las bolas ya se contaron para el cierre de la sesión", "R-BALL-2")
        partida = session.current
        if partida is not None and partida.balls:
            raise DomainError("la extracción de la partida ya comenzó", "R-BALL-2")
        failed = self._failed_change_count
        if failed is not None and failed[1] == len(self.ball_set_changes):
            raise DomainError(
                f"el juego de bolas tiene bolas dañadas ({failed[0].note}): cámbielo antes de "
                "volver a contar",
                "R-BALL-2",
            )

    def open_session(
        self, session_id: str, date: str, jefe_de_mesa: str, jefe_de_sala: str
    ) -> list[ev.Event]:
        self.check_session_opening(session_id, date, jefe_de_mesa, jefe_de_sala)
        check, same_set = self._count_before_opening(session_id)
        if check is None or check.when != "open":
            raise DomainError("antes de abrir la sesión hay que contar las 90 bolas", "R-BALL-2")
        if not same_set:
            raise DomainError(
                "el juego de bolas cambió después del recuento: cuente las bolas del juego "
                "instalado",
                "R-BALL-2",
            )
        if not check.ok:
            raise DomainError(
                "la última comprobación de bolas no fue correcta: cambie el juego de bolas "
                "y vuelva a contarlas",
                "R-BALL-2",
            )
        return [
            ev.SessionOpened(
                session_id=session_id,
                date=date,
                jefe_de_mesa=jefe_de_mesa,
                jefe_de_sala=jefe_de_sala,
            )
        ]

    def check_session_opening(
        self, session_id: str, date: str, jefe_de_mesa: str, jefe_de_sala: str
    ) -> None:
        """What refuses a session whatever its count says: checked before the opening count is
        recorded, so a refused opening records nothing (R-BALL-2).
        """
        self._need_rules()
        if not self.hall_id:
            raise DomainError("la sala no está registrada")
        if self.session is not None:
            raise DomainError(f"la sesión {self.session.id} sigue abierta")
        if (
            not session_id.strip()
            or len(session_id) > MAX_SESSION_ID
            or not session_id.isprintable()
        ):
            # the ledger of the interconnected prize keys each settlement by it (decision 289)
            raise DomainError(
                f"identificador de sesión no válido {session_id[:MAX_SESSION_ID]!r}: de 1 a "
                f"{MAX_SESSION_ID} caracteres imprimibles"
            )
        if any(s.id == session_id for s in self.sessions):
            raise DomainError(f"ya hubo una sesión {session_id}")
        day = _date(date)
        if self.sessions and day < dt.date.fromisoformat(self.sessions[-1].date):
            raise DomainError(f"la fecha {date} es anterior a la de la última sesión")
        if self.ball_set is None:
            raise DomainError("no hay juego de bolas instalado", "R-BALL-1")
        if not jefe_de_mesa.strip() or not jefe_de_sala.strip():
            raise DomainError("faltan el jefe de mesa-cajero o el jefe de sala", "R-BALL-2")

    def announce_last_partida(self) -> list[ev.Event]:
        session = self._need_session()
        if session.last_partida is not None:
            raise DomainError(
                f"ya se anunció la última partida ({session.last_partida})", "R-GAME-6"
            )
        current = session.current
        number = current.number if current else len(session.partidas) + 1
        return [ev.LastPartidaAnnounced(session_id=session.id, partida=number)]

    def close_session(self) -> list[ev.Event]:
        session = self._need_session()
        if session.current is not None:
            raise DomainError("no se cierra la sesión con una partida en curso")
        self.games.refuse_open(session.id)
        self.simultaneous.refuse_close(session.id)
        check = session.ball_checks[-1] if session.ball_checks else None
        if check is None or check.when != "close":
            raise DomainError("antes de cerrar la sesión hay que contar las bolas", "R-BALL-2")
        return [ev.SessionClosed(session_id=session.id)]

    # --- claims about a session (reclamaciones) ---------------------------------------------

    def file_reclamacion(
        self, session_id: str, filed: str, reference: str, subject: str, today: str
    ) -> list[ev.Event]:
        session = next((s for s in self.sessions if s.id == session_id), None)
        if session is None:
            raise DomainError(f"no hay ninguna sesión {session_id!r} en esta sala", "R-ACTA-5")
        day = _date(filed, "de presentación")
        if day < dt.date.fromisoformat(session.date):
            raise DomainError(
                f"la reclamación ({filed}) no puede ser anterior a la sesión ({session.date})",
                "R-ACTA-5",
            )
        if day > _date(today, "de hoy"):
            raise DomainError(f"la fecha de presentación {filed} es posterior a hoy ({today})")
        if not subject.strip():
            raise DomainError("falta el asunto de la reclamación")
        reference = reference.strip()
        if reference and any(
            r.reference == reference and r.session_id == session_id
            for r in self.reclamaciones.values()
        ):
            raise DomainError(
                f"ya consta una reclamación con la referencia {reference!r} sobre {session_id}"
            )
        return [
            ev.ReclamacionFiled(
                reclamacion_id=f"{session_id}/R{len(self.reclamaciones) + 1}",
                session_id=session_id,
                filed=day.isoformat(),
                reference=reference,
                subject=subject.strip(),
            )
        ]

    def settle_reclamacion(
        self, reclamacion_id: str, settled: str, note: str, today: str
    ) -> list[ev.Event]:
        claim = self.reclamaciones.get(reclamacion_id)
        if claim is None:
            known = ", ".join(sorted(self.reclamaciones)) or "ninguna"
            raise DomainError(
                f"no consta la reclamación {reclamacion_id!r} (constan: {known})", "R-ACTA-5"
            )
        if claim.settled is not None:
            raise DomainError(
                f"la reclamación {reclamacion_id} ya consta cumplida el {claim.settled}",
                "R-ACTA-5",
            )
        day = _date(settled, "de cumplimiento")
        if day < dt.date.fromisoformat(claim.filed):
            raise DomainError(
                f"la resolución no puede cumplirse ({settled}) antes de presentarse la "
                f"reclamación ({claim.filed})",
                "R-ACTA-5",
            )
        if day > _date(today, "de hoy"):
            raise DomainError(f"la fecha de cumplimiento {settled} es posterior a hoy ({today})")
        return [
            ev.ReclamacionSettled(
                reclamacion_id=reclamacion_id, settled=day.isoformat(), note=note.strip()
            )
        ]


def _date(text: str, what: str = "") -> dt.date:
    """An ISO date typed by someone; ``what`` says which ("de presentación")."""
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        said = f"fecha {what} no válida" if what else "fecha no válida"
        raise DomainError(f"{said}: {text!r} (AAAA-MM-DD)") from None
