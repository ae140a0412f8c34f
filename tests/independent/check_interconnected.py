"""Independent check of a partida's interconnected prize (Cantabria V.2.b and V.3): the
``interconnected`` object an export adds per partida of a hall that joined it.

Part of ``check_export.py`` (which calls it), in a module of its own; like it, it imports
nothing but the standard library.

One hall's export proves what is the hall's own: its contribution (the percentage of its
takings, to the fund up to its maximum, then to the reserve up to its maximum), the award
against the fund, the announcement and the bingo's ball, the equal sharing among its bingo
winners with the residue kept in the fund, and each settlement's before/after arithmetic.
Across its partidas it proves what can only grow: the generation, and within one generation
the fund, the reserve and the partidas accumulated. It cannot prove what the other halls
did between two of its partidas (their contributions, a fund another hall won, the ledger's
balance over the whole network): that needs the network's ledger. The figures themselves
(percentage, maximum, reserve, the ball limit of each fund by the scale) are the export's here;
given the published region files, check_regions.py compares them with the file's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

BP_SCALE = 10_000
FIRST_BINGO_BALL, LAST_BALL = 15, 90  # a bingo needs its fifteen numbers
SETTLED = (
    "contribution_cents",
    "to_reserve_cents",
    "fund_before_cents",
    "fund_after_cents",
    "reserve_before_cents",
    "reserve_after_cents",
    "awarded_cents",
    "residue_cents",
    "partidas_accumulated",
)

Problem = Callable[[str], None]
Carton = tuple[str, int]


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass
class _Network:
    """What one hall's export has shown of a network so far."""

    figures: tuple[object, ...]  # contribution_bp, fund_max_cents, reserve_max_cents
    where: str
    scale: list[tuple[int, int | None, str]] = field(default_factory=list)
    generation: int | None = None  # in play after the last settlement
    fund_after: int = 0
    reserve_after: int = 0
    accumulated: int = 0
    last: str = ""  # where the last settlement was


@dataclass
class State:
    """Carried from partida to partida of one export."""

    networks: dict[str, _Network] = field(default_factory=dict)


@dataclass(frozen=True)
class Partida:
    """What the main checker recomputed of the partida."""

    where: str
    status: str | None
    takings: int | None  # recomputed from the sales
    bingo_after: int | None  # balls drawn when the winning bingo was called
    bingo_winners: frozenset[Carton]
    awards: tuple[tuple[Carton, int], ...]  # the interconnected awards: cartón, amount
    paid: bool = False  # its prizes were paid (the export's ``state`` "paid")


def _fund(step: tuple[int, int | None]) -> int:
    return step[0]


def _read(raw: dict[str, Any], problem: Problem) -> dict[str, Any] | None:
    out: dict[str, Any] = {}
    ints = {
        "generation": 1,
        "amount_cents": 0,
        "contribution_bp": 1,
        "fund_max_cents": 1,
        "reserve_max_cents": 0,
        "settled_generation": 1,
        **dict.fromkeys(SETTLED, 0),
    }
    optional = {"fund_max_cents", "reserve_max_cents", "settled_generation", *SETTLED}
    for key, minimum in ints.items():
        value = raw.get(key)
        if value is None and key in optional:
            continue
        if not _int(value) or value < minimum:
            problem(f"interconnected {key} must be an integer ≥ {minimum}, found {value!r}")
            return None
        out[key] = value
    if not isinstance(raw.get("network"), str) or not raw["network"]:
        problem("interconnected network must be a non-empty text")
        return None
    out["network"] = raw["network"]
    if not isinstance(raw.get("available"), bool):
        problem(f"interconnected available must be true or false, found {raw.get('available')!r}")
        return None
    out["available"] = raw["available"]
    # "announced": false (absent: true) marks a fund recorded but never told to the players, a
    # partida kept in the manual book: it feeds the fund and is not in play (decision 302).
    announced = raw.get("announced", True)
    if not isinstance(announced, bool):
        problem(f"interconnected announced must be true or false, found {announced!r}")
        return None
    out["announced"] = announced
    limit = raw.get("ball_limit")
    if limit is not None and (not _int(limit) or not FIRST_BINGO_BALL <= limit <= LAST_BALL):
        problem(f"interconnected ball_limit {limit!r} is not a bingo's ball (15 to 90)")
        return None
    out["ball_limit"] = limit
    if out["contribution_bp"] >= BP_SCALE:
        problem(f"interconnected contribution_bp {out['contribution_bp']} is not below 10000")
        return None
    present = [k for k in SETTLED if k in out]
    if present and len(present) != len(SETTLED):
        missing = ", ".join(k for k in SETTLED if k not in out)
        problem(f"interconnected settlement is incomplete: no {missing}")
        return None
    return out


def check(raw: object, partida: Partida, state: State, problem: Problem) -> None:
    """Every problem of the partida's ``interconnected`` object (None: the hall did not join)."""
    if raw is None:  # the hall did not join, or an export without the added object
        return
    if not isinstance(raw, dict):
        problem(f"interconnected must be an object, found {type(raw).__name__}")
        return
    ic = _read(raw, problem)
    if ic is None:
        return
    network = _network(ic, partida, state, problem)
    _announcement(ic, network, partida, problem)
    if "awarded_cents" not in ic:
        if partida.paid:
            problem(
                "interconnected fund announced and the partida's prizes paid, but it was not "
                "settled against the ledger: a partida that announced the prize is paid only "
                "once it is settled (Cantabria V.3)"
            )
        for carton, amount in partida.awards:
            problem(
                f"interconnected award to {carton[0]}/{carton[1]} ({amount} cents) but the "
                f"partida was not settled against the ledger"
            )
        return
    if partida.status != "closed":
        problem(f"interconnected settlement recorded in a partida that is {partida.status}")
        return
    _settlement(ic, partida, problem)
    _continuity(ic, network, partida, problem)


def _network(ic: dict[str, Any], partida: Partida, state: State, problem: Problem) -> _Network:
    figures = (ic["contribution_bp"], ic.get("fund_max_cents"), ic.get("reserve_max_cents"))
    network = state.networks.get(ic["network"])
    if network is None:
        network = state.networks[ic["network"]] = _Network(figures, partida.where)
    elif figures != network.figures:
        problem(
            "interconnected figures (contribution_bp, fund_max_cents, reserve_max_cents) "
            f"{list(figures)} differ from {list(network.figures)} at {network.where}: a network "
            "keeps the figures it was opened with"
        )
    return network


def _announcement(ic: dict[str, Any], net: _Network, partida: Partida, problem: Problem) -> None:
    amount, limit, available = ic["amount_cents"], ic["ball_limit"], ic["available"]
    if available != (limit is not None):
        problem(f"interconnected available is {str(available).lower()} but ball_limit is {limit}")
    if available and not ic["announced"]:
        problem("interconnected available although the fund was not announced")
    if available and amount == 0:
        problem("interconnected available with a fund of 0 cents")
    fund_max = ic.get("fund_max_cents")
    if fund_max is not None and amount > fund_max:
        problem(f"interconnected amount_cents {amount} is above fund_max_cents {fund_max}")
    # The scale rises with the fund: a larger fund is never won with fewer balls, and a fund
    # in play stays in play when it is larger (Cantabria V.2.b, decision 287).
    # (a fund not announced was not in play whatever its amount: no step of the scale)
    for other_amount, other_limit, where in net.scale if ic["announced"] else ():
        if other_amount == amount:
            wrong = other_limit != limit
        else:
            (_, low), (_, high) = sorted(((other_amount, other_limit), (amount, limit)), key=_fund)
            wrong = low is not None and (high is None or high < low)
        if wrong:
            problem(
                f"interconnected ball_limit {limit} for a fund of {amount} cents does not follow "
                f"the scale of {where} (ball_limit {other_limit} for {other_amount} cents): a "
                f"larger fund is won within at least as many balls"
            )
            break
    if ic["announced"]:
        net.scale.append((amount, limit, partida.where))
    if net.generation is not None and ic["generation"] < net.generation:
        problem(
            f"interconnected generation {ic['generation']} announced after generation "
            f"{net.generation} was in play at {net.last}: generations never go back"
        )
    elif net.generation == ic["generation"] and amount < net.fund_after:
        problem(
            f"interconnected amount_cents {amount} announced but the fund of generation "
            f"{ic['generation']} was already {net.fund_after} at {net.last}: within a "
            f"generation it only grows"
        )


def _settlement(ic: dict[str, Any], partida: Partida, problem: Problem) -> None:
    bp, takings = ic["contribution_bp"], partida.takings
    given, to_reserve = ic["contribution_cents"], ic["to_reserve_cents"]
    f0, f1 = ic["fund_before_cents"], ic["fund_after_cents"]
    r0, r1 = ic["reserve_before_cents"], ic["reserve_after_cents"]
    awarded, residue = ic["awarded_cents"], ic["residue_cents"]
    fund_max, reserve_max = ic.get("fund_max_cents"), ic.get("reserve_max_cents")
    to_fund = given - to_reserve
    if to_reserve > given:
        problem(f"interconnected to_reserve_cents {to_reserve} exceeds contribution_cents {given}")
        return
    if takings is not None:
        wanted = takings * bp // BP_SCALE
        if fund_max is not None and reserve_max is not None:
            # V.2.b: "hasta alcanzar el máximo previsto y en su caso, para reserva de éste"
            fund_part = max(0, min(wanted, fund_max - f0))
            reserve_part = max(0, min(wanted - fund_part, reserve_max - r0))
            if (to_fund, to_reserve) != (fund_part, reserve_part):
                problem(
                    f"interconnected contribution {given} ({to_fund} to the fund, {to_reserve} "
                    f"to the reserve) but {bp} bp of takings {takings} is {wanted}: "
                    f"{fund_part} to the fund (before {f0}, maximum {fund_max}) and "
                    f"{reserve_part} to the reserve (before {r0}, maximum {reserve_max})"
                )
        elif given > wanted:
            problem(
                f"interconnected contribution_cents {given} exceeds {bp} bp of takings "
                f"{takings} ({wanted})"
            )
    caps = (("fund", f0, fund_max), ("fund", f1, fund_max))
    caps += (("reserve", r0, reserve_max), ("reserve", r1, reserve_max))
    for what, value, cap in caps:
        if cap is not None and value > cap:
            problem(f"interconnected {what} {value} is above its maximum {cap}")
    if ic["partidas_accumulated"] < 1:
        problem("interconnected partidas_accumulated is 0 but this partida contributed to it")
    settled_generation = ic.get("settled_generation")
    qualifies = (
        ic["available"]
        and partida.bingo_after is not None
        and bool(partida.bingo_winners)
        and partida.bingo_after <= ic["ball_limit"]
    )
    if settled_generation is not None and settled_generation < ic["generation"]:
        problem(
            f"interconnected settled in generation {settled_generation}, before the generation "
            f"{ic['generation']} announced"
        )
    if settled_generation == ic["generation"] and f0 < ic["amount_cents"]:
        problem(
            f"interconnected fund_before_cents {f0} is less than the {ic['amount_cents']} "
            f"announced in the same generation: within a generation the fund only grows"
        )
    if not awarded:
        _not_won(ic, partida, qualifies, to_fund, problem)
        return
    if not qualifies:
        problem(
            f"interconnected awarded_cents {awarded} but the bingo "
            + (
                "was not called"
                if partida.bingo_after is None
                else f"was called after ball {partida.bingo_after} and the prize was "
                + (f"won within {ic['ball_limit']} balls" if ic["available"] else "not in play")
            )
        )
    if settled_generation is not None and settled_generation != ic["generation"]:
        problem(
            f"interconnected awarded in generation {settled_generation}, not the generation "
            f"{ic['generation']} announced"
        )
    if awarded < ic["amount_cents"]:
        problem(
            f"interconnected awarded_cents {awarded} is less than the {ic['amount_cents']} "
            "announced"
        )
    fund = f0 + to_fund
    if awarded + residue != fund:
        problem(
            f"interconnected awarded {awarded} + residue {residue} = {awarded + residue} but the "
            f"fund was {f0} + {to_fund} contributed = {fund}: the whole fund is won"
        )
    _shares(ic, partida, fund, problem)
    seed = f1 - residue
    if seed < 0 or r1 != r0 + to_reserve - seed:
        problem(
            f"interconnected after the award: fund_after {f1} and reserve_after {r1}, but the "
            f"next fund is the residue {residue} plus what the reserve ({r0} + {to_reserve}) "
            f"seeds, taken from it"
        )
    elif fund_max is not None and seed != min(r0 + to_reserve, fund_max - residue):
        problem(
            f"interconnected reserve seeds {seed} but it should seed "
            f"{min(r0 + to_reserve, fund_max - residue)} (its {r0 + to_reserve}, up to the "
            f"fund's maximum {fund_max})"
        )


def _not_won(
    ic: dict[str, Any], partida: Partida, qualifies: bool, to_fund: int, problem: Problem
) -> None:
    f0, r0 = ic["fund_before_cents"], ic["reserve_before_cents"]
    if ic["residue_cents"]:
        problem(f"interconnected residue_cents {ic['residue_cents']} but nothing was awarded")
    if ic["fund_after_cents"] != f0 + to_fund or ic["reserve_after_cents"] != r0 + (
        ic["contribution_cents"] - to_fund
    ):
        problem(
            f"interconnected fund {f0} → {ic['fund_after_cents']} and reserve {r0} → "
            f"{ic['reserve_after_cents']}, but with nothing awarded they grow by the "
            f"contribution: fund {f0 + to_fund}, reserve {r0 + ic['contribution_cents'] - to_fund}"
        )
    if qualifies and ic.get("settled_generation") == ic["generation"]:
        problem(
            f"interconnected not awarded although the bingo was called after ball "
            f"{partida.bingo_after}, within the {ic['ball_limit']} announced, and the generation "
            f"{ic['generation']} announced was still in play"
        )
    for carton, amount in partida.awards:
        problem(
            f"interconnected award to {carton[0]}/{carton[1]} ({amount} cents) but "
            f"awarded_cents is 0"
        )


def _shares(ic: dict[str, Any], partida: Partida, fund: int, problem: Problem) -> None:
    winners = partida.bingo_winners
    if not winners:
        return
    share = fund // len(winners)
    if ic["residue_cents"] != fund - share * len(winners):
        problem(
            f"interconnected residue {ic['residue_cents']} but {fund} shared by {len(winners)} "
            f"winner(s) leaves {fund - share * len(winners)} (R-PRIZE-3)"
        )
    paid = [carton for carton, _ in partida.awards]
    for carton in sorted(winners - set(paid)):
        problem(f"interconnected winner {carton[0]}/{carton[1]} has no interconnected award")
    for carton, amount in partida.awards:
        if carton in winners and amount != share:
            problem(
                f"interconnected award {carton[0]}/{carton[1]} amount {amount} but {fund} shared "
                f"by {len(winners)} winner(s) is {share} each (R-PRIZE-3)"
            )
    total = sum(amount for _, amount in partida.awards)
    if total != ic["awarded_cents"]:
        problem(f"interconnected awards sum to {total} but awarded_cents is {ic['awarded_cents']}")


def _continuity(ic: dict[str, Any], net: _Network, partida: Partida, problem: Problem) -> None:
    """Between two of this hall's partidas other halls may contribute, or win the fund: the
    figures only grow within a generation, and the generation only moves on.
    """
    generation = ic.get("settled_generation")
    if generation is None:
        return
    if net.generation is not None:
        if generation < net.generation:
            problem(
                f"interconnected settled in generation {generation} after generation "
                f"{net.generation} was in play at {net.last}"
            )
        elif generation == net.generation:
            for what, before, after in (
                ("fund_before_cents", ic["fund_before_cents"], net.fund_after),
                ("reserve_before_cents", ic["reserve_before_cents"], net.reserve_after),
            ):
                if before < after:
                    problem(
                        f"interconnected {what} {before} but it was {after} after {net.last}, "
                        f"in the same generation {generation}"
                    )
            if ic["partidas_accumulated"] <= net.accumulated:
                problem(
                    f"interconnected partidas_accumulated {ic['partidas_accumulated']} but it "
                    f"was {net.accumulated} at {net.last}, in the same generation"
                )
    won = ic["awarded_cents"] > 0
    net.generation = generation + 1 if won else generation
    net.fund_after, net.reserve_after = ic["fund_after_cents"], ic["reserve_after_cents"]
    net.accumulated = 0 if won else ic["partidas_accumulated"]
    net.last = partida.where
