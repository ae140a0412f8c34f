"""Independent check of how a session's cartones were paid and of its player terminals
(auxiliary machines): every sale's means of payment, and the machines and their cartones
against the limits of the hall's region, which this checker knows itself (``REGION_LIMITS``):
an export does not vouch for its own figures.

Part of ``check_export.py`` (which calls it once per session), in a module of its own; like it,
it imports nothing but the standard library.

What the format gives: ``hall.region`` and ``rules.source.file`` (the region), ``sales[].payment``
(absent: cash), ``sales[].terminal`` (the machine a sale was made on, absent: none) and
``sessions[].terminal_limits`` (``category``, ``machines_max``, ``cartones_max`` and the
paragraphs they rest on). The export names no player: a machine serves one player at a time, so
the cartones one player bought on one machine in a partida are at most those the machine sold
in it, and the machine's count is what is bounded (Euskadi art. 3.6.b, read as cartones by the
hall's decision 282).

- R-SALE-4 (Cantabria II.1.a; Euskadi, disposición adicional octava): a cartón is paid at once
  by an authorised means (cash or card); credit, cheque, "on account" and deferred payment are
  forbidden by name, any other means is unknown.
- A region whose limits are known here (Euskadi): a session whose machines sold carries
  ``terminal_limits``, and they are the region's for its ``category`` (decision 333); the
  checks below use the region's figures, never the export's. Given the published region files
  (``check_export.py --regions``), the figures are the file's ``[hall]`` instead of
  ``REGION_LIMITS`` (check_regions.py, decision 334): one place for the published figures. A
  region known to set none (Cantabria) and a region not known here: the session's own
  ``terminal_limits``, if any.
- Euskadi art. 3.6.a: at most 12/8/6 machines (category especial or primera / segunda /
  tercera) sell in a session (a machine that sold in it was installed in it; decision 319);
  with no ``category`` no machine may sell.
- Euskadi art. 3.6.b: at most 6 cartones a partida per machine (and player).
- Electronic cartones in a region with limits are sold on a named machine (decision 281), and a
  machine sells electronic cartones only. That a machine never sells a cartón of the partida
  already sold (on paper or elsewhere) is ``check_export``'s overlap rule (R-SALE-2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
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


@dataclass(frozen=True)
class RegionLimits:
    """A region's limits on auxiliary machines as its regulation says them: machines by the
    hall's category, cartones a partida per machine and player."""

    machines: dict[str, int]
    cartones: int
    machines_rule: str
    cartones_rule: str


#: The regions whose limits this checker knows: Euskadi art. 3.6.a (12 machines in a hall of
#: categoría especial or 1.ª, 8 in 2.ª, 6 in 3.ª) and 3.6.b (6 series a partida per machine and
#: player, read as cartones: decision 282). A region set to None is known to set no figure
#: (Cantabria II.3, decision 281). An export is checked against these, as ``--published``
#: checks its region file against the regulator's list (decision 333).
REGION_LIMITS: dict[str, RegionLimits | None] = {
    "cantabria": None,
    "euskadi": RegionLimits(
        machines={"especial": 12, "primera": 12, "segunda": 8, "tercera": 6},
        cartones=6,
        machines_rule="Euskadi art. 3.6.a",
        cartones_rule="Euskadi art. 3.6.b",
    ),
}

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
    hall: str = ""  # whose machines they bound, when not "a hall of category <category>"

    @property
    def bounded(self) -> bool:
        return self.machines_max is not None or self.cartones_max is not None

    @property
    def of(self) -> str:
        return self.hall or f"a hall of category {self.category}"

    @property
    def no_machine(self) -> bool:
        """The limits say the hall has no category, so no machine may play (decision 281); with
        ``hall`` said the category is unknown, not absent."""
        return self.category is None and not self.hall


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
        if limits.no_machine:
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


def _listed(raw: object) -> list[dict[str, Any]]:
    return [p for p in raw if isinstance(p, dict)] if isinstance(raw, list) else []


def _partidas(raw: object) -> Iterable[tuple[str, dict[str, Any]]]:
    for position, partida in enumerate(raw if isinstance(raw, list) else [], 1):
        if isinstance(partida, dict):
            number = partida.get("number")
            yield (f"partida {number}" if _int(number) else f"partida #{position}"), partida


def regions_of(export: dict[str, Any], session: dict[str, Any]) -> list[str]:
    """The regions the export names for a session: the hall's (``hall.region``) and those of
    the region files its rules came from (``rules.source.file``, the export's and the
    session's own)."""
    named = []
    hall = export.get("hall")
    region = hall.get("region") if isinstance(hall, dict) else None
    if isinstance(region, str):
        named.append(region)
    for rules in (export.get("rules"), session.get("rules")):
        source = rules.get("source") if isinstance(rules, dict) else None
        file = source.get("file") if isinstance(source, dict) else None
        if isinstance(file, str):  # "config/regions/euskadi.toml"
            named.append(file.rsplit("/", 1)[-1].removesuffix(".toml"))
    return named


def _known(
    region: str, known: RegionLimits, said: Limits | None, sold: bool, where: str, problem: Problem
) -> Limits | None:
    """The limits of ``region``, whose figures this checker knows, for the session's category;
    every figure of the session's ``terminal_limits`` that is not the region's is a problem, as
    is a machine that sold in a session with none (decisions 300, 333)."""
    rules = f"{known.machines_rule}; {known.cartones_rule}"
    if said is None:
        if not sold:
            return None  # no machine sold: an export made before the limits were recorded
        problem(
            where,
            "machines sold in this session but it carries no terminal_limits: the region "
            f"{region} bounds its machines by the hall's category (R-MULTI-3; {rules}; "
            "decision 300); checked against the most any of its halls may have",
        )
        return Limits(
            None,
            max(known.machines.values()),
            known.cartones,
            known.machines_rule,
            known.cartones_rule,
            hall=f"any hall of the region {region}",
        )
    category = said.category
    if category is not None and category not in known.machines:
        problem(
            f"{where} terminal_limits",
            f"category {category!r} is not a hall category of the region {region} "
            f"({', '.join(known.machines)}; {known.machines_rule})",
        )
    hall = f"a hall of category {category}" if category else "a hall of no category"
    machines = known.machines.get(category, 0) if category is not None else 0
    for key, found, figure, rule in (
        ("machines_max", said.machines_max, machines, known.machines_rule),
        ("cartones_max", said.cartones_max, known.cartones, known.cartones_rule),
    ):
        if found != figure and (key == "cartones_max" or category in (None, *known.machines)):
            problem(
                f"{where} terminal_limits",
                f"{key} is {found!r} but {hall} of the region {region} has {figure} (R-MULTI-3; "
                f"{rule}): the limits are the regulation's, not the export's",
            )
    return Limits(
        category,
        # No category: each machine's sale is refused for that (decision 281), not counted too.
        known.machines.get(category) if category is not None else None,
        known.cartones,
        known.machines_rule,
        known.cartones_rule,
    )


def check_session(
    session: dict[str, Any],
    where: str,
    problem: Problem,
    regions: Iterable[str] = (),
    known: Mapping[str, RegionLimits | None] | None = None,
) -> None:
    """One session's sales: their means of payment, and its machines against the limits of its
    region (``regions``: those the export names for it, see ``regions_of``) when this checker
    knows them, else against the limits the session carries. ``known``: the limits of the
    published region files given (check_regions.py), in place of ``REGION_LIMITS``."""
    said = read_limits(session.get("terminal_limits"), where, problem)
    partidas = [
        (f"{where} {label}", _sales(partida, f"{where} {label}", problem))
        for label, partida in _partidas(session.get("partidas"))
    ]
    for label, partida in _partidas(session.get("game_partidas")):
        _sales(partida, f"{where} game {label}", problem)  # their means of payment
    for position, partida in enumerate(_listed(session.get("simultaneous_partidas")), 1):
        number = partida.get("partida")  # the centre's partida's sales at this hall (R-SALE-4)
        label = f"simultaneous partida {number if _int(number) else f'#{position}'}"
        _sales(partida, f"{where} {label}", problem)
    sold = any(s.terminal is not None for _, sales in partidas for s in sales)
    limits = said
    for region in regions:
        figures = (REGION_LIMITS if known is None else known).get(region)
        if figures is not None:
            limits = _known(region, figures, said, sold, where, problem)
            break
    if limits is None or not limits.bounded:
        return
    machines: dict[str, str] = {}
    for pwhere, sales in partidas:
        _limits(limits, sales, pwhere, problem, machines)
    most = limits.machines_max
    if most is not None and len(machines) > most:
        names = ", ".join(repr(m) for m in machines)
        problem(
            where,
            f"{len(machines)} machines sold in this session ({names}), more than the {most} of "
            f"{limits.of} (R-MULTI-3; {limits.machines_rule})",
        )
