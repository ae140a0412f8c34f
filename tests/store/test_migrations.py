from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect

from store import EventStore, open_store
from store.migrate import (
    HEAD_REVISION,
    MIGRATIONS_DIR,
    REVISIONS,
    alembic_config,
    downgrade,
    upgrade,
)
from store.models import Base
from tests.store.conftest import sqlite_url_for


def schema_diff(store: EventStore) -> list[object]:
    with store.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        return list(compare_metadata(context, Base.metadata))


def test_migrated_schema_matches_the_models(store: EventStore) -> None:
    assert schema_diff(store) == []


def test_migrations_ship_inside_the_package_with_a_single_head() -> None:
    assert MIGRATIONS_DIR.parent == Path(__file__).resolve().parents[2] / "store"
    scripts = ScriptDirectory.from_config(alembic_config())
    assert len(scripts.get_heads()) == 1


def test_reopening_a_store_keeps_its_events(url: str) -> None:
    first = open_store(url)
    written = first.append("sala-1", 0, [("t", "apertura", {"sesion": 1})])
    first.close()
    again = open_store(url)
    try:
        assert again.load("sala-1") == written
        assert schema_diff(again) == []
    finally:
        again.close()


def test_downgrade_to_base_and_upgrade_again_rebuilds_the_schema(store: EventStore) -> None:
    downgrade(store.engine, "base")
    assert {"events", "card_sets"}.isdisjoint(inspect(store.engine).get_table_names())
    upgrade(store.engine)
    assert schema_diff(store) == []
    store.append("sala-1", 0, [("t", "apertura", {})])
    assert store.verify("sala-1") is None


def test_developer_command_line_config_migrates_the_database_it_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = sqlite_url_for(tmp_path / "cli.sqlite")
    monkeypatch.setenv("BINGO_HALL_DB", url)
    command.upgrade(Config(str(MIGRATIONS_DIR / "alembic.ini")), "head")
    engine = create_engine(url)
    try:
        assert {"events", "card_sets"} <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_head_revision_the_store_trusts_is_alembics_head() -> None:
    """Opening a database already at HEAD_REVISION skips alembic: it must be the real head."""
    assert ScriptDirectory.from_config(alembic_config()).get_heads() == [HEAD_REVISION]


def test_the_revisions_a_reader_accepts_are_alembics() -> None:
    """``store.reader`` reads a file at any of REVISIONS without migrating it (decision 400):
    they must be exactly the scripts' revisions, oldest first."""
    scripts = ScriptDirectory.from_config(alembic_config())
    walked = [script.revision for script in scripts.walk_revisions()]
    assert tuple(reversed(walked)) == REVISIONS


def test_store_one_revision_behind_is_migrated_when_opened(store: EventStore) -> None:
    url = store.engine.url.render_as_string(hide_password=False)
    store.append("sala-1", 0, [("t", "apertura", {})])
    downgrade(store.engine, "0001")
    again = open_store(url)
    try:
        assert schema_diff(again) == []
        assert again.verify("sala-1") is None
    finally:
        again.close()


def test_opening_a_store_at_the_newest_schema_does_not_load_the_migration_tool(
    tmp_path: Path,
) -> None:
    """Trust 21: every command opens the store; the migration tool is loaded only to migrate."""
    url = sqlite_url_for(tmp_path / "night.sqlite")
    open_store(url).close()
    code = (
        "import sys\n"
        "from store import open_store\n"
        f"open_store({url!r}, create=False).close()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'alembic'))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    assert out.strip() == "[]"
