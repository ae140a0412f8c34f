#!/usr/bin/env python3
"""Independent checker of session exports in the open format ``bingo-session/1``.

Written from the published format, the product specification (R-CARD-1, R-SALE-*, R-PRIZE-*,
R-PRIMA-*, R-BOLA-*, R-INC-*) and the Cantabria regulation (sections I, II.1 and V) alone, the
way a third party would: it imports nothing but the standard library and recomputes every
prize from the file.

    python check_export.py [--published REGION_FILES.toml] [--regions FOLDER]
                           [--games FOLDER] EXPORT.json

Without options the prizes are recomputed with the percentages and figures the export's own
``rules`` carry (and the machines' limits this checker knows, ``check_terminals.py``): the
export is checked against itself. With ``--published`` (the regulator's list of published
region files: ``[[file]]`` tables with ``region``, ``version``, ``sha256``), every
``rules.source`` must name a published version and carry that version's SHA-256: a region file
edited in the hall is a problem. With ``--regions FOLDER`` (the published region files
themselves; the list is ``--published`` or else ``FOLDER/published.toml``), every file of the
folder must be a published one by the SHA-256 of its bytes, or nothing is checked (exit 2), and
every figure the rules carry, the interconnected prize's, the simultaneous partidas' and the
machines' limits are compared with the file the rules name, each difference named with its
place, e.g. ``rules: line_bp 1500 is not the published file's 1000 (cantabria 2014.3)``
(check_regions.py). With ``--games FOLDER`` (the published game files and their list
``FOLDER/published.toml``), every game the export played (``games``) must be a published
version by its SHA-256 and have the file's plan, prizes, combinations, cartón and numbers;
without it the partidas of those games are recomputed by the definitions the export carries.
The checker then prints each problem with its location, then ``N partidas
checked, M problems``; the exit status is 0 when nothing is wrong, 1 when problems were found
and 2 when the input cannot be read or used (a wrong option, an unpublished file in the folder,
a published file the export names that is not in it). ``check(export)`` returns the same
problems as a list of strings.

Readings of the format that the text leaves open (see ``INTERPRETATIONS``) are stated once
here and applied everywhere.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from itertools import pairwise
from pathlib import Path
from typing import Any, TypeGuard

# The partidas of bingo derivado and bingo plus, the interconnected prize, the means of payment
# and terminals, and the simultaneous partidas are checked by the modules beside this one,
# standard library only too (copy the check_*.py files together).
if __package__:
    from . import (
        check_games,
        check_interconnected,
        check_regions,
        check_simultaneous,
        check_terminals,
    )
else:  # run as a script
    import check_games
    import check_interconnected
    import check_regions
    import check_simultaneous
    import check_terminals

FORMAT_TAG = "bingo-session/1"
BP_SCALE = 10_000  # basis points in one whole
LAST_BALL = 90
STATUSES = ("closed", "annulled", "open")
SALE_KINDS = ("physical", "electronic")
CLAIM_KINDS = ("line", "bingo")
PRIZES = ("line", "bingo", "prima", "bola_loca", "interconnected")
# "change": the count of a set changed while the session was open (R-BALL-2), which the
# engine exports with the set's id and the last partida before it (decision 647)
BALL_CHECK_WHEN = ("open", "close", "change")
# R-PRIMA-2 / regulation V.2.a: 50 € to 1000 € in multiples of 50 €. The regulator may change
# them, so the rules may carry prima_min_cents / prima_max_cents / prima_step_cents.
PRIMA_MIN_CENTS = 5_000
PRIMA_MAX_CENTS = 100_000
PRIMA_STEP_CENTS = 5_000

INTERPRETATIONS = (
    "Partidas are in play order: sessions as listed, partidas as listed within a session.",
    "The first partida of the export starts the chains: its prima/bola loca fund_before, its "
    "prima ball_limit (when available) and partidas_accumulated are taken as recorded.",
    "A line or bingo claim checked after a valid bingo was called at an earlier ball is invalid "
    "(the partida was over); claims at the same ball as the winning bingo are still heard.",
    "A closed partida draws no ball after the ball at which its winning bingo was called.",
    "Several series in one partida: the series of the first sales entry is the first series; "
    "every other series starts at 1 and stops before the number at which the first one started.",
    "R-SALE-1 continuity is checked only when the series was sold on the same day or the day "
    "before; after an annulled partida the sale may resume after its cartones or after those of "
    "the previous played partida.",
    "An annulled partida may record line/bingo prize amounts of 0 or as computed; its prima "
    "'available' may be false; its partidas_accumulated may or may not count itself.",
    "No line winner in a closed partida (line_required: false): the line residue may be 0 or the "
    "whole line prize.",
    "Prima and bola loca share residues go to residue_cents['prima'] / ['bola_loca'] (absent = 0); "
    "the fund loses the whole amount when the prize is awarded.",
    "Bola loca: the line winners whose own completing ball is a bola loca number win it; if none, "
    "the bingo winners whose completing ball is one; nothing is won when the fund is 0.",
    "The prize pool (payout_bp) covers line, bingo, prima and bola loca: their sum may not "
    "exceed it.",
    "Interconnected prizes come from outside the partida's takings: they go to a valid bingo "
    "with the right completed_at_ball. With the partida's `interconnected` object (an added "
    "field) the contribution, the award, the sharing and the fund and reserve before and after "
    "are recomputed (check_interconnected.py); what other halls did between two partidas is the "
    "network ledger's to prove.",
    "An open partida may not have its prizes recorded yet: a prize is checked once it has awards; "
    "its deductions and its line and bingo prize amounts may be 0 (the sale is still open) or as "
    "computed, and its residue_cents may be empty.",
    "prima or bola_loca may be null when the rules deduct 0 bp for it.",
    "An annulled partida, and a partida with manual_from_ball set, record at least one incident.",
    "A session played on emulated devices (the added `emulated_devices`, or a ball source or "
    'count method "emulated") is reported as a problem: it is no real night.',
    "A session may carry its own `rules` (an added field, same shape as the export's): its "
    "partidas are checked against them. `rules.source`, when present, names the region file the "
    "figures came from: file, version and resolution as text, sha256 as 64 hex digits.",
)

Rows = tuple[tuple[int, ...], ...]
Carton = tuple[str, int]  # (series, number)

_MISSING: Any = object()


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def _fmt(carton: Carton) -> str:
    return f"{carton[0]}/{carton[1]}"


def _floor_bp(amount: int, bp: int) -> int:
    return amount * bp // BP_SCALE


class _Problems:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, where: str, message: str) -> None:
        self.items.append(f"{where}: {message}")


class _Reader:
    """Typed access to one JSON object; missing or mistyped fields are reported at its place."""

    def __init__(self, obj: dict[str, Any], where: str, out: _Problems) -> None:
        self.obj = obj
        self.where = where
        self.out = out

    def _value(self, key: str) -> Any:
        if key not in self.obj:
            self.out.add(self.where, f"missing required field '{key}'")
            return _MISSING
        return self.obj[key]

    def _wrong(self, key: str, what: str, value: object, nullable: bool) -> None:
        what = what + " or null" if nullable else what
        self.out.add(self.where, f"field '{key}' must be {what}, found {_short(value)}")

    def get_int(
        self, key: str, *, nullable: bool = False, minimum: int | None = None
    ) -> int | None:
        value = self._value(key)
        if value is _MISSING or (value is None and nullable):
            return None
        if not _is_int(value):
            self._wrong(key, "an integer", value, nullable)
            return None
        if minimum is not None and value < minimum:
            self.out.add(self.where, f"field '{key}' is {value}, below {minimum}")
        return value

    def get_str(self, key: str, *, nullable: bool = False) -> str | None:
        value = self._value(key)
        if value is _MISSING or (value is None and nullable):
            return None
        if not isinstance(value, str):
            self._wrong(key, "a string", value, nullable)
            return None
        return value

    def get_bool(self, key: str) -> bool | None:
        value = self._value(key)
        if value is _MISSING:
            return None
        if not isinstance(value, bool):
            self._wrong(key, "true or false", value, False)
            return None
        return value

    def get_list(self, key: str) -> list[Any] | None:
        value = self._value(key)
        if value is _MISSING:
            return None
        if not isinstance(value, list):
            self._wrong(key, "a list", value, False)
            return None
        return value

    def get_dict(self, key: str) -> dict[str, Any] | None:
        value = self._value(key)
        if value is _MISSING:
            return None
        if not isinstance(value, dict):
            self._wrong(key, "an object", value, False)
            return None
        return value


def _objects(
    raw: list[Any] | None, what: str, where: str, out: _Problems
) -> Iterable[tuple[int, dict[str, Any]]]:
    """Yield (1-based index, object) for the entries of a list that are JSON objects."""
    for index, item in enumerate(raw or [], 1):
        if isinstance(item, dict):
            yield index, item
        else:
            out.add(where, f"{what} #{index} is not an object: {_short(item)}")


# --------------------------------------------------------------------------------------------
# Rules and card sets


@dataclass
class _Rules:
    payout_bp: int | None = None
    line_bp: int | None = None
    bingo_bp: int | None = None
    prima_bp: int | None = None
    bola_loca_bp: int | None = None
    prima_ball_limit: int | None = None
    line_required: bool = True
    prima_min: int = PRIMA_MIN_CENTS
    prima_max: int = PRIMA_MAX_CENTS
    prima_step: int = PRIMA_STEP_CENTS
    bola_count: int | None = None  # numbers drawn per partida, when the published file is given


def _read_rules(raw: dict[str, Any] | None, out: _Problems) -> _Rules:
    rules = _Rules()
    if raw is None:
        return rules
    rd = _Reader(raw, "rules", out)

    def bp(key: str) -> int | None:
        value = rd.get_int(key, minimum=0)
        if value is not None and value > BP_SCALE:
            out.add("rules", f"{key} {value} is more than 10000 basis points (100 %)")
        return value

    rules.payout_bp = bp("payout_bp")
    rules.line_bp = bp("line_bp")
    rules.bingo_bp = bp("bingo_bp")
    rules.prima_bp = bp("prima_bp")
    rules.bola_loca_bp = bp("bola_loca_bp")
    rules.prima_ball_limit = rd.get_int("prima_ball_limit", minimum=1)
    if rules.prima_ball_limit is not None and rules.prima_ball_limit > LAST_BALL:
        out.add("rules", f"prima_ball_limit {rules.prima_ball_limit} is beyond ball {LAST_BALL}")
    line_required = raw.get("line_required", True)
    if isinstance(line_required, bool):
        rules.line_required = line_required
    else:
        out.add(
            "rules", f"field 'line_required' must be true or false, found {_short(line_required)}"
        )
    for key, default in (
        ("prima_min_cents", PRIMA_MIN_CENTS),
        ("prima_max_cents", PRIMA_MAX_CENTS),
        ("prima_step_cents", PRIMA_STEP_CENTS),
    ):
        value = raw.get(key, default)
        if not _is_int(value) or value < 1:
            out.add("rules", f"field '{key}' must be a positive integer, found {_short(value)}")
            value = default
        setattr(rules, key.removesuffix("_cents"), value)
    parts = (rules.line_bp, rules.bingo_bp, rules.prima_bp, rules.bola_loca_bp)
    if rules.payout_bp is not None and all(p is not None for p in parts):
        total = sum(p for p in parts if p is not None)
        if total > rules.payout_bp:
            out.add(
                "rules",
                f"line_bp + bingo_bp + prima_bp + bola_loca_bp = {total} exceeds the prize pool "
                f"payout_bp {rules.payout_bp} (R-PRIZE-1)",
            )
    source = raw.get("source")
    if source is not None:
        if not isinstance(source, dict):
            out.add("rules", f"field 'source' must be an object, found {_short(source)}")
        else:
            srd = _Reader(source, "rules source", out)
            for key in ("file", "version", "resolution"):
                srd.get_str(key)
            digest = srd.get_str("sha256")
            if digest is not None and not re.fullmatch(r"[0-9a-f]{64}", digest):
                out.add("rules source", f"sha256 {_short(digest)} is not 64 hex digits")
    return rules


@dataclass
class _CardSet:
    ident: str
    cards: list[Rows | None]
    # cartón number -> every cartón number of the set with the same 15 numbers (groups of 2+)
    twins: dict[int, tuple[int, ...]]


def _column(number: int) -> int:
    """0-based column of a number: 1-9, 10-19, …, 70-79, 80-90."""
    return min(number // 10, 8)


def _decade(column: int) -> str:
    if column == 0:
        return "1-9"
    if column == 8:
        return "80-90"
    return f"{column * 10}-{column * 10 + 9}"


def _carton_rows(card: object) -> Rows | None:
    if not isinstance(card, list) or len(card) != 3:
        return None
    rows: list[tuple[int, ...]] = []
    for row in card:
        if not isinstance(row, list) or not all(_is_int(n) for n in row):
            return None
        rows.append(tuple(row))
    return tuple(rows)


def _carton_problems(rows: Rows) -> list[str]:
    """What makes a cartón break R-CARD-1 / regulation section I."""
    problems: list[str] = []
    for r, row in enumerate(rows, 1):
        if len(row) != 5:
            problems.append(f"row {r} has {len(row)} numbers, not 5")
        if any(b <= a for a, b in pairwise(row)):
            problems.append(f"row {r} is not in strictly ascending order: {list(row)}")
        columns = Counter(_column(n) for n in row if 1 <= n <= LAST_BALL)
        for c in sorted(c for c, k in columns.items() if k > 1):
            problems.append(f"row {r} has {columns[c]} numbers in column {c + 1} ({_decade(c)})")
    numbers = [n for row in rows for n in row]
    outside = [n for n in numbers if not 1 <= n <= LAST_BALL]
    if outside:
        problems.append(f"numbers outside 1..90: {outside}")
    repeated = sorted(n for n, k in Counter(numbers).items() if k > 1)
    if repeated:
        problems.append(f"numbers repeated: {repeated}")
    for c in range(9):
        column = [n for row in rows for n in row if 1 <= n <= LAST_BALL and _column(n) == c]
        if not column:
            problems.append(f"column {c + 1} ({_decade(c)}) has no number")
        elif any(b <= a for a, b in pairwise(column)):
            problems.append(f"column {c + 1} is not ascending top to bottom: {column}")
    return problems


def _read_card_sets(raw: list[Any] | None, out: _Problems) -> dict[str, _CardSet]:
    sets: dict[str, _CardSet] = {}
    for index, obj in _objects(raw, "card set", "export", out):
        if "game" in obj:
            continue  # a game's card set: check_games reads it
        rd = _Reader(obj, f"card set #{index}", out)
        ident = rd.get_str("id")
        if ident is not None:
            rd.where = f"card set {ident}"
        cards_raw = rd.get_list("cards")
        if ident is None or cards_raw is None:
            continue
        if ident in sets:
            out.add(rd.where, "card set id used twice")
        cards: list[Rows | None] = []
        by_content: dict[frozenset[int], list[int]] = {}
        for number, card in enumerate(cards_raw, 1):
            where = f"{rd.where} cartón {number}"
            rows = _carton_rows(card)
            if rows is None:
                out.add(where, f"is not 3 rows of integers: {_short(card)}")
                cards.append(None)
                continue
            for problem in _carton_problems(rows):
                out.add(where, problem)
            cards.append(rows)
            by_content.setdefault(frozenset(n for row in rows for n in row), []).append(number)
        twins = {n: tuple(g) for g in by_content.values() if len(g) > 1 for n in g}
        sets[ident] = _CardSet(ident, cards, twins)
    return sets


# --------------------------------------------------------------------------------------------
# State carried from partida to partida


@dataclass
class _Fund:
    """One accumulated fund (prima or bola loca) followed along the export."""

    label: str
    balance: int | None = None  # fund_after of the last non-annulled partida
    source: str = ""  # where that balance was recorded
    first_before: int | None = None
    last_after: int | None = None
    deductions: int = 0
    payouts: int = 0


@dataclass
class _PrimaState:
    limit: int | None = None  # ball limit in force for the next partida
    accumulated: int | None = None  # non-annulled partidas since the last award
    amount_locked: int | None = None  # amount that may not change before an award
    last_amount: int | None = None


@dataclass
class _SeriesSale:
    last_any: int  # last cartón sold in the latest partida that sold the series
    last_played: int | None  # same, counting only partidas that were not annulled
    day: date | None


@dataclass
class _Export:
    rules: _Rules
    card_sets: dict[str, _CardSet]
    prima: _Fund = field(default_factory=lambda: _Fund("prima"))
    bola: _Fund = field(default_factory=lambda: _Fund("bola loca"))
    prima_state: _PrimaState = field(default_factory=_PrimaState)
    series: dict[str, _SeriesSale] = field(default_factory=dict)
    partidas: int = 0
    hall_share: int = 0
    games: check_games.Games = field(default_factory=check_games.Games)
    interconnected: check_interconnected.State = field(default_factory=check_interconnected.State)
    regions: list[str] = field(default_factory=list)  # those the export names (check_terminals)
    raw: dict[str, Any] = field(default_factory=dict)  # the export itself
    files: check_regions.RegionFiles | None = None  # the published region files, when given

    def published_bounds(self, raw_rules: object) -> None:
        """With the published files, the prima's bounds are those of the rules' file."""
        if self.files is None:
            return
        bounds = self.files.prima_bounds(self.raw, raw_rules)
        if bounds is not None:
            self.rules.prima_min, self.rules.prima_max, self.rules.prima_step = bounds
        self.rules.bola_count = self.files.bola_loca_count(self.raw, raw_rules)


# --------------------------------------------------------------------------------------------
# One partida


@dataclass
class _Win:
    after: int  # after_ball of the valid claim
    at: int  # 1-based extraction index of the ball that completed the combination
    how: str  # reads after "that cartón's ": "row 2 completes at ball 23"


@dataclass
class _Claim:
    kind: str
    carton: Carton
    after: int
    recorded: bool | None
    at: int | None = None
    how: str = ""
    obstacle: str = ""  # why it cannot win; "" when it is valid

    @property
    def label(self) -> str:
        return f"claim {self.kind} {_fmt(self.carton)} after ball {self.after}"


@dataclass
class _Award:
    prize: str
    carton: Carton
    at: int | None
    amount: int


class _PartidaCheck:
    def __init__(
        self, raw: dict[str, Any], where: str, day: date | None, ex: _Export, out: _Problems
    ) -> None:
        self.p = raw
        self.where = where
        self.day = day
        self.ex = ex
        self.out = out
        self.rd = _Reader(raw, where, out)
        self.status: str | None = None
        self.card_set: _CardSet | None = None
        self.ranges: list[tuple[str, int, int]] = []
        self.sold_on: list[str] = []  # each range's " on machine 'X'", or "" (R-MULTI-3)
        self.takings: int | None = None  # recomputed, or as recorded when it cannot be
        self.takings_recorded: int | None = None
        self.line_prize: int | None = None
        self.bingo_prize: int | None = None
        self.balls: list[int | None] = []
        self.position: dict[int, int] = {}
        self.manual_from: int | None = None
        self.line_winners: dict[Carton, _Win] = {}
        self.bingo_winners: dict[Carton, _Win] = {}
        self.bingo_after: int | None = None
        self.awards: dict[str, list[_Award]] = {prize: [] for prize in PRIZES}
        self.residue: dict[str, int] = {}
        self.refund = 0
        self.deductions = 0
        self.overlapping_series: set[tuple[str, str]] = set()

    @property
    def annulled(self) -> bool:
        return self.status == "annulled"

    @property
    def closed(self) -> bool:
        return self.status == "closed"

    @property
    def open(self) -> bool:
        return self.status == "open"

    def problem(self, message: str) -> None:
        self.out.add(self.where, message)

    def run(self) -> None:
        self.rd.get_int("number", minimum=1)
        status = self.rd.get_str("status")
        if status is not None and status not in STATUSES:
            self.problem(f"status {status!r} is not one of {', '.join(STATUSES)}")
            status = None
        self.status = status
        ident = self.rd.get_str("card_set")
        if ident is not None:
            self.card_set = self.ex.card_sets.get(ident)
            if self.card_set is None:
                self.problem(f"card set {ident!r} is not among the export's card_sets")
        face, count = self._sales()
        self._amounts(face, count)
        self._balls()
        self._claims()
        self._read_awards()
        self._read_residues()
        self._refund_and_incidents()
        if self.annulled:
            self._annulled_awards()
        else:
            self._ordinary("line", self.line_winners, self.line_prize)
            self._ordinary("bingo", self.bingo_winners, self.bingo_prize)
            self._interconnected()
        self._interconnected_fund()
        self._prima()
        self._bola_loca()
        self._money()

    # ---- sale (R-SALE-1, R-SALE-2, regulation II.1.a) --------------------------------------

    def _sales(self) -> tuple[int | None, int | None]:
        face = self.rd.get_int("face_value_cents", minimum=1)
        raw = self.rd.get_list("sales")
        count: int | None = 0 if raw is not None else None
        if raw is not None and len(raw) != sum(1 for item in raw if isinstance(item, dict)):
            count = None
        size = len(self.card_set.cards) if self.card_set is not None else None
        for index, sale in _objects(raw, "sale", self.where, self.out):
            rd = _Reader(sale, f"{self.where} sale #{index}", self.out)
            series = rd.get_str("series")
            first = rd.get_int("first")
            last = rd.get_int("last")
            kind = rd.get_str("kind")
            if kind is not None and kind not in SALE_KINDS:
                self.problem(f"sale #{index} kind {kind!r} is not physical or electronic")
            if series is None or first is None or last is None:
                count = None
                continue
            label = f"sale {series} {first}-{last}"
            if first < 1 or last < first:
                self.problem(f"{label} is not a range of cartón numbers")
                count = None
                continue
            if self.card_set is not None and size is not None and last > size:
                self.problem(
                    f"{label} goes beyond the {size} cartones of card set {self.card_set.ident}"
                )
            if count is not None:
                count += last - first + 1
            self.ranges.append((series, first, last))
            machine = sale.get("terminal")
            self.sold_on.append(f" on machine {machine!r}" if isinstance(machine, str) else "")
        self._sale_overlaps()
        self._sale_order()
        return face, count

    def _sale_overlaps(self) -> None:
        """No cartón is sold twice in a partida, on paper, at the table or on a machine (the
        machines share the paper's numbering: R-SALE-2, R-MULTI-3, decision 5): the one place
        of this rule."""
        for i, (s1, f1, l1) in enumerate(self.ranges):
            for j, (s2, f2, l2) in enumerate(self.ranges[i + 1 :], i + 1):
                lo, hi = max(f1, f2), min(l1, l2)
                if lo > hi:
                    continue
                span = f"cartón {lo}" if lo == hi else f"cartones {lo}-{hi}"
                on1, on2 = self.sold_on[i], self.sold_on[j]
                if s1 == s2:
                    self.problem(
                        f"sales of series {s1} overlap: {f1}-{l1}{on1} and {f2}-{l2}{on2} share "
                        f"{span}"
                    )
                else:
                    self.overlapping_series.update({(s1, s2), (s2, s1)})
                    where = f" of card set {self.card_set.ident}" if self.card_set else ""
                    self.problem(
                        f"identical combinations in play: series {s1} ({f1}-{l1}{on1}) and {s2} "
                        f"({f2}-{l2}{on2}) both sold {span}{where} (R-SALE-2)"
                    )
        if self.card_set is None or not self.card_set.twins:
            return
        sold: dict[tuple[int, ...], list[Carton]] = {}
        for number, group in sorted(self.card_set.twins.items()):
            for series, first, last in self.ranges:
                if first <= number <= last:
                    sold.setdefault(group, []).append((series, number))
        for cartones in sold.values():
            if len({number for _, number in cartones}) > 1:
                names = ", ".join(_fmt(c) for c in cartones)
                self.problem(
                    f"identical combinations in play: cartones {names} carry the same 15 numbers"
                )

    def _sale_order(self) -> None:
        order: list[str] = []
        for series, _, _ in self.ranges:
            if series not in order:
                order.append(series)
        bounds = {
            s: (
                min(f for t, f, _ in self.ranges if t == s),
                max(last for t, _, last in self.ranges if t == s),
            )
            for s in order
        }
        if len(order) > 1:
            first_series = order[0]
            start = bounds[first_series][0]
            for other in order[1:]:
                lo, hi = bounds[other]
                if lo != 1:
                    self.problem(
                        f"series {other}, put on sale after {first_series} in this partida, "
                        f"starts at {lo}, not at 1 (R-SALE-2)"
                    )
                if hi >= start and (first_series, other) not in self.overlapping_series:
                    self.problem(
                        f"series {other} sold up to {hi}, but a second series must stop before "
                        f"{start}, where series {first_series} started in this partida (R-SALE-2)"
                    )
        for series in order:
            lo, hi = bounds[series]
            prev = self.ex.series.get(series)
            if (
                prev is not None
                and prev.day is not None
                and self.day is not None
                and 0 <= (self.day - prev.day).days <= 1
            ):
                allowed = {prev.last_any + 1}
                if prev.last_played is not None:
                    allowed.add(prev.last_played + 1)
                if lo not in allowed:
                    self.problem(
                        f"series {series} sale starts at {lo}, but the last cartón of it sold in "
                        f"an earlier partida was {prev.last_any}: the sale goes on from the next "
                        f"number (R-SALE-1)"
                    )
            played = hi if not self.annulled else (prev.last_played if prev else None)
            self.ex.series[series] = _SeriesSale(hi, played, self.day)

    # ---- takings and prize amounts (R-PRIZE-1, regulation V.1) -----------------------------

    def _amounts(self, face: int | None, count: int | None) -> None:
        rules = self.ex.rules
        cards_sold = self.rd.get_int("cards_sold", minimum=0)
        if count is not None and cards_sold is not None and cards_sold != count:
            self.problem(f"cards_sold {cards_sold} but the sales ranges add up to {count}")
        recorded = self.rd.get_int("takings_cents", minimum=0)
        computed = count * face if count is not None and face is not None else None
        if computed is not None and recorded is not None and computed != recorded:
            self.problem(f"takings_cents {recorded} but {count} cartones × {face} = {computed}")
        self.takings = computed if computed is not None else recorded
        self.takings_recorded = recorded if recorded is not None else computed
        for prize, bp in (("line", rules.line_bp), ("bingo", rules.bingo_bp)):
            value = self.rd.get_int(f"{prize}_prize_cents", minimum=0)
            expected = (
                _floor_bp(self.takings, bp) if self.takings is not None and bp is not None else None
            )
            if (
                expected is not None
                and value is not None
                and value != expected
                and not ((self.annulled or self.open) and value == 0)  # open: not yet fixed
            ):
                self.problem(
                    f"{prize}_prize_cents {value} but floor({self.takings} × {bp} / 10000) = "
                    f"{expected}"
                )
            amount = expected if expected is not None else value
            if prize == "line":
                self.line_prize = amount
            else:
                self.bingo_prize = amount

    # ---- balls -------------------------------------------------------------------------------

    def _balls(self) -> None:
        raw = self.rd.get_list("balls")
        for index, ball in enumerate(raw or [], 1):
            if not _is_int(ball) or not 1 <= ball <= LAST_BALL:
                self.problem(f"ball {index} is {_short(ball)}, not a number in 1..90")
                self.balls.append(None)
            elif ball in self.position:
                self.problem(
                    f"ball {ball} drawn twice (extractions {self.position[ball]} and {index})"
                )
                self.balls.append(ball)
            else:
                self.position[ball] = index
                self.balls.append(ball)
        manual = self.rd.get_int("manual_from_ball", nullable=True)
        if manual is not None and not 1 <= manual <= len(self.balls) + 1:
            self.problem(
                f"manual_from_ball {manual} is outside 1..{len(self.balls) + 1} "
                f"({len(self.balls)} balls drawn)"
            )
        self.manual_from = manual

    def _ball_at(self, index: int) -> int | None:
        return self.balls[index - 1] if 1 <= index <= len(self.balls) else None

    def _completion(self, numbers: Iterable[int]) -> int | None:
        """Extraction index at which all these numbers are drawn, or None."""
        indexes = [self.position.get(n) for n in numbers]
        if not indexes or any(i is None for i in indexes):
            return None
        return max(i for i in indexes if i is not None)

    def _line_win(self, rows: Rows) -> tuple[int, str] | None:
        best: tuple[int, str] | None = None
        for r, row in enumerate(rows, 1):
            at = self._completion(row)
            if at is not None and (best is None or at < best[0]):
                best = (at, f"row {r} completes at ball {at}")
        return best

    def _bingo_win(self, rows: Rows) -> tuple[int, str] | None:
        at = self._completion(n for row in rows for n in row)
        return None if at is None else (at, f"last number is drawn at ball {at}")

    def _rows(self, number: int) -> Rows | None:
        if self.card_set is None or not 1 <= number <= len(self.card_set.cards):
            return None
        return self.card_set.cards[number - 1]

    def _sold(self, carton: Carton) -> bool:
        series, number = carton
        return any(s == series and f <= number <= last for s, f, last in self.ranges)

    # ---- claims (R-PRIZE-2, regulation V.1.a/b and V.3) --------------------------------------

    def _claims(self) -> None:
        claims: list[_Claim] = []
        raw = self.rd.get_list("claims")
        for index, obj in _objects(raw, "claim", self.where, self.out):
            rd = _Reader(obj, f"{self.where} claim #{index}", self.out)
            after = rd.get_int("after_ball", minimum=0)
            series = rd.get_str("series")
            number = rd.get_int("number")
            kind = rd.get_str("kind")
            recorded = rd.get_bool("valid")
            if kind is not None and kind not in CLAIM_KINDS:
                self.problem(f"claim #{index} kind {kind!r} is not line or bingo")
                continue
            if after is None or series is None or number is None or kind is None:
                continue
            claim = _Claim(kind, (series, number), after, recorded)
            claims.append(claim)
            if after > len(self.balls):
                self.problem(f"{claim.label}: only {len(self.balls)} balls were drawn")
            rows = self._rows(number)
            if not self._sold(claim.carton):
                claim.obstacle = "that cartón was not sold in this partida"
                continue
            if rows is None:
                claim.obstacle = "that cartón is not in the partida's card set"
                continue
            win = self._line_win(rows) if kind == "line" else self._bingo_win(rows)
            if win is not None:
                claim.at, claim.how = win
            if win is None or win[0] > after:
                if kind == "line":
                    claim.obstacle = f"no row of that cartón is complete after {after} balls"
                else:
                    drawn = sum(1 for row in rows for n in row if self.position.get(n, 99) <= after)
                    claim.obstacle = (
                        f"only {drawn} of that cartón's 15 numbers are drawn after {after} balls"
                    )
        bingo_first = min(
            (c.after for c in claims if c.kind == "bingo" and not c.obstacle), default=None
        )
        for c in claims:
            if not c.obstacle and bingo_first is not None and c.after > bingo_first:
                c.obstacle = (
                    f"the partida was already won by a bingo called after ball {bingo_first}"
                )
        line_first = min(
            (c.after for c in claims if c.kind == "line" and not c.obstacle), default=None
        )
        for c in claims:
            if (
                c.kind == "line"
                and not c.obstacle
                and line_first is not None
                and c.after > line_first
            ):
                c.obstacle = f"a line was already correctly called after ball {line_first}"
        for c in claims:
            if c.recorded is True and c.obstacle:
                self.problem(f"{c.label} recorded valid but {c.obstacle}")
            elif c.recorded is False and not c.obstacle:
                earlier = " and no line was called correctly before" if c.kind == "line" else ""
                self.problem(f"{c.label} recorded invalid but that cartón's {c.how}{earlier}")
            if not c.obstacle and c.at is not None:
                winners = self.line_winners if c.kind == "line" else self.bingo_winners
                winners.setdefault(c.carton, _Win(c.after, c.at, c.how))
        self.bingo_after = bingo_first
        if self.closed and bingo_first is not None and len(self.balls) > bingo_first:
            self.problem(
                f"{len(self.balls) - bingo_first} ball(s) drawn after the winning bingo was "
                f"called after ball {bingo_first}"
            )

    # ---- awards ------------------------------------------------------------------------------

    def _read_awards(self) -> None:
        raw = self.rd.get_list("awards")
        for index, obj in _objects(raw, "award", self.where, self.out):
            rd = _Reader(obj, f"{self.where} award #{index}", self.out)
            prize = rd.get_str("prize")
            series = rd.get_str("series")
            number = rd.get_int("number")
            at = rd.get_int("completed_at_ball", minimum=1)
            amount = rd.get_int("amount_cents", minimum=0)
            if prize is not None and prize not in PRIZES:
                self.problem(f"award #{index} prize {prize!r} is not one of {', '.join(PRIZES)}")
                continue
            if prize is None or series is None or number is None or amount is None:
                continue
            if at is not None and at > len(self.balls):
                self.problem(
                    f"{prize} award {series}/{number} completed_at_ball {at} but only "
                    f"{len(self.balls)} balls were drawn"
                )
            self.awards[prize].append(_Award(prize, (series, number), at, amount))

    def _read_residues(self) -> None:
        raw = self.rd.get_dict("residue_cents")
        if raw is None:
            return
        for key, value in raw.items():
            if not _is_int(value) or value < 0:
                self.problem(
                    f"residue_cents[{key!r}] must be a non-negative integer, found {_short(value)}"
                )
            else:
                self.residue[key] = value
        for key in ("line", "bingo"):
            if key not in raw and not self.open:  # an open partida has shared nothing yet
                self.problem(f"residue_cents has no '{key}' entry")

    def _refund_and_incidents(self) -> None:
        refund = self.rd.get_int("refund_cents", minimum=0)
        if self.annulled:
            takings = self.takings_recorded
            if refund is not None and takings is not None and refund != takings:
                self.problem(f"annulled partida refunds {refund} but its takings are {takings}")
            self.refund = refund if refund is not None else (takings or 0)
        elif refund:
            self.problem(f"refund_cents {refund} in a partida that is not annulled")
        incidents = self.rd.get_list("incidents")
        for index, obj in _objects(incidents, "incident", self.where, self.out):
            rd = _Reader(obj, f"{self.where} incident #{index}", self.out)
            rd.get_str("kind")
            after = rd.get_int("after_ball", minimum=0)
            rd.get_str("note")
            if after is not None and after > len(self.balls):
                self.problem(
                    f"incident #{index} after_ball {after} but only {len(self.balls)} balls "
                    f"were drawn"
                )
        if incidents is not None and not incidents:
            if self.annulled:
                self.problem("annulled partida records no incident (R-INC-1..4)")
            if self.manual_from is not None:
                self.problem(
                    f"balls drawn by hand from ball {self.manual_from} but no incident is "
                    f"recorded (R-INC-2)"
                )

    def _annulled_awards(self) -> None:
        for prize, awards in self.awards.items():
            for a in awards:
                self.problem(
                    f"annulled partida has a {prize} award to {_fmt(a.carton)} ({a.amount} cents)"
                )
        for key, value in self.residue.items():
            if value:
                self.problem(f"annulled partida records a {key} residue of {value}")

    def _split(
        self,
        prize: str,
        expected: dict[Carton, _Win],
        amount: int | None,
        why_not: Callable[[Carton], str],
        residue_if_unwon: tuple[int, ...],
    ) -> None:
        """Winners are exactly `expected`, each paid floor(amount / n), the residue recorded."""
        awards = self.awards[prize]
        counts = Counter(a.carton for a in awards)
        for carton, k in sorted(counts.items()):
            if k > 1:
                self.problem(f"{k} {prize} awards to the same cartón {_fmt(carton)}")
        missing = sorted(set(expected) - set(counts))
        extra = sorted(set(counts) - set(expected))
        for carton in missing:
            self.problem(
                f"{prize} winner {_fmt(carton)} (valid claim after ball {expected[carton].after}) "
                f"has no {prize} award"
            )
        for carton in extra:
            self.problem(f"{prize} award to {_fmt(carton)} but {why_not(carton)}")
        residue = self.residue.get(prize, 0)
        if amount is None:
            return
        n = len(expected)
        if n == 0:
            if residue not in residue_if_unwon:
                allowed = " or ".join(str(r) for r in residue_if_unwon)
                self.problem(
                    f"residue for {prize} is {residue} but nobody won it (expected {allowed})"
                )
            return
        if missing or extra or len(awards) != n:
            return
        share = amount // n
        for a in awards:
            if a.amount != share:
                self.problem(
                    f"{prize} award {_fmt(a.carton)} amount {a.amount} but {amount} shared by "
                    f"{n} winner(s) is {share} each (R-PRIZE-3)"
                )
            win = expected[a.carton]
            if a.at is not None and a.at != win.at:
                self.problem(
                    f"{prize} award {_fmt(a.carton)} completed_at_ball {a.at} but that cartón's "
                    f"{win.how}"
                )
        if residue != amount - n * share:
            self.problem(
                f"residue for {prize} is {residue} but {amount} − {n} × {share} = "
                f"{amount - n * share} (R-PRIZE-3)"
            )

    def _ordinary(self, prize: str, winners: dict[Carton, _Win], amount: int | None) -> None:
        awards = self.awards[prize]
        if self.open and not awards:
            return
        if self.closed and not awards and not winners:
            if prize == "bingo":
                self.problem("closed partida has no bingo award and no valid bingo claim")
            elif self.ex.rules.line_required:
                self.problem(
                    "closed partida has no line award and no valid line claim "
                    "(the rules do not say line_required: false)"
                )
        unwon = (0,) if amount is None else (0, amount)
        self._split(
            prize, winners, amount, lambda _c: f"that cartón has no valid {prize} claim", unwon
        )

    def _interconnected(self) -> None:
        for a in self.awards["interconnected"]:
            win = self.bingo_winners.get(a.carton)
            if win is None:
                self.problem(
                    f"interconnected award to {_fmt(a.carton)} but that cartón has no valid "
                    f"bingo claim"
                )
            elif a.at is not None and a.at != win.at:
                self.problem(
                    f"interconnected award {_fmt(a.carton)} completed_at_ball {a.at} but that "
                    f"cartón's {win.how}"
                )

    def _interconnected_fund(self) -> None:
        """The partida's ``interconnected`` object, annulled or not (check_interconnected.py)."""
        partida = check_interconnected.Partida(
            where=self.where,
            status=self.status,
            takings=self.takings,
            bingo_after=self.bingo_after,
            bingo_winners=frozenset(self.bingo_winners),
            awards=tuple((a.carton, a.amount) for a in self.awards["interconnected"]),
            paid=self.p.get("state") == "paid",
        )
        check_interconnected.check(
            self.p.get("interconnected"), partida, self.ex.interconnected, self.problem
        )

    # ---- funds: prima de bingo (R-PRIMA-*, V.2.a) and bola loca (R-BOLA-*, V.2.c) -----------

    def _fund_object(self, key: str, bp: int | None) -> dict[str, Any] | None:
        raw = self.p.get(key, _MISSING)
        if raw is _MISSING:
            self.problem(f"missing required field '{key}'")
            return None
        if raw is None:
            if bp:
                self.problem(f"{key} is null but the rules deduct {key}_bp {bp}")
            for a in self.awards[key]:
                self.problem(f"{key} award to {_fmt(a.carton)} but the partida has no {key} data")
            return None
        if not isinstance(raw, dict):
            self.problem(f"field '{key}' must be an object, found {_short(raw)}")
            return None
        return raw

    def _deduction(self, fund: _Fund, recorded: int | None, bp: int | None) -> None:
        if recorded is None:
            return
        if self.annulled:
            if recorded:
                self.problem(f"annulled partida deducts {recorded} for the {fund.label} fund")
            return
        if self.takings is None or bp is None:
            return
        expected = _floor_bp(self.takings, bp)
        if recorded != expected and not (self.open and recorded == 0):
            self.problem(
                f"{fund.label} deduction_cents {recorded} but floor({self.takings} × {bp} / 10000) "
                f"= {expected}"
            )

    def _continuity(self, fund: _Fund, before: int | None) -> None:
        if before is None:
            return
        if fund.first_before is None:
            fund.first_before = before
        if fund.balance is not None and before != fund.balance:
            self.problem(
                f"{fund.label} fund_before_cents {before} but the previous partida "
                f"({fund.source}) left the fund at {fund.balance}"
            )

    def _close_fund(
        self,
        fund: _Fund,
        before: int | None,
        deduction: int | None,
        after: int | None,
        removed: int,
    ) -> None:
        if before is not None and deduction is not None and after is not None:
            expected = before + deduction - removed
            if after != expected:
                self.problem(
                    f"{fund.label} fund_after_cents {after} but {before} + {deduction} − "
                    f"{removed} awarded = {expected}"
                )
        fund.deductions += deduction or 0
        fund.payouts += removed
        self.deductions += deduction or 0
        if after is not None:
            fund.last_after = after
            if not self.annulled:
                fund.balance = after
                fund.source = self.where

    def _prima(self) -> None:
        rules, fund, state = self.ex.rules, self.ex.prima, self.ex.prima_state
        raw = self._fund_object("prima", rules.prima_bp)
        if raw is None:
            return
        rd = _Reader(raw, f"{self.where} prima", self.out)
        amount = rd.get_int("amount_cents", minimum=0)
        available = rd.get_bool("available")
        limit = rd.get_int("ball_limit", nullable=True, minimum=1)
        before = rd.get_int("fund_before_cents", minimum=0)
        deduction = rd.get_int("deduction_cents", minimum=0)
        after = rd.get_int("fund_after_cents", minimum=0)
        accumulated = rd.get_int("partidas_accumulated", minimum=0)
        self._deduction(fund, deduction, rules.prima_bp)
        self._continuity(fund, before)

        if amount is not None:
            if (
                rules.prima_bp
                and amount != state.last_amount
                and (not rules.prima_min <= amount <= rules.prima_max or amount % rules.prima_step)
            ):
                self.problem(
                    f"prima amount_cents {amount} is not between {rules.prima_min} and "
                    f"{rules.prima_max} in multiples of {rules.prima_step} (R-PRIMA-2)"
                )
            if state.amount_locked is not None and amount != state.amount_locked:
                self.problem(
                    f"prima amount changed from {state.amount_locked} to {amount} although the "
                    f"prima has not been awarded since (R-PRIMA-2)"
                )
            state.last_amount = amount

        can = amount is not None and before is not None and 0 < amount <= before
        if (
            available is not None
            and amount is not None
            and before is not None
            and available != can
            and not (self.annulled and not available)
        ):
            relation = "≥" if can else "<"
            self.problem(
                f"prima available is {str(available).lower()} but fund_before {before} "
                f"{relation} amount {amount}"
            )

        base = rules.prima_ball_limit
        if state.limit is None:  # first partida of the export: taken as recorded
            if base is not None and limit is not None and limit < base:
                self.problem(f"prima ball_limit {limit} is below the rules' limit {base}")
            in_force = limit if can and limit is not None else base
        else:
            in_force = state.limit
        if can and limit is None and "ball_limit" in raw:
            self.problem("prima ball_limit is null but the prima is available")
        if in_force is not None and limit is not None and limit != in_force:
            self.problem(
                f"prima ball_limit {limit} but the limit in force is {in_force} (base {base}, one "
                f"more for each partida in which the prima was available and not won)"
            )
        if in_force is None:
            in_force = limit
        won = (
            not self.annulled
            and can
            and self.bingo_after is not None
            and in_force is not None
            and self.bingo_after <= in_force
        )

        awards = self.awards["prima"]
        if not self.annulled and not (self.open and not awards):

            def why_not(carton: Carton) -> str:
                if not can:
                    return f"the prima is not available (fund_before {before}, amount {amount})"
                if self.bingo_after is None or carton not in self.bingo_winners:
                    return "that cartón has no valid bingo claim"
                return (
                    f"the bingo was called after ball {self.bingo_after}, past the prima ball "
                    f"limit {in_force}"
                )

            self._split("prima", self.bingo_winners if won else {}, amount, why_not, (0,))
        self._close_fund(fund, before, deduction, after, amount if awards and amount else 0)

        if state.accumulated is None:
            expected_acc = accumulated
            if accumulated is not None and accumulated < 1 and not self.annulled:
                self.problem("prima partidas_accumulated must count this partida (at least 1)")
        else:
            expected_acc = state.accumulated + 1
            acceptable = {expected_acc, state.accumulated} if self.annulled else {expected_acc}
            if accumulated is not None and accumulated not in acceptable:
                self.problem(
                    f"prima partidas_accumulated {accumulated} but {expected_acc} partidas "
                    f"(not annulled) have been played since the last prima award, this one included"
                )
        if not self.annulled:
            if won:
                state.limit = base
            elif can and in_force is not None:
                state.limit = in_force + 1
            else:
                state.limit = in_force
            state.accumulated = 0 if won else expected_acc
        elif state.limit is None:
            state.limit = in_force
        state.amount_locked = None if won else amount

    def _bola_loca(self) -> None:
        rules, fund = self.ex.rules, self.ex.bola
        raw = self._fund_object("bola_loca", rules.bola_loca_bp)
        if raw is None:
            return
        rd = _Reader(raw, f"{self.where} bola_loca", self.out)
        numbers_raw = rd.get_list("numbers")
        before = rd.get_int("fund_before_cents", minimum=0)
        deduction = rd.get_int("deduction_cents", minimum=0)
        after = rd.get_int("fund_after_cents", minimum=0)
        numbers: set[int] = set()
        for x in numbers_raw or []:
            if not _is_int(x) or not 1 <= x <= LAST_BALL:
                self.problem(f"bola loca number {_short(x)} is not a number in 1..90")
            elif x in numbers:
                self.problem(f"bola loca number {x} drawn twice")
            else:
                numbers.add(x)
        if numbers_raw is not None and not numbers_raw and rules.bola_loca_bp and not self.annulled:
            self.problem("no bola loca number was drawn for this partida (R-BOLA-2)")
        elif numbers_raw and rules.bola_count is not None and len(numbers_raw) != rules.bola_count:
            self.problem(
                f"{len(numbers_raw)} bola loca numbers drawn, but the published region file "
                f"draws {rules.bola_count} before each partida (bola_loca_count; V.2.c)"
            )
        self._deduction(fund, deduction, rules.bola_loca_bp)
        self._continuity(fund, before)
        whole = before + deduction if before is not None and deduction is not None else None

        expected: dict[Carton, _Win] = {}
        source = ""
        for prize, winners in (("line", self.line_winners), ("bingo", self.bingo_winners)):
            hits: dict[Carton, _Win] = {}
            for carton, w in winners.items():
                ball = self._ball_at(w.at)
                if ball in numbers:
                    how = f"winning {prize} completes at ball {w.at}, on bola loca number {ball}"
                    hits[carton] = _Win(w.after, w.at, how)
            if hits:
                expected, source = hits, prize
                break
        awards = self.awards["bola_loca"]
        if whole == 0 and not awards:
            expected = {}
        if not self.annulled and not (self.open and not awards):

            def why_not(_carton: Carton) -> str:
                if not expected:
                    return (
                        f"no winning line or bingo completed on a bola loca number "
                        f"{sorted(numbers)}"
                    )
                names = ", ".join(_fmt(c) for c in sorted(expected))
                return (
                    f"it goes to the {source} winner(s) completing on a bola loca number: {names}"
                )

            self._split("bola_loca", expected, whole, why_not, (0,))
        self._close_fund(fund, before, deduction, after, whole if awards and whole else 0)

    # ---- money conservation --------------------------------------------------------------------

    def _money(self) -> None:
        takings = self.takings_recorded
        if takings is None:
            return
        paid = sum(a.amount for prize in ("line", "bingo") for a in self.awards[prize])
        residues = sum(self.residue.get(prize, 0) for prize in ("line", "bingo"))
        hall = takings - self.refund - paid - residues - self.deductions
        if hall < 0:
            self.problem(
                f"money does not balance: takings {takings} < refund {self.refund} + prizes paid "
                f"{paid} + residues {residues} + fund deductions {self.deductions} "
                f"(short by {-hall})"
            )
        self.ex.hall_share += hall


# --------------------------------------------------------------------------------------------
# Sessions and the whole export


def _parse_day(value: str | None, where: str, out: _Problems) -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        out.add(where, f"date {value!r} is not an ISO 8601 date")
        return None


def _parse_time(value: str | None, key: str, where: str, out: _Problems) -> datetime | None:
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        out.add(where, f"{key} {value!r} is not an ISO 8601 time")
        return None
    if moment.utcoffset() is None:
        out.add(where, f"{key} {value!r} has no UTC offset")
        return None
    return moment


def _ball_checks(raw: list[Any] | None, where: str, out: _Problems) -> None:
    for index, obj in _objects(raw, "ball check", where, out):
        rd = _Reader(obj, f"{where} ball check #{index}", out)
        when = rd.get_str("when")
        if when is not None and when not in BALL_CHECK_WHEN:
            out.add(rd.where, f"when {when!r} is not open, close or change")
        numbers = rd.get_list("numbers")
        rd.get_bool("ok")
        if numbers is None:
            continue
        bad = [n for n in numbers if not _is_int(n) or not 1 <= n <= LAST_BALL]
        if bad:
            out.add(rd.where, f"numbers outside 1..90: {_short(bad)}")
        repeated = sorted(n for n, k in Counter(n for n in numbers if _is_int(n)).items() if k > 1)
        if repeated:
            out.add(rd.where, f"numbers listed twice: {repeated}")


def _check_session(raw: dict[str, Any], index: int, ex: _Export, out: _Problems) -> date | None:
    rd = _Reader(raw, f"session #{index}", out)
    ident = rd.get_str("id")
    if ident is not None:
        rd.where = f"session {ident}"
    where = rd.where
    day = _parse_day(rd.get_str("date"), where, out)
    opened = _parse_time(rd.get_str("opened_at"), "opened_at", where, out)
    closed_raw = rd.get_str("closed_at", nullable=True)
    closed = _parse_time(closed_raw, "closed_at", where, out)
    if opened is not None and closed is not None and closed < opened:
        out.add(where, f"closed_at {closed_raw} is before opened_at")
    _ball_checks(rd.get_list("ball_checks"), where, out)
    ball_set = rd.get_dict("ball_set")
    if ball_set is not None:
        brd = _Reader(ball_set, f"{where} ball_set", out)
        brd.get_str("id")
        brd.get_str("homologation")
        brd.get_int("partidas_before", minimum=0)
    partidas = rd.get_list("partidas") or []
    own_rules = rd.get_dict("rules") if "rules" in raw else None
    if own_rules is not None:
        # The rules this session was played under, when a later change differs (added field).
        outer, ex.rules = ex.rules, _read_rules(own_rules, out)
        ex.published_bounds(own_rules)
    try:
        _check_partidas(partidas, where, closed_raw, day, ex, out)
    finally:
        if own_rules is not None:
            ex.rules = outer
    if "game_partidas" in raw:  # bingo derivado and bingo plus (an added field)
        ex.partidas += check_games.check_partidas(raw["game_partidas"], where, ex.games, out)
    # Payment means (R-SALE-4); machines against the limits of the region the export names.
    regions = [*ex.regions, *check_terminals.regions_of({}, raw)]
    known = None
    if ex.files is not None:  # the published files' limits, not those known here
        known = ex.files.terminal_limits(ex.raw, raw.get("rules", ex.raw.get("rules")))
    check_terminals.check_session(raw, where, out.add, regions, known)
    return day


def _check_partidas(
    partidas: list[Any],
    where: str,
    closed_raw: str | None,
    day: date | None,
    ex: _Export,
    out: _Problems,
) -> None:
    previous: int | None = None
    for position, obj in _objects(partidas, "partida", where, out):
        number = obj.get("number")
        pwhere = f"{where} partida {number}" if _is_int(number) else f"{where} partida #{position}"
        if _is_int(number):
            expected = 1 if previous is None else previous + 1
            if number != expected:
                out.add(pwhere, f"order number {number} but {expected} was expected")
            previous = number
        if obj.get("status") == "open" and (position != len(partidas) or closed_raw is not None):
            out.add(pwhere, "an open partida must be the last one of a session that is still open")
        ex.partidas += 1
        try:
            _PartidaCheck(obj, pwhere, day, ex, out).run()
        except Exception as exc:  # a shape no rule foresaw must not stop the audit
            out.add(pwhere, f"could not be checked completely ({type(exc).__name__}: {exc})")


#: A ball's source and a count's method when they came from emulated devices (added fields).
EMULATED = "emulated"


def _check_emulated(session: dict[str, Any], where: str, add: Callable[[str, str], None]) -> None:
    """A session played on emulated devices is no real night, whatever else checks out: the
    added ``emulated_devices`` (the seeds the devices were started with) says so, and so does
    any ball whose ``ball_sources`` entry, or any count whose ``method``, is "emulated".
    """
    marked = session.get("emulated_devices")
    partidas = session.get("partidas")
    balls = sum(
        1
        for p in (partidas if isinstance(partidas, list) else [])
        if isinstance(p, dict) and isinstance(p.get("ball_sources"), list)
        for source in p["ball_sources"]
        if source == EMULATED
    )
    checks = session.get("ball_checks")
    counts = sum(
        1
        for c in (checks if isinstance(checks, list) else [])
        if isinstance(c, dict) and c.get("method") == EMULATED
    )
    if marked is None and not balls and not counts:
        return
    seeds = marked.get("seeds") if isinstance(marked, dict) else None
    said = ", ".join(str(s) for s in seeds) if isinstance(seeds, list) and seeds else "none"
    add(
        where,
        f"played on emulated devices (seeds {said}; {balls} balls and {counts} counts from "
        "them): not a real night",
    )
    if marked is None:
        add(where, "balls or counts came from emulated devices, but emulated_devices is missing")


def _run(export: object, files: check_regions.RegionFiles | None = None) -> tuple[list[str], int]:
    out = _Problems()
    if not isinstance(export, dict):
        out.add("export", "is not a JSON object")
        return out.items, 0
    rd = _Reader(export, "export", out)
    tag = rd.get_str("format")
    if tag is not None and tag != FORMAT_TAG:
        out.add("export", f"format is {tag!r}, not {FORMAT_TAG!r}")
    rd.get_str("generator")
    hall = rd.get_dict("hall")
    if hall is not None:
        hrd = _Reader(hall, "hall", out)
        for key in ("id", "name", "region"):
            hrd.get_str(key)
    ex = _Export(
        _read_rules(rd.get_dict("rules"), out), _read_card_sets(rd.get_list("card_sets"), out)
    )
    ex.regions = check_terminals.regions_of(export, {})
    ex.raw, ex.files = export, files
    ex.published_bounds(export.get("rules"))
    games = check_games.read_games(export.get("games"), out)
    ex.games = check_games.Games(
        games, check_games.read_card_sets(export.get("card_sets"), games, out)
    )
    seen: set[str] = set()
    simul_seen: set[int] = set()  # the centre's partidas (check_simultaneous)
    last_day: date | None = None
    for index, session in _objects(rd.get_list("sessions"), "session", "export", out):
        ident = session.get("id")
        if isinstance(ident, str):
            if ident in seen:
                out.add(f"session {ident}", "session id used twice")
            seen.add(ident)
        day = _check_session(session, index, ex, out)
        payout = export["rules"].get("payout_bp") if isinstance(export.get("rules"), dict) else None
        check_simultaneous.check_session(session, f"session {ident}", payout, simul_seen, out.add)
        _check_emulated(session, f"session {ident}", out.add)
        if day is not None:
            if last_day is not None and day < last_day:
                out.add(
                    f"session #{index}",
                    f"date {day} comes before the previous session's {last_day}",
                )
            last_day = day
    for fund in (ex.prima, ex.bola):
        if fund.first_before is None or fund.last_after is None:
            continue
        expected = fund.first_before + fund.deductions - fund.payouts
        if expected != fund.last_after:
            out.add(
                "export",
                f"{fund.label} fund starts at {fund.first_before}, receives {fund.deductions} and "
                f"pays out {fund.payouts}, so it should end at {expected}, but ends at "
                f"{fund.last_after}",
            )
    if ex.hall_share < 0:
        out.add(
            "export", f"takings do not cover prizes, residues, funds and refunds ({ex.hall_share})"
        )
    return out.items, ex.partidas


# The regulator's list and the published region files are read by the module beside this one.
Published = check_regions.Published
read_published = check_regions.read_published
RegionFiles = check_regions.RegionFiles
read_region_files = check_regions.read_region_files
GameFiles = check_regions.GameFiles
read_game_files = check_regions.read_game_files


def _check_published(export: dict[str, Any], published: Iterable[Published]) -> list[str]:
    """Each region file the rules name (``rules.source``, the export's and each session's) must
    be the published file of its version: same SHA-256 (R-NET-3). Rules without a source are
    not judged here (exports made before region files had a version).
    """
    known = list(published)
    hall = export.get("hall")
    region = hall.get("region") if isinstance(hall, dict) else None
    places: list[tuple[str, object]] = [("rules source", export.get("rules"))]
    sessions = export.get("sessions")
    for session in sessions if isinstance(sessions, list) else []:
        if isinstance(session, dict) and session.get("rules") is not None:
            places.append((f"session {session.get('id')} rules source", session.get("rules")))
    problems: list[str] = []
    for where, rules in places:
        source = rules.get("source") if isinstance(rules, dict) else None
        if not isinstance(source, dict):
            continue
        version, digest = source.get("version"), source.get("sha256")
        same = [p for p in known if p.region == region and p.version == version]
        if not same:
            problems.append(
                f"{where}: version {_short(version)} is not a published version of the region "
                f"{_short(region)}'s file"
            )
        elif all(p.sha256 != digest for p in same):
            problems.append(
                f"{where}: sha256 {digest if isinstance(digest, str) else _short(digest)} is "
                f"not the published file of version "
                f"{version} (published: {', '.join(p.sha256 for p in same)})"
            )
    return problems


def check(
    export: dict[str, Any],
    published: Iterable[Published] | None = None,
    regions: RegionFiles | None = None,
    games: GameFiles | None = None,
) -> list[str]:
    """Every problem found in a ``bingo-session/1`` export, each with its location; with
    ``published``, also every region file it names that is not the published one; with
    ``regions`` (the published files themselves, see check_regions.py), every figure its rules
    carry that is not the published file's; with ``games`` (the published game files), every
    game played that is not one of them. Raises ``check_regions.MissingFile`` when the export
    names a published file that is not among those given.
    """
    listed = list(published) if published is not None else None
    if listed is None and regions is not None:
        listed = regions.published
    problems = check_regions.Reference(listed, regions, games).problems(export)
    problems = _run(export, regions)[0] + problems
    if listed is not None:
        problems += _check_published(export, listed)
    return problems


USAGE = (
    "usage: check_export.py [--published REGION_FILES.toml] [--regions FOLDER] "
    "[--games FOLDER] EXPORT.json\n"
    "  --published LIST  the regulator's list of published region files (SHA-256 of each)\n"
    "  --regions FOLDER  the published region files themselves: every figure of the rules is\n"
    "                    compared with them (the list is LIST, or FOLDER/published.toml)\n"
    "  --games FOLDER    the published game files and their list FOLDER/published.toml: every\n"
    "                    game the export played is compared with them"
)


def _options(args: list[str]) -> tuple[dict[str, str], list[str]] | str:
    """The options given and what is left, or the message saying what is wrong."""
    given: dict[str, str] = {}
    while args[:1] and args[0].startswith("--"):
        name = args[0]
        if name not in ("--published", "--regions", "--games"):
            return f"unknown option {name}"
        if name in given:
            return f"{name} given twice"
        if len(args) < 2 or args[1].startswith("--"):
            return f"{name} needs a file name"
        given[name], args = args[1], args[2:]
    if len(args) != 1:
        return "give one export file" if not args else "give one export file, after the options"
    return given, args


def main(argv: list[str] | None = None) -> int:
    parsed = _options(list(sys.argv[1:] if argv is None else argv))
    if isinstance(parsed, str):
        print(f"{parsed}\n{USAGE}", file=sys.stderr)
        return 2
    given, (name,) = parsed
    try:
        reference = check_regions.read_reference(
            given.get("--published"), given.get("--regions"), given.get("--games")
        )
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    try:
        export = json.loads(Path(name).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        print(f"cannot read {name}: {exc}", file=sys.stderr)
        return 2
    if not isinstance(export, dict):
        print(f"cannot read {name}: the top level is not a JSON object", file=sys.stderr)
        return 2
    try:  # the published files first: one the export names but not given stops the check
        problems = reference.problems(export)
    except check_regions.MissingFile as exc:
        print(f"cannot compare with the published files: {exc}", file=sys.stderr)
        return 2
    found, partidas = _run(export, reference.regions)
    problems = found + problems
    if reference.published is not None:
        problems += _check_published(export, reference.published)
    for line in problems:
        print(line)
    print(f"{partidas} partidas checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
