"""One table of what may be done in each state of the partida: the console offers exactly what
the hall accepts (R-INC-1..4, R-ACTA-2; decision 100)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bingo.hall import DomainError, Hall, Status
from bingo.readmodel import allowed_actions

from .hallkit import Kit, make_hall

# Each of the console's partida actions as the hall's command, with plausible arguments: only a
# refusal because of the partida's state counts here, any other refusal (a wrong number…) is
# the command being considered in that state.
COMMANDS: dict[str, Callable[[Hall], object]] = {
    "sell": lambda h: h.sell("A", 20, 20),
    "close_sale": lambda h: h.close_sale(),
    "confirm_data_shown": lambda h: h.confirm_data_shown(),
    "draw_ball": lambda h: h.draw_ball(90, "simulated"),
    "correct_ball": lambda h: h.correct_ball(1, 89, "error de lectura"),
    "claim": lambda h: h.check_claim("A", 1, "line"),
    "start_manual_extraction": lambda h: h.start_manual_extraction("avería del extractor"),
    "close_partida": lambda h: h.close_partida(),
    "pay_prizes": lambda h: h.pay_prizes(),
    "suspend": lambda h: h.suspend("avería"),
    "resume": lambda h: h.resume("reparada"),
    "refund_suspended": lambda h: h.refund_suspended("no se pudo reparar"),
    "annul": lambda h: h.annul("ball_irregularity", "falta una bola"),
}


def _sale_open(kit: Kit) -> None:
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10)


def _sale_closed(kit: Kit) -> None:
    _sale_open(kit)
    kit.svc.close_sale()


def _ready(kit: Kit) -> None:
    _sale_closed(kit)
    kit.svc.confirm_data_shown()


def _extraction(kit: Kit) -> None:
    _ready(kit)
    kit.draw([1, 2, 3])


def _claim_check(kit: Kit) -> None:
    _extraction(kit)
    kit.svc.claim("A", 1, "line")  # three balls complete no line: a wrong call


def _bingo_called(kit: Kit) -> None:
    kit.partida_ready()
    carton = kit.carton(1)
    kit.draw_rest_until(sorted(carton.numbers))
    kit.svc.claim("A", 1, "line")
    kit.svc.claim("A", 1, "bingo")


def _closed(kit: Kit) -> None:
    _bingo_called(kit)
    kit.svc.close_partida()


def _suspended(kit: Kit) -> None:
    _sale_open(kit)
    kit.svc.suspend("avería de los paneles")


REACH: dict[Status, Callable[[Kit], None]] = {
    Status.SALE_OPEN: _sale_open,
    Status.SALE_CLOSED: _sale_closed,
    Status.READY: _ready,
    Status.EXTRACTION: _extraction,
    Status.CLAIM_CHECK: _claim_check,
    Status.BINGO_CALLED: _bingo_called,
    Status.SUSPENDED: _suspended,
    Status.CLOSED: _closed,
}


# How the hall says a command does not fit the partida's state: the table's general refusal, and
# the draw before the data are shown, which says why (R-ACTA-2).
STATE_REFUSALS = ("solo cabe en", "aún no constan en el acta")


def _refused_for_its_state(command: Callable[[Hall], object], hall: Hall) -> bool:
    try:
        command(hall)  # the hall decides without applying: nothing changes
    except DomainError as exc:
        return any(text in str(exc) for text in STATE_REFUSALS)
    return False


@pytest.mark.parametrize("status", list(REACH), ids=str)
def test_the_console_offers_exactly_what_the_hall_accepts_in_each_state(status: Status) -> None:
    kit = make_hall()
    REACH[status](kit)
    hall = kit.hall
    assert hall.partida is not None and hall.partida.status == status
    offered = allowed_actions(hall)
    accepted = {
        action for action, command in COMMANDS.items() if not _refused_for_its_state(command, hall)
    }
    assert offered & set(COMMANDS) == accepted


def test_a_partida_ready_for_its_first_ball_may_be_annulled_for_an_irregularity_of_the_balls() -> (
    None
):
    """Cantabria II.1.b párrafo 3: a missing ball found once the partida has begun (sale closed,
    data shown) ends it with full refund; the console offers it too (decision 100)."""
    kit = make_hall()
    _ready(kit)
    assert "annul" in allowed_actions(kit.hall)
    kit.svc.annul("ball_irregularity", "falta la bola 33")
    assert kit.hall.partida is None or kit.hall.partida.status == Status.ANNULLED


def test_no_claim_or_correction_before_the_first_ball() -> None:
    """R-GAME-4: nothing has come out yet, so no cartón can be checked and no ball corrected."""
    kit = make_hall()
    _ready(kit)
    for action in ("claim", "correct_ball"):
        assert action not in allowed_actions(kit.hall)
        with pytest.raises(DomainError, match="solo cabe en"):
            COMMANDS[action](kit.hall)
