"""Hand-made ``bingo-session/1`` exports with partidas of bingo plus and bingo derivado.

Written to the contract of the export's game partidas (``docs/games.md``, "The export"), not
by the hall's engine: a small ordinary night (``tests.actas.fixtures``) gets the shipped plus
4 × 5 and derivado instant 3 × 3 games, a card set of each, and three game partidas — a plus
partida with a shared prize, a derivado instant partida where a cartón completes two
combinations (paid only its best), and an annulled derivado partida. Winners and amounts come
from the pure ``bingo.game.prizes.play_partida`` over the SOLD cartones, the per-cartón
completing balls from ``bingo.game.detect.tracker_for``.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

import numpy as np

from app.config.game_files import shipped_game
from bingo.game.cards import generate_cartones
from bingo.game.definition import GameDefinition
from bingo.game.detect import tracker_for
from bingo.game.prizes import play_partida
from tests.actas.fixtures import night

PLUS = "plus-4x5"
DERIVADO = "derivado-instantaneo-3x3"
# Seeds chosen so the plus partida has a prize ("marco") shared by two cartones with a residue
# of 1 cent, and the derivado partida a cartón that completes both "linea" and "esquinas".
PLUS_SEED, PLUS_BALLS_SEED = 7, 6
DERIVADO_SEED, DERIVADO_BALLS_SEED = 3, 4
PLUS_SOLD, PLUS_SET = 30, 40
DERIVADO_SOLD, DERIVADO_SET = 40, 60


def game_entry(d: GameDefinition) -> dict[str, Any]:
    """The definition as the export's ``games`` carries it."""
    combinations: list[dict[str, Any]] = []
    for c in d.combinations:
        entry: dict[str, Any] = {"code": c.code, "kind": c.kind, "names": dict(c.names)}
        if c.kind == "dibujo":
            entry["drawings"] = [[list(cell) for cell in sorted(m)] for m in c.masks]
        combinations.append(entry)
    if d.plan == "instantaneo":
        prizes = [
            {"combination": p.combination, "price_multiple_bp": p.price_multiple_bp}
            for p in d.prizes
        ]
        plan: dict[str, Any] = {"kind": d.plan, "min_payout_bp": d.min_payout_bp, "balls": d.balls}
    else:
        prizes = [{"combination": p.combination, "basis_points": p.basis_points} for p in d.prizes]
        plan = {"kind": d.plan, "min_payout_bp": d.min_payout_bp}
    plan["prizes"] = prizes
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


def _order(d: GameDefinition, seed: int) -> list[int]:
    order = list(range(1, d.count + 1))
    random.Random(seed).shuffle(order)
    return order


def game_partida(
    d: GameDefinition,
    number: int,
    card_set: str,
    cards: np.ndarray[Any, Any],
    sold: int,
    price: int,
    balls_seed: int,
    series: str,
) -> dict[str, Any]:
    """A closed partida of ``d`` with cartones 1..``sold`` of ``series`` sold at ``price``."""
    order = _order(d, balls_seed)
    result = play_partida(d, cards[:sold], order, price)
    tracker = tracker_for(d, cards[:sold])
    for ball in result.balls:
        tracker.add_ball(ball)
    instant = d.plan == "instantaneo"
    awards: list[dict[str, Any]] = []
    residues: dict[str, int] = {}
    for a in result.awards:  # in the plan's order already
        at = tracker.completed_at(a.combination)
        for i in sorted(a.cartones):
            awards.append(
                {
                    "combination": a.combination,
                    "series": series,
                    "number": i + 1,
                    "completed_at_ball": int(at[i]) if instant else a.ball,
                    "amount_cents": a.share_cents,
                }
            )
        if not instant:
            residues[a.combination] = a.residue_cents
    order_of = {p.combination: k for k, p in enumerate(d.prizes)}
    awards.sort(key=lambda x: (order_of[x["combination"]], x["series"], x["number"]))
    takings = sold * price
    if instant:
        prizes = [
            {"combination": p.combination, "amount_cents": price * p.price_multiple_bp // 10_000}
            for p in d.prizes
        ]
    else:
        prizes = [
            {"combination": p.combination, "amount_cents": takings * p.basis_points // 10_000}
            for p in d.prizes
        ]
    partida: dict[str, Any] = {
        "number": number,
        "game": d.id,
        "status": "closed",
        "opened_at": f"2026-11-22T17:{10 + number * 5:02d}:00+01:00",
        "closed_at": f"2026-11-22T17:{12 + number * 5:02d}:30+01:00",
        "card_set": card_set,
        "face_value_cents": price,
        "sales": [{"series": series, "first": 1, "last": sold, "kind": "physical"}],
        "cards_sold": sold,
        "takings_cents": takings,
        "balls": list(result.balls),
        "prizes": prizes,
        "awards": awards,
    }
    if not instant:
        partida["residue_cents"] = residues
    partida["payout_cents"] = sum(a["amount_cents"] for a in awards)
    partida["incidents"] = []
    partida["refund_cents"] = 0
    return partida


def add_games(export: dict[str, Any], languages: Sequence[str] = ("es",)) -> dict[str, Any]:
    """``export`` (one session) with the two games, their card sets and three game partidas."""
    out = copy.deepcopy(export)
    out["hall"]["languages"] = list(languages)
    plus, derivado = shipped_game(PLUS), shipped_game(DERIVADO)
    plus_cards = generate_cartones(plus, PLUS_SEED, PLUS_SET)
    derivado_cards = generate_cartones(derivado, DERIVADO_SEED, DERIVADO_SET)
    out["games"] = [game_entry(plus), game_entry(derivado)]
    out["card_sets"] = [
        *out.get("card_sets", []),
        {"id": f"{PLUS}-{PLUS_SET}", "game": PLUS, "cards": plus_cards.tolist()},
        {"id": f"{DERIVADO}-{DERIVADO_SET}", "game": DERIVADO, "cards": derivado_cards.tolist()},
    ]
    first = game_partida(
        plus, 1, f"{PLUS}-{PLUS_SET}", plus_cards, PLUS_SOLD, 150, PLUS_BALLS_SEED, "P-0001"
    )
    second = game_partida(
        derivado,
        2,
        f"{DERIVADO}-{DERIVADO_SET}",
        derivado_cards,
        DERIVADO_SOLD,
        50,
        DERIVADO_BALLS_SEED,
        "D-0001",
    )
    annulled = {
        **second,
        "number": 3,
        "status": "annulled",
        "opened_at": "2026-11-22T17:25:00+01:00",
        "closed_at": "2026-11-22T17:26:00+01:00",
        "sales": [{"series": "D-0001", "first": 41, "last": 50, "kind": "electronic"}],
        "cards_sold": 10,
        "takings_cents": 500,
        "balls": [],
        "prizes": [],
        "awards": [],
        "payout_cents": 0,
        "incidents": [
            {"kind": "suspension", "after_ball": 0, "note": "Fallo del terminal de venta."}
        ],
        "refund_cents": 500,
    }
    out["sessions"][0]["game_partidas"] = [first, second, annulled]
    return out


def games_export(languages: Sequence[str] = ("es",)) -> dict[str, Any]:
    """A closed three-partida ordinary night with the three game partidas."""
    return add_games(night(3).export(), languages)
