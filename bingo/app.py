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
from config import HallSettings

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

    store = open_store(db_url, create=False)
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


def prepare_hall(service: HallService, settings: HallSettings) -> None:
    """Give a fresh record its hall, rules, card set, first serie, ball set and prima, from the
    hall's settings; on a record that has them already nothing is done.
    """
    hall = service.hall
    if not hall.hall_id:
        service.register_hall(settings.hall_id, settings.name, settings.region, settings.languages)
    if hall.rules is None:
        service.adopt_rules(settings.rules)
    if settings.card_set_id not in hall.card_set_info:
        service.generate_card_set(
            settings.card_set_id, settings.card_set_seed, settings.card_set_strips
        )
    prefix = settings.series_prefix
    if not any(code.startswith(prefix + "-") for code in hall.series):
        service.register_serie(
            f"{prefix}-0001", settings.card_set_id, settings.series_size, settings.face_value_cents
        )
    if hall.ball_set is None:
        service.install_ball_set(
            settings.ball_set_id,
            settings.homologation,
            settings.guaranteed_partidas,
            settings.partidas_before,
            settings.pneumatic,
            "juego de bolas inicial",
        )
    if hall.prima.amount_cents == 0 and settings.prima_initial_cents:
        service.choose_prima_amount(settings.prima_initial_cents)


@contextmanager
def open_hall(
    db_url: str | None,
    wanted: str | None,
    default: str,
    clock: Clock = system_clock,
    bola_loca: BolaLocaSource = secure_bola_loca,
    *,
    create: bool = True,
) -> Iterator[Engine]:
    """The engine of the hall asked for, else of the database's only hall, else the default.

    With ``create`` false a database that does not exist yet is refused, not created.
    """
    store = open_store(db_url, create=create)
    try:
        hall_id = choose_hall(store, wanted, default)
        service = HallService(store, hall_id, CardSetLibrary(store.get_card_set), clock, bola_loca)
        yield Engine(store, service)
    finally:
        store.close()
