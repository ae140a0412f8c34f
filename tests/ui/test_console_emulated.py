"""The console against the real emulated extractor and reader on pseudo-terminals: what the
table sees against the reader (R-GAME-3), and the ball out of the drum when the extractor is lost
(Cantabria II.1.b párr. 2). The record is compared with the balls that physically left the drum.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from bingo.hall import PartidaState
from drivers.sessions import EmulatedSession, start_emulated_session
from tests.drivers.hallkit import EXTRACTOR, LINK, READER, SHORT_GRACE
from tests.ui.kit import Kit, make_hall
from ui.bridge import Bridge
from ui.console import ConsoleDefaults, ConsoleWindow
from ui.console.dialogs import IncidentDialog

pytestmark = [pytest.mark.slow, pytest.mark.timeout(120)]


class Table:
    """A console on emulated devices, and the physical side the jefe de mesa looks at."""

    def __init__(
        self,
        qtbot: QtBot,
        scenario: Sequence[Mapping[str, Any]],
        kit: Kit | None = None,
        sales: Sequence[tuple[str, int]] = (("A", 10),),
    ) -> None:
        self.qtbot = qtbot
        self.kit: Kit = kit or make_hall()
        self.session: EmulatedSession = start_emulated_session(
            7,
            scenario,
            link_timing=LINK,
            draw_timing=SHORT_GRACE,
            extractor_model=EXTRACTOR,
            reader_model=READER,
        )
        self.bridge = Bridge()
        self.bridge.attach(self.kit.svc)
        self.console = ConsoleWindow(
            self.kit.svc,
            self.session.source,
            bridge=self.bridge,
            defaults=ConsoleDefaults("Mesa", "Sala", today=lambda: "2026-11-23"),
        )
        qtbot.addWidget(self.console)
        self.console.show()
        qtbot.waitExposed(self.console)
        self.kit.partida_ready(sales)
        qtbot.waitUntil(self.console.extraction_page.draw_device_button.isEnabled)

    @property
    def partida(self) -> PartidaState:
        partida = self.kit.hall.partida
        assert partida is not None
        return partida

    def tube(self) -> int | None:
        """What the jefe de mesa reads on the ball in the tube."""
        with self.session.hall.hub.lock:
            return self.session.hall.machine.tube_number()

    def released(self) -> list[int]:
        with self.session.hall.hub.lock:
            return self.session.hall.machine.released_numbers

    def press_draw(self) -> None:
        assert self.console.extraction_page.draw_device_button.isEnabled(), (
            self.console.error.text()
        )
        self.qtbot.mouseClick(
            self.console.extraction_page.draw_device_button, Qt.MouseButton.LeftButton
        )

    def done(self) -> None:
        self.qtbot.waitUntil(lambda: not self.bridge.busy, timeout=30_000)

    def type_into(self, field: Any, number: int) -> None:
        field.clear()
        self.qtbot.keyClicks(field, str(number))
        self.qtbot.keyClick(field, Qt.Key.Key_Return)

    def go_manual(self) -> None:
        console = self.console
        assert console.extraction_page.device_action.isVisible(), console.error.text()
        self.qtbot.mouseClick(console.extraction_page.device_action, Qt.MouseButton.LeftButton)
        dialog = console.dialog
        assert isinstance(dialog, IncidentDialog)
        assert dialog.incident == "failure_after_extraction_began"
        dialog.read_aloud.setChecked(True)
        self.qtbot.mouseClick(dialog.confirm, Qt.MouseButton.LeftButton)

    def draw_by_hand_to_the_end(self) -> None:
        while len(self.partida.balls) < 90:
            self.qtbot.mouseClick(
                self.console.extraction_page.draw_random_button, Qt.MouseButton.LeftButton
            )

    def close(self) -> None:
        self.bridge.close()
        self.session.stop()


@pytest.fixture
def table(qtbot: QtBot) -> Iterator[Any]:
    tables: list[Table] = []

    def make(scenario: Sequence[Mapping[str, Any]], **options: Any) -> Table:
        tables.append(Table(qtbot, scenario, **options))
        return tables[-1]

    yield make
    for t in tables:
        t.close()


def test_a_reader_misread_the_table_sees_holds_the_game_and_the_ball_prevails(
    table: Any,
) -> None:
    t = table([{"at_draw": 2, "fault": "misread", "number": 90}])
    t.press_draw()
    t.done()  # the table check is off: the reading is recorded at once
    assert t.partida.ball_sources == ["extractor"] and t.console.extraction_page.seen_box.isHidden()

    t.console.extraction_page.table_check.setChecked(True)
    t.press_draw()
    t.qtbot.waitUntil(t.console.extraction_page.seen_box.isVisible, timeout=10_000)
    truth = t.tube()  # the ball is in the tube and the reader has read it: the draw waits
    assert truth is not None and truth != 90 and t.bridge.busy
    t.type_into(t.console.extraction_page.seen_input, truth)
    t.done()
    held = t.console.extraction_page.hold_message.text()
    assert f"El lector leyó 90 pero la mesa ve el {truth}." in held
    assert t.partida.balls == t.released()[:1]  # nothing recorded while held
    t.type_into(t.console.extraction_page.hold_input, truth)

    partida = t.partida
    assert partida.balls == t.released() and partida.balls[-1] == truth
    assert partida.ball_sources == ["extractor", "operator"]
    (hold,) = partida.incidents
    assert hold.incident == "reader_hold" and "El lector leyó 90" in hold.note

    t.press_draw()  # the next ball, read right: the table agrees and it is the reader's
    t.qtbot.waitUntil(t.console.extraction_page.seen_box.isVisible, timeout=10_000)
    assert t.console.extraction_page.seen_input.text() == ""  # cleared after each ball
    seen = t.tube()
    assert seen is not None
    t.type_into(t.console.extraction_page.seen_input, seen)
    t.done()
    assert partida.balls == t.released() and partida.ball_sources[-1] == "extractor"


def test_the_ball_out_when_the_extractor_is_lost_is_drawn_exactly_once(table: Any) -> None:
    t = table([{"at_draw": 2, "fault": "disconnect", "mode": "cable", "duration": 2.0}])
    t.press_draw()
    t.done()
    t.press_draw()
    t.done()
    console = t.console
    assert (
        console.extraction_page.hold_box.isVisible()
        and console.extraction_page.device_box.isHidden()
    )
    assert "Hay una bola en el tubo" in console.extraction_page.hold_message.text()
    out = t.tube()
    assert out is not None and out not in t.partida.balls
    t.type_into(console.extraction_page.hold_input, out)

    partida = t.partida
    assert partida.balls == t.released() and partida.balls[-1] == out
    assert partida.ball_sources == ["extractor", "operator"]
    assert [i.incident for i in partida.incidents] == ["ball_in_tube"]  # II.1.b párr. 2
    t.go_manual()
    assert partida.manual_from_ball == 3
    t.draw_by_hand_to_the_end()
    assert sorted(partida.balls) == list(range(1, 91))  # none lost, none invented
    assert partida.balls.count(out) == 1  # never drawn again by hand
    assert partida.ball_sources[2:] == ["manual"] * 88
    assert len(t.released()) == 2  # and the extractor released nothing more


def test_when_the_release_never_happened_the_jefe_says_no_ball_came_out(table: Any) -> None:
    t = table([{"at_draw": 2, "fault": "power_cycle", "duration": 2.0}])
    t.press_draw()
    t.done()
    t.press_draw()
    t.done()
    console = t.console
    assert console.extraction_page.hold_no_ball.isVisible()  # nobody knows: the jefe de mesa looks
    assert t.tube() == t.partida.balls[0]  # only the last ball, still in the tube
    t.qtbot.mouseClick(console.extraction_page.hold_no_ball, Qt.MouseButton.LeftButton)
    t.go_manual()
    partida = t.partida
    assert partida.manual_from_ball == 2 and partida.balls == t.released()
    t.draw_by_hand_to_the_end()
    assert sorted(partida.balls) == list(range(1, 91))


def test_the_console_and_an_unattended_run_record_the_lost_extractor_alike(table: Any) -> None:
    """One draw policy (``bingo.drawing``): the same emulated devices, seed and fault give the
    same record at the console as in an unattended run (``app.devices.DeviceDraws``, as
    ``simulate --devices emulated``): the ball in the tube first, then manual extraction
    (R-INC-2, II.1.b párr. 2), with the same words in the notes."""
    from app.devices import DeviceDraws

    scenario = [{"at_draw": 2, "fault": "disconnect", "mode": "cable", "duration": 2.0}]
    t = table(scenario)
    start = len(t.kit.svc.records())
    t.press_draw()
    t.done()
    t.press_draw()
    t.done()
    t.type_into(t.console.extraction_page.hold_input, t.tube())
    t.go_manual()
    console = [(r.kind, r.payload) for r in t.kit.svc.records()[start:]]

    kit = make_hall()
    kit.partida_ready()
    start = len(kit.svc.records())
    session = start_emulated_session(
        7,
        scenario,
        link_timing=LINK,
        draw_timing=SHORT_GRACE,
        extractor_model=EXTRACTOR,
        reader_model=READER,
    )
    try:

        def tube(_draw: int) -> int | None:
            with session.hall.hub.lock:
                return session.hall.machine.tube_number()

        draws = DeviceDraws(kit.svc, session.source, tube)
        assert draws.draw_next().startswith("bola ")
        assert draws.draw_next().endswith("(leída por el jefe de mesa), extracción manual")
    finally:
        session.stop()
    unattended = [(r.kind, r.payload) for r in kit.svc.records()[start:]]
    assert [p["incident"] for k, p in console if k == "incident_recorded"] == [
        "ball_in_tube",
        "failure_after_extraction_began",
    ]
    assert console == unattended
