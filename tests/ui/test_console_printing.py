"""Printing straight to the hall's printer (issue 9, "what commercial consoles have"): the acta,
the prima's receipt and the winner's proof go through Qt's print support, the printer chosen
once in the console's options and remembered. The printer here is a "print to file" one (a
``QPrinter`` in PDF format): what it receives must be the pages the console renders (R-ACTA-1,
R-PRIMA-6), page by page.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from actas.render import render_acta
from tests.ui.kit import Kit
from tests.ui.test_console_drawer import open_console, play_to_bingo
from ui.bridge import Bridge
from ui.console import ConsoleWindow, documents
from ui.console.options import ConsoleOptions, load_options
from ui.console.printing import make_printer

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def pages_as_grey(pdf: bytes) -> list[np.ndarray]:
    """Each page in grey at 72 dpi, averaged over 4×4 pixels (the type's anti-aliasing at
    another resolution is not a difference of content)."""
    document = pdfium.PdfDocument(pdf)
    try:
        out = []
        for index in range(len(document)):
            page = document[index]
            bitmap = page.render(scale=1, grayscale=True)
            grey = bitmap.to_numpy().astype(np.float64).squeeze()
            h, w = grey.shape[0] // 4 * 4, grey.shape[1] // 4 * 4
            out.append(grey[:h, :w].reshape(h // 4, 4, w // 4, 4).mean(axis=(1, 3)))
            bitmap.close()
            page.close()
        return out
    finally:
        document.close()


def same_pages(printed: bytes, source: bytes) -> None:
    """Each printed page is the source's page: same size, and the same picture (the grey
    levels of the two correlate above 0.9; two different pages of an acta correlate at 0.1)."""
    a, b = PdfReader(io.BytesIO(printed)), PdfReader(io.BytesIO(source))
    assert len(a.pages) == len(b.pages) >= 1
    for pa, pb in zip(a.pages, b.pages, strict=True):
        assert abs(float(pa.mediabox.width) - float(pb.mediabox.width)) < 1
        assert abs(float(pa.mediabox.height) - float(pb.mediabox.height)) < 1
    for got, want in zip(pages_as_grey(printed), pages_as_grey(source), strict=True):
        h, w = min(got.shape[0], want.shape[0]), min(got.shape[1], want.shape[1])
        assert (want < 250).mean() > 0.02  # the page has ink: not two blank pages agreeing
        alike = np.corrcoef(got[:h, :w].ravel(), want[:h, :w].ravel())[0, 1]
        assert alike > 0.9, f"the printed page is not the rendered one (correlation {alike:.2f})"


def print_with(qtbot: QtBot, console: ConsoleWindow, press: object) -> None:
    with qtbot.waitSignal(console.bridge.jobDone, timeout=30_000):
        press()  # type: ignore[operator]
    assert console.desk.document is None


def choose_printer(qtbot: QtBot, console: ConsoleWindow, name: str) -> None:
    """Sesión → Opciones (Ctrl+O): the printer typed, Enter saves."""
    qtbot.keyClick(console, Qt.Key.Key_O, CTRL)
    dialog = console.dialog
    assert dialog is not None and dialog.objectName() == "options_dialog"
    combo = dialog.printer  # type: ignore[union-attr]
    combo.lineEdit().selectAll()
    qtbot.keyClicks(combo.lineEdit(), name)
    qtbot.keyClick(dialog.float_amount, Qt.Key.Key_Return)  # type: ignore[union-attr]
    assert console.options.printer == name


def test_acta_is_printed_page_by_page_on_the_printer_chosen_once(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge], tmp_path: Path
) -> None:
    for count in (40, 25):
        kit.partida_ready([("A", count)])
        play_to_bingo(kit)
    options_file = tmp_path / "consola.ini"
    printer = str(tmp_path / "impresora" / "acta.pdf")
    console = open_console(qtbot, kit, bridges, options_file)
    choose_printer(qtbot, console, printer)
    assert load_options(options_file).printer == printer  # remembered on the station

    again = open_console(qtbot, kit, bridges, options_file)
    assert again.options.printer == printer
    print_with(qtbot, again, lambda: qtbot.keyClick(again, Qt.Key.Key_P, CTRL | SHIFT))
    session = kit.hall.session
    assert session is not None
    acta = render_acta(documents.export_for_session(kit.svc, session), "S1")
    printed = Path(printer).read_bytes()
    same_pages(printed, acta)
    assert printer in again.statusBar().currentMessage()
    assert again.error.isHidden()


def test_winner_proof_and_prima_receipt_go_to_the_printer_as_rendered(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge], tmp_path: Path
) -> None:
    """The 80-mm roll prints as a roll: the page is the receipt's own size."""
    kit.partida_ready([("A", 40)])
    play_to_bingo(kit, pay=False)
    printer = str(tmp_path / "rollo.pdf")
    console = open_console(qtbot, kit, bridges)
    console.options = ConsoleOptions(printer=printer)
    console.pages.setCurrentIndex(3)
    console.prizes_page.receipt_format.setCurrentIndex(1)  # 80 mm
    page = console.prizes_page
    assert page.print_proof_button.isEnabled()
    print_with(qtbot, console, lambda: qtbot.keyClick(console, Qt.Key.Key_G, CTRL | SHIFT))
    session = kit.hall.session
    assert session is not None
    partida = session.partidas[-1]
    award = partida.awards[0]
    proof = documents.receipt_pdf(
        documents.export_for_session(kit.svc, session),
        "S1",
        partida.number,
        prize=award.prize,
        series=award.series,
        number=award.number,
        proof=True,
        layout="80mm",
    )
    same_pages(Path(printer).read_bytes(), proof)
    assert not page.print_prima_button.isEnabled()  # no prima in this partida


def test_printing_without_a_printer_or_to_one_not_there_says_so(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge]
) -> None:
    console = open_console(qtbot, kit, bridges)
    console.papers.print_acta()
    assert "no hay impresora elegida" in console.error.text()
    assert console.desk.document is None
    console.options = ConsoleOptions(printer="Impresora-que-no-existe")
    with qtbot.waitSignal(console.bridge.jobFailed, timeout=30_000):
        console.papers.print_acta()
    assert "no está disponible" in console.error.text()
    assert console.error.isVisible()


def test_no_printer_name_is_refused_before_anything_is_laid_out() -> None:
    with pytest.raises(OSError, match="no hay impresora elegida"):
        make_printer("", "acta")
