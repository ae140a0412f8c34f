"""Signed checkpoints give away what an intact chain cannot (R-ACTA-6, inspección de juego).

Each attack is done the way someone with write access to the database file would do it
(triggers dropped, rows changed with sqlite3) and ``bingo-hall status`` must name it, exit 3.
On a record without checkpoints every one of these leaves a chain that re-hashes cleanly.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import NameOID
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from app.checkpoints import CLOSE_KINDS, EXTERNAL_DIR, audit, key_folder
from app.cli import main
from app.config import load_hall
from bingo.chain import canonical_json, record_hash
from store import IntegrityError, open_store

NIGHT = ["--session", "N1", "--date", "2026-11-22", "--partidas", "4", "-q"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def night(tmp_path: Path) -> tuple[str, Path]:
    """A four-partida night played through the hall's engine: (URL, SQLite file)."""
    path = tmp_path / "hall.sqlite"
    url = f"sqlite:///{path}"
    assert main(["simulate", "--db", url, *NIGHT]) == 0
    return url, path


def hall_of(path: Path) -> str:
    with sqlite3.connect(path) as db:
        return str(db.execute("select hall_id from events limit 1").fetchone()[0])


def drop_triggers(db: sqlite3.Connection) -> None:
    for (name,) in db.execute("select name from sqlite_master where type = 'trigger'").fetchall():
        db.execute(f'drop trigger "{name}"')


def rehash_forward(path: Path, seq: int, bump_cents: int) -> None:
    """Change record ``seq``'s amount and re-hash every record after it: an intact chain."""
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
                payload["amount_cents"] += bump_cents
            digest = record_hash(n, at, kind, payload, prev)
            db.execute(
                "update events set payload = ?, prev_hash = ?, hash = ? where seq = ?",
                (canonical_json(payload).decode(), prev, digest, n),
            )
            prev = digest


def first_seq_of(path: Path, kind: str) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("select min(seq) from events where kind = ?", (kind,)).fetchone()[0])


def last_seq(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("select max(seq) from events").fetchone()[0])


def delete_newest(path: Path, count: int, *, checkpoints_too: bool = False) -> int:
    """Remove the newest ``count`` records (and their checkpoints); the new last seq."""
    end = last_seq(path) - count
    with sqlite3.connect(path) as db:
        drop_triggers(db)
        db.execute("delete from events where seq > ?", (end,))
        if checkpoints_too:
            db.execute("delete from checkpoints where seq > ?", (end,))
    return end


def keys_without_external_copy(tmp_path: Path, hall: str) -> Path:
    """The hall's key folder as on another machine: certificate and key, no checkpoint copy."""
    target = tmp_path / "otro-equipo"
    shutil.copytree(
        key_folder(hall),
        target / key_folder(hall).name,
        ignore=shutil.ignore_patterns(EXTERNAL_DIR),
    )
    return target


def test_a_night_played_through_the_engine_is_intact_with_a_checkpoint_at_every_close(
    capsys: pytest.CaptureFixture[str], night: tuple[str, Path]
) -> None:
    url, path = night
    code, out, err = run(capsys, "status", "--db", url)
    assert code == 0, err
    assert (
        "registro íntegro" in out
        and f"último punto de control firmado: registro {last_seq(path)}" in out
    )
    with sqlite3.connect(path) as db:
        closes = db.execute(
            f"select count(*) from events where kind in ({','.join('?' * len(CLOSE_KINDS))})",
            sorted(CLOSE_KINDS),
        ).fetchone()[0]
        signed = db.execute("select count(*) from checkpoints").fetchone()[0]
        marks = ",".join("?" * len(CLOSE_KINDS))
        closed = db.execute(
            "select count(*) from checkpoints c where exists (select 1 from events e where "
            f"e.seq <= c.seq and e.at = c.head_at and e.kind in ({marks}))",
            sorted(CLOSE_KINDS),
        ).fetchone()[0]
    assert closes == 5 and closed == closes  # 4 partida closes and the session close
    # the sales' closes and the prizes keep theirs in the database too (decision 641)
    assert signed > closes


def test_the_key_made_for_the_first_checkpoint_names_the_hall(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key is made at the first close, when the hall has its name: the actas' seal, made
    with the same key, names the hall (docs/actas.md)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "datos"))
    path = tmp_path / "hall.sqlite"
    assert main(["simulate", "--db", f"sqlite:///{path}", "--partidas", "1", "-q"]) == 0
    cert = x509.load_pem_x509_certificate(
        (key_folder(hall_of(path)) / "hall-cert-self-signed.pem").read_bytes()
    )
    names = cert.subject.get_attributes_for_oid(NameOID.ORGANIZATION_NAME)
    assert [n.value for n in names] == [load_hall().name]


def test_status_names_a_record_edited_and_rehashed_forward(
    capsys: pytest.CaptureFixture[str], night: tuple[str, Path]
) -> None:
    """A prize raised by 100 € and every later hash recomputed: the chain is intact again,
    but the checkpoints signed at the closes after it no longer match (R-ACTA-6)."""
    url, path = night
    rehash_forward(path, first_seq_of(path, "prize_awarded"), 10_000)
    with open_store(url) as store:
        assert store.verify(hall_of(path)) is None  # what status used to rely on alone
    code, out, err = run(capsys, "status", "--db", url)
    assert code == 3 and "registro íntegro" not in out
    assert "no es el que firmó el punto de control" in err and "reescribió" in err


def test_status_names_the_newest_200_records_deleted(
    capsys: pytest.CaptureFixture[str], night: tuple[str, Path]
) -> None:
    url, path = night
    signed_to = last_seq(path)
    end = delete_newest(path, 200)
    code, _, err = run(capsys, "status", "--db", url)
    assert code == 3
    assert "faltan 200 registros después del punto de control firmado" in err
    assert f"(registro {signed_to})" in err and f"termina en el {end}" in err


def test_deleting_the_checkpoints_with_the_records_is_named_by_the_copy_next_to_the_key(
    capsys: pytest.CaptureFixture[str], night: tuple[str, Path]
) -> None:
    url, path = night
    delete_newest(path, 200, checkpoints_too=True)
    code, _, err = run(capsys, "status", "--db", url)
    assert code == 3 and "faltan 200 registros después del punto de control firmado" in err


def test_deleted_checkpoint_rows_are_named_by_the_closes_left_without_one(
    capsys: pytest.CaptureFixture[str], night: tuple[str, Path], tmp_path: Path
) -> None:
    """Without the copy next to the key (another machine), a close whose checkpoint is gone
    is still named: the record says where one must be."""
    url, path = night
    with sqlite3.connect(path) as db:
        drop_triggers(db)
        # the checkpoint of the second partida's close (the sales' and prizes' have theirs too)
        middle = db.execute(
            "select min(c.seq) from checkpoints c where c.seq >= (select seq from events where "
            "kind = 'partida_closed' order by seq limit 1 offset 1)"
        ).fetchone()
        db.execute("delete from checkpoints where seq = ?", middle)
    keys = keys_without_external_copy(tmp_path, hall_of(path))
    code, _, err = run(capsys, "status", "--db", url, "--keys-dir", str(keys))
    assert code == 3 and "falta el punto de control firmado de: cierre de partida" in err
    code, _, err = run(capsys, "status", "--db", url)  # with the copy: no different verdict
    assert code == 3 and "falta el punto de control firmado" in err


def test_a_forged_checkpoint_is_named(
    capsys: pytest.CaptureFixture[str], night: tuple[str, Path]
) -> None:
    """Re-hashed forward and the checkpoints rewritten to match: without the hall's key their
    signatures fail, and one signed by another key is not the hall's."""
    url, path = night
    rehash_forward(path, first_seq_of(path, "prize_awarded"), 10_000)
    with sqlite3.connect(path) as db:
        heads = dict(db.execute("select seq, hash from events").fetchall())
        for (seq,) in db.execute("select seq from checkpoints").fetchall():
            db.execute("update checkpoints set head_hash = ? where seq = ?", (heads[seq], seq))
        stranger = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        db.execute(
            "update checkpoints set key_id = ?, signature = ? where seq = (select max(seq) from "
            "checkpoints)",
            ("0" * 64, base64.b64encode(stranger.sign(b"x", *_pkcs1())).decode()),
        )
    code, _, err = run(capsys, "status", "--db", url)
    assert code == 3
    assert "punto de control con firma no válida" in err
    assert "firmado con una clave que no es la de la sala" in err


def _pkcs1() -> tuple[object, object]:
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding

    return padding.PKCS1v15(), hashes.SHA256()


def test_a_record_from_before_checkpoints_is_flagged_until_the_hall_writes_again(
    capsys: pytest.CaptureFixture[str], night: tuple[str, Path]
) -> None:
    url, path = night
    with sqlite3.connect(path) as db:
        drop_triggers(db)
        db.execute("delete from checkpoints")
    for copy in key_folder(hall_of(path)).glob(f"{EXTERNAL_DIR}/*.json"):
        copy.unlink()
    code, _, err = run(capsys, "status", "--db", url)
    assert code == 3 and "ningún punto de control firmado" in err
    # The hall's next write signs the first checkpoint, covering every close before it.
    filed = ["--session", "N1", "--subject", "Línea", "--date", "2026-11-23"]
    assert run(capsys, "reclamacion", "file", "--db", url, *filed)[0] == 0
    code, out, err = run(capsys, "status", "--db", url)
    assert code == 0 and "registro íntegro" in out, err


def test_what_no_checkpoint_can_show_a_record_cut_back_to_a_close_on_another_machine(
    capsys: pytest.CaptureFixture[str], night: tuple[str, Path], tmp_path: Path
) -> None:
    """Documented limit (docs/store.md): records and checkpoints removed back to an earlier
    close, checked without the copy next to the key, leave a record that is a true prefix."""
    url, path = night
    with sqlite3.connect(path) as db:
        cut = db.execute(
            "select seq from checkpoints order by seq desc limit 1 offset 1"
        ).fetchone()
    delete_newest(path, last_seq(path) - cut[0], checkpoints_too=True)
    keys = keys_without_external_copy(tmp_path, hall_of(path))
    assert run(capsys, "status", "--db", url, "--keys-dir", str(keys))[0] == 0
    code, _, err = run(capsys, "status", "--db", url)  # on the hall's machine it is named
    assert code == 3 and "registros después del punto de control firmado" in err


def test_status_without_the_halls_certificate_cannot_vouch_for_the_checkpoints(
    capsys: pytest.CaptureFixture[str], night: tuple[str, Path], tmp_path: Path
) -> None:
    url, _ = night
    code, _, err = run(capsys, "status", "--db", url, "--keys-dir", str(tmp_path / "vacía"))
    assert code == 3 and "no se encuentra el certificado de la sala" in err


def test_audit_reports_nothing_on_an_empty_database(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        report = audit(store, "sala-vacía")
    assert report.problems == [] and report.records == 0 and report.newest is None


ROOT = Path(__file__).resolve().parents[2]


def start(*argv: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def test_status_names_a_database_file_copied_without_its_wal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The hall is running and its newest commits are still in ``hall.sqlite-wal``: a copy of
    ``hall.sqlite`` alone is an intact chain that silently lacks them."""
    live = tmp_path / "hall.sqlite"
    writer = start(str(Path(__file__).with_name("wal_writer.py")), str(live))
    try:
        assert writer.stdout is not None
        line = writer.stdout.readline()
        assert line, writer.stderr.read() if writer.stderr else ""
        committed = int(line)
        assert Path(f"{live}-wal").stat().st_size > 0
        copy = tmp_path / "copia" / "hall.sqlite"
        copy.parent.mkdir()
        shutil.copyfile(live, copy)  # what a file copy of the database alone takes
        code, out, err = run(capsys, "status", "--db", f"sqlite:///{copy}")
        assert writer.poll() is None  # the writer was running all along
    finally:
        writer.communicate(timeout=60)
    in_copy = last_seq(copy)
    assert 0 < in_copy < committed
    assert code == 3 and "registro íntegro" not in out
    assert f"faltan {committed - in_copy} registros después del punto de control firmado" in err


def test_backup_copies_a_live_database_consistently(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Backups taken while another process plays a night: each one is a whole, intact record
    whose own checkpoints all hold, and each has at least what the one before had."""
    live = tmp_path / "hall.sqlite"
    url = f"sqlite:///{live}"
    assert main(["simulate", "--db", url, "--session", "N0", "--partidas", "1", "-q"]) == 0
    hall = hall_of(live)
    keys = keys_without_external_copy(tmp_path, hall)  # checks only what is in each copy
    writer = start(
        "-m", "app.cli", "simulate", "--db", url, "--session", "N1", "--partidas", "12", "-q"
    )
    sizes: list[int] = []
    during = 0  # backups begun and finished while the writer was writing
    try:
        base = last_seq(live)
        while last_seq(live) < base + 150 and writer.poll() is None:  # past its start-up
            time.sleep(0.05)
        for n in range(8):
            target = tmp_path / f"copia-{n}.sqlite"
            before = writer.poll() is None
            code, out, err = run(capsys, "backup", "--db", url, "-o", str(target))
            during += before and writer.poll() is None
            assert code == 0, err
            assert "cadena íntegra" in out and not Path(f"{target}-wal").exists()
            with open_store(f"sqlite:///{target}") as store:
                report = audit(store, hall, keys)
            assert report.problems == [] and report.newest is not None
            sizes.append(report.records)
            time.sleep(0.1)  # let the writer commit more before the next copy
    finally:
        _, err = writer.communicate(timeout=300)
    assert writer.returncode == 0, err
    assert during >= 2 and sizes == sorted(sizes) and len(set(sizes)) >= 2
    code, out, err = run(capsys, "backup", "--db", url, "-o", str(tmp_path / "final.sqlite"))
    assert code == 0 and f"sala {hall}: {last_seq(live)} registros" in out


def test_backup_refuses_what_it_cannot_do_and_leaves_nothing(
    capsys: pytest.CaptureFixture[str], night: tuple[str, Path], tmp_path: Path
) -> None:
    url, _ = night
    taken = tmp_path / "ya.sqlite"
    taken.write_bytes(b"no tocar")
    code, _, err = run(capsys, "backup", "--db", url, "-o", str(taken))
    assert code == 1 and "ya existe" in err and taken.read_bytes() == b"no tocar"
    code, _, err = run(capsys, "backup", "--db", "postgresql+psycopg://u@h/db", "-o", "x.sqlite")
    assert code == 1 and "pg_dump" in err
    missing = tmp_path / "no-hay.sqlite"
    code, _, err = run(capsys, "backup", "--db", f"sqlite:///{missing}", "-o", str(tmp_path / "c"))
    assert code == 1 and "no existe" in err and not (tmp_path / "c").exists()
    code, _, err = run(capsys, "backup", "--db", url, "-o", str(tmp_path / "no" / "c.sqlite"))
    assert code == 1 and "no existe la carpeta" in err


def test_the_hall_will_not_sign_over_records_removed_behind_its_back(
    capsys: pytest.CaptureFixture[str], night: tuple[str, Path]
) -> None:
    """Playing on after the newest records and their checkpoints were deleted would replace
    the copy next to the key with a checkpoint of the shortened record, laundering the cut:
    the close that would sign it is refused (not written), and status still names the cut."""
    url, path = night
    signed_to = last_seq(path)
    before = delete_newest(path, 200, checkpoints_too=True)
    code, _, err = run(capsys, "simulate", "--db", url, "--session", "N2", "--partidas", "1", "-q")
    # audited before anything is written, in status's words (decision 640)
    assert code == 3 and "faltan 200 registros después del punto de control firmado" in err
    assert "no se escribe nada" in err and last_seq(path) == before
    with sqlite3.connect(path) as db:
        kinds = {k for (k,) in db.execute("select kind from events where seq > ?", (before,))}
        signed = db.execute("select max(seq) from checkpoints").fetchone()[0]
    assert not kinds & CLOSE_KINDS and signed < before
    code, _, err = run(capsys, "status", "--db", url)
    assert code == 3 and "después del punto de control firmado de las" in err
    assert f"(registro {signed_to})" in err


def test_a_close_is_refused_when_the_halls_key_cannot_be_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A key protected by a passphrase that is not given: the first close cannot be signed,
    so it is not written (the partida stays open), and the message says why."""
    from actas.seal import PASSPHRASE_ENV

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "datos"))
    monkeypatch.setenv(PASSPHRASE_ENV, "frase de paso")
    url = f"sqlite:///{tmp_path / 'hall.sqlite'}"
    # The hall's first close signs the first checkpoint, creating the key with the passphrase.
    assert run(capsys, "simulate", "--db", url, "--partidas", "1", "-q")[0] == 0
    monkeypatch.delenv(PASSPHRASE_ENV)
    code, _, err = run(capsys, "simulate", "--db", url, "--session", "N2", "--partidas", "1", "-q")
    assert code == 1 and "no se puede firmar el punto de control" in err
    with sqlite3.connect(tmp_path / "hall.sqlite") as db:
        kinds = [k for (k,) in db.execute("select kind from events order by seq desc limit 1")]
    assert kinds != ["partida_closed"]


def test_records_removed_are_named_on_either_backend(
    capsys: pytest.CaptureFixture[str], url: str
) -> None:
    """The same check on SQLite and PostgreSQL: the triggers switched off, the newest 40
    records and their checkpoints deleted."""
    assert main(["simulate", "--db", url, "--session", "N1", "--partidas", "1", "-q"]) == 0
    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                conn.execute(text("ALTER TABLE events DISABLE TRIGGER USER"))
                conn.execute(text("ALTER TABLE checkpoints DISABLE TRIGGER USER"))
            else:
                for (name,) in conn.execute(
                    text("select name from sqlite_master where type = 'trigger'")
                ).all():
                    conn.execute(text(f'drop trigger "{name}"'))
            end = conn.execute(text("select max(seq) from events")).scalar_one() - 40
            conn.execute(text("delete from events where seq > :end"), {"end": end})
            conn.execute(text("delete from checkpoints where seq > :end"), {"end": end})
    finally:
        engine.dispose()
    code, _, err = run(capsys, "status", "--db", url)
    assert code == 3 and "faltan 40 registros después del punto de control firmado" in err


def _bola(n: int) -> tuple[str, str, dict[str, int]]:
    return (f"2026-11-22T21:{n:02d}:00+01:00", "bola", {"bola": n})


def test_a_tail_changed_while_the_hall_runs_is_refused_at_its_next_write(tmp_path: Path) -> None:
    """Records after the newest checkpoint (the partida in play) are not signed yet, but the
    running hall knows the head it wrote: a tail re-hashed or cut behind its back is refused,
    so the next close never signs it (R-ACTA-6)."""
    path = tmp_path / "hall.sqlite"
    with open_store(f"sqlite:///{path}") as store:
        store.append("sala-1", 0, [_bola(n) for n in range(1, 6)])
        with sqlite3.connect(path) as db:
            drop_triggers(db)
            rows = db.execute("select seq, at, kind, payload, prev_hash from events where seq >= 4")
            prev = ""
            for seq, at, kind, text_, prev_hash in rows.fetchall():
                payload = json.loads(text_)
                payload["bola"] += 10
                prev = prev or prev_hash
                digest = record_hash(seq, at, kind, payload, prev)
                db.execute(
                    "update events set payload = ?, prev_hash = ?, hash = ? where seq = ?",
                    (canonical_json(payload).decode(), prev, digest, seq),
                )
                prev = digest
        assert store.verify("sala-1") is None
        with pytest.raises(IntegrityError, match="el registro 5 cambió"):
            store.append("sala-1", 5, [_bola(6)])
        with sqlite3.connect(path) as db:
            db.execute("delete from events where seq > 3")
        with pytest.raises(IntegrityError, match="faltan los registros 4 a 5"):
            store.append("sala-1", 5, [_bola(6)])
        assert last_seq(path) == 3


def _strip_anchor(path: Path, keep_through: int | None) -> None:
    """With the database alone: drop the triggers, cut the events back (if asked), delete every
    checkpoint row and choose a new database id (the key folder is not touched)."""
    with sqlite3.connect(path) as db:
        drop_triggers(db)
        if keep_through is not None:
            db.execute("delete from events where seq > ?", (keep_through,))
        db.execute("delete from checkpoints")
        db.execute("update store_identity set store_id = ?", ("deadbeef" * 4,))


def test_a_record_cut_back_and_given_a_new_id_is_never_signed_by_the_hall(
    capsys: pytest.CaptureFixture[str], night: tuple[str, Path]
) -> None:
    """R-ACTA-6, decision 113: removing the checkpoints and choosing another database id does
    not make the hall sign the cut record as one written before checkpoints existed."""
    url, path = night
    with sqlite3.connect(path) as db:
        third = db.execute(
            "select seq from events where kind = 'partida_closed' order by seq limit 1 offset 2"
        ).fetchone()[0]
    _strip_anchor(path, third)
    code, _, err = run(capsys, "status", "--db", url)
    assert code == 3 and "ningún punto de control firmado" in err
    code, _, err = run(capsys, "simulate", "--db", url, "--seed", "3", "--partidas", "5", "-q")
    assert code == 3 and "ningún punto de control firmado" in err and "no se escribe nada" in err
    assert last_seq(path) == third
    code, out, err = run(capsys, "status", "--db", url)
    assert code == 3 and "registro íntegro" not in out, out


def test_a_record_rewritten_forward_and_given_a_new_id_is_never_signed_by_the_hall(
    capsys: pytest.CaptureFixture[str], night: tuple[str, Path]
) -> None:
    """R-ACTA-6, decision 113: the same route does not launder a history re-hashed forward."""
    url, path = night
    rehash_forward(path, first_seq_of(path, "prize_awarded"), 10_000)
    _strip_anchor(path, None)
    end = last_seq(path)
    code, _, err = run(capsys, "simulate", "--db", url, "--seed", "3", "--partidas", "1", "-q")
    assert code == 3 and "ningún punto de control firmado" in err and "no se escribe nada" in err
    assert last_seq(path) == end
    code, out, _ = run(capsys, "status", "--db", url)
    assert code == 3 and "registro íntegro" not in out


def test_playing_on_a_backup_copy_leaves_the_live_hall_intact_and_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """R-ACTA-6, decision 114: a backup is another database for the checkpoints, so a write to
    it never makes the live record look cut nor stops the live hall."""
    live = f"sqlite:///{tmp_path / 'live.sqlite'}"
    copy = f"sqlite:///{tmp_path / 'live-bk.sqlite'}"
    assert run(capsys, "simulate", "--db", live, "--partidas", "1", "--seed", "1", "-q")[0] == 0
    assert run(capsys, "backup", "--db", live, "-o", str(tmp_path / "live-bk.sqlite"))[0] == 0
    assert run(capsys, "simulate", "--db", live, "--partidas", "1", "--seed", "3", "-q")[0] == 0
    code, out, err = run(capsys, "status", "--db", copy)  # a restore names what it gives up
    assert code == 0 and "la base de datos original siguió hasta el registro" in out, err
    restored = tmp_path / "restored.sqlite"  # decision 83: restoring is a backup of the copy
    assert run(capsys, "backup", "--db", copy, "-o", str(restored))[0] == 0
    code, out, err = run(capsys, "status", "--db", f"sqlite:///{restored}")
    assert code == 0 and "la base de datos original siguió hasta el registro" in out, err
    on_copy = ["--partidas", "1", "--seed", "2", "--date", "2026-11-23", "-q"]
    assert run(capsys, "simulate", "--db", copy, *on_copy)[0] == 0
    code, out, err = run(capsys, "simulate", "--db", live, "--partidas", "1", "--seed", "4", "-q")
    assert code == 0, err
    code, out, err = run(capsys, "status", "--db", live)
    assert code == 0 and "registro íntegro" in out, err
    code, out, err = run(capsys, "status", "--db", copy)
    assert code == 0 and "registro íntegro" in out and "copia" in out, err


def test_a_database_that_only_claims_to_be_a_copy_is_not_signed(
    capsys: pytest.CaptureFixture[str], night: tuple[str, Path]
) -> None:
    """Decision 114: cutting the record back to a close, keeping the checkpoints before the cut
    and naming the original as its origin does not make the hall sign the cut record."""
    url, path = night
    with sqlite3.connect(path) as db:
        drop_triggers(db)
        cut = db.execute("select seq from checkpoints order by seq limit 1 offset 1").fetchone()[0]
        db.execute("delete from events where seq > ?", (cut,))
        db.execute("delete from checkpoints where seq > ?", (cut,))
        (old,) = db.execute("select store_id from store_identity").fetchone()
        db.execute("update store_identity set store_id = 'f00d', copied_from = ?", (old,))
    code, _, err = run(capsys, "simulate", "--db", url, "--seed", "3", "--partidas", "1", "-q")
    assert code == 1 and "no la registró" in err


def test_another_database_of_the_hall_signs_its_first_close_made_first_in_a_process(
    capsys: pytest.CaptureFixture[str], night: tuple[str, Path], tmp_path: Path
) -> None:
    """The key already signed another database of this hall (the night's). A new database whose
    first close is the first write of a process (a run killed and resumed just before it) is
    not a record whose checkpoints were removed: its first close is signed like any other."""
    from app.bootstrap import open_hall

    url, path = night
    hall = hall_of(path)
    with open_store(url) as first:
        records = first.load(hall)
    close = next(i for i, r in enumerate(records) if r.kind == "partida_closed")
    items = [(r.at, r.kind, r.payload) for r in records]
    other = f"sqlite:///{tmp_path / 'otra.sqlite'}"
    with open_store(other) as fresh:
        fresh.append(hall, 0, items[:close])  # up to the close, no close yet
    with open_hall(other, hall, hall) as engine:  # a new process's store, with the hall's key
        engine.store.append(hall, close, [items[close]])
    code, out, err = run(capsys, "status", "--db", other)
    assert code == 0, err
    assert f"último punto de control firmado: registro {close + 1}" in out
