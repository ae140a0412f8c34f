"""The hall server's messages (version 1): codes, numbers and amounts in cents, never words.

The screens put the words on them in the hall's languages (R-PANEL-4). The JSON schemas in
``app/server/schema`` describe every message; docs/api.md shows them with examples.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from importlib import resources
from typing import Any

from bingo.chain import Record
from bingo.readmodel import PanelState
from bingo.readmodel_games import GamePanel

WIRE_VERSION = 1


def now_ms() -> float:
    """Milliseconds since the epoch (the page's clock is the same one on one machine)."""
    return time.time() * 1000.0


def state_json(state: PanelState) -> dict[str, Any]:
    """What every screen shows, as codes and cents (the schema's ``state``)."""
    return {
        "hall_name": state.hall_name,
        "languages": list(state.languages),
        "session_id": state.session_id,
        "partida": state.partida,
        "status": state.status,
        "announcement": state.announcement_code,
        "is_last_partida": state.is_last_partida,
        "door_closed": state.door_closed,
        "cards_sold": state.cards_sold,
        "price_cents": state.price_cents,
        "takings_cents": state.takings_cents,
        "line_prize_cents": state.line_prize_cents,
        "bingo_prize_cents": state.bingo_prize_cents,
        "prima_amount_cents": state.prima_amount_cents,
        "prima_available": state.prima_available,
        "prima_ball_limit": state.prima_ball_limit,
        "prima_fund_cents": state.prima_fund_cents,
        "bola_loca_numbers": list(state.bola_loca_numbers),
        "bola_loca_fund_cents": state.bola_loca_fund_cents,
        "bola_loca_share_cents": state.bola_loca_share_cents,
        "balls": list(state.balls),
        "last_ball": state.last_ball,
        "extractions": state.extractions,
        "winners": [
            {
                "prize": w.prize,
                "series": w.series,
                "number": w.number,
                "completed_at_ball": w.completed_at_ball,
                "amount_cents": w.amount_cents,
            }
            for w in state.winners
        ],
        "game": game_json(state.game),
        "interconnected_cents": state.interconnected_cents,
        "interconnected_ball_limit": state.interconnected_ball_limit,
        "interconnected_outcome": state.interconnected_outcome,
        "emulated": state.emulated,
    }


def game_json(game: GamePanel | None) -> dict[str, Any] | None:
    """A partida of derivado or plus on the screens (the schema's ``game``), or None."""
    if game is None:
        return None
    return {
        "id": game.game_id,
        "version": game.version,
        "modality": game.modality,
        "names": dict(game.names),
        "count": game.count,
        "plan": game.plan,
        "planned_balls": game.planned_balls,
        "partida": game.number,
        "status": game.status,
        "cards_sold": game.cards_sold,
        "price_cents": game.price_cents,
        "takings_cents": game.takings_cents,
        "balls": list(game.balls),
        "last_ball": game.last_ball,
        "extractions": len(game.balls),
        "settled": game.settled,
        "refund_cents": game.refund_cents,
        "is_last": game.is_last,
        "prizes": [
            {
                "combination": p.combination,
                "names": dict(p.names),
                "stake_cents": p.stake_cents,
                "each": p.each,
                "winners_count": p.winners_count,
                "paid_cents": p.paid_cents,
                "winners": [
                    {
                        "series": w.series,
                        "number": w.number,
                        "completed_at_ball": w.completed_at_ball,
                        "amount_cents": w.amount_cents,
                    }
                    for w in p.winners
                ],
            }
            for p in game.prizes
        ],
    }


def snapshot_message(version: int, state: dict[str, Any]) -> dict[str, Any]:
    return {
        "v": WIRE_VERSION,
        "type": "snapshot",
        "version": version,
        "server_time_ms": now_ms(),
        "state": state,
    }


def change_message(
    version: int,
    state: dict[str, Any],
    records: Sequence[Record],
    accepted_at_ms: float | None,
) -> dict[str, Any]:
    return {
        "v": WIRE_VERSION,
        "type": "change",
        "version": version,
        "server_time_ms": now_ms(),
        "accepted_at_ms": accepted_at_ms,
        "events": [{"seq": r.seq, "at": r.at, "kind": r.kind} for r in records],
        "state": state,
    }


def ping_message() -> dict[str, Any]:
    return {"v": WIRE_VERSION, "type": "ping", "server_time_ms": now_ms()}


def error_body(code: str, message: str, details: dict[str, Any] | None = None) -> dict[str, Any]:
    """A refusal: its code for programs, its message for the staff and, for some codes, its
    ``details`` (e.g. the balls a count found missing or repeated).
    """
    error: dict[str, Any] = {"code": code, "message": message}
    if details is not None:
        error["details"] = details
    return {"v": WIRE_VERSION, "error": error}


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def schema(name: str) -> dict[str, Any]:
    """One of the message schemas shipped with the server (``stream``, ``command``, ...)."""
    text = resources.files("app.server").joinpath(f"schema/{name}.schema.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded
