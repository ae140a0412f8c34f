"""Payment means and the Basque limits on auxiliary machines, in the domain (issue 10 item 1):
every sale says how it was paid, credit and cheques are refused naming the paragraph, an old
record keeps its bytes; a Basque hall plays at most 12/8/6 machines by category and 6 cartones
a partida per machine and player; a terminal's prize is owed until paid on it (R-SALE-4,
R-MULTI-3; Cantabria II.1.a; Euskadi art. 3.6 and disposición adicional octava; decisions
280-283).
"""

from __future__ import annotations

import pytest

from app.config import load_region, terminal_limits
from bingo import events as ev
from bingo.export import build_export
from bingo.hall import DomainError
from bingo.service import HallService
from tests.bingo.hallkit import Kit, make_hall
from tests.independent.check_export import check


def basque(kit: Kit, category: str | None = "primera") -> None:
    kit.svc.use_terminal_limits(terminal_limits(load_region("euskadi"), category, "sala.toml"))


def test_a_sale_records_how_it_was_paid_and_the_export_says_it_when_not_cash() -> None:
    """R-SALE-4: the means is in the record and the export's sales[]; cash, the default, is
    written nowhere, so the record of a hall that sells in cash stays as it was.
    """
    kit = make_hall(prima_cents=20000)
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10, payment="card")
    kit.svc.sell_count("A", 5)
    kit.svc.sell_count("A", 6, electronic=True, payment="card", terminal="Terminal 1")
    sales = [r.payload for r in kit.log.load("test-hall") if r.kind == "sale_recorded"]
    assert sales[0]["payment"] == "card" and "terminal" not in sales[0]
    assert "payment" not in sales[1] and "terminal" not in sales[1]
    assert sales[2]["terminal"] == "Terminal 1"
    replayed = HallService(kit.log, "test-hall", kit.svc.card_sets).hall.partida
    assert replayed is not None
    assert [(s.payment, s.terminal) for s in replayed.sales] == [
        ("card", ""),
        ("cash", ""),
        ("card", "Terminal 1"),
    ]
    kit.svc.close_sale()
    kit.svc.confirm_data_shown()
    kit.finish_with_bingo(3)
    export = build_export(kit.hall, kit.svc.card_sets.get)
    exported = export["sessions"][0]["partidas"][0]["sales"]
    assert exported[0]["payment"] == "card"
    assert "payment" not in exported[1]
    assert exported[2] == {
        "series": "A",
        "first": 16,
        "last": 21,
        "kind": "electronic",
        "payment": "card",
        "terminal": "Terminal 1",
    }
    assert check(export) == []


def test_a_sale_paid_in_cash_keeps_the_payload_it_always_had() -> None:
    """An old record's sale (no means said) reads as cash and writes the same bytes back."""
    old = {"partida": 1, "series": "A", "first": 1, "last": 10, "electronic": False}
    sale = ev.event_from("sale_recorded", old)
    assert isinstance(sale, ev.SaleRecorded) and sale.payment == "cash"
    assert sale.payload() == old


@pytest.mark.parametrize("means", ["credit", "cheque", "on_account", "deferred"])
def test_a_sale_on_credit_or_by_cheque_is_refused_naming_the_paragraph(means: str) -> None:
    """Cantabria II.1.a: «quedando prohibida su entrega a cuenta o su abono mediante cheque, así
    como la práctica de operaciones a crédito»; nothing is written.
    """
    kit = make_hall()
    kit.svc.start_partida()
    before = len(kit.log.load("test-hall"))
    for electronic in (False, True):
        with pytest.raises(DomainError, match=r"Cantabria II\.1\.a") as refused:
            kit.svc.sell_count("A", 3, electronic, payment=means)
        assert refused.value.rule == "R-SALE-4"
    with pytest.raises(DomainError, match="medio de pago desconocido"):
        kit.svc.sell_count("A", 3, payment="bitcoin")
    assert len(kit.log.load("test-hall")) == before


def test_a_basque_hall_of_category_primera_refuses_its_thirteenth_machine() -> None:
    """Euskadi art. 3.6.a: at most 12 machines in a hall of categoría especial or 1.ª."""
    kit = make_hall()
    basque(kit, "primera")
    kit.svc.start_partida()
    for machine in range(1, 13):
        kit.svc.sell_count("A", 6, payment="card", terminal=f"Terminal {machine}")
    with pytest.raises(DomainError, match=r"art\. 3\.6\.a") as refused:
        kit.svc.sell_count("A", 1, terminal="Terminal 13")
    assert refused.value.rule == "R-MULTI-3"
    assert "12 máquinas" in refused.value.message


@pytest.mark.parametrize(("category", "machines"), [("segunda", 8), ("tercera", 6)])
def test_a_basque_hall_plays_the_machines_of_its_category(category: str, machines: int) -> None:
    """Euskadi art. 3.6.a: 8 machines in a hall of 2.ª, 6 in one of 3.ª."""
    kit = make_hall()
    basque(kit, category)
    kit.svc.start_partida()
    for machine in range(1, machines + 1):
        kit.svc.sell_count("A", 1, terminal=f"T{machine}")
    with pytest.raises(DomainError, match=r"art\. 3\.6\.a"):
        kit.svc.sell_count("A", 1, terminal=f"T{machines + 1}")


def test_a_basque_hall_counts_its_machines_over_the_whole_session() -> None:
    """Euskadi art. 3.6.a, «máquinas instaladas» (decision 319): six machines sold in the first
    partida of a hall of 3.ª, so a seventh may not sell in the second, though that partida has
    one machine; the six may.
    """
    kit = make_hall(prima_cents=20_000)
    basque(kit, "tercera")
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10)
    for machine in range(1, 7):
        kit.svc.sell_count("A", 1, terminal=f"T{machine}")
    kit.svc.close_sale()
    kit.svc.confirm_data_shown()
    kit.finish_with_bingo(3)
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10)
    with pytest.raises(DomainError, match=r"art\. 3\.6\.a") as refused:
        kit.svc.sell_count("A", 1, terminal="T7")
    assert "6 máquinas" in refused.value.message
    kit.svc.sell_count("A", 1, terminal="T6")


def test_a_basque_machine_refuses_a_seventh_serie_in_a_partida() -> None:
    """Euskadi art. 3.6.b: at most 6 series a partida per machine and player (decision 282:
    the cartones played); a 1,200-cartón electronic sale is refused outright.
    """
    kit = make_hall(series=(("A", 1500, 100, False),), strips=300)
    basque(kit)
    kit.svc.start_partida()
    with pytest.raises(DomainError, match=r"art\. 3\.6\.b"):
        kit.svc.sell_count("A", 1200, terminal="Terminal 1")
    kit.svc.sell_count("A", 4, terminal="Terminal 1")
    kit.svc.sell_count("A", 2, terminal="Terminal 1")
    with pytest.raises(DomainError, match=r"ya tiene 6 y pide 1 \(quedan 0\)"):
        kit.svc.sell_count("A", 1, terminal="Terminal 1")
    kit.svc.sell_count("A", 6, terminal="Terminal 2")  # another machine, another player


def test_a_basque_electronic_sale_must_name_its_machine() -> None:
    """Euskadi art. 3.6: electronic cartones are played on machines connected to the table; a
    hall whose settings do not say its category plays none (decision 281).
    """
    kit = make_hall()
    basque(kit)
    kit.svc.start_partida()
    with pytest.raises(DomainError, match="debe nombrar su máquina"):
        kit.svc.sell_count("A", 1200, electronic=True)
    kit.svc.sell_count("A", 20)  # paper is not bounded
    unknown = make_hall()
    basque(unknown, None)
    unknown.svc.start_partida()
    with pytest.raises(DomainError, match=r"\[hall\] category"):
        unknown.svc.sell_count("A", 1, terminal="Terminal 1")


def test_a_cantabrian_hall_sets_no_machine_limit() -> None:
    """Cantabria II.1.a and III: terminals «homologados», no figure: its file sets none."""
    kit = make_hall(series=(("A", 1500, 100, False),), strips=300)
    kit.svc.use_terminal_limits(terminal_limits(load_region("cantabria"), None, "sala.toml"))
    kit.svc.start_partida()
    kit.svc.sell_count("A", 1200, electronic=True)
    for machine in range(1, 20):
        kit.svc.sell_count("A", 7, terminal=f"T{machine}")


def test_a_terminals_prize_is_owed_until_paid_on_it_even_after_the_partida() -> None:
    """R-MULTI-3 (decision 283): the system claims for the terminal's cartón; the prize stays
    owed to that terminal through the partida's payment and the next partida, until paid on it,
    once.
    """
    kit = make_hall()
    basque(kit)
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10)
    kit.svc.sell_count("A", 6, payment="card", terminal="Terminal 1")
    kit.svc.close_sale()
    kit.svc.confirm_data_shown()
    kit.draw_rest_until(sorted(kit.carton(11).numbers))
    partida = kit.hall.partida
    assert partida is not None
    assert {(c.number, c.prize) for c in partida.claims if c.valid} >= {(11, "bingo")}
    kit.svc.close_partida()
    kit.svc.pay_prizes()
    owed = kit.hall.owed_to_terminal("Terminal 1")
    assert {(o.number, o.prize) for o in owed} >= {(11, "bingo")}
    assert kit.hall.owed_to_terminal("Terminal 2") == []
    kit.svc.start_partida()  # the next partida: still owed
    assert kit.hall.owed_to_terminal("Terminal 1") == owed
    paid = kit.svc.pay_terminal_prizes("Terminal 1")
    assert paid == owed
    assert kit.hall.owed_to_terminal("Terminal 1") == []
    replayed = HallService(kit.log, "test-hall", kit.svc.card_sets)
    assert replayed.hall.owed_to_terminal("Terminal 1") == []
    with pytest.raises(DomainError, match="no se debe ningún premio"):
        kit.svc.pay_terminal_prizes("Terminal 1")


def test_the_table_does_not_take_back_a_machines_paid_cartones() -> None:
    """R-SALE-4 (a player who leaves gets no refund), R-MULTI-3; decisions 171, 280, 380. A
    return puts unsold cartones back to the table: a machine's purchase was bought and paid at
    once by its player, on his machine. The table's return of the partida's last sale took it
    back all the same, and the player's paid cartones were gone from his machine; refused,
    nothing written. The table's own sale after it still goes back as before.
    """
    kit = make_hall()
    basque(kit)
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10)
    kit.svc.sell_count("A", 6, electronic=True, payment="card", terminal="Terminal 1")
    before = len(kit.svc.records())
    with pytest.raises(DomainError, match="Terminal 1"):
        kit.svc.return_cartones(2)
    assert len(kit.svc.records()) == before
    assert len(kit.hall.terminal_cartones("Terminal 1")) == 6
    kit.svc.sell_count("A", 5)
    kit.svc.return_cartones(5)  # the table's own sale: back as before (decision 171)
