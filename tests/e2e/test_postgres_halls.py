"""Two halls play on one PostgreSQL database through the same code as SQLite; each record stays
its own and verifies (multi-hall path of the store)."""

from __future__ import annotations

import json
import os
import uuid
from pathlib import Path

import pytest

from app.cli import main
from app.config import default_hall_path
from tests.e2e.test_interconnected_halls import url  # noqa: F401  (a schema of the test's own)
from tests.independent.check_export import check

URL = os.environ.get("BINGO_HALL_TEST_PG_URL")

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        not URL, reason="BINGO_HALL_TEST_PG_URL is not set: run `bash scripts/postgres.sh`"
    ),
]


def hall_config(tmp_path: Path, hall_id: str) -> Path:
    text = (
        default_hall_path().read_text("utf-8").replace('id = "cantabria-001"', f'id = "{hall_id}"')
    )
    path = tmp_path / f"{hall_id}.toml"
    path.write_text(text, "utf-8")
    return path


def test_two_halls_share_a_postgresql_database_and_keep_their_own_records(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    url: str,  # noqa: F811
) -> None:
    # in a schema of the test's own: a hall with operators that another run left in the
    # server's database made this simulation refuse to write there
    run = uuid.uuid4().hex[:8]
    exports = {}
    for n, hall in enumerate((f"pg-a-{run}", f"pg-b-{run}")):
        config = str(hall_config(tmp_path, hall))
        common = ["--db", url, "--hall", hall, "--config", config]
        assert main(["simulate", *common, "--seed", str(20 + n), "--partidas", "2", "-q"]) == 0
        assert main(["status", *common]) == 0
        capsys.readouterr()
        assert main(["export", *common, "--compact"]) == 0
        exports[hall] = json.loads(capsys.readouterr().out)
    a, b = exports.values()
    assert a["hall"]["id"] != b["hall"]["id"]
    assert a["chain"]["head"] != b["chain"]["head"]
    for export in (a, b):
        assert check(export) == []
        assert len(export["sessions"]) == 1
