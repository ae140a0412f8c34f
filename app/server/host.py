"""The hall as the server holds it: one service, one writer, and the screens that listen.

Every command runs on ONE worker thread, so commands are applied one after the other, in the
order they arrive, and the devices are driven by one caller. Each command carries its client's
id and its own id: the first time, it is applied and its answer kept; a retry (the same ids)
gets that answer again and is never applied twice (a refusal for want of rights or of a
database is not kept: the retry is tried again). The ids are written to the store in the
same transaction as the command's first events, so a retry after a restart of the server is
recognised too (docs/api.md, "Retries").
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from app.devices import DeviceDraws
from app.interconnected_ledger import ledger_problem
from app.server import fanout, handlers, wire, wire_commands
from app.server.auth import Unnamed
from app.server.commands import COMMANDS, CommandError, Context
from app.server.table import Table
from bingo import events as ev
from bingo import rights as rt
from bingo.chain import Record
from bingo.hall import DomainError
from bingo.hall.interconnected import ANNOUNCE, SETTLE, WAITS_FOR
from bingo.interconnected import Ledger
from bingo.readmodel import panel_state
from bingo.service import CardSetLibrary, HallService, NotAuthorised
from drivers.voice import Voice
from store import ConcurrencyError, EventStore, IntegrityError, StoreError
from store.event_store import Command

T = TypeVar("T")

log = logging.getLogger(__name__)

#: Answers kept in memory for retries (older ones are still recognised from the store).
KEPT_ANSWERS = 4096
MAX_ID = 64
#: Refusals not kept as the command's answer, so the same ids are tried again: 403, for want of
#: rights (the same ids may come back authorised, decision 136); 503, a database or the
#: interconnected prize's ledger out of reach (nothing was applied, and the retry of a lost
#: answer must not be told the old refusal once it is back; what did commit is still
#: recognised from the store).
NOT_KEPT = frozenset({403, 503})


class CommandLog:
    """The store as the service's event log, recording the command being applied with the
    first events it commits.
    """

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self.command: Command | None = None

    def load(self, hall_id: str, after_seq: int = 0) -> list[Record]:
        return self.store.load(hall_id, after_seq)

    def append(
        self,
        hall_id: str,
        expected_last_seq: int,
        items: Sequence[tuple[str, str, Mapping[str, Any]]],
    ) -> list[Record]:
        records = self.store.append(hall_id, expected_last_seq, items, command=self.command)
        if records:
            self.command = None  # recorded once, with the command's first commit
        return records


Answer = tuple[int, dict[str, Any]]


class HallHost:
    def __init__(self, store: EventStore, hall_id: str) -> None:
        self.store = store
        self.log = CommandLog(store)
        self.service = HallService(self.log, hall_id, CardSetLibrary(store.get_card_set))
        self.draws: DeviceDraws | None = None
        self.table: Table | None = None  # the table's questions, with devices
        self.terminals: Callable[[str], bool] | None = None  # is a terminal connected (R-MULTI-3)
        self._stop_devices: Callable[[], None] | None = None
        self.voice: Voice | None = None  # the calls a panel fetches, when the hall has a voice
        self.ledger: Ledger | None = None  # the interconnected prize's fund, when it joined
        self.ledger_error: Exception | None = None  # why its last due step was not taken
        # at a joined hall: why its session may not close now (a sale sent to the centre not
        # yet settled in its copy; decision 365), or None
        self.refuse_close: Callable[[], str | None] | None = None
        self._stoppers: list[Callable[[], None]] = []  # boards, voice: stopped at close
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hall-writer")
        # (client id, command id) -> (command name, who asked, the answer)
        self._answers: OrderedDict[tuple[str, str], tuple[str, _Asker, Answer]] = OrderedDict()
        self._pending: list[Record] = []
        self._accepted_at: float | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._listeners: set[asyncio.Queue[str]] = set()
        self._direct: dict[asyncio.Queue[str], fanout.Writer] = {}  # a screen's own socket
        self._idle: set[asyncio.Queue[str]] = set()  # screens waiting on their queue
        self.version = self.service.last_seq
        self.state = wire.state_json(panel_state(self.service.hall))
        self.service.subscribe(self._committed)

    # --- devices ------------------------------------------------------------------------------

    def use_devices(self, draws: DeviceDraws, stop: Callable[[], None]) -> None:
        self.draws, self._stop_devices = draws, stop
        draws.unattended = False  # the annulment after an irregularity is the jefe de sala's
        self.table = Table(draws, self.publish)

    def use_interconnected(self, ledger: Ledger) -> str | None:
        """Play the interconnected prize of ``ledger``'s network (R-MULTI-1): from now on its
        due step is taken before and after every command. A step left due by a cut (a partida
        closed and not settled) is taken now, before any command: the ledger gives back its
        first answer (decision 289). Returns why that step could not be taken, or None.
        """
        self.ledger = ledger
        return self._interconnected()[1]

    def _interconnected(self) -> tuple[str | None, str | None]:
        """Take the step of the interconnected prize due now (``Hall.interconnected_due``, the
        rule the simulation follows too), on nobody's command: the server takes it. Returns the
        step that was due and, when it could not be taken, why (a sentence for the staff; the
        technical detail goes to the log).
        """
        self.ledger_error = None
        if self.ledger is None:
            return None, None
        svc = self.service
        rights, svc.rights = svc.rights, None
        try:
            return svc.play_interconnected(self.ledger), None
        except Exception as err:  # the ledger out of reach, or refusing: said, never fatal here
            self.ledger_error = err
            due = svc.hall.interconnected_due()
            return due, ledger_problem(due, self.ledger.network, err)
        finally:
            svc.rights = rights

    def on_close(self, stop: Callable[[], None]) -> None:
        """Stop ``stop`` (a board line, the voice) when the host closes, newest first."""
        self._stoppers.append(stop)

    def close(self) -> None:
        if self.table is not None:
            self.table.close()  # a draw waiting for the table ends now, unanswered
        self._worker.shutdown(wait=True)
        if self._stop_devices is not None:
            self._stop_devices()
            self._stop_devices = None
        while self._stoppers:
            self._stoppers.pop()()

    # --- the stream ---------------------------------------------------------------------------

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop

    def listen(self, direct: fanout.Writer | None = None) -> tuple[asyncio.Queue[str], str]:
        """A new screen: its queue and the snapshot to send first. Called on the event loop,
        where every change is also handed out, so no change falls between the two. With
        ``direct`` (``fanout.writer``), the changes and pings are written straight to its
        socket while it waits (``waiting``), framed once for all (decision 588).
        """
        queue: asyncio.Queue[str] = asyncio.Queue()
        self._listeners.add(queue)
        if direct is not None:
            self._direct[queue] = direct
        return queue, wire.dumps(wire.snapshot_message(self.version, self.state))

    def waiting(self, queue: asyncio.Queue[str], idle: bool) -> None:
        """The screen of ``queue`` waits on it (``idle``) or is busy sending."""
        if idle:
            self._idle.add(queue)
        else:
            self._idle.discard(queue)

    def forget(self, queue: asyncio.Queue[str]) -> None:
        self._listeners.discard(queue)
        self._direct.pop(queue, None)
        self._idle.discard(queue)

    def _fan_out(self, text: str) -> None:
        """``text`` (a change, a ping: for every screen) to every screen, on the loop."""
        framed: bytes | None = None
        for queue in self._listeners:
            write = self._direct.get(queue)
            if write is not None and queue in self._idle and queue.empty():
                if framed is None:
                    framed = fanout.frame(text)
                if write(framed):
                    continue
            queue.put_nowait(text)

    async def ping_every(self, seconds: float) -> None:
        """A ping, made once, to every screen with nothing else to send, every ``seconds``
        (on the loop): one timer for the hall, not one per screen (issue 20, item 13).
        """
        while True:
            await asyncio.sleep(seconds)
            text = wire.dumps(wire.ping_message())
            self._fan_out(text)

    def _committed(self, record: Record, _event: ev.Event) -> None:
        """Called on the writer after every record is applied; one message per commit."""
        self._pending.append(record)
        if record.seq != self.service.last_seq:
            return  # more records of the same commit follow
        records, self._pending = self._pending, []
        state = wire.state_json(panel_state(self.service.hall))
        version = self.service.last_seq
        text = wire.dumps(wire.change_message(version, state, records, self._accepted_at))
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._hand_out, version, state, text)
        else:
            self._hand_out(version, state, text)

    def publish(self, message: dict[str, Any]) -> None:
        """Hand a message that is no commit (a question to the table) to every screen, from any
        thread; it goes out in order with the changes.
        """
        text = wire.dumps(message)

        def put() -> None:
            for queue in self._listeners:
                queue.put_nowait(text)

        if self._loop is not None:
            self._loop.call_soon_threadsafe(put)
        else:
            put()

    def _hand_out(self, version: int, state: dict[str, Any], text: str) -> None:
        self.version, self.state = version, state
        self._fan_out(text)

    # --- commands -----------------------------------------------------------------------------

    async def submit(self, body: Any, accepted_at_ms: float, rights: rt.Rights | None) -> Answer:
        if self.table is not None and self.table.asking():
            # the writer waits for the table's reading of a ball: refused now, not queued
            # behind it for as long as the reading takes (decision 140)
            return 409, wire.error_body(
                "table_busy",
                "la mesa está leyendo la bola de la extracción en curso: la orden no se ha "
                "aplicado; repítala en cuanto la bola conste",
            )
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._worker, self.execute, body, accepted_at_ms, rights)

    async def on_writer(self, call: Callable[[], T]) -> T:
        """Run ``call`` on the writer thread, between two commands: what a joined hall records
        of the centre's partida (``app.centre.join``) never lands inside a command's records.
        """
        return await asyncio.get_running_loop().run_in_executor(self._worker, call)

    def execute(
        self, body: Any, accepted_at_ms: float | None = None, rights: rt.Rights | None = None
    ) -> Answer:
        """Apply one command (on the writer thread); the HTTP status and the answer's body.
        ``rights``: who asks (``app.server.auth``); without it nothing is applied.
        """
        if rights is None:
            return 401, wire.error_body("not_logged_in", "orden sin operador identificado")
        try:
            client_id, command_id, name, args, expected = _parse(body)
        except CommandError as err:
            return err.status, wire.error_body(err.code, err.message, err.details)
        key = (client_id, command_id)
        kept = self._answers.get(key)
        asker = _asker(rights)
        if kept is not None:
            kept_name, kept_asker, (status, answer) = kept
            if kept_name != name or not _same_asker(kept_asker, asker):
                return _reused(command_id, kept_name)
            return status, answer if "error" in answer else {**answer, "repeated": True}
        try:
            applied = self.store.applied_command(self.service.hall_id, client_id, command_id)
        except IntegrityError as err:
            return 500, wire.error_body("integrity", f"registro alterado: {err}")
        except StoreError as err:  # not kept: the same ids are tried again (NOT_KEPT)
            return self._store_failed(name, err, self.service.last_seq)
        if applied is not None:
            # after a restart the store answers, as the kept answer would: the same command,
            # asked by whoever may read its answer, else nothing is said of it (decision 426)
            if applied.name != name or not _same_asker((applied.asked_by, applied.role), asker):
                return _reused(command_id, applied.name)
            return 200, {
                "v": wire.WIRE_VERSION,
                "repeated": True,
                "version": self.service.last_seq,
                "first_seq": applied.first_seq,
                "result": None,
            }
        status, answer = self._apply(
            name, args, expected, (client_id, command_id, name), accepted_at_ms, rights
        )
        if status not in NOT_KEPT:
            self._answers[key] = (name, asker, (status, answer))
        while len(self._answers) > KEPT_ANSWERS:
            self._answers.popitem(last=False)
        return status, answer

    def _apply(
        self,
        name: str,
        args: Any,  # the command (bingo.commands)
        expected: int | None,
        command: Command,
        accepted_at_ms: float | None,
        rights: rt.Rights,
    ) -> Answer:
        svc = self.service
        seen = svc.last_seq
        due, problem = self._interconnected()  # a step a cut or an outage left due
        waits = due is not None and WAITS_FOR.get(due) == name
        if problem is not None and waits:
            return 503, wire.error_body(
                "interconnected",
                f"{problem}. La orden «{name}» no se ha aplicado: espera al bingo interconectado "
                "(R-MULTI-1); repítala cuando el fondo común responda",
            )
        if waits and svc.last_seq != seen:
            # the step the command waits for was taken just now: the jefe de mesa confirms the
            # data, or pays the prizes, he has seen on his screen, and he has not seen these yet
            # (R-ACTA-2; decision 301)
            return 409, wire.error_body(
                "stale_version",
                f"{_JUST_TAKEN[due or '']} (versión {svc.last_seq}): la orden «{name}» no se ha "
                "aplicado; revise la pantalla y repítala",
            )
        if expected is not None and expected != svc.last_seq:  # after the server's own step
            return 409, wire.error_body(
                "stale_version",
                f"otro puesto cambió el estado de la sala mientras tanto (versión {svc.last_seq}, "
                f"usted veía la {expected}): la orden «{name}» no se ha aplicado; "
                "revise la pantalla y repítala si sigue haciendo falta",
            )
        refused = self.refuse_close() if name == "close_session" and self.refuse_close else None
        if refused is not None:  # nothing written (decision 365)
            return 409, wire.error_body("venta_simultanea_pendiente", refused)
        before = svc.last_seq
        self.log.command = command
        self._accepted_at = accepted_at_ms
        svc.rights = None if isinstance(rights, Unnamed) else rights  # set-up: names nobody
        try:
            result = handlers.run(Context(svc, self.draws, self.table, self.terminals), args)
        except CommandError as err:
            return err.status, wire.error_body(err.code, err.message, err.details)
        except NotAuthorised as err:
            return 403, wire.error_body("not_authorised", str(err))
        except ConcurrencyError as err:
            return 409, wire.error_body("conflict", str(err))
        except IntegrityError as err:
            return 500, wire.error_body("integrity", f"registro alterado: {err}")
        except StoreError as err:
            return self._store_failed(name, err, before)
        except DomainError as err:
            return 422, wire.error_body("refused", str(err))
        except Exception:  # a bug must not take the hall down: say so and go on
            # its text may carry internals: it goes to the log, under a reference the staff
            # can give to support
            reference = secrets.token_hex(4)
            log.exception("orden %s: error interno [ref %s]", name, reference)
            return 500, wire.error_body(
                "internal",
                f"error interno en «{name}»: {self._outcome(name, before)}; el detalle está "
                f"en el registro del servidor (referencia {reference})",
            )
        finally:
            self.log.command = None
            self._accepted_at = None
            svc.rights = None
        _due, problem = self._interconnected()  # announced at the sale's close, settled at the end
        answer: dict[str, Any] = {
            "v": wire.WIRE_VERSION,
            "repeated": False,
            "version": svc.last_seq,
            "first_seq": before + 1 if svc.last_seq > before else None,
            "result": result,
        }
        if problem is not None:  # the command stands; the step is taken again before the next
            answer["warning"] = problem
        return 200, answer

    def _store_failed(self, name: str, err: StoreError, before: int) -> Answer:
        """503 ``store``: the store's sentence for the staff and what became of the command;
        the driver's text goes to the log only, with the command's name.
        """
        log.warning("orden %s: base de datos (%s): %s", name, err.kind, err.detail or err)
        return 503, wire.error_body("store", f"{err}; {self._outcome(name, before)}")

    def _outcome(self, name: str, before: int) -> str:
        """What became of command ``name`` that failed: nothing applied, or (a command that
        commits more than once failed after its first commit) applied up to a version.
        """
        if self.service.last_seq == before:
            return f"la orden «{name}» no se ha aplicado"
        return (
            f"la orden «{name}» se ha aplicado solo en parte (hasta la versión "
            f"{self.service.last_seq}): revise la pantalla antes de repetirla"
        )


#: What the staff are told when the step a command waits for was taken inside its request.
_JUST_TAKEN = {
    ANNOUNCE: "se acaba de anunciar el fondo común del bingo interconectado de la partida",
    SETTLE: "se acaba de liquidar el bingo interconectado de la partida cerrada",
}


#: Who asked for a command: name and role ("", "" for the console of a hall with no operators).
_Asker = tuple[str, str]


def _asker(rights: rt.Rights) -> _Asker:
    if isinstance(rights, Unnamed):
        return "", ""
    actor = rights.asker()
    return actor.asked_by, actor.role


def _same_asker(first: _Asker, now: _Asker) -> bool:
    """A command's kept answer goes back to whoever may read it: the table's people (a station's
    retry after another of them logged in there), or the very machine that asked; never to a
    terminal for another's command, nor to anyone for a terminal's (decisions 284, 424).
    """
    if first == now:
        return True
    return first[1] in rt.TABLE and now[1] in rt.TABLE


def _reused(command_id: str, kept_name: str) -> Answer:
    return 409, wire.error_body(
        "command_id_reused",
        f"el identificador de orden {command_id!r} ya se usó para «{kept_name}»",
    )


def _text_id(body: Mapping[str, Any], field: str) -> str:
    value = body.get(field)
    if not isinstance(value, str) or not 0 < len(value) <= MAX_ID or not value.isprintable():
        raise CommandError(
            400, "bad_request", f"falta {field} (un texto imprimible de 1 a {MAX_ID} caracteres)"
        )
    return value


def _parse(body: Any) -> tuple[str, str, str, Any, int | None]:
    if not isinstance(body, dict):
        raise CommandError(400, "bad_request", "la orden debe ser un objeto JSON")
    if body.get("v") != wire.WIRE_VERSION:
        raise CommandError(
            400, "bad_version", f"versión de mensaje no admitida: {body.get('v')!r} (se usa 1)"
        )
    client_id = _text_id(body, "client_id")
    command_id = _text_id(body, "command_id")
    name = body.get("name")
    if not isinstance(name, str) or name not in COMMANDS:
        known = ", ".join(sorted(COMMANDS))
        raise CommandError(404, "unknown_command", f"orden desconocida: {name!r} (hay: {known})")
    expected = body.get("expected_version")
    if expected is not None and (not isinstance(expected, int) or isinstance(expected, bool)):
        raise CommandError(400, "bad_request", "expected_version debe ser un número entero")
    try:  # the tagged union of the commands (app.server.wire_commands)
        args = wire_commands.decode(body)
    except wire_commands.Refused as err:
        raise CommandError(400, err.code, err.message) from None
    return client_id, command_id, name, args, expected
