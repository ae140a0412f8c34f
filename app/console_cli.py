"""``bingo-hall run`` (the hall server and the jefe de mesa's console) and ``bingo-hall
serve`` (the hall server alone): their options are read from their own modules, imported only
when one of them is the command.
"""

from __future__ import annotations

import argparse
from typing import Any

from app.cli_input import EXIT_USAGE, CliError
from app.hall_cli import add_common, hall_settings
from app.interconnected import check_database


def _check_interconnected(args: argparse.Namespace, settings: Any) -> None:
    """``run`` plays the interconnected prize through the hall server it starts (R-MULTI-1):
    on the halls' PostgreSQL database, and never with the console's own service (``--local``),
    which neither announces nor settles the common fund.
    """
    if settings.interconnected is None or getattr(args, "server", None):
        return  # a server already running checked it when it started
    if getattr(args, "local", False):
        raise CliError(
            f"la sala se acoge al bingo interconectado (red {settings.interconnected_network}): "
            "la consola sin servidor (--local) no anuncia ni liquida el fondo común; "
            "arránquela sin --local; no se ha escrito nada"
        )
    check_database(settings, getattr(args, "db", None))


def cmd_run(args: argparse.Namespace) -> int:
    _check_interconnected(args, hall_settings(args))
    try:
        from app.run import run_console
    except ImportError as exc:
        raise CliError(f"la consola necesita PySide6: {exc}. Instálelo con `make run`.") from None
    result: int = run_console(args)
    return result


def cmd_serve(args: argparse.Namespace) -> int:
    from app.centre.options import usage_problem
    from app.server.main import ServeError, serve  # the hall server (app/, docs/api.md)

    problem = usage_problem(args)
    if problem is not None:
        raise CliError(problem, EXIT_USAGE)
    settings = hall_settings(args)
    try:
        return serve(args, settings)
    except ServeError as exc:
        raise CliError(str(exc)) from None


def add_run(sub: Any) -> None:
    """``run``: the server and the console."""
    p = sub.add_parser("run", help="el servidor de la sala y la consola del jefe de mesa")
    add_common(p)
    from app.run import add_arguments

    add_arguments(p)
    p.set_defaults(func=cmd_run)


def add_serve(sub: Any) -> None:
    """``serve``: the server alone."""
    p = sub.add_parser("serve", help="el servidor de la sala: órdenes, flujo y paneles web")
    add_common(p)
    from app.server.main import add_arguments

    add_arguments(p)
    p.set_defaults(func=cmd_serve)
