"""Bring a database's schema to the newest revision, from code, with no alembic.ini.

The migration scripts ship inside the package (``store/migrations``). Two processes that
open the same database at once do not race: on SQLite the upgrade runs inside ``BEGIN
IMMEDIATE``, on PostgreSQL under a transaction-scoped advisory lock.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from store.errors import StoreError

if TYPE_CHECKING:  # SQLAlchemy is loaded by what migrates: reading HEAD_REVISION needs none
    from alembic.config import Config
    from sqlalchemy import Engine

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"

#: The newest revision in ``migrations/versions`` (a test holds it to alembic's single head). A
#: database already there opens without loading alembic, which costs more than the rest of a
#: short command's start.
HEAD_REVISION = "0006"

#: Every revision, oldest first (a test holds them to ``migrations/versions``). The record's own
#: tables, ``events`` and ``card_sets``, are the same at every one of them since ``0001``.
REVISIONS = ("0001", "0002", "0003", "0004", "0005", HEAD_REVISION)

#: Key of the PostgreSQL advisory lock held while migrating (any constant unique to us).
PG_MIGRATION_LOCK = 0x0B1E_60A1


def alembic_config() -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR).replace("%", "%%"))
    return config


def schema_refusal(found: Sequence[str] | None, where: str, *, create: bool) -> str | None:
    """Why a database whose ``alembic_version`` holds ``found`` (None: it has no such table)
    cannot be opened as a hall's record, or None. Both ways of reading a record ask it
    (``open_store`` and ``store.reader``), so they refuse the same databases in the same words.

    ``create``: a database without the table is a new one, to be given the hall's tables;
    without ``create`` it is another program's database (or an empty one), left as it is
    (decision 89). A revision this program does not know is a later version's (decision 400).
    """
    if not found:  # no table, or an empty one (alembic's "base")
        if create:
            return None
        return f"«{where}» no es la base de datos de una sala: no tiene sus tablas"
    if len(found) != 1 or found[0] not in REVISIONS:
        return (
            f"la base de datos «{where}» es de una versión posterior del programa (esquema "
            f"{', '.join(found)}; esta versión conoce hasta el {HEAD_REVISION}): ábrala con "
            "la versión que la escribió"
        )
    return None


def upgrade(
    engine: Engine, revision: str = "head", *, create: bool = True, where: str = ""
) -> None:
    """Run the pending migrations up to ``revision`` in one transaction; to ``head``, a
    database ``schema_refusal`` refuses is a ``StoreError`` with nothing written.
    """
    if revision == "head":
        found = _revisions(engine)
        refusal = schema_refusal(found, where or engine.url.render_as_string(), create=create)
        if refusal is not None:
            raise StoreError(refusal)
        if found == [HEAD_REVISION]:
            return  # nothing pending: what alembic would find too
    _run(engine, revision, up=True)


def _revisions(engine: Engine) -> list[str] | None:
    """The revisions in the database's ``alembic_version``, or None when it has no such table;
    any other failure of the database is raised (``DBAPIError``).
    """
    from sqlalchemy import exc as sa_exc
    from sqlalchemy import text

    from store.errors import SCHEMA, driver_kind

    try:
        with engine.connect() as connection:
            rows = connection.execute(text("SELECT version_num FROM alembic_version")).all()
    except sa_exc.DBAPIError as err:
        if driver_kind(err.orig) == SCHEMA:
            return None
        raise
    return [str(row[0]) for row in rows]


def downgrade(engine: Engine, revision: str) -> None:
    """Undo migrations down to ``revision`` ("base" drops everything: tests only)."""
    _run(engine, revision, up=False)


def _run(engine: Engine, revision: str, *, up: bool) -> None:
    from alembic import command
    from sqlalchemy import text

    from store.engine import BEGIN_MODE

    config = alembic_config()
    with engine.connect() as connection:
        connection.execution_options(**{BEGIN_MODE: "IMMEDIATE"})
        with connection.begin():
            if connection.dialect.name == "postgresql":
                connection.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"), {"key": PG_MIGRATION_LOCK}
                )
            config.attributes["connection"] = connection
            if up:
                command.upgrade(config, revision)
            else:
                command.downgrade(config, revision)
    log.debug("esquema en la revisión %s", revision)
