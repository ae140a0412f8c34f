"""The hall's card sets by id, as the record registered them (R-CARD-2).

A copy kept in the store is used only when it has the digest the record holds; a generated
set is otherwise rebuilt from its recorded seed. Used by ``bingo.service.HallService``.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable

from bingo.cards import CardSet, Carton, generate_card_set, load_card_set
from bingo.chain import canonical_json
from bingo.errors import DomainError

__all__ = ["CardSetLibrary", "card_set_with_digest"]

log = logging.getLogger("bingo.service")  # the service's channel, where these were logged


class CardSetLibrary:
    """Card sets by id: a copy kept in the store (``load_stored``: imported ones, and generated
    ones kept by ``keep`` when generated) is used when it is the one the record registered
    (its digest); a generated one is otherwise rebuilt from its seed.
    """

    def __init__(
        self,
        load_stored: Callable[[str], bytes | None] | None = None,
        keep: Callable[[CardSet], None] | None = None,
        keep_text: Callable[[str, str, bytes], None] | None = None,
    ) -> None:
        self._load_stored = load_stored
        self._keep = keep
        self._keep_text = keep_text  # (id, digest, bytes): a game's card set (bingo.hall.games)
        self._cache: dict[str, CardSet] = {}
        self._sources: dict[str, str] = {}
        self._digests: dict[str, str] = {}

    def know(self, card_set_id: str, source: str, digest: str = "") -> None:
        self._sources[card_set_id] = source
        if digest:
            self._digests[card_set_id] = digest

    def add(self, card_set: CardSet) -> None:
        self._cache[card_set.id] = card_set

    def kept(self, card_set: CardSet) -> None:
        """A card set generated and registered (committed): its copy kept in the store, so
        later readings load it instead of rebuilding it. Only a copy: failing to keep it is no
        error, the seed still gives it.
        """
        if self._keep is None:
            return
        try:
            self._keep(card_set)
        except Exception as exc:  # the store refused the copy (an id another hall keeps…)
            log.warning("card set %s not kept in the store: %s", card_set.id, exc)

    def kept_text(self, card_set_id: str, digest: str, data: bytes) -> None:
        """A game's card set registered: its copy kept in the store as a generated set's is."""
        if self._keep_text is None:
            return
        try:
            self._keep_text(card_set_id, digest, data)
        except Exception as exc:  # only a copy: the seed still gives it
            log.warning("card set %s not kept in the store: %s", card_set_id, exc)

    def copy_of(self, card_set_id: str) -> bytes | None:
        """The store's copy of a card set, None when there is none or it is unusable."""
        if self._load_stored is None:
            return None
        try:
            return self._load_stored(card_set_id)
        except Exception as exc:  # the store found its copy altered
            log.warning("card set %s: copy unusable (%s); rebuilt from its seed", card_set_id, exc)
            return None

    def get(self, card_set_id: str) -> CardSet:
        cached = self._cache.get(card_set_id)
        if cached is not None:
            return cached
        source = self._sources.get(card_set_id, "")
        generated = source.startswith("generated:")
        card_set = self._stored(card_set_id, generated)
        if card_set is None:
            if not generated:
                raise DomainError(f"el juego de cartones {card_set_id!r} no está disponible")
            _, seed, strips = source.split(":")
            card_set = generate_card_set(card_set_id, int(seed), int(strips))
            recorded = self._digests.get(card_set_id)
            if recorded and card_set.digest() != recorded:
                raise DomainError(
                    f"el juego de cartones {card_set_id!r} generado de su semilla no es el "
                    "registrado (su resumen no coincide)",
                    "R-CARD-2",
                )
        self._cache[card_set_id] = card_set
        return card_set

    def _stored(self, card_set_id: str, generated: bool) -> CardSet | None:
        """The store's copy when it is the set the record registered. A generated set's copy
        that is missing, unreadable or another set is passed over (the seed gives it); an
        imported set's must be the registered one.
        """
        if self._load_stored is None:
            return None
        recorded = self._digests.get(card_set_id, "")
        try:
            data = self._load_stored(card_set_id)
        except Exception as exc:  # the store found its copy altered
            if not generated:
                raise
            log.warning("card set %s: copy unusable (%s); rebuilt from its seed", card_set_id, exc)
            return None
        if data is None:
            return None
        if recorded:
            checked = card_set_with_digest(card_set_id, data, recorded)
            if checked is not None:
                return checked
        if generated:
            return None
        card_set = load_card_set(data.decode("utf-8"))  # written otherwise: read it whole
        if recorded and card_set.digest() != recorded:
            raise DomainError(
                f"el juego de cartones {card_set_id!r} guardado no es el registrado (su resumen "
                "no coincide con el del registro)",
                "R-CARD-2",
            )
        return card_set


def card_set_with_digest(card_set_id: str, data: bytes, digest: str) -> CardSet | None:
    """The card set file ``data`` when its id and cartones have exactly ``digest`` (the
    record's, ``CardSet.digest``), else None. Matching the registered digest, the cartones
    are those checked at registration, so they are not checked one by one again.
    """
    try:
        parsed = json.loads(data)
        body = {"id": parsed["id"], "cards": parsed["cards"]}
    except (ValueError, TypeError, KeyError):
        return None
    if body["id"] != card_set_id or hashlib.sha256(canonical_json(body)).hexdigest() != digest:
        return None
    card_set = CardSet(card_set_id, tuple(Carton._checked(rows) for rows in body["cards"]))
    card_set._cache["digest"] = digest  # just computed over these very cartones
    return card_set
