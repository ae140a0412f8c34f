"""The acta of nights the engine itself played: what its export really carries, and how the acta
prints it."""

from __future__ import annotations

import copy
import io
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from actas.builder import build_acta
from actas.render import render_acta
from actas.verify import verify_acta
from app.bootstrap import export_from_db, project_records
from bingo.service import HallService
from tests.actas.conftest import body_lines, partida_block
from tests.actas.engine_night import (
    close_session,
    engine_hall,
    export_of,
    play_partida,
    transcribe_partida,
)


def hms(at: str) -> str:
    return datetime.fromisoformat(at).strftime("%H:%M:%S")


def times_of(svc: HallService, kind: str) -> list[str]:
    return [r.at for r in svc.records() if r.kind == kind]


def header(export: dict[str, Any], number: int) -> str:
    """The times line of a partida's heading ("datos … · cierre …")."""
    block = partida_block(body_lines(render_acta(export)), number)
    return next(ln for ln in block[:4] if ln.startswith("datos ") or ln.startswith("cierre "))


# --- the "datos" time (R-ACTA-2) ---------------------------------------------------------------


def test_datos_time_is_when_the_sale_closed_not_when_the_partida_opened() -> None:
    svc = engine_hall()
    play_partida(svc)
    close_session(svc)
    export = export_of(svc)
    (p,) = export["sessions"][0]["partidas"]
    (started,) = times_of(svc, "partida_started")
    (sale_closed,) = times_of(svc, "sale_closed")
    assert started < sale_closed  # the partida opens before its sale, so the times differ
    assert p["started_at"] == started  # unchanged meaning of an existing field
    assert p["data_recorded_at"] == sale_closed
    assert header(export, 1) == f"datos {hms(sale_closed)} · cierre {hms(p['closed_at'])}"


def test_no_datos_time_while_the_sale_is_open_then_the_time_it_closed() -> None:
    svc = engine_hall()
    play_partida(svc)
    svc.start_partida()
    svc.sell_count("A", 20)
    selling = export_of(svc)
    assert selling["sessions"][0]["partidas"][1]["data_recorded_at"] is None
    assert build_acta(selling).partidas[1].recorded_at is None  # not the opening time
    svc.close_sale()
    written = export_of(svc)
    sale_closed = times_of(svc, "sale_closed")[-1]
    assert written["sessions"][0]["partidas"][1]["data_recorded_at"] == sale_closed
    assert header(written, 2) == f"datos {hms(sale_closed)}"


def test_an_export_without_the_field_still_prints_the_opening_time() -> None:
    svc = engine_hall()
    play_partida(svc)
    close_session(svc)
    (started,) = times_of(svc, "partida_started")
    (sale_closed,) = times_of(svc, "sale_closed")
    # the time is part of the hall's state: an export without its records (``--no-chain``)
    # carries it too
    bare = export_of(svc, with_records=False)
    assert bare["sessions"][0]["partidas"][0]["data_recorded_at"] == sale_closed
    # an export of an earlier version, which had no such field
    older = export_of(svc)
    del older["sessions"][0]["partidas"][0]["data_recorded_at"]
    assert header(older, 1).startswith(f"datos {hms(started)} · ")


def test_an_acta_sealed_before_the_field_existed_still_verifies() -> None:
    svc = engine_hall()
    play_partida(svc)
    close_session(svc)
    current = export_of(svc)
    older = copy.deepcopy(current)
    del older["sessions"][0]["partidas"][0]["data_recorded_at"]
    report = verify_acta(render_acta(older), projector=project_records, current_export=current)
    assert report.exit_code == 3 and not report.altered, report.lines()  # only not sealed
    # a time the acta does carry is still compared with the record
    forged = copy.deepcopy(current)
    forged["sessions"][0]["partidas"][0]["data_recorded_at"] = "2026-11-22T18:00:01+01:00"
    report = verify_acta(render_acta(forged), projector=project_records, current_export=current)
    assert report.exit_code == 3 and report.altered
    assert "data_recorded_at" in (report.first_difference or ""), report.lines()


# --- partidas taken back from the manual book (R-ACTA-4) -------------------------------------


@pytest.mark.parametrize(
    ("languages", "words"),
    [
        (("es",), ["(libro manual)", "Avería del sistema informático (partida llevada en el"]),
        (("es", "eu"), ["(libro manual / eskuzko liburua)", "Sistema informatikoaren matxura"]),
    ],
)
def test_a_transcribed_partida_prints_its_sources_in_words(
    languages: tuple[str, ...], words: list[str]
) -> None:
    svc = engine_hall(languages=languages)
    play_partida(svc)
    transcribe_partida(svc, 31, 60)
    close_session(svc)
    export = export_of(svc)
    p2 = export["sessions"][0]["partidas"][1]
    assert p2["transcribed"] and p2["bola_loca"]["source"] == "manual_book"
    assert [i["kind"] for i in p2["incidents"]] == ["manual_book"]
    text = " ".join(" ".join(body_lines(render_acta(export))).split())  # lines unwrapped
    text = text[text.index("PARTIDA N.º 2") : text.index("DILIGENCIA DE CIERRE")]
    assert "manual_book" not in text  # never the engine's raw word
    for word in words:
        assert word in text, word


# --- the closing statement follows the hall's region (decision 40) ---------------------------


def test_a_basque_hall_made_by_the_engine_gets_no_cantabrian_closure_rule() -> None:
    svc = engine_hall(region="euskadi", languages=("es", "eu"))
    play_partida(svc)
    close_session(svc)
    lines = body_lines(render_acta(export_of(svc)))
    closing = " ".join(lines[lines.index("DILIGENCIA DE CIERRE") :])
    assert "El fondo de la prima queda acumulado para las partidas siguientes." in closing
    assert "Primaren funtsa hurrengo partidetarako metatuta geratzen da." in closing
    for word in ("cierre de la sala", "hacienda", "Hacienda", "Cantabria", "Ogasun", "ogasun"):
        assert word not in closing, word


def test_a_simulated_session_says_so_on_every_folio_and_a_real_one_does_not(
    tmp_path: Path,
) -> None:
    """Decision 24: no export or acta of a simulation can pass for a real night."""
    from app.cli import main

    url = f"sqlite:///{tmp_path / 'sim.sqlite'}"
    assert main(["simulate", "--db", url, "--seed", "5", "--partidas", "2", "-q"]) == 0
    export = export_from_db(url, None)
    session = export["sessions"][0]
    assert session["simulation"]["seed"] == 5 and session["simulation"]["partidas"] == 2
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(render_acta(export))).pages]
    assert "SESIÓN SIMULADA (semilla 5)" in pages[0]
    assert all("SIMULACIÓN" in page for page in pages)
    from actas.receipts import find_receipt, render_prize_receipt

    receipt = find_receipt(export, 1, prize="bingo")
    for layout in ("a4", "80mm"):
        text = " ".join(
            p.extract_text()
            for p in PdfReader(io.BytesIO(render_prize_receipt(receipt, layout))).pages
        )
        text = " ".join(text.split())  # lines wrap differently on A4 and 80 mm
        # the original and the duplicate each say it
        assert text.count("SESIÓN SIMULADA (semilla 5): este documento no tiene validez") == 2
    from actas.summary import render_summary

    summary = PdfReader(io.BytesIO(render_summary(export))).pages[0].extract_text()
    assert "SESIÓN SIMULADA (semilla 5)" in " ".join(summary.split())

    svc = engine_hall()
    play_partida(svc)
    close_session(svc)
    real = export_of(svc)
    assert "simulation" not in real["sessions"][0]
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(render_acta(real))).pages)
    assert "SIMULA" not in text
