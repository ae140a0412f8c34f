"""The console with devices: draws on the worker thread, held balls, device failures.

The ball source here is a stand-in that answers like ``drivers.ballsource.DeviceBallSource``
(same result and exception types) without the timing of real serial devices.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from bingo.hall import Status
from drivers.ballsource import BallHeld, BallRead, BallSetIrregular, DeviceLost, DuplicateBall
from tests.ui.counting import answer_check, ball_checks, the_check
from tests.ui.kit import Kit, confirm_drawer, make_hall
from ui.bridge import Bridge
from ui.console import ConsoleDefaults, ConsoleWindow
from ui.console.dialogs import IncidentDialog

Outcome = int | BallHeld | BaseException


class StandInBallSource:
    def __init__(self, *outcomes: Outcome) -> None:
        self.outcomes = list(outcomes)
        self.draws: list[tuple[int, frozenset[int]]] = []
        self.on_gui_thread: list[bool] = []
        self.returned = 0
        self.resolved: list[int] = []
        self.lost_read: list[int] = []
        self.table_saw: list[int | None] = []
        self.gate: threading.Event | None = None

    def draw(
        self,
        draw_number: int,
        drawn: frozenset[int],
        operator_sees: Callable[[int], int | None] | None = None,
    ) -> BallRead | BallHeld:
        self.on_gui_thread.append(threading.current_thread() is threading.main_thread())
        self.draws.append((draw_number, drawn))
        if self.gate is not None:
            self.gate.wait(5)
        outcome = self.outcomes.pop(0)
        if isinstance(outcome, BaseException):
            raise outcome
        if isinstance(outcome, BallHeld):
            return outcome
        if operator_sees is not None:  # as DeviceBallSource: asked once the reading is sound
            seen = operator_sees(draw_number)
            self.table_saw.append(seen)
            if seen is not None and seen != outcome:
                return BallHeld(draw_number, "operator_mismatch", outcome, {"seen": seen})
        return BallRead(draw_number, outcome, f"{outcome:08x}", 98, "ocr")

    def resolve_hold(self, held: BallHeld, operator_number: int) -> BallRead:
        if operator_number in self.drawn_so_far(held.draw_number):
            raise DuplicateBall(operator_number)  # as DeviceBallSource
        self.resolved.append(operator_number)
        return BallRead(held.draw_number, operator_number, "", 100, "operator")

    def drawn_so_far(self, draw_number: int) -> frozenset[int]:
        return next((d for n, d in reversed(self.draws) if n == draw_number), frozenset())

    def resolve_lost(self, lost: DeviceLost, operator_number: int) -> BallRead:
        assert lost.draw_number is not None
        if operator_number in self.drawn_so_far(lost.draw_number):
            raise DuplicateBall(operator_number)  # as DeviceBallSource
        self.lost_read.append(operator_number)
        return BallRead(lost.draw_number, operator_number, "", 100, "operator")

    def scan_set(self) -> list[int]:
        return list(range(1, 91))

    def return_all(self) -> None:
        self.returned += 1


@pytest.fixture
def hall() -> Kit:
    return make_hall()


@pytest.fixture
def devices_bridge(hall: Kit) -> Iterator[Bridge]:
    b = Bridge()
    b.attach(hall.svc)
    yield b
    b.close()


def console_with(
    qtbot: QtBot, kit: Kit, bridge: Bridge, source: StandInBallSource
) -> ConsoleWindow:
    console = ConsoleWindow(
        kit.svc,
        source,
        bridge=bridge,
        defaults=ConsoleDefaults("Mesa", "Sala", today=lambda: "2026-11-23"),
    )
    qtbot.addWidget(console)
    console.show()
    qtbot.waitExposed(console)
    return console


def console_drawing(
    qtbot: QtBot, kit: Kit, bridge: Bridge, source: StandInBallSource
) -> ConsoleWindow:
    """The console on a partida ready for its first ball, drawn through ``source``."""
    console = console_with(qtbot, kit, bridge, source)
    kit.partida_ready()
    qtbot.waitUntil(console.extraction_page.draw_device_button.isEnabled)
    return console


def draw(qtbot: QtBot, console: ConsoleWindow) -> None:
    assert console.extraction_page.draw_device_button.isEnabled()
    qtbot.mouseClick(console.extraction_page.draw_device_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not console.bridge.busy, timeout=3000)


def test_the_session_opens_with_the_count_read_by_the_ball_reader(qtbot: QtBot) -> None:
    kit = make_hall(open_session=False)
    bridge = Bridge()
    bridge.attach(kit.svc)
    try:
        console = console_with(qtbot, kit, bridge, StandInBallSource())
        assert (
            console.session_page.balls_counted.isHidden()
            and not console.session_page.scan_balls.isHidden()
        )
        qtbot.mouseClick(console.session_page.open_session_button, Qt.MouseButton.LeftButton)
        assert "Lea primero el juego de bolas" in console.error.text()
        assert "Ctrl+L" in console.error.text()  # the key that does it, not a hunt for it
        with qtbot.waitSignal(bridge.jobDone, timeout=3000):
            qtbot.mouseClick(console.session_page.scan_balls, Qt.MouseButton.LeftButton)
        assert "90 bolas leídas" in console.session_page.scan_result.text()
        records = len(kit.svc.records())
        qtbot.mouseClick(console.session_page.open_session_button, Qt.MouseButton.LeftButton)
        # the reader vouches for the numbers; their state is confirmed before the jefe de sala
        dialog = the_check(console)
        assert len(kit.svc.records()) == records
        assert "el lector ha leído las 90 bolas" in dialog.numbering.text()
        answer_check(qtbot, console)
        session = kit.hall.session
        assert session is not None and session.ball_checks[0].method == "reader"
    finally:
        bridge.close()


def test_damaged_balls_after_the_reader_count_are_recorded_and_the_session_does_not_open(
    qtbot: QtBot,
) -> None:
    kit = make_hall(open_session=False)
    bridge = Bridge()
    bridge.attach(kit.svc)
    try:
        console = console_with(qtbot, kit, bridge, StandInBallSource())
        with qtbot.waitSignal(bridge.jobDone, timeout=3000):
            qtbot.mouseClick(console.session_page.scan_balls, Qt.MouseButton.LeftButton)
        qtbot.mouseClick(console.session_page.open_session_button, Qt.MouseButton.LeftButton)
        answer_check(qtbot, console, damaged="la 17 agrietada")

        [check] = ball_checks(kit)
        assert (check.when, check.method, len(check.numbers)) == ("open", "reader", 90)
        assert (check.condition_ok, check.note, check.ok) == (False, "la 17 agrietada", False)
        assert kit.hall.session is None
        assert "no es conforme (hay bolas dañadas)" in console.error.text()
        assert console.error.offered() == "Cambiar el juego de bolas…"
        qtbot.mouseClick(console.session_page.open_session_button, Qt.MouseButton.LeftButton)
        assert "Lea primero el juego de bolas" in console.error.text()  # the new set is read
    finally:
        bridge.close()


def test_the_closing_count_with_the_reader_asks_for_the_balls_state_too(
    qtbot: QtBot, hall: Kit, devices_bridge: Bridge
) -> None:
    console = console_with(qtbot, hall, devices_bridge, StandInBallSource())
    with qtbot.waitSignal(devices_bridge.jobDone, timeout=3000):
        qtbot.mouseClick(console.session_page.scan_balls, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(console.session_page.close_session_button, Qt.MouseButton.LeftButton)
    confirm_drawer(console)
    answer_check(qtbot, console)
    session = hall.hall.sessions[-1]
    assert not session.open and [c.when for c in session.ball_checks] == ["open", "close"]
    assert session.ball_checks[-1].method == "reader" and session.ball_checks[-1].ok


def test_a_ball_is_drawn_on_the_worker_thread_and_recorded(
    qtbot: QtBot, hall: Kit, devices_bridge: Bridge
) -> None:
    source = StandInBallSource(42, 7)
    console = console_drawing(qtbot, hall, devices_bridge, source)
    assert not console.extraction_page.ball_input.isEnabled()  # the devices give the balls

    draw(qtbot, console)
    draw(qtbot, console)
    partida = hall.hall.partida
    assert partida is not None and partida.balls == [42, 7]
    assert partida.ball_sources == ["extractor", "extractor"]
    assert source.draws == [(1, frozenset()), (2, frozenset({42}))]
    assert source.on_gui_thread == [False, False]
    assert source.returned == 1  # the balls went back to the drum before the first draw
    assert console.side.last_ball.number() == 7


def test_the_draw_button_waits_while_a_ball_is_on_its_way(
    qtbot: QtBot, hall: Kit, devices_bridge: Bridge
) -> None:
    source = StandInBallSource(42)
    source.gate = threading.Event()
    console = console_drawing(qtbot, hall, devices_bridge, source)
    qtbot.mouseClick(console.extraction_page.draw_device_button, Qt.MouseButton.LeftButton)
    assert not console.extraction_page.draw_device_button.isEnabled()
    assert console.extraction_page.draw_device_button.text() == "Extrayendo…"
    console.draws.draw_from_devices()  # a second press does nothing
    source.gate.set()
    qtbot.waitUntil(lambda: not devices_bridge.busy, timeout=3000)
    assert len(source.draws) == 1
    assert console.extraction_page.draw_device_button.isEnabled()


def test_a_held_ball_shows_why_and_takes_the_number_the_jefe_de_mesa_reads(
    qtbot: QtBot, hall: Kit, devices_bridge: Bridge
) -> None:
    held = BallHeld(1, "low_confidence", 38, {"confidence": 41})
    source = StandInBallSource(held)
    console = console_drawing(qtbot, hall, devices_bridge, source)
    draw(qtbot, console)

    assert not console.extraction_page.hold_box.isHidden()
    assert "Lectura dudosa" in console.extraction_page.hold_message.text()
    assert not console.extraction_page.draw_device_button.isEnabled()
    partida = hall.hall.partida
    assert partida is not None and partida.balls == []
    qtbot.keyClicks(console.extraction_page.hold_input, "88")
    qtbot.keyClick(console.extraction_page.hold_input, Qt.Key.Key_Return)
    assert source.resolved == [88]
    assert partida.balls == [88]  # the ball prevails over the reading (R-GAME-3)
    assert partida.ball_sources == ["operator"]
    assert console.extraction_page.hold_box.isHidden()
    # the acta says why the jefe de mesa read the ball (Cantabria III, párr. 9)
    (incident,) = partida.incidents
    assert incident.incident == "reader_hold" and incident.after_ball == 0
    assert incident.note == (
        "extracción 1: Lectura dudosa del lector: 38 (confianza 41 %). Partida detenida: lea la "
        "bola del tubo e introduzca su número. La bola es el 88."
    )
    kinds = [r.kind for r in hall.svc.records()][-2:]
    assert kinds == ["incident_recorded", "ball_drawn"]  # committed together, hold first


def test_a_device_lost_after_the_first_ball_leads_to_manual_extraction(
    qtbot: QtBot, hall: Kit, devices_bridge: Bridge
) -> None:
    lost = DeviceLost("extractor", "offline", draw_number=2)
    source = StandInBallSource(15, lost)
    console = console_drawing(qtbot, hall, devices_bridge, source)
    draw(qtbot, console)
    draw(qtbot, console)

    assert not console.extraction_page.device_box.isHidden()
    assert "perdido la comunicación" in console.extraction_page.device_message.text()
    assert console.extraction_page.device_action.text() == "Seguir por extracción manual… (Ctrl+I)"
    qtbot.mouseClick(console.extraction_page.device_action, Qt.MouseButton.LeftButton)
    dialog = console.dialog
    assert isinstance(dialog, IncidentDialog)
    assert dialog.incident == "failure_after_extraction_began"  # R-INC-2, read aloud (R-INC-5)
    assert "perdido la comunicación" in dialog.note.text()
    dialog.read_aloud.setChecked(True)
    qtbot.mouseClick(dialog.confirm, Qt.MouseButton.LeftButton)

    partida = hall.hall.partida
    assert partida is not None and partida.manual_from_ball == 2
    assert console.extraction_page.device_box.isHidden()
    assert not console.extraction_page.draw_device_button.isEnabled()
    assert (
        console.extraction_page.draw_random_button.isVisible()
        and console.extraction_page.ball_input.isEnabled()
    )
    qtbot.mouseClick(console.extraction_page.draw_random_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(console.extraction_page.ball_input, "16" if partida.balls[-1] != 16 else "17")
    qtbot.keyClick(console.extraction_page.ball_input, Qt.Key.Key_Return)
    assert partida.ball_sources == ["extractor", "manual", "manual"]


def test_the_ball_out_when_a_device_is_lost_is_read_and_recorded_before_manual_extraction(
    qtbot: QtBot, hall: Kit, devices_bridge: Bridge
) -> None:
    lost = DeviceLost("extractor", "offline", draw_number=2, ball_in_tube=True)
    source = StandInBallSource(15, lost)
    console = console_drawing(qtbot, hall, devices_bridge, source)
    draw(qtbot, console)
    draw(qtbot, console)

    # a prompt that must be answered: no manual extraction, no other draw, until it is
    assert (
        not console.extraction_page.hold_box.isHidden()
        and console.extraction_page.device_box.isHidden()
    )
    assert "consta como la bola 2" in console.extraction_page.hold_message.text()
    assert console.extraction_page.hold_no_ball.isHidden()  # the reader saw the ball come out
    assert not console.extraction_page.draw_device_button.isEnabled()
    console.incidents.open_incident("manual_extraction")
    assert console.dialog is None and "Antes lea la bola del tubo" in console.error.text()
    qtbot.keyClicks(
        console.extraction_page.hold_input, "15"
    )  # the last ball drawn: not this draw's
    qtbot.keyClick(console.extraction_page.hold_input, Qt.Key.Key_Return)
    assert "La bola 15 ya había salido" in console.error.text() and source.lost_read == []
    console.extraction_page.hold_input.clear()
    qtbot.keyClicks(console.extraction_page.hold_input, "61")
    qtbot.keyClick(console.extraction_page.hold_input, Qt.Key.Key_Return)

    partida = hall.hall.partida
    assert partida is not None and partida.balls == [15, 61] and source.lost_read == [61]
    assert partida.ball_sources == ["extractor", "operator"]
    (incident,) = partida.incidents
    assert incident.incident == "ball_in_tube" and incident.after_ball == 1
    assert incident.paragraph.startswith("II.1.b, párrafo 2")
    assert incident.note.startswith("extracción 2: Se ha perdido la comunicación")
    assert incident.note.endswith("El jefe de mesa lee la bola del tubo: es el 61.")
    assert (
        console.extraction_page.hold_box.isHidden()
        and not console.extraction_page.device_box.isHidden()
    )
    assert "consta como la bola 2" in console.extraction_page.device_message.text()
    qtbot.mouseClick(console.extraction_page.device_action, Qt.MouseButton.LeftButton)
    dialog = console.dialog
    assert isinstance(dialog, IncidentDialog)
    assert dialog.incident == "failure_after_extraction_began"
    dialog.read_aloud.setChecked(True)
    qtbot.mouseClick(dialog.confirm, Qt.MouseButton.LeftButton)
    assert partida.manual_from_ball == 3

    for _ in range(88):  # every pending ball, by hand: 61 is not among them
        qtbot.mouseClick(console.extraction_page.draw_random_button, Qt.MouseButton.LeftButton)
    assert sorted(partida.balls) == list(range(1, 91)) and partida.balls.count(61) == 1
    assert partida.ball_sources[2:] == ["manual"] * 88


def test_when_no_ball_came_out_the_jefe_says_so_and_nothing_is_recorded(
    qtbot: QtBot, hall: Kit, devices_bridge: Bridge
) -> None:
    lost = DeviceLost("extractor", "release_unconfirmed", draw_number=2, ball_in_tube=None)
    source = StandInBallSource(15, lost)
    console = console_drawing(qtbot, hall, devices_bridge, source)
    draw(qtbot, console)
    draw(qtbot, console)

    assert "Mire el tubo" in console.extraction_page.hold_message.text()
    assert console.extraction_page.hold_no_ball.isVisible()
    qtbot.keyClicks(console.extraction_page.hold_input, "15")  # the last ball, still in the tube
    qtbot.keyClick(console.extraction_page.hold_input, Qt.Key.Key_Return)
    assert "pulse «No salió ninguna bola»" in console.error.text()
    qtbot.mouseClick(console.extraction_page.hold_no_ball, Qt.MouseButton.LeftButton)
    partida = hall.hall.partida
    assert partida is not None and partida.balls == [15] and source.lost_read == []
    assert (
        console.extraction_page.hold_box.isHidden()
        and console.extraction_page.device_action.isVisible()
    )
    qtbot.mouseClick(console.extraction_page.device_action, Qt.MouseButton.LeftButton)
    dialog = console.dialog
    assert isinstance(dialog, IncidentDialog)
    assert "No salió ninguna bola (comprobado por el jefe de mesa)." in dialog.note.text()
    dialog.read_aloud.setChecked(True)
    qtbot.mouseClick(dialog.confirm, Qt.MouseButton.LeftButton)
    assert partida.manual_from_ball == 2
    assert "No salió ninguna bola" in partida.incidents[-1].note  # in the acta


def test_a_lost_device_on_the_first_draw_with_the_ball_out_records_it_then_goes_manual(
    qtbot: QtBot, hall: Kit, devices_bridge: Bridge
) -> None:
    lost = DeviceLost("extractor", "offline", draw_number=1, ball_in_tube=True)
    console = console_drawing(qtbot, hall, devices_bridge, StandInBallSource(lost))
    draw(qtbot, console)
    qtbot.keyClicks(console.extraction_page.hold_input, "9")
    qtbot.keyClick(console.extraction_page.hold_input, Qt.Key.Key_Return)
    partida = hall.hall.partida
    assert partida is not None and partida.balls == [9]
    assert (
        console.extraction_page.device_action.text() == "Seguir por extracción manual… (Ctrl+I)"
    )  # it has begun


def test_the_table_check_holds_a_reading_the_table_does_not_see(
    qtbot: QtBot, hall: Kit, devices_bridge: Bridge
) -> None:
    source = StandInBallSource(42, 68, 7)
    console = console_drawing(qtbot, hall, devices_bridge, source)
    assert not console.extraction_page.table_check.isChecked()  # normal play is not slowed
    draw(qtbot, console)
    assert source.table_saw == [] and console.extraction_page.seen_box.isHidden()

    console.extraction_page.table_check.setChecked(True)
    qtbot.mouseClick(console.extraction_page.draw_device_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(console.extraction_page.seen_box.isVisible, timeout=3000)
    assert (
        console.extraction_page.seen_input.hasFocus() and devices_bridge.busy
    )  # the draw waits for it
    qtbot.keyClicks(console.extraction_page.seen_input, "86")
    qtbot.keyClick(console.extraction_page.seen_input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not devices_bridge.busy, timeout=3000)
    assert source.table_saw == [86]
    assert "El lector leyó 68 pero la mesa ve el 86." in console.extraction_page.hold_message.text()
    assert (
        console.extraction_page.seen_box.isHidden()
        and console.extraction_page.seen_input.text() == ""
    )  # cleared
    qtbot.keyClicks(console.extraction_page.hold_input, "86")
    qtbot.keyClick(console.extraction_page.hold_input, Qt.Key.Key_Return)
    partida = hall.hall.partida
    assert partida is not None and partida.balls == [42, 86]
    assert partida.ball_sources == ["extractor", "operator"]
    assert "El lector leyó 68 pero la mesa ve el 86." in partida.incidents[0].note

    qtbot.mouseClick(console.extraction_page.draw_device_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(console.extraction_page.seen_box.isVisible, timeout=3000)
    qtbot.keyClicks(console.extraction_page.seen_input, "7")
    qtbot.mouseClick(console.extraction_page.seen_confirm, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not devices_bridge.busy, timeout=3000)
    assert partida.balls == [42, 86, 7] and partida.ball_sources[-1] == "extractor"


def test_a_draw_waiting_for_the_table_ends_when_the_bridge_closes(qtbot: QtBot, hall: Kit) -> None:
    bridge = Bridge()
    bridge.attach(hall.svc)
    source = StandInBallSource(42)
    console = console_drawing(qtbot, hall, bridge, source)
    console.extraction_page.table_check.setChecked(True)
    qtbot.mouseClick(console.extraction_page.draw_device_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(console.extraction_page.seen_box.isVisible, timeout=3000)
    bridge.close(wait=True)  # would hang if the question were left unanswered
    assert source.table_saw == [None]


def test_a_ball_set_irregularity_annuls_the_partida_after_the_paragraph(
    qtbot: QtBot, hall: Kit, devices_bridge: Bridge
) -> None:
    irregular = BallSetIrregular("double_feed", draw_number=2)
    source = StandInBallSource(15, irregular)
    console = console_drawing(qtbot, hall, devices_bridge, source)
    draw(qtbot, console)
    draw(qtbot, console)

    assert "dos bolas" in console.extraction_page.device_message.text()
    qtbot.mouseClick(console.extraction_page.device_action, Qt.MouseButton.LeftButton)
    dialog = console.dialog
    assert isinstance(dialog, IncidentDialog) and dialog.incident == "ball_irregularity"
    dialog.read_aloud.setChecked(True)
    qtbot.mouseClick(dialog.confirm, Qt.MouseButton.LeftButton)
    session = hall.hall.session
    assert session is not None and session.partidas[-1].status == Status.ANNULLED
    assert session.partidas[-1].refund_cents == 1000


def test_a_device_lost_before_the_first_ball_offers_the_suspension(
    qtbot: QtBot, hall: Kit, devices_bridge: Bridge
) -> None:
    lost = DeviceLost("extractor", "offline", draw_number=1)
    console = console_drawing(qtbot, hall, devices_bridge, StandInBallSource(lost))
    draw(qtbot, console)
    assert console.extraction_page.device_action.text() == "Suspender la partida… (Ctrl+I)"
    qtbot.mouseClick(console.extraction_page.device_action, Qt.MouseButton.LeftButton)
    dialog = console.dialog
    assert isinstance(dialog, IncidentDialog) and dialog.incident == "failure_before_first_ball"
    dialog.reject()


@pytest.mark.slow
def test_the_console_counts_and_draws_with_the_emulated_devices(qtbot: QtBot) -> None:
    from drivers.sessions import open_emulated_devices

    kit = make_hall(open_session=False)
    source, stop = open_emulated_devices(5)
    bridge = Bridge()
    bridge.attach(kit.svc)
    try:
        console = ConsoleWindow(kit.svc, source, bridge=bridge)
        qtbot.addWidget(console)
        console.show()
        qtbot.keyClicks(console.session_page.jefe_de_mesa, "Ana")
        qtbot.keyClicks(console.session_page.jefe_de_sala, "Luis")
        qtbot.mouseClick(console.session_page.scan_balls, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not bridge.busy, timeout=30_000)
        qtbot.mouseClick(console.session_page.open_session_button, Qt.MouseButton.LeftButton)
        answer_check(qtbot, console)
        assert kit.hall.session is not None, console.error.text()
        kit.partida_ready()
        qtbot.waitUntil(console.extraction_page.draw_device_button.isEnabled)
        qtbot.mouseClick(console.extraction_page.draw_device_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not bridge.busy, timeout=30_000)
        partida = kit.hall.partida
        assert partida is not None and len(partida.balls) == 1, console.error.text()
        assert partida.ball_sources == ["extractor"]
    finally:
        bridge.close()
        stop()


def test_nobody_else_sings_a_line_draws_nothing_and_f6_draws_one_ball(
    qtbot: QtBot, hall: Kit, devices_bridge: Bridge
) -> None:
    """Alt+N after a valid line only records that the table asked «¿Alguna línea más?»: the
    next ball is F6's. It used to draw one too, and F6 pressed then drew a second (R-GAME-5;
    decision 170).
    """
    first = hall.carton(1)
    line = list(first.rows[0])
    rest = [n for n in range(1, 91) if n not in first.numbers]
    source = StandInBallSource(*line, *rest[:3])
    console = console_drawing(qtbot, hall, devices_bridge, source)
    for _ in line:
        draw(qtbot, console)
    page = console.extraction_page
    page.claim_line.setChecked(True)
    page.claim_number.setText("1")
    page.claimCheck.emit()
    assert page.verdict.text().startswith("LÍNEA CORRECTA"), page.verdict.text()

    console.claims.asked_more()  # what Alt+N does
    assert not devices_bridge.busy
    partida = hall.hall.partida
    assert partida is not None
    assert len(source.draws) == len(line) and len(partida.balls) == len(line)
    assert page.draw_device_button.isEnabled()

    console.claims.draw_key()  # F6
    qtbot.waitUntil(lambda: len(partida.balls) == len(line) + 1, timeout=3000)
    qtbot.waitUntil(lambda: not devices_bridge.busy, timeout=3000)
    assert len(source.draws) == len(line) + 1
