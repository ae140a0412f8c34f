"""A lost device is an alarm nobody at the table can miss (issue: the console through a real
night, trap 5): at once, not at the next draw; named in the hall's words; every device's state
in the header; the next step the regulation gives; heard; gone when the device is back.
R-DEV-1 («any device fault is reported to the operator at once»), R-INC-1, R-INC-2, decision 220.
"""

from __future__ import annotations

from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from drivers.sessions import start_emulated_session
from tests.drivers.hallkit import EXTRACTOR, LINK, READER, SHORT_GRACE
from tests.ui.kit import make_hall
from tests.ui.test_console_emulated import table  # noqa: F401  (the fixture)
from ui.bridge import Bridge
from ui.console import ConsoleWindow

pytestmark = [pytest.mark.slow, pytest.mark.timeout(120)]


def test_a_lost_reader_raises_the_alarm_at_once_and_it_goes_when_the_reader_is_back(
    table: Any,  # noqa: F811
) -> None:
    t = table([])
    console = t.console
    t.bridge.watch(t.session.extractor, t.session.reader)
    t.press_draw()
    t.done()
    assert console.alarm.isHidden()
    header = console.header.devices_state.text()
    assert "Extractor: en línea" in header and "Lector: en línea" in header

    t.session.hall.reader.disconnect(2.5, "unplug")  # nobody presses anything
    t.qtbot.waitUntil(console.alarm.isVisible, timeout=10_000)
    shown = console.alarm.title.text()
    assert "SIN COMUNICACIÓN CON EL LECTOR" in shown
    assert "reader" not in shown.lower() and "reader" not in console.header.devices_state.text()
    header = console.header.devices_state.text()
    assert "Extractor: en línea" in header and "Lector: SIN COMUNICACIÓN" in header  # both
    step = console.alarm.step.text()
    assert "extracción manual" in step and "F6" in step  # a ball is out: R-INC-2
    assert console.alarm.rings == 1  # heard once, not at every notice
    # a box across the window in big letters, not a line in the header
    assert console.alarm.width() >= console.width() - 40
    assert console.alarm.title.font().pixelSize() >= 24

    t.qtbot.waitUntil(console.alarm.isHidden, timeout=15_000)  # the reader is back
    assert "Lector: en línea" in console.header.devices_state.text()
    assert console.extraction_page.draw_device_button.isEnabled()


def test_before_the_first_ball_the_alarm_says_the_partida_is_suspended(
    table: Any,  # noqa: F811
) -> None:
    """R-INC-1: a failure before the first ball suspends the partida."""
    t = table([])
    console = t.console
    t.bridge.watch(t.session.extractor, t.session.reader)
    t.session.hall.extractor.disconnect(2.5, "unplug")
    t.qtbot.waitUntil(console.alarm.isVisible, timeout=10_000)
    assert "SIN COMUNICACIÓN CON EL EXTRACTOR" in console.alarm.title.text()
    assert "suspender la partida" in console.alarm.step.text()  # R-INC-1
    assert "Extractor: SIN COMUNICACIÓN" in console.header.devices_state.text()
    t.qtbot.waitUntil(console.alarm.isHidden, timeout=15_000)


def test_a_fault_of_the_extractor_raises_the_alarm_with_its_words_until_it_clears(
    table: Any,  # noqa: F811
) -> None:
    """No air in the extractor (a sibling of the lost device: a fault was only a log line)."""
    t = table([])
    console = t.console
    t.bridge.watch(t.session.extractor, t.session.reader)
    t.press_draw()
    t.done()
    t.session.hall.extractor.inject("no_air")
    t.qtbot.waitUntil(console.alarm.isVisible, timeout=10_000)
    assert "AVERÍA EN EL EXTRACTOR: sin aire" in console.alarm.title.text()
    assert "Extractor: AVERÍA (sin aire)" in console.header.devices_state.text()
    assert console.alarm.rings == 1
    t.session.hall.extractor.clear("no_air")
    t.qtbot.waitUntil(console.alarm.isHidden, timeout=10_000)
    assert "Extractor: en línea" in console.header.devices_state.text()


def test_a_device_away_when_the_console_opens_is_an_alarm_from_the_start(qtbot: QtBot) -> None:
    """Not only a device lost while the console runs: one that is not there when it opens."""
    session = start_emulated_session(
        7,
        [],
        link_timing=LINK,
        draw_timing=SHORT_GRACE,
        extractor_model=EXTRACTOR,
        reader_model=READER,
    )
    bridge = Bridge()
    try:
        session.hall.reader.disconnect(30.0, "unplug")
        qtbot.waitUntil(lambda: not session.reader.is_online(), timeout=10_000)
        kit = make_hall()
        bridge.attach(kit.svc)
        console = ConsoleWindow(kit.svc, session.source, bridge=bridge)
        qtbot.addWidget(console)
        assert not console.alarm.isHidden()
        assert "SIN COMUNICACIÓN CON EL LECTOR" in console.alarm.title.text()
        header = console.header.devices_state.text()
        assert "Extractor: en línea" in header and "Lector: SIN COMUNICACIÓN" in header
    finally:
        bridge.close()
        session.stop()
