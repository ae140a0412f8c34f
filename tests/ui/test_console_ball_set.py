"""Cambiar el juego de bolas: the change of ball set from the console (R-BALL-1), from the menu
and from the banners that ask for it (a failed count, damaged balls, the set's limit)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from bingo import events as ev
from tests.ui.counting import answer_check, ball_checks, the_check
from tests.ui.kit import BALLS, Kit, confirm_drawer, make_hall, open_console
from tests.ui.test_console_devices import StandInBallSource
from ui.bridge import Bridge
from ui.console import ConsoleWindow
from ui.console.ball_set import BallSetDialog
from ui.i18n import use_console_language

LEFT = Qt.MouseButton.LeftButton


def console_for(
    qtbot: QtBot,
    kit: Kit,
    bridges: list[Bridge],
    devices: StandInBallSource | None = None,
) -> ConsoleWindow:
    # the shortcuts (Ctrl+B, F3) need an active window
    return open_console(qtbot, kit, bridges, devices, active=True)


def active_again(qtbot: QtBot, console: ConsoleWindow) -> None:
    """What the window manager does once a dialog closes (the offscreen platform does not)."""
    console.activateWindow()
    qtbot.waitUntil(console.isActiveWindow)


def installs(kit: Kit) -> list[ev.BallSetInstalled]:
    events = (ev.event_from(r.kind, r.payload) for r in kit.svc.records())
    return [e for e in events if isinstance(e, ev.BallSetInstalled)]


def the_dialog(qtbot: QtBot, console: ConsoleWindow) -> BallSetDialog:
    dialog = console.dialog
    assert isinstance(dialog, BallSetDialog), console.error.text()
    assert dialog.isVisible()
    qtbot.waitUntil(dialog.isActiveWindow)  # typed keys and the focus go to the dialog
    return dialog


def fill(
    qtbot: QtBot,
    dialog: BallSetDialog,
    set_id: str = "BS-R",
    homologation: str = "HOM-R",
    guaranteed: int = 3000,
    before: int = 0,
    reason: str = "",
) -> None:
    for field, text in ((dialog.set_id, set_id), (dialog.homologation, homologation)):
        field.selectAll()
        field.del_()
        qtbot.keyClicks(field, text)
    dialog.guaranteed.setValue(guaranteed)
    dialog.before.setValue(before)
    if reason:
        dialog.reason.setCurrentText(reason)


def play_one(kit: Kit) -> None:
    kit.partida_ready()
    partida = kit.hall.partida
    assert partida is not None
    kit.finish_with_bingo(partida.sales[0].first)


def test_a_change_between_partidas_is_recorded_and_the_dialog_closes(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    kit = make_hall()
    play_one(kit)
    console = console_for(qtbot, kit, bridges)
    assert (
        console.session_page.ball_set_info.text()
        == "BS-1 · homologación HOM-1 · 1 de 3000 partidas"
    )
    assert console.menu_actions["change_ball_set"].isEnabled()
    records = len(kit.svc.records())

    qtbot.keyClick(console, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)  # Ctrl+B
    dialog = the_dialog(qtbot, console)
    # the set in the machine, for reference
    assert (
        dialog.current.text() == "Instalado ahora: BS-1 · homologación HOM-1 · 1 de 3000 partidas"
    )
    assert dialog.reason.currentIndex() == -1 and dialog.reason.currentText() == ""
    assert [dialog.reason.itemText(i) for i in range(dialog.reason.count())] == [
        "bola dañada",
        "límite de partidas",
        "recuento fallido",
        "cambio programado",
    ]
    fill(qtbot, dialog, "BS-2", "HOM-2", guaranteed=2500, before=120)
    dialog.pneumatic.setChecked(False)
    assert dialog.limit.text() == "Límite de este juego: 2500 partidas; le quedan 2380."
    dialog.reason.setCurrentIndex(dialog.reason.findData("bola dañada"))
    dialog.reason.lineEdit().setText("bola dañada: la 37 está agrietada")  # a reason of his own
    qtbot.keyClick(dialog.homologation, Qt.Key.Key_Return)  # Enter records, like the button

    assert not dialog.isVisible() and console.dialog is None
    assert len(kit.svc.records()) == records + 1
    assert installs(kit)[-1] == ev.BallSetInstalled(
        ball_set_id="BS-2",
        homologation="HOM-2",
        guaranteed_partidas=2500,
        partidas_before=120,
        pneumatic=False,
        reason="bola dañada: la 37 está agrietada",
    )
    ball_set = kit.hall.ball_set
    assert ball_set is not None and (ball_set.id, ball_set.partidas_played) == ("BS-2", 120)
    # the console says what was recorded
    said = console.statusBar().currentMessage()
    assert said.startswith("Cambio de juego de bolas registrado: BS-2 · homologación HOM-2")
    assert "«bola dañada: la 37 está agrietada»" in said
    assert console.session_page.ball_set_info.text() == (
        "BS-2 · homologación HOM-2 · 120 de 2500 partidas · aparato no neumático"
    )

    def logged() -> bool:  # after the engine's own line, which comes queued
        lines = [console.event_log.item(i).text() for i in range(console.event_log.count())]
        engine = [i for i, x in enumerate(lines) if "Juego de bolas BS-2 instalado" in x]
        ours = [i for i, x in enumerate(lines) if "Cambio de juego de bolas registrado: BS-2" in x]
        return bool(engine and ours) and engine[0] < ours[0]

    qtbot.waitUntil(logged)
    assert console.session_page.count_note.text() == (
        "Juego BS-2 instalado: cuente ahora sus 90 bolas ante el jefe de sala y registre el "
        "recuento; sin él no se juega con este juego."
    )

    # the console leads to the new set's count before any partida (R-BALL-2)
    assert (
        console.pages.currentIndex() == 0 and console.session_page.count_change_button.isVisible()
    )
    active_again(qtbot, console)
    qtbot.keyClick(console, Qt.Key.Key_F3)
    assert kit.hall.partida is None
    assert "El juego de bolas ha cambiado: cuente sus 90 bolas" in console.error.text()
    assert console.pages.currentIndex() == 0
    qtbot.keyClicks(console.session_page.balls_missing, "37")  # the count finds a ball missing
    qtbot.mouseClick(console.session_page.count_change_button, LEFT)
    assert the_check(console).windowTitle() == "Recuento de bolas: juego nuevo"
    answer_check(qtbot, console)
    assert (ball_checks(kit)[-1].when, ball_checks(kit)[-1].ok) == ("change", False)
    assert "Recuento del juego nuevo no conforme" in console.error.text()
    console.session_page.balls_missing.clear()
    console.session_page.balls_counted.setChecked(True)  # found under the table: all 90
    qtbot.mouseClick(console.session_page.count_change_button, LEFT)
    answer_check(qtbot, console)
    assert (ball_checks(kit)[-1].when, ball_checks(kit)[-1].ok) == ("change", True)
    assert not console.session_page.count_change_button.isVisible()

    # and the next partida is played with it
    play_one(kit)
    assert kit.hall.ball_set is not None and kit.hall.ball_set.partidas_played == 121


def test_an_offered_reason_is_recorded_in_spanish_from_the_english_console(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    remove = use_console_language("en")
    try:
        kit = make_hall()
        console = console_for(qtbot, kit, bridges)
        console.menu_actions["change_ball_set"].trigger()
        dialog = the_dialog(qtbot, console)
        assert dialog.confirm.text() == "Record the change"
        fill(qtbot, dialog, "BS-2", "HOM-2")
        dialog.reason.setCurrentIndex(dialog.reason.findData("cambio programado"))
        assert dialog.reason.currentText() == "scheduled change"
        qtbot.mouseClick(dialog.confirm, LEFT)
        assert installs(kit)[-1].reason == "cambio programado"  # the acta is in Spanish
    finally:
        remove()


def test_refusals_are_shown_in_the_dialog_and_record_nothing(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    kit = make_hall()
    console = console_for(qtbot, kit, bridges)
    records = len(kit.svc.records())
    qtbot.mouseClick(console.session_page.change_ball_set_button, LEFT)
    dialog = the_dialog(qtbot, console)
    assert dialog.error.isHidden()

    def refused(*words: str) -> None:
        qtbot.mouseClick(dialog.confirm, LEFT)
        assert dialog.isVisible() and console.dialog is dialog  # still open, values kept
        assert not dialog.error.isHidden()
        text = dialog.error.text()
        assert all(w in text for w in words), text
        assert text.endswith("No se ha registrado nada.")
        assert len(kit.svc.records()) == records
        assert kit.hall.ball_set is not None and kit.hall.ball_set.id == "BS-1"

    # the form asks for what the acta must read
    refused("Falta el identificador del juego, el número de homologación, el motivo del cambio")
    fill(qtbot, dialog, "BS-2", "", reason="bola dañada")
    refused("Falta el número de homologación.")
    assert dialog.homologation.hasFocus()
    # the engine: past the limit of a pneumatic machine (3000, whatever the maker says)
    fill(qtbot, dialog, "BS-2", "HOM-2", guaranteed=5000, before=3000, reason="bola dañada")
    assert dialog.limit.text() == "Este juego ya ha jugado su límite de 3000 partidas."
    refused("Cambiar el juego de bolas: ", "ya ha jugado 3000 partidas", "límite es 3000")
    # the engine: the same set again
    fill(qtbot, dialog, "BS-1", "HOM-1", reason="bola dañada")
    refused("ya está instalado")
    # each refusal also went to the event log, not to the console's banner
    lines = [console.event_log.item(i).text() for i in range(console.event_log.count())]
    assert sum("Cambiar el juego de bolas: " in line for line in lines) == 2
    assert console.error.isHidden()

    fill(qtbot, dialog, "BS-2", "HOM-2", before=10, reason="bola dañada")
    qtbot.mouseClick(dialog.confirm, LEFT)
    assert console.dialog is None and installs(kit)[-1].ball_set_id == "BS-2"


def test_a_set_used_here_before_comes_back_with_the_records_data(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    kit = make_hall()
    play_one(kit)
    kit.svc.install_ball_set("BS-2", "HOM-2", 3000, 0, True, "cambio programado")
    console = console_for(qtbot, kit, bridges)
    console.menu_actions["change_ball_set"].trigger()
    dialog = the_dialog(qtbot, console)
    fill(qtbot, dialog, "BS-1", "")
    assert not dialog.known.isHidden()
    assert "homologación HOM-1, 1 partida jugada según el registro" in dialog.known_text.text()
    qtbot.mouseClick(dialog.use_known, LEFT)
    assert (dialog.homologation.text(), dialog.before.value()) == ("HOM-1", 1)
    dialog.reason.setCurrentIndex(dialog.reason.findData("cambio programado"))
    qtbot.mouseClick(dialog.confirm, LEFT)
    assert console.dialog is None
    ball_set = kit.hall.ball_set
    assert ball_set is not None and (ball_set.id, ball_set.partidas_played) == ("BS-1", 1)


def banner_button(console: ConsoleWindow) -> QAbstractButton:
    assert not console.error.isHidden()
    assert console.error.offered() == "Cambiar el juego de bolas…"
    assert console.error.action.isVisible()
    return console.error.action


def test_a_failed_opening_count_leads_to_the_change_and_back_to_the_count(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    kit = make_hall(open_session=False)
    console = console_for(qtbot, kit, bridges)
    # the count shows ball 17 missing: recorded, and the session does not open
    qtbot.keyClicks(console.session_page.balls_missing, "17")
    qtbot.mouseClick(console.session_page.open_session_button, LEFT)
    assert "faltan: 17" in the_check(console).numbering.text()
    answer_check(qtbot, console)
    assert kit.hall.session is None
    check = kit.hall.opening_check("S-2026-11-22")
    assert check is not None and not check.ok
    assert "faltan: 17" in console.error.text()

    # the banner leads to the change, with the reason it was asked for
    qtbot.mouseClick(banner_button(console), LEFT)
    dialog = the_dialog(qtbot, console)
    assert dialog.reason.currentData() == "recuento fallido"
    fill(qtbot, dialog, "RESERVA", "HOM-9")
    qtbot.mouseClick(dialog.confirm, LEFT)
    assert console.dialog is None and console.error.isHidden()
    assert installs(kit)[-1].reason == "recuento fallido"

    # back to counting the new set (R-BALL-2)
    assert console.pages.currentIndex() == 0
    assert console.session_page.count_note.isVisible()
    assert console.session_page.count_note.text() == (
        "Juego RESERVA instalado: cuente ahora sus 90 bolas ante el jefe de sala y abra la sesión."
    )
    assert (
        console.session_page.balls_missing.text() == ""
        and not console.session_page.balls_counted.isChecked()
    )
    active_again(qtbot, console)
    assert console.session_page.balls_counted.hasFocus()
    qtbot.mouseClick(console.session_page.open_session_button, LEFT)
    assert kit.hall.session is None  # the new set is not counted yet
    console.session_page.balls_counted.setChecked(True)
    qtbot.mouseClick(console.session_page.open_session_button, LEFT)
    answer_check(qtbot, console)
    session = kit.hall.session
    assert session is not None, console.error.text()
    assert session.ball_set_id == "RESERVA" and session.ball_checks[-1].ok
    assert console.session_page.count_note.isHidden()


def test_damaged_balls_after_the_readers_scan_lead_to_the_change_and_a_new_reading(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    kit = make_hall(open_session=False)
    console = console_for(qtbot, kit, bridges, StandInBallSource())
    with qtbot.waitSignal(console.bridge.jobDone, timeout=3000):
        qtbot.mouseClick(console.session_page.scan_balls, LEFT)
    qtbot.mouseClick(console.session_page.open_session_button, LEFT)
    answer_check(qtbot, console, damaged="la 45 con el número borroso")
    assert "(hay bolas dañadas)" in console.error.text()
    assert ball_checks(kit)[-1].note == "la 45 con el número borroso"

    qtbot.mouseClick(banner_button(console), LEFT)
    dialog = the_dialog(qtbot, console)
    assert dialog.reason.currentData() == "bola dañada"
    fill(qtbot, dialog, "RESERVA", "HOM-9")
    qtbot.mouseClick(dialog.confirm, LEFT)
    assert console.dialog is None
    assert console.session_page.count_note.text().startswith(
        "Juego RESERVA instalado: léalo ahora con el lector"
    )
    active_again(qtbot, console)
    assert console.session_page.scan_balls.hasFocus()

    # the new set is read, then the session opens with it
    with qtbot.waitSignal(console.bridge.jobDone, timeout=3000):
        qtbot.mouseClick(console.session_page.scan_balls, LEFT)
    qtbot.mouseClick(console.session_page.open_session_button, LEFT)
    answer_check(qtbot, console)
    session = kit.hall.session
    assert session is not None and session.ball_set_id == "RESERVA"
    assert [(c.ok, c.condition_ok) for c in ball_checks(kit)] == [(False, False), (True, True)]


def test_the_limit_refusal_of_start_partida_offers_the_change(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    kit = make_hall()
    kit.svc.install_ball_set("BS-2", "HOM-2", 1, 0, True, "cambio programado")  # one partida
    kit.svc.record_ball_check("S1", "change", BALLS)
    play_one(kit)
    console = console_for(qtbot, kit, bridges)
    assert console.session_page.ball_set_info.text().endswith("1 de 1 partidas · LÍMITE ALCANZADO")
    qtbot.keyClick(console, Qt.Key.Key_F3)
    assert "ha llegado a 1 partidas" in console.error.text()
    assert kit.hall.partida is None

    qtbot.mouseClick(banner_button(console), LEFT)
    dialog = the_dialog(qtbot, console)
    assert dialog.reason.currentData() == "límite de partidas"
    assert dialog.current.text().endswith("· LÍMITE ALCANZADO")
    fill(qtbot, dialog, "BS-3", "HOM-3")
    qtbot.mouseClick(dialog.confirm, LEFT)
    assert console.dialog is None, dialog.error.text()
    active_again(qtbot, console)
    console.session_page.balls_counted.setChecked(
        True
    )  # the new set counted before the jefe de sala
    qtbot.mouseClick(console.session_page.count_change_button, LEFT)
    answer_check(qtbot, console)
    qtbot.keyClick(console, Qt.Key.Key_F3)
    assert kit.hall.partida is not None, console.error.text()


def test_a_failed_closing_count_closes_the_session_and_the_change_comes_before_the_next(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    kit = make_hall()
    console = console_for(qtbot, kit, bridges)
    qtbot.keyClicks(console.session_page.balls_missing, "3 4")
    qtbot.mouseClick(console.session_page.close_session_button, LEFT)
    confirm_drawer(console)
    answer_check(qtbot, console)
    session = kit.hall.sessions[-1]
    assert not session.open, console.error.text()
    assert [c.ok for c in session.ball_checks] == [True, False]
    assert console.session_page.count_note.text().endswith(
        "Cambie el juego de bolas antes de la próxima sesión."
    )

    # the set is changed before the next session, then counted to open it
    console.menu_actions["change_ball_set"].trigger()
    dialog = the_dialog(qtbot, console)
    fill(qtbot, dialog, "RESERVA", "HOM-9", reason="recuento fallido")
    qtbot.mouseClick(dialog.confirm, LEFT)
    assert console.session_page.count_note.text().endswith("y abra la sesión.")
    assert console.pages.currentIndex() == 0
    console.session_page.session_id.setText("S-2026-11-23")
    console.session_page.session_date.setText("2026-11-23")
    console.session_page.balls_counted.setChecked(True)
    qtbot.mouseClick(console.session_page.open_session_button, LEFT)
    answer_check(qtbot, console)
    opened = kit.hall.session
    assert opened is not None and opened.ball_set_id == "RESERVA", console.error.text()


def test_with_devices_a_new_set_is_read_before_the_next_ball(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    kit = make_hall()
    source = StandInBallSource(5)
    console = console_for(qtbot, kit, bridges, source)
    kit.partida_ready()  # data shown, no ball yet: the set may still be changed
    console.refresh()
    console.menu_actions["change_ball_set"].trigger()
    dialog = the_dialog(qtbot, console)
    fill(qtbot, dialog, "BS-2", "HOM-2", reason="bola dañada")
    qtbot.mouseClick(dialog.confirm, LEFT)
    assert console.dialog is None and kit.hall.ball_set is not None

    console.draws.draw_from_devices()
    assert "léalo con el lector" in console.error.text() and source.draws == []
    assert console.pages.currentIndex() == 0
    assert console.session_page.scan_balls.isEnabled()
    with qtbot.waitSignal(console.bridge.jobDone, timeout=3000):
        qtbot.mouseClick(console.session_page.scan_balls, LEFT)
    # the reading is the new set's count (R-BALL-2): its condition is confirmed at once
    assert the_check(console).windowTitle() == "Recuento de bolas: juego nuevo"
    answer_check(qtbot, console)
    assert (ball_checks(kit)[-1].when, ball_checks(kit)[-1].method) == ("change", "reader")
    console.pages.setCurrentIndex(2)
    qtbot.mouseClick(console.extraction_page.draw_device_button, LEFT)
    qtbot.waitUntil(lambda: not console.bridge.busy, timeout=3000)
    partida = kit.hall.partida
    assert partida is not None and partida.balls == [5], console.error.text()

    # that reading was for the draws, not the session's closing count
    kit.svc.annul("caller_error", "prueba")
    console.refresh()
    assert kit.hall.partida is None
    qtbot.mouseClick(console.session_page.close_session_button, LEFT)
    assert "Lea primero el juego de bolas" in console.error.text()


def test_no_change_once_the_extraction_began(qtbot: QtBot, bridges: list[Bridge]) -> None:
    kit = make_hall()
    console = console_for(qtbot, kit, bridges)
    kit.partida_ready()
    kit.draw([1])
    console.refresh()
    assert not console.menu_actions["change_ball_set"].isEnabled()
    assert not console.session_page.change_ball_set_button.isEnabled()
    console.counts.ask_ball_set_change()
    assert console.dialog is None
    assert "entre partidas o antes de la primera bola" in console.error.text()


def cut(widget: QWidget) -> list[str]:
    """Labels, buttons and check boxes smaller than their text needs."""
    out = []
    for child in widget.findChildren(QWidget):
        if not child.isVisible() or not isinstance(child, QLabel | QAbstractButton):
            continue
        if isinstance(child, QLabel) and child.wordWrap():
            need = child.heightForWidth(child.width())
            if child.height() < need:
                out.append(f"{child.objectName() or child.text()!r}: height")
            continue
        hint = child.minimumSizeHint()
        if child.width() < hint.width() or child.height() < hint.height():
            out.append(f"{child.objectName() or child.text()!r}: {child.size()} < {hint}")
    return out


def test_the_dialog_and_the_banner_show_every_text_whole(
    qtbot: QtBot, bridges: list[Bridge], tmp_path: object
) -> None:
    kit = make_hall()
    kit.svc.install_ball_set("BS-2", "HOM-2", 1, 0, True, "cambio programado")
    kit.svc.record_ball_check("S1", "change", BALLS)
    play_one(kit)
    console = console_for(qtbot, kit, bridges)
    qtbot.keyClick(console, Qt.Key.Key_F3)
    assert console.error.action.isVisible()
    assert not cut(console.error), cut(console.error)
    qtbot.mouseClick(console.error.action, LEFT)
    dialog = the_dialog(qtbot, console)
    fill(qtbot, dialog, "BS-1", "")
    qtbot.mouseClick(dialog.confirm, LEFT)  # the form's message on top of the record's data
    assert dialog.error.text() == "Falta el número de homologación. No se ha registrado nada."
    QApplication.processEvents()
    assert not cut(dialog), cut(dialog)
    dialog.reject()
