"""Emulated hall display boards: one or more addresses on one line, broadcast SHOW."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from drivers.emulators.base import EmulatedDevice
from drivers.emulators.hub import EmulatorHub
from drivers.link import Ack, Nak, Outcome
from drivers.protocol import (
    ADDR_BOARD_FIRST,
    ADDR_BROADCAST,
    BoardFields,
    BoardState,
    DeviceKind,
    Fault,
    Frame,
    MsgType,
    NakReason,
    ShowState,
    crc16,
)


class BoardEmulator(EmulatedDevice):
    KIND: ClassVar[DeviceKind] = DeviceKind.BOARD
    NAME: ClassVar[str] = "board"
    DEFAULT_ADDRESSES: ClassVar[tuple[int, ...]] = (ADDR_BOARD_FIRST,)

    def __init__(self, hub: EmulatorHub, **kwargs: Any) -> None:
        super().__init__(hub, **kwargs)
        self.shown: dict[int, bytes | None] = dict.fromkeys(self.addresses)
        self.shows: list[tuple[int, bytes]] = []  # (address or 0xFF, payload) in order
        self._deaf: set[int] = set()
        # BHD/1 leaves the hash of what a board shows to its maker: this project's boards use
        # the CRC of the SHOW payload; another function emulates a maker's own.
        self.hash_of: Callable[[bytes], int] = crc16

    def state_of(self, address: int) -> int:
        return BoardState.SHOWING if self.shown[address] else BoardState.BLANK

    def fields(self, address: int) -> bytes:
        shown = self.shown[address]
        return BoardFields(self.hash_of(shown) & 0xFFFF if shown else 0).to_bytes()

    def showing(self, address: int | None = None) -> ShowState | None:
        with self.hub.lock:
            shown = self.shown[address if address is not None else self.addresses[0]]
        return ShowState.from_payload(shown) if shown else None

    def draw_of(self, frame: Frame) -> int | None:
        return frame.payload[2] if frame.type == MsgType.SHOW and len(frame.payload) > 2 else None

    def command(self, frame: Frame) -> Outcome | None:
        if frame.type != MsgType.SHOW:
            return None if frame.address == ADDR_BROADCAST else Nak(NakReason.UNKNOWN_COMMAND)
        self.shows.append((frame.address, frame.payload))
        if frame.address == ADDR_BROADCAST:
            for address in self.addresses:
                if address in self._deaf:
                    self._deaf.discard(address)
                else:
                    self.shown[address] = frame.payload
            return None
        self.shown[frame.address] = frame.payload
        return Ack((self.hash_of(frame.payload) & 0xFFFF).to_bytes(2, "big"))

    def inject_device(self, fault: str, params: Mapping[str, Any]) -> None:
        address = int(params.get("address", self.addresses[0]))
        if fault == "blank":  # that board alone rebooted
            self.shown[address] = None
            self.rings[address].reset()
            self.latched[address] = Fault.POWER_RESTORED
        elif fault == "miss_broadcast":
            self._deaf.add(address)
        else:
            super().inject_device(fault, params)

    def on_reset(self) -> None:
        self.shown = dict.fromkeys(self.addresses)
