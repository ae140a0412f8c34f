"""The hall's operators and every attempt to authenticate as one.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24

``operators``: a name (unique), a role (``bingo.rights.ROLES``), the secret's slow salted hash
with its parameters (never the secret), when it was made and, once disabled, when. Operators
are never deleted: the record names them. ``operator_attempts``: every login and every
authorisation of the jefe de sala, accepted or not, with the station it came from; the
lock after wrong secrets is computed from it, so a restart does not reset it (R-ROLE-3).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "operators",
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("role", sa.String(length=32), nullable=False),
        sa.Column("secret_hash", sa.Text(), nullable=False),
        sa.Column("created_at", sa.String(length=64), nullable=False),
        sa.Column("disabled_at", sa.String(length=64), nullable=True),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_operators")),
    )
    op.create_table(
        "operator_attempts",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("at", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("client", sa.String(length=128), nullable=False),
        sa.Column("purpose", sa.String(length=64), nullable=False),
        sa.Column("outcome", sa.String(length=32), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_operator_attempts")),
    )
    op.create_index(
        op.f("ix_operator_attempts_name_id"), "operator_attempts", ["name", "id"], unique=False
    )
    op.create_index(
        op.f("ix_operator_attempts_client_id"), "operator_attempts", ["client", "id"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_operator_attempts_client_id"), table_name="operator_attempts")
    op.drop_index(op.f("ix_operator_attempts_name_id"), table_name="operator_attempts")
    op.drop_table("operator_attempts")
    op.drop_table("operators")
