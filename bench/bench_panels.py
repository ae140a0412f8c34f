"""Web panels: from the hall server accepting a ball to it painted in 10 headless chromium panels
on loopback (issue 8 aims: p99 under 100 ms, first-to-last panel spread under 20 ms), and from
the reading's last byte on the reader's serial line to painted.

Each page notes when it painted each state (``requestAnimationFrame``, then the next task); the
server stamps each change with when it took the command and when it sent the state; the
emulated devices' traffic log stamps every byte read from the reader's line (``--traffic``).
One machine, one clock. The machine is shared: the figures are indicative.

Two runs: balls typed by the jefe de mesa (``--devices none``: the command's arrival to painted),
and balls drawn by the emulated extractor and reader on pseudo-terminals (the reading's last
byte, i.e. the last chunk read from the reader's line before the ball was committed, to painted).
"""

from __future__ import annotations

import datetime as dt
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

PANELS = 10
BALLS = 30


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _reader_bytes(log: Path) -> list[float]:
    """Epoch milliseconds of every chunk read from the reader's line."""
    out = []
    for line in log.read_text("ascii").splitlines():
        wall, _mono, direction, *_ = line.split(" ")
        if direction == "RX":
            out.append(dt.datetime.fromisoformat(wall).timestamp() * 1000.0)
    return out


def _run(devices: str) -> dict[str, list[float]]:
    from tests.server.kit import Client, Server, browser, open_session, partida_ready, wait_for

    figures: dict[str, list[float]] = {"accepted": [], "sent": [], "spread": [], "byte": []}
    with tempfile.TemporaryDirectory() as folder:
        traffic = Path(folder) / "traffic"
        extra = ["--traffic", str(traffic)] if devices == "emulated" else []
        server = Server(Path(folder) / "hall.sqlite", devices=devices, extra=extra).start()
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
            for number in range(1, BALLS + 1):
                args: dict[str, Any] = {"number": number} if devices == "none" else {}
                version = console.do("draw_ball", **args)["version"]
                paints = [
                    wait_for(d, f"window.__paints.find(p => p.version === {version})", 30)
                    for d in drivers
                ]
                if devices == "emulated":
                    sent = paints[0]["sent"]
                    last_byte = max(t for t in _reader_bytes(traffic / "reader.log") if t < sent)
                    figures["byte"].extend(p["t"] - last_byte for p in paints)
                figures["accepted"].extend(p["t"] - p["accepted"] for p in paints)
                figures["sent"].extend(p["t"] - p["sent"] for p in paints)
                times = [p["t"] for p in paints]
                figures["spread"].append(max(times) - min(times))
                time.sleep(0.05)  # balls come seconds apart in a hall; do not pile them up
        finally:
            for driver in drivers:
                driver.quit()
            server.stop()
    return figures


def _show(name: str, values: list[float]) -> None:
    print(
        f"  {name:34s} p50 {statistics.median(values):6.1f} ms  "
        f"p99 {_percentile(values, 0.99):6.1f} ms  max {max(values):6.1f} ms"
    )


def main(argv: list[str] | None = None) -> None:
    """``--clients N``: N stream clients instead of the chromium panels (issue 20, item 13)."""
    argv = argv or []
    if "--clients" in argv:
        clients = int(argv[argv.index("--clients") + 1])
        from bench.stream_clients import run

        figures = run(clients)
        print(f"{clients} stream clients, 20 balls typed, loopback, shared machine:")
        _show("command accepted -> received", figures["received"])
        _show("spread first..last client", figures["spread"])
        print(f"  changes never received: {int(figures['missing'][0])}")
        return
    typed = _run("none")
    print(f"{PANELS} panels, {BALLS} balls typed by the jefe de mesa, loopback, shared machine:")
    _show("command accepted -> painted", typed["accepted"])
    _show("state sent -> painted", typed["sent"])
    _show("spread first..last panel", typed["spread"])
    drawn = _run("emulated")
    print(f"{PANELS} panels, {BALLS} balls from the emulated extractor and reader (ptys):")
    _show("reader's last byte -> painted", drawn["byte"])
    _show("state sent -> painted", drawn["sent"])
    _show("spread first..last panel", drawn["spread"])
