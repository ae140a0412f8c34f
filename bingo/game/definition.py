"""A game definition: how one modality authorised by the region is played (SPEC R-MULTI-4).

The cartón is stored as *slots*: ``rows`` rows of ``numbers // rows`` numbers each, ascending
within a row. For the ordinary bingo these are the 3 × 5 numbers of the 3 × 9 grid (a number's
grid column is its decade); for the other modalities every cell of the grid holds a number, so
slots and cells are the same. A winning combination is one or more *masks* over the slots: it
is completed when every number of any one of its masks has been drawn.

Prize plans (Cantabria B.3.b, B.4; docs/decisions.md 180–184):

- ``region``: the ordinary bingo's line, bingo, prima and bola loca, from the region's rules
  (R-PRIZE-1, R-NET-3), never from the game file;
- ``partida``: each prize a percentage of the partida's takings, shared equally by the cartones
  that complete its combination first, prizes won in the plan's order (bingo plus);
- ``instantaneo``: each prize a fixed multiple of the cartón's price, paid to every cartón that
  completes its combination within a fixed number of balls, whatever was sold (bingo derivado,
  instant version); a cartón is paid its best prize only;
- ``diferido``: each prize a fixed amount, paid from a fund fed by a percentage of the sales
  (bingo derivado, deferred version).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from bingo.i18n import _
from bingo.money import BP_WHOLE

__all__ = [
    "COMBINATION_KINDS",
    "MODALITIES",
    "PLACEMENTS",
    "PLANS",
    "CardShape",
    "Combination",
    "GameDefinition",
    "GameDefinitionError",
    "Prize",
    "column_bands",
    "combination_masks",
    "instant_shares",
]

MODALITIES = ("ordinario", "derivado", "plus")
#: How numbers are laid on the cartón: the ordinary decades (blank cells allowed), one band of
#: the range per column (ascending top to bottom), or free (ascending in reading order).
PLACEMENTS = ("decenas", "columnas", "libre")
COMBINATION_KINDS = ("fila", "columna", "completo", "dibujo")
PLANS = ("region", "partida", "instantaneo", "diferido")

#: What the catalogue allows each modality: (numbers drawn), (numbers on a cartón).
#: Ordinary: Cantabria B.I and Euskadi art. 3.1; derivado: B.3.a; plus: B.4.
BOUNDS: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {
    "ordinario": ((90, 90), (15, 15)),
    "derivado": ((6, 90), (6, 18)),
    "plus": ((1, 100), (5, 20)),
}
BOUND_PARAGRAPH = {
    "ordinario": "Cantabria B.I; Euskadi art. 3.1",
    "derivado": "Cantabria B.3.a",
    "plus": "Cantabria B.4",
}
#: The plans each modality may use (docs/decisions.md 181–183).
MODALITY_PLANS = {
    "ordinario": ("region",),
    "derivado": ("instantaneo", "diferido"),
    "plus": ("partida",),
}


class GameDefinitionError(ValueError):
    """A definition that cannot be played; ``problems`` has one message per fault."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


Slot = tuple[int, int]  # (row, position in the row), 0-based


@dataclass(frozen=True)
class CardShape:
    """The cartón: a ``rows`` × ``columns`` grid of ``numbers`` numbers laid by ``placement``."""

    rows: int
    columns: int
    numbers: int
    placement: str

    @property
    def per_row(self) -> int:
        return self.numbers // self.rows if self.rows else 0

    @property
    def slots(self) -> tuple[Slot, ...]:
        return tuple((r, k) for r in range(self.rows) for k in range(self.per_row))


def column_bands(count: int, columns: int) -> tuple[tuple[int, int], ...]:
    """The numbers each column holds under ``columnas`` placement: 1..count cut into ``columns``
    consecutive bands as equal as possible (first, last), inclusive.
    """
    return tuple((c * count // columns + 1, (c + 1) * count // columns) for c in range(columns))


def combination_masks(
    kind: str, shape: CardShape, drawings: Sequence[Sequence[str]] = ()
) -> tuple[frozenset[Slot], ...]:
    """The masks of a combination of ``kind`` on ``shape``: each row, each column, the whole
    cartón, or each drawing (rows of ``X`` for a marked cell and ``.`` for a free one).

    Raises :class:`GameDefinitionError` for a kind the shape cannot have or a bad drawing.
    """
    if kind == "fila":
        return tuple(frozenset((r, k) for k in range(shape.per_row)) for r in range(shape.rows))
    if kind == "completo":
        return (frozenset(shape.slots),)
    if shape.placement == "decenas":  # slots are not grid cells: rows and the whole only
        raise GameDefinitionError(
            [
                _("el bingo ordinario solo premia filas y el cartón completo, no «{k}»").format(
                    k=kind
                )
            ]
        )
    if kind == "columna":
        return tuple(frozenset((r, c) for r in range(shape.rows)) for c in range(shape.columns))
    if kind != "dibujo":
        raise GameDefinitionError(
            [
                _("tipo de combinación «{k}» desconocido (conocidos: {known})").format(
                    k=kind, known=", ".join(COMBINATION_KINDS)
                )
            ]
        )
    if not drawings:
        raise GameDefinitionError([_("una combinación «dibujo» necesita al menos un dibujo")])
    masks: list[frozenset[Slot]] = []
    for drawing in drawings:
        if len(drawing) != shape.rows or any(
            not isinstance(line, str) or len(line) != shape.columns or set(line) - {"X", "."}
            for line in drawing
        ):
            raise GameDefinitionError(
                [
                    _(
                        "un dibujo son {r} líneas de {c} caracteres, «X» la casilla que cuenta "
                        "y «.» la que no"
                    ).format(r=shape.rows, c=shape.columns)
                ]
            )
        masks.append(
            frozenset(
                (r, c) for r, line in enumerate(drawing) for c, x in enumerate(line) if x == "X"
            )
        )
    return tuple(masks)


@dataclass(frozen=True)
class Combination:
    """A winning combination: completed when all numbers of any one of ``masks`` are drawn."""

    code: str
    kind: str
    masks: tuple[frozenset[Slot], ...]
    names: Mapping[str, str] = field(default_factory=dict, compare=False)

    def name(self, language: str = "es") -> str:
        return self.names.get(language) or self.names.get("es") or self.code


@dataclass(frozen=True)
class Prize:
    """One prize of the plan, for completing ``combination``.

    ``basis_points``: the share of the takings (``partida``) or of the sales that feeds the fund
    (``diferido``); ``price_multiple_bp``: the prize as a multiple of the cartón's price, in
    basis points (``instantaneo``; 25 000 = 2,5 veces); ``amount_cents``: the fixed prize
    (``diferido``).
    """

    combination: str
    basis_points: int = 0
    price_multiple_bp: int = 0
    amount_cents: int = 0


@dataclass(frozen=True)
class GameDefinition:
    """A modality as the region authorised it, version by version."""

    id: str
    modality: str
    version: str
    resolution: str
    regions: tuple[str, ...]
    names: Mapping[str, str]
    count: int  # numbers drawn from 1..count
    shape: CardShape
    combinations: tuple[Combination, ...]
    plan: str
    prizes: tuple[Prize, ...] = ()
    min_payout_bp: int = 0  # the regulator's minimum share to prizes (0: the region's rules)
    balls: int = 0  # balls drawn in each partida of an instant game; 0: until the last prize
    sha256: str = ""  # of the file it was read from, for the record

    def name(self, language: str = "es") -> str:
        return self.names.get(language) or self.names.get("es") or self.id

    def combination(self, code: str) -> Combination:
        for c in self.combinations:
            if c.code == code:
                return c
        raise KeyError(code)

    @property
    def is_ordinary(self) -> bool:
        return self.modality == "ordinario"

    def problems(self) -> list[str]:
        """Every way the definition breaks the catalogue or itself, one message each."""
        out: list[str] = []
        if self.modality not in MODALITIES:
            return [
                _("modalidad «{m}» desconocida (conocidas: {known})").format(
                    m=self.modality, known=", ".join(MODALITIES)
                )
            ]
        (lo, hi), (cl, ch) = BOUNDS[self.modality]
        where = BOUND_PARAGRAPH[self.modality]
        if not lo <= self.count <= hi:
            out.append(
                _("se juega con {n} números; el {m} admite de {lo} a {hi} ({where})").format(
                    n=self.count, m=self.modality, lo=lo, hi=hi, where=where
                )
            )
        out += self._shape_problems(cl, ch, where)
        out += self._combination_problems()
        out += self._plan_problems()
        return out

    def checked(self) -> GameDefinition:
        problems = self.problems()
        if problems:
            raise GameDefinitionError(problems)
        return self

    def _shape_problems(self, least: int, most: int, where: str) -> list[str]:
        s = self.shape
        out: list[str] = []
        if not least <= s.numbers <= most:
            out.append(
                _("el cartón tiene {n} números; el {m} admite de {lo} a {hi} ({where})").format(
                    n=s.numbers, m=self.modality, lo=least, hi=most, where=where
                )
            )
        if s.placement not in PLACEMENTS:
            return [
                *out,
                _("colocación «{p}» desconocida (conocidas: {known})").format(
                    p=s.placement, known=", ".join(PLACEMENTS)
                ),
            ]
        if s.rows < 1 or s.columns < 1:
            return [*out, _("el cartón debe tener al menos una fila y una columna")]
        if s.numbers > self.count:
            out.append(
                _("el cartón tiene {n} números y solo se juega con {c}").format(
                    n=s.numbers, c=self.count
                )
            )
        if s.placement == "decenas":
            if (self.count, s.rows, s.columns, s.numbers) != (90, 3, 9, 15):
                out.append(
                    _(
                        "la colocación por decenas es la del bingo ordinario: 90 números, "
                        "3 filas de 5 en 9 columnas"
                    )
                )
        elif s.rows * s.columns != s.numbers:
            out.append(
                _(
                    "el cartón de {r} × {c} casillas debe tener {rc} números, uno por casilla "
                    "(tiene {n})"
                ).format(r=s.rows, c=s.columns, rc=s.rows * s.columns, n=s.numbers)
            )
        elif s.placement == "columnas":
            narrow = [
                c + 1
                for c, (a, b) in enumerate(column_bands(self.count, s.columns))
                if b - a + 1 < s.rows
            ]
            if narrow:
                out.append(
                    _("las columnas {cols} tienen menos números que filas el cartón").format(
                        cols=", ".join(map(str, narrow))
                    )
                )
        if self.modality != "ordinario" and s.placement == "decenas":
            out.append(_("solo el bingo ordinario se coloca por decenas"))
        return out

    def _combination_problems(self) -> list[str]:
        out: list[str] = []
        if not self.combinations:
            return [_("el juego no tiene ninguna combinación ganadora")]
        codes = [c.code for c in self.combinations]
        for code in sorted({c for c in codes if codes.count(c) > 1}):
            out.append(_("la combinación «{c}» está dos veces").format(c=code))
        slots = set(self.shape.slots)
        for c in self.combinations:
            if not c.masks or any(not m for m in c.masks):
                out.append(_("la combinación «{c}» no marca ninguna casilla").format(c=c.code))
            elif any(not m <= slots for m in c.masks):
                out.append(
                    _("la combinación «{c}» marca casillas fuera del cartón").format(c=c.code)
                )
            if self.shape.placement == "decenas" and c.kind not in ("fila", "completo"):
                out.append(
                    _(
                        "la combinación «{c}»: el bingo ordinario solo premia filas y el cartón "
                        "completo"
                    ).format(c=c.code)
                )
        if self.is_ordinary and codes != ["linea", "bingo"]:
            out.append(
                _("el bingo ordinario premia «linea» y «bingo», en ese orden (Cantabria V.1)")
            )
        return out

    def _plan_problems(self) -> list[str]:
        out: list[str] = []
        if self.plan not in PLANS:
            return [
                _("plan de premios «{p}» desconocido (conocidos: {known})").format(
                    p=self.plan, known=", ".join(PLANS)
                )
            ]
        if self.plan not in MODALITY_PLANS[self.modality]:
            out.append(
                _("el {m} no se juega con el plan «{p}» (admite: {known})").format(
                    m=self.modality, p=self.plan, known=", ".join(MODALITY_PLANS[self.modality])
                )
            )
        if self.plan == "region":
            if self.prizes or self.min_payout_bp or self.balls:
                out.append(
                    _(
                        "los premios del bingo ordinario son los del fichero de la región "
                        "(R-PRIZE-1): el juego no da premios, mínimo ni bolas"
                    )
                )
            return out
        if not self.prizes:
            return [*out, _("el plan de premios no tiene ningún premio")]
        codes = {c.code for c in self.combinations}
        named = [p.combination for p in self.prizes]
        for p in self.prizes:
            if p.combination not in codes:
                out.append(
                    _("el premio de «{c}» no es de ninguna combinación del juego").format(
                        c=p.combination
                    )
                )
        for code in sorted({c for c in named if named.count(c) > 1}):
            out.append(_("la combinación «{c}» tiene dos premios").format(c=code))
        out += self._amount_problems()
        if not 0 < self.min_payout_bp <= BP_WHOLE:
            out.append(
                _(
                    "falta el porcentaje mínimo de premios que fija la Consejería "
                    "(entre 0,01 % y 100 %; Cantabria B.3.b)"
                )
            )
        if self.plan == "instantaneo":
            if not self.shape.numbers <= self.balls <= self.count:
                out.append(
                    _(
                        "la versión instantánea extrae un número fijo de bolas por partida, "
                        "entre {lo} y {hi} (tiene {b})"
                    ).format(lo=self.shape.numbers, hi=self.count, b=self.balls)
                )
            elif not out and self.shape.numbers <= 20:
                ret = sum(instant_shares(self).values(), Fraction(0)) * BP_WHOLE
                if ret < self.min_payout_bp:
                    out.append(
                        _(
                            "los premios devuelven {r} pb de cada cartón, menos que el mínimo de "
                            "{m} pb que fija la Consejería (Cantabria B.3.b)"
                        ).format(r=math.floor(ret), m=self.min_payout_bp)
                    )
                elif ret > BP_WHOLE:
                    out.append(_("los premios superan el 100 % de lo jugado"))
        elif self.balls:
            out.append(_("solo la versión instantánea fija las bolas de cada partida"))
        if self.plan == "partida" and self.prizes[-1:] and self.prizes[-1].combination in codes:
            last = self.combination(self.prizes[-1].combination)
            if last.kind != "completo":
                out.append(
                    _(
                        "el último premio del plan debe ser el cartón completo: la partida "
                        "acaba cuando se gana"
                    )
                )
        return out

    def _amount_problems(self) -> list[str]:
        out: list[str] = []
        for p in self.prizes:
            fields_used = {
                "partida": (p.basis_points > 0, not p.price_multiple_bp and not p.amount_cents),
                "instantaneo": (p.price_multiple_bp > 0, not p.basis_points and not p.amount_cents),
                "diferido": (p.basis_points > 0 and p.amount_cents > 0, not p.price_multiple_bp),
            }[self.plan]
            if not all(fields_used) or min(p.basis_points, p.price_multiple_bp, p.amount_cents) < 0:
                out.append(
                    _("el premio de «{c}» no tiene el importe que pide el plan «{p}»").format(
                        c=p.combination, p=self.plan
                    )
                )
        if self.plan in ("partida", "diferido"):
            total = sum(p.basis_points for p in self.prizes)
            if total > BP_WHOLE:
                out.append(_("los premios superan el 100 % de la recaudación"))
            elif total < self.min_payout_bp:
                out.append(
                    _(
                        "los premios suman {t} pb, menos que el mínimo de {m} pb que fija la "
                        "Consejería (Cantabria B.3.b)"
                    ).format(t=total, m=self.min_payout_bp)
                )
        return out


def instant_shares(definition: GameDefinition) -> dict[str, Fraction]:
    """Of an instant game, each prize's expected payment per cartón sold, as a fraction of the
    cartón's price; their sum is the game's return to players (docs/decisions.md 182).

    Exact: with ``b`` of ``N`` numbers drawn, a cartón of ``n`` numbers has ``j`` of them drawn
    with the hypergeometric probability, and every set of ``j`` of its slots is then equally
    likely. A cartón is paid its best prize only, so each set of slots counts for the highest
    prize whose combination it completes.
    """
    import numpy as np  # only here: reading a game's definition needs no numpy

    n, b, big_n = definition.shape.numbers, definition.balls, definition.count
    slot_bit = {slot: 1 << i for i, slot in enumerate(definition.shape.slots)}
    subsets = np.arange(1 << n, dtype=np.int64)
    sizes = np.zeros(1 << n, dtype=np.int64)
    for i in range(n):
        sizes += (subsets >> i) & 1
    best = np.full(1 << n, -1, dtype=np.int64)  # index of the best prize, -1: none
    best_value = np.zeros(1 << n, dtype=np.int64)
    for index, prize in enumerate(definition.prizes):
        done = np.zeros(1 << n, dtype=bool)
        for mask in definition.combination(prize.combination).masks:
            bits = sum(slot_bit[s] for s in mask)
            done |= (subsets & bits) == bits
        better = done & (prize.price_multiple_bp > best_value)
        best[better] = index
        best_value[better] = prize.price_multiple_bp
    total = math.comb(big_n, b)
    shares: dict[str, Fraction] = {}
    for index, prize in enumerate(definition.prizes):
        won_by_size = np.bincount(sizes[best == index], minlength=n + 1)
        chance = sum(
            Fraction(int(won_by_size[j]) * math.comb(big_n - n, b - j), total)
            for j in range(n + 1)
            if won_by_size[j]
        )
        shares[prize.combination] = chance * Fraction(prize.price_multiple_bp, BP_WHOLE)
    return shares
