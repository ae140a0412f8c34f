"""Timings of the actas: a 100-partida acta, appending a partida, sealing, verifying, receipts.

``main()`` prints one figure per line (best of a few runs, seconds). The input is the test
fixture's simulated night (realistic sizes: ~6700 chained records, a 1200-cartón card set),
and for the whole command ``bingo-hall acta build --db`` a 100-partida session simulated by the
engine into a SQLite file (about 8000 records), with the parts of the command's time apart.
"""

from __future__ import annotations

import gc
import hashlib
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tests.actas.fixtures import Night

PARTIDAS = 100
RUNS = 3
COMMAND_RUNS = 7  # the whole command: best and median (the machine may be shared)
PACKAGES = ("app", "bingo", "actas", "drivers", "store", "ui")  # as `make` compiles them


def _best(fn: Callable[[], Any], runs: int = RUNS) -> tuple[float, Any]:
    times: list[float] = []
    result: Any = None
    for _ in range(runs):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), result


def _command(argv: list[str]) -> float:
    return _command_cpu(argv)[0]


def _command_cpu(argv: list[str]) -> tuple[float, float]:
    """Wall and processor (user + system) seconds of a command: on a shared machine the
    processor time is the steadier figure.
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def command_parts() -> None:
    """``bingo-hall acta build --db URL -o acta.pdf`` of a 100-partida session: the whole
    command (a new process each run, as the staff run it) and where its time goes.
    """
    exe = Path(sys.executable).with_name("bingo-hall")
    # the project's bytecode as `make` installs it (compiled once), so the figures are the
    # hall's and not those of compiling ~50 modules on every start
    root = Path(__file__).resolve().parent.parent
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", "-j", "0", *PACKAGES],
        cwd=root,
        check=True,
        capture_output=True,
    )
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/night.sqlite"
        subprocess.run(
            [str(exe), "simulate", "--db", url, "--seed", "7", "--partidas", str(PARTIDAS)],
            check=True,
            capture_output=True,
        )
        out = f"{tmp}/acta.pdf"
        build = [str(exe), "acta", "build", "--db", url, "-o", out]
        runs = [_command_cpu(build) for _ in range(COMMAND_RUNS)]
        walls, cpus = [w for w, _c in runs], [c for _w, c in runs]
        print(
            f"acta_build_command_{PARTIDAS}_partidas_s: {min(walls):.3f} "
            f"(whole command, best of {len(runs)}; median {statistics.median(walls):.3f}; "
            f"processor best {min(cpus):.3f}, median {statistics.median(cpus):.3f})"
        )
        print(f"  acta_sha256: {hashlib.sha256(Path(out).read_bytes()).hexdigest()}")
        print(f"  loaded_by_the_command: {_heavy_modules(build[1:])}")
        for command in (["--help"], ["acta", "--help"], ["status", "--help"]):
            best = min(_command([str(exe), *command]) for _ in range(3))
            print(f"  start_{'_'.join(w.strip('-') for w in command)}_s: {best:.3f}")
        bare = min(_command([sys.executable, "-c", "pass"]) for _ in range(3))
        imports = min(
            _command(
                [
                    sys.executable,
                    "-c",
                    "import app.cli, app.bootstrap, bingo.export, app.acta_cli, actas.render",
                ]
            )
            for _ in range(3)
        )
        print(f"  python_start_s: {bare:.3f}")
        print(f"  imports_s: {imports - bare:.3f} (app.cli, app.bootstrap with the reader, actas)")

        card_set = min(
            _command(
                [
                    sys.executable,
                    "-c",
                    "from bingo.cards import generate_card_set; generate_card_set('x', 7, 1000)",
                ]
            )
            for _ in range(3)
        )
        numpy = min(
            _command([sys.executable, "-c", "import bingo.cards, bingo.strips"]) for _ in range(3)
        )
        print(
            f"  card_set_from_seed_s: {card_set - numpy:.3f} (6000 cartones, in a new process: "
            "the tables and the cartones)"
        )

        from actas.builder import build_acta
        from actas.render import attachment_for, render_acta_data
        from app.bootstrap import export_from_db

        _card_set_copy(url)
        t, export = _best(lambda: export_from_db(url, None))
        print(
            f"  export_from_db_s: {t:.3f} (read, verify and replay the record, build export; "
            "card set tables already built)"
        )
        _record_parts(url)
        t, acta = _best(lambda: build_acta(export))
        print(f"  build_acta_s: {t:.3f}")
        t, attachment = _best(lambda: attachment_for(export))
        print(f"  attachment_s: {t:.3f} (canonical JSON of the export)")
        t, _ = _best(lambda: render_acta_data(acta, [attachment]))
        print(f"  render_s: {t:.3f}")
        gc.disable()  # as the acta commands run (app.acta_cli pauses the cycle collector)
        try:
            t_export, _ = _best(lambda: export_from_db(url, None))
            t_render, _ = _best(lambda: render_acta_data(acta, [attachment]))
        finally:
            gc.enable()
        print(
            f"  collector_paused: export_from_db_s {t_export:.3f}, render_s {t_render:.3f} "
            "(as in the command)"
        )


def _heavy_modules(argv: list[str]) -> str:
    """Which of the libraries a reading command need not load it does load."""
    code = (
        "import sys\n"
        "from app.cli import main\n"
        f"main({argv!r})\n"
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules} & "
        "{'sqlalchemy', 'numpy', 'alembic', 'cryptography', 'pyhanko'})))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return done.stdout.splitlines()[-1] or "none of sqlalchemy, numpy, alembic, pyhanko"


def _card_set_copy(url: str) -> None:
    """The hall's card set as an acta reads it: its copy in the store, checked against the
    digest the record holds (not generated again from its seed).
    """
    from app.bootstrap import hall_snapshot
    from store import open_store

    store = open_store(url, create=False)
    try:
        hall_id = store.halls()[0]
        card_set_id = next(iter(hall_snapshot(store, hall_id).hall.card_set_info))
        t_snapshot, _ = _best(lambda: hall_snapshot(store, hall_id))
        t, card_set = _best(lambda: hall_snapshot(store, hall_id).card_sets.get(card_set_id))
    finally:
        store.close()
    print(
        f"  card_set_from_store_copy_s: {t - t_snapshot:.3f} ({len(card_set)} cartones, read "
        "and checked against the recorded digest: an acta does not generate it again)"
    )


def _record_parts(url: str) -> None:
    """The record's share of ``export_from_db``: read and verify it, then fold it."""
    from bingo.service import HallService, MemoryEventLog
    from store import open_store
    from store.reader import open_reader

    reader = open_reader(url)  # as the command reads it: sqlite3 alone
    try:
        hall_id = reader.halls()[0]
        t, records = _best(lambda: reader.load(hall_id))
    finally:
        reader.close()
    store = open_store(url, create=False)
    try:
        t_store, _ = _best(lambda: store.load(hall_id))
    finally:
        store.close()
    print(
        f"    load_and_verify_s: {t:.3f} ({len(records)} records, every hash recomputed; "
        f"through SQLAlchemy {t_store:.3f})"
    )

    def replay() -> HallService:
        memory = MemoryEventLog()
        memory.records[hall_id] = records
        return HallService(memory, hall_id)

    t, _ = _best(replay)
    print(f"    replay_s: {t:.3f} (the hall's state folded from the records)")


def _render_upto(n: Night, partidas: int) -> bytes:
    """The acta of the night's first ``partidas`` partidas, printed whole."""
    from actas.render import render_acta

    return render_acta(n.export(n.index_after(partidas, "data")))


def main() -> None:
    command_parts()
    from actas.builder import build_acta
    from actas.receipts import find_receipt, render_prize_receipt
    from actas.render import continue_acta, print_acta, render_acta
    from actas.seal import ensure_keys, sign_pdf
    from actas.summary import render_summary
    from actas.verify import verify_acta
    from tests.actas.fixtures import night

    start = time.perf_counter()
    n = night(PARTIDAS)
    full = n.export()
    print(
        f"fixture_{PARTIDAS}_partidas_s: {time.perf_counter() - start:.3f} "
        f"({len(n.records)} records)"
    )

    t, _ = _best(lambda: build_acta(full))
    print(f"acta_build_{PARTIDAS}_partidas_s: {t:.3f}")
    t, pdf = _best(lambda: render_acta(full))
    print(
        f"acta_render_{PARTIDAS}_partidas_s: {t:.3f} ({len(pdf) // 1024} KiB, "
        f"{t / PARTIDAS * 1000:.1f} ms per partida)"
    )

    # the acta while play goes on: the last partida's data is recorded (before its first
    # ball) and the acta is printed again with it
    before = n.export(n.index_after(PARTIDAS - 1, "close"))
    after = n.export(n.index_after(PARTIDAS, "data"))
    t_before, _ = _best(lambda: render_acta(before))
    t_after, _ = _best(lambda: render_acta(after))
    print(
        f"acta_append_partida_{PARTIDAS}_s: {t_after:.3f} "
        f"(acta up to partida {PARTIDAS - 1}: {t_before:.3f})"
    )
    per = [(_best(partial(_render_upto, n, k), 1)[0]) for k in (10, 40, 70)]
    print(
        f"acta_append_partida_10_40_70_s: {' '.join(f'{x:.3f}' for x in per)} "
        "(whole acta printed again)"
    )
    # continuing the printed acta: only the folios from the last one a partida opens
    printed = print_acta(build_acta(before))
    acta_after = build_acta(after)
    t, cont = _best(lambda: continue_acta(printed, acta_after))
    print(
        f"acta_continue_append_partida_{PARTIDAS}_s: {t:.3f} "
        f"(folios {cont.first_folio}-{cont.folios} of {cont.folios})"
    )
    closed = build_acta(n.export(n.index_after(PARTIDAS, "close")))
    t, cont2 = _best(lambda: continue_acta(cont, closed))
    print(
        f"acta_continue_close_partida_{PARTIDAS}_s: {t:.3f} "
        f"(folios {cont2.first_folio}-{cont2.folios})"
    )

    with tempfile.TemporaryDirectory() as tmp:
        keys = ensure_keys("bench-hall", "Bench", directory=Path(tmp))
        t, signed = _best(lambda: sign_pdf(pdf, keys, reason="bench"))
        print(f"acta_sign_{PARTIDAS}_partidas_s: {t:.3f}")
        cert = [keys.cert_path.read_bytes()]
        t, report = _best(
            lambda: verify_acta(signed, current_records=list(n.records), trusted_certs=cert)
        )
        print(f"acta_verify_{PARTIDAS}_partidas_s: {t:.3f} (exit {report.exit_code})")
        b = bytearray(signed)
        b[len(b) // 2] ^= 1
        t, report = _best(lambda: verify_acta(bytes(b), trusted_certs=cert), 1)
        print(f"acta_verify_altered_s: {t:.3f} (exit {report.exit_code})")

    receipt = find_receipt(full, 8)
    t, _ = _best(lambda: render_prize_receipt(receipt, "80mm"))
    print(f"receipt_80mm_s: {t:.3f}")
    t, _ = _best(lambda: render_summary(full))
    print(f"summary_{PARTIDAS}_partidas_s: {t:.3f}")


if __name__ == "__main__":
    main()
