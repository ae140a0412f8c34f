"""Opt-in checks against a real device: ``pytest -m device --device-port /dev/ttyUSB0``.

Read-only: identification, status and events. Nothing here releases a ball or changes a board.
Without ``--device-port`` (registered by the root conftest) every test is skipped.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import serial

from drivers import protocol as p
from drivers.board import HallBoardDriver
from drivers.device import DeviceDriver
from drivers.extractor import ExtractorDriver
from drivers.reader import ReaderDriver

pytestmark = [pytest.mark.device, pytest.mark.timeout(60)]


@pytest.fixture
def device(request: pytest.FixtureRequest) -> Iterator[DeviceDriver]:
    path = request.config.getoption("--device-port", default=None)
    if not path:
        pytest.skip("needs a real device: --device-port PATH")
    baud = int(request.config.getoption("--device-baud", default=19200) or 19200)
    for cls in (ExtractorDriver, ReaderDriver, HallBoardDriver):
        driver = cls(serial.Serial(path, baud), supervise=False)
        try:
            driver.open()
        except p.ProtocolError:
            driver.close()
            continue
        yield driver
        driver.close()
        return
    pytest.fail(f"no BHD/1 extractor, reader or board answers on {path}")


def test_the_device_identifies_itself(device: DeviceDriver) -> None:
    identity = device.identify()
    assert identity.kind == device.KIND
    assert identity.maker and identity.model and identity.serial


def test_status_and_events_decode(device: DeviceDriver) -> None:
    status = device.status_raw()
    device._check_fields(status)
    reply = device.link.request(device.address, p.MsgType.EVENTS, bytes((status.counter,)))
    assert p.decode_events(reply.payload) == []
