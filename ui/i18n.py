"""Qt translation of the console and the panels: Spanish is the source language.

Every visible text goes through ``QCoreApplication.translate`` (or ``self.tr``). The hall's
settings choose its languages (``[hall] languages``, Spanish first) and the console's
(``[hall] console_language``):

* the hall panels show every caption in Spanish and, when the hall has a second language, in
  that language too (R-PANEL-4). They ask a ``CatalogTranslator`` for the second language
  directly, from the panel catalogues below (Basque, Galician, Catalan, English);
* the console is shown in its language by a translator installed on the application
  (``use_console_language``) that answers only for the console's context, so the panels keep
  Spanish as their first language whatever the console speaks. English, Basque, Galician and
  Catalan have a console catalogue (``ui/locale/console_*.py``); a language without one would
  show Spanish.

Every catalogue other than Spanish was written for the demo hall and must be reviewed by the
hall's translator before a hall opens with it (see docs/ui.md).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QTranslator

from ui.locale.console_ca import CONSOLE_CATALAN
from ui.locale.console_en import CONSOLE_ENGLISH
from ui.locale.console_eu import CONSOLE_BASQUE
from ui.locale.console_gl import CONSOLE_GALICIAN

# The languages a hall may use, with their names in Spanish (for messages).
LANGUAGE_NAMES: Mapping[str, str] = {
    "es": "castellano",
    "eu": "euskera",
    "gl": "gallego",
    "ca": "catalán",
    "en": "inglés",
}

PANEL_CONTEXT = "HallPanel"
CONSOLE_CONTEXT = "Console"

# The panel catalogues, keyed by the Spanish source text; one catalogue serves every context of
# the panels. The same keys in every language (tests/ui/test_i18n.py walks the panel's texts).
BASQUE: Mapping[str, str] = {
    # hall panel
    "Panel de la sala": "Aretoko panela",
    "Partida": "Partida",
    "ÚLTIMA PARTIDA": "AZKEN PARTIDA",
    "EMULADO": "EMULATUA",
    "Última bola": "Azken bola",
    "Bolas": "Bolak",
    "Cartones vendidos": "Saldutako kartoiak",
    "Precio del cartón": "Kartoiaren prezioa",
    "cada cartón": "kartoi bakoitzeko",
    "sin ganador": "irabazlerik gabe",
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
    "Partida {n} en juego": "{n}. partida jokoan",
    "Comprobando cartón": "Kartoia egiaztatzen",
    "¿Alguna línea más? ¿Algún bingo más?": "Lerro gehiagorik? Bingo gehiagorik?",
    "Partida suspendida": "Partida etenda",
    "Partida cerrada": "Partida itxita",
    "sin conexión": "konexiorik gabe",
    "Partida anulada: se devuelve el importe": "Partida baliogabetua: zenbatekoa itzultzen da",
}

# Galician: liña, cartón/cartóns, venda, pechada. "Bola loca" is kept in Spanish (no settled
# Galician name in the halls); the hall's translator decides.
GALICIAN: Mapping[str, str] = {
    # hall panel
    "Panel de la sala": "Panel da sala",
    "Partida": "Partida",
    "ÚLTIMA PARTIDA": "ÚLTIMA PARTIDA",
    "EMULADO": "EMULADO",
    "Última bola": "Última bola",
    "Bolas": "Bolas",
    "Cartones vendidos": "Cartóns vendidos",
    "Precio del cartón": "Prezo do cartón",
    "cada cartón": "cada cartón",
    "sin ganador": "sen gañador",
    "Línea": "Liña",
    "Bingo": "Bingo",
    "Prima de bingo": "Prima de bingo",
    "hasta la bola {limit}": "ata a bola {limit}",
    "Bola loca": "Bola loca",
    "Fondo {amount}": "Fondo {amount}",
    "Ganadores": "Gañadores",
    "línea": "liña",
    "bingo": "bingo",
    "prima": "prima",
    "bola loca": "bola loca",
    "Serie {series} · cartón {number}": "Serie {series} · cartón {number}",
    "PUERTA CERRADA": "PORTA PECHADA",
    # announcements (bingo.readmodel)
    "Sala cerrada": "Sala pechada",
    "Próxima partida": "Próxima partida",
    "Fin de la sesión": "Fin da sesión",
    "Venta de cartones": "Venda de cartóns",
    "Comienza la partida": "Comeza a partida",
    "Partida {n} en juego": "Partida {n} en xogo",
    "Comprobando cartón": "Comprobando cartón",
    "¿Alguna línea más? ¿Algún bingo más?": "Algunha liña máis? Algún bingo máis?",
    "Partida suspendida": "Partida suspendida",
    "Partida cerrada": "Partida pechada",
    "sin conexión": "sen conexión",
    "Partida anulada: se devuelve el importe": "Partida anulada: devólvese o importe",
}

# Catalan: línia, cartró/cartrons, venda, tancada, darrera. "Bola loca" is kept in Spanish (no
# settled Catalan name in the halls); the hall's translator decides.
CATALAN: Mapping[str, str] = {
    # hall panel
    "Panel de la sala": "Panell de la sala",
    "Partida": "Partida",
    "ÚLTIMA PARTIDA": "DARRERA PARTIDA",
    "EMULADO": "EMULAT",
    "Última bola": "Darrera bola",
    "Bolas": "Boles",
    "Cartones vendidos": "Cartrons venuts",
    "Precio del cartón": "Preu del cartró",
    "cada cartón": "cada cartró",
    "sin ganador": "sense guanyador",
    "Línea": "Línia",
    "Bingo": "Bingo",
    "Prima de bingo": "Prima de bingo",
    "hasta la bola {limit}": "fins a la bola {limit}",
    "Bola loca": "Bola loca",
    "Fondo {amount}": "Fons {amount}",
    "Ganadores": "Guanyadors",
    "línea": "línia",
    "bingo": "bingo",
    "prima": "prima",
    "bola loca": "bola loca",
    "Serie {series} · cartón {number}": "Sèrie {series} · cartró {number}",
    "PUERTA CERRADA": "PORTA TANCADA",
    # announcements (bingo.readmodel)
    "Sala cerrada": "Sala tancada",
    "Próxima partida": "Propera partida",
    "Fin de la sesión": "Fi de la sessió",
    "Venta de cartones": "Venda de cartrons",
    "Comienza la partida": "Comença la partida",
    "Partida {n} en juego": "Partida {n} en joc",
    "Comprobando cartón": "Comprovant el cartró",
    "¿Alguna línea más? ¿Algún bingo más?": "Alguna línia més? Algun bingo més?",
    "Partida suspendida": "Partida suspesa",
    "Partida cerrada": "Partida tancada",
    "sin conexión": "sense connexió",
    "Partida anulada: se devuelve el importe": "Partida anul·lada: es retorna l'import",
}

# English, for halls with foreign visitors: partida = game, cartón = card, prima = jackpot,
# bola loca = crazy ball (the console's English catalogue uses the same words).
ENGLISH: Mapping[str, str] = {
    # hall panel
    "Panel de la sala": "Hall panel",
    "Partida": "Game",
    "ÚLTIMA PARTIDA": "LAST GAME",
    "EMULADO": "EMULATED",
    "Última bola": "Last ball",
    "Bolas": "Balls",
    "Cartones vendidos": "Cards sold",
    "Precio del cartón": "Card price",
    "cada cartón": "each card",
    "sin ganador": "no winner",
    "Línea": "Line",
    "Bingo": "Bingo",
    "Prima de bingo": "Bingo jackpot",
    "hasta la bola {limit}": "up to ball {limit}",
    "Bola loca": "Crazy ball",
    "Fondo {amount}": "Fund {amount}",
    "Ganadores": "Winners",
    "línea": "line",
    "bingo": "bingo",
    "prima": "jackpot",
    "bola loca": "crazy ball",
    "Serie {series} · cartón {number}": "Series {series} · card {number}",
    "PUERTA CERRADA": "DOOR CLOSED",
    # announcements (bingo.readmodel)
    "Sala cerrada": "Hall closed",
    "Próxima partida": "Next game",
    "Fin de la sesión": "End of the session",
    "Venta de cartones": "Cards on sale",
    "Comienza la partida": "The game begins",
    "Partida {n} en juego": "Game {n} in play",
    "Comprobando cartón": "Checking a card",
    "¿Alguna línea más? ¿Algún bingo más?": "Any more lines? Any more bingos?",
    "Partida suspendida": "Game suspended",
    "Partida cerrada": "Game closed",
    "sin conexión": "no connection",
    "Partida anulada: se devuelve el importe": "Game annulled: money refunded",
}

PANEL_CATALOGUES: Mapping[str, Mapping[str, str]] = {
    "eu": BASQUE,
    "gl": GALICIAN,
    "ca": CATALAN,
    "en": ENGLISH,
}
CATALOGUES = PANEL_CATALOGUES  # the panels' catalogues (their first name)

# The console catalogues, each complete (tests/ui/test_i18n.py); a console language without one
# would show Spanish.
CONSOLE_CATALOGUES: Mapping[str, Mapping[str, str]] = {
    "en": CONSOLE_ENGLISH,
    "eu": CONSOLE_BASQUE,
    "gl": CONSOLE_GALICIAN,
    "ca": CONSOLE_CATALAN,
}


class CatalogTranslator(QTranslator):
    """A QTranslator backed by a catalogue keyed by the Spanish source text.

    Installed with ``QCoreApplication.installTranslator`` it translates the texts of the
    given ``contexts`` (every context when None); the panels also call it directly for the
    second language of a bilingual hall.
    """

    def __init__(
        self,
        language: str,
        catalogue: Mapping[str, str] | None = None,
        contexts: Collection[str] | None = None,
    ) -> None:
        super().__init__()
        self.lang = language
        self._catalogue = dict(
            catalogue if catalogue is not None else PANEL_CATALOGUES.get(language, {})
        )
        self._contexts = frozenset(contexts) if contexts is not None else None

    def translate(
        self, context: str, source_text: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        """The translation, or None (a null QString: the next translator, else the source).

        An empty string would be taken as the translation and blank the text.
        """
        if self._contexts is not None and context not in self._contexts:
            return None
        return self._catalogue.get(source_text) or None

    def isEmpty(self) -> bool:
        return not self._catalogue

    def language(self) -> str:
        return self.lang

    def text(self, context: str, source_text: str) -> str:
        """The translation, or the Spanish source when the catalogue lacks it."""
        return self.translate(context, source_text) or source_text


_translators: dict[str, CatalogTranslator] = {}


def translator(language: str) -> CatalogTranslator:
    """The (shared) panel translator for a language that has a panel catalogue."""
    found = _translators.get(language)
    if found is None:
        found = _translators[language] = CatalogTranslator(language)
    return found


def in_language(language: str, context: str, source_text: str) -> str:
    """A panel text in one given language, whatever translator the application has installed.

    Spanish, or a language without a panel catalogue, gives the Spanish source.
    """
    if language == "es" or language not in PANEL_CATALOGUES:
        return source_text
    return translator(language).text(context, source_text)


def second_language(languages: Iterable[str]) -> str | None:
    """The language the panels show below Spanish: the first other one with a catalogue."""
    return next((lang for lang in languages if lang != "es" and lang in PANEL_CATALOGUES), None)


def console_translator(language: str) -> CatalogTranslator | None:
    """The translator of the console's texts into ``language``; None for Spanish, or for a
    language whose console catalogue is not written yet (the console then shows Spanish).
    """
    catalogue = CONSOLE_CATALOGUES.get(language)
    if language == "es" or catalogue is None:
        return None
    return CatalogTranslator(language, catalogue, contexts={CONSOLE_CONTEXT})


_console_language = "es"


def console_language() -> str:
    """The language the console speaks ("es" unless ``use_console_language`` chose another)."""
    return _console_language


def qt_translator(language: str) -> QTranslator | None:
    """Qt's own words in ``language`` (the buttons of its standard dialogs: «Guardar»,
    «Cancelar», «Aceptar» instead of Save, Cancel, OK), from the catalogues Qt ships; None when
    Qt has none for it (English is Qt's source).
    """
    found = QTranslator()
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    return found if found.load(f"qtbase_{language}", folder) else None


def use_console_language(language: str) -> Callable[[], None]:
    """Install the console's translators for ``language`` on the running application: Qt's
    own words and the console's texts.

    Widgets created afterwards show their texts in that language; the panels are not touched.
    Returns the function that removes them again.
    """
    global _console_language
    app = QCoreApplication.instance()
    if app is None:
        return lambda: None
    found = [x for x in (qt_translator(language), console_translator(language)) if x is not None]
    for x in found:
        app.installTranslator(x)
    _console_language = language

    def remove() -> None:
        global _console_language
        _console_language = "es"
        running = QCoreApplication.instance()
        if running is not None:
            for x in found:
                running.removeTranslator(x)

    return remove
