"""A joined hall's server while the interconnected prize's ledger is out of reach, and once it is
back (SPEC R-MULTI-1, R-ACTA-2; Cantabria V.3; docs/decisions.md 301, 325). Real servers
(``bingo-hall serve``) on the halls' PostgreSQL database; the outage is the ledger's table taken
away and given back inside the test's own schema, so every call to the ledger fails while the
hall's own record keeps working.

- The jefe de mesa confirms the data he saw: a fund announced by the server inside his
  ``confirm_data_shown`` (the ledger just came back) is shown first and the confirmation is
  refused, and likewise a settlement taken inside ``pay_prizes``.
- A refusal for want of the ledger (503) is not the command's answer: the same command id sent
  once the ledger is back is tried again.
- A server starts without the ledger (decision 301 stops only the two commands that wait for
  it), also with a closed partida still to settle, and settles it once the ledger answers.
- The staff read Spanish, not the driver's text nor SQL.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from store import open_store
from tests.e2e.test_interconnected_halls import (
    BASE_URL,
    cli,
    env,
    joined_config,
    url,  # noqa: F401  (the fixture: a schema of the test's own in the halls' database)
)
from tests.e2e.test_interconnected_serve import SERIES, bingo_called, hall_server, sale_closed
from tests.server.kit import Client, Server, open_session

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        not BASE_URL, reason="BINGO_HALL_TEST_PG_URL is not set: run `bash scripts/postgres.sh`"
    ),
]

HALL = "sala-corte"
#: What the staff must never read: the driver's words, SQL, the internal step's name.
TECHNICAL = ("psycopg", "SQL", "relation", "sqlalche.me", "announce_interconnected",
             "settle_interconnected", "UndefinedTable")  # fmt: skip


@contextmanager
def ledger_out_of_reach(db_url: str) -> Iterator[None]:
    """The network's fund table gone from the schema for a while, then back."""
    engine = create_engine(db_url, poolclass=NullPool)
    try:
        with engine.begin() as conn:
            conn.execute(text("ALTER TABLE interconnected_funds RENAME TO funds_gone"))
        yield
    finally:
        with engine.begin() as conn:
            conn.execute(text("ALTER TABLE funds_gone RENAME TO interconnected_funds"))
        engine.dispose()


def spanish_only(message: str) -> None:
    assert "bingo interconectado" in message and "fondo común" in message, message
    for word in TECHNICAL:
        assert word not in message, message


def started(tmp_path: Path, db_url: str) -> Server:
    return hall_server(tmp_path, db_url, HALL, joined_config(tmp_path, HALL, f"red-{HALL}")).start()


def test_data_are_not_confirmed_with_a_fund_announced_inside_the_confirmation(
    tmp_path: Path,
    url: str,  # noqa: F811
) -> None:
    """R-ACTA-2: the data confirmed as shown include the fund; announced by the server inside
    the jefe de mesa's ``confirm_data_shown`` (the ledger just came back), it is shown first and
    the confirmation is refused (409 ``stale_version``, the new version named) — also when the
    console sent the version it saw, which predates the server's step.
    """
    server = started(tmp_path, url)
    client = Client(server)
    try:
        open_session(client)
        client.do("start_partida")
        client.do("sell_count", series=SERIES, count=100)
        with ledger_out_of_reach(url):
            closed = client.send("close_sale")
            assert closed.status_code == 200  # the sale is closed: the command stands
            spanish_only(closed.json()["warning"])
            seen = client.state()
            assert seen["state"]["interconnected_cents"] is None
            refused = client.send("confirm_data_shown")
            assert refused.status_code == 503, refused.text
            assert refused.json()["error"]["code"] == "interconnected"
            spanish_only(refused.json()["error"]["message"])
        again = client.send("confirm_data_shown", expected_version=seen["version"])
        assert again.status_code == 409, again.text  # not applied with the fund just announced
        assert again.json()["error"]["code"] == "stale_version"
        shown = client.state()
        # the announcement is in the record and the screens have it (a new network's first
        # fund is not in play, so they show none: decision 328)
        assert shown["version"] > seen["version"]
        assert shown["state"]["status"] == "sale_closed"  # and the data are not confirmed
        assert f"versión {shown['version']}" in again.json()["error"]["message"]
        confirmed = client.send("confirm_data_shown", expected_version=shown["version"])
        assert confirmed.status_code == 200, confirmed.text
    finally:
        server.stop()


def test_prizes_are_not_paid_with_a_settlement_taken_inside_the_payment(
    tmp_path: Path,
    url: str,  # noqa: F811
) -> None:
    """Decision 288: the partida is settled before its prizes are paid. A settlement taken by
    the server inside ``pay_prizes`` (the ledger just came back) is recorded and shown, and the
    payment refused until the jefe asks again having seen it. The 503 of the outage is not
    kept as the command's answer: the same command id, sent again, is tried again.
    """
    server = started(tmp_path, url)
    client = Client(server)
    try:
        open_session(client)
        _partida, first = sale_closed(client, 100)
        bingo_called(client, first)
        with ledger_out_of_reach(url):
            closed = client.send("close_partida")
            assert closed.status_code == 200
            spanish_only(closed.json()["warning"])
            refused = client.send("pay_prizes", command_id="PAY-1")
            assert refused.status_code == 503, refused.text
            spanish_only(refused.json()["error"]["message"])
        seen = client.state()["version"]
        again = client.send("pay_prizes")
        assert again.status_code == 409, again.text  # not paid with the settlement just taken
        assert again.json()["error"]["code"] == "stale_version"
        after = client.state()
        assert after["version"] > seen  # the settlement is recorded and handed to the screens
        assert after["state"]["status"] == "closed"  # not paid
        # the 503 was not kept as PAY-1's answer (nothing was applied): PAY-1 is tried again
        paid = client.send("pay_prizes", command_id="PAY-1", expected_version=after["version"])
        assert paid.status_code == 200, paid.text
        assert client.state()["state"]["status"] == "paid"
    finally:
        server.stop()


def test_a_joined_hall_starts_while_its_ledger_is_out_of_reach(
    tmp_path: Path,
    url: str,  # noqa: F811
) -> None:
    """Decision 301: an outage of the ledger stops only the two commands that wait for it. A
    server started during one (nothing due) serves; one started with a closed partida still to
    settle serves too, refuses ``pay_prizes`` (and so the next partida) until the ledger
    answers, and settles the partida then. Both say why in Spanish.
    """
    server = started(tmp_path, url)
    client = Client(server)
    open_session(client)
    _partida, first = sale_closed(client, 100)
    bingo_called(client, first)
    server.stop()
    with ledger_out_of_reach(url):
        server.start()  # nothing due: the partida is in play
        try:
            log = server.log.read_text("utf-8")
            assert "aviso" in log
            client = Client(server)
            closed = client.send("close_partida")
            assert closed.status_code == 200, closed.text
        finally:
            server.stop()
        server.start()  # a closed partida to settle
        try:
            client = Client(server)
            refused = client.send("pay_prizes")
            assert refused.status_code == 503, refused.text
            spanish_only(refused.json()["error"]["message"])
            assert client.send("start_partida").status_code == 422
            assert client.state()["state"]["status"] == "closed"
            for word in TECHNICAL:
                assert word not in _console_part(server.log.read_text("utf-8"))
        except BaseException:
            server.stop()
            raise
    try:
        client.send("pay_prizes")  # the settlement is taken now; this payment is refused
        assert client.do("pay_prizes")["version"] > 0
        assert client.state()["state"]["status"] == "paid"
    finally:
        server.stop()


def _console_part(log: str) -> str:
    """The lines ``serve`` writes for the staff (``bingo-hall: …``), not the technical log."""
    return "\n".join(line for line in log.splitlines() if line.startswith("bingo-hall:"))


def test_a_simulation_whose_ledger_fails_stops_with_a_spanish_message_not_a_traceback(
    tmp_path: Path,
    url: str,  # noqa: F811
) -> None:
    """``simulate`` plays the prize against the ledger (decision 301's rule): the ledger failing
    while it settles a partida stops it with exit 1 and a sentence for the staff, the driver's
    text and SQL left to the log; the record keeps what it committed. The ledger's settlements
    are taken away (its fund still answers, so the sale closes with the fund announced).
    """
    config = joined_config(tmp_path, HALL, f"red-{HALL}")
    open_store(url).close()  # the hall's database, migrated: the ledger's tables exist
    engine = create_engine(url, poolclass=NullPool)
    with engine.begin() as conn:
        conn.execute(text("ALTER TABLE interconnected_settlements RENAME TO settlements_gone"))
    engine.dispose()
    run = subprocess.run(
        cli("simulate", "--db", url, "--hall", HALL, "--config", str(config), "--seed", "4",
            "--partidas", "1", "--no-incidents", "-q"),
        env=env(tmp_path), capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert run.returncode == 1, run.stderr
    assert "Traceback" not in run.stderr, run.stderr
    staff = _console_part(run.stderr)
    spanish_only(staff)
    assert "no responde" in staff
