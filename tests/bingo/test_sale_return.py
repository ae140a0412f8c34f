"""Unsold cartones go back to the table before the sale closes: the last cartones of the last
sale are returned, the sale goes on from the first of them, and the record keeps both the sale
and the return (Cantabria II.1.a and III; R-SALE-1; decision 171).
"""

from __future__ import annotations

import pytest

from bingo import events as ev
from bingo.export import build_export
from bingo.hall import DomainError
from bingo.readmodel import allowed_actions
from bingo.service import HallService
from tests.bingo.hallkit import Kit, make_hall
from tests.independent.check_export import check


def sale(kit: Kit) -> list[tuple[str, int, int]]:
    partida = kit.hall.partida
    assert partida is not None
    return [(r.series, r.first, r.last) for r in partida.sales]


def test_a_mistyped_sale_is_cut_back_and_the_sale_goes_on_from_the_first_returned() -> None:
    """1200 typed for 120: 1080 back to the table before the close (R-SALE-1)."""
    kit = make_hall(series=(("A", 3000, 100, False),), strips=500)
    kit.svc.start_partida()
    kit.svc.sell_count("A", 30)
    kit.svc.sell_count("A", 1200)
    assert kit.svc.return_cartones(1080) == ("A", 151, 1230)
    assert sale(kit) == [("A", 1, 30), ("A", 31, 150)]
    assert kit.hall.next_sale_number("A") == 151
    partida = kit.hall.partida
    assert partida is not None and partida.cards_sold == 150 and partida.takings_cents == 15000
    kit.svc.sell_count("A", 20)
    assert sale(kit)[-1] == ("A", 151, 170)
    kit.svc.close_sale()
    assert partida.amounts is not None and partida.amounts.cards_sold == 170


def test_the_whole_last_sale_returned_leaves_the_serie_where_it_was() -> None:
    kit = make_hall()
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10)
    assert kit.svc.return_cartones(10) == ("A", 1, 10)
    assert sale(kit) == []
    serie = kit.hall.series["A"]
    assert serie.last_sold == 0 and serie.last_sold_date is None
    assert kit.hall.next_sale_number("A") == 1
    with pytest.raises(DomainError, match="no se ha vendido ningún cartón"):
        kit.svc.close_sale()


@pytest.mark.parametrize("count", [0, 11, -1])
def test_only_cartones_of_the_last_sale_can_be_returned(count: int) -> None:
    kit = make_hall()
    kit.svc.start_partida()
    kit.svc.sell_count("A", 5)
    kit.svc.sell_count("A", 10)
    seq = kit.svc.last_seq
    with pytest.raises(DomainError, match="pueden devolverse de 1 a 10"):
        kit.svc.return_cartones(count)
    assert kit.svc.last_seq == seq  # nothing recorded
    assert sale(kit) == [("A", 1, 5), ("A", 6, 15)]


def test_no_cartones_return_once_the_sale_is_closed() -> None:
    """After the close the amounts are announced and in the acta (R-SALE-3, R-ACTA-3)."""
    kit = make_hall()
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10)
    kit.svc.close_sale()
    seq = kit.svc.last_seq
    with pytest.raises(DomainError):
        kit.svc.return_cartones(1)
    assert kit.svc.last_seq == seq
    assert "return_cartones" not in allowed_actions(kit.hall)
    assert sale(kit) == [("A", 1, 10)]


def test_the_return_is_in_the_record_and_the_export_shows_what_was_sold() -> None:
    kit = make_hall(prima_cents=20000)
    kit.svc.start_partida()
    kit.svc.sell_count("A", 40)
    kit.svc.return_cartones(15)
    kit.svc.sell_count("A", 5)
    kinds = [r.kind for r in kit.log.load("test-hall")]
    assert kinds[-3:] == ["sale_recorded", "cartones_returned", "sale_recorded"]
    replayed = HallService(kit.log, "test-hall", kit.svc.card_sets)
    assert sale(Kit(replayed, kit.log)) == [("A", 1, 25), ("A", 26, 30)]
    kit.svc.close_sale()
    kit.svc.confirm_data_shown()
    kit.finish_with_bingo(3)
    export = build_export(kit.hall, kit.svc.card_sets.get)
    (partida,) = export["sessions"][0]["partidas"]
    assert [(s["first"], s["last"]) for s in partida["sales"]] == [(1, 25), (26, 30)]
    assert partida["cards_sold"] == 30
    assert check(export) == []
    payload = {"partida": 1, "series": "A", "first": 2, "last": 3}
    assert isinstance(ev.event_from("cartones_returned", payload), ev.CartonesReturned)
