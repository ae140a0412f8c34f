"""The console drives a real hall service through its widgets, as the jefe de mesa would."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListWidget, QTableWidget
from pytestqt.qtbot import QtBot

from bingo.hall import Status
from bingo.readmodel import panel_state
from bingo.regulation import PARAGRAPHS
from tests.ui.counting import answer_check
from tests.ui.kit import Kit, confirm_drawer, make_hall
from ui.bridge import Bridge
from ui.console import ConsoleDefaults, ConsoleWindow
from ui.console.dialogs import IncidentDialog

LEFT = Qt.MouseButton.LeftButton


def open_console(qtbot: QtBot, kit: Kit, bridge: Bridge, **options: object) -> ConsoleWindow:
    console = ConsoleWindow(
        kit.svc,
        bridge=bridge,
        defaults=ConsoleDefaults("Ana Mesa", "Luis Sala", today=lambda: "2026-11-22"),
        **options,  # type: ignore[arg-type]
    )
    qtbot.addWidget(console)
    console.resize(1366, 768)
    console.show()
    qtbot.waitExposed(console)
    return console


@pytest.fixture
def fresh() -> Kit:
    return make_hall(open_session=False, prima_cents=20000)


@pytest.fixture
def fresh_bridge(fresh: Kit) -> Iterator[Bridge]:
    b = Bridge()
    b.attach(fresh.svc)
    yield b
    b.close()


@pytest.fixture
def console(qtbot: QtBot, kit: Kit, bridge: Bridge) -> ConsoleWindow:
    return open_console(qtbot, kit, bridge)


def type_into(qtbot: QtBot, widget: object, text: str, enter: bool = False) -> None:
    widget.selectAll()  # type: ignore[attr-defined]
    qtbot.keyClicks(widget, text)
    if enter:
        qtbot.keyClick(widget, Qt.Key.Key_Return)


def click(qtbot: QtBot, button: object) -> None:
    assert button.isEnabled(), f"{button.objectName()} is disabled"  # type: ignore[attr-defined]
    qtbot.mouseClick(button, LEFT)


def draw_typed(qtbot: QtBot, console: ConsoleWindow, numbers: list[int]) -> None:
    for n in numbers:
        type_into(qtbot, console.extraction_page.ball_input, str(n), enter=True)
        assert console.error.isHidden(), console.error.text()


def test_a_whole_partida_is_played_through_the_console(
    qtbot: QtBot, fresh: Kit, fresh_bridge: Bridge
) -> None:
    console = open_console(qtbot, fresh, fresh_bridge)
    hall = fresh.hall
    assert console.pages.currentIndex() == 0
    assert console.session_page.jefe_de_mesa.text() == "Ana Mesa"

    # the session opens once the 90 balls were counted before the jefe de sala
    click(qtbot, console.session_page.open_session_button)
    assert not console.error.isHidden()  # not counted yet
    assert hall.session is None
    console.session_page.balls_counted.setChecked(True)
    click(qtbot, console.session_page.open_session_button)
    assert hall.session is None  # their condition is asked first
    answer_check(qtbot, console)
    assert hall.session is not None and hall.session.id == "S-2026-11-22"
    assert hall.session.ball_checks[0].method == "manual"
    assert console.pages.currentIndex() == 1

    # the sale, in correlative blocks
    click(qtbot, console.sale_page.start_partida_button)
    type_into(qtbot, console.sale_page.sale_count, "30")
    click(qtbot, console.sale_page.sell_button)
    type_into(qtbot, console.sale_page.sale_count, "20", enter=True)
    assert "Vendidos 50 cartones" in console.sale_page.sale_totals.text()
    assert console.sale_page.sales_list.count() == 2
    assert console.header.door.text().startswith("PUERTA ABIERTA")
    click(qtbot, console.sale_page.close_sale_button)
    assert console.dialog is not None  # asked first: it cannot be undone
    qtbot.keyClick(console.dialog, Qt.Key.Key_Return)
    assert "Línea 5,00 €. Bingo 25,50 €." in console.sale_page.sale_announce.text()
    assert (
        not console.extraction_page.draw_typed_button.isEnabled()
    )  # no ball before the panels (R-ACTA-2)
    click(qtbot, console.sale_page.confirm_shown_button)
    assert console.header.door.text().startswith("PUERTA CERRADA")  # R-GAME-7
    assert console.pages.currentIndex() == 2

    # the balls, typed as they come out; a line, a false bingo, the bingo
    carton = fresh.carton(7)
    draw_typed(qtbot, console, [n for n in (1, 2) if n not in carton.numbers])
    draw_typed(qtbot, console, list(carton.rows[0]))
    assert console.side.last_ball.number() == carton.rows[0][-1]
    assert set(carton.rows[0]) <= console.side.board.lit()
    type_into(qtbot, console.extraction_page.claim_number, "7")
    click(qtbot, console.extraction_page.claim_button)
    assert console.extraction_page.verdict.text() == "LÍNEA CORRECTA: A / 7"
    assert console.extraction_page.carton.numbers() == carton.numbers
    assert console.extraction_page.carton.marked() == set(carton.rows[0])
    # "¿Alguna línea más?" before the next ball (decision 170)
    assert not console.extraction_page.more_box.isHidden()
    click(qtbot, console.extraction_page.asked_more_button)

    console.extraction_page.claim_bingo.setChecked(True)
    type_into(qtbot, console.extraction_page.claim_number, "8", enter=True)
    assert console.extraction_page.verdict.text() == "NO HAY BINGO: A / 8"
    assert console.extraction_page.verdict_reason.text().startswith("faltan: ")
    assert hall.partida is not None and hall.partida.status == Status.CLAIM_CHECK

    partida = hall.partida
    draw_typed(qtbot, console, [n for n in sorted(carton.numbers) if n not in partida.balls])
    type_into(qtbot, console.extraction_page.claim_number, "7", enter=True)
    assert console.extraction_page.verdict.text() == "BINGO CORRECTO: A / 7"

    # "¿Alguna línea más? ¿Algún bingo más?" before the close (R-GAME-4)
    assert not console.extraction_page.more_box.isHidden()
    assert not console.extraction_page.close_partida_button.isEnabled()
    click(qtbot, console.extraction_page.asked_more_button)
    click(qtbot, console.extraction_page.close_partida_button)
    assert console.pages.currentIndex() == 3
    awards = console.prizes_page.awards
    rows = {(awards.item(r, 0).text(), awards.item(r, 4).text()) for r in range(awards.rowCount())}
    assert rows == {("línea", "5,00 €"), ("bingo", "25,50 €")}
    assert console.prizes_page.awards_total.text().startswith("Total a pagar: 30,50 €")
    click(qtbot, console.prizes_page.pay_button)
    assert hall.session.partidas[-1].status == Status.PAID
    assert console.sale_page.start_partida_button.isEnabled()
    assert console.pages.currentIndex() == 1


def test_the_partida_closes_only_once_the_line_is_heard(
    qtbot: QtBot, kit: Kit, console: ConsoleWindow
) -> None:
    """Cantabria V.1.a and V.3 (decision 9): nobody called the line before the bingo; closing is
    refused and the claim entry is offered for the line, which the bingo cartón also holds."""
    kit.partida_ready([("A", 20)])
    console.refresh()
    draw_typed(qtbot, console, sorted(kit.carton(7).numbers))
    console.extraction_page.claim_bingo.setChecked(True)
    type_into(qtbot, console.extraction_page.claim_number, "7", enter=True)
    assert console.extraction_page.verdict.text() == "BINGO CORRECTO: A / 7"
    click(qtbot, console.extraction_page.asked_more_button)
    click(qtbot, console.extraction_page.close_partida_button)
    assert "sin el premio de línea" in console.error.text()
    assert kit.hall.partida is not None and kit.hall.partida.status == Status.BINGO_CALLED
    assert console.extraction_page.claim_line.isChecked()
    type_into(qtbot, console.extraction_page.claim_number, "7", enter=True)
    assert console.extraction_page.verdict.text() == "LÍNEA CORRECTA: A / 7"
    click(qtbot, console.extraction_page.close_partida_button)
    assert console.pages.currentIndex() == 3
    assert {a.prize for a in kit.hall.sessions[-1].partidas[-1].awards} == {"line", "bingo"}


def test_the_claimed_carton_only_is_shown_never_an_unclaimed_winner(
    qtbot: QtBot, kit: Kit, console: ConsoleWindow
) -> None:
    kit.partida_ready((("A", 30),))
    winner = kit.carton(5)
    kit.draw_rest_until(sorted(winner.numbers))  # cartón 5 has a bingo nobody called
    qtbot.waitUntil(lambda: console.side.last_ball.number() is not None)

    def everything_shown() -> str:
        texts = [w.text() for w in console.findChildren(QLabel) if w.isVisibleTo(console)]
        for log in console.findChildren(QListWidget):
            texts += [log.item(i).text() for i in range(log.count())]
        for table in console.findChildren(QTableWidget):
            texts += [
                table.item(r, c).text()
                for r in range(table.rowCount())
                for c in range(table.columnCount())
            ]
        return "\n".join(texts)

    assert console.extraction_page.carton.numbers() == frozenset()
    assert "A / 5" not in everything_shown() and "A/5" not in everything_shown()
    assert panel_state(kit.hall).winners == ()

    loser = next(
        n for n in range(6, 31) if not kit.carton(n).numbers <= set(kit.hall.partida.balls)
    )
    console.extraction_page.claim_bingo.setChecked(True)
    type_into(qtbot, console.extraction_page.claim_number, str(loser), enter=True)
    assert console.extraction_page.verdict.text() == f"NO HAY BINGO: A / {loser}"
    assert (
        console.extraction_page.carton.numbers() == kit.carton(loser).numbers
    )  # that cartón, no other
    assert "A / 5" not in everything_shown() and "A/5" not in everything_shown()


def test_a_refused_command_is_shown_and_what_was_typed_stays(
    qtbot: QtBot, kit: Kit, console: ConsoleWindow
) -> None:
    kit.partida_ready()
    qtbot.waitUntil(lambda: console.extraction_page.draw_typed_button.isEnabled())
    draw_typed(qtbot, console, [40])
    type_into(qtbot, console.extraction_page.ball_input, "40", enter=True)  # the same ball again
    assert not console.error.isHidden()
    assert "la bola 40 ya salió" in console.error.text()
    assert console.extraction_page.ball_input.text() == "40"
    assert "✖" in console.event_log.item(console.event_log.count() - 1).text()
    assert kit.hall.partida is not None and kit.hall.partida.balls == [40]

    type_into(qtbot, console.extraction_page.claim_number, "299", enter=True)  # sold only 1..10
    assert "no se vendió en esta partida" in console.error.text()
    assert console.extraction_page.claim_number.text() == "299"

    type_into(qtbot, console.extraction_page.ball_input, "41", enter=True)
    assert console.error.isHidden()  # the next good command clears the banner


def test_an_unexpected_failure_is_shown_not_raised(
    qtbot: QtBot, kit: Kit, console: ConsoleWindow
) -> None:
    kit.partida_ready()
    qtbot.waitUntil(lambda: console.extraction_page.draw_typed_button.isEnabled())

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError("disco lleno")

    kit.svc.draw_ball = broken  # type: ignore[method-assign]
    type_into(qtbot, console.extraction_page.ball_input, "12", enter=True)
    assert "error inesperado: disco lleno" in console.error.text()
    assert console.extraction_page.ball_input.text() == "12"


def test_a_sale_out_of_order_is_refused_with_the_reason(
    qtbot: QtBot, kit: Kit, console: ConsoleWindow
) -> None:
    click(qtbot, console.sale_page.start_partida_button)
    console.sale_page.sale_first.setValue(5)
    console.sale_page.sale_last.setValue(9)
    click(qtbot, console.sale_page.sell_range_button)
    assert "correlativa" in console.error.text()
    assert kit.hall.partida is not None and kit.hall.partida.sales == []
    console.sale_page.sale_first.setValue(1)
    click(qtbot, console.sale_page.sell_range_button)
    assert kit.hall.partida.cards_sold == 9


@pytest.mark.parametrize(
    ("key", "incident"),
    [
        ("suspend", "failure_before_first_ball"),
        ("caller_error", "caller_error"),
        ("ball_irregularity", "ball_irregularity"),
        ("manual_extraction", "failure_after_extraction_began"),
        ("correct_ball", "ball_corrected"),
    ],
)
def test_an_incident_shows_its_regulation_paragraph_before_it_is_confirmed(
    qtbot: QtBot, kit: Kit, console: ConsoleWindow, key: str, incident: str
) -> None:
    kit.partida_ready()
    if key != "suspend":
        kit.draw([10, 20, 30])
    console.refresh()
    console.menu_actions[f"incident_{key}"].trigger()
    dialog = console.dialog
    assert isinstance(dialog, IncidentDialog)
    reference, text = PARAGRAPHS[incident]
    assert dialog.reference.text() == reference
    assert text in dialog.paragraph.text()
    assert dialog.isVisible()
    assert not dialog.confirm.isEnabled()  # not before it was read aloud, with a note
    qtbot.keyClicks(dialog.note, "nota")
    assert not dialog.confirm.isEnabled()
    dialog.read_aloud.setChecked(True)
    assert dialog.confirm.isEnabled()
    click(qtbot, dialog.confirm)
    assert kit.hall.session is not None
    recorded = kit.hall.session.partidas[-1].incidents
    assert [i.incident for i in recorded] == [incident]
    assert text in recorded[0].paragraph


def test_suspension_and_resumption_through_the_console(
    qtbot: QtBot, kit: Kit, console: ConsoleWindow
) -> None:
    kit.partida_ready()
    console.refresh()
    console.menu_actions["incident_suspend"].trigger()
    dialog = console.dialog
    assert isinstance(dialog, IncidentDialog)
    qtbot.keyClicks(dialog.note, "corte de luz")
    dialog.read_aloud.setChecked(True)
    click(qtbot, dialog.confirm)
    assert kit.hall.partida is not None and kit.hall.partida.status == Status.SUSPENDED
    assert not console.header.suspended_box.isHidden()
    assert not console.menu_actions["incident_suspend"].isEnabled()

    click(qtbot, console.header.resume_button)
    dialog = console.dialog
    assert isinstance(dialog, IncidentDialog)
    qtbot.keyClicks(dialog.note, "luz repuesta")
    dialog.read_aloud.setChecked(True)
    click(qtbot, dialog.confirm)
    assert kit.hall.partida.status == Status.READY
    assert console.header.suspended_box.isHidden()


def test_a_misannounced_ball_is_corrected(qtbot: QtBot, kit: Kit, console: ConsoleWindow) -> None:
    kit.partida_ready()
    kit.draw([10, 20, 30])
    console.refresh()
    console.menu_actions["incident_correct_ball"].trigger()
    dialog = console.dialog
    assert isinstance(dialog, IncidentDialog) and dialog.index and dialog.number
    dialog.index.setValue(2)
    dialog.number.setValue(21)
    dialog.note.setText("se cantó 20, la bola es 21")
    dialog.read_aloud.setChecked(True)
    click(qtbot, dialog.confirm)
    assert kit.hall.partida is not None and kit.hall.partida.balls == [10, 21, 30]
    assert console.side.board.lit() == {10, 21, 30}


def test_an_incident_that_does_not_fit_the_state_is_refused_in_words(
    qtbot: QtBot, kit: Kit, console: ConsoleWindow
) -> None:
    console.incidents.open_incident("caller_error")
    assert console.dialog is None
    assert "no cabe ahora" in console.error.text()


def test_keyboard_drives_the_partida(qtbot: QtBot, kit: Kit, console: ConsoleWindow) -> None:
    console.activateWindow()
    qtbot.waitActive(console)
    qtbot.keyClick(console, Qt.Key.Key_F3)
    assert kit.hall.partida is not None
    assert console.sale_page.sale_count.hasFocus()
    type_into(qtbot, console.sale_page.sale_count, "12", enter=True)
    qtbot.keyClick(console, Qt.Key.Key_F4)
    assert console.dialog is not None
    qtbot.keyClick(console.dialog, Qt.Key.Key_Return)  # F4 asks; Enter closes the sale
    qtbot.keyClick(console, Qt.Key.Key_F5)
    assert kit.hall.partida.status == Status.READY
    qtbot.keyClick(console, Qt.Key.Key_F6)
    assert console.extraction_page.ball_input.hasFocus()
    qtbot.keyClicks(console.extraction_page.ball_input, "77")
    qtbot.keyClick(console.extraction_page.ball_input, Qt.Key.Key_Return)
    assert kit.hall.partida.balls == [77]
    qtbot.keyClick(console, Qt.Key.Key_F7)
    assert console.extraction_page.claim_number.hasFocus()


def test_the_prima_amount_is_chosen_between_partidas(
    qtbot: QtBot, fresh: Kit, fresh_bridge: Bridge
) -> None:
    fresh.svc.hall.prima.awarded_since_chosen = True  # the amount in force may change
    console = open_console(qtbot, fresh, fresh_bridge)
    index = console.session_page.prima_amount.findData(30_000)
    console.session_page.prima_amount.setCurrentIndex(index)
    click(qtbot, console.session_page.choose_prima_button)
    assert fresh.hall.prima.amount_cents == 30_000
    assert "En vigor 300,00 €" in console.session_page.prima_info.text()


def test_the_session_closes_only_after_the_ball_count(
    qtbot: QtBot, kit: Kit, console: ConsoleWindow
) -> None:
    console.pages.setCurrentIndex(0)
    click(qtbot, console.session_page.close_session_button)
    assert "Confirme el recuento" in console.error.text()
    assert kit.hall.session is not None
    console.session_page.balls_counted.setChecked(True)
    click(qtbot, console.session_page.close_session_button)
    confirm_drawer(console)
    answer_check(qtbot, console)
    assert kit.hall.session is None
    assert kit.hall.sessions[-1].ball_checks[-1].when == "close"


def test_the_last_partida_is_announced_after_confirmation(
    qtbot: QtBot, kit: Kit, console: ConsoleWindow
) -> None:
    click(qtbot, console.session_page.announce_last_button)
    dialog = console.dialog
    assert dialog is not None and dialog.isVisible()
    click(qtbot, dialog.confirm)
    assert kit.hall.session is not None and kit.hall.session.last_partida == 1
    assert "última: la 1" in console.header.header_state.text()
    assert not console.session_page.announce_last_button.isEnabled()


def test_a_new_serie_is_registered_from_the_console(
    qtbot: QtBot, kit: Kit, console: ConsoleWindow
) -> None:
    from ui.console.dialogs import SerieDialog

    click(qtbot, console.sale_page.new_serie_button)
    dialog = console.dialog
    assert isinstance(dialog, SerieDialog)
    assert dialog.code.text() == "A-0001"
    dialog.serie_size.setValue(120)
    dialog.accept()
    serie = kit.hall.series["A-0001"]
    assert (serie.size, serie.face_value_cents, serie.electronic) == (120, 100, False)
    assert console.sale_page.sale_series.findData("A-0001") >= 0


def test_a_device_going_offline_is_shown_at_once(qtbot: QtBot, console: ConsoleWindow) -> None:
    """R-DEV-1: any device fault is reported to the operator at once."""
    from drivers.device import DeviceOffline, Notice

    console._on_device_notice("extractor", Notice("extractor", 1, DeviceOffline("timeout"), 0.0))
    assert "Extractor: SIN COMUNICACIÓN" in console.header.devices_state.text()
    assert "EL EXTRACTOR" in console.alarm.title.text()  # the alarm too (trap 5)


def test_a_command_the_record_refuses_is_shown_as_a_refusal_not_an_unexpected_error(
    qtbot: QtBot, kit: Kit, tmp_path: Path
) -> None:
    """Another station wrote to the hall's record after this console read it: the store
    refuses the console's command and writes nothing (R-NET-1). That is a refusal with the
    store's reason, like a rule's, not "error inesperado" (a checkpoint the hall's key cannot
    sign is refused the same way)."""
    from bingo.service import CardSetLibrary, HallService
    from store import open_store

    url = f"sqlite:///{tmp_path / 'hall.sqlite'}"
    records = kit.svc.records()
    with open_store(url) as store, open_store(url) as other:
        store.append(kit.svc.hall_id, 0, [(r.at, r.kind, r.payload) for r in records])
        service = HallService(store, kit.svc.hall_id, CardSetLibrary(store.get_card_set))
        HallService(other, kit.svc.hall_id, CardSetLibrary(other.get_card_set)).start_partida()
        bridge = Bridge()
        bridge.attach(service)
        try:
            console = ConsoleWindow(
                service,
                bridge=bridge,
                defaults=ConsoleDefaults("Ana Mesa", "Luis Sala", today=lambda: "2026-11-22"),
            )
            qtbot.addWidget(console)
            console.show()
            qtbot.waitExposed(console)
            click(qtbot, console.sale_page.start_partida_button)
            shown = console.error.text()
            assert shown.startswith("Iniciar la partida: ") and "otro" in shown, shown
            assert "error inesperado" not in shown
            assert len(store.load(kit.svc.hall_id)) == len(records) + 1  # nothing written
        finally:
            bridge.close(wait=True)
