"""The console's page of other modalities (ui/console/pages/games.py, game_state.py,
games.py) in English, keyed by its Spanish source; merged into ``console_en``.
"""

from __future__ import annotations

from collections.abc import Mapping

GAMES: Mapping[str, str] = {
    " cartones": " cards",
    "5 · Otras modalidades": "5 · Other games",
    "Adoptar el juego": "Adopt the game",
    "Anular y devolver…": "Annul and refund…",
    "Avería: seguir a mano…": "Failure: go on by hand…",
    "Bola {index}: {ball}": "Ball {index}: {ball}",
    "Cartones del juego": "The game's cards",
    "Combinación": "Combination",
    "El servidor de la sala no ofrece ningún otro juego en esta región.": (
        "The hall server offers no other game in this region."
    ),
    "En juego": "At stake",
    "Ganadores": "Winners",
    "Generar sus cartones": "Generate its cards",
    "Juego {id} versión {version} adoptado": "Game {id} version {version} adopted",
    "Juego, cartones y series": "Game, cards and series",
    "Juegos del servidor: {reason}": "Games of the server: {reason}",
    "Las otras modalidades se juegan en un puesto del servidor de la sala.": (
        "The other games are played at a station of the hall server."
    ),
    "Liquidada: a pagar {paid} contra entrega de cada cartón ganador.": (
        "Settled: pay {paid} against each winning card."
    ),
    "Lo autoriza el jefe de sala con su nombre y su PIN, en ese momento.": (
        "The hall manager authorises it with his name and PIN, at that moment."
    ),
    "Nadie canta: el sistema liquida la partida al cerrarla, con cada cartón vendido.": (
        "Nobody calls: the system settles the game when it is closed, with every card sold."
    ),
    "Ninguna partida de otra modalidad en esta sesión.": "No game of another kind in this session.",
    "Otras modalidades": "Other games",
    "Partida anulada: se devuelven {refund}.": "Game annulled: {refund} is refunded.",
    "Partida {n} anulada: se devuelven {refund}": "Game {n} annulled: {refund} is refunded",
    "Partida {n} de {game}: venta abierta a {value}": "Game {n} of {game}: sale open at {value}",
    "Partida {n} de {game}: {state}": "Game {n} of {game}: {state}",
    "Partida {n} liquidada por el sistema: {paid} en premios": (
        "Game {n} settled by the system: {paid} in prizes"
    ),
    "Partida {n}: premios pagados": "Game {n}: prizes paid",
    "Premio {combination}: serie {series}, cartón {number}, {amount}": (
        "Prize {combination}: series {series}, card {number}, {amount}"
    ),
    "Premios en porcentaje de la recaudación; bolas hasta el cartón completo.": (
        "Prizes as a share of the takings; balls up to the full card."
    ),
    "Premios fijos por cartón; {balls} bolas por partida.": (
        "Fixed prizes per card; {balls} balls per game."
    ),
    "Premios pagados": "Prizes paid",
    "Premios pagados: {paid}.": "Prizes paid: {paid}.",
    "Serie {code} del juego registrada: {size} cartones": (
        "Series {code} of the game registered: {size} cards"
    ),
    "Serie {series}: cartones {first} a {last} — {count}": (
        "Series {series}: cards {first} to {last} — {count}"
    ),
    "Vendidos {cards} cartones de {price} · recaudación {takings}": (
        "Sold {cards} cards at {price} · takings {takings}"
    ),
    "Venta cerrada: {cards} cartones, {takings}": "Sale closed: {cards} cards, {takings}",
    "bingo derivado": "bingo derivado",
    "bingo plus": "bingo plus",
    "devueltos {refund}": "refunded {refund}",
    "el plan tiene sus bolas: cierre la partida (liquida el sistema)": (
        "the plan has its balls: close the game (the system settles it)"
    ),
    "escriba cada bola del bombo del juego (del 1 al {count})": (
        "type each ball of the game's drum (1 to {count})"
    ),
    "liquidada": "settled",
    "pagada": "paid",
    "se sabrá al liquidar": "known once settled",
    "sin ganador": "no winner",
    "terminada": "finished",
    "y {n} más": "and {n} more",
    "{amount} por cartón": "{amount} per card",
    "{code} (sigue por el {next}, de {size})": "{code} (goes on at {next}, of {size})",
    "{id} ({count} cartones)": "{id} ({count} cards)",
    "{listed}: {amount} cada uno": "{listed}: {amount} each",
    "{name} · {modality} · bolas del 1 al {count}": "{name} · {modality} · balls 1 to {count}",
    "{name}, versión {version}: adoptado en la sala.": (
        "{name}, version {version}: adopted in the hall."
    ),
    "{name}, versión {version}: sin adoptar todavía.": (
        "{name}, version {version}: not adopted yet."
    ),
    "{n} bolas": "{n} balls",
    "{n} de {planned} bolas": "{n} of {planned} balls",
    "{series}/{number} (bola {ball})": "{series}/{number} (ball {ball})",
    # the frame around the pages: a game partida on show
    "{n} de {planned}\nbolas": "{n} of {planned}\nballs",
    "{state} — partida {n} de {game}": "{state} — game {n} of {game}",
    # the last partida of a modality (R-GAME-6)
    "última partida de {modality}": "last game of {modality}",
    "Anunciada la última partida de {modality}: la {n}": (
        "Last game of {modality} announced: game {n}"
    ),
    (
        "Se anunciará a la sala que la partida {n} es la última de {modality} de la sesión. "
        "Después no puede jugarse ninguna otra de {modality}; el bingo ordinario y la otra "
        "modalidad siguen."
    ): (
        "The hall will be told that game {n} is the last of {modality} in the session. No other "
        "game of {modality} may be played after it; the ordinary bingo and the other modality "
        "go on."
    ),
}
