"""Bring a database's schema to the newest revision, from code, with no alembic.ini.

The migration scripts ship inside the package (``store/migrations``). Two processes that
open the same database at once do not race: on SQLite the upgrade runs inside ``BEGIN
IMMEDIATE``, on PostgreSQL under a transaction-scoped advisory lock.
"""

from __future__ import annotations

import logging
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, text

from store.engine import BEGIN_MODE

log = logging.getLogger(__name__)

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"

#: Key of the PostgreSQL advisory lock held while migrating (any constant unique to us).
PG_MIGRATION_LOCK = 0x0B1E_60A1


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR).replace("%", "%%"))
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Run the pending migrations up to ``revision`` in one transaction."""
    _run(engine, revision, up=True)


def downgrade(engine: Engine, revision: str) -> None:
    """Undo migrations down to ``revision`` ("base" drops everything: tests only)."""
    _run(engine, revision, up=False)


def _run(engine: Engine, revision: str, *, up: bool) -> None:
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
