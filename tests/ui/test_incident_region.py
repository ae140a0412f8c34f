"""The console shows the paragraph of the hall's own regulation to be read aloud, the one the
record then keeps (R-INC-5, decision 75): a Basque hall reads Decreto 277/1996, in Spanish and
Basque (disposición adicional décima, decision 270)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from bingo.regulation import BY_REGION, readings
from bingo.rules import RegionRules
from bingo.service import HallService, MemoryEventLog
from tests.bingo.hallkit import BALLS, CARD_SET, Clock, Kit
from tests.ui.test_console import click, open_console
from ui.bridge import Bridge
from ui.console.dialogs import IncidentDialog
from ui.console.manual_book import ManualBookDialog


def basque_hall() -> Kit:
    log = MemoryEventLog()
    svc = HallService(
        log, "sala-bilbo", clock=Clock(), bola_loca=lambda n: (list(range(1, n + 1)), "test")
    )
    svc.register_hall("sala-bilbo", "Bingo Bilbo", "euskadi", ["es", "eu"])
    svc.adopt_rules(RegionRules(region="euskadi"))
    svc.generate_card_set(CARD_SET, seed=11, strips=100)
    svc.register_serie("A", CARD_SET, 300, 100)
    svc.install_ball_set("BS-1", "HOM-1", 3000, 0, True, "inicial")
    assert svc.record_ball_check("S1", "open", BALLS)
    svc.open_session("S1", "2026-11-22", "Mesa", "Sala")
    return Kit(svc, log, [])


@pytest.fixture
def basque() -> Kit:
    return basque_hall()


@pytest.fixture
def basque_bridge(qapp: QApplication, basque: Kit) -> Iterator[Bridge]:
    b = Bridge()
    b.attach(basque.svc)
    yield b
    b.close(wait=True)


def test_a_basque_hall_reads_its_decree_before_a_suspension(
    qtbot: QtBot, basque: Kit, basque_bridge: Bridge
) -> None:
    console = open_console(qtbot, basque, basque_bridge)
    basque.partida_ready()
    console.refresh()
    console.menu_actions["incident_suspend"].trigger()
    dialog = console.dialog
    assert isinstance(dialog, IncidentDialog)
    reference, text = BY_REGION["euskadi"]["failure_before_first_ball"]
    assert dialog.reference.text() == reference
    assert reference.startswith("Decreto 277/1996")
    assert text in dialog.paragraph.text()
    # then the same paragraph in Basque, under its Basque reference
    _spanish, in_basque = readings("failure_before_first_ball", "euskadi")
    basque_reference, basque_paragraph = dialog.translations["eu"]
    assert basque_reference.text() == in_basque.reference
    assert basque_reference.text().startswith("277/1996 Dekretua")
    assert in_basque.text in basque_paragraph.text()
    assert basque_paragraph.isVisible()
    qtbot.keyClicks(dialog.note, "corte de luz")
    dialog.read_aloud.setChecked(True)
    click(qtbot, dialog.confirm)
    assert basque.hall.session is not None
    (recorded,) = basque.hall.session.partidas[-1].incidents
    assert recorded.paragraph.startswith(reference)  # what was read is what is kept


def test_a_basque_hall_reads_its_decree_before_taking_in_the_manual_book(
    qtbot: QtBot, basque: Kit
) -> None:
    dialog = ManualBookDialog(basque.svc)
    qtbot.addWidget(dialog)
    reference, text = BY_REGION["euskadi"]["manual_book"]
    assert reference in dialog.reference.text()
    assert text in dialog.paragraph.text()
    _spanish, in_basque = readings("manual_book", "euskadi")
    assert f"{in_basque.reference}: «{in_basque.text}»" in dialog.paragraph.text()


def test_a_cantabrian_hall_reads_its_catalogue_in_spanish_only(
    qtbot: QtBot, qapp: QApplication
) -> None:
    dialog = IncidentDialog("caller_error", "Anular", region="cantabria")
    qtbot.addWidget(dialog)
    assert dialog.reference.text() == BY_REGION["cantabria"]["caller_error"][0]
    assert dialog.translations == {}
