"""Texts of actas, receipts and summaries: Spanish, and Basque beside it for Basque halls.

An acta is one document read by an inspector of the hall's region, so a Basque hall's acta
carries both official languages at once (R-PANEL-4; Basque catalogue, décima): Spanish first,
Basque after it. That is why these texts are not switched with the console's gettext language:
``Texts(("es", "eu"))`` gives every text in both.

The Basque wording follows the Basque-language terms of the Basque bingo rules where there is
one (txartela for cartón, ageriko balioa for valor facial, bingo interkonektatua...).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Final

from actas.i18n_games import GAME_TEXTS
from actas.i18n_simultaneous import SIMULTANEOUS_TEXTS
from bingo.money import euros

SUPPORTED: Final = ("es", "eu")

TEXTS: Final[dict[str, dict[str, str]]] = {
    # --- document and pages ------------------------------------------------------------------
    "acta.title": {
        "es": "ACTA DE LA SESIÓN DEL JUEGO DEL BINGO",
        "eu": "BINGO-JOKOAREN SAIOAREN AKTA",
    },
    "acta.doc_title": {"es": "Acta de la sesión {session}", "eu": "{session} saioaren akta"},
    "page.folio": {"es": "Folio {n}", "eu": "{n}. folioa"},
    "page.seal": {
        "es": "Sello de la Consejería competente en materia de juego",
        "eu": "Jokoaren arloko sail eskudunaren zigilua",
    },
    "page.chain": {
        "es": "Registro encadenado: registro {seq} · cabeza {head}…",
        "eu": "Erregistro-katea: {seq}. erregistroa · burua {head}…",
    },
    "open.simulation": {
        "es": "SESIÓN SIMULADA (semilla {seed}), registrada como tal: no es una sesión real de "
        "juego y esta acta no tiene validez.",
        "eu": "SAIO SIMULATUA ({seed} hazia), horrela erregistratua: ez da benetako joko-saio "
        "bat eta akta honek ez du baliorik.",
    },
    "open.emulated": {
        "es": "DISPOSITIVOS EMULADOS (semilla {seeds}): las bolas y los recuentos marcados como "
        "emulados no salieron de un extractor ni de un lector reales; no es una sesión real de "
        "juego y esta acta no tiene validez.",
        "eu": "GAILU EMULATUAK ({seeds} hazia): emulatu gisa markatutako bolak eta zenbaketak ez "
        "dira benetako erauzgailu edo irakurgailu batetik atera; ez da benetako joko-saio bat "
        "eta akta honek ez du baliorik.",
    },
    "page.emulated": {
        "es": "dispositivos emulados (semilla {seeds}): sin validez",
        "eu": "gailu emulatuak ({seeds} hazia): baliorik gabe",
    },
    "doc.emulated": {
        "es": "DISPOSITIVOS EMULADOS (semilla {seeds}): este documento no tiene validez.",
        "eu": "GAILU EMULATUAK ({seeds} hazia): agiri honek ez du baliorik.",
    },
    "doc.simulation": {
        "es": "SESIÓN SIMULADA (semilla {seed}): este documento no tiene validez.",
        "eu": "SAIO SIMULATUA ({seed} hazia): agiri honek ez du baliorik.",
    },
    "page.simulation": {
        "es": "sesión simulada (semilla {seed}): sin validez",
        "eu": "saio simulatua ({seed} hazia): baliorik gabe",
    },
    "page.working": {
        "es": "Copia de trabajo: acta en curso",
        "eu": "Lan-kopia: akta idazten ari da",
    },
    "acta.working_banner": {
        "es": "ACTA EN CURSO. Impresa con el registro {seq} ({time}): contiene las partidas "
        "cerradas y los datos de la partida en juego. Todavía sin diligencia de cierre.",
        "eu": "AKTA IDAZTEN ARI DA. {seq}. erregistroarekin inprimatua ({time}): partida itxiak "
        "eta jokoan dagoen partidaren datuak ditu. Oraindik itxiera-eginbiderik gabe.",
    },
    # --- opening --------------------------------------------------------------------------------
    "open.title": {"es": "DILIGENCIA DE COMIENZO", "eu": "HASIERA-EGINBIDEA"},
    "open.text": {
        "es": "En la sala de bingo {hall} ({hall_id}, {region}), siendo las {time} horas del "
        "{date}, se abre la sesión {session} del juego del bingo, actuando como jefe de "
        "mesa-cajero {jm} y como jefe de sala {js}.",
        "eu": "{hall} bingo-aretoan ({hall_id}, {region}), {date}, {time}etan, bingo-jokoaren "
        "{session} saioari hasiera ematen zaio; mahaiburu-kutxazaina: {jm}; "
        "aretoburua: {js}.",
    },
    "open.ball_set": {
        "es": "Juego de bolas en uso: {id}, homologación {hom}; {n} partidas jugadas con él antes "
        "de esta sesión.",
        "eu": "Erabiltzen den bola-jokoa: {id}, {hom} homologazioa; saio honen aurretik {n} "
        "partida jokatu dira harekin.",
    },
    "open.check": {
        "es": "Recuento y comprobación de las bolas al comienzo de la sesión, por el jefe de "
        "mesa-cajero en presencia del jefe de sala: {count} bolas, numeración {numbering}, "
        "estado {state}.",
        "eu": "Saioaren hasieran bolak zenbatu eta egiaztatu ditu mahaiburu-kutxazainak, "
        "aretoburuaren aurrean: {count} bola, zenbakiak {numbering}, egoera {state}.",
    },
    "close.check": {
        "es": "Recuento y comprobación de las bolas al cierre de la sesión, por el jefe de "
        "mesa-cajero en presencia del jefe de sala: {count} bolas, numeración {numbering}, "
        "estado {state}.",
        "eu": "Saioaren amaieran bolak zenbatu eta egiaztatu ditu mahaiburu-kutxazainak, "
        "aretoburuaren aurrean: {count} bola, zenbakiak {numbering}, egoera {state}.",
    },
    "check.missing": {
        "es": "No consta el recuento de las bolas.",
        "eu": "Ez dago bolen zenbaketaren erregistrorik.",
    },
    "check.complete": {
        "es": "completa (1 a 90, cada número una vez)",
        "eu": "osoak (1etik 90era, zenbaki bakoitza behin)",
    },
    "check.incomplete": {"es": "INCOMPLETA", "eu": "EZ DAUDE OSORIK"},
    "check.ok": {"es": "conforme", "eu": "egokia"},
    "check.not_ok": {"es": "NO CONFORME", "eu": "EZ EGOKIA"},
    "open.rules": {
        "es": "Porcentajes en vigor sobre el valor facial de los cartones vendidos: premios "
        "{payout} %, línea {line} %, bingo {bingo} %, detracción para la prima {prima} %, "
        "bola loca {bola} %. Límite de bolas de la prima: {limit}.",
        "eu": "Saldutako txartelen ageriko balioaren gaineko ehuneko indardunak: sariak "
        "% {payout}, lerroa % {line}, bingoa % {bingo}, primarako kenkaria % {prima}, bola "
        "eroa % {bola}. Primaren bola-muga: {limit}.",
    },
    "open.rules_bola": {
        "es": "Porcentajes en vigor sobre el valor facial de los cartones vendidos: premios "
        "{payout} %, línea {line} %, bingo {bingo} % ({decree} % del decreto, menos el {bola} % "
        "de bola loca autorizado a la sala), detracción para la prima {prima} %, bola loca "
        "{bola} %. Límite de bolas de la prima: {limit}.",
        "eu": "Saldutako txartelen ageriko balioaren gaineko ehuneko indardunak: sariak "
        "% {payout}, lerroa % {line}, bingoa % {bingo} (dekretuaren % {decree}, aretoari "
        "baimendutako bola eroaren % {bola} kenduta), primarako kenkaria % {prima}, bola eroa "
        "% {bola}. Primaren bola-muga: {limit}.",
    },
    "open.certificate": {
        "es": "Certificado de la sala con que se sellan sus actas: huella SHA-256 {fingerprint}.",
        "eu": "Aretoaren aktak zigilatzeko ziurtagiria: SHA-256 hatz-marka {fingerprint}.",
    },
    "open.rules_bola_authorised": {
        "es": "Porcentajes en vigor sobre el valor facial de los cartones vendidos: premios "
        "{payout} %, línea {line} %, bingo {bingo} % ({decree} % de la autorización de la sala, "
        "menos el {bola} % de bola loca autorizado), detracción para la prima {prima} %, bola "
        "loca {bola} %. Límite de bolas de la prima: {limit}.",
        "eu": "Saldutako txartelen ageriko balioaren gaineko ehuneko indardunak: sariak "
        "% {payout}, lerroa % {line}, bingoa % {bingo} (aretoaren baimenaren % {decree}, "
        "baimendutako bola eroaren % {bola} kenduta), primarako kenkaria % {prima}, bola eroa "
        "% {bola}. Primaren bola-muga: {limit}.",
    },
    "open.source": {
        "es": "Reglas del fichero de la región {file}, versión {version} ({resolution}); "
        "huella SHA-256 del fichero: {sha256}.",
        "eu": "Eskualdeko fitxategiaren arauak: {file}, {version} bertsioa ({resolution}); "
        "fitxategiaren SHA-256 aztarna: {sha256}.",
    },
    "open.prima": {
        "es": "Prima de bingo: importe en vigor al comienzo {amount}; fondo acumulado {fund}.",
        "eu": "Bingo-prima: hasieran indarrean dagoen zenbatekoa {amount}; metatutako "
        "funtsa {fund}.",
    },
    "open.bola": {
        "es": "Bola loca: fondo al comienzo {fund}.",
        "eu": "Bola eroa: hasierako funtsa {fund}.",
    },
    "open.ball_set_change": {
        "es": "Cambio del juego de bolas antes de la primera partida, el {date} a las {time}: "
        "{old} sustituido por {id} (homologación {hom}, {n} partidas anteriores). "
        "Motivo: {reason}",
        "eu": "Bola-jokoaren aldaketa lehen partidaren aurretik, {date}, {time}etan: {old} "
        "ordez {id} ({hom} homologazioa, aurretik {n} partida). Arrazoia: {reason}",
    },
    "open.ball_set_between": {
        "es": "Cambio del juego de bolas entre sesiones, el {date} a las {time}: {old} "
        "sustituido por {id} (homologación {hom}, {n} partidas anteriores). Motivo: {reason}",
        "eu": "Bola-jokoaren aldaketa saioen artean, {date}, {time}etan: {old} ordez {id} "
        "({hom} homologazioa, aurretik {n} partida). Arrazoia: {reason}",
    },
    "ballset.old": {
        "es": "el juego {id} (homologación {hom})",
        "eu": "{id} jokoaren ({hom} homologazioa)",
    },
    "ballset.none": {"es": "ningún juego anterior", "eu": "aurreko jokorik ez"},
    "sign.jm": {"es": "Firma del jefe de mesa-cajero", "eu": "Mahaiburu-kutxazainaren sinadura"},
    "sign.js": {"es": "Firma del jefe de sala", "eu": "Aretoburuaren sinadura"},
    # --- partida ----------------------------------------------------------------------------
    "p.title": {"es": "PARTIDA N.º {n}", "eu": "{n}. PARTIDA"},
    "p.status.closed": {"es": "Cerrada", "eu": "Itxia"},
    "p.status.annulled": {"es": "ANULADA", "eu": "BALIOGABETUA"},
    "p.status.open": {
        "es": "En juego: datos consignados antes de la primera bola",
        "eu": "Jokoan: lehen bolaren aurretik jasotako datuak",
    },
    "p.status.selling": {
        "es": "En venta: aún no se ha consignado ningún dato",
        "eu": "Salmentan: oraindik ez da daturik jaso",
    },
    "p.recorded": {"es": "datos {time}", "eu": "datuak {time}"},
    "p.transcribed_at": {"es": "transcrita {time}", "eu": "transkribatua {time}"},
    "p.continued": {"es": "PARTIDA N.º {n} (continúa)", "eu": "{n}. PARTIDA (jarraipena)"},
    "p.closed": {"es": "cierre {time}", "eu": "itxiera {time}"},
    "p.last": {
        "es": "Última partida de la sesión, anunciada como tal.",
        "eu": "Saioko azken partida, halakotzat iragarria.",
    },
    "p.transcribed": {
        "es": "Partida transcrita del libro manual.",
        "eu": "Eskuzko liburutik transkribatutako partida.",
    },
    "p.transcribed_times": {
        "es": "Partida llevada en el libro manual y transcrita a las {time}: la hora de "
        "transcripción no es la hora de juego, que consta en el libro manual.",
        "eu": "Eskuzko liburuan eramandako partida, {time}etan transkribatua: transkripzioaren "
        "ordua ez da jokoaren ordua; hori eskuzko liburuan dago.",
    },
    "p.pending": {
        "es": "Resultados pendientes: la partida se está jugando.",
        "eu": "Emaitzak zain: partida jokatzen ari da.",
    },
    "p.pending_sale": {
        "es": "La venta sigue abierta: los premios de línea y bingo se anuncian al cerrarla.",
        "eu": "Salmenta irekita dago: lerroaren eta bingoaren sariak ixtean iragartzen dira.",
    },
    "p.no_prizes": {
        "es": "Partida anulada: sin premios ni detracciones.",
        "eu": "Partida baliogabetua: saririk eta kenkaririk gabe.",
    },
    "sale.series": {"es": "Serie", "eu": "Seriea"},
    "sale.first": {"es": "Desde", "eu": "Nondik"},
    "sale.last": {"es": "Hasta", "eu": "Nora"},
    "sale.count": {"es": "Cartones", "eu": "Txartelak"},
    "sale.kind": {"es": "Venta", "eu": "Salmenta"},
    "sale.physical": {"es": "física", "eu": "fisikoa"},
    "sale.electronic": {"es": "electrónica", "eu": "elektronikoa"},
    "fig.price": {"es": "Precio del cartón", "eu": "Txartelaren prezioa"},
    "fig.sold": {"es": "Cartones vendidos", "eu": "Saldutako txartelak"},
    "fig.takings": {"es": "Recaudación total", "eu": "Bildutakoa guztira"},
    "fig.line": {"es": "Premio de línea", "eu": "Lerroaren saria"},
    "fig.bingo": {"es": "Premio de bingo", "eu": "Bingoaren saria"},
    "fig.card_set": {"es": "Modelo de cartones", "eu": "Txartel-eredua"},
    "prize.col": {"es": "Premio", "eu": "Saria"},
    "prize.amount": {"es": "Importe", "eu": "Zenbatekoa"},
    "prize.winner": {"es": "Serie / cartón", "eu": "Seriea / txartela"},
    "prize.ball": {"es": "Bola de cierre (orden · n.º)", "eu": "Osatze-bola (hurrenk. · zk.)"},
    "prize.share": {"es": "Parte", "eu": "Zatia"},
    "prize.residue": {"es": "Residuo", "eu": "Hondarra"},
    "prize.net": {"es": "Líquido a pagar", "eu": "Ordaintzeko garbia"},
    "prize.total": {
        "es": "Total líquido a pagar en la partida",
        "eu": "Partidan ordaintzeko guztizko garbia",
    },
    "prize.line": {"es": "Línea", "eu": "Lerroa"},
    "prize.bingo": {"es": "Bingo", "eu": "Bingoa"},
    "prize.prima": {"es": "Prima de bingo", "eu": "Bingo-prima"},
    "prize.bola_loca": {"es": "Bola loca", "eu": "Bola eroa"},
    "prize.interconnected": {"es": "Bingo interconectado", "eu": "Bingo interkonektatua"},
    "ball.at": {"es": "{idx}.ª · n.º {n}", "eu": "{idx}. · {n} zk."},
    "prima.title": {"es": "Prima de bingo", "eu": "Bingo-prima"},
    "fund.col": {"es": "Fondo", "eu": "Funtsa"},
    "prima.amount": {"es": "Importe en vigor", "eu": "Indarreko zenbatekoa"},
    "prima.limit": {"es": "Límite de bolas", "eu": "Bola-muga"},
    "prima.available": {"es": "En juego", "eu": "Jokoan"},
    "prima.before": {"es": "Fondo anterior", "eu": "Aurreko funtsa"},
    "prima.deduction": {"es": "Detracción", "eu": "Kenkaria"},
    "prima.after": {"es": "Fondo posterior", "eu": "Ondorengo funtsa"},
    "prima.accumulated": {"es": "Partidas acumuladas", "eu": "Metatutako partidak"},
    "prima.awarded": {
        "es": "CONCEDIDA con la {idx}.ª bola (n.º {n}), tras {acc} partidas acumuladas: {amount}.",
        "eu": "EMANA {idx}. bolarekin ({n} zk.), {acc} partida metatu ondoren: {amount}.",
    },
    "prima.not_awarded": {
        "es": "Prima en juego y no concedida: bingo con la {n}.ª bola, por encima del límite "
        "de {limit} bolas.",
        "eu": "Prima jokoan, baina ez da eman: bingoa {n}. bolarekin, {limit} bolako mugaren "
        "gainetik.",
    },
    "prima.change": {
        "es": "Cambio del importe de la prima anunciado en esta partida: {amount}, en vigor "
        "desde la partida siguiente.",
        "eu": "Primaren zenbatekoaren aldaketa, partida honetan iragarria: {amount}, hurrengo "
        "partidatik aurrera indarrean.",
    },
    "yes": {"es": "sí", "eu": "bai"},
    "no": {"es": "no", "eu": "ez"},
    "bola.title": {"es": "Bola loca", "eu": "Bola eroa"},
    "bola.numbers": {"es": "Números", "eu": "Zenbakiak"},
    "bola.source": {"es": "Medio", "eu": "Bidea"},
    "bola.source.secrets": {"es": "generador criptográfico", "eu": "sorgailu kriptografikoa"},
    "bola.source.device": {"es": "aparato independiente", "eu": "gailu independentea"},
    "bola.source.simulated": {"es": "simulación", "eu": "simulazioa"},
    # a partida taken back from the manual book: its numbers are those written in the book
    "bola.source.manual_book": {"es": "libro manual", "eu": "eskuzko liburua"},
    "bola.won": {
        "es": "GANADA con la {idx}.ª bola (n.º {n}): {amount}.",
        "eu": "IRABAZIA {idx}. bolarekin ({n} zk.): {amount}.",
    },
    "inter.title": {"es": "Bingo interconectado", "eu": "Bingo interkonektatua"},
    "inter.settled": {
        "es": "Aportación de esta sala al bingo interconectado: {amount} (red {network}, "
        "transacción {tx} del fondo común).",
        "eu": "Areto honen ekarpena bingo interkonektatuari: {amount} ({network} sarea, "
        "funts komunaren {tx} transakzioa).",
    },
    "inter.not_announced": {
        "es": "Partida empezada en el libro manual: el fondo interconectado no se anunció a sus "
        "jugadores; aporta su porcentaje y no opta al premio.",
        "eu": "Eskuzko liburuan hasitako partida: funts interkonektatua ez zitzaien jokalariei "
        "iragarri; bere ehunekoa ematen du eta ez du saria lortzeko aukerarik.",
    },
    "inter.won": {
        "es": "BINGO INTERCONECTADO CONCEDIDO en esta sala: {amount}, tras {acc} partidas "
        "acumuladas.",
        "eu": "BINGO INTERKONEKTATUA EMANA areto honetan: {amount}, {acc} partida metatu ondoren.",
    },
    "balls.title": {
        "es": "Orden de extracción ({n} bolas)",
        "eu": "Ateratze-hurrenkera ({n} bola)",
    },
    "balls.manual": {
        "es": "* extracción manual desde la {i}.ª bola",
        "eu": "* eskuzko ateratzea {i}. bolatik aurrera",
    },
    "claims.title": {
        "es": "Cartones cantados y comprobados",
        "eu": "Kantatu eta egiaztatutako txartelak",
    },
    "claim.item": {
        "es": "tras la bola {b}: {series}/{number} {kind}, {verdict}",
        "eu": "{b}. bolaren ondoren: {series}/{number} {kind}, {verdict}",
    },
    "claim.valid": {"es": "válido", "eu": "baliozkoa"},
    "claim.invalid": {"es": "no válido", "eu": "baliogabea"},
    "inc.title": {"es": "Incidencias", "eu": "Gorabeherak"},
    "inc.before_first": {"es": "antes de la primera bola", "eu": "lehen bolaren aurretik"},
    "inc.after": {"es": "tras la bola {b}", "eu": "{b}. bolaren ondoren"},
    "inc.suspension": {"es": "Suspensión", "eu": "Etetea"},
    "inc.extractor_failure": {
        "es": "Avería del extractor (extracción manual)",
        "eu": "Ateragailuaren matxura (eskuzko ateratzea)",
    },
    "inc.ball_irregularity": {
        "es": "Irregularidad de las bolas o del mecanismo",
        "eu": "Bolen edo mekanismoaren irregulartasuna",
    },
    "inc.caller_error": {"es": "Error del locutor", "eu": "Esatariaren akatsa"},
    "inc.annulment": {"es": "Anulación", "eu": "Baliogabetzea"},
    "inc.device_fault": {"es": "Avería de un aparato", "eu": "Gailu baten matxura"},
    "inc.failure_before_first_ball": {"es": "Avería o accidente", "eu": "Matxura edo istripua"},
    "inc.failure_after_extraction_began": {
        "es": "Avería con la extracción empezada (extracción manual)",
        "eu": "Matxura ateratzea hasi ondoren (eskuzko ateratzea)",
    },
    "inc.ball_corrected": {
        "es": "Error del locutor corregido (prevalece la bola extraída)",
        "eu": "Esatariaren akatsa zuzendua (ateratako bolak balio du)",
    },
    "inc.reader_hold": {
        "es": "Lectura del lector de bolas no aceptada (el jefe de mesa-cajero leyó la bola)",
        "eu": "Bola-irakurgailuaren irakurketa ez da onartu (mahaiburu-kutxazainak irakurri du "
        "bola)",
    },
    "inc.ball_in_tube": {
        "es": "Avería con una bola ya fuera del bombo (el jefe de mesa-cajero leyó la bola)",
        "eu": "Matxura bola bat bonbotik kanpo zegoela (mahaiburu-kutxazainak irakurri du bola)",
    },
    "inc.system_interruption": {
        "es": "Interrupción del sistema de la sala",
        "eu": "Aretoko sistemaren etenaldia",
    },
    "inc.manual_book": {
        "es": "Avería del sistema informático (partida llevada en el libro manual)",
        "eu": "Sistema informatikoaren matxura (partida eskuzko liburuan eramana)",
    },
    "inc.asked": {"es": "Pedida por {asked}.", "eu": "{asked}(e)k eskatua."},
    "inc.authorised": {
        "es": "Pedida por {asked}; autorizada por el jefe de sala {authorised}.",
        "eu": "{asked}(e)k eskatua; {authorised} aretoburuak baimendua.",
    },
    "inc.paragraph": {
        "es": "Leído en voz alta por el jefe de sala: {ref}.",
        "eu": "Aretoburuak ozen irakurria: {ref}.",
    },
    "inc.at": {"es": "a las {time}", "eu": "{time}etan"},
    "inc.outcome.resumed": {
        "es": "Resultado: partida reanudada a las {time}.",
        "eu": "Emaitza: partida {time}etan berrabiarazia.",
    },
    "inc.outcome.annulled": {
        "es": "Resultado: partida anulada a las {time}.",
        "eu": "Emaitza: partida {time}etan baliogabetua.",
    },
    "inc.outcome.manual": {
        "es": "Resultado: la partida continúa por extracción manual desde la bola {b} ({time}).",
        "eu": "Emaitza: partidak eskuzko ateratzearekin jarraitzen du {b}. bolatik aurrera "
        "({time}).",
    },
    "inc.outcome.transcribed": {
        "es": "Resultado: partida transcrita del libro manual a las {time}.",
        "eu": "Emaitza: partida eskuzko liburutik {time}etan transkribatua.",
    },
    "inc.outcome.continued": {
        "es": "Resultado: la partida continúa.",
        "eu": "Emaitza: partidak jarraitzen du.",
    },
    "inc.outcome.pending": {
        "es": "Resultado: partida suspendida, pendiente de reanudación o devolución.",
        "eu": "Emaitza: partida etenda, berrabiarazteko edo itzulketaren zain.",
    },
    "p.annul_reason": {
        "es": "Motivo de la anulación: {reason}",
        "eu": "Baliogabetzearen arrazoia: {reason}",
    },
    "refund": {
        "es": "Devolución íntegra del importe de los cartones: {amount} ({n} cartones).",
        "eu": "Txartelen zenbateko osoaren itzulketa: {amount} ({n} txartel).",
    },
    "ballset.change": {
        "es": "Cambio del juego de bolas tras esta partida, el {date} a las {time}: {old} "
        "sustituido por {id} (homologación {hom}, {n} partidas anteriores). Motivo: {reason}",
        "eu": "Bola-jokoaren aldaketa partida honen ondoren, {date}, {time}etan: {old} ordez "
        "{id} ({hom} homologazioa, aurretik {n} partida). Arrazoia: {reason}",
    },
    "ballset.count": {
        "es": "Recuento y comprobación de las bolas del juego nuevo antes de la partida "
        "siguiente: {count} bolas, numeración {numbering}, estado {state}.",
        "eu": "Joko berriaren bolak zenbatu eta egiaztatu dira hurrengo partidaren aurretik: "
        "{count} bola, zenbakiak {numbering}, egoera {state}.",
    },
    "obs.title": {
        "es": "Observaciones del sistema: incoherencias del registro",
        "eu": "Sistemaren oharrak: erregistroaren koherentzia-ezak",
    },
    # --- closing ------------------------------------------------------------------------------
    "close.title": {"es": "DILIGENCIA DE CIERRE", "eu": "ITXIERA-EGINBIDEA"},
    "close.text": {
        "es": "Siendo las {time} horas del {date}, se cierra la sesión {session} tras {n} "
        "partidas: {c} celebradas y {a} anuladas.",
        "eu": "{date}, {time}etan, {session} saioa ixten da, {n} partidaren ondoren: {c} "
        "jokatuak eta {a} baliogabetuak.",
    },
    "close.last": {
        "es": "La última partida, la n.º {n}, fue anunciada como tal.",
        "eu": "Azken partida, {n}. partida, halakotzat iragarri zen.",
    },
    "close.summary": {"es": "Resumen de la sesión", "eu": "Saioaren laburpena"},
    "sum.cards": {"es": "Cartones vendidos", "eu": "Saldutako txartelak"},
    "sum.takings": {"es": "Recaudación total", "eu": "Bildutakoa guztira"},
    "sum.refunds": {"es": "Devoluciones", "eu": "Itzulketak"},
    "sum.paid": {"es": "Premios pagados: {prize}", "eu": "Ordaindutako sariak: {prize}"},
    "sum.paid_total": {"es": "Premios pagados (total)", "eu": "Ordaindutako sariak (guztira)"},
    "sum.residues": {"es": "Residuos de los repartos", "eu": "Banaketen hondarrak"},
    "sum.prima_deductions": {"es": "Detracciones para la prima", "eu": "Primarako kenkariak"},
    "sum.bola_deductions": {
        "es": "Detracciones para la bola loca",
        "eu": "Bola eroarako kenkariak",
    },
    "sum.prima_fund": {
        "es": "Fondo de la prima: comienzo → cierre",
        "eu": "Primaren funtsa: hasiera → itxiera",
    },
    "sum.bola_fund": {
        "es": "Fondo de la bola loca: comienzo → cierre",
        "eu": "Bola eroaren funtsa: hasiera → itxiera",
    },
    "sum.hall_share": {"es": "Parte de la sala", "eu": "Aretoaren zatia"},
    "sum.partidas": {
        "es": "Partidas celebradas / anuladas",
        "eu": "Jokatutako / baliogabetutako partidak",
    },
    "close.prima_carry": {
        "es": "El fondo de la prima queda acumulado para las partidas siguientes.",
        "eu": "Primaren funtsa hurrengo partidetarako metatuta geratzen da.",
    },
    # What becomes of the prima fund if the hall closes down is region law, printed only for a
    # region whose regulation says it (render.PRIMA_ON_HALL_CLOSURE).
    "close.prima_closure.cantabria": {
        "es": "En caso de cierre de la sala, las cantidades acumuladas para el pago de la prima "
        "se pondrán a disposición de la Consejería competente en materia de economía y hacienda "
        "para su ingreso en la cuenta general de ingresos del Gobierno de Cantabria "
        "(Catálogo de Juegos y Apuestas de Cantabria, Juego del Bingo, V.2.a).",
        "eu": "Aretoa ixten bada, primaren ordainketarako metatutako zenbatekoak ekonomia eta "
        "ogasun arloko sail eskudunaren esku jarriko dira, Kantabriako Gobernuaren diru-sarreren "
        "kontu orokorrean sartzeko (Kantabriako Joko eta Apustuen Katalogoa, Bingo jokoa, V.2.a).",
    },
    "close.chain": {
        "es": "Registro encadenado de la sala {hall_id}: registros {first} a {seq}. Cabeza de la "
        "cadena (SHA-256):",
        "eu": "{hall_id} aretoaren erregistro-katea: {first}. erregistrotik {seq}.era. Katearen "
        "burua (SHA-256):",
    },
    "close.attached": {
        "es": "El registro completo de la sesión va adjunto a este documento (archivo «{name}»); "
        "cualquiera puede comprobarlo con «bingo-hall acta verify».",
        "eu": "Saioaren erregistro osoa dokumentu honi erantsita doa («{name}» fitxategia); "
        "edonork egiazta dezake «bingo-hall acta verify» aginduarekin.",
    },
    "working.chain": {
        "es": "Registro encadenado hasta ahora: registros {first} a {seq}. Cabeza provisional "
        "(SHA-256):",
        "eu": "Orain arteko erregistro-katea: {first}. erregistrotik {seq}.era. Behin-behineko "
        "burua (SHA-256):",
    },
    # --- receipts ---------------------------------------------------------------------------
    "rc.title": {"es": "JUSTIFICANTE DE PREMIO", "eu": "SARIAREN EGIAZTAGIRIA"},
    "rc.duplicate": {
        "es": "DUPLICADO: se adjunta al cartón premiado",
        "eu": "BIKOIZKINA: saritutako txartelari eransten zaio",
    },
    "rc.original": {"es": "ORIGINAL: para el jugador", "eu": "JATORRIZKOA: jokalariarentzat"},
    "rc.tray": {
        "es": "Pagado en bandeja separada de la del premio de bingo ordinario.",
        "eu": "Bingo arruntaren sariaren erretilutik bereizitako erretiluan ordaindua.",
    },
    "rc.hall": {"es": "Sala", "eu": "Aretoa"},
    "rc.session": {"es": "Sesión", "eu": "Saioa"},
    "rc.date": {"es": "Fecha", "eu": "Data"},
    "rc.partida": {"es": "Partida", "eu": "Partida"},
    "rc.prize": {"es": "Premio", "eu": "Saria"},
    "rc.accumulated": {"es": "Partidas acumuladas", "eu": "Metatutako partidak"},
    "rc.amount": {"es": "Importe del premio", "eu": "Sariaren zenbatekoa"},
    "rc.winners": {"es": "Cartones premiados", "eu": "Saritutako txartelak"},
    "rc.share": {"es": "Corresponde a este cartón", "eu": "Txartel honi dagokiona"},
    "rc.card": {
        "es": "Cartón premiado (serie / número)",
        "eu": "Saritutako txartela (seriea / zenbakia)",
    },
    "rc.serial": {"es": "Número de serie del cartón", "eu": "Txartelaren serie-zenbakia"},
    "rc.ball": {"es": "Completado con la bola", "eu": "Osatze-bola"},
    "rc.limit": {"es": "Límite de bolas en vigor", "eu": "Indarreko bola-muga"},
    "rc.order": {"es": "Orden de salida de las bolas", "eu": "Bolen irteera-hurrenkera"},
    "rc.jm": {"es": "Jefe de mesa-cajero", "eu": "Mahaiburu-kutxazaina"},
    "rc.received": {"es": "Recibí (firma del jugador)", "eu": "Jasoa (jokalariaren sinadura)"},
    "rc.chain": {
        "es": "Registro {seq} · cadena {head}…",
        "eu": "{seq}. erregistroa · katea {head}…",
    },
    "pf.title": {"es": "COMPROBANTE DE PREMIO", "eu": "SARIAREN FROGAGIRIA"},
    "pf.card": {
        "es": "Cartón {series} / {number} (modelo {card_set}, combinación {number})",
        "eu": "{series} / {number} txartela ({card_set} eredua, {number}. konbinazioa)",
    },
    "pf.legend": {
        "es": "Marcado: número extraído. Recuadro: bola que completó el premio.",
        "eu": "Markatuta: ateratako zenbakia. Laukian: saria osatu zuen bola.",
    },
    # --- summary ---------------------------------------------------------------------------
    "sm.title": {"es": "RESUMEN DE LA NOCHE", "eu": "GAUAREN LABURPENA"},
    "sm.balls_chart": {
        "es": "Bolas necesarias por partida (línea y bingo)",
        "eu": "Partida bakoitzean behar izan diren bolak (lerroa eta bingoa)",
    },
    "sm.prizes_chart": {"es": "Premios por partida", "eu": "Sariak partidaka"},
    "sm.funds_chart": {
        "es": "Fondos de la prima y de la bola loca tras cada partida",
        "eu": "Primaren eta bola eroaren funtsak partida bakoitzaren ondoren",
    },
    "sm.other": {
        "es": "Prima, bola loca e interconectado",
        "eu": "Prima, bola eroa eta interkonektatua",
    },
    "sm.table": {"es": "Partidas", "eu": "Partidak"},
    "sm.partida": {"es": "Partida", "eu": "Partida"},
    "sm.balls": {"es": "Bolas", "eu": "Bolak"},
    "sm.line_at": {"es": "Línea en", "eu": "Lerroa"},
    "sm.status": {"es": "Estado", "eu": "Egoera"},
    "sm.prizes": {"es": "Premios", "eu": "Sariak"},
    "sm.open_partida": {"es": "(en juego)", "eu": "(jokoan)"},
    # --- partidas of bingo derivado and bingo plus ----------------------------------------------
    **GAME_TEXTS,
    **SIMULTANEOUS_TEXTS,
}


MONTHS_ES: Final = (
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
)
MONTHS_EU_GEN: Final = (
    "urtarrilaren",
    "otsailaren",
    "martxoaren",
    "apirilaren",
    "maiatzaren",
    "ekainaren",
    "uztailaren",
    "abuztuaren",
    "irailaren",
    "urriaren",
    "azaroaren",
    "abenduaren",
)
DAYS_ES: Final = ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo")
DAYS_EU: Final = (
    "astelehena",
    "asteartea",
    "asteazkena",
    "osteguna",
    "ostirala",
    "larunbata",
    "igandea",
)


def long_date(day: date, lang: str) -> str:
    """``domingo 22 de noviembre de 2026`` / ``2026ko azaroaren 22a, igandea``."""
    if lang == "eu":
        # the article -a goes after the day except 11 and 31 (hamaika, hogeita hamaika)
        suffix = "" if day.day in (11, 31) else "a"
        return (
            f"{day.year}ko {MONTHS_EU_GEN[day.month - 1]} {day.day}{suffix}, "
            f"{DAYS_EU[day.weekday()]}"
        )
    return f"{DAYS_ES[day.weekday()]} {day.day} de {MONTHS_ES[day.month - 1]} de {day.year}"


def short_date(day: date) -> str:
    return f"{day.day:02d}/{day.month:02d}/{day.year}"


def clock(moment: datetime | None, seconds: bool = False) -> str:
    if moment is None:
        return "—"
    return moment.strftime("%H:%M:%S" if seconds else "%H:%M")


def percent(basis_points: int | None) -> str:
    """Basis points as a Spanish percentage number: ``6700`` → ``67``, ``150`` → ``1,5``."""
    if basis_points is None:
        return "—"
    whole, rest = divmod(basis_points, 100)
    return f"{whole}" if rest == 0 else f"{whole},{rest:02d}".rstrip("0")


def money(cents: int | None) -> str:
    return "—" if cents is None else euros(cents)


class PerLang(dict[str, str]):
    """A value that differs by language (a date, a yes/no): ``PerLang(es=..., eu=...)``."""

    def pick(self, lang: str) -> str:
        return self.get(lang, self["es"])


def _pick(values: dict[str, object], lang: str) -> dict[str, object]:
    return {k: (v.pick(lang) if isinstance(v, PerLang) else v) for k, v in values.items()}


def _entry(key: str) -> dict[str, str]:
    """A text of the actas, or one of the codes the devices and the draw policy speak: one
    catalogue format and one lookup for both (``actas.words``).
    """
    from actas.words import WORDS  # the words import this module's languages

    entry = TEXTS.get(key)
    return entry if entry is not None else WORDS[key]


class Texts:
    """The texts in the hall's languages: Spanish always, then Basque for Basque halls."""

    def __init__(self, languages: Sequence[str] = ("es",)) -> None:
        wanted = [lang for lang in languages if lang in SUPPORTED and lang != "es"]
        self.languages: tuple[str, ...] = ("es", *dict.fromkeys(wanted))

    @property
    def bilingual(self) -> bool:
        return len(self.languages) > 1

    def all(self, key: str, **values: object) -> tuple[str, ...]:
        """The text in every language of the hall, Spanish first."""
        entry = _entry(key)
        return tuple(
            entry.get(lang, entry["es"]).format(**_pick(values, lang)) for lang in self.languages
        )

    def es(self, key: str, **values: object) -> str:
        return _entry(key)["es"].format(**_pick(values, "es"))

    def per_lang(self, key: str, **values: object) -> PerLang:
        """A text to be used as a value inside another text, in each language."""
        return PerLang(zip(self.languages, self.all(key, **values), strict=True))

    def join(self, key: str, sep: str = " / ", **values: object) -> str:
        """One line: ``Serie / Seriea`` for a Basque hall, ``Serie`` otherwise."""
        return sep.join(dict.fromkeys(self.all(key, **values)))

    def date(self, day: date) -> PerLang:
        return PerLang({lang: long_date(day, lang) for lang in self.languages})
