"""The receipt of a prize of a simultaneous partida paid at this hall (R-MULTI-2, R-PRIMA-6;
Cantabria VI.1, V.3; decision 307): the receipt and its duplicate, as for the prima, since the
prize comes from the takings of every hall and the player sees none of the other halls' cartones:
the whole prize, its winners in every hall and this cartón's share, the ball that completed it,
and on the duplicate the order of extraction and the cartón of the shared serie.

Read from the session's export (``simultaneous_partidas``), as every other receipt is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from actas.builder import ActaDataError, build_acta
from actas.receipts import PrizeReceipt
from bingo.cards import distinct_strips


def _carton(seed: int, strips: int, number: int) -> tuple[tuple[int, ...], ...] | None:
    """Cartón ``number`` of the shared serie, rebuilt from its seed as the centre built it."""
    cards = distinct_strips(seed, strips).reshape(-1, 3, 5)
    if not 1 <= number <= len(cards):
        return None
    return tuple(tuple(int(n) for n in row) for row in cards[number - 1])


def find_simultaneous_receipt(
    export: Mapping[str, Any],
    partida: int,
    prize: str,
    number: int,
    session_id: str | None = None,
) -> PrizeReceipt:
    """The receipt of cartón ``number``'s ``prize`` in the centre's partida ``partida``, paid
    at this hall (``ActaDataError`` when the export does not show it won and paid here).
    """
    acta = build_acta(export, session_id)
    session = next(s for s in export.get("sessions") or [] if s.get("id") == acta.session_id)
    played = next(
        (p for p in session.get("simultaneous_partidas") or [] if p.get("partida") == partida),
        None,
    )
    if played is None:
        raise ActaDataError(
            f"la sesión {acta.session_id} no vendió cartones de la partida simultánea {partida}"
        )
    if played.get("status") != "closed":
        raise ActaDataError(f"la partida simultánea {partida} no consta cerrada en esta sala")
    block = played.get(prize)
    if prize not in ("line", "bingo") or not isinstance(block, dict):
        raise ActaDataError(f"premio desconocido {prize!r}: line o bingo")
    if [number, played["hall"]] not in block["winners"]:
        raise ActaDataError(
            f"el cartón {number} no ganó «{prize}» en esta sala en la partida simultánea {partida}"
        )
    paid = next(
        (p for p in played["payments"] if (p["prize"], p["number"]) == (prize, number)), None
    )
    if paid is None:
        raise ActaDataError(f"el premio de {prize} del cartón {number} no consta pagado")
    balls = tuple(int(b) for b in played["balls"])
    index = int(block["extraction"])
    serie = played["serie"]
    return PrizeReceipt(
        hall_id=acta.hall_id,
        hall_name=acta.hall_name,
        languages=acta.languages,
        session_id=acta.session_id,
        date=acta.date,
        partida=partida,
        prize=prize,
        amount_cents=int(played[f"{prize}_cents"]),
        winners=len(block["winners"]),
        share_cents=int(paid["amount_cents"]),
        residue_cents=int(block["residue_cents"]),
        series=str(serie["id"]),
        number=number,
        card_set=str(serie["id"]),
        carton=_carton(int(serie["seed"]), int(serie["strips"]), number),
        ball_index=index,
        ball_number=balls[index - 1] if 1 <= index <= len(balls) else None,
        ball_limit=None,
        partidas_accumulated=None,
        balls=balls,
        manual_from_ball=None,
        jefe_de_mesa=acta.jefe_de_mesa,
        chain_seq=acta.chain.seq,
        chain_head=acta.chain.head,
        issued_at=str(paid.get("paid_at") or acta.issued_at),
        simulation_seed=acta.simulation_seed,
        emulated_seeds=acta.emulated_seeds,
    )
