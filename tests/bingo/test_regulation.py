"""The paragraphs read aloud on an incident are the regulation's own words (R-INC-5)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bingo.regulation import PARAGRAPHS, paragraph

REGULATION = Path(__file__).resolve().parents[3] / "shared" / "regulation" / "cantabria-bingo.md"


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.skipif(
    not REGULATION.exists(), reason="the shared regulation text is not beside the project"
)
@pytest.mark.parametrize("incident", sorted(PARAGRAPHS))
def test_incident_paragraph_is_quoted_word_for_word(incident: str) -> None:
    _ref, text = PARAGRAPHS[incident]
    assert _flat(text) in _flat(REGULATION.read_text("utf-8"))


def test_paragraph_names_its_place_in_the_regulation() -> None:
    assert paragraph("ball_irregularity", "cantabria").startswith(
        "II.1.b, párrafo 3: «En el caso de que"
    )
