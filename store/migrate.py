"""Bring a database's schema to the newest revision, from code, with no alembic.ini.

The migration scripts ship inside the package (``store/migrations``). Two processes that
open the same database at once do not race: on SQLite the upgrade runs inside ``BEGIN
IMMEDIATE``, on PostgreSQL under a transaction-scoped advisory lock.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # SQLAlchemy is loaded by what migrates: reading HEAD_REVISION needs none
    from alembic.config import Config
    from sqlalchemy import Engine

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"

#: The newest revision in ``migrations/versions`` (a test holds it to alembic's single head). A
#: database already there opens without loading alembic, which costs more than the rest of a
#: short command's start.
HEAD_REVISION = "0006"

#: Key of the PostgreSQL advisory lock held while migrating (any constant unique to us).
PG_MIGRATION_LOCK = 0x0B1E_60A1


def alembic_config() -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR).replace("%", "%%"))
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Run the pending migrations up to ``revision`` in one transaction."""
    if revision == "head" and _revision(engine) == HEAD_REVISION:
        return  # nothing pending: what alembic would find too
    _run(engine, revision, up=True)


def _revision(engine: Engine) -> str | None:
    """The database's schema revision, or None when it has none yet or cannot tell (alembic then
    migrates it, or reports why the database cannot be opened).
    """
    from sqlalchemy import exc as sa_exc
    from sqlalchemy import text

    try:
        with engine.connect() as connection:
            rows = connection.execute(text("SELECT version_num FROM alembic_version")).all()
    except sa_exc.DBAPIError:
        return None
    return str(rows[0][0]) if len(rows) == 1 else None


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
