"""The partida's balls and the claims on them: the draw (with the system's claims for the
electronic cartones it completes), the ball the table reads in the tube, the check of a called
cartón, and the correction of a ball announced wrong, refused when it would change a prize
already validated (R-GAME-3 to R-GAME-5, R-PRIZE-2, R-INC-4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bingo import events as ev
from bingo.errors import DomainError, DuplicateBall
from bingo.hall.fold import HallState
from bingo.hall.incidents import _incident
from bingo.hall.states import (
    BALLS,
    PARTIDA_ACTIONS,
    PLAYING,
    PRIZE_TEXT,
    Claim,
    ElectronicCompletions,
    PartidaState,
    Status,
)

if TYPE_CHECKING:  # numpy is loaded by a ball correction that replays cartones, not by a fold
    import numpy as np
    import numpy.typing as npt


class ExtractionCommands(HallState):
    """The commands of the extraction and of the claims."""

    def draw_ball(
        self,
        number: int,
        source: str,
        ball_id: str = "",
        electronic: ElectronicCompletions | None = None,
    ) -> list[ev.Event]:
        partida = self.partida
        if partida is not None and partida.status == Status.SALE_CLOSED:
            raise DomainError(
                "los datos de la partida aún no constan en el acta ni en los paneles", "R-ACTA-2"
            )
        partida = self._need_partida(*PARTIDA_ACTIONS["draw_ball"])
        if partida.valid_bingo:
            raise DomainError("ya hay un bingo correcto: no se extraen más bolas", "R-GAME-4")
        if not partida.balls:
            self._need_counted_ball_set()
        if number not in BALLS:
            raise DomainError(f"la bola {number} no existe (1 a 90)", "R-DEV-1")
        if number in partida.balls:
            raise DuplicateBall(number, partida.balls.index(number) + 1)
        # Once manual, every ball is drawn by hand: live ("manual") or written in the manual
        # book while the system was down ("manual_book", R-ACTA-4).
        if partida.manual_from_ball is not None and source not in ("manual", "manual_book"):
            raise DomainError("la partida sigue por extracción manual", "R-INC-2")
        if partida.manual_from_ball is None and source == "manual":
            # the manual procedure follows a failure, authorised as such (R-INC-2)
            raise DomainError("la partida no sigue por extracción manual", "R-INC-2")
        out: list[ev.Event] = [
            ev.BallDrawn(
                partida=partida.number,
                index=len(partida.balls) + 1,
                number=number,
                source=source,
                ball_id=ball_id,
            )
        ]
        if electronic is not None:
            # The system claims at once for the electronic cartones this ball completed
            # (R-GAME-5), in the same commit as the ball, so no crash can separate them.
            balls = [*partida.balls, number]
            lines, bingos = electronic(number)
            if partida.first_valid_line_after is None:
                out += [self._claim(partida, balls, s, n, "line", True) for s, n in lines]
            out += [self._claim(partida, balls, s, n, "bingo", True) for s, n in bingos]
        return out

    def ball_in_tube_is_new(self, seen: int | None, known_out: bool | None) -> bool:
        """Whether the ball the jefe de mesa reads in the tube after a device was lost is this
        draw's ball (Cantabria II.1.b párr. 2). No: an empty tube, or, when the devices cannot
        tell whether a ball came out (``known_out`` None), the last ball drawn still in it.
        A number drawn earlier than that, or any drawn number when a ball is known to have come
        out, is a second ball with that number: ``DuplicateBall`` (R-INC-3).
        """
        return tube_ball_is_new(self._need_partida(*PLAYING).balls, seen, known_out)

    def pending_balls(self) -> list[int]:
        partida = self._need_partida()
        drawn = set(partida.balls)
        return [n for n in BALLS if n not in drawn]

    def correct_ball(self, index: int, number: int, note: str) -> list[ev.Event]:
        partida = self._need_partida(*PARTIDA_ACTIONS["correct_ball"])
        if not 1 <= index <= len(partida.balls):
            raise DomainError(f"no hay extracción {index} en esta partida")
        wrong = partida.balls[index - 1]
        if number == wrong:
            raise DomainError("el número corregido es el mismo")
        if number not in BALLS:
            raise DomainError(f"la bola {number} no existe (1 a 90)")
        if number in partida.balls:
            raise DuplicateBall(number, partida.balls.index(number) + 1, "R-GAME-3")
        corrected = list(partida.balls)
        corrected[index - 1] = number
        depending = self.claims_depending_on(index, number)
        if depending:
            raise DomainError(
                f"la corrección cambia {_depending_text(depending)}: el error no puede "
                "subsanarse; corresponde anular la partida",
                "R-INC-4",
            )
        # Said with the correction: the claims already checked that it leaves as they were.
        kept = [c for c in partida.claims if c.after_ball >= index]
        unchanged = f" Sin efecto en {'; '.join(map(_claim_text, kept))}." if kept else ""
        out: list[ev.Event] = [
            ev.BallCorrected(
                partida=partida.number, index=index, wrong_number=wrong, number=number, note=note
            ),
            _incident(
                partida,
                "ball_corrected",
                len(partida.balls),
                f"extracción {index}: se anunció {wrong}, la bola es {number}. {note}".strip()
                + unchanged,
                region=self.region,
            ),
        ]
        for series, carton, prize in self.unclaimed_electronic(corrected):
            out.append(self._claim(partida, corrected, series, carton, prize, True))
        return out

    def claims_depending_on(self, index: int, number: int) -> list[Claim]:
        """What a correction of ball ``index`` to ``number`` would change in a prize already
        validated (R-INC-4: the error "afecte de forma sustancial"); empty when it may be made.

        A claim checked before that ball was drawn does not depend on it. One checked after
        depends on it when, checked again with the corrected ball, it would be valid or refused
        differently or completed with another ball, or when it won with that very ball (the
        completion ball is one of the winning numbers: the bola loca comparison, R-BOLA-3, and
        the prima's record, R-PRIMA-5, follow it). The prima's ball count is the number of balls
        drawn, which a correction does not change. Then every sold cartón, paper or electronic,
        claimed or not: one that with the corrected ball would have completed a prize validated
        after it, and earlier than it did with the ball announced, could have won or shared that
        prize (R-PRIZE-2, R-GAME-5); it is listed with reason ``UNCLAIMED``, which the staff's
        message never names (R-GAME-5).
        """
        partida = self._need_partida()
        corrected = list(partida.balls)
        corrected[index - 1] = number
        out: list[Claim] = []
        for c in partida.claims:
            if c.after_ball < index:
                continue
            again = self._claim(
                partida, corrected[: c.after_ball], c.series, c.number, c.prize, c.electronic
            )
            if (again.valid, again.completed_at_ball) != (c.valid, c.completed_at_ball) or (
                c.valid and c.completed_at_ball == index
            ):
                out.append(c)
        named = {(c.series, c.number, c.prize) for c in out}
        won = {(c.series, c.number, c.prize) for c in partida.claims if c.valid}
        for prize, at, first in self._earlier_completions(partida, index, corrected):
            for series, n in first:
                if (series, n, prize) not in won | named:
                    out.append(Claim(at, series, n, prize, False, UNCLAIMED, 0, True))
        return out

    def _earlier_completions(
        self, partida: PartidaState, index: int, corrected: Sequence[int]
    ) -> list[tuple[str, int, list[tuple[str, int]]]]:
        """For each prize validated after ball ``index`` (prize, its ball): the sold cartones
        that with ``corrected`` complete it by that ball and earlier than with the balls
        announced. Only cartones holding the announced or the corrected number can change; the
        completion tracker (bingo.detect) replays both sequences over them.
        """
        windows = [
            (prize, first.after_ball)
            for prize in ("line", "bingo")
            for first in [next((c for c in partida.claims if c.valid and c.prize == prize), None)]
            if first is not None and first.after_ball >= index
        ]
        if not windows or not partida.sales:
            return []
        import numpy as np

        from bingo.detect import CompletionTracker

        changed = (partida.balls[index - 1], corrected[index - 1])
        cards: list[npt.NDArray[np.uint8]] = []
        which: list[tuple[str, int]] = []
        for sale in partida.sales:
            array = self._card_sets(self.series[sale.series].card_set_id).as_array()
            part = array[sale.first - 1 : sale.last]
            hit = np.flatnonzero(np.isin(part, changed).any(axis=(1, 2)))
            cards.append(part[hit])
            which += [(sale.series, sale.first + int(i)) for i in hit]
        if not which:
            return []
        combos = np.concatenate(cards)
        last = max(at for _prize, at in windows)
        before = CompletionTracker.replay(combos, partida.balls[:last], backend="numpy")
        after = CompletionTracker.replay(combos, corrected[:last], backend="numpy")
        every = list(range(len(which)))
        out: list[tuple[str, int, list[tuple[str, int]]]] = []
        for prize, at in windows:
            if prize == "line":
                old, new = before.line_completed_at(every), after.line_completed_at(every)
            else:
                old, new = before.bingo_completed_at(every), after.bingo_completed_at(every)
            old = np.where((old > 0) & (old <= at), old, 255)  # 255: not by that ball
            earlier = np.flatnonzero((new > 0) & (new <= at) & (new < old))
            out.append((prize, at, [which[i] for i in earlier.tolist()]))
        return out

    def check_claim(self, series: str, number: int, prize: str) -> list[ev.Event]:
        """Check a cartón a player called (R-GAME-4, R-PRIZE-2)."""
        partida = self._need_partida(*PARTIDA_ACTIONS["claim"])
        if prize not in ("line", "bingo"):
            raise DomainError(f"premio desconocido: {prize!r}")
        self.carton(series, number)  # the serie and number exist
        sale = partida.sold(series, number)
        if sale is None:
            raise DomainError(
                f"el cartón {number} de la serie {series} no se vendió en esta partida", "R-SALE-1"
            )
        if not partida.balls:
            raise DomainError("aún no ha salido ninguna bola")
        if any(
            c.valid and c.prize == prize and c.series == series and c.number == number
            for c in partida.claims
        ):
            raise DomainError(f"ese cartón ya tiene validado el premio de {PRIZE_TEXT[prize]}")
        return [self._claim(partida, partida.balls, series, number, prize, sale.electronic)]

    def unclaimed_electronic(
        self, balls: Sequence[int] | None = None
    ) -> list[tuple[str, int, str]]:
        """Electronic cartones holding a prize they were not yet given (after a correction)."""
        partida = self._need_partida()
        balls = partida.balls if balls is None else balls
        drawn = set(balls)
        won = {(c.series, c.number, c.prize) for c in partida.claims if c.valid}
        line_open = partida.first_valid_line_after is None
        out: list[tuple[str, int, str]] = []
        for sale in partida.sales:
            if not sale.electronic:
                continue
            for number in range(sale.first, sale.last + 1):
                carton = self.carton(sale.series, number)
                if (
                    line_open
                    and (sale.series, number, "line") not in won
                    and any(all(n in drawn for n in row) for row in carton.rows)
                ):
                    out.append((sale.series, number, "line"))
                if (sale.series, number, "bingo") not in won and carton.numbers <= drawn:
                    out.append((sale.series, number, "bingo"))
        return out

    def _claim(
        self,
        partida: PartidaState,
        balls: Sequence[int],
        series: str,
        number: int,
        prize: str,
        electronic: bool,
    ) -> ev.ClaimChecked:
        carton = self.carton(series, number)
        after = len(balls)
        position = {n: i + 1 for i, n in enumerate(balls)}
        if prize == "line":
            complete = [
                max(position[n] for n in row)
                for row in carton.rows
                if all(n in position for n in row)
            ]
            completed_at = min(complete) if complete else 0
            earlier = partida.first_valid_line_after
            if not complete:
                valid, reason = False, "ninguna fila tiene todos sus números extraídos"
            elif earlier is not None and earlier < after:
                valid, reason = False, f"ya se cantó línea correctamente con la bola {earlier}"
            else:
                valid, reason = True, "línea correcta"
        else:
            missing = [n for n in sorted(carton.numbers) if n not in position]
            completed_at = 0 if missing else max(position[n] for n in carton.numbers)
            if missing:
                valid, reason = False, "faltan: " + ", ".join(map(str, missing))
            else:
                valid, reason = True, "bingo correcto"
        return ev.ClaimChecked(
            partida=partida.number,
            after_ball=after,
            series=series,
            number=number,
            prize=prize,
            valid=valid,
            reason=reason,
            completed_at_ball=completed_at,
            electronic=electronic,
        )


UNCLAIMED = "sin reclamar"  # a sold cartón a correction would have let win a validated prize


def _depending_text(depending: Sequence[Claim]) -> str:
    """What a refused correction would change, for the staff: the claims checked by name, but
    never an unclaimed cartón that would have won (R-GAME-5), only the prize it concerns.
    """
    parts = []
    checked = [c for c in depending if c.reason != UNCLAIMED]
    if checked:
        parts.append("lo comprobado en " + "; ".join(map(_claim_text, checked)))
    prizes = [
        p
        for p in ("line", "bingo")
        if any(c.reason == UNCLAIMED and c.prize == p for c in depending)
    ]
    if prizes:
        said = " y ".join(f"{'la' if p == 'line' else 'el'} {PRIZE_TEXT[p]}" for p in prizes)
        parts.append(f"quién podía ganar {said} con las bolas que salieron")
    return " y ".join(parts)


def _claim_text(claim: Claim) -> str:
    """A checked claim as the acta names it: prize, serie, cartón, ball and outcome."""
    outcome = "válida" if claim.valid else "no válida"
    return (
        f"{PRIZE_TEXT[claim.prize]} del cartón {claim.number} serie {claim.series} "
        f"(bola {claim.after_ball}, {outcome})"
    )


def tube_ball_is_new(balls: Sequence[int], seen: int | None, known_out: bool | None) -> bool:
    """``Hall.ball_in_tube_is_new`` over the balls drawn so far: the one rule, for the hall and
    for the centre of a simultaneous partida (R-MULTI-2), whose draw follows the same policy.
    """
    if seen is None:
        return False
    if seen not in balls:
        return True
    if known_out is None and seen == balls[-1]:
        return False
    raise DuplicateBall(seen, list(balls).index(seen) + 1)
