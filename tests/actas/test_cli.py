"""``bingo-hall acta …`` through ``add_parsers``, as the main command line wires it."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from actas.cli import add_parsers


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
    assert "Resultado: el acta y el registro del que procede están íntegros." in printed
    data = bytearray(out.read_bytes())
    data[len(data) // 3] ^= 1
    out.write_bytes(bytes(data))
    assert run(["acta", "verify", str(out)]) == 3  # 3: the integrity check failed
    assert "ALTERACIÓN DETECTADA" in capsys.readouterr().out
    assert list((tmp_path / "arch").rglob("*.acta.pdf"))


def test_unsigned_acta_is_intact_but_not_vouched_for_exit_1(
    tmp_path: Path, export_file: Path
) -> None:
    """3 means only an integrity check failed; an unsigned acta is refused (1), R-ACTA-6."""
    out = tmp_path / "acta.pdf"
    assert run(["acta", "build", "--export", str(export_file), "-o", str(out)]) == 0
    assert run(["acta", "verify", str(out)]) == 1


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
    claims = tmp_path / "claims.json"
    claims.write_text(
        json.dumps([{"hall_id": "h", "session_id": "s", "filed": "2025-02-01", "settled": None}])
    )
    assert (
        run(
            [
                "acta",
                "purge",
                "--archive",
                str(tmp_path / "a"),
                "--claims",
                str(claims),
                "--today",
                "2026-01-01",
                "--si",
            ]
        )
        == 0
    )
    assert "SE CONSERVA" in capsys.readouterr().out
    # Without saying where the claims are, nothing is decided (R-ACTA-5).
    purge = ["acta", "purge", "--archive", str(tmp_path / "a"), "--today", "2026-01-01"]
    assert run([*purge, "--si"]) != 0
    assert "¿dónde constan las reclamaciones?" in capsys.readouterr().err
    assert (tmp_path / "a" / "h" / "2025" / "s.acta.pdf").exists()
    claims.write_text(
        json.dumps(
            [{"hall_id": "h", "session_id": "s", "filed": "2025-02-01", "settled": "2025-03-01"}]
        )
    )
    assert run([*purge, "--claims", str(claims)]) == 0
    out = capsys.readouterr().out
    assert "PUEDE DESTRUIRSE" in out and "Nada se ha borrado" in out
    assert run([*purge, "--claims", str(claims), "--si"]) == 0
    assert "destruido:" in capsys.readouterr().out
    assert not (tmp_path / "a" / "h" / "2025" / "s.acta.pdf").exists()


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
        "import sys, actas.cli, actas.render, actas.verify, actas.seal, actas.receipts, "
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
