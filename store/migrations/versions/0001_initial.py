"""Initial schema: the append-only events table and the card_sets table.

Revision ID: 0001
Revises:
Create Date: 2026-11-22

Both tables refuse UPDATE and DELETE (and TRUNCATE on PostgreSQL) through triggers, so a
hand-written statement cannot silently change the record. Someone able to drop a trigger can
still change a row: that is what ``EventStore.verify`` and the hash check on every load catch.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

PROTECTED = ("events", "card_sets")


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("hall_id", sa.String(length=64), nullable=False),
        sa.Column("seq", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("at", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=64), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("prev_hash", sa.String(length=64), nullable=False),
        sa.Column("hash", sa.String(length=64), nullable=False),
        sa.CheckConstraint("seq >= 1", name=op.f("ck_events_seq_positive")),
        sa.PrimaryKeyConstraint("hall_id", "seq", name=op.f("pk_events")),
    )
    op.create_table(
        "card_sets",
        sa.Column("card_set_id", sa.String(length=64), nullable=False),
        sa.Column("digest", sa.String(length=128), nullable=False),
        sa.Column("size", sa.Integer(), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.PrimaryKeyConstraint("card_set_id", name=op.f("pk_card_sets")),
    )
    dialect = op.get_context().dialect.name
    if dialect == "sqlite":
        for table in PROTECTED:
            for action in ("UPDATE", "DELETE"):
                op.execute(
                    f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table} "
                    f"BEGIN SELECT RAISE(ABORT, 'la tabla {table} es de solo añadir: "
                    f"{action} rechazado'); END"
                )
    elif dialect == "postgresql":
        op.execute(
            "CREATE FUNCTION bingo_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ "
            "BEGIN RAISE EXCEPTION 'la tabla % es de solo añadir: % rechazado', "
            "TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege'; END $$"
        )
        for table in PROTECTED:
            op.execute(
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION bingo_append_only()"
            )
            op.execute(
                f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
                "FOR EACH STATEMENT EXECUTE FUNCTION bingo_append_only()"
            )


def downgrade() -> None:
    dialect = op.get_context().dialect.name
    if dialect == "sqlite":
        for table in PROTECTED:
            for action in ("update", "delete"):
                op.execute(f"DROP TRIGGER IF EXISTS {table}_no_{action}")
    op.drop_table("card_sets")
    op.drop_table("events")
    if dialect == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS bingo_append_only()")
