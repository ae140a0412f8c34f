"""The manual book of a hall that joined the interconnected prize, taken in while the shared
fund fails (SPEC R-ACTA-4, R-MULTI-1; Cantabria V.3; decisions 288, 302): the staff is told in
Spanish what stays recorded, and the same book run again once the fund is back completes it.
Real processes on the real PostgreSQL: the hall's server, then ``bingo-hall transcribe``.
"""

from __future__ import annotations

import json
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

from tests.e2e.test_interconnected_halls import BASE_URL, joined_config
from tests.independent.check_export import check
from tests.server.kit import SALA, Client, Server, carton_rows, open_session

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        not BASE_URL, reason="BINGO_HALL_TEST_PG_URL is not set: run `bash scripts/postgres.sh`"
    ),
]


@pytest.fixture
def schema() -> Iterator[str]:
    name = f"test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(BASE_URL, poolclass=NullPool)
    try:
        with admin.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{name}"'))
        yield name
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{name}" CASCADE'))
        admin.dispose()


def sql(schema: str, statement: str) -> None:
    admin = create_engine(BASE_URL, poolclass=NullPool)
    try:
        with admin.begin() as conn:
            conn.execute(text(f'SET LOCAL search_path = "{schema}"'))
            conn.execute(text(statement))
    finally:
        admin.dispose()


@pytest.mark.timeout(300)
def test_a_book_stopped_by_the_fund_is_said_in_spanish_and_completed_when_run_again(
    tmp_path: Path, schema: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    url = (
        make_url(BASE_URL)
        .update_query_dict({"options": f"-csearch_path={schema}"})
        .render_as_string(hide_password=False)
    )
    hall = f"tr-{uuid.uuid4().hex[:6]}"
    config = joined_config(tmp_path, hall, f"net-{schema}")
    common = ["--db", url, "--hall", hall, "--config", str(config)]
    server = Server(tmp_path / "sala.db", db_url=url, extra=common[2:]).start()
    try:
        client = Client(server)
        open_session(client)
        partida = int(client.do("start_partida")["result"]["partida"])
        first = client.do("sell_count", series="A-0001", count=100)["result"]["first"]
        client.do("close_sale")  # the fund is announced
        client.do("confirm_data_shown")
        rows = carton_rows(first)
        balls = sorted(rows[0]) + sorted(rows[1] + rows[2])
        for n in balls[:3]:
            client.do("draw_ball", number=n)
    finally:
        server.kill()  # the system fails: the partida goes on in the manual book
    book: dict[str, Any] = {
        "format": "bingo-manual-book/1",
        "partidas": [
            {
                "number": partida,
                "note": "avería del ordenador",
                "sales": [{"series": "A-0001", "first": first, "last": first + 99}],
                "balls": balls,
                "claims": [
                    {"after_ball": 5, "series": "A-0001", "number": first, "kind": "line"},
                    {"after_ball": 15, "series": "A-0001", "number": first, "kind": "bingo"},
                ],
                "annulled": None,
            }
        ],
    }
    path = tmp_path / "libro.json"
    path.write_text(json.dumps(book), "utf-8")

    def transcribe() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "app.cli", "transcribe", *common, "--by", SALA[0],
             "--pin-stdin", str(path)],
            input=SALA[1] + "\n", capture_output=True, text=True, timeout=120,
        )  # fmt: skip

    def export() -> dict[str, Any]:
        out = subprocess.run(
            [sys.executable, "-m", "app.cli", "export", *common, "--compact"],
            capture_output=True, text=True, check=True, timeout=120,
        )  # fmt: skip
        return json.loads(out.stdout)  # type: ignore[no-any-return]

    # The fund can be read (the book is rehearsed against its figures) but not written.
    sql(schema, "REVOKE INSERT ON interconnected_settlements FROM CURRENT_USER")
    failed = transcribe()
    assert failed.returncode == 1, failed.stderr
    assert "Traceback" not in failed.stderr
    assert "fondo común" in failed.stderr and "repita la misma orden" in failed.stderr
    stopped = export()["sessions"][0]["partidas"][partida - 1]
    assert stopped["status"] == "closed" and "contribution_cents" not in stopped["interconnected"]

    sql(schema, "GRANT INSERT ON interconnected_settlements TO CURRENT_USER")
    done = transcribe()
    assert done.returncode == 0, done.stderr
    record = export()
    paid = record["sessions"][0]["partidas"][partida - 1]
    assert paid["status"] == "closed" and "contribution_cents" in paid["interconnected"]
    won = [a for a in paid["awards"] if a["prize"] in ("line", "bingo")]
    assert {a["number"] for a in won} == {first}
    assert check(record) == []
    again = transcribe()  # the whole book is in: nothing is written twice
    assert again.returncode == 1 and "ya consta entero" in again.stderr
