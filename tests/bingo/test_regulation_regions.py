"""Each hall reads, records and prints its own region's regulation on an incident (R-INC-5,
decision 75), in its region's official languages (Euskadi, disposición adicional décima;
decision 270)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.config import load_region
from bingo.regulation import BY_REGION, PARAGRAPHS, languages_of, paragraph, readings, reference


def _shared(name: str) -> Path | None:
    """The shared regulation text, beside the project or beside its checkout's parent."""
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "shared" / "regulation" / name
        if candidate.exists():
            return candidate
    return None


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


EUSKADI = _shared("euskadi-bingo.md")


@pytest.mark.skipif(EUSKADI is None, reason="the shared regulation text is not beside the project")
@pytest.mark.parametrize("incident", sorted(BY_REGION["euskadi"]))
def test_basque_paragraph_is_quoted_word_for_word_from_decree_277_1996(incident: str) -> None:
    assert EUSKADI is not None
    _ref, text = BY_REGION["euskadi"][incident]
    assert _flat(text) in _flat(EUSKADI.read_text("utf-8"))


def test_every_incident_has_a_paragraph_in_every_region() -> None:
    for region, paragraphs in BY_REGION.items():
        assert set(paragraphs) == set(PARAGRAPHS), region


def test_a_basque_hall_reads_its_decree_not_cantabrias_catalogue() -> None:
    for incident in PARAGRAPHS:
        text = paragraph(incident, "euskadi")
        assert text.startswith("Decreto 277/1996"), incident
        assert text != paragraph(incident, "cantabria")


def test_every_basque_reference_has_its_basque_wording() -> None:
    for ref, _text in BY_REGION["euskadi"].values():
        assert reference(ref, "eu") != ref and "277/1996 Dekretua" in reference(ref, "eu")
        assert reference(ref, "es") == ref


def test_a_basque_hall_reads_each_paragraph_in_spanish_then_basque() -> None:
    """R-INC-5 and the décima: the paragraph in both official languages, the Spanish quoted
    word for word first, then its Basque rendering under its Basque reference."""
    for incident in PARAGRAPHS:
        spanish, basque = readings(incident, "euskadi")
        assert (spanish.language, basque.language) == ("es", "eu")
        assert (spanish.reference, spanish.text) == BY_REGION["euskadi"][incident]
        assert basque.reference == reference(spanish.reference, "eu")
        assert basque.text and basque.text != spanish.text
        assert str(spanish) == paragraph(incident, "euskadi")  # what the record keeps


def test_a_cantabrian_hall_reads_its_paragraphs_in_spanish_only() -> None:
    for incident in PARAGRAPHS:
        (spanish,) = readings(incident, "cantabria")
        assert (spanish.reference, spanish.text) == PARAGRAPHS[incident]


@pytest.mark.parametrize("region", sorted(BY_REGION))
def test_the_paragraphs_are_read_in_the_official_languages_of_the_regions_file(
    region: str,
) -> None:
    """One list of a region's official languages: its file's ``[hall] languages``; the
    paragraphs have a text in each of them and in no other."""
    assert languages_of(region) == tuple(load_region(region).hall["languages"])
