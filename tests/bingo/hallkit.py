"""A small hall built on the in-memory log, and helpers to play partidas in tests (the engine,
end-to-end and UI suites share it)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from bingo.cards import Carton
from bingo.hall import Hall
from bingo.rules import RegionRules
from bingo.service import HallService, MemoryEventLog

CARD_SET = "t-600"
BALLS = list(range(1, 91))


class Clock:
    def __init__(self) -> None:
        self.n = 0

    def __call__(self) -> str:
        self.n += 1
        minutes, seconds = divmod(self.n, 60)
        return f"2026-11-22T18:{minutes % 60:02d}:{seconds:02d}+01:00"


@dataclass
class Kit:
    svc: HallService
    log: MemoryEventLog
    bola: list[list[int]] = field(default_factory=list)

    @property
    def hall(self) -> Hall:
        return self.svc.hall

    def carton(self, number: int, series: str = "A") -> Carton:
        return self.svc.hall.carton(series, number)

    def partida_ready(self, sales: Sequence[tuple[str, int]] = (("A", 10),)) -> int:
        n = self.svc.start_partida()
        for series, count in sales:
            self.svc.sell_count(series, count)
        self.svc.close_sale()
        self.svc.confirm_data_shown()
        return n

    def draw(self, numbers: Iterable[int]) -> None:
        for n in numbers:
            self.svc.draw_ball(n, "simulated")

    def draw_rest_until(self, numbers: Iterable[int]) -> None:
        """Draw the given numbers that are not out yet."""
        partida = self.svc.hall.partida
        assert partida is not None
        drawn = set(partida.balls)
        self.draw(n for n in numbers if n not in drawn)

    def line_of(self, number: int, series: str = "A") -> list[int]:
        return list(self.carton(number, series).rows[0])

    def finish_with_bingo(self, number: int, series: str = "A") -> None:
        """Complete cartón ``number`` and play the partida to payment (line by that cartón too)."""
        carton = self.carton(number, series)
        partida = self.svc.hall.partida
        assert partida is not None
        self.draw_rest_until(sorted(carton.numbers))
        if partida.first_valid_line_after is None:
            self.svc.claim(series, number, "line")
        self.svc.claim(series, number, "bingo")
        self.svc.close_partida()
        self.svc.pay_prizes()


def make_hall(
    rules: RegionRules | None = None,
    prima_cents: int = 0,
    series: Sequence[tuple[str, int, int, bool]] = (("A", 300, 100, False),),
    open_session: bool = True,
    bola: Sequence[Sequence[int]] = (),
    strips: int = 100,
    languages: Sequence[str] = ("es",),
    name: str = "Sala de pruebas",
    region: str = "cantabria",
    hall_id: str = "test-hall",
) -> Kit:
    log = MemoryEventLog()
    queue: list[list[int]] = [list(b) for b in bola]

    def bola_source(count: int) -> tuple[list[int], str]:
        return (queue.pop(0) if queue else list(range(1, count + 1))), "test"

    svc = HallService(log, hall_id, clock=Clock(), bola_loca=bola_source)
    svc.register_hall(hall_id, name, region, list(languages))
    svc.adopt_rules(rules or RegionRules(region=region))
    svc.generate_card_set(CARD_SET, seed=11, strips=strips)
    for code, size, face, electronic in series:
        svc.register_serie(code, CARD_SET, size, face, electronic)
    svc.install_ball_set("BS-1", "HOM-1", 3000, 0, True, "inicial")
    if prima_cents:
        svc.choose_prima_amount(prima_cents)
    if open_session:
        assert svc.record_ball_check("S1", "open", BALLS)
        svc.open_session("S1", "2026-11-22", "Mesa", "Sala")
    return Kit(svc, log, queue)
