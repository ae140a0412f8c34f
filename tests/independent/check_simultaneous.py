"""Independent check of the simultaneous partidas a hall's session sold in (Cantabria VI.1;
R-MULTI-2): the ``simultaneous_partidas`` a session of the export adds.

Part of ``check_export.py`` (which calls it), in a module of its own; like it, it imports
nothing but the standard library.

From one hall's export it recomputes: the hall's takings (cartones × price, its sales consecutive
from its allotment's first cartón, each resting on its own central record, in the record's order and
before the close; their means of payment: ``check_terminals``); the halls' allotments (consecutive
and disjoint, within the serie) and the cartones in play of all the halls; the line's and the
bingo's amounts (the percentages of all the takings, the two together the region's whole payout,
decision 298); each prize's equal share and residue among its winners; the line before the bingo,
which is the last ball; every winner's cartón sold by its hall (within what it sold of its range,
not withdrawn); and the hall's payments (only its own winners, each once, its share, and all of them
once the session is closed). It cannot rebuild the serie from its seed (that takes the program's
generator), so that the winners' cartones hold the balls drawn is the central record's word: the
export names its position and hash (``centre``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise
from typing import Any

BP_SCALE = 10_000
LAST_BALL = 90
STRIP = 6
STATUSES = ("open", "closed", "refunded", "annulled")
ANNULMENTS = ("stopped", "suspended")  # how the centre annuls a partida (R-INC-1, R-INC-3)
PRIZES = ("line", "bingo")
HASH = re.compile(r"^[0-9a-f]{64}$")

Add = Callable[[str, str], None]


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _ints(obj: dict[str, Any], keys: tuple[str, ...], where: str, add: Add) -> bool:
    ok = True
    for key in keys:
        if not _int(obj.get(key)) or obj[key] < 0:
            add(where, f"{key} must be a whole number ≥ 0, not {obj.get(key)!r}")
            ok = False
    return ok


def check_session(
    session: dict[str, Any], where: str, payout_bp: int | None, seen: set[int], add: Add
) -> None:
    """Check the session's ``simultaneous_partidas``, if it has them."""
    if "simultaneous_partidas" not in session:
        return
    played = session["simultaneous_partidas"]
    if not isinstance(played, list) or not played:
        add(where, "simultaneous_partidas must be a non-empty list (left out when none)")
        return
    closed = session.get("closed_at") is not None
    for index, partida in enumerate(played):
        here = f"{where} simultaneous partida #{index}"
        if not isinstance(partida, dict):
            add(here, "is not an object")
            continue
        number = partida.get("partida")
        if _int(number):
            here = f"{where} simultaneous partida {number}"
            if number in seen:
                add(here, "the centre's partida appears twice in the export")
            seen.add(number)
        _check_partida(partida, here, payout_bp, closed, add)


def _check_partida(
    p: dict[str, Any], where: str, payout_bp: int | None, closed: bool, add: Add
) -> None:
    if not _ints(p, ("partida", "price_cents", "cards_sold", "takings_cents"), where, add):
        return
    status = p.get("status")
    if status not in STATUSES:
        add(where, f"status must be one of {STATUSES}, not {status!r}")
        return
    sales = p.get("sales")
    if not isinstance(sales, list) or not all(isinstance(s, dict) for s in sales):
        add(where, "sales must be a list of objects")
        return
    ranges: list[tuple[int, int]] = []
    for i, sale in enumerate(sales):
        if not _ints(sale, ("first", "last", "centre_seq"), f"{where} sale #{i}", add):
            return
        if sale["first"] > sale["last"]:
            add(f"{where} sale #{i}", "first comes after last")
            return
        if not isinstance(sale.get("centre_hash"), str) or not HASH.match(sale["centre_hash"]):
            add(f"{where} sale #{i}", "centre_hash is not a record's hash")
        ranges.append((sale["first"], sale["last"]))
    for (_f, last), (first, _l) in pairwise(ranges):
        if first != last + 1:
            add(where, f"the sales are not consecutive: {first} after {last}")
    for before, after in pairwise(sales):  # each sale one central record, in the record's order
        if after["centre_seq"] <= before["centre_seq"] or after.get("centre_hash") == before.get(
            "centre_hash"
        ):
            add(where, f"the sale at central record {after['centre_seq']} repeats or goes back")
    sold = sum(last - first + 1 for first, last in ranges)
    if sold != p["cards_sold"]:
        add(where, f"cards_sold is {p['cards_sold']}, the sales hold {sold}")
    if p["takings_cents"] != p["cards_sold"] * p["price_cents"]:
        add(
            where,
            f"takings_cents is {p['takings_cents']}, cards_sold × price_cents is "
            f"{p['cards_sold'] * p['price_cents']}",
        )
    if status == "open":
        if p.get("payments"):
            add(where, "a partida still played at the centre has no payments")
        if closed:
            add(where, "the session closed while its simultaneous partida was still played")
        return
    _check_result(p, ranges, where, payout_bp, closed, add)


def _halls(p: dict[str, Any], where: str, add: Add) -> dict[str, tuple[int, int, int, bool]] | None:
    """(first, last, sold, withdrawn) of every hall, checked: consecutive, disjoint ranges from
    cartón 1 (decision 291), within the serie."""
    rows = p.get("halls")
    serie = p.get("serie")
    if not isinstance(rows, list) or not rows or not isinstance(serie, dict):
        add(where, "halls must be a non-empty list and serie an object")
        return None
    out: dict[str, tuple[int, int, int, bool]] = {}
    expected = 1
    for i, row in enumerate(rows):
        here = f"{where} hall #{i}"
        if not isinstance(row, dict) or not _ints(row, ("first", "last", "sold"), here, add):
            return None
        name = row.get("hall")
        if not isinstance(name, str) or name in out:
            add(here, f"hall {name!r} is not a name, or is repeated")
            return None
        if row["first"] != expected or row["last"] < row["first"]:
            add(here, f"its range {row['first']}-{row['last']} does not start at {expected}")
        if row["sold"] > row["last"] - row["first"] + 1:
            add(here, f"sold {row['sold']} cartones of a range of {row['last'] - row['first'] + 1}")
        expected = row["last"] + 1
        out[name] = (row["first"], row["last"], row["sold"], row.get("withdrawn") is True)
    if not _ints(serie, ("seed", "strips"), f"{where} serie", add):
        return None
    if serie["strips"] * STRIP < expected - 1:
        add(where, f"the serie of {serie['strips']} strips cannot hold cartón {expected - 1}")
    return out


def _check_result(
    p: dict[str, Any],
    ranges: list[tuple[int, int]],
    where: str,
    payout_bp: int | None,
    closed: bool,
    add: Add,
) -> None:
    centre = p.get("centre")
    if not isinstance(centre, dict) or not _int(centre.get("seq")):
        add(where, "centre must name the central record's seq and hash")
    elif not isinstance(centre.get("hash"), str) or not HASH.match(centre["hash"]):
        add(where, "centre.hash is not a record's hash")
    elif any(sale["centre_seq"] >= centre["seq"] for sale in p["sales"]):
        add(where, f"a sale comes at or after the central close {centre['seq']}")
    keys = ("cards_in_play", "takings_all_cents", "line_bp", "bingo_bp", "line_cents")
    if not _ints(p, (*keys, "bingo_cents", "refund_cents"), where, add):
        return
    halls = _halls(p, where, add)
    hall = p.get("hall")
    if halls is None:
        return
    if hall not in halls:
        add(where, f"the hall {hall!r} has no allotment in the partida")
        return
    first, _last, hall_sold, withdrawn = halls[hall]
    if hall_sold != p["cards_sold"]:
        add(where, f"the centre counts {hall_sold} cartones sold here, the hall {p['cards_sold']}")
    if ranges and (ranges[0][0] != first or ranges[-1][1] != first + hall_sold - 1):
        add(where, "the hall's sales are not the first cartones of its allotment")
    in_play = sum(sold for _f, _l, sold, out in halls.values() if not out)
    if p["cards_in_play"] != in_play:
        add(where, f"cards_in_play is {p['cards_in_play']}, the halls sold {in_play}")
    takings = p["cards_in_play"] * p["price_cents"]
    if p["takings_all_cents"] != takings:
        add(where, f"takings_all_cents is {p['takings_all_cents']}, cartones × price is {takings}")
    if payout_bp is not None and p["line_bp"] + p["bingo_bp"] != payout_bp:
        add(
            where,
            f"line_bp + bingo_bp is {p['line_bp'] + p['bingo_bp']}, not the whole payout "
            f"{payout_bp} (decision 298)",
        )
    for prize in PRIZES:
        amount = p["takings_all_cents"] * p[f"{prize}_bp"] // BP_SCALE
        if p[f"{prize}_cents"] != amount:
            add(where, f"{prize}_cents is {p[f'{prize}_cents']}, the percentage gives {amount}")
    refunded = p["status"] == "refunded"
    if refunded != withdrawn:
        add(where, f"status {p['status']} but the hall withdrawn is {withdrawn}")
    annulled = p["status"] == "annulled"
    if annulled != ("annulled" in p) or (annulled and p["annulled"] not in ANNULMENTS):
        add(where, f"status {p['status']} with annulled {p.get('annulled')!r}")
    if p["refund_cents"] != (p["takings_cents"] if refunded or annulled else 0):
        add(where, f"refund_cents is {p['refund_cents']}")
    if annulled:  # every cartón refunded in full, no prize won nor paid
        _check_annulled(p, where, add)
        return
    winners = _balls_and_winners(p, halls, where, add)
    if winners is not None:
        _check_payments(p, hall, winners, where, closed, add)


def _check_annulled(p: dict[str, Any], where: str, add: Add) -> None:
    """A partida the centre annulled: refunded whole (above), nobody won nor was paid."""
    for prize in PRIZES:
        block = p.get(prize)
        if not isinstance(block, dict) or block.get("winners") != []:
            add(f"{where} {prize}", "an annulled partida has no winners")
        elif block.get("share_cents") != 0 or block.get("residue_cents") != 0:
            add(f"{where} {prize}", "an annulled partida shares nothing")
    if p.get("payments") != []:
        add(where, "an annulled partida pays no prize")


def _balls_and_winners(
    p: dict[str, Any], halls: dict[str, tuple[int, int, int, bool]], where: str, add: Add
) -> dict[str, tuple[dict[int, str], int]] | None:
    """Each prize's winners (cartón → hall) and share, checked."""
    balls = p.get("balls")
    if (
        not isinstance(balls, list)
        or not all(_int(b) and 1 <= b <= LAST_BALL for b in balls)
        or len(set(balls)) != len(balls)
    ):
        add(where, "balls must be distinct numbers 1-90")
        return None
    out: dict[str, tuple[dict[int, str], int]] = {}
    extractions: dict[str, int] = {}
    for prize in PRIZES:
        here = f"{where} {prize}"
        block = p.get(prize)
        if not isinstance(block, dict) or not _ints(
            block, ("extraction", "share_cents", "residue_cents"), here, add
        ):
            return None
        rows = block.get("winners")
        if not isinstance(rows, list) or not rows:
            add(here, "has no winners")
            return None
        won: dict[int, str] = {}
        for row in rows:
            if not (isinstance(row, list) and len(row) == 2 and _int(row[0])) or row[0] in won:
                add(here, f"winner {row!r} is not a [cartón, hall] pair, or is repeated")
                return None
            number, owner = row
            won[number] = owner
            lot = halls.get(owner)
            if lot is None or lot[3] or not lot[0] <= number < lot[0] + lot[2]:
                add(here, f"cartón {number} was not sold in play by the hall {owner!r}")
        share, residue = divmod(p[f"{prize}_cents"], len(won))
        if (block["share_cents"], block["residue_cents"]) != (share, residue):
            add(
                here,
                f"share {block['share_cents']} and residue {block['residue_cents']}: "
                f"{p[f'{prize}_cents']} among {len(won)} is {share} and {residue}",
            )
        out[prize] = (won, block["share_cents"])
        extractions[prize] = block["extraction"]
    if not 1 <= extractions["line"] <= extractions["bingo"]:
        add(where, "the line must come before the bingo, or with it")
    if extractions["bingo"] != len(balls):
        add(where, f"the bingo at extraction {extractions['bingo']} is not the last ball")
    return out


def _check_payments(
    p: dict[str, Any],
    hall: str,
    winners: dict[str, tuple[dict[int, str], int]],
    where: str,
    closed: bool,
    add: Add,
) -> None:
    payments = p.get("payments")
    if not isinstance(payments, list):
        add(where, "payments must be a list")
        return
    paid: set[tuple[str, int]] = set()
    for i, pay in enumerate(payments):
        here = f"{where} payment #{i}"
        if not isinstance(pay, dict) or pay.get("prize") not in PRIZES:
            add(here, "is not a payment of line or bingo")
            continue
        prize, number = pay["prize"], pay.get("number")
        won, share = winners[prize]
        if (prize, number) in paid:
            add(here, f"cartón {number}'s {prize} is paid twice")
        paid.add((prize, number))
        if won.get(number) != hall:  # type: ignore[arg-type]
            add(here, f"cartón {number} is not a winner of {prize} of this hall")
        elif pay.get("amount_cents") != share:
            add(here, f"paid {pay.get('amount_cents')!r}, the share is {share}")
    owed = {(prize, n) for prize in PRIZES for n, h in winners[prize][0].items() if h == hall}
    if closed and owed - paid:
        add(where, f"the session closed with winners unpaid: {sorted(owed - paid)}")
