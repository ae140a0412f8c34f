"""The partidas of the manual book are taken back from the console (R-ACTA-4)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from bingo.hall import Status
from bingo.regulation import PARAGRAPHS
from bingo.transcribe import FORMAT, parse_book, template
from tests.ui.kit import BALLS, Kit, make_hall
from tests.ui.test_console import click, open_console
from ui.bridge import Bridge
from ui.console import ConsoleWindow
from ui.console.manual_book import ManualBookDialog


def entry(kit: Kit, number: int, first: int, last: int, balls: list[int] | None = None) -> Any:
    """A partida of the book where cartón ``first`` of serie A makes line and bingo."""
    carton = kit.carton(first)
    drawn = list(balls or [])
    drawn += [n for n in sorted(carton.numbers) if n not in drawn]
    return {
        "number": number,
        "note": "sistema sin luz: partida llevada en el libro",
        "bola_loca": [],
        "sales": [{"series": "A", "first": first, "last": last, "kind": "physical"}],
        "balls": drawn,
        "claims": [
            {"after_ball": len(drawn), "series": "A", "number": first, "kind": "line"},
            {"after_ball": len(drawn), "series": "A", "number": first, "kind": "bingo"},
        ],
        "annulled": None,
    }


def open_book(qtbot: QtBot, console: ConsoleWindow) -> ManualBookDialog:
    action = console.menu_actions["manual_book"]
    assert action.isEnabled()
    action.trigger()
    dialog = console.dialog
    assert isinstance(dialog, ManualBookDialog)
    with qtbot.waitActive(dialog):
        dialog.activateWindow()
    return dialog


def press(qtbot: QtBot, *keys: str | Qt.Key) -> None:
    """Type into whatever has the focus, as the jefe de mesa would."""
    for key in keys:
        widget = QApplication.focusWidget()
        assert isinstance(widget, QWidget), "nothing has the focus"
        if isinstance(key, str):
            qtbot.keyClicks(widget, key)
        else:
            qtbot.keyClick(widget, key)


def log_lines(console: ConsoleWindow) -> list[str]:
    return [console.event_log.item(i).text() for i in range(console.event_log.count())]


def test_a_book_typed_in_the_form_is_recorded_marked_and_shown(
    qtbot: QtBot, kit: Kit, bridge: Bridge
) -> None:
    console = open_console(qtbot, kit, bridge)
    dialog = open_book(qtbot, console)
    form = dialog.forms[0]
    assert form.number.value() == 1  # the next partida of the session
    book = entry(kit, 1, 1, 40)

    qtbot.keyClicks(form.note, book["note"])
    # a sale row typed from the keyboard: serie, from, to, and the kind by its first letter
    click(qtbot, form.add_sale)
    assert form.sales.rowCount() == 1
    press(qtbot, "A", Qt.Key.Key_Tab, "1", Qt.Key.Key_Tab, "40", Qt.Key.Key_Tab)
    press(qtbot, Qt.Key.Key_F2, "f", Qt.Key.Key_Return)
    assert form.sales.rows() == [(["A", "1", "40"], "physical")]
    qtbot.keyClicks(form.balls, " ".join(map(str, book["balls"])))
    assert form.balls_count.text().startswith("15 bolas")
    form.claims.add_row([15, "A", 1], "line")
    form.claims.add_row([15, "A", 1], "bingo")
    assert dialog.book() == {"format": FORMAT, "partidas": [book]}

    # the check: the regulation paragraph and what will be recorded
    click(qtbot, dialog.review)
    assert dialog.steps.currentIndex() == 1
    reference, text = PARAGRAPHS["manual_book"]
    assert reference in dialog.reference.text()
    assert text in dialog.paragraph.text()
    assert dialog.paragraph.isVisible()
    assert dialog.summary_title.text() == (
        "Se registrará la partida 1 del libro manual: 40 cartones, 15 bolas, 2 cantos."
    )
    assert dialog.summary.item(0, 2).text() == "A 1–40"
    assert "se pagan los premios" in dialog.summary.item(0, 5).text()

    before = len(kit.svc.records())
    click(qtbot, dialog.confirm)
    assert dialog.numbers == [1]
    assert console.dialog is None and not dialog.isVisible()
    assert len(kit.svc.records()) > before
    partida = kit.hall.sessions[-1].partidas[0]
    assert partida.status == Status.PAID and partida.transcribed
    assert {a.prize for a in partida.awards} >= {"line", "bingo"}

    qtbot.waitUntil(lambda: "incorporada del libro manual" in log_lines(console)[-1])
    assert log_lines(console)[-1].endswith("Partida 1 incorporada del libro manual")
    assert "(libro manual)" in console.header.header_state.text()
    assert "PREMIOS PAGADOS (libro manual)" in console.header.header_state.text()
    assert console.prizes_page.prizes_info.text() == "Partida 1 (libro manual): premios pagados."
    assert "Del libro manual: 1." in console.session_page.session_info.text()
    assert any("Partida transcrita del libro manual" in line for line in log_lines(console))
    assert console.error.isHidden()


def test_a_book_file_fills_the_form_and_is_recorded(
    qtbot: QtBot, kit: Kit, bridge: Bridge, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    console = open_console(qtbot, kit, bridge)
    book = {"format": FORMAT, "partidas": [entry(kit, 1, 1, 40), entry(kit, 2, 41, 90)]}
    book["partidas"][1]["annulled"] = {"incident": "caller_error", "note": "cantó el 61"}
    path = tmp_path / "libro.json"
    path.write_text(json.dumps(book, ensure_ascii=False), "utf-8")
    asked: list[str] = []

    def chosen(*args: object, **kwargs: object) -> tuple[str, str]:
        asked.append(str(args[1]))
        return str(path), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(chosen))
    dialog = open_book(qtbot, console)
    click(qtbot, dialog.open_file)
    assert asked == ["Abrir el libro manual transcrito"]
    assert [f.number.value() for f in dialog.forms] == [1, 2]
    assert dialog.partida_list.count() == 2
    assert "libro.json" in dialog.info.text()
    assert dialog.forms[1].annulled.isChecked()
    assert dialog.book() == book  # the form holds the whole file

    click(qtbot, dialog.review)
    assert "2 partidas del libro manual (1, 2)" in dialog.summary_title.text()
    assert "anulada" in dialog.summary.item(1, 5).text()
    click(qtbot, dialog.confirm)
    assert dialog.numbers == [1, 2]
    first, second = kit.hall.sessions[-1].partidas
    assert first.status == Status.PAID and first.transcribed
    assert second.status == Status.ANNULLED and second.transcribed
    qtbot.waitUntil(
        lambda: log_lines(console)[-1].endswith("Partidas 1, 2 incorporadas del libro manual")
    )
    assert "ANULADA (libro manual)" in console.header.header_state.text()
    assert console.prizes_page.prizes_info.text().startswith("Partida 2 (libro manual) anulada")


def test_a_faulty_book_is_refused_in_the_dialog_and_records_nothing(
    qtbot: QtBot, kit: Kit, bridge: Bridge
) -> None:
    console = open_console(qtbot, kit, bridge)
    dialog = open_book(qtbot, console)
    good, bad = entry(kit, 1, 1, 40), entry(kit, 2, 41, 60)
    bad["claims"] = [{"after_ball": 3, "series": "A", "number": 41, "kind": "bingo"}]
    dialog.load_book(parse_book({"format": FORMAT, "partidas": [good, bad]}))
    typed = dialog.book()
    before = len(kit.svc.records())

    click(qtbot, dialog.review)
    click(qtbot, dialog.confirm)
    assert dialog.isVisible() and console.dialog is dialog
    assert not dialog.error.isHidden()
    assert dialog.error.text().startswith("Partida 2 del libro: ")
    assert dialog.error.text().endswith("No se ha registrado nada.")
    assert dialog.steps.currentIndex() == 0  # back to the book, as typed
    assert dialog.partida_list.currentRow() == 1  # on the partida named
    assert dialog.book() == typed
    assert len(kit.svc.records()) == before
    assert kit.hall.session is not None and kit.hall.session.partidas == []
    assert kit.hall.partida is None

    # a number that cannot be read never reaches the engine
    dialog.forms[0].balls.setPlainText("12 x 30")
    assert "«x» no es un número" in dialog.forms[0].balls_count.text()
    click(qtbot, dialog.review)
    assert dialog.steps.currentIndex() == 0
    assert dialog.error.text() == "Partida 1, bolas: «x» no es un número"
    assert len(kit.svc.records()) == before
    dialog.reject()
    assert console.dialog is None


def test_an_unreadable_file_leaves_the_form_alone(
    qtbot: QtBot, kit: Kit, bridge: Bridge, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    console = open_console(qtbot, kit, bridge)
    path = tmp_path / "malo.json"
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(path), ""))
    )
    dialog = open_book(qtbot, console)
    qtbot.keyClicks(dialog.forms[0].note, "a medio escribir")
    for content, message in (
        ("{no es json", "no es un JSON válido"),
        (json.dumps({"format": "otro"}), "no es un libro manual transcrito"),
        (
            json.dumps(
                {
                    "format": FORMAT,
                    "partidas": [
                        entry(kit, 1, 1, 40)
                        | {
                            "claims": [
                                {"after_ball": 1, "series": "A", "number": 1, "kind": "linea"}
                            ]
                        }
                    ],
                }
            ),
            "kind debe ser line o bingo",
        ),
    ):
        path.write_text(content, "utf-8")
        click(qtbot, dialog.open_file)
        assert message in dialog.error.text()
        assert "malo.json" in dialog.error.text()
        assert dialog.forms[0].note.text() == "a medio escribir"
    dialog.reject()


def test_the_template_saved_is_an_empty_book_to_fill_in(
    qtbot: QtBot, kit: Kit, bridge: Bridge, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kit.svc.start_partida()
    kit.svc.suspend("avería")
    kit.svc.refund_suspended("no se arregla")  # partida 1 over: the book starts at the 2
    console = open_console(qtbot, kit, bridge)
    target = tmp_path / "plantilla.json"
    suggested: list[str] = []

    def save_as(*args: object, **kwargs: object) -> tuple[str, str]:
        suggested.append(str(args[2]))
        return str(target), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_as))
    dialog = open_book(qtbot, console)
    dialog.template_count.setValue(3)
    assert dialog.template_range.text() == "partidas (de la 2 a la 4)"
    click(qtbot, dialog.save_template)
    assert suggested == ["libro-manual-2-4.json"]
    data = json.loads(target.read_text("utf-8"))
    assert data == template([2, 3, 4])
    assert data["format"] == "bingo-manual-book/1"
    assert [p.number for p in parse_book(data)] == [2, 3, 4]
    assert "plantilla.json" in dialog.info.text()
    assert dialog.error.isHidden()
    assert dialog.load_file(target)  # the jefe de mesa fills it in here, partida by partida
    assert [f.number.value() for f in dialog.forms] == [2, 3, 4]

    # cancelled: nothing written, nothing said
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: ("", "")))
    target.unlink()
    click(qtbot, dialog.save_template)
    assert not target.exists()
    dialog.reject()


def test_the_partida_open_when_the_system_failed_comes_prefilled(
    qtbot: QtBot, kit: Kit, bridge: Bridge
) -> None:
    kit.partida_ready([("A", 40)])
    others = [n for n in BALLS if n not in kit.carton(1).numbers][:3]
    kit.draw(others)
    console = open_console(qtbot, kit, bridge)
    dialog = open_book(qtbot, console)
    form = dialog.forms[0]
    assert form.number.value() == 1 and not form.number.isEnabled()
    assert form.sales.rows() == [(["A", "1", "40"], "physical")]
    assert form.balls.toPlainText() == " ".join(map(str, others))
    assert "está abierta en el sistema" in dialog.info.text()

    rest = entry(kit, 1, 1, 40, others)
    form.balls.setPlainText(" ".join(map(str, rest["balls"])))
    for claim in rest["claims"]:
        form.claims.add_row([claim["after_ball"], "A", 1], claim["kind"])
    click(qtbot, dialog.review)
    assert "estaba abierta en el sistema" in dialog.summary_note.text()
    click(qtbot, dialog.confirm)
    partida = kit.hall.sessions[-1].partidas[0]
    assert partida.status == Status.PAID and partida.transcribed
    assert partida.ball_sources[:3] == ["simulated"] * 3
    assert partida.ball_sources[3:] == ["manual_book"] * (len(partida.balls) - 3)


def test_partidas_are_added_and_removed_from_the_keyboard(
    qtbot: QtBot, kit: Kit, bridge: Bridge
) -> None:
    console = open_console(qtbot, kit, bridge)
    dialog = open_book(qtbot, console)
    click(qtbot, dialog.add_partida)
    qtbot.keyClick(dialog, Qt.Key.Key_R, Qt.KeyboardModifier.AltModifier)  # Añadir pa&rtida
    qtbot.waitUntil(lambda: len(dialog.forms) == 3)  # a mnemonic "animates" the click
    assert [dialog.partida_list.item(i).text() for i in range(3)] == [
        "Partida 1",
        "Partida 2",
        "Partida 3",
    ]
    assert dialog.current_form() is dialog.forms[2]
    dialog.partida_list.setCurrentRow(1)
    click(qtbot, dialog.remove_partida)
    assert [f.number.value() for f in dialog.forms] == [1, 3]
    dialog.forms[1].number.setValue(2)
    assert dialog.partida_list.item(1).text() == "Partida 2"
    qtbot.keyClick(dialog, Qt.Key.Key_V, Qt.KeyboardModifier.AltModifier)  # Añadir &venta
    qtbot.waitUntil(lambda: dialog.forms[1].sales.rowCount() == 1)
    assert dialog.forms[0].sales.rowCount() == 0
    assert dialog.forms[1].sales.hasFocus()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert console.dialog is None


def test_the_manual_book_needs_an_open_session(qtbot: QtBot) -> None:
    fresh = make_hall(open_session=False)
    b = Bridge()
    b.attach(fresh.svc)
    try:
        console = open_console(qtbot, fresh, b)
        assert not console.menu_actions["manual_book"].isEnabled()
        console.ask_manual_book()
        assert console.dialog is None
        assert "sesión abierta" in console.error.text()
    finally:
        b.close()
