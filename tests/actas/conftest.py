from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from actas.render import render_acta
from actas.seal import HallKeys, ensure_keys
from tests.actas.fixtures import Night, night

BAND = re.compile(
    r"^(Folio \d+|\d+\. folioa|Registro encadenado: .*|Erregistro-katea: .*|Sesión .*"
    r"|Sello de la Consejería.*|materia de juego|Jokoaren arloko.*|zigilua|Copia de trabajo.*"
    r"|Lan-kopia.*|.* · cantabria-001)$"
)


def pdf_pages(data: bytes) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages]


def body_lines(data: bytes) -> list[str]:
    """Every line of text of the acta, without the folio bands (header, seal, footer)."""
    out: list[str] = []
    for text in pdf_pages(data):
        out += [ln.strip() for ln in text.splitlines() if ln.strip() and not BAND.match(ln.strip())]
    return out


CONTINUED = re.compile(r"^(PARTIDA N\.º \d+ \(continúa\)|\d+\. PARTIDA \(jarraipena\))$")


def without_continued(lines: list[str]) -> list[str]:
    """The lines without the headings that repeat a partida's title on a new folio (and the
    status printed beside each)."""
    out: list[str] = []
    skip = 0
    for ln in lines:
        if CONTINUED.match(ln):
            skip = 1
            continue
        if skip:
            skip = 0
            continue
        out.append(ln)
    return out


def partida_block(lines: list[str], number: int) -> list[str]:
    """A partida's lines, across folios (without the repeated heading of a continued one)."""
    lines = without_continued(lines)
    start = lines.index(f"PARTIDA N.º {number}")
    end = next(
        (
            i
            for i in range(start + 1, len(lines))
            if lines[i].startswith("PARTIDA N.º ")
            or lines[i].startswith("DILIGENCIA DE CIERRE")
            or lines[i].startswith("Registro encadenado hasta ahora")
        ),
        len(lines),
    )
    return lines[start:end]


def assert_in_order(lines: list[str], expected: list[str], where: str = "") -> None:
    """``expected`` appear in ``lines`` in this order (other lines may come between)."""
    i = 0
    for item in expected:
        while i < len(lines) and lines[i] != item:
            i += 1
        assert i < len(lines), f"{where}: «{item}» missing or out of order (after {expected[:3]})"
        i += 1


@pytest.fixture(scope="session")
def night12() -> Night:
    return night(12)


@pytest.fixture(scope="session")
def export12(night12: Night) -> dict[str, Any]:
    return night12.export()


@pytest.fixture(scope="session")
def acta12_pdf(export12: dict[str, Any]) -> bytes:
    return render_acta(export12)


@pytest.fixture(scope="session")
def keys_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("keys")


@pytest.fixture(scope="session")
def hall_keys(keys_dir: Path) -> HallKeys:
    return ensure_keys("cantabria-001", "Bingo Sardinero", directory=keys_dir, key_size=2048)


@pytest.fixture(scope="session")
def signed12(acta12_pdf: bytes, hall_keys: HallKeys) -> bytes:
    from actas.seal import sign_pdf

    return sign_pdf(acta12_pdf, hall_keys, reason="Acta de la sesión", location="Santander")
