"""What the console shows, derived from the hall and the console's own state, without Qt.

``Desk`` is what the console knows beyond the hall's record (a ball in the tube, a draw on the
way, the ball-set readings, the paper being written); ``derive`` turns the hall and the desk into
a ``ConsoleView``: the actions allowed, the header's and the banners' texts, each page's data.
The pages only copy a view into their widgets, so what they show can be checked without a
window. The words go through ``t`` (the console's translation, given by the window; the Spanish
source by default).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bingo.drawing import BallHeld, DeviceLost
from bingo.hall import FINISHED, STATUS_TEXT, BallSetState, DomainError, Hall, PartidaState, Status
from bingo.money import euros
from bingo.readmodel import PanelState, allowed_actions, panel_state
from ui.console.documents import DETAILED_PRIZES
from ui.console.game_state import game_frame

Translate = Callable[[str], str]

PAGES = ("session", "sale", "extraction", "prizes", "games")


def spanish(text: str) -> str:
    """The source text as it is: the console's words before any translation."""
    return text


# The incidents menu: action key -> (regulation paragraph, button text, allowed action)
INCIDENTS: dict[str, tuple[str, str, str]] = {
    "suspend": ("failure_before_first_ball", "Suspender la partida", "suspend"),
    "resume": ("failure_before_first_ball", "Reanudar la partida", "resume"),
    "refund_suspended": (
        "failure_before_first_ball",
        "Devolver el importe de los cartones",
        "refund_suspended",
    ),
    "manual_extraction": (
        "failure_after_extraction_began",
        "Seguir por extracción manual",
        "start_manual_extraction",
    ),
    "ball_irregularity": ("ball_irregularity", "Anular la partida y devolver", "annul"),
    "caller_error": ("caller_error", "Anular la partida y devolver", "annul"),
    "correct_ball": ("ball_corrected", "Corregir la bola", "correct_ball"),
}


@dataclass
class Desk:
    """What the console knows beyond the record: it lives as long as the window."""

    devices: bool = False  # a ball source is connected (extractor and reader)
    phase: str = ""  # the page the state last led to
    asked_more: int | None = None  # the partida for which "¿alguna línea más?" was asked
    # (partida, balls drawn) at which "¿alguna línea más?" was asked after a valid line
    line_asked: tuple[int, int] | None = None
    held: BallHeld | None = None  # a ball the devices could not vouch for
    # a device lost with a ball that may be out of the drum: the jefe de mesa reads it first
    lost: DeviceLost | None = None
    drawing: bool = False
    scanning: str = ""  # the count a reading of the set is for ("open", "close", …)
    scanned: dict[str, list[int]] = field(default_factory=dict)
    # a new ball set the reader has not read yet: it knows each ball by the set's scan
    set_unread: bool = False
    # the paper being written on the worker: what it is, and the words once it is saved
    document: tuple[str, Callable[[Path], str]] | None = None

    def ball_pending(self) -> bool:
        """A ball out of the drum waits for the jefe de mesa's reading."""
        return self.held is not None or self.lost is not None


@dataclass(frozen=True)
class ConsoleView:
    """Everything the window and its pages show at one moment."""

    allowed: frozenset[str]
    phase: str
    # header and status bar
    header: str
    door_closed: bool
    door: str
    status: str
    suspended: bool
    # session page
    session_open: bool
    session_info: str
    scan_enabled: bool
    uncounted: bool
    ball_set_info: str
    ball_set_spent: bool
    changeable: bool
    prima_amounts: tuple[int, ...]
    prima_cents: int
    prima_info: str
    # sale page
    series: tuple[tuple[str, str], ...]  # (code, label) of the series on sale
    next_sale: dict[str, tuple[str, int | None]]  # serie -> words beside it, next cartón
    last_sold_series: str
    sales: tuple[str, ...]
    last_sale: int  # cartones of the partida's last sale, while they may go back (0: none)
    last_sale_words: str
    sale_totals: str
    partida_announce: str | None
    sale_announce: str | None
    # extraction page
    devices: bool
    manual: bool
    draw_enabled: bool
    drawing: bool
    typed: bool
    draw_mode: str
    hold: bool
    hold_no_ball: bool
    claim_series: tuple[str, ...]
    claim_prize: str  # the prize a claim is for unless the operator says otherwise
    claims_key: tuple[int, int]  # (partida, balls drawn): a verdict is for one ball
    bingo_called: bool
    asked_more: bool
    line_more: bool  # a valid line at this ball: "¿alguna línea más?" before the next ball
    money: str  # what the partida's prizes are worth, as the panels show it
    # prizes page
    awards: tuple[tuple[str, str, str, str, str], ...]
    prizes_info: str
    awards_total: str
    prima_receipt: bool
    winner_proof: bool
    acta: bool
    # side
    last_ball: int | None
    balls: tuple[int, ...]
    count: str
    board_count: int = 90  # the board's numbers: 1..90, or 1..N of a game partida on show


def plural(n: int, one: str, many: str) -> str:
    """The form of a text for ``n`` ("1 bola", "2 bolas"): both forms are written out and
    translated at the call, so every language gets its own singular.
    """
    return one if n == 1 else many


def manual_mark(partida: PartidaState | None, t: Translate = spanish) -> str:
    """The words after a partida taken back from the manual book (R-ACTA-4), or nothing."""
    return t(" (libro manual)") if partida is not None and partida.transcribed else ""


def shown_partida(hall: Hall) -> PartidaState | None:
    """The partida in progress, else the last one of the open session."""
    session = hall.session
    if session is None:
        return None
    return session.current or (session.partidas[-1] if session.partidas else None)


def status_words(hall: Hall, t: Translate = spanish) -> str:
    partida = hall.partida
    if partida is None:
        return t("sin partida en curso")
    return t(STATUS_TEXT[partida.status])


def manual_mode(hall: Hall) -> bool:
    partida = hall.partida
    return partida is not None and partida.manual_from_ball is not None


def phase_of(hall: Hall) -> str:
    """The page the hall's state leads to."""
    partida = hall.partida
    if hall.session is None:
        return "session"
    if hall.games.current(hall.session.id) is not None:
        return "games"  # a partida of another modality (ui/console/game_state.py)
    if partida is None:
        return "sale"
    if partida.status in (Status.SALE_OPEN, Status.SALE_CLOSED):
        return "sale"
    if partida.status == Status.CLOSED:
        return "prizes"
    if partida.status == Status.SUSPENDED:
        return "sale" if not partida.balls else "extraction"
    return "extraction"


def suggest_session_id(hall: Hall, date: str) -> str:
    used = {s.id for s in hall.sessions}
    candidate, n = f"S-{date}", 1
    while candidate in used:
        n += 1
        candidate = f"S-{date}-{n}"
    return candidate


def ball_set_spent(hall: Hall) -> bool:
    ball_set, rules = hall.ball_set, hall.rules
    return (
        ball_set is not None
        and rules is not None
        and ball_set.partidas_played >= ball_set.limit(rules)
    )


def ball_set_changeable(hall: Hall, desk: Desk) -> bool:
    """The engine refuses a change once the partida's extraction began; the console also
    lets a draw, a ball in the tube or a reading of the set finish first.
    """
    partida = hall.partida
    return (
        hall.rules is not None
        and (partida is None or not partida.balls)
        and not desk.drawing
        and not desk.scanning
        and not desk.ball_pending()
    )


def set_words(ball_set: BallSetState, hall: Hall, t: Translate = spanish) -> str:
    """One line on a set: id, homologation, partidas played of its limit."""
    rules = hall.rules
    limit = ball_set.limit(rules) if rules is not None else ball_set.guaranteed_partidas
    text = t("{id} · homologación {hom} · {played} de {limit} partidas").format(
        id=ball_set.id, hom=ball_set.homologation, played=ball_set.partidas_played, limit=limit
    )
    if not ball_set.pneumatic:
        text += t(" · aparato no neumático")
    if ball_set.partidas_played >= limit:
        text += t(" · LÍMITE ALCANZADO")
    return text


def sale_next(hall: Hall, series: str, t: Translate = spanish) -> tuple[str, int | None]:
    """The words beside the serie chosen for sale, and the next cartón to sell (or None)."""
    partida = hall.partida
    if not series or partida is None or partida.status != Status.SALE_OPEN:
        return "", None
    try:
        first = hall.next_sale_number(series)
    except DomainError as exc:
        return exc.message, None  # the staff's words, without the rule's code
    size = hall.series[series].size
    return t("sigue por el cartón {n} (quedan {left})").format(
        n=first, left=size - first + 1
    ), first


def line_question(hall: Hall, desk: Desk) -> bool:
    """A line was validly called at the last ball drawn and the table has not yet asked
    "¿alguna línea más?": a line claimed after the next ball is too late (decisions 6, 170).
    """
    partida = hall.partida
    if partida is None or partida.status == Status.BINGO_CALLED or not partida.balls:
        return False
    if "draw_ball" not in allowed_actions(hall):
        return False
    here = len(partida.balls)
    if partida.first_valid_line_after != here:
        return False
    return desk.line_asked != (partida.number, here)


def desk_allowed(hall: Hall, desk: Desk) -> frozenset[str]:
    """The engine's allowed actions, less the draw while the table asks for more lines."""
    allowed = allowed_actions(hall)
    if line_question(hall, desk):
        return allowed - {"draw_ball"}
    return allowed


def settle(hall: Hall, desk: Desk) -> None:
    """The partida can no longer take a ball: the one waiting for its reading is dropped.

    ``derive`` already shows none waiting. The window settles after deriving, so the change of
    set (refused while a ball waits) is offered from the next view on, as it always was.
    """
    if desk.ball_pending() and "draw_ball" not in allowed_actions(hall):
        desk.held = desk.lost = None


def derive(
    hall: Hall,
    desk: Desk,
    *,
    busy: bool = False,
    prima_amounts: tuple[int, ...] = (),
    t: Translate = spanish,
) -> ConsoleView:
    """What the console shows for ``hall`` and ``desk``; ``busy``: the worker is running a job;
    ``prima_amounts``: the amounts the hall's settings offer (else the rules' whole range).
    """
    allowed = desk_allowed(hall, desk)
    state = panel_state(hall)
    session = hall.session
    partida = hall.partida
    shown = shown_partida(hall)

    # a game partida has the screens (the web panels' one rule): the frame speaks of it
    game = game_frame(state.game, t) if state.game is not None else None
    parts = [t("Sesión {id}").format(id=session.id) if session else t("Sin sesión abierta")]
    if state.emulated:  # its balls came from emulated devices (decision 520)
        parts.append(t("EMULADO: no es una sesión real"))
    if game is not None:
        parts.extend(game.header)
    elif shown is not None:
        parts.append(t("Partida {n}").format(n=shown.number))
        parts.append(t(STATUS_TEXT[shown.status]).upper() + manual_mark(shown, t))
    if session is not None and session.last_partida is not None:
        parts.append(t("última: la {n}").format(n=session.last_partida))

    unread = desk.set_unread and partida is not None and not partida.balls
    uncounted = hall.ball_set_uncounted
    ball_set = hall.ball_set
    rules = hall.rules
    amounts: tuple[int, ...] = ()
    if rules is not None:
        amounts = prima_amounts or tuple(
            range(rules.prima_min_cents, rules.prima_max_cents + 1, rules.prima_step_cents)
        )
    prima = hall.prima
    if prima.amount_cents:
        prima_info = t("En vigor {amount}; fondo {fund}; límite de bolas {limit}.").format(
            amount=euros(prima.amount_cents), fund=euros(prima.fund_cents), limit=prima.ball_limit
        )
    else:
        prima_info = t("Sin importe elegido.")

    can_draw = "draw_ball" in allowed
    # a ball waits for its reading only while the partida can still take it (``settle``)
    held, lost = (desk.held, desk.lost) if "draw_ball" in allowed_actions(hall) else (None, None)
    pending = held is not None or lost is not None
    manual = manual_mode(hall)
    with_devices = desk.devices and not manual
    if manual:
        draw_mode = t("Extracción manual desde la bola {n}: bolas pendientes, al azar").format(
            n=partida.manual_from_ball if partida else "?"
        )
    elif desk.devices:
        draw_mode = t("Bolas del extractor y el lector automático.")
    else:
        draw_mode = t("Sin dispositivos conectados: escriba el número de cada bola.")
    bingo_called = partida is not None and partida.status == Status.BINGO_CALLED
    asked = bingo_called and partida is not None and desk.asked_more == partida.number

    printing = desk.document is not None
    closed = shown is not None and shown.status in (Status.CLOSED, Status.PAID)
    prizes = {a.prize for a in shown.awards} if shown is not None and closed else set()
    sales, totals, announce, sale_announce = _sales(hall, shown, t)
    prizes_info, awards_total = _prizes_texts(shown, t)
    series = _series(hall, t)
    count = plural(state.extractions, t("{n}\nbola"), t("{n}\nbolas")).format(n=state.extractions)
    last = partida.sales[-1] if partida is not None and partida.sales else None
    if "return_cartones" not in allowed:
        last = None
    return ConsoleView(
        allowed=allowed,
        phase=phase_of(hall),
        header=" · ".join(parts),
        door_closed=state.door_closed,
        door=t("PUERTA CERRADA\nno entra nadie") if state.door_closed else t("PUERTA ABIERTA"),
        status=t("Estado: {state}").format(
            state=game.status if game is not None else status_words(hall, t)
        ),
        # stopped for an irregularity of the balls, the red box leads to the annulment instead
        suspended=partida is not None
        and partida.status == Status.SUSPENDED
        and not partida.irregular,
        session_open=session is not None,
        session_info=_session_info(hall, t),
        scan_enabled=desk.devices
        and not busy
        and ("open_session" in allowed or "close_session" in allowed or unread or uncounted),
        uncounted=uncounted,
        ball_set_info=set_words(ball_set, hall, t)
        if ball_set is not None
        else t("No hay ningún juego de bolas instalado."),
        ball_set_spent=ball_set_spent(hall),
        changeable=ball_set_changeable(hall, desk),
        prima_amounts=amounts,
        prima_cents=prima.amount_cents,
        prima_info=prima_info,
        series=series,
        next_sale={code: sale_next(hall, code, t) for code, _label in series},
        last_sold_series=partida.sales[-1].series if partida is not None and partida.sales else "",
        sales=sales,
        last_sale=last.count if last is not None else 0,
        last_sale_words=t("{series} {first}–{last}").format(
            series=last.series, first=last.first, last=last.last
        )
        if last is not None
        else "",
        sale_totals=totals,
        partida_announce=announce,
        sale_announce=sale_announce,
        devices=desk.devices,
        manual=manual,
        draw_enabled=with_devices and can_draw and not desk.drawing and not pending,
        drawing=desk.drawing,
        typed=can_draw and not with_devices,
        draw_mode=draw_mode,
        hold=pending,
        hold_no_ball=lost is not None and lost.ball_in_tube is None,
        claim_series=_claim_series(partida),
        claim_prize="bingo" if shown is not None and shown.first_valid_line_after else "line",
        claims_key=(shown.number, len(shown.balls)) if shown is not None else (0, 0),
        bingo_called=bingo_called,
        asked_more=asked,
        line_more=line_question(hall, desk),
        money=game.money if game is not None else money_words(state, t),
        awards=tuple(
            (
                prize_name(a.prize, t),
                a.series,
                str(a.number),
                str(a.completed_at_ball),
                euros(a.amount_cents),
            )
            for a in (shown.awards if shown is not None else ())
        ),
        prizes_info=prizes_info,
        awards_total=awards_total,
        prima_receipt=not printing and bool(prizes & set(DETAILED_PRIZES)),
        winner_proof=not printing and bool(prizes),
        acta=not printing and bool(hall.sessions),
        last_ball=state.game.last_ball if state.game is not None else state.last_ball,
        balls=tuple(state.game.balls if state.game is not None else state.balls),
        count=game.count if game is not None else count,
        board_count=state.game.count if state.game is not None else 90,
    )


def money_words(state: PanelState, t: Translate = spanish) -> str:
    """The prizes at stake in the partida on show: line and bingo once the sale is closed, the
    prima with its ball limit while it is in play, the bola loca fund and numbers (R-PRIMA-4),
    the interconnected fund announced while it is in play (R-MULTI-1).
    """
    if state.partida is None:
        return ""
    parts = []
    if state.line_prize_cents is not None and state.bingo_prize_cents is not None:
        parts.append(t("Línea {line}").format(line=euros(state.line_prize_cents)))
        parts.append(t("Bingo {bingo}").format(bingo=euros(state.bingo_prize_cents)))
    if state.prima_available:
        parts.append(
            t("Prima {amount} hasta la bola {limit}").format(
                amount=euros(state.prima_amount_cents), limit=state.prima_ball_limit
            )
        )
    if state.bola_loca_numbers:
        parts.append(
            t("Bola loca {fund} ({numbers})").format(
                fund=euros(state.bola_loca_fund_cents),
                numbers=", ".join(map(str, state.bola_loca_numbers)),
            )
        )
    outcome = state.interconnected_outcome  # the panels' rule (readmodel.interconnected_shown)
    if outcome == "elsewhere":
        parts.append(t("Interconectado: ganado en otra sala"))
    elif outcome == "not_won":
        parts.append(t("Interconectado: no ganado en esta partida"))
    elif outcome == "won" and state.interconnected_cents is not None:
        parts.append(
            t("Interconectado ganado: {amount}").format(amount=euros(state.interconnected_cents))
        )
    elif state.interconnected_cents is not None:
        parts.append(  # the fund in play announced at the close of the sale (R-MULTI-1)
            t("Interconectado {amount} hasta la bola {limit}").format(
                amount=euros(state.interconnected_cents), limit=state.interconnected_ball_limit
            )
        )
    return " · ".join(parts)


def prize_name(prize: str, t: Translate = spanish) -> str:
    names = {
        "line": t("línea"),
        "bingo": t("bingo"),
        "prima": t("prima de bingo"),
        "bola_loca": t("bola loca"),
        "interconnected": t("bingo interconectado"),
    }
    return names.get(prize, prize)


def _session_info(hall: Hall, t: Translate) -> str:
    session = hall.session
    if session is None:
        return t("No hay ninguna sesión abierta.")
    info = plural(
        len(session.partidas),
        t("Sesión {id} del {date}: {n} partida. Mesa: {mesa}. Sala: {sala}."),
        t("Sesión {id} del {date}: {n} partidas. Mesa: {mesa}. Sala: {sala}."),
    ).format(
        id=session.id,
        date=session.date,
        n=len(session.partidas),
        mesa=session.jefe_de_mesa,
        sala=session.jefe_de_sala,
    )
    transcribed = [p.number for p in session.partidas if p.transcribed]
    if transcribed:
        info += " " + t("Del libro manual: {numbers}.").format(
            numbers=", ".join(map(str, transcribed))
        )
    return info


def _series(hall: Hall, t: Translate) -> tuple[tuple[str, str], ...]:
    """The series still on sale (or sold in the partida in progress), with their labels."""
    partida = hall.partida
    out = []
    for code, serie in hall.series.items():
        if serie.last_sold < serie.size or (partida is not None and partida.ranges_of(code)):
            kind = t(" electrónica") if serie.electronic else ""
            label = t("{code}{kind} ({value})").format(
                code=code, kind=kind, value=euros(serie.face_value_cents)
            )
            out.append((code, label))
    return tuple(out)


def _claim_series(partida: PartidaState | None) -> tuple[str, ...]:
    codes: list[str] = []
    if partida is not None:
        for r in partida.sales:
            if r.series not in codes:
                codes.append(r.series)
    return tuple(codes)


def _sales(
    hall: Hall, shown: PartidaState | None, t: Translate
) -> tuple[tuple[str, ...], str, str | None, str | None]:
    """The sale page's lines, totals, the partida's announcement and the sale's announcement."""
    if shown is None:
        return (), "", None, None
    lines = []
    for r in shown.sales:
        kind = t(" (electrónicos)") if r.electronic else ""
        seller = f" · {r.seller}" if r.seller else ""  # a name, not translated (decision 240)
        lines.append(
            t("Serie {series}: cartones {first} a {last} — {count}{kind}").format(
                series=r.series, first=r.first, last=r.last, count=r.count, kind=kind
            )
            + seller
        )
    totals = plural(
        shown.cards_sold,
        t("Vendido {cards} cartón · recaudación {takings}"),
        t("Vendidos {cards} cartones · recaudación {takings}"),
    ).format(cards=shown.cards_sold, takings=euros(shown.takings_cents))
    announce = [t("Partida {n}.").format(n=shown.number)]
    if shown.prima_available:
        announce.append(
            t("Prima de bingo: {amount} si se canta bingo hasta la bola {limit}.").format(
                amount=euros(shown.prima_amount_cents), limit=shown.prima_ball_limit
            )
        )
    if shown.bola_loca_numbers:
        announce.append(
            t("Bola loca: {numbers}.").format(numbers=", ".join(map(str, shown.bola_loca_numbers)))
        )
    session = hall.session
    if session is not None and session.last_partida == shown.number:
        announce.append(t("ÚLTIMA PARTIDA de la sesión."))
    amounts = shown.amounts
    if amounts is None or shown.status in FINISHED:
        # a paid or annulled partida's «Anuncie: …» is an instruction already carried out
        return tuple(lines), totals, " ".join(announce), None
    merged: list[list[object]] = []  # contiguous blocks of a serie read as one range
    for r in shown.sales:
        last = merged[-1] if merged else None
        if last is not None and last[0] == r.series and last[2] == r.first - 1:
            last[2] = r.last
        else:
            merged.append([r.series, r.first, r.last])
    ranges = "; ".join(f"{code} {first}–{last}" for code, first, last in merged)
    sale_announce = plural(
        amounts.cards_sold,
        t("Anuncie: {cards} cartón vendido ({ranges}). Línea {line}. Bingo {bingo}."),
        t("Anuncie: {cards} cartones vendidos ({ranges}). Línea {line}. Bingo {bingo}."),
    ).format(
        cards=amounts.cards_sold,
        ranges=ranges,
        line=euros(amounts.line_prize_cents),
        bingo=euros(amounts.bingo_prize_cents),
    )
    return tuple(lines), totals, " ".join(announce), sale_announce


def _prizes_texts(shown: PartidaState | None, t: Translate) -> tuple[str, str]:
    """The prizes page's line on the partida, and its total to pay."""
    if shown is None:
        return "", ""
    name = t("Partida {n}").format(n=shown.number) + manual_mark(shown, t)
    if shown.status == Status.CLOSED:
        info = t("{partida} cerrada: pague cada premio contra entrega del cartón ganador.").format(
            partida=name
        )
    elif shown.status == Status.PAID:
        info = t("{partida}: premios pagados.").format(partida=name)
    elif shown.status == Status.ANNULLED:
        info = t("{partida} anulada: se devuelven {refund}.").format(
            partida=name, refund=euros(shown.refund_cents)
        )
    else:
        info = t("{partida} en juego.").format(partida=name)
    total = sum(a.amount_cents for a in shown.awards)
    text = t("Total a pagar: {total}").format(total=euros(total))
    closing = shown.closing
    if closing is not None:
        residue = (
            closing.residue_line_cents
            + closing.residue_bingo_cents
            + closing.residue_prima_cents
            + closing.residue_bola_loca_cents
        )
        if residue:
            text += t(" · restos de reparto al acta: {residue}").format(residue=euros(residue))
    return info, text
