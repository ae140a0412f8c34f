"""Completion tracking for 1,000,000 cartones: index build time, then time per ball.

Per-ball figures cover several whole runs of 90 balls in random order; a real partida stops at
its first bingo, so the figures up to that ball are given too. Each is given as wall-clock time
and as the thread's CPU time: on a shared machine the wall clock also counts the moments the
process was not running, the CPU time only the work done.
"""

from __future__ import annotations

import time

import numpy as np
import numpy.typing as npt

from bingo.detect import CompletionTracker, compiled_backend_available
from bingo.strips import generate_strips

CARTONES = 1_000_000
PARTIDAS = 5


def figures(ms: list[float]) -> str:
    p50, p99 = np.percentile(ms, [50, 99])
    return f"p50 {p50:6.3f}  p99 {p99:6.3f}  max {max(ms):6.3f} ms"


def run(cards: npt.NDArray[np.uint8], backend: str) -> None:
    if backend == "compiled":
        started = time.perf_counter()
        CompletionTracker(cards[:6], backend="compiled").add_ball(1)
        seconds = time.perf_counter() - started
        print(f"  compiling the fused pass (once per process): {seconds:.3f} s")
    started = time.perf_counter()
    tracker = CompletionTracker(cards, backend=backend)  # type: ignore[arg-type]
    print(f"  index build for {len(cards):,} cartones: {time.perf_counter() - started:.3f} s")
    rng = np.random.default_rng(2026)
    wall: dict[str, list[float]] = {"all": [], "first": []}
    cpu: dict[str, list[float]] = {"all": [], "first": []}
    for _ in range(PARTIDAS):
        tracker.reset()
        before_bingo = True
        for ball in rng.permutation(np.arange(1, 91)):
            w0, c0 = time.perf_counter(), time.thread_time()
            _lines, bingos = tracker.add_ball(int(ball))
            c1, w1 = time.thread_time(), time.perf_counter()
            for part in ("all", "first") if before_bingo else ("all",):
                wall[part].append((w1 - w0) * 1e3)
                cpu[part].append((c1 - c0) * 1e3)
            before_bingo = before_bingo and not len(bingos)
    print(f"  per ball over {PARTIDAS} runs of 90 balls ({len(wall['all'])} balls):")
    print(f"    wall clock  {figures(wall['all'])}")
    print(f"    CPU time    {figures(cpu['all'])}")
    print(f"  per ball, each run up to its first bingo ({len(wall['first'])} balls):")
    print(f"    wall clock  {figures(wall['first'])}")
    print(f"    CPU time    {figures(cpu['first'])}")


def main() -> None:
    cards = generate_strips(2026, -(-CARTONES // 6)).reshape(-1, 3, 5)[:CARTONES]
    backends = ["numpy"] + (["compiled"] if compiled_backend_available() else [])
    for backend in backends:
        print(f"backend {backend}:")
        run(cards, backend)
    if len(backends) == 1:
        print("backend compiled: not available (it needs the optional numba package)")
    run_games(cards)


def run_games(cards: npt.NDArray[np.uint8]) -> None:
    """The same through the game definitions (bingo.game.detect): the ordinary bingo's file must
    cost what the bit-sliced tracker costs; the other modalities use the mask tracker.
    """
    from app.config.game_files import shipped_game
    from bingo.game.cards import generate_cartones
    from bingo.game.detect import tracker_for

    rng = np.random.default_rng(2026)
    for name, count in (
        ("ordinario-90", len(cards)),
        ("plus-4x5", 100_000),
        ("derivado-instantaneo-3x3", 100_000),
    ):
        game = shipped_game(name)
        made = cards if game.is_ordinary else generate_cartones(game, 2026, count)
        tracker = tracker_for(game, made)
        wall: list[float] = []
        cpu: list[float] = []
        for _ in range(PARTIDAS):
            tracker.reset()
            for ball in rng.permutation(np.arange(1, game.count + 1)):
                w0, c0 = time.perf_counter(), time.thread_time()
                tracker.add_ball(int(ball))
                c1, w1 = time.thread_time(), time.perf_counter()
                wall.append((w1 - w0) * 1e3)
                cpu.append((c1 - c0) * 1e3)
        print(f"game {name}, {len(made):,} cartones, {type(tracker).__name__}, all balls:")
        print(f"    wall clock  {figures(wall)}")
        print(f"    CPU time    {figures(cpu)}")


if __name__ == "__main__":
    main()
