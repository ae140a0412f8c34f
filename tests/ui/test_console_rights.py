"""People and rights at the console, through its real widgets (issue 8, §3).

R-ROLE-1: the console opens after a login when the hall has operators, and every command it
records says who asked. R-ROLE-2: an annulment (R-INC-4) needs the jefe de sala's name and PIN at
that moment, in the override dialog; without it nothing is recorded. R-ROLE-3: wrong PINs are
recorded and, repeated, locked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from bingo import events as ev
from bingo.hall import Status
from store import EventStore, open_store
from store.operators import OperatorBook
from tests.ui.counting import answer_check, ball_checks
from tests.ui.kit import Kit, confirm_drawer, open_console
from tests.ui.kit import answer_secret as answer
from ui.bridge import Bridge
from ui.console import ConsoleWindow
from ui.console.dialogs import IncidentDialog
from ui.console.login import ConsoleRights, sign_in

SALA = ("Sala", "482913")
MESA = ("Mesa", "735190")


@pytest.fixture
def book(tmp_path: Path) -> Iterator[OperatorBook]:
    store: EventStore = open_store(f"sqlite:///{tmp_path / 'hall.sqlite'}")
    book = OperatorBook(store)
    book.add(SALA[0], "jefe_de_sala", SALA[1])
    book.add(MESA[0], "jefe_de_mesa", MESA[1])
    yield book
    store.close()


def logged_in(qtbot: QtBot, book: OperatorBook, name: str, pin: str) -> ConsoleRights:
    answer(qtbot, name, pin)
    rights = sign_in(book)
    assert rights is not None
    return rights


def annul_caller_error(qtbot: QtBot, console: ConsoleWindow, then: Callable[[], object]) -> None:
    console.menu_actions["incident_caller_error"].trigger()
    dialog = console.dialog
    assert isinstance(dialog, IncidentDialog)
    dialog.note.setText("se canto 71, la bola es 17")
    dialog.read_aloud.setChecked(True)
    then()  # the override's answer, scheduled before the click that opens it
    qtbot.mouseClick(dialog.confirm, Qt.MouseButton.LeftButton)


def test_the_console_opens_only_after_a_login_and_a_wrong_pin_is_refused(
    qtbot: QtBot, book: OperatorBook
) -> None:
    seen = answer(qtbot, "Mesa", "111111")
    assert sign_in(book) is None  # refused, then cancelled
    assert seen == ["login_dialog", "nombre o PIN incorrectos"]
    rights = logged_in(qtbot, book, *MESA)
    assert rights.asker().asked_by == "Mesa"
    assert [a[4] for a in book.attempts("Mesa")] == ["wrong_secret", "accepted"]


def test_an_annulment_at_the_console_needs_the_jefe_de_sala_pin_and_records_both_names(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge], book: OperatorBook
) -> None:
    kit.svc.rights = logged_in(qtbot, book, *MESA)
    kit.partida_ready()
    kit.draw([10, 17, 30])
    console = open_console(qtbot, kit, bridges)
    partida = kit.hall.partida
    assert partida is not None

    # the jefe de mesa alone: the override is cancelled, nothing is annulled
    annul_caller_error(qtbot, console, lambda: answer(qtbot, "", "", cancel=True))
    assert partida.status == Status.EXTRACTION
    assert "autorización del jefe de sala" in console.error.text()
    # the jefe de mesa types his own PIN as if he were the jefe de sala: refused
    annul_caller_error(qtbot, console, lambda: answer(qtbot, *MESA))
    assert partida.status == Status.EXTRACTION
    # the jefe de sala's name and PIN: annulled, with both names in the record
    annul_caller_error(qtbot, console, lambda: answer(qtbot, *SALA))
    assert partida.status == Status.ANNULLED
    assert partida.incident_people[-1] == ("Mesa", "Sala")
    qtbot.waitUntil(
        lambda: any(
            "Pide Mesa; autoriza el jefe de sala Sala" in console.event_log.item(i).text()
            for i in range(console.event_log.count())
        )
    )
    by = [ev.event_from(r.kind, r.payload) for r in kit.svc.records() if r.kind == "command_by"]
    assert isinstance(by[-1], ev.CommandBy)
    assert (by[-1].asked_by, by[-1].authorised_by, by[-1].action) == ("Mesa", "Sala", "annul")
    outcomes = [(a[1], a[3], a[4]) for a in book.attempts() if a[3] == "authorise:annul"]
    assert outcomes == [
        ("Mesa", "authorise:annul", "refused"),
        ("Mesa", "authorise:annul", "accepted"),
        ("Mesa", "authorise:annul", "not_jefe_de_sala"),
        ("Mesa", "authorise:annul", "refused"),
        ("Sala", "authorise:annul", "accepted"),
    ]


def test_wrong_jefe_de_sala_pins_at_the_console_are_recorded_and_locked(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge], book: OperatorBook
) -> None:
    kit.svc.rights = logged_in(qtbot, book, *MESA)
    kit.partida_ready()
    console = open_console(qtbot, kit, bridges)
    messages: list[list[str]] = []

    def suspend(pin: str) -> None:
        console.menu_actions["incident_suspend"].trigger()
        dialog = console.dialog
        assert isinstance(dialog, IncidentDialog)
        dialog.note.setText("averia del extractor")
        dialog.read_aloud.setChecked(True)
        messages.append(answer(qtbot, "Sala", pin))
        qtbot.mouseClick(dialog.confirm, Qt.MouseButton.LeftButton)

    for _ in range(3):
        suspend("000111")
    suspend(SALA[1])  # the right PIN, too late: locked
    assert kit.hall.partida is not None and kit.hall.partida.status == Status.READY
    assert [m[-1] for m in messages[:3]] == ["nombre o PIN incorrectos"] * 3
    assert "bloqueado" in messages[-1][-1]
    sala = [a[4] for a in book.attempts("Sala") if a[3] == "authorise:suspend"]
    assert sala == ["wrong_secret"] * 3 + ["locked"]


def test_an_inspector_at_the_console_commands_nothing(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge], book: OperatorBook
) -> None:
    book.add("Inspección", "inspector", "915372")
    kit.svc.rights = logged_in(qtbot, book, "Inspección", "915372")
    console = open_console(qtbot, kit, bridges)
    before = kit.svc.last_seq
    console.start_partida()
    assert "solo puede consultar" in console.error.text()
    assert kit.svc.last_seq == before


def test_closing_the_session_asks_the_jefe_de_sala_before_the_closing_count_is_recorded(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge], book: OperatorBook
) -> None:
    """R-ROLE-2: without the jefe de sala the session stays open and the closing count is not
    recorded (counting again would otherwise put it twice in the acta); with him, both are.
    """
    kit.svc.rights = logged_in(qtbot, book, *MESA)
    console = open_console(qtbot, kit, bridges)

    def close(then: Callable[[], object]) -> None:
        console.session_page.balls_counted.setChecked(True)
        qtbot.mouseClick(console.session_page.close_session_button, Qt.MouseButton.LeftButton)
        confirm_drawer(console)
        then()
        answer_check(qtbot, console)

    close(lambda: answer(qtbot, "", "", cancel=True))
    assert kit.hall.session is not None
    assert [c.when for c in ball_checks(kit)] == ["open"]
    close(lambda: answer(qtbot, *SALA))
    assert kit.hall.session is None
    assert [c.when for c in ball_checks(kit)] == ["open", "close"]
