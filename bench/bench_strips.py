"""Strip generation speed: strips per second for 10,000 and 1,000,000 strips, and validation.

Each figure is the best of several runs, as wall-clock time and as the thread's CPU time (on a
shared machine the wall clock also counts the moments the process was not running).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

from bingo import strips


def best_of(runs: int, fn: Callable[[], object]) -> tuple[float, float]:
    """Fastest wall-clock and CPU seconds of ``runs`` calls."""
    wall, cpu = [], []
    for _ in range(runs):
        w0, c0 = time.perf_counter(), time.thread_time()
        fn()
        cpu.append(time.thread_time() - c0)
        wall.append(time.perf_counter() - w0)
    return min(wall), min(cpu)


def line(what: str, count: int, wall: float, cpu: float, note: str) -> str:
    return (
        f"{what} {count:>9,} strips: {wall:6.3f} s wall {count / wall:>10,.0f}/s"
        f"  | {cpu:6.3f} s CPU {count / cpu:>10,.0f}/s  {note}"
    )


def main() -> None:
    started = time.perf_counter()
    strips._tables()
    print(f"tables, built once per process: {time.perf_counter() - started:.3f} s")
    for count, runs in ((10_000, 7), (1_000_000, 3)):
        wall, cpu = best_of(runs, partial(strips.generate_strips, 2026, count))
        print(line("generate", count, wall, cpu, f"(best of {runs})"))
    made = strips.generate_strips(7, 1_000_000)
    valid = strips.strips_valid(made)
    wall, cpu = best_of(2, lambda: strips.strips_valid(made))
    print(line("validate", len(made), wall, cpu, f"(all valid: {bool(valid.all())})"))


if __name__ == "__main__":
    main()
