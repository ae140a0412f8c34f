"""The console in Basque (euskara): every text of ``ui/console`` keyed by its Spanish source.

The hall's words as the Basque panels already say them (``ui.i18n.BASQUE``): cartón =
kartoia, línea = lerroa, bingo = bingoa, prima de bingo = bingo prima, bola = bola, bola loca =
bola zoroa, serie = seriea, partida = partida, sesión = saioa, venta = salmenta; the people as
the Basque acta names them (``actas.i18n``): jefe de mesa-cajero = mahaiburu-kutxazaina, jefe
de sala = aretoburua; acta = akta, canto = kantua, incidencia = gorabehera, extracción =
ateratzea, extractor = ateragailua, lector = irakurgailua, juego de bolas = bola-jokoa. The
keys keep their Spanish names (Intro, Esc, F2…), as the keyboards print them; the underlined
letters (``&``) follow the Basque words (see docs/ui.md). Placeholders (``{n}``) stay as they
are; tests/ui/test_i18n.py checks both and that every console text is here.

To be reviewed by the hall's translator before a Basque console is used in a hall.
"""

from __future__ import annotations

from collections.abc import Mapping

from ui.locale.console_eu_dialogs import DIALOGS
from ui.locale.console_eu_games import GAMES

CONSOLE_BASQUE: Mapping[str, str] = {
    **DIALOGS,  # the dialogs' texts, in their own module
    **GAMES,  # the page of other modalities (bingo plus, bingo derivado)
    "Al mando: {asked} ({station})": "Aginteak: {asked} ({station})",
    "Pide {asked}; autoriza el jefe de sala {authorised}": (
        "{asked}(e)k eskatua; {authorised} aretoburuak baimendua"
    ),
    "Cartones:": "Kartoiak:",
    "{id} · homologación {hom} · {played} de {limit} partidas": (
        "{id} · {hom} homologazioa · {played}/{limit} partida"
    ),
    " · aparato no neumático": " · aparatu ez-pneumatikoa",
    " · LÍMITE ALCANZADO": " · MUGA IRITSI DA",
    "Cambiar el juego de bolas": "Bola-jokoa aldatu",
    "No hay ningún juego de bolas instalado.": "Ez dago bola-jokorik instalatuta.",
    "Serie": "Seriea",
    "Cartón": "Kartoia",
    "Premio": "Saria",
    "Partida {n}": "{n}. partida",
    "línea": "lerroa",
    "bingo": "bingoa",
    "prima de bingo": "bingo prima",
    "bola loca": "bola zoroa",
    "bingo interconectado": "bingo elkarlotua",
    "Avería antes de la primera bola": "Matxura lehen bolaren aurretik",
    "Avería con la extracción comenzada": "Matxura ateratzea hasita",
    "Irregularidad de las bolas o del mecanismo": "Bolen edo mekanismoaren irregulartasuna",
    "Error del locutor que no puede subsanarse": "Zuzendu ezin den esatariaren akatsa",
    "Corrección de una bola mal anunciada": "Gaizki iragarritako bola baten zuzenketa",
    "Partida transcrita del libro manual": "Eskuzko liburutik transkribatutako partida",
    "libro manual": "eskuzko liburua",
    "Bola leída por el jefe de mesa": "Mahaiburuak irakurritako bola",
    "Bola del tubo leída por el jefe de mesa tras la avería": (
        "Mahaiburuak matxuraren ondoren irakurritako hodiko bola"
    ),
    "jefe de mesa": "mahaiburua",
    "emulado": "emulatua",
    "Partida {n}: venta abierta": "{n}. partida: salmenta irekita",
    "; prima de {amount} hasta la bola {limit}": "; prima: {amount}, {limit}. bolara arte",
    "; bola loca {numbers}": "; bola zoroa {numbers}",
    "Venta: serie {series}, cartones {first} a {last} ({count})": (
        "Salmenta: {series} seriea, {first}. kartoitik {last}.era ({count})"
    ),
    "Venta cerrada: {cards} cartones, {takings}; línea {line}, bingo {bingo}": (
        "Salmenta itxita: {cards} kartoi, {takings}; lerroa {line}, bingoa {bingo}"
    ),
    "Datos en los paneles: puerta cerrada": "Datuak paneletan: atea itxita",
    "Bola {index}: {number} ({source})": "{index}. bola: {number} ({source})",
    "Corrección: la bola {index} es el {number}, no el {wrong}": (
        "Zuzenketa: {index}. bola {number} da, ez {wrong}"
    ),
    "CORRECTO": "ZUZENA",
    "NO VÁLIDO": "EZ DA BALIOZKOA",
    "Cartón {series}/{number} canta {prize}: {verdict} ({reason})": (
        "{series}/{number} kartoiak {prize} kantatu du: {verdict} ({reason})"
    ),
    "Extracción manual desde la bola {n}": "Eskuzko ateratzea {n}. bolatik aurrera",
    "Partida suspendida: {note}": "Partida etenda: {note}",
    "Partida reanudada: {note}": "Partida berriro hasita: {note}",
    "Incidencia: {title}. {note}": "Gorabehera: {title}. {note}",
    "Partida anulada: {reason}; se devuelven {refund}": (
        "Partida baliogabetua: {reason}; {refund} itzultzen dira"
    ),
    "Premio de {prize}: {series}/{number}, {amount}": "{prize} saria: {series}/{number}, {amount}",
    "Partida {n} cerrada: no se admiten más cantos": (
        "{n}. partida itxita: ez da kantu gehiagorik onartzen"
    ),
    "Premios de la partida {n} pagados": "{n}. partidako sariak ordainduta",
    "Premio cobrado en la terminal {terminal}: {series}/{number}, {amount}": (
        "{terminal} terminalean kobratutako saria: {series}/{number}, {amount}"
    ),
    "con tarjeta": "txartelarekin",
    "Sesión {id} abierta ({date})": "{id} saioa irekita ({date})",
    "Sesión {id} cerrada": "{id} saioa itxita",
    "apertura": "irekiera",
    "cierre": "itxiera",
    "correcto": "zuzena",
    "INCORRECTO": "OKERRA",
    "Recuento de bolas de {when}: {n} bolas, {verdict}": (
        "{when}ko bolen zenbaketa: {n} bola, {verdict}"
    ),
    "; bolas dañadas: {note}": "; bola hondatuak: {note}",
    "Anunciada la última partida: la {n}": "Azken partida iragarrita: {n}.a",
    "Prima de bingo: {amount}": "Bingo prima: {amount}",
    "Sala registrada: {name}": "Aretoa erregistratuta: {name}",
    "Reglas de la región adoptadas": "Eskualdeko arauak onartuta",
    "Máquinas auxiliares: categoría {category}, {machines} máquinas": (
        "Makina laguntzaileak: {category} kategoria, {machines} makina"
    ),
    "Juego de cartones {id} registrado ({count} cartones)": (
        "{id} kartoi-jokoa erregistratuta ({count} kartoi)"
    ),
    "Juego de bolas {id} instalado (homologación {hom}, {before} partidas jugadas antes)": (
        "{id} bola-jokoa instalatuta ({hom} homologazioa, {before} partida jokatuta lehenago)"
    ),
    "Sesión simulada {id}": "{id} saio simulatua",
    "Dispositivos EMULADOS (semilla {seed}): no es una sesión real": (
        "Gailu EMULATUAK ({seed} hazia): ez da benetako saioa"
    ),
    "Serie {code} registrada: {size} cartones de {value}": (
        "{code} seriea erregistratuta: {size} kartoi, {value} bakoitza"
    ),
    "venta abierta": "salmenta irekita",
    "venta cerrada": "salmenta itxita",
    "datos anunciados, puerta cerrada": "datuak iragarrita, atea itxita",
    "extracción": "ateratzea",
    "comprobación de cartón": "kartoia egiaztatzen",
    "bingo cantado: ¿alguna línea más? ¿algún bingo más?": (
        "bingoa kantatuta: lerro gehiagorik? bingo gehiagorik?"
    ),
    "suspendida": "etenda",
    "cerrada, premios por pagar": "itxita, sariak ordaintzeko",
    "premios pagados": "sariak ordainduta",
    "anulada": "baliogabetua",
    " (libro manual)": " (eskuzko liburua)",
    "Mesa de control — {hall}": "Kontrol-mahaia — {hall}",
    "1 · Sesión": "1 · Saioa",
    "2 · Venta": "2 · Salmenta",
    "3 · Extracción y cantos": "3 · Ateratzea eta kantuak",
    "4 · Premios": "4 · Sariak",
    "Pulse para ocultar (Esc)": "Sakatu ezkutatzeko (Esc)",
    "PARTIDA SUSPENDIDA: reanude o devuelva los cartones": (
        "PARTIDA ETENDA: jarraitu edo itzuli kartoien dirua"
    ),
    "Reanudar…": "Jarraitu…",
    "Devolver cartones…": "Kartoien dirua itzuli…",
    "Apertura de la sesión": "Saioaren irekiera",
    "Fecha (AAAA-MM-DD):": "Data (UUUU-HH-EE):",
    "Sesión:": "Saioa:",
    "Jefe de mesa-cajero:": "Mahaiburu-kutxazaina:",
    "Jefe de sala:": "Aretoburua:",
    "Están las 90 bolas, una de cada número (Alt+9)": (
        "90 bolak daude, zenbaki bakoitzeko bat (Alt+9)"
    ),
    "números que faltan, si falta alguno": "falta diren zenbakiak, baten bat falta bada",
    "Leer el juego de bolas con el lector": "Bola-jokoa irakurgailuarekin irakurri",
    "Faltan:": "Falta dira:",
    "Abrir la sesión (F2)": "Saioa ireki (F2)",
    "Cerrar la sesión": "Saioa itxi",
    "Cerrar la sesión (F10)": "Saioa itxi (F10)",
    "Anunciar la última partida…": "Azken partida iragarri…",
    "Anunciar la última partida… (Ctrl+U)": "Azken partida iragarri… (Ctrl+U)",
    "Prima de bingo (la elige el jefe de sala)": "Bingo prima (aretoburuak aukeratzen du)",
    "Fijar el importe": "Zenbatekoa finkatu",
    "Acta de la sesión": "Saioaren akta",
    "Sellar con la clave de la sala": "Aretoaren gakoarekin zigilatu",
    "Guardar el acta… (Ctrl+P)": "Akta gorde… (Ctrl+P)",
    "Iniciar la partida (F3)": "Partida hasi (F3)",
    "Registrar serie… (Ctrl+R)": "Seriea erregistratu… (Ctrl+R)",
    "Venta de cartones (correlativa)": "Kartoien salmenta (korrelatiboa)",
    "Vender (Intro)": "Saldu (Intro)",
    "Vender el rango (Intro)": "Tartea saldu (Intro)",
    "Serie:": "Seriea:",
    "Del cartón:": "Kartoitik:",
    "al:": "hona:",
    "Cerrar la venta (F4)": "Salmenta itxi (F4)",
    "Los paneles ya muestran los datos (F5)": "Panelek datuak erakusten dituzte jada (F5)",
    "Extracción": "Ateratzea",
    "Extraer bola (F6)": "Bola atera (F6)",
    "nº de bola": "bola zk.",
    "Registrar la bola (Intro)": "Bola erregistratu (Intro)",
    "Sorteo manual aleatorio": "Ausazko eskuzko zozketa",
    "Es esta bola (Intro)": "Bola hau da (Intro)",
    "Número de la bola del tubo:": "Hodiko bolaren zenbakia:",
    "No salió ninguna bola": "Ez da bolarik atera",
    "Cotejar cada bola con la mesa": "Bola bakoitza mahaiarekin alderatu",
    "Antes de registrar cada bola, la mesa escribe el número que ve en ella; si no coincide "
    "con el lector, la partida se detiene": (
        "Bola bakoitza erregistratu aurretik, mahaiak bertan ikusten duen zenbakia idazten du; "
        "irakurgailuarekin bat ez badator, partida gelditu egiten da"
    ),
    "¿Qué número ve la mesa en la bola del tubo?": "Zer zenbaki ikusten du mahaiak hodiko bolan?",
    "La mesa ve esta (Intro)": "Mahaiak hau ikusten du (Intro)",
    "No se ve bien": "Ez da ondo ikusten",
    "Comprobar un cartón cantado (F7)": "Kantatutako kartoi bat egiaztatu (F7)",
    "nº de cartón": "kartoi zk.",
    "Línea (Alt+L)": "Lerroa (Alt+L)",
    "Bingo (Alt+B)": "Bingoa (Alt+B)",
    "Cartón:": "Kartoia:",
    "«¿Alguna línea más? ¿Algún bingo más?»": "«Lerro gehiagorik? Bingo gehiagorik?»",
    "Cerrar la partida (F8)": "Partida itxi (F8)",
    "Bola": "Bola",
    "Importe": "Zenbatekoa",
    "A4": "A4",
    "Rollo de 80 mm": "80 mm-ko erroilua",
    "Justificante de la prima…": "Primaren egiaztagiria…",
    "Justificante detallado y su duplicado para el cartón ganador": (
        "Egiaztagiri xehatua eta haren bikoiztua kartoi irabazlearentzat"
    ),
    "Comprobante del ganador…": "Irabazlearen frogagiria…",
    "El cartón premiado de la fila elegida, con las bolas extraídas": (
        "Aukeratutako errenkadako kartoi saritua, ateratako bolekin"
    ),
    "Formato:": "Formatua:",
    "Premios pagados contra entrega del cartón (F9)": "Sariak ordainduta, kartoia entregatuta (F9)",
    "Registro de la partida": "Partidaren erregistroa",
    "&Sesión": "&Saioa",
    "Abrir la sesión": "Saioa ireki",
    "Iniciar la partida": "Partida hasi",
    "Cerrar la venta": "Salmenta itxi",
    "Datos en los paneles": "Datuak paneletan",
    "Extraer bola": "Bola atera",
    "Comprobar un cartón": "Kartoi bat egiaztatu",
    "Cerrar la partida": "Partida itxi",
    "Pagar los premios": "Sariak ordaindu",
    "Registrar una serie…": "Serie bat erregistratu…",
    "Incorporar el libro manual…": "Eskuzko liburua txertatu…",
    "Acta de la sesión…": "Saioaren akta…",
    "&Incidencias": "&Gorabeherak",
    "&Ver": "&Ikusi",
    "Sesión": "Saioa",
    "Venta": "Salmenta",
    "Premios": "Sariak",
    "Suspender (avería antes de la primera bola)…": "Eten (matxura lehen bolaren aurretik)…",
    "Reanudar la partida suspendida…": "Etendako partidarekin jarraitu…",
    "Devolver los cartones de la partida suspendida…": "Etendako partidaren kartoien dirua itzuli…",
    "Extracción manual (avería con bolas extraídas)…": "Eskuzko ateratzea (matxura bolak aterata)…",
    "Irregularidad de bolas o mecanismo: anular…": (
        "Bolen edo mekanismoaren irregulartasuna: baliogabetu…"
    ),
    "Error del locutor que no se puede subsanar: anular…": (
        "Zuzendu ezin den esatariaren akatsa: baliogabetu…"
    ),
    "Corregir una bola mal anunciada…": "Gaizki iragarritako bola bat zuzendu…",
    "{what}: {reason}": "{what}: {reason}",
    "{what}: error inesperado: {reason}": "{what}: ustekabeko errorea: {reason}",
    "Prima de bingo": "Bingo prima",
    "Última partida": "Azken partida",
    "Se anunciará a la sala que la partida {n} es la última de la sesión. Después no puede "
    "jugarse ninguna otra.": (
        "Aretoari iragarriko zaio {n}. partida saioko azkena dela. Gero ezin da beste bat ere "
        "jokatu."
    ),
    "Anunciar la última partida": "Azken partida iragarri",
    "Registrar la serie": "Seriea erregistratu",
    "El libro manual se incorpora con la sesión abierta": (
        "Eskuzko liburua saioa irekita dagoela txertatzen da"
    ),
    "Partida {numbers} incorporada del libro manual": (
        "{numbers}. partida eskuzko liburutik txertatuta"
    ),
    "Partidas {numbers} incorporadas del libro manual": (
        "{numbers} partidak eskuzko liburutik txertatuta"
    ),
    "No hay ninguna serie a la venta: registre una": "Ez dago seriarik salgai: erregistratu bat",
    "Extrayendo la bola {n}…": "{n}. bola ateratzen…",
    "Bola {n}": "{n}. bola",
    "Bola del tubo": "Hodiko bola",
    "Las bolas salen del extractor; el número solo se escribe en extracción manual o cuando el "
    "lector no puede leer la bola": (
        "Bolak ateragailutik ateratzen dira; zenbakia eskuzko ateratzean bakarrik idazten da, "
        "edo irakurgailuak bola irakurri ezin duenean"
    ),
    "Sorteo manual": "Eskuzko zozketa",
    "Extracción {n}: escriba el número que ve la mesa en la bola": (
        "{n}. ateratzea: idatzi mahaiak bolan ikusten duen zenbakia"
    ),
    "Extracción: fallo del dispositivo: {e}": "Ateratzea: gailuaren hutsegitea: {e}",
    "Juego de bolas y recuento ante el jefe de sala": (
        "Bola-jokoa eta zenbaketa aretoburuaren aurrean"
    ),
    "Cambiar el juego… (Ctrl+B)": "Jokoa aldatu… (Ctrl+B)",
    "Cambiar el juego de bolas…": "Bola-jokoa aldatu…",
    "El juego de bolas ha cambiado: léalo con el lector (página Sesión) antes de extraer": (
        "Bola-jokoa aldatu da: irakurri irakurgailuarekin (Saioa orria) atera aurretik"
    ),
    "Registrar el recuento del juego nuevo": "Joko berriaren zenbaketa erregistratu",
    "Irregularidad de bolas: anular…": "Bolen irregulartasuna: baliogabetu…",
    "Seguir por extracción manual…": "Eskuzko ateratzearekin jarraitu…",
    "Suspender la partida…": "Partida eten…",
    "{device}: sin comunicación": "{device}: komunikaziorik gabe",
    "{device}: en línea": "{device}: linean",
    "{device}: se ha reiniciado": "{device}: berrabiarazi da",
    "{device}: cambio en sus averías": "{device}: aldaketa matxuretan",
    "{device}: se han perdido avisos": "{device}: abisuak galdu dira",
    "Comprobar el cartón": "Kartoia egiaztatu",
    "LÍNEA CORRECTA": "LERRO ZUZENA",
    "BINGO CORRECTO": "BINGO ZUZENA",
    "{verdict}: {series} / {number}": "{verdict}: {series} / {number}",
    "NO HAY {prize}: {series} / {number}": "EZ DAGO {prize}: {series} / {number}",
    "Antes de cerrar, pregunte «¿Alguna línea más? ¿Algún bingo más?»": (
        "Itxi aurretik, galdetu «Lerro gehiagorik? Bingo gehiagorik?»"
    ),
    "Documentos PDF (*.pdf)": "PDF dokumentuak (*.pdf)",
    "{what}: preparando el PDF…": "{what}: PDFa prestatzen…",
    "{what}: todavía no hay ninguna sesión": "{what}: oraindik ez dago saiorik",
    "Guardar el acta de la sesión {id}, sellada con la clave de la sala": (
        "{id} saioaren akta gorde, aretoaren gakoarekin zigilatuta"
    ),
    "Guardar el acta de la sesión {id}": "{id} saioaren akta gorde",
    "cerrada": "itxita",
    "en curso, hasta la partida {n}": "martxan, {n}. partidara arte",
    "en curso, sin partidas todavía": "martxan, partidarik gabe oraindik",
    "Acta de la sesión {id} ({state}) guardada{sealed} en {path}": (
        "{id} saioaren akta ({state}) gordeta{sealed}: {path}"
    ),
    " y sellada": " eta zigilatuta",
    "Comprobante del ganador": "Irabazlearen frogagiria",
    "Justificante de la prima": "Primaren egiaztagiria",
    "{what}: la partida {n} no está cerrada": "{what}: {n}. partida ez dago itxita",
    "{what}: la partida {n} no tiene ese premio": "{what}: {n}. partidak ez du sari hori",
    "{what}: partida {n}, {prize}, cartón {series} / {number}": (
        "{what}: {n}. partida, {prize}, {series} / {number} kartoia"
    ),
    "Comprobante": "Frogagiria",
    "Justificante y duplicado": "Egiaztagiria eta bikoiztua",
    "{kind} de {prize} de la partida {n} ({series} / {number}) guardado en {path}": (
        "{n}. partidako {prize} sariaren {kind} ({series} / {number}) gordeta: {path}"
    ),
    "sin partida en curso": "partidarik martxan ez",
    "Sesión {id}": "{id} saioa",
    "EMULADO: no es una sesión real": "EMULATUA: ez da benetako saioa",
    "Sin sesión abierta": "Saiorik irekita ez",
    "última: la {n}": "azkena: {n}.a",
    "PUERTA CERRADA\nno entra nadie": "ATEA ITXITA\nez da inor sartzen",
    "PUERTA ABIERTA": "ATEA IREKITA",
    "Estado: {state}": "Egoera: {state}",
    "No hay ninguna sesión abierta.": "Ez dago saiorik irekita.",
    "Sesión {id} del {date}: {n} partidas. Mesa: {mesa}. Sala: {sala}.": (
        "{id} saioa, {date}: {n} partida. Mahaia: {mesa}. Aretoa: {sala}."
    ),
    "Del libro manual: {numbers}.": "Eskuzko liburutik: {numbers}.",
    "Extrayendo…": "Ateratzen…",
    "Extracción manual desde la bola {n}: bolas pendientes, al azar": (
        "Eskuzko ateratzea {n}. bolatik aurrera: falta diren bolak, ausaz"
    ),
    "Bolas del extractor y el lector automático.": (
        "Ateragailuaren bolak eta irakurgailu automatikoa."
    ),
    "Sin dispositivos conectados: escriba el número de cada bola.": (
        "Gailurik konektatu gabe: idatzi bola bakoitzaren zenbakia."
    ),
    "{n}\nbolas": "{n}\nbola",
    "En vigor {amount}; fondo {fund}; límite de bolas {limit}.": (
        "Indarrean {amount}; funtsa {fund}; bola-muga {limit}."
    ),
    "Sin importe elegido.": "Zenbatekorik aukeratu gabe.",
    " electrónica": " elektronikoa",
    "{code}{kind} ({value})": "{code}{kind} ({value})",
    "sigue por el cartón {n} (quedan {left})": (
        "{n}. kartoitik jarraitzen du ({left} geratzen dira)"
    ),
    " (electrónicos)": " (elektronikoak)",
    "Serie {series}: cartones {first} a {last} — {count}{kind}": (
        "{series} seriea: {first}. kartoitik {last}.era — {count}{kind}"
    ),
    "Vendidos {cards} cartones · recaudación {takings}": (
        "Saldutako kartoiak: {cards} · bildutakoa: {takings}"
    ),
    "Partida {n}.": "{n}. partida.",
    "Prima de bingo: {amount} si se canta bingo hasta la bola {limit}.": (
        "Bingo prima: {amount}, bingoa {limit}. bolara arte kantatzen bada."
    ),
    "Bola loca: {numbers}.": "Bola zoroa: {numbers}.",
    "ÚLTIMA PARTIDA de la sesión.": "Saioko AZKEN PARTIDA.",
    "Anuncie: {cards} cartones vendidos ({ranges}). Línea {line}. Bingo {bingo}.": (
        "Iragarri: {cards} kartoi salduta ({ranges}). Lerroa {line}. Bingoa {bingo}."
    ),
    "{partida} cerrada: pague cada premio contra entrega del cartón ganador.": (
        "{partida} itxita: ordaindu sari bakoitza kartoi irabazlea entregatzean."
    ),
    "{partida}: premios pagados.": "{partida}: sariak ordainduta.",
    "{partida} anulada: se devuelven {refund}.": "{partida} baliogabetua: {refund} itzultzen dira.",
    "{partida} en juego.": "{partida} jokoan.",
    "Total a pagar: {total}": "Ordaintzeko guztira: {total}",
    " · restos de reparto al acta: {residue}": " · banaketaren hondarrak aktara: {residue}",
    "Comprobar (Intro)": "Egiaztatu (Intro)",
    "Preguntado: nadie más canta": "Galdetuta: beste inork ez du kantatzen",
    "«¿Alguna línea más?» antes de la bola siguiente": (
        "«Lerro gehiagorik?» hurrengo bolaren aurretik"
    ),
    "Antes de la bola siguiente, pregunte «¿Alguna línea más?» y compruebe las que se canten; "
    "después pulse Alt+N (nadie más canta)": (
        "Hurrengo bolaren aurretik, galdetu «Lerro gehiagorik?» eta egiaztatu kantatzen direnak; "
        "gero sakatu Alt+N (beste inork ez du kantatzen)"
    ),
    "Cerrar la consola": "Kontsola itxi",
    "Cerrar la venta (Intro)": "Salmenta itxi (Intro)",
    "Devolver a la mesa": "Mahaira itzuli",
    "Devolver:": "Itzuli:",
    "Devolver cartones": "Kartoiak itzuli",
    "Devueltos a la mesa: serie {series}, cartones {first} a {last}": (
        "Mahaira itzuliak: {series} seriea, {first}. kartoitik {last}.era"
    ),
    "Devueltos a la mesa: serie {series}, cartones {first} a {last} ({count})": (
        "Mahaira itzuliak: {series} seriea, {first}. kartoitik {last}.era ({count})"
    ),
    "La partida {n} está en juego. Si cierra la consola, todo lo registrado queda guardado y "
    "la partida sigue donde quedó al abrirla de nuevo (bingo-hall run); mientras tanto no se "
    "extrae ninguna bola ni se comprueba ningún cartón.": (
        "{n}. partida jokoan dago. Kontsola ixten baduzu, erregistratutako guztia gordeta "
        "geratzen da eta partidak utzi zen tokian jarraitzen du berriro irekitzean (bingo-hall "
        "run); bitartean ez da bolarik ateratzen ezta kartoirik egiaztatzen ere."
    ),
    "Se cierra la venta de la partida {n}: {cards} cartones, {takings}. Después no puede "
    "venderse ni devolverse ningún cartón.": (
        "{n}. partidaren salmenta ixten da: {cards} kartoi, {takings}. Gero ezin da kartoirik "
        "saldu ezta itzuli ere."
    ),
    "Seguir en la consola (Intro)": "Kontsolan jarraitu (Intro)",
    "ninguna venta que devolver": "ez dago itzultzeko salmentarik",
    "últimos de la venta {sale}": "{sale}. salmentako azkenak",
    "{series} {first}–{last}": "{series} {first}–{last}",
    " Y BOLA LOCA": " ETA BOLA ZOROA",
    " Y PRIMA": " ETA PRIMA",
    "Bingo {bingo}": "Bingoa {bingo}",
    "Bola loca {fund} ({numbers})": "Bola zoroa {fund} ({numbers})",
    "Interconectado: ganado en otra sala": "Elkarlotua: beste areto batean irabazia",
    "Interconectado: no ganado en esta partida": "Elkarlotua: ez da partida honetan irabazi",
    "Interconectado ganado: {amount}": "Elkarlotua irabazia: {amount}",
    "Interconectado {amount} hasta la bola {limit}": "Elkarlotua {amount}, {limit}. bolara arte",
    "Línea {line}": "Lerroa {line}",
    "Prima {amount} hasta la bola {limit}": "Prima {amount}, {limit}. bolara arte",
    "Anuncie: {cards} cartón vendido ({ranges}). Línea {line}. Bingo {bingo}.": (
        "Iragarri: kartoi {cards} salduta ({ranges}). Lerroa {line}. Bingoa {bingo}."
    ),
    "Se cierra la venta de la partida {n}: {cards} cartón, {takings}. Después no puede "
    "venderse ni devolverse ningún cartón.": (
        "{n}. partidaren salmenta ixten da: kartoi {cards}, {takings}. Gero ezin da kartoirik "
        "saldu ezta itzuli ere."
    ),
    "Sesión {id} del {date}: {n} partida. Mesa: {mesa}. Sala: {sala}.": (
        "{id} saioa, {date}: partida {n}. Mahaia: {mesa}. Aretoa: {sala}."
    ),
    "Vendido {cards} cartón · recaudación {takings}": (
        "Saldutako kartoiak: {cards} · bildutakoa: {takings}"
    ),
    "{n}\nbola": "{n}\nbola",
    "Acta de la sesión {id} enviada a la impresora {printer}": (
        "{id} saioaren akta {printer} inprimagailura bidalita"
    ),
    "Caja de la sesión…": "Saioaren kutxa…",
    "Imprimir el acta": "Akta inprimatu",
    "Imprimir el acta (Ctrl+Shift+P)": "Akta inprimatu (Ctrl+Shift+P)",
    "Imprimir el comprobante": "Frogagiria inprimatu",
    "Imprimir el justificante": "Egiaztagiria inprimatu",
    "Opciones de la consola…": "Kontsolaren aukerak…",
    "{kind} de {prize} de la partida {n} ({series} / {number}) enviado a la impresora {printer}": (
        "{n}. partidako {prize} sariaren {kind} ({series} / {number}) {printer} inprimagailura "
        "bidalita"
    ),
    "{what}: no hay impresora elegida; elíjala en Sesión → Opciones (Ctrl+O)": (
        "{what}: ez dago inprimagailurik aukeratuta; aukeratu Saioa → Aukerak atalean (Ctrl+O)"
    ),
    # the device alarm (ui/console/alarm.py)
    "el extractor": "ateragailua",
    "el lector": "irakurgailua",
    "los paneles de la sala": "aretoko panelak",
    "el dispositivo {name}": "{name} gailua",
    "Extractor": "Ateragailua",
    "Lector": "Irakurgailua",
    "Paneles": "Panelak",
    "sin aire": "airerik gabe",
    "atasco": "trabatuta",
    "doble salida de bolas": "bolen irteera bikoitza",
    "sensor del tubo": "hodiko sentsorea",
    "puerta abierta": "atea irekita",
    "juego de bolas incompleto": "bola-jokoa osatu gabe",
    "óptica averiada": "optika matxuratuta",
    "Avise al servicio técnico: sin él no se extrae ninguna bola; si no vuelve antes de "
    "la primera bola, la partida se suspende.": (
        "Deitu zerbitzu teknikoari: gailurik gabe ez da bolarik ateratzen; lehen bolaren "
        "aurretik itzultzen ez bada, partida eten egiten da."
    ),
    "La partida sigue por extracción manual (Alt+A): no necesita el dispositivo.": (
        "Partidak eskuzko ateratzearekin jarraitzen du (Alt+A): ez du gailurik behar."
    ),
    "Espere unos segundos. Si no vuelve: F6 y suspender la partida (Ctrl+I); si no se "
    "repara, se devuelven los cartones.": (
        "Itxaron segundo batzuk. Itzultzen ez bada: F6 eta partida eten (Ctrl+I); konpontzen "
        "ez bada, kartoien dirua itzultzen da."
    ),
    "Espere unos segundos. Si no vuelve: F6, y la consola ofrece la extracción manual "
    "(Ctrl+I) con las bolas del bombo.": (
        "Itxaron segundo batzuk. Itzultzen ez bada: F6, eta kontsolak eskuzko ateratzea "
        "eskaintzen du (Ctrl+I) danborreko bolekin."
    ),
    "en línea": "linean",
    "SIN COMUNICACIÓN CON {device}": "{device} KOMUNIKAZIORIK GABE",
    "SIN COMUNICACIÓN": "KOMUNIKAZIORIK GABE",
    "AVERÍA EN {device}: {faults}": "{device} MATXURATUTA: {faults}",
    "AVERÍA ({faults})": "MATXURA ({faults})",
    "{device}: {state}": "{device}: {state}",
    # the strip on every page (ui/console/strip.py)
    "Últimas bolas:": "Azken bolak:",
    "Sin premios en juego": "Ez dago saririk jokoan",
    # the automatic extraction (ui/console/autodraw.py)
    " s por bola": " s bolako",
    "Automática, ritmo:": "Automatikoa, erritmoa:",
    "Voz: canta el {ball}": "Ahotsa: {ball} esaten",
    "en cola: {balls}": "ilaran: {balls}",
    "EN MARCHA: una bola cada {pace} s — Esc para": (
        "MARTXAN: bola bat {pace} s-ro — Esc gelditzeko"
    ),
    "Extracción automática": "Ateratze automatikoa",
    "Extracción automática (Ctrl+F6)": "Ateratze automatikoa (Ctrl+F6)",
    "Extracción automática parada: {why}": "Ateratze automatikoa geldituta: {why}",
    "Extracción automática: elija antes el ritmo (segundos por bola)": (
        "Ateratze automatikoa: aukeratu lehenik erritmoa (segundoak bolako)"
    ),
    "Extracción automática: no puede empezar ({why})": (
        "Ateratze automatikoa: ezin da hasi ({why})"
    ),
    "Extracción automática: una bola cada {pace} s": "Ateratze automatikoa: bola bat {pace} s-ro",
    "PARAR (Esc)": "GELDITU (Esc)",
    "Parada: {why}": "Geldituta: {why}",
    "desactivada": "desaktibatuta",
    "fin de la partida": "partidaren amaiera",
    "hay que leer la bola del tubo": "hodiko bola irakurri behar da",
    "la extracción está detenida": "ateratzea geldituta dago",
    "la partida sigue por extracción manual": "partidak eskuzko ateratzearekin jarraitzen du",
    "la mesa pulsó PARAR": "mahaiak GELDITU sakatu du",
    "premio de un cartón electrónico": "kartoi elektroniko baten saria",
    "problema de un dispositivo": "gailu baten arazoa",
    "se ha cantado": "kantatu egin da",
    "sin extractor las bolas se escriben": "ateragailurik gabe bolak idatzi egiten dira",
    # sales by seller (issue 9)
    "Vendedor (Alt+E):": "Saltzailea (Alt+E):",
    "(sin vendedor)": "(saltzailerik gabe)",
    # the automatic extraction's minimum pace (decision 251)
    (
        "Extracción automática: como mucho una bola cada {pace} s, para que todos "
        "los jugadores puedan seguirlas"
    ): ("Ateratze automatikoa: gehienez bola bat {pace} s-ro, jokalari guztiek jarrai diezaieten"),
    "Nadie más canta línea: F6, la bola siguiente": (
        "Beste inork ez du lerroa kantatzen: F6, hurrengo bola"
    ),
    "Salir": "Irten",
    "Dispositivos: sin noticias (sin conexión con el servidor)": (
        "Gailuak: berririk ez (zerbitzariarekin konexiorik gabe)"
    ),
    "Interrupción del sistema de la sala": "Aretoko sistemaren etenaldia",
    # the hall PC's clock (ui/console/clock.py)
    "reloj: sincronización desconocida": "erlojua: sinkronizazio ezezaguna",
    "⚠ reloj sin sincronizar": "⚠ erlojua sinkronizatu gabe",
    (
        "El reloj de este ordenador no está sincronizado: las horas del registro y del acta son "
        "las suyas. Póngalo en hora y active su sincronización"
    ): (
        "Ordenagailu honen erlojua ez dago sinkronizatuta: erregistroko eta aktako orduak "
        "berea dira. Jarri orduan eta aktibatu bere sinkronizazioa"
    ),
    # a server that no longer takes the console's key (ui/client/station.py)
    (
        "El servidor de la sala ya no reconoce a esta consola y la sala aún no tiene "
        "operadores, así que nadie puede iniciar sesión: cierre la consola y el servidor "
        "que sirve la sala, y vuelva a abrirla (make run)"
    ): (
        "Aretoko zerbitzariak ez du kontsola hau ezagutzen eta aretoak ez du oraindik "
        "operadorerik, beraz inork ezin du saioa hasi: itxi kontsola eta aretoa zerbitzatzen "
        "duen zerbitzaria, eta ireki berriro (make run)"
    ),
    "el libro manual se incorpora en el servidor de la sala": (
        "eskuzko liburua aretoko zerbitzarian sartzen da"
    ),
}
