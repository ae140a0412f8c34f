"""The hall's state and its fold: what the hall knows, read by every command, and ``apply``, the
only way it changes. ``bingo.hall.Hall`` adds the commands, which read this state and return the
events they would record.
"""

from __future__ import annotations

import dataclasses

from bingo import events as ev
from bingo.cards import Carton
from bingo.errors import DomainError
from bingo.hall.game_fold import GameBook
from bingo.hall.states import (
    STATUS_TEXT,
    Award,
    BallSetState,
    CardSetLookup,
    Claim,
    PartidaState,
    Pending,
    PrimaState,
    Reclamacion,
    SaleRange,
    SerieState,
    SessionState,
    Status,
)
from bingo.rules import RegionRules
from bingo.simultaneous_hall import SimultaneousBook
from bingo.terminals import TerminalLimits


class HallState:
    """The state of one hall, rebuilt from its events: its views, the checks every command
    begins with, and the fold.
    """

    def __init__(self, card_sets: CardSetLookup) -> None:
        self._card_sets = card_sets
        self.hall_id = ""
        self.name = ""
        self.region = ""
        self.languages: tuple[str, ...] = ("es",)
        self.rules: RegionRules | None = None
        self.card_set_info: dict[str, ev.CardSetRegistered] = {}
        self.series: dict[str, SerieState] = {}
        self.ball_set: BallSetState | None = None
        self.ball_sets_seen: dict[str, BallSetState] = {}  # every set installed, as last known
        self.prima = PrimaState()
        self.bola_loca_fund_cents = 0
        self.sessions: list[SessionState] = []
        self.prima_changes: list[Pending] = []
        self.ball_set_changes: list[Pending] = []
        self.last_at = ""
        self.version = 0  # how many events were applied
        # Counts before a session opens, each with how many ball-set changes there had been
        # when it was made (a count is of the set installed then).
        self._open_checks: dict[str, tuple[ev.BallCheckRecorded, int]] = {}
        # How many ball-set changes the last conforming count covered (the opening count, or the
        # count of a set changed while the session was open), and how many changes the previous
        # sessions' records already hold.
        self._counted_changes = 0
        self._changes_recorded = 0
        self._failed_change_count: tuple[ev.BallCheckRecorded, int] | None = None
        self.simulations: dict[str, ev.SimulationStarted] = {}
        # session id -> the seeds of the emulated devices its balls or counts came from
        self.emulated: dict[str, list[int]] = {}
        self.reclamaciones: dict[str, Reclamacion] = {}
        self.command_by: ev.CommandBy | None = None  # who asks now (R-ROLE-1)
        self.games = GameBook()  # bingo derivado and plus (bingo.hall.games)
        # The region's limits on its auxiliary machines for this hall's category: the settings',
        # given by the service, which must be the recorded ones during a session (R-MULTI-3;
        # decisions 281, 300); ``recorded_terminal_limits``: the last adopted in the record.
        self.terminal_limits = TerminalLimits()
        self.recorded_terminal_limits: TerminalLimits | None = None
        # The prizes of terminals' cartones paid on their terminal: (session, partida, prize,
        # serie, number) (decision 283).
        self.terminal_prizes_paid: set[tuple[str, int, str, str, int]] = set()
        # The simultaneous partidas this hall sold in (bingo.simultaneous_hall; decision 306).
        self.simultaneous = SimultaneousBook()

    # --- views -----------------------------------------------------------------------------

    @property
    def session(self) -> SessionState | None:
        """The open session, if any."""
        if self.sessions and self.sessions[-1].open:
            return self.sessions[-1]
        return None

    @property
    def partida(self) -> PartidaState | None:
        session = self.session
        return session.current if session else None

    def opening_check(self, session_id: str) -> ev.BallCheckRecorded | None:
        """The ball count made for a session that has not opened yet."""
        return self._count_before_opening(session_id)[0]

    def _count_before_opening(self, session_id: str) -> tuple[ev.BallCheckRecorded | None, bool]:
        """The count made for a session not yet open, and whether it is of the set installed."""
        entry = self._open_checks.get(session_id)
        if entry is None:
            return None, False
        check, changes = entry
        return check, changes == len(self.ball_set_changes)

    @property
    def ball_set_uncounted(self) -> bool:
        """The set was changed while the session is open and its 90 balls are not counted yet:
        no partida is played with it until they are (R-BALL-2).
        """
        return self.session is not None and self._counted_changes != len(self.ball_set_changes)

    def _need_counted_ball_set(self) -> None:
        if self.ball_set_uncounted:
            ball_set = self.ball_set
            assert ball_set is not None
            raise DomainError(
                f"el juego de bolas {ball_set.id} se cambió con la sesión abierta y aún no se han "
                "contado sus 90 bolas: cuéntelas ante el jefe de sala antes de seguir",
                "R-BALL-2",
            )

    def _need_rules(self) -> RegionRules:
        if self.rules is None:
            raise DomainError("la sala no tiene reglas de región adoptadas")
        return self.rules

    def _need_session(self) -> SessionState:
        session = self.session
        if session is None:
            raise DomainError("no hay ninguna sesión abierta")
        return session

    def _need_partida(self, *allowed: Status) -> PartidaState:
        partida = self.partida
        if partida is None:
            raise DomainError("no hay ninguna partida en curso")
        if allowed and partida.status not in allowed:
            raise DomainError(
                f"la partida {partida.number} está en estado «{STATUS_TEXT[partida.status]}»; "
                f"esta operación solo cabe en: {', '.join(STATUS_TEXT[s] for s in allowed)}"
            )
        return partida

    def carton(self, series: str, number: int) -> Carton:
        serie = self.series.get(series)
        if serie is None:
            raise DomainError(f"la serie {series!r} no existe en esta sala", "R-CARD-3")
        if not 1 <= number <= serie.size:
            raise DomainError(
                f"el cartón {number} no existe en la serie {series} (1 a {serie.size})", "R-CARD-3"
            )
        return self._card_sets(serie.card_set_id).card(number)

    # --- the fold ----------------------------------------------------------------------------

    def apply(self, event: ev.Event, at: str) -> None:
        self.version += 1
        self.last_at = at
        match event:
            case ev.HallRegistered():
                self.hall_id, self.name, self.region = event.hall_id, event.name, event.region
                self.languages = event.languages
            case ev.RulesAdopted():
                # A new base limit keeps the balls already added for partidas not won (decision 54).
                raised = self.prima.ball_limit - self.rules.prima_ball_limit if self.rules else 0
                self.rules = RegionRules.from_event(event)
                self.prima.ball_limit = self.rules.prima_ball_limit + max(raised, 0)
            case ev.TerminalLimitsAdopted():
                self.recorded_terminal_limits = TerminalLimits.from_event(event)
                self.terminal_limits = self.recorded_terminal_limits
                if self.session is not None and self.session.terminal_limits is None:
                    # the first adoption, in a session opened before limits were recorded
                    self.session.terminal_limits = self.recorded_terminal_limits
            case ev.CardSetRegistered():
                self.card_set_info[event.card_set_id] = event
            case ev.SerieRegistered():
                self.series[event.code] = SerieState(
                    event.code,
                    event.card_set_id,
                    event.size,
                    event.face_value_cents,
                    event.electronic,
                )
            case ev.BallSetInstalled():
                replaced = self.ball_set.id if self.ball_set is not None else ""
                self.ball_set = BallSetState(
                    event.ball_set_id,
                    event.homologation,
                    event.guaranteed_partidas,
                    event.pneumatic,
                    event.partidas_before,
                )
                self.ball_sets_seen[event.ball_set_id] = self.ball_set
                self.ball_set_changes.append(
                    dataclasses.replace(self._pending(event, at), replaces=replaced)
                )
            case ev.PrimaAmountChosen():
                self.prima.amount_cents = event.amount_cents
                self.prima.awarded_since_chosen = False
                self.prima_changes.append(self._pending(event, at))
            case ev.BallCheckRecorded():
                changes = len(self.ball_set_changes)
                if event.when == "open":
                    self._open_checks[event.session_id] = (event, changes)
                else:
                    session = self._need_session()
                    session.ball_checks.append(event)
                if event.when == "change":
                    last = session.partidas[-1].number if session.partidas else None
                    assert self.ball_set is not None
                    session.change_counts.append((event, self.ball_set.id, last))
                    if event.ok:
                        self._counted_changes = changes
                    elif not event.condition_ok:
                        self._failed_change_count = (event, changes)
            case ev.SessionOpened():
                session = SessionState(
                    event.session_id, event.date, at, event.jefe_de_mesa, event.jefe_de_sala
                )
                opening, self._counted_changes = self._open_checks.pop(event.session_id)
                session.ball_checks.append(opening)
                # a change made between sessions goes into the record of the one that opens next
                session.ball_set_changes_before = [
                    c
                    for c in self.ball_set_changes[self._changes_recorded :]
                    if c.session_id is None and c.replaces
                ]
                self._changes_recorded = len(self.ball_set_changes)
                session.rules = self.rules
                session.terminal_limits = self.recorded_terminal_limits
                if self.ball_set is not None:
                    session.ball_set_id = self.ball_set.id
                    session.ball_set_homologation = self.ball_set.homologation
                    session.ball_set_partidas_before = self.ball_set.partidas_played
                self.sessions.append(session)
            case ev.LastPartidaAnnounced():
                self._need_session().last_partida = event.partida
            case ev.SessionClosed():
                self._need_session().closed_at = at
            case ev.PartidaStarted():
                self._need_session().partidas.append(
                    PartidaState(
                        session_id=event.session_id,
                        number=event.partida,
                        started_at=at,
                        prima_amount_cents=event.prima_amount_cents,
                        prima_available=event.prima_available,
                        prima_ball_limit=event.prima_ball_limit,
                        bola_loca_numbers=event.bola_loca_numbers,
                        bola_loca_source=event.bola_loca_source,
                    )
                )
            case ev.SaleRecorded():
                partida = self._need_partida()
                serie = self.series[event.series]
                partida.sold_before.setdefault(
                    event.series, (serie.last_sold, serie.last_sold_date)
                )
                partida.sales.append(
                    SaleRange(
                        event.series,
                        event.first,
                        event.last,
                        event.electronic,
                        event.seller,
                        event.payment,
                        event.terminal,
                    )
                )
                partida.face_value_cents = serie.face_value_cents
                serie.last_sold = event.last
                serie.last_sold_date = self._need_session().date
            case ev.CartonesReturned():
                partida = self._need_partida()
                serie = self.series[event.series]
                sale = partida.sales.pop()
                # the return undoes the last sale: it is that sale's seller's (decision 240)
                partida.returned.append(
                    dataclasses.replace(sale, first=event.first, last=event.last)
                )
                if event.first > sale.first:
                    partida.sales.append(dataclasses.replace(sale, last=event.first - 1))
                    serie.last_sold = event.first - 1
                elif partida.ranges_of(event.series):
                    serie.last_sold = event.first - 1
                else:  # none of it sold in this partida any more: as it was before
                    serie.last_sold, serie.last_sold_date = partida.sold_before.pop(event.series)
            case ev.SaleClosed():
                partida = self._need_partida()
                partida.amounts = event
                partida.data_recorded_at = at
                partida.status = Status.SALE_CLOSED
            case ev.PartidaDataShown():
                self._need_partida().status = Status.READY
            case ev.BallDrawn():
                partida = self._need_partida()
                if not partida.balls and self.ball_set is not None:
                    self.ball_set.partidas_played += 1
                partida.balls.append(event.number)
                partida.ball_sources.append(event.source)
                partida.status = Status.EXTRACTION
            case ev.BallCorrected():
                partida = self._need_partida()
                partida.balls[event.index - 1] = event.number
                partida.corrections.append(event)
            case ev.ClaimChecked():
                partida = self._need_partida()
                partida.claims.append(
                    Claim(
                        event.after_ball,
                        event.series,
                        event.number,
                        event.prize,
                        event.valid,
                        event.reason,
                        event.completed_at_ball,
                        event.electronic,
                    )
                )
                if partida.valid_bingo:
                    partida.status = Status.BINGO_CALLED
                else:
                    partida.status = Status.CLAIM_CHECK
            case ev.ManualExtractionStarted():
                self._need_partida().manual_from_ball = event.from_ball
            case ev.PartidaSuspended():
                partida = self._need_partida()
                partida.suspended_from = partida.status
                partida.status = Status.SUSPENDED
            case ev.PartidaResumed():
                partida = self._need_partida()
                partida.status = partida.suspended_from or Status.SALE_OPEN
                partida.suspended_from = None
            case ev.IncidentRecorded():
                partida = self._need_partida()
                partida.incidents.append(event)
                by = self.command_by
                partida.incident_people.append((by.asked_by, by.authorised_by) if by else ("", ""))
            case ev.CommandBy():
                self.command_by = event
            case ev.PartidaAnnulled():
                partida = self._need_partida()
                partida.status = Status.ANNULLED
                partida.refund_cents = event.refund_cents
                partida.annul_reason = event.reason
                by = self.command_by
                partida.annul_people = (by.asked_by, by.authorised_by) if by else ("", "")
                partida.closed_at = at
                partida.prima_fund_before_cents = self.prima.fund_cents
                partida.bola_loca_fund_before_cents = self.bola_loca_fund_cents
                partida.prima_partidas_accumulated = self.prima.partidas_accumulated
            case ev.PrizeAwarded():
                partida = self._need_partida()
                partida.awards.append(
                    Award(
                        event.prize,
                        event.series,
                        event.number,
                        event.completed_at_ball,
                        event.amount_cents,
                    )
                )
            case ev.PartidaClosed():
                self._apply_closed(event, at)
            case ev.SimulationStarted():
                self.simulations[event.session_id] = event
            case ev.DevicesEmulated():
                self.emulated.setdefault(event.session_id, []).append(event.seed)
            case ev.ReclamacionFiled():
                self.reclamaciones[event.reclamacion_id] = Reclamacion(
                    event.reclamacion_id,
                    event.session_id,
                    event.filed,
                    event.reference,
                    event.subject,
                )
            case ev.ReclamacionSettled():
                claim = self.reclamaciones[event.reclamacion_id]
                claim.settled, claim.note = event.settled, event.note
            case ev.PrizesPaid():
                self._need_partida().status = Status.PAID
            case ev.InterconnectedAnnounced():
                self._need_partida().interconnected = event
            case ev.InterconnectedSettled():
                self._need_partida().interconnected_settled = event
            case ev.TerminalPrizePaid():
                self.terminal_prizes_paid.add(
                    (event.session_id, event.partida, event.prize, event.series, event.number)
                )
            case _ if self.simultaneous.apply(event, at):
                pass
            case _:
                open_now = self.session
                if not self.games.apply(event, at, open_now.id if open_now else None):
                    raise TypeError(f"evento sin regla de estado: {event.kind}")

    def _apply_closed(self, event: ev.PartidaClosed, at: str) -> None:
        rules = self._need_rules()
        partida = self._need_partida()
        amounts = partida.amounts
        assert amounts is not None
        partida.status = Status.CLOSED
        partida.closing = event
        partida.closed_at = at
        prima = self.prima
        partida.prima_fund_before_cents = prima.fund_cents
        partida.bola_loca_fund_before_cents = self.bola_loca_fund_cents
        prima.fund_cents += amounts.prima_deduction_cents - event.prima_awarded_cents
        prima.partidas_accumulated += 1
        partida.prima_partidas_accumulated = prima.partidas_accumulated
        if event.prima_awarded_cents:
            prima.awarded_since_chosen = True
            prima.ball_limit = rules.prima_ball_limit
            prima.partidas_accumulated = 0
        elif partida.prima_available:
            prima.ball_limit += 1  # not won while in play: one more ball next partida (R-PRIMA-3)
        self.bola_loca_fund_cents += (
            amounts.bola_loca_deduction_cents - event.bola_loca_awarded_cents
        )

    def _pending(self, event: ev.Event, at: str) -> Pending:
        session = self.session
        last = session.partidas[-1].number if session and session.partidas else None
        return Pending(session.id if session else None, last, at, event)
