"""What the record's commands still let through as tracebacks, English words or wrong readings
(decisions 643–646): each is a clear refusal now, with nothing written.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main
from bingo.transcribe import FORMAT, BookError, parse_book

ROOT = Path(__file__).resolve().parents[1]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_instructions_into_a_folder_is_refused_without_a_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "instructions", "-o", str(tmp_path))
    assert code == 1 and "es una carpeta, no un fichero" in err


@pytest.mark.parametrize("url", ["mysql://u@h/db", "oracle://u@h/db", "mysql+pymysql://u@h/db"])
@pytest.mark.parametrize(
    "argv", [["status"], ["export"], ["acta", "build", "-o", "acta.pdf"]], ids=" ".join
)
def test_a_database_of_another_kind_is_wrong_usage_not_a_traceback(
    capsys: pytest.CaptureFixture[str], url: str, argv: list[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, *[a.replace("acta.pdf", str(tmp_path / "a.pdf")) for a in argv],
                       "--db", url)  # fmt: skip
    assert code in (1, 2) and "se admiten sqlite y postgresql" in err
    assert not (tmp_path / "a.pdf").exists()


def _other_pdf(path: Path) -> Path:
    from reportlab.pdfgen import canvas

    page = canvas.Canvas(str(path))
    page.drawString(100, 700, "Factura 2026-117")
    page.save()
    return path


def test_verifying_a_pdf_that_is_no_acta_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "acta", "verify", str(_other_pdf(tmp_path / "factura.pdf")))
    assert code == 1 and "NO ES UN ACTA" in out and "ALTERACIÓN DETECTADA" not in out


def test_no_library_warning_reaches_the_operators_terminal(tmp_path: Path) -> None:
    """pyHanko's DSA deprecation notice was printed on every verify and sealed acta."""
    verified = subprocess.run(
        [sys.executable, "-m", "app.cli", "acta", "verify", str(_other_pdf(tmp_path / "f.pdf"))],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert verified.returncode == 1, verified.stderr
    assert "Warning" not in verified.stderr and "DSA" not in verified.stderr


def test_a_sale_of_an_unknown_kind_in_the_manual_book_is_refused() -> None:
    """A typo in a sale's kind was taken as a physical sale."""
    book = {
        "format": FORMAT,
        "partidas": [
            {"number": 1, "sales": [{"series": "A", "first": 1, "last": 9, "kind": "electronica"}]}
        ],
    }
    with pytest.raises(BookError, match="no es un tipo de venta"):
        parse_book(book)
    book["partidas"][0]["sales"][0]["kind"] = "electronic"  # type: ignore[index]
    assert parse_book(book)[0].sales[0].electronic
