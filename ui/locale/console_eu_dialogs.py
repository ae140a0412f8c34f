"""The console's dialogs in Basque: the incidents, the ball counts, the change of ball set,
the manual book, the logins, the options and the cash drawer, keyed by their Spanish source
(the rest of the console, and the words chosen, in ``ui.locale.console_eu``).
"""

from __future__ import annotations

from collections.abc import Mapping

DIALOGS: Mapping[str, str] = {
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
    "Autorización del jefe de sala": "Aretoburuaren baimena",
    "Escriba su nombre de operador y su PIN.": "Idatzi zure operadore-izena eta PINa.",
    "Nombre": "Izena",
    "PIN o contraseña": "PINa edo pasahitza",
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
    "Del cartón": "Kartoitik",
    "Al cartón": "Kartoira",
    "Cartones": "Kartoiak",
    "Añadir &venta": "&Salmenta gehitu",
    "Quitar venta": "Salmenta kendu",
    "las bolas en el orden en que salieron, separadas por espacios": (
        "bolak atera ziren ordenan, zuriunez bereizita"
    ),
    "Tras la bola nº": "Bola zk. honen ondoren",
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
    "Suspender la partida": "Partida eten",
    "Reanudar la partida": "Partidarekin jarraitu",
    "Devolver el importe de los cartones": "Kartoien zenbatekoa itzuli",
    "Seguir por extracción manual": "Eskuzko ateratzearekin jarraitu",
    "Anular la partida y devolver": "Partida baliogabetu eta dirua itzuli",
    "Corregir la bola": "Bola zuzendu",
    "Bolas que faltan: escriba números del 1 al 90": (
        "Falta diren bolak: idatzi 1etik 90erako zenbakiak"
    ),
    "Lea primero el juego de bolas con el lector: Ctrl+L (página Sesión)": (
        "Irakurri lehenik bola-jokoa irakurgailuarekin: Ctrl+L (Saioa orria)"
    ),
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
    "Antes lea la bola del tubo y escriba su número en el recuadro naranja": (
        "Lehenik irakurri hodiko bola eta idatzi haren zenbakia koadro laranjan"
    ),
    "Lector: {n} bolas leídas, del 1 al 90 una vez cada una: correcto": (
        "Irakurgailua: {n} bola irakurrita, 1etik 90era bakoitza behin: zuzena"
    ),
    "Recuento de bolas: {e}": "Bolen zenbaketa: {e}",
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
    "Esa incidencia no cabe ahora: la partida está en «{state}»": (
        "Gorabehera hori ez dagokio orain: partida «{state}» dago"
    ),
    "Incidencia": "Gorabehera",
    "Cancelar (Esc)": "Utzi (Esc)",
    "Registrar la serie (Intro)": "Seriea erregistratu (Intro)",
    "{action} (Intro)": "{action} (Intro)",
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
    "{n} bola: el {last}": "{n} bola: {last}a",
    "(ninguna: sólo guardar PDF)": "(bat ere ez: PDFa gorde bakarrik)",
    "Caja de la sesión": "Saioaren kutxa",
    "Caja de la sesión {id}": "{id} saioaren kutxa",
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
    "La caja cuadra: cerrar la sesión (Intro)": "Kutxa bat dator: saioa itxi (Intro)",
    "Línea y bingo repartidos": "Banatutako lerroa eta bingoa",
    "Opciones de la consola": "Kontsolaren aukerak",
    "Opciones de la consola: {reason}": "Kontsolaren aukerak: {reason}",
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
    "Ventas por vendedor": "Salmentak saltzaileka",
    "Vendedor": "Saltzailea",
    "Bloques": "Blokeak",
    "Devueltos": "Itzulitakoak",
    "A entregar": "Entregatzeko",
    "partida {n}: {blocks}": "{n}. partida: {blocks}",
    # the station (client side of the console): status bar, devices, login
    "Conexión con el servidor de la sala recuperada": (
        "Aretoko zerbitzariarekiko konexioa berreskuratuta"
    ),
    "El registro del servidor no es el de este puesto: {why}": (
        "Zerbitzariaren erregistroa ez da postu honena: {why}"
    ),
    "Escriba su nombre de operador y su PIN (servidor {url}).": (
        "Idatzi zure operadore-izena eta zure PINa ({url} zerbitzaria)."
    ),
    (
        "La mesa del puesto {station} está leyendo la bola de la extracción {n}: ninguna orden "
        "se aplica hasta que conste"
    ): (
        "{station} postuko mahaia {n}. ateratzearen bola irakurtzen ari da: ez da agindurik "
        "aplikatzen jasota geratu arte"
    ),
    (
        "La sesión de este puesto ya no vale (el servidor se reinició o pasaron sus 12 horas): "
        "inicie sesión de nuevo"
    ): (
        "Postu honen saioak ez du balio jada (zerbitzaria berrabiarazi da edo bere 12 orduak "
        "igaro dira): hasi saioa berriro"
    ),
    "Panel de la sala": "Aretoko panela",
    "Sesión iniciada de nuevo en el servidor de la sala": (
        "Saioa berriro hasita aretoko zerbitzarian"
    ),
    (
        "Sin conexión con el servidor de la sala: no se puede dar ninguna orden hasta que "
        "vuelva; la pantalla muestra lo último que constaba"
    ): (
        "Ez dago konexiorik aretoko zerbitzariarekin: ezin da agindurik eman itzuli arte; "
        "pantailak jasota zegoen azkena erakusten du"
    ),
    "Terminal {name}: conectada a la mesa": "{name} terminala: mahaiari konektatuta",
    (
        "Terminal {name}: desconectada; sus cartones siguen en juego y sus premios quedan "
        "pendientes de cobro"
    ): (
        "{name} terminala: deskonektatuta; bere kartoiek jokoan jarraitzen dute eta bere sariak "
        "kobratzeko zain geratzen dira"
    ),
    "● en línea: {url}": "● linean: {url}",
    "✖ sin conexión con el servidor": "✖ zerbitzariarekin konexiorik gabe",
}
