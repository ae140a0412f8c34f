"""The console's acta is the record as the console holds it, even when another station has
written since (R-ACTA-1, R-ACTA-6): its state and its chain must agree, or the printed copy
fails its own verification.
"""

from __future__ import annotations

from pathlib import Path

from app.bootstrap import project_records
from bingo.service import CardSetLibrary, HallService
from store import open_store
from tests.bingo.hallkit import make_hall
from ui.console.documents import acta_session, export_for_session


def test_the_consoles_acta_agrees_with_its_chain_when_another_station_wrote_since(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'hall.sqlite'}"
    kit = make_hall()
    kit.partida_ready([("A", 30)])
    records = kit.svc.records()
    with open_store(url) as store, open_store(url) as other_station:
        store.append("test-hall", 0, [(r.at, r.kind, r.payload) for r in records])
        console = HallService(store, "test-hall", CardSetLibrary(store.get_card_set))
        # another station draws a ball after the console read the record
        station = HallService(
            other_station, "test-hall", CardSetLibrary(other_station.get_card_set)
        )
        station.draw_ball(7, "extractor")
        assert len(store.load("test-hall")) == console.last_seq + 1

        session = acta_session(console.hall)
        assert session is not None
        export = export_for_session(console, session)
        records = [r for r in console.records() if r.seq <= console.last_seq]
    chain = export["chain"]["records"]
    assert chain[-1]["seq"] == console.last_seq
    projected = project_records(records)
    assert {k: v for k, v in export.items() if k != "chain"} == {
        k: v for k, v in projected.items() if k != "chain"
    }
