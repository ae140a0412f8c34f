"""Signed checkpoints of the record, and the database's own id.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24

``checkpoints`` holds what the hall's key signed (hall, database id, record count, head hash,
times); ``store_identity`` one random id for the database, made here. Both refuse UPDATE and
DELETE (and TRUNCATE on PostgreSQL) like the tables of revision 0001. No stored event is
touched: a record from before this revision gets its first checkpoint at its next write.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

PROTECTED = ("checkpoints", "store_identity")


def upgrade() -> None:
    op.create_table(
        "checkpoints",
        sa.Column("hall_id", sa.String(length=64), nullable=False),
        sa.Column("seq", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("store_id", sa.String(length=64), nullable=False),
        sa.Column("head_hash", sa.String(length=64), nullable=False),
        sa.Column("head_at", sa.String(length=64), nullable=False),
        sa.Column("signed_at", sa.String(length=64), nullable=False),
        sa.Column("key_id", sa.String(length=64), nullable=False),
        sa.Column("signature", sa.Text(), nullable=False),
        sa.CheckConstraint("seq >= 1", name=op.f("ck_checkpoints_seq_positive")),
        sa.PrimaryKeyConstraint("hall_id", "seq", name=op.f("pk_checkpoints")),
    )
    identity = op.create_table(
        "store_identity",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("store_id", sa.String(length=64), nullable=False),
        sa.CheckConstraint("id = 1", name=op.f("ck_store_identity_single_row")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_store_identity")),
    )
    op.bulk_insert(identity, [{"id": 1, "store_id": uuid.uuid4().hex}])
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
        # bingo_append_only() comes from revision 0001.
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
    if op.get_context().dialect.name == "sqlite":
        for table in PROTECTED:
            for action in ("update", "delete"):
                op.execute(f"DROP TRIGGER IF EXISTS {table}_no_{action}")
    op.drop_table("store_identity")
    op.drop_table("checkpoints")
