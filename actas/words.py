"""The hall's words for the codes the devices and the draw policy speak (``bingo.drawing``).

The drivers and the domain say what happened as a code and its parameters; the edges (the
console, the headless run, the actas) say it in words from here, in the hall's languages: the
same catalogue format as ``actas.i18n.TEXTS`` (key, then language), Spanish first, Basque beside
it (R-PANEL-4); English where the English console shows the text. A language without a text
falls back to Spanish. The incident notes the policy
records are rendered in Spanish, the record's language (decision 150).

The Basque texts were written for the demo hall and must be reviewed by the hall's translator.
"""

from __future__ import annotations

from typing import Final

from actas.i18n import SUPPORTED
from bingo.drawing import (
    AskTable,
    BallHeld,
    BallNotRead,
    BallSetIrregular,
    DeviceLost,
    DuplicateBall,
    Note,
)

LANGUAGES: Final = SUPPORTED  # the hall languages of the actas: Spanish, Basque

WORDS: Final[dict[str, dict[str, str]]] = {
    # --- the devices ----------------------------------------------------------------------
    "device.extractor": {"es": "extractor", "eu": "ateragailua"},
    "device.reader": {"es": "lector", "eu": "irakurgailua"},
    # --- a reading held: the jefe de mesa reads the ball (R-GAME-3) ----------------------------
    "held.out_of_range": {
        "es": "El lector leyó {number}, fuera de 1–90.",
        "eu": "Irakurgailuak {number} irakurri du, 1–90 tartetik kanpo.",
    },
    "held.already_drawn": {
        "es": "El lector leyó {number}, que ya ha salido en esta partida.",
        "eu": "Irakurgailuak {number} irakurri du, partida honetan atera dena jada.",
    },
    "held.wrong_draw": {
        "es": "El lector dio la lectura {number} para la extracción {other}, no para la {draw}.",
        "eu": "Irakurgailuak {number} irakurketa {other}. ateratzerako eman du, ez {draw}.erako.",
    },
    "held.operator_mismatch": {
        "es": "El lector leyó {number} pero la mesa ve el {seen}.",
        "eu": "Irakurgailuak {number} irakurri du, baina mahaiak {seen} ikusten du.",
    },
    "held.unreadable": {
        "es": "El lector no ha podido leer la bola.",
        "eu": "Irakurgailuak ezin izan du bola irakurri.",
    },
    "held.low_confidence": {
        "es": "Lectura dudosa del lector: {number} (confianza {confidence} %).",
        "eu": "Irakurgailuaren irakurketa zalantzazkoa: {number} (konfiantza % {confidence}).",
    },
    "held.duplicate_read": {
        "es": "El lector dio dos lecturas distintas de la misma bola.",
        "eu": "Irakurgailuak bola beraren bi irakurketa desberdin eman ditu.",
    },
    "held.stale_read": {
        "es": "El lector volvió a leer una bola que ya había salido ({number}).",
        "eu": "Irakurgailuak lehendik ateratako bola bat irakurri du berriro ({number}).",
    },
    "held.id_mismatch": {
        "es": "El lector leyó {number}, pero el código de la bola no es el de la {number} del "
        "juego revisado.",
        "eu": "Irakurgailuak {number} irakurri du, baina bolaren kodea ez da berrikusitako "
        "jokoko {number} bolarena.",
    },
    "held.early_read": {
        "es": "El lector dio una lectura ({said}) antes de que saliera la bola; no se toma.",
        "eu": "Irakurgailuak irakurketa bat ({said}) eman du bola atera aurretik; ez da hartzen.",
    },
    "held.replayed_read": {
        "es": "El lector repitió una respuesta antigua (su contador de avisos no avanzó; "
        "lectura repetida: {said}); no se toma.",
        "eu": "Irakurgailuak erantzun zahar bat errepikatu du (abisu-kontagailua ez da aurreratu; "
        "errepikatutako irakurketa: {said}); ez da hartzen.",
    },
    "held.line_lost": {
        "es": "Se ha perdido la comunicación con el lector.",
        "eu": "Irakurgailuarekiko komunikazioa galdu da.",
    },
    "held.read_tube": {
        "es": "Partida detenida: lea la bola del tubo e introduzca su número.",
        "eu": "Partida geldituta: irakurri hodiko bola eta sartu haren zenbakia.",
    },
    # --- a device lost (R-INC-1, R-INC-2) ------------------------------------------------------
    "lost.offline": {
        "es": "Se ha perdido la comunicación con el {device}.",
        "eu": "Komunikazioa galdu da gailu honekin: {device}.",
    },
    "lost.not_responding": {
        "es": "El {device} no responde.",
        "eu": "Gailuak ez du erantzuten: {device}.",
    },
    "lost.refused": {
        "es": "El {device} rechazó la orden.",
        "eu": "Gailuak agindua baztertu du: {device}.",
    },
    "lost.restarted": {
        "es": "El {device} se ha reiniciado durante la extracción.",
        "eu": "Gailua berrabiarazi da ateratzean: {device}.",
    },
    "lost.release_unconfirmed": {
        "es": "El extractor no confirmó la salida de la bola.",
        "eu": "Ateragailuak ez du bolaren irteera baieztatu.",
    },
    "lost.double_feed_flag": {
        "es": "El extractor sigue señalando doble alimentación sin ninguna bola fuera del "
        "bombo: avería del extractor, no irregularidad de las bolas de esta partida.",
        "eu": "Ateragailuak elikadura bikoitza adierazten jarraitzen du bonbotik kanpo bolarik "
        "gabe: ateragailuaren matxura, ez partida honetako bolen irregulartasuna.",
    },
    "lost.no_air": {"es": "El extractor no tiene aire.", "eu": "Ateragailuak ez du airerik."},
    "lost.jam": {
        "es": "Atasco en el extractor: la bola no ha llegado al tubo.",
        "eu": "Ateragailua trabatuta: bola ez da hodira iritsi.",
    },
    "lost.tube_sensor": {
        "es": "El sensor del tubo del extractor está bloqueado.",
        "eu": "Ateragailuaren hodiko sentsorea blokeatuta dago.",
    },
    "lost.door_open": {
        "es": "La puerta del extractor está abierta.",
        "eu": "Ateragailuaren atea irekita dago.",
    },
    "lost.reader_optics": {
        "es": "La óptica del lector está averiada.",
        "eu": "Irakurgailuaren optika matxuratuta dago.",
    },
    "lost.device_fault": {
        "es": "Avería del {device}.",
        "eu": "Gailuaren matxura: {device}.",
    },
    "lost.scan_failed": {
        "es": "El lector no pudo leer el juego de bolas: {error}",
        "eu": "Irakurgailuak ezin izan du bola-jokoa irakurri: {error}",
    },
    "lost.scan_incomplete": {
        "es": "La lectura del juego de bolas llegó incompleta; repítala.",
        "eu": "Bola-jokoaren irakurketa osatu gabe iritsi da; errepika ezazu.",
    },
    "lost.tube_yes": {
        "es": "Hay una bola en el tubo: léala antes de seguir.",
        "eu": "Bola bat dago hodian: irakur ezazu jarraitu aurretik.",
    },
    "lost.tube_maybe": {
        "es": "Compruebe si hay una bola en el tubo.",
        "eu": "Egiaztatu hodian bolarik dagoen.",
    },
    "lost.manual": {
        "es": "Puede seguir con extracción manual de las bolas pendientes.",
        "eu": "Falta diren bolak eskuz ateraz jarrai dezakezu.",
    },
    "lost.suspended": {
        "es": "No ha salido ninguna bola: la partida queda suspendida.",
        "eu": "Ez da bolarik atera: partida etenda geratzen da.",
    },
    "lost.not_counted": {
        "es": "El recuento de bolas no se ha hecho: vuelva a intentarlo cuando el lector responda.",
        "eu": "Bolen zenbaketa ez da egin: saiatu berriro irakurgailuak erantzuten duenean.",
    },
    # --- irregularities of the balls or the mechanism (R-INC-3, R-BALL-2) ----------------------
    "irregular.double_feed": {
        "es": "Han salido dos bolas a la vez (doble alimentación).",
        "eu": "Bi bola atera dira batera (elikadura bikoitza).",
    },
    "irregular.missing_ball": {
        "es": "Faltan bolas en el bombo: el extractor cuenta {count} y deberían quedar {expected}.",
        "eu": "Bolak falta dira bonboan: ateragailuak {count} zenbatzen ditu eta {expected} "
        "geratu beharko lirateke.",
    },
    "irregular.drum_count": {
        "es": "El extractor cuenta {count} bolas en el bombo y deberían quedar {expected} "
        "({drawn} ya extraídas): han vuelto al bombo bolas que ya habían salido (extractor "
        "reiniciado o recargado).",
        "eu": "Ateragailuak {count} bola zenbatzen ditu bonboan eta {expected} geratu beharko "
        "lirateke ({drawn} aterata jada): lehendik ateratako bolak itzuli dira bonbora "
        "(ateragailua berrabiarazita edo berriz kargatuta).",
    },
    "irregular.set_scan": {
        "es": "Juego de bolas irregular: faltan {missing}; repetidas {duplicated}.",
        "eu": "Bola-joko irregularra: falta dira {missing}; errepikatuak {duplicated}.",
    },
    "irregular.mechanism": {
        "es": "Irregularidad en las bolas o el mecanismo.",
        "eu": "Irregulartasuna boletan edo mekanismoan.",
    },
    "irregular.duplicate": {
        "es": "La bola {number} ya había salido en esta partida: bola duplicada.",
        "eu": "{number} bola partida honetan atera zen jada: bola bikoiztua.",
    },
    # --- the record's notes -----------------------------------------------------------------
    "note.draw": {"es": "extracción {draw}: {text}", "eu": "{draw}. ateratzea: {text}"},
    "note.reader_hold": {"es": "La bola es el {number}.", "eu": "Bola {number} da."},
    "note.ball_in_tube": {
        "es": "El jefe de mesa lee la bola del tubo: es el {number}.",
        "eu": "Mahaiburuak hodiko bola irakurtzen du: {number} da.",
    },
    "note.tube_recorded": {
        "es": "La bola del tubo, el {number}, consta como la bola {draw}.",
        "eu": "Hodiko bola, {number}, {draw}. bola gisa erregistratuta dago.",
        "en": "The ball in the tube, number {number}, is recorded as ball {draw}.",
    },
    "note.no_ball": {
        "es": "No salió ninguna bola (comprobado por el jefe de mesa).",
        "eu": "Ez zen bolarik atera (mahaiburuak egiaztatua).",
        "en": "No ball came out (checked by the table manager-cashier).",
    },
    "note.not_read": {
        "es": "Nadie en la mesa puede leer la bola; la partida queda detenida hasta que el jefe "
        "de mesa la lea en la consola.",
        "eu": "Mahaian inork ezin du bola irakurri; partida geldituta geratzen da mahaiburuak "
        "kontsolan irakurri arte.",
    },
    # --- what the jefe de mesa is asked ----------------------------------------------------
    "ask.tube_yes": {
        "es": "Escriba el número de la bola del tubo: consta como la bola {draw} antes de "
        "seguir por extracción manual.",
        "eu": "Idatzi hodiko bolaren zenbakia: {draw}. bola gisa erregistratuko da eskuzko "
        "ateratzearekin jarraitu aurretik.",
        "en": "Type the number of the ball in the tube: it is recorded as ball {draw} before the "
        "manual draw goes on.",
    },
    "ask.tube_maybe": {
        "es": "Mire el tubo. Si ha salido una bola nueva, escriba su número: consta como la "
        "bola {draw}. Si no salió ninguna, pulse «No salió ninguna bola».",
        "eu": "Begiratu hodia. Bola berri bat atera bada, idatzi haren zenbakia: {draw}. bola "
        "gisa erregistratuko da. Bat ere atera ez bada, sakatu «Ez da bolarik atera».",
        "en": "Look at the tube. If a new ball came out, type its number: it is recorded as ball "
        "{draw}. If none came out, press “No ball came out”.",
    },
    "ask.already_drawn": {
        "es": "La bola {number} ya había salido en esta partida: no es la de esta extracción. "
        "Escriba la bola del tubo; si lleva ese número, escríbalo otra vez: hay dos bolas "
        "iguales y la partida se detiene (R-INC-3)",
        "eu": "{number} bola partida honetan atera zen jada: ez da ateratze honetakoa. Idatzi "
        "hodiko bola; zenbaki hori badu, idatzi berriro: bi bola berdin daude eta partida "
        "gelditzen da (R-INC-3)",
        "en": "Ball {number} was already drawn in this game: it is not this draw's ball. Type the "
        "ball in the tube; if it bears that number, type it again: there are two equal balls and "
        "the game stops (R-INC-3)",
    },
    "ask.last_ball": {
        "es": "La bola {number} ya había salido en esta partida: no es la de esta extracción. "
        "Escriba la bola nueva del tubo, o pulse «No salió ninguna bola»",
        "eu": "{number} bola partida honetan atera zen jada: ez da ateratze honetakoa. Idatzi "
        "hodiko bola berria, edo sakatu «Ez da bolarik atera»",
        "en": "Ball {number} was already drawn in this game: it is not this draw's ball. Type the "
        "new ball in the tube, or press “No ball came out”",
    },
    "ask.no_ball": {
        "es": "Bola del tubo: {number} no es una bola del juego (1 a 90)",
        "eu": "Hodiko bola: {number} ez da jokoko bola bat (1etik 90era)",
        "en": "Ball in the tube: {number} is no ball of the set (1 to 90)",
    },
}


class _Given(dict[str, object]):
    """The parameters of a text; one a code came without shows as a dash, never a failure."""

    def __missing__(self, key: str) -> object:
        return "—"


def say(key: str, lang: str = "es", **params: object) -> str:
    """The text of ``key`` in ``lang`` (Spanish when it has none), with its parameters."""
    texts = WORDS[key]
    return (texts.get(lang) or texts["es"]).format_map(_Given(params))


def _device(name: str, lang: str) -> str:
    key = f"device.{name}"
    return say(key, lang) if key in WORDS else name


def held_text(held: BallHeld, lang: str = "es") -> str:
    """Why the ball is held, and what the jefe de mesa does (read the tube)."""
    d = held.details
    text = say(
        f"held.{held.reason}",
        lang,
        number=held.number,
        seen=d.get("seen"),
        draw=held.draw_number,
        other=d.get("other", "?"),
        confidence=d.get("confidence", 0),
        said=d.get("said", ""),
    )
    if d.get("line_lost"):
        text += " " + say("held.line_lost", lang)
    return f"{text} {say('held.read_tube', lang)}"


def lost_text(lost: DeviceLost, lang: str = "es", then: str = "") -> str:
    """Why the device cannot take part, and what can be done (``then``: what the policy says
    follows, when it is known: no manual extraction is offered for a suspended partida).
    """
    device = _device(lost.device, lang)
    reason = lost.reason
    if reason == "offline" and lost.draw_number is None:
        reason = "not_responding"  # asked before the partida's first ball
    key = f"lost.{reason}" if f"lost.{reason}" in WORDS else "lost.device_fault"
    text = say(key, lang, device=device, **lost.details)
    if lost.reason.startswith("scan_"):
        return text
    if lost.draw_number is None or then == "suspend":
        return f"{text} {say('lost.suspended', lang)}"
    if lost.ball_in_tube:
        text += " " + say("lost.tube_yes", lang)
    elif lost.ball_in_tube is None:
        text += " " + say("lost.tube_maybe", lang)
    return f"{text} {say('lost.manual', lang)}"


def irregular_text(error: BallSetIrregular | DuplicateBall, lang: str = "es") -> str:
    """The irregularity of the balls, or of the mechanism."""
    if isinstance(error, DuplicateBall):
        return say("irregular.duplicate", lang, number=error.number)
    key = f"irregular.{error.reason}"
    if key not in WORDS:
        key = "irregular.mechanism"
    return say(
        key,
        lang,
        missing=", ".join(map(str, error.missing)) or "—",
        duplicated=", ".join(map(str, error.duplicated)) or "—",
        **error.details,
    )


def cause_text(
    cause: BallHeld | DeviceLost | BallSetIrregular | DuplicateBall, lang: str = "es"
) -> str:
    if isinstance(cause, BallHeld):
        return held_text(cause, lang)
    if isinstance(cause, DeviceLost):
        return lost_text(cause, lang)
    return irregular_text(cause, lang)


def note_text(note: Note, lang: str = "es") -> str:
    """An incident note of the draw policy, as the record keeps it (Spanish, decision 150)."""
    cause = note.cause
    if isinstance(cause, DeviceLost):
        said = lost_text(cause, lang, note.then)
    else:
        said = cause_text(cause, lang) if cause is not None else ""
    if note.code == "reader_hold":
        text = f"{said} {say('note.reader_hold', lang, number=note.number)}"
        return say("note.draw", lang, draw=note.draw_number, text=text)
    if note.code == "ball_in_tube":
        text = f"{said} {say('note.ball_in_tube', lang, number=note.number)}"
        return say("note.draw", lang, draw=note.draw_number, text=text)
    if note.code == "irregular":
        if isinstance(cause, DuplicateBall):
            return say("note.draw", lang, draw=note.draw_number, text=said)
        return said
    # device_lost: what the manual extraction or the suspension follows
    if note.no_ball:
        return f"{said} {say('note.no_ball', lang)}"
    if note.number is not None:
        told = say("note.tube_recorded", lang, number=note.number, draw=note.draw_number)
        return f"{said} {told}"
    return said


def ask_text(ask: AskTable, lang: str = "es") -> str:
    """What the jefe de mesa is asked to read, and why again when he is asked again."""
    if ask.problem:
        return say(f"ask.{ask.problem}", lang, number=ask.previous)
    cause = ask.cause
    if isinstance(cause, BallHeld):
        return held_text(cause, lang)
    tube = "ask.tube_yes" if cause.ball_in_tube else "ask.tube_maybe"
    return f"{lost_text(cause, lang)}\n{say(tube, lang, draw=ask.draw_number)}"


def not_read_text(error: BallNotRead, lang: str = "es") -> str:
    """A ball out that nobody at the table can read: the run stops there."""
    text = f"{cause_text(error.cause, lang)} {say('note.not_read', lang)}"
    return say("note.draw", lang, draw=error.draw_number, text=text)
