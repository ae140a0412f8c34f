"""Command line of the emulators: ``bingo-hall emulate ...`` and ``python -m drivers.emulators``."""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from types import FrameType

from drivers.emulators import KINDS, start_emulators
from drivers.emulators.extractor import ExtractorModel
from drivers.emulators.reader import ReaderModel


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "devices",
        nargs="+",
        choices=KINDS,
        metavar="{extractor,reader,board}",
        help="devices to emulate (an extractor and a reader together share one ball machine)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--pty", action="store_true", help="serve on pseudo-terminals (default)")
    where.add_argument(
        "--tcp",
        type=int,
        metavar="PORT",
        help="serve on 127.0.0.1:PORT (next devices on PORT+1, PORT+2)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of every random choice")
    parser.add_argument("--scenario", metavar="FILE", help="JSON or TOML list of faults")
    parser.add_argument("--baud", type=int, default=19200, choices=(9600, 19200))
    parser.add_argument("--boards", type=int, default=1, help="hall boards on the board line")
    parser.add_argument(
        "--fast", action="store_true", help="demo timing: short mixing, release and reading times"
    )


def run(args: argparse.Namespace) -> int:
    extractor_model = ExtractorModel(mixing_time=0.5, release_time=0.2) if args.fast else None
    reader_model = ReaderModel(read_time=0.1, scan_time=0.01) if args.fast else None
    try:
        hall = start_emulators(
            args.devices,
            seed=args.seed,
            scenario=args.scenario,
            baud=args.baud,
            tcp_port=args.tcp,
            boards=args.boards,
            extractor_model=extractor_model,
            reader_model=reader_model,
        )
    except (OSError, ValueError, OverflowError) as exc:
        print(f"emulate: no se pueden arrancar los dispositivos: {exc}", file=sys.stderr)
        return 1  # refused, as in the rest of the command line (2 is wrong usage)
    for name, url in hall.urls().items():
        print(f"{name} {url}", flush=True)
    stop = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    previous = {s: signal.signal(s, on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        while not stop.wait(0.5):
            pass
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
        hall.stop()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m drivers.emulators", description="Run emulated BHD/1 hall devices"
    )
    add_arguments(parser)
    return run(parser.parse_args(argv))
