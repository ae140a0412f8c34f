"""The console's dialogs in Galician: the incidents, the ball counts, the change of ball set,
the manual book, the logins, the options and the cash drawer, keyed by their Spanish source
(the rest of the console, and the words chosen, in ``ui.locale.console_gl``).
"""

from __future__ import annotations

from collections.abc import Mapping

DIALOGS: Mapping[str, str] = {
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
    "Autorización del jefe de sala": "Autorización do xefe de sala",
    "Escriba su nombre de operador y su PIN.": "Escriba o seu nome de operador e o seu PIN.",
    "Nombre": "Nome",
    "PIN o contraseña": "PIN ou contrasinal",
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
    "Del cartón": "Do cartón",
    "Al cartón": "Ao cartón",
    "Cartones": "Cartóns",
    "Añadir &venta": "Engadir &venda",
    "Quitar venta": "Quitar venda",
    "las bolas en el orden en que salieron, separadas por espacios": (
        "as bolas na orde en que saíron, separadas por espazos"
    ),
    "Tras la bola nº": "Despois da bola nº",
    "Añadir &canto": "Engadir &canto",
    "Quitar canto": "Quitar canto",
    "Partida &anulada:": "Partida &anulada:",
    "nota de la anulación, como consta en el libro": "nota da anulación, como consta no libro",
    "Partida nº:": "Partida nº:",
    "Bola loca:": "Bola loca:",
    "Bolas:": "Bolas:",
    "Ventas": "Vendas",
    "Cantos": "Cantos",
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
    "Suspender la partida": "Suspender a partida",
    "Reanudar la partida": "Retomar a partida",
    "Devolver el importe de los cartones": "Devolver o importe dos cartóns",
    "Seguir por extracción manual": "Seguir por extracción manual",
    "Anular la partida y devolver": "Anular a partida e devolver",
    "Corregir la bola": "Corrixir a bola",
    "Bolas que faltan: escriba números del 1 al 90": "Bolas que faltan: escriba números do 1 ao 90",
    "Lea primero el juego de bolas con el lector: Ctrl+L (página Sesión)": (
        "Lea primeiro o xogo de bolas co lector: Ctrl+L (páxina Sesión)"
    ),
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
    "Antes lea la bola del tubo y escriba su número en el recuadro naranja": (
        "Antes lea a bola do tubo e escriba o seu número no recadro laranxa"
    ),
    "Lector: {n} bolas leídas, del 1 al 90 una vez cada una: correcto": (
        "Lector: {n} bolas lidas, do 1 ao 90 unha vez cada unha: correcto"
    ),
    "Recuento de bolas: {e}": "Reconto de bolas: {e}",
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
    "Esa incidencia no cabe ahora: la partida está en «{state}»": (
        "Esa incidencia non cabe agora: a partida está en «{state}»"
    ),
    "Incidencia": "Incidencia",
    "Cancelar (Esc)": "Cancelar (Esc)",
    "Registrar la serie (Intro)": "Rexistrar a serie (Intro)",
    "{action} (Intro)": "{action} (Intro)",
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
    "{n} bola: el {last}": "{n} bola: o {last}",
    "(ninguna: sólo guardar PDF)": "(ningunha: só gardar PDF)",
    "Caja de la sesión": "Caixa da sesión",
    "Caja de la sesión {id}": "Caixa da sesión {id}",
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
    "La caja cuadra: cerrar la sesión (Intro)": "A caixa cadra: pechar a sesión (Intro)",
    "Línea y bingo repartidos": "Liña e bingo repartidos",
    "Opciones de la consola": "Opcións da consola",
    "Opciones de la consola: {reason}": "Opcións da consola: {reason}",
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
    "Ventas por vendedor": "Vendas por vendedor",
    "Vendedor": "Vendedor",
    "Bloques": "Bloques",
    "Devueltos": "Devoltos",
    "A entregar": "A entregar",
    "partida {n}: {blocks}": "partida {n}: {blocks}",
    # the station (client side of the console): status bar, devices, login
    "Conexión con el servidor de la sala recuperada": "Conexión co servidor da sala recuperada",
    "El registro del servidor no es el de este puesto: {why}": (
        "O rexistro do servidor non é o deste posto: {why}"
    ),
    "Escriba su nombre de operador y su PIN (servidor {url}).": (
        "Escriba o seu nome de operador e o seu PIN (servidor {url})."
    ),
    (
        "La mesa del puesto {station} está leyendo la bola de la extracción {n}: ninguna orden "
        "se aplica hasta que conste"
    ): (
        "A mesa do posto {station} está a ler a bóla da extracción {n}: ningunha orde se aplica "
        "ata que conste"
    ),
    (
        "La sesión de este puesto ya no vale (el servidor se reinició o pasaron sus 12 horas): "
        "inicie sesión de nuevo"
    ): (
        "A sesión deste posto xa non vale (o servidor reiniciouse ou pasaron as súas 12 horas): "
        "inicie sesión de novo"
    ),
    "Panel de la sala": "Panel da sala",
    "Sesión iniciada de nuevo en el servidor de la sala": (
        "Sesión iniciada de novo no servidor da sala"
    ),
    (
        "Sin conexión con el servidor de la sala: no se puede dar ninguna orden hasta que "
        "vuelva; la pantalla muestra lo último que constaba"
    ): (
        "Sen conexión co servidor da sala: non se pode dar ningunha orde ata que volva; a "
        "pantalla mostra o último que constaba"
    ),
    "Terminal {name}: conectada a la mesa": "Terminal {name}: conectada á mesa",
    (
        "Terminal {name}: desconectada; sus cartones siguen en juego y sus premios quedan "
        "pendientes de cobro"
    ): (
        "Terminal {name}: desconectada; os seus cartóns seguen en xogo e os seus premios quedan "
        "pendentes de cobro"
    ),
    "● en línea: {url}": "● en liña: {url}",
    "✖ sin conexión con el servidor": "✖ sen conexión co servidor",
}
