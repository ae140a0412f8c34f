"""What can go wrong in the store, as exceptions the rest of the system can act on.

Messages are in Spanish: they reach the jefe de mesa's console and the inspector's report.
"""

from __future__ import annotations


class StoreError(Exception):
    """The event record could not be read or written."""


class DatabaseUrlError(StoreError):
    """The database URL is malformed or names a backend or driver that is not available."""


class ConcurrencyError(StoreError):
    """Another writer appended to the hall's record first; nothing of ours was written."""


class IntegrityError(StoreError):
    """The stored record is not what was written: a hash, a link or a card set does not match."""

    def __init__(self, message: str, seq: int | None = None) -> None:
        super().__init__(message)
        self.seq = seq
