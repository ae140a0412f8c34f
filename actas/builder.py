"""The acta as plain data, built from one session of a ``bingo-session/1`` export.

Pure: no PDF, no files, no clock. ``build_acta`` reads the export dict (the engine's record of
the night, see the shared ``session-export.md``) and returns frozen dataclasses holding every
compulsory field of the acta (regulation section IV.4, R-ACTA-3, R-PRIMA-5, R-BALL-1/2, R-INC-*)
already checked for internal consistency. Rendering, sealing and receipts read only these.

An acta may be built at any moment of the night: closed and annulled partidas appear with their
results, the partida being played appears with the data recorded before its first ball
(R-ACTA-2) and no results, and the closing statement appears once the session is closed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from actas.export_shape import check_export
from actas.games import build_game_partidas, game_observations, game_totals, plan_figures
from actas.model import (
    FORMAT,
    PRIZE_ORDER,
    Acta,
    ActaDataError,
    BallCheck,
    BallSetChange,
    BolaLocaLedger,
    ChainSeal,
    Claim,
    Incident,
    Interconnected,
    PartidaBlock,
    PartidaStatus,
    PrimaChange,
    PrimaLedger,
    PrizeResult,
    SaleRange,
    Totals,
    Winner,
)
from actas.timeline import Timeline, timeline
from bingo.money import BP_WHOLE

__all__ = [
    "FORMAT",
    "PRIZE_ORDER",
    "Acta",
    "ActaDataError",
    "BallCheck",
    "BallSetChange",
    "BolaLocaLedger",
    "ChainSeal",
    "Claim",
    "Incident",
    "Interconnected",
    "PartidaBlock",
    "PartidaStatus",
    "PrimaChange",
    "PrimaLedger",
    "PrizeResult",
    "SaleRange",
    "Totals",
    "Winner",
    "build_acta",
    "check_export",
    "parse_time",
    "select_session",
]


# ---------------------------------------------------------------------------------------------


def select_session(export: Mapping[str, Any], session_id: str | None) -> Mapping[str, Any]:
    if export.get("format") != FORMAT:
        raise ActaDataError(f"el archivo no es una exportación «{FORMAT}»")
    sessions: Sequence[Mapping[str, Any]] = export.get("sessions") or []
    if not sessions:
        raise ActaDataError("la exportación no contiene ninguna sesión")
    if session_id is None:
        if len(sessions) != 1:
            ids = ", ".join(str(s.get("id")) for s in sessions)
            raise ActaDataError(f"la exportación tiene varias sesiones ({ids}): indique cuál")
        return sessions[0]
    for s in sessions:
        if s.get("id") == session_id:
            return s
    raise ActaDataError(f"la sesión «{session_id}» no está en la exportación")


def _int(value: Any, default: int = 0) -> int:
    return default if value is None else int(value)


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _ball_number(balls: Sequence[int], index: int | None) -> int | None:
    if index is None or index < 1 or index > len(balls):
        return None
    return int(balls[index - 1])


def _prizes(p: Mapping[str, Any], balls: Sequence[int]) -> tuple[PrizeResult, ...]:
    awards: Sequence[Mapping[str, Any]] = p.get("awards") or []
    residues: Mapping[str, Any] = p.get("residue_cents") or {}
    names = [n for n in PRIZE_ORDER if any(a["prize"] == n for a in awards)]
    names += sorted({str(a["prize"]) for a in awards} - set(names))
    out: list[PrizeResult] = []
    for name in names:
        winners = tuple(
            Winner(
                str(a["series"]),
                int(a["number"]),
                int(a["completed_at_ball"]),
                _ball_number(balls, int(a["completed_at_ball"])),
                int(a["amount_cents"]),
            )
            for a in awards
            if a["prize"] == name
        )
        residue = _int(residues.get(name))
        out.append(
            PrizeResult(name, sum(w.share_cents for w in winners) + residue, winners, residue)
        )
    return tuple(out)


def _data_recorded_at(p: Mapping[str, Any]) -> str | None:
    """When the partida's data were written in the acta (its sale closed, R-ACTA-2).

    An export that knows it says so in ``data_recorded_at``, null while the sale is still open
    (or when it never closed): nothing is then printed rather than a time that would be wrong.
    Exports without the field (older ones, or written without their records) give only the
    partida's opening, ``started_at``, the best time they have.
    """
    if "data_recorded_at" in p:
        value = p["data_recorded_at"]
        return None if value is None else str(value)
    started = p.get("started_at")
    return None if started is None else str(started)


def _incidents(
    p: Mapping[str, Any], session_id: str, number: int, tl: Timeline
) -> tuple[Incident, ...]:
    raw: Sequence[Mapping[str, Any]] = p.get("incidents") or []
    timed = tl.incidents.get((session_id, number), [])
    if len(timed) != len(raw):
        timed = []  # the record and the summary disagree: no time rather than a wrong one
    out: list[Incident] = []
    for k, i in enumerate(raw):
        t = timed[k] if timed else None
        out.append(
            Incident(
                str(i.get("kind", "")),
                _int(i.get("after_ball")),
                str(i.get("note", "")),
                str(i.get("paragraph") or ""),
                at=t.at if t else None,
                outcome=t.outcome.kind if t else "",
                outcome_at=t.outcome.at if t else None,
                outcome_note=t.outcome.note if t else "",
                outcome_ball=t.outcome.from_ball if t else None,
                asked_by=str(i.get("asked_by") or ""),
                authorised_by=str(i.get("authorised_by") or ""),
            )
        )
    return tuple(out)


def _ball_set_changes(session: Mapping[str, Any], tl: Timeline) -> tuple[BallSetChange, ...]:
    """Every ball-set change that belongs to the session, in the order they were made.

    From the chain of records when the export has it (the changes made between sessions are
    only there, with the set each one replaced); the export's own ``ball_set_changes`` fill in
    any the records do not hold.
    """
    session_id = str(session.get("id", ""))
    out: list[BallSetChange] = []
    for b in tl.ball_set_changes_for(session_id):
        prev = b.previous or {}
        out.append(
            BallSetChange(
                b.partida,
                str(b.payload.get("ball_set_id", "")),
                str(b.payload.get("homologation", "")),
                _int(b.payload.get("partidas_before")),
                str(b.payload.get("reason", "")),
                b.at,
                str(prev.get("ball_set_id", "")),
                str(prev.get("homologation", "")),
                b.session_id is None,
            )
        )
    seen = {(c.at, c.ball_set_id) for c in out}
    opened = parse_time(session.get("opened_at"))
    at_open: Mapping[str, Any] = session.get("ball_set") or {}
    previous = (str(at_open.get("id", "")), str(at_open.get("homologation", "")))
    for c in session.get("ball_set_changes") or []:
        at = str(c.get("at", ""))
        moment = parse_time(at)
        before = opened is not None and moment is not None and moment < opened
        change = BallSetChange(
            _opt_int(c.get("partida")),
            str(c["ball_set_id"]),
            str(c.get("homologation", "")),
            _int(c.get("partidas_before")),
            str(c.get("reason", "")),
            at,
            "" if before else previous[0],
            "" if before else previous[1],
            before,
        )
        if not before:
            previous = (change.ball_set_id, change.homologation)
        if (at, change.ball_set_id) not in seen:
            out.append(change)
    return tuple(out)


def _partida(
    p: Mapping[str, Any],
    session: Mapping[str, Any],
    tl: Timeline,
    ball_set_changes: Sequence[BallSetChange],
) -> PartidaBlock:
    number = int(p["number"])
    status: PartidaStatus = p.get("status", "open")
    if status not in ("closed", "annulled", "open"):
        raise ActaDataError(f"partida {number}: estado desconocido «{status}»")
    show_results = status != "open"
    balls = tuple(int(b) for b in p.get("balls") or []) if show_results else ()
    prizes = _prizes(p, balls) if status == "closed" else ()
    prima_award = next((pr for pr in prizes if pr.prize == "prima"), None)
    pr = p.get("prima")
    prima = None
    if pr is not None:
        idx = prima_award.winners[0].ball_index if prima_award and prima_award.winners else None
        prima = PrimaLedger(
            amount_cents=_int(pr.get("amount_cents")),
            available=bool(pr.get("available")),
            ball_limit=_int(pr.get("ball_limit")),
            fund_before_cents=_int(pr.get("fund_before_cents")),
            deduction_cents=_int(pr.get("deduction_cents")),
            fund_after_cents=_int(pr.get("fund_after_cents")),
            partidas_accumulated=_int(pr.get("partidas_accumulated")),
            awarded=prima_award is not None,
            award_ball_index=idx,
            award_ball_number=_ball_number(balls, idx),
        )
    bl = p.get("bola_loca")
    bola = None
    if bl is not None:
        bola = BolaLocaLedger(
            numbers=tuple(int(n) for n in bl.get("numbers") or []),
            fund_before_cents=_int(bl.get("fund_before_cents")),
            deduction_cents=_int(bl.get("deduction_cents")),
            fund_after_cents=_int(bl.get("fund_after_cents")),
            source=str(bl.get("source") or ""),
            won=any(pz.prize == "bola_loca" for pz in prizes),
        )
    ic = p.get("interconnected")
    inter = None
    if ic is not None:
        inter = Interconnected(
            str(ic.get("network") or ""),
            _int(ic.get("amount_cents")),
            _opt_int(ic.get("ball_limit")),
            _opt_int(ic.get("partidas_accumulated")),
            None if ic.get("available") is None else bool(ic.get("available")),
            _opt_int(ic.get("fund_before_cents")),
            _opt_int(ic.get("contribution_cents")),
            _opt_int(ic.get("fund_after_cents")),
            str(ic.get("ledger_txid") or ""),
            ic.get("announced") is not False,
        )
    changes = tuple(c for c in ball_set_changes if c.partida == number and not c.between_sessions)
    session_id = str(session.get("id", ""))
    prima_changes = tuple(
        PrimaChange(c.get("partida"), int(c["amount_cents"]), str(c.get("at", "")))
        for c in session.get("prima_changes") or []
        if c.get("partida") == number
    )
    return PartidaBlock(
        number=number,
        status=status,
        card_set=str(p.get("card_set", "")),
        face_value_cents=_int(p.get("face_value_cents")),
        sales=tuple(
            SaleRange(
                str(s["series"]), int(s["first"]), int(s["last"]), str(s.get("kind", "physical"))
            )
            for s in p.get("sales") or []
        ),
        cards_sold=_int(p.get("cards_sold")),
        takings_cents=_int(p.get("takings_cents")),
        line_prize_cents=_int(p.get("line_prize_cents")),
        bingo_prize_cents=_int(p.get("bingo_prize_cents")),
        prima=prima,
        bola_loca=bola,
        interconnected=inter,
        prizes=prizes,
        balls=balls,
        manual_from_ball=_opt_int(p.get("manual_from_ball")) if show_results else None,
        claims=tuple(
            Claim(
                int(c["after_ball"]),
                str(c["series"]),
                int(c["number"]),
                str(c["kind"]),
                bool(c["valid"]),
            )
            for c in p.get("claims") or []
        )
        if show_results
        else (),
        incidents=_incidents(p, session_id, number, tl),
        refund_cents=_int(p.get("refund_cents")),
        annul_reason=str(p.get("annul_reason") or ""),
        transcribed=bool(p.get("transcribed", False)),
        transcribed_at=tl.transcribed_at.get((session_id, number)),
        recorded_at=_data_recorded_at(p),
        closed_at=p.get("closed_at"),
        last_announced=session.get("last_partida_announced") == number,
        ball_set_changes=changes,
        prima_changes=prima_changes,
    )


def _ball_check(c: Mapping[str, Any]) -> BallCheck:
    numbers = [int(n) for n in c.get("numbers") or []]
    after = c.get("after_partida")
    return BallCheck(
        str(c.get("when", "")),
        len(numbers),
        sorted(numbers) == list(range(1, 91)),
        bool(c.get("ok")),
        str(c.get("note") or "") if c.get("condition_ok") is False else "",
        str(c.get("ball_set_id") or ""),
        int(after) if isinstance(after, int) and not isinstance(after, bool) else None,
    )


def _check_notes(acta: Acta, *, standing_only: bool) -> list[str]:
    """The counts not conforming, in words. ``standing_only``: only the count that stands at
    its moment (the last one; for a change, the last of that set), a failed count followed by a
    good recount being no incoherence (decision 647); without it, every one, as actas of
    format 3 and before said.
    """
    notes: list[str] = []
    for check in acta.ball_checks:
        standing = (
            acta.change_check(check.ball_set_id)
            if check.when == "change"
            else acta.check(check.when)
        )
        if (check.ok and check.complete) or (standing_only and standing is not check):
            continue
        damaged = f" Bolas en mal estado: {check.note}" if check.note else ""
        if check.when == "change":
            moment = f"del juego nuevo ({check.ball_set_id or '—'}) tras su cambio en"
        else:
            moment = {"open": "al comienzo", "close": "al cierre"}.get(check.when, check.when)
        notes.append(f"Comprobación de bolas {moment} de la sesión: no conforme.{damaged}")
    return notes


def _totals(partidas: Sequence[PartidaBlock]) -> Totals:
    done = [p for p in partidas if p.status != "open"]
    closed = [p for p in done if p.status == "closed"]
    paid: dict[str, int] = {}
    for p in closed:
        for pr in p.prizes:
            paid[pr.prize] = paid.get(pr.prize, 0) + pr.paid_cents
    primas = [p.prima for p in done if p.prima is not None]
    bolas = [p.bola_loca for p in done if p.bola_loca is not None]
    return Totals(
        partidas_closed=len(closed),
        partidas_annulled=sum(1 for p in done if p.status == "annulled"),
        cards_sold=sum(p.cards_sold for p in done),
        takings_cents=sum(p.takings_cents for p in done),
        refunds_cents=sum(p.refund_cents for p in done),
        prizes_paid_cents={k: paid[k] for k in [*PRIZE_ORDER, *sorted(paid)] if k in paid},
        line_bingo_assigned_cents=sum(p.line_prize_cents + p.bingo_prize_cents for p in closed),
        residues_cents=sum(pr.residue_cents for p in closed for pr in p.prizes),
        prima_deductions_cents=sum(x.deduction_cents for x in primas),
        bola_loca_deductions_cents=sum(x.deduction_cents for x in bolas),
        prima_fund_open_cents=primas[0].fund_before_cents if primas else None,
        prima_fund_close_cents=primas[-1].fund_after_cents if primas else None,
        bola_loca_fund_open_cents=bolas[0].fund_before_cents if bolas else None,
        bola_loca_fund_close_cents=bolas[-1].fund_after_cents if bolas else None,
    )


def _observations(partidas: Sequence[PartidaBlock], rules: Mapping[str, int]) -> list[str]:
    """Internal inconsistencies of the record, in words for the acta (empty when all agree)."""
    notes: list[str] = []
    previous_number = 0
    prev_prima_after: int | None = None
    prev_bola_after: int | None = None
    for p in partidas:
        n = p.number
        if n != previous_number + 1:
            notes.append(
                f"Partida {n}: número de orden no correlativo (anterior {previous_number})."
            )
        previous_number = n
        sold = sum(s.count for s in p.sales)
        if sold != p.cards_sold:
            notes.append(
                f"Partida {n}: los rangos vendidos suman {sold} cartones y constan {p.cards_sold}."
            )
        if p.cards_sold * p.face_value_cents != p.takings_cents:
            notes.append(f"Partida {n}: la recaudación no es cartones × precio.")
        # While the sale is open the prize amounts are not announced yet, and a partida annulled
        # before its sale closed never had them (0 €, as the export format allows): nothing to
        # compare. One annulled later keeps the amounts it announced, and they are compared.
        announced = not (
            p.status in ("open", "annulled") and p.line_prize_cents == p.bingo_prize_cents == 0
        )
        line_bp = rules.get("line_bp") if announced else None
        bingo_bp = rules.get("bingo_bp") if announced else None
        if line_bp is not None and p.takings_cents * line_bp // BP_WHOLE != p.line_prize_cents:
            notes.append(
                f"Partida {n}: el premio de línea no es el {line_bp / 100:g} % de la recaudación."
            )
        if bingo_bp is not None and p.takings_cents * bingo_bp // BP_WHOLE != p.bingo_prize_cents:
            notes.append(
                f"Partida {n}: el premio de bingo no es el {bingo_bp / 100:g} % de la recaudación."
            )
        if p.status == "closed":
            for name, expected in (("line", p.line_prize_cents), ("bingo", p.bingo_prize_cents)):
                pr = p.prize(name)
                if pr is None:
                    if name == "bingo":
                        notes.append(f"Partida {n}: cerrada sin premio de bingo.")
                    continue
                if pr.amount_cents != expected:
                    notes.append(
                        f"Partida {n}: el reparto del premio «{name}» "
                        f"({pr.amount_cents} céntimos) no coincide con el premio "
                        f"({expected} céntimos)."
                    )
            for pr in p.prizes:
                shares = {w.share_cents for w in pr.winners}
                if len(shares) > 1:
                    notes.append(
                        f"Partida {n}: el premio «{pr.prize}» no se repartió a partes iguales."
                    )
                if pr.residue_cents >= max(len(pr.winners), 1):
                    notes.append(
                        f"Partida {n}: residuo del premio «{pr.prize}» mayor que el "
                        "número de ganadores."
                    )
                for w in pr.winners:
                    if w.ball_index > len(p.balls):
                        notes.append(
                            f"Partida {n}: el ganador {w.series}/{w.number} se completa "
                            f"con la bola {w.ball_index}, no extraída."
                        )
            if p.prima is not None and p.prima.awarded:
                pz = p.prize("prima")
                if pz is not None and pz.amount_cents != p.prima.amount_cents:
                    notes.append(f"Partida {n}: la prima repartida no es el importe en vigor.")
                idx = p.prima.award_ball_index
                if idx is not None and idx > p.prima.ball_limit:
                    notes.append(
                        f"Partida {n}: prima concedida con la bola {idx}, por encima del "
                        f"límite {p.prima.ball_limit}."
                    )
        if p.status == "annulled" and p.refund_cents != p.takings_cents:
            notes.append(f"Partida {n}: anulada sin devolución íntegra.")
        if p.prima is not None and p.status != "open":
            pr_ = p.prima
            awarded = pr_.amount_cents if pr_.awarded else 0
            if pr_.fund_before_cents + pr_.deduction_cents - awarded != pr_.fund_after_cents:
                notes.append(f"Partida {n}: el fondo de la prima no cuadra.")
            if prev_prima_after is not None and pr_.fund_before_cents != prev_prima_after:
                notes.append(
                    f"Partida {n}: el fondo de la prima no continúa el de la partida anterior."
                )
            prev_prima_after = pr_.fund_after_cents
        if p.bola_loca is not None and p.status != "open":
            bl = p.bola_loca
            won = bl.fund_before_cents + bl.deduction_cents if bl.won else 0
            if bl.fund_before_cents + bl.deduction_cents - won != bl.fund_after_cents:
                notes.append(f"Partida {n}: el fondo de la bola loca no cuadra.")
            if prev_bola_after is not None and bl.fund_before_cents != prev_bola_after:
                notes.append(
                    f"Partida {n}: el fondo de la bola loca no continúa el de la partida anterior."
                )
            prev_bola_after = bl.fund_after_cents
    return notes


def _issued_at(session: Mapping[str, Any], chain: Mapping[str, Any]) -> str:
    if session.get("closed_at"):
        return str(session["closed_at"])
    records: Sequence[Mapping[str, Any]] = chain.get("records") or []
    if records:
        return str(records[-1]["at"])
    return str(session.get("opened_at") or f"{session.get('date')}T00:00:00+00:00")


def _simulation_seed(session: Mapping[str, Any]) -> int | None:
    simulation = session.get("simulation")
    if not isinstance(simulation, Mapping):
        return None
    return int(simulation.get("seed") or 0)


def _emulated_seeds(session: Mapping[str, Any]) -> tuple[int, ...]:
    emulated = session.get("emulated_devices")
    if not isinstance(emulated, Mapping):
        return ()
    return tuple(int(seed) for seed in emulated.get("seeds") or ())


def build_acta(export: Mapping[str, Any], session_id: str | None = None) -> Acta:
    """The acta of one session of ``export`` (the only one when ``session_id`` is None)."""
    check_export(export)
    session = select_session(export, session_id)
    hall: Mapping[str, Any] = export.get("hall") or {}
    # The session's own rules when a change adopted later differs; the figures, and apart the
    # region file's `source`.
    raw_rules = session.get("rules") or export.get("rules") or {}
    rules = {str(k): int(v) for k, v in raw_rules.items() if isinstance(v, int)}
    raw_source = raw_rules.get("source") if isinstance(raw_rules, Mapping) else None
    rules_source = (
        {str(k): str(v) for k, v in raw_source.items() if isinstance(v, str)}
        if isinstance(raw_source, Mapping)
        else {}
    )
    raw_partidas = sorted(session.get("partidas") or [], key=lambda q: int(q["number"]))
    tl = timeline(export)
    ball_set_changes = _ball_set_changes(session, tl)
    partidas = tuple(_partida(p, session, tl, ball_set_changes) for p in raw_partidas)
    open_ones = [p.number for p in partidas if p.status == "open"]
    if len(open_ones) > 1 or (open_ones and open_ones[0] != partidas[-1].number):
        raise ActaDataError(f"hay partidas abiertas que no son la última: {open_ones}")
    game_partidas = build_game_partidas(export, session)
    chain: Mapping[str, Any] = export.get("chain") or {}
    records: Sequence[Mapping[str, Any]] = chain.get("records") or []
    seal = ChainSeal(
        hall_id=str(chain.get("hall_id", hall.get("id", ""))),
        seq=_int(chain.get("seq")),
        head=str(chain.get("head", "")),
        first_seq=_int(records[0]["seq"]) if records else 0,
        records=len(records),
    )
    ball_set: Mapping[str, Any] = session.get("ball_set") or {}
    languages = tuple(hall.get("languages") or ("es",))
    acta = Acta(
        hall_id=str(hall.get("id", "")),
        hall_name=str(hall.get("name", "")),
        region=str(hall.get("region", "")),
        languages=languages,
        generator=str(export.get("generator", "")),
        session_id=str(session.get("id", "")),
        date=str(session.get("date", "")),
        opened_at=session.get("opened_at"),
        closed_at=session.get("closed_at"),
        jefe_de_mesa=str(session.get("jefe_de_mesa", "")),
        jefe_de_sala=str(session.get("jefe_de_sala", "")),
        rules=rules,
        ball_set_id=str(ball_set.get("id", "")),
        ball_set_homologation=str(ball_set.get("homologation", "")),
        ball_set_partidas_before=_int(ball_set.get("partidas_before")),
        ball_checks=tuple(_ball_check(c) for c in session.get("ball_checks") or []),
        opening_prima_changes=tuple(
            PrimaChange(None, int(c["amount_cents"]), str(c.get("at", "")))
            for c in session.get("prima_changes") or []
            if c.get("partida") is None
        ),
        opening_ball_set_changes=tuple(
            c for c in ball_set_changes if c.partida is None or c.between_sessions
        ),
        partidas=partidas,
        last_partida_announced=_opt_int(session.get("last_partida_announced")),
        chain=seal,
        totals=_totals(partidas),
        simulation_seed=_simulation_seed(session),
        emulated_seeds=_emulated_seeds(session),
        simultaneous=tuple(session.get("simultaneous_partidas") or ()),
        issued_at=_issued_at(session, chain),
        rules_source=rules_source,
        game_partidas=game_partidas,
        game_totals=game_totals(game_partidas),
    )
    notes = _observations(partidas, rules)
    notes += game_observations(game_partidas, plan_figures(export))
    missing: list[str] = []
    if acta.complete and acta.check("close") is None:
        missing.append("Falta la comprobación de bolas al cierre de la sesión.")
    if acta.check("open") is None:
        missing.append("Falta la comprobación de bolas al comienzo de la sesión.")
    now = (*notes, *_check_notes(acta, standing_only=True), *missing)
    before = (*notes, *_check_notes(acta, standing_only=False), *missing)
    return _replace_observations(acta, now, before if before != now else None)


def _replace_observations(
    acta: Acta, notes: tuple[str, ...], before_4: tuple[str, ...] | None = None
) -> Acta:
    from dataclasses import replace

    return replace(acta, observations=notes, observations_before_4=before_4)


def parse_time(value: str | None) -> datetime | None:
    """An ISO 8601 time of the record, or None."""
    if not value:
        return None
    return datetime.fromisoformat(value)
