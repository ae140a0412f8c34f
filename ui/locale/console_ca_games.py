"""The console's page of other modalities (ui/console/pages/games.py, game_state.py,
games.py) in Catalan, keyed by its Spanish source; merged into ``console_ca``.
"""

from __future__ import annotations

from collections.abc import Mapping

GAMES: Mapping[str, str] = {
    " cartones": " cartrons",
    "5 · Otras modalidades": "5 · Altres modalitats",
    "Adoptar el juego": "Adoptar el joc",
    "Anular y devolver…": "Anul·lar i retornar…",
    "Avería: seguir a mano…": "Avaria: continuar a mà…",
    "Bola {index}: {ball}": "Bola {index}: {ball}",
    "Cartones del juego": "Cartrons del joc",
    "Combinación": "Combinació",
    "El servidor de la sala no ofrece ningún otro juego en esta región.": (
        "El servidor de la sala no ofereix cap altre joc en aquesta regió."
    ),
    "En juego": "En joc",
    "Ganadores": "Guanyadors",
    "Generar sus cartones": "Generar-ne els cartrons",
    "Juego {id} versión {version} adoptado": "Joc {id} versió {version} adoptat",
    "Juego, cartones y series": "Joc, cartrons i sèries",
    "Juegos del servidor: {reason}": "Jocs del servidor: {reason}",
    "Las otras modalidades se juegan en un puesto del servidor de la sala.": (
        "Les altres modalitats es juguen en un lloc del servidor de la sala."
    ),
    "Liquidada: a pagar {paid} contra entrega de cada cartón ganador.": (
        "Liquidada: pagueu {paid} contra lliurament de cada cartró guanyador."
    ),
    "Lo autoriza el jefe de sala con su nombre y su PIN, en ese momento.": (
        "L'autoritza el cap de sala amb el seu nom i el seu PIN, en aquell moment."
    ),
    "Nadie canta: el sistema liquida la partida al cerrarla, con cada cartón vendido.": (
        "Ningú no canta: el sistema liquida la partida en tancar-la, amb cada cartró venut."
    ),
    "Ninguna partida de otra modalidad en esta sesión.": (
        "Cap partida d'una altra modalitat en aquesta sessió."
    ),
    "Otras modalidades": "Altres modalitats",
    "Partida anulada: se devuelven {refund}.": "Partida anul·lada: es retornen {refund}.",
    "Partida {n} anulada: se devuelven {refund}": "Partida {n} anul·lada: es retornen {refund}",
    "Partida {n} de {game}: venta abierta a {value}": (
        "Partida {n} de {game}: venda oberta a {value}"
    ),
    "Partida {n} de {game}: {state}": "Partida {n} de {game}: {state}",
    "Partida {n} liquidada por el sistema: {paid} en premios": (
        "Partida {n} liquidada pel sistema: {paid} en premis"
    ),
    "Partida {n}: premios pagados": "Partida {n}: premis pagats",
    "Premio {combination}: serie {series}, cartón {number}, {amount}": (
        "Premi {combination}: sèrie {series}, cartró {number}, {amount}"
    ),
    "Premios en porcentaje de la recaudación; bolas hasta el cartón completo.": (
        "Premis en percentatge de la recaptació; boles fins al cartró complet."
    ),
    "Premios fijos por cartón; {balls} bolas por partida.": (
        "Premis fixos per cartró; {balls} boles per partida."
    ),
    "Premios pagados": "Premis pagats",
    "Premios pagados: {paid}.": "Premis pagats: {paid}.",
    "Serie {code} del juego registrada: {size} cartones": (
        "Sèrie {code} del joc registrada: {size} cartrons"
    ),
    "Serie {series}: cartones {first} a {last} — {count}": (
        "Sèrie {series}: cartrons {first} a {last} — {count}"
    ),
    "Vendidos {cards} cartones de {price} · recaudación {takings}": (
        "Venuts {cards} cartrons de {price} · recaptació {takings}"
    ),
    "Venta cerrada: {cards} cartones, {takings}": "Venda tancada: {cards} cartrons, {takings}",
    "bingo derivado": "bingo derivat",
    "bingo plus": "bingo plus",
    "devueltos {refund}": "retornats {refund}",
    "el plan tiene sus bolas: cierre la partida (liquida el sistema)": (
        "el pla té les seves boles: tanqueu la partida (la liquida el sistema)"
    ),
    "escriba cada bola del bombo del juego (del 1 al {count})": (
        "escriviu cada bola del bombo del joc (de l'1 al {count})"
    ),
    "liquidada": "liquidada",
    "pagada": "pagada",
    "se sabrá al liquidar": "se sabrà en liquidar",
    "sin ganador": "sense guanyador",
    "terminada": "acabada",
    "y {n} más": "i {n} més",
    "{amount} por cartón": "{amount} per cartró",
    "{code} (sigue por el {next}, de {size})": "{code} (continua pel {next}, de {size})",
    "{id} ({count} cartones)": "{id} ({count} cartrons)",
    "{listed}: {amount} cada uno": "{listed}: {amount} cadascun",
    "{name} · {modality} · bolas del 1 al {count}": "{name} · {modality} · boles de l'1 al {count}",
    "{name}, versión {version}: adoptado en la sala.": (
        "{name}, versió {version}: adoptat a la sala."
    ),
    "{name}, versión {version}: sin adoptar todavía.": (
        "{name}, versió {version}: encara sense adoptar."
    ),
    "{n} bolas": "{n} boles",
    "{n} de {planned} bolas": "{n} de {planned} boles",
    "{series}/{number} (bola {ball})": "{series}/{number} (bola {ball})",
    # the frame around the pages: a game partida on show
    "{n} de {planned}\nbolas": "{n} de {planned}\nboles",
    "{state} — partida {n} de {game}": "{state} — partida {n} de {game}",
    # the last partida of a modality (R-GAME-6)
    "última partida de {modality}": "darrera partida de {modality}",
    "Anunciada la última partida de {modality}: la {n}": (
        "Anunciada la darrera partida de {modality}: la {n}"
    ),
    (
        "Se anunciará a la sala que la partida {n} es la última de {modality} de la sesión. "
        "Después no puede jugarse ninguna otra de {modality}; el bingo ordinario y la otra "
        "modalidad siguen."
    ): (
        "S'anunciarà a la sala que la partida {n} és la darrera de {modality} de la sessió. "
        "Després no se'n pot jugar cap altra de {modality}; el bingo ordinari i l'altra "
        "modalitat continuen."
    ),
}
