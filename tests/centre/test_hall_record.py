"""A simultaneous partida in the hall's own record (R-MULTI-2; Cantabria VI.1; decisions
306-309): the hall records each sale the centre accepted and, when the centre's partida closes,
its result with the winners that are its own; its table pays each of them once, and nothing
the central record does not show as its winner. The centre's record is a real one on SQLite.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from actas.i18n import money
from app.centre.main import centre_rules
from app.centre.record import CentreRecord
from app.config import load_hall
from bingo import simultaneous as sim
from bingo.chain import Record
from bingo.errors import DomainError
from bingo.export import build_export
from bingo.simultaneous_hall import SentSale, SimultaneousPrizePaid, SimultaneousSaleRecorded
from store import open_store
from tests.bingo.hallkit import BALLS, Kit, make_hall
from tests.independent.check_export import check

LOTS = [("norte", 300), ("sur", 200), ("este", 100)]
SALES = {"norte": 250, "sur": 200, "este": 40}


def play(tmp_path: Path, seed: int = 4) -> tuple[list[Record], CentreRecord]:
    """A whole partida at a real centre: the sales of three halls, then balls to the bingo."""
    store = open_store(f"sqlite:///{tmp_path / 'centro.sqlite'}")
    centre = CentreRecord(store, rules=centre_rules(load_hall()))
    centre.open_partida(1, 100, LOTS, seed=seed)
    for hall, count in SALES.items():
        centre.sell(hall, count // 2)
        centre.sell(hall, count - count // 2)
    centre.start()
    for ball in np.random.default_rng(seed).permutation(np.arange(1, 91)):
        centre.ball(int(ball))
        if centre.state.status == sim.FINISHED:
            break
    return store.load("centro"), centre


def joined_hall(records: list[Record], hall: str) -> Kit:
    kit = make_hall()
    first = 1 + sum(n for h, n in LOTS[: [h for h, _n in LOTS].index(hall)])
    session = kit.hall.session
    assert session is not None
    sale = SentSale(1, first, 1, "card", session.id)  # its first sale, by card (decision 365)
    kit.svc.record_simultaneous(records, hall, {sale.key: sale})
    return kit


def test_hall_records_its_sales_and_its_winners_from_the_central_record(tmp_path: Path) -> None:
    records, centre = play(tmp_path)
    winner = centre.state.bingo[0]
    kit = joined_hall(records, winner.hall)
    partida = kit.hall.simultaneous.partidas[1]
    lot = dict((h, n) for h, n in LOTS)
    assert partida.cards_sold == SALES[winner.hall] <= lot[winner.hall]
    assert partida.takings_cents == SALES[winner.hall] * 100
    assert [s.centre_seq for s in partida.sales] == [
        r.seq for r in records if r.kind == sim.SOLD and r.payload["hall"] == winner.hall
    ]
    result = partida.result
    assert result is not None and result.centre_hash == records[-1].hash
    assert (winner.number, winner.hall) in result.bingo
    assert result.takings_cents == sum(SALES.values()) * 100
    assert result.session_id == "S1"
    # nothing more to record: asked again, the hall records nothing twice
    assert kit.hall.record_simultaneous(records, winner.hall) == []


def test_hall_pays_each_of_its_winners_once_and_nothing_else(tmp_path: Path) -> None:
    """R-PRIZE-3: every winner paid its share; a cartón the central record does not show as
    this hall's winner is refused, and so is a second payment."""
    records, centre = play(tmp_path)
    winner = centre.state.bingo[0]
    kit = joined_hall(records, winner.hall)
    bingo_share = kit.hall.simultaneous.partidas[1].result.bingo_share_cents  # type: ignore[union-attr]
    assert kit.svc.pay_simultaneous(1, "bingo", winner.number) == bingo_share > 0
    with pytest.raises(DomainError, match="ya se pagó"):
        kit.svc.pay_simultaneous(1, "bingo", winner.number)
    loser = next(n for n in range(1, 300) if all(w.number != n for w in centre.state.line))
    with pytest.raises(DomainError, match="no es ganador"):
        kit.svc.pay_simultaneous(1, "line", loser)
    other = [w for w in centre.state.line if w.hall != winner.hall]
    for w in other:  # another hall's winner is paid at that hall, not here
        with pytest.raises(DomainError, match="no es ganador"):
            kit.svc.pay_simultaneous(1, "line", w.number)
    with pytest.raises(DomainError, match="no vendió"):
        kit.svc.pay_simultaneous(2, "bingo", winner.number)


def test_hall_cannot_pay_before_the_central_record_closes_the_partida(tmp_path: Path) -> None:
    records, centre = play(tmp_path)
    winner = centre.state.bingo[0]
    before_close = [r for r in records if r.kind != sim.CLOSED]
    kit = joined_hall(before_close, winner.hall)
    with pytest.raises(DomainError, match="aún no consta cerrada"):
        kit.svc.pay_simultaneous(1, "bingo", winner.number)
    with pytest.raises(DomainError, match="aún no consta cerrada"):
        kit.hall.close_session()
    # the copy caught up: the result is recorded then, once, and the winner paid
    kit.svc.record_simultaneous(records, winner.hall)
    kit.svc.pay_simultaneous(1, "bingo", winner.number)


def test_hall_cut_off_records_what_it_missed_once_when_its_copy_catches_up(
    tmp_path: Path,
) -> None:
    """R-NET-2, decision 292: the sales the centre recorded while the hall's record did not
    (its server killed after the centre's answer) are recorded from the copy, once."""
    records, centre = play(tmp_path)
    hall = centre.state.bingo[0].hall
    kit = make_hall()
    first_sale = next(i for i, r in enumerate(records) if r.kind == sim.SOLD)
    kit.svc.record_simultaneous(records[: first_sale + 1], hall)
    kit.svc.record_simultaneous(records, hall)
    kit.svc.record_simultaneous(records, hall)
    sales = [e for e in kit.log.load("test-hall") if e.kind == SimultaneousSaleRecorded.kind]
    assert len(sales) == 2 and kit.hall.simultaneous.partidas[1].cards_sold == SALES[hall]
    results = [e for e in kit.log.load("test-hall") if e.kind == "simultaneous_result_recorded"]
    assert len(results) == 1


def test_session_is_not_closed_with_a_winner_of_the_hall_unpaid(tmp_path: Path) -> None:
    records, centre = play(tmp_path)
    winner = centre.state.bingo[0]
    kit = joined_hall(records, winner.hall)
    assert kit.svc.record_ball_check("S1", "close", BALLS)
    with pytest.raises(DomainError, match="sin pagar"):
        kit.hall.close_session()
    for prize, number, _share in kit.hall.simultaneous.partidas[1].unpaid():
        kit.svc.pay_simultaneous(1, prize, number)
    kit.svc.close_session()


def test_export_carries_the_simultaneous_partida_and_passes_the_independent_check(
    tmp_path: Path,
) -> None:
    records, centre = play(tmp_path)
    winner = centre.state.bingo[0]
    kit = joined_hall(records, winner.hall)
    for prize, number, _share in kit.hall.simultaneous.partidas[1].unpaid():
        kit.svc.pay_simultaneous(1, prize, number)
    export = json.loads(json.dumps(build_export(kit.hall, kit.svc.card_sets.get)))
    (played,) = export["sessions"][0]["simultaneous_partidas"]
    assert played["status"] == "closed" and played["centre"]["hash"] == records[-1].hash
    assert played["cards_sold"] == SALES[winner.hall]
    assert played["sales"][0]["payment"] == "card"
    paid = [p["number"] for p in played["payments"] if p["prize"] == "bingo"]
    assert winner.number in paid
    assert [e.kind for e in kit.log.load("test-hall")].count(SimultaneousPrizePaid.kind) == len(
        played["payments"]
    )
    assert check(export) == []


def test_receipt_and_duplicate_of_a_simultaneous_prize_paid_here(tmp_path: Path) -> None:
    """R-PRIMA-6, decision 307: the prize paid at this hall gets its receipt and duplicate from
    the export; a prize not paid here gets none."""
    from app.cli import main

    records, centre = play(tmp_path)
    winner = centre.state.bingo[0]
    kit = joined_hall(records, winner.hall)
    kit.svc.pay_simultaneous(1, "bingo", winner.number)
    path = tmp_path / "export.json"
    path.write_text(
        json.dumps(build_export(kit.hall, kit.svc.card_sets.get, kit.log.load("test-hall")))
    )
    out = tmp_path / "recibo.pdf"
    args = ["acta", "receipt", "--export", str(path), "--simultanea", "--partida", "1"]
    assert main([*args, "--prize", "bingo", "--carton", str(winner.number), "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF") and out.stat().st_size > 1000
    loser = next(n for n in range(1, 600) if all(w.number != n for w in centre.state.bingo))
    assert main([*args, "--prize", "bingo", "--carton", str(loser), "-o", str(out)]) == 1
    assert main([*args, "--carton", str(winner.number), "-o", str(out)]) == 2


def test_acta_prints_each_simultaneous_partida_of_the_session(tmp_path: Path) -> None:
    """R-ACTA-1, decision 309: the acta shows the central record's hash, this hall's sale and
    the winners of every hall with the payments made here."""
    from pypdf import PdfReader

    from actas.render import render_acta

    records, centre = play(tmp_path)
    winner = centre.state.bingo[0]
    kit = joined_hall(records, winner.hall)
    kit.svc.pay_simultaneous(1, "bingo", winner.number)
    for prize, number, _share in kit.hall.simultaneous.partidas[1].unpaid():
        kit.svc.pay_simultaneous(1, prize, number)
    assert kit.svc.record_ball_check("S1", "close", BALLS)
    kit.svc.close_session()  # the closing statement is the closed session's
    export = json.loads(
        json.dumps(build_export(kit.hall, kit.svc.card_sets.get, kit.log.load("test-hall")))
    )
    out = tmp_path / "acta.pdf"
    out.write_bytes(render_acta(export))
    text = " ".join(p.extract_text() for p in PdfReader(str(out)).pages)
    assert "PARTIDA SIMULTÁNEA N.º 1" in text
    assert records[-1].hash[:32] in text.replace("\n", "")
    assert f"Pagado en esta sala: Bingo del cartón {winner.number}" in text
    # the closing statement counts this hall's part apart and in the whole session's figures
    flat = " ".join(text.split())
    session = export["sessions"][0]
    (played,) = session["simultaneous_partidas"]
    ordinary = sum(p["takings_cents"] for p in session["partidas"])
    assert "Partidas simultáneas (la parte de esta sala)" in flat
    paid = sum(p["amount_cents"] for p in played["payments"])
    assert f"Premios pagados en esta sala {money(paid)}" in flat
    whole = flat.split("Toda la sesión (bingo ordinario, otras modalidades y partidas")[1]
    assert f"Recaudación total {money(ordinary + played['takings_cents'])}" in whole


def test_hall_withdrawn_before_the_first_ball_records_its_refund(tmp_path: Path) -> None:
    """R-INC-1, decision 292: a hall withdrawn before the first ball has its cartones refunded
    and out of play; its record shows the refund and it pays nothing; its export checks."""
    store = open_store(f"sqlite:///{tmp_path / 'centro.sqlite'}")
    centre = CentreRecord(store, rules=centre_rules(load_hall()))
    centre.open_partida(1, 100, LOTS, seed=4)
    for hall, count in SALES.items():
        centre.sell(hall, count)
    centre.withdraw("este", authorised_by="Centro")
    centre.start()
    for ball in np.random.default_rng(4).permutation(np.arange(1, 91)):
        centre.ball(int(ball))
        if centre.state.status == sim.FINISHED:
            break
    kit = make_hall()
    kit.svc.record_simultaneous(store.load("centro"), "este")
    partida = kit.hall.simultaneous.partidas[1]
    assert partida.result is not None and partida.own_winners() == []
    assert partida.result.cards_in_play == SALES["norte"] + SALES["sur"]
    export = json.loads(json.dumps(build_export(kit.hall, kit.svc.card_sets.get)))
    (played,) = export["sessions"][0]["simultaneous_partidas"]
    assert played["status"] == "refunded"
    assert played["refund_cents"] == played["takings_cents"] == SALES["este"] * 100
    assert check(export) == []
    with pytest.raises(DomainError, match="no es ganador"):
        kit.svc.pay_simultaneous(1, "bingo", centre.state.bingo[0].number)


def test_a_partida_the_centre_annulled_is_refunded_whole_and_pays_nothing(tmp_path: Path) -> None:
    """Decision 318 at the hall: the centre stops the partida for an irregularity of the balls
    after a line was won (R-INC-3) and annuls it; the hall's record shows it annulled with its
    cartones refunded in full, its line winner gets nothing, and the export passes the
    independent checker.
    """
    store = open_store(f"sqlite:///{tmp_path / 'centro.sqlite'}")
    centre = CentreRecord(store, rules=centre_rules(load_hall()))
    centre.open_partida(1, 100, LOTS, seed=4)
    for hall, count in SALES.items():
        centre.sell(hall, count)
    centre.start()
    for ball in np.random.default_rng(4).permutation(np.arange(1, 91)):
        centre.ball(int(ball))
        if centre.state.line:
            break
    winner = centre.state.line[0]
    centre.incident(sim.STOPPED, "dos bolas en el tubo")
    centre.annul("dos bolas en el tubo", "Ana")
    kit = joined_hall(store.load("centro"), winner.hall)
    (exported,) = build_export(kit.hall, kit.svc.card_sets.get)["sessions"][0][
        "simultaneous_partidas"
    ]
    assert (exported["status"], exported["annulled"]) == ("annulled", "stopped")
    assert exported["refund_cents"] == exported["takings_cents"] == SALES[winner.hall] * 100
    assert exported["line"]["winners"] == [] and exported["payments"] == []
    with pytest.raises(DomainError):
        kit.svc.pay_simultaneous(1, "line", winner.number)
    assert check(build_export(kit.hall, kit.svc.card_sets.get)) == []
    exported_all = build_export(kit.hall, kit.svc.card_sets.get)
    mutated = json.loads(json.dumps(exported_all))
    annulled = mutated["sessions"][0]["simultaneous_partidas"][0]
    annulled["payments"] = [{"prize": "line", "number": winner.number, "amount_cents": 1}]
    annulled["refund_cents"] = 0
    problems = "\n".join(check(mutated))
    assert "pays no prize" in problems and "refund_cents is 0" in problems
    from pypdf import PdfReader

    from actas.render import render_acta

    out = tmp_path / "acta.pdf"
    out.write_bytes(render_acta(json.loads(json.dumps(exported_all))))
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(str(out)).pages).split())
    refund = money(SALES[winner.hall] * 100)
    annulled_line = "Partida anulada en la central por irregularidad de las bolas o del mecanismo"
    assert f"{annulled_line}: devueltos en esta sala {refund}" in text
    assert "Línea en la extracción" not in text
