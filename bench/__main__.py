"""Run every benchmark: each ``bench/bench_*.py`` module's ``main()``, in name order.

``python -m bench`` runs them all; ``python -m bench strips detect`` only those whose name
(after ``bench_``) is given.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import bench


def discover() -> list[str]:
    """Names of the benchmark modules, without the ``bench_`` prefix."""
    return sorted(
        m.name.removeprefix("bench_")
        for m in pkgutil.iter_modules(bench.__path__)
        if m.name.startswith("bench_")
    )


def main(argv: list[str]) -> int:
    names = discover()
    # from the first option on, options of the benchmarks named (``panels --clients 1000``)
    cut = next((i for i, a in enumerate(argv) if a.startswith("--")), len(argv))
    argv, options = argv[:cut], argv[cut:]
    wanted = argv or names
    unknown = sorted(set(wanted) - set(names))
    if unknown:
        print(f"unknown benchmarks: {', '.join(unknown)}; known: {', '.join(names)}")
        return 2
    for name in wanted:
        module = importlib.import_module(f"bench.bench_{name}")
        print(f"== {name} ==", flush=True)
        started = time.perf_counter()
        module.main(options) if options else module.main()
        print(f"({name}: {time.perf_counter() - started:.1f} s)\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
