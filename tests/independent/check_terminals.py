"""Independent check of how a session's cartones were paid and of its player terminals
(auxiliary machines): every sale's means of payment, and, when the session carries the limits
it was played under (``terminal_limits``), the machines and their cartones.

Part of ``check_export.py`` (which calls it once per session), in a module of its own; like it,
it imports nothing but the standard library.

What the format gives: ``sales[].payment`` (absent: cash), ``sales[].terminal`` (the machine a
sale was made on, absent: none) and ``sessions[].terminal_limits`` (``category``,
``machines_max``, ``cartones_max`` and the paragraphs they rest on). The export names no
player: a machine serves one player at a time, so the cartones one player bought on one machine
in a partida are at most those the machine sold in it, and the machine's count is what is
bounded (Euskadi art. 3.6.b, read as cartones by the hall's decision 282).

- R-SALE-4 (Cantabria II.1.a; Euskadi, disposición adicional octava): a cartón is paid at once
  by an authorised means (cash or card); credit, cheque, "on account" and deferred payment are
  forbidden by name, any other means is unknown.
- Euskadi art. 3.6.a: at most ``machines_max`` machines sell in a session (a machine that sold
  in it was installed in it; decision 319); with no ``category`` no machine may sell.
- Euskadi art. 3.6.b: at most ``cartones_max`` cartones a partida per machine (and player).
- Electronic cartones in a region with limits are sold on a named machine (decision 281), a
  machine sells electronic cartones only, and never a cartón of the partida already sold on
  paper (paper and terminals share one numbering: R-SALE-2, decision 5).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

#: The authorised means of payment (R-SALE-4); a sale without ``payment`` was paid in cash.
AUTHORISED = ("cash", "card")
#: What the regulation forbids by name.
FORBIDDEN = {
    "credit": "on credit",
    "cheque": "by cheque",
    "on_account": "on account",
    "deferred": "deferred",
}
MAX_NAME = 40  # characters of a machine's name (an operator's name)

Problem = Callable[[str, str], None]  # (where, message)


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Limits:
    category: str | None
    machines_max: int | None
    cartones_max: int | None
    machines_rule: str
    cartones_rule: str

    @property
    def bounded(self) -> bool:
        return self.machines_max is not None or self.cartones_max is not None


@dataclass(frozen=True)
class _Sale:
    label: str  # "sale #2 A-0001 31-36"
    series: str
    first: int
    last: int
    electronic: bool
    terminal: str | None

    @property
    def count(self) -> int:
        return self.last - self.first + 1


def read_limits(raw: object, where: str, problem: Problem) -> Limits | None:
    """The session's ``terminal_limits``, or None when absent or unreadable (said)."""
    if raw is None:
        return None
    where = f"{where} terminal_limits"
    if not isinstance(raw, dict):
        problem(where, "must be an object")
        return None
    category = raw.get("category")
    if category is not None and (not isinstance(category, str) or not category):
        problem(where, f"category must be a hall category or null, found {category!r}")
        category = None
    figures: dict[str, int | None] = {}
    for key, least in (("machines_max", 0), ("cartones_max", 1)):
        value = raw.get(key)
        if value is not None and (not _int(value) or value < least):
            problem(where, f"{key} must be an integer of at least {least} or null, found {value!r}")
            value = None
        figures[key] = value
    rules = {}
    for key in ("machines_rule", "cartones_rule"):
        value = raw.get(key, "")
        if not isinstance(value, str):
            problem(where, f"{key} must be a string, found {value!r}")
            value = ""
        rules[key] = value
    return Limits(
        category,
        figures["machines_max"],
        figures["cartones_max"],
        rules["machines_rule"],
        rules["cartones_rule"],
    )


def _payment(sale: dict[str, Any], label: str, where: str, problem: Problem) -> None:
    means = sale.get("payment", "cash")
    if means in AUTHORISED:
        return
    allowed = ", ".join(AUTHORISED)
    if means in FORBIDDEN:
        problem(
            where,
            f"{label} paid {FORBIDDEN[means]} ({means!r}): cartones are paid at once by an "
            f"authorised means ({allowed}); credit and cheques are forbidden (R-SALE-4)",
        )
    else:
        problem(
            where, f"{label} payment {means!r} is not an authorised means ({allowed}; R-SALE-4)"
        )


def _sales(partida: dict[str, Any], where: str, problem: Problem) -> list[_Sale]:
    """The partida's readable sales, each means of payment and machine name checked."""
    found = []
    raw = partida.get("sales")
    for index, sale in enumerate(raw if isinstance(raw, list) else [], 1):
        if not isinstance(sale, dict):
            continue  # check_export names it
        series, first, last = sale.get("series"), sale.get("first"), sale.get("last")
        span = f"{series} {first}-{last}" if isinstance(series, str) else ""
        label = f"sale #{index} {span}".rstrip()
        _payment(sale, label, where, problem)
        terminal = sale.get("terminal")
        if terminal is not None and not (
            isinstance(terminal, str)
            and 1 <= len(terminal) <= MAX_NAME
            and terminal.isprintable()
            and terminal == terminal.strip()
        ):
            problem(
                where,
                f"{label} terminal {terminal!r} is not a machine's name "
                f"(1 to {MAX_NAME} printable characters)",
            )
            terminal = None
        if not (isinstance(series, str) and _int(first) and _int(last) and first <= last):
            continue  # check_export names it
        electronic = sale.get("kind") == "electronic"
        if terminal is not None and not electronic:
            problem(
                where,
                f"{label} was sold on machine {terminal!r} but its kind is not electronic: a "
                "machine sells electronic cartones only (R-MULTI-3)",
            )
        found.append(_Sale(label, series, first, last, electronic, terminal))
    return found


def _paper_repeated(sales: list[_Sale], where: str, problem: Problem) -> None:
    """A machine never sells a cartón number the partida sold on paper: its cartones and the
    paper ones are one numbering of one card set (R-SALE-2)."""
    paper = [s for s in sales if s.terminal is None and not s.electronic]
    for sale in (s for s in sales if s.terminal is not None):
        for sheet in paper:
            lo, hi = max(sale.first, sheet.first), min(sale.last, sheet.last)
            if lo <= hi:
                span = f"{lo}" if lo == hi else f"{lo}-{hi}"
                problem(
                    where,
                    f"machine {sale.terminal!r} sold cartón number {span} ({sale.label}), "
                    f"already sold on paper in this partida ({sheet.label}): a machine's "
                    "cartones never repeat a paper cartón (R-SALE-2, R-MULTI-3)",
                )


def _limits(
    limits: Limits, sales: list[_Sale], where: str, problem: Problem, machines: dict[str, str]
) -> None:
    """One partida's sales against the session's limits; ``machines``: each machine that sold
    in the session so far, with where it first did."""
    for sale in sales:
        if sale.electronic and sale.terminal is None:
            problem(
                where,
                f"{sale.label} is electronic but names no machine: in a region that bounds its "
                "auxiliary machines electronic cartones are sold on a machine connected to the "
                f"table (R-MULTI-3; {limits.machines_rule or limits.cartones_rule})",
            )
        if sale.terminal is None:
            continue
        if limits.category is None:
            problem(
                where,
                f"machine {sale.terminal!r} sold ({sale.label}) but the session's "
                "terminal_limits say no hall category, so no machine may play "
                f"(R-MULTI-3; {limits.machines_rule})",
            )
        machines.setdefault(sale.terminal, where)
    if limits.cartones_max is None:
        return
    bought = Counter[str]()
    for sale in sales:
        if sale.terminal is not None:
            bought[sale.terminal] += sale.count
    for terminal, count in sorted(bought.items()):
        if count > limits.cartones_max:
            problem(
                where,
                f"machine {terminal!r} sold {count} cartones in this partida, more than the "
                f"{limits.cartones_max} a partida per machine and player (R-MULTI-3; "
                f"{limits.cartones_rule})",
            )


def _partidas(raw: object) -> Iterable[tuple[str, dict[str, Any]]]:
    for position, partida in enumerate(raw if isinstance(raw, list) else [], 1):
        if isinstance(partida, dict):
            number = partida.get("number")
            yield (f"partida {number}" if _int(number) else f"partida #{position}"), partida


def check_session(session: dict[str, Any], where: str, problem: Problem) -> None:
    """One session's sales: their means of payment, and its machines against its limits."""
    limits = read_limits(session.get("terminal_limits"), where, problem)
    machines: dict[str, str] = {}
    for label, partida in _partidas(session.get("partidas")):
        pwhere = f"{where} {label}"
        sales = _sales(partida, pwhere, problem)
        _paper_repeated(sales, pwhere, problem)
        if limits is not None and limits.bounded:
            _limits(limits, sales, pwhere, problem, machines)
    for label, partida in _partidas(session.get("game_partidas")):
        _sales(partida, f"{where} game {label}", problem)  # their means of payment
    most = limits.machines_max if limits is not None else None
    if limits is not None and most is not None and len(machines) > most:
        names = ", ".join(repr(m) for m in machines)
        problem(
            where,
            f"{len(machines)} machines sold in this session ({names}), more than the {most} of "
            f"a hall of category {limits.category} (R-MULTI-3; {limits.machines_rule})",
        )
