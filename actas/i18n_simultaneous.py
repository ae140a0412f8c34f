"""Texts of the acta's simultaneous partidas (``actas.render_simultaneous``), merged into
``actas.i18n.TEXTS``. Spanish only: the modality is Cantabria's (VI.1); a hall's other
languages show the Spanish.
"""

from __future__ import annotations

from typing import Final

SIMULTANEOUS_TEXTS: Final[dict[str, dict[str, str]]] = {
    "sim.section": {"es": "PARTIDAS DE BINGO SIMULTÁNEO"},
    "sim.section_note": {
        "es": "Partidas jugadas a la vez en las salas unidas a la central operativa "
        "(Cantabria VI.1): la central extrae las bolas, halla los ganadores de todas las salas y "
        "guarda el registro de la partida; la línea y el bingo salen de la recaudación de todas "
        "las salas, sin prima ni bola loca. Sus cifras constan aparte de las del bingo ordinario."
    },
    "sim.title": {"es": "PARTIDA SIMULTÁNEA N.º {n} · SERIE {serie}"},
    "sim.centre": {"es": "Registro central n.º {seq}, huella:"},
    "sim.hall": {"es": "Sala en la central"},
    "sim.allotment": {"es": "Lote de esta sala (cartones)"},
    "sim.sold": {"es": "Cartones vendidos en esta sala"},
    "sim.price": {"es": "Precio del cartón"},
    "sim.takings": {"es": "Recaudación de esta sala"},
    "sim.sales": {"es": "Ventas"},
    "sim.in_play": {"es": "Cartones en juego en todas las salas"},
    "sim.takings_all": {"es": "Recaudación de todas las salas"},
    "sim.line": {"es": "Línea ({pct} %)"},
    "sim.bingo": {"es": "Bingo ({pct} %)"},
    "sim.balls": {"es": "Orden de extracción ({n} bolas):"},
    "sim.winners": {
        "es": "{prize} en la extracción {i}: {winners}; {share} por cartón, residuo {residue}."
    },
    "sim.paid": {"es": "Pagado en esta sala: {prize} del cartón {number}, {amount}."},
    "sim.none_paid": {"es": "Ningún cartón de esta sala resultó premiado."},
    "sim.open": {"es": "La partida sigue en juego en la central al emitir el acta."},
    "sim.refunded": {"es": "Sala retirada antes de la primera bola: devueltos {amount} (R-INC-1)."},
    "sim.annulled.stopped": {
        "es": "Partida anulada en la central por irregularidad de las bolas o del mecanismo: "
        "devueltos en esta sala {amount}, sin premios (R-INC-3)."
    },
    "sim.annulled.suspended": {
        "es": "Partida suspendida y anulada en la central: devueltos en esta sala {amount}, "
        "sin premios (R-INC-1)."
    },
    "sim.sum.title": {"es": "Partidas simultáneas (la parte de esta sala)"},
    "sim.sum.paid": {"es": "Premios pagados en esta sala"},
    "sim.sum.all_title": {
        "es": "Toda la sesión (bingo ordinario, otras modalidades y partidas simultáneas)"
    },
    "sim.prize.line": {"es": "Línea"},
    "sim.prize.bingo": {"es": "Bingo"},
}
