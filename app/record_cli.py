"""The hall's record on the command line: ``export`` it, check it (``status``), copy it
(``backup``), and ``transcribe`` into it the partidas of the manual book.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any

from app.cli_input import (
    EXIT_INTEGRITY,
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    parse_json,
    read_text_file,
    whole_number,
    write_text_file,
)
from app.hall_cli import add_common, check_config, hall_settings, open_named_hall


def _known_events(func: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """A record holding an event this program cannot fold is refused (1) saying so, not with a
    traceback: its chain may be whole (a later version's event), so it is not exit 3.
    """

    @wraps(func)
    def run(args: argparse.Namespace) -> int:
        from bingo.events import UnknownEvent

        try:
            return func(args)
        except UnknownEvent as exc:
            from app.acta_cli import unknown_events_text  # the same words as the actas'

            raise CliError(unknown_events_text(exc)) from None

    return run


def _refused(exc: Exception) -> CliError:
    """A record the audit found altered (``app.checkpoints.RecordAltered``): every problem on
    stderr, then the refusal, exit 3 — the same words for ``status`` and ``export``.
    """
    for problem in getattr(exc, "problems", []):
        print(f"bingo-hall: {problem}", file=sys.stderr)
    return CliError(str(exc), EXIT_INTEGRITY)


@_known_events
def cmd_export(args: argparse.Namespace) -> int:
    from app.bootstrap import check_settings, choose_hall, hall_snapshot, no_hall_text
    from app.checkpoints import RecordAltered, check_record
    from bingo.export import build_export
    from store import open_store

    # One reading of the record gives both the state and the chain (Trust 15): a simulation
    # or the console may be writing meanwhile.
    settings = hall_settings(args)
    # The card sets are read from the store too: everything is built before it is closed (a
    # store read after its close would open a connection nobody closes).
    with open_store(args.db, create=False) as store:
        hall_id = choose_hall(store, args.hall, settings.hall_id)
        svc = hall_snapshot(store, hall_id)
        if not svc.hall.hall_id:
            raise CliError(no_hall_text(hall_id, store.halls()))
        try:  # no export of a record ``status`` calls altered (R-ACTA-6, decision 410)
            check_record(store, hall_id, args.keys_dir)
        except RecordAltered as exc:
            raise _refused(exc) from None
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


@_known_events
def cmd_status(args: argparse.Namespace) -> int:
    from app.checkpoints import (
        RecordAltered,
        certificate_fingerprints,
        check_record,
        key_folder,
        when,
    )
    from bingo.hall import STATUS_TEXT
    from bingo.money import euros

    with open_named_hall(args, writes=False) as engine:
        # Loading re-checked the chain; the audit also holds it against the signed
        # checkpoints, in the database and next to the hall's key (docs/store.md).
        try:
            report = check_record(engine.store, engine.service.hall_id, args.keys_dir)
        except RecordAltered as exc:
            raise _refused(exc) from None
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
        folder = key_folder(hall.hall_id, args.keys_dir)
        for what, fingerprint in certificate_fingerprints(folder):
            # the inspection holds it against the one the hall gave it (decision 642)
            print(f"certificado de la sala ({what}): huella SHA-256 {fingerprint}")
        for note in report.notes:
            print(f"aviso: {note}")
        print(
            f"prima: {euros(hall.prima.amount_cents)}, fondo {euros(hall.prima.fund_cents)}, "
            f"límite {hall.prima.ball_limit} bolas; "
            f"bola loca: fondo {euros(hall.bola_loca_fund_cents)}"
        )
        print_clock(hall.last_at)
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


def print_clock(last_at: str) -> None:
    """The hall PC's clock, from which every time of the record and the acta comes: whether it
    is kept synchronised, and whether it is behind the record (then no session opens).
    """
    from app.clock_sync import clock_synchronised, clock_words
    from bingo.clock import check_clock
    from bingo.errors import DomainError
    from bingo.service import system_clock

    print(clock_words(clock_synchronised()))
    try:
        check_clock(last_at, system_clock())
    except DomainError as exc:
        print(f"AVISO: {exc}")


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


# --- the manual book ---------------------------------------------------------------------------


def cmd_transcribe(args: argparse.Namespace) -> int:
    from bingo.transcribe import BookError, template, transcribe

    if args.template:
        check_config(args)
        print(json.dumps(template(args.template), ensure_ascii=False, indent=1))
        return EXIT_OK
    if not args.file:
        raise CliError(
            "indique el fichero del libro manual transcrito (o --template N)", EXIT_USAGE
        )
    data = parse_json(read_text_file(args.file, "libro manual transcrito"), args.file)
    from app.interconnected import check_database, open_ledger

    settings = hall_settings(args)
    check_database(settings, args.db)
    from sqlalchemy.exc import SQLAlchemyError

    from store.errors import StoreError

    with open_named_hall(args, writes=True) as engine:
        ledger = open_ledger(engine.store, settings)
        try:
            numbers = transcribe(engine.service, data, ledger)
        except BookError as exc:
            raise CliError(f"{args.file}: {exc}. No se ha registrado nada.") from None
        except (StoreError, SQLAlchemyError) as exc:
            raise CliError(_transcribe_stopped(engine.service.hall, exc)) from None
    print(f"transcritas del libro manual las partidas {', '.join(map(str, numbers))}")
    return EXIT_OK


def _transcribe_stopped(hall: Any, exc: Exception) -> str:
    """What the staff is told when the writing of a checked book stopped part way: what stays
    recorded, and that the same order completes it (``bingo.transcribe``: a rerun resumes).
    """
    waiting = hall.interconnected_to_settle()
    if waiting is not None:
        return (
            f"el fondo común del bingo interconectado no responde ({exc.__class__.__name__}): "
            f"la partida {waiting.number} queda cerrada, sin liquidar ni pagar. Cuando el "
            "fondo vuelva, repita la misma orden con el mismo libro para completarlo"
        )
    return (
        f"la escritura del libro se interrumpió ({exc.__class__.__name__}): lo ya escrito "
        "queda en el registro. Repita la misma orden con el mismo libro para completarlo"
    )


# --- the parsers ---------------------------------------------------------------------------------


def add_export(sub: Any) -> None:
    """``export``: the record in the bingo-session/1 format."""
    p = sub.add_parser("export", help="escribe el registro en el formato bingo-session/1")
    add_common(p)
    p.add_argument("-o", "--output", help="fichero de salida (por defecto, la salida estándar)")
    p.add_argument("--session", action="append", help="solo esta sesión (repetible)")
    p.add_argument("--no-chain", action="store_true", help="sin la cadena de registros")
    p.add_argument("--compact", action="store_true", help="JSON sin sangría")
    _keys_dir_option(p)
    p.set_defaults(func=cmd_export)


def _keys_dir_option(p: argparse.ArgumentParser) -> None:
    """Where the hall's certificates and the copy of its newest checkpoint are (the audit)."""
    p.add_argument(
        "--keys-dir",
        type=Path,
        default=None,
        help="carpeta de las claves de las salas (por defecto, la de la carpeta de datos)",
    )


def add_status(sub: Any) -> None:
    """``status``: the open session, and the record checked."""
    p = sub.add_parser(
        "status", help="dónde está la sesión abierta; comprueba el registro y su firma"
    )
    add_common(p)
    _keys_dir_option(p)
    p.set_defaults(func=cmd_status)


def add_backup(sub: Any) -> None:
    """``backup``: a consistent copy of a SQLite database."""
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


def add_transcribe(sub: Any) -> None:
    """``transcribe``: the manual book into the record."""
    p = sub.add_parser(
        "transcribe", help="incorpora las partidas del libro manual (avería del sistema)"
    )
    add_common(p)
    p.add_argument("file", nargs="?", help="libro manual transcrito (bingo-manual-book/1)")
    p.add_argument(
        "--template",
        type=whole_number(1),
        nargs="+",
        metavar="N",
        help="plantilla vacía para esas partidas",
    )
    p.set_defaults(func=cmd_transcribe)
