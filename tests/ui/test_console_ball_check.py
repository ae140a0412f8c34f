"""The ball count at the opening and the closing, with the balls' condition (R-BALL-2,
Cantabria II.2; decisions 22 and 47): what the console records, what it lets open or close,
and what it says first."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from actas.builder import build_acta
from bingo.hall import DomainError
from drivers.ballsource import BallSetIrregular
from tests.ui.counting import answer_check, ball_checks, choose, the_check
from tests.ui.kit import Kit, confirm_drawer, make_hall, open_console
from tests.ui.test_console_ball_set import cut
from tests.ui.test_console_devices import StandInBallSource
from ui.bridge import Bridge
from ui.console import ConsoleWindow, documents
from ui.console.ball_check import BLOCKED, WARNING, BallCheckDialog, BallCount
from ui.console.ball_set import BallSetDialog
from ui.i18n import use_console_language

LEFT = Qt.MouseButton.LeftButton
ALL = list(range(1, 91))


class IrregularScan(StandInBallSource):
    """A reader whose scan of the set misses ball 17 and reads ball 8 twice."""

    def scan_set(self) -> list[int]:
        scanned = (*(n for n in ALL if n != 17), 8)
        raise BallSetIrregular(
            "set_scan",
            missing=(17,),
            duplicated=(8,),
            scanned=scanned,
        )


def console_for(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge], devices: StandInBallSource | None = None
) -> ConsoleWindow:
    return open_console(qtbot, kit, bridges, devices, size=(1366, 698))


def read_set(qtbot: QtBot, console: ConsoleWindow) -> None:
    """The reader's scan, whether it finds the set right or not."""
    qtbot.mouseClick(console.session_page.scan_balls, LEFT)
    qtbot.waitUntil(lambda: not console.bridge.busy and not console.desk.scanning, timeout=3000)


def log_lines(console: ConsoleWindow) -> list[str]:
    QApplication.processEvents()
    return [console.event_log.item(i).text() for i in range(console.event_log.count())]


def acta_notes(kit: Kit) -> tuple[str, ...]:
    session = kit.hall.sessions[-1]
    return build_acta(documents.export_for_session(kit.svc, session), session.id).observations


# ====================================================================== the opening


def test_damaged_balls_in_a_hand_count_are_recorded_and_the_session_does_not_open(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    kit = make_hall(open_session=False)
    console = console_for(qtbot, kit, bridges)
    console.session_page.balls_counted.setChecked(True)
    qtbot.mouseClick(console.session_page.open_session_button, LEFT)
    dialog = the_check(console)
    assert dialog.numbering.text() == (
        "Numeración: están las 90 bolas, una de cada número (recuento a mano)."
    )
    assert not ball_checks(kit)  # nothing recorded before the answer

    choose(qtbot, dialog.damaged)
    assert not dialog.confirm.isEnabled()  # which balls, and how, must be said
    assert dialog.consequence.text().startswith("Escriba qué bolas están dañadas")
    qtbot.keyClicks(dialog.note, "la 17 agrietada")
    assert dialog.confirm.text() == "Registrar el recuento no conforme"
    assert "la sesión NO podrá abrirse" in dialog.consequence.text()
    assert dialog.recount.text() == "Volver a contar"
    qtbot.mouseClick(dialog.confirm, LEFT)

    [check] = ball_checks(kit)
    assert (check.when, check.method, check.numbers) == ("open", "manual", tuple(ALL))
    assert (check.condition_ok, check.note, check.ok) == (False, "la 17 agrietada", False)
    assert kit.hall.session is None
    assert console.error.text() == (
        "Abrir la sesión: el recuento de bolas no es conforme (hay bolas dañadas); cambie el "
        "juego de bolas y vuelva a contarlas"
    )
    lines = log_lines(console)
    recorded = next(
        i
        for i, line in enumerate(lines)
        if line.endswith(
            "Recuento de bolas de apertura: 90 bolas, INCORRECTO; bolas dañadas: la 17 agrietada"
        )
    )
    refused = next(i for i, line in enumerate(lines) if "✖ Abrir la sesión" in line)
    assert recorded < refused  # the log reads in the order things happened
    # the engine refuses to open on that count, whatever the console does
    with pytest.raises(DomainError, match="no fue correcta"):
        kit.svc.open_session("S-2026-11-22", "2026-11-22", "Ana Mesa", "Luis Sala")

    # the banner's button leads to the change of set, for a damaged ball
    assert console.error.offered() == "Cambiar el juego de bolas…"
    qtbot.mouseClick(console.error.action, LEFT)
    change = console.dialog
    assert isinstance(change, BallSetDialog)
    assert change.reason.currentData() == "bola dañada"
    change.reject()


def test_a_reader_scan_with_balls_missing_is_recorded_at_the_opening_and_blocks_it(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    kit = make_hall(open_session=False)
    console = console_for(qtbot, kit, bridges, IrregularScan())
    read_set(qtbot, console)
    assert "faltan 17; repetidas 8" in console.error.text()
    assert console.error.offered() == "Cambiar el juego de bolas…"
    qtbot.mouseClick(console.session_page.open_session_button, LEFT)
    dialog = the_check(console)
    assert dialog.numbering.text() == "Numeración: NO es correcta (faltan: 17; repetidas: 8)."
    answer_check(qtbot, console)

    [check] = ball_checks(kit)
    assert (check.method, len(check.numbers), check.ok, check.condition_ok) == (
        "reader",
        90,
        False,
        True,
    )
    assert kit.hall.session is None
    assert "(faltan: 17; repetidas: 8)" in console.error.text()
    assert console.error.offered() == "Cambiar el juego de bolas…"


# ====================================================================== the closing


def test_damaged_balls_at_the_closing_are_recorded_and_the_session_closes(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    kit = make_hall()
    console = console_for(qtbot, kit, bridges)
    console.session_page.balls_counted.setChecked(True)
    qtbot.mouseClick(console.session_page.close_session_button, LEFT)
    confirm_drawer(console)
    dialog = the_check(console)
    choose(qtbot, dialog.damaged)
    qtbot.keyClicks(dialog.note, "la 40 con peso de mas")
    assert dialog.confirm.text() == "Cerrar la sesión con la comprobación no conforme"
    assert "el acta la mostrará como «no conforme»" in dialog.consequence.text()
    assert "se cerrará igualmente" in dialog.consequence.text()
    QApplication.processEvents()  # the buttons' new words laid out
    assert not cut(dialog), cut(dialog)
    qtbot.mouseClick(dialog.confirm, LEFT)

    session = kit.hall.sessions[-1]
    assert not session.open, console.error.text()
    closing = ball_checks(kit)[-1]
    assert (closing.when, closing.method, closing.ok) == ("close", "manual", False)
    assert (closing.condition_ok, closing.note) == (False, "la 40 con peso de mas")
    assert console.error.isHidden()
    assert console.session_page.count_note.isVisible()
    assert console.session_page.count_note.text() == (
        "Sesión S1 cerrada con la comprobación de bolas no conforme (dañadas: la 40 con peso de "
        "mas): el acta la muestra así. Cambie el juego de bolas antes de la próxima sesión."
    )
    assert (
        "Comprobación de bolas al cierre de la sesión: no conforme. Bolas en mal estado: la 40 "
        "con peso de mas" in acta_notes(kit)
    )


def test_a_failed_hand_count_at_the_closing_can_be_counted_again_or_closed_with_it(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    kit = make_hall()
    console = console_for(qtbot, kit, bridges)
    qtbot.keyClicks(console.session_page.balls_missing, "3 4")
    qtbot.mouseClick(console.session_page.close_session_button, LEFT)
    confirm_drawer(console)
    dialog = the_check(console)
    assert dialog.numbering.text() == "Numeración: NO es correcta (faltan: 3, 4)."
    # the failure is said before anything is recorded, and the way back is offered
    assert "NO es conforme" in dialog.consequence.text()
    assert dialog.recount.text() == "Volver a contar"
    records = len(kit.svc.records())
    qtbot.mouseClick(dialog.recount, LEFT)
    assert console.dialog is None and len(kit.svc.records()) == records
    assert kit.hall.session is not None
    assert console.statusBar().currentMessage().startswith("No se ha registrado nada")
    assert (
        console.session_page.balls_missing.text() == "3 4"
    )  # what was typed stays, to be corrected

    # counted again: the same two balls are missing, and the session closes with it
    qtbot.mouseClick(console.session_page.close_session_button, LEFT)
    confirm_drawer(console)
    answer_check(qtbot, console)
    session = kit.hall.sessions[-1]
    assert not session.open, console.error.text()
    closing = ball_checks(kit)[-1]
    assert (closing.when, closing.ok, closing.condition_ok) == ("close", False, True)
    assert sorted(set(ALL) - set(closing.numbers)) == [3, 4]
    assert "(faltan: 3, 4)" in console.session_page.count_note.text()
    assert "Comprobación de bolas al cierre de la sesión: no conforme." in acta_notes(kit)


def test_a_reader_scan_with_balls_missing_at_the_closing_closes_the_session_with_it(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    kit = make_hall()
    console = console_for(qtbot, kit, bridges, IrregularScan())
    read_set(qtbot, console)
    assert console.error.text() == (
        "Recuento de cierre: Juego de bolas irregular: faltan 17; repetidas 8. Vuelva a leer el "
        "juego, o cierre la sesión con la comprobación no conforme"
    )
    assert kit.hall.session is not None  # nothing recorded by the reading itself
    qtbot.mouseClick(console.session_page.close_session_button, LEFT)
    confirm_drawer(console)
    dialog = the_check(console)
    assert dialog.numbering.text() == "Numeración: NO es correcta (faltan: 17; repetidas: 8)."
    choose(qtbot, dialog.all_fine)
    assert dialog.confirm.text() == "Cerrar la sesión con la comprobación no conforme"
    qtbot.mouseClick(dialog.confirm, LEFT)

    session = kit.hall.sessions[-1]
    assert not session.open, console.error.text()
    closing = ball_checks(kit)[-1]
    assert (closing.when, closing.method, closing.ok) == ("close", "reader", False)
    assert 17 not in closing.numbers and closing.numbers.count(8) == 2


def test_a_good_closing_count_closes_as_before(qtbot: QtBot, bridges: list[Bridge]) -> None:
    kit = make_hall()
    console = console_for(qtbot, kit, bridges)
    console.session_page.balls_counted.setChecked(True)
    qtbot.mouseClick(console.session_page.close_session_button, LEFT)
    confirm_drawer(console)
    dialog = the_check(console)
    assert dialog.recount.text() == "Cancelar"
    choose(qtbot, dialog.all_fine)
    assert dialog.confirm.text() == "Registrar el recuento y cerrar la sesión"
    assert dialog.consequence.text() == "Se registrará el recuento y se cerrará la sesión."
    qtbot.mouseClick(dialog.confirm, LEFT)
    closing = ball_checks(kit)[-1]
    assert (closing.when, closing.ok, closing.condition_ok, closing.note) == (
        "close",
        True,
        True,
        "",
    )
    assert not kit.hall.sessions[-1].open and console.session_page.count_note.isHidden()
    assert not any("no conforme" in note for note in acta_notes(kit))


def test_the_count_is_answered_from_the_keyboard(qtbot: QtBot, bridges: list[Bridge]) -> None:
    """Alt+H, the note typed at once, Enter: recorded, the session closes."""
    kit = make_hall()
    console = console_for(qtbot, kit, bridges)
    console.session_page.balls_counted.setChecked(True)
    qtbot.mouseClick(console.session_page.close_session_button, LEFT)
    confirm_drawer(console)
    dialog = the_check(console)
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(dialog, Qt.Key.Key_H, Qt.KeyboardModifier.AltModifier)  # &Hay bolas dañadas
    qtbot.waitUntil(dialog.note.hasFocus)  # a mnemonic "animates" the click
    assert dialog.damaged.isChecked()
    qtbot.keyClicks(QApplication.focusWidget(), "la 3 rota")
    qtbot.keyClick(dialog.note, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: console.dialog is None)
    closing = ball_checks(kit)[-1]
    assert (closing.when, closing.condition_ok, closing.note) == ("close", False, "la 3 rota")
    assert not kit.hall.sessions[-1].open


# ====================================================================== the dialog's texts


@pytest.mark.parametrize("language", ["es", "en", "eu"])
@pytest.mark.parametrize("when", ["open", "close"])
@pytest.mark.parametrize("numbers", ["all", "missing"])
@pytest.mark.parametrize("answer", ["none", "fine", "damaged"])
def test_every_text_of_the_dialog_shows_whole_on_a_laptop(
    qtbot: QtBot, language: str, when: str, numbers: str, answer: str
) -> None:
    remove = use_console_language(language)
    try:
        counted = ALL if numbers == "all" else [n for n in ALL if n not in (3, 4, 5, 17, 45)]
        dialog = BallCheckDialog(BallCount(when, tuple(counted), "reader"))
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        if answer == "fine":
            choose(qtbot, dialog.all_fine)
        elif answer == "damaged":
            choose(qtbot, dialog.damaged)
            qtbot.keyClicks(dialog.note, "la 17 agrietada; la 45 con el numero borroso")
        QApplication.processEvents()
        assert not cut(dialog), cut(dialog)
        assert dialog.width() <= 1366 and dialog.height() <= 698, dialog.size()
        assert dialog.confirm.isEnabled() == (answer != "none")
        # a check that is not ok is said so before anything is recorded
        failing = numbers == "missing" or answer == "damaged"
        assert dialog.conforming() == (not failing)
        if failing:
            assert dialog.consequence.styleSheet() in (BLOCKED, WARNING)
    finally:
        remove()
