"""The players' instructions of each game: generated from the game's definition and the hall's
rules, in the region's official languages (Euskadi, disposición adicional décima: "ejemplares de
las instrucciones de cada uno de los juegos, redactados en las dos lenguas oficiales"), printable
(SPEC R-MULTI-4)."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader

from actas.instructions import (
    HallTerms,
    instruction_sections,
    instructions_data,
    render_instructions,
)
from app.cli import main
from app.config import load_region
from app.config.game_files import shipped_game

DEMO = Path(__file__).parents[2] / "config" / "hall.toml"


def terms(region: str, **rules: int) -> HallTerms:
    loaded = load_region(region)
    return HallTerms(
        hall="Sala Prueba",
        region=region.capitalize(),
        rules=replace(loaded.with_bola_loca(100), **rules),
        prima_amount_cents=20_000,
        languages=tuple(loaded.hall["languages"]),
    )


def pdf_text(games: list[str], hall: HallTerms) -> str:
    out = io.BytesIO()
    render_instructions(out, [shipped_game(g) for g in games], hall)
    reader = PdfReader(io.BytesIO(out.getvalue()))
    return " ".join((page.extract_text() or "") for page in reader.pages)


def test_a_basque_halls_instructions_give_every_paragraph_in_spanish_and_basque() -> None:
    basque = terms("euskadi")
    assert basque.languages == ("es", "eu")
    for section in instruction_sections(shipped_game("ordinario-90"), basque):
        for paragraph in section.paragraphs:
            assert len(paragraph) == 2 and paragraph[0] != paragraph[1]
    text = pdf_text(["ordinario-90"], basque)
    assert "Instrucciones del juego: Bingo ordinario" in text
    assert "Jokoaren jarraibideak: Bingo arrunta" in text


def test_a_cantabrian_halls_instructions_are_in_spanish_only() -> None:
    text = pdf_text(["ordinario-90", "derivado-instantaneo-3x3", "plus-4x5"], terms("cantabria"))
    assert "Instrucciones del juego: Bingo plus 4 × 5" in text
    assert "Jokoaren" not in text and "txartel" not in text


def test_the_ordinary_bingos_instructions_state_the_halls_rules_in_force() -> None:
    """R-PRIZE-1, Cantabria V.1, V.2.a, V.2.c: percentages, prima amount and limit, bola loca."""
    paragraphs = [
        p[0]
        for s in instruction_sections(shipped_game("ordinario-90"), terms("cantabria"))
        for p in s.paragraphs
    ]
    text = " ".join(paragraphs)
    assert "El 67 % del valor facial" in text
    assert "Línea: el 10 % de la recaudación" in text
    assert "Bingo: el 50 % de la recaudación" in text  # 51 % less the 1 % of bola loca
    assert "importe en vigor (200,00 €)" in text and "con la bola 50 o antes" in text
    assert "Bola loca: antes de cada partida se extrae un número" in text
    changed = instruction_sections(shipped_game("ordinario-90"), terms("cantabria", line_bp=1050))
    assert any("Línea: el 10,5 %" in p[0] for s in changed for p in s.paragraphs)


def test_the_instant_games_instructions_state_each_prize_and_the_exact_return() -> None:
    text = " ".join(
        p[0]
        for s in instruction_sections(shipped_game("derivado-instantaneo-3x3"), terms("cantabria"))
        for p in s.paragraphs
    )
    assert "En cada partida se extraen 18 bolas" in text
    assert "Cartón completo: 500 veces el precio del cartón" in text
    assert "el 73,41 % de lo jugado (mínimo autorizado: 70 %)" in text


def test_the_same_games_and_rules_always_print_the_same_pdf() -> None:
    first, second = io.BytesIO(), io.BytesIO()
    games = [shipped_game("plus-4x5")]
    render_instructions(first, games, terms("euskadi"))
    render_instructions(second, games, terms("euskadi"))
    assert first.getvalue() == second.getvalue()


def test_the_instructions_command_refuses_a_game_the_halls_region_did_not_authorise(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    basque = tmp_path / "sala.toml"
    text = DEMO.read_text("utf-8").replace('region = "cantabria"', 'region = "euskadi"', 1)
    basque.write_text(text, "utf-8")
    game = Path(__file__).parents[2] / "config" / "games"
    out = tmp_path / "instrucciones.pdf"
    args = ["instructions", "--config", str(basque), "-o", str(out)]
    assert main([*args, "--game", str(game / "plus-4x5.toml")]) == 1
    assert "no en la región de la sala (euskadi)" in capsys.readouterr().err
    assert not out.exists()
    assert main(args) == 0
    assert "Jokoaren jarraibideak" in " ".join(
        page.extract_text() or "" for page in PdfReader(out).pages
    )


def test_the_panels_instructions_are_the_printed_ones_by_language() -> None:
    """One source for the PDF and the instructions panel (decision 271): every heading and
    paragraph of ``instruction_sections``, each language under its code."""
    basque = terms("euskadi")
    game = shipped_game("ordinario-90")
    data = instructions_data([game], basque)
    assert data["languages"] == ["es", "eu"]
    (shown,) = data["games"]
    assert shown["title"]["eu"] == "Jokoaren jarraibideak: Bingo arrunta"
    printed = instruction_sections(game, basque)
    assert [s["heading"] for s in shown["sections"]] == [
        dict(zip(("es", "eu"), s.heading, strict=True)) if s.heading else {} for s in printed
    ]
    assert [[(p["es"], p["eu"]) for p in s["paragraphs"]] for s in shown["sections"]] == [
        list(s.paragraphs) for s in printed
    ]
    plus = instructions_data([shipped_game("plus-4x5")], terms("cantabria"))["games"][0]
    figures = [f for s in plus["sections"] for f in s["figures"]]
    assert [(f["name"], len(f["masks"][0])) for f in figures] == [
        ("Cuatro esquinas", 4),
        ("Marco", 14),
    ]
