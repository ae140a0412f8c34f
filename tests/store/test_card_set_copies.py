"""The card sets a hall's record registers, read back from the store: a generated set's copy
kept at set-up and an imported set are used only when they are, cartón for cartón, the set the
record registered (its digest); otherwise a generated set is rebuilt from its seed and an
imported one is refused, never used altered (R-CARD-2, R-ACTA-6).
"""

from __future__ import annotations

import hashlib
import zlib

import pytest
from sqlalchemy import Engine, text

from app.bootstrap import card_set_library, prepare_hall
from app.config import load_hall
from bingo.cards import dump_card_set, generate_card_set
from bingo.hall import DomainError
from bingo.service import HallService
from store import EventStore
from tests.store.conftest import drop_append_only_triggers


def _replace_copy(raw: Engine, card_set_id: str, data: bytes) -> None:
    """A tamperer rewrites the stored copy, its size and SHA-256 too (the store's own check)."""
    drop_append_only_triggers(raw)
    with raw.begin() as conn:
        conn.execute(
            text("UPDATE card_sets SET data = :d, size = :n, sha256 = :h WHERE card_set_id = :i"),
            {
                "d": zlib.compress(data),
                "n": len(data),
                "h": hashlib.sha256(data).hexdigest(),
                "i": card_set_id,
            },
        )


def _swapped(card_set_id: str, seed: int) -> bytes:
    """The same id with other cartones: another seed's set."""
    return dump_card_set(generate_card_set(card_set_id, seed, 20)).encode("utf-8")


def test_a_generated_card_set_is_kept_at_set_up_and_read_back_as_the_registered_one(
    store: EventStore,
) -> None:
    settings = load_hall()
    service = HallService(store, settings.hall_id, card_set_library(store, keep=True))
    prepare_hall(service, settings)
    kept = store.get_card_set(settings.card_set_id)
    assert kept is not None
    registered = service.hall.card_set_info[settings.card_set_id].digest
    again = HallService(store, settings.hall_id, card_set_library(store))
    assert again.card_sets.get(settings.card_set_id).digest() == registered


def test_a_generated_card_sets_copy_altered_in_the_store_is_not_used(
    store: EventStore, raw: Engine
) -> None:
    settings = load_hall()
    service = HallService(store, settings.hall_id, card_set_library(store, keep=True))
    prepare_hall(service, settings)
    registered = service.hall.card_set_info[settings.card_set_id].digest
    _replace_copy(raw, settings.card_set_id, _swapped(settings.card_set_id, 99))
    again = HallService(store, settings.hall_id, card_set_library(store))
    assert again.card_sets.get(settings.card_set_id).digest() == registered  # from its seed


def test_an_imported_card_set_altered_in_the_store_is_refused_not_used(
    store: EventStore, raw: Engine
) -> None:
    hall_id = "sala-importa"
    card_set = generate_card_set("importado-1", 5, 20)
    store.put_card_set(card_set.id, card_set.digest(), dump_card_set(card_set).encode("utf-8"))
    service = HallService(store, hall_id, card_set_library(store))
    service.register_hall(hall_id, "Sala", "cantabria", ["es"])
    service.register_card_set(card_set, "imported")
    _replace_copy(raw, card_set.id, _swapped(card_set.id, 6))
    again = HallService(store, hall_id, card_set_library(store))
    with pytest.raises(DomainError, match="no es el registrado"):
        again.card_sets.get(card_set.id)
