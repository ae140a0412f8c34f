"""The one table of who may do what (R-ROLE-1, R-ROLE-2, R-ROLE-3; decisions 131-133)."""

from __future__ import annotations

import pytest

from bingo import rights as rt
from bingo.service import NotAuthorised, check_ask


def test_what_the_regulation_gives_the_jefe_de_sala_needs_his_authorisation() -> None:
    """R-ROLE-2: suspension, refund, manual extraction, annulment, prima amount, ball-set
    change and session close.
    """
    for action in (
        "suspend", "resume", "refund_suspended", "manual_extraction", "annul", "prima_amount",
        "ball_set", "close_session",
    ):  # fmt: skip
        assert rt.needs_sala(action), action
    for action in ("sell", "draw_ball", "claim", "close_partida", "stop_for_ball_irregularity"):
        assert not rt.needs_sala(action), action


def test_every_command_of_the_hall_server_is_in_the_table() -> None:
    """One table: the server has no command whose rights are decided elsewhere."""
    from app.server.commands import COMMANDS

    assert set(COMMANDS) <= {c.name for c in rt.COMMANDS}
    assert set(rt.COMMANDS.values()) <= set(rt.ACTIONS)


def test_the_inspector_asks_for_nothing_and_a_terminal_only_for_its_own_player() -> None:
    """Decisions 130 and 284: a terminal buys its player's cartones and collects his prizes."""
    own = {"terminal_buy", "terminal_collect"}
    for action in rt.ACTIONS:
        assert not rt.may_ask(rt.INSPECTOR, action)
        assert rt.may_ask(rt.TERMINAL, action) == (action in own)
        if action in own:
            assert not any(rt.may_ask(role, action) for role in rt.TABLE)
    with pytest.raises(NotAuthorised, match="no puede anular la partida"):
        check_ask("Eva", rt.INSPECTOR, "annul")


def test_wrong_secrets_lock_for_longer_each_time_up_to_a_quarter_of_an_hour() -> None:
    """R-ROLE-3, decision 133: three free, then 30 s, doubling, at most 15 min."""
    assert [rt.lock_seconds(n) for n in range(8)] == [0, 0, 0, 30, 60, 120, 240, 480]
    assert rt.lock_seconds(9) == 900 and rt.lock_seconds(10_000) == 900


@pytest.mark.parametrize(
    ("secret", "ok"),
    [("482913", True), ("12345", False), ("123456", False), ("000000", False),
     ("una frase larga", True), ("corta", False), ("x" * 129, False)],
)  # fmt: skip
def test_a_pin_has_six_digits_or_more_and_a_password_ten_characters(secret: str, ok: bool) -> None:
    assert (rt.secret_problem(secret) is None) == ok
