"""The partidas of bingo derivado and bingo plus of one session, as plain data for the acta.

Pure, like ``actas.builder``: it reads the export's ``games`` (the definitions played) and a
session's ``game_partidas`` (Cantabria catalogue B.3, B.4; R-MULTI-4) and returns frozen
dataclasses, the figures kept apart from the ordinary bingo's (``GameTotals``), with the
record's internal inconsistencies in words for the acta's observations. The full recomputation
of winners and shares from the cartones is the independent checker's, not the acta's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from actas.model import (
    GameInfo,
    GamePartidaBlock,
    GamePrize,
    GameTotals,
    Incident,
    PartidaStatus,
    SaleRange,
    Winner,
)
from bingo.game.prizes import plan_stake_cents
from bingo.money import BP_WHOLE

__all__ = [
    "Repeated",
    "build_game_partidas",
    "game_observations",
    "game_totals",
    "games_by_id",
    "plan_figures",
    "repeated_cartones",
]


@dataclass(frozen=True)
class Repeated:
    """Cartones ``first..last`` of the card set sold by two sales of one partida, as
    ``series`` and ``other`` (the same serie twice, or two series): the same combinations.
    """

    series: str
    other: str
    first: int
    last: int

    def text(self) -> str:
        """The cartones in the record's words: ``A/5 y B/5`` or ``A/5–8 y B/5–8``."""
        span = str(self.first) if self.first == self.last else f"{self.first}–{self.last}"
        return f"{self.series}/{span}, {self.other}/{span}"


def repeated_cartones(sales: Sequence[SaleRange]) -> list[Repeated]:
    """Every cartón of the card set two sales of a partida hold: cartón n of every serie is the
    card set's combination n, so two sales of the same numbers sell the same cartón twice
    (R-SALE-2; decisions 261, 266), under one serie or two.
    """
    out: list[Repeated] = []
    for i, a in enumerate(sales):
        for b in sales[i + 1 :]:
            lo, hi = max(a.first, b.first), min(a.last, b.last)
            if lo <= hi:
                out.append(Repeated(a.series, b.series, lo, hi))
    return out


def _int(value: Any) -> int:
    return 0 if value is None else int(value)


def _names(raw: Any) -> dict[str, str]:
    return {str(k): str(v) for k, v in raw.items()} if isinstance(raw, Mapping) else {}


def _game(g: Mapping[str, Any]) -> GameInfo:
    carton: Mapping[str, Any] = g.get("carton") or {}
    plan: Mapping[str, Any] = g.get("plan") or {}
    balls = plan.get("balls")
    floor = plan.get("min_payout_bp")
    return GameInfo(
        id=str(g["id"]),
        version=str(g.get("version", "")),
        sha256=str(g.get("sha256") or ""),
        modality=str(g.get("modality", "")),
        names=_names(g.get("names")),
        numbers=_int(g.get("numbers")),
        rows=_int(carton.get("rows")),
        columns=_int(carton.get("columns")),
        plan=str(plan.get("kind", "")),
        plan_balls=None if balls is None else int(balls),
        min_payout_bp=None if floor is None else int(floor),
        combination_names={
            str(c["code"]): _names(c.get("names")) for c in g.get("combinations") or []
        },
    )


def games_by_id(export: Mapping[str, Any]) -> dict[str, tuple[GameInfo, tuple[str, ...]]]:
    """Each game of the export by id, with its plan's combinations in the plan's order."""
    out: dict[str, tuple[GameInfo, tuple[str, ...]]] = {}
    for g in export.get("games") or []:
        plan: Mapping[str, Any] = g.get("plan") or {}
        order = tuple(str(p["combination"]) for p in plan.get("prizes") or [])
        out.setdefault(str(g["id"]), (_game(g), order))
    return out


def _prizes(
    p: Mapping[str, Any], order: Sequence[str], balls: Sequence[int]
) -> tuple[GamePrize, ...]:
    stakes = {str(x["combination"]): int(x["amount_cents"]) for x in p.get("prizes") or []}
    awards: Sequence[Mapping[str, Any]] = p.get("awards") or []
    residues: Mapping[str, Any] = p.get("residue_cents") or {}
    codes = list(dict.fromkeys([*order, *stakes, *(str(a["combination"]) for a in awards)]))
    out: list[GamePrize] = []
    for code in codes:
        winners = tuple(
            Winner(
                str(a["series"]),
                int(a["number"]),
                int(a["completed_at_ball"]),
                _ball(balls, int(a["completed_at_ball"])),
                int(a["amount_cents"]),
            )
            for a in awards
            if a["combination"] == code
        )
        out.append(GamePrize(code, stakes.get(code, 0), winners, _int(residues.get(code))))
    return tuple(out)


def _ball(balls: Sequence[int], index: int) -> int | None:
    return int(balls[index - 1]) if 1 <= index <= len(balls) else None


def _incidents(p: Mapping[str, Any]) -> tuple[Incident, ...]:
    return tuple(
        Incident(str(i.get("kind", "")), _int(i.get("after_ball")), str(i.get("note", "")))
        for i in p.get("incidents") or []
    )


def build_game_partidas(
    export: Mapping[str, Any], session: Mapping[str, Any]
) -> tuple[GamePartidaBlock, ...]:
    """The session's game partidas in their order (``actas.export_shape`` has checked that
    each names a game of the export and a known status).
    """
    games = games_by_id(export)
    out: list[GamePartidaBlock] = []
    for p in sorted(session.get("game_partidas") or [], key=lambda q: int(q["number"])):
        game, order = games[str(p["game"])]
        status: PartidaStatus = p["status"]
        results = status != "open"
        balls = tuple(int(b) for b in p.get("balls") or []) if results else ()
        out.append(
            GamePartidaBlock(
                number=int(p["number"]),
                game=game,
                status=status,
                opened_at=p.get("opened_at"),
                closed_at=p.get("closed_at"),
                card_set=str(p.get("card_set", "")),
                face_value_cents=_int(p.get("face_value_cents")),
                sales=tuple(
                    SaleRange(
                        str(s["series"]),
                        int(s["first"]),
                        int(s["last"]),
                        str(s.get("kind", "physical")),
                    )
                    for s in p.get("sales") or []
                ),
                cards_sold=_int(p.get("cards_sold")),
                takings_cents=_int(p.get("takings_cents")),
                balls=balls,
                prizes=_prizes(p, order, balls) if status == "closed" else (),
                payout_cents=_int(p.get("payout_cents")) if status == "closed" else 0,
                refund_cents=_int(p.get("refund_cents")),
                incidents=_incidents(p),
                last_announced=p.get("last_announced") is True,
            )
        )
    return tuple(out)


def game_totals(partidas: Sequence[GamePartidaBlock]) -> GameTotals | None:
    """The other modalities' figures of the session (None when it played none)."""
    if not partidas:
        return None
    done = [p for p in partidas if p.status != "open"]
    closed = [p for p in done if p.status == "closed"]
    return GameTotals(
        partidas_closed=len(closed),
        partidas_annulled=sum(1 for p in done if p.status == "annulled"),
        cards_sold=sum(p.cards_sold for p in done),
        takings_cents=sum(p.takings_cents for p in done),
        refunds_cents=sum(p.refund_cents for p in done),
        prizes_paid_cents=sum(pr.paid_cents for p in closed for pr in p.prizes),
        residues_cents=sum(p.residue_cents for p in closed),
    )


def game_observations(
    partidas: Sequence[GamePartidaBlock], plans: Mapping[str, Mapping[str, int]]
) -> list[str]:
    """What in the record of the game partidas does not agree with itself, in words.

    ``plans`` gives, by game id, each combination's basis points (plan ``partida``) or price
    multiple (plan ``instantaneo``).
    """
    notes: list[str] = []
    previous = 0
    for p in partidas:
        where = f"Partida {p.number} de {p.game.name('es')}"
        if p.number != previous + 1:
            notes.append(f"{where}: número de orden no correlativo (anterior {previous}).")
        previous = p.number
        sold = sum(s.count for s in p.sales)
        if sold != p.cards_sold:
            notes.append(
                f"{where}: los rangos vendidos suman {sold} cartones y constan {p.cards_sold}."
            )
        if p.cards_sold * p.face_value_cents != p.takings_cents:
            notes.append(f"{where}: la recaudación no es cartones × precio.")
        for r in repeated_cartones(p.sales):
            notes.append(
                f"{where}: cartón vendido dos veces ({r.text()}): la misma combinación del "
                f"modelo {p.card_set} (R-SALE-2)."
            )
        if p.status == "annulled" and p.refund_cents != p.takings_cents:
            notes.append(f"{where}: anulada sin devolución íntegra.")
        if p.status != "closed":
            continue
        paid = sum(pr.paid_cents for pr in p.prizes)
        if paid != p.payout_cents:
            notes.append(
                f"{where}: lo pagado consta como {p.payout_cents} céntimos y los premios suman "
                f"{paid}."
            )
        if p.game.plan == "instantaneo" and len(p.balls) != p.game.plan_balls:
            notes.append(
                f"{where}: {len(p.balls)} bolas extraídas; el plan extrae {p.game.plan_balls}."
            )
        plan = plans.get(p.game.id, {})
        for pr in p.prizes:
            notes += _prize_notes(where, p, pr, plan.get(pr.combination))
        last = list(plan)[-1] if plan else None
        won = {pr.combination for pr in p.prizes if pr.winners}
        if p.game.plan == "partida" and last is not None and last not in won:
            name = p.game.combination(last, "es")
            notes.append(f"{where}: liquidada sin ganador del último premio del plan, «{name}».")
    return notes


def _stake(p: GamePartidaBlock, figure: int) -> int:
    """What the plan puts at stake for a prize of ``figure``: the engine's one rule."""
    return plan_stake_cents(p.game.plan, figure, p.takings_cents, p.face_value_cents)


def _prize_notes(where: str, p: GamePartidaBlock, pr: GamePrize, figure: int | None) -> list[str]:
    name = p.game.combination(pr.combination, "es")
    notes: list[str] = []
    for w in pr.winners:
        if w.ball_index > len(p.balls):
            notes.append(
                f"{where}: el ganador {w.series}/{w.number} de «{name}» se completa con la bola "
                f"{w.ball_index}, no extraída."
            )
    if p.game.plan == "partida":
        if figure is not None and _stake(p, figure) != pr.amount_cents:
            notes.append(
                f"{where}: el premio «{name}» no es el {figure / 100:g} % de la recaudación."
            )
        if len({w.share_cents for w in pr.winners}) > 1:
            notes.append(f"{where}: el premio «{name}» no se repartió a partes iguales.")
        if pr.residue_cents >= max(len(pr.winners), 1):
            notes.append(f"{where}: residuo del premio «{name}» mayor que el número de ganadores.")
        if pr.winners and pr.paid_cents + pr.residue_cents != pr.amount_cents:
            notes.append(
                f"{where}: el reparto del premio «{name}» y su residuo no suman el premio."
            )
    elif p.game.plan == "instantaneo":
        if figure is not None and _stake(p, figure) != pr.amount_cents:
            notes.append(
                f"{where}: el premio «{name}» no es {figure / BP_WHOLE:g} veces el precio del "
                "cartón."
            )
        if any(w.share_cents != pr.amount_cents for w in pr.winners):
            notes.append(f"{where}: un ganador de «{name}» no cobra el premio del plan.")
    return notes


def plan_figures(export: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    """By game id, each prize's basis points (``partida``) or price multiple (``instantaneo``)."""
    out: dict[str, dict[str, int]] = {}
    for g in export.get("games") or []:
        figures: dict[str, int] = {}
        for pz in (g.get("plan") or {}).get("prizes") or []:
            value = pz.get("basis_points", pz.get("price_multiple_bp"))
            if value is not None:
                figures[str(pz["combination"])] = int(value)
        out.setdefault(str(g["id"]), figures)
    return out
