"""The hall's commands as data: one frozen dataclass per use case a client may ask for.

A command says what is asked and nothing of who asks or how it travels. ``name`` is its
name on the wire (``POST /api/v1/commands``, docs/api.md): fixed here, so renaming a class
never changes the protocol. ``Command[R]`` says what the command answers: ``R`` is a frozen
dataclass of plain values (or None, answered ``{}``), the same at the hall's service
(``bingo.service.HallService.handle``) and through a console's client, so a type checker sees
one signature for both.

The service handles the commands of the domain (``bingo.handlers``); the few that need the
server's devices, its files or its terminals are handled by the hall server
(``app.server.handlers``). Who may ask for each is one line of ``bingo.rights.COMMANDS``.

Plain dataclasses: the server builds its tagged union and its JSON schema from them
(``app.server.wire_commands``), so the domain needs no serialisation library.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from bingo.terminals import CASH

if TYPE_CHECKING:
    pass

R = TypeVar("R", covariant=True)
T = TypeVar("T")


class Command(Generic[R]):
    """A use case asked for; ``R``: what it answers."""

    name: ClassVar[str]
    help: ClassVar[str]  # one line for docs/api.md, in the staff's words


# --- what the commands answer ---------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class SaleRange:
    series: str
    first: int
    last: int


@dataclass(frozen=True, kw_only=True)
class TerminalSale:
    series: str
    first: int
    last: int
    payment: str
    amount_cents: int = 0  # what was charged, as recorded: the receipt prints it


@dataclass(frozen=True, kw_only=True)
class PaidPrize:
    partida: int
    prize: str
    series: str
    number: int


@dataclass(frozen=True, kw_only=True)
class TerminalPaid:
    paid_cents: int
    prizes: tuple[PaidPrize, ...]


@dataclass(frozen=True, kw_only=True)
class PartidaNumber:
    partida: int


@dataclass(frozen=True, kw_only=True)
class ClaimAnswer:
    valid: bool
    payload: dict[str, Any]  # the ClaimChecked event's payload (bingo.events)


@dataclass(frozen=True, kw_only=True)
class BallCheckAnswer:
    ok: bool  # all 90 there, each once, in perfect condition (R-BALL-2)


@dataclass(frozen=True, kw_only=True)
class SessionOpened:
    opened: bool
    ball_check_ok: bool


@dataclass(frozen=True, kw_only=True)
class Ball:
    number: int


@dataclass(frozen=True, kw_only=True)
class Drawn:
    done: str  # what was done, for the log
    last_ball: int | None = None


@dataclass(frozen=True, kw_only=True)
class ScannedSet:
    numbers: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class AmountPaid:
    amount_cents: int


@dataclass(frozen=True, kw_only=True)
class GameAdopted:
    game_id: str
    version: str
    sha256: str
    count: int


@dataclass(frozen=True, kw_only=True)
class GameCardSet:
    card_set_id: str
    seed: int
    count: int


@dataclass(frozen=True, kw_only=True)
class GameSerie:
    code: str


@dataclass(frozen=True, kw_only=True)
class GameBall:
    number: int
    plan_complete: bool


# --- the session --------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class OpenSession(Command[SessionOpened]):
    """The ball count (the reader's scan, or the 90 numbers typed in ``ball_check``), then the
    session (R-BALL-2).
    """

    name: ClassVar[str] = "open_session"
    help: ClassVar[str] = "recuento de bolas (lector o ball_check) y apertura de la sesión"
    session_id: str
    date: str
    jefe_de_mesa: str
    jefe_de_sala: str
    ball_check: tuple[int, ...] | None = None  # typed in; without it, the server's reader


@dataclass(frozen=True, kw_only=True)
class ScanBallSet(Command[ScannedSet]):
    """The reader counts the set; result ``{"numbers"}``; nothing recorded. A set with a ball
    missing or repeated: ``422 ball_set_irregular``, the balls named in the message and
    ``error.details`` ``{"reason", "missing", "duplicated", "scanned"}``; that reading is then
    the one ``record_ball_check`` with ``method: "reader"`` records (not conforming, decision
    22).
    """

    name: ClassVar[str] = "scan_ball_set"
    help: ClassVar[str] = "el lector cuenta el juego de bolas"


@dataclass(frozen=True, kw_only=True)
class RecordBallCheck(Command[BallCheckAnswer]):
    """Records a count (R-BALL-2); ``reader`` only with the server's own last scan; result
    ``{"ok"}``. ``when``: ``open``|``close``|``change``; ``method``: ``manual``|``reader``.
    """

    name: ClassVar[str] = "record_ball_check"
    help: ClassVar[str] = "registra el recuento de bolas (R-BALL-2); result {ok}"
    session_id: str
    when: str
    numbers: tuple[int, ...]
    method: str = "manual"  # or "reader": then the server's own last reading
    condition_ok: bool = True
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class OpenCountedSession(Command[None]):
    """Opens the session whose count is recorded."""

    name: ClassVar[str] = "open_counted_session"
    help: ClassVar[str] = "abre la sesión cuyo recuento ya consta"
    session_id: str
    date: str
    jefe_de_mesa: str
    jefe_de_sala: str


@dataclass(frozen=True, kw_only=True)
class RegisterSerie(Command[None]):
    """Registers a serie of a card set."""

    name: ClassVar[str] = "register_serie"
    help: ClassVar[str] = "registra una serie"
    code: str
    card_set_id: str
    size: int
    face_value_cents: int
    electronic: bool = False


@dataclass(frozen=True, kw_only=True)
class InstallBallSet(Command[None]):
    """The change of the ball set (R-BALL-1)."""

    name: ClassVar[str] = "install_ball_set"
    help: ClassVar[str] = "cambia el juego de bolas (R-BALL-1)"
    ball_set_id: str
    homologation: str
    guaranteed_partidas: int
    partidas_before: int = 0
    pneumatic: bool = True
    reason: str = ""


@dataclass(frozen=True, kw_only=True)
class ChoosePrimaAmount(Command[None]):
    """The prima's amount, among the region's (the jefe de sala's authorisation)."""

    name: ClassVar[str] = "choose_prima_amount"
    help: ClassVar[str] = "elige el importe de la prima"
    amount_cents: int


@dataclass(frozen=True, kw_only=True)
class AnnounceLastPartida(Command[None]):
    """Announces the last partida of the session."""

    name: ClassVar[str] = "announce_last_partida"
    help: ClassVar[str] = "anuncia la última partida"


@dataclass(frozen=True, kw_only=True)
class CloseSession(Command[None]):
    """Closes the session (the jefe de sala's authorisation)."""

    name: ClassVar[str] = "close_session"
    help: ClassVar[str] = "cierra la sesión"


# --- the partida --------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class StartPartida(Command[PartidaNumber]):
    """Opens the sale of the next partida; result ``{"partida": n}``."""

    name: ClassVar[str] = "start_partida"
    help: ClassVar[str] = "abre la venta de la partida siguiente"


@dataclass(frozen=True, kw_only=True)
class Sell(Command[SaleRange]):
    """Sells a range of cartones (``seller``: who handed it out, 1–40 characters, decision 240;
    ``payment``: ``cash``, the default, or ``card``; ``credit``, ``cheque``, ``on_account``,
    ``deferred`` are refused with ``422`` naming the paragraph, decision 280).
    """

    name: ClassVar[str] = "sell"
    help: ClassVar[str] = "vende un rango de cartones de una serie"
    series: str
    first: int
    last: int
    electronic: bool = False
    seller: str = ""  # who handed the block out (issue 9; decision 240)
    payment: str = CASH  # how it was paid: cash or card (R-SALE-4; decision 280)


@dataclass(frozen=True, kw_only=True)
class SellCount(Command[SaleRange]):
    """Sells the next ``count``; result ``{"first", "last"}``."""

    name: ClassVar[str] = "sell_count"
    help: ClassVar[str] = "vende los siguientes N cartones de una serie"
    series: str
    count: int
    electronic: bool = False
    seller: str = ""
    payment: str = CASH


@dataclass(frozen=True, kw_only=True)
class ReturnCartones(Command[SaleRange]):
    """The last ``count`` cartones of the last sale back, before the close; result ``{"series",
    "first", "last"}``.
    """

    name: ClassVar[str] = "return_cartones"
    help: ClassVar[str] = (
        "devuelve los últimos N cartones de la última venta, antes del cierre; result "
        "{series, first, last}"
    )
    count: int


@dataclass(frozen=True, kw_only=True)
class CloseSale(Command[None]):
    """Closes the sale: the amounts are fixed."""

    name: ClassVar[str] = "close_sale"
    help: ClassVar[str] = "cierra la venta"


@dataclass(frozen=True, kw_only=True)
class ConfirmDataShown(Command[None]):
    """The jefe de mesa states the data are in the acta and on the panels (R-ACTA-2)."""

    name: ClassVar[str] = "confirm_data_shown"
    help: ClassVar[str] = "datos en el acta y los paneles (R-ACTA-2)"


@dataclass(frozen=True, kw_only=True)
class DrawBall(Command[Drawn]):
    """Without ``number``: the devices draw one; with it: the ball the jefe de mesa reads (source
    ``operator``).
    """

    name: ClassVar[str] = "draw_ball"
    help: ClassVar[str] = (
        "extrae una bola de los dispositivos, o registra la que lee el jefe de mesa"
    )
    number: int | None = None  # the jefe de mesa's reading, in a hall without devices


@dataclass(frozen=True, kw_only=True)
class DrawFromDevices(Command[Drawn]):
    """A ball from the server's devices, by the hall's draw policy; with ``table`` the sending
    console answers the table's questions, with ``table_check`` on every ball; result
    ``{"done"}``.
    """

    name: ClassVar[str] = "draw_from_devices"
    help: ClassVar[str] = (
        "extrae una bola de los dispositivos del servidor; con table, la mesa responde sus "
        "preguntas"
    )
    table: bool = False  # the console that sends it answers the table's questions
    table_check: bool = False  # … for every ball, not only for a held one


@dataclass(frozen=True, kw_only=True)
class DrawManual(Command[Ball]):
    """The manual draw of a pending ball by lot (R-INC-2); result ``{"number"}``."""

    name: ClassVar[str] = "draw_manual"
    help: ClassVar[str] = "sorteo manual de una bola pendiente (R-INC-2)"


@dataclass(frozen=True, kw_only=True)
class DrawManualBall(Command[Ball]):
    """A ball of the manual extraction (refused unless the partida is in it)."""

    name: ClassVar[str] = "draw_manual_ball"
    help: ClassVar[str] = "registra una bola de la extracción manual"
    number: int


@dataclass(frozen=True, kw_only=True)
class CorrectBall(Command[None]):
    """The ball prevails (R-GAME-3)."""

    name: ClassVar[str] = "correct_ball"
    help: ClassVar[str] = "corrige una bola mal cantada (prevalece la bola, R-GAME-3)"
    index: int
    number: int
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class Claim(Command[ClaimAnswer]):
    """Checks a called cartón; result ``{"valid", "payload"}``. ``prize``: ``line``|``bingo``."""

    name: ClassVar[str] = "claim"
    help: ClassVar[str] = "comprueba un cartón cantado (line o bingo)"
    series: str
    number: int
    prize: str


@dataclass(frozen=True, kw_only=True)
class ClosePartida(Command[None]):
    """Closes the partida."""

    name: ClassVar[str] = "close_partida"
    help: ClassVar[str] = "cierra la partida"


@dataclass(frozen=True, kw_only=True)
class PayPrizes(Command[None]):
    """Records the payment of the prizes."""

    name: ClassVar[str] = "pay_prizes"
    help: ClassVar[str] = "registra el pago de los premios"


@dataclass(frozen=True, kw_only=True)
class PaySimultaneous(Command[AmountPaid]):
    """A hall joined to a centre pays its own winner of the centre's partida ``partida``, once;
    result ``{"amount_cents"}`` (docs/centre.md). ``prize``: ``line``|``bingo``.
    """

    name: ClassVar[str] = "pay_simultaneous"
    help: ClassVar[str] = "paga en la sala un premio suyo de la partida simultánea (R-MULTI-2)"
    partida: int
    prize: str
    number: int


# --- incidents ----------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Suspend(Command[None]):
    """Suspends the partida (R-INC-1)."""

    name: ClassVar[str] = "suspend"
    help: ClassVar[str] = "suspende la partida"
    note: str


@dataclass(frozen=True, kw_only=True)
class Resume(Command[None]):
    """Resumes the suspended partida."""

    name: ClassVar[str] = "resume"
    help: ClassVar[str] = "reanuda la partida suspendida"
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class RefundSuspended(Command[None]):
    """Refunds the cartones of the suspended partida."""

    name: ClassVar[str] = "refund_suspended"
    help: ClassVar[str] = "devuelve el importe de la partida suspendida"
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class StartManualExtraction(Command[None]):
    """Goes on by manual extraction (R-INC-2)."""

    name: ClassVar[str] = "start_manual_extraction"
    help: ClassVar[str] = "sigue por extracción manual"
    note: str


@dataclass(frozen=True, kw_only=True)
class StopForBallIrregularity(Command[None]):
    """R-INC-3."""

    name: ClassVar[str] = "stop_for_ball_irregularity"
    help: ClassVar[str] = "detiene la partida por irregularidad de bolas (R-INC-3)"
    note: str
    duplicated: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Annul(Command[None]):
    """Annuls with refund."""

    name: ClassVar[str] = "annul"
    help: ClassVar[str] = "anula la partida con devolución"
    incident: str
    note: str


# --- player terminals (R-MULTI-3) -----------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class TerminalBuy(Command[TerminalSale]):
    """A terminal's own purchase (role ``terminal`` only, connected to ``WS /api/v1/terminal``;
    otherwise ``409 terminal_not_connected``): the next ``count`` electronic cartones of the
    serie in play, paid at once; result ``{"series", "first", "last", "payment",
    "amount_cents"}``. Refused
    (``422``) beyond the region's limits (Euskadi: 6 a partida per machine, art. 3.6.b).
    """

    name: ClassVar[str] = "terminal_buy"
    help: ClassVar[str] = (
        "la terminal compra N cartones electrónicos para su jugador, pagados en el acto"
    )
    count: int
    payment: str


@dataclass(frozen=True, kw_only=True)
class TerminalCollect(Command[TerminalPaid]):
    """A terminal pays its player every prize owed to its cartones; result ``{"paid_cents",
    "prizes"}`` (decision 283).
    """

    name: ClassVar[str] = "terminal_collect"
    help: ClassVar[str] = "la terminal paga a su jugador los premios que se le deben"


# --- partidas of bingo derivado and bingo plus (docs/games.md) -------------------------------


@dataclass(frozen=True, kw_only=True)
class AdoptGame(Command[GameAdopted]):
    """A published game file (``plus-4x5``, ``derivado-instantaneo-3x3``: its name in
    ``config/games/``) authorised in the hall's region, read and checked as ``simulate
    --game`` reads it, adopted whole into the record; result ``{"game_id", "version", "sha256",
    "count"}``; unknown: ``422 unknown_game``.
    """

    name: ClassVar[str] = "adopt_game"
    help: ClassVar[str] = (
        "adopta un juego publicado y autorizado en la región (por el nombre de su fichero); "
        "result {game_id, version, sha256, count}"
    )
    game: str  # the name of its file among the published games


@dataclass(frozen=True, kw_only=True)
class RegisterGameCardSet(Command[GameCardSet]):
    """The game's cartones generated from a recorded seed (drawn by the server when not given);
    result ``{"card_set_id", "seed", "count"}``.
    """

    name: ClassVar[str] = "register_game_card_set"
    help: ClassVar[str] = (
        "genera y registra los cartones de un juego; result {card_set_id, seed, count}"
    )
    game_id: str
    card_set_id: str
    count: int
    seed: int | None = None  # drawn by the hall when not given, and recorded (R-CARD-2)


@dataclass(frozen=True, kw_only=True)
class RegisterGameSerie(Command[GameSerie]):
    """A serie of those cartones."""

    name: ClassVar[str] = "register_game_serie"
    help: ClassVar[str] = "registra una serie de los cartones de un juego"
    code: str
    card_set_id: str
    size: int


@dataclass(frozen=True, kw_only=True)
class StartGamePartida(Command[PartidaNumber]):
    """Opens the sale of a game partida (none while an ordinary partida is open, nor the reverse);
    result ``{"partida": n}``.
    """

    name: ClassVar[str] = "start_game_partida"
    help: ClassVar[str] = "abre la venta de una partida de otra modalidad; result {partida}"
    game_id: str
    card_set_id: str
    face_value_cents: int


@dataclass(frozen=True, kw_only=True)
class SellGameCount(Command[SaleRange]):
    """Sells the serie's next ``count`` cartones; result ``{"series", "first", "last"}``."""

    name: ClassVar[str] = "sell_game_count"
    help: ClassVar[str] = (
        "vende los siguientes N cartones de una serie del juego; result {series, first, last}"
    )
    series: str
    count: int
    electronic: bool = False


@dataclass(frozen=True, kw_only=True)
class CloseGameSale(Command[None]):
    """Closes the sale."""

    name: ClassVar[str] = "close_game_sale"
    help: ClassVar[str] = "cierra la venta de la partida"


@dataclass(frozen=True, kw_only=True)
class DrawGameBall(Command[GameBall]):
    """The ball of the game's drum the jefe de mesa reads, 1..N of the game (source ``operator``;
    ``manual`` after ``game_incident``); result ``{"number", "plan_complete"}`` (``true``: the
    plan has its balls, settle it).
    """

    name: ClassVar[str] = "draw_game_ball"
    help: ClassVar[str] = (
        "registra la bola (1..N del juego) que lee el jefe de mesa; result {number, plan_complete}"
    )
    number: int


@dataclass(frozen=True, kw_only=True)
class CloseGamePartida(Command[None]):
    """The system settles the partida from the record over every cartón sold
    (``bingo.game.prizes``).
    """

    name: ClassVar[str] = "close_game_partida"
    help: ClassVar[str] = "el sistema liquida la partida con las bolas del plan"


@dataclass(frozen=True, kw_only=True)
class PayGamePrizes(Command[None]):
    """Records the payment."""

    name: ClassVar[str] = "pay_game_prizes"
    help: ClassVar[str] = "registra el pago de los premios"


@dataclass(frozen=True, kw_only=True)
class AnnounceLastGamePartida(Command[None]):
    """The game partida in course is the last of its modality in the session: no partida of that
    modality starts after it (R-GAME-6, decision 393); refused with no game partida in course
    or when already announced.
    """

    name: ClassVar[str] = "announce_last_game_partida"
    help: ClassVar[str] = (
        "anuncia que la partida de otra modalidad en curso es la última de su modalidad (R-GAME-6)"
    )


@dataclass(frozen=True, kw_only=True)
class GameIncident(Command[None]):
    """A failure once the balls began: the partida goes on by hand (R-INC-2); the jefe de sala's
    authorisation. ``incident``: ``failure_after_extraction_began``.
    """

    name: ClassVar[str] = "game_incident"
    help: ClassVar[str] = "avería con la extracción empezada: se sigue a mano (R-INC-2)"
    incident: str
    note: str


@dataclass(frozen=True, kw_only=True)
class AnnulGamePartida(Command[None]):
    """Annuls with refund of every cartón sold; the jefe de sala's authorisation. ``incident``:
    ``failure_before_first_ball``|``failure_after_extraction_began``|``ball_irregularity``.
    """

    name: ClassVar[str] = "annul_game_partida"
    help: ClassVar[str] = "anula la partida con devolución (R-INC-1, R-INC-3)"
    incident: str
    note: str


#: Every command, in the order they are written here (docs/api.md lists them so): a dataclass
#: of this module is a command by being one, with no list to keep besides.
ALL: tuple[type[Command[Any]], ...] = tuple(Command.__subclasses__())

#: Each command by its name on the wire.
BY_NAME: dict[str, type[Command[Any]]] = {c.name: c for c in ALL}


def answer_type(kind: type[Command[Any]]) -> Any:
    """``R`` of ``Command[R]``: the dataclass a command answers, or None for nothing."""
    for base in getattr(kind, "__orig_bases__", ()):
        if typing.get_origin(base) is Command:
            found = typing.get_args(base)[0]
            return None if found is type(None) else found
    return None


def arguments(command: Command[Any]) -> dict[str, Any]:
    """A command's ``args`` as a client sends them: the fields that differ from their default
    (so an empty text is never sent for one left unsaid), lists as lists.
    """
    out: dict[str, Any] = {}
    for f in dataclasses.fields(command):  # type: ignore[arg-type]
        value = getattr(command, f.name)
        if f.default is not dataclasses.MISSING and value == f.default:
            continue
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out
