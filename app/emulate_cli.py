"""The drivers' part of the ``bingo-hall`` command line: ``bingo-hall emulate ...``.

Exit codes as in the rest of the command line: 0 done, 1 refused (a scenario file that cannot be
used, a port that cannot be opened), 2 wrong usage (a port or a number of boards out of range).
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from typing import Any

from drivers.emulators.faults import load_scenario
from drivers.emulators.serve import add_arguments, run
from drivers.protocol import ADDR_BOARD_FIRST, ADDR_BOARD_LAST

EXIT_REFUSED, EXIT_USAGE = 1, 2

#: Hall boards one line can address.
MAX_BOARDS = ADDR_BOARD_LAST - ADDR_BOARD_FIRST + 1


def add_parsers(subparsers: Any) -> None:
    """Add ``emulate`` to the main CLI's subparsers (``argparse._SubParsersAction``)."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "emulate",
        help="run emulated devices (extractor, reader, hall boards) on ptys or TCP ports",
        description="Run emulated BHD/1 devices; prints each device's port, one per line.",
        epilog="códigos de salida: 0 hecho; 1 rechazado (escenario o puerto inutilizable); "
        "2 orden mal escrita",
    )
    add_arguments(parser)
    parser.set_defaults(func=run_checked)


def usage_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the command line itself, or None."""
    if args.tcp is not None and not 0 <= args.tcp <= 65535 - 2:
        return f"--tcp: puerto fuera de rango ({args.tcp}); de 0 (uno libre) a 65533"
    if not 1 <= args.boards <= MAX_BOARDS:
        return f"--boards: de 1 a {MAX_BOARDS} paneles por línea, no {args.boards}"
    if args.seed < 0:
        return f"--seed: la semilla no puede ser negativa ({args.seed})"
    return None


def scenario_problem(path: str) -> str | None:
    """Why the scenario file cannot be used, or None: read before any device is started."""
    try:
        load_scenario(path)
    except FileNotFoundError:
        return f"no existe el escenario «{path}»"
    except UnicodeDecodeError as exc:
        return f"el escenario «{path}» no es texto UTF-8 (byte {exc.start})"
    except OSError as exc:
        return f"no se puede leer el escenario «{path}»: {exc.strerror or exc}"
    except RecursionError:
        return f"el escenario «{path}» está anidado a demasiada profundidad"
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        return f"el escenario «{path}» está mal formado: {exc}"
    except (ValueError, TypeError, AttributeError) as exc:
        return f"el escenario «{path}» no es una lista de averías válida: {exc}"
    return None


def run_checked(args: argparse.Namespace) -> int:
    """``run``, once the arguments and the scenario file are known to be usable."""
    problem = usage_problem(args)
    if problem is not None:
        print(f"bingo-hall emulate: {problem}", file=sys.stderr)
        return EXIT_USAGE
    problem = scenario_problem(args.scenario) if args.scenario is not None else None
    if problem is not None:
        print(f"bingo-hall emulate: {problem}", file=sys.stderr)
        return EXIT_REFUSED
    return run(args)
