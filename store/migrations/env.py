"""Alembic environment of the store.

Used two ways: programmatically by ``store.migrate.upgrade``, which passes an open
connection in ``config.attributes["connection"]``; and from the command line by developers
(``alembic -c store/migrations/alembic.ini revision --autogenerate -m ...``), in which
case the database is ``sqlalchemy.url`` from the ini file, else ``$BINGO_HALL_DB``, else the
default SQLite file.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from store.engine import default_database_url, make_engine
from store.models import Base

config = context.config
target_metadata = Base.metadata


def _url() -> str:
    return config.get_main_option("sqlalchemy.url") or default_database_url()


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        compare_type=True,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_offline() -> None:
    context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    given = config.attributes.get("connection")
    if isinstance(given, Connection):
        _run(given)
        return
    engine = make_engine(_url())
    try:
        with engine.connect() as connection:
            _run(connection)
            connection.commit()
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
