"""The commands the hall server applied, by client and command id.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24

A row is written in the same transaction as the first events a command committed, so a command
retried by its client (same client id and command id), even after a restart of the server, is
known as applied and never applied twice. It is not part of the hash-chained record: losing the
table loses only that protection against retries, never an event.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "applied_commands",
        sa.Column("hall_id", sa.String(length=64), nullable=False),
        sa.Column("client_id", sa.String(length=64), nullable=False),
        sa.Column("command_id", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("first_seq", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint(
            "hall_id", "client_id", "command_id", name=op.f("pk_applied_commands")
        ),
    )


def downgrade() -> None:
    op.drop_table("applied_commands")
