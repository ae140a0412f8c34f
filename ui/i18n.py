"""Qt translation of the console and the panels: Spanish is the source language.

Every visible text goes through ``QCoreApplication.translate`` (or ``self.tr``). The hall panels
of a Basque hall show Spanish and Basque at once (R-PANEL-4), so besides whatever translator the
application installs, the panels ask a ``CatalogTranslator`` for the second language directly.

The Basque catalogue below covers the panel texts. It was written for the demo hall and must be
reviewed by the hall's translator before a Basque hall opens (see docs/ui.md).
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication, QTranslator

# Keyed by the Spanish source text; one catalogue serves every context of the panels.
BASQUE: Mapping[str, str] = {
    # hall panel
    "Partida": "Partida",
    "ÚLTIMA PARTIDA": "AZKEN PARTIDA",
    "Última bola": "Azken bola",
    "Bolas": "Bolak",
    "Cartones vendidos": "Saldutako kartoiak",
    "Precio del cartón": "Kartoiaren prezioa",
    "Línea": "Lerroa",
    "Bingo": "Bingoa",
    "Prima de bingo": "Bingo prima",
    "hasta la bola {limit}": "{limit}. bolara arte",
    "Bola loca": "Bola zoroa",
    "Fondo {amount}": "Funtsa {amount}",
    "Ganadores": "Irabazleak",
    "línea": "lerroa",
    "bingo": "bingoa",
    "prima": "prima",
    "bola loca": "bola zoroa",
    "Serie {series} · cartón {number}": "{series} seriea · {number}. kartoia",
    "PUERTA CERRADA": "ATEA ITXITA",
    # announcements (bingo.readmodel)
    "Sala cerrada": "Aretoa itxita",
    "Próxima partida": "Hurrengo partida",
    "Fin de la sesión": "Saioaren amaiera",
    "Venta de cartones": "Kartoien salmenta",
    "Comienza la partida": "Partida hasten da",
    "Comprobando cartón": "Kartoia egiaztatzen",
    "¿Alguna línea más? ¿Algún bingo más?": "Lerro gehiagorik? Bingo gehiagorik?",
    "Partida suspendida": "Partida etenda",
    "Partida cerrada": "Partida itxita",
    "Partida anulada: se devuelve el importe": "Partida baliogabetua: zenbatekoa itzultzen da",
}

CATALOGUES: Mapping[str, Mapping[str, str]] = {"eu": BASQUE}


class CatalogTranslator(QTranslator):
    """A QTranslator backed by a catalogue keyed by the Spanish source text.

    Installed with ``QCoreApplication.installTranslator`` it translates the whole interface;
    the panels also call it directly for the second language of a bilingual hall.
    """

    def __init__(self, language: str, catalogue: Mapping[str, str] | None = None) -> None:
        super().__init__()
        self.lang = language
        self._catalogue = dict(catalogue if catalogue is not None else CATALOGUES.get(language, {}))

    def translate(
        self, context: str, source_text: str, disambiguation: str | None = None, n: int = -1
    ) -> str:
        return self._catalogue.get(source_text, "")

    def isEmpty(self) -> bool:
        return not self._catalogue

    def text(self, context: str, source_text: str) -> str:
        """The translation, or the Spanish source when the catalogue lacks it."""
        return self.translate(context, source_text) or source_text


_translators: dict[str, CatalogTranslator] = {}


def translator(language: str) -> CatalogTranslator:
    """The (shared) translator for a language that has a catalogue."""
    found = _translators.get(language)
    if found is None:
        found = _translators[language] = CatalogTranslator(language)
    return found


def in_language(language: str, context: str, source_text: str) -> str:
    """A text in one given language, whatever translator the application has installed."""
    if language == "es":
        return source_text
    if language not in CATALOGUES:
        return QCoreApplication.translate(context, source_text)
    return translator(language).text(context, source_text)
