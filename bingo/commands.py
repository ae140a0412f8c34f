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

from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from bingo.terminals import CASH

R = TypeVar("R", covariant=True)


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
    name: ClassVar[str] = "open_session"
    help: ClassVar[str] = "recuento de bolas (lector o ball_check) y apertura de la sesión"
    session_id: str
    date: str
    jefe_de_mesa: str
    jefe_de_sala: str
    ball_check: tuple[int, ...] | None = None  # typed in; without it, the server's reader


@dataclass(frozen=True, kw_only=True)
class ScanBallSet(Command[ScannedSet]):
    name: ClassVar[str] = "scan_ball_set"
    help: ClassVar[str] = "el lector cuenta el juego de bolas"


@dataclass(frozen=True, kw_only=True)
class RecordBallCheck(Command[BallCheckAnswer]):
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
    name: ClassVar[str] = "open_counted_session"
    help: ClassVar[str] = "abre la sesión cuyo recuento ya consta"
    session_id: str
    date: str
    jefe_de_mesa: str
    jefe_de_sala: str


@dataclass(frozen=True, kw_only=True)
class RegisterSerie(Command[None]):
    name: ClassVar[str] = "register_serie"
    help: ClassVar[str] = "registra una serie"
    code: str
    card_set_id: str
    size: int
    face_value_cents: int
    electronic: bool = False


@dataclass(frozen=True, kw_only=True)
class InstallBallSet(Command[None]):
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
    name: ClassVar[str] = "choose_prima_amount"
    help: ClassVar[str] = "elige el importe de la prima"
    amount_cents: int


@dataclass(frozen=True, kw_only=True)
class AnnounceLastPartida(Command[None]):
    name: ClassVar[str] = "announce_last_partida"
    help: ClassVar[str] = "anuncia la última partida"


@dataclass(frozen=True, kw_only=True)
class CloseSession(Command[None]):
    name: ClassVar[str] = "close_session"
    help: ClassVar[str] = "cierra la sesión"


# --- the partida --------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class StartPartida(Command[PartidaNumber]):
    name: ClassVar[str] = "start_partida"
    help: ClassVar[str] = "abre la venta de la partida siguiente"


@dataclass(frozen=True, kw_only=True)
class Sell(Command[SaleRange]):
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
    name: ClassVar[str] = "sell_count"
    help: ClassVar[str] = "vende los siguientes N cartones de una serie"
    series: str
    count: int
    electronic: bool = False
    seller: str = ""
    payment: str = CASH


@dataclass(frozen=True, kw_only=True)
class ReturnCartones(Command[SaleRange]):
    name: ClassVar[str] = "return_cartones"
    help: ClassVar[str] = (
        "devuelve los últimos N cartones de la última venta, antes del cierre; result "
        "{series, first, last}"
    )
    count: int


@dataclass(frozen=True, kw_only=True)
class CloseSale(Command[None]):
    name: ClassVar[str] = "close_sale"
    help: ClassVar[str] = "cierra la venta"


@dataclass(frozen=True, kw_only=True)
class ConfirmDataShown(Command[None]):
    name: ClassVar[str] = "confirm_data_shown"
    help: ClassVar[str] = "datos en el acta y los paneles (R-ACTA-2)"


@dataclass(frozen=True, kw_only=True)
class DrawBall(Command[Drawn]):
    name: ClassVar[str] = "draw_ball"
    help: ClassVar[str] = (
        "extrae una bola de los dispositivos, o registra la que lee el jefe de mesa"
    )
    number: int | None = None  # the jefe de mesa's reading, in a hall without devices


@dataclass(frozen=True, kw_only=True)
class DrawFromDevices(Command[Drawn]):
    name: ClassVar[str] = "draw_from_devices"
    help: ClassVar[str] = (
        "extrae una bola de los dispositivos del servidor; con table, la mesa responde sus "
        "preguntas"
    )
    table: bool = False  # the console that sends it answers the table's questions
    table_check: bool = False  # … for every ball, not only for a held one


@dataclass(frozen=True, kw_only=True)
class DrawManual(Command[Ball]):
    name: ClassVar[str] = "draw_manual"
    help: ClassVar[str] = "sorteo manual de una bola pendiente (R-INC-2)"


@dataclass(frozen=True, kw_only=True)
class DrawManualBall(Command[Ball]):
    name: ClassVar[str] = "draw_manual_ball"
    help: ClassVar[str] = "registra una bola de la extracción manual"
    number: int


@dataclass(frozen=True, kw_only=True)
class CorrectBall(Command[None]):
    name: ClassVar[str] = "correct_ball"
    help: ClassVar[str] = "corrige una bola mal cantada (prevalece la bola, R-GAME-3)"
    index: int
    number: int
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class Claim(Command[ClaimAnswer]):
    name: ClassVar[str] = "claim"
    help: ClassVar[str] = "comprueba un cartón cantado (line o bingo)"
    series: str
    number: int
    prize: str


@dataclass(frozen=True, kw_only=True)
class ClosePartida(Command[None]):
    name: ClassVar[str] = "close_partida"
    help: ClassVar[str] = "cierra la partida"


@dataclass(frozen=True, kw_only=True)
class PayPrizes(Command[None]):
    name: ClassVar[str] = "pay_prizes"
    help: ClassVar[str] = "registra el pago de los premios"


@dataclass(frozen=True, kw_only=True)
class PaySimultaneous(Command[AmountPaid]):
    name: ClassVar[str] = "pay_simultaneous"
    help: ClassVar[str] = "paga en la sala un premio suyo de la partida simultánea (R-MULTI-2)"
    partida: int
    prize: str
    number: int


# --- incidents ----------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Suspend(Command[None]):
    name: ClassVar[str] = "suspend"
    help: ClassVar[str] = "suspende la partida"
    note: str


@dataclass(frozen=True, kw_only=True)
class Resume(Command[None]):
    name: ClassVar[str] = "resume"
    help: ClassVar[str] = "reanuda la partida suspendida"
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class RefundSuspended(Command[None]):
    name: ClassVar[str] = "refund_suspended"
    help: ClassVar[str] = "devuelve el importe de la partida suspendida"
    note: str = ""


@dataclass(frozen=True, kw_only=True)
class StartManualExtraction(Command[None]):
    name: ClassVar[str] = "start_manual_extraction"
    help: ClassVar[str] = "sigue por extracción manual"
    note: str


@dataclass(frozen=True, kw_only=True)
class StopForBallIrregularity(Command[None]):
    name: ClassVar[str] = "stop_for_ball_irregularity"
    help: ClassVar[str] = "detiene la partida por irregularidad de bolas (R-INC-3)"
    note: str
    duplicated: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Annul(Command[None]):
    name: ClassVar[str] = "annul"
    help: ClassVar[str] = "anula la partida con devolución"
    incident: str
    note: str


# --- player terminals (R-MULTI-3) -----------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class TerminalBuy(Command[TerminalSale]):
    name: ClassVar[str] = "terminal_buy"
    help: ClassVar[str] = (
        "la terminal compra N cartones electrónicos para su jugador, pagados en el acto"
    )
    count: int
    payment: str


@dataclass(frozen=True, kw_only=True)
class TerminalCollect(Command[TerminalPaid]):
    name: ClassVar[str] = "terminal_collect"
    help: ClassVar[str] = "la terminal paga a su jugador los premios que se le deben"


# --- partidas of bingo derivado and bingo plus (docs/games.md) -------------------------------


@dataclass(frozen=True, kw_only=True)
class AdoptGame(Command[GameAdopted]):
    name: ClassVar[str] = "adopt_game"
    help: ClassVar[str] = (
        "adopta un juego publicado y autorizado en la región (por el nombre de su fichero); "
        "result {game_id, version, sha256, count}"
    )
    game: str  # the name of its file among the published games


@dataclass(frozen=True, kw_only=True)
class RegisterGameCardSet(Command[GameCardSet]):
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
    name: ClassVar[str] = "register_game_serie"
    help: ClassVar[str] = "registra una serie de los cartones de un juego"
    code: str
    card_set_id: str
    size: int


@dataclass(frozen=True, kw_only=True)
class StartGamePartida(Command[PartidaNumber]):
    name: ClassVar[str] = "start_game_partida"
    help: ClassVar[str] = "abre la venta de una partida de otra modalidad; result {partida}"
    game_id: str
    card_set_id: str
    face_value_cents: int


@dataclass(frozen=True, kw_only=True)
class SellGameCount(Command[SaleRange]):
    name: ClassVar[str] = "sell_game_count"
    help: ClassVar[str] = (
        "vende los siguientes N cartones de una serie del juego; result {series, first, last}"
    )
    series: str
    count: int
    electronic: bool = False


@dataclass(frozen=True, kw_only=True)
class CloseGameSale(Command[None]):
    name: ClassVar[str] = "close_game_sale"
    help: ClassVar[str] = "cierra la venta de la partida"


@dataclass(frozen=True, kw_only=True)
class DrawGameBall(Command[GameBall]):
    name: ClassVar[str] = "draw_game_ball"
    help: ClassVar[str] = (
        "registra la bola (1..N del juego) que lee el jefe de mesa; result {number, plan_complete}"
    )
    number: int


@dataclass(frozen=True, kw_only=True)
class CloseGamePartida(Command[None]):
    name: ClassVar[str] = "close_game_partida"
    help: ClassVar[str] = "el sistema liquida la partida con las bolas del plan"


@dataclass(frozen=True, kw_only=True)
class PayGamePrizes(Command[None]):
    name: ClassVar[str] = "pay_game_prizes"
    help: ClassVar[str] = "registra el pago de los premios"


@dataclass(frozen=True, kw_only=True)
class AnnounceLastGamePartida(Command[None]):
    name: ClassVar[str] = "announce_last_game_partida"
    help: ClassVar[str] = (
        "anuncia que la partida de otra modalidad en curso es la última de su modalidad (R-GAME-6)"
    )


@dataclass(frozen=True, kw_only=True)
class GameIncident(Command[None]):
    name: ClassVar[str] = "game_incident"
    help: ClassVar[str] = "avería con la extracción empezada: se sigue a mano (R-INC-2)"
    incident: str
    note: str


@dataclass(frozen=True, kw_only=True)
class AnnulGamePartida(Command[None]):
    name: ClassVar[str] = "annul_game_partida"
    help: ClassVar[str] = "anula la partida con devolución (R-INC-1, R-INC-3)"
    incident: str
    note: str


#: Every command, in the order docs/api.md lists them.
ALL: tuple[type[Command[Any]], ...] = (
    OpenSession,
    ScanBallSet,
    RecordBallCheck,
    OpenCountedSession,
    RegisterSerie,
    InstallBallSet,
    ChoosePrimaAmount,
    AnnounceLastPartida,
    CloseSession,
    StartPartida,
    Sell,
    SellCount,
    ReturnCartones,
    CloseSale,
    ConfirmDataShown,
    DrawBall,
    DrawFromDevices,
    DrawManual,
    DrawManualBall,
    CorrectBall,
    Claim,
    ClosePartida,
    PayPrizes,
    PaySimultaneous,
    Suspend,
    Resume,
    RefundSuspended,
    StartManualExtraction,
    StopForBallIrregularity,
    Annul,
    TerminalBuy,
    TerminalCollect,
    AdoptGame,
    RegisterGameCardSet,
    RegisterGameSerie,
    StartGamePartida,
    SellGameCount,
    CloseGameSale,
    DrawGameBall,
    CloseGamePartida,
    PayGamePrizes,
    AnnounceLastGamePartida,
    GameIncident,
    AnnulGamePartida,
)

#: Each command by its name on the wire.
BY_NAME: dict[str, type[Command[Any]]] = {c.name: c for c in ALL}
