"""How long actas and records are kept (R-ACTA-5; regulation IV.3): the pure policy.

An acta, and the record it comes from, are kept six months from the date of issue. One about
which a claim is pending is kept until the claim is resolved, the resolution is final, and its
execution is recorded (the caller passes that date as ``Claim.settled``). Only what this policy
allows may be purged: ``decide`` says which items, and why the others stay.
"""

from __future__ import annotations

import calendar
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import date

RETENTION_MONTHS = 6


@dataclass(frozen=True, slots=True)
class Kept:
    """Something kept for the inspection: an acta PDF, a record export, a receipt."""

    kind: str
    hall_id: str
    session_id: str
    issued: date
    ref: str = ""  # where it is (a path in the archive, a row id in the store)


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim about a session; ``settled`` is the day its final resolution was carried out."""

    hall_id: str
    session_id: str
    filed: date
    settled: date | None = None


@dataclass(frozen=True, slots=True)
class Decision:
    item: Kept
    purge: bool
    keep_until: date | None  # last day it must be kept; None: held by an open claim
    reason: str


def add_months(day: date, months: int) -> date:
    """The same day ``months`` later (the month's last day when it has no such day)."""
    index = day.month - 1 + months
    year, month = day.year + index // 12, index % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def decide(
    items: Iterable[Kept],
    claims: Sequence[Claim],
    today: date,
    months: int = RETENTION_MONTHS,
    consulted: Collection[str] | None = None,
) -> list[Decision]:
    """For each item: may it be purged today, and until when must it be kept.

    ``consulted`` names the halls whose claims are all in ``claims`` (None: every hall's are).
    An item of any other hall stays: nobody has said whether a claim holds it.
    """
    out: list[Decision] = []
    for item in items:
        if consulted is not None and item.hall_id not in consulted:
            out.append(
                Decision(
                    item,
                    False,
                    None,
                    f"no se han consultado las reclamaciones de la sala {item.hall_id}",
                )
            )
            continue
        until = add_months(item.issued, months)
        mine = [c for c in claims if c.session_id == item.session_id and c.hall_id == item.hall_id]
        open_claims = [c for c in mine if c.settled is None]
        if open_claims:
            first = min(c.filed for c in open_claims)
            out.append(
                Decision(
                    item, False, None, f"reclamación pendiente presentada el {first.isoformat()}"
                )
            )
            continue
        reason = f"conservar seis meses desde su emisión ({item.issued.isoformat()})"
        if mine:
            settled = max(c.settled for c in mine if c.settled is not None)
            if settled > until:
                until = settled
                reason = (
                    f"reclamación resuelta y cumplida el {settled.isoformat()}, después "
                    "de los seis meses"
                )
        if today > until:
            out.append(
                Decision(
                    item, True, until, f"plazo cumplido el {until.isoformat()}: puede destruirse"
                )
            )
        else:
            out.append(Decision(item, False, until, f"{reason}: hasta el {until.isoformat()}"))
    return out


def purgeable(
    items: Iterable[Kept],
    claims: Sequence[Claim],
    today: date,
    months: int = RETENTION_MONTHS,
    consulted: Collection[str] | None = None,
) -> list[Kept]:
    """Only the items the policy allows to purge today."""
    return [d.item for d in decide(items, claims, today, months, consulted) if d.purge]
