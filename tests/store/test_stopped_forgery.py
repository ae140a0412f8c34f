"""A forgery in the partida in play, made while the hall's program is stopped, is seen at its
next start (R-ACTA-6, decision 641).

The checkpoints were signed only at the closes: a sale left open by a crash could lose 100
cartones, the chain re-hashed, and the next close signed the forgery as good; the newest records
(a whole session opening and its sales) could be deleted. ``status`` said intact. Every commit is
now signed and its checkpoint kept next to the hall's key, so the record is held against it.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from app.bootstrap import open_hall, prepare_hall
from app.checkpoints import external_path, key_folder
from app.cli import main
from app.config import load_hall
from bingo.chain import canonical_json, record_hash
from tests.store.test_checkpoints import drop_triggers, hall_of, last_seq


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def stopped_in_an_open_sale(path: Path, session: str, date: str, sold: tuple[int, ...]) -> None:
    """The hall's writers (its signer included) open a session and sell, then stop: a crash."""
    settings = load_hall()
    with open_hall(f"sqlite:///{path}", None, settings.hall_id) as engine:
        svc = engine.service
        prepare_hall(svc, settings)
        svc.record_ball_check(session, "open", list(range(1, 91)))
        svc.open_session(session, date, "Ana Mesa", "Luis Sala")
        svc.start_partida()
        for count in sold:
            svc.sell_count(f"{settings.series_prefix}-0001", count)


def rehash_from(path: Path, seq: int, change: dict[str, int]) -> None:
    """Record ``seq``'s payload changed and every later record re-hashed: an intact chain."""
    with sqlite3.connect(path) as db:
        drop_triggers(db)
        rows = db.execute(
            "select seq, at, kind, payload, prev_hash from events where seq >= ? order by seq",
            (seq,),
        ).fetchall()
        prev = rows[0][4]
        for n, at, kind, text, _ in rows:
            payload = json.loads(text)
            if n == seq:
                payload.update(change)
            digest = record_hash(n, at, kind, payload, prev)
            db.execute(
                "update events set payload = ?, prev_hash = ?, hash = ? where seq = ?",
                (canonical_json(payload).decode(), prev, digest, n),
            )
            prev = digest


def test_every_commit_leaves_its_checkpoint_next_to_the_key(tmp_path: Path) -> None:
    from app.checkpoints import read_kept

    path = tmp_path / "hall.sqlite"
    stopped_in_an_open_sale(path, "S1", "2026-11-22", (100, 40))
    hall = hall_of(path)
    with sqlite3.connect(path) as db:
        (store_id,) = db.execute("select store_id from store_identity").fetchone()
    assert external_path(key_folder(hall), store_id).exists()
    kept = read_kept(key_folder(hall), store_id)
    assert kept is not None and kept[0].seq == last_seq(path)
    assert kept[1] is False  # a sale is no close: only the key's folder keeps it


def test_cartones_removed_from_the_open_sale_and_rehashed_are_named_at_the_next_start(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "hall.sqlite"
    url = f"sqlite:///{path}"
    stopped_in_an_open_sale(path, "S1", "2026-11-22", (40, 120))
    with sqlite3.connect(path) as db:
        seq, text = db.execute(
            "select seq, payload from events where kind = 'sale_recorded' order by seq desc"
        ).fetchone()
    sale = json.loads(text)
    assert sale["last"] - sale["first"] + 1 == 120
    rehash_from(path, seq, {"last": sale["last"] - 100})  # 100 cartones fewer sold
    code, out, err = run(capsys, "status", "--db", url)
    assert code == 3 and "registro íntegro" not in out
    assert "no es el que firmó el punto de control" in err
    code, _, err = run(capsys, "simulate", "--db", url, "--partidas", "1", "-q")
    assert code == 3 and "no se escribe nada" in err  # never signed at the next close


def test_a_whole_session_opening_deleted_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The newest records gone while the hall was stopped — a session opened and 512 € sold —
    leave a perfect chain that ends at the previous session's close."""
    path = tmp_path / "hall.sqlite"
    url = f"sqlite:///{path}"
    first = ["--session", "N1", "--date", "2026-11-21", "--partidas", "1", "-q"]
    assert run(capsys, "simulate", "--db", url, *first)[0] == 0
    closed = last_seq(path)
    stopped_in_an_open_sale(path, "N2", "2026-11-22", (256, 256))
    with sqlite3.connect(path) as db:
        drop_triggers(db)
        db.execute("delete from events where seq > ?", (closed,))
        db.execute("delete from checkpoints where seq > ?", (closed,))
    code, out, err = run(capsys, "status", "--db", url)
    assert code == 3 and "registro íntegro" not in out
    assert "registros después del punto de control firmado" in err
