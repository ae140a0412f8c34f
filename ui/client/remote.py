"""The hall as a console sees it from the server: a read-only replica and the commands.

``RemoteService`` is what the console drives (``bingo.handlers.Bus``), as the hall's service is:
it sends the same command dataclasses (``handle``), with no method of its own per command. Its
``hall`` is a replica: the server's committed records, their hash chain checked, folded by the
domain's own code (``HallService.follow``), so the console reads the hall exactly as the server
holds it. Each command goes to the server with the version this station last saw
(``expected_version``): if another station changed the hall meanwhile it is refused
(``StaleState``) and nothing is applied; once applied, the call returns only when the replica
holds what it wrote, so the console shows it at once.

The stream (a WebSocket) tells of every change; the replica then fetches the records after its
last one. A stream that falls silent for ``WATCHDOG_SECONDS`` is a lost server: the station is
told (``on_link``), the link is tried again every half second, and on its return the replica
catches up from its last record. Records whose chain does not continue the replica's are never
applied: the station is told the server's record is not the one it had.
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import msgspec

from bingo import commands as cmd
from bingo import events as ev
from bingo import rights as rt
from bingo.chain import GENESIS, Record, verify_chain
from bingo.hall import DomainError, DuplicateBall, Hall
from bingo.service import CardSetLibrary, HallService, MemoryEventLog
from drivers.notices import Told, from_wire
from ui.client.link import Link, LinkDown, ServerRefused, tls_context

log = logging.getLogger(__name__)

T = TypeVar("T")

WATCHDOG_SECONDS = 5.0  # the server pings every 2 s
RECONNECT_SECONDS = 0.5

LinkListener = Callable[[bool, str], None]  # (online, what happened)
QuestionListener = Callable[[dict[str, Any]], None]
DeviceListener = Callable[[str, Told], None]  # (device, the notice: drivers.notices)
#: Sends the command being given, with the jefe de sala's name and PIN (or without: None).
Send = Callable[[dict[str, str] | None], Any]
#: The station's override: asks the jefe de sala for ``action`` and sends with what he types.
Override = Callable[[str, Send], Any]

LOGIN_LOST = (
    "la sesión de este puesto ya no vale (el servidor se reinició o pasaron sus 12 horas): "
    "inicie sesión de nuevo y repita la orden"
)


class Authorised(rt.Actor):
    """The jefe de sala's authorisation checked at the station before a step that must not be
    recorded without it (the closing count before ``close_session``), to be carried by the
    command itself, where the server checks it again.
    """

    def __init__(self, actor: rt.Actor, name: str, pin: str) -> None:
        super().__init__(actor.asked_by, actor.role, actor.client, name, actor.action)
        object.__setattr__(self, "carried", {"name": name, "pin": pin})

    carried: dict[str, str]


class ReplicaBroken(DomainError):
    """The server's record does not continue the one this station holds."""


class RemoteService:
    def __init__(self, link: Link) -> None:
        self.link = link
        self._sync_lock = threading.RLock()
        self._records: list[Record] = []
        self._head = GENESIS
        first = link.get("/api/v1/records", after=0)
        self.hall_id = str(first["hall_id"])
        records = self._checked(first, 0, GENESIS)
        while first["more"]:
            first = link.get("/api/v1/records", after=records[-1].seq)
            records += self._checked(first, records[-1].seq, records[-1].hash)
        seed = MemoryEventLog()
        seed.records[self.hall_id] = list(records)
        self._replica = HallService(seed, self.hall_id, CardSetLibrary(self._card_set))
        self._records = list(records)
        self._head = records[-1].hash if records else GENESIS
        self.problem = ""  # why the replica stopped following, if it did
        self.online = True
        self._link_listeners: list[LinkListener] = []
        self.on_question: QuestionListener | None = None
        self._on_device: DeviceListener | None = None
        self._notice_lock = threading.Lock()
        self._early_notices: list[tuple[str, Told]] = []  # came before the window listened
        self.on_terminal: Callable[[str, bool], None] | None = None  # (terminal, connected)
        #: The station's jefe de sala override (``ui.client.login``); None: nobody is named
        #: (a hall with no operators), and no command carries an authorisation.
        self.override: Override | None = None
        #: Told, from any thread, when the server no longer takes this station's login.
        self.login_lost: Callable[[], None] | None = None
        #: The ball the server's devices just drew and recorded (``RemoteDevices.draw``).
        self.recorded_by_server: int | None = None
        self._stop = threading.Event()
        self._follower: threading.Thread | None = None
        self._socket: Any = None
        self.voice_calls: tuple[int, ...] = ()

    @property
    def on_device(self) -> DeviceListener | None:
        """Told each device notice of the server (device, its code: ``drivers.notices``)."""
        return self._on_device

    @on_device.setter
    def on_device(self, listener: DeviceListener | None) -> None:
        # the stream starts before the window: a device off when it connected waited for it
        with self._notice_lock:
            self._on_device = listener
            early, self._early_notices = self._early_notices, []
        if listener is not None:
            for device, notice in early:
                listener(device, notice)

    def _device(self, device: str, notice: Told) -> None:
        with self._notice_lock:
            listener = self._on_device
            if listener is None:
                self._early_notices.append((device, notice))
        if listener is not None:
            listener(device, notice)

    # --- the replica ---------------------------------------------------------------------------

    @property
    def hall(self) -> Hall:
        return self._replica.hall

    @property
    def last_seq(self) -> int:
        return self._replica.last_seq

    @property
    def card_sets(self) -> CardSetLibrary:
        return self._replica.card_sets

    def records(self) -> list[Record]:
        with self._sync_lock:
            return list(self._records)

    def subscribe(self, subscriber: Callable[[Record, ev.Event], None]) -> Callable[[], None]:
        return self._replica.subscribe(subscriber)

    def _card_set(self, card_set_id: str) -> bytes | None:
        try:
            response = self.link.http.get(f"/api/v1/card_sets/{card_set_id}")
        except Exception:
            return None
        return response.content if response.status_code == 200 else None

    def _checked(self, answer: dict[str, Any], after: int, head: str) -> list[Record]:
        """The records of a page, refused unless they continue the chain at ``after``."""
        if answer.get("hall_id") != self.hall_id:
            raise ReplicaBroken(f"el servidor lleva otra sala ({answer.get('hall_id')!r})")
        records = [Record.from_json(r) for r in answer["records"]]
        if records:
            broken = verify_chain(records, head)
            if broken is not None or records[0].seq != after + 1:
                reason = broken.reason if broken else f"empieza en el registro {records[0].seq}"
                raise ReplicaBroken(
                    f"el registro del servidor no continúa el de este puesto: {reason}"
                )
        return records

    def sync(self, version: int | None = None) -> None:
        """Fetch and apply the records after the last one held (up to ``version`` at least)."""
        with self._sync_lock:
            while version is None or self.last_seq < version:
                after = self.last_seq
                answer = self.link.get("/api/v1/records", after=after)
                records = self._checked(answer, after, self._head)
                if not records:
                    if version is not None and self.last_seq < version:
                        raise ReplicaBroken(
                            f"el servidor anuncia la versión {version} y no da sus registros"
                        )
                    return
                self._replica.follow(records)
                self._records.extend(records)
                self._head = records[-1].hash
                if not answer["more"] and version is None:
                    return

    # --- the stream ----------------------------------------------------------------------------

    def on_link(self, listener: LinkListener) -> None:
        self._link_listeners.append(listener)

    def _tell(self, online: bool, what: str) -> None:
        self.online = online
        for listener in list(self._link_listeners):
            try:
                listener(online, what)
            except Exception:
                log.exception("link listener")

    def start(self) -> None:
        """Follow the server's stream on a thread of its own until ``close``."""
        if self._follower is None:
            self._follower = threading.Thread(target=self._follow, name="hall-stream", daemon=True)
            self._follower.start()

    def close(self) -> None:
        self._stop.set()
        socket = self._socket
        if socket is not None:
            with contextlib.suppress(Exception):
                socket.close()  # the follower's wait ends now
        if self._follower is not None:
            self._follower.join(timeout=WATCHDOG_SECONDS + 1)
        self.link.close()

    def _follow(self) -> None:
        from websockets.exceptions import WebSocketException
        from websockets.sync.client import connect

        wss = self.link.stream_url.startswith("wss:")
        ssl_context = tls_context(self.link.verify) if wss else None
        while not self._stop.is_set():
            try:
                with connect(
                    self.link.stream_url,
                    additional_headers=self.link.headers,
                    ssl=ssl_context,
                    open_timeout=WATCHDOG_SECONDS,
                ) as socket:
                    self._socket = socket
                    self._listen(socket)
            except ReplicaBroken as exc:
                self.problem = str(exc)
                self._tell(False, self.problem)
                return  # never apply a record that does not continue this one
            except ServerRefused as exc:
                if exc.code == "not_logged_in":
                    self._wait_login()
                    continue
                # LinkDown is a refusal too (the server died while the records were read), and
                # any other refusal must not end this thread either: a dead follower left the
                # station saying «en línea» with nothing behind it. Reconnect.
                log.warning("stream lost: %s", exc)
            except (OSError, TimeoutError, WebSocketException, ValueError) as exc:
                log.info("stream lost: %r", exc)
            if self.online:
                self._tell(False, "sin conexión con el servidor de la sala")
            self._stop.wait(RECONNECT_SECONDS)

    def _wait_login(self) -> None:
        """The server no longer knows this station's login: ask for one, and wait for it."""
        generation = self.link.generation
        self._login_lost()
        while not self._stop.is_set() and self.link.generation == generation:
            self._stop.wait(RECONNECT_SECONDS)

    def _login_lost(self) -> None:
        listener = self.login_lost
        if listener is not None:
            listener()

    def _listen(self, socket: Any) -> None:
        while not self._stop.is_set():
            try:
                text = socket.recv(timeout=WATCHDOG_SECONDS)
            except TimeoutError:
                return  # silent: the server is gone or stuck
            message = json.loads(text)
            kind = message.get("type")
            if message.get("v") != 1:
                raise ReplicaBroken(f"versión de mensaje no admitida: {message.get('v')!r}")
            if kind == "snapshot":
                version = int(message["version"])
                if version < self.last_seq:
                    raise ReplicaBroken(
                        f"el servidor tiene {version} registros y este puesto ya tenía "
                        f"{self.last_seq}: no es el mismo registro"
                    )
                # a read even when nothing is new: a restarted server that forgot this
                # station's login says so here, and the station asks for it again
                self.sync(version if version > self.last_seq else None)
                if not self.online:
                    self._tell(True, "conexión con el servidor recuperada")
            elif kind == "change":
                self.sync(int(message["version"]))
            elif kind in ("question", "question_closed", "questions"):
                # ``questions``: the ones open when this stream connected (decision 340)
                self._question(message)
            elif kind == "voice":  # the calls the hall's voice has still to say (decision 720)
                self.voice_calls = tuple(int(n) for n in message.get("calls", ()))
            elif kind == "device":
                said = from_wire(message)  # a code this station does not know is not shown
                if said is not None:
                    self._device(str(message.get("device", "")), said)
            elif kind == "terminal_presence" and self.on_terminal is not None:
                self.on_terminal(str(message.get("terminal", "")), bool(message.get("connected")))

    def _question(self, message: dict[str, Any]) -> None:
        listener = self.on_question
        if listener is not None:
            listener(message)

    def answer_question(self, question_id: str, number: int | None) -> None:
        """The table's reading for the server's question (ignored once it is closed)."""
        self.link.post(f"/api/v1/questions/{question_id}", {"number": number})

    # --- commands ------------------------------------------------------------------------------

    def handle(self, command: cmd.Command[T], authorised: rt.Actor | None = None) -> T:
        """``command`` (``bingo.commands``) applied at the server on the state this station
        holds; its answer, as ``HallService.handle`` gives it, once the replica holds what it
        wrote. An action that needs the jefe de sala opens the station's override
        (``override``), unless ``authorised`` (``authorise``) already carries his name and PIN.
        """
        carried = authorised.carried if isinstance(authorised, Authorised) else None
        answer = self._send(command, carried)
        kind = cmd.answer_type(type(command))
        if kind is None:
            return None  # type: ignore[return-value]  # Command[None]
        result = answer.get("result")
        if result is None:  # a retry answered from the store after the server restarted
            raise DomainError(f"el servidor ya había aplicado «{command.name}»: revise la pantalla")
        answered: T = msgspec.convert(result, kind)
        return answered

    def _send(self, command: cmd.Command[Any], carried: dict[str, str] | None = None) -> Any:
        """The server's answer to ``command``, sent with the version this station holds."""
        if self.problem:
            raise ReplicaBroken(self.problem)
        if not self.online:  # said at once: the station already shows it is cut off
            raise LinkDown(
                "link_down", "sin conexión con el servidor de la sala: la orden no se ha enviado"
            )
        action = rt.action_of(command)
        command_id = self.link.new_command_id()  # the same ids while the jefe de sala retries
        args = cmd.arguments(command)

        def send(authorisation: dict[str, str] | None) -> Any:
            return self.link.command(
                command.name, args, self.last_seq, authorisation=authorisation,
                command_id=command_id,
            )  # fmt: skip

        try:
            if carried is not None:
                answer = send(carried)
            elif self._asks_sala(action):
                assert self.override is not None
                answer = self.override(action, send)
            else:
                answer = send(None)
        except ServerRefused as exc:
            if exc.code == "not_logged_in":
                self._login_lost()
                raise ServerRefused(exc.code, LOGIN_LOST) from None
            raise
        self.sync(int(answer["version"]))
        return answer

    def _asks_sala(self, action: str) -> bool:
        """The station asks the jefe de sala for ``action``: it needs him, and the operator
        logged in may ask for it (else the server refuses it, and records the refusal).
        """
        operator = self.link.operator
        return (
            self.override is not None
            and rt.needs_sala(action)
            and operator is not None
            and rt.may_ask(operator[1], action)
        )

    def authorise(self, action: str) -> rt.Actor | None:
        """The jefe de sala's authorisation of ``action``, asked for now, before a step that
        must not be recorded without it (``HallService.authorise``); None when nobody is named.
        """
        if not self._asks_sala(action):
            return None
        assert self.override is not None and self.link.operator is not None
        name, role = self.link.operator
        actor = rt.Actor(name, role, self.link.station, "", action)
        found: list[Authorised] = []

        def check(authorisation: dict[str, str] | None) -> Any:
            assert authorisation is not None
            if self.link.check_secret(authorisation["name"], authorisation["pin"]) != (
                rt.JEFE_DE_SALA
            ):
                raise ServerRefused(
                    "not_authorised",
                    f"{authorisation['name']} no es jefe de sala: no puede autorizarlo",
                )
            found.append(Authorised(actor, authorisation["name"], authorisation["pin"]))
            return found[-1]

        self.override(action, check)
        return found[-1]

    # --- the draw policy's record port (bingo.drawing.DrawRecord) ------------------------------

    def draw_ball(self, number: int, source: str = "operator", ball_id: str = "") -> list[Record]:
        """A ball typed at the table: the jefe de mesa's reading, or a manual draw. A ball from
        the devices is drawn by the server's own devices (``draw_from_devices``), never told.
        """
        if source == "extractor" and self.recorded_by_server == number:
            self.recorded_by_server = None  # drawn and recorded by the server's devices
            return []
        typed: dict[str, cmd.Command[Any]] = {
            "operator": cmd.DrawBall(number=number),
            "manual": cmd.DrawManualBall(number=number),
        }
        if source not in typed:
            raise DomainError(f"este puesto no puede registrar bolas de origen «{source}»")
        try:
            answer = self._send(typed[source])
        except ServerRefused as exc:
            partida = self.hall.partida
            if exc.code == "duplicate_ball" and partida is not None and number in partida.balls:
                raise DuplicateBall(number, partida.balls.index(number) + 1) from None
            raise
        return self._written(answer)

    def draw_manual(self) -> int:
        return self.handle(cmd.DrawManual()).number

    def draw_operator_ball(
        self, number: int, ball_id: str, hold_note: str, incident: str = "reader_hold"
    ) -> list[Record]:
        raise DomainError("la bola retenida la resuelve el servidor con la lectura de la mesa")

    def stop_for_ball_irregularity(self, note: str, duplicated: Sequence[int] = ()) -> None:
        self.handle(cmd.StopForBallIrregularity(note=note, duplicated=tuple(duplicated)))

    # --- partidas of bingo derivado and bingo plus (docs/games.md, "Commands") ---------------

    def offered_games(self) -> list[dict[str, Any]]:
        """The published games authorised in the hall's region that ``adopt_game`` takes
        (``GET /api/v1/games``): file name, id, version, modality, plan, count, names.
        """
        return list(self.link.get("/api/v1/games")["games"])

    def _written(self, answer: dict[str, Any]) -> list[Record]:
        first = answer.get("first_seq")
        if first is None:
            return []
        with self._sync_lock:
            return [r for r in self._records if first <= r.seq <= int(answer["version"])]
