"""`bingo-hall`: the command line of the hall's engine.

Exit codes, the same for every subcommand (``emulate`` and ``acta`` too): 0 done; 1 refused —
by the rules, or an input file, database or record that cannot be used (the message says why);
2 wrong usage — the command line itself is wrong (unknown option, bad date or number, missing
argument); 3 an integrity check failed (the record, a card set or a sealed acta is not what was
written); 130 interrupted. A refusal (1 or 2) writes nothing.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import json
import logging
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.cli_input import (
    EXIT_CODES_TEXT,
    EXIT_INTEGRITY,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    CliError,
    created_database_undone_on_refusal,
    identifier,
    iso_date,
    parse_json,
    read_text_file,
    whole_number,
    write_text_file,
)
from bingo import __version__

if TYPE_CHECKING:
    from app.bootstrap import Engine

#: Most partidas one simulated session may plan (decision 124): a long real night is about 100.
MAX_PARTIDAS = 200

__all__ = ["EXIT_INTEGRITY", "EXIT_OK", "EXIT_REFUSED", "EXIT_USAGE", "CliError", "main"]


def _settings(args: argparse.Namespace) -> Any:
    """The hall's settings, refused before the database is opened if the record cannot keep
    their identifiers.
    """
    from app.config import load_hall

    settings = load_hall(Path(args.config) if args.config else None)
    for key, value in (
        ("[hall] id", settings.hall_id),
        ("[card_set] id", settings.card_set_id),
        ("[ball_set] id", settings.ball_set_id),
    ):
        try:
            identifier(value)
        except argparse.ArgumentTypeError as exc:
            raise CliError(f"{args.config or 'configuración'}: {key}: {exc}") from None
    return settings


def _today() -> str:
    return time.strftime("%Y-%m-%d")


def _open_hall(args: argparse.Namespace, *, create: bool = False) -> AbstractContextManager[Engine]:
    """The engine of the hall the command names (``--db``, ``--hall``, ``--config``); a named
    ``--config`` that does not describe the recorded hall is refused.

    Only the commands that start a record (``simulate``, ``cardset import``) may create the
    database: any other refuses a file that does not exist rather than create an empty one.
    """
    from app.bootstrap import open_hall

    settings = _settings(args)
    engine = open_hall(
        args.db,
        args.hall,
        settings.hall_id,
        settings=settings if args.config else None,
        create=create,
    )
    from app.operators_cli import operated  # who commands from the command line (R-ROLE-1)

    return operated(engine if create else _named_hall_recorded(engine, args.hall), args)


@contextmanager
def _named_hall_recorded(
    opened: AbstractContextManager[Engine], hall: str | None
) -> Iterator[Engine]:
    """A ``--hall`` the database does not have is refused (decision 89): a mistyped id must not
    show an empty hall.
    """
    with opened as engine:
        halls = engine.store.halls()
        if hall and halls and hall not in halls:
            raise CliError(
                f"la base de datos no tiene la sala {hall} (tiene: {', '.join(sorted(halls))})"
            )
        yield engine


def _check_config(args: argparse.Namespace) -> None:
    """A named ``--config`` of a command that reads nothing else of it must still describe the
    recorded hall, never be silently ignored (docs/decisions.md 52).
    """
    if args.config:
        with _open_hall(args):
            pass


# --- simulate ---------------------------------------------------------------------------------


def cmd_simulate(args: argparse.Namespace) -> int:
    from app.bootstrap import open_hall
    from bingo.simulate import SimulatedClock, SimulationPlan, seeded_bola_loca

    settings = _settings(args)
    if args.game:  # the ordinary bingo plays as always; another modality is refused here
        from app.games_cli import game_to_simulate

        game_to_simulate(Path(args.game), settings.region)

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
        ) as engine,
    ):
        svc = engine.service
        holder["svc"] = svc
        open_session = svc.hall.session
        if open_session is not None and open_session.id in svc.hall.simulations:
            started = svc.hall.simulations[open_session.id]
            session_id, seed, partidas = started.session_id, started.seed, started.partidas
            date = open_session.date
            incidents, electronic = started.incidents, started.electronic
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
        _check_ball_set_lasts(
            svc.hall, partidas - (len(open_session.partidas) if open_session else 0)
        )
        holder["clock"] = SimulatedClock(date, seq)
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
            from app.devices import serial_draws

            if not settings.extractor_port or not settings.reader_port:
                raise CliError("faltan los puertos del extractor y del lector en [devices]")
            try:
                draws, stop_devices = serial_draws(
                    svc, settings.extractor_port, settings.reader_port, settings.baud
                )
            except OSError as exc:
                raise CliError(f"no se pueden abrir los dispositivos: {exc}") from None
            stop_devices = _with_boards(svc, settings, stop_devices)
        try:
            return _play(args, svc, settings, plan, draws, resumed)
        finally:
            if stop_devices is not None:
                stop_devices()


def _check_new_session(hall: Any, session_id: str, date: str) -> None:
    """Refuse, before anything is written, a session the hall would refuse to open."""
    if any(s.id == session_id for s in hall.sessions):
        raise CliError(f"ya hubo una sesión {session_id}, y está cerrada; no se ha escrito nada")
    if session_id in hall.simulations:
        return  # started before and not opened yet: it is resumed with its own plan
    latest = (dt.date.fromisoformat(_today()) + dt.timedelta(days=1)).isoformat()
    if date > latest:  # a day of margin: a night that crosses midnight (decision 123)
        raise CliError(
            f"la fecha {date} es posterior a hoy ({_today()}): una sesión no se abre en el "
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
) -> int:
    from app.bootstrap import prepare_hall
    from bingo import events as ev
    from bingo.simulate import Simulation

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
            )
        )
    if resumed and not args.quiet:
        print(f"reanudando la sesión simulada {session_id} en el registro {svc.last_seq}")
    sim = Simulation(svc, plan, draws)
    started_at = time.perf_counter()
    last_print = [0]

    def progress(step: Any) -> None:
        session = svc.hall.session
        if args.quiet or session is None or not session.partidas:
            return
        n = session.partidas[-1].number
        if n != last_print[0] and step.name == "start_partida":
            last_print[0] = n
            print(f"partida {n}/{partidas}", flush=True)

    steps = sim.run(on_step=progress)
    elapsed = time.perf_counter() - started_at
    session = next(s for s in svc.hall.sessions if s.id == session_id)
    if not args.quiet:
        print(
            f"sesión {session_id}: {len(session.partidas)} partidas, {steps} órdenes, "
            f"{svc.last_seq} registros, {elapsed:.1f} s"
        )
    return EXIT_OK


# --- export and status --------------------------------------------------------------------------


def cmd_export(args: argparse.Namespace) -> int:
    from app.bootstrap import check_settings, choose_hall, hall_snapshot
    from bingo.export import build_export
    from store import open_store

    # One reading of the record gives both the state and the chain (Trust 15): a simulation
    # or the console may be writing meanwhile.
    settings = _settings(args)
    # The card sets are read from the store too: everything is built before it is closed (a
    # store read after its close would open a connection nobody closes).
    with open_store(args.db, create=False) as store:
        hall_id = choose_hall(store, args.hall, settings.hall_id)
        svc = hall_snapshot(store, hall_id)
        if not svc.hall.hall_id:
            raise CliError(f"la base de datos no tiene la sala {hall_id}")
        if args.config:  # another hall's file is refused, not ignored (decision 52)
            check_settings(svc.hall, settings)
        known = [s.id for s in svc.hall.sessions]
        missing = [s for s in args.session or [] if s not in known]
        if missing:
            raise CliError(
                f"la sala {hall_id} no tiene la sesión {', '.join(missing)} "
                f"(tiene: {', '.join(known) or 'ninguna'})"
            )
        records = [] if args.no_chain else svc.records()
        data = build_export(svc.hall, svc.card_sets.get, records, args.session or None)
    text = json.dumps(data, ensure_ascii=False, indent=None if args.compact else 1)
    if args.output and args.output != "-":
        write_text_file(args.output, text + "\n")
        print(f"exportado: {args.output} ({len(data['sessions'])} sesiones)", file=sys.stderr)
    else:
        sys.stdout.write(text + "\n")
    return EXIT_OK


def cmd_status(args: argparse.Namespace) -> int:
    from app.checkpoints import audit, when
    from bingo.hall import STATUS_TEXT
    from bingo.money import euros

    with _open_hall(args) as engine:
        # Loading re-checked the chain; the audit also holds it against the signed
        # checkpoints, in the database and next to the hall's key (docs/store.md).
        report = audit(engine.store, engine.service.hall_id, args.keys_dir)
        if report.problems:
            for problem in report.problems:
                print(f"bingo-hall: {problem}", file=sys.stderr)
            count = len(report.problems)
            raise CliError(
                f"el registro de la sala {engine.service.hall_id} NO está íntegro "
                f"({count} problema{'' if count == 1 else 's'})",
                EXIT_INTEGRITY,
            )
        hall = engine.service.hall
        if not hall.hall_id:
            print(f"sala {engine.service.hall_id}: sin registro todavía")
            return EXIT_OK
        print(
            f"sala {hall.hall_id} — {hall.name} ({hall.region}); "
            f"registro íntegro, {engine.service.last_seq} eventos"
        )
        if report.newest is not None:
            print(
                f"último punto de control firmado: registro {report.newest.seq}, "
                f"{when(report.newest)}"
            )
        for note in report.notes:
            print(f"aviso: {note}")
        print(
            f"prima: {euros(hall.prima.amount_cents)}, fondo {euros(hall.prima.fund_cents)}, "
            f"límite {hall.prima.ball_limit} bolas; "
            f"bola loca: fondo {euros(hall.bola_loca_fund_cents)}"
        )
        session = hall.session
        if session is None:
            last = hall.sessions[-1] if hall.sessions else None
            print(
                "no hay sesión abierta"
                + (f"; la última fue {last.id} ({last.date})" if last else "")
            )
            return EXIT_OK
        simulated = " (simulada)" if session.id in hall.simulations else ""
        print(
            f"sesión {session.id}{simulated} del {session.date}, {len(session.partidas)} partidas"
        )
        partida = session.current
        if partida is None:
            print(
                "entre partidas"
                + (
                    f"; la última anunciada es la {session.last_partida}"
                    if session.last_partida
                    else ""
                )
            )
            return EXIT_OK
        print(f"partida {partida.number}: {STATUS_TEXT[partida.status]}")
        print(
            f"  cartones vendidos {partida.cards_sold}, recaudación {euros(partida.takings_cents)}"
        )
        if partida.amounts:
            print(
                f"  línea {euros(partida.amounts.line_prize_cents)}, "
                f"bingo {euros(partida.amounts.bingo_prize_cents)}"
            )
        if partida.balls:
            print(f"  {len(partida.balls)} bolas: {' '.join(map(str, partida.balls))}")
        valid = [c for c in partida.claims if c.valid]
        if valid:
            print(
                "  premios validados: "
                + ", ".join(f"{c.prize} {c.series}/{c.number}" for c in valid)
            )
    return EXIT_OK


def cmd_backup(args: argparse.Namespace) -> int:
    """A consistent copy of a live SQLite database, checked before it is reported done."""
    from app.checkpoints import file_backup_copy
    from store.backup import BackupError, backup_sqlite
    from store.engine import default_database_url

    try:
        keys = Path(args.keys_dir) if getattr(args, "keys_dir", None) else None
        copied = backup_sqlite(
            args.db or default_database_url(), Path(args.output), file_backup_copy(keys)
        )
    except BackupError as exc:
        raise CliError(str(exc)) from None
    for hall_id, records in copied.halls.items():
        print(f"sala {hall_id}: {records} registros, cadena íntegra")
    print(f"copia hecha: {args.output} ({copied.size} bytes)")
    return EXIT_OK


# --- card sets ----------------------------------------------------------------------------------


def cmd_cardset(args: argparse.Namespace) -> int:
    from bingo.cards import CardSetError, dump_card_set, generate_card_set, load_card_set

    if args.action != "import":
        _check_config(args)
    if args.action == "generate":
        card_set = generate_card_set(args.id, args.seed, args.strips)
        write_text_file(args.output, dump_card_set(card_set))
        print(f"{args.output}: {len(card_set)} cartones, huella {card_set.digest()[:16]}…")
        return EXIT_OK
    text = read_text_file(args.file, "juego de cartones")
    parse_json(text, args.file)  # malformed or too deep: one clear line, before the checks
    try:
        card_set = load_card_set(text)
    except CardSetError as exc:
        for problem in exc.problems:
            print(f"{args.file}: {problem}", file=sys.stderr)
        raise CliError(
            f"{args.file}: {len(exc.problems)} problemas; juego de cartones rechazado"
        ) from None
    if args.action == "validate":
        print(f"{args.file}: {len(card_set)} cartones válidos, huella {card_set.digest()[:16]}…")
        return EXIT_OK
    # import: every refusal before the first write, so a refused import leaves no row behind
    from store import IntegrityError

    digest = card_set.digest()
    with created_database_undone_on_refusal(args.db), _open_hall(args, create=True) as engine:
        known = engine.service.hall.card_set_info.get(card_set.id)
        if known is not None and known.digest != digest:
            raise CliError(
                f"la sala ya tiene un juego de cartones {card_set.id!r} con otro contenido; "
                "un juego no cambia una vez registrado: impórtelo con otro identificador (R-CARD-2)"
            )
        # Decided before anything is kept: a refused import leaves the database as it was.
        engine.service.hall.register_card_set(card_set, "imported")
        try:
            engine.store.put_card_set(card_set.id, digest, text.encode("utf-8"))
        except IntegrityError as exc:  # another hall of the database keeps that id
            raise CliError(f"{exc}; impórtelo con otro identificador (R-CARD-2)") from None
        engine.service.register_card_set(card_set, "imported")
    print(f"importado el juego de cartones {card_set.id} ({len(card_set)} cartones)")
    return EXIT_OK


# --- the manual book ---------------------------------------------------------------------------


def cmd_transcribe(args: argparse.Namespace) -> int:
    from bingo.transcribe import BookError, template, transcribe

    if args.template:
        _check_config(args)
        print(json.dumps(template(args.template), ensure_ascii=False, indent=1))
        return EXIT_OK
    if not args.file:
        raise CliError(
            "indique el fichero del libro manual transcrito (o --template N)", EXIT_USAGE
        )
    data = parse_json(read_text_file(args.file, "libro manual transcrito"), args.file)
    with _open_hall(args) as engine:
        try:
            numbers = transcribe(engine.service, data)
        except BookError as exc:
            raise CliError(f"{args.file}: {exc}. No se ha registrado nada.") from None
    print(f"transcritas del libro manual las partidas {', '.join(map(str, numbers))}")
    return EXIT_OK


# --- ball sets -----------------------------------------------------------------------------------


def cmd_ballset(args: argparse.Namespace) -> int:
    """The ball set in the machine: show it, or record a change (R-BALL-1)."""
    from bingo import events as ev

    with _open_hall(args) as engine:
        service = engine.service
        hall = service.hall
        if args.action == "install":
            service.install_ball_set(
                args.id,
                args.homologation,
                args.guaranteed,
                args.partidas_before,
                not args.not_pneumatic,
                args.reason,
            )
            print(f"juego de bolas {args.id} instalado ({args.reason})")
            if hall.session is None:
                print("cuente las 90 bolas del juego nuevo antes de abrir la sesión (R-BALL-2)")
            else:
                print(
                    f"la sesión {hall.session.id} sigue abierta: cuente las 90 bolas del juego "
                    "nuevo en la consola antes de la próxima partida (R-BALL-2)"
                )
        rules = hall.rules
        current = hall.ball_set
        if current is None:
            print("no hay juego de bolas instalado")
            return EXIT_OK
        limit = current.limit(rules) if rules else current.guaranteed_partidas
        print(
            f"instalado: {current.id}, homologación {current.homologation}, "
            f"{current.partidas_played} de {limit} partidas"
            + ("" if current.pneumatic else " (máquina no neumática)")
        )
        if hall.ball_set_uncounted:
            print("pendiente: el recuento de las bolas de este juego en la sesión abierta")
        if args.action == "show":
            for change in hall.ball_set_changes:
                event = change.event
                assert isinstance(event, ev.BallSetInstalled)
                where = f"sesión {change.session_id}, " if change.session_id else ""
                after = f"tras la partida {change.partida}, " if change.partida else ""
                print(f"  {change.at[:16]} {where}{after}{event.ball_set_id}: {event.reason}")
    return EXIT_OK


# --- rules ---------------------------------------------------------------------------------------


def cmd_rules(args: argparse.Namespace) -> int:
    """The rules in force and the region file they came from; ``adopt`` records the rules of a
    settings file, between sessions (R-NET-3).
    """
    from app.bootstrap import adopt_rules, open_hall

    settings = _settings(args)
    # rules are of a hall already recorded: looking for them never creates a database; `show`
    # with a named --config refuses another hall's or other rules (adopt says what differs)
    shown = settings if args.config and args.action == "show" else None
    with open_hall(args.db, args.hall, settings.hall_id, create=False, settings=shown) as engine:
        service = engine.service
        if args.action == "adopt":
            changed = adopt_rules(service, settings)
            print("reglas adoptadas" if changed else "esas reglas ya son las registradas")
        rules = service.hall.rules
        if rules is None:
            raise CliError(f"la base de datos no tiene la sala {service.hall_id}")
        source = (
            f"versión {rules.region_version}: {rules.region_resolution}"
            if rules.region_version
            else "sin versión (adoptadas antes de que el fichero la llevara)"
        )
        print(f"región {rules.region}, fichero config/regions/{rules.region}.toml, {source}")
        for field in dataclasses.fields(rules):
            if field.name not in ("region", "region_version", "region_resolution"):
                print(f"  {field.name} = {getattr(rules, field.name)}")
    return EXIT_OK


# --- reclamaciones ------------------------------------------------------------------------------


def cmd_reclamacion(args: argparse.Namespace) -> int:
    """Claims about a session, kept in the hall's record: they hold its acta (R-ACTA-5)."""
    with _open_hall(args) as engine:
        service = engine.service
        if args.action == "file":
            rid = service.file_reclamacion(
                args.session, args.date or _today(), args.subject, args.reference or ""
            )
            print(
                f"reclamación {rid} registrada: el acta de la sesión {args.session} y su "
                "registro se conservan hasta que conste cumplida su resolución firme"
            )
        elif args.action == "settle":
            settled = args.date or _today()
            service.settle_reclamacion(args.id, settled, args.note or "")
            print(f"reclamación {args.id}: resolución firme cumplida el {settled}")
        else:
            claims = sorted(service.hall.reclamaciones.values(), key=lambda c: (c.filed, c.id))
            if args.json:
                rows = [{"hall_id": service.hall_id, **dataclasses.asdict(c)} for c in claims]
                print(json.dumps(rows, ensure_ascii=False, indent=1))
                return EXIT_OK
            if not claims:
                print("no consta ninguna reclamación")
            for c in claims:
                state = f"cumplida el {c.settled}" if c.settled else "PENDIENTE"
                ref = f" [{c.reference}]" if c.reference else ""
                print(f"{c.id}{ref}: sesión {c.session_id}, presentada el {c.filed}, {state}")
                print(f"    {c.subject}" + (f" — {c.note}" if c.note else ""))
    return EXIT_OK


# --- the console --------------------------------------------------------------------------------


def cmd_run(args: argparse.Namespace) -> int:
    try:
        from app.run import run_console
    except ImportError as exc:
        raise CliError(f"la consola necesita PySide6: {exc}. Instálelo con `make run`.") from None
    result: int = run_console(args)
    return result


def cmd_serve(args: argparse.Namespace) -> int:
    from app.server.main import ServeError, serve  # the hall server (app/, docs/api.md)

    try:
        return serve(args, _settings(args))
    except ServeError as exc:
        raise CliError(str(exc)) from None


# --- the parser ---------------------------------------------------------------------------------


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        help="URL de la base de datos (por defecto, SQLite en la carpeta de datos del usuario; "
        "o BINGO_HALL_DB)",
    )
    parser.add_argument(
        "--hall",
        type=identifier,
        help="identificador de la sala (por defecto, la única de la base de datos o la "
        "configurada)",
    )
    parser.add_argument(
        "--config", help="fichero TOML de la sala (por defecto, la sala de demostración)"
    )


def build_parser(wanted: str | None = None) -> argparse.ArgumentParser:
    """The command line; given the command about to run (``wanted``), without the other packages'
    commands (their ``--help`` and choices are then missing, which nothing needs).
    """
    parser = argparse.ArgumentParser(
        prog="bingo-hall",
        description="Sistema de control de una sala de bingo: motor, dispositivos, consola "
        "y actas.",
        epilog=EXIT_CODES_TEXT,
    )
    parser.add_argument("--version", action="version", version=f"bingo-hall {__version__}")
    parser.add_argument(
        "-v", "--verbose", action="count", default=0, help="más detalle en el registro"
    )
    sub = parser.add_subparsers(dest="command", metavar="ORDEN")

    p = sub.add_parser(
        "simulate", help="juega una sesión completa sin pantalla (reanuda la abierta)"
    )
    _common(p)
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

    p = sub.add_parser("export", help="escribe el registro en el formato bingo-session/1")
    _common(p)
    p.add_argument("-o", "--output", help="fichero de salida (por defecto, la salida estándar)")
    p.add_argument("--session", action="append", help="solo esta sesión (repetible)")
    p.add_argument("--no-chain", action="store_true", help="sin la cadena de registros")
    p.add_argument("--compact", action="store_true", help="JSON sin sangría")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser(
        "status", help="dónde está la sesión abierta; comprueba el registro y su firma"
    )
    _common(p)
    p.add_argument(
        "--keys-dir",
        type=Path,
        default=None,
        help="carpeta de las claves de las salas (por defecto, la de la carpeta de datos)",
    )
    p.set_defaults(func=cmd_status)

    p = sub.add_parser(
        "backup", help="copia coherente de la base de datos SQLite, también mientras se juega"
    )
    p.add_argument(
        "--db",
        help="URL de la base de datos (por defecto, SQLite en la carpeta de datos del usuario; "
        "o BINGO_HALL_DB)",
    )
    p.add_argument("-o", "--output", required=True, help="fichero de la copia (no debe existir)")
    p.set_defaults(func=cmd_backup)

    p = sub.add_parser("cardset", help="juegos de cartones: generar, validar, importar")
    _common(p)
    cs = p.add_subparsers(dest="action", metavar="ACCIÓN", required=True)
    g = cs.add_parser("generate", help="genera un juego reproducible de tiras de 6 cartones")
    g.add_argument("--id", type=identifier, required=True)
    g.add_argument("--seed", type=whole_number(0), required=True)
    g.add_argument("--strips", type=whole_number(1), required=True)
    g.add_argument("-o", "--output", required=True)
    for action, text in (
        ("validate", "comprueba un fichero de juego de cartones"),
        ("import", "importa un juego de cartones a la sala"),
    ):
        a = cs.add_parser(action, help=text)
        a.add_argument("file")
    p.set_defaults(func=cmd_cardset)

    p = sub.add_parser(
        "transcribe", help="incorpora las partidas del libro manual (avería del sistema)"
    )
    _common(p)
    p.add_argument("file", nargs="?", help="libro manual transcrito (bingo-manual-book/1)")
    p.add_argument(
        "--template",
        type=whole_number(1),
        nargs="+",
        metavar="N",
        help="plantilla vacía para esas partidas",
    )
    p.set_defaults(func=cmd_transcribe)

    p = sub.add_parser("ballset", help="el juego de bolas: ver los cambios, cambiarlo (R-BALL-1)")
    bs = p.add_subparsers(dest="action", metavar="ACCIÓN", required=True)
    f = bs.add_parser("show", help="el juego instalado, sus partidas y cada cambio registrado")
    _common(f)
    f = bs.add_parser("install", help="registra el cambio a otro juego de bolas")
    _common(f)
    f.add_argument("--id", type=identifier, required=True, help="identificador del juego")
    f.add_argument("--homologation", required=True, help="número de homologación")
    f.add_argument(
        "--guaranteed",
        type=whole_number(1),
        required=True,
        help="partidas garantizadas por el fabricante",
    )
    f.add_argument(
        "--partidas-before",
        type=whole_number(0),
        default=0,
        help="partidas ya jugadas con este juego (0 si es nuevo)",
    )
    f.add_argument("--not-pneumatic", action="store_true", help="la máquina no es neumática")
    f.add_argument("--reason", required=True, help="motivo del cambio (p. ej. bola dañada)")
    p.set_defaults(func=cmd_ballset)

    p = sub.add_parser("rules", help="las reglas en vigor y su fichero de región (R-NET-3)")
    rs = p.add_subparsers(dest="action", metavar="ACCIÓN", required=True)
    f = rs.add_parser("show", help="las reglas registradas y de qué fichero de región vienen")
    _common(f)
    f = rs.add_parser(
        "adopt",
        help="registra las reglas de --config (una versión nueva de la región) entre sesiones",
    )
    _common(f)
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser(
        "reclamacion",
        help="reclamaciones sobre una sesión: retienen su acta y su registro (R-ACTA-5)",
    )
    rc = p.add_subparsers(dest="action", metavar="ACCIÓN", required=True)
    f = rc.add_parser("file", help="registra una reclamación presentada sobre una sesión")
    _common(f)
    f.add_argument("--session", required=True, help="sesión a la que se refiere")
    f.add_argument("--subject", required=True, help="asunto de la reclamación")
    f.add_argument("--reference", help="referencia de la hoja de reclamaciones o del expediente")
    f.add_argument("--date", type=iso_date, help="fecha de presentación AAAA-MM-DD (hoy)")
    f = rc.add_parser(
        "settle", help="registra que la resolución firme de una reclamación se ha cumplido"
    )
    _common(f)
    f.add_argument("id", help="identificador de la reclamación (p. ej. 2026-11-22/R1)")
    f.add_argument("--date", type=iso_date, help="fecha de cumplimiento AAAA-MM-DD (hoy)")
    f.add_argument("--note", help="resolución y cómo se cumplió")
    f = rc.add_parser("list", help="las reclamaciones de la sala y su estado")
    _common(f)
    f.add_argument("--json", action="store_true", help="en JSON (lo que lee acta purge)")
    p.set_defaults(func=cmd_reclamacion)

    p = sub.add_parser("run", help="el servidor de la sala y la consola del jefe de mesa")
    _common(p)
    from app.run import add_arguments as add_run

    add_run(p)
    p.set_defaults(func=cmd_run)

    p = sub.add_parser("serve", help="el servidor de la sala: órdenes, flujo y paneles web")
    _common(p)
    from app.server.main import add_arguments as add_serve

    add_serve(p)
    p.set_defaults(func=cmd_serve)
    from app import operators_cli

    operators_cli.add_parsers(sub)  # the people, and --by on the commands that write (R-ROLE-1)
    operators_cli.add_authorisers(sub)

    # The commands of other packages are imported only when they may run: a command of this
    # module's own does not need them, and their imports cost every command a tenth of a second.
    # With no command, or a mistyped one, all of them (--help and the error list every command).
    theirs = ("emulate", "acta", "voice", "instructions")

    def needed(name: str) -> bool:
        mistyped = wanted not in sub.choices and wanted not in theirs
        return wanted is None or wanted == name or mistyped

    if needed("emulate"):
        from app.emulate_cli import add_parsers as add_emulate

        add_emulate(sub)
    if needed("voice"):
        from app.voice_cli import add_parsers as add_voice

        add_voice(sub)
    if needed("instructions"):
        from app.games_cli import add_parsers as add_games

        add_games(sub)
    if needed("acta"):
        from app.acta_cli import add_parsers as add_acta
        from app.bootstrap import export_from_db, project_records

        add_acta(sub, export_from_db=export_from_db, projector=project_records)
    for command in sub.choices.values():  # the same codes under every command's --help
        if command.epilog is None:
            command.epilog = EXIT_CODES_TEXT
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    # the first word that is not an option names the command: the main parser's own options
    # take no value
    parser = build_parser(next((w for w in words if not w.startswith("-")), None))
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.WARNING - 10 * min(args.verbose, 2),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_USAGE
    from app.config import ConfigError
    from bingo.hall import DomainError
    from store import DatabaseUrlError, IntegrityError, StoreError

    try:
        code: int = args.func(args)
        return code
    except CliError as exc:
        print(f"bingo-hall: {exc}", file=sys.stderr)
        return exc.code
    except (DomainError, ConfigError) as exc:
        print(f"bingo-hall: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    except IntegrityError as exc:
        print(f"bingo-hall: registro alterado: {exc}", file=sys.stderr)
        return EXIT_INTEGRITY
    except DatabaseUrlError as exc:
        print(f"bingo-hall: base de datos (--db o BINGO_HALL_DB): {exc}", file=sys.stderr)
        return EXIT_USAGE
    except StoreError as exc:
        print(f"bingo-hall: base de datos: {exc}", file=sys.stderr)
        return EXIT_REFUSED
    except RecursionError:  # data nested deeper than any real file: refused, not a traceback
        print("bingo-hall: datos anidados a demasiada profundidad; rechazados", file=sys.stderr)
        return EXIT_REFUSED
    except OSError as exc:  # a file or device the command needed: say which and why
        where = f" «{exc.filename}»" if exc.filename else ""
        print(f"bingo-hall: no se puede usar{where}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_REFUSED
    except KeyboardInterrupt:
        print("bingo-hall: interrumpido; el registro guarda todo lo confirmado", file=sys.stderr)
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    raise SystemExit(main())
