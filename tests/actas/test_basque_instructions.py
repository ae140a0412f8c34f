"""A Basque hall's players' instructions cite its own region's resolution and say the bola
loca's one number in the singular (decision 650). They cited the Cantabrian decree and said
«se extraen 1 número(s)».
"""

from __future__ import annotations

from tests.actas.test_instructions import pdf_text, terms


def test_a_basque_halls_instructions_cite_the_basque_catalogue_only() -> None:
    text = " ".join(pdf_text(["ordinario-90"], terms("euskadi")).split())
    assert "Decreto 277/1996" in text and "Cantabria" not in text
    assert "número(s)" not in text and "se extrae un número" in text
