"""Halls that join the interconnected prize play as separate processes on the PostgreSQL database
they share (SPEC R-MULTI-1; Cantabria V.2.b; docs/decisions.md 285–289): the one ledger
balances to the cent, no fund is won twice, each hall's export and acta say what it contributed
and won with the ledger's transaction, and a hall cut after the ledger took its contribution
contributes once when it resumes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from app.config import default_hall_path, load_region
from store.engine import make_engine
from store.interconnected import PgLedger
from tests.independent.check_export import check

BASE_URL = os.environ.get("BINGO_HALL_TEST_PG_URL", "").strip()
RULES = load_region("cantabria").interconnected
assert RULES is not None

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        not BASE_URL, reason="BINGO_HALL_TEST_PG_URL is not set: run `bash scripts/postgres.sh`"
    ),
]


@pytest.fixture
def url() -> Iterator[str]:
    """The halls' shared database, in a schema of this test's own, dropped afterwards."""
    schema = f"test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(BASE_URL, poolclass=NullPool)
    try:
        with admin.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        yield (
            make_url(BASE_URL)
            .update_query_dict({"options": f"-csearch_path={schema}"})
            .render_as_string(hide_password=False)
        )
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()


# The program itself, cut the instant the shared ledger has committed a partida's settlement and
# before the hall's own record has: the window a restart must not contribute twice in.
CUT_AFTER_LEDGER = """
import os, sys
from store.interconnected import PgLedger
settle = PgLedger.settle
def settle_then_cut(self, *args, **kwargs):
    settle(self, *args, **kwargs)
    os._exit(9)
PgLedger.settle = settle_then_cut
from app.cli import main
sys.exit(main(sys.argv[1:]))
"""


def joined_config(tmp_path: Path, hall_id: str, network: str) -> Path:
    text_ = (
        default_hall_path().read_text("utf-8").replace('id = "cantabria-001"', f'id = "{hall_id}"')
    )
    text_ += f'\n[interconnected]\nenabled = true\nnetwork = "{network}"\n'
    path = tmp_path / f"{hall_id}.toml"
    path.write_text(text_, "utf-8")
    return path


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "app.cli", *args]


def env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}


def common(url: str, hall: str, config: Path) -> list[str]:
    return ["--db", url, "--hall", hall, "--config", str(config)]


def export(url: str, tmp_path: Path, hall: str, config: Path) -> dict[str, Any]:
    out = subprocess.run(
        cli("export", *common(url, hall, config), "--compact"),
        capture_output=True,
        text=True,
        env=env(tmp_path),
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def ledger_rows(url: str, network: str) -> list[Any]:
    engine = make_engine(url)
    with engine.connect() as conn:
        return list(
            conn.execute(
                text(
                    "SELECT hall_id, session_id, partida, generation, to_fund_cents + "
                    "to_reserve_cents AS contribution, awarded_cents, txid "
                    "FROM interconnected_settlements WHERE network = :n"
                ),
                {"n": network},
            )
        )


def ledger(url: str, network: str) -> PgLedger:
    assert RULES
    return PgLedger(make_engine(url), network, RULES)


def settled_partidas(export_: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        p
        for s in export_["sessions"]
        for p in s["partidas"]
        if p["status"] == "closed" and "contribution_cents" in p.get("interconnected", {})
    ]


# Seeds whose sessions are known (played without incidents): hall A's partidas 1-5 feed 37,44 €
# on their own and its partida 6 ends with a bingo at the 49th ball, within the scale's 50 from
# 30 €; hall B never has a bingo before the 58th ball. Whatever the two processes' interleaving,
# exactly one fund is won, by A in partida 6.
SEED_A, SEED_B, WINNING_PARTIDA = 4, 2, 6


@pytest.mark.timeout(900)
def test_two_halls_playing_at_once_share_one_fund_that_balances_and_is_won_once(
    tmp_path: Path, url: str
) -> None:
    run = uuid.uuid4().hex[:8]
    network = f"net-{run}"
    hall_a, hall_b = f"ic-a-{run}", f"ic-b-{run}"
    halls = {hall_a: SEED_A, hall_b: SEED_B}
    configs = {h: joined_config(tmp_path, h, network) for h in halls}
    procs = [
        subprocess.Popen(
            cli(
                "simulate", *common(url, h, configs[h]), "--seed", str(seed), "--partidas", "6",
                "--no-incidents", "-q",
            ),
            env=env(tmp_path),
            stderr=subprocess.PIPE,
            text=True,
        )
        for h, seed in halls.items()
    ]  # fmt: skip
    for proc in procs:
        assert proc.wait(timeout=800) == 0, proc.stderr.read() if proc.stderr else ""
    exports = {h: export(url, tmp_path, h, configs[h]) for h in halls}
    rows = ledger_rows(url, network)
    by_key = {(r.hall_id, r.session_id, r.partida): r for r in rows}
    contributed = awarded = 0
    for hall, export_ in exports.items():
        assert check(export_) == [], f"{hall}: the independent checker rejects the export"
        session = export_["sessions"][0]["id"]
        played = settled_partidas(export_)
        assert len(played) == 6 == sum(1 for r in rows if r.hall_id == hall)  # each partida once
        for p in played:
            ic = p["interconnected"]
            row = by_key[(hall, session, p["number"])]
            assert ic["ledger_txid"] == row.txid  # the hall's record names the ledger's transaction
            assert ic["contribution_cents"] == row.contribution
            won = sum(a["amount_cents"] for a in p["awards"] if a["prize"] == "interconnected")
            assert won == ic["awarded_cents"] == row.awarded_cents
            contributed += ic["contribution_cents"]
            awarded += won
    balance = ledger(url, network).balance()
    assert balance.contributed_cents == contributed
    assert balance.awarded_cents == awarded > 0
    assert balance.balances  # contributions = awards + fund + reserve, to the cent
    won_rows = [r for r in rows if r.awarded_cents]
    assert [(r.hall_id, r.partida) for r in won_rows] == [(hall_a, WINNING_PARTIDA)]
    winning = exports[hall_a]["sessions"][0]["partidas"][WINNING_PARTIDA - 1]
    ic = winning["interconnected"]
    assert ic["available"] and ic["ball_limit"] == 50 and ic["amount_cents"] >= 3_000
    to_fund = ic["contribution_cents"] - ic["to_reserve_cents"]
    assert ic["awarded_cents"] == ic["fund_before_cents"] + to_fund - ic["residue_cents"]
    # The receipt of the award (R-PRIMA-6, Cantabria V.3) and the acta, from the export.
    path = tmp_path / "a.json"
    path.write_text(json.dumps(exports[hall_a]), "utf-8")
    receipt = subprocess.run(
        cli(
            "acta", "receipt", "--export", str(path), "--partida", str(WINNING_PARTIDA),
            "--prize", "interconnected", "-o", str(tmp_path / "receipt.pdf"),
        ),
        env=env(tmp_path), capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert receipt.returncode == 0, receipt.stderr
    assert (tmp_path / "receipt.pdf").stat().st_size > 1000


@pytest.mark.timeout(600)
def test_a_hall_cut_after_the_ledger_took_its_contribution_contributes_once_when_it_resumes(
    tmp_path: Path, url: str
) -> None:
    run = uuid.uuid4().hex[:8]
    network, hall = f"cut-{run}", f"ic-cut-{run}"
    config = joined_config(tmp_path, hall, network)
    args = [*common(url, hall, config), "--seed", "23", "--partidas", "3", "-q"]
    cut = subprocess.run(
        [sys.executable, "-c", CUT_AFTER_LEDGER, "simulate", *args],
        env=env(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert cut.returncode == 9, cut.stderr  # cut in the middle of partida 1's settlement
    first = ledger_rows(url, network)
    assert [(r.hall_id, r.partida) for r in first] == [(hall, 1)]
    resumed = subprocess.run(
        cli("simulate", *args), env=env(tmp_path), capture_output=True, text=True, timeout=300
    )
    assert resumed.returncode == 0, resumed.stderr
    rows = ledger_rows(url, network)
    export_ = export(url, tmp_path, hall, config)
    assert check(export_) == []
    played = settled_partidas(export_)
    assert [p["number"] for p in played] == [1, 2, 3]
    assert sorted(r.partida for r in rows) == [1, 2, 3]  # partida 1 settled once
    assert played[0]["interconnected"]["ledger_txid"] == first[0].txid
    balance = ledger(url, network).balance()
    assert balance.contributed_cents == sum(
        p["interconnected"]["contribution_cents"] for p in played
    )
    assert balance.balances
