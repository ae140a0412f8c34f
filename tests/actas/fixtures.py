"""Realistic ``bingo-session/1`` exports for the acta tests and benchmarks.

A small seeded simulation of a night in a hall produces the hash-chained event record (one record
per decision: session opened, balls checked, partida data recorded, every ball drawn, every claim
checked, incidents, closing...) and ``fold`` turns any prefix of that record into the export, the
way the engine's export is a deterministic function of its records. So a partial export (acta
printed while play goes on) is just ``fold(records[:k])``.

The scripted partidas (when the session has enough of them):

1. ordinary partida;
2. line shared by three cartones (residue), an invalid line claim;
3. bingo shared by two cartones with a one-cent residue, part of the sale electronic;
4. suspension before the first ball, resolved (R-INC-1); the prima fund reaches its amount;
5. ball irregularity after ball 12: annulled, full refund, ball set changed (R-INC-3, R-BALL-1);
6. prima in play, not won within 50 balls;
7. prima in play with limit 51, not won;
8. prima won (limit 52), the amount is changed afterwards (R-PRIMA-2);
9. extractor failure after ball 20, manual extraction (R-INC-2);
10. bola loca won by the line;
11. interconnected prize won;
12. a partida sold at 3 € from another series;
and the last partida is announced as such. Further partidas are ordinary random ones.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from bingo.chain import Record, seal

CARD_SET_ID = "std-1200"
CARD_SET_SIZE = 1200
SERIES_SIZE = CARD_SET_SIZE
RULES = {
    "payout_bp": 6700,
    "line_bp": 1000,
    "bingo_bp": 5100,
    "prima_bp": 600,
    "bola_loca_bp": 100,
    "prima_ball_limit": 50,
}
PRIMA_AMOUNT = 30000
PRIMA_AMOUNT_AFTER_CHANGE = 50000
INTERCONNECTED_LIMIT = 40


# ---------------------------------------------------------------------------------------------
# card set


def _one_card(rng: random.Random) -> list[list[int]]:
    while True:
        counts = [1] * 9
        extra = 6
        while extra:
            c = rng.randrange(9)
            if counts[c] < 3:
                counts[c] += 1
                extra -= 1
        rows: list[list[int]] = [[], [], []]
        for c in sorted(range(9), key=lambda col: (-counts[col], rng.random())):
            chosen = sorted(range(3), key=lambda r: (len(rows[r]), rng.random()))[: counts[c]]
            for r in chosen:
                rows[r].append(c)
        if all(len(r) == 5 for r in rows):
            break
    grid: list[dict[int, int]] = [{}, {}, {}]
    for c in range(9):
        lo = 1 if c == 0 else c * 10
        hi = 9 if c == 0 else (90 if c == 8 else c * 10 + 9)
        picks = sorted(rng.sample(range(lo, hi + 1), counts[c]))
        holders = [r for r in range(3) if c in rows[r]]
        for r, n in zip(holders, picks, strict=True):
            grid[r][c] = n
    return [sorted(g.values()) for g in grid]


def make_card_set(size: int = CARD_SET_SIZE, seed: int = 6000) -> list[list[list[int]]]:
    """A reproducible card set: cartón n is ``cards[n-1]``, three rows of five numbers."""
    rng = random.Random(seed)
    return [_one_card(rng) for _ in range(size)]


_CARD_CACHE: dict[tuple[int, int], list[list[list[int]]]] = {}


def card_set(size: int = CARD_SET_SIZE, seed: int = 6000) -> list[list[list[int]]]:
    key = (size, seed)
    if key not in _CARD_CACHE:
        _CARD_CACHE[key] = make_card_set(size, seed)
    return _CARD_CACHE[key]


# ---------------------------------------------------------------------------------------------
# the simulation


@dataclass
class _SeriesFamily:
    letter: str
    index: int = 1
    next_number: int = 1

    @property
    def code(self) -> str:
        return f"{self.letter}-{self.index:04d}"


@dataclass
class _Event:
    at: str
    kind: str
    payload: dict[str, Any]
    partida: int | None = None
    phase: str = ""


@dataclass
class _Clock:
    now: datetime

    def tick(self, seconds: float) -> str:
        self.now += timedelta(seconds=seconds)
        return self.now.isoformat()


@dataclass
class _Outcome:
    order: list[int]
    line_at: int
    line_winners: list[tuple[str, int]]
    bingo_at: int
    bingo_winners: list[tuple[str, int]]


@dataclass
class _State:
    prima_amount: int
    prima_fund: int
    prima_accumulated: int
    prima_misses: int = 0
    bola_fund: int = 4520
    inter_amount: int = 120000
    inter_accumulated: int = 388
    families: dict[int, _SeriesFamily] = field(default_factory=dict)


def _sold_cards(sales: Sequence[Mapping[str, Any]]) -> list[tuple[str, int]]:
    return [(s["series"], n) for s in sales for n in range(s["first"], s["last"] + 1)]


def _outcome(
    order: Sequence[int], sold: Sequence[tuple[str, int]], cards: Sequence[Sequence[Sequence[int]]]
) -> _Outcome:
    pos = {ball: i + 1 for i, ball in enumerate(order)}
    best_line = 999
    best_bingo = 999
    line_w: list[tuple[str, int]] = []
    bingo_w: list[tuple[str, int]] = []
    for series, number in sold:
        rows = cards[number - 1]
        row_done = [max(pos[n] for n in row) for row in rows]
        line = min(row_done)
        bingo = max(row_done)
        if line < best_line:
            best_line, line_w = line, [(series, number)]
        elif line == best_line:
            line_w.append((series, number))
        if bingo < best_bingo:
            best_bingo, bingo_w = bingo, [(series, number)]
        elif bingo == best_bingo:
            bingo_w.append((series, number))
    return _Outcome(list(order), best_line, line_w, best_bingo, bingo_w)


def _shuffled(rng: random.Random, items: Iterable[int]) -> list[int]:
    out = list(items)
    rng.shuffle(out)
    return out


def _order_with_prefix(rng: random.Random, prefix: set[int], last: int) -> list[int]:
    rest = [b for b in range(1, 91) if b not in prefix and b != last]
    return [*_shuffled(rng, prefix), last, *_shuffled(rng, rest)]


def _draw(
    rng: random.Random,
    role: str,
    sold: Sequence[tuple[str, int]],
    cards: Sequence[Sequence[Sequence[int]]],
    prima_limit: int | None,
) -> _Outcome:
    """Choose an order of extraction that produces the scripted situation."""
    for _ in range(400):
        if role == "shared_line":
            # three cartones whose rows share a number x: x completes all three rows.
            by_number: dict[int, list[tuple[int, int]]] = {}
            for idx, (_s, n) in enumerate(sold):
                for r, row in enumerate(cards[n - 1]):
                    for x in row:
                        by_number.setdefault(x, []).append((idx, r))
            x = rng.choice([k for k, v in by_number.items() if len(v) >= 3])
            picks = rng.sample(by_number[x], 3)
            prefix = {b for idx, r in picks for b in cards[sold[idx][1] - 1][r]} - {x}
            out = _outcome(_order_with_prefix(rng, prefix, x), sold, cards)
            if (
                len(out.line_winners) == 3
                and out.bingo_at > out.line_at
                and out.bingo_at > INTERCONNECTED_LIMIT
                and (prima_limit is None or out.bingo_at > prima_limit)
            ):
                return out
        elif role == "shared_bingo":
            a, b = rng.sample(range(len(sold)), 2)
            na = {x for row in cards[sold[a][1] - 1] for x in row}
            nb = {x for row in cards[sold[b][1] - 1] for x in row}
            common = sorted(na & nb)
            if not common:
                continue
            x = rng.choice(common)
            prefix = (na | nb) - {x}
            others = [n for n in range(1, 91) if n not in na | nb]
            prefix |= set(rng.sample(others, 51 - len(prefix)))
            out = _outcome(_order_with_prefix(rng, prefix, x), sold, cards)
            if len(out.bingo_winners) == 2 and out.line_at < out.bingo_at:
                return out
        elif role in ("early_bingo_45", "early_bingo_35"):
            target = 45 if role == "early_bingo_45" else 35
            a = rng.randrange(len(sold))
            numbers = [x for row in cards[sold[a][1] - 1] for x in row]
            last = rng.choice(numbers)
            others = [b for b in range(1, 91) if b not in numbers]
            prefix = set(numbers) - {last} | set(rng.sample(others, target - 15))
            out = _outcome(_order_with_prefix(rng, prefix, last), sold, cards)
            if out.bingo_at == target and len(out.bingo_winners) == 1 and out.line_at < target:
                return out
        else:
            out = _outcome(_shuffled(rng, range(1, 91)), sold, cards)
            if len(out.bingo_winners) > 1 or len(out.line_winners) > 2:
                continue
            if out.line_at >= out.bingo_at:
                continue
            if role == "free":
                return out
            # scripted partidas keep the prima and the interconnected prize for their own turn
            if out.bingo_at <= INTERCONNECTED_LIMIT:
                continue
            if prima_limit is not None and out.bingo_at <= prima_limit:
                continue
            return out
    raise RuntimeError(f"could not script a draw for {role}")


def _split(amount: int, winners: int) -> tuple[int, int]:
    share = amount // winners
    return share, amount - share * winners


ROLES = {
    2: "shared_line",
    3: "shared_bingo",
    4: "suspension",
    5: "annulled",
    6: "no_prima",
    7: "no_prima",
    8: "prima_award",
    9: "manual",
    10: "bola_loca",
    11: "interconnected",
    12: "dear",
}


def _allocate(
    fam: _SeriesFamily, wanted: int, rng: random.Random, electronic: bool
) -> list[dict[str, Any]]:
    first_code, first_start = fam.code, fam.next_number
    available = SERIES_SIZE - first_start + 1
    sales: list[dict[str, Any]] = []
    if wanted <= available:
        ranges = [(first_code, first_start, first_start + wanted - 1)]
        fam.next_number += wanted
        if fam.next_number > SERIES_SIZE:
            fam.index += 1
            fam.next_number = 1
    else:
        # R-SALE-2: a second series of the same face value, from 1, up to the first's start (excl.)
        rest = min(wanted - available, first_start - 1)
        ranges = [(first_code, first_start, SERIES_SIZE)]
        fam.index += 1
        ranges.append((fam.code, 1, rest))
        fam.next_number = rest + 1
    for code, first, last in ranges:
        if electronic and last - first >= 40:
            cut = last - rng.randint(12, 30)
            sales.append({"series": code, "first": first, "last": cut, "kind": "physical"})
            sales.append({"series": code, "first": cut + 1, "last": last, "kind": "electronic"})
        else:
            sales.append({"series": code, "first": first, "last": last, "kind": "physical"})
    return sales


def simulate(
    partidas: int = 12,
    *,
    seed: int = 7,
    languages: Sequence[str] = ("es",),
    hall_id: str = "cantabria-001",
    session_id: str = "2026-11-22-T",
    date: str = "2026-11-22",
    hall_name: str = "Bingo Sardinero",
    region: str = "cantabria",
) -> list[_Event]:
    """Every event of one night in order, tagged with its partida and phase."""
    rng = random.Random(seed)
    cards = card_set()
    clock = _Clock(datetime.fromisoformat(f"{date}T17:00:00+01:00"))
    ev: list[_Event] = []

    def emit(
        kind: str,
        payload: dict[str, Any],
        *,
        seconds: float = 1,
        partida: int | None = None,
        phase: str = "",
    ) -> None:
        ev.append(_Event(clock.tick(seconds), kind, payload, partida, phase))

    def emit_claim(
        k: int, after_ball: int, series: str, number: int, kind: str, valid: bool, seconds: float
    ) -> None:
        payload = {
            "partida": k,
            "after_ball": after_ball,
            "series": series,
            "number": number,
            "kind": kind,
            "valid": valid,
        }
        emit("claim.checked", payload, seconds=seconds, partida=k, phase="balls")

    emit("card_set.registered", {"id": CARD_SET_ID, "cards": cards}, seconds=0)
    emit(
        "session.opened",
        {
            "generator": "bingo-hall 0.1.0",
            "hall": {
                "id": hall_id,
                "name": hall_name,
                "region": region,
                "languages": list(languages),
            },
            "rules": dict(RULES),
            "session": {
                "id": session_id,
                "date": date,
                "jefe_de_mesa": "María Gutiérrez Ruiz",
                "jefe_de_sala": "Íñigo Ezkerra Salas",
                "ball_set": {
                    "id": "BS-2024-031",
                    "homologation": "H-CANT-0412",
                    "partidas_before": 2841,
                },
            },
        },
        seconds=0,
    )
    emit("balls.checked", {"when": "open", "numbers": list(range(1, 91)), "ok": True}, seconds=240)
    emit("prima.amount_set", {"partida": None, "amount_cents": PRIMA_AMOUNT}, seconds=20)

    # Decide the sales first so the prima fund can be made to reach its amount in partida 4.
    plan: list[tuple[int, int]] = []
    for k in range(1, partidas + 1):
        face = 300 if ROLES.get(k) == "dear" else 100
        wanted = rng.randrange(121, 262, 2)  # odd: a bingo shared by two leaves one cent
        if k == 2 and wanted % 3 == 0:
            wanted += 2  # a line shared by three leaves a residue
        plan.append((face, wanted))
    deductions = [f * w * RULES["prima_bp"] // 10_000 for f, w in plan[:4]]
    st = _State(
        prima_amount=PRIMA_AMOUNT,
        prima_fund=PRIMA_AMOUNT - sum(deductions) + 37 if partidas >= 4 else 21000,
        prima_accumulated=31,
        families={100: _SeriesFamily("A", 1, 1011), 300: _SeriesFamily("C", 2, 388)},
    )

    for k in range(1, partidas + 1):
        role = ROLES.get(k, "free")
        face, wanted = plan[k - 1]
        fam = st.families[face]
        sales = _allocate(fam, wanted, rng, electronic=(role == "shared_bingo"))
        sold = _sold_cards(sales)
        n_sold = len(sold)
        takings = n_sold * face
        line_prize = takings * RULES["line_bp"] // 10_000
        bingo_prize = takings * RULES["bingo_bp"] // 10_000
        prima_ded = takings * RULES["prima_bp"] // 10_000
        bola_ded = takings * RULES["bola_loca_bp"] // 10_000
        available = st.prima_fund >= st.prima_amount
        limit = RULES["prima_ball_limit"] + st.prima_misses
        annulled = role == "annulled"

        if role == "shared_line":
            out = _draw(rng, "shared_line", sold, cards, limit if available else None)
        elif role == "shared_bingo":
            out = _draw(rng, "shared_bingo", sold, cards, None)
        elif role == "prima_award":
            out = _draw(rng, "early_bingo_45", sold, cards, None)
        elif role == "interconnected":
            out = _draw(rng, "early_bingo_35", sold, cards, None)
        elif role == "no_prima":
            out = _draw(rng, "no_prima", sold, cards, limit)
        else:
            out = _draw(
                rng,
                "free" if role == "free" else "plain",
                sold,
                cards,
                limit if available else None,
            )

        line_ball = out.order[out.line_at - 1]
        bingo_ball = out.order[out.bingo_at - 1]
        if role == "bola_loca":
            bola_numbers = sorted(
                [
                    line_ball,
                    rng.choice([b for b in range(1, 91) if b not in (line_ball, bingo_ball)]),
                ]
            )
        else:
            bola_numbers = sorted(
                rng.sample([b for b in range(1, 91) if b not in (line_ball, bingo_ball)], 2)
            )

        accumulated = st.prima_accumulated + (0 if annulled else 1)
        data = {
            "number": k,
            "card_set": CARD_SET_ID,
            "face_value_cents": face,
            "sales": sales,
            "cards_sold": n_sold,
            "takings_cents": takings,
            "line_prize_cents": line_prize,
            "bingo_prize_cents": bingo_prize,
            "prima": {
                "amount_cents": st.prima_amount,
                "available": available,
                "ball_limit": limit,
                "fund_before_cents": st.prima_fund,
                "deduction_cents": prima_ded,
                "fund_after_cents": st.prima_fund + prima_ded,
                "partidas_accumulated": accumulated,
            },
            "bola_loca": {
                "numbers": bola_numbers,
                "fund_before_cents": st.bola_fund,
                "deduction_cents": bola_ded,
                "fund_after_cents": st.bola_fund + bola_ded,
                "source": "secrets",
            },
            "interconnected": {
                "network": "Red interconectada de Cantabria",
                "amount_cents": st.inter_amount,
                "ball_limit": INTERCONNECTED_LIMIT,
                "partidas_accumulated": st.inter_accumulated + 1,
            },
            "transcribed": False,
        }
        emit(
            "sale.opened",
            {
                "partida": k,
                "series": sales[0]["series"],
                "first": sales[0]["first"],
                "face_value_cents": face,
            },
            seconds=60 if k > 1 else 30,
            partida=k,
            phase="sale",
        )
        emit("partida.data_recorded", data, seconds=rng.randint(150, 260), partida=k, phase="data")
        if k == partidas:
            emit("last_partida.announced", {"partida": k}, seconds=5, partida=k, phase="data")
        if role == "suspension":
            emit(
                "incident",
                {
                    "partida": k,
                    "kind": "suspension",
                    "after_ball": 0,
                    "note": "Avería del lector automático antes de la primera bola; "
                    "partida suspendida 6 minutos y reanudada (R-INC-1).",
                },
                seconds=30,
                partida=k,
                phase="balls",
            )
            clock.tick(360)

        balls_to_draw = 12 if annulled else out.bingo_at
        for i in range(1, balls_to_draw + 1):
            manual = role == "manual" and i > 20
            if role == "manual" and i == 21:
                emit(
                    "incident",
                    {
                        "partida": k,
                        "kind": "extractor_failure",
                        "after_ball": 20,
                        "note": "Fallo del extractor neumático; se continúa por "
                        "extracción manual con las bolas pendientes (R-INC-2).",
                    },
                    seconds=40,
                    partida=k,
                    phase="balls",
                )
            emit(
                "ball.drawn",
                {"partida": k, "index": i, "number": out.order[i - 1], "manual": manual},
                seconds=9 if manual else 5,
                partida=k,
                phase="balls",
            )
            if role == "shared_line" and i == 9:
                s, n = sold[7]
                emit_claim(k, 9, s, n, "line", False, seconds=20)
            if not annulled and i == out.line_at:
                for s, n in out.line_winners:
                    emit_claim(k, i, s, n, "line", True, seconds=25)
            if not annulled and i == out.bingo_at:
                for s, n in out.bingo_winners:
                    emit_claim(k, i, s, n, "bingo", True, seconds=25)

        if annulled:
            emit(
                "incident",
                {
                    "partida": k,
                    "kind": "ball_irregularity",
                    "after_ball": 12,
                    "note": "Bola 58 deteriorada detectada tras la bola 12: partida "
                    "suspendida y finalizada; se reintegran todos los cartones "
                    "(R-INC-3).",
                },
                seconds=30,
                partida=k,
                phase="balls",
            )
            emit(
                "partida.annulled",
                {"partida": k, "refund_cents": takings},
                seconds=300,
                partida=k,
                phase="close",
            )
            emit(
                "ball_set.changed",
                {
                    "partida": k,
                    "ball_set_id": "BS-2025-118",
                    "homologation": "H-CANT-0457",
                    "partidas_before": 0,
                    "reason": "Bola 58 deteriorada; se pone el juego de reserva "
                    "tras recuento y comprobación de las 90 bolas.",
                },
                seconds=240,
                partida=k,
                phase="close",
            )
            continue

        awards: list[dict[str, Any]] = []
        residue: dict[str, int] = {}
        share, residue["line"] = _split(line_prize, len(out.line_winners))
        for s, n in out.line_winners:
            awards.append(
                {
                    "prize": "line",
                    "series": s,
                    "number": n,
                    "completed_at_ball": out.line_at,
                    "amount_cents": share,
                }
            )
        share, residue["bingo"] = _split(bingo_prize, len(out.bingo_winners))
        for s, n in out.bingo_winners:
            awards.append(
                {
                    "prize": "bingo",
                    "series": s,
                    "number": n,
                    "completed_at_ball": out.bingo_at,
                    "amount_cents": share,
                }
            )
        bola_after = st.bola_fund + bola_ded
        if line_ball in bola_numbers or bingo_ball in bola_numbers:
            winners, at = (
                (out.line_winners, out.line_at)
                if line_ball in bola_numbers
                else (out.bingo_winners, out.bingo_at)
            )
            share, residue["bola_loca"] = _split(bola_after, len(winners))
            for s, n in winners:
                awards.append(
                    {
                        "prize": "bola_loca",
                        "series": s,
                        "number": n,
                        "completed_at_ball": at,
                        "amount_cents": share,
                    }
                )
            bola_after = 0
        prima_after = st.prima_fund + prima_ded
        prima_won = available and out.bingo_at <= limit
        if prima_won:
            share, residue["prima"] = _split(st.prima_amount, len(out.bingo_winners))
            for s, n in out.bingo_winners:
                awards.append(
                    {
                        "prize": "prima",
                        "series": s,
                        "number": n,
                        "completed_at_ball": out.bingo_at,
                        "amount_cents": share,
                    }
                )
            prima_after -= st.prima_amount
        inter_won = out.bingo_at <= INTERCONNECTED_LIMIT
        if inter_won:
            share, residue["interconnected"] = _split(st.inter_amount, len(out.bingo_winners))
            for s, n in out.bingo_winners:
                awards.append(
                    {
                        "prize": "interconnected",
                        "series": s,
                        "number": n,
                        "completed_at_ball": out.bingo_at,
                        "amount_cents": share,
                    }
                )
        emit(
            "partida.closed",
            {
                "partida": k,
                "awards": awards,
                "residue_cents": residue,
                "prima_fund_after_cents": prima_after,
                "bola_loca_fund_after_cents": bola_after,
            },
            seconds=40,
            partida=k,
            phase="close",
        )

        st.prima_fund = prima_after
        st.bola_fund = bola_after
        st.prima_accumulated = 0 if prima_won else accumulated
        if available and not prima_won:
            st.prima_misses += 1
        if prima_won:
            st.prima_misses = 0
            if role == "prima_award":
                st.prima_amount = PRIMA_AMOUNT_AFTER_CHANGE
                emit(
                    "prima.amount_set",
                    {"partida": k, "amount_cents": st.prima_amount},
                    seconds=30,
                    partida=k,
                    phase="close",
                )
        if inter_won:
            st.inter_amount = 50000
            st.inter_accumulated = 0
        else:
            st.inter_amount += 2500
            st.inter_accumulated += 1

    emit(
        "balls.checked",
        {"when": "close", "numbers": list(range(1, 91)), "ok": True},
        seconds=200,
        phase="closing",
    )
    emit("session.closed", {}, seconds=60, phase="closing")
    return ev


# ---------------------------------------------------------------------------------------------
# records and the fold


def records_for(events: Sequence[_Event], previous: Record | None = None) -> list[Record]:
    return seal(previous, [(e.at, e.kind, e.payload) for e in events])


def fold(records: Sequence[Record]) -> dict[str, Any]:
    """The ``bingo-session/1`` export of the session these records describe (one session)."""
    export: dict[str, Any] = {
        "format": "bingo-session/1",
        "generator": "bingo-hall 0.1.0",
        "hall": {},
        "rules": {},
        "card_sets": [],
        "sessions": [],
    }
    session: dict[str, Any] = {}
    partidas: dict[int, dict[str, Any]] = {}
    opened: dict[int, str] = {}
    for rec in records:
        p = copy.deepcopy(dict(rec.payload))
        kind = rec.kind
        if kind == "card_set.registered":
            export["card_sets"].append({"id": p["id"], "cards": p["cards"]})
        elif kind == "session.opened":
            export["generator"] = p["generator"]
            export["hall"] = p["hall"]
            export["rules"] = p["rules"]
            s = p["session"]
            session = {
                "id": s["id"],
                "date": s["date"],
                "opened_at": rec.at,
                "closed_at": None,
                "jefe_de_mesa": s["jefe_de_mesa"],
                "jefe_de_sala": s["jefe_de_sala"],
                "ball_checks": [],
                "ball_set": s["ball_set"],
                "prima_changes": [],
                "ball_set_changes": [],
                "last_partida_announced": None,
                "partidas": [],
            }
            export["sessions"] = [session]
        elif kind == "balls.checked":
            session["ball_checks"].append(p)
        elif kind == "prima.amount_set":
            session["prima_changes"].append(
                {"partida": p["partida"], "amount_cents": p["amount_cents"], "at": rec.at}
            )
        elif kind == "ball_set.changed":
            session["ball_set_changes"].append({**p, "at": rec.at})
        elif kind == "last_partida.announced":
            session["last_partida_announced"] = p["partida"]
        elif kind == "sale.opened":
            # like the engine's export: the partida opened (started_at) before its data were
            # recorded at the close of the sale (data_recorded_at)
            opened[p["partida"]] = rec.at
        elif kind == "partida.data_recorded":
            part = {
                **p,
                "status": "open",
                "balls": [],
                "manual_from_ball": None,
                "claims": [],
                "awards": [],
                "residue_cents": {},
                "incidents": [],
                "refund_cents": 0,
                "started_at": opened.get(p["number"]),
                "data_recorded_at": rec.at,
            }
            partidas[p["number"]] = part
            session["partidas"].append(part)
        elif kind == "ball.drawn":
            part = partidas[p["partida"]]
            part["balls"].append(p["number"])
            if p["manual"] and part["manual_from_ball"] is None:
                part["manual_from_ball"] = p["index"]
        elif kind == "claim.checked":
            part = partidas[p.pop("partida")]
            part["claims"].append(p)
        elif kind == "incident":
            part = partidas[p.pop("partida")]
            part["incidents"].append(p)
        elif kind == "partida.closed":
            part = partidas[p["partida"]]
            part["status"] = "closed"
            part["awards"] = p["awards"]
            part["residue_cents"] = p["residue_cents"]
            part["prima"]["fund_after_cents"] = p["prima_fund_after_cents"]
            part["bola_loca"]["fund_after_cents"] = p["bola_loca_fund_after_cents"]
            part["closed_at"] = rec.at
        elif kind == "partida.annulled":
            part = partidas[p["partida"]]
            part["status"] = "annulled"
            part["refund_cents"] = p["refund_cents"]
            part["prima"]["deduction_cents"] = 0
            part["prima"]["fund_after_cents"] = part["prima"]["fund_before_cents"]
            part["prima"]["partidas_accumulated"] -= 1
            part["bola_loca"]["deduction_cents"] = 0
            part["bola_loca"]["fund_after_cents"] = part["bola_loca"]["fund_before_cents"]
            part["closed_at"] = rec.at
        elif kind == "session.closed":
            session["closed_at"] = rec.at
        else:  # pragma: no cover - the simulation emits nothing else
            raise ValueError(kind)
    last = records[-1] if records else None
    export["chain"] = {
        "hall_id": export["hall"].get("id", ""),
        "seq": last.seq if last else 0,
        "head": last.hash if last else "0" * 64,
        "records": [r.to_json() for r in records],
    }
    return export


@dataclass(frozen=True)
class Night:
    """One simulated night: its events and records, and exports of any prefix."""

    events: tuple[_Event, ...]
    records: tuple[Record, ...]

    def export(self, upto: int | None = None) -> dict[str, Any]:
        return fold(self.records if upto is None else self.records[:upto])

    def index_after(self, partida: int, phase: str) -> int:
        """Number of records up to the last event of ``partida`` in ``phase``."""
        last = max(
            i for i, e in enumerate(self.events) if e.partida == partida and e.phase == phase
        )
        return last + 1

    def index_after_ball(self, partida: int, ball: int) -> int:
        for i, e in enumerate(self.events):
            if e.kind == "ball.drawn" and e.partida == partida and e.payload["index"] == ball:
                return i + 1
        raise KeyError((partida, ball))


_NIGHTS: dict[tuple[Any, ...], Night] = {}


def night(
    partidas: int = 12, *, seed: int = 7, languages: Sequence[str] = ("es",), **kwargs: Any
) -> Night:
    key = (partidas, seed, tuple(languages), tuple(sorted(kwargs.items())))
    if key not in _NIGHTS:
        events = simulate(partidas, seed=seed, languages=languages, **kwargs)
        _NIGHTS[key] = Night(tuple(events), tuple(records_for(events)))
    return _NIGHTS[key]


def make_export(
    partidas: int = 12,
    *,
    seed: int = 7,
    languages: Sequence[str] = ("es",),
    upto: int | None = None,
    **kwargs: Any,
) -> dict[str, Any]:
    """A valid export of one session of ``partidas`` partidas (a fresh copy each call)."""
    return night(partidas, seed=seed, languages=languages, **kwargs).export(upto)
