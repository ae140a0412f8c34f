"""``acta purge`` reads the claims from the hall's live record, and counts the keeping period to
the real date (R-ACTA-5; Cantabria IV.3: six months; docs/decisions.md 74, 121, 122).

Real databases made by ``bingo-hall simulate``, real claims filed by ``bingo-hall reclamacion
file``, a real archive in a temporary folder.
"""

from __future__ import annotations

import os
from datetime import date, timedelta
from pathlib import Path

import pytest

from app.cli import main

NIGHT = ["--session", "N1", "--date", "2025-01-10", "--partidas", "2", "-q"]
CLAIM = ["--session", "N1", "--subject", "Bingo no pagado", "--date", "2025-03-01"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's own user data folder: the default database is there, or nowhere."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "datos"))
    monkeypatch.delenv("BINGO_HALL_DB", raising=False)
    return tmp_path / "datos"


def archived_night(capsys: pytest.CaptureFixture[str], tmp_path: Path, *db: str) -> Path:
    """Night N1 of 2025-01-10 (its six months long past), its acta archived; the archived PDF."""
    assert main(["simulate", *db, *NIGHT]) == 0
    archive = tmp_path / "archivo"
    build = ["acta", "build", *db, "-o", str(tmp_path / "N1.pdf"), "--archive", str(archive)]
    code, _, err = run(capsys, *build)
    assert code == 0, err
    (pdf,) = archive.rglob("N1.acta.pdf")
    return pdf


def test_an_old_export_does_not_release_an_acta_that_a_pending_claim_in_the_database_holds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data_home: Path
) -> None:
    """The export was made before the claim was filed; the hall's database has the claim."""
    default = data_home / "bingo-hall" / "bingo-hall.sqlite"  # the hall's default database
    default.parent.mkdir(parents=True)
    db = f"sqlite:///{default}"
    pdf = archived_night(capsys, tmp_path, "--db", db)
    old = tmp_path / "antigua.json"
    assert run(capsys, "export", "--db", db, "-o", str(old))[0] == 0
    assert run(capsys, "reclamacion", "file", "--db", db, *CLAIM)[0] == 0
    purge = ["acta", "purge", "--archive", str(pdf.parents[2]), "--si"]

    # only the export named: the database on this machine is read as well
    code, out, err = run(capsys, *purge, "--export", str(old))
    assert code == 0, err
    assert "es anterior al registro" in out
    assert "reclamación pendiente presentada el 2025-03-01" in out and pdf.exists()

    # the database named explicitly, with the old export beside it
    code, out, err = run(capsys, *purge, "--db", db, "--export", str(old))
    assert code == 0, err
    assert "SE CONSERVA" in out and "destruido" not in out and pdf.exists()

    # an export of another record of the same hall is said to be so, and decides nothing
    other = f"sqlite:///{tmp_path / 'otra.sqlite'}"
    assert main(["simulate", "--db", other, *NIGHT, "--seed", "9"]) == 0
    foreign = tmp_path / "otra.json"
    assert run(capsys, "export", "--db", other, "-o", str(foreign))[0] == 0
    code, out, err = run(capsys, *purge, "--db", db, "--export", str(foreign))
    assert code == 0, err
    assert "no es una copia de este registro" in out and pdf.exists()


def test_with_no_database_an_export_alone_destroys_only_with_an_explicit_acknowledgement(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data_home: Path
) -> None:
    """An inspector's machine: only the export, so later claims are unknown (decision 121)."""
    url = f"sqlite:///{tmp_path / 'sala.sqlite'}"
    pdf = archived_night(capsys, tmp_path, "--db", url)
    export = tmp_path / "sala.json"
    assert run(capsys, "export", "--db", url, "-o", str(export))[0] == 0
    purge = ["acta", "purge", "--archive", str(pdf.parents[2]), "--export", str(export)]

    code, out, err = run(capsys, *purge, "--si")
    assert code == 2 and "--sin-base-de-datos" in err
    assert "no se conocen" in out and pdf.exists()
    assert not (data_home / "bingo-hall" / "bingo-hall.sqlite").exists()

    code, out, _ = run(capsys, *purge)  # listing is allowed, with the warning
    assert code == 0 and "PUEDE DESTRUIRSE" in out and "no se conocen" in out

    code, out, err = run(capsys, *purge, "--si", "--sin-base-de-datos")
    assert code == 0, err
    assert "destruido:" in out and not pdf.exists()


def test_the_keeping_period_is_counted_to_the_real_date_never_a_later_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data_home: Path
) -> None:
    """IV.3: an acta issued today is kept six months; --today cannot move the date forward,
    and --si destroys only as of the real date (decision 122)."""
    from actas.archive import ActaArchive

    archive = ActaArchive(tmp_path / "archivo")
    fresh = archive.store(b"%PDF-1", hall_id="h", session_id="s", issued=date.today())
    url = f"sqlite:///{tmp_path / 'sala.sqlite'}"
    assert main(["simulate", "--db", url, *NIGHT]) == 0
    purge = ["acta", "purge", "--archive", str(archive.root), "--db", url]
    later = (date.today() + timedelta(days=1000)).isoformat()
    earlier = (date.today() - timedelta(days=1)).isoformat()

    code, _, err = run(capsys, *purge, "--today", later, "--si")
    assert code == 2 and "posterior a hoy" in err and fresh.exists()
    code, _, err = run(capsys, *purge, "--today", later)
    assert code == 2 and fresh.exists()
    code, _, err = run(capsys, *purge, "--today", earlier, "--si")
    assert code == 2 and "fecha real" in err and fresh.exists()

    # an earlier date is a look "as of" that day, nothing more
    code, out, _ = run(capsys, *purge, "--today", earlier)
    assert code == 0 and f"Consulta a fecha {earlier}" in out and fresh.exists()


def test_acta_outputs_refuse_a_missing_folder_and_never_replace_a_link_with_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data_home: Path
) -> None:
    """Like ``export -o``: a missing folder is refused (not created), and an output that is a
    symbolic link, a device or a FIFO is written through, never renamed over."""
    url = f"sqlite:///{tmp_path / 'sala.sqlite'}"
    assert main(["simulate", "--db", url, *NIGHT]) == 0
    missing = tmp_path / "no-existe" / "sub"
    commands = {
        "build": ["acta", "build", "--db", url, "-o"],
        "summary": ["acta", "summary", "--db", url, "-o"],
        "receipt": ["acta", "receipt", "--db", url, "--partida", "1", "--proof", "-o"],
        "keys": ["acta", "keys", "--hall", "h", "--keys-dir", str(tmp_path / "k"), "--export-cert"],
    }
    for name, argv in commands.items():
        code, _, err = run(capsys, *argv, str(missing / f"{name}.out"))
        assert code == 1 and "no existe la carpeta" in err, (name, err)
        assert not missing.parent.exists(), name
        assert not (tmp_path / "k").exists(), name  # refused before a key is made

        target = tmp_path / f"{name}.real"
        target.write_bytes(b"old")
        link = tmp_path / f"{name}.link"
        link.symlink_to(target)
        code, _, err = run(capsys, *argv, str(link))
        assert code == 0, (name, err)
        assert link.is_symlink(), name
        assert target.read_bytes() != b"old", name
        assert not list(tmp_path.glob(".*.partial")), name


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_an_acta_written_to_a_fifo_goes_through_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data_home: Path
) -> None:
    import threading

    url = f"sqlite:///{tmp_path / 'sala.sqlite'}"
    assert main(["simulate", "--db", url, *NIGHT]) == 0
    fifo = tmp_path / "tubo"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    code, _, err = run(capsys, "acta", "build", "--db", url, "-o", str(fifo))
    reader.join()
    assert code == 0, err
    assert received[0].startswith(b"%PDF-")
    assert fifo.is_fifo()


def test_an_acta_written_to_stdout_is_the_pdf_alone(tmp_path: Path, data_home: Path) -> None:
    """``-o /dev/stdout`` into a pipe: the bytes are exactly the acta's, the command's own lines
    go to stderr (an appended line would make the acta fail its verification, R-ACTA-6)."""
    import subprocess
    import sys

    url = f"sqlite:///{tmp_path / 'sala.sqlite'}"
    assert main(["simulate", "--db", url, *NIGHT]) == 0
    assert main(["acta", "build", "--db", url, "-o", str(tmp_path / "N1.pdf")]) == 0
    code = (
        "from app.cli import main\n"
        f"raise SystemExit(main(['acta', 'build', '--db', {url!r}, '-o', '/dev/stdout']))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (tmp_path / "N1.pdf").read_bytes()
    assert "Acta de la sesión N1" in done.stderr.decode()
