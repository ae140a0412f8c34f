"""Device line figures: reading latency, the record's side, recovery, CPU of a polled line.

1. A ball read on the emulated reader -> the driver's BallReadEvent notice (both clocks are the
   same monotonic clock: emulators and drivers run in this process on real ptys, the emulators
   pacing every byte at the baud rate). p50, p99 and max over a few hundred draws, with the
   EVENTS polls paced (``fast_poll_interval``, backed off while idle) and, for comparison, back
   to back. Then the last byte of the EVENTS reply carrying the reading, as the host's port
   received it (the traffic log's RX time) -> the ball source's ``draw`` returning.
2. With the record: a hall's service fed by ``DeviceDraws`` (the draw policy), its boards on an
   emulated board line. The reading's last byte received -> the ball committed to the record
   (the service's subscriber hears it), and the ball committed -> the next RELEASE heard by the
   extractor, with the board line answering and with its cable pulled (nothing on a board
   line may run inside a commit). Then the first ball of a session in a fresh process
   (``bingo-hall simulate``): the devices' draw returning, and its commit.
3. Recovery: the emulator unplugs its pty (or goes silent, a pulled cable) for a while; time to
   the driver's DeviceOffline, and from the port coming back to DeviceOnline (resynchronised).
4. Idle CPU: a driver polling an emulated extractor (a separate process) every 250 ms; CPU
   seconds per wall second of this process and of the emulator.
5. CPU of a line while a ball is expected: the driver's own threads (supervisor and port
   reader, their run time from /proc schedstat), the emulator answering at once (no baud
   pacing: a pty, USB-CDC adapter or TCP bridge), on a pty and on ``socket://``.
"""

from __future__ import annotations

import logging
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import serial

from bingo.drawing import BallHeld
from drivers import protocol as p
from drivers.device import DeviceOffline, DeviceOnline, Notice
from drivers.emulators import ExtractorModel, ReaderModel
from drivers.extractor import ExtractorDriver
from drivers.link import LinkTiming
from drivers.sessions import start_emulated_session
from drivers.traffic import RX, read_log

ROOT = Path(__file__).resolve().parents[1]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def read_latency(draws: int, baud: int, interval: float = LinkTiming().fast_poll_interval) -> None:
    traffic = tempfile.TemporaryDirectory()
    session = start_emulated_session(
        11,
        link_timing=LinkTiming(fast_poll_interval=interval),
        extractor_model=ExtractorModel(mixing_time=0.0, release_time=0.02),
        reader_model=ReaderModel(read_time=0.01, read_jitter=0.03),
        traffic_dir=traffic.name,
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
    committed: list[tuple[int, float]] = []  # (draw number, ball returned), accepted readings
    try:
        while len(draw_times) < draws:
            drawn: list[int] = []
            for number in range(1, min(80, draws - len(draw_times)) + 1):
                started = time.monotonic()
                result = source.draw(number, frozenset(drawn))
                done = time.monotonic()
                draw_times.append(done - started)
                if not isinstance(result, BallHeld):
                    committed.append((number, done))
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
    polls = "back to back" if interval == 0 else f"every {interval * 1000:.0f} ms"
    print(
        f"ball read -> driver event at {baud} baud, EVENTS {polls}, {len(ms)} draws: "
        f"p50 {pct(ms, 0.5):5.1f} ms  p99 {pct(ms, 0.99):5.1f} ms  max {max(ms):5.1f} ms"
        f"  (wire time alone {19 * byte:.1f}-{35 * byte:.1f} ms)"
    )
    ms = [x * 1000 for x in draw_times]
    print(
        f"  whole draw (status, arm, release 20 ms, read 10-40 ms, checks): "
        f"p50 {pct(ms, 0.5):5.1f} ms  p99 {pct(ms, 0.99):5.1f} ms"
    )
    arrived = reading_arrivals(Path(traffic.name) / "reader.log")
    ms = []
    for number, done in committed:
        before = [t for n, t in arrived if n == number and t <= done]
        ms.append((done - max(before)) * 1000)
    traffic.cleanup()
    print(
        f"  reading's last byte received -> draw() returns, {len(ms)} draws: "
        f"p50 {pct(ms, 0.5):5.1f} ms  p99 {pct(ms, 0.99):5.1f} ms  max {max(ms):5.1f} ms"
    )


def reading_arrivals(log_path: Path) -> list[tuple[int, float]]:
    """(draw number, time the chunk completing the reply reached the host) of every BALL_READ."""
    decoder = p.Decoder()
    out: list[tuple[int, float]] = []
    for entry in read_log(log_path):
        if entry.direction != RX:
            continue
        for frame in decoder.feed(entry.data):
            if frame.type != p.MsgType.EVENTS | p.ACK_BIT:
                continue
            for event in p.decode_events(frame.payload):
                if isinstance(event, p.BallReadEvent):
                    out.append((event.draw_number, entry.t))
    return out


# An emulated extractor in its own process answering at once (no baud pacing), as a pty,
# USB-CDC adapter or TCP bridge does: nothing slows a host that polls back to back.
_UNPACED = """
import sys
from drivers.emulators import start_emulators
hall = start_emulators(("extractor",), pace=False, tcp_port=0 if sys.argv[1] == "tcp" else None)
print(hall.devices["extractor"].url, flush=True)
sys.stdin.read()
hall.stop()
"""


def waiting_cpu(interval: float, seconds: float, where: str = "pty") -> None:
    """The driver's CPU while a ball is expected, the device answering at once."""
    proc = subprocess.Popen(
        [sys.executable, "-c", _UNPACED, where],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert proc.stdout is not None and proc.stdin is not None
        url = proc.stdout.readline().strip()
        port = serial.serial_for_url(url, baudrate=19200, timeout=0.03)
        driver = ExtractorDriver(port, timing=LinkTiming(fast_poll_interval=interval)).open()
        try:
            threads = [t for t in (driver._thread, driver.line._thread) if t is not None]
            with driver.expecting():
                time.sleep(0.5)
                requests = driver.link.stats.requests
                cpu, emu, wall = _threads_cpu(threads), _proc_cpu(proc.pid), time.monotonic()
                time.sleep(seconds)
                cpu = _threads_cpu(threads) - cpu
                emu = _proc_cpu(proc.pid) - emu
                wall = time.monotonic() - wall
                rate = (driver.link.stats.requests - requests) / wall
        finally:
            driver.close()
        proc.stdin.close()
    finally:
        proc.wait(timeout=10)
    polls = "back to back" if interval == 0 else f"from every {interval * 1000:.0f} ms"
    print(
        f"line on {'socket://' if where == 'tcp' else 'a pty':9s} while a ball is expected,"
        f" EVENTS {polls}, device answering at once:"
        f" {rate:6.1f} requests/s, driver threads {cpu / wall * 100:5.2f} % of a core"
        f" (emulator process {emu / wall * 100:.1f} %)"
    )


def record_latency(balls: int, cable_pulled: bool) -> None:
    """A hall's record fed by the devices through the draw policy, its boards on a line."""
    from app.devices import DeviceDraws, emulated_operator, feed_boards
    from bingo import events as ev
    from drivers.board import BoardLines, HallBoardDriver
    from drivers.emulators import start_emulators
    from tests.bingo.hallkit import make_hall

    kit = make_hall()
    traffic = tempfile.TemporaryDirectory()
    session = start_emulated_session(  # the models of ``emulated_draws(fast=True)``
        13,
        extractor_model=ExtractorModel(mixing_time=0.05, release_time=0.02),
        reader_model=ReaderModel(read_time=0.02, scan_time=0.001),
        traffic_dir=traffic.name,
    )
    draws = DeviceDraws(kit.svc, session.source, emulated_operator(session))
    boards = start_emulators(("board",), seed=13)
    url = boards.board.url

    def open_board() -> Any:
        return serial.serial_for_url(url, baudrate=19200)

    board_driver = HallBoardDriver(open_board).open()
    committed: dict[int, float] = {}

    def heard(_record: object, event: object) -> None:
        if isinstance(event, ev.BallDrawn):
            committed[len(committed) + 1] = time.monotonic()

    unsubscribe = kit.svc.subscribe(heard)
    stop_feed = feed_boards(kit.svc, BoardLines([board_driver]).show)
    extractor = session.hall.extractor
    try:
        kit.partida_ready()
        if cable_pulled:
            boards.board.inject("disconnect", mode="cable", duration=3600.0)
        for _ in range(balls):
            draws.draw_next()
        with session.hall.hub.lock:
            released = {
                r.frame.payload[0]: r.at
                for r in extractor.received
                if r.frame.type == p.MsgType.RELEASE and not r.repeated
            }
    finally:
        stop_feed()
        unsubscribe()
        board_driver.close()
        boards.stop()
        session.stop()
    gaps = [(released[k + 1] - committed[k]) * 1000 for k in committed if k + 1 in released]
    arrived = dict(reading_arrivals(Path(traffic.name) / "reader.log"))
    reach = [(committed[k] - arrived[k]) * 1000 for k in committed if k in arrived]
    traffic.cleanup()
    line = "its cable pulled" if cable_pulled else "answering"
    print(
        f"with the record, board line {line}: reading's last byte -> ball committed"
        f" p50 {pct(reach, 0.5):5.1f} ms p99 {pct(reach, 0.99):5.1f} ms;"
        f" ball committed -> next RELEASE p50 {pct(gaps, 0.5):5.1f} ms"
        f" p99 {pct(gaps, 0.99):5.1f} ms ({len(gaps)} balls)"
    )


# The first ball of a session in a fresh process, as a hall starts it: the simulated session
# of ``bingo-hall simulate`` on emulated devices (electronic cartones sold, as in a hall).
_FIRST_BALL = """
import json, sys, tempfile, time
import bingo.service as service
import drivers.ballsource as ballsource
from app.cli import main
marks = {}
draw, draw_ball = ballsource.DeviceBallSource.draw, service.HallService.draw_ball
def timed_draw(self, *args, **kwargs):
    started = time.monotonic()
    result = draw(self, *args, **kwargs)
    marks.setdefault("devices", (started, time.monotonic()))
    return result
def timed_ball(self, *args, **kwargs):
    started = time.monotonic()
    result = draw_ball(self, *args, **kwargs)
    marks.setdefault("record", (started, time.monotonic()))
    return result
ballsource.DeviceBallSource.draw = timed_draw
service.HallService.draw_ball = timed_ball
folder = tempfile.mkdtemp()
main(["simulate", "--db", f"sqlite:///{folder}/hall.sqlite", "--devices", "emulated",
      "--partidas", "1", "-q"])
print(json.dumps(marks))
"""


def first_ball(runs: int) -> None:
    import json

    devices, record = [], []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", _FIRST_BALL],
            cwd=ROOT,
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            check=True,
        ).stdout
        marks = json.loads(out.strip().splitlines()[-1])
        devices.append((marks["devices"][1] - marks["devices"][0]) * 1000)
        record.append((marks["record"][1] - marks["record"][0]) * 1000)
    print(
        f"first ball of a session (fresh process, {runs} runs): the devices' draw"
        f" {statistics.median(devices):5.0f} ms, its commit {statistics.median(record):5.0f} ms"
        f" (max {max(record):.0f} ms)"
    )


def _threads_cpu(threads: list[threading.Thread]) -> float:
    """Seconds the threads ran (schedstat: nanoseconds, not the 10 ms ticks of stat)."""
    return sum(
        int(Path(f"/proc/self/task/{t.native_id}/schedstat").read_text().split()[0]) / 1e9
        for t in threads
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
    return _stat_cpu(Path(f"/proc/{pid}/stat"))


def _stat_cpu(stat: Path) -> float:
    fields = stat.read_text().rsplit(")", 1)[1].split()
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
    waiting_cpu(0.0, 5.0)
    waiting_cpu(LinkTiming().fast_poll_interval, 10.0)
    waiting_cpu(LinkTiming().fast_poll_interval, 10.0, "tcp")
    read_latency(240, 19200)
    read_latency(120, 19200, interval=0.0)
    read_latency(120, 9600)
    record_latency(60, cable_pulled=False)
    record_latency(60, cable_pulled=True)
    first_ball(3)
    recovery("unplug", 0.5, 3)
    recovery("unplug", 2.0, 2)
    recovery("cable", 1.0, 3)
    idle_cpu(10.0)


if __name__ == "__main__":
    main()
