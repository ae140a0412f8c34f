"""The regulation paragraphs the jefe de sala reads aloud before acting on an incident (R-INC-5).

Quoted word for word from the Cantabria catalogue, section B, II.1.b and III; the key names the
incident kind used in ``IncidentRecorded.incident``.
"""

from __future__ import annotations

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


def paragraph(incident: str) -> str:
    """'II.1.b, párrafo 1: «…»' for an incident kind; KeyError for an unknown kind."""
    ref, text = PARAGRAPHS[incident]
    return f"{ref}: «{text}»"
