"""The composition root: the only place that opens the database, the serial ports, the
emulators and the Qt application. Nothing here runs at import time.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from bingo.service import (
    BolaLocaSource,
    CardSetLibrary,
    Clock,
    HallService,
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
