"""Translatable user-facing texts.

Spanish is the source language; Basque, Galician, Catalan and English catalogues live in
``bingo/locale/<lang>/LC_MESSAGES/bingo-hall.mo``. A missing catalogue falls back to Spanish.
"""

from __future__ import annotations

import gettext
from pathlib import Path

_LOCALE_DIR = Path(__file__).with_name("locale")
_translation: gettext.NullTranslations = gettext.NullTranslations()


def set_language(language: str) -> None:
    """Choose the language of every text from now on ("es", "eu", "gl", "ca", "en")."""
    global _translation
    _translation = gettext.translation(
        "bingo-hall", localedir=_LOCALE_DIR, languages=[language], fallback=True
    )


def _(message: str) -> str:
    """Translate a Spanish source text into the chosen language."""
    return _translation.gettext(message)
