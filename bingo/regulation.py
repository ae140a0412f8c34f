"""The regulation paragraphs the jefe de sala reads aloud before acting on an incident (R-INC-5).

Each region cites its own regulation, quoted word for word; the key names the incident kind used
in ``IncidentRecorded.incident``. Cantabria: the catalogue's section B, II.1.b, III and IV.2.
Euskadi: Decreto 277/1996, which defines the game (artículo 3) and the homologation of its
material (disposición adicional novena) but has no paragraph of its own on incidents; each
incident cites the provision it rests on (decision 75). A Basque hall's acta prints every
reference in Spanish and Basque (``reference``), and a Basque hall reads each paragraph in both
official languages, Spanish first (``readings``; decision 270).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

SOURCE = "Catálogo de Juegos y Apuestas de Cantabria, Juego del Bingo"

PARAGRAPHS: dict[str, tuple[str, str]] = {
    "failure_before_first_ball": (
        "II.1.b, párrafo 1",
        "Si durante la realización de una partida y antes de la primera extracción de bolas se "
        "produjesen fallos o averías en los aparatos o instalaciones, o bien accidentes que "
        "impidan la continuación del juego, se suspenderá provisionalmente la partida durante "
        "un plazo prudencial, a juicio del Jefe de Sala. Si no puede ser resuelto el problema "
        "planteado se procederá a reintegrar a los jugadores el importe íntegro de los "
        "cartones, previa entrega de éstos, que habrán de ser devueltos a la mesa.",
    ),
    "failure_after_extraction_began": (
        "II.1.b, párrafo 2",
        "En caso de que ya hubiera comenzado la extracción de bolas se continuará la partida "
        "efectuándose las extracciones por procedimiento manual, garantizando en todo momento "
        "su aleatoriedad y utilizándose exclusivamente las bolas pendientes de extraer.",
    ),
    "ball_irregularity": (
        "II.1.b, párrafo 3",
        "En el caso de que, una vez comenzada la partida, se detectase la falta de alguna bola,"
        " la duplicidad de éstas, bolas defectuosas, exceso de peso en alguna de ellas o "
        "cualesquiera otra irregularidad relativa a éstas o al mecanismo de extracción se "
        "suspenderá la partida y se dará por finalizada, procediéndose a reintegrar a los "
        "jugadores, previa entrega de los cartones adquiridos para esa partida, el importe "
        "íntegro de los mismos, que habrán de ser devueltos a la mesa.",
    ),
    "caller_error": (
        "II.1.b, párrafo 4",
        "Cualquier error por parte del vendedor-locutor que se produzca en el anuncio de un "
        "determinado número durante el desarrollo del juego, que no pueda ser subsanado antes "
        "de la adjudicación de los premios de línea, bingo, prima u otros y que afecte de forma"
        " sustancial al mismo, determinará la anulación de la partida, con la devolución del "
        "importe íntegro de sus cartones y la restitución de éstos a la mesa.",
    ),
    "ball_corrected": (
        "III, párrafo 9",
        "En caso de error por parte del locutor al anunciar un número que no se corresponda con"
        " el realmente extraído prevalecerá, en todo caso, el que figure en la bola extraída. "
        "Dicho error será corregido por el mismo locutor o, en caso de lector automático de "
        "bolas, por el Jefe de Mesa- Cajero, continuándose la partida si no existiesen "
        "incidencias.",
    ),
    "manual_book": (
        "IV.2",
        "En todo caso deberá disponerse de un libro auxiliar, de confección manual, encuadernado "
        "y foliado que será sellado por la Consejería competente en materia de juego. Este libro "
        "será utilizado, en caso de avería del sistema informático, desde la partida en la que se "
        "produzca la avería y hasta que se subsane la misma.",
    ),
}


_EU_NOVENA = (
    "Decreto 277/1996, disposición adicional novena, apartado 1",
    "Corresponderá a la Dirección de Juego y Espectáculos determinar, homologar e inspeccionar "
    "los materiales, componentes, instrumentos o elementos de juego a autorizar en la Comunidad "
    "Autónoma del País Vasco.",
)
_EU_LINE = (
    "Decreto 277/1996, artículo 3.1.a",
    "Línea: Se entenderá formada la línea cuando hayan sido extraídos todos los números que la "
    "integran, siempre y cuando no haya sido cantada correctamente por otro jugador durante la "
    "extracción de las bolas anteriores.",
)
_EU_ELECTRONIC = (
    "Decreto 277/1996, artículo 3.2",
    "Sin perjuicio de lo establecido en el apartado 1 de este artículo, de acuerdo con la "
    "normativa de desarrollo, podrán utilizarse para la práctica del juego del bingo, en lugar "
    "de cartones o tarjetas de soporte material, la reproducción electrónica o informática de los"
    " mismos, utilizando para ello material y sistemas informáticos homologados por la Dirección"
    " de Juego y Espectáculos.",
)

# Decreto 277/1996 (Euskadi): the same incident kinds, each under the provision it rests on.
EUSKADI_PARAGRAPHS: dict[str, tuple[str, str]] = {
    "failure_before_first_ball": _EU_NOVENA,
    "failure_after_extraction_began": _EU_NOVENA,
    "ball_irregularity": _EU_NOVENA,
    "caller_error": _EU_LINE,
    "ball_corrected": _EU_LINE,
    "manual_book": _EU_ELECTRONIC,
}

BY_REGION: Mapping[str, Mapping[str, tuple[str, str]]] = {
    "cantabria": PARAGRAPHS,
    "euskadi": EUSKADI_PARAGRAPHS,
}

# The references in Basque, for the Basque line of a Basque hall's acta.
_REFERENCES_EU: Mapping[str, str] = {
    "Decreto 277/1996, disposición adicional novena, apartado 1": (
        "277/1996 Dekretua, bederatzigarren xedapen gehigarria, 1. atala"
    ),
    "Decreto 277/1996, artículo 3.1.a": "277/1996 Dekretua, 3.1.a artikulua",
    "Decreto 277/1996, artículo 3.2": "277/1996 Dekretua, 3.2 artikulua",
}


# The Basque provisions in Basque, for the Basque reading of a Basque hall (both official
# languages, as its instructions: disposición adicional décima). Rendered for this program from
# the Spanish text above: TO BE REVIEWED by the hall's translator and checked against the Basque
# text the BOPV published for Decreto 277/1996 before a hall opens with them (decision 270).
_TEXTS_EU: Mapping[str, str] = {
    _EU_NOVENA[0]: (
        "Joko eta Ikuskizunen Zuzendaritzari dagokio Euskal Autonomia Erkidegoan baimendu "
        "beharreko joko-materialak, -osagaiak, -tresnak edo -elementuak zehaztea, homologatzea "
        "eta ikuskatzea."
    ),
    _EU_LINE[0]: (
        "Lerroa: Lerroa osatutzat joko da hura osatzen duten zenbaki guztiak atera direnean, "
        "betiere aurreko bolak ateratzean beste jokalari batek behar bezala abestu ez badu."
    ),
    _EU_ELECTRONIC[0]: (
        "Artikulu honen 1. atalean ezarritakoa gorabehera, garapen-araudiaren arabera, "
        "bingo-jokoan aritzeko, euskarri materialeko kartoi edo txartelen ordez, horien "
        "erreprodukzio elektronikoa edo informatikoa erabili ahal izango da, eta horretarako "
        "Joko eta Ikuskizunen Zuzendaritzak homologatutako material eta sistema informatikoak "
        "erabiliko dira."
    ),
}

# Each language other than Spanish: the paragraphs' texts in it, by their Spanish reference.
_TEXTS: Mapping[str, Mapping[str, str]] = {"eu": _TEXTS_EU}


@dataclass(frozen=True)
class Reading:
    """A paragraph as read aloud in one language: its reference and its text."""

    language: str
    reference: str
    text: str

    def __str__(self) -> str:
        return f"{self.reference}: «{self.text}»"


def paragraphs_for(region: str) -> Mapping[str, tuple[str, str]]:
    """The incident paragraphs of a region (Cantabria's for a hall with no region named)."""
    return BY_REGION.get(region.strip().lower() or "cantabria", PARAGRAPHS)


def paragraph(incident: str, region: str) -> str:
    """'II.1.b, párrafo 1: «…»' for an incident kind in the hall's region; KeyError for an
    unknown kind. What the record keeps: the Spanish reading.
    """
    return str(readings(incident, region)[0])


def reference(ref: str, lang: str) -> str:
    """A paragraph's reference in ``lang`` (as recorded when there is no translation)."""
    if lang == "eu":
        return _REFERENCES_EU.get(ref, ref)
    return ref


def languages_of(region: str) -> tuple[str, ...]:
    """The languages a region's paragraphs are read in: Spanish, then each language every one
    of them has a text in (Euskadi: Spanish and Basque, its two official languages).
    """
    refs = {ref for ref, _text in paragraphs_for(region).values()}
    return ("es", *(lang for lang, texts in _TEXTS.items() if refs <= set(texts)))


def readings(incident: str, region: str) -> tuple[Reading, ...]:
    """The paragraph the jefe de sala reads aloud on ``incident`` in the hall's region, in each
    of the region's languages, Spanish first (R-INC-5; Euskadi, disposición adicional décima).
    KeyError for an unknown kind.
    """
    ref, text = paragraphs_for(region)[incident]
    return (
        Reading("es", ref, text),
        *(
            Reading(lang, reference(ref, lang), _TEXTS[lang][ref])
            for lang in languages_of(region)[1:]
        ),
    )
