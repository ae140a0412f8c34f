"""The drivers' part of the ``bingo-hall`` command line: ``bingo-hall emulate ...``."""

from __future__ import annotations

import argparse
from typing import Any

from drivers.emulators.serve import add_arguments, run


def add_parsers(subparsers: Any) -> None:
    """Add ``emulate`` to the main CLI's subparsers (``argparse._SubParsersAction``)."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "emulate",
        help="run emulated devices (extractor, reader, hall boards) on ptys or TCP ports",
        description="Run emulated BHD/1 devices; prints each device's port, one per line.",
    )
    add_arguments(parser)
    parser.set_defaults(func=run)
