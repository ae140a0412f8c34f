"""An acta built while a partida's sale is open says what is true then (R-ACTA-2, decision 648):
the sale is open and nothing is consigned yet. It said «datos consignados antes de la primera
bola», with line and bingo at 0,00 €.
"""

from __future__ import annotations

from actas.builder import build_acta
from actas.pdf_inspect import page_texts
from actas.render import attachment_for, render_acta_data
from bingo.export import build_export
from tests.bingo.hallkit import make_hall


def _text(export: dict[str, object]) -> str:
    pdf = render_acta_data(build_acta(export), [attachment_for(export)])
    return " ".join(" ".join(page_texts(pdf)).split())


def test_an_acta_made_during_the_sale_says_the_sale_is_open() -> None:
    kit = make_hall()
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10)
    text = _text(build_export(kit.hall, kit.svc.card_sets.get))
    assert "datos consignados antes de la primera bola" not in text
    assert "En venta: aún no se ha consignado ningún dato" in text
    assert "La venta sigue abierta" in text


def test_once_the_sale_is_closed_the_data_are_consigned() -> None:
    kit = make_hall()
    kit.partida_ready()
    text = _text(build_export(kit.hall, kit.svc.card_sets.get))
    assert "datos consignados antes de la primera bola" in text and "En venta" not in text
