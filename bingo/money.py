"""Money is integer euro cents; percentages are basis points (1 % = 100 bp)."""

from __future__ import annotations

BP_WHOLE = 10_000


def percent_of(amount_cents: int, basis_points: int) -> int:
    """The share of ``amount_cents`` given by ``basis_points``, rounded down to the cent."""
    if amount_cents < 0 or basis_points < 0:
        raise ValueError("amounts and percentages are never negative")
    return amount_cents * basis_points // BP_WHOLE


def split_equally(amount_cents: int, winners: int) -> tuple[int, int]:
    """Equal shares rounded down to the cent, and the residue left over (R-PRIZE-3).

    With no winners the whole amount is residue.
    """
    if amount_cents < 0 or winners < 0:
        raise ValueError("amounts and winner counts are never negative")
    if winners == 0:
        return 0, amount_cents
    share = amount_cents // winners
    return share, amount_cents - share * winners


def euros(amount_cents: int) -> str:
    """Spanish rendering of an amount: ``1.234,56 €``."""
    sign = "-" if amount_cents < 0 else ""
    whole, cents = divmod(abs(amount_cents), 100)
    grouped = f"{whole:,}".replace(",", ".")
    return f"{sign}{grouped},{cents:02d} €"
