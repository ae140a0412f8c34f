"""Per-port traffic log: every byte in and out with a timestamp, and its replay.

One line per chunk written or read::

    2025-03-01T20:15:02.123456+00:00 8123.456789 TX 02 00 01 00 01 5e 21
    2025-03-01T20:15:02.131002+00:00 8123.464335 RX 02 07 01 00 81 ...
    2025-03-01T20:15:03.000000+00:00 8124.333333 -- lost: read failed

wall-clock time (UTC, ISO 8601), monotonic seconds, direction (``TX`` host to device, ``RX``
device to host, ``--`` a note such as open, close or lost) and the bytes in hex. ``replay`` feeds
one direction back into a ``Decoder``, expiring a partial frame where the live line went quiet,
so a field log shows exactly which frames the driver saw. ``python -m drivers.traffic LOG``
prints them.
"""

from __future__ import annotations

import argparse
import datetime as dt
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from drivers.protocol import Decoder, Frame

TX = "TX"
RX = "RX"
NOTE = "--"


class TrafficLog:
    """Append-only, line-buffered log of one port's traffic (thread-safe)."""

    def __init__(
        self,
        path: str | Path,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._clock = clock
        self._lock = threading.Lock()
        self._file: TextIO | None = self.path.open("a", encoding="ascii", buffering=1)

    def _write(self, direction: str, text: str) -> None:
        wall = dt.datetime.now(dt.UTC).isoformat(timespec="microseconds")
        line = f"{wall} {self._clock():.6f} {direction} {text}\n"
        with self._lock:
            if self._file is not None:
                self._file.write(line)

    def tx(self, data: bytes) -> None:
        self._write(TX, data.hex(" "))

    def rx(self, data: bytes) -> None:
        self._write(RX, data.hex(" "))

    def note(self, text: str) -> None:
        self._write(NOTE, " ".join(text.split()))

    def close(self) -> None:
        with self._lock:
            if self._file is not None:
                self._file.close()
                self._file = None


@dataclass(frozen=True, slots=True)
class TrafficEntry:
    wall: str
    t: float
    direction: str
    data: bytes
    note: str = ""


def read_log(path: str | Path) -> Iterator[TrafficEntry]:
    with Path(path).open(encoding="ascii") as f:
        for line in f:
            parts = line.rstrip("\n").split(" ", 3)
            if len(parts) < 3:
                continue
            wall, t, direction = parts[0], float(parts[1]), parts[2]
            rest = parts[3] if len(parts) > 3 else ""
            if direction in (TX, RX):
                yield TrafficEntry(wall, t, direction, bytes.fromhex(rest))
            else:
                yield TrafficEntry(wall, t, direction, b"", rest)


def replay(path: str | Path, direction: str = RX, *, quiet: float = 0.1) -> list[Frame]:
    """The frames one direction of a logged line carried, decoded as the live link did."""
    decoder = Decoder()
    frames: list[Frame] = []
    last: float | None = None
    for entry in read_log(path):
        if entry.direction != direction:
            continue
        if last is not None and entry.t - last > quiet:
            while decoder.pending:
                frames += decoder.expire()
        frames += decoder.feed(entry.data)
        last = entry.t
    return frames + decoder.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Decode a BHD/1 traffic log")
    parser.add_argument("log")
    args = parser.parse_args(argv)
    tx, rx = replay(args.log, TX), replay(args.log, RX)
    print(f"host -> device: {len(tx)} frames")
    for frame in tx:
        print(f"  {frame}")
    print(f"device -> host: {len(rx)} frames")
    for frame in rx:
        print(f"  {frame}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
