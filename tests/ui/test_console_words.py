"""The console's words for the staff: Spanish buttons, euros, the singular for one, and no
rule codes in its sentences (they stay in the record, the acta and the program's log).
"""

from __future__ import annotations

import re

from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from tests.ui.kit import Kit, open_console
from tests.ui.test_i18n import console_texts
from ui.bridge import Bridge
from ui.console import ConsoleWindow
from ui.i18n import use_console_language

RULE_CODE = re.compile(r"R-[A-Z]+-\d")


def test_no_console_sentence_carries_a_rule_code() -> None:
    """Every text of the console, found by walking its source."""
    assert not [text for text in console_texts() if RULE_CODE.search(text)]


def test_a_refusal_is_said_without_its_rule_code(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge]
) -> None:
    """A range that skips cartones is refused (R-SALE-1): the banner says why, no code."""
    kit.svc.start_partida()
    kit.svc.sell_count("A", 10)
    console = open_console(qtbot, kit, bridges)
    console.sell_range("A", 20, 30)
    text = console.error.text()
    assert "debe seguir por el cartón 11" in text
    assert not RULE_CODE.search(text), text


def test_one_ball_is_one_bola(qtbot: QtBot, kit: Kit, bridges: list[Bridge]) -> None:
    kit.partida_ready()
    kit.draw([7])
    console: ConsoleWindow = open_console(qtbot, kit, bridges)
    assert console.side.count.text() == "1\nbola"
    kit.draw([8])
    qtbot.waitUntil(lambda: console.side.count.text() == "2\nbolas")
    partida = kit.hall.partida
    assert partida is not None
    assert "Vendidos 10 cartones" in console.sale_page.sale_totals.text()


def test_qt_standard_buttons_speak_spanish(qtbot: QtBot) -> None:
    """The buttons Qt writes itself (file dialogs, standard boxes) come from Qt's own
    Spanish catalogue, installed with the console's language."""
    remove = use_console_language("es")
    try:
        box = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.Save
        )
        qtbot.addWidget(box)
        texts = {b.text().replace("&", "") for b in box.buttons()}
    finally:
        remove()
    assert texts == {"Aceptar", "Cancelar", "Guardar"}
