"""What the hall's service does for each command (``bingo.commands``): one handler a command,
called by ``HallService.handle``. A handler reads the command's fields, calls the service's use
case and says what it answers; the rules are the aggregate's (``bingo.hall``), none is here.

The commands missing here need what only the hall server has (its devices, its published game
files, its terminals' connections): ``app.server.handlers`` handles them, and handles the rest
by calling ``HallService.handle``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from bingo import commands as cmd
from bingo.drawing import DrawRecord
from bingo.hall import DomainError

if TYPE_CHECKING:
    from bingo.card_library import CardSetLibrary
    from bingo.chain import Record
    from bingo.events import Event
    from bingo.hall import Hall
    from bingo.rights import Actor
    from bingo.service import HallService

T = TypeVar("T")
Handler = Callable[["HallService", Any], Any]


class Bus(DrawRecord, Protocol):
    """What a console drives, in one process (``bingo.service.HallService``) or at a station of
    the hall server (``ui.client.remote.RemoteService``, which sends the same commands): the
    hall it reads, its records, the commands, and the draw policy's record port
    (``DrawRecord``). One signature for both, which a type checker sees.
    """

    hall_id: str

    @property
    def hall(self) -> Hall: ...

    @property
    def last_seq(self) -> int: ...

    @property
    def card_sets(self) -> CardSetLibrary: ...

    def records(self) -> list[Record]: ...

    def subscribe(self, subscriber: Callable[[Record, Event], None]) -> Callable[[], None]: ...

    def handle(self, command: cmd.Command[T], authorised: Actor | None = None) -> T: ...

    def authorise(self, action: str) -> Actor | None: ...


def open_with_count(
    s: HallService, c: cmd.OpenSession, numbers: list[int], method: str
) -> cmd.SessionOpened:
    """The ball count first (R-BALL-2), then the session; a count that does not conform
    records the count and opens nothing.
    """
    # a session the hall refuses anyway records no count either (nothing changes)
    s.hall.check_session_opening(c.session_id, c.date, c.jefe_de_mesa, c.jefe_de_sala)
    if not s.record_ball_check(c.session_id, "open", numbers, method):
        return cmd.SessionOpened(opened=False, ball_check_ok=False)
    s.open_session(c.session_id, c.date, c.jefe_de_mesa, c.jefe_de_sala)
    return cmd.SessionOpened(opened=True, ball_check_ok=True)


def _open_session(s: HallService, c: cmd.OpenSession) -> cmd.SessionOpened:
    if c.ball_check is None:
        raise DomainError("open_session: sin lector de bolas, indique ball_check")
    return open_with_count(s, c, list(c.ball_check), "manual")


def _sell(s: HallService, c: cmd.Sell) -> cmd.SaleRange:
    s.sell(c.series, c.first, c.last, c.electronic, seller=c.seller, payment=c.payment)
    return cmd.SaleRange(series=c.series, first=c.first, last=c.last)


def _sell_count(s: HallService, c: cmd.SellCount) -> cmd.SaleRange:
    first, last = s.sell_count(c.series, c.count, c.electronic, seller=c.seller, payment=c.payment)
    return cmd.SaleRange(series=c.series, first=first, last=last)


def _return_cartones(s: HallService, c: cmd.ReturnCartones) -> cmd.SaleRange:
    series, first, last = s.return_cartones(c.count)
    return cmd.SaleRange(series=series, first=first, last=last)


def _draw_ball(s: HallService, c: cmd.DrawBall) -> cmd.Drawn:
    if c.number is None:
        raise DomainError("draw_ball: sin dispositivos, indique el número de la bola")
    s.draw_ball(c.number, "operator")
    return cmd.Drawn(done=f"bola {c.number}", last_ball=c.number)


def _draw_manual_ball(s: HallService, c: cmd.DrawManualBall) -> cmd.Ball:
    s.draw_ball(c.number, "manual", "")  # outside manual extraction, the domain refuses it
    return cmd.Ball(number=c.number)


def _claim(s: HallService, c: cmd.Claim) -> cmd.ClaimAnswer:
    checked = s.claim(c.series, c.number, c.prize)
    return cmd.ClaimAnswer(valid=checked.valid, payload=checked.payload())


def _register_game_card_set(s: HallService, c: cmd.RegisterGameCardSet) -> cmd.GameCardSet:
    # without a seed the hall draws one; either way it is recorded, so the cartones can be
    # generated again and checked against their digest (R-CARD-2, decision 261)
    seed = c.seed if c.seed is not None else secrets.randbelow(2**32)
    s.register_game_card_set(c.game_id, c.card_set_id, seed, c.count)
    return cmd.GameCardSet(card_set_id=c.card_set_id, seed=seed, count=c.count)


def _register_game_serie(s: HallService, c: cmd.RegisterGameSerie) -> cmd.GameSerie:
    s.register_game_serie(c.code, c.card_set_id, c.size)
    return cmd.GameSerie(code=c.code)


def _current_game_number(s: HallService) -> int:
    session = s.hall.session
    partida = s.hall.games.current(session.id) if session is not None else None
    assert partida is not None
    return partida.number


def _start_game_partida(s: HallService, c: cmd.StartGamePartida) -> cmd.PartidaNumber:
    s.start_game_partida(c.game_id, c.card_set_id, c.face_value_cents)
    return cmd.PartidaNumber(partida=_current_game_number(s))


def _sell_game_count(s: HallService, c: cmd.SellGameCount) -> cmd.SaleRange:
    if c.count < 1:
        raise DomainError("sell_game_count: count debe ser 1 o más")
    first = s.hall.next_game_sale_number(c.series)  # under the one writer
    s.sell_game_count(c.series, c.count, c.electronic)
    return cmd.SaleRange(series=c.series, first=first, last=first + c.count - 1)


def _draw_game_ball(s: HallService, c: cmd.DrawGameBall) -> cmd.GameBall:
    """A ball of the game's drum as the jefe de mesa reads it (decision 275); after a failure
    of the drum, a ball of the extraction by hand (R-INC-2).
    """
    session = s.hall.session
    partida = s.hall.games.current(session.id) if session is not None else None
    by_hand = partida is not None and any(
        i.incident == "failure_after_extraction_began" for i in partida.incidents
    )
    s.draw_game_ball(c.number, "manual" if by_hand else "operator")
    return cmd.GameBall(number=c.number, plan_complete=s.hall.game_partida_over())


HANDLERS: dict[type[cmd.Command[Any]], Handler] = {
    cmd.OpenSession: _open_session,
    cmd.RecordBallCheck: lambda s, c: cmd.BallCheckAnswer(
        ok=s.record_ball_check(
            c.session_id, c.when, list(c.numbers), c.method, c.condition_ok, c.note
        )
    ),
    cmd.OpenCountedSession: lambda s, c: s.open_session(
        c.session_id, c.date, c.jefe_de_mesa, c.jefe_de_sala
    ),
    cmd.RegisterSerie: lambda s, c: s.register_serie(
        c.code, c.card_set_id, c.size, c.face_value_cents, c.electronic
    ),
    cmd.InstallBallSet: lambda s, c: s.install_ball_set(
        c.ball_set_id,
        c.homologation,
        c.guaranteed_partidas,
        c.partidas_before,
        c.pneumatic,
        c.reason,
    ),
    cmd.ChoosePrimaAmount: lambda s, c: s.choose_prima_amount(c.amount_cents),
    cmd.AnnounceLastPartida: lambda s, c: s.announce_last_partida(),
    cmd.CloseSession: lambda s, c: s.close_session(),
    cmd.StartPartida: lambda s, c: cmd.PartidaNumber(partida=s.start_partida()),
    cmd.Sell: _sell,
    cmd.SellCount: _sell_count,
    cmd.ReturnCartones: _return_cartones,
    cmd.CloseSale: lambda s, c: s.close_sale(),
    cmd.ConfirmDataShown: lambda s, c: s.confirm_data_shown(),
    cmd.DrawBall: _draw_ball,
    cmd.DrawManual: lambda s, c: cmd.Ball(number=s.draw_manual()),
    cmd.DrawManualBall: _draw_manual_ball,
    cmd.CorrectBall: lambda s, c: s.correct_ball(c.index, c.number, c.note),
    cmd.Claim: _claim,
    cmd.ClosePartida: lambda s, c: s.close_partida(),
    cmd.PayPrizes: lambda s, c: s.pay_prizes(),
    cmd.PaySimultaneous: lambda s, c: cmd.AmountPaid(
        amount_cents=s.pay_simultaneous(c.partida, c.prize, c.number)
    ),
    cmd.Suspend: lambda s, c: s.suspend(c.note),
    cmd.Resume: lambda s, c: s.resume(c.note),
    cmd.RefundSuspended: lambda s, c: s.refund_suspended(c.note),
    cmd.StartManualExtraction: lambda s, c: s.start_manual_extraction(c.note),
    cmd.StopForBallIrregularity: lambda s, c: s.stop_for_ball_irregularity(
        c.note, list(c.duplicated)
    ),
    cmd.Annul: lambda s, c: s.annul(c.incident, c.note),
    cmd.RegisterGameCardSet: _register_game_card_set,
    cmd.RegisterGameSerie: _register_game_serie,
    cmd.StartGamePartida: _start_game_partida,
    cmd.SellGameCount: _sell_game_count,
    cmd.CloseGameSale: lambda s, c: s.close_game_sale(),
    cmd.DrawGameBall: _draw_game_ball,
    cmd.CloseGamePartida: lambda s, c: s.close_game_partida(),
    cmd.PayGamePrizes: lambda s, c: s.pay_game_prizes(),
    cmd.AnnounceLastGamePartida: lambda s, c: s.announce_last_game_partida(),
    cmd.GameIncident: lambda s, c: s.game_incident(c.incident, c.note),
    cmd.AnnulGamePartida: lambda s, c: s.annul_game_partida(c.incident, c.note),
}
