"""Independent check of the definitions of bingo derivado and bingo plus and their card sets
in a ``bingo-session/1`` export (the export's ``games`` and the card sets with a ``game``
key), written from the format and the Cantabria catalogue (B.3, B.4) alone.

Part of ``check_export.py`` with ``check_games.py`` (which reads the game partidas with what
this module reads); like them, it imports nothing but the standard library.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, Protocol

INTERPRETATIONS = (
    "Game partidas are numbered apart from the ordinary ones, from 1 in each session.",
    "Between prizes of equal multiple in an instant plan, a cartón is paid the first in the "
    "plan's order.",
    "residue_cents of a plan 'partida' names the plan's combinations; one not named is 0.",
    "A plan 'partida' is checked against min_payout_bp by the sum of its basis points; an "
    "instant plan's exact return is not recomputed here.",
    "Column bands of 'columnas' cartones are checked only when the range divides equally "
    "among the columns; a cartón repeated in a game card set is a problem.",
    "Game partidas stay out of the export's money balance: an instant plan's fixed prizes do not "
    "depend on the takings.",
)
BP_SCALE = 10_000
MODALITIES = {"plus": "partida", "derivado": "instantaneo"}  # the plan each modality plays
# Cantabria B.3.a (derivado: 6 to 90 numbers, cartones of 6 to 18) and B.4 (plus: 1 to 100,
# cartones of 5 to 20).
BOUNDS = {"derivado": ((6, 90), (6, 18)), "plus": ((1, 100), (5, 20))}
KINDS = ("fila", "columna", "completo", "dibujo")
PLACEMENTS = ("columnas", "libre")
STATUSES = ("closed", "annulled", "open")
SALE_KINDS = ("physical", "electronic")

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]
Carton = tuple[str, int]


class Problems(Protocol):
    def add(self, where: str, message: str) -> None: ...


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


@dataclass
class Game:
    ident: str
    numbers: int
    rows: int
    columns: int
    placement: str
    combinations: dict[str, list[frozenset[Cell]]]  # code -> masks (any one completes it)
    plan: str
    balls: int | None
    prizes: list[tuple[str, int]]  # (combination, basis points or price multiple), in order
    modality: str = ""  # plus | derivado


@dataclass
class GameCards:
    ident: str
    game: str
    cards: list[Grid | None]


@dataclass
class Games:
    games: dict[str, Game] = field(default_factory=dict)
    card_sets: dict[str, GameCards] = field(default_factory=dict)


# --------------------------------------------------------------------------------------------
# Definitions and card sets


def _masks(
    kind: str, rows: int, columns: int, drawings: object, where: str, out: Problems
) -> list[frozenset[Cell]]:
    if kind == "fila":
        return [frozenset((r, c) for c in range(columns)) for r in range(rows)]
    if kind == "columna":
        return [frozenset((r, c) for r in range(rows)) for c in range(columns)]
    if kind == "completo":
        return [frozenset((r, c) for r in range(rows) for c in range(columns))]
    if not isinstance(drawings, list) or not drawings:
        out.add(where, "a 'dibujo' needs a non-empty list of drawings")
        return []
    masks: list[frozenset[Cell]] = []
    for k, drawing in enumerate(drawings, 1):
        cells: set[Cell] = set()
        ok = isinstance(drawing, list) and bool(drawing)
        for cell in drawing if isinstance(drawing, list) else []:
            if (
                isinstance(cell, list)
                and len(cell) == 2
                and all(_int(x) for x in cell)
                and 0 <= cell[0] < rows
                and 0 <= cell[1] < columns
            ):
                cells.add((cell[0], cell[1]))
            else:
                ok = False
        if not ok:
            out.add(where, f"drawing #{k} is not a list of [row, column] cells of the cartón")
            continue
        masks.append(frozenset(cells))
    return masks


def _read_game(obj: dict[str, Any], where: str, out: Problems) -> Game | None:
    ident, modality = obj.get("id"), obj.get("modality")
    if not isinstance(ident, str):
        out.add(where, f"field 'id' must be a string, found {_short(ident)}")
        return None
    where = f"game {ident}"
    if not isinstance(obj.get("version"), str):
        out.add(where, f"field 'version' must be a string, found {_short(obj.get('version'))}")
    digest = obj.get("sha256")
    if digest is not None and not (
        isinstance(digest, str) and re.fullmatch(r"[0-9a-f]{64}", digest)
    ):
        out.add(where, f"sha256 {_short(digest)} is not 64 hex digits")
    names = obj.get("names")
    if not isinstance(names, dict) or not isinstance(names.get("es"), str):
        out.add(where, "field 'names' must be an object with the Spanish name ('es')")
    if not isinstance(modality, str) or modality not in MODALITIES:
        out.add(where, f"modality {_short(modality)} is not plus or derivado")
        return None
    (lo, hi), (least, most) = BOUNDS[modality]
    paragraph = "Cantabria B.4" if modality == "plus" else "Cantabria B.3.a"
    numbers = obj.get("numbers")
    if not _int(numbers) or not lo <= numbers <= hi:
        out.add(
            where,
            f"numbers {_short(numbers)}: the {modality} is played on {lo} to {hi} ({paragraph})",
        )
        return None
    carton = obj.get("carton")
    if not isinstance(carton, dict):
        out.add(where, "field 'carton' must be an object")
        return None
    rows, columns = carton.get("rows"), carton.get("columns")
    if not (_int(rows) and _int(columns) and rows >= 1 and columns >= 1):
        out.add(where, f"carton rows {_short(rows)} × columns {_short(columns)} are not positive")
        return None
    size = rows * columns
    if carton.get("numbers") != size:
        out.add(
            where, f"carton numbers {_short(carton.get('numbers'))} is not rows × columns ({size})"
        )
    if not least <= size <= most:
        out.add(
            where, f"cartones of {size} numbers: the {modality} has {least} to {most} ({paragraph})"
        )
        return None  # its rows and columns are not built: they could be any size
    if size > numbers:
        out.add(where, f"cartones of {size} numbers cannot be made from {numbers} balls")
    placement = carton.get("placement")
    if placement not in PLACEMENTS:
        out.add(where, f"placement {_short(placement)} is not columnas or libre")
    combinations: dict[str, list[frozenset[Cell]]] = {}
    kinds: dict[str, str] = {}
    raw = obj.get("combinations")
    for k, c in enumerate(raw if isinstance(raw, list) else [], 1):
        cwhere = f"{where} combination #{k}"
        if not isinstance(c, dict) or not isinstance(c.get("code"), str):
            out.add(cwhere, "is not an object with a 'code'")
            continue
        code, kind = c["code"], c.get("kind")
        if code in combinations:
            out.add(where, f"combination code {code!r} used twice")
        if kind not in KINDS:
            out.add(
                f"{where} combination {code}",
                f"kind {_short(kind)} is not one of {', '.join(KINDS)}",
            )
            continue
        kinds[code] = kind
        combinations[code] = _masks(
            kind, rows, columns, c.get("drawings"), f"{where} combination {code}", out
        )
    if not isinstance(raw, list) or not combinations:
        out.add(where, "field 'combinations' must be a non-empty list")
    plan = obj.get("plan")
    if not isinstance(plan, dict):
        out.add(where, "field 'plan' must be an object")
        return None
    kind = plan.get("kind")
    if kind != MODALITIES[modality]:
        out.add(
            where,
            f"plan {_short(kind)}: a {modality} partida plays the plan {MODALITIES[modality]!r}",
        )
        return None
    figure_key = "basis_points" if kind == "partida" else "price_multiple_bp"
    prizes: list[tuple[str, int]] = []
    raw_prizes = plan.get("prizes")
    for k, pz in enumerate(raw_prizes if isinstance(raw_prizes, list) else [], 1):
        pwhere = f"{where} plan prize #{k}"
        code = pz.get("combination") if isinstance(pz, dict) else None
        figure = pz.get(figure_key) if isinstance(pz, dict) else None
        if not isinstance(code, str) or code not in combinations:
            out.add(pwhere, f"combination {_short(code)} is not one of the game's")
            continue
        if any(code == c for c, _f in prizes):
            out.add(pwhere, f"combination {code!r} has two prizes")
            continue
        if not _int(figure) or figure < 1:
            out.add(
                pwhere, f"field {figure_key!r} must be a positive integer, found {_short(figure)}"
            )
            continue
        prizes.append((code, figure))
    if not prizes:
        out.add(where, "the plan has no prize")
        return None
    floor = plan.get("min_payout_bp")
    if floor is not None and (not _int(floor) or not 0 <= floor <= BP_SCALE):
        out.add(where, f"min_payout_bp {_short(floor)} is not 0 to 10000")
        floor = None
    balls: int | None = None
    if kind == "partida":
        last = prizes[-1][0]
        if kinds.get(last) != "completo":
            out.add(
                where,
                f"the plan's last prize {last!r} is not the cartón completo: a plan 'partida' "
                "ends when its last prize is won, with the whole cartón",
            )
        total = sum(f for _c, f in prizes)
        if total > BP_SCALE:
            out.add(where, f"the prizes take {total} basis points of the takings, more than 10000")
        if _int(floor) and total < floor:
            out.add(
                where,
                f"the prizes take {total} basis points, below the minimum min_payout_bp "
                f"{floor} (Cantabria B.3.b)",
            )
    else:
        balls = plan.get("balls")
        if not _int(balls) or not size <= balls <= numbers:
            out.add(
                where,
                f"plan balls {_short(balls)} must be {size} (the cartón's numbers) to {numbers}",
            )
            balls = None
    return Game(
        ident, numbers, rows, columns, str(placement), combinations, kind, balls, prizes, modality
    )


def read_games(raw: object, out: Problems) -> dict[str, Game]:
    games: dict[str, Game] = {}
    if raw is None:
        return games
    if not isinstance(raw, list):
        out.add("export", f"field 'games' must be a list, found {_short(raw)}")
        return games
    for index, obj in enumerate(raw, 1):
        if not isinstance(obj, dict):
            out.add("export", f"game #{index} is not an object: {_short(obj)}")
            continue
        game = _read_game(obj, f"game #{index}", out)
        if game is None:
            continue
        if game.ident in games:
            out.add(
                f"game {game.ident}",
                "game id used twice: its partidas cannot say which one they played",
            )
        games.setdefault(game.ident, game)
    return games


def _carton_problems(game: Game, grid: Grid) -> list[str]:
    numbers = [n for row in grid for n in row]
    problems: list[str] = []
    outside = [n for n in numbers if not 1 <= n <= game.numbers]
    if outside:
        problems.append(f"numbers outside 1..{game.numbers}: {outside}")
    repeated = sorted(n for n, k in Counter(numbers).items() if k > 1)
    if repeated:
        problems.append(f"numbers repeated: {repeated}")
    if game.placement == "libre":
        if any(b <= a for a, b in pairwise(numbers)):
            problems.append("numbers are not ascending in reading order (placement libre)")
        return problems
    band = game.numbers // game.columns if game.numbers % game.columns == 0 else None
    for c in range(game.columns):
        column = [row[c] for row in grid]
        if any(b <= a for a, b in pairwise(column)):
            problems.append(f"column {c + 1} is not ascending top to bottom: {column}")
        if band is not None:
            lo, hi = c * band + 1, (c + 1) * band
            wrong = [n for n in column if not lo <= n <= hi]
            if wrong:
                problems.append(f"column {c + 1} holds {wrong}, outside its band {lo}-{hi}")
    return problems


def read_card_sets(raw: object, games: dict[str, Game], out: Problems) -> dict[str, GameCards]:
    """The card sets that belong to a game (those with a ``game`` key), each cartón checked."""
    sets: dict[str, GameCards] = {}
    for index, obj in enumerate(raw if isinstance(raw, list) else [], 1):
        if not isinstance(obj, dict) or "game" not in obj:
            continue
        ident, gid, cards = obj.get("id"), obj.get("game"), obj.get("cards")
        where = f"card set {ident}" if isinstance(ident, str) else f"card set #{index}"
        if not isinstance(ident, str) or not isinstance(cards, list):
            out.add(where, "needs a string 'id' and a list 'cards'")
            continue
        game = games.get(gid) if isinstance(gid, str) else None
        if game is None:
            out.add(where, f"game {_short(gid)} is not among the export's games")
            continue
        if ident in sets:
            out.add(where, "card set id used twice")
        grids: list[Grid | None] = []
        seen: dict[frozenset[int], int] = {}
        for number, card in enumerate(cards, 1):
            cwhere = f"{where} cartón {number}"
            ok = (
                isinstance(card, list)
                and len(card) == game.rows
                and all(
                    isinstance(r, list) and len(r) == game.columns and all(_int(n) for n in r)
                    for r in card
                )
            )
            if not ok:
                out.add(
                    cwhere, f"is not {game.rows} rows of {game.columns} integers: {_short(card)}"
                )
                grids.append(None)
                continue
            grid = tuple(tuple(r) for r in card)
            for problem in _carton_problems(game, grid):
                out.add(cwhere, problem)
            key = frozenset(n for r in grid for n in r)
            if key in seen:
                out.add(cwhere, f"has the same numbers as cartón {seen[key]}")
            seen.setdefault(key, number)
            grids.append(grid)
        sets[ident] = GameCards(ident, gid, grids)
    return sets
