"""Prize receipts, winners' proofs (A4 and 80 mm) and the night's summary."""

from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader
from reportlab.lib.units import mm

from actas.builder import ActaDataError
from actas.receipts import Layout, find_receipt, render_prize_receipt, render_winner_proof
from actas.summary import render_summary
from bingo.money import euros
from tests.actas.conftest import pdf_pages
from tests.actas.fixtures import make_export


def test_prima_receipt_and_its_duplicate(export12: dict[str, Any]) -> None:
    receipt = find_receipt(export12, 8)
    assert receipt.prize == "prima" and receipt.partidas_accumulated == 38
    pages = pdf_pages(render_prize_receipt(receipt, "a4"))
    assert len(pages) == 2
    original, duplicate = pages
    for text in pages:
        assert "JUSTIFICANTE DE PREMIO" in text
        assert "Partidas acumuladas\n38" in text
        assert "Importe del premio\n300,00 €" in text
        assert f"{receipt.series} / {receipt.number}" in text
        assert "Pagado en bandeja separada" in text
    assert "ORIGINAL: para el jugador" in original and "Recibí" in original
    assert "DUPLICADO: se adjunta al cartón premiado" in duplicate
    assert f"Número de serie del cartón: {receipt.series} / {receipt.number}" in duplicate
    assert "Orden de salida de las bolas" in duplicate
    p8 = export12["sessions"][0]["partidas"][7]
    cells = [f"{i}·{b}" for i, b in enumerate(p8["balls"], start=1)]
    positions = [duplicate.find(c) for c in cells]
    assert all(p >= 0 for p in positions) and positions == sorted(positions)


@pytest.mark.parametrize("layout", ["a4", "80mm"])
def test_the_duplicate_the_hall_keeps_is_signed_by_the_player_too(
    export12: dict[str, Any], layout: Layout
) -> None:
    """V.3: the duplicate goes with the winning cartón to the acta, so it is the hall's only
    proof that the player received the prize: it carries the player's "Recibí" as well as the
    jefe de mesa's signature, and the detail of the receipt it duplicates."""
    receipt = find_receipt(export12, 8)
    text = "\n".join(pdf_pages(render_prize_receipt(receipt, layout)))
    at = text.index("DUPLICADO: se adjunta al cartón premiado")
    original, duplicate = text[:at], text[at:]
    for copy in (original, duplicate):
        assert copy.count("Recibí (firma del jugador)") == 1
        assert copy.count("Jefe de mesa-cajero") == 1
        assert "Partidas acumuladas\n38" in copy and "Importe del premio\n300,00 €" in copy
    assert f"Número de serie del cartón: {receipt.series} / {receipt.number}" in duplicate
    assert "Orden de salida de las bolas" in duplicate


def test_interconnected_receipt_on_a_thermal_roll(export12: dict[str, Any]) -> None:
    receipt = find_receipt(export12, 11)
    assert receipt.prize == "interconnected"
    pdf = render_prize_receipt(receipt, "80mm")
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 1  # a roll: one page as long as needed
    box = reader.pages[0].mediabox
    assert float(box.width) == pytest.approx(80 * mm)
    assert float(box.height) > 150 * mm
    text = reader.pages[0].extract_text()
    assert text.count("JUSTIFICANTE DE PREMIO") == 2
    assert euros(receipt.amount_cents) in text and "Bingo interconectado" in text


def test_winner_proof_with_the_carton_and_the_balls(export12: dict[str, Any]) -> None:
    receipt = find_receipt(export12, 2, prize="line", series="A-0002", number=100)
    assert receipt.winners == 3 and receipt.carton is not None
    layouts: tuple[Layout, ...] = ("a4", "80mm")
    for layout in layouts:
        text = "\n".join(pdf_pages(render_winner_proof(receipt, layout)))
        assert "COMPROBANTE DE PREMIO" in text
        assert "Cartón A-0002 / 100 (modelo std-1200, combinación 100)" in text
        for row in receipt.carton:
            for n in row:
                assert f"\n{n}\n" in text
        assert euros(receipt.share_cents) in text


def test_receipt_errors(export12: dict[str, Any], night12: Any) -> None:
    with pytest.raises(ActaDataError, match="no está cerrada"):
        find_receipt(night12.export(night12.index_after(3, "data")), 3)
    with pytest.raises(ActaDataError, match="no tiene premio"):
        find_receipt(export12, 1, prize="prima")
    with pytest.raises(ActaDataError, match="no ganó"):
        find_receipt(export12, 2, prize="line", series="A-0002", number=1)
    with pytest.raises(ActaDataError, match="no está en la sesión"):
        find_receipt(export12, 99)


def test_receipts_are_deterministic(export12: dict[str, Any]) -> None:
    r = find_receipt(export12, 8)
    assert render_prize_receipt(r, "80mm") == render_prize_receipt(r, "80mm")


def test_night_summary(export12: dict[str, Any]) -> None:
    pdf = render_summary(export12)
    text = "\n".join(pdf_pages(pdf))
    assert "RESUMEN DE LA NOCHE" in text
    assert "Recaudación total\n2.418,00 €" in text
    assert "Devoluciones\n139,00 €" in text
    assert "Parte de la sala" in text and "Fondo de la prima: comienzo → cierre" in text
    assert "Bolas necesarias por partida (línea y bingo)" in text
    assert "Premios por partida" in text
    assert "Fondos de la prima y de la bola loca tras cada partida" in text
    assert render_summary(export12) == pdf


def test_summary_of_an_open_session_and_a_basque_hall(night12: Any) -> None:
    text = "\n".join(pdf_pages(render_summary(night12.export(night12.index_after(4, "data")))))
    assert "Copia de trabajo" in text
    eu = "\n".join(pdf_pages(render_summary(make_export(3, languages=("es", "eu")))))
    assert "GAUAREN LABURPENA" in eu
