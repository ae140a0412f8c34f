"""A hall server whose interconnected ledger does not answer (SPEC R-MULTI-1; docs/decisions.md
301): the command that closed the sale stands and says why the fund could not be announced; the
data are not confirmed as shown (the fund is part of them) until the ledger answers; the hall
may still suspend the partida and refund it, and then it contributes nothing. The ledger is the
real one, on a PostgreSQL address where nothing listens.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine

from app.bootstrap import prepare_hall
from app.config import load_hall, load_region
from app.server.auth import Unnamed
from app.server.host import HallHost
from store import open_store
from store.interconnected import PgLedger

RULES = load_region("cantabria").interconnected
NOBODY_LISTENS = "postgresql+psycopg://bingo:bingo@127.0.0.1:1/bingo?connect_timeout=2"


@pytest.fixture
def host(tmp_path: Path) -> Iterator[HallHost]:
    assert RULES is not None
    store = open_store(f"sqlite:///{tmp_path / 'sala.sqlite'}")
    settings = load_hall()
    hall = HallHost(store, settings.hall_id)
    prepare_hall(hall.service, settings)
    try:
        assert (
            hall.use_interconnected(PgLedger(create_engine(NOBODY_LISTENS), "red", RULES)) is None
        )
        yield hall
    finally:
        hall.close()
        store.close()


ids = itertools.count(1)


def command(host: HallHost, name: str, **args: Any) -> tuple[int, dict[str, Any]]:
    body = {"v": 1, "client_id": "mesa", "command_id": f"c{next(ids)}", "name": name, "args": args}
    return host.execute(body, rights=Unnamed())


def test_without_the_ledger_the_sale_closes_the_data_wait_for_the_fund_and_the_refund_goes_on(
    host: HallHost,
) -> None:
    ball_check = list(range(1, 91))
    for name, args in (
        ("open_session", {"session_id": "S1", "date": "2026-11-24", "jefe_de_mesa": "Mesa",
                          "jefe_de_sala": "Sala", "ball_check": ball_check}),
        ("start_partida", {}),
        ("sell_count", {"series": "A-0001", "count": 100}),
    ):  # fmt: skip
        status, answer = command(host, name, **args)
        assert status == 200, answer
        assert "warning" not in answer  # nothing was due
    status, answer = command(host, "close_sale")
    assert status == 200  # the sale is closed: the command stands
    assert "bingo interconectado" in answer["warning"]
    partida = host.service.hall.partida
    assert partida is not None and partida.interconnected is None
    assert host.state["interconnected_cents"] is None  # nothing announced, nothing shown
    status, answer = command(host, "confirm_data_shown")
    assert status == 503 and answer["error"]["code"] == "interconnected"
    assert "no se ha aplicado" in answer["error"]["message"]
    assert partida.status.value == "sale_closed"
    for name, args in (("suspend", {"note": "avería antes de la primera bola"}),
                       ("refund_suspended", {"note": "se devuelven los cartones"})):  # fmt: skip
        status, answer = command(host, name, **args)
        assert status == 200, answer
    assert partida.status.value == "annulled" and partida.interconnected is None
    assert host.service.hall.interconnected_due() is None  # an annulled partida owes nothing
