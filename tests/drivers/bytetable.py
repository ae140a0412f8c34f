"""Byte tables: replay ``[(sent, received), ...]`` against a driver, PyMeasure style.

``ScriptedPort`` is a ``serial.SerialBase``: every byte the driver writes must be the next
expected byte; once a whole ``sent`` entry has been written, its ``received`` bytes become
readable. Unexpected bytes, entries never sent and replies never read fail the test.
"""

from __future__ import annotations

import binascii
import contextlib
import threading
import time
from collections.abc import Iterator, Sequence
from typing import Any

import serial

Pair = tuple[str | bytes, str | bytes | None]


def as_bytes(value: str | bytes | None) -> bytes:
    if value is None:
        return b""
    return bytes.fromhex(value) if isinstance(value, str) else value


def crc_xmodem(data: bytes) -> int:
    """Bitwise CRC-16/XMODEM, independent of the code under test."""
    crc = 0
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return crc


def frame_is_valid(frame: bytes) -> bool:
    return (
        len(frame) >= 7
        and frame[0] == 0x02
        and frame[1] == len(frame) - 7
        and crc_xmodem(frame[1:-2]) == int.from_bytes(frame[-2:], "big")
        and binascii.crc_hqx(frame[1:-2], 0) == crc_xmodem(frame[1:-2])
    )


class ScriptedPort(serial.SerialBase):  # type: ignore[misc]
    def __init__(self, pairs: Sequence[Pair]) -> None:
        self._script = [(as_bytes(s), as_bytes(r)) for s, r in pairs]
        self._written = bytearray()
        self._incoming = bytearray()
        self._cond = threading.Condition()
        self.errors: list[str] = []
        super().__init__()

    def open(self) -> None:
        self.is_open = True

    def close(self) -> None:
        with self._cond:
            self.is_open = False
            self._cond.notify_all()

    def _reconfigure_port(self, *args: Any) -> None:
        pass

    @property
    def in_waiting(self) -> int:
        return len(self._incoming)

    def reset_input_buffer(self) -> None:
        pass

    def cancel_read(self) -> None:
        with self._cond:
            self._cond.notify_all()

    def read(self, size: int = 1) -> bytes:
        with self._cond:
            self._cond.wait_for(lambda: self._incoming or not self.is_open, self.timeout)
            data = bytes(self._incoming[:size])
            del self._incoming[:size]
            return data

    def write(self, data: bytes) -> int:
        with self._cond:
            self._written += data
            while self._written:
                if not self._script:
                    self.errors.append(f"unexpected bytes written: {bytes(self._written).hex(' ')}")
                    self._written.clear()
                    break
                sent, received = self._script[0]
                n = min(len(sent), len(self._written))
                if self._written[:n] != sent[:n]:
                    self.errors.append(
                        f"wrote {bytes(self._written).hex(' ')}, expected {sent.hex(' ')}"
                    )
                    self._written.clear()
                    self._script.pop(0)
                    break
                if n < len(sent):
                    break
                del self._written[:n]
                self._script.pop(0)
                self._incoming += received
                self._cond.notify_all()
        return len(data)

    def check(self, settle: float = 1.0) -> None:
        deadline = time.monotonic() + settle
        while time.monotonic() < deadline and self._incoming:
            time.sleep(0.005)
        problems = list(self.errors)
        if self._script:
            left = ", ".join(s.hex(" ") for s, _ in self._script)
            problems.append(f"expected but never written: {left}")
        if self._written:
            problems.append(f"partial frame written: {bytes(self._written).hex(' ')}")
        if self._incoming:
            problems.append(f"reply never read: {bytes(self._incoming).hex(' ')}")
        assert not problems, "; ".join(problems)


@contextlib.contextmanager
def expected_protocol(driver_cls: Any, pairs: Sequence[Pair], **kwargs: Any) -> Iterator[Any]:
    """Open ``driver_cls`` on a scripted port (no supervisor thread) and check the script."""
    port = ScriptedPort(pairs)
    driver = driver_cls(port, supervise=False, **kwargs)
    driver.open()
    try:
        yield driver
        port.check()
    finally:
        driver.close()
