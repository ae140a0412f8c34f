"""Property tests of the sale and claim rules (R-SALE-1, R-SALE-2, R-PRIZE-2)."""

from __future__ import annotations

import contextlib
import itertools
import random

from hypothesis import event, given, settings
from hypothesis import strategies as st

from bingo.hall import DomainError

from .hallkit import BALLS, make_hall

# (serie, offset from the number where its sale should go on, how many): mostly right, sometimes
# off by a little, sometimes a fresh start at 1.
sell_attempt = st.tuples(
    st.sampled_from(["A", "A", "B", "C", "D"]),
    st.sampled_from([0, 0, 0, 0, -1, 1, 3, None]),
    st.integers(0, 15),
)


@settings(max_examples=150, deadline=None)
@given(st.integers(5, 25), st.lists(st.lists(sell_attempt, max_size=12), min_size=1, max_size=4))
def test_whatever_is_attempted_the_accepted_sales_obey_the_sale_rules(
    head: int, partidas: list[list[tuple[str, int | None, int]]]
) -> None:
    """Any sequence of sale attempts leaves only sales that are correlative, continue from the
    previous partida, and respect the three conditions of a second serie."""
    kit = make_hall(
        series=(
            ("A", 30, 100, False),
            ("B", 30, 100, False),
            ("D", 30, 100, False),
            ("C", 30, 200, False),
        )
    )
    seen_second = []
    last_sold = {"A": 0, "B": 0, "C": 0, "D": 0}
    partidas = [[("A", 0, head)], *partidas]  # a serie left half sold, to continue later
    for attempts in partidas:
        kit.svc.start_partida()
        for series, offset, count in attempts:
            try:
                expected = kit.hall.next_sale_number(series)
            except DomainError:
                expected = 1
            first = 1 if offset is None else max(1, expected + offset)
            with contextlib.suppress(DomainError):
                kit.svc.sell(series, first, first + count - 1)
        partida = kit.hall.partida
        sales = partida.sales
        if sales:
            lead = sales[0].series
            face = {kit.hall.series[r.series].face_value_cents for r in sales}
            assert len(face) == 1  # one face value per partida
            for code in {r.series for r in sales}:
                ranges = partida.ranges_of(code)
                expected_start = last_sold[code] + 1 if code == lead else 1
                assert ranges[0].first == expected_start
                for before, after in itertools.pairwise(ranges):
                    assert after.first == before.last + 1  # correlative, no gap
                assert ranges[-1].last <= kit.hall.series[code].size
            second = [r for r in sales if r.series != lead]
            if second:
                seen_second.append(True)
                event("a second serie was sold")
                assert len({r.series for r in second}) == 1
                assert max(r.last for r in second) < partida.ranges_of(lead)[0].first
                assert kit.hall.series[lead].last_sold == kit.hall.series[lead].size
            numbers = [n for r in sales for n in range(r.first, r.last + 1)]
            assert len(numbers) == len(set(numbers))  # never the same combination twice
            for r in sales:
                last_sold[r.series] = max(last_sold[r.series], r.last)
            kit.svc.close_sale()
            kit.svc.confirm_data_shown()
            kit.finish_with_bingo(sales[0].first, sales[0].series)
        else:
            kit.svc.suspend("sin venta")
            kit.svc.refund_suspended("sin venta")


@settings(max_examples=80, deadline=None)
@given(
    order_seed=st.integers(0, 10**6),
    claims=st.lists(
        st.tuples(st.integers(1, 40), st.integers(1, 60), st.sampled_from(["line", "bingo"])),
        max_size=12,
    ),
)
def test_claim_verdicts_match_the_regulation_computed_by_hand(
    order_seed: int, claims: list[tuple[int, int, str]]
) -> None:
    """A line is valid iff a row is complete and no line was validly called at an earlier
    ball; a bingo iff all 15 numbers are out (late calls included)."""
    kit = make_hall()
    kit.partida_ready([("A", 40)])
    order = list(BALLS)
    random.Random(order_seed).shuffle(order)
    first_line_at: int | None = None
    drawn: list[int] = []
    for number, after, prize in sorted(claims, key=lambda c: c[1]):
        partida = kit.hall.partida
        if partida.valid_bingo:
            break
        while len(drawn) < after:
            drawn.append(order[len(drawn)])
            kit.svc.draw_ball(drawn[-1], "simulated")
            if kit.hall.partida.valid_bingo:
                break
        carton = kit.carton(number)
        out = set(drawn)
        try:
            verdict = kit.svc.claim("A", number, prize)
        except DomainError as exc:
            assert "ya tiene validado" in str(exc)
            continue
        if prize == "line":
            complete = any(set(row) <= out for row in carton.rows)
            expected = complete and (first_line_at is None or first_line_at == len(drawn))
            if expected and first_line_at is None:
                first_line_at = len(drawn)
        else:
            expected = carton.numbers <= out
        assert verdict.valid == expected, (prize, number, len(drawn))
