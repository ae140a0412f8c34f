"""The simultaneous partidas a session sold in, in its export (R-MULTI-2; Cantabria VI.1;
decision 309): each with the central record's position and hash its figures rest on, the
shared serie, every hall's allotment and sale, the prizes from all the halls' takings, the balls,
the winners with their shares and residues, and this hall's payments. Only for a session that
sold in one: every other export keeps its bytes.
"""

from __future__ import annotations

from typing import Any

from bingo.hall import Hall
from bingo.simultaneous_hall import HallSimultaneous, winners_json


def _partida(partida: HallSimultaneous) -> dict[str, Any]:
    result = partida.result
    out: dict[str, Any] = {
        "partida": partida.centre_partida,
        "serie_id": partida.serie_id,
        "price_cents": partida.price_cents,
        "sales": [
            {
                "first": s.first,
                "last": s.last,
                "payment": s.payment,
                "centre_seq": s.centre_seq,
                "centre_hash": s.centre_hash,
            }
            for s in partida.sales
        ],
        "cards_sold": partida.cards_sold,
        "takings_cents": partida.takings_cents,
    }
    if result is None:  # still played at the centre when the export was made
        out["status"] = "open"
        return out
    withdrawn = result.hall in result.withdrawn
    refunded = withdrawn or bool(result.annulled)
    if result.annulled and not withdrawn:
        out["annulled"] = result.annulled  # stopped or suspended at the centre (decision 318)
    out.update(
        {
            "status": "refunded" if withdrawn else "annulled" if result.annulled else "closed",
            "hall": result.hall,
            "centre": {"seq": result.centre_seq, "hash": result.centre_hash},
            "serie": {"id": result.serie_id, "seed": result.seed, "strips": result.strips},
            "halls": [
                {
                    "hall": hall,
                    "first": first,
                    "last": last,
                    "sold": dict(result.sold).get(hall, 0),
                    "withdrawn": hall in result.withdrawn,
                }
                for hall, first, last in result.allotments
            ],
            "cards_in_play": result.cards_in_play,
            "takings_all_cents": result.takings_cents,
            "line_bp": result.line_bp,
            "bingo_bp": result.bingo_bp,
            "line_cents": result.line_cents,
            "bingo_cents": result.bingo_cents,
            "balls": list(result.balls),
            "line": {
                "extraction": result.line_extraction,
                "winners": winners_json(result.line),
                "share_cents": result.line_share_cents,
                "residue_cents": result.line_residue_cents,
            },
            "bingo": {
                "extraction": result.bingo_extraction,
                "winners": winners_json(result.bingo),
                "share_cents": result.bingo_share_cents,
                "residue_cents": result.bingo_residue_cents,
            },
            "refund_cents": partida.takings_cents if refunded else 0,
            "payments": [
                {
                    "prize": paid.prize,
                    "number": paid.number,
                    "amount_cents": paid.amount_cents,
                    "paid_at": partida.paid_at[key],
                }
                for key, paid in partida.paid.items()
            ],
        }
    )
    return out


def simultaneous_partidas(hall: Hall, session_id: str) -> dict[str, Any]:
    """``simultaneous_partidas`` of the session, or nothing when it sold in none."""
    played = hall.simultaneous.of_session(session_id)
    if not played:
        return {}
    return {"simultaneous_partidas": [_partida(p) for p in played]}
