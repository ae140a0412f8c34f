"""Halls that joined the interconnected prize play it through their servers (``bingo-hall
serve``, and so ``run``), each a real process on loopback with its record on the PostgreSQL
database the halls share (SPEC R-MULTI-1; Cantabria V.2.b, V.3; docs/decisions.md 285–289): the
server announces the fund when a partida's sale closes and settles the partida against the one
ledger once it is closed, before its prizes are paid; the screens show the fund in play; two
servers settling at the same instant win one fund once; a server cut after the ledger committed
settles again when it restarts and gets the ledger's first answer.
"""

from __future__ import annotations

import json
import subprocess
import threading
import uuid
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import pytest

from app.centre.tls import make_pki
from store import open_store
from store.interconnected import PgLedger
from store.operators import OperatorBook
from tests.e2e.test_interconnected_halls import (
    BASE_URL,
    CUT_AFTER_LEDGER,
    RULES,
    cli,
    env,
    export,
    joined_config,
    ledger,
    ledger_rows,
    settled_partidas,
    url,  # noqa: F401  (the fixture: a schema of the test's own in the halls' database)
)
from tests.e2e.test_simultaneous import (
    ALLOTMENTS,
    CENTRE_SALA,
    SOLD,
    Centre,
    Hall,
    expected_winners,
    until,
)
from tests.e2e.test_simultaneous import SEED as SIM_SEED
from tests.independent.check_export import check
from tests.server.kit import Client, Server, carton_rows, open_session

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        not BASE_URL, reason="BINGO_HALL_TEST_PG_URL is not set: run `bash scripts/postgres.sh`"
    ),
]

SERIES = "A-0001"
# 2 % of 760 € from each of two halls: 30,40 €, over the scale's first step (30 €: 50 balls).
FEEDING_SALE = 760


def hall_server(
    tmp_path: Path,
    db_url: str,
    hall: str,
    config: Path,
    extra: Sequence[str] = (),
    program: Sequence[str] = ("-m", "app.cli"),
    port: int | None = None,
) -> Server:
    """``bingo-hall serve`` of one joined hall, its record on the shared database."""
    return Server(
        tmp_path / f"{hall}.db",
        db_url=db_url,
        extra=["--hall", hall, "--config", str(config), *extra],
        program=program,
        port=port,
        env={"XDG_DATA_HOME": env(tmp_path)["XDG_DATA_HOME"]},  # the hall's key: its exports'
    )


def sale_closed(client: Client, count: int) -> tuple[int, int]:
    """A new partida sold (``count`` cartones) and its sale closed: its number and first cartón."""
    partida = int(client.do("start_partida")["result"]["partida"])
    first = int(client.do("sell_count", series=SERIES, count=count)["result"]["first"])
    client.do("close_sale")
    return partida, first


def bingo_called(client: Client, carton: int) -> None:
    """The data shown, then the balls of ``carton``: its first row (the line, claimed), then
    the rest (the bingo at the 15th ball, claimed).
    """
    client.do("confirm_data_shown")
    rows = carton_rows(carton)
    for n in rows[0]:
        client.do("draw_ball", number=n)
    assert client.do("claim", series=SERIES, number=carton, prize="line")["result"]["valid"]
    for n in sorted(rows[1] + rows[2]):
        client.do("draw_ball", number=n)
    assert client.do("claim", series=SERIES, number=carton, prize="bingo")["result"]["valid"]


def play_partida(
    client: Client, count: int, before_close: Callable[[], object] = lambda: None
) -> dict[str, Any]:
    """A whole ordinary partida at the hall's server; the state once its sale closed."""
    _partida, first = sale_closed(client, count)
    announced = client.state()["state"]
    bingo_called(client, first)
    before_close()
    client.do("close_partida")
    client.do("pay_prizes")  # refused by the hall until the partida is settled (decision 288)
    return announced


def partida_of(export_: dict[str, Any], number: int) -> dict[str, Any]:
    partida: dict[str, Any] = export_["sessions"][0]["partidas"][number - 1]
    return partida


def won_interconnected(partida: dict[str, Any]) -> int:
    return sum(a["amount_cents"] for a in partida["awards"] if a["prize"] == "interconnected")


def checked_exports(
    db_url: str, tmp_path: Path, configs: dict[str, Path]
) -> dict[str, dict[str, Any]]:
    """Every hall's export, each passing the independent checkers (check_export.py and, for
    the partidas' ``interconnected`` objects, check_interconnected.py)."""
    exports = {h: export(db_url, tmp_path, h, c) for h, c in configs.items()}
    for hall, export_ in exports.items():
        assert check(export_) == [], f"{hall}: the independent checker rejects the export"
    return exports


def ledger_balances(db_url: str, network: str, exports: dict[str, dict[str, Any]]) -> int:
    """The one ledger against the halls' records, to the cent; the cents awarded."""
    played = [p for e in exports.values() for p in settled_partidas(e)]
    balance = ledger(db_url, network).balance()
    assert balance.contributed_cents == sum(
        p["interconnected"]["contribution_cents"] for p in played
    )
    assert balance.awarded_cents == sum(won_interconnected(p) for p in played)
    assert balance.balances  # contributions = awards + fund + reserve
    return balance.awarded_cents


@pytest.mark.timeout(600)
def test_two_hall_servers_settling_at_once_win_the_fund_once_and_the_ledger_balances(
    tmp_path: Path,
    url: str,  # noqa: F811
) -> None:
    """Decision 286: both partidas' bingos qualify (called within the ball limit of the same
    fund); the ledger serves the two settlements one after the other and only the first wins.
    """
    run = uuid.uuid4().hex[:8]
    network = f"srv-{run}"
    halls = [f"srv-a-{run}", f"srv-b-{run}"]
    configs = {h: joined_config(tmp_path, h, network) for h in halls}
    servers = [hall_server(tmp_path, url, h, configs[h]).start() for h in halls]
    try:
        clients = [Client(s) for s in servers]
        for client in clients:  # partida 1 feeds the fund; it is below the scale: not in play
            open_session(client)
            shown = play_partida(client, FEEDING_SALE)
            assert shown["interconnected_cents"] is None  # not in play: not shown
            assert shown["interconnected_ball_limit"] == 0
        gate = threading.Barrier(2, timeout=120)
        shown_2: dict[int, dict[str, Any]] = {}
        errors: list[BaseException] = []

        def play(i: int) -> None:
            try:
                shown_2[i] = play_partida(clients[i], 100, before_close=gate.wait)
            except BaseException as exc:
                errors.append(exc)
                gate.abort()

        threads = [threading.Thread(target=play, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(300)
        assert not errors, errors
        for shown in shown_2.values():  # the panels' state: the fund in play and its limit
            assert shown["interconnected_cents"] >= 3_000
            assert shown["interconnected_ball_limit"] == 50
        paid = [c.state()["state"] for c in clients]
        assert [s["status"] for s in paid] == ["paid", "paid"]
    finally:
        for server in servers:
            server.stop()
    exports = checked_exports(url, tmp_path, configs)
    rows = ledger_rows(url, network)
    assert sorted((r.hall_id, r.partida) for r in rows) == sorted(
        (h, n) for h in halls for n in (1, 2)
    )
    won = [(r.hall_id, r.partida) for r in rows if r.awarded_cents]
    assert len(won) == 1 and won[0][1] == 2  # one fund, won once
    winner = won[0][0]
    partidas = {h: partida_of(exports[h], 2) for h in halls}
    for hall, partida in partidas.items():
        ic = partida["interconnected"]
        assert ic["available"] and ic["ball_limit"] == 50  # both bingos qualified at ball 15
        assert ic["generation"] == 1
        assert (won_interconnected(partida) > 0) == (hall == winner)
    loser = next(h for h in halls if h != winner)
    assert partidas[loser]["interconnected"]["settled_generation"] == 2  # the fund moved on
    assert ledger_balances(url, network, exports) == won_interconnected(partidas[winner])
    # The award is paid with the detailed receipt, as the prima's (R-PRIMA-6; Cantabria V.3).
    path = tmp_path / "winner.json"
    path.write_text(json.dumps(exports[winner]), "utf-8")
    receipt = subprocess.run(
        cli(
            "acta", "receipt", "--export", str(path), "--partida", "2",
            "--prize", "interconnected", "-o", str(tmp_path / "receipt.pdf"),
        ),
        env=env(tmp_path), capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert receipt.returncode == 0, receipt.stderr


@pytest.mark.timeout(600)
def test_a_hall_server_cut_after_the_ledger_committed_settles_once_when_it_restarts(
    tmp_path: Path,
    url: str,  # noqa: F811
) -> None:
    """Decision 289: the server dies the instant the ledger has the partida's settlement and
    before the hall's record has it; started again it settles before any command, gets the
    ledger's first answer (the same transaction) and the partida is paid.
    """
    run = uuid.uuid4().hex[:8]
    network, hall = f"srvcut-{run}", f"srv-cut-{run}"
    config = joined_config(tmp_path, hall, network)
    cut = hall_server(tmp_path, url, hall, config, program=("-c", CUT_AFTER_LEDGER)).start()
    client = Client(cut)
    open_session(client)
    _partida, first = sale_closed(client, 300)
    bingo_called(client, first)
    with pytest.raises(httpx.HTTPError):  # the server is gone mid-answer
        client.send("close_partida")
    assert cut.proc is not None and cut.proc.wait(30) == 9
    cut.proc = None
    first_rows = ledger_rows(url, network)
    assert [(r.hall_id, r.partida) for r in first_rows] == [(hall, 1)]
    again = hall_server(tmp_path, url, hall, config, port=cut.port).start()
    try:
        client = Client(again)
        state = client.state()["state"]
        assert state["status"] == "closed"
        assert state["interconnected_cents"] is None  # the fund announced empty: not in play
        client.do("pay_prizes")  # settled at the start: the hall may pay and go on
        assert client.state()["state"]["status"] == "paid"
    finally:
        again.stop()
    rows = ledger_rows(url, network)
    assert [(r.partida, r.txid) for r in rows] == [(1, first_rows[0].txid)]  # settled once
    exports = checked_exports(url, tmp_path, {hall: config})
    settled = partida_of(exports[hall], 1)["interconnected"]
    assert settled["ledger_txid"] == first_rows[0].txid
    ledger_balances(url, network, exports)


@pytest.mark.timeout(900)
def test_a_centre_and_three_joined_halls_play_a_simultaneous_partida_and_their_own_with_the_fund(
    tmp_path: Path,
    url: str,  # noqa: F811
) -> None:
    """The combined night (R-MULTI-1, R-MULTI-2; decisions 286–292): a centre and three halls,
    each a real server on loopback, each hall joined to the centre's simultaneous partida and
    to the interconnected prize on the shared PostgreSQL. The halls feed the fund with their
    own partidas, sell and follow the simultaneous partida, and play their next partida with the
    fund in play; one hall is killed in the middle of both and restarted. Every hall ends with a
    record the independent checkers accept, and the ledger balances with one award.
    """
    run = uuid.uuid4().hex[:6]
    network = f"noche-{run}"
    ids = {h: f"{h}-{run}" for h in ALLOTMENTS}  # the halls (their records)
    names = {h: f"{h}{run}" for h in ALLOTMENTS}  # their links' names at the centre
    secrets = {h: f"clave-de-{h}-{uuid.uuid4().hex}" for h in ALLOTMENTS}
    configs = {h: joined_config(tmp_path, ids[h], network) for h in ALLOTMENTS}
    centre_db = f"sqlite:///{tmp_path / 'centro.sqlite'}"
    with open_store(centre_db) as store:
        book = OperatorBook(store)
        book.add(CENTRE_SALA[0], "jefe_de_sala", CENTRE_SALA[1])
        for hall, name in names.items():
            book.add(name, "terminal", secrets[hall])
    centre = Centre(centre_db, f"centro-{run}", make_pki(tmp_path / "pki"), tmp_path / "c.log")
    halls: dict[str, Hall] = {}
    try:
        for hall in ALLOTMENTS:
            secret = tmp_path / f"{hall}.secret"
            secret.write_text(secrets[hall])
            one = Hall(tmp_path, hall, names[hall], centre, secret)
            one.server = hall_server(tmp_path, url, ids[hall], configs[hall], one.server.extra)
            halls[hall] = one.start()
        clients = {h: Client(one.server) for h, one in halls.items()}
        firsts: dict[str, int] = {}
        for client in clients.values():  # the fund fed by each hall's first partida
            open_session(client)
            play_partida(client, 520)  # 3 × 10,40 €: 31,20 €, over the scale's first step
        # The simultaneous partida: opened at the centre, sold by the halls.
        opened = centre.command(
            "open",
            partida=1,
            price_cents=100,
            allotments={names[h]: n for h, n in ALLOTMENTS.items()},
            seed=SIM_SEED,
        )
        assert opened.status_code == 200, opened.text
        for hall, one in halls.items():
            until(lambda h=one: h.view()["state"]["partida"] == 1, f"{hall}: la partida")
            assert one.post("sell", count=SOLD[hall]).status_code == 200
        assert centre.command("start").status_code == 200
        # Each hall's own partida 2: the fund announced when its sale closes, its line claimed.
        for hall, client in clients.items():
            _partida, firsts[hall] = sale_closed(client, 100)
            shown = client.state()["state"]
            assert shown["interconnected_cents"] >= 3_000
            assert shown["interconnected_ball_limit"] == 50
            client.do("confirm_data_shown")
            for n in carton_rows(firsts[hall])[0]:
                client.do("draw_ball", number=n)
        state = centre.state()["state"]
        sold = {
            a["hall"]: (a["first"], a["first"] + state["sold"][a["hall"]] - 1)
            for a in state["allotments"]
        }
        strips = -(-sum(ALLOTMENTS.values()) // 6)
        balls = [int(b) for b in np.random.default_rng(5).permutation(np.arange(1, 91))]
        _line, (_bingo, bingo_at) = expected_winners(balls, sold, strips)
        for extraction, ball in enumerate(balls[:bingo_at], start=1):
            if extraction == 3:  # sur is cut in the middle of both partidas
                halls["sur"].server.kill()
            if extraction == bingo_at - 1:
                halls["sur"].start()  # back before the bingo: its record and its copy
                clients["sur"] = Client(halls["sur"].server)
            answer = centre.command("ball", number=ball)
            assert answer.status_code == 200, answer.text
        final = centre.state()
        assert final["state"]["status"] == "closed"
        for hall, one in halls.items():
            until(lambda h=one: h.view()["version"] >= final["version"], f"{hall}: el registro")
        # The halls' own partidas go on from where they were (sur's from its record).
        for hall, client in clients.items():
            rows = carton_rows(firsts[hall])
            assert client.state()["state"]["balls"] == rows[0]
            # the line's balls of the restarted hall came from its record: the claim must hold
            line = client.do("claim", series=SERIES, number=firsts[hall], prize="line")
            assert line["result"]["valid"], (hall, line)
            for n in sorted(rows[1] + rows[2]):
                client.do("draw_ball", number=n)
            bingo = client.do("claim", series=SERIES, number=firsts[hall], prize="bingo")
            assert bingo["result"]["valid"], (hall, bingo)
            client.do("close_partida")  # settled with the ledger: the first one wins the fund
            client.do("pay_prizes")
    finally:
        for one in halls.values():
            one.server.stop()
        centre.stop()
    exports = checked_exports(url, tmp_path, {ids[h]: configs[h] for h in ALLOTMENTS})
    won = [(r.hall_id, r.partida) for r in ledger_rows(url, network) if r.awarded_cents]
    assert won == [(ids["norte"], 2)]  # norte closed first: every bingo qualified, one award
    awarded = won_interconnected(partida_of(exports[ids["norte"]], 2))
    assert ledger_balances(url, network, exports) == awarded > 0


def test_a_hall_server_whose_network_has_other_figures_is_refused_before_anything_is_written(
    tmp_path: Path,
    url: str,  # noqa: F811
) -> None:
    """Decision 289: one fund, one set of figures. The server opens the ledger before the
    hall's set-up: a network opened with other figures stops it (exit 1, the reason in Spanish)
    and the hall's record is left as it was: empty.
    """
    assert RULES is not None
    run = uuid.uuid4().hex[:8]
    network, hall = f"otras-{run}", f"srv-otras-{run}"
    with open_store(url) as store:  # another region's figures opened the network first
        PgLedger(store.engine, network, replace(RULES, contribution_bp=300)).state()
    config = joined_config(tmp_path, hall, network)
    refused = subprocess.run(
        cli("serve", "--db", url, "--hall", hall, "--config", str(config), "--devices", "none"),
        env=env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert refused.returncode == 1, refused.stderr
    assert "se abrió con otras cifras" in refused.stderr and "Traceback" not in refused.stderr
    with open_store(url) as store:
        assert store.load(hall) == []
