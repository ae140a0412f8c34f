"""The console in Catalan (català): every text of ``ui/console`` keyed by its Spanish source.

The hall's words as the Catalan panels already say them (``ui.i18n.CATALAN``): línia,
cartró/cartrons, venda, tancada, darrera; *prima de bingo* and *bola loca* stay in Spanish, as
on the panels. Cap de taula-caixer (jefe de mesa-cajero), cap de sala, acta, joc de boles,
recompte, caixa. The keys keep their Spanish names (Intro, Esc, F2…); the underlined letters
(``&``) are the Spanish ones but for the manual book's way back (``← &Tornar al llibre``,
Alt+T). Placeholders (``{n}``) stay as they are; tests/ui/test_i18n.py checks both and that
every console text is here.

To be reviewed by the hall's translator before a Catalan console is used in a hall.
"""

from __future__ import annotations

from collections.abc import Mapping

from ui.locale.console_ca_dialogs import DIALOGS
from ui.locale.console_ca_games import GAMES

CONSOLE_CATALAN: Mapping[str, str] = {
    **DIALOGS,  # the dialogs' texts, in their own module
    **GAMES,  # the page of other modalities (bingo plus, bingo derivado)
    "Al mando: {asked} ({station})": "Al comandament: {asked} ({station})",
    "Pide {asked}; autoriza el jefe de sala {authorised}": (
        "Ho demana {asked}; ho autoritza el cap de sala {authorised}"
    ),
    "Cartones:": "Cartrons:",
    "{id} · homologación {hom} · {played} de {limit} partidas": (
        "{id} · homologació {hom} · {played} de {limit} partides"
    ),
    " · aparato no neumático": " · aparell no pneumàtic",
    " · LÍMITE ALCANZADO": " · LÍMIT ASSOLIT",
    "Cambiar el juego de bolas": "Canviar el joc de boles",
    "No hay ningún juego de bolas instalado.": "No hi ha cap joc de boles instal·lat.",
    "Serie": "Sèrie",
    "Cartón": "Cartró",
    "Premio": "Premi",
    "Partida {n}": "Partida {n}",
    "línea": "línia",
    "bingo": "bingo",
    "prima de bingo": "prima de bingo",
    "bola loca": "bola loca",
    "bingo interconectado": "bingo interconnectat",
    "Avería antes de la primera bola": "Avaria abans de la primera bola",
    "Avería con la extracción comenzada": "Avaria amb l'extracció començada",
    "Irregularidad de las bolas o del mecanismo": "Irregularitat de les boles o del mecanisme",
    "Error del locutor que no puede subsanarse": "Error del locutor que no es pot esmenar",
    "Corrección de una bola mal anunciada": "Correcció d'una bola mal anunciada",
    "Partida transcrita del libro manual": "Partida transcrita del llibre manual",
    "libro manual": "llibre manual",
    "Bola leída por el jefe de mesa": "Bola llegida pel cap de taula",
    "Bola del tubo leída por el jefe de mesa tras la avería": (
        "Bola del tub llegida pel cap de taula després de l'avaria"
    ),
    "jefe de mesa": "cap de taula",
    "emulado": "emulat",
    "Partida {n}: venta abierta": "Partida {n}: venda oberta",
    "; prima de {amount} hasta la bola {limit}": "; prima de {amount} fins a la bola {limit}",
    "; bola loca {numbers}": "; bola loca {numbers}",
    "Venta: serie {series}, cartones {first} a {last} ({count})": (
        "Venda: sèrie {series}, cartrons {first} a {last} ({count})"
    ),
    "Venta cerrada: {cards} cartones, {takings}; línea {line}, bingo {bingo}": (
        "Venda tancada: {cards} cartrons, {takings}; línia {line}, bingo {bingo}"
    ),
    "Datos en los paneles: puerta cerrada": "Dades als panells: porta tancada",
    "Bola {index}: {number} ({source})": "Bola {index}: {number} ({source})",
    "Corrección: la bola {index} es el {number}, no el {wrong}": (
        "Correcció: la bola {index} és el {number}, no el {wrong}"
    ),
    "CORRECTO": "CORRECTE",
    "NO VÁLIDO": "NO VÀLID",
    "Cartón {series}/{number} canta {prize}: {verdict} ({reason})": (
        "El cartró {series}/{number} canta {prize}: {verdict} ({reason})"
    ),
    "Extracción manual desde la bola {n}": "Extracció manual des de la bola {n}",
    "Partida suspendida: {note}": "Partida suspesa: {note}",
    "Partida reanudada: {note}": "Partida represa: {note}",
    "Incidencia: {title}. {note}": "Incidència: {title}. {note}",
    "Partida anulada: {reason}; se devuelven {refund}": (
        "Partida anul·lada: {reason}; es retornen {refund}"
    ),
    "Premio de {prize}: {series}/{number}, {amount}": (
        "Premi de {prize}: {series}/{number}, {amount}"
    ),
    "Partida {n} cerrada: no se admiten más cantos": "Partida {n} tancada: no s'admeten més cants",
    "Premios de la partida {n} pagados": "Premis de la partida {n} pagats",
    "Premio cobrado en la terminal {terminal}: {series}/{number}, {amount}": (
        "Premi cobrat al terminal {terminal}: {series}/{number}, {amount}"
    ),
    "con tarjeta": "amb targeta",
    "Sesión {id} abierta ({date})": "Sessió {id} oberta ({date})",
    "Sesión {id} cerrada": "Sessió {id} tancada",
    "apertura": "obertura",
    "cierre": "tancament",
    "correcto": "correcte",
    "INCORRECTO": "INCORRECTE",
    "Recuento de bolas de {when}: {n} bolas, {verdict}": (
        "Recompte de boles de {when}: {n} boles, {verdict}"
    ),
    "; bolas dañadas: {note}": "; boles malmeses: {note}",
    "Anunciada la última partida: la {n}": "Anunciada la darrera partida: la {n}",
    "Prima de bingo: {amount}": "Prima de bingo: {amount}",
    "Sala registrada: {name}": "Sala registrada: {name}",
    "Reglas de la región adoptadas": "Regles de la regió adoptades",
    "Máquinas auxiliares: categoría {category}, {machines} máquinas": (
        "Màquines auxiliars: categoria {category}, {machines} màquines"
    ),
    "Juego de cartones {id} registrado ({count} cartones)": (
        "Joc de cartrons {id} registrat ({count} cartrons)"
    ),
    "Juego de bolas {id} instalado (homologación {hom}, {before} partidas jugadas antes)": (
        "Joc de boles {id} instal·lat (homologació {hom}, {before} partides jugades abans)"
    ),
    "Sesión simulada {id}": "Sessió simulada {id}",
    "Dispositivos EMULADOS (semilla {seed}): no es una sesión real": (
        "Dispositius EMULATS (llavor {seed}): no és una sessió real"
    ),
    "Serie {code} registrada: {size} cartones de {value}": (
        "Sèrie {code} registrada: {size} cartrons de {value}"
    ),
    "venta abierta": "venda oberta",
    "venta cerrada": "venda tancada",
    "datos anunciados, puerta cerrada": "dades anunciades, porta tancada",
    "extracción": "extracció",
    "comprobación de cartón": "comprovació de cartró",
    "bingo cantado: ¿alguna línea más? ¿algún bingo más?": (
        "bingo cantat: alguna línia més? algun bingo més?"
    ),
    "suspendida": "suspesa",
    "cerrada, premios por pagar": "tancada, premis per pagar",
    "premios pagados": "premis pagats",
    "anulada": "anul·lada",
    " (libro manual)": " (llibre manual)",
    "Mesa de control — {hall}": "Taula de control — {hall}",
    "1 · Sesión": "1 · Sessió",
    "2 · Venta": "2 · Venda",
    "3 · Extracción y cantos": "3 · Extracció i cants",
    "4 · Premios": "4 · Premis",
    "Pulse para ocultar (Esc)": "Premeu per amagar (Esc)",
    "PARTIDA SUSPENDIDA: reanude o devuelva los cartones": (
        "PARTIDA SUSPESA: repreneu-la o retorneu els cartrons"
    ),
    "Reanudar…": "Reprendre…",
    "Devolver cartones…": "Retornar cartrons…",
    "Apertura de la sesión": "Obertura de la sessió",
    "Fecha (AAAA-MM-DD):": "Data (AAAA-MM-DD):",
    "Sesión:": "Sessió:",
    "Jefe de mesa-cajero:": "Cap de taula-caixer:",
    "Jefe de sala:": "Cap de sala:",
    "Están las 90 bolas, una de cada número (Alt+9)": (
        "Hi són les 90 boles, una de cada número (Alt+9)"
    ),
    "números que faltan, si falta alguno": "números que falten, si en falta algun",
    "Leer el juego de bolas con el lector": "Llegir el joc de boles amb el lector",
    "Faltan:": "Falten:",
    "Abrir la sesión (F2)": "Obrir la sessió (F2)",
    "Cerrar la sesión": "Tancar la sessió",
    "Cerrar la sesión (F10)": "Tancar la sessió (F10)",
    "Anunciar la última partida…": "Anunciar la darrera partida…",
    "Anunciar la última partida… (Ctrl+U)": "Anunciar la darrera partida… (Ctrl+U)",
    "Prima de bingo (la elige el jefe de sala)": "Prima de bingo (la tria el cap de sala)",
    "Fijar el importe": "Fixar l'import",
    "Acta de la sesión": "Acta de la sessió",
    "Sellar con la clave de la sala": "Segellar amb la clau de la sala",
    "Guardar el acta… (Ctrl+P)": "Desar l'acta… (Ctrl+P)",
    "Iniciar la partida (F3)": "Iniciar la partida (F3)",
    "Registrar serie… (Ctrl+R)": "Registrar sèrie… (Ctrl+R)",
    "Venta de cartones (correlativa)": "Venda de cartrons (correlativa)",
    "Vender (Intro)": "Vendre (Intro)",
    "Vender el rango (Intro)": "Vendre el rang (Intro)",
    "Serie:": "Sèrie:",
    "Del cartón:": "Del cartró:",
    "al:": "al:",
    "Cerrar la venta (F4)": "Tancar la venda (F4)",
    "Los paneles ya muestran los datos (F5)": "Els panells ja mostren les dades (F5)",
    "Extracción": "Extracció",
    "Extraer bola (F6)": "Extreure bola (F6)",
    "nº de bola": "núm. de bola",
    "Registrar la bola (Intro)": "Registrar la bola (Intro)",
    "Sorteo manual aleatorio": "Sorteig manual aleatori",
    "Es esta bola (Intro)": "És aquesta bola (Intro)",
    "Número de la bola del tubo:": "Número de la bola del tub:",
    "No salió ninguna bola": "No ha sortit cap bola",
    "Cotejar cada bola con la mesa": "Acarar cada bola amb la taula",
    "Antes de registrar cada bola, la mesa escribe el número que ve en ella; si no coincide "
    "con el lector, la partida se detiene": (
        "Abans de registrar cada bola, la taula escriu el número que hi veu; si no coincideix "
        "amb el lector, la partida s'atura"
    ),
    "¿Qué número ve la mesa en la bola del tubo?": "Quin número veu la taula a la bola del tub?",
    "La mesa ve esta (Intro)": "La taula veu aquesta (Intro)",
    "No se ve bien": "No es veu bé",
    "Comprobar un cartón cantado (F7)": "Comprovar un cartró cantat (F7)",
    "nº de cartón": "núm. de cartró",
    "Línea (Alt+L)": "Línia (Alt+L)",
    "Bingo (Alt+B)": "Bingo (Alt+B)",
    "Cartón:": "Cartró:",
    "«¿Alguna línea más? ¿Algún bingo más?»": "«Alguna línia més? Algun bingo més?»",
    "Cerrar la partida (F8)": "Tancar la partida (F8)",
    "Bola": "Bola",
    "Importe": "Import",
    "A4": "A4",
    "Rollo de 80 mm": "Rotlle de 80 mm",
    "Justificante de la prima…": "Justificant de la prima…",
    "Justificante detallado y su duplicado para el cartón ganador": (
        "Justificant detallat i el seu duplicat per al cartró guanyador"
    ),
    "Comprobante del ganador…": "Comprovant del guanyador…",
    "El cartón premiado de la fila elegida, con las bolas extraídas": (
        "El cartró premiat de la fila triada, amb les boles extretes"
    ),
    "Formato:": "Format:",
    "Premios pagados contra entrega del cartón (F9)": (
        "Premis pagats contra lliurament del cartró (F9)"
    ),
    "Registro de la partida": "Registre de la partida",
    "&Sesión": "&Sessió",
    "Abrir la sesión": "Obrir la sessió",
    "Iniciar la partida": "Iniciar la partida",
    "Cerrar la venta": "Tancar la venda",
    "Datos en los paneles": "Dades als panells",
    "Extraer bola": "Extreure bola",
    "Comprobar un cartón": "Comprovar un cartró",
    "Cerrar la partida": "Tancar la partida",
    "Pagar los premios": "Pagar els premis",
    "Registrar una serie…": "Registrar una sèrie…",
    "Incorporar el libro manual…": "Incorporar el llibre manual…",
    "Acta de la sesión…": "Acta de la sessió…",
    "&Incidencias": "&Incidències",
    "&Ver": "&Veure",
    "Sesión": "Sessió",
    "Venta": "Venda",
    "Premios": "Premis",
    "Suspender (avería antes de la primera bola)…": "Suspendre (avaria abans de la primera bola)…",
    "Reanudar la partida suspendida…": "Reprendre la partida suspesa…",
    "Devolver los cartones de la partida suspendida…": (
        "Retornar els cartrons de la partida suspesa…"
    ),
    "Extracción manual (avería con bolas extraídas)…": (
        "Extracció manual (avaria amb boles extretes)…"
    ),
    "Irregularidad de bolas o mecanismo: anular…": "Irregularitat de boles o mecanisme: anul·lar…",
    "Error del locutor que no se puede subsanar: anular…": (
        "Error del locutor que no es pot esmenar: anul·lar…"
    ),
    "Corregir una bola mal anunciada…": "Corregir una bola mal anunciada…",
    "{what}: {reason}": "{what}: {reason}",
    "{what}: error inesperado: {reason}": "{what}: error inesperat: {reason}",
    "Prima de bingo": "Prima de bingo",
    "Última partida": "Darrera partida",
    "Se anunciará a la sala que la partida {n} es la última de la sesión. Después no puede "
    "jugarse ninguna otra.": (
        "S'anunciarà a la sala que la partida {n} és la darrera de la sessió. Després no se'n "
        "pot jugar cap altra."
    ),
    "Anunciar la última partida": "Anunciar la darrera partida",
    "Registrar la serie": "Registrar la sèrie",
    "El libro manual se incorpora con la sesión abierta": (
        "El llibre manual s'incorpora amb la sessió oberta"
    ),
    "Partida {numbers} incorporada del libro manual": (
        "Partida {numbers} incorporada del llibre manual"
    ),
    "Partidas {numbers} incorporadas del libro manual": (
        "Partides {numbers} incorporades del llibre manual"
    ),
    "No hay ninguna serie a la venta: registre una": (
        "No hi ha cap sèrie a la venda: registreu-ne una"
    ),
    "Extrayendo la bola {n}…": "Extraient la bola {n}…",
    "Bola {n}": "Bola {n}",
    "Bola del tubo": "Bola del tub",
    "Las bolas salen del extractor; el número solo se escribe en extracción manual o cuando el "
    "lector no puede leer la bola": (
        "Les boles surten de l'extractor; el número només s'escriu en extracció manual o quan el "
        "lector no pot llegir la bola"
    ),
    "Sorteo manual": "Sorteig manual",
    "Extracción {n}: escriba el número que ve la mesa en la bola": (
        "Extracció {n}: escriviu el número que veu la taula a la bola"
    ),
    "Extracción: fallo del dispositivo: {e}": "Extracció: error del dispositiu: {e}",
    "Juego de bolas y recuento ante el jefe de sala": (
        "Joc de boles i recompte davant el cap de sala"
    ),
    "Cambiar el juego… (Ctrl+B)": "Canviar el joc… (Ctrl+B)",
    "Cambiar el juego de bolas…": "Canviar el joc de boles…",
    "El juego de bolas ha cambiado: léalo con el lector (página Sesión) antes de extraer": (
        "El joc de boles ha canviat: llegiu-lo amb el lector (pàgina Sessió) abans d'extreure"
    ),
    "Registrar el recuento del juego nuevo": "Registrar el recompte del joc nou",
    "Irregularidad de bolas: anular…": "Irregularitat de boles: anul·lar…",
    "Seguir por extracción manual…": "Continuar per extracció manual…",
    "Suspender la partida…": "Suspendre la partida…",
    "{device}: sin comunicación": "{device}: sense comunicació",
    "{device}: en línea": "{device}: en línia",
    "{device}: se ha reiniciado": "{device}: s'ha reiniciat",
    "{device}: cambio en sus averías": "{device}: canvi en les seves avaries",
    "{device}: se han perdido avisos": "{device}: s'han perdut avisos",
    "Comprobar el cartón": "Comprovar el cartró",
    "LÍNEA CORRECTA": "LÍNIA CORRECTA",
    "BINGO CORRECTO": "BINGO CORRECTE",
    "{verdict}: {series} / {number}": "{verdict}: {series} / {number}",
    "NO HAY {prize}: {series} / {number}": "NO HI HA {prize}: {series} / {number}",
    "Antes de cerrar, pregunte «¿Alguna línea más? ¿Algún bingo más?»": (
        "Abans de tancar, pregunteu «Alguna línia més? Algun bingo més?»"
    ),
    "Documentos PDF (*.pdf)": "Documents PDF (*.pdf)",
    "{what}: preparando el PDF…": "{what}: preparant el PDF…",
    "{what}: todavía no hay ninguna sesión": "{what}: encara no hi ha cap sessió",
    "Guardar el acta de la sesión {id}, sellada con la clave de la sala": (
        "Desar l'acta de la sessió {id}, segellada amb la clau de la sala"
    ),
    "Guardar el acta de la sesión {id}": "Desar l'acta de la sessió {id}",
    "cerrada": "tancada",
    "en curso, hasta la partida {n}": "en curs, fins a la partida {n}",
    "en curso, sin partidas todavía": "en curs, encara sense partides",
    "Acta de la sesión {id} ({state}) guardada{sealed} en {path}": (
        "Acta de la sessió {id} ({state}) desada{sealed} a {path}"
    ),
    " y sellada": " i segellada",
    "Comprobante del ganador": "Comprovant del guanyador",
    "Justificante de la prima": "Justificant de la prima",
    "{what}: la partida {n} no está cerrada": "{what}: la partida {n} no està tancada",
    "{what}: la partida {n} no tiene ese premio": "{what}: la partida {n} no té aquest premi",
    "{what}: partida {n}, {prize}, cartón {series} / {number}": (
        "{what}: partida {n}, {prize}, cartró {series} / {number}"
    ),
    "Comprobante": "Comprovant",
    "Justificante y duplicado": "Justificant i duplicat",
    "{kind} de {prize} de la partida {n} ({series} / {number}) guardado en {path}": (
        "{kind} de {prize} de la partida {n} ({series} / {number}) desat a {path}"
    ),
    "sin partida en curso": "sense partida en curs",
    "Sesión {id}": "Sessió {id}",
    "EMULADO: no es una sesión real": "EMULAT: no és una sessió real",
    "Sin sesión abierta": "Sense sessió oberta",
    "última: la {n}": "darrera: la {n}",
    "PUERTA CERRADA\nno entra nadie": "PORTA TANCADA\nno hi entra ningú",
    "PUERTA ABIERTA": "PORTA OBERTA",
    "Estado: {state}": "Estat: {state}",
    "No hay ninguna sesión abierta.": "No hi ha cap sessió oberta.",
    "Sesión {id} del {date}: {n} partidas. Mesa: {mesa}. Sala: {sala}.": (
        "Sessió {id} del {date}: {n} partides. Taula: {mesa}. Sala: {sala}."
    ),
    "Del libro manual: {numbers}.": "Del llibre manual: {numbers}.",
    "Extrayendo…": "Extraient…",
    "Extracción manual desde la bola {n}: bolas pendientes, al azar": (
        "Extracció manual des de la bola {n}: boles pendents, a l'atzar"
    ),
    "Bolas del extractor y el lector automático.": "Boles de l'extractor i el lector automàtic.",
    "Sin dispositivos conectados: escriba el número de cada bola.": (
        "Sense dispositius connectats: escriviu el número de cada bola."
    ),
    "{n}\nbolas": "{n}\nboles",
    "En vigor {amount}; fondo {fund}; límite de bolas {limit}.": (
        "En vigor {amount}; fons {fund}; límit de boles {limit}."
    ),
    "Sin importe elegido.": "Sense import triat.",
    " electrónica": " electrònica",
    "{code}{kind} ({value})": "{code}{kind} ({value})",
    "sigue por el cartón {n} (quedan {left})": "continua pel cartró {n} (en queden {left})",
    " (electrónicos)": " (electrònics)",
    "Serie {series}: cartones {first} a {last} — {count}{kind}": (
        "Sèrie {series}: cartrons {first} a {last} — {count}{kind}"
    ),
    "Vendidos {cards} cartones · recaudación {takings}": (
        "Venuts {cards} cartrons · recaptació {takings}"
    ),
    "Partida {n}.": "Partida {n}.",
    "Prima de bingo: {amount} si se canta bingo hasta la bola {limit}.": (
        "Prima de bingo: {amount} si es canta bingo fins a la bola {limit}."
    ),
    "Bola loca: {numbers}.": "Bola loca: {numbers}.",
    "ÚLTIMA PARTIDA de la sesión.": "DARRERA PARTIDA de la sessió.",
    "Anuncie: {cards} cartones vendidos ({ranges}). Línea {line}. Bingo {bingo}.": (
        "Anuncieu: {cards} cartrons venuts ({ranges}). Línia {line}. Bingo {bingo}."
    ),
    "{partida} cerrada: pague cada premio contra entrega del cartón ganador.": (
        "{partida} tancada: pagueu cada premi contra lliurament del cartró guanyador."
    ),
    "{partida}: premios pagados.": "{partida}: premis pagats.",
    "{partida} anulada: se devuelven {refund}.": "{partida} anul·lada: es retornen {refund}.",
    "{partida} en juego.": "{partida} en joc.",
    "Total a pagar: {total}": "Total a pagar: {total}",
    " · restos de reparto al acta: {residue}": " · residus del repartiment a l'acta: {residue}",
    "Comprobar (Intro)": "Comprovar (Intro)",
    "Preguntado: nadie más canta": "Preguntat: ningú més no canta",
    "«¿Alguna línea más?» antes de la bola siguiente": (
        "«Alguna línia més?» abans de la bola següent"
    ),
    "Antes de la bola siguiente, pregunte «¿Alguna línea más?» y compruebe las que se canten; "
    "después pulse Alt+N (nadie más canta)": (
        "Abans de la bola següent, pregunteu «Alguna línia més?» i comproveu les que es cantin; "
        "després premeu Alt+N (ningú més no canta)"
    ),
    "Cerrar la consola": "Tancar la consola",
    "Cerrar la venta (Intro)": "Tancar la venda (Intro)",
    "Devolver a la mesa": "Retornar a la taula",
    "Devolver:": "Retornar:",
    "Devolver cartones": "Retornar cartrons",
    "Devueltos a la mesa: serie {series}, cartones {first} a {last}": (
        "Retornats a la taula: sèrie {series}, cartrons {first} a {last}"
    ),
    "Devueltos a la mesa: serie {series}, cartones {first} a {last} ({count})": (
        "Retornats a la taula: sèrie {series}, cartrons {first} a {last} ({count})"
    ),
    "La partida {n} está en juego. Si cierra la consola, todo lo registrado queda guardado y "
    "la partida sigue donde quedó al abrirla de nuevo (bingo-hall run); mientras tanto no se "
    "extrae ninguna bola ni se comprueba ningún cartón.": (
        "La partida {n} està en joc. Si tanqueu la consola, tot el que s'ha registrat queda "
        "desat i la partida continua on era en tornar-la a obrir (bingo-hall run); mentrestant "
        "no s'extreu cap bola ni es comprova cap cartró."
    ),
    "Se cierra la venta de la partida {n}: {cards} cartones, {takings}. Después no puede "
    "venderse ni devolverse ningún cartón.": (
        "Es tanca la venda de la partida {n}: {cards} cartrons, {takings}. Després no es pot "
        "vendre ni retornar cap cartró."
    ),
    "Seguir en la consola (Intro)": "Continuar a la consola (Intro)",
    "ninguna venta que devolver": "cap venda per retornar",
    "últimos de la venta {sale}": "últims de la venda {sale}",
    "{series} {first}–{last}": "{series} {first}–{last}",
    " Y BOLA LOCA": " I BOLA LOCA",
    " Y PRIMA": " I PRIMA",
    "Bingo {bingo}": "Bingo {bingo}",
    "Bola loca {fund} ({numbers})": "Bola loca {fund} ({numbers})",
    "Interconectado: ganado en otra sala": "Interconnectat: guanyat en una altra sala",
    "Interconectado: no ganado en esta partida": "Interconnectat: no guanyat en aquesta partida",
    "Interconectado ganado: {amount}": "Interconnectat guanyat: {amount}",
    "Interconectado {amount} hasta la bola {limit}": (
        "Interconnectat {amount} fins a la bola {limit}"
    ),
    "Línea {line}": "Línia {line}",
    "Prima {amount} hasta la bola {limit}": "Prima {amount} fins a la bola {limit}",
    "Anuncie: {cards} cartón vendido ({ranges}). Línea {line}. Bingo {bingo}.": (
        "Anuncieu: {cards} cartró venut ({ranges}). Línia {line}. Bingo {bingo}."
    ),
    "Se cierra la venta de la partida {n}: {cards} cartón, {takings}. Después no puede "
    "venderse ni devolverse ningún cartón.": (
        "Es tanca la venda de la partida {n}: {cards} cartró, {takings}. Després no es pot "
        "vendre ni retornar cap cartró."
    ),
    "Sesión {id} del {date}: {n} partida. Mesa: {mesa}. Sala: {sala}.": (
        "Sessió {id} del {date}: {n} partida. Taula: {mesa}. Sala: {sala}."
    ),
    "Vendido {cards} cartón · recaudación {takings}": "Venut {cards} cartró · recaptació {takings}",
    "{n}\nbola": "{n}\nbola",
    "Acta de la sesión {id} enviada a la impresora {printer}": (
        "Acta de la sessió {id} enviada a la impressora {printer}"
    ),
    "Caja de la sesión…": "Caixa de la sessió…",
    "Imprimir el acta": "Imprimir l'acta",
    "Imprimir el acta (Ctrl+Shift+P)": "Imprimir l'acta (Ctrl+Shift+P)",
    "Imprimir el comprobante": "Imprimir el comprovant",
    "Imprimir el justificante": "Imprimir el justificant",
    "Opciones de la consola…": "Opcions de la consola…",
    "{kind} de {prize} de la partida {n} ({series} / {number}) enviado a la impresora {printer}": (
        "{kind} de {prize} de la partida {n} ({series} / {number}) enviat a la impressora {printer}"
    ),
    "{what}: no hay impresora elegida; elíjala en Sesión → Opciones (Ctrl+O)": (
        "{what}: no hi ha cap impressora triada; trieu-la a Sessió → Opcions (Ctrl+O)"
    ),
    # the device alarm (ui/console/alarm.py)
    "el extractor": "l'extractor",
    "el lector": "el lector",
    "los paneles de la sala": "els panells de la sala",
    "el dispositivo {name}": "el dispositiu {name}",
    "Extractor": "Extractor",
    "Lector": "Lector",
    "Paneles": "Panells",
    "sin aire": "sense aire",
    "atasco": "embús",
    "doble salida de bolas": "doble sortida de boles",
    "sensor del tubo": "sensor del tub",
    "puerta abierta": "porta oberta",
    "juego de bolas incompleto": "joc de boles incomplet",
    "óptica averiada": "òptica avariada",
    "Avise al servicio técnico: sin él no se extrae ninguna bola; si no vuelve antes de "
    "la primera bola, la partida se suspende.": (
        "Aviseu el servei tècnic: sense el dispositiu no s'extreu cap bola; si no torna abans "
        "de la primera bola, la partida se suspèn."
    ),
    "La partida sigue por extracción manual (Alt+A): no necesita el dispositivo.": (
        "La partida continua per extracció manual (Alt+A): no necessita el dispositiu."
    ),
    "Espere unos segundos. Si no vuelve: F6 y suspender la partida (Ctrl+I); si no se "
    "repara, se devuelven los cartones.": (
        "Espereu uns segons. Si no torna: F6 i suspendre la partida (Ctrl+I); si no es "
        "repara, es retornen els cartrons."
    ),
    "Espere unos segundos. Si no vuelve: F6, y la consola ofrece la extracción manual "
    "(Ctrl+I) con las bolas del bombo.": (
        "Espereu uns segons. Si no torna: F6, i la consola ofereix l'extracció manual "
        "(Ctrl+I) amb les boles del bombo."
    ),
    "en línea": "en línia",
    "SIN COMUNICACIÓN CON {device}": "SENSE COMUNICACIÓ AMB {device}",
    "SIN COMUNICACIÓN": "SENSE COMUNICACIÓ",
    "AVERÍA EN {device}: {faults}": "AVARIA A {device}: {faults}",
    "AVERÍA ({faults})": "AVARIA ({faults})",
    "{device}: {state}": "{device}: {state}",
    # the strip on every page (ui/console/strip.py)
    "Últimas bolas:": "Darreres boles:",
    "Sin premios en juego": "Sense premis en joc",
    # the automatic extraction (ui/console/autodraw.py)
    " s por bola": " s per bola",
    "Automática, ritmo:": "Automàtica, ritme:",
    "Voz: canta el {ball}": "Veu: canta el {ball}",
    "en cola: {balls}": "en cua: {balls}",
    "EN MARCHA: una bola cada {pace} s — Esc para": "EN MARXA: una bola cada {pace} s — Esc atura",
    "Extracción automática": "Extracció automàtica",
    "Extracción automática (Ctrl+F6)": "Extracció automàtica (Ctrl+F6)",
    "Extracción automática parada: {why}": "Extracció automàtica aturada: {why}",
    "Extracción automática: elija antes el ritmo (segundos por bola)": (
        "Extracció automàtica: trieu abans el ritme (segons per bola)"
    ),
    "Extracción automática: no puede empezar ({why})": (
        "Extracció automàtica: no pot començar ({why})"
    ),
    "Extracción automática: una bola cada {pace} s": "Extracció automàtica: una bola cada {pace} s",
    "PARAR (Esc)": "ATURAR (Esc)",
    "Parada: {why}": "Aturada: {why}",
    "desactivada": "desactivada",
    "fin de la partida": "final de la partida",
    "hay que leer la bola del tubo": "cal llegir la bola del tub",
    "la extracción está detenida": "l'extracció està aturada",
    "la partida sigue por extracción manual": "la partida continua per extracció manual",
    "la mesa pulsó PARAR": "la taula ha premut ATURAR",
    "premio de un cartón electrónico": "premi d'un cartró electrònic",
    "problema de un dispositivo": "problema d'un dispositiu",
    "se ha cantado": "s'ha cantat",
    "sin extractor las bolas se escriben": "sense extractor les boles s'escriuen",
    # sales by seller (issue 9)
    "Vendedor (Alt+E):": "Venedor (Alt+E):",
    "(sin vendedor)": "(sense venedor)",
    # the automatic extraction's minimum pace (decision 251)
    (
        "Extracción automática: como mucho una bola cada {pace} s, para que todos "
        "los jugadores puedan seguirlas"
    ): (
        "Extracció automàtica: com a màxim una bola cada {pace} s, "
        "perquè tots els jugadors les puguin seguir"
    ),
    "Nadie más canta línea: F6, la bola siguiente": "Ningú més no canta línia: F6, la bola següent",
    "Salir": "Surt",
    "Dispositivos: sin noticias (sin conexión con el servidor)": (
        "Dispositius: sense notícies (sense connexió amb el servidor)"
    ),
    "Interrupción del sistema de la sala": "Interrupció del sistema de la sala",
    # the hall PC's clock (ui/console/clock.py)
    "reloj: sincronización desconocida": "rellotge: sincronització desconeguda",
    "⚠ reloj sin sincronizar": "⚠ rellotge sense sincronitzar",
    (
        "El reloj de este ordenador no está sincronizado: las horas del registro y del acta son "
        "las suyas. Póngalo en hora y active su sincronización"
    ): (
        "El rellotge d'aquest ordinador no està sincronitzat: les hores del registre i de "
        "l'acta són les seves. Poseu-lo en hora i activeu-ne la sincronització"
    ),
    # a server that no longer takes the console's key (ui/client/station.py)
    (
        "El servidor de la sala ya no reconoce a esta consola y la sala aún no tiene "
        "operadores, así que nadie puede iniciar sesión: cierre la consola y el servidor "
        "que sirve la sala, y vuelva a abrirla (make run)"
    ): (
        "El servidor de la sala ja no reconeix aquesta consola i la sala encara no té "
        "operadors, així que ningú no pot iniciar sessió: tanqueu la consola i el servidor "
        "que serveix la sala, i torneu-la a obrir (make run)"
    ),
    "el libro manual se incorpora en el servidor de la sala": (
        "el llibre manual s'incorpora al servidor de la sala"
    ),
}
