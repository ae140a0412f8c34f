"""The console's page of other modalities (ui/console/pages/games.py, game_state.py,
games.py) in Basque, keyed by its Spanish source; merged into ``console_eu``.
"""

from __future__ import annotations

from collections.abc import Mapping

GAMES: Mapping[str, str] = {
    " cartones": " kartoi",
    "5 · Otras modalidades": "5 · Beste modalitateak",
    "Adoptar el juego": "Jokoa hartu",
    "Anular y devolver…": "Baliogabetu eta itzuli…",
    "Avería: seguir a mano…": "Matxura: eskuz jarraitu…",
    "Bola {index}: {ball}": "{index}. bola: {ball}",
    "Cartones del juego": "Jokoaren kartoiak",
    "Combinación": "Konbinazioa",
    "El servidor de la sala no ofrece ningún otro juego en esta región.": (
        "Aretoko zerbitzariak ez du beste jokorik eskaintzen eskualde honetan."
    ),
    "En juego": "Jokoan",
    "Ganadores": "Irabazleak",
    "Generar sus cartones": "Haren kartoiak sortu",
    "Juego {id} versión {version} adoptado": "{id} jokoa, {version} bertsioa, hartuta",
    "Juego, cartones y series": "Jokoa, kartoiak eta serieak",
    "Juegos del servidor: {reason}": "Zerbitzariaren jokoak: {reason}",
    "Las otras modalidades se juegan en un puesto del servidor de la sala.": (
        "Beste modalitateak aretoko zerbitzariaren postu batean jokatzen dira."
    ),
    "Liquidada: a pagar {paid} contra entrega de cada cartón ganador.": (
        "Likidatuta: ordaindu {paid} kartoi irabazle bakoitza entregatzean."
    ),
    "Lo autoriza el jefe de sala con su nombre y su PIN, en ese momento.": (
        "Aretoburuak baimentzen du bere izenarekin eta PINarekin, une horretan."
    ),
    "Nadie canta: el sistema liquida la partida al cerrarla, con cada cartón vendido.": (
        "Inork ez du kantatzen: sistemak partida likidatzen du ixtean, saldutako kartoi guztiekin."
    ),
    "Ninguna partida de otra modalidad en esta sesión.": (
        "Saio honetan ez dago beste modalitateko partidarik."
    ),
    "Otras modalidades": "Beste modalitate batzuk",
    "Partida anulada: se devuelven {refund}.": "Partida baliogabetuta: {refund} itzultzen dira.",
    "Partida {n} anulada: se devuelven {refund}": (
        "{n}. partida baliogabetuta: {refund} itzultzen dira"
    ),
    "Partida {n} de {game}: venta abierta a {value}": (
        "{game} jokoaren {n}. partida: salmenta irekita, {value}"
    ),
    "Partida {n} de {game}: {state}": "{game} jokoaren {n}. partida: {state}",
    "Partida {n} liquidada por el sistema: {paid} en premios": (
        "{n}. partida sistemak likidatuta: {paid} sarietan"
    ),
    "Partida {n}: premios pagados": "{n}. partida: sariak ordainduta",
    "Premio {combination}: serie {series}, cartón {number}, {amount}": (
        "{combination} saria: {series} seriea, {number} kartoia, {amount}"
    ),
    "Premios en porcentaje de la recaudación; bolas hasta el cartón completo.": (
        "Sariak bilketaren ehunekoan; bolak kartoi osora arte."
    ),
    "Premios fijos por cartón; {balls} bolas por partida.": (
        "Sari finkoak kartoiko; {balls} bola partidako."
    ),
    "Premios pagados": "Sariak ordainduta",
    "Premios pagados: {paid}.": "Sariak ordainduta: {paid}.",
    "Serie {code} del juego registrada: {size} cartones": (
        "Jokoaren {code} seriea erregistratuta: {size} kartoi"
    ),
    "Serie {series}: cartones {first} a {last} — {count}": (
        "{series} seriea: {first}-{last} kartoiak — {count}"
    ),
    "Vendidos {cards} cartones de {price} · recaudación {takings}": (
        "{cards} kartoi salduta, {price} bakoitza · bilketa {takings}"
    ),
    "Venta cerrada: {cards} cartones, {takings}": "Salmenta itxita: {cards} kartoi, {takings}",
    "bingo derivado": "bingo eratorria",
    "bingo plus": "bingo plus",
    "devueltos {refund}": "itzulita {refund}",
    "el plan tiene sus bolas: cierre la partida (liquida el sistema)": (
        "planak baditu bere bolak: itxi partida (sistemak likidatzen du)"
    ),
    "escriba cada bola del bombo del juego (del 1 al {count})": (
        "idatzi jokoaren bonboko bola bakoitza (1etik {count}ra)"
    ),
    "liquidada": "likidatuta",
    "pagada": "ordainduta",
    "se sabrá al liquidar": "likidatzean jakingo da",
    "sin ganador": "irabazlerik gabe",
    "terminada": "amaituta",
    "y {n} más": "eta beste {n}",
    "{amount} por cartón": "{amount} kartoiko",
    "{code} (sigue por el {next}, de {size})": "{code} ({next}tik jarraitzen du, {size}etik)",
    "{id} ({count} cartones)": "{id} ({count} kartoi)",
    "{listed}: {amount} cada uno": "{listed}: {amount} bakoitzari",
    "{name} · {modality} · bolas del 1 al {count}": "{name} · {modality} · bolak 1etik {count}ra",
    "{name}, versión {version}: adoptado en la sala.": (
        "{name}, {version} bertsioa: aretoan hartuta."
    ),
    "{name}, versión {version}: sin adoptar todavía.": (
        "{name}, {version} bertsioa: oraindik hartu gabe."
    ),
    "{n} bolas": "{n} bola",
    "{n} de {planned} bolas": "{n}/{planned} bola",
    "{series}/{number} (bola {ball})": "{series}/{number} ({ball}. bola)",
    # the frame around the pages: a game partida on show
    "{n} de {planned}\nbolas": "{n}/{planned}\nbola",
    "{state} — partida {n} de {game}": "{state} — {game}: {n}. partida",
    # the last partida of a modality (R-GAME-6)
    "última partida de {modality}": "azken partida ({modality})",
    "Anunciada la última partida de {modality}: la {n}": (
        "Azken partida iragarrita ({modality}): {n}. partida"
    ),
    (
        "Se anunciará a la sala que la partida {n} es la última de {modality} de la sesión. "
        "Después no puede jugarse ninguna otra de {modality}; el bingo ordinario y la otra "
        "modalidad siguen."
    ): (
        "Aretoari iragarriko zaio {n}. partida dela saioko azken partida ({modality}). Ondoren "
        "ezin da modalitate horretako beste partidarik jokatu ({modality}); bingo arruntak eta "
        "beste modalitateak jarraitzen dute."
    ),
}
