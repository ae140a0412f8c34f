"""Who may do what in the hall: the roles, the ONE table of hall actions, and the rules for
secrets and for slowing down wrong ones (R-ROLE-1, R-ROLE-2, R-ROLE-3; docs/decisions.md
130-137).

Pure and light (the command line reads it at every start): no hashing, no clock, no store.
The hall server (``app.server.auth``), the console (``ui.console.login``), the command line
(``app.operators_cli``) and the service's gate (``bingo.service.HallService.rights``) all read
``ACTIONS``; nothing else says which action needs the jefe de sala.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Protocol

from bingo import commands as cmd
from bingo.i18n import _

# --- roles ------------------------------------------------------------------------------------

JEFE_DE_MESA = "jefe_de_mesa"  # the jefe de mesa-cajero, at the mesa or the caja console
JEFE_DE_SALA = "jefe_de_sala"
INSPECTOR = "inspector"  # the gaming inspection: reads, never commands
TERMINAL = "terminal"  # a player terminal: buys its player's cartones and pays his prizes

ROLES: dict[str, str] = {
    JEFE_DE_MESA: _("jefe de mesa-cajero"),
    JEFE_DE_SALA: _("jefe de sala"),
    INSPECTOR: _("inspector (solo lectura)"),
    TERMINAL: _("terminal"),
}

#: The roles that run the table: either may ask for any hall action.
TABLE = frozenset({JEFE_DE_MESA, JEFE_DE_SALA})

#: The roles that may read the hall's record, its card sets and the table's questions: the
#: table and the inspection. A terminal sees only its own socket and the public panels
#: (decisions 202, 284).
READERS = TABLE | {INSPECTOR}


@dataclass(frozen=True)
class Right:
    """Who may ask for an action and whether the jefe de sala must authorise it at that
    moment with his own name and secret (a supervisor override, never a tick box).
    """

    askers: frozenset[str]
    sala: bool = False
    why: str = ""  # the paragraph the reading rests on, for docs and messages


def _table(why: str = "") -> Right:
    return Right(TABLE, False, why)


def _sala(why: str) -> Right:
    return Right(TABLE, True, why)


#: Every hall action, by code. The server's command names are codes of this table; the
#: service's gated use cases name theirs. Decision 131 gives the reading of each line.
ACTIONS: dict[str, Right] = {
    # the jefe de mesa-cajero's own work (Cantabria II.1 and II.2)
    "open_session": _table("II.2: el recuento lo hace el jefe de mesa-cajero"),
    "ball_check": _table("II.2"),
    "start_partida": _table(),
    "sell": _table(),
    "sell_count": _table(),
    "new_serie": _table(),
    "close_sale": _table(),
    "confirm_data_shown": _table(),
    "draw_ball": _table(),
    "correct_ball": _table("II.1.c: corrige el locutor o el jefe de mesa-cajero"),
    "claim": _table(),
    "close_partida": _table("II.1.c: la orden de cierre la da el jefe de mesa-cajero"),
    "pay_prizes": _table(),
    "announce_last_partida": _table(),
    "manual_book": _table("R-ACTA-4"),
    "stop_for_ball_irregularity": _table("II.1.b ¶3: se suspende en el acto; solo cabe anular"),
    # the devices' own reaction to a failure, which the regulation orders and nobody chooses
    "device_suspend": _table("II.1.b ¶1: la avería suspende; el plazo lo juzga el jefe de sala"),
    "device_manual_extraction": _table("II.1.b ¶2: «se continuará … por procedimiento manual»"),
    "reclamacion": _table("R-ACTA-5"),
    # another modality (Cantabria B.3, B.4): only a published file authorised in the region
    "adopt_game": _table("B.3.a: solo versiones autorizadas por la Consejería"),
    # what the regulation gives the jefe de sala (R-ROLE-2)
    "suspend": _sala("II.1.b ¶1: «a juicio del Jefe de Sala»"),
    "resume": _sala("II.1.b ¶1: el plazo prudencial lo juzga el jefe de sala"),
    "refund_suspended": _sala("II.1.b ¶1"),
    "manual_extraction": _sala("II.1.b ¶2"),
    "annul": _sala("II.1.b ¶3 y ¶4"),
    "prima_amount": _sala("V.2.a: «por el jefe de sala se opte por otro de los importes»"),
    "ball_set": _sala("II.2: el cambio del juego de bolas consta en el acta"),
    "close_session": _sala("R-ROLE-2"),
    # a player terminal (an auxiliary machine connected to the table): its own player's
    # cartones, paid at once, and his prizes; nothing of the table's (decision 284)
    "terminal_buy": Right(frozenset({TERMINAL}), False, "R-MULTI-3; R-SALE-4"),
    "terminal_collect": Right(frozenset({TERMINAL}), False, "R-MULTI-3"),
    # the people themselves (the command line)
    "operator_add": Right(frozenset(), True, "R-ROLE-1"),
    "operator_disable": Right(frozenset(), True, "R-ROLE-1"),
}


#: Every command (``bingo.commands``), by its type, with the action of ``ACTIONS`` it asks for:
#: the server checks who may send it, and lists whether it carries the jefe de sala's name and
#: PIN, from this table only; the console's client asks the jefe de sala from it too. A command
#: missing here is refused (decision 201).
COMMANDS: dict[type[cmd.Command[Any]], str] = {
    cmd.OpenSession: "open_session",
    cmd.OpenCountedSession: "open_session",
    cmd.ScanBallSet: "ball_check",  # drives the reader: an inspector may not
    cmd.RecordBallCheck: "ball_check",
    cmd.RegisterSerie: "new_serie",
    cmd.InstallBallSet: "ball_set",
    cmd.ChoosePrimaAmount: "prima_amount",
    cmd.StartPartida: "start_partida",
    cmd.Sell: "sell",
    cmd.SellCount: "sell_count",
    cmd.ReturnCartones: "sell",  # a mistyped sale undone before the close
    cmd.CloseSale: "close_sale",
    cmd.ConfirmDataShown: "confirm_data_shown",
    cmd.DrawBall: "draw_ball",
    cmd.DrawFromDevices: "draw_ball",
    cmd.DrawManual: "draw_ball",
    cmd.DrawManualBall: "draw_ball",
    cmd.CorrectBall: "correct_ball",
    cmd.Claim: "claim",
    cmd.ClosePartida: "close_partida",
    cmd.PayPrizes: "pay_prizes",
    cmd.PaySimultaneous: "pay_prizes",  # a winner of the centre's partida, at this hall's table
    cmd.AnnounceLastPartida: "announce_last_partida",
    cmd.CloseSession: "close_session",
    cmd.Suspend: "suspend",
    cmd.Resume: "resume",
    cmd.RefundSuspended: "refund_suspended",
    cmd.StartManualExtraction: "manual_extraction",
    cmd.StopForBallIrregularity: "stop_for_ball_irregularity",
    cmd.Annul: "annul",
    cmd.TerminalBuy: "terminal_buy",
    cmd.TerminalCollect: "terminal_collect",
    # the partidas of bingo derivado and bingo plus (decision 277)
    cmd.AdoptGame: "adopt_game",
    cmd.RegisterGameCardSet: "new_serie",
    cmd.RegisterGameSerie: "new_serie",
    cmd.StartGamePartida: "start_partida",
    cmd.SellGameCount: "sell_count",
    cmd.CloseGameSale: "close_sale",
    cmd.DrawGameBall: "draw_ball",
    cmd.CloseGamePartida: "close_partida",
    cmd.PayGamePrizes: "pay_prizes",
    cmd.AnnounceLastGamePartida: "announce_last_partida",
    cmd.GameIncident: "manual_extraction",
    cmd.AnnulGamePartida: "annul",
}


def action_of(command: cmd.Command[Any] | type[cmd.Command[Any]]) -> str:
    """The action of ``ACTIONS`` a command (or its type) asks for."""
    kind = command if isinstance(command, type) else type(command)
    return COMMANDS[kind]


def command_action(name: str) -> str | None:
    """The action of ``ACTIONS`` the command named ``name`` on the wire asks for; None for a
    name no command has (refused).
    """
    kind = cmd.BY_NAME.get(name)
    return None if kind is None else COMMANDS.get(kind)


#: The words for the actions a refusal names (the others are named by their code).
WORDS: dict[str, str] = {
    "suspend": _("suspender la partida"),
    "resume": _("reanudar la partida"),
    "refund_suspended": _("devolver el importe de los cartones"),
    "manual_extraction": _("pasar a la extracción manual"),
    "annul": _("anular la partida"),
    "prima_amount": _("cambiar el importe de la prima"),
    "ball_set": _("cambiar el juego de bolas"),
    "close_session": _("cerrar la sesión"),
    "terminal_buy": _("comprar cartones en una terminal"),
    "terminal_collect": _("cobrar premios en una terminal"),
    "operator_add": _("dar de alta a un operador"),
    "operator_disable": _("dar de baja a un operador"),
}


def words(action: str) -> str:
    return WORDS.get(action, action)


def right(action: str) -> Right:
    found = ACTIONS.get(action)
    if found is None:
        raise KeyError(f"acción sin derecho en la tabla: {action!r}")
    return found


def needs_sala(action: str) -> bool:
    """True when ``action`` needs the jefe de sala's authorisation at that moment."""
    return right(action).sala


def may_ask(role: str, action: str) -> bool:
    return role in right(action).askers


def refusal(name: str, role: str, action: str) -> str | None:
    """Why ``name`` (a ``role``) may not ask for ``action``, or None (an inspector never may).
    ``bingo.service.check_ask`` raises it as ``NotAuthorised``.
    """
    if may_ask(role, action):
        return None
    return _("{name} ({role}) no puede {action}").format(
        name=name, role=ROLES.get(role, role), action=words(action)
    )


@dataclass(frozen=True)
class Actor:
    """Who asks for a command, from which station, and who authorised it ("" when the action
    needs nobody's authorisation). Recorded as ``bingo.events.CommandBy``.
    """

    asked_by: str
    role: str
    client: str = ""
    authorised_by: str = ""
    action: str = ""  # the action authorised, with authorised_by


class Rights(Protocol):
    """The service's gate (``HallService.rights``): who asks now, and the jefe de sala's
    authorisation for an action that needs it, verified at that moment (the console asks for
    it in a dialog; the server takes it from the command). Raises
    ``bingo.service.NotAuthorised``.
    """

    def asker(self) -> Actor: ...

    def authorise(self, action: str) -> Actor: ...


# --- secrets ------------------------------------------------------------------------------------

#: A PIN is digits only and at least this long; anything else is a password, at least
#: ``MIN_PASSWORD`` long (decision 132).
MIN_PIN = 6
MIN_PASSWORD = 10
MAX_SECRET = 128
NAME = re.compile(r"^[^\W\d_][\w .'-]{0,38}[\w.]$|^[^\W\d_]$")


def secret_problem(secret: str) -> str | None:
    """Why ``secret`` may not be an operator's PIN or password, or None."""
    if len(secret) > MAX_SECRET:
        return _("el PIN o la contraseña no puede pasar de {n} caracteres").format(n=MAX_SECRET)
    if secret.isdigit() and secret.isascii():
        if len(secret) < MIN_PIN:
            return _("un PIN debe tener al menos {n} cifras").format(n=MIN_PIN)
        if len(set(secret)) == 1 or secret in "01234567890" or secret in "98765432109":
            return _("ese PIN es demasiado fácil de adivinar (cifras iguales o seguidas)")
        return None
    if len(secret) < MIN_PASSWORD:
        return _(
            "una contraseña debe tener al menos {n} caracteres (o use un PIN de {p} cifras o más)"
        ).format(n=MIN_PASSWORD, p=MIN_PIN)
    if not secret.isprintable():
        return _("la contraseña tiene caracteres no imprimibles")
    return None


def name_problem(name: str) -> str | None:
    """Why ``name`` may not be an operator's name (it appears in the acta), or None."""
    if not NAME.match(name):
        return _(
            "nombre de operador no válido: {name!r} (de 1 a 40 letras, cifras, espacios, "
            "puntos, apóstrofos o guiones, empezando por una letra)"
        ).format(name=name)
    return None


# --- slowing down wrong secrets (R-ROLE-3) --------------------------------------------------

#: Wrong secrets allowed in a row for one name (or one station) before it is locked.
FREE_FAILURES = 3
#: The first lock; each further failure doubles it, up to ``MAX_LOCK_SECONDS``.
FIRST_LOCK_SECONDS = 30
MAX_LOCK_SECONDS = 15 * 60


def lock_seconds(failures_in_a_row: int) -> int:
    """How long a name (or station) is locked after ``failures_in_a_row`` wrong secrets since
    its last accepted one: 0 for the first ``FREE_FAILURES``, then 30 s, 60 s, 120 s, …, at
    most 15 minutes (decision 133).
    """
    extra = failures_in_a_row - FREE_FAILURES
    if extra < 0:
        return 0
    return int(min(MAX_LOCK_SECONDS, FIRST_LOCK_SECONDS * 2 ** min(extra, 16)))
