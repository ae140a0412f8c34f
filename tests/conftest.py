"""Options for the whole suite."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("bingo-hall")
    group.addoption(
        "--device-port", default=None, help="serial port of a real device (opt-in tests)"
    )
    group.addoption("--device-baud", type=int, default=19200, help="baud rate of that device")
