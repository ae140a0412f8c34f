"""The interconnected prize at the command line (SPEC R-MULTI-1; decisions 285–289): the checks
every command that plays it makes (``simulate``, ``serve``, ``run``) before anything is written,
and the shared ledger it plays against.
"""

from __future__ import annotations

import sys
from typing import Any

from app.cli_input import CliError


def check_database(settings: Any, db: str | None) -> None:
    """A hall that joins the interconnected prize plays on the PostgreSQL database the halls
    share, where its one ledger is (decision 289): refused before anything is written otherwise.
    """
    if settings.interconnected is None:
        return
    from store.engine import default_database_url, is_sqlite, parse_url
    from store.errors import DatabaseUrlError

    url = db or default_database_url()
    try:
        sqlite = is_sqlite(parse_url(url))
    except DatabaseUrlError:
        return  # opening the hall says what is wrong with the URL
    if sqlite:
        raise CliError(
            f"la sala se acoge al bingo interconectado (red {settings.interconnected_network}), "
            "cuyo fondo común está en la base de datos PostgreSQL de las salas: indique "
            "--db postgresql+psycopg://… (ahora es un fichero SQLite); no se ha escrito nada"
        )


def open_ledger(store: Any, settings: Any, *, serving: bool = False) -> Any:
    """The shared fund of the network the hall joined, or None when it did not join. Its
    figures are checked against the network's now: other figures are refused (``CliError``).
    A ledger out of reach is refused too, except to a server (``serving``), which starts
    without it and says so (decision 301): every later call to the ledger checks the figures
    again before using them.
    """
    if settings.interconnected is None:
        return None
    from app.interconnected_ledger import GuardedLedger, ledger_problem
    from store.interconnected import InterconnectedError, PgLedger

    try:
        ledger = GuardedLedger(
            PgLedger(store.engine, settings.interconnected_network, settings.interconnected)
        )
        ledger.state()  # the network's figures must be this region's (decision 289)
    except InterconnectedError as exc:
        raise CliError(str(exc)) from None
    except Exception as exc:  # out of reach
        problem = ledger_problem(None, settings.interconnected_network, exc)
        if not serving:
            raise CliError(problem) from None
        print(
            f"bingo-hall: aviso: {problem}. La sala arranca; confirm_data_shown y pay_prizes "
            "esperan al fondo común (docs/decisions.md 301)",
            file=sys.stderr,
        )
    return ledger
