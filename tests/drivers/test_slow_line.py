"""Long replies on a slow line: a frame still on the wire when the 100 ms repeat timer fires is
waited for, not thrown away (BHD/1 allows 9600 baud; payloads up to 200 bytes).

The emulators write each reply a few bytes at a time, as a UART's bytes reach the host, paced
at the line's baud rate (``trickle``), so the reply is half in when the timer fires.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import serial

from drivers.emulators import EmulatedHall, start_emulators
from drivers.extractor import ExtractorDriver
from drivers.protocol import DeviceKind, Identity
from tests.drivers.hallkit import LINK

pytestmark = pytest.mark.timeout(60)


def identity_of(kind: DeviceKind, length: int) -> Identity:
    """An IDENTIFY text of ``length`` characters (``maker;model;serial;firmware;homologation``)."""
    fixed = ";MODEL-X;SN000123;2.4.1;CNJ-2024-0042"
    return Identity(kind, "M" * (length - len(fixed)), *fixed[1:].split(";"))


@pytest.fixture
def halls() -> Iterator[list[EmulatedHall]]:
    started: list[EmulatedHall] = []
    yield started
    for hall in started:
        hall.stop()


def slow_hall(halls: list[EmulatedHall], kind: str, baud: int, **options: Any) -> EmulatedHall:
    hall = start_emulators((kind,), baud=baud, trickle=2, **options)
    halls.append(hall)
    return hall


def port_of(hall: EmulatedHall, name: str, baud: int) -> Any:
    url = hall.devices[name].url
    assert url is not None
    return serial.serial_for_url(url, baudrate=baud, timeout=0.03)


@pytest.mark.parametrize(("baud", "length"), [(9600, 100), (9600, 150), (19200, 199)])
def test_a_device_with_a_long_identify_text_comes_online(
    halls: list[EmulatedHall], baud: int, length: int
) -> None:
    """R-DEV-1: the device is reported online, its identity read in full."""
    hall = slow_hall(halls, "extractor", baud)
    wanted = identity_of(DeviceKind.EXTRACTOR, length)
    with hall.hub.lock:
        hall.extractor.identity = wanted
    driver = ExtractorDriver(port_of(hall, "extractor", baud), timing=LINK, supervise=False)
    try:
        driver.open()  # without supervision, a first contact that fails raises
        assert driver.is_online()
        assert driver.units[driver.address].identity == wanted
        assert driver.link.stats.no_reply == 0
    finally:
        driver.close()
