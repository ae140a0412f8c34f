"""The papers printed from the console: the session's acta (R-ACTA-1), the prima receipt and its
duplicate (R-PRIMA-6), a winner's proof; their failures in the red banner."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from actas.builder import ActaDataError
from actas.verify import verify_acta
from app.bootstrap import project_records
from bingo.hall import Status
from bingo.rules import RegionRules
from bingo.service import HallService, MemoryEventLog
from tests.ui.kit import BALLS, CARD_SET, Clock, Kit, make_hall
from ui.bridge import Bridge
from ui.console import ConsoleDefaults, ConsoleWindow


class SaveDialog:
    """Stands for ``QFileDialog.getSaveFileName``: answers with the next path, remembers the
    questions."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.answers: list[Path | None] = []
        self.asked: list[tuple[str, str]] = []
        monkeypatch.setattr(QFileDialog, "getSaveFileName", self)

    def __call__(
        self, _parent: object, title: str, start: str, _filter: str = ""
    ) -> tuple[str, str]:
        self.asked.append((title, start))
        answer = self.answers.pop(0) if self.answers else None
        return (str(answer), "PDF (*.pdf)") if answer is not None else ("", "")


@pytest.fixture
def save_dialog(monkeypatch: pytest.MonkeyPatch) -> SaveDialog:
    return SaveDialog(monkeypatch)


def open_console(
    qtbot: QtBot, kit: Kit, bridge: Bridge, keys_dir: Path | None = None
) -> ConsoleWindow:
    console = ConsoleWindow(
        kit.svc,
        bridge=bridge,
        defaults=ConsoleDefaults(
            "Ana Mesa", "Luis Sala", today=lambda: "2026-11-22", keys_dir=keys_dir
        ),
    )
    qtbot.addWidget(console)
    console.resize(1366, 768)
    console.show()
    qtbot.waitExposed(console)
    return console


def save(
    qtbot: QtBot,
    console: ConsoleWindow,
    dialog: SaveDialog,
    path: Path,
    start: object,
    ok: bool = True,
) -> None:
    """Answer the save dialog with ``path``, run ``start`` and wait for the worker's outcome."""
    dialog.answers.append(path)
    signal = console.bridge.jobDone if ok else console.bridge.jobFailed
    with qtbot.waitSignal(signal, timeout=20_000):
        start()  # type: ignore[operator]
    assert console.desk.document is None


def pdf_text(path: Path) -> str:
    reader = PdfReader(io.BytesIO(path.read_bytes()))
    return "\n".join(page.extract_text() for page in reader.pages)


def log_lines(console: ConsoleWindow) -> list[str]:
    return [console.event_log.item(i).text() for i in range(console.event_log.count())]


def finish_with_bingo(kit: Kit, number: int, pay: bool = True) -> None:
    """Complete cartón ``number`` of serie A, line and bingo by it, close (and pay)."""
    partida = kit.hall.partida
    assert partida is not None
    kit.draw_rest_until(sorted(kit.carton(number).numbers))
    if partida.first_valid_line_after is None:
        kit.svc.claim("A", number, "line")
    kit.svc.claim("A", number, "bingo")
    kit.svc.close_partida()
    if pay:
        kit.svc.pay_prizes()


# --- the acta ---------------------------------------------------------------------------------


def test_acta_mid_session_shows_the_partida_in_play_once_its_data_is_recorded(
    qtbot: QtBot, kit: Kit, bridge: Bridge, save_dialog: SaveDialog, tmp_path: Path
) -> None:
    console = open_console(qtbot, kit, bridge)
    acta = console.menu_actions["acta"]
    assert acta.shortcut() == QKeySequence("Ctrl+P")
    kit.svc.start_partida()
    kit.svc.sell_count("A", 37)

    # still selling: the data is not recorded yet, the acta stops before the partida
    selling = tmp_path / "venta.pdf"
    save(
        qtbot,
        console,
        save_dialog,
        selling,
        acta.trigger,
    )
    assert save_dialog.asked[-1][1].endswith("acta-S1.pdf")
    text = pdf_text(selling)
    assert "Copia de trabajo" in text
    assert "PARTIDA N.º" not in text
    assert "Observaciones del sistema" not in text
    report = verify_acta(selling.read_bytes(), projector=project_records)
    assert not report.altered, report.lines()  # agrees with its record; unsealed (decision 73)

    # the sale closed: the partida in play appears with its data (R-ACTA-1, R-ACTA-2)
    kit.svc.close_sale()
    kit.svc.confirm_data_shown()
    kit.draw([1, 2, 3])
    playing = tmp_path / "en-juego.pdf"
    save(qtbot, console, save_dialog, playing, console.session_page.acta_button.click)
    text = pdf_text(playing)
    assert "PARTIDA N.º 1" in text
    assert re.search(r"^37$", text, re.MULTILINE), "the cartones sold are printed"
    assert "Resultados pendientes" in text
    assert "Observaciones del sistema" not in text
    assert not verify_acta(playing.read_bytes(), projector=project_records).altered

    # where it went: the status bar and the event log
    assert str(playing) in console.statusBar().currentMessage()
    assert any(str(playing) in line and "hasta la partida 1" in line for line in log_lines(console))
    assert console.error.isHidden()


def test_acta_after_two_partidas_holds_both_and_the_closed_session_is_complete(
    qtbot: QtBot, kit: Kit, bridge: Bridge, save_dialog: SaveDialog, tmp_path: Path
) -> None:
    console = open_console(qtbot, kit, bridge)
    for count in (40, 25):
        kit.partida_ready([("A", count)])
        partida = kit.hall.partida
        assert partida is not None
        finish_with_bingo(kit, partida.sales[0].first)
    two = tmp_path / "dos.pdf"
    save(qtbot, console, save_dialog, two, console.papers.save_acta)
    text = pdf_text(two)
    assert "PARTIDA N.º 1" in text and "PARTIDA N.º 2" in text
    assert re.search(r"^40$", text, re.MULTILINE) and re.search(r"^25$", text, re.MULTILINE)
    assert "Resultados pendientes" not in text

    assert kit.svc.record_ball_check("S1", "close", BALLS)
    kit.svc.close_session()
    closed = tmp_path / "cerrada.pdf"
    save(qtbot, console, save_dialog, closed, console.papers.save_acta)
    text = pdf_text(closed)
    assert "PARTIDA N.º 2" in text and "Copia de trabajo" not in text
    assert "cerrada" in console.statusBar().currentMessage()


def test_sealed_acta_is_signed_with_the_hall_key(
    qtbot: QtBot, kit: Kit, bridge: Bridge, save_dialog: SaveDialog, tmp_path: Path
) -> None:
    console = open_console(qtbot, kit, bridge, keys_dir=tmp_path / "claves")
    kit.partida_ready([("A", 12)])
    console.session_page.seal_acta.setChecked(True)
    sealed = tmp_path / "sellada.pdf"
    save(qtbot, console, save_dialog, sealed, console.papers.save_acta)
    assert "sellada" in save_dialog.asked[-1][0]
    cert = (tmp_path / "claves" / "test-hall" / "hall-cert-self-signed.pem").read_bytes()
    report = verify_acta(sealed.read_bytes(), projector=project_records, trusted_certs=[cert])
    assert report.exit_code == 0, report.lines()  # intact and sealed by the hall
    assert (tmp_path / "claves" / "test-hall" / "hall-key.pem").exists()
    assert "sellada" in console.statusBar().currentMessage()


# --- receipts ---------------------------------------------------------------------------------


def prima_hall() -> Kit:
    """A hall whose 50 € prima is in play from the 10th partida of 100 cartones (6 % of 100 €
    a partida), with the 10th partida won by ball 15 and closed, prizes not paid yet."""
    log = MemoryEventLog()

    def bola_source(count: int) -> tuple[list[int], str]:
        return list(range(1, count + 1)), "test"

    svc = HallService(log, "test-hall", clock=Clock(), bola_loca=bola_source)
    svc.register_hall("test-hall", "Sala de pruebas", "cantabria", ["es"])
    svc.adopt_rules(RegionRules(region="cantabria"))
    svc.generate_card_set(CARD_SET, seed=11, strips=250)
    svc.register_serie("A", CARD_SET, 1500, 100, False)
    svc.install_ball_set("BS-1", "HOM-1", 3000, 0, True, "inicial")
    svc.choose_prima_amount(5000)
    assert svc.record_ball_check("S1", "open", BALLS)
    svc.open_session("S1", "2026-11-22", "Mesa", "Sala")
    kit = Kit(svc, log)
    for n in range(10):
        kit.partida_ready([("A", 100)])
        partida = kit.hall.partida
        assert partida is not None and partida.prima_available == (n == 9)
        finish_with_bingo(kit, partida.sales[0].first, pay=n < 9)
    return kit


@pytest.fixture
def prima_kit() -> Kit:
    return prima_hall()


@pytest.fixture
def prima_bridge(prima_kit: Kit) -> Iterator[Bridge]:
    b = Bridge()
    b.attach(prima_kit.svc)
    yield b
    b.close(wait=True)


def test_prima_receipt_and_winner_proof_are_saved_after_a_prima_award(
    qtbot: QtBot, prima_kit: Kit, prima_bridge: Bridge, save_dialog: SaveDialog, tmp_path: Path
) -> None:
    kit = prima_kit
    console = open_console(qtbot, kit, prima_bridge)
    partida = kit.hall.partida
    assert partida is not None and partida.status == Status.CLOSED
    prima = next(a for a in partida.awards if a.prize == "prima")
    assert console.pages.currentIndex() == 3
    assert console.prizes_page.prima_receipt_button.isEnabled()
    assert console.prizes_page.winner_proof_button.isEnabled()

    receipt = tmp_path / "justificante.pdf"
    save(
        qtbot,
        console,
        save_dialog,
        receipt,
        console.prizes_page.prima_receipt_button.click,
    )
    assert save_dialog.asked[-1][1].endswith(f"justificante-S1-p10-prima-A-{prima.number}.pdf")
    reader = PdfReader(io.BytesIO(receipt.read_bytes()))
    assert len(reader.pages) == 2  # the receipt and its duplicate, A4
    text = pdf_text(receipt)
    assert "JUSTIFICANTE DE PREMIO" in text
    assert "ORIGINAL" in text and "DUPLICADO" in text
    assert "50,00 €" in text
    assert "Partidas acumuladas" in text
    assert "Orden de salida de las bolas" in text  # with the duplicate (R-PRIMA-6)
    assert str(receipt) in console.statusBar().currentMessage()

    # the line winner's proof, on the 80 mm roll
    line_row = next(i for i, a in enumerate(partida.awards) if a.prize == "line")
    console.prizes_page.awards.selectRow(line_row)
    console.prizes_page.receipt_format.setCurrentIndex(
        console.prizes_page.receipt_format.findData("80mm")
    )
    proof = tmp_path / "comprobante"
    save(qtbot, console, save_dialog, proof, console.prizes_page.winner_proof_button.click)
    saved = tmp_path / "comprobante.pdf"  # the dialog's answer had no extension
    text = pdf_text(saved)
    assert "COMPROBANTE DE PREMIO" in text
    page = PdfReader(io.BytesIO(saved.read_bytes())).pages[0]
    assert abs(float(page.mediabox.width) - 80 * 72 / 25.4) < 1
    assert any(str(saved) in line for line in log_lines(console))

    # once paid the papers can still be printed
    kit.svc.pay_prizes()
    qtbot.waitUntil(lambda: "premios pagados" in console.prizes_page.prizes_info.text())
    assert console.prizes_page.prima_receipt_button.isEnabled()


def test_no_prima_receipt_for_a_partida_without_prima(
    qtbot: QtBot, kit: Kit, bridge: Bridge
) -> None:
    console = open_console(qtbot, kit, bridge)
    kit.partida_ready([("A", 20)])
    partida = kit.hall.partida
    assert partida is not None
    finish_with_bingo(kit, partida.sales[0].first, pay=False)
    qtbot.waitUntil(console.prizes_page.winner_proof_button.isEnabled)
    assert not console.prizes_page.prima_receipt_button.isEnabled()


# --- failures -----------------------------------------------------------------------------------


def test_an_unwritable_path_is_shown_in_the_banner(
    qtbot: QtBot, kit: Kit, bridge: Bridge, save_dialog: SaveDialog, tmp_path: Path
) -> None:
    console = open_console(qtbot, kit, bridge)
    target = tmp_path / "no-existe" / "acta.pdf"
    save(qtbot, console, save_dialog, target, console.papers.save_acta, ok=False)
    assert not console.error.isHidden()
    assert "no se puede escribir" in console.error.text()
    assert not target.exists() and not target.parent.exists()
    assert "no se puede escribir" in log_lines(console)[-1]
    # the console goes on: the next printing works
    good = tmp_path / "acta.pdf"
    save(qtbot, console, save_dialog, good, console.papers.save_acta)
    assert good.exists()


def test_a_seal_key_that_cannot_be_read_is_shown_and_nothing_is_written(
    qtbot: QtBot, kit: Kit, bridge: Bridge, save_dialog: SaveDialog, tmp_path: Path
) -> None:
    keys = tmp_path / "claves" / "test-hall"
    keys.mkdir(parents=True)
    (keys / "hall-key.pem").write_text("no es una clave")
    (keys / "hall-cert-self-signed.pem").write_text("no es un certificado")
    console = open_console(qtbot, kit, bridge, keys_dir=tmp_path / "claves")
    console.session_page.seal_acta.setChecked(True)
    target = tmp_path / "acta.pdf"
    save(qtbot, console, save_dialog, target, console.papers.save_acta, ok=False)
    assert "Acta de la sesión" in console.error.text()
    assert "clave" in console.error.text()
    assert not target.exists()


def test_a_record_the_actas_refuse_is_shown(
    qtbot: QtBot,
    kit: Kit,
    bridge: Bridge,
    save_dialog: SaveDialog,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    console = open_console(qtbot, kit, bridge)
    kit.partida_ready([("A", 20)])
    partida = kit.hall.partida
    assert partida is not None
    finish_with_bingo(kit, partida.sales[0].first, pay=False)

    def refuse(*_args: object, **_kwargs: object) -> object:
        raise ActaDataError("la partida 1 no está cerrada: no tiene premios")

    monkeypatch.setattr("ui.console.documents.find_receipt", refuse)
    save(
        qtbot, console, save_dialog, tmp_path / "c.pdf", console.papers.save_winner_proof, ok=False
    )
    assert console.error.text() == (
        "Comprobante del ganador: la partida 1 no está cerrada: no tiene premios"
    )


def test_no_session_and_a_cancelled_dialog(
    qtbot: QtBot, save_dialog: SaveDialog, tmp_path: Path
) -> None:
    fresh = make_hall(open_session=False)
    bridge = Bridge()
    bridge.attach(fresh.svc)
    try:
        console = open_console(qtbot, fresh, bridge)
        assert not console.session_page.acta_button.isEnabled()
        console.papers.save_acta()
        assert "todavía no hay ninguna sesión" in console.error.text()
        assert save_dialog.asked == []

        assert fresh.svc.record_ball_check("S1", "open", BALLS)
        fresh.svc.open_session("S1", "2026-11-22", "Mesa", "Sala")
        qtbot.waitUntil(console.session_page.acta_button.isEnabled)
        console.papers.save_acta()  # cancelled: nothing is written, nothing runs
        assert len(save_dialog.asked) == 1
        assert not bridge.busy and console.desk.document is None
        assert list(tmp_path.iterdir()) == []
    finally:
        bridge.close(wait=True)
