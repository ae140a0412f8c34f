"""`bingo-hall`: the command line of the hall's engine.

Exit codes, the same for every subcommand (``emulate`` and ``acta`` too): 0 done; 1 refused —
by the rules, or an input file, database or record that cannot be used (the message says why);
2 wrong usage — the command line itself is wrong (unknown option, bad date or number, missing
argument); 3 an integrity check failed (the record, a card set or a sealed acta is not what was
written); 130 interrupted. A refusal (1 or 2) writes nothing.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from collections.abc import Sequence

from app.cli_input import (
    EXIT_CODES_TEXT,
    EXIT_INTEGRITY,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    CliError,
)
from bingo import __version__
from bingo.errors import DomainError

__all__ = ["EXIT_INTEGRITY", "EXIT_OK", "EXIT_REFUSED", "EXIT_USAGE", "CliError", "main"]

#: Every command, in the order ``--help`` lists them: its name, the module that holds it and the
#: function that adds its parser. A command's module is imported only when it may run: each
#: brings its own imports (the store, the devices, the PDF library), and a command needs only
#: its own (``acta build`` under a second, Trust 21).
COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("simulate", "app.simulate_cli", "add_simulate"),
    ("export", "app.record_cli", "add_export"),
    ("status", "app.record_cli", "add_status"),
    ("backup", "app.record_cli", "add_backup"),
    ("cardset", "app.hall_cli", "add_cardset"),
    ("transcribe", "app.record_cli", "add_transcribe"),
    ("ballset", "app.hall_cli", "add_ballset"),
    ("rules", "app.hall_cli", "add_rules"),
    ("reclamacion", "app.reclamacion_cli", "add_reclamacion"),
    ("run", "app.console_cli", "add_run"),
    ("serve", "app.console_cli", "add_serve"),
    ("operator", "app.operators_cli", "add_parsers"),
    ("emulate", "app.emulate_cli", "add_parsers"),
    ("voice", "app.voice_cli", "add_parsers"),
    ("instructions", "app.games_cli", "add_parsers"),
    ("terminal", "app.terminal_client", "add_parsers"),
    ("tls", "app.tls_cli", "add_parsers"),
    ("acta", "app.acta_cli", "add_engine_parsers"),
    ("config", "app.config_cli", "add_parsers"),
)


def build_parser(wanted: str | None = None) -> argparse.ArgumentParser:
    """The command line; given the command about to run (``wanted``), with that command only
    (the others' ``--help`` and choices are then missing, which nothing needs). With no
    command, or a mistyped one, every command: ``--help`` and the error list them all.
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
    chosen = [command for command in COMMANDS if command[0] == wanted] or COMMANDS
    for _name, module, adder in chosen:
        getattr(importlib.import_module(module), adder)(sub)
    from app import operators_cli

    operators_cli.add_authorisers(sub)  # --by on the commands that write (R-ROLE-1)
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
    if argv is None:  # the operator's terminal: a library's warnings go to the log, seen with -v
        logging.captureWarnings(True)
        logging.getLogger("py.warnings").setLevel(logging.INFO if args.verbose else logging.ERROR)
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        code: int = args.func(args)
        return code
    except CliError as exc:
        print(f"bingo-hall: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        print("bingo-hall: interrumpido; el registro guarda todo lo confirmado", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as exc:
        refusal = _refusal(exc)
        if refusal is None:
            raise
        message, code = refusal
        for problem in getattr(exc, "problems", ()):  # a record the audit refused: each finding
            print(f"bingo-hall: {problem}", file=sys.stderr)
        print(f"bingo-hall: {message}", file=sys.stderr)
        return code


def _loaded(module: str, name: str) -> tuple[type[BaseException], ...]:
    """The exception class ``module.name`` if the command imported that module, else none: an
    exception of a module never imported was not raised, and importing the store or the
    settings only to name their errors would cost every command that uses neither.
    """
    found = sys.modules.get(module)
    return (getattr(found, name),) if found is not None else ()


def _refusal(exc: Exception) -> tuple[str, int] | None:
    """The message and exit code of an error the command line reports without a traceback."""
    if isinstance(exc, (DomainError, *_loaded("app.config", "ConfigError"))):
        return str(exc), EXIT_REFUSED
    if isinstance(exc, _loaded("app.checkpoints", "RecordAltered")):  # ``status``'s words
        return str(exc), EXIT_INTEGRITY
    if isinstance(exc, _loaded("store.errors", "IntegrityError")):
        return f"registro alterado: {exc}", EXIT_INTEGRITY
    if isinstance(exc, _loaded("store.writer_lock", "WriterBusy")):  # said as it is
        return str(exc), EXIT_REFUSED
    if isinstance(exc, _loaded("store.errors", "DatabaseUrlError")):
        return f"base de datos (--db o BINGO_HALL_DB): {exc}", EXIT_USAGE
    if isinstance(exc, _loaded("store.errors", "StoreError")):
        kind = getattr(exc, "kind", None)
        if kind is None:  # the store's own refusal, in its words
            return f"base de datos: {exc}", EXIT_REFUSED
        # the database failed: its sentence for the staff; the driver's text with -v only
        logging.getLogger(__name__).info("base de datos (%s): %s", kind, getattr(exc, "detail", ""))
        return f"{exc} (el detalle técnico, con -v)", EXIT_REFUSED
    if isinstance(exc, RecursionError):  # data nested deeper than any real file: refused
        return "datos anidados a demasiada profundidad; rechazados", EXIT_REFUSED
    if isinstance(exc, OSError):  # a file or device the command needed: say which and why
        where = f" «{exc.filename}»" if exc.filename else ""
        return f"no se puede usar{where}: {exc.strerror or exc}", EXIT_REFUSED
    return None


if __name__ == "__main__":
    raise SystemExit(main())
