"""Fixtures: a fresh store on SQLite (a file per test) and, when configured, on PostgreSQL.

PostgreSQL tests use the server at ``$BINGO_HALL_TEST_PG_URL`` (``bash scripts/postgres.sh``
starts one and prints the URL); each test gets its own schema, dropped afterwards, so tests
can run in parallel against one database.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from store import EventStore, open_store

PG_ENV = "BINGO_HALL_TEST_PG_URL"
PG_SKIP = f"{PG_ENV} is not set: run `bash scripts/postgres.sh` and export the URL it prints"


def sqlite_url_for(path: Path) -> str:
    return f"sqlite:///{path}"


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return sqlite_url_for(tmp_path / "hall.sqlite")


@pytest.fixture
def pg_url() -> Iterator[str]:
    base = os.environ.get(PG_ENV, "").strip()
    if not base:
        pytest.skip(PG_SKIP)
    schema = f"test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(base, poolclass=NullPool)
    try:
        with admin.begin() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture(
    params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)],
)
def url(request: pytest.FixtureRequest) -> str:
    name = "sqlite_url" if request.param == "sqlite" else "pg_url"
    value: str = request.getfixturevalue(name)
    return value


@pytest.fixture
def store(url: str) -> Iterator[EventStore]:
    opened = open_store(url)
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def raw(url: str) -> Iterator[Engine]:
    """A plain engine on the same database: what someone typing SQL by hand would use."""
    engine = create_engine(url, poolclass=NullPool)
    try:
        yield engine
    finally:
        engine.dispose()


def drop_append_only_triggers(engine: Engine) -> None:
    """What a tamperer with full rights would do first."""
    with engine.begin() as conn:
        if conn.dialect.name == "sqlite":
            for table in ("events", "card_sets"):
                conn.execute(text(f"DROP TRIGGER {table}_no_update"))
                conn.execute(text(f"DROP TRIGGER {table}_no_delete"))
        else:
            for table in ("events", "card_sets"):
                conn.execute(text(f"DROP TRIGGER {table}_append_only ON {table}"))
                conn.execute(text(f"DROP TRIGGER {table}_no_truncate ON {table}"))
