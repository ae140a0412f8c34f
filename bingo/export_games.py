"""The partidas of bingo derivado and bingo plus in ``bingo-session/1`` (docs/games.md).

Every field is added to the format (session-export.md allows it), and only when a session
played such a partida: an export of a hall that played the ordinary bingo alone keeps its bytes.
From these fields alone anyone recomputes the winners and the amounts: the definitions played
(``games``), the cartones of their card sets (``card_sets`` entries with ``game``) and, per
session, its ``game_partidas``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bingo.game.definition import GameDefinition
from bingo.game.prizes import stake_cents
from bingo.hall import Hall, SessionState
from bingo.hall.game_fold import ANNULLED, CLOSED, PAID, GamePartida

__all__ = ["game_card_sets", "game_partidas", "games_played"]


def _played(hall: Hall, sessions: Sequence[SessionState]) -> list[GamePartida]:
    return [p for s in sessions for p in hall.games.of_session(s.id)]


def games_played(hall: Hall, sessions: Sequence[SessionState]) -> list[dict[str, Any]]:
    """The definitions the sessions' game partidas were played by, each version once, in the
    order first played.
    """
    out: dict[tuple[str, str], GameDefinition] = {}
    for partida in _played(hall, sessions):
        d = partida.definition
        out.setdefault((d.id, d.sha256), d)
    return [_definition(d) for d in out.values()]


def _definition(d: GameDefinition) -> dict[str, Any]:
    combinations = []
    for c in d.combinations:
        row: dict[str, Any] = {"code": c.code, "kind": c.kind, "names": dict(c.names)}
        if c.kind == "dibujo":
            row["drawings"] = [[[r, k] for r, k in sorted(mask)] for mask in c.masks]
        combinations.append(row)
    plan: dict[str, Any] = {"kind": d.plan, "min_payout_bp": d.min_payout_bp}
    if d.plan == "instantaneo":
        plan["balls"] = d.balls
        plan["prizes"] = [
            {"combination": p.combination, "price_multiple_bp": p.price_multiple_bp}
            for p in d.prizes
        ]
    else:
        plan["prizes"] = [
            {"combination": p.combination, "basis_points": p.basis_points} for p in d.prizes
        ]
    return {
        "id": d.id,
        "version": d.version,
        "sha256": d.sha256,
        "modality": d.modality,
        "names": dict(d.names),
        "numbers": d.count,
        "carton": {
            "rows": d.shape.rows,
            "columns": d.shape.columns,
            "numbers": d.shape.numbers,
            "placement": d.shape.placement,
        },
        "combinations": combinations,
        "plan": plan,
    }


def game_card_sets(hall: Hall, sessions: Sequence[SessionState]) -> list[dict[str, Any]]:
    """The card sets the game partidas sold from, whole (cartón n is ``cards[n-1]``)."""
    used = sorted({p.card_set_id for p in _played(hall, sessions) if p.sales})
    return [
        {
            "id": cs_id,
            "game": hall.games.card_sets[cs_id].game_id,
            "cards": hall.games.cartones(cs_id).tolist(),
        }
        for cs_id in used
    ]


def game_partidas(hall: Hall, session: SessionState) -> dict[str, Any]:
    """``game_partidas`` for a session that played one; nothing otherwise."""
    partidas = hall.games.of_session(session.id)
    if not partidas:
        return {}
    out = []
    for p in partidas:
        row = _partida(p)
        if hall.games.is_last(p):  # only then: an export without it keeps its bytes
            row["last_announced"] = True
        out.append(row)
    return {"game_partidas": out}


def _status(partida: GamePartida) -> str:
    if partida.status in (CLOSED, PAID):
        return "closed"
    return "annulled" if partida.status == ANNULLED else "open"


def _prizes(partida: GamePartida) -> list[dict[str, Any]]:
    """Each prize of the plan: the pool at stake (shared plan) or what each winner is paid."""
    return [
        {
            "combination": p.combination,
            "amount_cents": stake_cents(
                partida.definition, p, partida.face_value_cents, partida.takings_cents
            ),
        }
        for p in partida.definition.prizes
    ]


def _partida(partida: GamePartida) -> dict[str, Any]:
    return {
        "number": partida.number,
        "game": partida.definition.id,
        "status": _status(partida),
        "opened_at": partida.opened_at,
        "closed_at": partida.closed_at,
        "card_set": partida.card_set_id,
        "face_value_cents": partida.face_value_cents,
        "sales": [
            {
                "series": s.series,
                "first": s.first,
                "last": s.last,
                "kind": "electronic" if s.electronic else "physical",
            }
            for s in partida.sales
        ],
        "cards_sold": partida.cards_sold,
        "takings_cents": partida.takings_cents,
        "balls": list(partida.balls),
        "prizes": _prizes(partida),
        "awards": [
            {
                "combination": a.combination,
                "series": a.series,
                "number": a.carton,
                "completed_at_ball": a.completed_at_ball,
                "amount_cents": a.amount_cents,
            }
            for a in partida.awards
        ],
        "residue_cents": dict(partida.residues),
        "payout_cents": partida.payout_cents,
        "incidents": [
            {"kind": i.incident, "after_ball": i.after_ball, "note": i.note}
            for i in partida.incidents
        ],
        "refund_cents": partida.refund_cents,
    }
