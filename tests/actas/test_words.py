"""The words of the codes the devices and the draw policy speak: one catalogue, every code
worded in every hall language (R-PANEL-4: Spanish and Basque), and no sentence built below the
edge (the drivers and the domain say codes and parameters only)."""

from __future__ import annotations

import ast
import string
from pathlib import Path
from typing import get_args

import pytest

from actas.words import LANGUAGES, WORDS, held_text, irregular_text, lost_text, note_text, say
from bingo.drawing import (
    IRREGULAR_REASONS,
    LOST_REASONS,
    BallHeld,
    BallSetIrregular,
    DeviceLost,
    DuplicateBall,
    HoldReason,
    Note,
)
from drivers.draw_state import _FAULT_REASONS

ROOT = Path(__file__).resolve().parents[2]


def fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(WORDS))
def test_every_code_has_words_in_every_hall_language_with_the_same_parameters(key: str) -> None:
    texts = WORDS[key]
    assert set(LANGUAGES) <= set(texts), key
    assert all(fields(text) == fields(texts["es"]) for text in texts.values()), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_code_the_devices_give_is_worded(language: str) -> None:
    """Every hold reason, every reason a device is lost (the protocol's faults among them) and
    every irregularity, in the hall's languages."""
    assert set(_FAULT_REASONS.values()) <= set(LOST_REASONS)
    details = {"seen": 7, "other": 2, "confidence": 41, "said": "9"}
    for reason in get_args(HoldReason):
        text = held_text(BallHeld(3, reason, 5, details), language)
        assert "{" not in text
    for reason in LOST_REASONS:
        assert f"lost.{reason}" in WORDS
        for tube in (True, None, False):
            lost = DeviceLost("reader", reason, draw_number=4, ball_in_tube=tube)
            assert "{" not in lost_text(lost, language)
        assert "{" not in lost_text(DeviceLost("extractor", reason), language)
    for reason in IRREGULAR_REASONS:
        assert f"irregular.{reason}" in WORDS
        irregular = BallSetIrregular(
            reason, draw_number=4, missing=(17,), details={"count": 80, "expected": 81, "drawn": 9}
        )
        assert "{" not in irregular_text(irregular, language)
    assert "{" not in note_text(Note("irregular", 4, DuplicateBall(8), 8), language)


def test_a_device_problem_reads_in_basque_at_the_edge() -> None:
    lost = DeviceLost("extractor", "jam", draw_number=3, ball_in_tube=False)
    assert lost_text(lost, "eu").startswith("Ateragailua trabatuta")
    assert lost_text(lost).startswith("Atasco en el extractor")
    assert say("held.read_tube", "eu") != say("held.read_tube", "es")


def test_the_devices_and_the_domain_say_codes_not_sentences() -> None:
    """The outcomes carry a code and parameters only; the modules below the edge that make them
    word nothing for the hall (no translatable text, no message)."""
    outcomes = [
        BallHeld(1, "unreadable", None),
        DeviceLost("extractor", "offline", draw_number=1),
        BallSetIrregular("double_feed", draw_number=1),
    ]
    assert not any(hasattr(o, "message") for o in outcomes)
    below = ["drivers/ballsource.py", "drivers/draw_state.py", "drivers/sessions.py"]
    below += ["bingo/drawing.py", "bingo/readmodel.py"]
    for path in below:
        tree = ast.parse((ROOT / path).read_text("utf-8"))
        imports = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert "bingo.i18n" not in imports, path
        calls = {
            n.func.id
            for n in ast.walk(tree)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
        }
        assert "_" not in calls, path


def test_an_acta_of_a_basque_hall_words_a_device_code_in_both_languages() -> None:
    """One catalogue format and one lookup: the actas' texts find the devices' codes too."""
    from actas.i18n import Texts

    assert Texts(("es", "eu")).all("lost.jam") == (
        "Atasco en el extractor: la bola no ha llegado al tubo.",
        "Ateragailua trabatuta: bola ez da hodira iritsi.",
    )


def test_a_partida_suspended_for_a_lost_device_is_not_offered_manual_extraction() -> None:
    """R-INC-1: with no ball out yet the partida is suspended; its note says so, not that it
    may go on by manual extraction (R-INC-2 is for a partida whose extraction began)."""
    jam = DeviceLost("extractor", "jam", draw_number=1, ball_in_tube=False)
    note = note_text(Note("device_lost", 1, jam, then="suspend"))
    assert note == (
        "Atasco en el extractor: la bola no ha llegado al tubo. No ha salido ninguna bola: la "
        "partida queda suspendida."
    )
    going_on = note_text(Note("device_lost", 5, jam, then="manual"))
    assert going_on.endswith("Puede seguir con extracción manual de las bolas pendientes.")
