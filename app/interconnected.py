"""The interconnected prize at the command line (SPEC R-MULTI-1; decisions 285–289): the checks
every command that plays it makes (``simulate``, ``serve``, ``run``) before anything is written,
and the shared ledger it plays against.
"""

from __future__ import annotations

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


def open_ledger(store: Any, settings: Any) -> Any:
    """The shared fund of the network the hall joined (its figures checked against the
    network's now), or None when it did not join.
    """
    if settings.interconnected is None:
        return None
    from sqlalchemy.exc import SQLAlchemyError

    from store.interconnected import InterconnectedError, PgLedger

    try:
        ledger = PgLedger(store.engine, settings.interconnected_network, settings.interconnected)
        ledger.state()  # the network's figures must be this region's (decision 289)
    except InterconnectedError as exc:
        raise CliError(str(exc)) from None
    except SQLAlchemyError as exc:
        raise CliError(
            f"no se puede leer el fondo común del bingo interconectado (red "
            f"{settings.interconnected_network}): {exc.__class__.__name__}: {exc}"
        ) from None
    return ledger
