"""A key folder replaced on the hall's machine does not make a forgery pass (R-ACTA-6, decision
642).

Whoever can write the key folder can put a new key and certificate in it and have the record's
checkpoints signed again: a prize raised by 100 € then passed ``status``, ``acta build --sign``
and ``acta verify``. ``status`` now prints the fingerprint of the hall's certificate, for the
inspection to hold against the one the hall gave it, and ``acta verify`` fails an acta whose own
«Observaciones del sistema» say a share is not its prize.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from actas.pdf_inspect import page_texts
from app.checkpoints import key_folder
from app.cli import main
from bingo.chain import canonical_json, record_hash
from tests.store.test_checkpoints import drop_triggers, hall_of


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def fingerprint_line(out: str) -> str:
    return next(line for line in out.splitlines() if "huella SHA-256" in line)


def test_a_forgery_signed_again_with_a_new_key_is_given_away(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "datos"))
    path = tmp_path / "hall.sqlite"
    url = f"sqlite:///{path}"
    night = ["--session", "N1", "--date", "2026-11-22", "--partidas", "2", "-q"]
    assert run(capsys, "simulate", "--db", url, *night)[0] == 0
    code, out, err = run(capsys, "status", "--db", url)
    assert code == 0, err
    genuine = fingerprint_line(out)
    assert "certificado de la sala" in genuine

    # +100 € on the first prize, every later record re-hashed, no checkpoint left, a new key
    with sqlite3.connect(path) as db:
        drop_triggers(db)
        rows = db.execute(
            "select seq, at, kind, payload, prev_hash from events where seq >= (select min(seq) "
            "from events where kind = 'prize_awarded') order by seq"
        ).fetchall()
        prev = rows[0][4]
        for n, at, kind, text, _ in rows:
            payload = json.loads(text)
            if n == rows[0][0]:
                payload["amount_cents"] += 10_000
            digest = record_hash(n, at, kind, payload, prev)
            db.execute(
                "update events set payload = ?, prev_hash = ?, hash = ? where seq = ?",
                (canonical_json(payload).decode(), prev, digest, n),
            )
            prev = digest
        db.execute("delete from checkpoints")
    shutil.rmtree(key_folder(hall_of(path)))
    filed = ["reclamacion", "file", "--db", url, "--session", "N1", "--subject", "x"]
    assert run(capsys, *filed)[0] == 0  # the next write signs with a new key
    code, out, err = run(capsys, "status", "--db", url)
    assert code == 0, err  # the record alone cannot tell: its signer is the key folder's
    assert fingerprint_line(out) != genuine  # what the inspection holds against its own

    acta = tmp_path / "acta.pdf"
    code, _, err = run(capsys, "acta", "build", "--db", url, "-o", str(acta), "--sign")
    assert code == 0, err
    # the acta prints the fingerprint of the certificate that seals it: the replaced one
    printed = " ".join(" ".join(page_texts(acta.read_bytes())).split())
    replaced = fingerprint_line(out).rsplit(" ", 1)[-1]
    assert f"huella SHA-256 {replaced[:32]} {replaced[32:]}" in printed
    code, out, _ = run(capsys, "acta", "verify", str(acta), "--db", url)
    assert code == 3 and "Observaciones del sistema" in out
    assert "no coincide con el premio" in out and "ALTERACIÓN DETECTADA" in out
