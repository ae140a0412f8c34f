"""The count of a ball set (R-BALL-2; Cantabria II.2: "comprobando su numeración y que se
encuentran en perfecto estado"): the 90 balls, 1..90, each once, in perfect condition. One
rule for a hall's counts (``bingo.hall``) and the centre's (``bingo.simultaneous``).
"""

from __future__ import annotations

from collections.abc import Iterable

#: The balls of a set.
SET_BALLS = range(1, 91)


def count_problems(numbers: Iterable[int]) -> tuple[list[int], list[int]]:
    """The balls missing from a count, and those counted twice or that are no ball of the set."""
    seen: dict[int, int] = {}
    for n in numbers:
        seen[n] = seen.get(n, 0) + 1
    missing = [n for n in SET_BALLS if n not in seen]
    repeated = sorted(n for n, times in seen.items() if times > 1 or n not in SET_BALLS)
    return missing, repeated


def count_conforms(numbers: Iterable[int], condition_ok: bool = True) -> bool:
    """Whether a count shows the whole set, each ball once, in perfect condition."""
    missing, repeated = count_problems(numbers)
    return not missing and not repeated and condition_ok
