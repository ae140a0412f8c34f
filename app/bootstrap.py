"""The composition root: the only place that opens the database, the serial ports, the
emulators and the Qt application. Nothing here runs at import time.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bingo.cards import CardSet, dump_card_set
from bingo.chain import Record
from bingo.events import CardSetRegistered, TerminalLimitsAdopted, event_from
from bingo.hall import DomainError, Hall
from bingo.rules import PROVENANCE, RegionRules
from bingo.service import (
    BolaLocaSource,
    CardSetLibrary,
    Clock,
    HallService,
    MemoryEventLog,
    secure_bola_loca,
    system_clock,
)
from store.reader import RecordReader, open_reader

if TYPE_CHECKING:  # the settings module is loaded by the commands that read settings
    from app.config import HallSettings
    from store import EventStore  # SQLAlchemy: loaded by the commands that write the record
    from store.writer_lock import Holder, WriterLock

log = logging.getLogger(__name__)


@dataclass
class Engine:
    store: EventStore
    service: HallService


def choose_hall(store: RecordReader, wanted: str | None, default: str) -> str:
    """The hall to work on: the one asked for, else the only one in the database, else the
    configured one.
    """
    if wanted:
        return wanted
    halls = store.halls()
    if len(halls) == 1:
        return halls[0]
    return default


def card_set_library(store: EventStore, *, keep: bool = False) -> CardSetLibrary:
    """The hall's card sets, their copies read from the store; with ``keep`` (a process that
    writes the record) a card set it generates is kept there too, once, so readings load it
    (checked against the record's digest) instead of rebuilding it from its seed.
    """

    def put(card_set: CardSet) -> None:
        store.put_card_set(card_set.id, card_set.digest(), dump_card_set(card_set).encode("utf-8"))

    return CardSetLibrary(
        store.get_card_set, put if keep else None, store.put_card_set if keep else None
    )


def hall_snapshot(store: RecordReader, hall_id: str) -> HallService:
    """The hall as ONE reading of its record gives it: its state is folded from exactly the
    records ``records()`` returns, so the two always agree while another process goes on
    writing (reading the state and then the records again would pair a state with a longer
    chain). For reading only: what it would write goes nowhere.
    """
    records = store.load(hall_id)  # one SELECT in one transaction: a consistent snapshot
    memory = MemoryEventLog()
    memory.records[hall_id] = records
    return HallService(memory, hall_id, CardSetLibrary(store.get_card_set))


def no_hall_text(hall_id: str, halls: Sequence[str]) -> str:
    """A hall the database does not have, and the ones it has (decision 89)."""
    return f"la base de datos no tiene la sala {hall_id}" + (
        f" (tiene: {', '.join(sorted(halls))})" if halls else ""
    )


def recorded_snapshot(store: RecordReader, hall_id: str) -> HallService:
    """``hall_snapshot`` of a hall the database has; a mistyped id is refused, naming the halls
    it has (decision 89).
    """
    service = hall_snapshot(store, hall_id)
    if not service.hall.hall_id:
        raise DomainError(no_hall_text(hall_id, store.halls()))
    return service


def export_of(
    service: HallService, session_ids: Sequence[str] | None = None, chain: bool = True
) -> dict[str, Any]:
    """The export of a snapshot (with its chain unless ``chain`` is False)."""
    from bingo.export import build_export

    records = service.records() if chain else []
    return build_export(service.hall, service.card_sets.get, records, session_ids)


def snapshot_export(
    store: RecordReader,
    hall_id: str,
    session_ids: Sequence[str] | None = None,
    chain: bool = True,
) -> dict[str, Any]:
    """The hall's export (with its chain unless ``chain`` is False) from one reading."""
    return export_of(recorded_snapshot(store, hall_id), session_ids, chain)


def export_from_db(
    db_url: str | None, hall_id: str | None, keys_dir: Path | None = None
) -> dict[str, Any]:
    """The hall's export with its chain, read from the database (for the actas): a SQLite
    file is read without SQLAlchemy (``store.reader``), a command that only reads the record.

    The record is audited as ``bingo-hall status`` audits it, against its signed checkpoints
    and their copy in the key folder (``keys_dir``, by default the one on this machine): a
    record ``status`` calls altered is refused (``app.checkpoints.RecordAltered``, R-ACTA-6,
    decision 410). The audit and the export are one reading of a SQLite file.
    """
    from app.checkpoints import intact, prepare_audit

    store = open_reader(db_url)
    try:
        chosen = choose_hall(store, hall_id, "")
        if not chosen:  # several halls (or none): only then is the configured one needed
            from app.config import load_hall

            chosen = load_hall().hall_id
        audit = prepare_audit(store, chosen, keys_dir)  # the copy next to the key: before
        snapshot = getattr(store, "snapshot", None)
        with snapshot() if snapshot is not None else nullcontext():
            service = recorded_snapshot(store, chosen)  # the chain read and checked
            intact(audit(), chosen)  # the same snapshot: that very chain is audited
            return export_of(service)
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


def settings_differences(hall: Hall, settings: HallSettings) -> tuple[list[str], list[str]]:
    """What a settings file says that the hall's record does not: (identity, rules). The identity
    of a registered hall never changes; its rules change only by a recorded adoption.
    """
    identity = [
        f"{what}: registrada {mine!r}, fichero {theirs!r}"
        for what, mine, theirs in (
            ("sala", hall.hall_id, settings.hall_id),
            ("nombre", hall.name, settings.name),
            ("región", hall.region, settings.region),
            ("lenguas", list(hall.languages), list(settings.languages)),
        )
        if mine != theirs
    ]
    rules: list[str] = []
    if hall.rules is not None:
        # The figures, not the version label: a new version of the region file that changes
        # nothing the hall plays (one that adds another prize's figures) leaves the recorded
        # rules in force, and an open session goes on under them (docs/decisions.md 295).
        rules = [
            f"{f.name}: registrado {getattr(hall.rules, f.name)!r}, "
            f"fichero {getattr(settings.rules, f.name)!r}"
            for f in fields(RegionRules)
            if f.name not in PROVENANCE
            and getattr(hall.rules, f.name) != getattr(settings.rules, f.name)
        ]
    return identity, rules


def check_settings(hall: Hall, settings: HallSettings) -> None:
    """Refuse a settings file that does not describe the hall recorded in the database, saying
    what differs and how to adopt it (docs/decisions.md 52).
    """
    if not hall.hall_id:
        return
    identity, rules = settings_differences(hall, settings)
    if identity:
        raise DomainError(
            "el fichero de configuración es de otra sala que la registrada en la base de datos ("
            + "; ".join(identity)
            + "): use el fichero de esta sala, o --hall/--db para la otra"
        )
    if rules:
        raise DomainError(
            "las reglas del fichero de configuración no son las registradas ("
            + "; ".join(rules)
            + "): para adoptarlas, `bingo-hall rules adopt --config FICHERO` entre dos sesiones "
            "(queda en el registro); nunca con una sesión abierta",
            "R-NET-3",
        )


def adopt_rules(service: HallService, settings: HallSettings) -> bool:
    """Record the settings' rules as the hall's from now on, between sessions (R-NET-3); False
    when they are the recorded ones already.
    """
    hall = service.hall
    if not hall.hall_id:
        raise DomainError(f"la base de datos no tiene la sala {service.hall_id}")
    identity, figures = settings_differences(hall, settings)
    if identity:
        raise DomainError(
            "el fichero de configuración es de otra sala (" + "; ".join(identity) + ")"
        )
    if hall.rules == settings.rules:
        return False
    if hall.rules is not None and hall.session is not None and not figures:
        # only the version differs: nothing to adopt for the open session (decision 295)
        raise DomainError(
            f"la versión {settings.rules.region_version} del fichero de la región no cambia "
            f"ninguna cifra de las reglas registradas (versión {hall.rules.region_version}): la "
            f"sesión {hall.session.id} sigue con ellas; la nueva versión se adopta entre "
            "sesiones",
            "R-NET-3",
        )
    service.adopt_rules(settings.rules)
    return True


def _missing_steps(hall: Hall, settings: HallSettings) -> list[Callable[[HallService], object]]:
    """What a record still lacks of the settings' set-up, as commands to run in order."""
    steps: list[Callable[[HallService], object]] = []
    if not hall.hall_id:
        steps.append(
            lambda s: s.register_hall(
                settings.hall_id, settings.name, settings.region, settings.languages
            )
        )
    if hall.rules is None:
        steps.append(lambda s: s.adopt_rules(settings.rules))
    if settings.card_set_id not in hall.card_set_info:
        steps.append(
            lambda s: s.generate_card_set(
                settings.card_set_id, settings.card_set_seed, settings.card_set_strips
            )
        )
    prefix = settings.series_prefix
    if not any(code.startswith(prefix + "-") for code in hall.series):
        steps.append(
            lambda s: s.register_serie(
                f"{prefix}-0001",
                settings.card_set_id,
                settings.series_size,
                settings.face_value_cents,
            )
        )
    if hall.ball_set is None:
        steps.append(
            lambda s: s.install_ball_set(
                settings.ball_set_id,
                settings.homologation,
                settings.guaranteed_partidas,
                settings.partidas_before,
                settings.pneumatic,
                "juego de bolas inicial",
            )
        )
    if hall.prima.amount_cents == 0 and settings.prima_initial_cents:
        steps.append(lambda s: s.choose_prima_amount(settings.prima_initial_cents))
    return steps


def terminal_limits_of(
    service: HallService, settings: HallSettings, adopt: bool
) -> list[TerminalLimitsAdopted]:
    """Give the service the settings' limits on auxiliary machines (the hall's category), and
    the event that records them when they are not the recorded ones (decision 300). A change is
    refused while a session is open; between sessions only the hall's start (``adopt``:
    ``serve``, ``run``) records it, and any other command given those settings is refused.
    """
    events = [
        e
        for e in service.hall.adopt_terminal_limits(settings.terminal_limits)
        if isinstance(e, TerminalLimitsAdopted)
    ]
    recorded = service.hall.recorded_terminal_limits
    if events and not adopt and recorded is not None:
        raise DomainError(
            "los límites de las máquinas auxiliares de la configuración no son los registrados ("
            + "; ".join(recorded.differences(settings.terminal_limits))
            + "): la categoría de la sala se adopta al arrancar su servidor (`bingo-hall serve` "
            "o `run`) entre dos sesiones, y queda en el registro",
            "R-MULTI-3",
        )
    service.use_terminal_limits(settings.terminal_limits)
    return events


def prepare_hall(service: HallService, settings: HallSettings) -> None:
    """Give a fresh record its hall, rules, card set, first serie, ball set and prima, from the
    hall's settings, all together or nothing: the steps are rehearsed on a copy of the record
    first, so a refused setting leaves the database as it was. On a record that has them already
    nothing is written, and settings that describe another hall or other rules are refused.
    """
    check_settings(service.hall, settings)
    limits = terminal_limits_of(service, settings, adopt=True)
    steps = _missing_steps(service.hall, settings)
    if not steps:
        if limits:
            service.record_together(limits)
        return
    known = service.records()
    rehearsal_log = MemoryEventLog()
    rehearsal_log.records[service.hall_id] = list(known)
    rehearsal = HallService(rehearsal_log, service.hall_id, service.card_sets)
    for step in steps:
        step(rehearsal)
    added = [event_from(r.kind, r.payload) for r in rehearsal.records()[len(known) :]]
    service.record_together([*added, *limits])
    # committed: a card set generated for it is kept in the store (never in the rehearsal,
    # so a refused set-up leaves the database as it was)
    for event in added:
        if isinstance(event, CardSetRegistered) and event.source.startswith("generated:"):
            service.card_sets.kept(service.card_sets.get(event.card_set_id))


@contextmanager
def open_hall(
    db_url: str | None,
    wanted: str | None,
    default: str,
    clock: Clock = system_clock,
    bola_loca: BolaLocaSource = secure_bola_loca,
    settings: HallSettings | None = None,
    *,
    create: bool = True,
    writer: str | None = "bingo-hall",
) -> Iterator[Engine]:
    """The engine of the hall asked for, else of the database's only hall, else the default.
    With ``settings`` (a file the operator named), a registered hall they do not describe is
    refused (docs/decisions.md 52). With ``create`` false a database that does not exist yet is
    refused, not created. ``writer``: the command that writes the record, which holds its writer
    lock meanwhile (``hold_record``); None for a command that only reads it.
    """
    from store import open_store

    store = open_store(db_url, create=create)
    lock: WriterLock | None = None
    try:
        hall_id = choose_hall(store, wanted, default)
        if writer is not None:
            lock = hold_record(store, hall_id, writer)
        service = HallService(store, hall_id, card_set_library(store, keep=True), clock, bola_loca)
        if settings is not None:
            check_settings(service.hall, settings)
            terminal_limits_of(service, settings, adopt=False)
        sign_checkpoints(store, service)
        yield Engine(store, service)
    finally:
        store.close()
        if lock is not None:
            lock.release()


def record_writer(db_url: str | None, wanted: str | None, default: str) -> Holder | None:
    """Who writes the hall's record now (``store.writer_lock``), or None: nobody, or a database
    that does not exist yet. Nothing is created or written.
    """
    from store import StoreError, open_store
    from store.engine import default_database_url, parse_url, sqlite_file
    from store.writer_lock import current_writer, file_writer

    url = db_url or default_database_url()
    path = sqlite_file(parse_url(url))
    if path is not None:  # the lock's file alone: the database is not opened
        return file_writer(path.absolute())
    try:
        store = open_store(url, create=False)
    except StoreError:
        return None
    try:
        return current_writer(store.engine, choose_hall(store, wanted, default))
    finally:
        store.close()


def hold_record(store: EventStore, hall_id: str | None, command: str) -> WriterLock:
    """The record's writer lock for ``command`` (``store.writer_lock``): ``WriterBusy`` (exit 1,
    naming the writer) when another process writes it. ``hall_id`` None: what every hall of the
    database shares (its operators).
    """
    from store.writer_lock import hold_writer

    return hold_writer(store.engine, hall_id, command)


def sign_checkpoints(store: EventStore, service: HallService) -> None:
    """The hall's key signs a checkpoint of the record with every partida and session close
    (in the same transaction), and keeps the newest one next to the key: what lets ``status``
    see records removed or re-hashed (docs/store.md). The key is loaded at the first close.
    """
    from app.checkpoints import HallKeySigner

    signer = HallKeySigner(service.hall_id, hall_name=lambda: service.hall.name)
    store.sign_checkpoints(service.hall_id, signer)
