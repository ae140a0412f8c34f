"""The cash drawer of the session and the summary before the session closes (issue 9, "what
commercial consoles have"): the figures are the acta's, to the cent (R-ACTA-3: takings,
refunds, prizes, prima and bola loca deductions), plus the opening float and what is still in
the drawer (decisions 230, 231).
"""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from actas.builder import build_acta
from actas.render import render_acta
from bingo.hall import Status
from bingo.money import euros
from tests.ui.kit import BALLS, Kit
from ui.bridge import Bridge
from ui.console import ConsoleDefaults, ConsoleWindow
from ui.console.cash import DrawerDialog
from ui.console.documents import export_for_session
from ui.console.options import ConsoleOptions, load_options, save_options

ALT = Qt.KeyboardModifier.AltModifier
CTRL = Qt.KeyboardModifier.ControlModifier


def open_console(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge], options_file: Path | None = None
) -> ConsoleWindow:
    bridge = Bridge()
    bridge.attach(kit.svc)
    bridges.append(bridge)
    console = ConsoleWindow(
        kit.svc,
        bridge=bridge,
        defaults=ConsoleDefaults(
            "Ana Mesa", "Luis Sala", today=lambda: "2026-11-22", options_file=options_file
        ),
    )
    qtbot.addWidget(console)
    console.resize(1366, 768)
    console.show()
    qtbot.waitExposed(console)
    console.activateWindow()
    qtbot.waitUntil(console.isActiveWindow)
    return console


def play_to_bingo(kit: Kit, pay: bool = True) -> None:
    partida = kit.hall.partida
    assert partida is not None
    number = partida.sales[0].first
    kit.draw_rest_until(sorted(kit.carton(number).numbers))
    if partida.first_valid_line_after is None:
        kit.svc.claim("A", number, "line")
    kit.svc.claim("A", number, "bingo")
    kit.svc.close_partida()
    if pay:
        kit.svc.pay_prizes()


def a_night(kit: Kit) -> None:
    """Partida 1 paid, 2 refunded after a failure, 3 closed and not paid yet, 4 selling."""
    kit.partida_ready([("A", 40)])
    play_to_bingo(kit)
    kit.partida_ready([("A", 25)])
    kit.svc.suspend("el extractor no arranca")
    kit.svc.refund_suspended("avería no resuelta")
    kit.partida_ready([("A", 30)])
    play_to_bingo(kit, pay=False)
    kit.svc.pay_prizes()  # partida 3 paid before the next starts (the hall's order)
    kit.svc.start_partida()
    kit.svc.sell_count("A", 12)


def shown(dialog: DrawerDialog, name: str) -> str:
    label = dialog.findChild(QLabel, f"drawer_{name}")
    assert label is not None, name
    return label.text()


def test_drawer_shows_the_actas_figures_the_float_and_the_partida_in_play(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge]
) -> None:
    """Ctrl+T: takings, refunds, prizes paid by kind, deductions and the hall's share are the
    acta's totals for the same record; what must be in the drawer adds the float and what the
    partida still selling has taken."""
    a_night(kit)
    console = open_console(qtbot, kit, bridges)
    console.options = ConsoleOptions(float_cents=15_000)
    qtbot.keyClick(console, Qt.Key.Key_T, CTRL)
    dialog = console.dialog
    assert isinstance(dialog, DrawerDialog)

    session = kit.hall.session
    assert session is not None
    totals = build_acta(export_for_session(kit.svc, session), "S1").totals
    assert shown(dialog, "float") == "150,00 €"
    assert shown(dialog, "takings") == euros(totals.takings_cents) == "95,00 €"
    assert shown(dialog, "refunds") == euros(-totals.refunds_cents) == "-25,00 €"
    for prize, cents in totals.prizes_paid_cents.items():
        assert shown(dialog, f"paid_{prize}") == euros(-cents)
    assert set(totals.prizes_paid_cents) >= {"line", "bingo"}
    assert shown(dialog, "prima_deductions") == euros(totals.prima_deductions_cents)
    assert shown(dialog, "bola_loca_deductions") == euros(totals.bola_loca_deductions_cents)
    assert shown(dialog, "hall_share") == euros(totals.hall_share_cents)
    assert shown(dialog, "residues") == euros(totals.residues_cents)
    assert shown(dialog, "in_play") == "12,00 €"

    # the same total from the hall's own awards (not the acta's): float + takings − refunds −
    # prizes handed over + the partida selling
    handed = sum(
        a.amount_cents for p in session.partidas if p.status == Status.PAID for a in p.awards
    )
    expected = 15_000 + 9_500 - 2_500 - handed + 1_200
    assert shown(dialog, "expected") == euros(expected)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert console.dialog is None
    assert kit.hall.session is not None


def test_prizes_of_a_closed_partida_not_paid_yet_are_still_in_the_drawer(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge]
) -> None:
    kit.partida_ready([("A", 40)])
    play_to_bingo(kit, pay=False)
    console = open_console(qtbot, kit, bridges)
    console.cash.show_drawer()
    dialog = console.dialog
    assert isinstance(dialog, DrawerDialog)
    partida = kit.hall.session.partidas[-1]  # type: ignore[union-attr]
    owed = sum(a.amount_cents for a in partida.awards)
    assert owed > 0
    assert shown(dialog, "unpaid_1") == euros(owed)
    # nothing has left the drawer yet: it holds the whole takings
    assert shown(dialog, "expected") == "40,00 €"
    dialog.reject()


def count_the_balls(qtbot: QtBot, console: ConsoleWindow) -> None:
    """F10 asks for the closing count first (the banner); Alt+9: the 90 counted by hand."""
    qtbot.keyClick(console, Qt.Key.Key_F10)
    assert console.dialog is None  # no summary before the count
    qtbot.keyClick(console.focusWidget() or console, Qt.Key.Key_9, ALT)
    assert console.session_page.balls_counted.isChecked()


def test_f10_shows_the_drawer_and_the_session_closes_only_once_it_is_confirmed(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge]
) -> None:
    """Esc on the summary closes nothing and records nothing; Enter goes on to the balls'
    condition (R-BALL-2) and the close."""
    kit.partida_ready([("A", 40)])
    play_to_bingo(kit)
    console = open_console(qtbot, kit, bridges)
    count_the_balls(qtbot, console)
    records = len(kit.svc.records())
    qtbot.keyClick(console, Qt.Key.Key_F10)
    summary = console.dialog
    assert isinstance(summary, DrawerDialog) and summary.confirm is not None
    assert "S1" in summary.windowTitle()
    qtbot.waitUntil(summary.isActiveWindow)
    qtbot.keyClick(summary.focusWidget() or summary, Qt.Key.Key_Escape)
    assert kit.hall.session is not None
    assert len(kit.svc.records()) == records

    console.activateWindow()  # the offscreen platform does not give it back by itself
    qtbot.waitUntil(console.isActiveWindow)
    qtbot.keyClick(console.focusWidget() or console, Qt.Key.Key_F10)
    summary = console.dialog
    assert isinstance(summary, DrawerDialog)
    qtbot.waitUntil(summary.isActiveWindow)
    qtbot.keyClick(summary.focusWidget() or summary, Qt.Key.Key_Return)
    condition = console.dialog
    assert condition is not None and not isinstance(condition, DrawerDialog)
    qtbot.waitUntil(condition.isActiveWindow)
    qtbot.keyClick(condition.focusWidget() or condition, Qt.Key.Key_T, ALT)
    qtbot.waitUntil(condition.all_fine.isChecked)  # type: ignore[attr-defined]  # a mnemonic
    qtbot.keyClick(condition.focusWidget() or condition, Qt.Key.Key_Return)
    assert kit.hall.session is None

    # the closed session's drawer: final, equal to the closed acta's
    console.cash.show_drawer()
    final = console.dialog
    assert isinstance(final, DrawerDialog) and final.confirm is None
    closed = kit.hall.sessions[-1]
    totals = build_acta(export_for_session(kit.svc, closed), "S1").totals
    assert shown(final, "expected") == euros(
        totals.takings_cents - totals.refunds_cents - totals.prizes_paid_total_cents
    )
    # and as the closed acta prints them, line by line (R-ACTA-3)
    pdf = render_acta(export_for_session(kit.svc, closed), "S1")
    printed = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    flat = " ".join(printed.split())
    assert f"Recaudación total {shown(final, 'takings')}" in flat
    assert f"Parte de la sala {shown(final, 'hall_share')}" in flat
    assert f"Premios pagados: Línea {shown(final, 'paid_line').lstrip('-')}" in flat
    final.reject()


def test_the_float_is_chosen_in_the_options_and_remembered_on_the_station(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge], tmp_path: Path
) -> None:
    """Decision 230: the float is the station's option, never in the record."""
    options_file = tmp_path / "consola.ini"
    console = open_console(qtbot, kit, bridges, options_file)
    records = len(kit.svc.records())
    qtbot.keyClick(console, Qt.Key.Key_O, CTRL)
    dialog = console.dialog
    assert dialog is not None and dialog.objectName() == "options_dialog"
    amount = dialog.float_amount  # type: ignore[union-attr]
    amount.selectAll()
    qtbot.keyClicks(amount, "120,50")
    qtbot.keyClick(amount, Qt.Key.Key_Return)
    assert console.options.float_cents == 12_050
    assert load_options(options_file).float_cents == 12_050
    assert len(kit.svc.records()) == records  # nothing recorded
    again = open_console(qtbot, kit, bridges, options_file)
    assert again.options.float_cents == 12_050
    again.cash.show_drawer()
    drawer = again.dialog
    assert isinstance(drawer, DrawerDialog)
    assert shown(drawer, "float") == shown(drawer, "expected") == "120,50 €"
    drawer.reject()


def test_options_file_edited_by_hand_gives_a_float_of_zero(tmp_path: Path) -> None:
    path = tmp_path / "consola.ini"
    save_options(path, ConsoleOptions(printer="Caja", float_cents=500))
    assert load_options(path) == ConsoleOptions(printer="Caja", float_cents=500)
    path.write_text("[General]\nprinter=Caja\nfloat_cents=cien\n", encoding="utf-8")
    assert load_options(path) == ConsoleOptions(printer="Caja", float_cents=0)


def test_closing_count_already_recorded_still_shows_the_drawer_first(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge]
) -> None:
    assert kit.svc.record_ball_check("S1", "close", BALLS)
    console = open_console(qtbot, kit, bridges)
    qtbot.keyClick(console, Qt.Key.Key_F10)
    summary = console.dialog
    assert isinstance(summary, DrawerDialog)
    assert kit.hall.session is not None
    summary.accept()
    assert kit.hall.session is None
