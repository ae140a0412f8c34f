"""The console in Galician (galego): every text of ``ui/console`` keyed by its Spanish source.

The hall's words as the Galician panels already say them (``ui.i18n.GALICIAN``): liña,
cartón/cartóns, venda, pechada; *prima de bingo* and *bola loca* stay in Spanish, as on the
panels. Xefe de mesa-caixeiro, xefe de sala, acta, xogo de bolas, reconto, caixa. The keys
keep their Spanish names (Intro, Esc, F2…); the underlined letters (``&``) are the Spanish
ones but for the manual book's template (``Gardar &modelo…``, Alt+M). Placeholders (``{n}``)
stay as they are; tests/ui/test_i18n.py checks both and that every console text is here.

To be reviewed by the hall's translator before a Galician console is used in a hall.
"""

from __future__ import annotations

from collections.abc import Mapping

from ui.locale.console_gl_dialogs import DIALOGS
from ui.locale.console_gl_games import GAMES

CONSOLE_GALICIAN: Mapping[str, str] = {
    **DIALOGS,  # the dialogs' texts, in their own module
    **GAMES,  # the page of other modalities (bingo plus, bingo derivado)
    "Al mando: {asked} ({station})": "Ao mando: {asked} ({station})",
    "Pide {asked}; autoriza el jefe de sala {authorised}": (
        "Pide {asked}; autoriza o xefe de sala {authorised}"
    ),
    "Cartones:": "Cartóns:",
    "{id} · homologación {hom} · {played} de {limit} partidas": (
        "{id} · homologación {hom} · {played} de {limit} partidas"
    ),
    " · aparato no neumático": " · aparello non pneumático",
    " · LÍMITE ALCANZADO": " · LÍMITE ALCANZADO",
    "Cambiar el juego de bolas": "Cambiar o xogo de bolas",
    "No hay ningún juego de bolas instalado.": "Non hai ningún xogo de bolas instalado.",
    "Serie": "Serie",
    "Cartón": "Cartón",
    "Premio": "Premio",
    "Partida {n}": "Partida {n}",
    "línea": "liña",
    "bingo": "bingo",
    "prima de bingo": "prima de bingo",
    "bola loca": "bola loca",
    "bingo interconectado": "bingo interconectado",
    "Avería antes de la primera bola": "Avaría antes da primeira bola",
    "Avería con la extracción comenzada": "Avaría coa extracción comezada",
    "Irregularidad de las bolas o del mecanismo": "Irregularidade das bolas ou do mecanismo",
    "Error del locutor que no puede subsanarse": "Erro do locutor que non pode emendarse",
    "Corrección de una bola mal anunciada": "Corrección dunha bola mal anunciada",
    "Partida transcrita del libro manual": "Partida transcrita do libro manual",
    "libro manual": "libro manual",
    "Bola leída por el jefe de mesa": "Bola lida polo xefe de mesa",
    "Bola del tubo leída por el jefe de mesa tras la avería": (
        "Bola do tubo lida polo xefe de mesa despois da avaría"
    ),
    "jefe de mesa": "xefe de mesa",
    "emulado": "emulado",
    "Partida {n}: venta abierta": "Partida {n}: venda aberta",
    "; prima de {amount} hasta la bola {limit}": "; prima de {amount} ata a bola {limit}",
    "; bola loca {numbers}": "; bola loca {numbers}",
    "Venta: serie {series}, cartones {first} a {last} ({count})": (
        "Venda: serie {series}, cartóns {first} a {last} ({count})"
    ),
    "Venta cerrada: {cards} cartones, {takings}; línea {line}, bingo {bingo}": (
        "Venda pechada: {cards} cartóns, {takings}; liña {line}, bingo {bingo}"
    ),
    "Datos en los paneles: puerta cerrada": "Datos nos paneis: porta pechada",
    "Bola {index}: {number} ({source})": "Bola {index}: {number} ({source})",
    "Corrección: la bola {index} es el {number}, no el {wrong}": (
        "Corrección: a bola {index} é o {number}, non o {wrong}"
    ),
    "CORRECTO": "CORRECTO",
    "NO VÁLIDO": "NON VÁLIDO",
    "Cartón {series}/{number} canta {prize}: {verdict} ({reason})": (
        "Cartón {series}/{number} canta {prize}: {verdict} ({reason})"
    ),
    "Extracción manual desde la bola {n}": "Extracción manual desde a bola {n}",
    "Partida suspendida: {note}": "Partida suspendida: {note}",
    "Partida reanudada: {note}": "Partida retomada: {note}",
    "Incidencia: {title}. {note}": "Incidencia: {title}. {note}",
    "Partida anulada: {reason}; se devuelven {refund}": (
        "Partida anulada: {reason}; devólvense {refund}"
    ),
    "Premio de {prize}: {series}/{number}, {amount}": (
        "Premio de {prize}: {series}/{number}, {amount}"
    ),
    "Partida {n} cerrada: no se admiten más cantos": (
        "Partida {n} pechada: non se admiten máis cantos"
    ),
    "Premios de la partida {n} pagados": "Premios da partida {n} pagados",
    "Premio cobrado en la terminal {terminal}: {series}/{number}, {amount}": (
        "Premio cobrado no terminal {terminal}: {series}/{number}, {amount}"
    ),
    "con tarjeta": "con tarxeta",
    "Sesión {id} abierta ({date})": "Sesión {id} aberta ({date})",
    "Sesión {id} cerrada": "Sesión {id} pechada",
    "apertura": "apertura",
    "cierre": "peche",
    "correcto": "correcto",
    "INCORRECTO": "INCORRECTO",
    "Recuento de bolas de {when}: {n} bolas, {verdict}": (
        "Reconto de bolas de {when}: {n} bolas, {verdict}"
    ),
    "; bolas dañadas: {note}": "; bolas danadas: {note}",
    "Anunciada la última partida: la {n}": "Anunciada a última partida: a {n}",
    "Prima de bingo: {amount}": "Prima de bingo: {amount}",
    "Sala registrada: {name}": "Sala rexistrada: {name}",
    "Reglas de la región adoptadas": "Regras da rexión adoptadas",
    "Máquinas auxiliares: categoría {category}, {machines} máquinas": (
        "Máquinas auxiliares: categoría {category}, {machines} máquinas"
    ),
    "Juego de cartones {id} registrado ({count} cartones)": (
        "Xogo de cartóns {id} rexistrado ({count} cartóns)"
    ),
    "Juego de bolas {id} instalado (homologación {hom}, {before} partidas jugadas antes)": (
        "Xogo de bolas {id} instalado (homologación {hom}, {before} partidas xogadas antes)"
    ),
    "Sesión simulada {id}": "Sesión simulada {id}",
    "Dispositivos EMULADOS (semilla {seed}): no es una sesión real": (
        "Dispositivos EMULADOS (semente {seed}): non é unha sesión real"
    ),
    "Serie {code} registrada: {size} cartones de {value}": (
        "Serie {code} rexistrada: {size} cartóns de {value}"
    ),
    "venta abierta": "venda aberta",
    "venta cerrada": "venda pechada",
    "datos anunciados, puerta cerrada": "datos anunciados, porta pechada",
    "extracción": "extracción",
    "comprobación de cartón": "comprobación de cartón",
    "bingo cantado: ¿alguna línea más? ¿algún bingo más?": (
        "bingo cantado: algunha liña máis? algún bingo máis?"
    ),
    "suspendida": "suspendida",
    "cerrada, premios por pagar": "pechada, premios por pagar",
    "premios pagados": "premios pagados",
    "anulada": "anulada",
    " (libro manual)": " (libro manual)",
    "Mesa de control — {hall}": "Mesa de control — {hall}",
    "1 · Sesión": "1 · Sesión",
    "2 · Venta": "2 · Venda",
    "3 · Extracción y cantos": "3 · Extracción e cantos",
    "4 · Premios": "4 · Premios",
    "Pulse para ocultar (Esc)": "Prema para ocultar (Esc)",
    "PARTIDA SUSPENDIDA: reanude o devuelva los cartones": (
        "PARTIDA SUSPENDIDA: retome ou devolva os cartóns"
    ),
    "Reanudar…": "Retomar…",
    "Devolver cartones…": "Devolver cartóns…",
    "Apertura de la sesión": "Apertura da sesión",
    "Fecha (AAAA-MM-DD):": "Data (AAAA-MM-DD):",
    "Sesión:": "Sesión:",
    "Jefe de mesa-cajero:": "Xefe de mesa-caixeiro:",
    "Jefe de sala:": "Xefe de sala:",
    "Están las 90 bolas, una de cada número (Alt+9)": (
        "Están as 90 bolas, unha de cada número (Alt+9)"
    ),
    "números que faltan, si falta alguno": "números que faltan, se falta algún",
    "Leer el juego de bolas con el lector": "Ler o xogo de bolas co lector",
    "Faltan:": "Faltan:",
    "Abrir la sesión (F2)": "Abrir a sesión (F2)",
    "Cerrar la sesión": "Pechar a sesión",
    "Cerrar la sesión (F10)": "Pechar a sesión (F10)",
    "Anunciar la última partida…": "Anunciar a última partida…",
    "Anunciar la última partida… (Ctrl+U)": "Anunciar a última partida… (Ctrl+U)",
    "Prima de bingo (la elige el jefe de sala)": "Prima de bingo (escóllea o xefe de sala)",
    "Fijar el importe": "Fixar o importe",
    "Acta de la sesión": "Acta da sesión",
    "Sellar con la clave de la sala": "Selar coa clave da sala",
    "Guardar el acta… (Ctrl+P)": "Gardar a acta… (Ctrl+P)",
    "Iniciar la partida (F3)": "Iniciar a partida (F3)",
    "Registrar serie… (Ctrl+R)": "Rexistrar serie… (Ctrl+R)",
    "Venta de cartones (correlativa)": "Venda de cartóns (correlativa)",
    "Vender (Intro)": "Vender (Intro)",
    "Vender el rango (Intro)": "Vender o rango (Intro)",
    "Serie:": "Serie:",
    "Del cartón:": "Do cartón:",
    "al:": "ao:",
    "Cerrar la venta (F4)": "Pechar a venda (F4)",
    "Los paneles ya muestran los datos (F5)": "Os paneis xa mostran os datos (F5)",
    "Extracción": "Extracción",
    "Extraer bola (F6)": "Extraer bola (F6)",
    "nº de bola": "nº de bola",
    "Registrar la bola (Intro)": "Rexistrar a bola (Intro)",
    "Sorteo manual aleatorio": "Sorteo manual aleatorio",
    "Es esta bola (Intro)": "É esta bola (Intro)",
    "Número de la bola del tubo:": "Número da bola do tubo:",
    "No salió ninguna bola": "Non saíu ningunha bola",
    "Cotejar cada bola con la mesa": "Cotexar cada bola coa mesa",
    "Antes de registrar cada bola, la mesa escribe el número que ve en ella; si no coincide "
    "con el lector, la partida se detiene": (
        "Antes de rexistrar cada bola, a mesa escribe o número que ve nela; se non coincide co "
        "lector, a partida detense"
    ),
    "¿Qué número ve la mesa en la bola del tubo?": "Que número ve a mesa na bola do tubo?",
    "La mesa ve esta (Intro)": "A mesa ve esta (Intro)",
    "No se ve bien": "Non se ve ben",
    "Comprobar un cartón cantado (F7)": "Comprobar un cartón cantado (F7)",
    "nº de cartón": "nº de cartón",
    "Línea (Alt+L)": "Liña (Alt+L)",
    "Bingo (Alt+B)": "Bingo (Alt+B)",
    "Cartón:": "Cartón:",
    "«¿Alguna línea más? ¿Algún bingo más?»": "«Algunha liña máis? Algún bingo máis?»",
    "Cerrar la partida (F8)": "Pechar a partida (F8)",
    "Bola": "Bola",
    "Importe": "Importe",
    "A4": "A4",
    "Rollo de 80 mm": "Rolo de 80 mm",
    "Justificante de la prima…": "Xustificante da prima…",
    "Justificante detallado y su duplicado para el cartón ganador": (
        "Xustificante detallado e o seu duplicado para o cartón gañador"
    ),
    "Comprobante del ganador…": "Comprobante do gañador…",
    "El cartón premiado de la fila elegida, con las bolas extraídas": (
        "O cartón premiado da fila escollida, coas bolas extraídas"
    ),
    "Formato:": "Formato:",
    "Premios pagados contra entrega del cartón (F9)": (
        "Premios pagados contra entrega do cartón (F9)"
    ),
    "Registro de la partida": "Rexistro da partida",
    "&Sesión": "&Sesión",
    "Abrir la sesión": "Abrir a sesión",
    "Iniciar la partida": "Iniciar a partida",
    "Cerrar la venta": "Pechar a venda",
    "Datos en los paneles": "Datos nos paneis",
    "Extraer bola": "Extraer bola",
    "Comprobar un cartón": "Comprobar un cartón",
    "Cerrar la partida": "Pechar a partida",
    "Pagar los premios": "Pagar os premios",
    "Registrar una serie…": "Rexistrar unha serie…",
    "Incorporar el libro manual…": "Incorporar o libro manual…",
    "Acta de la sesión…": "Acta da sesión…",
    "&Incidencias": "&Incidencias",
    "&Ver": "&Ver",
    "Sesión": "Sesión",
    "Venta": "Venda",
    "Premios": "Premios",
    "Suspender (avería antes de la primera bola)…": "Suspender (avaría antes da primeira bola)…",
    "Reanudar la partida suspendida…": "Retomar a partida suspendida…",
    "Devolver los cartones de la partida suspendida…": "Devolver os cartóns da partida suspendida…",
    "Extracción manual (avería con bolas extraídas)…": (
        "Extracción manual (avaría con bolas extraídas)…"
    ),
    "Irregularidad de bolas o mecanismo: anular…": "Irregularidade de bolas ou mecanismo: anular…",
    "Error del locutor que no se puede subsanar: anular…": (
        "Erro do locutor que non se pode emendar: anular…"
    ),
    "Corregir una bola mal anunciada…": "Corrixir unha bola mal anunciada…",
    "{what}: {reason}": "{what}: {reason}",
    "{what}: error inesperado: {reason}": "{what}: erro inesperado: {reason}",
    "Prima de bingo": "Prima de bingo",
    "Última partida": "Última partida",
    "Se anunciará a la sala que la partida {n} es la última de la sesión. Después no puede "
    "jugarse ninguna otra.": (
        "Anunciarase á sala que a partida {n} é a última da sesión. Despois non pode xogarse "
        "ningunha outra."
    ),
    "Anunciar la última partida": "Anunciar a última partida",
    "Registrar la serie": "Rexistrar a serie",
    "El libro manual se incorpora con la sesión abierta": (
        "O libro manual incorpórase coa sesión aberta"
    ),
    "Partida {numbers} incorporada del libro manual": (
        "Partida {numbers} incorporada do libro manual"
    ),
    "Partidas {numbers} incorporadas del libro manual": (
        "Partidas {numbers} incorporadas do libro manual"
    ),
    "No hay ninguna serie a la venta: registre una": (
        "Non hai ningunha serie á venda: rexistre unha"
    ),
    "Extrayendo la bola {n}…": "Extraendo a bola {n}…",
    "Bola {n}": "Bola {n}",
    "Bola del tubo": "Bola do tubo",
    "Las bolas salen del extractor; el número solo se escribe en extracción manual o cuando el "
    "lector no puede leer la bola": (
        "As bolas saen do extractor; o número só se escribe en extracción manual ou cando o "
        "lector non pode ler a bola"
    ),
    "Sorteo manual": "Sorteo manual",
    "Extracción {n}: escriba el número que ve la mesa en la bola": (
        "Extracción {n}: escriba o número que ve a mesa na bola"
    ),
    "Extracción: fallo del dispositivo: {e}": "Extracción: fallo do dispositivo: {e}",
    "Juego de bolas y recuento ante el jefe de sala": "Xogo de bolas e reconto ante o xefe de sala",
    "Cambiar el juego… (Ctrl+B)": "Cambiar o xogo… (Ctrl+B)",
    "Cambiar el juego de bolas…": "Cambiar o xogo de bolas…",
    "El juego de bolas ha cambiado: léalo con el lector (página Sesión) antes de extraer": (
        "O xogo de bolas cambiou: léao co lector (páxina Sesión) antes de extraer"
    ),
    "Registrar el recuento del juego nuevo": "Rexistrar o reconto do xogo novo",
    "Irregularidad de bolas: anular…": "Irregularidade de bolas: anular…",
    "Seguir por extracción manual…": "Seguir por extracción manual…",
    "Suspender la partida…": "Suspender a partida…",
    "{device}: sin comunicación": "{device}: sen comunicación",
    "{device}: en línea": "{device}: en liña",
    "{device}: se ha reiniciado": "{device}: reiniciouse",
    "{device}: cambio en sus averías": "{device}: cambio nas súas avarías",
    "{device}: se han perdido avisos": "{device}: perdéronse avisos",
    "Comprobar el cartón": "Comprobar o cartón",
    "LÍNEA CORRECTA": "LIÑA CORRECTA",
    "BINGO CORRECTO": "BINGO CORRECTO",
    "{verdict}: {series} / {number}": "{verdict}: {series} / {number}",
    "NO HAY {prize}: {series} / {number}": "NON HAI {prize}: {series} / {number}",
    "Antes de cerrar, pregunte «¿Alguna línea más? ¿Algún bingo más?»": (
        "Antes de pechar, pregunte «Algunha liña máis? Algún bingo máis?»"
    ),
    "Documentos PDF (*.pdf)": "Documentos PDF (*.pdf)",
    "{what}: preparando el PDF…": "{what}: preparando o PDF…",
    "{what}: todavía no hay ninguna sesión": "{what}: aínda non hai ningunha sesión",
    "Guardar el acta de la sesión {id}, sellada con la clave de la sala": (
        "Gardar a acta da sesión {id}, selada coa clave da sala"
    ),
    "Guardar el acta de la sesión {id}": "Gardar a acta da sesión {id}",
    "cerrada": "pechada",
    "en curso, hasta la partida {n}": "en curso, ata a partida {n}",
    "en curso, sin partidas todavía": "en curso, sen partidas aínda",
    "Acta de la sesión {id} ({state}) guardada{sealed} en {path}": (
        "Acta da sesión {id} ({state}) gardada{sealed} en {path}"
    ),
    " y sellada": " e selada",
    "Comprobante del ganador": "Comprobante do gañador",
    "Justificante de la prima": "Xustificante da prima",
    "{what}: la partida {n} no está cerrada": "{what}: a partida {n} non está pechada",
    "{what}: la partida {n} no tiene ese premio": "{what}: a partida {n} non ten ese premio",
    "{what}: partida {n}, {prize}, cartón {series} / {number}": (
        "{what}: partida {n}, {prize}, cartón {series} / {number}"
    ),
    "Comprobante": "Comprobante",
    "Justificante y duplicado": "Xustificante e duplicado",
    "{kind} de {prize} de la partida {n} ({series} / {number}) guardado en {path}": (
        "{kind} de {prize} da partida {n} ({series} / {number}) gardado en {path}"
    ),
    "sin partida en curso": "sen partida en curso",
    "Sesión {id}": "Sesión {id}",
    "EMULADO: no es una sesión real": "EMULADO: non é unha sesión real",
    "Sin sesión abierta": "Sen sesión aberta",
    "última: la {n}": "última: a {n}",
    "PUERTA CERRADA\nno entra nadie": "PORTA PECHADA\nnon entra ninguén",
    "PUERTA ABIERTA": "PORTA ABERTA",
    "Estado: {state}": "Estado: {state}",
    "No hay ninguna sesión abierta.": "Non hai ningunha sesión aberta.",
    "Sesión {id} del {date}: {n} partidas. Mesa: {mesa}. Sala: {sala}.": (
        "Sesión {id} do {date}: {n} partidas. Mesa: {mesa}. Sala: {sala}."
    ),
    "Del libro manual: {numbers}.": "Do libro manual: {numbers}.",
    "Extrayendo…": "Extraendo…",
    "Extracción manual desde la bola {n}: bolas pendientes, al azar": (
        "Extracción manual desde a bola {n}: bolas pendentes, ao chou"
    ),
    "Bolas del extractor y el lector automático.": "Bolas do extractor e o lector automático.",
    "Sin dispositivos conectados: escriba el número de cada bola.": (
        "Sen dispositivos conectados: escriba o número de cada bola."
    ),
    "{n}\nbolas": "{n}\nbolas",
    "En vigor {amount}; fondo {fund}; límite de bolas {limit}.": (
        "En vigor {amount}; fondo {fund}; límite de bolas {limit}."
    ),
    "Sin importe elegido.": "Sen importe escollido.",
    " electrónica": " electrónica",
    "{code}{kind} ({value})": "{code}{kind} ({value})",
    "sigue por el cartón {n} (quedan {left})": "segue polo cartón {n} (quedan {left})",
    " (electrónicos)": " (electrónicos)",
    "Serie {series}: cartones {first} a {last} — {count}{kind}": (
        "Serie {series}: cartóns {first} a {last} — {count}{kind}"
    ),
    "Vendidos {cards} cartones · recaudación {takings}": (
        "Vendidos {cards} cartóns · recadación {takings}"
    ),
    "Partida {n}.": "Partida {n}.",
    "Prima de bingo: {amount} si se canta bingo hasta la bola {limit}.": (
        "Prima de bingo: {amount} se se canta bingo ata a bola {limit}."
    ),
    "Bola loca: {numbers}.": "Bola loca: {numbers}.",
    "ÚLTIMA PARTIDA de la sesión.": "ÚLTIMA PARTIDA da sesión.",
    "Anuncie: {cards} cartones vendidos ({ranges}). Línea {line}. Bingo {bingo}.": (
        "Anuncie: {cards} cartóns vendidos ({ranges}). Liña {line}. Bingo {bingo}."
    ),
    "{partida} cerrada: pague cada premio contra entrega del cartón ganador.": (
        "{partida} pechada: pague cada premio contra entrega do cartón gañador."
    ),
    "{partida}: premios pagados.": "{partida}: premios pagados.",
    "{partida} anulada: se devuelven {refund}.": "{partida} anulada: devólvense {refund}.",
    "{partida} en juego.": "{partida} en xogo.",
    "Total a pagar: {total}": "Total a pagar: {total}",
    " · restos de reparto al acta: {residue}": " · restos de repartición á acta: {residue}",
    "Comprobar (Intro)": "Comprobar (Intro)",
    "Preguntado: nadie más canta": "Preguntado: ninguén máis canta",
    "«¿Alguna línea más?» antes de la bola siguiente": (
        "«Algunha liña máis?» antes da bola seguinte"
    ),
    "Antes de la bola siguiente, pregunte «¿Alguna línea más?» y compruebe las que se canten; "
    "después pulse Alt+N (nadie más canta)": (
        "Antes da bola seguinte, pregunte «Algunha liña máis?» e comprobe as que se canten; "
        "despois prema Alt+N (ninguén máis canta)"
    ),
    "Cerrar la consola": "Pechar a consola",
    "Cerrar la venta (Intro)": "Pechar a venda (Intro)",
    "Devolver a la mesa": "Devolver á mesa",
    "Devolver:": "Devolver:",
    "Devolver cartones": "Devolver cartóns",
    "Devueltos a la mesa: serie {series}, cartones {first} a {last}": (
        "Devoltos á mesa: serie {series}, cartóns {first} a {last}"
    ),
    "Devueltos a la mesa: serie {series}, cartones {first} a {last} ({count})": (
        "Devoltos á mesa: serie {series}, cartóns {first} a {last} ({count})"
    ),
    "La partida {n} está en juego. Si cierra la consola, todo lo registrado queda guardado y "
    "la partida sigue donde quedó al abrirla de nuevo (bingo-hall run); mientras tanto no se "
    "extrae ninguna bola ni se comprueba ningún cartón.": (
        "A partida {n} está en xogo. Se pecha a consola, todo o rexistrado queda gardado e a "
        "partida segue onde quedou ao abrila de novo (bingo-hall run); mentres tanto non se "
        "extrae ningunha bola nin se comproba ningún cartón."
    ),
    "Se cierra la venta de la partida {n}: {cards} cartones, {takings}. Después no puede "
    "venderse ni devolverse ningún cartón.": (
        "Péchase a venda da partida {n}: {cards} cartóns, {takings}. Despois non pode venderse "
        "nin devolverse ningún cartón."
    ),
    "Seguir en la consola (Intro)": "Seguir na consola (Intro)",
    "ninguna venta que devolver": "ningunha venda que devolver",
    "últimos de la venta {sale}": "últimos da venda {sale}",
    "{series} {first}–{last}": "{series} {first}–{last}",
    " Y BOLA LOCA": " E BOLA LOCA",
    " Y PRIMA": " E PRIMA",
    "Bingo {bingo}": "Bingo {bingo}",
    "Bola loca {fund} ({numbers})": "Bola loca {fund} ({numbers})",
    "Interconectado: ganado en otra sala": "Interconectado: gañado noutra sala",
    "Interconectado: no ganado en esta partida": "Interconectado: non gañado nesta partida",
    "Interconectado ganado: {amount}": "Interconectado gañado: {amount}",
    "Interconectado {amount} hasta la bola {limit}": "Interconectado {amount} ata a bola {limit}",
    "Línea {line}": "Liña {line}",
    "Prima {amount} hasta la bola {limit}": "Prima {amount} ata a bola {limit}",
    "Anuncie: {cards} cartón vendido ({ranges}). Línea {line}. Bingo {bingo}.": (
        "Anuncie: {cards} cartón vendido ({ranges}). Liña {line}. Bingo {bingo}."
    ),
    "Se cierra la venta de la partida {n}: {cards} cartón, {takings}. Después no puede "
    "venderse ni devolverse ningún cartón.": (
        "Péchase a venda da partida {n}: {cards} cartón, {takings}. Despois non pode venderse "
        "nin devolverse ningún cartón."
    ),
    "Sesión {id} del {date}: {n} partida. Mesa: {mesa}. Sala: {sala}.": (
        "Sesión {id} do {date}: {n} partida. Mesa: {mesa}. Sala: {sala}."
    ),
    "Vendido {cards} cartón · recaudación {takings}": (
        "Vendido {cards} cartón · recadación {takings}"
    ),
    "{n}\nbola": "{n}\nbola",
    "Acta de la sesión {id} enviada a la impresora {printer}": (
        "Acta da sesión {id} enviada á impresora {printer}"
    ),
    "Caja de la sesión…": "Caixa da sesión…",
    "Imprimir el acta": "Imprimir a acta",
    "Imprimir el acta (Ctrl+Shift+P)": "Imprimir a acta (Ctrl+Shift+P)",
    "Imprimir el comprobante": "Imprimir o comprobante",
    "Imprimir el justificante": "Imprimir o xustificante",
    "Opciones de la consola…": "Opcións da consola…",
    "{kind} de {prize} de la partida {n} ({series} / {number}) enviado a la impresora {printer}": (
        "{kind} de {prize} da partida {n} ({series} / {number}) enviado á impresora {printer}"
    ),
    "{what}: no hay impresora elegida; elíjala en Sesión → Opciones (Ctrl+O)": (
        "{what}: non hai impresora escollida; escóllaa en Sesión → Opcións (Ctrl+O)"
    ),
    # the device alarm (ui/console/alarm.py)
    "el extractor": "o extractor",
    "el lector": "o lector",
    "los paneles de la sala": "os paneis da sala",
    "el dispositivo {name}": "o dispositivo {name}",
    "Extractor": "Extractor",
    "Lector": "Lector",
    "Paneles": "Paneis",
    "sin aire": "sen aire",
    "atasco": "atasco",
    "doble salida de bolas": "dobre saída de bolas",
    "sensor del tubo": "sensor do tubo",
    "puerta abierta": "porta aberta",
    "juego de bolas incompleto": "xogo de bolas incompleto",
    "óptica averiada": "óptica avariada",
    "Avise al servicio técnico: sin él no se extrae ninguna bola; si no vuelve antes de "
    "la primera bola, la partida se suspende.": (
        "Avise o servizo técnico: sen o dispositivo non se extrae ningunha bola; se non volve "
        "antes da primeira bola, a partida suspéndese."
    ),
    "La partida sigue por extracción manual (Alt+A): no necesita el dispositivo.": (
        "A partida segue por extracción manual (Alt+A): non necesita o dispositivo."
    ),
    "Espere unos segundos. Si no vuelve: F6 y suspender la partida (Ctrl+I); si no se "
    "repara, se devuelven los cartones.": (
        "Agarde uns segundos. Se non volve: F6 e suspender a partida (Ctrl+I); se non se "
        "arranxa, devólvense os cartóns."
    ),
    "Espere unos segundos. Si no vuelve: F6, y la consola ofrece la extracción manual "
    "(Ctrl+I) con las bolas del bombo.": (
        "Agarde uns segundos. Se non volve: F6, e a consola ofrece a extracción manual "
        "(Ctrl+I) coas bolas do bombo."
    ),
    "en línea": "en liña",
    "SIN COMUNICACIÓN CON {device}": "SEN COMUNICACIÓN CON {device}",
    "SIN COMUNICACIÓN": "SEN COMUNICACIÓN",
    "AVERÍA EN {device}: {faults}": "AVARÍA EN {device}: {faults}",
    "AVERÍA ({faults})": "AVARÍA ({faults})",
    "{device}: {state}": "{device}: {state}",
    # the strip on every page (ui/console/strip.py)
    "Últimas bolas:": "Últimas bolas:",
    "Sin premios en juego": "Sen premios en xogo",
    # the automatic extraction (ui/console/autodraw.py)
    " s por bola": " s por bola",
    "Automática, ritmo:": "Automática, ritmo:",
    "Voz: canta el {ball}": "Voz: canta o {ball}",
    "en cola: {balls}": "en cola: {balls}",
    "EN MARCHA: una bola cada {pace} s — Esc para": "EN MARCHA: unha bola cada {pace} s — Esc para",
    "Extracción automática": "Extracción automática",
    "Extracción automática (Ctrl+F6)": "Extracción automática (Ctrl+F6)",
    "Extracción automática parada: {why}": "Extracción automática parada: {why}",
    "Extracción automática: elija antes el ritmo (segundos por bola)": (
        "Extracción automática: escolla antes o ritmo (segundos por bola)"
    ),
    "Extracción automática: no puede empezar ({why})": (
        "Extracción automática: non pode comezar ({why})"
    ),
    "Extracción automática: una bola cada {pace} s": (
        "Extracción automática: unha bola cada {pace} s"
    ),
    "PARAR (Esc)": "PARAR (Esc)",
    "Parada: {why}": "Parada: {why}",
    "desactivada": "desactivada",
    "fin de la partida": "fin da partida",
    "hay que leer la bola del tubo": "hai que ler a bola do tubo",
    "la extracción está detenida": "a extracción está detida",
    "la partida sigue por extracción manual": "a partida segue por extracción manual",
    "la mesa pulsó PARAR": "a mesa premeu PARAR",
    "premio de un cartón electrónico": "premio dun cartón electrónico",
    "problema de un dispositivo": "problema dun dispositivo",
    "se ha cantado": "cantouse",
    "sin extractor las bolas se escriben": "sen extractor as bolas escríbense",
    # sales by seller (issue 9)
    "Vendedor (Alt+E):": "Vendedor (Alt+E):",
    "(sin vendedor)": "(sen vendedor)",
    # the automatic extraction's minimum pace (decision 251)
    (
        "Extracción automática: como mucho una bola cada {pace} s, para que todos "
        "los jugadores puedan seguirlas"
    ): (
        "Extracción automática: como moito unha bola cada {pace} s, "
        "para que todos os xogadores poidan seguilas"
    ),
    "Nadie más canta línea: F6, la bola siguiente": "Ninguén máis canta liña: F6, a bola seguinte",
    "Salir": "Saír",
    "Dispositivos: sin noticias (sin conexión con el servidor)": (
        "Dispositivos: sen novas (sen conexión co servidor)"
    ),
    "Interrupción del sistema de la sala": "Interrupción do sistema da sala",
    # the hall PC's clock (ui/console/clock.py)
    "reloj: sincronización desconocida": "reloxo: sincronización descoñecida",
    "⚠ reloj sin sincronizar": "⚠ reloxo sen sincronizar",
    (
        "El reloj de este ordenador no está sincronizado: las horas del registro y del acta son "
        "las suyas. Póngalo en hora y active su sincronización"
    ): (
        "O reloxo deste ordenador non está sincronizado: as horas do rexistro e da acta son "
        "as súas. Póñao en hora e active a súa sincronización"
    ),
    # a server that no longer takes the console's key (ui/client/station.py)
    (
        "El servidor de la sala ya no reconoce a esta consola y la sala aún no tiene "
        "operadores, así que nadie puede iniciar sesión: cierre la consola y el servidor "
        "que sirve la sala, y vuelva a abrirla (make run)"
    ): (
        "O servidor da sala xa non recoñece esta consola e a sala aínda non ten "
        "operadores, así que ninguén pode iniciar sesión: peche a consola e o servidor "
        "que serve a sala, e volva abrila (make run)"
    ),
    "el libro manual se incorpora en el servidor de la sala": (
        "o libro manual incorpórase no servidor da sala"
    ),
}
