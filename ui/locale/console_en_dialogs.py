"""The console's dialogs in English: the incidents, the ball counts, the change of ball set,
the manual book, the logins, the options and the cash drawer, keyed by their Spanish source
(the rest of the console, and the words chosen, in ``ui.locale.console_en``).
"""

from __future__ import annotations

from collections.abc import Mapping

DIALOGS: Mapping[str, str] = {
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
    # people and rights (ui/console/login.py)
    "Acceso a la mesa de control": "Control table login",
    "Aceptar": "OK",
    "Autorización del jefe de sala": "The jefe de sala's authorisation",
    "Escriba su nombre de operador y su PIN.": "Type your operator name and your PIN.",
    "Nombre": "Name",
    "PIN o contraseña": "PIN or password",
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
    "Del cartón": "From card",
    "Al cartón": "To card",
    "Cartones": "Cards",
    "Añadir &venta": "Add &sale",
    "Quitar venta": "Remove sale",
    "las bolas en el orden en que salieron, separadas por espacios": (
        "the balls in the order they came out, separated by spaces"
    ),
    "Tras la bola nº": "After ball no.",
    "Añadir &canto": "Add &claim",
    "Quitar canto": "Remove claim",
    "Partida &anulada:": "&Annulled game:",
    "nota de la anulación, como consta en el libro": "note of the annulment, as in the book",
    "Partida nº:": "Game no.:",
    "Bola loca:": "Crazy ball:",
    "Bolas:": "Balls:",
    "Ventas": "Sales",
    "Cantos": "Claims",
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
    "Suspender la partida": "Suspend the game",
    "Reanudar la partida": "Resume the game",
    "Devolver el importe de los cartones": "Refund the cards",
    "Seguir por extracción manual": "Go on with a manual draw",
    "Anular la partida y devolver": "Annul the game and refund",
    "Corregir la bola": "Correct the ball",
    "Bolas que faltan: escriba números del 1 al 90": "Missing balls: type numbers from 1 to 90",
    "Lea primero el juego de bolas con el lector: Ctrl+L (página Sesión)": (
        "Read the ball set with the reader first: Ctrl+L (Session page)"
    ),
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
    "Antes lea la bola del tubo y escriba su número en el recuadro naranja": (
        "First read the ball in the tube and type its number in the orange box"
    ),
    "Lector: {n} bolas leídas, del 1 al 90 una vez cada una: correcto": (
        "Reader: {n} balls read, 1 to 90 once each: correct"
    ),
    "Recuento de bolas: {e}": "Ball count: {e}",
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
    "Esa incidencia no cabe ahora: la partida está en «{state}»": (
        "That incident does not apply now: the game is “{state}”"
    ),
    "Incidencia": "Incident",
    "Cancelar (Esc)": "Cancel (Esc)",
    "Registrar la serie (Intro)": "Register the series (Enter)",
    "{action} (Intro)": "{action} (Enter)",
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
    "{n} bola: el {last}": "{n} ball: number {last}",
    # --- the cash drawer, the options and printing (cash.py, options.py, papers.py) --------
    "(ninguna: sólo guardar PDF)": "(none: save PDF only)",
    "Caja de la sesión": "Session till",
    "Caja de la sesión {id}": "Till of session {id}",
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
    "La caja cuadra: cerrar la sesión (Intro)": "The till is right: close the session (Intro)",
    "Línea y bingo repartidos": "Line and bingo shared out",
    "Opciones de la consola": "Console options",
    "Opciones de la consola: {reason}": "Console options: {reason}",
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
    "Ventas por vendedor": "Sales by seller",
    "Vendedor": "Seller",
    "Bloques": "Blocks",
    "Devueltos": "Returned",
    "A entregar": "To hand in",
    "partida {n}: {blocks}": "game {n}: {blocks}",
    # the station (client side of the console): status bar, devices, login
    "Conexión con el servidor de la sala recuperada": "Connection with the hall server restored",
    "El registro del servidor no es el de este puesto: {why}": (
        "The server's record is not this station's: {why}"
    ),
    "Escriba su nombre de operador y su PIN (servidor {url}).": (
        "Type your operator name and your PIN (server {url})."
    ),
    (
        "La mesa del puesto {station} está leyendo la bola de la extracción {n}: ninguna orden "
        "se aplica hasta que conste"
    ): (
        "The table of station {station} is reading the ball of draw {n}: no order is applied "
        "until it is recorded"
    ),
    (
        "La sesión de este puesto ya no vale (el servidor se reinició o pasaron sus 12 horas): "
        "inicie sesión de nuevo"
    ): (
        "This station's session is no longer valid (the server restarted or its 12 hours "
        "passed): log in again"
    ),
    "Panel de la sala": "Hall panel",
    "Sesión iniciada de nuevo en el servidor de la sala": (
        "Session started again on the hall server"
    ),
    (
        "Sin conexión con el servidor de la sala: no se puede dar ninguna orden hasta que "
        "vuelva; la pantalla muestra lo último que constaba"
    ): (
        "No connection with the hall server: no order can be given until it returns; the screen "
        "shows the last recorded state"
    ),
    "Terminal {name}: conectada a la mesa": "Terminal {name}: connected to the table",
    (
        "Terminal {name}: desconectada; sus cartones siguen en juego y sus premios quedan "
        "pendientes de cobro"
    ): (
        "Terminal {name}: disconnected; its cards stay in play and its prizes stay pending payment"
    ),
    "● en línea: {url}": "● online: {url}",
    "✖ sin conexión con el servidor": "✖ no connection with the server",
}
