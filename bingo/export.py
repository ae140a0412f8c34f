"""The hall's record in the open format ``bingo-session/1`` (session-export.md).

A deterministic function of the hall's state, so anyone holding the event records can rebuild
the same file. Extra fields (allowed by the format) carry what the acta also needs: the people,
prima and ball-set changes, when each partida's data were recorded, and the hash chain itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from bingo import __version__
from bingo.cards import CardSet
from bingo.chain import Record
from bingo.events import BallCheckRecorded
from bingo.export_games import game_card_sets, game_partidas, games_played
from bingo.export_simultaneous import simultaneous_partidas
from bingo.hall import Hall, PartidaState, Pending, PrimaState, SaleRange, SessionState, Status
from bingo.rules import RegionRules
from bingo.terminals import CASH, TerminalLimits

FORMAT = "bingo-session/1"


def _status(partida: PartidaState) -> str:
    if partida.status in (Status.CLOSED, Status.PAID):
        return "closed"
    if partida.status == Status.ANNULLED:
        return "annulled"
    return "open"


def _fund(before: int, deduction: int, awarded: int, status: str) -> tuple[int, int, int]:
    if status == "annulled":
        return before, 0, before
    return before, deduction, before + deduction - awarded


def _terminal_limits(limits: TerminalLimits | None) -> dict[str, Any]:
    """The limits on auxiliary machines the session was played under, for the hall's category
    (decision 300); nothing when the region sets none, so such exports keep their bytes.
    """
    if limits is None or not limits.bounded:
        return {}
    return {
        "terminal_limits": {
            "category": limits.category or None,  # None: not said, so no machine played
            "machines_max": limits.machines_max,
            "cartones_max": limits.cartones_max,
            "machines_rule": limits.machines_rule,
            "cartones_rule": limits.cartones_rule,
        }
    }


def _sale(sale: SaleRange) -> dict[str, Any]:
    out: dict[str, Any] = {
        "series": sale.series,
        "first": sale.first,
        "last": sale.last,
        "kind": "electronic" if sale.electronic else "physical",
    }
    if sale.seller:  # an added field, only when said: older exports keep their bytes (issue 9)
        out["seller"] = sale.seller
    if sale.payment != CASH:  # likewise: cash, the default, is not written (decision 280)
        out["payment"] = sale.payment
    if sale.terminal:  # the auxiliary machine it was sold on (decision 282)
        out["terminal"] = sale.terminal
    return out


def _interconnected(partida: PartidaState) -> dict[str, Any]:
    """The partida's part in the interconnected prize (R-MULTI-1): the fund announced, then this
    hall's contribution and the fund before and after it, with the ledger transaction. Absent
    when the hall did not join, so the export of a hall that never joined is as before.
    """
    shown, settled = partida.interconnected, partida.interconnected_settled
    if shown is None:
        return {}
    out: dict[str, Any] = {
        "network": shown.network,
        "generation": shown.generation,
        "amount_cents": shown.fund_cents,
        "available": bool(shown.ball_limit),
        "ball_limit": shown.ball_limit or None,
        "contribution_bp": shown.contribution_bp,
        "fund_max_cents": shown.fund_max_cents,
        "reserve_max_cents": shown.reserve_max_cents,
    }
    if not shown.announced:  # kept in the manual book: it only fed the fund (decision 302)
        out["announced"] = False
    if settled is not None:
        out |= {
            "settled_generation": settled.generation,
            "contribution_cents": settled.contribution_cents,
            "to_reserve_cents": settled.to_reserve_cents,
            "fund_before_cents": settled.fund_before_cents,
            "fund_after_cents": settled.fund_after_cents,
            "reserve_before_cents": settled.reserve_before_cents,
            "reserve_after_cents": settled.reserve_after_cents,
            "awarded_cents": settled.awarded_cents,
            "residue_cents": settled.residue_cents,
            "partidas_accumulated": settled.partidas_accumulated,
            "ledger_txid": settled.ledger_txid,
        }
    return {"interconnected": out}


def _partida(hall: Hall, partida: PartidaState, prima_now: PrimaState) -> dict[str, Any]:
    status = _status(partida)
    amounts = partida.amounts
    closing = partida.closing
    card_sets = sorted({hall.series[r.series].card_set_id for r in partida.sales})
    if status == "open":
        prima_before, bola_before = prima_now.fund_cents, hall.bola_loca_fund_cents
        accumulated = prima_now.partidas_accumulated + 1
    else:
        prima_before = partida.prima_fund_before_cents
        bola_before = partida.bola_loca_fund_before_cents
        accumulated = partida.prima_partidas_accumulated
    p_before, p_ded, p_after = _fund(
        prima_before,
        amounts.prima_deduction_cents if amounts else 0,
        closing.prima_awarded_cents if closing else 0,
        status,
    )
    b_before, b_ded, b_after = _fund(
        bola_before,
        amounts.bola_loca_deduction_cents if amounts else 0,
        closing.bola_loca_awarded_cents if closing else 0,
        status,
    )
    residue: dict[str, int] = {"line": 0, "bingo": 0} if status == "annulled" else {}
    if closing is not None:
        residue = {"line": closing.residue_line_cents, "bingo": closing.residue_bingo_cents}
        if closing.prima_awarded_cents:
            residue["prima"] = closing.residue_prima_cents
        if closing.bola_loca_awarded_cents:
            residue["bola_loca"] = closing.residue_bola_loca_cents
    return {
        "number": partida.number,
        "status": status,
        "state": partida.status.value,
        "card_set": card_sets[0] if card_sets else None,
        "face_value_cents": partida.face_value_cents or 0,
        "sales": [_sale(r) for r in partida.sales],
        "cards_sold": partida.cards_sold,
        "takings_cents": partida.takings_cents,
        "line_prize_cents": amounts.line_prize_cents if amounts else 0,
        "bingo_prize_cents": amounts.bingo_prize_cents if amounts else 0,
        "prima": {
            "amount_cents": partida.prima_amount_cents,
            "available": partida.prima_available,
            "ball_limit": partida.prima_ball_limit,
            "fund_before_cents": p_before,
            "deduction_cents": p_ded,
            "fund_after_cents": p_after,
            "partidas_accumulated": accumulated,
        },
        "bola_loca": {
            "numbers": list(partida.bola_loca_numbers),
            "source": partida.bola_loca_source,
            "fund_before_cents": b_before,
            "deduction_cents": b_ded,
            "fund_after_cents": b_after,
        },
        **_interconnected(partida),
        "balls": list(partida.balls),
        "ball_sources": list(partida.ball_sources),
        "manual_from_ball": partida.manual_from_ball,
        "claims": [
            {
                "after_ball": c.after_ball,
                "series": c.series,
                "number": c.number,
                "kind": c.prize,
                "valid": c.valid,
                "reason": c.reason,
                "completed_at_ball": c.completed_at_ball,
                "electronic": c.electronic,
            }
            for c in partida.claims
        ],
        "awards": [
            {
                "prize": a.prize,
                "series": a.series,
                "number": a.number,
                "completed_at_ball": a.completed_at_ball,
                "amount_cents": a.amount_cents,
            }
            for a in partida.awards
        ],
        "residue_cents": residue,
        "incidents": [
            {
                "kind": i.incident,
                "after_ball": i.after_ball,
                "note": i.note,
                "paragraph": i.paragraph,
                **_people(by),
            }
            for i, by in zip(partida.incidents, partida.incident_people, strict=True)
        ],
        "refund_cents": partida.refund_cents,
        "annul_reason": partida.annul_reason,
        **({"annulled_by": _people(partida.annul_people)} if any(partida.annul_people) else {}),
        "started_at": partida.started_at,
        "closed_at": partida.closed_at,
        "transcribed": partida.transcribed,
        # When the sale closed and the data were written: the acta's "datos" time (R-ACTA-2).
        "data_recorded_at": partida.data_recorded_at,
    }


def _rules(rules: RegionRules | None, region: str) -> dict[str, Any]:
    out: dict[str, Any] = {
        "payout_bp": rules.payout_bp if rules else 0,
        "line_bp": rules.line_bp if rules else 0,
        "bingo_bp": rules.bingo_bp if rules else 0,
        "prima_bp": rules.prima_bp if rules else 0,
        "bola_loca_bp": rules.bola_loca_bp if rules else 0,
        "prima_ball_limit": rules.prima_ball_limit if rules else 50,
        "line_required": rules.line_required if rules else True,
    }
    if rules and rules.region_version:
        # Which region file the figures came from (R-NET-3); records adopted before the file
        # had a version keep their exact shape.
        out["source"] = {
            "file": f"config/regions/{region}.toml",
            "version": rules.region_version,
            "resolution": rules.region_resolution,
            "sha256": rules.region_sha256,
        }
    return out


def _ball_check(check: BallCheckRecorded) -> dict[str, Any]:
    out: dict[str, Any] = {
        "when": check.when,
        "numbers": list(check.numbers),
        "ok": check.ok,
        "method": check.method,
    }
    if not check.condition_ok:
        # Only when a ball was found damaged, so exports (and sealed actas) of every earlier
        # check keep their exact shape.
        out["condition_ok"] = False
        out["note"] = check.note
    return out


def _people(by: tuple[str, str]) -> dict[str, str]:
    """Who asked and who authorised (R-ROLE-1), only when the record names them, so exports of
    a hall with no operators, and of every earlier night, keep their exact shape.
    """
    asked, authorised = by
    out = {"asked_by": asked} if asked else {}
    if authorised:
        out["authorised_by"] = authorised
    return out


def _simulation(hall: Hall, session: SessionState) -> dict[str, Any]:
    """``simulation`` for a simulated session only (decision 24), so no export or acta of one can
    pass for a real night, and real sessions keep their exact shape.
    """
    started = hall.simulations.get(session.id)
    if started is None:
        return {}
    return {
        "simulation": {
            "seed": started.seed,
            "partidas": started.partidas,
            "incidents": started.incidents,
            "electronic": started.electronic,
            "devices": started.devices,
        }
    }


def _change(change: Pending) -> dict[str, Any]:
    row: dict[str, Any] = {"partida": change.partida, "at": change.at}
    row.update({k: v for k, v in change.event.payload().items() if k != "session_id"})
    return row


def _ball_set_changes(hall: Hall, session: SessionState) -> list[dict[str, Any]]:
    """Every change of ball set the session's acta records (Cantabria II.2): those made
    between the previous session and this one (``between_sessions``, ``partida`` null), then
    those made while it was open; each with the set it replaced.
    """
    out = []
    for change in session.ball_set_changes_before:
        out.append({**_change(change), "replaces": change.replaces, "between_sessions": True})
    for change in hall.ball_set_changes:
        if change.session_id == session.id:
            out.append({**_change(change), "replaces": change.replaces})
    return out


def _ball_checks(session: SessionState) -> list[dict[str, Any]]:
    """The counts; a count of a set changed while the session was open (``when`` "change")
    also names that set and the last partida played before it.
    """
    out = []
    changed = {id(check): (set_id, after) for check, set_id, after in session.change_counts}
    for check in session.ball_checks:
        row = _ball_check(check)
        if id(check) in changed:
            row["ball_set_id"], row["after_partida"] = changed[id(check)]
        out.append(row)
    return out


def _session(hall: Hall, session: SessionState) -> dict[str, Any]:
    def changes(kind: str) -> list[dict[str, Any]]:
        if kind == "ball_set":
            return _ball_set_changes(hall, session)
        return [_change(c) for c in hall.prima_changes if c.session_id == session.id]

    return {
        "id": session.id,
        "date": session.date,
        "opened_at": session.opened_at,
        "closed_at": session.closed_at,
        "jefe_de_mesa": session.jefe_de_mesa,
        "jefe_de_sala": session.jefe_de_sala,
        "ball_checks": _ball_checks(session),
        "ball_set": {
            "id": session.ball_set_id,
            "homologation": session.ball_set_homologation,
            "partidas_before": session.ball_set_partidas_before,
        },
        "last_partida_announced": session.last_partida,
        "prima_changes": changes("prima"),
        "ball_set_changes": changes("ball_set"),
        "partidas": [_partida(hall, p, hall.prima) for p in session.partidas],
        **game_partidas(hall, session),  # bingo derivado and plus, only when played
        # The rules it was played under, when a change adopted since makes them differ from the
        # export's own `rules` (a change is recorded between sessions, docs/decisions.md 52).
        **(
            {"rules": _rules(session.rules, hall.region)}
            if session.rules is not None and session.rules != hall.rules
            else {}
        ),
        **_terminal_limits(session.terminal_limits),
        **_simulation(hall, session),
        # only when emulated devices gave balls or counts: not a real night (decision 520)
        **(
            {"emulated_devices": {"seeds": list(hall.emulated[session.id])}}
            if session.id in hall.emulated
            else {}
        ),
        **simultaneous_partidas(hall, session.id),  # only when it sold in one (decision 309)
        # Claims about the session hold its acta and record past six months (R-ACTA-5).
        "reclamaciones": [
            {k: v for k, v in dataclasses.asdict(c).items() if k != "session_id"}
            for c in hall.reclamaciones.values()
            if c.session_id == session.id
        ],
    }


def build_export(
    hall: Hall,
    card_sets: Callable[[str], CardSet],
    records: Sequence[Record] = (),
    session_ids: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The export of a hall: every session, or only those named."""
    sessions = [s for s in hall.sessions if session_ids is None or s.id in session_ids]
    used = sorted(
        {hall.series[r.series].card_set_id for s in sessions for p in s.partidas for r in p.sales}
    )
    out: dict[str, Any] = {
        "format": FORMAT,
        "generator": f"bingo-hall {__version__}",
        "hall": {
            "id": hall.hall_id,
            "name": hall.name,
            "region": hall.region,
            "languages": list(hall.languages),
        },
        "rules": _rules(hall.rules, hall.region),
        "series": [
            {
                "code": s.code,
                "card_set": s.card_set_id,
                "size": s.size,
                "face_value_cents": s.face_value_cents,
                "kind": "electronic" if s.electronic else "physical",
            }
            for s in hall.series.values()
        ],
        "card_sets": [
            {
                "id": cs_id,
                "digest": card_sets(cs_id).digest(),
                "cards": [[list(row) for row in c.rows] for c in card_sets(cs_id).cards],
            }
            for cs_id in used
        ],
        "sessions": [_session(hall, s) for s in sessions],
        "funds": {
            "prima_fund_cents": hall.prima.fund_cents,
            "prima_amount_cents": hall.prima.amount_cents,
            "prima_ball_limit": hall.prima.ball_limit,
            "bola_loca_fund_cents": hall.bola_loca_fund_cents,
        },
    }
    games = games_played(hall, sessions)
    if games:  # only when a session played one: other exports keep their bytes
        out["card_sets"] += game_card_sets(hall, sessions)
        items = list(out.items())
        at = list(out).index("rules") + 1  # the definitions next to the region's rules
        out = dict([*items[:at], ("games", games), *items[at:]])
    if records:
        out["chain"] = {
            "hall_id": hall.hall_id,
            "seq": records[-1].seq,
            "head": records[-1].hash,
            "records": [r.to_json() for r in records],
        }
    return out
