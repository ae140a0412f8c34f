"""The console's dialogs in Catalan: the incidents, the ball counts, the change of ball set,
the manual book, the logins, the options and the cash drawer, keyed by their Spanish source
(the rest of the console, and the words chosen, in ``ui.locale.console_ca``).
"""

from __future__ import annotations

from collections.abc import Mapping

DIALOGS: Mapping[str, str] = {
    "Incidencia: {title}": "Incidència: {title}",
    "El jefe de sala lee en voz alta el párrafo del reglamento:": (
        "El cap de sala llegeix en veu alta el paràgraf del reglament:"
    ),
    "Párrafo leído en voz alta por el jefe de sala (Alt+P)": (
        "Paràgraf llegit en veu alta pel cap de sala (Alt+P)"
    ),
    "qué ha pasado (consta en el acta)": "què ha passat (consta a l'acta)",
    "Nota:": "Nota:",
    "Extracción número:": "Extracció número:",
    "La bola es el:": "La bola és el:",
    "Cancelar": "Cancel·la",
    "Acceso a la mesa de control": "Accés a la taula de control",
    "Aceptar": "D'acord",
    "Autorización del jefe de sala": "Autorització del cap de sala",
    "Escriba su nombre de operador y su PIN.": "Escriviu el vostre nom d'operador i el PIN.",
    "Nombre": "Nom",
    "PIN o contraseña": "PIN o contrasenya",
    "{action}: lo autoriza el jefe de sala con su nombre y su PIN, ahora.": (
        "{action}: l'autoritza el cap de sala amb el seu nom i el seu PIN, ara."
    ),
    "{action}: sin la autorización del jefe de sala no se hace": (
        "{action}: sense l'autorització del cap de sala no es fa"
    ),
    "Registrar una serie": "Registrar una sèrie",
    "cartones electrónicos": "cartrons electrònics",
    "Código:": "Codi:",
    "Juego de cartones:": "Joc de cartrons:",
    "Valor facial:": "Valor facial:",
    "faltan: {numbers}": "falten: {numbers}",
    "repetidas: {numbers}": "repetides: {numbers}",
    "dañadas: {note}": "malmeses: {note}",
    "hay bolas dañadas": "hi ha boles malmeses",
    "Recuento de bolas: apertura": "Recompte de boles: obertura",
    "Recuento de bolas: cierre": "Recompte de boles: tancament",
    "Recuento de las bolas al abrir la sesión": "Recompte de les boles en obrir la sessió",
    "Recuento de las bolas al cerrar la sesión": "Recompte de les boles en tancar la sessió",
    "Ante el jefe de sala, «comprobando su numeración y que se encuentran en perfecto estado» "
    "(Cantabria II.2).": (
        "Davant el cap de sala, «comprovant-ne la numeració i que es troben en perfecte estat» "
        "(Cantàbria II.2)."
    ),
    "Numeración: el lector ha leído las 90 bolas, una de cada número.": (
        "Numeració: el lector ha llegit les 90 boles, una de cada número."
    ),
    "Numeración: están las 90 bolas, una de cada número (recuento a mano).": (
        "Numeració: hi són les 90 boles, una de cada número (recompte a mà)."
    ),
    "Numeración: NO es correcta ({problem}).": "Numeració: NO és correcta ({problem}).",
    "Estado: compruebe que ninguna bola tiene golpes, grietas ni el número borroso.": (
        "Estat: comproveu que cap bola no té cops, esquerdes ni el número esborrat."
    ),
    "&Todas en perfecto estado": "&Totes en perfecte estat",
    "&Hay bolas dañadas": "&Hi ha boles malmeses",
    "cuáles y qué les pasa, p. ej. «la 17 agrietada»": (
        "quines i què els passa, p. ex. «la 17 esquerdada»"
    ),
    "¿Cuáles y cómo?": "Quines i com?",
    "Registrar el recuento y abrir la sesión": "Registrar el recompte i obrir la sessió",
    "Registrar el recuento no conforme": "Registrar el recompte no conforme",
    "Registrar el recuento y cerrar la sesión": "Registrar el recompte i tancar la sessió",
    "Cerrar la sesión con la comprobación no conforme": (
        "Tancar la sessió amb la comprovació no conforme"
    ),
    "Volver a contar": "Tornar a comptar",
    "Escriba qué bolas están dañadas y qué les pasa: consta en el registro y en el acta.": (
        "Escriviu quines boles estan malmeses i què els passa: consta al registre i a l'acta."
    ),
    "El recuento se registrará como no conforme y la sesión NO podrá abrirse: cambie el juego "
    "de bolas por el de reserva y cuéntelo de nuevo.": (
        "El recompte es registrarà com a no conforme i la sessió NO es podrà obrir: canvieu el "
        "joc de boles pel de reserva i torneu-lo a comptar."
    ),
    "La comprobación de cierre NO es conforme. Se registrará así y la sesión se cerrará "
    "igualmente: el acta la mostrará como «no conforme». Si cree que ha contado mal, vuelva a "
    "contar antes.": (
        "La comprovació de tancament NO és conforme. Es registrarà així i la sessió es tancarà "
        "igualment: l'acta la mostrarà com a «no conforme». Si creieu que heu comptat malament, "
        "torneu a comptar abans."
    ),
    "Diga en qué estado están las bolas.": "Digueu en quin estat són les boles.",
    "Se registrará el recuento y se abrirá la sesión.": (
        "Es registrarà el recompte i s'obrirà la sessió."
    ),
    "Se registrará el recuento y se cerrará la sesión.": (
        "Es registrarà el recompte i es tancarà la sessió."
    ),
    "bola dañada": "bola malmesa",
    "límite de partidas": "límit de partides",
    "recuento fallido": "recompte fallit",
    "cambio programado": "canvi programat",
    "Instalado ahora: {set}": "Instal·lat ara: {set}",
    "El cambio consta en el acta. Escriba los datos del juego nuevo como figuran en la copia "
    "de su resolución de homologación.": (
        "El canvi consta a l'acta. Escriviu les dades del joc nou tal com figuren a la còpia de "
        "la seva resolució d'homologació."
    ),
    "p. ej. el del juego de reserva": "p. ex. el del joc de reserva",
    "Aparato neumático: se cambia a las {max} partidas como máximo": (
        "Aparell pneumàtic: es canvia a les {max} partides com a màxim"
    ),
    "elija o escriba el motivo (consta en el acta)": "trieu o escriviu el motiu (consta a l'acta)",
    "Usar esos datos": "Fer servir aquestes dades",
    "Identificador del juego:": "Identificador del joc:",
    "Número de homologación:": "Número d'homologació:",
    "Partidas garantizadas por el fabricante:": "Partides garantides pel fabricant:",
    "Partidas ya jugadas (0 si el juego es nuevo):": "Partides ja jugades (0 si el joc és nou):",
    "Motivo del cambio:": "Motiu del canvi:",
    "Registrar el cambio": "Registrar el canvi",
    "Este juego ya se usó en esta sala: homologación {hom}, {played} partidas jugadas según el "
    "registro (declare al menos esas).": (
        "Aquest joc ja s'ha fet servir en aquesta sala: homologació {hom}, {played} partides "
        "jugades segons el registre (declareu-ne almenys aquestes)."
    ),
    "Límite de este juego: {limit} partidas; le quedan {left}.": (
        "Límit d'aquest joc: {limit} partides; li'n queden {left}."
    ),
    "Este juego ya ha jugado su límite de {limit} partidas.": (
        "Aquest joc ja ha jugat el seu límit de {limit} partides."
    ),
    "el identificador del juego": "l'identificador del joc",
    "el número de homologación": "el número d'homologació",
    "el motivo del cambio": "el motiu del canvi",
    "Falta {what}. No se ha registrado nada.": "Falta {what}. No s'ha registrat res.",
    "{refusal}. No se ha registrado nada.": "{refusal}. No s'ha registrat res.",
    "qué pasó: la avería, desde qué bola se llevó a mano…": (
        "què va passar: l'avaria, des de quina bola es va portar a mà…"
    ),
    "números separados por espacios (vacío si no hubo)": (
        "números separats per espais (buit si no n'hi va haver)"
    ),
    "Del cartón": "Del cartró",
    "Al cartón": "Al cartró",
    "Cartones": "Cartrons",
    "Añadir &venta": "Afegir &venda",
    "Quitar venta": "Treure venda",
    "las bolas en el orden en que salieron, separadas por espacios": (
        "les boles en l'ordre en què van sortir, separades per espais"
    ),
    "Tras la bola nº": "Després de la bola núm.",
    "Añadir &canto": "Afegir &cant",
    "Quitar canto": "Treure cant",
    "Partida &anulada:": "Partida &anul·lada:",
    "nota de la anulación, como consta en el libro": (
        "nota de l'anul·lació, tal com consta al llibre"
    ),
    "Partida nº:": "Partida núm.:",
    "Bola loca:": "Bola loca:",
    "Bolas:": "Boles:",
    "Ventas": "Vendes",
    "Cantos": "Cants",
    "Bolas": "Boles",
    "{n} bolas; la última, el {last}": "{n} boles; l'última, el {last}",
    "ninguna bola": "cap bola",
    "{where}, venta {i}": "{where}, venda {i}",
    "{here}: falta la serie": "{here}: falta la sèrie",
    "{where}, canto {i}": "{where}, cant {i}",
    "{where}, bola loca": "{where}, bola loca",
    "{where}, bolas": "{where}, boles",
    "{where}: «{text}» no es un número": "{where}: «{text}» no és un número",
    " electr.": " electr.",
    "anulada por {incident}; se devuelve el importe": (
        "anul·lada per {incident}; es retorna l'import"
    ),
    "se cierra y se pagan los premios": "es tanca i es paguen els premis",
    "Incorporar el libro manual": "Incorporar el llibre manual",
    "Partidas del libro manual": "Partides del llibre manual",
    "Abrir un &fichero del libro…": "Obrir un &fitxer del llibre…",
    "Guardar &plantilla…": "Desar la &plantilla…",
    "de": "de",
    "La partida {n} está abierta en el sistema: el formulario trae lo que ya consta (ventas, "
    "bolas, cantos); añada lo que el libro recoge desde la avería.": (
        "La partida {n} està oberta al sistema: el formulari porta el que ja consta (vendes, "
        "boles, cants); afegiu-hi el que el llibre recull des de l'avaria."
    ),
    "Abra el fichero del libro transcrito o escriba cada partida tal como consta en el libro. "
    "La siguiente partida de la sesión es la {n}.": (
        "Obriu el fitxer del llibre transcrit o escriviu cada partida tal com consta al llibre. "
        "La partida següent de la sessió és la {n}."
    ),
    "Añadir pa&rtida": "Afegir pa&rtida",
    "Quitar partida": "Treure partida",
    "Partidas del libro": "Partides del llibre",
    "Revisar antes de registrar →": "Revisar abans de registrar →",
    "partida (la {first})": "partida (la {first})",
    "partidas (de la {first} a la {last})": "partides (de la {first} a la {last})",
    "Guardar la plantilla del libro manual": "Desar la plantilla del llibre manual",
    "No se puede guardar la plantilla «{name}»: {reason}": (
        "No es pot desar la plantilla «{name}»: {reason}"
    ),
    "Plantilla guardada en «{name}» para {count} partidas ({numbers}).": (
        "Plantilla desada a «{name}» per a {count} partides ({numbers})."
    ),
    "Abrir el libro manual transcrito": "Obrir el llibre manual transcrit",
    "No se puede leer «{name}»: {reason}": "No es pot llegir «{name}»: {reason}",
    "«{name}» no es un JSON válido ({reason})": "«{name}» no és un JSON vàlid ({reason})",
    "«{name}»: {reason}": "«{name}»: {reason}",
    "Cargado «{name}»: {n} partidas. Revíselas aquí antes de registrarlas.": (
        "Carregat «{name}»: {n} partides. Reviseu-les aquí abans de registrar-les."
    ),
    "Reglamento, {reference}:": "Reglament, {reference}:",
    "Partida": "Partida",
    "Series": "Sèries",
    "Final": "Final",
    "← &Volver al libro": "← &Tornar al llibre",
    "&Incorporar al registro": "&Incorporar al registre",
    "Se registrará la partida {numbers} del libro manual": (
        "Es registrarà la partida {numbers} del llibre manual"
    ),
    "Se registrarán {n} partidas del libro manual ({numbers})": (
        "Es registraran {n} partides del llibre manual ({numbers})"
    ),
    ": {cards} cartones, {balls} bolas, {claims} cantos.": (
        ": {cards} cartrons, {balls} boles, {claims} cants."
    ),
    "Se juegan con las mismas reglas que en la sala: los premios y los fondos de prima y de "
    "bola loca los calcula el sistema. Todo o nada: si una partida no cuadra no se registra "
    "ninguna. Quedan marcadas «libro manual» en el registro y en el acta.": (
        "Es juguen amb les mateixes regles que a la sala: els premis i els fons de prima i de "
        "bola loca els calcula el sistema. Tot o res: si una partida no quadra no se'n registra "
        "cap. Queden marcades «llibre manual» al registre i a l'acta."
    ),
    "La partida {n} estaba abierta en el sistema: se completa con el libro, y lo que ya consta "
    "debe coincidir con él.": (
        "La partida {n} era oberta al sistema: es completa amb el llibre, i el que ja consta hi "
        "ha de coincidir."
    ),
    "{reason}. No se ha registrado nada.": "{reason}. No s'ha registrat res.",
    "El registro rechaza el libro: {reason}": "El registre rebutja el llibre: {reason}",
    "Error inesperado al registrar el libro: {reason}": (
        "Error inesperat en registrar el llibre: {reason}"
    ),
    "físicos": "físics",
    "electrónicos": "electrònics",
    "irregularidad de las bolas": "irregularitat de les boles",
    "error del locutor": "error del locutor",
    "Libro manual (*.json);;Todos los ficheros (*)": "Llibre manual (*.json);;Tots els fitxers (*)",
    "Suspender la partida": "Suspendre la partida",
    "Reanudar la partida": "Reprendre la partida",
    "Devolver el importe de los cartones": "Retornar l'import dels cartrons",
    "Seguir por extracción manual": "Continuar per extracció manual",
    "Anular la partida y devolver": "Anul·lar la partida i retornar",
    "Corregir la bola": "Corregir la bola",
    "Bolas que faltan: escriba números del 1 al 90": (
        "Boles que falten: escriviu números de l'1 al 90"
    ),
    "Lea primero el juego de bolas con el lector: Ctrl+L (página Sesión)": (
        "Llegiu primer el joc de boles amb el lector: Ctrl+L (pàgina Sessió)"
    ),
    "Confirme el recuento de las 90 bolas ante el jefe de sala": (
        "Confirmeu el recompte de les 90 boles davant el cap de sala"
    ),
    "Leyendo el juego de bolas…": "Llegint el joc de boles…",
    "No se ha registrado nada: vuelva a contar las bolas ante el jefe de sala.": (
        "No s'ha registrat res: torneu a comptar les boles davant el cap de sala."
    ),
    "Recuento no conforme registrado.": "Recompte no conforme registrat.",
    "Abrir la sesión: el recuento de bolas no es conforme ({problem}); cambie el juego de "
    "bolas y vuelva a contarlas": (
        "Obrir la sessió: el recompte de boles no és conforme ({problem}); canvieu el joc de "
        "boles i torneu-les a comptar"
    ),
    "Sesión {id} cerrada con la comprobación de bolas no conforme ({problem}): el acta la "
    "muestra así. Cambie el juego de bolas antes de la próxima sesión.": (
        "Sessió {id} tancada amb la comprovació de boles no conforme ({problem}): l'acta la "
        "mostra així. Canvieu el joc de boles abans de la propera sessió."
    ),
    "Recuento de cierre: {e} Vuelva a leer el juego, o cierre la sesión con la comprobación no "
    "conforme": (
        "Recompte de tancament: {e} Torneu a llegir el joc, o tanqueu la sessió amb la "
        "comprovació no conforme"
    ),
    "Antes lea la bola del tubo y escriba su número en el recuadro naranja": (
        "Abans llegiu la bola del tub i escriviu-ne el número al requadre taronja"
    ),
    "Lector: {n} bolas leídas, del 1 al 90 una vez cada una: correcto": (
        "Lector: {n} boles llegides, de l'1 al 90 una vegada cadascuna: correcte"
    ),
    "Recuento de bolas: {e}": "Recompte de boles: {e}",
    "El juego de bolas se cambia entre partidas o antes de la primera bola": (
        "El joc de boles es canvia entre partides o abans de la primera bola"
    ),
    "Cambio de juego de bolas registrado: {set}; motivo: «{reason}».": (
        "Canvi de joc de boles registrat: {set}; motiu: «{reason}»."
    ),
    "Juego {id} instalado: léalo ahora con el lector ante el jefe de sala y abra la sesión.": (
        "Joc {id} instal·lat: llegiu-lo ara amb el lector davant el cap de sala i obriu la sessió."
    ),
    "Juego {id} instalado: cuente ahora sus 90 bolas ante el jefe de sala y abra la sesión.": (
        "Joc {id} instal·lat: compteu ara les seves 90 boles davant el cap de sala i obriu la "
        "sessió."
    ),
    "Juego {id} instalado: léalo ahora con el lector ante el jefe de sala y cierre la sesión.": (
        "Joc {id} instal·lat: llegiu-lo ara amb el lector davant el cap de sala i tanqueu la "
        "sessió."
    ),
    "Juego {id} instalado: cuente ahora sus 90 bolas ante el jefe de sala y cierre la sesión.": (
        "Joc {id} instal·lat: compteu ara les seves 90 boles davant el cap de sala i tanqueu la "
        "sessió."
    ),
    "Juego {id} instalado: léalo ahora con el lector ante el jefe de sala; sin ese recuento no "
    "se juega con él, y el lector reconoce cada bola por esa lectura.": (
        "Joc {id} instal·lat: llegiu-lo ara amb el lector davant el cap de sala; sense aquest "
        "recompte no s'hi juga, i el lector reconeix cada bola per aquesta lectura."
    ),
    "Juego {id} instalado: cuente ahora sus 90 bolas ante el jefe de sala y registre el "
    "recuento; sin él no se juega con este juego.": (
        "Joc {id} instal·lat: compteu ara les seves 90 boles davant el cap de sala i registreu "
        "el recompte; sense ell no es juga amb aquest joc."
    ),
    "Recuento del juego nuevo": "Recompte del joc nou",
    "Recuento del juego nuevo registrado: puede seguir la partida.": (
        "Recompte del joc nou registrat: la partida pot continuar."
    ),
    "Recuento del juego nuevo no conforme ({problem}): no se juega con él; cambie el juego de "
    "bolas y vuelva a contarlas": (
        "Recompte del joc nou no conforme ({problem}): no s'hi juga; canvieu el joc de boles i "
        "torneu-les a comptar"
    ),
    "El juego de bolas ha cambiado: léalo con el lector ante el jefe de sala (página Sesión) "
    "antes de seguir": (
        "El joc de boles ha canviat: llegiu-lo amb el lector davant el cap de sala (pàgina "
        "Sessió) abans de continuar"
    ),
    "El juego de bolas ha cambiado: cuente sus 90 bolas ante el jefe de sala y registre el "
    "recuento (página Sesión) antes de seguir": (
        "El joc de boles ha canviat: compteu les seves 90 boles davant el cap de sala i "
        "registreu el recompte (pàgina Sessió) abans de continuar"
    ),
    "Recuento de bolas: juego nuevo": "Recompte de boles: joc nou",
    "Recuento de las bolas del juego nuevo, antes de la próxima partida": (
        "Recompte de les boles del joc nou, abans de la propera partida"
    ),
    "El recuento se registrará como no conforme y NO se jugará ninguna partida con este juego: "
    "cámbielo por el de reserva y cuéntelo de nuevo.": (
        "El recompte es registrarà com a no conforme i NO es jugarà cap partida amb aquest joc: "
        "canvieu-lo pel de reserva i torneu-lo a comptar."
    ),
    "Se registrará el recuento y se podrá seguir jugando con el juego nuevo.": (
        "Es registrarà el recompte i es podrà continuar jugant amb el joc nou."
    ),
    "Esa incidencia no cabe ahora: la partida está en «{state}»": (
        "Aquesta incidència ara no escau: la partida està en «{state}»"
    ),
    "Incidencia": "Incidència",
    "Cancelar (Esc)": "Cancel·la (Esc)",
    "Registrar la serie (Intro)": "Registrar la sèrie (Intro)",
    "{action} (Intro)": "{action} (Intro)",
    "Cargado «{name}»: {n} partida. Revísela aquí antes de registrarla.": (
        "Carregat «{name}»: {n} partida. Reviseu-la aquí abans de registrar-la."
    ),
    "Este juego ya se usó en esta sala: homologación {hom}, {played} partida jugada según el "
    "registro (declare al menos esa).": (
        "Aquest joc ja s'ha fet servir en aquesta sala: homologació {hom}, {played} partida "
        "jugada segons el registre (declareu-ne almenys aquesta)."
    ),
    "Plantilla guardada en «{name}» para la partida {numbers}.": (
        "Plantilla desada a «{name}» per a la partida {numbers}."
    ),
    "{n} bola: el {last}": "{n} bola: el {last}",
    "(ninguna: sólo guardar PDF)": "(cap: només desar PDF)",
    "Caja de la sesión": "Caixa de la sessió",
    "Caja de la sesión {id}": "Caixa de la sessió {id}",
    "Cerrar (Esc)": "Tancar (Esc)",
    "Cierre de la sesión {id}: la caja": "Tancament de la sessió {id}: la caixa",
    "Cuente la caja antes de cerrar: después de cerrar la sesión no se juega ninguna partida "
    "más.": (
        "Compteu la caixa abans de tancar: després de tancar la sessió no es juga cap partida més."
    ),
    "DEBE HABER EN LA CAJA": "HI HA D'HAVER A LA CAIXA",
    "Deducciones para la bola loca": "Deduccions per a la bola loca",
    "Deducciones para la prima": "Deduccions per a la prima",
    "Devoluciones de partidas anuladas": "Devolucions de partides anul·lades",
    "Elegir impresora… (Alt+E)": "Triar impressora… (Alt+E)",
    "Fondo de caja inicial": "Fons de caixa inicial",
    "Fondo de caja inicial:": "Fons de caixa inicial:",
    "Fondo de la bola loca": "Fons de la bola loca",
    "Fondo de la prima": "Fons de la prima",
    "Guardar las opciones (Intro)": "Desar les opcions (Intro)",
    "Impresora de la sala": "Impressora de la sala",
    "Impresora de la sala:": "Impressora de la sala:",
    "La caja cuadra: cerrar la sesión (Intro)": "La caixa quadra: tancar la sessió (Intro)",
    "Línea y bingo repartidos": "Línia i bingo repartits",
    "Opciones de la consola": "Opcions de la consola",
    "Opciones de la consola: {reason}": "Opcions de la consola: {reason}",
    "Opciones guardadas: impresora {printer}; fondo de caja {amount}": (
        "Opcions desades: impressora {printer}; fons de caixa {amount}"
    ),
    "Para la sala": "Per a la sala",
    "Partida {n} en juego: vendido hasta ahora": "Partida {n} en joc: venut fins ara",
    "Premios de la partida {n} aún sin pagar (siguen en la caja)": (
        "Premis de la partida {n} encara sense pagar (continuen a la caixa)"
    ),
    "Premios: {prize}": "Premis: {prize}",
    "Recaudación ({cards} cartones)": "Recaptació ({cards} cartrons)",
    "Restos de los repartos (en la caja)": "Residus dels repartiments (a la caixa)",
    "Se recuerdan en este puesto. El acta, los justificantes y los comprobantes se imprimen en "
    "esa impresora; el fondo de caja inicial entra en la caja de la sesión, no en el acta.": (
        "Es recorden en aquest lloc. L'acta, els justificants i els comprovants s'imprimeixen en "
        "aquesta impressora; el fons de caixa inicial entra a la caixa de la sessió, no a "
        "l'acta."
    ),
    "Según el acta, de la recaudación:": "Segons l'acta, de la recaptació:",
    "Volver sin cerrar (Esc)": "Tornar sense tancar (Esc)",
    "ninguna": "cap",
    "Ventas por vendedor": "Vendes per venedor",
    "Vendedor": "Venedor",
    "Bloques": "Blocs",
    "Devueltos": "Retornats",
    "A entregar": "A lliurar",
    "partida {n}: {blocks}": "partida {n}: {blocks}",
    # the station (client side of the console): status bar, devices, login
    "Conexión con el servidor de la sala recuperada": (
        "Connexió amb el servidor de la sala recuperada"
    ),
    "El registro del servidor no es el de este puesto: {why}": (
        "El registre del servidor no és el d'aquest lloc: {why}"
    ),
    "Escriba su nombre de operador y su PIN (servidor {url}).": (
        "Escriviu el vostre nom d'operador i el vostre PIN (servidor {url})."
    ),
    (
        "La mesa del puesto {station} está leyendo la bola de la extracción {n}: ninguna orden "
        "se aplica hasta que conste"
    ): (
        "La mesa del lloc {station} està llegint la bola de l'extracció {n}: no s'aplica cap "
        "ordre fins que consti"
    ),
    (
        "La sesión de este puesto ya no vale (el servidor se reinició o pasaron sus 12 horas): "
        "inicie sesión de nuevo"
    ): (
        "La sessió d'aquest lloc ja no val (el servidor s'ha reiniciat o han passat les seves "
        "12 hores): torneu a iniciar la sessió"
    ),
    "Panel de la sala": "Panell de la sala",
    "Sesión iniciada de nuevo en el servidor de la sala": (
        "Sessió iniciada de nou al servidor de la sala"
    ),
    (
        "Sin conexión con el servidor de la sala: no se puede dar ninguna orden hasta que "
        "vuelva; la pantalla muestra lo último que constaba"
    ): (
        "Sense connexió amb el servidor de la sala: no es pot donar cap ordre fins que torni; "
        "la pantalla mostra l'últim que constava"
    ),
    "Terminal {name}: conectada a la mesa": "Terminal {name}: connectada a la mesa",
    (
        "Terminal {name}: desconectada; sus cartones siguen en juego y sus premios quedan "
        "pendientes de cobro"
    ): (
        "Terminal {name}: desconnectada; els seus cartrons continuen en joc i els seus premis "
        "queden pendents de cobrament"
    ),
    "● en línea: {url}": "● en línia: {url}",
    "✖ sin conexión con el servidor": "✖ sense connexió amb el servidor",
}
