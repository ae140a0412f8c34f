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

CONSOLE_ENGLISH: Mapping[str, str] = {
    # --- dialogs ---------------------------------------------------------------------------
    "Incidencia: {title}": "Incident: {title}",
    "El jefe de sala lee en voz alta el párrafo del reglamento:": (
        "The hall manager reads the paragraph of the regulation aloud:"
    ),
    "Párrafo leído en voz alta por el jefe de sala (Alt+P)": (
        "Paragraph read aloud by the hall manager (Alt+P)"
    ),
    "qué ha pasado (consta en el acta)": "what happened (goes into the acta)",
    "Nota:": "Note:",
    "Extracción número:": "Draw number:",
    "La bola es el:": "The ball is number:",
    "Cancelar": "Cancel",
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
    # people and rights (ui/console/login.py)
    "Acceso a la mesa de control": "Control table login",
    "Aceptar": "OK",
    "Al mando: {asked} ({station})": "At the controls: {asked} ({station})",
    "Autorización del jefe de sala": "The jefe de sala's authorisation",
    "Escriba su nombre de operador y su PIN.": "Type your operator name and your PIN.",
    "Nombre": "Name",
    "PIN o contraseña": "PIN or password",
    "Pide {asked}; autoriza el jefe de sala {authorised}": (
        "Asked by {asked}; authorised by the jefe de sala {authorised}"
    ),
    "{action}: lo autoriza el jefe de sala con su nombre y su PIN, ahora.": (
        "{action}: the jefe de sala authorises it with his name and PIN, now."
    ),
    "{action}: sin la autorización del jefe de sala no se hace": (
        "{action}: not done without the jefe de sala's authorisation"
    ),
    "Registrar una serie": "Register a series",
    "cartones electrónicos": "electronic cards",
    "Código:": "Code:",
    "Juego de cartones:": "Card set:",
    "Cartones:": "Cards:",
    "Valor facial:": "Face value:",
    # --- the ball count at the opening and the closing ---------------------------------------
    "faltan: {numbers}": "missing: {numbers}",
    "repetidas: {numbers}": "repeated: {numbers}",
    "dañadas: {note}": "damaged: {note}",
    "hay bolas dañadas": "some balls are damaged",
    "Recuento de bolas: apertura": "Ball count: opening",
    "Recuento de bolas: cierre": "Ball count: closing",
    "Recuento de las bolas al abrir la sesión": "Counting the balls to open the session",
    "Recuento de las bolas al cerrar la sesión": "Counting the balls to close the session",
    "Ante el jefe de sala, «comprobando su numeración y que se encuentran en perfecto estado» "
    "(Cantabria II.2).": (
        "Before the hall manager, “checking their numbers and that they are in perfect "
        "condition” (Cantabria II.2)."
    ),
    "Numeración: el lector ha leído las 90 bolas, una de cada número.": (
        "Numbers: the reader has read the 90 balls, one of each number."
    ),
    "Numeración: están las 90 bolas, una de cada número (recuento a mano).": (
        "Numbers: all 90 balls are here, one of each number (hand count)."
    ),
    "Numeración: NO es correcta ({problem}).": "Numbers: NOT right ({problem}).",
    "Estado: compruebe que ninguna bola tiene golpes, grietas ni el número borroso.": (
        "Condition: check that no ball has a dent, a crack or a blurred number."
    ),
    "&Todas en perfecto estado": "&All in perfect condition",
    "&Hay bolas dañadas": "Some balls are &damaged",
    "cuáles y qué les pasa, p. ej. «la 17 agrietada»": (
        "which, and what is wrong, e.g. “17 cracked”"
    ),
    "¿Cuáles y cómo?": "Which, and how?",
    "Registrar el recuento y abrir la sesión": "Record the count and open the session",
    "Registrar el recuento no conforme": "Record the nonconforming count",
    "Registrar el recuento y cerrar la sesión": "Record the count and close the session",
    "Cerrar la sesión con la comprobación no conforme": (
        "Close the session with the check nonconforming"
    ),
    "Volver a contar": "Count again",
    "Escriba qué bolas están dañadas y qué les pasa: consta en el registro y en el acta.": (
        "Type which balls are damaged and what is wrong with them: it goes into the record and "
        "the acta."
    ),
    "El recuento se registrará como no conforme y la sesión NO podrá abrirse: cambie el juego "
    "de bolas por el de reserva y cuéntelo de nuevo.": (
        "The count will be recorded as nonconforming and the session can NOT open: change the "
        "ball set for the reserve one and count it again."
    ),
    "La comprobación de cierre NO es conforme. Se registrará así y la sesión se cerrará "
    "igualmente: el acta la mostrará como «no conforme». Si cree que ha contado mal, vuelva a "
    "contar antes.": (
        "The closing check is NOT conforming. It will be recorded so and the session closes all "
        "the same: the acta will show it as “no conforme” (nonconforming). If you think you "
        "miscounted, count again first."
    ),
    "Diga en qué estado están las bolas.": "Say what condition the balls are in.",
    "Se registrará el recuento y se abrirá la sesión.": (
        "The count will be recorded and the session opened."
    ),
    "Se registrará el recuento y se cerrará la sesión.": (
        "The count will be recorded and the session closed."
    ),
    # --- the change of ball set ------------------------------------------------------------
    "bola dañada": "damaged ball",
    "límite de partidas": "game limit reached",
    "recuento fallido": "failed ball count",
    "cambio programado": "scheduled change",
    "{id} · homologación {hom} · {played} de {limit} partidas": (
        "{id} · homologation {hom} · {played} of {limit} games"
    ),
    " · aparato no neumático": " · not a pneumatic machine",
    " · LÍMITE ALCANZADO": " · LIMIT REACHED",
    "Cambiar el juego de bolas": "Change the ball set",
    "No hay ningún juego de bolas instalado.": "No ball set is installed.",
    "Instalado ahora: {set}": "Installed now: {set}",
    "El cambio consta en el acta. Escriba los datos del juego nuevo como figuran en la copia "
    "de su resolución de homologación.": (
        "The change goes into the acta. Type the new set's data as they appear on the copy of "
        "its homologation resolution."
    ),
    "p. ej. el del juego de reserva": "e.g. the reserve set's",
    "Aparato neumático: se cambia a las {max} partidas como máximo": (
        "Pneumatic machine: changed after {max} games at most"
    ),
    "elija o escriba el motivo (consta en el acta)": (
        "choose or type the reason (goes into the acta)"
    ),
    "Usar esos datos": "Use those data",
    "Identificador del juego:": "Set identifier:",
    "Número de homologación:": "Homologation number:",
    "Partidas garantizadas por el fabricante:": "Games guaranteed by the maker:",
    "Partidas ya jugadas (0 si el juego es nuevo):": "Games already played (0 for a new set):",
    "Motivo del cambio:": "Reason for the change:",
    "Registrar el cambio": "Record the change",
    "Este juego ya se usó en esta sala: homologación {hom}, {played} partidas jugadas según "
    "el registro (declare al menos esas).": (
        "This set was used in this hall before: homologation {hom}, {played} games played "
        "according to the record (declare at least those)."
    ),
    "Límite de este juego: {limit} partidas; le quedan {left}.": (
        "This set's limit: {limit} games; {left} left."
    ),
    "Este juego ya ha jugado su límite de {limit} partidas.": (
        "This set has already played its limit of {limit} games."
    ),
    "el identificador del juego": "the set identifier",
    "el número de homologación": "the homologation number",
    "el motivo del cambio": "the reason for the change",
    "Falta {what}. No se ha registrado nada.": "Missing: {what}. Nothing was recorded.",
    "{refusal}. No se ha registrado nada.": "{refusal}. Nothing was recorded.",
    # --- the manual book -------------------------------------------------------------------
    "qué pasó: la avería, desde qué bola se llevó a mano…": (
        "what happened: the breakdown, from which ball it was kept by hand…"
    ),
    "números separados por espacios (vacío si no hubo)": (
        "numbers separated by spaces (empty if there was none)"
    ),
    "Serie": "Series",
    "Del cartón": "From card",
    "Al cartón": "To card",
    "Cartones": "Cards",
    "Añadir &venta": "Add &sale",
    "Quitar venta": "Remove sale",
    "las bolas en el orden en que salieron, separadas por espacios": (
        "the balls in the order they came out, separated by spaces"
    ),
    "Tras la bola nº": "After ball no.",
    "Cartón": "Card",
    "Premio": "Prize",
    "Añadir &canto": "Add &claim",
    "Quitar canto": "Remove claim",
    "Partida &anulada:": "&Annulled game:",
    "nota de la anulación, como consta en el libro": "note of the annulment, as in the book",
    "Partida nº:": "Game no.:",
    "Bola loca:": "Crazy ball:",
    "Bolas:": "Balls:",
    "Ventas": "Sales",
    "Cantos": "Claims",
    "Partida {n}": "Game {n}",
    "Bolas": "Balls",
    "{n} bolas; la última, el {last}": "{n} balls; the last one, {last}",
    "ninguna bola": "no balls",
    "{where}, venta {i}": "{where}, sale {i}",
    "{here}: falta la serie": "{here}: the series is missing",
    "{where}, canto {i}": "{where}, claim {i}",
    "{where}, bola loca": "{where}, crazy ball",
    "{where}, bolas": "{where}, balls",
    "{where}: «{text}» no es un número": "{where}: “{text}” is not a number",
    " electr.": " electr.",
    "anulada por {incident}; se devuelve el importe": "annulled for {incident}; money refunded",
    "se cierra y se pagan los premios": "closed and prizes paid",
    "Incorporar el libro manual": "Take in the manual book",
    "Partidas del libro manual": "Games of the manual book",
    "Abrir un &fichero del libro…": "Open a book &file…",
    "Guardar &plantilla…": "Save a tem&plate…",
    "de": "for",
    "La partida {n} está abierta en el sistema: el formulario trae lo que ya consta (ventas, "
    "bolas, cantos); añada lo que el libro recoge desde la avería.": (
        "Game {n} is open in the system: the form holds what is already recorded (sales, "
        "balls, claims); add what the book holds from the breakdown on."
    ),
    "Abra el fichero del libro transcrito o escriba cada partida tal como consta en el libro. "
    "La siguiente partida de la sesión es la {n}.": (
        "Open the file of the transcribed book or type each game as it is in the book. "
        "The next game of the session is game {n}."
    ),
    "Añadir pa&rtida": "Add &game",
    "Quitar partida": "Remove game",
    "Partidas del libro": "Games in the book",
    "Revisar antes de registrar →": "Review before recording →",
    "partida (la {first})": "game ({first})",
    "partidas (de la {first} a la {last})": "games ({first} to {last})",
    "Guardar la plantilla del libro manual": "Save the template of the manual book",
    "No se puede guardar la plantilla «{name}»: {reason}": (
        "The template “{name}” cannot be saved: {reason}"
    ),
    "Plantilla guardada en «{name}» para {count} partidas ({numbers}).": (
        "Template saved in “{name}” for {count} games ({numbers})."
    ),
    "Abrir el libro manual transcrito": "Open the transcribed manual book",
    "No se puede leer «{name}»: {reason}": "“{name}” cannot be read: {reason}",
    "«{name}» no es un JSON válido ({reason})": "“{name}” is not valid JSON ({reason})",
    "«{name}»: {reason}": "“{name}”: {reason}",
    "Cargado «{name}»: {n} partidas. Revíselas aquí antes de registrarlas.": (
        "Loaded “{name}”: {n} games. Check them here before recording them."
    ),
    "Reglamento, {reference}:": "Regulation, {reference}:",
    "Partida": "Game",
    "Series": "Series",
    "Final": "End",
    "← &Volver al libro": "← &Back to the book",
    "&Incorporar al registro": "&Record them",
    "Se registrará la partida {numbers} del libro manual": (
        "Game {numbers} of the manual book will be recorded"
    ),
    "Se registrarán {n} partidas del libro manual ({numbers})": (
        "{n} games of the manual book will be recorded ({numbers})"
    ),
    ": {cards} cartones, {balls} bolas, {claims} cantos.": (
        ": {cards} cards, {balls} balls, {claims} claims."
    ),
    "Se juegan con las mismas reglas que en la sala: los premios y los fondos de prima y de "
    "bola loca los calcula el sistema. Todo o nada: si una partida no cuadra no se registra "
    "ninguna. Quedan marcadas «libro manual» en el registro y en el acta.": (
        "They are played by the same rules as in the hall: the system works out the prizes "
        "and the jackpot and crazy ball funds. All or nothing: if one game does not add up, "
        "none is recorded. They are marked “manual book” in the record and in the acta."
    ),
    "La partida {n} estaba abierta en el sistema: se completa con el libro, y lo que ya consta "
    "debe coincidir con él.": (
        "Game {n} was open in the system: the book completes it, and what is already recorded "
        "must match the book."
    ),
    "{reason}. No se ha registrado nada.": "{reason}. Nothing has been recorded.",
    "El registro rechaza el libro: {reason}": "The record refuses the book: {reason}",
    "Error inesperado al registrar el libro: {reason}": (
        "Unexpected error while recording the book: {reason}"
    ),
    # choices of the book's tables, and the annulments
    "físicos": "physical",
    "electrónicos": "electronic",
    "irregularidad de las bolas": "ball irregularity",
    "error del locutor": "caller error",
    "Libro manual (*.json);;Todos los ficheros (*)": "Manual book (*.json);;All files (*)",
    # --- event log (ui/console/texts.py) ---------------------------------------------------
    "línea": "line",
    "bingo": "bingo",
    "prima de bingo": "bingo jackpot",
    "bola loca": "crazy ball",
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
    "Juego de cartones {id} registrado ({count} cartones)": (
        "Card set {id} registered ({count} cards)"
    ),
    "Juego de bolas {id} instalado (homologación {hom}, {before} partidas jugadas antes)": (
        "Ball set {id} installed (homologation {hom}, {before} games played before)"
    ),
    "Sesión simulada {id}": "Simulated session {id}",
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
    "Suspender la partida": "Suspend the game",
    "Reanudar la partida": "Resume the game",
    "Devolver el importe de los cartones": "Refund the cards",
    "Seguir por extracción manual": "Go on with a manual draw",
    "Anular la partida y devolver": "Annul the game and refund",
    "Corregir la bola": "Correct the ball",
    "{what}: {reason}": "{what}: {reason}",
    "{what}: error inesperado: {reason}": "{what}: unexpected error: {reason}",
    "Bolas que faltan: escriba números del 1 al 90": "Missing balls: type numbers from 1 to 90",
    "Lea primero el juego de bolas con el lector": "Read the ball set with the reader first",
    "Confirme el recuento de las 90 bolas ante el jefe de sala": (
        "Confirm the count of the 90 balls before the hall manager"
    ),
    "Leyendo el juego de bolas…": "Reading the ball set…",
    "No se ha registrado nada: vuelva a contar las bolas ante el jefe de sala.": (
        "Nothing was recorded: count the balls again before the hall manager."
    ),
    "Recuento no conforme registrado.": "Nonconforming count recorded.",
    "Abrir la sesión: el recuento de bolas no es conforme ({problem}); cambie el juego de bolas "
    "y vuelva a contarlas": (
        "Open the session: the ball count is nonconforming ({problem}); change the ball set and "
        "count the balls again"
    ),
    "Sesión {id} cerrada con la comprobación de bolas no conforme ({problem}): el acta la "
    "muestra así. Cambie el juego de bolas antes de la próxima sesión.": (
        "Session {id} closed with the ball check nonconforming ({problem}): the acta shows it "
        "so. Change the ball set before the next session."
    ),
    "Recuento de cierre: {e} Vuelva a leer el juego, o cierre la sesión con la comprobación no "
    "conforme": (
        "Closing count: {e} Read the set again, or close the session with the check nonconforming"
    ),
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
    "Antes lea la bola del tubo y escriba su número en el recuadro naranja": (
        "First read the ball in the tube and type its number in the orange box"
    ),
    "Lector: {n} bolas leídas, del 1 al 90 una vez cada una: correcto": (
        "Reader: {n} balls read, 1 to 90 once each: correct"
    ),
    "Extracción: fallo del dispositivo: {e}": "Draw: device failure: {e}",
    "Recuento de bolas: {e}": "Ball count: {e}",
    "Juego de bolas y recuento ante el jefe de sala": (
        "Ball set and count before the hall manager"
    ),
    "Cambiar el juego… (Ctrl+B)": "Change the set… (Ctrl+B)",
    "Cambiar el juego de bolas…": "Change the ball set…",
    "El juego de bolas ha cambiado: léalo con el lector (página Sesión) antes de extraer": (
        "The ball set was changed: read it with the reader (Session page) before drawing"
    ),
    "El juego de bolas se cambia entre partidas o antes de la primera bola": (
        "The ball set is changed between games or before the first ball"
    ),
    "Cambio de juego de bolas registrado: {set}; motivo: «{reason}».": (
        "Change of ball set recorded: {set}; reason: «{reason}»."
    ),
    "Juego {id} instalado: léalo ahora con el lector ante el jefe de sala y abra la sesión.": (
        "Set {id} installed: read it now with the reader before the hall manager and open the "
        "session."
    ),
    "Juego {id} instalado: cuente ahora sus 90 bolas ante el jefe de sala y abra la sesión.": (
        "Set {id} installed: count its 90 balls now before the hall manager and open the session."
    ),
    "Juego {id} instalado: léalo ahora con el lector ante el jefe de sala y cierre la sesión.": (
        "Set {id} installed: read it now with the reader before the hall manager and close the "
        "session."
    ),
    "Juego {id} instalado: cuente ahora sus 90 bolas ante el jefe de sala y cierre la sesión.": (
        "Set {id} installed: count its 90 balls now before the hall manager and close the session."
    ),
    "Juego {id} instalado: léalo ahora con el lector ante el jefe de sala; sin ese recuento no "
    "se juega con él, y el lector reconoce cada bola por esa lectura.": (
        "Set {id} installed: read it now with the reader before the hall manager; without that "
        "count it is not played with, and the reader knows each ball by that reading."
    ),
    "Juego {id} instalado: cuente ahora sus 90 bolas ante el jefe de sala y registre el "
    "recuento; sin él no se juega con este juego.": (
        "Set {id} installed: count its 90 balls now before the hall manager and record the "
        "count; without it this set is not played with."
    ),
    "Registrar el recuento del juego nuevo": "Record the count of the new set",
    "Recuento del juego nuevo": "Count of the new set",
    "Recuento del juego nuevo registrado: puede seguir la partida.": (
        "Count of the new set recorded: play can go on."
    ),
    "Recuento del juego nuevo no conforme ({problem}): no se juega con él; cambie el juego de "
    "bolas y vuelva a contarlas": (
        "Count of the new set not conforming ({problem}): it is not played with; change the ball "
        "set and count the balls again"
    ),
    "El juego de bolas ha cambiado: léalo con el lector ante el jefe de sala (página Sesión) "
    "antes de seguir": (
        "The ball set has changed: read it with the reader before the hall manager (Session "
        "page) before going on"
    ),
    "El juego de bolas ha cambiado: cuente sus 90 bolas ante el jefe de sala y registre el "
    "recuento (página Sesión) antes de seguir": (
        "The ball set has changed: count its 90 balls before the hall manager and record the "
        "count (Session page) before going on"
    ),
    "Irregularidad de bolas: anular…": "Ball irregularity: annul…",
    "Recuento de bolas: juego nuevo": "Ball count: new set",
    "Recuento de las bolas del juego nuevo, antes de la próxima partida": (
        "Count of the new set's balls, before the next game"
    ),
    "El recuento se registrará como no conforme y NO se jugará ninguna partida con este juego: "
    "cámbielo por el de reserva y cuéntelo de nuevo.": (
        "The count will be recorded as not conforming and NO game will be played with this set: "
        "replace it with the reserve set and count it again."
    ),
    "Se registrará el recuento y se podrá seguir jugando con el juego nuevo.": (
        "The count will be recorded and play can go on with the new set."
    ),
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
    "Esa incidencia no cabe ahora: la partida está en «{state}»": (
        "That incident does not apply now: the game is “{state}”"
    ),
    "Incidencia": "Incident",
    "sin partida en curso": "no game in progress",
    "Sesión {id}": "Session {id}",
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
    "Cancelar (Esc)": "Cancel (Esc)",
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
    "Registrar la serie (Intro)": "Register the series (Enter)",
    "{action} (Intro)": "{action} (Enter)",
    " Y BOLA LOCA": " AND CRAZY BALL",
    " Y PRIMA": " AND JACKPOT",
    "Bingo {bingo}": "Bingo {bingo}",
    "Bola loca {fund} ({numbers})": "Crazy ball {fund} ({numbers})",
    "Línea {line}": "Line {line}",
    "Prima {amount} hasta la bola {limit}": "Jackpot {amount} up to ball {limit}",
    "Anuncie: {cards} cartón vendido ({ranges}). Línea {line}. Bingo {bingo}.": (
        "Announce: {cards} card sold ({ranges}). Line {line}. Bingo {bingo}."
    ),
    "Cargado «{name}»: {n} partida. Revísela aquí antes de registrarla.": (
        "Loaded «{name}»: {n} game. Review it here before recording it."
    ),
    "Este juego ya se usó en esta sala: homologación {hom}, {played} partida jugada según "
    "el registro (declare al menos esa).": (
        "This set was already used in this hall: approval {hom}, {played} game played "
        "according to the record (declare at least that one)."
    ),
    "Plantilla guardada en «{name}» para la partida {numbers}.": (
        "Template saved in «{name}» for game {numbers}."
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
    "{n} bola: el {last}": "{n} ball: number {last}",
    # --- the cash drawer, the options and printing (cash.py, options.py, papers.py) --------
    "(ninguna: sólo guardar PDF)": "(none: save PDF only)",
    "Acta de la sesión {id} enviada a la impresora {printer}": (
        "Acta of session {id} sent to the printer {printer}"
    ),
    "Caja de la sesión": "Session till",
    "Caja de la sesión {id}": "Till of session {id}",
    "Caja de la sesión…": "Session till…",
    "Cerrar (Esc)": "Close (Esc)",
    "Cierre de la sesión {id}: la caja": "Closing session {id}: the till",
    "Cuente la caja antes de cerrar: después de cerrar la sesión no se juega ninguna "
    "partida más.": (
        "Count the till before closing: once the session is closed no more games are played."
    ),
    "DEBE HABER EN LA CAJA": "THE TILL MUST HOLD",
    "Deducciones para la bola loca": "Deductions to the crazy ball",
    "Deducciones para la prima": "Deductions to the bingo jackpot",
    "Devoluciones de partidas anuladas": "Refunds of annulled games",
    "Elegir impresora… (Alt+E)": "Choose printer… (Alt+E)",
    "Fondo de caja inicial": "Opening float",
    "Fondo de caja inicial:": "Opening float:",
    "Fondo de la bola loca": "Crazy ball fund",
    "Fondo de la prima": "Bingo jackpot fund",
    "Guardar las opciones (Intro)": "Save the options (Intro)",
    "Impresora de la sala": "The hall's printer",
    "Impresora de la sala:": "The hall's printer:",
    "Imprimir el acta": "Print the acta",
    "Imprimir el acta (Ctrl+Shift+P)": "Print the acta (Ctrl+Shift+P)",
    "Imprimir el comprobante": "Print the proof",
    "Imprimir el justificante": "Print the receipt",
    "La caja cuadra: cerrar la sesión (Intro)": "The till is right: close the session (Intro)",
    "Línea y bingo repartidos": "Line and bingo shared out",
    "Opciones de la consola": "Console options",
    "Opciones de la consola: {reason}": "Console options: {reason}",
    "Opciones de la consola…": "Console options…",
    "Opciones guardadas: impresora {printer}; fondo de caja {amount}": (
        "Options saved: printer {printer}; opening float {amount}"
    ),
    "Para la sala": "For the hall",
    "Partida {n} en juego: vendido hasta ahora": "Game {n} in play: sold so far",
    "Premios de la partida {n} aún sin pagar (siguen en la caja)": (
        "Prizes of game {n} not paid yet (still in the till)"
    ),
    "Premios: {prize}": "Prizes: {prize}",
    "Recaudación ({cards} cartones)": "Takings ({cards} cards)",
    "Restos de los repartos (en la caja)": "Residues of the shares (in the till)",
    "Se recuerdan en este puesto. El acta, los justificantes y los comprobantes se imprimen en "
    "esa impresora; el fondo de caja inicial entra en la caja de la sesión, no en el acta.": (
        "Remembered on this station. The acta, the receipts and the proofs are printed on that "
        "printer; the opening float goes into the session's till, not into the acta."
    ),
    "Según el acta, de la recaudación:": "According to the acta, of the takings:",
    "Volver sin cerrar (Esc)": "Back without closing (Esc)",
    "ninguna": "none",
    "{kind} de {prize} de la partida {n} ({series} / {number}) enviado a la impresora {printer}": (
        "{kind} of {prize} of game {n} ({series} / {number}) sent to the printer {printer}"
    ),
    "{what}: no hay impresora elegida; elíjala en Sesión → Opciones (Ctrl+O)": (
        "{what}: no printer chosen; choose it in Session → Options (Ctrl+O)"
    ),
    # sales by seller (issue 9)
    "Vendedor (Alt+E):": "Seller (Alt+E):",
    "(sin vendedor)": "(no seller)",
    "Ventas por vendedor": "Sales by seller",
    "Vendedor": "Seller",
    "Bloques": "Blocks",
    "Devueltos": "Returned",
    "A entregar": "To hand in",
    "partida {n}: {blocks}": "game {n}: {blocks}",
    # the automatic extraction's minimum pace (decision 251)
    (
        "Extracción automática: como mucho una bola cada {pace} s, para que todos "
        "los jugadores puedan seguirlas"
    ): (
        "Automatic extraction: at most one ball every {pace} s, so "
        "that every player can follow them"
    ),
}
