"""A 60-partida simulated session end to end: in memory (the engine alone) and on a SQLite file
with synchronous commits and a checkpoint signed at every close (what a hall runs), plus the
time to rebuild the state after a restart and to write the export."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from app.bootstrap import prepare_hall
from app.checkpoints import HallKeySigner
from app.config import load_hall
from bingo.export import build_export
from bingo.service import CardSetLibrary, EventLog, HallService, MemoryEventLog
from bingo.simulate import (
    SimulatedClock,
    Simulation,
    SimulationPlan,
    seeded_bola_loca,
)
from store import open_store

PARTIDAS = 60


def play(event_log: EventLog) -> tuple[HallService, float, int]:
    settings = load_hall()
    holder: dict[str, HallService] = {}
    svc = HallService(
        event_log,
        settings.hall_id,
        CardSetLibrary(),
        clock=SimulatedClock("2026-11-22", lambda: holder["svc"].last_seq if holder else 0),
        bola_loca=seeded_bola_loca(7, lambda: len(holder["svc"].hall.session.partidas) + 1),  # type: ignore[union-attr]
    )
    holder["svc"] = svc
    plan = SimulationPlan(
        seed=7,
        partidas=PARTIDAS,
        session_id="BENCH",
        date="2026-11-22",
        series_prefix=settings.series_prefix,
        series_size=settings.series_size,
        card_set_id=settings.card_set_id,
        face_value_cents=settings.face_value_cents,
        prima_amount_cents=settings.prima_initial_cents,
    )
    prepare_hall(svc, settings)
    started = time.perf_counter()
    steps = Simulation(svc, plan).run()
    return svc, time.perf_counter() - started, steps


def main() -> None:
    svc, seconds, steps = play(MemoryEventLog())
    print(
        f"in memory: {PARTIDAS} partidas, {steps} commands, {svc.last_seq} events "
        f"in {seconds:.2f} s ({1000 * seconds / steps:.2f} ms per command)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'bench.sqlite'}"
        store = open_store(url)
        # As the hall runs: a checkpoint signed with its key at every close (docs/store.md).
        store.sign_checkpoints(load_hall().hall_id, HallKeySigner(load_hall().hall_id, Path(tmp)))
        try:
            svc, seconds, steps = play(store)
            print(
                f"SQLite file, synchronous commits: {PARTIDAS} partidas, {svc.last_seq} events "
                f"in {seconds:.2f} s ({1000 * seconds / svc.last_seq:.2f} ms per event)"
            )
            started = time.perf_counter()
            again = HallService(store, svc.hall_id, CardSetLibrary())
            print(
                f"restart: state rebuilt from {again.last_seq} records in "
                f"{time.perf_counter() - started:.2f} s"
            )
            started = time.perf_counter()
            build_export(again.hall, again.card_sets.get, again.records())
            print(f"export with the chain: {time.perf_counter() - started:.2f} s")
        finally:
            store.close()


if __name__ == "__main__":
    main()
