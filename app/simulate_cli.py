"""``bingo-hall simulate``: a whole session played without a screen, resumed if it was cut.

The plan (seed, partidas, incidents) is recorded before the first partida, so a simulation
stopped half way is resumed with the same plan; every refusal comes before anything is written.
"""

from __future__ import annotations

import argparse
import datetime as dt
import time
from pathlib import Path
from typing import Any

from app.cli_input import (
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    created_database_undone_on_refusal,
    identifier,
    iso_date,
    whole_number,
)
from app.hall_cli import add_common, hall_settings, today
from app.interconnected import check_database, open_ledger
from bingo.game.definition import GameDefinition

#: Most partidas one simulated session may plan (decision 124): a long real night is about 100.
MAX_PARTIDAS = 200


def cmd_simulate(args: argparse.Namespace) -> int:
    from app.bootstrap import open_hall
    from bingo.clock import not_before
    from bingo.simulate import SimulatedClock, SimulationPlan, seeded_bola_loca

    settings = hall_settings(args)
    check_database(settings, args.db)
    game = None  # the ordinary bingo, exactly as without --game
    if args.game:  # a derivado or plus game, or a refusal before anything is written
        from app.games_cli import game_to_simulate

        game = game_to_simulate(Path(args.game), settings.region)
        if game is not None and args.devices != "none":
            raise CliError(
                "--game con bingo derivado o plus se juega con el bombo simulado (--devices "
                "none); no se ha escrito nada",
                EXIT_USAGE,
            )

    holder: dict[str, Any] = {}

    def seq() -> int:
        return int(holder["svc"].last_seq) if "svc" in holder else 0

    def next_partida() -> int:
        session = holder["svc"].hall.session
        return len(session.partidas) + 1 if session else 1

    date = args.date or "2026-11-22"
    with (
        created_database_undone_on_refusal(args.db),
        open_hall(
            args.db,
            args.hall,
            settings.hall_id,
            clock=lambda: holder["clock"](),
            bola_loca=lambda count: holder["bola"](count),
            writer="bingo-hall simulate",
        ) as engine,
    ):
        svc = engine.service
        holder["svc"] = svc
        engine.store.audit_before_writing(svc.hall_id)  # before anything (decision 640)
        from store.operators import OperatorBook

        if OperatorBook(engine.store).has_operators():  # a real hall's record (decision 250)
            raise CliError(
                "esta base de datos es la de una sala con operadores: una simulación no se "
                "escribe en su registro; simule en otra base de datos (--db)"
            )
        open_session = svc.hall.session
        if open_session is not None and open_session.id in svc.hall.simulations:
            started = svc.hall.simulations[open_session.id]
            session_id, seed, partidas = started.session_id, started.seed, started.partidas
            date = open_session.date
            incidents, electronic = started.incidents, started.electronic
            game = _resumed_game(svc.hall, started.game, game, args.game)
            resumed = True
        elif open_session is not None:
            raise CliError(
                f"la sesión {open_session.id} está abierta y no es una simulación: no se toca"
            )
        else:
            seed, partidas = args.seed, args.partidas
            session_id = args.session or f"SIM-{seed}-{len(svc.hall.sessions) + 1:03d}"
            _check_new_session(svc.hall, session_id, date)
            incidents, electronic = not args.no_incidents, not args.no_electronic
            pending = svc.hall.simulations.get(session_id)
            resumed = pending is not None
            if pending:
                seed, partidas = pending.seed, pending.partidas
                incidents, electronic = pending.incidents, pending.electronic
                game = _resumed_game(svc.hall, pending.game, game, args.game)
        if game is None:  # a game's balls are not the 90 of the hall's set (decision 262)
            _check_ball_set_lasts(
                svc.hall, partidas - (len(open_session.partidas) if open_session else 0)
            )
        # made-up times, never behind the record's last (a session opens on no clock behind it)
        holder["clock"] = not_before(SimulatedClock(date, seq), lambda: svc.hall.last_at)
        holder["bola"] = seeded_bola_loca(seed, next_partida)
        plan = SimulationPlan(
            seed=seed,
            partidas=partidas,
            session_id=session_id,
            date=date,
            series_prefix=settings.series_prefix,
            series_size=settings.series_size,
            card_set_id=settings.card_set_id,
            face_value_cents=settings.face_value_cents,
            prima_amount_cents=settings.prima_initial_cents,
            jefe_de_mesa=settings.jefe_de_mesa,
            jefe_de_sala=settings.jefe_de_sala,
            incidents=incidents,
            electronic=electronic,
        )
        # Devices first: a refusal must leave nothing in the record.
        if args.fault and args.devices != "emulated":
            raise CliError("--fault necesita --devices emulated", EXIT_USAGE)
        draws, stop_devices = None, None
        if args.devices == "emulated":
            from app.devices import emulated_draws

            try:
                draws, stop_devices = emulated_draws(
                    svc, seed, args.fault, fast=args.device_timing == "fast"
                )
            except ValueError as exc:  # an unknown --fault: the command line is wrong
                raise CliError(f"--fault: {exc}", EXIT_USAGE) from None
        elif args.devices == "serial":
            from app.devices import DevicePortError, serial_draws, serial_ports

            try:  # each port opened once first: one that cannot be is named, nothing written
                extractor, reader = serial_ports(settings)
                draws, stop_devices = serial_draws(svc, extractor, reader, settings.baud)
            except (DevicePortError, OSError) as exc:
                raise CliError(f"no se pueden abrir los dispositivos: {exc}") from None
            stop_devices = _with_boards(svc, settings, stop_devices)
        ledger = open_ledger(engine.store, settings)
        try:
            return _play(args, svc, settings, plan, draws, resumed, game, ledger)
        finally:
            if stop_devices is not None:
                stop_devices()


def _resumed_game(
    hall: Any, recorded: str, given: GameDefinition | None, path: str | None
) -> GameDefinition | None:
    """The game of a simulated session being resumed: the one its record names (its definition
    adopted in the record), never another; ``--game`` may repeat it or be left out.
    """
    if path and (given.id if given else "") != recorded:
        played = recorded or "el bingo ordinario"
        raise CliError(
            f"{path}: la sesión simulada abierta juega {played}; se reanuda con su propio "
            "juego (sin --game o con el mismo); no se ha escrito nada"
        )
    if not recorded:
        return None
    definition = hall.games.definitions.get(recorded)
    if given is not None:
        return given
    if definition is None:
        raise CliError(
            f"la sesión simulada abierta juega {recorded}, que aún no está en el registro: "
            "repita la orden con --game y su fichero; no se ha escrito nada"
        )
    return definition  # type: ignore[no-any-return]


def _check_new_session(hall: Any, session_id: str, date: str) -> None:
    """Refuse, before anything is written, a session the hall would refuse to open."""
    if any(s.id == session_id for s in hall.sessions):
        raise CliError(f"ya hubo una sesión {session_id}, y está cerrada; no se ha escrito nada")
    if session_id in hall.simulations:
        return  # started before and not opened yet: it is resumed with its own plan
    latest = (dt.date.fromisoformat(today()) + dt.timedelta(days=1)).isoformat()
    if date > latest:  # a day of margin: a night that crosses midnight (decision 123)
        raise CliError(
            f"la fecha {date} es posterior a hoy ({today()}): una sesión no se abre en el "
            "futuro; no se ha escrito nada"
        )
    if hall.sessions and date < hall.sessions[-1].date:
        raise CliError(
            f"la fecha {date} es anterior a la de la última sesión ({hall.sessions[-1].date}); "
            "no se ha escrito nada"
        )


def _check_ball_set_lasts(hall: Any, to_play: int) -> None:
    """Refuse, before anything is written, a run the installed ball set cannot finish (R-BALL-1):
    stopping at its limit would leave a partida written and the session open.
    """
    ball_set, rules = hall.ball_set, hall.rules
    if ball_set is None or rules is None:
        return  # the hall's first session: its ball set is installed new
    limit = ball_set.limit(rules)
    left = max(limit - ball_set.partidas_played, 0)
    if to_play > left:
        raise CliError(
            f"el juego de bolas {ball_set.id} lleva {ball_set.partidas_played} partidas de "
            f"{limit}: quedan {left} y la sesión pide {to_play}; instale otro juego con "
            "«bingo-hall ballset install» o pida menos --partidas; no se ha escrito nada"
        )


def _with_boards(svc: Any, settings: Any, stop_devices: Any) -> Any:
    """The hall boards of ``[devices] boards`` fed from the record, stopped with the devices."""
    from app.devices import start_boards

    lines = [(line.port, line.addresses) for line in settings.board_lines]
    stop_boards = start_boards(svc, "serial", lines, settings.baud)

    def stop() -> None:
        stop_boards()
        stop_devices()

    return stop


def _play(
    args: argparse.Namespace,
    svc: Any,
    settings: Any,
    plan: Any,
    draws: Any,
    resumed: bool,
    game: GameDefinition | None = None,
    ledger: Any = None,
) -> int:
    from app.bootstrap import prepare_hall
    from bingo import events as ev
    from bingo.simulate import Simulation
    from bingo.simulate_games import GameSimulation

    session_id, seed, partidas = plan.session_id, plan.seed, plan.partidas
    prepare_hall(svc, settings)
    if session_id not in svc.hall.simulations:
        svc.start_simulation(
            ev.SimulationStarted(
                session_id=session_id,
                seed=seed,
                partidas=partidas,
                incidents=plan.incidents,
                electronic=plan.electronic,
                devices=args.devices,
                game=game.id if game else "",
            )
        )
    if resumed and not args.quiet:
        print(f"reanudando la sesión simulada {session_id} en el registro {svc.last_seq}")
    sim = Simulation(svc, plan, draws, ledger) if game is None else GameSimulation(svc, plan, game)
    started_at = time.perf_counter()
    last_print = [0]

    def progress(step: Any) -> None:
        session = svc.hall.session
        if args.quiet or session is None:
            return
        if step.name == "start_game_partida":  # the partidas of a game (docs/games.md)
            print(f"partida {len(svc.hall.games.of_session(session.id))}/{partidas}", flush=True)
        if not session.partidas:
            return
        n = session.partidas[-1].number
        if n != last_print[0] and step.name == "start_partida":
            last_print[0] = n
            print(f"partida {n}/{partidas}", flush=True)

    steps = sim.run(on_step=progress)
    elapsed = time.perf_counter() - started_at
    session = next(s for s in svc.hall.sessions if s.id == session_id)
    played = len(session.partidas) + len(svc.hall.games.of_session(session_id))
    if not args.quiet:
        print(
            f"sesión {session_id}: {played} partidas, {steps} órdenes, "
            f"{svc.last_seq} registros, {elapsed:.1f} s"
        )
    return EXIT_OK


def add_simulate(sub: Any) -> None:
    """``simulate``: its plan and where its balls come from."""
    p = sub.add_parser(
        "simulate", help="juega una sesión completa sin pantalla (reanuda la abierta)"
    )
    add_common(p)
    p.add_argument("--seed", type=whole_number(0), default=7, help="semilla de la simulación (7)")
    p.add_argument(
        "--partidas",
        type=whole_number(1, MAX_PARTIDAS),
        default=60,
        help="partidas de la sesión (60)",
    )
    p.add_argument("--session", type=identifier, help="identificador de la sesión")
    p.add_argument("--date", type=iso_date, help="fecha de la sesión AAAA-MM-DD")
    p.add_argument("--no-incidents", action="store_true", help="sin incidencias")
    p.add_argument("--game", metavar="FICHERO", help="fichero del juego (docs/games.md)")
    p.add_argument("--no-electronic", action="store_true", help="sin cartones electrónicos")
    p.add_argument(
        "--devices",
        choices=["none", "emulated", "serial"],
        default="none",
        help="de dónde salen las bolas: bombo simulado, dispositivos emulados o los puertos "
        "serie de [devices]",
    )
    p.add_argument(
        "--device-timing",
        choices=["fast", "real"],
        default="fast",
        help="tiempos de los dispositivos emulados: rápidos (por defecto) o los de una máquina "
        "real",
    )
    p.add_argument(
        "--fault",
        action="append",
        default=[],
        help="avería a inyectar en los dispositivos emulados",
    )
    p.add_argument("-q", "--quiet", action="store_true")
    p.set_defaults(func=cmd_simulate)
