"""The use cases every client drives: the console, the panels, terminals and the command line.

A ``HallService`` owns one hall's state. Each command asks the aggregate for the events it
implies, commits them to the event log in one transaction, applies them, and only then
publishes them to subscribers (R-ACTA-1, R-ACTA-2: written before announced). Commands are
serialised by a lock, so several windows and device threads may call in.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
import secrets
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from bingo import commands as cmd
from bingo import events as ev
from bingo import interconnected as ic
from bingo import rights as rt
from bingo.card_library import CardSetLibrary as CardSetLibrary
from bingo.card_library import card_set_with_digest as card_set_with_digest
from bingo.cards import CardSet, generate_card_set
from bingo.chain import Record, seal
from bingo.clock import check_clock
from bingo.emulated import EmulatedDevices
from bingo.game.definition import GameDefinition
from bingo.hall import DomainError, Hall
from bingo.hall import interconnected as ic_steps
from bingo.hall.game_fold import card_set_text
from bingo.i18n import _
from bingo.rules import RegionRules
from bingo.terminal_view import terminal_view
from bingo.terminals import CASH, TerminalLimits

if TYPE_CHECKING:  # numpy: loaded by what draws balls over electronic cartones, not by a reading
    import numpy as np

    from bingo.detect import CompletionTracker
    from bingo.simultaneous_hall import SentSale

log = logging.getLogger(__name__)

R = TypeVar("R")


class NotAuthorised(DomainError):
    """Refused for want of rights: the wrong role, or no valid authorisation of the jefe de
    sala (R-ROLE-2). The hall server answers it with 403.
    """


def check_ask(name: str, role: str, action: str) -> None:
    """``NotAuthorised`` unless ``role`` may ask for ``action`` (``bingo.rights.ACTIONS``)."""
    why = rt.refusal(name, role, action)
    if why is not None:
        raise NotAuthorised(why)


class EventLog(Protocol):
    """What the service needs of a store (``store.EventStore`` is one)."""

    def load(self, hall_id: str, after_seq: int = 0) -> list[Record]: ...

    def append(
        self,
        hall_id: str,
        expected_last_seq: int,
        items: Sequence[tuple[str, str, Mapping[str, Any]]],
    ) -> list[Record]: ...


class MemoryEventLog:
    """An event log in memory: for tests and for throw-away simulations."""

    def __init__(self) -> None:
        self.records: dict[str, list[Record]] = {}

    def load(self, hall_id: str, after_seq: int = 0) -> list[Record]:
        return [r for r in self.records.get(hall_id, []) if r.seq > after_seq]

    def append(
        self,
        hall_id: str,
        expected_last_seq: int,
        items: Sequence[tuple[str, str, Mapping[str, Any]]],
    ) -> list[Record]:
        current = self.records.setdefault(hall_id, [])
        last = current[-1] if current else None
        if (last.seq if last else 0) != expected_last_seq:
            raise RuntimeError("otro proceso escribió en el registro de la sala")
        new = seal(last, items)
        current.extend(new)
        return new


Clock = Callable[[], str]
BolaLocaSource = Callable[[int], tuple[list[int], str]]
Subscriber = Callable[[Record, ev.Event], None]


def system_clock() -> str:
    return dt.datetime.now().astimezone().isoformat(timespec="milliseconds")


def secure_bola_loca(count: int) -> tuple[list[int], str]:
    """Bola loca numbers from the operating system's cryptographic source, independent of the
    extractor (R-BOLA-2).
    """
    return secrets.SystemRandom().sample(range(1, 91), count), "secrets"


class HallService:
    def __init__(
        self,
        event_log: EventLog,
        hall_id: str,
        card_sets: CardSetLibrary | None = None,
        clock: Clock = system_clock,
        bola_loca: BolaLocaSource = secure_bola_loca,
    ) -> None:
        self._log = event_log
        self.hall_id = hall_id
        self.card_sets = card_sets or CardSetLibrary()
        self._clock = clock
        self._bola_loca = bola_loca
        self._lock = threading.RLock()
        self._subscribers: list[Subscriber] = []
        self.hall = Hall(self.card_sets.get)
        self.hall.games.load_copy = self.card_sets.copy_of
        self.last_seq = 0
        self.last_at = ""  # the time of the newest record held
        self._tracker: tuple[int, str, CompletionTracker, list[tuple[str, int]]] | None = None
        # Who asks, and the jefe de sala's authorisation (R-ROLE-1, R-ROLE-2); None: a hall
        # with no operators, or a run nobody commands (simulation, set-up) (decision 134).
        self.rights: rt.Rights | None = None
        self.emulated = EmulatedDevices()  # none until use_emulated_devices
        self._terminal_asks = False  # a terminal's own command is running (decision 284)
        self._carried = threading.local()  # the authorisation a handled command carries
        self._replay(event_log.load(hall_id))

    def handle(self, command: cmd.Command[R], authorised: rt.Actor | None = None) -> R:
        """Do ``command`` (``bingo.commands``) and give its answer; ``authorised``: the jefe de
        sala's authorisation, asked for before (``authorise``), of the action it needs. The
        commands that need the hall server's devices or files are the server's to handle.
        """
        from bingo.handlers import HANDLERS

        handler = HANDLERS.get(type(command))
        if handler is None:
            raise DomainError(
                f"la orden «{command.name}» la atiende el servidor de la sala, no este puesto"
            )
        given = getattr(self._carried, "actor", None)
        self._carried.actor = authorised
        try:
            answer: R = handler(self, command)
        finally:
            self._carried.actor = given
        return answer

    def _replay(self, records: Sequence[Record]) -> None:
        for rec in records:
            event = ev.event_from(rec.kind, rec.payload)
            if isinstance(event, ev.CardSetRegistered):
                self.card_sets.know(event.card_set_id, event.source, event.digest)
            self.hall.apply(event, rec.at)
            self.last_seq, self.last_at = rec.seq, rec.at

    def follow(self, records: Sequence[Record]) -> list[Record]:
        """A replica's step: records committed by the hall's one writer elsewhere, applied with
        the same fold as here and announced to the subscribers. Records already applied are
        skipped; a gap is refused (``ValueError``), so nothing is ever applied out of order.
        Returns the records applied. The caller checks their hash chain first.
        """
        with self._lock:
            new = [r for r in records if r.seq > self.last_seq]
            if new and new[0].seq != self.last_seq + 1:
                raise ValueError(f"falta el registro {self.last_seq + 1} (llega el {new[0].seq})")
            events = [ev.event_from(r.kind, r.payload) for r in new]
            for rec, event in zip(new, events, strict=True):
                if isinstance(event, ev.CardSetRegistered):
                    self.card_sets.know(event.card_set_id, event.source)
                self.hall.apply(event, rec.at)
                self.last_seq, self.last_at = rec.seq, rec.at
            for rec, event in zip(new, events, strict=True):
                for subscriber in list(self._subscribers):
                    try:
                        subscriber(rec, event)
                    except Exception:  # a broken window must not stop the replica
                        log.exception("subscriber failed on %s", rec.kind)
            return new

    # --- plumbing -------------------------------------------------------------------------

    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]:
        """Call ``subscriber(record, event)`` for every event committed from now on."""
        with self._lock:
            self._subscribers.append(subscriber)
        return lambda: self._subscribers.remove(subscriber)

    def records(self) -> list[Record]:
        return self._log.load(self.hall_id)

    def _commit(
        self, events: Sequence[ev.Event], authorised: rt.Actor | None = None
    ) -> list[Record]:
        if not events:
            return []
        by = self._command_by(authorised)
        if by is not None:
            events = [by, *events]
        at = self._clock()
        items = [(at, e.kind, e.payload()) for e in events]
        records = self._log.append(self.hall_id, self.last_seq, items)
        for rec, event in zip(records, events, strict=True):
            if isinstance(event, ev.CardSetRegistered):
                self.card_sets.know(event.card_set_id, event.source, event.digest)
            self.hall.apply(event, rec.at)
            self.last_seq, self.last_at = rec.seq, rec.at
        for rec, event in zip(records, events, strict=True):
            for subscriber in list(self._subscribers):
                try:
                    subscriber(rec, event)
                except Exception:  # a broken window must not stop the game
                    log.exception("subscriber failed on %s", rec.kind)
        return records

    def _do(
        self,
        decide: Callable[[], Sequence[ev.Event]],
        action: str = "",
        authorised: rt.Actor | None = None,
    ) -> list[Record]:
        """Decide and commit under the lock; ``action``: a hall action that may need the jefe
        de sala's authorisation, asked for first (outside the lock: the console asks for it in
        a dialog) unless ``authorised`` already holds it (``authorise``).
        """
        if authorised is None and action:
            authorised = getattr(self._carried, "actor", None)  # carried by the command handled
        if authorised is not None and authorised.action != action:
            raise NotAuthorised(f"autorización para «{authorised.action}», no para «{action}»")
        if authorised is None and action:
            authorised = self._authorise(action)
        with self._lock:
            return self._commit(decide(), authorised)

    def authorise(self, action: str) -> rt.Actor | None:
        """The jefe de sala's authorisation of ``action`` asked for now, before a step that must
        not be recorded without it (the closing count before ``close_session``); None when
        nobody commands or the action needs nobody.
        """
        return self._authorise(action)

    def _authorise(self, action: str) -> rt.Actor | None:
        if self.rights is None or not rt.needs_sala(action):
            return None
        return self.rights.authorise(action)

    def _command_by(self, actor: rt.Actor | None) -> ev.CommandBy | None:
        """The ``CommandBy`` to commit before a command's events: when who asks changed since
        the last one, and for every authorised action; None when nobody commands.
        """
        if actor is None:
            if self.rights is None:
                return None
            actor = self.rights.asker()
        # a terminal records only its own player's purchase and prizes (decision 284)
        if actor.role not in rt.TABLE and not (actor.role == rt.TERMINAL and self._terminal_asks):
            raise NotAuthorised(
                _("{name} ({role}) solo puede consultar: no puede dar órdenes").format(
                    name=actor.asked_by, role=rt.ROLES.get(actor.role, actor.role)
                )
            )
        last = self.hall.command_by
        if (
            not actor.authorised_by
            and last is not None
            and not last.authorised_by
            and (last.asked_by, last.role, last.client)
            == (actor.asked_by, actor.role, actor.client)
        ):
            return None  # the same person at the same station goes on
        return ev.CommandBy(
            asked_by=actor.asked_by,
            role=actor.role,
            client=actor.client,
            authorised_by=actor.authorised_by,
            action=actor.action if actor.authorised_by else "",
        )

    def record_together(self, events: Sequence[ev.Event]) -> None:
        """Record, in one append (all or none), events decided on a rehearsal of this record
        (``app.bootstrap.prepare_hall``); a record that moved on since is refused by the log.
        """
        self._do(lambda: events)

    # --- hall set-up ----------------------------------------------------------------------

    def register_hall(self, hall_id: str, name: str, region: str, languages: Sequence[str]) -> None:
        if hall_id != self.hall_id:
            raise DomainError(f"este servicio lleva la sala {self.hall_id}, no {hall_id}")
        self._do(lambda: self.hall.register_hall(hall_id, name, region, languages))

    def adopt_rules(self, rules: RegionRules) -> None:
        self._do(lambda: self.hall.adopt_rules(rules))

    def register_card_set(self, card_set: CardSet, source: str) -> None:
        with self._lock:
            self.card_sets.add(card_set)
            self._commit(self.hall.register_card_set(card_set, source))

    def generate_card_set(self, card_set_id: str, seed: int, strips: int) -> CardSet:
        card_set = generate_card_set(card_set_id, seed, strips)
        self.register_card_set(card_set, f"generated:{seed}:{strips}")
        return card_set

    def register_serie(
        self,
        code: str,
        card_set_id: str,
        size: int,
        face_value_cents: int,
        electronic: bool = False,
    ) -> None:
        self._do(
            lambda: self.hall.register_serie(code, card_set_id, size, face_value_cents, electronic)
        )

    def install_ball_set(
        self,
        ball_set_id: str,
        homologation: str,
        guaranteed_partidas: int,
        partidas_before: int = 0,
        pneumatic: bool = True,
        reason: str = "",
    ) -> None:
        self._do(
            lambda: self.hall.install_ball_set(
                ball_set_id, homologation, guaranteed_partidas, partidas_before, pneumatic, reason
            ),
            "ball_set",
        )

    def choose_prima_amount(self, amount_cents: int) -> None:
        self._do(lambda: self.hall.choose_prima_amount(amount_cents), "prima_amount")

    def start_simulation(self, event: ev.SimulationStarted) -> None:
        self._do(lambda: self.hall.start_simulation(event))

    # --- session --------------------------------------------------------------------------

    def record_ball_check(
        self,
        session_id: str,
        when: str,
        numbers: Sequence[int],
        method: str = "manual",
        condition_ok: bool = True,
        note: str = "",
    ) -> bool:
        """Record the count of the balls; True when all 90 are there, each once, in perfect
        condition (R-BALL-2). A damaged ball is recorded with ``condition_ok=False`` and a note.
        """
        with self._lock:
            method, before = self.emulated.label(method, session_id, self.hall.emulated)

            def decide() -> list[ev.Event]:
                if when == "open":  # a clock behind the record opens nothing, nor counts for it
                    check_clock(self.hall.last_at, self._clock())
                check = self.hall.record_ball_check
                return [*before, *check(session_id, when, numbers, method, condition_ok, note)]

            records = self._do(decide)
        return bool(records[-1].payload["ok"])

    def open_session(
        self, session_id: str, date: str, jefe_de_mesa: str, jefe_de_sala: str
    ) -> None:
        def decide() -> list[ev.Event]:
            check_clock(self.hall.last_at, self._clock())
            return self.hall.open_session(session_id, date, jefe_de_mesa, jefe_de_sala)

        self._do(decide)

    def announce_last_partida(self) -> None:
        self._do(self.hall.announce_last_partida)

    def close_session(self, authorised: rt.Actor | None = None) -> None:
        self._do(self.hall.close_session, "close_session", authorised)

    # --- reclamaciones (R-ACTA-5) ----------------------------------------------------------

    def file_reclamacion(
        self, session_id: str, filed: str, subject: str, reference: str = ""
    ) -> str:
        """Record a claim about a session; returns its id (``<session>/R<n>``)."""
        with self._lock:
            today = self._clock()[:10]
            records = self._commit(
                self.hall.file_reclamacion(session_id, filed, reference, subject, today)
            )
            return str(records[-1].payload["reclamacion_id"])

    def settle_reclamacion(self, reclamacion_id: str, settled: str, note: str = "") -> None:
        """Record that the claim's final resolution was carried out on ``settled``."""
        with self._lock:
            today = self._clock()[:10]
            self._commit(self.hall.settle_reclamacion(reclamacion_id, settled, note, today))

    # --- partida --------------------------------------------------------------------------

    def start_partida(self, bola_loca: tuple[list[int], str] | None = None) -> int:
        """Open the sale of the next partida; the bola loca numbers are drawn now unless given
        (drawn by hand and written in the manual book).
        """
        with self._lock:
            rules = self.hall.rules
            count = rules.bola_loca_count if rules and rules.bola_loca_bp else 0
            if bola_loca is not None:
                numbers, source = bola_loca
            else:
                numbers, source = self._bola_loca(count) if count else ([], "")
            self._commit(self.hall.start_partida(numbers, source))
            partida = self.hall.partida
            assert partida is not None
            return partida.number

    def sell(
        self,
        series: str,
        first: int,
        last: int,
        electronic: bool = False,
        *,
        seller: str = "",
        payment: str = CASH,
        terminal: str = "",
    ) -> None:
        self._do(
            lambda: self.hall.sell(
                series, first, last, electronic, seller=seller, payment=payment, terminal=terminal
            )
        )

    def sell_count(
        self,
        series: str,
        count: int,
        electronic: bool = False,
        *,
        seller: str = "",
        payment: str = CASH,
        terminal: str = "",
    ) -> tuple[int, int]:
        """Sell the next ``count`` cartones of a serie (by ``seller``, paid by ``payment``, on
        the machine ``terminal``); returns the range sold.
        """
        with self._lock:
            first = self.hall.next_sale_number(series)
            self._commit(
                self.hall.sell(
                    series,
                    first,
                    first + count - 1,
                    electronic,
                    seller=seller,
                    payment=payment,
                    terminal=terminal,
                )
            )
            return first, first + count - 1

    def terminal_buy(self, terminal: str, count: int, payment: str) -> tuple[str, int, int]:
        """The player of ``terminal`` buys the next ``count`` electronic cartones of the serie in
        play, paid at once by ``payment`` (R-SALE-4, R-MULTI-3); returns the serie and range.
        """
        with self._lock, self._for_terminal():
            series = self.hall.serie_in_play()
            first, last = self.sell_count(series, count, True, payment=payment, terminal=terminal)
            return series, first, last

    @contextlib.contextmanager
    def _for_terminal(self) -> Iterator[None]:
        """While a terminal's own command runs: the only one its role may record."""
        self._terminal_asks = True
        try:
            yield
        finally:
            self._terminal_asks = False

    def terminal_view(self, terminal: str) -> dict[str, Any]:
        """What the machine ``terminal`` shows its player (``bingo.terminal_view``)."""
        with self._lock:
            return terminal_view(self.hall, terminal)

    def use_terminal_limits(self, limits: TerminalLimits) -> None:
        """The region's limits on auxiliary machines for this hall's category (settings, not
        the record: R-MULTI-3; decision 281).
        """
        with self._lock:
            self.hall.terminal_limits = limits

    def pay_terminal_prizes(self, terminal: str) -> list[ev.TerminalPrizePaid]:
        """Pay the player of ``terminal`` every prize his cartones won and he was not yet paid
        (decision 283); returns what was paid.
        """
        with self._lock, self._for_terminal():
            events = self.hall.pay_terminal_prizes(terminal)
            self._commit(events)
            return [e for e in events if isinstance(e, ev.TerminalPrizePaid)]

    def return_cartones(self, count: int) -> tuple[str, int, int]:
        """The last ``count`` cartones of the partida's last sale back to the table before the
        sale closes (a mistyped sale undone); returns the serie and the range returned.
        """
        with self._lock:
            events = self.hall.return_cartones(count)
            self._commit(events)
            returned = events[0]
            assert isinstance(returned, ev.CartonesReturned)
            return returned.series, returned.first, returned.last

    def close_sale(self) -> None:
        self._do(self.hall.close_sale)

    def confirm_data_shown(self) -> None:
        self._do(self.hall.confirm_data_shown)

    def draw_ball(self, number: int, source: str = "extractor", ball_id: str = "") -> list[Record]:
        """Record a ball together with the claims of the electronic cartones it completed."""
        with self._lock:
            source, before = self.emulated.ball(source, self.hall)
            return self._draw(before, number, source, ball_id)

    def use_emulated_devices(self, seed: int) -> None:
        """Its devices are emulated ones, started with ``seed`` (``bingo.emulated``)."""
        self.emulated = EmulatedDevices(seed)

    def _draw(self, before: list[ev.Event], number: int, source: str, ball_id: str) -> list[Record]:
        partida = self.hall.partida
        electronic = None
        if partida is not None and any(r.electronic for r in partida.sales):
            electronic = self._electronic_completions
        try:
            return self._commit(before + self.hall.draw_ball(number, source, ball_id, electronic))
        except BaseException:
            self._tracker = None  # it may have seen a ball that was not recorded
            raise

    def draw_manual(self) -> int:
        """An emergency manual draw among the pending balls, from the cryptographic source
        (R-INC-2, R-DEV-2).
        """
        with self._lock:
            number = secrets.choice(self.hall.pending_balls())
            self.draw_ball(number, "manual")
            return number

    def correct_ball(self, index: int, number: int, note: str = "") -> None:
        with self._lock:
            self._commit(self.hall.correct_ball(index, number, note))
            self._tracker = None  # rebuilt from the corrected balls at the next draw

    def claim(self, series: str, number: int, prize: str) -> ev.ClaimChecked:
        with self._lock:
            records = self._commit(self.hall.check_claim(series, number, prize))
            event = ev.event_from(records[-1].kind, records[-1].payload)
            assert isinstance(event, ev.ClaimChecked)
            return event

    def close_partida(self) -> None:
        self._do(self.hall.close_partida)

    def pay_prizes(self) -> None:
        self._do(self.hall.pay_prizes)

    def record_simultaneous(
        self,
        records: Sequence[Record],
        hall: str,
        sent: Mapping[tuple[int, int], SentSale] | None = None,
    ) -> list[Record]:
        """Record what the centre's record (the hall's copy) holds of this hall and its own
        record lacks (bingo.simultaneous_hall; decisions 306, 365).
        """
        with self._lock:
            return self._commit(self.hall.record_simultaneous(records, hall, sent))

    def pay_simultaneous(self, centre_partida: int, prize: str, number: int) -> int:
        """Pay a winner of the centre's partida at this hall; the amount paid."""
        records = self._do(lambda: self.hall.pay_simultaneous(centre_partida, prize, number))
        return int(records[-1].payload["amount_cents"])

    # --- partidas of other modalities (bingo.hall.games) ----------------------------------

    def adopt_game(self, definition: GameDefinition) -> None:
        self._do(lambda: self.hall.adopt_game(definition))

    def register_game_card_set(self, game_id: str, card_set_id: str, seed: int, count: int) -> None:
        with self._lock:
            self._commit(self.hall.register_game_card_set(game_id, card_set_id, seed, count))
            info = self.hall.games.card_sets[card_set_id]
            text = card_set_text(card_set_id, game_id, self.hall.games.cartones(card_set_id))
            self.card_sets.kept_text(card_set_id, info.digest, text)

    def register_game_serie(self, code: str, card_set_id: str, size: int) -> None:
        self._do(lambda: self.hall.register_game_serie(code, card_set_id, size))

    def start_game_partida(self, game_id: str, card_set_id: str, face_value_cents: int) -> None:
        self._do(lambda: self.hall.start_game_partida(game_id, card_set_id, face_value_cents))

    def sell_game_count(self, series: str, count: int, electronic: bool = False) -> None:
        with self._lock:
            first = self.hall.next_game_sale_number(series)
            self._commit(self.hall.sell_game(series, first, first + count - 1, electronic))

    def close_game_sale(self) -> None:
        self._do(self.hall.close_game_sale)

    def draw_game_ball(self, ball: int, source: str = "extractor") -> None:
        self._do(lambda: self.hall.draw_game_ball(ball, source))

    def close_game_partida(self) -> None:
        self._do(self.hall.close_game_partida)

    def pay_game_prizes(self) -> None:
        self._do(self.hall.pay_game_prizes)

    def announce_last_game_partida(self) -> None:
        self._do(self.hall.announce_last_game_partida)

    def game_incident(self, incident: str, note: str) -> None:
        self._do(lambda: self.hall.game_incident(incident, note), "manual_extraction")

    def annul_game_partida(self, incident: str, note: str) -> None:
        self._do(lambda: self.hall.annul_game_partida(incident, note), "annul")

    # --- bingo interconectado (R-MULTI-1) --------------------------------------------------

    def play_interconnected(self, ledger: ic.Ledger) -> str | None:
        """Take the step of the interconnected prize due now (``Hall.interconnected_due``, the
        one rule of when): which one was taken, or None when none is due.
        """
        with self._lock:
            due = self.hall.interconnected_due()
            if due == ic_steps.ANNOUNCE:
                self.announce_interconnected(ledger)
            elif due == ic_steps.SETTLE:
                self.settle_interconnected(ledger)
            return due

    def announce_interconnected(self, ledger: ic.Ledger, told: bool = True) -> None:
        """At the close of the sale: the fund in play, its amount and its ball limit (``told``
        False: not told to the players, so not in play; decision 302).
        """
        with self._lock:
            shown = ic.announce(ledger.rules, ledger.state())
            self._commit(
                self.hall.announce_interconnected(ledger.network, ledger.rules, shown, told=told)
            )

    def settle_interconnected(self, ledger: ic.Ledger) -> None:
        """The closed partida's contribution and award, taken in the ledger's transaction and
        then recorded here; settling again after a cut gets the ledger's first answer.
        """
        with self._lock:
            partida = self.hall.interconnected_to_settle()
            if partida is None or partida.interconnected is None:
                raise DomainError(
                    "no hay ninguna partida cerrada con bingo interconectado por liquidar"
                )
            shown = partida.interconnected
            bingos = [c for c in partida.claims if c.valid and c.prize == "bingo"]
            settled = ledger.settle(
                ic.PartidaKey(self.hall_id, partida.session_id, partida.number),
                ic.Announcement(shown.generation, shown.fund_cents, shown.ball_limit or None),
                partida.takings_cents,
                bingos[0].after_ball if bingos else None,
                len(bingos),
            )
            self._commit(self.hall.settle_interconnected(settled))

    # --- incidents ------------------------------------------------------------------------

    def suspend(self, note: str, *, by_device: bool = False) -> None:
        """``by_device``: the device policy's own reaction to a failure before the first ball,
        which the regulation orders and nobody chooses (decision 131).
        """
        self._do(lambda: self.hall.suspend(note), "device_suspend" if by_device else "suspend")

    def resume(self, note: str = "") -> None:
        self._do(lambda: self.hall.resume(note), "resume")

    def refund_suspended(self, note: str = "") -> None:
        self._do(lambda: self.hall.refund_suspended(note), "refund_suspended")

    def draw_operator_ball(
        self, number: int, ball_id: str, hold_note: str, incident: str = "reader_hold"
    ) -> list[Record]:
        """A ball the devices could not vouch for, read by the jefe de mesa: the incident saying
        why (``reader_hold`` or ``ball_in_tube``) and the ball are committed together.
        """
        with self._lock:
            return self._draw(
                self.hall.note_reader_hold(hold_note, incident), number, "operator", ball_id
            )

    def note_system_interruption(self) -> bool:
        """At the start of the record's writer: a partida left in play by the previous one (it
        was killed, or closed mid-partida) gets the interruption and this resumption recorded,
        with the time of the last record and the time now; False when none was in play.
        """
        with self._lock:
            stopped = self.last_at
            return bool(self._commit(self.hall.note_system_interruption(stopped, self._clock())))

    def note_manual_book(self, from_ball: int, note: str) -> None:
        self._do(lambda: self.hall.note_manual_book(from_ball, note))

    def start_manual_extraction(self, note: str, *, by_device: bool = False) -> None:
        """``by_device``: as for ``suspend``, after a failure once the extraction began."""
        action = "device_manual_extraction" if by_device else "manual_extraction"
        self._do(lambda: self.hall.start_manual_extraction(note), action)

    def stop_for_ball_irregularity(self, note: str, duplicated: Sequence[int] = ()) -> None:
        """R-INC-3: the partida stops at once with the incident recorded; only its annulment
        with refund (``annul("ball_irregularity", ...)``) may follow.
        """
        self._do(lambda: self.hall.stop_for_ball_irregularity(note, duplicated))

    def stop_and_annul_for_ball_irregularity(
        self, note: str, duplicated: Sequence[int] = ()
    ) -> None:
        """The same rule where nobody is at the table to read the paragraph first (unattended
        and simulated runs): the stop, then the annulment with refund (R-INC-3).
        """
        with self._lock:
            partida = self.hall.partida
            if partida is None or not partida.irregular:
                self._commit(self.hall.stop_for_ball_irregularity(note, duplicated))
            self._commit(self.hall.annul("ball_irregularity", note))

    def annul(self, incident: str, note: str) -> None:
        self._do(lambda: self.hall.annul(incident, note), "annul")

    # --- electronic cartones --------------------------------------------------------------

    def _electronic_completions(
        self, number: int
    ) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
        import numpy as np

        partida = self.hall.partida
        assert partida is not None
        tracker, index = self._tracker_for(partida.session_id, partida.number, partida.balls)
        lines, bingos = tracker.add_ball(number)
        return (
            [index[i] for i in np.asarray(lines).tolist()],
            [index[i] for i in np.asarray(bingos).tolist()],
        )

    def _tracker_for(
        self, session_id: str, partida_number: int, balls: Sequence[int]
    ) -> tuple[CompletionTracker, list[tuple[str, int]]]:
        cached = self._tracker
        if cached and cached[0] == partida_number and cached[1] == session_id:
            return cached[2], cached[3]
        import numpy as np

        from bingo.detect import CompletionTracker

        partida = self.hall.partida
        assert partida is not None
        cards: list[np.ndarray] = []
        index: list[tuple[str, int]] = []
        for r in partida.sales:
            if not r.electronic:
                continue
            card_set = self.card_sets.get(self.hall.series[r.series].card_set_id)
            cards.append(card_set.as_array()[r.first - 1 : r.last])
            index.extend((r.series, n) for n in range(r.first, r.last + 1))
        tracker = CompletionTracker(np.concatenate(cards))
        for ball in balls:  # the balls already recorded; the caller adds the new one
            tracker.add_ball(ball)
        self._tracker = (partida_number, session_id, tracker, index)
        return tracker, index
