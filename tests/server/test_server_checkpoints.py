"""A record the hall server writes is anchored like any other (R-ACTA-6; docs/store.md;
decisions 80–83): the hall's key signs a checkpoint with every partida and session close the
server records, so ``status`` finds the record whole, the export and the acta can be issued from
it, and a cut of its newest records is seen.

The server signed none: ``status`` of a database the server had written said "ningún punto de
control firmado … NO está íntegro" (exit 3) from its first partida closed.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

from tests.server.kit import SALA, Client, draw, open_session, partida_ready, running
from tests.store.test_checkpoints import drop_triggers

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args], cwd=ROOT, capture_output=True, text=True
    )


def test_a_record_the_server_wrote_is_signed_at_every_close_and_status_finds_it_whole(
    tmp_path: Path,
) -> None:
    db = tmp_path / "hall.sqlite"
    with running(db) as server:
        mesa = Client(server)
        open_session(mesa)
        partida_ready(mesa)
        draw(mesa, [1, 2, 3])
        mesa.do("annul", SALA, incident="caller_error", note="bola 3 cantada 33")
    url = f"sqlite:///{db}"
    with sqlite3.connect(db) as con:
        signed = con.execute("select count(*) from checkpoints").fetchone()[0]
    assert signed >= 1  # the annulment's close

    status = cli("status", "--db", url)
    assert status.returncode == 0, status.stdout + status.stderr
    out = tmp_path / "export.json"
    exported = cli("export", "--db", url, "-o", str(out))
    assert exported.returncode == 0, exported.stdout + exported.stderr
    assert out.exists()

    with sqlite3.connect(db) as con:  # the newest record removed, as a tamperer would: seen
        drop_triggers(con)
        con.execute("delete from events where seq = (select max(seq) from events)")
    status = cli("status", "--db", url)
    assert status.returncode == 3, status.stdout + status.stderr
