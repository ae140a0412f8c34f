"""Translatable user-facing texts of the domain and the drivers.

Spanish is the source language. The domain reads no catalogue (it does no I/O): ``_`` marks a
text and asks the translator the edge installed with ``use_translator``; with none installed the
text stays in Spanish.
"""

from __future__ import annotations

from collections.abc import Callable

_translate: Callable[[str], str] = str


def use_translator(translate: Callable[[str], str]) -> None:
    """Translate every marked text from now on with ``translate`` (e.g. a gettext catalogue's)."""
    global _translate
    _translate = translate


def _(message: str) -> str:
    """Translate a Spanish source text into the chosen language."""
    return _translate(message)
