"""Where a database copy came from.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24

``bingo-hall backup`` gives its copy a new database id, so a write to the copy never touches the
original's checkpoint kept next to the hall's key; ``copied_from`` keeps the ids the copy came
from (newest first, space-separated), whose signed checkpoints the copy still holds.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("store_identity", sa.Column("copied_from", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("store_identity") as batch:
        batch.drop_column("copied_from")
