"""The words the console uses for events, prizes and states (Spanish source, translatable)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from bingo import events as ev
from bingo.game.definition import GameDefinition
from bingo.hall import DomainError, Hall
from bingo.money import euros
from ui.console import state
from ui.console.game_state import modality_words

CONTEXT = "Console"


def t(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def prize_name(prize: str) -> str:
    return state.prize_name(prize, t)


INCIDENT_TITLES = {
    "failure_before_first_ball": "Avería antes de la primera bola",
    "failure_after_extraction_began": "Avería con la extracción comenzada",
    "ball_irregularity": "Irregularidad de las bolas o del mecanismo",
    "caller_error": "Error del locutor que no puede subsanarse",
    "ball_corrected": "Corrección de una bola mal anunciada",
    "manual_book": "Partida transcrita del libro manual",
    "reader_hold": "Bola leída por el jefe de mesa",
    "ball_in_tube": "Bola del tubo leída por el jefe de mesa tras la avería",
    "system_interruption": "Interrupción del sistema de la sala",
}

BALL_SOURCES = {"manual_book": "libro manual", "operator": "jefe de mesa", "emulated": "emulado"}


def incident_title(incident: str) -> str:
    return t(INCIDENT_TITLES.get(incident, incident))


def _game(hall: Hall | None, game_id: str = "", number: int = 0) -> GameDefinition | None:
    """The definition of a game, by its id or by the number of its partida in the session."""
    if hall is None:
        return None
    if game_id:
        return hall.games.definitions.get(game_id)
    session = hall.session
    if session is None:
        return None
    played = [p for p in hall.games.of_session(session.id) if p.number == number]
    return played[-1].definition if played else None


def _combination(hall: Hall | None, number: int, code: str) -> str:
    definition = _game(hall, number=number)
    try:
        return definition.combination(code).name() if definition is not None else code
    except KeyError:
        return code


def describe(event: ev.Event, hall: Hall | None = None) -> str:
    """One line of the console's event log for a recorded event; ``hall``: where the names of
    a game and its combinations are read (else their codes).
    """
    match event:
        case ev.PartidaStarted():
            text = t("Partida {n}: venta abierta").format(n=event.partida)
            if event.prima_available:
                text += t("; prima de {amount} hasta la bola {limit}").format(
                    amount=euros(event.prima_amount_cents), limit=event.prima_ball_limit
                )
            if event.bola_loca_numbers:
                text += t("; bola loca {numbers}").format(
                    numbers=", ".join(map(str, event.bola_loca_numbers))
                )
            return text
        case ev.SaleRecorded():
            text = t("Venta: serie {series}, cartones {first} a {last} ({count})").format(
                series=event.series,
                first=event.first,
                last=event.last,
                count=event.last - event.first + 1,
            )
            # the seller's and the terminal's names are names: not translated
            text += f" · {event.seller}" if event.seller else ""
            text += f" · {event.terminal}" if event.terminal else ""
            if event.payment == "card":  # cash, the default, goes unsaid (decision 280)
                text += " · " + t("con tarjeta")
            return text
        case ev.CartonesReturned():
            return t(
                "Devueltos a la mesa: serie {series}, cartones {first} a {last} ({count})"
            ).format(
                series=event.series,
                first=event.first,
                last=event.last,
                count=event.last - event.first + 1,
            )
        case ev.SaleClosed():
            return t(
                "Venta cerrada: {cards} cartones, {takings}; línea {line}, bingo {bingo}"
            ).format(
                cards=event.cards_sold,
                takings=euros(event.takings_cents),
                line=euros(event.line_prize_cents),
                bingo=euros(event.bingo_prize_cents),
            )
        case ev.PartidaDataShown():
            return t("Datos en los paneles: puerta cerrada")
        case ev.BallDrawn():
            return t("Bola {index}: {number} ({source})").format(
                index=event.index,
                number=event.number,
                source=t(BALL_SOURCES.get(event.source, event.source)),
            )
        case ev.BallCorrected():
            return t("Corrección: la bola {index} es el {number}, no el {wrong}").format(
                index=event.index, number=event.number, wrong=event.wrong_number
            )
        case ev.ClaimChecked():
            verdict = t("CORRECTO") if event.valid else t("NO VÁLIDO")
            return t("Cartón {series}/{number} canta {prize}: {verdict} ({reason})").format(
                series=event.series,
                number=event.number,
                prize=prize_name(event.prize),
                verdict=verdict,
                reason=event.reason,
            )
        case ev.ManualExtractionStarted():
            return t("Extracción manual desde la bola {n}").format(n=event.from_ball)
        case ev.PartidaSuspended():
            return t("Partida suspendida: {note}").format(note=event.note)
        case ev.PartidaResumed():
            return t("Partida reanudada: {note}").format(note=event.note)
        case ev.IncidentRecorded():
            return t("Incidencia: {title}. {note}").format(
                title=incident_title(event.incident), note=event.note
            )
        case ev.PartidaAnnulled():
            return t("Partida anulada: {reason}; se devuelven {refund}").format(
                reason=event.reason, refund=euros(event.refund_cents)
            )
        case ev.PrizeAwarded():
            return t("Premio de {prize}: {series}/{number}, {amount}").format(
                prize=prize_name(event.prize),
                series=event.series,
                number=event.number,
                amount=euros(event.amount_cents),
            )
        case ev.PartidaClosed():
            return t("Partida {n} cerrada: no se admiten más cantos").format(n=event.partida)
        case ev.PrizesPaid():
            return t("Premios de la partida {n} pagados").format(n=event.partida)
        case ev.TerminalPrizePaid():
            text = t("Premio cobrado en la terminal {terminal}: {series}/{number}, {amount}")
            return text.format(
                terminal=event.terminal,
                series=event.series,
                number=event.number,
                amount=euros(event.amount_cents),
            )
        case ev.SessionOpened():
            return t("Sesión {id} abierta ({date})").format(id=event.session_id, date=event.date)
        case ev.SessionClosed():
            return t("Sesión {id} cerrada").format(id=event.session_id)
        case ev.BallCheckRecorded():
            when = t("apertura") if event.when == "open" else t("cierre")
            verdict = t("correcto") if event.ok else t("INCORRECTO")
            text = t("Recuento de bolas de {when}: {n} bolas, {verdict}").format(
                when=when, n=len(event.numbers), verdict=verdict
            )
            if not event.condition_ok:
                text += t("; bolas dañadas: {note}").format(note=event.note)
            return text
        case ev.LastPartidaAnnounced():
            return t("Anunciada la última partida: la {n}").format(n=event.partida)
        case ev.PrimaAmountChosen():
            return t("Prima de bingo: {amount}").format(amount=euros(event.amount_cents))
        case ev.HallRegistered():
            return t("Sala registrada: {name}").format(name=event.name)
        case ev.RulesAdopted():
            return t("Reglas de la región adoptadas")
        case ev.TerminalLimitsAdopted():
            return t("Máquinas auxiliares: categoría {category}, {machines} máquinas").format(
                category=event.category or "-", machines=event.machines_max
            )
        case ev.CardSetRegistered():
            return t("Juego de cartones {id} registrado ({count} cartones)").format(
                id=event.card_set_id, count=event.count
            )
        case ev.BallSetInstalled():
            text = t(
                "Juego de bolas {id} instalado (homologación {hom}, {before} partidas jugadas "
                "antes)"
            ).format(id=event.ball_set_id, hom=event.homologation, before=event.partidas_before)
            return f"{text}: {event.reason}" if event.reason else text
        case ev.CommandBy() if event.authorised_by:
            return t("Pide {asked}; autoriza el jefe de sala {authorised}").format(
                asked=event.asked_by, authorised=event.authorised_by
            )
        case ev.CommandBy():
            return t("Al mando: {asked} ({station})").format(
                asked=event.asked_by, station=event.client or "-"
            )
        case ev.SimulationStarted():
            return t("Sesión simulada {id}").format(id=event.session_id)
        case ev.DevicesEmulated():
            return t("Dispositivos EMULADOS (semilla {seed}): no es una sesión real").format(
                seed=event.seed
            )
        case ev.SerieRegistered():
            return t("Serie {code} registrada: {size} cartones de {value}").format(
                code=event.code, size=event.size, value=euros(event.face_value_cents)
            )
        # a partida of another modality (ui/console/pages/games.py)
        case ev.GameAdopted():
            return t("Juego {id} versión {version} adoptado").format(
                id=dict(event.names).get("es") or event.game_id, version=event.version
            )
        case ev.GameCardSetRegistered():
            return t("Juego de cartones {id} registrado ({count} cartones)").format(
                id=event.card_set_id, count=event.count
            )
        case ev.GameSerieRegistered():
            return t("Serie {code} del juego registrada: {size} cartones").format(
                code=event.code, size=event.size
            )
        case ev.GamePartidaStarted():
            definition = _game(hall, event.game_id)
            return t("Partida {n} de {game}: venta abierta a {value}").format(
                n=event.number,
                game=definition.name() if definition is not None else event.game_id,
                value=euros(event.face_value_cents),
            )
        case ev.GameSaleRecorded():
            return t("Venta: serie {series}, cartones {first} a {last} ({count})").format(
                series=event.series,
                first=event.first,
                last=event.last,
                count=event.last - event.first + 1,
            )
        case ev.GameSaleClosed():
            return t("Venta cerrada: {cards} cartones, {takings}").format(
                cards=event.cards_sold, takings=euros(event.takings_cents)
            )
        case ev.GameBallDrawn() if event.source in BALL_SOURCES:
            return t("Bola {index}: {number} ({source})").format(
                index=event.index,
                number=event.ball,
                source=t(BALL_SOURCES.get(event.source, event.source)),
            )
        case ev.GameBallDrawn():
            return t("Bola {index}: {ball}").format(index=event.index, ball=event.ball)
        case ev.GamePrizeAwarded():
            return t("Premio {combination}: serie {series}, cartón {number}, {amount}").format(
                combination=_combination(hall, event.number, event.combination),
                series=event.series,
                number=event.carton,
                amount=euros(event.amount_cents),
            )
        case ev.GamePartidaClosed():
            return t("Partida {n} liquidada por el sistema: {paid} en premios").format(
                n=event.number, paid=euros(event.payout_cents)
            )
        case ev.GameLastPartidaAnnounced():
            return t("Anunciada la última partida de {modality}: la {n}").format(
                modality=modality_words(event.modality, t), n=event.number
            )
        case ev.GamePrizesPaid():
            return t("Partida {n}: premios pagados").format(n=event.number)
        case ev.GameIncidentRecorded() if event.note:
            return t("Incidencia: {title}. {note}").format(
                title=incident_title(event.incident), note=event.note
            )
        case ev.GameIncidentRecorded():
            return t("Incidencia: {title}").format(title=incident_title(event.incident))
        case ev.GamePartidaAnnulled():
            return t("Partida {n} anulada: se devuelven {refund}").format(
                n=event.number, refund=euros(event.refund_cents)
            )
    return event.kind.replace("_", " ")


def words(exc: BaseException) -> str:
    """A refusal in the staff's words: the engine's sentence without its rule's code (the code
    stays in the record, the acta and the program's log).
    """
    return exc.message if isinstance(exc, DomainError) else str(exc)


def closing_question(hall: Hall) -> str:
    """What closing the console now means, when a partida is going on; else ""."""
    partida = hall.partida
    if partida is None:
        return ""
    return t(
        "La partida {n} está en juego. Si cierra la consola, todo lo registrado queda guardado "
        "y la partida sigue donde quedó al abrirla de nuevo (bingo-hall run); mientras tanto no "
        "se extrae ninguna bola ni se comprueba ningún cartón."
    ).format(n=partida.number)
