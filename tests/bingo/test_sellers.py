"""Sales by seller (issue 9): each sale may say who handed the block out; the record, the export
and the acta of a hall that does not say it stay byte for byte as they were; a return belongs
to the seller of the sale it undid (decision 240); and the sellers' cash adds up to the
session's takings, the acta's own figure (R-SALE-1, R-SALE-4, R-ACTA-3).
"""

from __future__ import annotations

import pytest

from actas.builder import build_acta
from bingo import events as ev
from bingo.export import build_export
from bingo.hall import DomainError
from bingo.sellers import Block, sellers_of
from bingo.service import HallService
from tests.bingo.hallkit import Kit, make_hall
from tests.independent.check_export import check

OLD_SALE_FIELDS = ["partida", "series", "first", "last", "electronic"]


def test_a_sale_records_its_seller_and_the_export_says_it() -> None:
    """The seller is in the record, survives a replay and is in the export's sales[]."""
    kit = make_hall(prima_cents=20000)
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10, seller="Ana")
    kit.svc.sell("A", 11, 15)
    sales = [r for r in kit.log.load("test-hall") if r.kind == "sale_recorded"]
    assert sales[0].payload["seller"] == "Ana"
    assert "seller" not in sales[1].payload
    replayed = HallService(kit.log, "test-hall", kit.svc.card_sets)
    partida = replayed.hall.partida
    assert partida is not None
    assert [r.seller for r in partida.sales] == ["Ana", ""]
    kit.svc.close_sale()
    kit.svc.confirm_data_shown()
    kit.finish_with_bingo(3)
    export = build_export(kit.hall, kit.svc.card_sets.get)
    (exported,) = export["sessions"][0]["partidas"]
    assert exported["sales"][0]["seller"] == "Ana"
    assert "seller" not in exported["sales"][1]
    assert check(export) == []


def test_a_sale_without_a_seller_keeps_the_payload_it_always_had() -> None:
    """Every sale recorded before sellers existed keeps its bytes and its chain hash."""
    sale = ev.SaleRecorded(partida=1, series="A", first=1, last=10, electronic=False)
    assert list(sale.payload()) == OLD_SALE_FIELDS
    old = {"partida": 1, "series": "A", "first": 1, "last": 10, "electronic": False}
    assert ev.event_from("sale_recorded", old) == sale
    with_seller = ev.SaleRecorded(
        partida=1, series="A", first=1, last=10, electronic=False, seller="Ana"
    )
    assert with_seller.payload() == {**old, "seller": "Ana"}
    assert ev.event_from("sale_recorded", with_seller.payload()) == with_seller


@pytest.mark.parametrize("seller", [" Ana", "Ana ", "A" * 41, "Ana\nLuis", "\t", "Ana\x00"])
def test_a_bad_seller_name_is_refused_and_nothing_is_written(seller: str) -> None:
    kit = make_hall()
    kit.svc.start_partida()
    seq = kit.svc.last_seq
    with pytest.raises(DomainError, match="nombre de vendedor no válido"):
        kit.svc.sell_count("A", 10, seller=seller)
    with pytest.raises(DomainError, match="nombre de vendedor no válido"):
        kit.svc.sell("A", 1, 10, seller=seller)
    assert kit.svc.last_seq == seq
    assert kit.hall.next_sale_number("A") == 1


def test_a_seller_name_of_forty_printable_characters_is_accepted() -> None:
    kit = make_hall()
    kit.svc.start_partida()
    kit.svc.sell_count("A", 1, seller="Ñ" * 40)
    partida = kit.hall.partida
    assert partida is not None and partida.sales[0].seller == "Ñ" * 40


def test_a_return_belongs_to_the_seller_of_the_sale_it_undoes() -> None:
    """Decision 240: the return undoes the partida's last sale (decision 171), so it is that
    sale's seller's, and his cash is the sales less the returns.
    """
    kit = make_hall()
    kit.svc.start_partida()
    kit.svc.sell_count("A", 20, seller="Ana")
    kit.svc.sell_count("A", 30, seller="Luis")
    kit.svc.return_cartones(12)
    session = kit.hall.session
    assert session is not None
    ana, luis = sellers_of(session)
    assert (ana.seller, ana.cartones_sold, ana.cartones_returned) == ("Ana", 20, 0)
    assert (luis.seller, luis.cartones_sold, luis.cartones_returned) == ("Luis", 30, 12)
    assert luis.blocks == (Block(1, "A", 21, 38),)
    assert luis.returns == (Block(1, "A", 39, 50),)
    assert (luis.sold_cents, luis.returned_cents, luis.cash_cents) == (3000, 1200, 1800)
    assert ana.cash_cents == 2000


def play_session_with_three_sellers(kit: Kit) -> None:
    kit.svc.start_partida()
    kit.svc.sell_count("A", 25, seller="Ana")
    kit.svc.sell_count("A", 17, seller="Luis")
    kit.svc.sell_count("A", 9)  # no seller said
    kit.svc.sell_count("A", 40, seller="Ana")
    kit.svc.return_cartones(7)
    kit.svc.close_sale()
    kit.svc.confirm_data_shown()
    kit.finish_with_bingo(3)
    kit.svc.start_partida()
    kit.svc.sell_count("A", 33, seller="Luis")
    kit.svc.sell_count("A", 11, seller="Marta")
    kit.svc.return_cartones(11)
    kit.svc.sell_count("A", 5, seller="Marta")
    kit.svc.close_sale()
    kit.svc.confirm_data_shown()
    kit.finish_with_bingo(100)
    kit.svc.record_ball_check("S1", "close", list(range(1, 91)))
    kit.svc.close_session()


def test_the_sellers_cash_adds_up_to_the_acta_s_takings() -> None:
    """R-ACTA-3: per seller to the cent, and the sum is the acta's takings of the session."""
    kit = make_hall(prima_cents=20000, series=(("A", 600, 150, False),))
    play_session_with_three_sellers(kit)
    session = kit.hall.sessions[-1]
    sellers = {s.seller: s for s in sellers_of(session)}
    assert list(sellers) == ["Ana", "Luis", "", "Marta"]
    ana, luis, nobody, marta = sellers.values()
    assert ana.blocks_of("A") == (Block(1, "A", 1, 25), Block(1, "A", 52, 84))
    assert (ana.cartones_sold, ana.cartones_returned, ana.cash_cents) == (65, 7, 58 * 150)
    assert (luis.cartones_sold, luis.cash_cents) == (50, 50 * 150)
    assert (nobody.cartones_sold, nobody.cash_cents) == (9, 9 * 150)
    assert (marta.cartones_sold, marta.cartones_returned, marta.cash_cents) == (16, 11, 5 * 150)
    acta = build_acta(build_export(kit.hall, kit.svc.card_sets.get), "S1")
    assert sum(s.cash_cents for s in sellers.values()) == acta.totals.takings_cents
    assert sum(s.cartones_sold - s.cartones_returned for s in sellers.values()) == (
        acta.totals.cards_sold
    )
