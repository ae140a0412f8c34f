"""Independent check of the partidas of bingo derivado and bingo plus in a ``bingo-session/1``
export (the export's ``games``, the card sets with a ``game`` key and each session's
``game_partidas``), written from the format and the Cantabria catalogue (B.3, B.4) alone.

Part of ``check_export.py`` (which calls it), in a module of its own; like it, it imports
nothing but the standard library. Every winner, share, residue and payout is recomputed from
the game's definition, its card set and each partida's sales and balls:

- the winners are computed over every SOLD cartón (the sales' ranges of the partida's card set);
- plan ``partida`` (bingo plus): for each prize, the sold cartones that complete its
  combination with the earliest ball share floor(takings × basis_points / 10000) equally; the
  residue is recorded; the balls stop with the ball that completes the plan's last prize;
- plan ``instantaneo`` (bingo derivado): exactly ``plan.balls`` balls; every sold cartón that
  completed a combination is paid its best prize only (the highest multiple; the first in the
  plan's order between equal ones), floor(price × price_multiple_bp / 10000), with the index of
  the ball that completed that combination on that cartón;
- annulled: no awards, nothing paid, the takings refunded;
- awards listed in the plan's prize order, then by series and number.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

# The definitions and card sets are read by the module beside this one (standard library only).
if __package__:
    from . import check_game_defs
else:  # run as a script
    import check_game_defs

INTERPRETATIONS = check_game_defs.INTERPRETATIONS
BP_SCALE = check_game_defs.BP_SCALE
STATUSES = check_game_defs.STATUSES
SALE_KINDS = check_game_defs.SALE_KINDS
Cell = check_game_defs.Cell
Grid = check_game_defs.Grid
Carton = check_game_defs.Carton
Problems = check_game_defs.Problems
Game = check_game_defs.Game
GameCards = check_game_defs.GameCards
Games = check_game_defs.Games
read_games = check_game_defs.read_games
read_card_sets = check_game_defs.read_card_sets
_int = check_game_defs._int
_short = check_game_defs._short


# --------------------------------------------------------------------------------------------
# Game partidas


@dataclass
class _Award:
    combination: str
    carton: Carton
    at: Any
    amount: Any


class _GamePartida:
    def __init__(self, raw: dict[str, Any], where: str, games: Games, out: Problems) -> None:
        self.p = raw
        self.where = where
        self.games = games
        self.out = out
        self.game: Game | None = None
        self.cards: GameCards | None = None
        self.sold: list[Carton] = []
        self.sold_set: set[Carton] = set()
        self.takings: int | None = None
        self.face: int | None = None
        self.balls: list[int] = []
        self.position: dict[int, int] = {}

    def problem(self, message: str) -> None:
        self.out.add(self.where, message)

    def run(self) -> None:
        p = self.p
        gid = p.get("game")
        self.game = self.games.games.get(gid) if isinstance(gid, str) else None
        if self.game is None:
            self.problem(f"game {_short(gid)} is not among the export's games")
        status = p.get("status")
        if status not in STATUSES:
            self.problem(f"status {_short(status)} is not one of {', '.join(STATUSES)}")
            return
        self._times()
        self._card_set()
        self._sales()
        balls_ok = self._balls()
        self._incidents()
        awards = self._awards()
        recorded_payout = p.get("payout_cents")
        if not _int(recorded_payout):
            self.problem(
                f"field 'payout_cents' must be an integer, found {_short(recorded_payout)}"
            )
        elif (total := _int_sum(a.amount for a in awards)) != recorded_payout:
            self.problem(f"payout_cents {recorded_payout} is not the sum of the awards ({total})")
        refund = p.get("refund_cents")
        if status == "annulled":
            if p.get("incidents") == []:
                self.problem("annulled partida records no incident (R-INC-1..4)")
            if awards:
                self.problem(f"annulled, yet it records {len(awards)} awards")
            if recorded_payout not in (0, None):
                self.problem(f"annulled, yet payout_cents is {recorded_payout}")
            if self.takings is not None and refund != self.takings:
                self.problem(
                    f"annulled: refund_cents {_short(refund)} is not the takings {self.takings}"
                )
            kinds = [i.get("kind") for i in p.get("incidents") or [] if isinstance(i, dict)]
            if self.balls and "ball_irregularity" not in kinds:
                self.problem(
                    f"annulled after {len(self.balls)} balls without a ball irregularity "
                    "(R-INC-3): a device failure once the balls began goes on by hand (R-INC-2)"
                )
            return
        if status == "open" and (awards or recorded_payout not in (0, None)):
            self.problem(
                f"open, yet it records {len(awards)} awards and payout_cents "
                f"{_short(recorded_payout)}: awards are recorded when the partida is settled"
            )
        if refund not in (0, None):
            self.problem(f"refund_cents {_short(refund)} in a partida that was not annulled")
        if status != "closed" or self.game is None or self.cards is None or not balls_ok:
            return
        if self.game.plan == "partida":
            self._shared(awards)
        else:
            self._instant(awards)

    # ---- record ------------------------------------------------------------------------

    def _times(self) -> None:
        moments: list[datetime] = []
        for key in ("opened_at", "closed_at"):
            value = self.p.get(key)
            if value is None:
                continue
            try:
                moment = datetime.fromisoformat(value) if isinstance(value, str) else None
            except ValueError:
                moment = None
            if moment is None or moment.utcoffset() is None:
                self.problem(f"{key} {_short(value)} is not an ISO 8601 time with its UTC offset")
                return
            moments.append(moment)
        if len(moments) == 2 and moments[1] < moments[0]:
            self.problem("closed_at is before opened_at")

    def _card_set(self) -> None:
        ident = self.p.get("card_set")
        self.cards = self.games.card_sets.get(ident) if isinstance(ident, str) else None
        if self.cards is None:
            self.problem(f"card set {_short(ident)} is not a game card set of the export")
        elif self.game is not None and self.cards.game != self.game.ident:
            self.problem(
                f"card set {ident!r} is of the game {self.cards.game!r}, not {self.game.ident!r}"
            )
            self.cards = None

    def _sales(self) -> None:
        p = self.p
        face = p.get("face_value_cents")
        if not _int(face) or face < 1:
            self.problem(f"face_value_cents {_short(face)} is not a positive integer")
            face = None
        self.face = face
        raw = p.get("sales")
        if not isinstance(raw, list):
            self.problem("field 'sales' must be a list")
            return
        size = len(self.cards.cards) if self.cards is not None else None
        seen: set[Carton] = set()
        sold_by: dict[int, str] = {}  # cartón n of the card set -> the serie that sold it
        ranges: list[tuple[str, int, int]] = []
        count = 0
        for index, sale in enumerate(raw, 1):
            swhere = f"sale #{index}"
            series, first, last = (
                (sale.get(k) for k in ("series", "first", "last"))
                if isinstance(sale, dict)
                else (None, None, None)
            )
            if not (isinstance(series, str) and _int(first) and _int(last) and 1 <= first <= last):
                self.problem(
                    f"{swhere} must have a series and 1 <= first <= last, found {_short(sale)}"
                )
                continue
            if sale.get("kind") not in SALE_KINDS:
                self.problem(
                    f"{swhere} kind {_short(sale.get('kind'))} is not physical or electronic"
                )
            if size is not None and last > size:
                self.problem(f"{swhere} sells up to cartón {last}; the card set has {size}")
            for n in range(first, last + 1):
                if (series, n) in seen:
                    self.problem(f"cartón {series}/{n} is sold twice")
                    break
                other = sold_by.setdefault(n, series)
                if other != series:
                    # cartón n of every serie is the card set's combination n (R-CARD-2)
                    self.problem(
                        f"cartón {n} of the card set is sold twice, as {other}/{n} and "
                        f"{series}/{n}: never two identical combinations in a partida (R-SALE-2)"
                    )
                    break
                seen.add((series, n))
                self.sold.append((series, n))
            count += last - first + 1
            ranges.append((series, first, last))
        self.sold_set = seen
        self._second_serie(ranges)
        sold = p.get("cards_sold")
        if sold != count:
            self.problem(f"cards_sold {_short(sold)} but the sales add up to {count} cartones")
        takings = p.get("takings_cents")
        if not _int(takings):
            self.problem(f"field 'takings_cents' must be an integer, found {_short(takings)}")
            return
        if face is not None and takings != count * face:
            self.problem(f"takings_cents {takings} is not {count} cartones × {face}")
        self.takings = count * face if face is not None else takings

    def _second_serie(self, ranges: list[tuple[str, int, int]]) -> None:
        """R-SALE-2 (Cantabria II.1.a 1º-3º, decision 392): a serie after the partida's first
        only once the first is exhausted (the first sells nothing after it), one only, from its
        cartón 1 and below the cartón the first started at. The series' sizes are not in the
        export: that the first reached its last cartón is the program's to check.
        """
        order = list(dict.fromkeys(code for code, _f, _l in ranges))
        if len(order) < 2:
            return
        lead, second = order[0], order[1]
        if len(order) > 2:
            self.problem(
                f"series {', '.join(order[2:])} sold after {lead} and {second}: at most one "
                "second serie in a partida (R-SALE-2)"
            )
        start = min(f for code, f, _l in ranges if code == lead)
        began = next(i for i, (code, _f, _l) in enumerate(ranges) if code == second)
        if any(code == lead for code, _f, _l in ranges[began:]):
            self.problem(
                f"series {lead} sells again after {second} was put on sale: a second serie "
                "only once the first is exhausted (R-SALE-2)"
            )
        lo = min(f for code, f, _l in ranges if code == second)
        hi = max(last for code, _f, last in ranges if code == second)
        if lo != 1:
            self.problem(
                f"series {second}, put on sale after {lead} in this partida, starts at {lo}, "
                "not at 1 (R-SALE-2)"
            )
        if hi >= start:
            self.problem(
                f"series {second} sold up to {hi}, but a second serie must stop before {start}, "
                f"where series {lead} started in this partida (R-SALE-2)"
            )

    def _balls(self) -> bool:
        raw = self.p.get("balls")
        if not isinstance(raw, list):
            self.problem("field 'balls' must be a list")
            return False
        top = self.game.numbers if self.game is not None else 100
        ok = True
        for i, b in enumerate(raw, 1):
            if not _int(b) or not 1 <= b <= top:
                self.problem(f"ball {i} is {_short(b)}, not a number from 1 to {top}")
                ok = False
            elif b in self.position:
                self.problem(f"ball {b} drawn twice (extractions {self.position[b]} and {i})")
                ok = False
            else:
                self.position[b] = i
                self.balls.append(b)
        return ok

    def _incidents(self) -> None:
        raw = self.p.get("incidents", [])
        if not isinstance(raw, list):
            self.problem("field 'incidents' must be a list")
            return
        for index, inc in enumerate(raw, 1):
            after = inc.get("after_ball") if isinstance(inc, dict) else None
            if not isinstance(inc, dict) or not isinstance(inc.get("kind"), str) or not _int(after):
                self.problem(f"incident #{index} needs a kind and after_ball: {_short(inc)}")
            elif not 0 <= after <= len(self.balls):
                self.problem(
                    f"incident #{index} after ball {after}, but {len(self.balls)} were drawn"
                )

    def _awards(self) -> list[_Award]:
        raw = self.p.get("awards", [])
        if not isinstance(raw, list):
            self.problem("field 'awards' must be a list")
            return []
        awards: list[_Award] = []
        for index, a in enumerate(raw, 1):
            keys = ("combination", "series", "number", "completed_at_ball", "amount_cents")
            if not isinstance(a, dict) or not all(k in a for k in keys):
                self.problem(f"award #{index} needs {', '.join(keys)}: {_short(a)}")
                continue
            if not (isinstance(a["series"], str) and _int(a["number"]) and _int(a["amount_cents"])):
                self.problem(f"award #{index} has a wrong series, number or amount: {_short(a)}")
                continue
            awards.append(
                _Award(
                    str(a["combination"]),
                    (a["series"], a["number"]),
                    a["completed_at_ball"],
                    a["amount_cents"],
                )
            )
        if self.game is not None:
            order = {code: k for k, (code, _f) in enumerate(self.game.prizes)}
            keyed = [(order.get(a.combination, len(order)), a.carton) for a in awards]
            if keyed != sorted(keyed):
                self.problem(
                    "awards are not listed in the plan's prize order, then by series and number"
                )
        return awards

    # ---- recomputation -----------------------------------------------------------------

    def _completion(self, grid: Grid, code: str) -> int | None:
        """The extraction index at which ``grid`` completes ``code`` (None: not completed)."""
        assert self.game is not None
        best: int | None = None
        for mask in self.game.combinations.get(code, []):
            at = [self.position.get(grid[r][c]) for r, c in mask]
            if all(x is not None for x in at):
                done = max(x for x in at if x is not None)
                best = done if best is None else min(best, done)
        return best

    def _grid(self, carton: Carton) -> Grid | None:
        assert self.cards is not None
        n = carton[1]
        return self.cards.cards[n - 1] if 1 <= n <= len(self.cards.cards) else None

    def _completions(self, code: str) -> dict[Carton, int]:
        out: dict[Carton, int] = {}
        for carton in self.sold:
            grid = self._grid(carton)
            at = self._completion(grid, code) if grid is not None else None
            if at is not None:
                out[carton] = at
        return out

    def _ball_text(self, index: int) -> str:
        return (
            f"ball {index} (number {self.balls[index - 1]})"
            if 1 <= index <= len(self.balls)
            else f"ball {index}"
        )

    def _recorded_prizes(self, expected: dict[str, int], what: str) -> None:
        raw = self.p.get("prizes")
        if not isinstance(raw, list):
            self.problem("field 'prizes' must be a list")
            return
        recorded = {x.get("combination"): x.get("amount_cents") for x in raw if isinstance(x, dict)}
        for code, amount in expected.items():
            if code not in recorded:
                self.problem(f"prize {code!r} is missing from 'prizes' ({what} {amount})")
            elif recorded[code] != amount:
                self.problem(f"prize {code!r} is {_short(recorded[code])}; {what} is {amount}")
        for code in recorded:
            if code not in expected:
                self.problem(f"prize {_short(code)} in 'prizes' is not one of the plan's")

    def _not_winner(self, a: _Award, completes: dict[Carton, int], earliest: int | None) -> str:
        label = f"award {a.combination!r} to {a.carton[0]}/{a.carton[1]}"
        if a.carton not in self.sold_set:
            return f"{label}: that cartón was not sold in this partida"
        at = completes.get(a.carton)
        if at is None:
            return f"{label}: that cartón does not complete it with the balls drawn"
        return (
            f"{label}: that cartón completes it at {self._ball_text(at)}, after the winners' "
            f"{self._ball_text(earliest or 0)}"
        )

    def _shared(self, awards: list[_Award]) -> None:
        """Plan ``partida``: first completions share the pool; the balls stop at the last prize."""
        game, takings = self.game, self.takings
        assert game is not None
        if takings is None:
            return
        residues_raw = self.p.get("residue_cents")
        residues = residues_raw if isinstance(residues_raw, dict) else {}
        if not isinstance(residues_raw, dict):
            self.problem("field 'residue_cents' must be an object (plan 'partida')")
        pools = {code: takings * bp // BP_SCALE for code, bp in game.prizes}
        self._recorded_prizes(pools, "the pool, floor(takings × basis points / 10000),")
        by_code: dict[str, list[_Award]] = {}
        for a in awards:
            by_code.setdefault(a.combination, []).append(a)
        for code in by_code:
            if code not in pools:
                self.problem(f"award for {code!r}, which has no prize in the plan")
        last_at: int | None = None
        for code, _bp in game.prizes:
            completes = self._completions(code)
            earliest = min(completes.values(), default=None)
            winners = sorted(c for c, at in completes.items() if at == earliest)
            pool = pools[code]
            share, residue = (pool // len(winners), pool % len(winners)) if winners else (0, pool)
            self._compare(
                code,
                by_code.get(code, []),
                {w: (earliest, share) for w in winners},
                completes,
                earliest,
                f"floor({pool} / {len(winners)} winners)",
            )
            recorded = residues.get(code, 0)
            if winners and recorded != residue:
                self.problem(
                    f"residue of {code!r} is {_short(recorded)}; pool {pool} − "
                    f"{len(winners)} × {share} = {residue}"
                )
            last_at = earliest
        last = game.prizes[-1][0]
        for code in residues:
            if code not in pools:
                self.problem(f"residue_cents names {_short(code)}, not a prize of the plan")
        if last_at is None:
            self.problem(
                f"closed, but no sold cartón completes the last prize {last!r} with the "
                f"{len(self.balls)} balls drawn"
            )
        elif len(self.balls) > last_at:
            self.problem(
                f"{len(self.balls)} balls drawn, but the last prize {last!r} was won at "
                f"{self._ball_text(last_at)}: the partida ends there"
            )

    def _instant(self, awards: list[_Award]) -> None:
        """Plan ``instantaneo``: exactly ``balls`` balls; each cartón its best prize only."""
        game, face = self.game, self.face
        assert game is not None
        if game.balls is not None and len(self.balls) != game.balls:
            self.problem(f"{len(self.balls)} balls drawn; the plan draws exactly {game.balls}")
        if face is None:
            return
        amounts = {code: face * multiple // BP_SCALE for code, multiple in game.prizes}
        self._recorded_prizes(amounts, "floor(price × price_multiple_bp / 10000)")
        completes = {code: self._completions(code) for code, _m in game.prizes}
        best: dict[Carton, str] = {}
        for carton in self.sold:
            value = 0
            for code, multiple in game.prizes:
                if carton in completes[code] and multiple > value:
                    best[carton], value = code, multiple
        paid: set[Carton] = set()
        for a in awards:
            label = f"award {a.combination!r} to {a.carton[0]}/{a.carton[1]}"
            if a.carton in paid:
                self.problem(
                    f"{label}: that cartón has another award; it is paid its best prize only"
                )
                continue
            paid.add(a.carton)
            if a.combination not in amounts:
                self.problem(f"{label}: the plan has no prize for it")
                continue
            code = best.get(a.carton)
            if (
                a.carton not in self.sold_set
                or code is None
                or a.carton not in completes[a.combination]
            ):
                self.problem(self._not_winner(a, completes[a.combination], None))
                continue
            if code != a.combination:
                self.problem(
                    f"{label}: its best prize is {code!r} ({amounts[code]}), not "
                    f"{a.combination!r} ({amounts[a.combination]})"
                )
                continue
            at = completes[code][a.carton]
            if a.at != at:
                self.problem(
                    f"{label}: completed_at_ball {_short(a.at)}, but it completes at "
                    f"{self._ball_text(at)}"
                )
            if a.amount != amounts[code]:
                self.problem(f"{label} is {_short(a.amount)}; the plan's prize is {amounts[code]}")
        for carton, code in sorted(best.items()):
            if carton not in paid:
                at = completes[code][carton]
                self.problem(
                    f"{carton[0]}/{carton[1]} completes {code!r} at {self._ball_text(at)} but has "
                    f"no award ({amounts[code]})"
                )

    def _compare(
        self,
        code: str,
        recorded: list[_Award],
        expected: dict[Carton, tuple[int | None, int]],
        completes: dict[Carton, int],
        earliest: int | None,
        how: str,
    ) -> None:
        """The recorded awards of ``code`` against the winners recomputed (cartón -> ball,
        amount).
        """
        got: dict[Carton, _Award] = {}
        for a in recorded:
            if a.carton in got:
                self.problem(f"award {code!r} to {a.carton[0]}/{a.carton[1]} listed twice")
            got[a.carton] = a
        for carton, (at, amount) in sorted(expected.items()):
            a = got.get(carton)
            label = f"{carton[0]}/{carton[1]}"
            if a is None:
                self.problem(
                    f"{label} completes {code!r} at {self._ball_text(at or 0)} but has no award "
                    f"({amount})"
                )
                continue
            if a.at != at:
                self.problem(
                    f"award {code!r} to {label}: completed_at_ball {_short(a.at)}, but it "
                    f"completes at {self._ball_text(at or 0)}"
                )
            if a.amount != amount:
                self.problem(f"award {code!r} to {label} is {_short(a.amount)}; {how} is {amount}")
        for carton, a in got.items():
            if carton not in expected:
                self.problem(self._not_winner(a, completes, earliest))


def _int_sum(values: Iterable[Any]) -> int:
    return sum(v for v in values if _int(v))


def _last_announced(
    obj: dict[str, Any], where: str, games: Games, last_of: dict[str, object], out: Problems
) -> None:
    """R-GAME-6 ("la última partida … de cada modalidad", decision 393): no partida of a
    modality after the one announced as its last; ``last_announced`` is absent or true.
    """
    flag = obj.get("last_announced")
    if flag not in (None, True):
        out.add(where, f"last_announced {_short(flag)} must be true or absent")
    gid = obj.get("game")
    game = games.games.get(gid) if isinstance(gid, str) else None
    modality = game.modality if game is not None else None
    if modality is None:
        return
    if modality in last_of:
        out.add(
            where,
            f"a {modality} partida after partida {last_of[modality]}, announced as the last "
            f"{modality} partida of the session (R-GAME-6)",
        )
    if flag is True:
        last_of.setdefault(modality, obj.get("number"))


def check_partidas(raw: object, where: str, games: Games, out: Problems) -> int:
    """Check a session's ``game_partidas``; returns how many were checked."""
    if not isinstance(raw, list):
        out.add(where, f"field 'game_partidas' must be a list, found {_short(raw)}")
        return 0
    count = 0
    previous = 0
    last_of: dict[str, object] = {}  # modality -> the partida announced as its last (R-GAME-6)
    for position, obj in enumerate(raw, 1):
        if not isinstance(obj, dict):
            out.add(where, f"game partida #{position} is not an object: {_short(obj)}")
            continue
        number = obj.get("number")
        pwhere = (
            f"{where} game partida {number}"
            if _int(number)
            else f"{where} game partida #{position}"
        )
        if not _int(number) or number != previous + 1:
            out.add(pwhere, f"order number {_short(number)} but {previous + 1} was expected")
        previous = number if _int(number) else previous + 1
        count += 1
        _last_announced(obj, pwhere, games, last_of, out)
        try:
            _GamePartida(obj, pwhere, games, out).run()
        except Exception as exc:  # a shape no rule foresaw must not stop the audit
            out.add(pwhere, f"could not be checked completely ({type(exc).__name__}: {exc})")
    return count
