"""Strip generation speed: strips per second for 10,000 and 1,000,000 strips, and validation."""

from __future__ import annotations

import time

from bingo import strips


def best_of(runs: int, fn: object, *args: int) -> float:
    assert callable(fn)
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        fn(*args)
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    started = time.perf_counter()
    strips._tables()
    print(f"tables, built once per process: {time.perf_counter() - started:.3f} s")
    for count, runs in ((10_000, 7), (1_000_000, 3)):
        seconds = best_of(runs, strips.generate_strips, 2026, count)
        print(
            f"generate {count:>9,} strips: {seconds:7.3f} s  {count / seconds:>11,.0f} strips/s"
            f"  (best of {runs})"
        )
    made = strips.generate_strips(7, 1_000_000)
    started = time.perf_counter()
    ok = strips.strips_valid(made)
    seconds = time.perf_counter() - started
    print(
        f"validate {len(made):>9,} strips: {seconds:7.3f} s  {len(made) / seconds:>11,.0f} strips/s"
        f"  (all valid: {bool(ok.all())})"
    )


if __name__ == "__main__":
    main()
