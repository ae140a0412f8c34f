"""Device line figures: reading latency, recovery after a disconnect, idle CPU of a polled line.

1. A ball read on the emulated reader -> the driver's BallReadEvent notice (both clocks are the
   same monotonic clock: emulators and drivers run in this process on real ptys, the emulators
   pacing every byte at the baud rate). p50, p99 and max over a few hundred draws.
2. Recovery: the emulator unplugs its pty (or goes silent, a pulled cable) for a while; time to
   the driver's DeviceOffline, and from the port coming back to DeviceOnline (resynchronised).
3. Idle CPU: a driver polling an emulated extractor (a separate process) every 250 ms; CPU
   seconds per wall second of this process and of the emulator.
"""

from __future__ import annotations

import logging
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import serial

from drivers import protocol as p
from drivers.ballsource import BallHeld, DrawTiming, start_emulated_session
from drivers.device import DeviceOffline, DeviceOnline, Notice
from drivers.emulators import ExtractorModel, ReaderModel
from drivers.extractor import ExtractorDriver
from drivers.link import LinkTiming

ROOT = Path(__file__).resolve().parents[1]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def read_latency(draws: int, baud: int) -> None:
    session = start_emulated_session(
        11,
        draw_timing=DrawTiming(settle=0.02),
        extractor_model=ExtractorModel(mixing_time=0.0, release_time=0.02),
        reader_model=ReaderModel(read_time=0.01, read_jitter=0.03),
    )
    for device in session.hall.devices.values():
        device.baud = baud
    heard: list[float] = []
    session.reader.add_listener(
        lambda n: heard.append(n.at) if isinstance(n.event, p.BallReadEvent) else None
    )
    source, hall = session.source, session.hall
    latencies: list[float] = []
    draw_times: list[float] = []
    try:
        while len(draw_times) < draws:
            drawn: list[int] = []
            for number in range(1, min(80, draws - len(draw_times)) + 1):
                started = time.monotonic()
                result = source.draw(number, frozenset(drawn))
                draw_times.append(time.monotonic() - started)
                if isinstance(result, BallHeld):
                    result = source.resolve_hold(result, hall.machine.tube_number() or 0)
                drawn.append(result.number)
            with hall.hub.lock:
                made = [e.at for e in hall.reader.pushed if e.kind == p.EventKind.BALL_READ]
                hall.reader.pushed.clear()
            got, heard[:] = list(heard), []
            if len(got) != len(made):
                raise RuntimeError(f"{len(made)} readings made, {len(got)} heard")
            latencies += [g - m for g, m in zip(got, made, strict=True)]
            source.return_all()
    finally:
        source.close()
    ms = [x * 1000 for x in latencies]
    byte = 10_000 / baud  # ms per byte on the wire
    print(
        f"ball read -> driver event at {baud} baud, {len(ms)} draws: "
        f"p50 {pct(ms, 0.5):5.1f} ms  p99 {pct(ms, 0.99):5.1f} ms  max {max(ms):5.1f} ms"
        f"  (wire time alone {19 * byte:.1f}-{35 * byte:.1f} ms)"
    )
    ms = [x * 1000 for x in draw_times]
    print(
        f"  whole draw (status, arm, release 20 ms, read 10-40 ms, checks): "
        f"p50 {pct(ms, 0.5):5.1f} ms  p99 {pct(ms, 0.99):5.1f} ms"
    )


def recovery(mode: str, outage: float, runs: int) -> None:
    session = start_emulated_session(
        12,
        extractor_model=ExtractorModel(mixing_time=0.0, release_time=0.02),
        reader_model=ReaderModel(read_time=0.01),
    )
    events: list[Notice] = []
    cond = threading.Condition()

    def hear(notice: Notice) -> None:
        with cond:
            events.append(notice)
            cond.notify_all()

    session.extractor.add_listener(hear)
    detect, back = [], []
    emulator = session.hall.extractor
    try:
        for _ in range(runs):
            with cond:
                events.clear()
            cut = time.monotonic()
            emulator.inject("disconnect", duration=outage, mode=mode)
            with cond:
                cond.wait_for(lambda: any(isinstance(n.event, DeviceOnline) for n in events), 30)
            offline = next(n.at for n in events if isinstance(n.event, DeviceOffline))
            online = next(n.at for n in events if isinstance(n.event, DeviceOnline))
            detect.append(offline - cut)
            back.append(online - (cut + outage))
            time.sleep(0.3)
    finally:
        session.stop()
    offline_ms = statistics.median(detect) * 1000
    print(
        f"{mode:6s} outage {outage:3.1f} s: offline after {offline_ms:4.0f} ms,"
        f" online {statistics.median(back) * 1000:5.0f} ms after the port is back"
        f" (median of {runs}, max {max(back) * 1000:.0f} ms)"
    )


def idle_cpu(seconds: float) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "drivers.emulators", "extractor"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert proc.stdout is not None
        _, path = proc.stdout.readline().split()
        driver = ExtractorDriver(serial.Serial(path, 19200), timing=LinkTiming()).open()
        try:
            time.sleep(1.0)
            requests = driver.link.stats.requests
            cpu, emu, wall = time.process_time(), _proc_cpu(proc.pid), time.monotonic()
            time.sleep(seconds)
            cpu = time.process_time() - cpu
            emu = _proc_cpu(proc.pid) - emu
            wall = time.monotonic() - wall
            polls = (driver.link.stats.requests - requests) / wall
        finally:
            driver.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    print(
        f"idle polled line ({polls:.1f} polls/s over {wall:.0f} s): driver {cpu / wall * 100:.2f} %"
        f" of a core, emulator process {emu / wall * 100:.2f} %"
    )


def _proc_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    quiet = logging.getLogger("drivers")
    level = quiet.level
    quiet.setLevel(logging.ERROR)  # the offline warnings are expected here
    try:
        run()
    finally:
        quiet.setLevel(level)


def run() -> None:
    read_latency(240, 19200)
    read_latency(120, 9600)
    recovery("unplug", 0.5, 3)
    recovery("unplug", 2.0, 2)
    recovery("cable", 1.0, 3)
    idle_cpu(10.0)


if __name__ == "__main__":
    main()
