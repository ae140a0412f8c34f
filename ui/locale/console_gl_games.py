"""The console's page of other modalities (ui/console/pages/games.py, game_state.py,
games.py) in Galician, keyed by its Spanish source; merged into ``console_gl``.
"""

from __future__ import annotations

from collections.abc import Mapping

GAMES: Mapping[str, str] = {
    " cartones": " cartóns",
    "5 · Otras modalidades": "5 · Outras modalidades",
    "Adoptar el juego": "Adoptar o xogo",
    "Anular y devolver…": "Anular e devolver…",
    "Avería: seguir a mano…": "Avaría: seguir a man…",
    "Bola {index}: {ball}": "Bóla {index}: {ball}",
    "Cartones del juego": "Cartóns do xogo",
    "Combinación": "Combinación",
    "El servidor de la sala no ofrece ningún otro juego en esta región.": (
        "O servidor da sala non ofrece ningún outro xogo nesta rexión."
    ),
    "En juego": "En xogo",
    "Ganadores": "Gañadores",
    "Generar sus cartones": "Xerar os seus cartóns",
    "Juego {id} versión {version} adoptado": "Xogo {id} versión {version} adoptado",
    "Juego, cartones y series": "Xogo, cartóns e series",
    "Juegos del servidor: {reason}": "Xogos do servidor: {reason}",
    "Las otras modalidades se juegan en un puesto del servidor de la sala.": (
        "As outras modalidades xóganse nun posto do servidor da sala."
    ),
    "Liquidada: a pagar {paid} contra entrega de cada cartón ganador.": (
        "Liquidada: pagar {paid} contra entrega de cada cartón gañador."
    ),
    "Lo autoriza el jefe de sala con su nombre y su PIN, en ese momento.": (
        "Autorízao o xefe de sala co seu nome e o seu PIN, nese momento."
    ),
    "Nadie canta: el sistema liquida la partida al cerrarla, con cada cartón vendido.": (
        "Ninguén canta: o sistema liquida a partida ao pechala, con cada cartón vendido."
    ),
    "Ninguna partida de otra modalidad en esta sesión.": (
        "Ningunha partida doutra modalidade nesta sesión."
    ),
    "Otras modalidades": "Outras modalidades",
    "Partida anulada: se devuelven {refund}.": "Partida anulada: devólvense {refund}.",
    "Partida {n} anulada: se devuelven {refund}": "Partida {n} anulada: devólvense {refund}",
    "Partida {n} de {game}: venta abierta a {value}": (
        "Partida {n} de {game}: venda aberta a {value}"
    ),
    "Partida {n} de {game}: {state}": "Partida {n} de {game}: {state}",
    "Partida {n} liquidada por el sistema: {paid} en premios": (
        "Partida {n} liquidada polo sistema: {paid} en premios"
    ),
    "Partida {n}: premios pagados": "Partida {n}: premios pagados",
    "Premio {combination}: serie {series}, cartón {number}, {amount}": (
        "Premio {combination}: serie {series}, cartón {number}, {amount}"
    ),
    "Premios en porcentaje de la recaudación; bolas hasta el cartón completo.": (
        "Premios en porcentaxe da recadación; bólas ata o cartón completo."
    ),
    "Premios fijos por cartón; {balls} bolas por partida.": (
        "Premios fixos por cartón; {balls} bólas por partida."
    ),
    "Premios pagados": "Premios pagados",
    "Premios pagados: {paid}.": "Premios pagados: {paid}.",
    "Serie {code} del juego registrada: {size} cartones": (
        "Serie {code} do xogo rexistrada: {size} cartóns"
    ),
    "Serie {series}: cartones {first} a {last} — {count}": (
        "Serie {series}: cartóns {first} a {last} — {count}"
    ),
    "Vendidos {cards} cartones de {price} · recaudación {takings}": (
        "Vendidos {cards} cartóns de {price} · recadación {takings}"
    ),
    "Venta cerrada: {cards} cartones, {takings}": "Venda pechada: {cards} cartóns, {takings}",
    "bingo derivado": "bingo derivado",
    "bingo plus": "bingo plus",
    "devueltos {refund}": "devoltos {refund}",
    "el plan tiene sus bolas: cierre la partida (liquida el sistema)": (
        "o plan ten as súas bólas: peche a partida (liquídaa o sistema)"
    ),
    "escriba cada bola del bombo del juego (del 1 al {count})": (
        "escriba cada bóla do bombo do xogo (do 1 ao {count})"
    ),
    "liquidada": "liquidada",
    "pagada": "pagada",
    "se sabrá al liquidar": "saberase ao liquidar",
    "sin ganador": "sen gañador",
    "terminada": "rematada",
    "y {n} más": "e {n} máis",
    "{amount} por cartón": "{amount} por cartón",
    "{code} (sigue por el {next}, de {size})": "{code} (segue polo {next}, de {size})",
    "{id} ({count} cartones)": "{id} ({count} cartóns)",
    "{listed}: {amount} cada uno": "{listed}: {amount} cada un",
    "{name} · {modality} · bolas del 1 al {count}": "{name} · {modality} · bólas do 1 ao {count}",
    "{name}, versión {version}: adoptado en la sala.": (
        "{name}, versión {version}: adoptado na sala."
    ),
    "{name}, versión {version}: sin adoptar todavía.": (
        "{name}, versión {version}: aínda sen adoptar."
    ),
    "{n} bolas": "{n} bólas",
    "{n} de {planned} bolas": "{n} de {planned} bólas",
    "{series}/{number} (bola {ball})": "{series}/{number} (bóla {ball})",
    # the frame around the pages: a game partida on show
    "{n} de {planned}\nbolas": "{n} de {planned}\nbolas",
    "{state} — partida {n} de {game}": "{state} — partida {n} de {game}",
    # the last partida of a modality (R-GAME-6)
    "última partida de {modality}": "última partida de {modality}",
    "Anunciada la última partida de {modality}: la {n}": (
        "Anunciada a última partida de {modality}: a {n}"
    ),
    (
        "Se anunciará a la sala que la partida {n} es la última de {modality} de la sesión. "
        "Después no puede jugarse ninguna otra de {modality}; el bingo ordinario y la otra "
        "modalidad siguen."
    ): (
        "Anunciarase á sala que a partida {n} é a última de {modality} da sesión. Despois non "
        "pode xogarse ningunha outra de {modality}; o bingo ordinario e a outra modalidade "
        "seguen."
    ),
}
