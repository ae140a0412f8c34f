"""The ledger of the interconnected prize, shared by the halls that joined it (R-MULTI-1).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-24

``interconnected_funds``: one row per network, its fund in play (generation), amount, reserve
and the figures it was opened with; updated only under a row lock, so two halls never both win
or both spend it. ``interconnected_settlements``: each partida of each hall settled against it,
keyed by (network, hall, session, partida) so that a hall settling a partida again (a restart)
contributes once; each with the ledger transaction that made it, which the hall's own record
repeats. Neither is part of a hall's hash-chained record.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "interconnected_funds",
        sa.Column("network", sa.String(length=64), nullable=False),
        sa.Column("generation", sa.BigInteger(), nullable=False),
        sa.Column("fund_cents", sa.BigInteger(), nullable=False),
        sa.Column("reserve_cents", sa.BigInteger(), nullable=False),
        sa.Column("contribution_bp", sa.Integer(), nullable=False),
        sa.Column("fund_max_cents", sa.BigInteger(), nullable=False),
        sa.Column("reserve_max_cents", sa.BigInteger(), nullable=False),
        sa.Column("scale", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("network", name=op.f("pk_interconnected_funds")),
    )
    big = ("announced_generation", "announced_fund_cents", "takings_cents", "generation",
           "to_fund_cents", "to_reserve_cents", "fund_before_cents", "reserve_before_cents",
           "fund_after_cents", "reserve_after_cents", "awarded_cents", "share_cents",
           "residue_cents")  # fmt: skip
    op.create_table(
        "interconnected_settlements",
        sa.Column("network", sa.String(length=64), nullable=False),
        sa.Column("hall_id", sa.String(length=64), nullable=False),
        sa.Column("session_id", sa.String(length=64), nullable=False),
        sa.Column("partida", sa.Integer(), nullable=False),
        *[sa.Column(name, sa.BigInteger(), nullable=False) for name in big[:2]],
        sa.Column("ball_limit", sa.Integer(), nullable=False),
        sa.Column("takings_cents", sa.BigInteger(), nullable=False),
        sa.Column("bingo_after_ball", sa.Integer(), nullable=False),
        sa.Column("winners", sa.Integer(), nullable=False),
        *[sa.Column(name, sa.BigInteger(), nullable=False) for name in big[3:]],
        sa.Column("partidas_accumulated", sa.Integer(), nullable=False),
        sa.Column("txid", sa.String(length=32), nullable=False),
        sa.Column("at", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint(
            "network",
            "hall_id",
            "session_id",
            "partida",
            name=op.f("pk_interconnected_settlements"),
        ),
    )


def downgrade() -> None:
    op.drop_table("interconnected_settlements")
    op.drop_table("interconnected_funds")
