"""``bingo-hall acta …`` through ``add_parsers``, as the main command line wires it."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from app.acta_cli import add_parsers


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bingo-hall")
    add_parsers(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    code: int = args.func(args)
    return code


@pytest.fixture
def export_file(tmp_path: Path, export12: dict[str, Any]) -> Path:
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export12), encoding="utf-8")
    return path


def test_build_sign_verify(
    tmp_path: Path,
    export_file: Path,
    keys_dir: Path,
    hall_keys: Any,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = tmp_path / "acta.pdf"
    assert (
        run(
            [
                "acta",
                "build",
                "--export",
                str(export_file),
                "-o",
                str(out),
                "--sign",
                "--keys-dir",
                str(keys_dir),
                "--archive",
                str(tmp_path / "arch"),
            ]
        )
        == 0
    )
    assert "firmada" in capsys.readouterr().out
    assert (
        run(
            [
                "acta",
                "verify",
                str(out),
                "--export",
                str(export_file),
                "--cert",
                str(hall_keys.cert_path),
            ]
        )
        == 0
    )
    printed = capsys.readouterr().out
    assert "Resultado: el acta y el registro del que procede están íntegros" in printed
    # on the hall's machine its own certificate is found in its keys folder
    assert run(["acta", "verify", str(out), "--keys-dir", str(keys_dir)]) == 0
    assert "íntegros y sellados por la sala" in capsys.readouterr().out
    data = bytearray(out.read_bytes())
    data[len(data) // 3] ^= 1
    out.write_bytes(bytes(data))
    assert run(["acta", "verify", str(out), "--keys-dir", str(keys_dir)]) == 3
    assert "ALTERACIÓN DETECTADA" in capsys.readouterr().out
    assert list((tmp_path / "arch").rglob("*.acta.pdf"))


def test_an_unsigned_acta_is_not_declared_intact(
    tmp_path: Path, export_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "acta.pdf"
    assert run(["acta", "build", "--export", str(export_file), "-o", str(out)]) == 0
    capsys.readouterr()
    assert run(["acta", "verify", str(out), "--keys-dir", str(tmp_path / "k")]) == 3
    assert "no está firmada" in capsys.readouterr().out


def test_an_acta_sealed_with_a_strangers_key_naming_the_hall_fails_verify(
    tmp_path: Path,
    export_file: Path,
    keys_dir: Path,
    hall_keys: Any,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """R-ACTA-6: without --cert the signer must be the hall's own certificate; a key made
    elsewhere with the hall's id is refused (exit 3), and with no certificate at hand the
    acta is not declared intact either."""
    out = tmp_path / "acta.pdf"
    stranger = tmp_path / "ajenas"
    build = ["acta", "build", "--export", str(export_file), "-o", str(out), "--sign"]
    assert run([*build, "--keys-dir", str(stranger)]) == 0
    capsys.readouterr()
    assert run(["acta", "verify", str(out), "--keys-dir", str(keys_dir)]) == 3
    printed = capsys.readouterr().out
    assert "firmado con un certificado que no es el registrado de la sala" in printed
    assert run(["acta", "verify", str(out), "--keys-dir", str(tmp_path / "vacia")]) == 3
    printed = capsys.readouterr().out
    assert "No hay certificado de la sala cantabria-001" in printed
    assert "no se puede atribuir a la sala" in printed
    # a file that is not a certificate is bad input: refused, nothing checked
    junk = tmp_path / "no-es.pem"
    junk.write_text("hola", encoding="utf-8")
    assert run(["acta", "verify", str(out), "--cert", str(junk)]) == 1
    assert "no es un certificado" in capsys.readouterr().err


def test_receipt_proof_summary(
    tmp_path: Path, export_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        run(
            [
                "acta",
                "receipt",
                "--export",
                str(export_file),
                "--partida",
                "8",
                "--format",
                "80mm",
                "-o",
                str(tmp_path / "r.pdf"),
            ]
        )
        == 0
    )
    assert "Justificante y duplicado de prima" in capsys.readouterr().out
    assert (
        run(
            [
                "acta",
                "receipt",
                "--export",
                str(export_file),
                "--partida",
                "2",
                "--prize",
                "line",
                "--carton",
                "A-0002/100",
                "-o",
                str(tmp_path / "p.pdf"),
            ]
        )
        == 0
    )
    assert "Comprobante de line" in capsys.readouterr().out
    assert (
        run(["acta", "summary", "--export", str(export_file), "-o", str(tmp_path / "s.pdf")]) == 0
    )
    for name in ("r.pdf", "p.pdf", "s.pdf"):
        assert (tmp_path / name).read_bytes().startswith(b"%PDF-")


def test_keys_and_purge(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        run(
            [
                "acta",
                "keys",
                "--hall",
                "sala-x",
                "--keys-dir",
                str(tmp_path / "k"),
                "--export-cert",
                str(tmp_path / "cert.pem"),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "autofirmado (sin registrar)" in out and "huella SHA-256" in out
    assert (tmp_path / "cert.pem").read_bytes().startswith(b"-----BEGIN CERTIFICATE")
    from datetime import date

    from actas.archive import ActaArchive

    ActaArchive(tmp_path / "a").store(b"%PDF", hall_id="h", session_id="s", issued=date(2025, 1, 1))
    record = hall_record(tmp_path, [{"filed": "2025-02-01", "settled": None}])
    purge = ["acta", "purge", "--archive", str(tmp_path / "a")]
    # no database here: destroying on an export alone needs --sin-base-de-datos (decision 121)
    assert run([*purge, "--export", str(record), "--si", "--sin-base-de-datos"]) == 0
    assert "SE CONSERVA" in capsys.readouterr().out
    # Without saying where the claims are, nothing is decided (R-ACTA-5).
    assert run([*purge, "--si"]) == 2
    assert "¿dónde constan las reclamaciones?" in capsys.readouterr().err
    assert (tmp_path / "a" / "h" / "2025" / "s.acta.pdf").exists()
    record = hall_record(tmp_path, [{"filed": "2025-02-01", "settled": "2025-03-01"}])
    assert run([*purge, "--export", str(record)]) == 0
    out = capsys.readouterr().out
    assert "PUEDE DESTRUIRSE" in out and "Nada se ha borrado" in out
    assert run([*purge, "--export", str(record), "--si", "--sin-base-de-datos"]) == 0
    assert "destruido:" in capsys.readouterr().out
    assert not (tmp_path / "a" / "h" / "2025" / "s.acta.pdf").exists()


def hall_record(tmp_path: Path, claims: list[dict[str, Any]]) -> Path:
    """The record of hall "h" (as exported) with claims about its session "s"."""
    path = tmp_path / "registro-h.json"
    data = {
        "format": "bingo-session/1",
        "hall": {"id": "h"},
        "sessions": [{"id": "s", "reclamaciones": claims}],
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_claims_file_adds_to_the_records_claims_and_never_replaces_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-ACTA-5: a claim pending in the hall's record holds its acta, whatever a file says."""
    from datetime import date

    from actas.archive import ActaArchive

    archive = ActaArchive(tmp_path / "a")
    held = archive.store(b"%PDF-h", hall_id="h", session_id="s", issued=date(2025, 1, 1))
    other = archive.store(b"%PDF-o", hall_id="otra", session_id="s", issued=date(2025, 1, 1))
    empty = tmp_path / "vacio.json"
    empty.write_text("[]", encoding="utf-8")
    purge = ["acta", "purge", "--archive", str(tmp_path / "a"), "--si", "--sin-base-de-datos"]

    # an empty file alone is not the hall's record: nothing is decided, nothing deleted
    assert run([*purge, "--claims", str(empty)]) == 2
    assert "nunca lo sustituyen" in capsys.readouterr().err
    assert held.exists() and other.exists()

    # with the record, the file's claims are added to its pending one
    record = hall_record(tmp_path, [{"filed": "2025-02-01", "settled": None}])
    assert run([*purge, "--claims", str(empty), "--export", str(record)]) == 0
    out = capsys.readouterr().out
    assert "reclamación pendiente presentada el 2025-02-01" in out, out
    # and the file does not vouch for a hall whose record nobody read
    assert "no se han consultado las reclamaciones de la sala otra" in out, out
    assert held.exists() and other.exists()


def test_clear_spanish_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        run(
            [
                "acta",
                "build",
                "--export",
                str(tmp_path / "none.json"),
                "-o",
                str(tmp_path / "x.pdf"),
            ]
        )
        == 1
    )
    assert "no existe el archivo" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert run(["acta", "build", "--export", str(bad), "-o", str(tmp_path / "x.pdf")]) == 1
    assert "no es una exportación «bingo-session/1»" in capsys.readouterr().err
    bad.write_text("{")
    assert run(["acta", "summary", "--export", str(bad), "-o", str(tmp_path / "x.pdf")]) == 1
    assert "no es una exportación JSON legible" in capsys.readouterr().err


def test_actas_never_import_qt_sql_or_drivers() -> None:
    code = (
        "import sys, app.acta_cli, actas.render, actas.verify, actas.seal, actas.receipts, "
        "actas.summary, actas.archive, actas.retention; "
        "bad = [m for m in sys.modules if m.split('.')[0] in "
        "('PySide6', 'sqlalchemy', 'serial', 'drivers', 'ui')]; print(bad)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert out.stdout.strip() == "[]"
