"""Persistence of the hall's event record and imported card sets (SQLite or PostgreSQL).

Only the composition root opens a store (``open_store``); everything else receives it.
"""

from bingo.chain import ChainBreak, Record
from store.engine import default_database_url
from store.errors import ConcurrencyError, DatabaseUrlError, IntegrityError, StoreError
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
