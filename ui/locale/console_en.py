"""The console in English: every text of ``ui/console`` keyed by its Spanish source.

Words of the hall: partida = game, cartón = card, serie = series, línea = line, prima de
bingo = bingo jackpot, bola loca = crazy ball, canto = claim, jefe de mesa-cajero = table
manager-cashier, jefe de sala = hall manager, locutor = caller. The acta keeps its name: it is
the regulator's document and is printed in Spanish. The underlined letters (``&``) differ
from the Spanish ones where the word does (see docs/ui.md). Placeholders (``{n}``) must stay
as they are; tests/ui/test_i18n.py checks both and that every console text is here.

To be reviewed by the hall's translator before an English console is used in a hall.
"""

from __future__ import annotations

from collections.abc import Mapping

from ui.locale.console_en_dialogs import DIALOGS
from ui.locale.console_en_games import GAMES

CONSOLE_ENGLISH: Mapping[str, str] = {
    **DIALOGS,  # the dialogs' texts, in their own module
    **GAMES,  # the page of other modalities (bingo plus, bingo derivado)
    # the device alarm (ui/console/alarm.py)
    "el extractor": "the extractor",
    "el lector": "the reader",
    "los paneles de la sala": "the hall's boards",
    "el dispositivo {name}": "the device {name}",
    "Extractor": "Extractor",
    "Lector": "Reader",
    "Paneles": "Boards",
    "sin aire": "no air",
    "atasco": "jam",
    "doble salida de bolas": "double feed",
    "sensor del tubo": "tube sensor",
    "puerta abierta": "door open",
    "juego de bolas incompleto": "ball set incomplete",
    "óptica averiada": "optics faulty",
    "Avise al servicio técnico: sin él no se extrae ninguna bola; si no vuelve antes de "
    "la primera bola, la partida se suspende.": (
        "Call the technician: no ball is drawn without it; if it is not back before the first "
        "ball, the partida is suspended."
    ),
    "La partida sigue por extracción manual (Alt+A): no necesita el dispositivo.": (
        "The partida goes on by manual extraction (Alt+A): it does not need the device."
    ),
    "Espere unos segundos. Si no vuelve: F6 y suspender la partida (Ctrl+I); si no se "
    "repara, se devuelven los cartones.": (
        "Wait a few seconds. If it is not back: F6 and suspend the partida (Ctrl+I); if it is "
        "not repaired, the cards are refunded."
    ),
    "Espere unos segundos. Si no vuelve: F6, y la consola ofrece la extracción manual "
    "(Ctrl+I) con las bolas del bombo.": (
        "Wait a few seconds. If it is not back: F6, and the console offers manual extraction "
        "(Ctrl+I) with the balls in the drum."
    ),
    "en línea": "online",
    "SIN COMUNICACIÓN CON {device}": "NO CONTACT WITH {device}",
    "SIN COMUNICACIÓN": "NOT ANSWERING",
    "AVERÍA EN {device}: {faults}": "FAULT IN {device}: {faults}",
    "AVERÍA ({faults})": "FAULT ({faults})",
    "{device}: {state}": "{device}: {state}",
    # the strip on every page (ui/console/strip.py)
    "Últimas bolas:": "Last balls:",
    "Sin premios en juego": "No prizes at stake",
    # the automatic extraction (ui/console/autodraw.py)
    " s por bola": " s per ball",
    "Automática, ritmo:": "Automatic, pace:",
    "Voz: canta el {ball}": "Voice: calling {ball}",
    "en cola: {balls}": "queued: {balls}",
    "EN MARCHA: una bola cada {pace} s — Esc para": "RUNNING: a ball every {pace} s — Esc stops",
    "Extracción automática": "Automatic extraction",
    "Extracción automática (Ctrl+F6)": "Automatic extraction (Ctrl+F6)",
    "Extracción automática parada: {why}": "Automatic extraction stopped: {why}",
    "Extracción automática: elija antes el ritmo (segundos por bola)": (
        "Automatic extraction: choose the pace first (seconds per ball)"
    ),
    "Extracción automática: no puede empezar ({why})": (
        "Automatic extraction: it cannot start ({why})"
    ),
    "Extracción automática: una bola cada {pace} s": "Automatic extraction: a ball every {pace} s",
    "PARAR (Esc)": "STOP (Esc)",
    "Parada: {why}": "Stopped: {why}",
    "desactivada": "off",
    "fin de la partida": "end of the partida",
    "hay que leer la bola del tubo": "the ball in the tube must be read",
    "la extracción está detenida": "the extraction is held",
    "la partida sigue por extracción manual": "the partida goes on by manual extraction",
    "la mesa pulsó PARAR": "the table pressed STOP",
    "premio de un cartón electrónico": "a prize of an electronic card",
    "problema de un dispositivo": "a device problem",
    "se ha cantado": "a claim was sung",
    "sin extractor las bolas se escriben": "without an extractor the balls are typed",
    "Al mando: {asked} ({station})": "At the controls: {asked} ({station})",
    "Pide {asked}; autoriza el jefe de sala {authorised}": (
        "Asked by {asked}; authorised by the jefe de sala {authorised}"
    ),
    "Cartones:": "Cards:",
    "{id} · homologación {hom} · {played} de {limit} partidas": (
        "{id} · homologation {hom} · {played} of {limit} games"
    ),
    " · aparato no neumático": " · not a pneumatic machine",
    " · LÍMITE ALCANZADO": " · LIMIT REACHED",
    "Cambiar el juego de bolas": "Change the ball set",
    "No hay ningún juego de bolas instalado.": "No ball set is installed.",
    "Serie": "Series",
    "Cartón": "Card",
    "Premio": "Prize",
    "Partida {n}": "Game {n}",
    # --- event log (ui/console/texts.py) ---------------------------------------------------
    "línea": "line",
    "bingo": "bingo",
    "prima de bingo": "bingo jackpot",
    "bola loca": "crazy ball",
    "bingo interconectado": "interconnected bingo",
    "Avería antes de la primera bola": "Breakdown before the first ball",
    "Avería con la extracción comenzada": "Breakdown after the draw began",
    "Irregularidad de las bolas o del mecanismo": "Irregularity of the balls or the mechanism",
    "Error del locutor que no puede subsanarse": "Caller error that cannot be put right",
    "Corrección de una bola mal anunciada": "Correction of a misannounced ball",
    "Partida transcrita del libro manual": "Game transcribed from the manual book",
    "libro manual": "manual book",
    "Bola leída por el jefe de mesa": "Ball read by the table manager-cashier",
    "Bola del tubo leída por el jefe de mesa tras la avería": (
        "Ball in the tube read by the table manager-cashier after the failure"
    ),
    "jefe de mesa": "table manager-cashier",
    "emulado": "emulated",
    "Partida {n}: venta abierta": "Game {n}: sale open",
    "; prima de {amount} hasta la bola {limit}": "; jackpot of {amount} up to ball {limit}",
    "; bola loca {numbers}": "; crazy ball {numbers}",
    "Venta: serie {series}, cartones {first} a {last} ({count})": (
        "Sale: series {series}, cards {first} to {last} ({count})"
    ),
    "Venta cerrada: {cards} cartones, {takings}; línea {line}, bingo {bingo}": (
        "Sale closed: {cards} cards, {takings}; line {line}, bingo {bingo}"
    ),
    "Datos en los paneles: puerta cerrada": "Data on the panels: door closed",
    "Bola {index}: {number} ({source})": "Ball {index}: {number} ({source})",
    "Corrección: la bola {index} es el {number}, no el {wrong}": (
        "Correction: ball {index} is {number}, not {wrong}"
    ),
    "CORRECTO": "VALID",
    "NO VÁLIDO": "NOT VALID",
    "Cartón {series}/{number} canta {prize}: {verdict} ({reason})": (
        "Card {series}/{number} claims {prize}: {verdict} ({reason})"
    ),
    "Extracción manual desde la bola {n}": "Manual draw from ball {n}",
    "Partida suspendida: {note}": "Game suspended: {note}",
    "Partida reanudada: {note}": "Game resumed: {note}",
    "Incidencia: {title}. {note}": "Incident: {title}. {note}",
    "Partida anulada: {reason}; se devuelven {refund}": (
        "Game annulled: {reason}; {refund} refunded"
    ),
    "Premio de {prize}: {series}/{number}, {amount}": (
        "Prize for {prize}: {series}/{number}, {amount}"
    ),
    "Partida {n} cerrada: no se admiten más cantos": "Game {n} closed: no more claims",
    "Premios de la partida {n} pagados": "Prizes of game {n} paid",
    "Premio cobrado en la terminal {terminal}: {series}/{number}, {amount}": (
        "Prize collected at terminal {terminal}: {series}/{number}, {amount}"
    ),
    "con tarjeta": "by card",
    "Sesión {id} abierta ({date})": "Session {id} opened ({date})",
    "Sesión {id} cerrada": "Session {id} closed",
    "apertura": "opening",
    "cierre": "closing",
    "correcto": "correct",
    "INCORRECTO": "WRONG",
    "Recuento de bolas de {when}: {n} bolas, {verdict}": (
        "Ball count at the {when}: {n} balls, {verdict}"
    ),
    "; bolas dañadas: {note}": "; damaged balls: {note}",
    "Anunciada la última partida: la {n}": "Last game announced: game {n}",
    "Prima de bingo: {amount}": "Bingo jackpot: {amount}",
    "Sala registrada: {name}": "Hall registered: {name}",
    "Reglas de la región adoptadas": "Rules of the region adopted",
    "Máquinas auxiliares: categoría {category}, {machines} máquinas": (
        "Auxiliary machines: category {category}, {machines} machines"
    ),
    "Juego de cartones {id} registrado ({count} cartones)": (
        "Card set {id} registered ({count} cards)"
    ),
    "Juego de bolas {id} instalado (homologación {hom}, {before} partidas jugadas antes)": (
        "Ball set {id} installed (homologation {hom}, {before} games played before)"
    ),
    "Sesión simulada {id}": "Simulated session {id}",
    "Dispositivos EMULADOS (semilla {seed}): no es una sesión real": (
        "EMULATED devices (seed {seed}): not a real session"
    ),
    "Serie {code} registrada: {size} cartones de {value}": (
        "Series {code} registered: {size} cards of {value}"
    ),
    # the states of a partida (bingo.hall.STATUS_TEXT)
    "venta abierta": "sale open",
    "venta cerrada": "sale closed",
    "datos anunciados, puerta cerrada": "data announced, door closed",
    "extracción": "drawing",
    "comprobación de cartón": "checking a card",
    "bingo cantado: ¿alguna línea más? ¿algún bingo más?": (
        "bingo called: any more lines? any more bingos?"
    ),
    "suspendida": "suspended",
    "cerrada, premios por pagar": "closed, prizes to pay",
    "premios pagados": "prizes paid",
    "anulada": "annulled",
    # --- the window ------------------------------------------------------------------------
    " (libro manual)": " (manual book)",
    "Mesa de control — {hall}": "Control table — {hall}",
    "1 · Sesión": "1 · Session",
    "2 · Venta": "2 · Sale",
    "3 · Extracción y cantos": "3 · Draw and claims",
    "4 · Premios": "4 · Prizes",
    "Pulse para ocultar (Esc)": "Click to hide (Esc)",
    "PARTIDA SUSPENDIDA: reanude o devuelva los cartones": (
        "GAME SUSPENDED: resume it or refund the cards"
    ),
    "Reanudar…": "Resume…",
    "Devolver cartones…": "Refund the cards…",
    "Apertura de la sesión": "Opening the session",
    "Fecha (AAAA-MM-DD):": "Date (YYYY-MM-DD):",
    "Sesión:": "Session:",
    "Jefe de mesa-cajero:": "Table manager-cashier:",
    "Jefe de sala:": "Hall manager:",
    "Están las 90 bolas, una de cada número (Alt+9)": (
        "All 90 balls are here, one of each number (Alt+9)"
    ),
    "números que faltan, si falta alguno": "numbers missing, if any",
    "Leer el juego de bolas con el lector": "Read the ball set with the reader",
    "Faltan:": "Missing:",
    "Abrir la sesión (F2)": "Open the session (F2)",
    "Cerrar la sesión": "Close the session",
    "Cerrar la sesión (F10)": "Close the session (F10)",
    "Anunciar la última partida…": "Announce the last game…",
    "Anunciar la última partida… (Ctrl+U)": "Announce the last game… (Ctrl+U)",
    "Prima de bingo (la elige el jefe de sala)": "Bingo jackpot (the hall manager chooses it)",
    "Fijar el importe": "Set the amount",
    "Acta de la sesión": "Acta of the session",
    "Sellar con la clave de la sala": "Seal with the hall's key",
    "Guardar el acta… (Ctrl+P)": "Save the acta… (Ctrl+P)",
    "Iniciar la partida (F3)": "Start the game (F3)",
    "Registrar serie… (Ctrl+R)": "Register a series… (Ctrl+R)",
    "Venta de cartones (correlativa)": "Card sale (in order)",
    "Vender (Intro)": "Sell (Enter)",
    "Vender el rango (Intro)": "Sell the range (Enter)",
    "Serie:": "Series:",
    "Del cartón:": "From card:",
    "al:": "to:",
    "Cerrar la venta (F4)": "Close the sale (F4)",
    "Los paneles ya muestran los datos (F5)": "The panels show the data (F5)",
    "Extracción": "Draw",
    "Extraer bola (F6)": "Draw a ball (F6)",
    "nº de bola": "ball no.",
    "Registrar la bola (Intro)": "Record the ball (Enter)",
    "Sorteo manual aleatorio": "Random manual draw",
    "Es esta bola (Intro)": "It is this ball (Enter)",
    "Número de la bola del tubo:": "Number of the ball in the tube:",
    "No salió ninguna bola": "No ball came out",
    "Cotejar cada bola con la mesa": "Check each ball against the table",
    "Antes de registrar cada bola, la mesa escribe el número que ve en ella; si no coincide "
    "con el lector, la partida se detiene": (
        "Before each ball is recorded, the table types the number it sees on it; if it differs "
        "from the reader, the game is held"
    ),
    "¿Qué número ve la mesa en la bola del tubo?": (
        "What number does the table see on the ball in the tube?"
    ),
    "La mesa ve esta (Intro)": "The table sees this one (Enter)",
    "No se ve bien": "Cannot see it well",
    "Comprobar un cartón cantado (F7)": "Check a claimed card (F7)",
    "nº de cartón": "card no.",
    "Línea (Alt+L)": "Line (Alt+L)",
    "Bingo (Alt+B)": "Bingo (Alt+B)",
    "Cartón:": "Card:",
    "«¿Alguna línea más? ¿Algún bingo más?»": "“Any more lines? Any more bingos?”",
    "Cerrar la partida (F8)": "Close the game (F8)",
    "Bola": "Ball",
    "Importe": "Amount",
    "A4": "A4",
    "Rollo de 80 mm": "80 mm roll",
    "Justificante de la prima…": "Jackpot receipt…",
    "Justificante detallado y su duplicado para el cartón ganador": (
        "Detailed receipt and its duplicate for the winning card"
    ),
    "Comprobante del ganador…": "Winner's proof…",
    "El cartón premiado de la fila elegida, con las bolas extraídas": (
        "The winning card of the row chosen, with the balls drawn"
    ),
    "Formato:": "Format:",
    "Premios pagados contra entrega del cartón (F9)": ("Prizes paid against the winning card (F9)"),
    "Registro de la partida": "Game log",
    "&Sesión": "&Session",
    "Abrir la sesión": "Open the session",
    "Iniciar la partida": "Start the game",
    "Cerrar la venta": "Close the sale",
    "Datos en los paneles": "Data on the panels",
    "Extraer bola": "Draw a ball",
    "Comprobar un cartón": "Check a card",
    "Cerrar la partida": "Close the game",
    "Pagar los premios": "Pay the prizes",
    "Registrar una serie…": "Register a series…",
    "Incorporar el libro manual…": "Take in the manual book…",
    "Acta de la sesión…": "Acta of the session…",
    "&Incidencias": "&Incidents",
    "&Ver": "&View",
    "Sesión": "Session",
    "Venta": "Sale",
    "Premios": "Prizes",
    "Suspender (avería antes de la primera bola)…": "Suspend (breakdown before the first ball)…",
    "Reanudar la partida suspendida…": "Resume the suspended game…",
    "Devolver los cartones de la partida suspendida…": "Refund the cards of the suspended game…",
    "Extracción manual (avería con bolas extraídas)…": "Manual draw (breakdown with balls drawn)…",
    "Irregularidad de bolas o mecanismo: anular…": "Ball or mechanism irregularity: annul…",
    "Error del locutor que no se puede subsanar: anular…": (
        "Caller error that cannot be put right: annul…"
    ),
    "Corregir una bola mal anunciada…": "Correct a misannounced ball…",
    "{what}: {reason}": "{what}: {reason}",
    "{what}: error inesperado: {reason}": "{what}: unexpected error: {reason}",
    "Prima de bingo": "Bingo jackpot",
    "Última partida": "Last game",
    "Se anunciará a la sala que la partida {n} es la última de la sesión. Después no puede "
    "jugarse ninguna otra.": (
        "The hall will be told that game {n} is the last one of the session. No other game "
        "can be played after it."
    ),
    "Anunciar la última partida": "Announce the last game",
    "Registrar la serie": "Register the series",
    "El libro manual se incorpora con la sesión abierta": (
        "The manual book is taken in while the session is open"
    ),
    "Partida {numbers} incorporada del libro manual": (
        "Game {numbers} taken in from the manual book"
    ),
    "Partidas {numbers} incorporadas del libro manual": (
        "Games {numbers} taken in from the manual book"
    ),
    "No hay ninguna serie a la venta: registre una": "No series on sale: register one",
    "Extrayendo la bola {n}…": "Drawing ball {n}…",
    "Bola {n}": "Ball {n}",
    "Bola del tubo": "Ball in the tube",
    "Las bolas salen del extractor; el número solo se escribe en extracción manual o cuando el "
    "lector no puede leer la bola": (
        "The balls come from the extractor; the number is typed only in a manual draw or when "
        "the reader cannot read the ball"
    ),
    "Sorteo manual": "Manual draw",
    "Extracción {n}: escriba el número que ve la mesa en la bola": (
        "Draw {n}: type the number the table sees on the ball"
    ),
    "Extracción: fallo del dispositivo: {e}": "Draw: device failure: {e}",
    "Juego de bolas y recuento ante el jefe de sala": (
        "Ball set and count before the hall manager"
    ),
    "Cambiar el juego… (Ctrl+B)": "Change the set… (Ctrl+B)",
    "Cambiar el juego de bolas…": "Change the ball set…",
    "El juego de bolas ha cambiado: léalo con el lector (página Sesión) antes de extraer": (
        "The ball set was changed: read it with the reader (Session page) before drawing"
    ),
    "Registrar el recuento del juego nuevo": "Record the count of the new set",
    "Irregularidad de bolas: anular…": "Ball irregularity: annul…",
    "Seguir por extracción manual…": "Go on with a manual draw…",
    "Suspender la partida…": "Suspend the game…",
    "{device}: sin comunicación": "{device}: no communication",
    "{device}: en línea": "{device}: online",
    "{device}: se ha reiniciado": "{device}: restarted",
    "{device}: cambio en sus averías": "{device}: its faults changed",
    "{device}: se han perdido avisos": "{device}: notices were lost",
    "Comprobar el cartón": "Check the card",
    "LÍNEA CORRECTA": "VALID LINE",
    "BINGO CORRECTO": "VALID BINGO",
    "{verdict}: {series} / {number}": "{verdict}: {series} / {number}",
    "NO HAY {prize}: {series} / {number}": "NO {prize}: {series} / {number}",
    "Antes de cerrar, pregunte «¿Alguna línea más? ¿Algún bingo más?»": (
        "Before closing, ask “Any more lines? Any more bingos?”"
    ),
    "Documentos PDF (*.pdf)": "PDF documents (*.pdf)",
    "{what}: preparando el PDF…": "{what}: preparing the PDF…",
    "{what}: todavía no hay ninguna sesión": "{what}: there is no session yet",
    "Guardar el acta de la sesión {id}, sellada con la clave de la sala": (
        "Save the acta of session {id}, sealed with the hall's key"
    ),
    "Guardar el acta de la sesión {id}": "Save the acta of session {id}",
    "cerrada": "closed",
    "en curso, hasta la partida {n}": "in progress, up to game {n}",
    "en curso, sin partidas todavía": "in progress, no games yet",
    "Acta de la sesión {id} ({state}) guardada{sealed} en {path}": (
        "Acta of session {id} ({state}) saved{sealed} in {path}"
    ),
    " y sellada": " and sealed",
    "Comprobante del ganador": "Winner's proof",
    "Justificante de la prima": "Jackpot receipt",
    "{what}: la partida {n} no está cerrada": "{what}: game {n} is not closed",
    "{what}: la partida {n} no tiene ese premio": "{what}: game {n} has no such prize",
    "{what}: partida {n}, {prize}, cartón {series} / {number}": (
        "{what}: game {n}, {prize}, card {series} / {number}"
    ),
    "Comprobante": "Proof",
    "Justificante y duplicado": "Receipt and duplicate",
    "{kind} de {prize} de la partida {n} ({series} / {number}) guardado en {path}": (
        "{kind} of the {prize} of game {n} ({series} / {number}) saved in {path}"
    ),
    "sin partida en curso": "no game in progress",
    "Sesión {id}": "Session {id}",
    "EMULADO: no es una sesión real": "EMULATED: not a real session",
    "Sin sesión abierta": "No session open",
    "última: la {n}": "last: game {n}",
    "PUERTA CERRADA\nno entra nadie": "DOOR CLOSED\nnobody comes in",
    "PUERTA ABIERTA": "DOOR OPEN",
    "Estado: {state}": "State: {state}",
    "No hay ninguna sesión abierta.": "No session is open.",
    "Sesión {id} del {date}: {n} partidas. Mesa: {mesa}. Sala: {sala}.": (
        "Session {id} of {date}: {n} games. Table: {mesa}. Hall: {sala}."
    ),
    "Del libro manual: {numbers}.": "From the manual book: {numbers}.",
    "Extrayendo…": "Drawing…",
    "Extracción manual desde la bola {n}: bolas pendientes, al azar": (
        "Manual draw from ball {n}: the balls still in, at random"
    ),
    "Bolas del extractor y el lector automático.": (
        "Balls from the extractor and the automatic reader."
    ),
    "Sin dispositivos conectados: escriba el número de cada bola.": (
        "No devices connected: type the number of each ball."
    ),
    "{n}\nbolas": "{n}\nballs",
    "En vigor {amount}; fondo {fund}; límite de bolas {limit}.": (
        "In force {amount}; fund {fund}; ball limit {limit}."
    ),
    "Sin importe elegido.": "No amount chosen.",
    " electrónica": " electronic",
    "{code}{kind} ({value})": "{code}{kind} ({value})",
    "sigue por el cartón {n} (quedan {left})": "goes on from card {n} ({left} left)",
    " (electrónicos)": " (electronic)",
    "Serie {series}: cartones {first} a {last} — {count}{kind}": (
        "Series {series}: cards {first} to {last} — {count}{kind}"
    ),
    "Vendidos {cards} cartones · recaudación {takings}": "{cards} cards sold · takings {takings}",
    "Partida {n}.": "Game {n}.",
    "Prima de bingo: {amount} si se canta bingo hasta la bola {limit}.": (
        "Bingo jackpot: {amount} for a bingo up to ball {limit}."
    ),
    "Bola loca: {numbers}.": "Crazy ball: {numbers}.",
    "ÚLTIMA PARTIDA de la sesión.": "LAST GAME of the session.",
    "Anuncie: {cards} cartones vendidos ({ranges}). Línea {line}. Bingo {bingo}.": (
        "Announce: {cards} cards sold ({ranges}). Line {line}. Bingo {bingo}."
    ),
    "{partida} cerrada: pague cada premio contra entrega del cartón ganador.": (
        "{partida} closed: pay each prize against the winning card."
    ),
    "{partida}: premios pagados.": "{partida}: prizes paid.",
    "{partida} anulada: se devuelven {refund}.": "{partida} annulled: {refund} refunded.",
    "{partida} en juego.": "{partida} in play.",
    "Total a pagar: {total}": "Total to pay: {total}",
    " · restos de reparto al acta: {residue}": " · remainders of the shares to the acta: {residue}",
    # --- the keys and questions of a real night ---------------------------------------------
    "Comprobar (Intro)": "Check (Enter)",
    "Preguntado: nadie más canta": "Asked: nobody else calls",
    "«¿Alguna línea más?» antes de la bola siguiente": "«Any more lines?» before the next ball",
    "Antes de la bola siguiente, pregunte «¿Alguna línea más?» y compruebe las que se canten; "
    "después pulse Alt+N (nadie más canta)": (
        "Before the next ball, ask «Any more lines?» and check those called; then press Alt+N "
        "(nobody else calls)"
    ),
    "Cerrar la consola": "Close the console",
    "Cerrar la venta (Intro)": "Close the sale (Enter)",
    "Devolver a la mesa": "Return to the table",
    "Devolver:": "Return:",
    "Devolver cartones": "Return cards",
    "Devueltos a la mesa: serie {series}, cartones {first} a {last}": (
        "Returned to the table: series {series}, cards {first} to {last}"
    ),
    "Devueltos a la mesa: serie {series}, cartones {first} a {last} ({count})": (
        "Returned to the table: series {series}, cards {first} to {last} ({count})"
    ),
    "La partida {n} está en juego. Si cierra la consola, todo lo registrado queda "
    "guardado y la partida sigue donde quedó al abrirla de nuevo (bingo-hall run); "
    "mientras tanto no se extrae ninguna bola ni se comprueba ningún cartón.": (
        "Game {n} is in play. If you close the console, everything recorded is kept and the "
        "game goes on where it was when it is opened again (bingo-hall run); meanwhile no "
        "ball is drawn and no card is checked."
    ),
    "Se cierra la venta de la partida {n}: {cards} cartones, {takings}. Después no puede "
    "venderse ni devolverse ningún cartón.": (
        "The sale of game {n} closes: {cards} cards, {takings}. Afterwards no card can be "
        "sold or returned."
    ),
    "Seguir en la consola (Intro)": "Stay in the console (Enter)",
    "ninguna venta que devolver": "no sale to return",
    "últimos de la venta {sale}": "last of the sale {sale}",
    "{series} {first}–{last}": "{series} {first}–{last}",
    " Y BOLA LOCA": " AND CRAZY BALL",
    " Y PRIMA": " AND JACKPOT",
    "Bingo {bingo}": "Bingo {bingo}",
    "Bola loca {fund} ({numbers})": "Crazy ball {fund} ({numbers})",
    "Interconectado: ganado en otra sala": "Interconnected: won in another hall",
    "Interconectado: no ganado en esta partida": "Interconnected: not won in this partida",
    "Interconectado ganado: {amount}": "Interconnected won: {amount}",
    "Interconectado {amount} hasta la bola {limit}": "Interconnected {amount} up to ball {limit}",
    "Línea {line}": "Line {line}",
    "Prima {amount} hasta la bola {limit}": "Jackpot {amount} up to ball {limit}",
    "Anuncie: {cards} cartón vendido ({ranges}). Línea {line}. Bingo {bingo}.": (
        "Announce: {cards} card sold ({ranges}). Line {line}. Bingo {bingo}."
    ),
    "Se cierra la venta de la partida {n}: {cards} cartón, {takings}. Después no puede "
    "venderse ni devolverse ningún cartón.": (
        "The sale of game {n} closes: {cards} card, {takings}. Afterwards no card can be sold "
        "or returned."
    ),
    "Sesión {id} del {date}: {n} partida. Mesa: {mesa}. Sala: {sala}.": (
        "Session {id} of {date}: {n} game. Table: {mesa}. Hall: {sala}."
    ),
    "Vendido {cards} cartón · recaudación {takings}": "Sold {cards} card · takings {takings}",
    "{n}\nbola": "{n}\nball",
    "Acta de la sesión {id} enviada a la impresora {printer}": (
        "Acta of session {id} sent to the printer {printer}"
    ),
    "Caja de la sesión…": "Session till…",
    "Imprimir el acta": "Print the acta",
    "Imprimir el acta (Ctrl+Shift+P)": "Print the acta (Ctrl+Shift+P)",
    "Imprimir el comprobante": "Print the proof",
    "Imprimir el justificante": "Print the receipt",
    "Opciones de la consola…": "Console options…",
    "{kind} de {prize} de la partida {n} ({series} / {number}) enviado a la impresora {printer}": (
        "{kind} of {prize} of game {n} ({series} / {number}) sent to the printer {printer}"
    ),
    "{what}: no hay impresora elegida; elíjala en Sesión → Opciones (Ctrl+O)": (
        "{what}: no printer chosen; choose it in Session → Options (Ctrl+O)"
    ),
    # sales by seller (issue 9)
    "Vendedor (Alt+E):": "Seller (Alt+E):",
    "(sin vendedor)": "(no seller)",
    # the automatic extraction's minimum pace (decision 251)
    (
        "Extracción automática: como mucho una bola cada {pace} s, para que todos "
        "los jugadores puedan seguirlas"
    ): (
        "Automatic extraction: at most one ball every {pace} s, so "
        "that every player can follow them"
    ),
    "Nadie más canta línea: F6, la bola siguiente": "Nobody else calls a line: F6, the next ball",
    "Salir": "Quit",
    "Dispositivos: sin noticias (sin conexión con el servidor)": (
        "Devices: no news (no connection with the server)"
    ),
    "Interrupción del sistema de la sala": "Hall system interrupted",
    # the hall PC's clock (ui/console/clock.py)
    "reloj: sincronización desconocida": "clock: synchronisation unknown",
    "⚠ reloj sin sincronizar": "⚠ clock not synchronised",
    (
        "El reloj de este ordenador no está sincronizado: las horas del registro y del acta son "
        "las suyas. Póngalo en hora y active su sincronización"
    ): (
        "This computer's clock is not synchronised: the times of the record and the acta are "
        "its own. Set it right and turn on its synchronisation"
    ),
    # a server that no longer takes the console's key (ui/client/station.py)
    (
        "El servidor de la sala ya no reconoce a esta consola y la sala aún no tiene "
        "operadores, así que nadie puede iniciar sesión: cierre la consola y el servidor "
        "que sirve la sala, y vuelva a abrirla (make run)"
    ): (
        "The hall server no longer knows this console and the hall has no operators yet, "
        "so nobody can log in: close the console and the server serving the hall, and open "
        "it again (make run)"
    ),
    "el libro manual se incorpora en el servidor de la sala": (
        "the manual book is taken back at the hall's server"
    ),
}
