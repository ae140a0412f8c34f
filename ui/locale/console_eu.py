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

CONSOLE_BASQUE: Mapping[str, str] = {
    "Incidencia: {title}": "Gorabehera: {title}",
    "El jefe de sala lee en voz alta el párrafo del reglamento:": (
        "Aretoburuak araudiaren paragrafoa irakurtzen du ozen:"
    ),
    "Párrafo leído en voz alta por el jefe de sala (Alt+P)": (
        "Aretoburuak paragrafoa ozen irakurri du (Alt+P)"
    ),
    "qué ha pasado (consta en el acta)": "zer gertatu den (aktan jasotzen da)",
    "Nota:": "Oharra:",
    "Extracción número:": "Ateratze-zenbakia:",
    "La bola es el:": "Bola hau da:",
    "Cancelar": "Utzi",
    "Acceso a la mesa de control": "Kontrol-mahaian sartzea",
    "Aceptar": "Ados",
    "Al mando: {asked} ({station})": "Aginteak: {asked} ({station})",
    "Autorización del jefe de sala": "Aretoburuaren baimena",
    "Escriba su nombre de operador y su PIN.": "Idatzi zure operadore-izena eta PINa.",
    "Nombre": "Izena",
    "PIN o contraseña": "PINa edo pasahitza",
    "Pide {asked}; autoriza el jefe de sala {authorised}": (
        "{asked}(e)k eskatua; {authorised} aretoburuak baimendua"
    ),
    "{action}: lo autoriza el jefe de sala con su nombre y su PIN, ahora.": (
        "{action}: aretoburuak baimentzen du bere izenarekin eta PINarekin, orain."
    ),
    "{action}: sin la autorización del jefe de sala no se hace": (
        "{action}: aretoburuaren baimenik gabe ez da egiten"
    ),
    "Registrar una serie": "Serie bat erregistratu",
    "cartones electrónicos": "kartoi elektronikoak",
    "Código:": "Kodea:",
    "Juego de cartones:": "Kartoi-jokoa:",
    "Cartones:": "Kartoiak:",
    "Valor facial:": "Ageriko balioa:",
    "faltan: {numbers}": "falta dira: {numbers}",
    "repetidas: {numbers}": "errepikatuak: {numbers}",
    "dañadas: {note}": "hondatuak: {note}",
    "hay bolas dañadas": "bola hondatuak daude",
    "Recuento de bolas: apertura": "Bolen zenbaketa: irekiera",
    "Recuento de bolas: cierre": "Bolen zenbaketa: itxiera",
    "Recuento de las bolas al abrir la sesión": "Bolen zenbaketa saioa irekitzean",
    "Recuento de las bolas al cerrar la sesión": "Bolen zenbaketa saioa ixtean",
    "Ante el jefe de sala, «comprobando su numeración y que se encuentran en perfecto estado» "
    "(Cantabria II.2).": (
        "Aretoburuaren aurrean, «haien zenbakiak eta egoera ezin hobean daudela egiaztatuz» "
        "(Kantabria II.2)."
    ),
    "Numeración: el lector ha leído las 90 bolas, una de cada número.": (
        "Zenbakiak: irakurgailuak 90 bolak irakurri ditu, zenbaki bakoitzeko bat."
    ),
    "Numeración: están las 90 bolas, una de cada número (recuento a mano).": (
        "Zenbakiak: 90 bolak daude, zenbaki bakoitzeko bat (eskuz zenbatuta)."
    ),
    "Numeración: NO es correcta ({problem}).": "Zenbakiak: EZ dira zuzenak ({problem}).",
    "Estado: compruebe que ninguna bola tiene golpes, grietas ni el número borroso.": (
        "Egoera: egiaztatu bolarik ez dagoela kolpatuta, arrakalatuta edo zenbakia lausotuta."
    ),
    "&Todas en perfecto estado": "&Guztiak egoera ezin hobean",
    "&Hay bolas dañadas": "&Bola hondatuak daude",
    "cuáles y qué les pasa, p. ej. «la 17 agrietada»": (
        "zein eta zer duten, adib. «17a arrakalatuta»"
    ),
    "¿Cuáles y cómo?": "Zein eta nola?",
    "Registrar el recuento y abrir la sesión": "Zenbaketa erregistratu eta saioa ireki",
    "Registrar el recuento no conforme": "Zenbaketa ez-egokia erregistratu",
    "Registrar el recuento y cerrar la sesión": "Zenbaketa erregistratu eta saioa itxi",
    "Cerrar la sesión con la comprobación no conforme": "Saioa itxi egiaztapen ez-egokiarekin",
    "Volver a contar": "Berriro zenbatu",
    "Escriba qué bolas están dañadas y qué les pasa: consta en el registro y en el acta.": (
        "Idatzi zein bola dauden hondatuta eta zer duten: erregistroan eta aktan jasotzen da."
    ),
    "El recuento se registrará como no conforme y la sesión NO podrá abrirse: cambie el juego "
    "de bolas por el de reserva y cuéntelo de nuevo.": (
        "Zenbaketa ez-egoki gisa erregistratuko da eta saioa EZIN izango da ireki: aldatu "
        "bola-jokoa erreserbakoarekin eta zenbatu berriro."
    ),
    "La comprobación de cierre NO es conforme. Se registrará así y la sesión se cerrará "
    "igualmente: el acta la mostrará como «no conforme». Si cree que ha contado mal, vuelva a "
    "contar antes.": (
        "Itxierako egiaztapena EZ da egokia. Horrela erregistratuko da eta saioa hala ere itxiko "
        "da: aktak «ez egokia» gisa erakutsiko du. Gaizki zenbatu duzula uste baduzu, zenbatu "
        "berriro lehenago."
    ),
    "Diga en qué estado están las bolas.": "Esan zer egoeratan dauden bolak.",
    "Se registrará el recuento y se abrirá la sesión.": (
        "Zenbaketa erregistratuko da eta saioa irekiko da."
    ),
    "Se registrará el recuento y se cerrará la sesión.": (
        "Zenbaketa erregistratuko da eta saioa itxiko da."
    ),
    "bola dañada": "bola hondatua",
    "límite de partidas": "partiden muga",
    "recuento fallido": "zenbaketa okerra",
    "cambio programado": "aldaketa programatua",
    "{id} · homologación {hom} · {played} de {limit} partidas": (
        "{id} · {hom} homologazioa · {played}/{limit} partida"
    ),
    " · aparato no neumático": " · aparatu ez-pneumatikoa",
    " · LÍMITE ALCANZADO": " · MUGA IRITSI DA",
    "Cambiar el juego de bolas": "Bola-jokoa aldatu",
    "No hay ningún juego de bolas instalado.": "Ez dago bola-jokorik instalatuta.",
    "Instalado ahora: {set}": "Orain instalatuta: {set}",
    "El cambio consta en el acta. Escriba los datos del juego nuevo como figuran en la copia "
    "de su resolución de homologación.": (
        "Aldaketa aktan jasotzen da. Idatzi joko berriaren datuak, homologazio-ebazpenaren "
        "kopian ageri diren bezala."
    ),
    "p. ej. el del juego de reserva": "adib. erreserbako jokoarena",
    "Aparato neumático: se cambia a las {max} partidas como máximo": (
        "Aparatu pneumatikoa: gehienez {max} partidatan aldatzen da"
    ),
    "elija o escriba el motivo (consta en el acta)": (
        "aukeratu edo idatzi arrazoia (aktan jasotzen da)"
    ),
    "Usar esos datos": "Datu horiek erabili",
    "Identificador del juego:": "Jokoaren identifikatzailea:",
    "Número de homologación:": "Homologazio-zenbakia:",
    "Partidas garantizadas por el fabricante:": "Fabrikatzaileak bermatutako partidak:",
    "Partidas ya jugadas (0 si el juego es nuevo):": (
        "Jada jokatutako partidak (0 jokoa berria bada):"
    ),
    "Motivo del cambio:": "Aldaketaren arrazoia:",
    "Registrar el cambio": "Aldaketa erregistratu",
    "Este juego ya se usó en esta sala: homologación {hom}, {played} partidas jugadas según el "
    "registro (declare al menos esas).": (
        "Joko hau areto honetan erabili da jada: {hom} homologazioa, {played} partida jokatuta "
        "erregistroaren arabera (aitortu gutxienez horiek)."
    ),
    "Límite de este juego: {limit} partidas; le quedan {left}.": (
        "Joko honen muga: {limit} partida; {left} geratzen zaizkio."
    ),
    "Este juego ya ha jugado su límite de {limit} partidas.": (
        "Joko honek {limit} partidako muga jokatu du jada."
    ),
    "el identificador del juego": "jokoaren identifikatzailea",
    "el número de homologación": "homologazio-zenbakia",
    "el motivo del cambio": "aldaketaren arrazoia",
    "Falta {what}. No se ha registrado nada.": "Falta da: {what}. Ez da ezer erregistratu.",
    "{refusal}. No se ha registrado nada.": "{refusal}. Ez da ezer erregistratu.",
    "qué pasó: la avería, desde qué bola se llevó a mano…": (
        "zer gertatu zen: matxura, zein bolatik aurrera eraman zen eskuz…"
    ),
    "números separados por espacios (vacío si no hubo)": (
        "zenbakiak zuriunez bereizita (hutsik, ez bazen izan)"
    ),
    "Serie": "Seriea",
    "Del cartón": "Kartoitik",
    "Al cartón": "Kartoira",
    "Cartones": "Kartoiak",
    "Añadir &venta": "&Salmenta gehitu",
    "Quitar venta": "Salmenta kendu",
    "las bolas en el orden en que salieron, separadas por espacios": (
        "bolak atera ziren ordenan, zuriunez bereizita"
    ),
    "Tras la bola nº": "Bola zk. honen ondoren",
    "Cartón": "Kartoia",
    "Premio": "Saria",
    "Añadir &canto": "&Kantua gehitu",
    "Quitar canto": "Kantua kendu",
    "Partida &anulada:": "Partida &baliogabetua:",
    "nota de la anulación, como consta en el libro": (
        "baliogabetzearen oharra, liburuan dagoen bezala"
    ),
    "Partida nº:": "Partida zk.:",
    "Bola loca:": "Bola zoroa:",
    "Bolas:": "Bolak:",
    "Ventas": "Salmentak",
    "Cantos": "Kantuak",
    "Partida {n}": "{n}. partida",
    "Bolas": "Bolak",
    "{n} bolas; la última, el {last}": "{n} bola; azkena, {last}a",
    "ninguna bola": "bolarik ez",
    "{where}, venta {i}": "{where}, {i}. salmenta",
    "{here}: falta la serie": "{here}: seriea falta da",
    "{where}, canto {i}": "{where}, {i}. kantua",
    "{where}, bola loca": "{where}, bola zoroa",
    "{where}, bolas": "{where}, bolak",
    "{where}: «{text}» no es un número": "{where}: «{text}» ez da zenbaki bat",
    " electr.": " elektr.",
    "anulada por {incident}; se devuelve el importe": (
        "{incident}(e)gatik baliogabetua; zenbatekoa itzultzen da"
    ),
    "se cierra y se pagan los premios": "ixten da eta sariak ordaintzen dira",
    "Incorporar el libro manual": "Eskuzko liburua txertatu",
    "Partidas del libro manual": "Eskuzko liburuko partidak",
    "Abrir un &fichero del libro…": "Liburuaren &fitxategia ireki…",
    "Guardar &plantilla…": "&Txantiloia gorde…",
    "de": "kopurua:",
    "La partida {n} está abierta en el sistema: el formulario trae lo que ya consta (ventas, "
    "bolas, cantos); añada lo que el libro recoge desde la avería.": (
        "{n}. partida irekita dago sisteman: formularioak jada jasota dagoena dakar (salmentak, "
        "bolak, kantuak); gehitu liburuak matxuratik aurrera jasotzen duena."
    ),
    "Abra el fichero del libro transcrito o escriba cada partida tal como consta en el libro. "
    "La siguiente partida de la sesión es la {n}.": (
        "Ireki transkribatutako liburuaren fitxategia edo idatzi partida bakoitza liburuan "
        "dagoen bezala. Saioaren hurrengo partida {n}.a da."
    ),
    "Añadir pa&rtida": "&Partida gehitu",
    "Quitar partida": "Partida kendu",
    "Partidas del libro": "Liburuko partidak",
    "Revisar antes de registrar →": "Berrikusi erregistratu aurretik →",
    "partida (la {first})": "partida ({first}.a)",
    "partidas (de la {first} a la {last})": "partida ({first}.etik {last}.era)",
    "Guardar la plantilla del libro manual": "Eskuzko liburuaren txantiloia gorde",
    "No se puede guardar la plantilla «{name}»: {reason}": (
        "Ezin da «{name}» txantiloia gorde: {reason}"
    ),
    "Plantilla guardada en «{name}» para {count} partidas ({numbers}).": (
        "Txantiloia «{name}»(e)n gordeta, {count} partidatarako ({numbers})."
    ),
    "Abrir el libro manual transcrito": "Transkribatutako eskuzko liburua ireki",
    "No se puede leer «{name}»: {reason}": "Ezin da «{name}» irakurri: {reason}",
    "«{name}» no es un JSON válido ({reason})": "«{name}» ez da JSON baliodun bat ({reason})",
    "«{name}»: {reason}": "«{name}»: {reason}",
    "Cargado «{name}»: {n} partidas. Revíselas aquí antes de registrarlas.": (
        "«{name}» kargatuta: {n} partida. Berrikusi hemen erregistratu aurretik."
    ),
    "Reglamento, {reference}:": "Araudia, {reference}:",
    "Partida": "Partida",
    "Series": "Serieak",
    "Final": "Amaiera",
    "← &Volver al libro": "← &Itzuli liburura",
    "&Incorporar al registro": "&Erregistroan txertatu",
    "Se registrará la partida {numbers} del libro manual": (
        "Eskuzko liburuko {numbers}. partida erregistratuko da"
    ),
    "Se registrarán {n} partidas del libro manual ({numbers})": (
        "Eskuzko liburuko {n} partida erregistratuko dira ({numbers})"
    ),
    ": {cards} cartones, {balls} bolas, {claims} cantos.": (
        ": {cards} kartoi, {balls} bola, {claims} kantu."
    ),
    "Se juegan con las mismas reglas que en la sala: los premios y los fondos de prima y de "
    "bola loca los calcula el sistema. Todo o nada: si una partida no cuadra no se registra "
    "ninguna. Quedan marcadas «libro manual» en el registro y en el acta.": (
        "Aretoko arau berberekin jokatzen dira: sariak eta prima eta bola zoroaren funtsak "
        "sistemak kalkulatzen ditu. Dena edo ezer ez: partida batek bat ez badator, ez da bat "
        "ere erregistratzen. «Eskuzko liburua» markarekin geratzen dira erregistroan eta aktan."
    ),
    "La partida {n} estaba abierta en el sistema: se completa con el libro, y lo que ya consta "
    "debe coincidir con él.": (
        "{n}. partida irekita zegoen sisteman: liburuarekin osatzen da, eta jada jasota dagoenak "
        "bat etorri behar du harekin."
    ),
    "{reason}. No se ha registrado nada.": "{reason}. Ez da ezer erregistratu.",
    "El registro rechaza el libro: {reason}": "Erregistroak liburua baztertzen du: {reason}",
    "Error inesperado al registrar el libro: {reason}": (
        "Ustekabeko errorea liburua erregistratzean: {reason}"
    ),
    "físicos": "fisikoak",
    "electrónicos": "elektronikoak",
    "irregularidad de las bolas": "bolen irregulartasuna",
    "error del locutor": "esatariaren akatsa",
    "Libro manual (*.json);;Todos los ficheros (*)": (
        "Eskuzko liburua (*.json);;Fitxategi guztiak (*)"
    ),
    "línea": "lerroa",
    "bingo": "bingoa",
    "prima de bingo": "bingo prima",
    "bola loca": "bola zoroa",
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
    "Juego de cartones {id} registrado ({count} cartones)": (
        "{id} kartoi-jokoa erregistratuta ({count} kartoi)"
    ),
    "Juego de bolas {id} instalado (homologación {hom}, {before} partidas jugadas antes)": (
        "{id} bola-jokoa instalatuta ({hom} homologazioa, {before} partida jokatuta lehenago)"
    ),
    "Sesión simulada {id}": "{id} saio simulatua",
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
    "Suspender la partida": "Partida eten",
    "Reanudar la partida": "Partidarekin jarraitu",
    "Devolver el importe de los cartones": "Kartoien zenbatekoa itzuli",
    "Seguir por extracción manual": "Eskuzko ateratzearekin jarraitu",
    "Anular la partida y devolver": "Partida baliogabetu eta dirua itzuli",
    "Corregir la bola": "Bola zuzendu",
    "{what}: {reason}": "{what}: {reason}",
    "{what}: error inesperado: {reason}": "{what}: ustekabeko errorea: {reason}",
    "Bolas que faltan: escriba números del 1 al 90": (
        "Falta diren bolak: idatzi 1etik 90erako zenbakiak"
    ),
    "Lea primero el juego de bolas con el lector": "Irakurri lehenik bola-jokoa irakurgailuarekin",
    "Confirme el recuento de las 90 bolas ante el jefe de sala": (
        "Berretsi 90 bolen zenbaketa aretoburuaren aurrean"
    ),
    "Leyendo el juego de bolas…": "Bola-jokoa irakurtzen…",
    "No se ha registrado nada: vuelva a contar las bolas ante el jefe de sala.": (
        "Ez da ezer erregistratu: zenbatu berriro bolak aretoburuaren aurrean."
    ),
    "Recuento no conforme registrado.": "Zenbaketa ez-egokia erregistratuta.",
    "Abrir la sesión: el recuento de bolas no es conforme ({problem}); cambie el juego de "
    "bolas y vuelva a contarlas": (
        "Saioa ireki: bolen zenbaketa ez da egokia ({problem}); aldatu bola-jokoa eta zenbatu "
        "berriro"
    ),
    "Sesión {id} cerrada con la comprobación de bolas no conforme ({problem}): el acta la "
    "muestra así. Cambie el juego de bolas antes de la próxima sesión.": (
        "{id} saioa itxita, bolen egiaztapena ez-egokia dela ({problem}): aktak horrela "
        "erakusten du. Aldatu bola-jokoa hurrengo saioaren aurretik."
    ),
    "Recuento de cierre: {e} Vuelva a leer el juego, o cierre la sesión con la comprobación no "
    "conforme": (
        "Itxierako zenbaketa: {e} Irakurri berriro jokoa, edo itxi saioa egiaztapen ez-egokiarekin"
    ),
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
    "Antes lea la bola del tubo y escriba su número en el recuadro naranja": (
        "Lehenik irakurri hodiko bola eta idatzi haren zenbakia koadro laranjan"
    ),
    "Lector: {n} bolas leídas, del 1 al 90 una vez cada una: correcto": (
        "Irakurgailua: {n} bola irakurrita, 1etik 90era bakoitza behin: zuzena"
    ),
    "Extracción: fallo del dispositivo: {e}": "Ateratzea: gailuaren hutsegitea: {e}",
    "Recuento de bolas: {e}": "Bolen zenbaketa: {e}",
    "Juego de bolas y recuento ante el jefe de sala": (
        "Bola-jokoa eta zenbaketa aretoburuaren aurrean"
    ),
    "Cambiar el juego… (Ctrl+B)": "Jokoa aldatu… (Ctrl+B)",
    "Cambiar el juego de bolas…": "Bola-jokoa aldatu…",
    "El juego de bolas ha cambiado: léalo con el lector (página Sesión) antes de extraer": (
        "Bola-jokoa aldatu da: irakurri irakurgailuarekin (Saioa orria) atera aurretik"
    ),
    "El juego de bolas se cambia entre partidas o antes de la primera bola": (
        "Bola-jokoa partiden artean edo lehen bolaren aurretik aldatzen da"
    ),
    "Cambio de juego de bolas registrado: {set}; motivo: «{reason}».": (
        "Bola-jokoaren aldaketa erregistratuta: {set}; arrazoia: «{reason}»."
    ),
    "Juego {id} instalado: léalo ahora con el lector ante el jefe de sala y abra la sesión.": (
        "{id} jokoa instalatuta: irakurri orain irakurgailuarekin aretoburuaren aurrean eta "
        "ireki saioa."
    ),
    "Juego {id} instalado: cuente ahora sus 90 bolas ante el jefe de sala y abra la sesión.": (
        "{id} jokoa instalatuta: zenbatu orain haren 90 bolak aretoburuaren aurrean eta ireki "
        "saioa."
    ),
    "Juego {id} instalado: léalo ahora con el lector ante el jefe de sala y cierre la sesión.": (
        "{id} jokoa instalatuta: irakurri orain irakurgailuarekin aretoburuaren aurrean eta itxi "
        "saioa."
    ),
    "Juego {id} instalado: cuente ahora sus 90 bolas ante el jefe de sala y cierre la sesión.": (
        "{id} jokoa instalatuta: zenbatu orain haren 90 bolak aretoburuaren aurrean eta itxi saioa."
    ),
    "Juego {id} instalado: léalo ahora con el lector ante el jefe de sala; sin ese recuento no "
    "se juega con él, y el lector reconoce cada bola por esa lectura.": (
        "{id} jokoa instalatuta: irakurri orain irakurgailuarekin aretoburuaren aurrean; "
        "zenbaketa hori gabe ez da harekin jokatzen, eta irakurgailuak bola bakoitza irakurketa "
        "horren bidez ezagutzen du."
    ),
    "Juego {id} instalado: cuente ahora sus 90 bolas ante el jefe de sala y registre el "
    "recuento; sin él no se juega con este juego.": (
        "{id} jokoa instalatuta: zenbatu orain haren 90 bolak aretoburuaren aurrean eta "
        "erregistratu zenbaketa; hura gabe ez da joko honekin jokatzen."
    ),
    "Registrar el recuento del juego nuevo": "Joko berriaren zenbaketa erregistratu",
    "Recuento del juego nuevo": "Joko berriaren zenbaketa",
    "Recuento del juego nuevo registrado: puede seguir la partida.": (
        "Joko berriaren zenbaketa erregistratuta: partidak jarrai dezake."
    ),
    "Recuento del juego nuevo no conforme ({problem}): no se juega con él; cambie el juego de "
    "bolas y vuelva a contarlas": (
        "Joko berriaren zenbaketa ez-egokia ({problem}): ez da harekin jokatzen; aldatu "
        "bola-jokoa eta zenbatu berriro"
    ),
    "El juego de bolas ha cambiado: léalo con el lector ante el jefe de sala (página Sesión) "
    "antes de seguir": (
        "Bola-jokoa aldatu da: irakurri irakurgailuarekin aretoburuaren aurrean (Saioa orria) "
        "jarraitu aurretik"
    ),
    "El juego de bolas ha cambiado: cuente sus 90 bolas ante el jefe de sala y registre el "
    "recuento (página Sesión) antes de seguir": (
        "Bola-jokoa aldatu da: zenbatu haren 90 bolak aretoburuaren aurrean eta erregistratu "
        "zenbaketa (Saioa orria) jarraitu aurretik"
    ),
    "Irregularidad de bolas: anular…": "Bolen irregulartasuna: baliogabetu…",
    "Recuento de bolas: juego nuevo": "Bolen zenbaketa: joko berria",
    "Recuento de las bolas del juego nuevo, antes de la próxima partida": (
        "Joko berriaren bolen zenbaketa, hurrengo partidaren aurretik"
    ),
    "El recuento se registrará como no conforme y NO se jugará ninguna partida con este juego: "
    "cámbielo por el de reserva y cuéntelo de nuevo.": (
        "Zenbaketa ez-egoki gisa erregistratuko da eta EZ da partidarik jokatuko joko honekin: "
        "aldatu erreserbakoarekin eta zenbatu berriro."
    ),
    "Se registrará el recuento y se podrá seguir jugando con el juego nuevo.": (
        "Zenbaketa erregistratuko da eta joko berriarekin jokatzen jarraitu ahal izango da."
    ),
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
    "Esa incidencia no cabe ahora: la partida está en «{state}»": (
        "Gorabehera hori ez dagokio orain: partida «{state}» dago"
    ),
    "Incidencia": "Gorabehera",
    "sin partida en curso": "partidarik martxan ez",
    "Sesión {id}": "{id} saioa",
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
    "Cancelar (Esc)": "Utzi (Esc)",
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
    "Registrar la serie (Intro)": "Seriea erregistratu (Intro)",
    "{action} (Intro)": "{action} (Intro)",
    " Y BOLA LOCA": " ETA BOLA ZOROA",
    " Y PRIMA": " ETA PRIMA",
    "Bingo {bingo}": "Bingoa {bingo}",
    "Bola loca {fund} ({numbers})": "Bola zoroa {fund} ({numbers})",
    "Línea {line}": "Lerroa {line}",
    "Prima {amount} hasta la bola {limit}": "Prima {amount}, {limit}. bolara arte",
    "Anuncie: {cards} cartón vendido ({ranges}). Línea {line}. Bingo {bingo}.": (
        "Iragarri: kartoi {cards} salduta ({ranges}). Lerroa {line}. Bingoa {bingo}."
    ),
    "Cargado «{name}»: {n} partida. Revísela aquí antes de registrarla.": (
        "«{name}» kargatuta: partida {n}. Berrikusi hemen erregistratu aurretik."
    ),
    "Este juego ya se usó en esta sala: homologación {hom}, {played} partida jugada según el "
    "registro (declare al menos esa).": (
        "Joko hau areto honetan erabili da jada: {hom} homologazioa, partida {played} jokatuta "
        "erregistroaren arabera (aitortu gutxienez hori)."
    ),
    "Plantilla guardada en «{name}» para la partida {numbers}.": (
        "Txantiloia «{name}»(e)n gordeta, {numbers}. partidarako."
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
    "{n} bola: el {last}": "{n} bola: {last}a",
    "(ninguna: sólo guardar PDF)": "(bat ere ez: PDFa gorde bakarrik)",
    "Acta de la sesión {id} enviada a la impresora {printer}": (
        "{id} saioaren akta {printer} inprimagailura bidalita"
    ),
    "Caja de la sesión": "Saioaren kutxa",
    "Caja de la sesión {id}": "{id} saioaren kutxa",
    "Caja de la sesión…": "Saioaren kutxa…",
    "Cerrar (Esc)": "Itxi (Esc)",
    "Cierre de la sesión {id}: la caja": "{id} saioaren itxiera: kutxa",
    "Cuente la caja antes de cerrar: después de cerrar la sesión no se juega ninguna partida "
    "más.": ("Zenbatu kutxa itxi aurretik: saioa itxi ondoren ez da partida gehiagorik jokatzen."),
    "DEBE HABER EN LA CAJA": "KUTXAN EGON BEHAR DUENA",
    "Deducciones para la bola loca": "Bola zoroarentzako kenkariak",
    "Deducciones para la prima": "Primarentzako kenkariak",
    "Devoluciones de partidas anuladas": "Baliogabetutako partiden itzulketak",
    "Elegir impresora… (Alt+E)": "Inprimagailua aukeratu… (Alt+E)",
    "Fondo de caja inicial": "Kutxaren hasierako funtsa",
    "Fondo de caja inicial:": "Kutxaren hasierako funtsa:",
    "Fondo de la bola loca": "Bola zoroaren funtsa",
    "Fondo de la prima": "Primaren funtsa",
    "Guardar las opciones (Intro)": "Aukerak gorde (Intro)",
    "Impresora de la sala": "Aretoko inprimagailua",
    "Impresora de la sala:": "Aretoko inprimagailua:",
    "Imprimir el acta": "Akta inprimatu",
    "Imprimir el acta (Ctrl+Shift+P)": "Akta inprimatu (Ctrl+Shift+P)",
    "Imprimir el comprobante": "Frogagiria inprimatu",
    "Imprimir el justificante": "Egiaztagiria inprimatu",
    "La caja cuadra: cerrar la sesión (Intro)": "Kutxa bat dator: saioa itxi (Intro)",
    "Línea y bingo repartidos": "Banatutako lerroa eta bingoa",
    "Opciones de la consola": "Kontsolaren aukerak",
    "Opciones de la consola: {reason}": "Kontsolaren aukerak: {reason}",
    "Opciones de la consola…": "Kontsolaren aukerak…",
    "Opciones guardadas: impresora {printer}; fondo de caja {amount}": (
        "Aukerak gordeta: inprimagailua {printer}; kutxaren funtsa {amount}"
    ),
    "Para la sala": "Aretoarentzat",
    "Partida {n} en juego: vendido hasta ahora": "{n}. partida jokoan: orain arte saldutakoa",
    "Premios de la partida {n} aún sin pagar (siguen en la caja)": (
        "{n}. partidako sariak, oraindik ordaindu gabe (kutxan daude)"
    ),
    "Premios: {prize}": "Sariak: {prize}",
    "Recaudación ({cards} cartones)": "Bildutakoa ({cards} kartoi)",
    "Restos de los repartos (en la caja)": "Banaketen hondarrak (kutxan)",
    "Se recuerdan en este puesto. El acta, los justificantes y los comprobantes se imprimen en "
    "esa impresora; el fondo de caja inicial entra en la caja de la sesión, no en el acta.": (
        "Postu honetan gogoratzen dira. Akta, egiaztagiriak eta frogagiriak inprimagailu "
        "horretan inprimatzen dira; kutxaren hasierako funtsa saioaren kutxan sartzen da, ez "
        "aktan."
    ),
    "Según el acta, de la recaudación:": "Aktaren arabera, bildutakotik:",
    "Volver sin cerrar (Esc)": "Itzuli itxi gabe (Esc)",
    "ninguna": "bat ere ez",
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
    "Ventas por vendedor": "Salmentak saltzaileka",
    "Vendedor": "Saltzailea",
    "Bloques": "Blokeak",
    "Devueltos": "Itzulitakoak",
    "A entregar": "Entregatzeko",
    "partida {n}: {blocks}": "{n}. partida: {blocks}",
    # the automatic extraction's minimum pace (decision 251)
    (
        "Extracción automática: como mucho una bola cada {pace} s, para que todos "
        "los jugadores puedan seguirlas"
    ): ("Ateratze automatikoa: gehienez bola bat {pace} s-ro, jokalari guztiek jarrai diezaieten"),
}
