"""A whole session played headless, the way a hall plays it.

The simulator is a policy: from the seed and the hall's current state alone it decides the
next command (open, sell, draw, claim, close, pay, an incident now and then). Nothing of it
lives outside the record, so a simulation killed at any instant and started again continues
exactly where the record stops and ends in the same state as an uninterrupted run.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Protocol

from bingo.hall import DomainError, Hall, PartidaState, SessionState, Status
from bingo.interconnected import Ledger
from bingo.service import HallService


@dataclass(frozen=True)
class SimulationPlan:
    seed: int
    partidas: int
    session_id: str
    date: str
    series_prefix: str = "A"
    series_size: int = 1500
    card_set_id: str = "std-6000"
    face_value_cents: int = 100
    prima_amount_cents: int = 20000
    jefe_de_mesa: str = "Jefe de mesa de turno"
    jefe_de_sala: str = "Jefe de sala de turno"
    incidents: bool = True
    electronic: bool = True


def rng(seed: int, *parts: object) -> random.Random:
    """An independent, reproducible random stream for one decision."""
    return random.Random(":".join(str(p) for p in (seed, *parts)))


class SimulatedClock:
    """Deterministic times: the session date plus a few seconds per recorded event."""

    def __init__(self, date: str, seq: Callable[[], int]) -> None:
        self._start = dt.datetime.fromisoformat(f"{date}T17:00:00+01:00")
        self._seq = seq

    def __call__(self) -> str:
        return (self._start + dt.timedelta(seconds=4 * (self._seq() + 1))).isoformat()


def seeded_bola_loca(
    seed: int, service_partida: Callable[[], int]
) -> Callable[[int], tuple[list[int], str]]:
    """Bola loca numbers for a simulation: reproducible, and still independent of the ball order."""

    def draw(count: int) -> tuple[list[int], str]:
        return rng(seed, "bola-loca", service_partida()).sample(range(1, 91), count), "simulated"

    return draw


@dataclass(frozen=True)
class Step:
    """One decided command: its name (for logs and tests) and how to run it."""

    name: str
    run: Callable[[], object]


class _Completions:
    """When each paper cartón of the partida completed its first line and its bingo, kept up to
    date ball by ball (the players know their own cartones; the console never does).
    """

    def __init__(self) -> None:
        self._key: tuple[str, int, int] | None = None
        self._balls: list[int] = []
        self._where: dict[int, list[tuple[tuple[str, int], int]]] = {}
        self._left: dict[tuple[str, int], list[int]] = {}
        self._done: dict[tuple[str, int], list[int]] = {}

    def _reset(self, hall: Hall, partida: PartidaState) -> None:
        self._key = (partida.session_id, partida.number, len(partida.sales))
        self._balls, self._where, self._left, self._done = [], {}, {}, {}
        for sale in partida.sales:
            if sale.electronic:
                continue  # the system claims for electronic cartones
            for number in range(sale.first, sale.last + 1):
                key = (sale.series, number)
                self._left[key] = [5, 5, 5, 15]
                for r, row in enumerate(hall.carton(sale.series, number).rows):
                    for n in row:
                        self._where.setdefault(n, []).append((key, r))

    def update(
        self, hall: Hall, partida: PartidaState
    ) -> list[tuple[tuple[str, int], tuple[int, int]]]:
        """(cartón, (ball of first line or 0, ball of bingo or 0)) for every completed cartón."""
        key = (partida.session_id, partida.number, len(partida.sales))
        if key != self._key or partida.balls[: len(self._balls)] != self._balls:
            self._reset(hall, partida)  # a new partida, or a corrected ball
        for index in range(len(self._balls) + 1, len(partida.balls) + 1):
            number = partida.balls[index - 1]
            self._balls.append(number)
            for carton, r in self._where.get(number, ()):
                left = self._left[carton]
                left[r] -= 1
                left[3] -= 1
                done = self._done.setdefault(carton, [0, 0])
                if left[r] == 0 and not done[0]:
                    done[0] = index
                if left[3] == 0:
                    done[1] = index
        order = {key: i for i, key in enumerate(self._left)}
        return sorted(
            ((c, (d[0], d[1])) for c, d in self._done.items() if d[0]), key=lambda x: order[x[0]]
        )


class BallDraws(Protocol):
    """Balls from real (or emulated) devices instead of the simulated drum."""

    def draw_next(self) -> str: ...

    def scan(self) -> list[int]: ...


class Simulation:
    def __init__(
        self,
        service: HallService,
        plan: SimulationPlan,
        draws: BallDraws | None = None,
        interconnected: Ledger | None = None,
    ) -> None:
        self.service = service
        self.plan = plan
        self.draws = draws
        self.interconnected = interconnected  # the shared fund, when the hall joined (R-MULTI-1)
        self._completions = _Completions()

    @property
    def hall(self) -> Hall:
        return self.service.hall

    def _session(self) -> SessionState | None:
        return next((s for s in self.hall.sessions if s.id == self.plan.session_id), None)

    def done(self) -> bool:
        session = self._session()
        return session is not None and not session.open

    def run(
        self, max_steps: int | None = None, on_step: Callable[[Step], None] | None = None
    ) -> int:
        """Play until the session is closed; returns the number of commands run."""
        steps = 0
        while not self.done() and (max_steps is None or steps < max_steps):
            step = self.next_step()
            step.run()
            steps += 1
            if on_step:
                on_step(step)
        return steps

    # --- the policy ------------------------------------------------------------------------

    def next_step(self) -> Step:
        svc, plan, hall = self.service, self.plan, self.hall
        session = self._session()
        if session is None:
            if hall.opening_check(plan.session_id) is None:
                return self._ball_check_step("open")
            return Step(
                "open_session",
                lambda: svc.open_session(
                    plan.session_id, plan.date, plan.jefe_de_mesa, plan.jefe_de_sala
                ),
            )
        partida = session.current
        if partida is None:
            played = len(session.partidas)
            if played >= plan.partidas:
                return self._closing_step(session)
            if played == plan.partidas - 1 and session.last_partida is None:
                return Step("announce_last_partida", svc.announce_last_partida)
            missing = self._missing_series()
            if missing:
                return missing
            return Step("start_partida", svc.start_partida)
        # The interconnected prize: announced when the sale closes, settled once the partida is
        # closed, before it is paid (``Hall.interconnected_due``, the rule the server follows).
        ledger = self.interconnected
        if ledger is not None and (due := hall.interconnected_due()) is not None:
            return Step(due, partial(svc.play_interconnected, ledger))
        match partida.status:
            case Status.SALE_OPEN:
                return self._sale_step(partida)
            case Status.SALE_CLOSED:
                if self._incident(partida, "suspend"):
                    return Step(
                        "suspend",
                        lambda: svc.suspend("avería del compresor antes de la primera bola"),
                    )
                return Step("confirm_data_shown", svc.confirm_data_shown)
            case Status.SUSPENDED:
                times = sum(
                    1 for i in partida.incidents if i.incident == "failure_before_first_ball"
                )
                outcome = rng(plan.seed, "suspension-outcome", partida.number, times).random()
                if times < 3 and outcome < 0.5:
                    return Step("resume", lambda: svc.resume("avería resuelta"))
                return Step(
                    "refund_suspended",
                    lambda: svc.refund_suspended("avería sin resolver: se devuelven los cartones"),
                )
            case Status.READY | Status.EXTRACTION | Status.CLAIM_CHECK:
                return self._extraction_step(partida)
            case Status.BINGO_CALLED:
                claim = self._pending_claim(partida, closing=True)
                return claim or Step("close_partida", svc.close_partida)
            case Status.CLOSED:
                return Step("pay_prizes", svc.pay_prizes)
        raise DomainError(f"estado sin decisión en la simulación: {partida.status}")

    def _closing_step(self, session: SessionState) -> Step:
        """The balls counted for the close, then the session closed."""
        if not session.ball_checks or session.ball_checks[-1].when != "close":
            return self._ball_check_step("close")
        return Step("close_session", self.service.close_session)

    def _ball_check_step(self, when: str) -> Step:
        """The 90 balls counted at the opening or the close (R-BALL-2), by the devices' reader
        when the balls come from the devices.
        """
        svc, session_id = self.service, self.plan.session_id
        if self.draws is not None:
            scan = self.draws.scan
            return Step(
                f"ball_check_{when} (reader)",
                lambda: svc.record_ball_check(session_id, when, scan(), "reader"),
            )
        balls = list(range(1, 91))
        rng(self.plan.seed, f"count-{when}").shuffle(balls)
        return Step(
            f"ball_check_{when}",
            lambda: svc.record_ball_check(session_id, when, balls, "reader"),
        )

    def _series_code(self, prefix: str, n: int) -> str:
        return f"{prefix}-{n:04d}"

    def _missing_series(self) -> Step | None:
        """Register the next serie before a partida may need it."""
        plan, svc = self.plan, self.service
        codes = [c for c in self.hall.series if c.startswith(plan.series_prefix + "-")]
        if codes:
            last = self.hall.series[codes[-1]]
            # a serie left partly sold more than a day before cannot be continued (R-SALE-1):
            # a new one, or the simulation would stop at its first sale for good
            if last.size - last.last_sold >= 400 and self._continues(codes[-1]):
                return None
        code = self._series_code(plan.series_prefix, len(codes) + 1)
        return Step(
            f"register_serie {code}",
            lambda: svc.register_serie(
                code, plan.card_set_id, plan.series_size, plan.face_value_cents
            ),
        )

    def _sale_step(self, partida: PartidaState) -> Step:
        """Sellers hand out correlative blocks; terminals take theirs from the same serie."""
        plan, svc = self.plan, self.service
        r = rng(plan.seed, "sale", partida.number)
        physical_target = r.randint(120, 420)
        electronic_target = r.choice([0, 0, 40, 120, 300]) if plan.electronic else 0
        limits = self.hall.terminal_limits
        if limits.bounded:  # a region's machines and cartones per machine bound them (R-MULTI-3)
            machines = 0 if limits.no_category else limits.machines_max or 0
            room = machines * (limits.cartones_max or 0)
            electronic_target = min(electronic_target, room)
        blocks = r.randint(2, 4)
        physical = sum(s.count for s in partida.sales if not s.electronic)
        electronic = sum(s.count for s in partida.sales if s.electronic)
        # Paper and terminals alternate until each reaches its target.
        if physical < physical_target and (
            physical <= electronic or electronic >= electronic_target
        ):
            want = min(max(1, physical_target // blocks), physical_target - physical)
            step = self._sell_step(partida, want, electronic=False)
            if step:
                return step
        if electronic < electronic_target:
            want = min(max(1, electronic_target // 2), electronic_target - electronic)
            step = self._sell_step(partida, want, electronic=True)
            if step:
                return step
        if not partida.sales and (missing := self._missing_series()) is not None:
            return missing  # a partida started before its serie could no longer be sold on
        if self._incident(partida, "suspend_in_sale") and not partida.incidents:
            return Step("suspend", lambda: svc.suspend("corte de corriente durante la venta"))
        return Step("close_sale", svc.close_sale)

    def _sell_step(self, partida: PartidaState, want: int, electronic: bool) -> Step | None:
        svc, hall, prefix = self.service, self.hall, self.plan.series_prefix
        kind = "electronic" if electronic else "physical"
        terminal = ""
        limits = hall.terminal_limits
        if electronic and limits.bounded and limits.cartones_max:
            # on auxiliary machines, each its few cartones, one machine after another (R-MULTI-3)
            machines = [s.terminal for s in partida.sales if s.terminal]
            terminal = machines[-1] if machines else "MAQ-1"
            done = sum(s.count for s in partida.sales if s.terminal == terminal)
            if done >= limits.cartones_max:
                terminal, done = f"MAQ-{len(set(machines)) + 1}", 0
            want = min(want, limits.cartones_max - done)
        if partida.sales:
            lead = partida.sales[0].series
            current = partida.sales[-1].series
            serie = hall.series[current]
            room = serie.size - partida.sales[-1].last
            if current != lead:  # a second serie only up to where the first began (R-SALE-2),
                # and never past its own size (a smaller serie than the first: 400 after 1500)
                end = min(partida.ranges_of(lead)[0].first - 1, serie.size)
                room = end - partida.sales[-1].last
            if room > 0:
                count = min(want, room)
                return Step(
                    f"sell {kind} {current}",
                    lambda: svc.sell_count(current, count, electronic, terminal=terminal),
                )
            if current != lead:
                return None
            nxt = [c for c in self._active(prefix) if c != lead]
            if not nxt or hall.series[nxt[0]].last_sold:
                return None
            count = min(want, partida.ranges_of(lead)[0].first - 1, hall.series[nxt[0]].size)
            if count <= 0:
                return None
            code = nxt[0]
            return Step(
                f"sell second serie {code}",
                lambda: svc.sell(code, 1, count, electronic, terminal=terminal),
            )
        active = self._active(prefix)
        if not active:
            return None
        code = active[0]
        serie = hall.series[code]
        count = min(want, serie.size - serie.last_sold)
        return Step(
            f"sell {kind} {code}",
            lambda: svc.sell_count(code, count, electronic, terminal=terminal),
        )

    def _active(self, prefix: str) -> list[str]:
        codes = [c for c in self.hall.series if c.startswith(prefix + "-")]
        return [
            c
            for c in codes
            if self.hall.series[c].last_sold < self.hall.series[c].size and self._continues(c)
        ]

    def _continues(self, code: str) -> bool:
        """Whether the serie can be sold on in this session: new, or last sold the same day or
        the day before (R-SALE-1, ``Hall.next_sale_number``).
        """
        serie = self.hall.series[code]
        if not serie.last_sold or not serie.last_sold_date:
            return True
        session = self.hall.session
        day = session.date if session is not None else self.plan.date
        gap = dt.date.fromisoformat(day) - dt.date.fromisoformat(serie.last_sold_date)
        return gap.days <= 1

    def _incident(self, partida: PartidaState, kind: str) -> bool:
        """Whether this partida meets an incident of this kind (about one partida in fifteen)."""
        if not self.plan.incidents:
            return False
        if (
            any(i.incident != "ball_corrected" for i in partida.incidents)
            and kind != "caller_error"
        ):
            return False
        chances = {
            "suspend": 0.03,
            "suspend_in_sale": 0.01,
            "manual": 0.03,
            "irregular": 0.015,
            "caller_error": 0.04,
        }
        return rng(self.plan.seed, "incident", kind, partida.number).random() < chances[kind]

    def _ball_order(self, partida: PartidaState) -> list[int]:
        order = list(range(1, 91))
        rng(self.plan.seed, "balls", self.plan.session_id, partida.number).shuffle(order)
        return order

    def _extraction_step(self, partida: PartidaState) -> Step:
        svc, plan = self.service, self.plan
        order = self._ball_order(partida)
        # The ball prevails: a wrongly read ball is corrected before anything else (R-GAME-3).
        # With devices, holds are settled by the jefe de mesa as the ball is drawn.
        for i, number in enumerate(partida.balls if self.draws is None else ()):
            if number != order[i]:
                true = order[i]
                if self.hall.claims_depending_on(i + 1, true):  # R-INC-4
                    return Step(
                        "annul (caller error)",
                        lambda: svc.annul("caller_error", "bola mal leída con premio ya validado"),
                    )
                note = "lectura corregida por el jefe de mesa"
                return Step("correct_ball", partial(svc.correct_ball, i + 1, true, note))
        claim = self._pending_claim(partida, closing=False)
        if claim:
            return claim
        if self.draws is not None:  # the devices bring their own incidents
            return Step("draw from the devices", self.draws.draw_next)
        k = len(partida.balls)
        if k >= 1 and partida.manual_from_ball is None and self._incident(partida, "manual"):
            at = 5 + rng(plan.seed, "manual-at", partida.number).randint(0, 20)
            if k == at:
                return Step(
                    "start_manual_extraction",
                    lambda: svc.start_manual_extraction("el extractor no responde"),
                )
        if k >= 1 and self._incident(partida, "irregular"):
            at = 3 + rng(plan.seed, "irregular-at", partida.number).randint(0, 25)
            if k == at:
                note = "bola con exceso de peso"
                return Step("annul", partial(svc.stop_and_annul_for_ball_irregularity, note))
        nxt = order[k]
        source = "manual" if partida.manual_from_ball is not None else "simulated"
        if self._incident(partida, "caller_error") and not partida.corrections:
            at = 2 + rng(plan.seed, "misread-at", partida.number).randint(0, 20)
            if k + 1 == at:
                pending = [n for n in order[k + 1 :]]
                wrong = rng(plan.seed, "misread", partida.number).choice(pending)
                return Step("draw_ball (misread)", lambda: svc.draw_ball(wrong, source))
        return Step(f"draw_ball {nxt}", lambda: svc.draw_ball(nxt, source))

    def _pending_claim(self, partida: PartidaState, closing: bool) -> Step | None:
        """The next call a player makes now: on time, late, or false."""
        svc, plan, hall = self.service, self.plan, self.hall
        k = len(partida.balls)
        if k == 0:
            return None
        checked = {(c.series, c.number, c.prize, c.after_ball) for c in partida.claims}
        won = {(c.series, c.number, c.prize) for c in partida.claims if c.valid}
        line_open = partida.first_valid_line_after in (None, k)
        for (series, number), (line_at, bingo_at) in self._completions.update(hall, partida):
            for prize, completed in (("line", line_at), ("bingo", bingo_at)):
                if (series, number, prize) in won or (series, number, prize, k) in checked:
                    continue
                if not completed:
                    continue
                r = rng(plan.seed, "player", partida.number, series, number, prize)
                delay = r.choice([0, 0, 0, 0, 0, 0, 1, 2] if prize == "line" else [0, 0, 0, 0, 1])
                if prize == "line" and not line_open and r.random() > 0.04:
                    continue  # most players stop calling once the line is gone
                if closing or completed + delay <= k:
                    if any(
                        c.series == series
                        and c.number == number
                        and c.prize == prize
                        and c.after_ball >= completed
                        for c in partida.claims
                    ):
                        continue  # one call per completed combination
                    return Step(
                        f"claim {prize} {series}/{number}",
                        partial(svc.claim, series, number, prize),
                    )
        if closing:
            return None
        # Now and then somebody calls without reason (R-GAME-4: a wrong claim resumes the game).
        r = rng(plan.seed, "false-call", partida.number, k)
        if r.random() < 0.02:
            physical = [s for s in partida.sales if not s.electronic]
            if physical:
                sale = r.choice(physical)
                number = r.randint(sale.first, sale.last)
                prize = r.choice(["line", "bingo"])
                key = (sale.series, number, prize)
                if key not in won and (sale.series, number, prize, k) not in checked:
                    return Step(
                        f"false claim {prize} {sale.series}/{number}",
                        lambda: svc.claim(sale.series, number, prize),
                    )
        return None
