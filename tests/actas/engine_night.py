"""A short night played by the engine itself, for the acta tests that must see what the engine's
export really holds (the fixtures in ``fixtures.py`` only imitate it).

Times are fixed and spaced (17 s between commits), so a test can tell apart the record that
opened a partida from the one that closed its sale.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from bingo.export import build_export
from bingo.rules import RegionRules
from bingo.service import HallService, MemoryEventLog
from bingo.transcribe import transcribe

HALL_ID = "sala-motor"
CARD_SET = "m-600"
SERIE = "A"
SESSION = "S1"
BALLS = list(range(1, 91))
START = datetime.fromisoformat("2026-11-22T18:00:00+01:00")
BOLA_LOCA = [90]  # drawn "from the cryptographic source" (fixed here, so the night is repeatable)


class StepClock:
    """Record times 17 seconds apart, from 18:00:17."""

    def __init__(self) -> None:
        self.n = 0

    def __call__(self) -> str:
        self.n += 1
        return (START + timedelta(seconds=17 * self.n)).isoformat()


def engine_hall(region: str = "cantabria", languages: Sequence[str] = ("es",)) -> HallService:
    """A hall with bola loca (1 %, so bingo 50 %: decision 11), a prima, an open session."""
    svc = HallService(
        MemoryEventLog(),
        HALL_ID,
        clock=StepClock(),
        bola_loca=lambda count: (BOLA_LOCA[:count], "secrets"),
    )
    svc.register_hall(HALL_ID, "Sala del motor", region, list(languages))
    svc.adopt_rules(RegionRules(region=region, bingo_bp=5000, bola_loca_bp=100))
    svc.generate_card_set(CARD_SET, seed=5, strips=100)
    svc.register_serie(SERIE, CARD_SET, 600, 100)
    svc.install_ball_set("BS-1", "HOM-1", 3000, 0, True, "inicial")
    svc.choose_prima_amount(5000)
    assert svc.record_ball_check(SESSION, "open", BALLS)
    svc.open_session(SESSION, "2026-11-22", "María Mesa", "Íñigo Sala")
    return svc


def play_partida(svc: HallService, sold: int = 30) -> None:
    """Sell ``sold`` cartones; the first of them completes line and bingo; close and pay."""
    svc.start_partida()
    first, _last = svc.sell_count(SERIE, sold)
    svc.close_sale()
    svc.confirm_data_shown()
    for n in sorted(svc.hall.carton(SERIE, first).numbers):
        svc.draw_ball(n, "extractor")
    svc.claim(SERIE, first, "line")
    svc.claim(SERIE, first, "bingo")
    svc.close_partida()
    svc.pay_prizes()


def transcribe_partida(svc: HallService, first: int, last: int) -> None:
    """The next partida kept in the manual book, cartón ``first`` winning, taken back in."""
    session = svc.hall.session
    assert session is not None
    balls = sorted(svc.hall.carton(SERIE, first).numbers)
    book: dict[str, Any] = {
        "format": "bingo-manual-book/1",
        "partidas": [
            {
                "number": len(session.partidas) + 1,
                "note": "sistema caído; libro manual, folio 3",
                "bola_loca": [next(n for n in BALLS if n not in balls)],
                "sales": [{"series": SERIE, "first": first, "last": last}],
                "balls": balls,
                "claims": [
                    {"after_ball": len(balls), "series": SERIE, "number": first, "kind": kind}
                    for kind in ("line", "bingo")
                ],
            }
        ],
    }
    transcribe(svc, book)


def close_session(svc: HallService) -> None:
    assert svc.record_ball_check(SESSION, "close", BALLS)
    svc.close_session()


def export_of(svc: HallService, *, with_records: bool = True) -> dict[str, Any]:
    """The engine's export, with its chain of records (as ``acta build`` reads it) or without."""
    records = svc.records() if with_records else []
    return build_export(svc.hall, svc.card_sets.get, records)
