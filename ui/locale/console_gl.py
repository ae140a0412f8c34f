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

CONSOLE_GALICIAN: Mapping[str, str] = {
    "Incidencia: {title}": "Incidencia: {title}",
    "El jefe de sala lee en voz alta el párrafo del reglamento:": (
        "O xefe de sala le en voz alta o parágrafo do regulamento:"
    ),
    "Párrafo leído en voz alta por el jefe de sala (Alt+P)": (
        "Parágrafo lido en voz alta polo xefe de sala (Alt+P)"
    ),
    "qué ha pasado (consta en el acta)": "que pasou (consta na acta)",
    "Nota:": "Nota:",
    "Extracción número:": "Extracción número:",
    "La bola es el:": "A bola é o:",
    "Cancelar": "Cancelar",
    "Acceso a la mesa de control": "Acceso á mesa de control",
    "Aceptar": "Aceptar",
    "Al mando: {asked} ({station})": "Ao mando: {asked} ({station})",
    "Autorización del jefe de sala": "Autorización do xefe de sala",
    "Escriba su nombre de operador y su PIN.": "Escriba o seu nome de operador e o seu PIN.",
    "Nombre": "Nome",
    "PIN o contraseña": "PIN ou contrasinal",
    "Pide {asked}; autoriza el jefe de sala {authorised}": (
        "Pide {asked}; autoriza o xefe de sala {authorised}"
    ),
    "{action}: lo autoriza el jefe de sala con su nombre y su PIN, ahora.": (
        "{action}: autorízao o xefe de sala co seu nome e o seu PIN, agora."
    ),
    "{action}: sin la autorización del jefe de sala no se hace": (
        "{action}: sen a autorización do xefe de sala non se fai"
    ),
    "Registrar una serie": "Rexistrar unha serie",
    "cartones electrónicos": "cartóns electrónicos",
    "Código:": "Código:",
    "Juego de cartones:": "Xogo de cartóns:",
    "Cartones:": "Cartóns:",
    "Valor facial:": "Valor facial:",
    "faltan: {numbers}": "faltan: {numbers}",
    "repetidas: {numbers}": "repetidas: {numbers}",
    "dañadas: {note}": "danadas: {note}",
    "hay bolas dañadas": "hai bolas danadas",
    "Recuento de bolas: apertura": "Reconto de bolas: apertura",
    "Recuento de bolas: cierre": "Reconto de bolas: peche",
    "Recuento de las bolas al abrir la sesión": "Reconto das bolas ao abrir a sesión",
    "Recuento de las bolas al cerrar la sesión": "Reconto das bolas ao pechar a sesión",
    "Ante el jefe de sala, «comprobando su numeración y que se encuentran en perfecto estado» "
    "(Cantabria II.2).": (
        "Ante o xefe de sala, «comprobando a súa numeración e que se atopan en perfecto estado» "
        "(Cantabria II.2)."
    ),
    "Numeración: el lector ha leído las 90 bolas, una de cada número.": (
        "Numeración: o lector leu as 90 bolas, unha de cada número."
    ),
    "Numeración: están las 90 bolas, una de cada número (recuento a mano).": (
        "Numeración: están as 90 bolas, unha de cada número (reconto a man)."
    ),
    "Numeración: NO es correcta ({problem}).": "Numeración: NON é correcta ({problem}).",
    "Estado: compruebe que ninguna bola tiene golpes, grietas ni el número borroso.": (
        "Estado: comprobe que ningunha bola ten golpes, gretas nin o número borroso."
    ),
    "&Todas en perfecto estado": "&Todas en perfecto estado",
    "&Hay bolas dañadas": "&Hai bolas danadas",
    "cuáles y qué les pasa, p. ej. «la 17 agrietada»": (
        "cales e que lles pasa, p. ex. «a 17 gretada»"
    ),
    "¿Cuáles y cómo?": "Cales e como?",
    "Registrar el recuento y abrir la sesión": "Rexistrar o reconto e abrir a sesión",
    "Registrar el recuento no conforme": "Rexistrar o reconto non conforme",
    "Registrar el recuento y cerrar la sesión": "Rexistrar o reconto e pechar a sesión",
    "Cerrar la sesión con la comprobación no conforme": (
        "Pechar a sesión coa comprobación non conforme"
    ),
    "Volver a contar": "Volver contar",
    "Escriba qué bolas están dañadas y qué les pasa: consta en el registro y en el acta.": (
        "Escriba que bolas están danadas e que lles pasa: consta no rexistro e na acta."
    ),
    "El recuento se registrará como no conforme y la sesión NO podrá abrirse: cambie el juego "
    "de bolas por el de reserva y cuéntelo de nuevo.": (
        "O reconto rexistrarase como non conforme e a sesión NON poderá abrirse: cambie o xogo "
        "de bolas polo de reserva e cónteo de novo."
    ),
    "La comprobación de cierre NO es conforme. Se registrará así y la sesión se cerrará "
    "igualmente: el acta la mostrará como «no conforme». Si cree que ha contado mal, vuelva a "
    "contar antes.": (
        "A comprobación de peche NON é conforme. Rexistrarase así e a sesión pecharase "
        "igualmente: a acta mostraraa como «non conforme». Se cre que contou mal, volva contar "
        "antes."
    ),
    "Diga en qué estado están las bolas.": "Diga en que estado están as bolas.",
    "Se registrará el recuento y se abrirá la sesión.": (
        "Rexistrarase o reconto e abrirase a sesión."
    ),
    "Se registrará el recuento y se cerrará la sesión.": (
        "Rexistrarase o reconto e pecharase a sesión."
    ),
    "bola dañada": "bola danada",
    "límite de partidas": "límite de partidas",
    "recuento fallido": "reconto fallido",
    "cambio programado": "cambio programado",
    "{id} · homologación {hom} · {played} de {limit} partidas": (
        "{id} · homologación {hom} · {played} de {limit} partidas"
    ),
    " · aparato no neumático": " · aparello non pneumático",
    " · LÍMITE ALCANZADO": " · LÍMITE ALCANZADO",
    "Cambiar el juego de bolas": "Cambiar o xogo de bolas",
    "No hay ningún juego de bolas instalado.": "Non hai ningún xogo de bolas instalado.",
    "Instalado ahora: {set}": "Instalado agora: {set}",
    "El cambio consta en el acta. Escriba los datos del juego nuevo como figuran en la copia "
    "de su resolución de homologación.": (
        "O cambio consta na acta. Escriba os datos do xogo novo como figuran na copia da súa "
        "resolución de homologación."
    ),
    "p. ej. el del juego de reserva": "p. ex. o do xogo de reserva",
    "Aparato neumático: se cambia a las {max} partidas como máximo": (
        "Aparello pneumático: cámbiase ás {max} partidas como máximo"
    ),
    "elija o escriba el motivo (consta en el acta)": "escolla ou escriba o motivo (consta na acta)",
    "Usar esos datos": "Usar eses datos",
    "Identificador del juego:": "Identificador do xogo:",
    "Número de homologación:": "Número de homologación:",
    "Partidas garantizadas por el fabricante:": "Partidas garantidas polo fabricante:",
    "Partidas ya jugadas (0 si el juego es nuevo):": "Partidas xa xogadas (0 se o xogo é novo):",
    "Motivo del cambio:": "Motivo do cambio:",
    "Registrar el cambio": "Rexistrar o cambio",
    "Este juego ya se usó en esta sala: homologación {hom}, {played} partidas jugadas según el "
    "registro (declare al menos esas).": (
        "Este xogo xa se usou nesta sala: homologación {hom}, {played} partidas xogadas segundo "
        "o rexistro (declare polo menos esas)."
    ),
    "Límite de este juego: {limit} partidas; le quedan {left}.": (
        "Límite deste xogo: {limit} partidas; quédanlle {left}."
    ),
    "Este juego ya ha jugado su límite de {limit} partidas.": (
        "Este xogo xa xogou o seu límite de {limit} partidas."
    ),
    "el identificador del juego": "o identificador do xogo",
    "el número de homologación": "o número de homologación",
    "el motivo del cambio": "o motivo do cambio",
    "Falta {what}. No se ha registrado nada.": "Falta {what}. Non se rexistrou nada.",
    "{refusal}. No se ha registrado nada.": "{refusal}. Non se rexistrou nada.",
    "qué pasó: la avería, desde qué bola se llevó a mano…": (
        "que pasou: a avaría, desde que bola se levou a man…"
    ),
    "números separados por espacios (vacío si no hubo)": (
        "números separados por espazos (baleiro se non houbo)"
    ),
    "Serie": "Serie",
    "Del cartón": "Do cartón",
    "Al cartón": "Ao cartón",
    "Cartones": "Cartóns",
    "Añadir &venta": "Engadir &venda",
    "Quitar venta": "Quitar venda",
    "las bolas en el orden en que salieron, separadas por espacios": (
        "as bolas na orde en que saíron, separadas por espazos"
    ),
    "Tras la bola nº": "Despois da bola nº",
    "Cartón": "Cartón",
    "Premio": "Premio",
    "Añadir &canto": "Engadir &canto",
    "Quitar canto": "Quitar canto",
    "Partida &anulada:": "Partida &anulada:",
    "nota de la anulación, como consta en el libro": "nota da anulación, como consta no libro",
    "Partida nº:": "Partida nº:",
    "Bola loca:": "Bola loca:",
    "Bolas:": "Bolas:",
    "Ventas": "Vendas",
    "Cantos": "Cantos",
    "Partida {n}": "Partida {n}",
    "Bolas": "Bolas",
    "{n} bolas; la última, el {last}": "{n} bolas; a última, o {last}",
    "ninguna bola": "ningunha bola",
    "{where}, venta {i}": "{where}, venda {i}",
    "{here}: falta la serie": "{here}: falta a serie",
    "{where}, canto {i}": "{where}, canto {i}",
    "{where}, bola loca": "{where}, bola loca",
    "{where}, bolas": "{where}, bolas",
    "{where}: «{text}» no es un número": "{where}: «{text}» non é un número",
    " electr.": " electr.",
    "anulada por {incident}; se devuelve el importe": "anulada por {incident}; devólvese o importe",
    "se cierra y se pagan los premios": "péchase e páganse os premios",
    "Incorporar el libro manual": "Incorporar o libro manual",
    "Partidas del libro manual": "Partidas do libro manual",
    "Abrir un &fichero del libro…": "Abrir un &ficheiro do libro…",
    "Guardar &plantilla…": "Gardar &modelo…",
    "de": "de",
    "La partida {n} está abierta en el sistema: el formulario trae lo que ya consta (ventas, "
    "bolas, cantos); añada lo que el libro recoge desde la avería.": (
        "A partida {n} está aberta no sistema: o formulario trae o que xa consta (vendas, bolas, "
        "cantos); engada o que o libro recolle desde a avaría."
    ),
    "Abra el fichero del libro transcrito o escriba cada partida tal como consta en el libro. "
    "La siguiente partida de la sesión es la {n}.": (
        "Abra o ficheiro do libro transcrito ou escriba cada partida tal como consta no libro. A "
        "seguinte partida da sesión é a {n}."
    ),
    "Añadir pa&rtida": "Engadir pa&rtida",
    "Quitar partida": "Quitar partida",
    "Partidas del libro": "Partidas do libro",
    "Revisar antes de registrar →": "Revisar antes de rexistrar →",
    "partida (la {first})": "partida (a {first})",
    "partidas (de la {first} a la {last})": "partidas (da {first} á {last})",
    "Guardar la plantilla del libro manual": "Gardar o modelo do libro manual",
    "No se puede guardar la plantilla «{name}»: {reason}": (
        "Non se pode gardar o modelo «{name}»: {reason}"
    ),
    "Plantilla guardada en «{name}» para {count} partidas ({numbers}).": (
        "Modelo gardado en «{name}» para {count} partidas ({numbers})."
    ),
    "Abrir el libro manual transcrito": "Abrir o libro manual transcrito",
    "No se puede leer «{name}»: {reason}": "Non se pode ler «{name}»: {reason}",
    "«{name}» no es un JSON válido ({reason})": "«{name}» non é un JSON válido ({reason})",
    "«{name}»: {reason}": "«{name}»: {reason}",
    "Cargado «{name}»: {n} partidas. Revíselas aquí antes de registrarlas.": (
        "Cargado «{name}»: {n} partidas. Revíseas aquí antes de rexistralas."
    ),
    "Reglamento, {reference}:": "Regulamento, {reference}:",
    "Partida": "Partida",
    "Series": "Series",
    "Final": "Final",
    "← &Volver al libro": "← &Volver ao libro",
    "&Incorporar al registro": "&Incorporar ao rexistro",
    "Se registrará la partida {numbers} del libro manual": (
        "Rexistrarase a partida {numbers} do libro manual"
    ),
    "Se registrarán {n} partidas del libro manual ({numbers})": (
        "Rexistraranse {n} partidas do libro manual ({numbers})"
    ),
    ": {cards} cartones, {balls} bolas, {claims} cantos.": (
        ": {cards} cartóns, {balls} bolas, {claims} cantos."
    ),
    "Se juegan con las mismas reglas que en la sala: los premios y los fondos de prima y de "
    "bola loca los calcula el sistema. Todo o nada: si una partida no cuadra no se registra "
    "ninguna. Quedan marcadas «libro manual» en el registro y en el acta.": (
        "Xóganse coas mesmas regras que na sala: os premios e os fondos de prima e de bola loca "
        "calcúlaos o sistema. Todo ou nada: se unha partida non cadra non se rexistra ningunha. "
        "Quedan marcadas «libro manual» no rexistro e na acta."
    ),
    "La partida {n} estaba abierta en el sistema: se completa con el libro, y lo que ya consta "
    "debe coincidir con él.": (
        "A partida {n} estaba aberta no sistema: complétase co libro, e o que xa consta debe "
        "coincidir con el."
    ),
    "{reason}. No se ha registrado nada.": "{reason}. Non se rexistrou nada.",
    "El registro rechaza el libro: {reason}": "O rexistro rexeita o libro: {reason}",
    "Error inesperado al registrar el libro: {reason}": (
        "Erro inesperado ao rexistrar o libro: {reason}"
    ),
    "físicos": "físicos",
    "electrónicos": "electrónicos",
    "irregularidad de las bolas": "irregularidade das bolas",
    "error del locutor": "erro do locutor",
    "Libro manual (*.json);;Todos los ficheros (*)": (
        "Libro manual (*.json);;Todos os ficheiros (*)"
    ),
    "línea": "liña",
    "bingo": "bingo",
    "prima de bingo": "prima de bingo",
    "bola loca": "bola loca",
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
    "Juego de cartones {id} registrado ({count} cartones)": (
        "Xogo de cartóns {id} rexistrado ({count} cartóns)"
    ),
    "Juego de bolas {id} instalado (homologación {hom}, {before} partidas jugadas antes)": (
        "Xogo de bolas {id} instalado (homologación {hom}, {before} partidas xogadas antes)"
    ),
    "Sesión simulada {id}": "Sesión simulada {id}",
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
    "Suspender la partida": "Suspender a partida",
    "Reanudar la partida": "Retomar a partida",
    "Devolver el importe de los cartones": "Devolver o importe dos cartóns",
    "Seguir por extracción manual": "Seguir por extracción manual",
    "Anular la partida y devolver": "Anular a partida e devolver",
    "Corregir la bola": "Corrixir a bola",
    "{what}: {reason}": "{what}: {reason}",
    "{what}: error inesperado: {reason}": "{what}: erro inesperado: {reason}",
    "Bolas que faltan: escriba números del 1 al 90": "Bolas que faltan: escriba números do 1 ao 90",
    "Lea primero el juego de bolas con el lector": "Lea primeiro o xogo de bolas co lector",
    "Confirme el recuento de las 90 bolas ante el jefe de sala": (
        "Confirme o reconto das 90 bolas ante o xefe de sala"
    ),
    "Leyendo el juego de bolas…": "Lendo o xogo de bolas…",
    "No se ha registrado nada: vuelva a contar las bolas ante el jefe de sala.": (
        "Non se rexistrou nada: volva contar as bolas ante o xefe de sala."
    ),
    "Recuento no conforme registrado.": "Reconto non conforme rexistrado.",
    "Abrir la sesión: el recuento de bolas no es conforme ({problem}); cambie el juego de "
    "bolas y vuelva a contarlas": (
        "Abrir a sesión: o reconto de bolas non é conforme ({problem}); cambie o xogo de bolas e "
        "volva contalas"
    ),
    "Sesión {id} cerrada con la comprobación de bolas no conforme ({problem}): el acta la "
    "muestra así. Cambie el juego de bolas antes de la próxima sesión.": (
        "Sesión {id} pechada coa comprobación de bolas non conforme ({problem}): a acta móstraa "
        "así. Cambie o xogo de bolas antes da próxima sesión."
    ),
    "Recuento de cierre: {e} Vuelva a leer el juego, o cierre la sesión con la comprobación no "
    "conforme": (
        "Reconto de peche: {e} Volva ler o xogo, ou peche a sesión coa comprobación non conforme"
    ),
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
    "Antes lea la bola del tubo y escriba su número en el recuadro naranja": (
        "Antes lea a bola do tubo e escriba o seu número no recadro laranxa"
    ),
    "Lector: {n} bolas leídas, del 1 al 90 una vez cada una: correcto": (
        "Lector: {n} bolas lidas, do 1 ao 90 unha vez cada unha: correcto"
    ),
    "Extracción: fallo del dispositivo: {e}": "Extracción: fallo do dispositivo: {e}",
    "Recuento de bolas: {e}": "Reconto de bolas: {e}",
    "Juego de bolas y recuento ante el jefe de sala": "Xogo de bolas e reconto ante o xefe de sala",
    "Cambiar el juego… (Ctrl+B)": "Cambiar o xogo… (Ctrl+B)",
    "Cambiar el juego de bolas…": "Cambiar o xogo de bolas…",
    "El juego de bolas ha cambiado: léalo con el lector (página Sesión) antes de extraer": (
        "O xogo de bolas cambiou: léao co lector (páxina Sesión) antes de extraer"
    ),
    "El juego de bolas se cambia entre partidas o antes de la primera bola": (
        "O xogo de bolas cámbiase entre partidas ou antes da primeira bola"
    ),
    "Cambio de juego de bolas registrado: {set}; motivo: «{reason}».": (
        "Cambio de xogo de bolas rexistrado: {set}; motivo: «{reason}»."
    ),
    "Juego {id} instalado: léalo ahora con el lector ante el jefe de sala y abra la sesión.": (
        "Xogo {id} instalado: léao agora co lector ante o xefe de sala e abra a sesión."
    ),
    "Juego {id} instalado: cuente ahora sus 90 bolas ante el jefe de sala y abra la sesión.": (
        "Xogo {id} instalado: conte agora as súas 90 bolas ante o xefe de sala e abra a sesión."
    ),
    "Juego {id} instalado: léalo ahora con el lector ante el jefe de sala y cierre la sesión.": (
        "Xogo {id} instalado: léao agora co lector ante o xefe de sala e peche a sesión."
    ),
    "Juego {id} instalado: cuente ahora sus 90 bolas ante el jefe de sala y cierre la sesión.": (
        "Xogo {id} instalado: conte agora as súas 90 bolas ante o xefe de sala e peche a sesión."
    ),
    "Juego {id} instalado: léalo ahora con el lector ante el jefe de sala; sin ese recuento no "
    "se juega con él, y el lector reconoce cada bola por esa lectura.": (
        "Xogo {id} instalado: léao agora co lector ante o xefe de sala; sen ese reconto non se "
        "xoga con el, e o lector recoñece cada bola por esa lectura."
    ),
    "Juego {id} instalado: cuente ahora sus 90 bolas ante el jefe de sala y registre el "
    "recuento; sin él no se juega con este juego.": (
        "Xogo {id} instalado: conte agora as súas 90 bolas ante o xefe de sala e rexistre o "
        "reconto; sen el non se xoga con este xogo."
    ),
    "Registrar el recuento del juego nuevo": "Rexistrar o reconto do xogo novo",
    "Recuento del juego nuevo": "Reconto do xogo novo",
    "Recuento del juego nuevo registrado: puede seguir la partida.": (
        "Reconto do xogo novo rexistrado: pode seguir a partida."
    ),
    "Recuento del juego nuevo no conforme ({problem}): no se juega con él; cambie el juego de "
    "bolas y vuelva a contarlas": (
        "Reconto do xogo novo non conforme ({problem}): non se xoga con el; cambie o xogo de "
        "bolas e volva contalas"
    ),
    "El juego de bolas ha cambiado: léalo con el lector ante el jefe de sala (página Sesión) "
    "antes de seguir": (
        "O xogo de bolas cambiou: léao co lector ante o xefe de sala (páxina Sesión) antes de "
        "seguir"
    ),
    "El juego de bolas ha cambiado: cuente sus 90 bolas ante el jefe de sala y registre el "
    "recuento (página Sesión) antes de seguir": (
        "O xogo de bolas cambiou: conte as súas 90 bolas ante o xefe de sala e rexistre o "
        "reconto (páxina Sesión) antes de seguir"
    ),
    "Irregularidad de bolas: anular…": "Irregularidade de bolas: anular…",
    "Recuento de bolas: juego nuevo": "Reconto de bolas: xogo novo",
    "Recuento de las bolas del juego nuevo, antes de la próxima partida": (
        "Reconto das bolas do xogo novo, antes da próxima partida"
    ),
    "El recuento se registrará como no conforme y NO se jugará ninguna partida con este juego: "
    "cámbielo por el de reserva y cuéntelo de nuevo.": (
        "O reconto rexistrarase como non conforme e NON se xogará ningunha partida con este "
        "xogo: cámbieo polo de reserva e cónteo de novo."
    ),
    "Se registrará el recuento y se podrá seguir jugando con el juego nuevo.": (
        "Rexistrarase o reconto e poderase seguir xogando co xogo novo."
    ),
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
    "Esa incidencia no cabe ahora: la partida está en «{state}»": (
        "Esa incidencia non cabe agora: a partida está en «{state}»"
    ),
    "Incidencia": "Incidencia",
    "sin partida en curso": "sen partida en curso",
    "Sesión {id}": "Sesión {id}",
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
    "Cancelar (Esc)": "Cancelar (Esc)",
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
    "Registrar la serie (Intro)": "Rexistrar a serie (Intro)",
    "{action} (Intro)": "{action} (Intro)",
    " Y BOLA LOCA": " E BOLA LOCA",
    " Y PRIMA": " E PRIMA",
    "Bingo {bingo}": "Bingo {bingo}",
    "Bola loca {fund} ({numbers})": "Bola loca {fund} ({numbers})",
    "Línea {line}": "Liña {line}",
    "Prima {amount} hasta la bola {limit}": "Prima {amount} ata a bola {limit}",
    "Anuncie: {cards} cartón vendido ({ranges}). Línea {line}. Bingo {bingo}.": (
        "Anuncie: {cards} cartón vendido ({ranges}). Liña {line}. Bingo {bingo}."
    ),
    "Cargado «{name}»: {n} partida. Revísela aquí antes de registrarla.": (
        "Cargado «{name}»: {n} partida. Revísea aquí antes de rexistrala."
    ),
    "Este juego ya se usó en esta sala: homologación {hom}, {played} partida jugada según el "
    "registro (declare al menos esa).": (
        "Este xogo xa se usou nesta sala: homologación {hom}, {played} partida xogada segundo o "
        "rexistro (declare polo menos esa)."
    ),
    "Plantilla guardada en «{name}» para la partida {numbers}.": (
        "Modelo gardado en «{name}» para a partida {numbers}."
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
    "{n} bola: el {last}": "{n} bola: o {last}",
    "(ninguna: sólo guardar PDF)": "(ningunha: só gardar PDF)",
    "Acta de la sesión {id} enviada a la impresora {printer}": (
        "Acta da sesión {id} enviada á impresora {printer}"
    ),
    "Caja de la sesión": "Caixa da sesión",
    "Caja de la sesión {id}": "Caixa da sesión {id}",
    "Caja de la sesión…": "Caixa da sesión…",
    "Cerrar (Esc)": "Pechar (Esc)",
    "Cierre de la sesión {id}: la caja": "Peche da sesión {id}: a caixa",
    "Cuente la caja antes de cerrar: después de cerrar la sesión no se juega ninguna partida "
    "más.": (
        "Conte a caixa antes de pechar: despois de pechar a sesión non se xoga ningunha partida "
        "máis."
    ),
    "DEBE HABER EN LA CAJA": "DEBE HABER NA CAIXA",
    "Deducciones para la bola loca": "Deducións para a bola loca",
    "Deducciones para la prima": "Deducións para a prima",
    "Devoluciones de partidas anuladas": "Devolucións de partidas anuladas",
    "Elegir impresora… (Alt+E)": "Escoller impresora… (Alt+E)",
    "Fondo de caja inicial": "Fondo de caixa inicial",
    "Fondo de caja inicial:": "Fondo de caixa inicial:",
    "Fondo de la bola loca": "Fondo da bola loca",
    "Fondo de la prima": "Fondo da prima",
    "Guardar las opciones (Intro)": "Gardar as opcións (Intro)",
    "Impresora de la sala": "Impresora da sala",
    "Impresora de la sala:": "Impresora da sala:",
    "Imprimir el acta": "Imprimir a acta",
    "Imprimir el acta (Ctrl+Shift+P)": "Imprimir a acta (Ctrl+Shift+P)",
    "Imprimir el comprobante": "Imprimir o comprobante",
    "Imprimir el justificante": "Imprimir o xustificante",
    "La caja cuadra: cerrar la sesión (Intro)": "A caixa cadra: pechar a sesión (Intro)",
    "Línea y bingo repartidos": "Liña e bingo repartidos",
    "Opciones de la consola": "Opcións da consola",
    "Opciones de la consola: {reason}": "Opcións da consola: {reason}",
    "Opciones de la consola…": "Opcións da consola…",
    "Opciones guardadas: impresora {printer}; fondo de caja {amount}": (
        "Opcións gardadas: impresora {printer}; fondo de caixa {amount}"
    ),
    "Para la sala": "Para a sala",
    "Partida {n} en juego: vendido hasta ahora": "Partida {n} en xogo: vendido ata agora",
    "Premios de la partida {n} aún sin pagar (siguen en la caja)": (
        "Premios da partida {n} aínda sen pagar (seguen na caixa)"
    ),
    "Premios: {prize}": "Premios: {prize}",
    "Recaudación ({cards} cartones)": "Recadación ({cards} cartóns)",
    "Restos de los repartos (en la caja)": "Restos das reparticións (na caixa)",
    "Se recuerdan en este puesto. El acta, los justificantes y los comprobantes se imprimen en "
    "esa impresora; el fondo de caja inicial entra en la caja de la sesión, no en el acta.": (
        "Lémbranse neste posto. A acta, os xustificantes e os comprobantes imprímense nesa "
        "impresora; o fondo de caixa inicial entra na caixa da sesión, non na acta."
    ),
    "Según el acta, de la recaudación:": "Segundo a acta, da recadación:",
    "Volver sin cerrar (Esc)": "Volver sen pechar (Esc)",
    "ninguna": "ningunha",
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
    "Ventas por vendedor": "Vendas por vendedor",
    "Vendedor": "Vendedor",
    "Bloques": "Bloques",
    "Devueltos": "Devoltos",
    "A entregar": "A entregar",
    "partida {n}: {blocks}": "partida {n}: {blocks}",
    # the automatic extraction's minimum pace (decision 251)
    (
        "Extracción automática: como mucho una bola cada {pace} s, para que todos "
        "los jugadores puedan seguirlas"
    ): (
        "Extracción automática: como moito unha bola cada {pace} s, "
        "para que todos os xogadores poidan seguilas"
    ),
}
