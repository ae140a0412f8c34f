"""The tables of the store, as SQLAlchemy 2 typed mappings.

Rows are not domain objects: ``EventStore`` turns an ``EventRow`` into a ``bingo.chain.Record``
and back. Any change here needs a new Alembic revision under ``migrations/versions``; a test
compares the migrated schema with these models.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class EventRow(Base):
    """One sealed event of one hall; never updated nor deleted (triggers refuse it)."""

    __tablename__ = "events"
    __table_args__ = (CheckConstraint("seq >= 1", name="seq_positive"),)

    hall_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    seq: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    at: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(64))
    # Canonical JSON (bingo.chain.canonical_json) as text, so re-hashing is byte-exact.
    payload: Mapped[str] = mapped_column(Text)
    prev_hash: Mapped[str] = mapped_column(String(64))
    hash: Mapped[str] = mapped_column(String(64))


class CardSetRow(Base):
    """An imported card set: its JSON text, zlib-compressed, with the caller's digest."""

    __tablename__ = "card_sets"

    card_set_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    digest: Mapped[str] = mapped_column(String(128))
    size: Mapped[int] = mapped_column(Integer)  # bytes before compression
    sha256: Mapped[str] = mapped_column(String(64))  # of the bytes before compression
    data: Mapped[bytes] = mapped_column(LargeBinary)  # zlib


class CheckpointRow(Base):
    """A checkpoint signed with the hall's key (``bingo.chain.Checkpoint``); append-only.

    Written in the same transaction as the records it covers, at every partida and session
    close, so a committed close always has its checkpoint.
    """

    __tablename__ = "checkpoints"
    __table_args__ = (CheckConstraint("seq >= 1", name="seq_positive"),)

    hall_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    seq: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    store_id: Mapped[str] = mapped_column(String(64))
    head_hash: Mapped[str] = mapped_column(String(64))
    head_at: Mapped[str] = mapped_column(String(64))
    signed_at: Mapped[str] = mapped_column(String(64))
    key_id: Mapped[str] = mapped_column(String(64))
    signature: Mapped[str] = mapped_column(Text)  # base64


class StoreIdentityRow(Base):
    """The database's own random id, made once when the schema is created (one row).

    Every checkpoint names it, and the copy of the newest checkpoint kept outside the database
    is filed under it, so a copy of the database finds the checkpoint its original signed.
    """

    __tablename__ = "store_identity"
    __table_args__ = (CheckConstraint("id = 1", name="single_row"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    store_id: Mapped[str] = mapped_column(String(64))
    #: the ids this database was copied from, newest first, space-separated (0004)
    copied_from: Mapped[str | None] = mapped_column(Text, nullable=True)


class AppliedCommandRow(Base):
    """A client's command the hall server applied: written with its first events (0002)."""

    __tablename__ = "applied_commands"

    hall_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    client_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    command_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    first_seq: Mapped[int] = mapped_column(BigInteger)


class OperatorRow(Base):
    """A named operator with a role and the slow hash of a PIN or password (0005)."""

    __tablename__ = "operators"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    role: Mapped[str] = mapped_column(String(32))
    secret_hash: Mapped[str] = mapped_column(Text)  # "scrypt$n$r$p$salt$hash", never the secret
    created_at: Mapped[str] = mapped_column(String(64))
    disabled_at: Mapped[str | None] = mapped_column(String(64), nullable=True)


class OperatorAttemptRow(Base):
    """One login or authorisation, accepted or not (0005); the lock is computed from these."""

    __tablename__ = "operator_attempts"
    __table_args__ = (
        Index("ix_operator_attempts_name_id", "name", "id"),
        Index("ix_operator_attempts_client_id", "client", "id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(64))
    client: Mapped[str] = mapped_column(String(128))
    purpose: Mapped[str] = mapped_column(String(64))  # "login" | "authorise:<action>"
    outcome: Mapped[str] = mapped_column(String(32))


class InterconnectedFundRow(Base):
    """The fund of one interconnected network, shared by the halls that joined it (0006): its
    generation (the fund in play; a new one after each award), amount, reserve and the figures
    it was opened with. Updated only under a row lock (``store.interconnected``).
    """

    __tablename__ = "interconnected_funds"

    network: Mapped[str] = mapped_column(String(64), primary_key=True)
    generation: Mapped[int] = mapped_column(BigInteger)
    fund_cents: Mapped[int] = mapped_column(BigInteger)
    reserve_cents: Mapped[int] = mapped_column(BigInteger)
    contribution_bp: Mapped[int] = mapped_column(Integer)
    fund_max_cents: Mapped[int] = mapped_column(BigInteger)
    reserve_max_cents: Mapped[int] = mapped_column(BigInteger)
    scale: Mapped[str] = mapped_column(Text)  # "from:balls from:balls …"


class InterconnectedSettlementRow(Base):
    """One partida of one hall settled against a network's fund (0006): at most one per
    (network, hall, session, partida), so a replay gets the same answer and contributes once.
    """

    __tablename__ = "interconnected_settlements"

    network: Mapped[str] = mapped_column(String(64), primary_key=True)
    hall_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    session_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    partida: Mapped[int] = mapped_column(Integer, primary_key=True)
    announced_generation: Mapped[int] = mapped_column(BigInteger)
    announced_fund_cents: Mapped[int] = mapped_column(BigInteger)
    ball_limit: Mapped[int] = mapped_column(Integer)  # 0: not in play
    takings_cents: Mapped[int] = mapped_column(BigInteger)
    bingo_after_ball: Mapped[int] = mapped_column(Integer)  # 0: no bingo
    winners: Mapped[int] = mapped_column(Integer)
    generation: Mapped[int] = mapped_column(BigInteger)
    to_fund_cents: Mapped[int] = mapped_column(BigInteger)
    to_reserve_cents: Mapped[int] = mapped_column(BigInteger)
    fund_before_cents: Mapped[int] = mapped_column(BigInteger)
    reserve_before_cents: Mapped[int] = mapped_column(BigInteger)
    fund_after_cents: Mapped[int] = mapped_column(BigInteger)
    reserve_after_cents: Mapped[int] = mapped_column(BigInteger)
    awarded_cents: Mapped[int] = mapped_column(BigInteger)
    share_cents: Mapped[int] = mapped_column(BigInteger)
    residue_cents: Mapped[int] = mapped_column(BigInteger)
    partidas_accumulated: Mapped[int] = mapped_column(Integer)
    txid: Mapped[str] = mapped_column(String(32))
    at: Mapped[str] = mapped_column(String(64))
