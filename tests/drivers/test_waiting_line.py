"""A line waiting for a ball costs little: the EVENTS pace backs off while nothing comes, and
a reply is read in one piece, on a pty and on ``socket://`` (no byte-at-a-time reads).

The devices answer at once here (no baud pacing), as through a pty, a USB-CDC adapter or a TCP
bridge: nothing but the host's own pace limits its requests.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import serial

from drivers import protocol as p
from drivers.emulators import EmulatedHall, start_emulators
from drivers.extractor import ExtractorDriver
from drivers.traffic import RX, read_log
from tests.drivers.hallkit import LINK

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def halls() -> Iterator[list[EmulatedHall]]:
    started: list[EmulatedHall] = []
    yield started
    for hall in started:
        hall.stop()


def extractor(halls: list[EmulatedHall], where: str) -> EmulatedHall:
    hall = start_emulators(("extractor",), pace=False, tcp_port=0 if where == "tcp" else None)
    halls.append(hall)
    return hall


def events_heard(hall: EmulatedHall) -> int:
    return len(hall.extractor.commands(p.MsgType.EVENTS, repeats=True))


def test_the_events_pace_backs_off_while_no_ball_comes(halls: list[EmulatedHall]) -> None:
    """From ``fast_poll_interval`` (20 ms) the polls stretch to ``idle_poll_interval`` while
    they come back empty (BHD/1 asks only one poll per 250 ms): 15 polls take at least
    20 + 30 + 45 + 12 x 60 ms, where the unstretched pace would take 14 x 20 ms.
    """
    hall = extractor(halls, "pty")
    url = hall.extractor.url
    assert url is not None
    driver = ExtractorDriver(serial.serial_for_url(url, baudrate=19200), timing=LINK).open()
    try:
        before = events_heard(hall)
        with driver.expecting():
            started = time.monotonic()
            while events_heard(hall) < before + 15:
                time.sleep(0.005)
            took = time.monotonic() - started
        assert took >= 0.6, f"15 EVENTS polls in {took * 1000:.0f} ms"
        assert LINK.idle_poll_interval <= 0.25  # never slower than BHD/1's minimum
    finally:
        driver.close()


@pytest.mark.parametrize("where", ["pty", "tcp"])
def test_a_reply_that_arrives_whole_is_read_whole(
    halls: list[EmulatedHall], where: str, tmp_path: Path
) -> None:
    hall = extractor(halls, where)
    url = hall.extractor.url
    assert url is not None
    log = tmp_path / "extractor.log"
    driver = ExtractorDriver(
        serial.serial_for_url(url, baudrate=19200), timing=LINK, traffic_log=log
    ).open()
    try:
        for _ in range(20):
            driver.status()
    finally:
        driver.close()
    chunks = [e.data for e in read_log(log) if e.direction == RX]
    frames = p.decode_all(b"".join(chunks))
    assert len(frames) >= 21  # IDENTIFY, the first STATUS and 20 more
    assert len(chunks) <= len(frames) * 5 // 4, (len(chunks), len(frames))
