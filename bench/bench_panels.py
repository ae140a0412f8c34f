"""Web panels: from the hall server accepting a ball to it painted in 10 headless chromium panels
on loopback (issue 8 aims: p99 under 100 ms, first-to-last panel spread under 20 ms).

Each page notes when it painted each state (``requestAnimationFrame``, then the next task); the
server stamps each change with when it took the command and when it sent the state. One machine,
one clock. The machine is shared: the figures are indicative.

Measured: the command's arrival at the server (a ball typed by the jefe de mesa, committed to
SQLite) to painted, and the server's sending to painted. The serial line's last byte to painted
is not measured here: the drivers do not yet expose when the reading's last byte arrived.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

PANELS = 10
BALLS = 40


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    from tests.server.kit import Client, Server, browser, open_session, partida_ready, wait_for

    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "hall.sqlite").start()
        drivers: list[Any] = []
        try:
            console = Client(server)
            open_session(console)
            partida_ready(console, count=600)
            for _ in range(PANELS):
                driver = browser(1280, 720)
                driver.get(server.panel("board"))
                drivers.append(driver)
            for driver in drivers:
                wait_for(driver, "window.__panel.online", timeout=60)
            from_accept: list[float] = []
            from_send: list[float] = []
            spreads: list[float] = []
            order = list(range(1, 91))
            for number in order[:BALLS]:
                version = console.do("draw_ball", number=number)["version"]
                paints = []
                for driver in drivers:
                    paint = wait_for(
                        driver,
                        f"window.__paints.find(p => p.version === {version})",
                        timeout=30,
                    )
                    paints.append(paint)
                for p in paints:
                    from_accept.append(p["t"] - p["accepted"])
                    from_send.append(p["t"] - p["sent"])
                times = [p["t"] for p in paints]
                spreads.append(max(times) - min(times))
                time.sleep(0.05)  # balls come seconds apart in a hall; do not pile them up
        finally:
            for driver in drivers:
                driver.quit()
            server.stop()
    n = len(from_accept)
    print(f"{PANELS} panels, {BALLS} balls ({n} paints), loopback, shared machine:")
    for name, values in (
        ("accepted -> painted", from_accept),
        ("sent     -> painted", from_send),
        ("spread first..last panel", spreads),
    ):
        print(
            f"  {name}: p50 {statistics.median(values):6.1f} ms  "
            f"p99 {_percentile(values, 0.99):6.1f} ms  max {max(values):6.1f} ms"
        )
    print("  serial last byte -> painted: not measured (see the module's docstring)")
