"""The composition root: the only place that opens the database, the serial ports, the
emulators and the Qt application. Nothing here runs at import time.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from bingo.chain import Record
from bingo.hall import DomainError
from bingo.service import (
    BolaLocaSource,
    CardSetLibrary,
    Clock,
    HallService,
    MemoryEventLog,
    secure_bola_loca,
    system_clock,
)
from bingo.store import EventStore, open_store

log = logging.getLogger(__name__)


@dataclass
class Engine:
    store: EventStore
    service: HallService


def choose_hall(store: EventStore, wanted: str | None, default: str) -> str:
    """The hall to work on: the one asked for, else the only one in the database, else the
    configured one.
    """
    if wanted:
        return wanted
    halls = store.halls()
    if len(halls) == 1:
        return halls[0]
    return default


def export_from_db(db_url: str | None, hall_id: str | None) -> dict[str, Any]:
    """The hall's export with its chain, read from the database (for the actas)."""
    from bingo.export import build_export
    from config import load_hall

    store = open_store(db_url)
    try:
        hall = choose_hall(store, hall_id, load_hall().hall_id)
        service = HallService(store, hall, CardSetLibrary(store.get_card_set))
        if not service.hall.hall_id:
            raise DomainError(f"la base de datos no tiene la sala {hall}")
        return build_export(service.hall, service.card_sets.get, service.records())
    finally:
        store.close()


def project_records(records: Sequence[Record]) -> dict[str, Any]:
    """Rebuild the export from hash-chained records alone: what an inspector recomputes."""
    from bingo.export import build_export

    if not records:
        return {}
    memory = MemoryEventLog()
    hall_id = str(records[0].payload.get("hall_id", ""))
    memory.records[hall_id] = list(records)
    service = HallService(memory, hall_id)
    return build_export(service.hall, service.card_sets.get, list(records))


@contextmanager
def open_engine(
    db_url: str | None,
    hall_id: str,
    clock: Clock = system_clock,
    bola_loca: BolaLocaSource = secure_bola_loca,
) -> Iterator[Engine]:
    store = open_store(db_url)
    try:
        card_sets = CardSetLibrary(store.get_card_set)
        service = HallService(store, hall_id, card_sets, clock, bola_loca)
        yield Engine(store, service)
    finally:
        store.close()
