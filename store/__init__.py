"""Persistence of the hall's event record and imported card sets (SQLite or PostgreSQL).

Only the composition root opens a store (``open_store``); everything else receives it.
SQLAlchemy is imported with the first of its names asked for (``store.reader`` reads a SQLite
file without it).
"""

from typing import TYPE_CHECKING, Any

from bingo.chain import ChainBreak, Record
from store.errors import ConcurrencyError, DatabaseUrlError, IntegrityError, StoreError

if TYPE_CHECKING:
    from store.engine import default_database_url
    from store.event_store import EventStore, open_store

__all__ = [
    "ChainBreak",
    "ConcurrencyError",
    "DatabaseUrlError",
    "EventStore",
    "IntegrityError",
    "Record",
    "StoreError",
    "default_database_url",
    "open_store",
]


def __getattr__(name: str) -> Any:
    if name == "default_database_url":
        from store import engine

        return engine.default_database_url
    if name in ("EventStore", "open_store"):
        from store import event_store

        return getattr(event_store, name)
    raise AttributeError(f"module 'store' has no attribute {name!r}")
