"""The hall's commands as data (bingo.commands): one dataclass a use case, one handler, one line
of the rights table; ``HallService.handle`` gives each its typed answer.
"""

from __future__ import annotations

import dataclasses

import pytest

from bingo import commands as cmd
from bingo import rights as rt
from bingo.hall import DomainError
from bingo.handlers import HANDLERS
from tests.bingo.hallkit import BALLS, make_hall

#: The commands only the hall server can do: its devices, its game files, its terminals.
SERVER_ONLY = {cmd.ScanBallSet, cmd.DrawFromDevices, cmd.AdoptGame, cmd.TerminalBuy,
               cmd.TerminalCollect}  # fmt: skip


def test_every_command_has_one_name_one_rights_line_and_a_handler() -> None:
    """R-ROLE-1: the rights table is keyed by the command's type and misses none."""
    names = [c.name for c in cmd.ALL]
    assert len(names) == len(set(names)) == len(cmd.ALL)
    assert set(rt.COMMANDS) == set(cmd.ALL)
    assert set(rt.COMMANDS.values()) <= set(rt.ACTIONS)
    assert set(HANDLERS) == set(cmd.ALL) - SERVER_ONLY
    for kind in cmd.ALL:
        assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen  # type: ignore[attr-defined]
        assert kind.help and rt.command_action(kind.name) == rt.action_of(kind)


def test_handle_gives_each_command_its_typed_answer() -> None:
    kit = make_hall(open_session=False)
    svc = kit.svc
    opened = svc.handle(cmd.OpenSession(session_id="S1", date="2026-11-22",
                                        jefe_de_mesa="Mesa", jefe_de_sala="Sala",
                                        ball_check=tuple(BALLS)))  # fmt: skip
    assert opened == cmd.SessionOpened(opened=True, ball_check_ok=True)
    assert svc.handle(cmd.StartPartida()) == cmd.PartidaNumber(partida=1)
    sold = svc.handle(cmd.SellCount(series="A", count=6, seller="Ana"))
    assert sold == cmd.SaleRange(series="A", first=1, last=6)
    assert svc.handle(cmd.ReturnCartones(count=2)) == cmd.SaleRange(series="A", first=5, last=6)
    assert svc.handle(cmd.Sell(series="A", first=5, last=8, payment="card")).last == 8
    assert svc.handle(cmd.CloseSale()) is None
    svc.handle(cmd.ConfirmDataShown())
    assert svc.handle(cmd.DrawBall(number=7)) == cmd.Drawn(done="bola 7", last_ball=7)
    claim = svc.handle(cmd.Claim(series="A", number=1, prize="line"))
    assert claim.valid is False and claim.payload["series"] == "A"
    assert svc.hall.partida is not None and svc.hall.partida.balls == [7]


def test_a_command_only_the_server_can_do_is_refused_here_and_nothing_is_recorded() -> None:
    kit = make_hall()
    before = kit.svc.last_seq
    with pytest.raises(DomainError, match="servidor de la sala"):
        kit.svc.handle(cmd.DrawFromDevices(table=True))
    assert kit.svc.last_seq == before
