"""Emulated hall devices that speak BHD/1 byte for byte, on a pseudo-terminal or a TCP port.

``start_emulators`` builds the devices on one hub: an extractor and a reader share one ball
machine (the reader reads the ball the extractor dropped into the tube); a reader alone feeds
itself from its own drum. Randomness comes from one seed; faults are injected with
``device.inject(name, ...)`` or from a scenario (``drivers.emulators.faults``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from drivers.emulators.base import EmulatedDevice
from drivers.emulators.board import BoardEmulator
from drivers.emulators.extractor import ExtractorEmulator, ExtractorModel
from drivers.emulators.faults import FAULTS, ScheduledFault, load_scenario
from drivers.emulators.hub import EmulatorHub
from drivers.emulators.machine import Ball, BallMachine
from drivers.emulators.reader import ReaderEmulator, ReaderModel
from drivers.protocol import ADDR_BOARD_FIRST, DeviceKind

__all__ = [
    "EMULATORS",
    "FAULTS",
    "Ball",
    "BallMachine",
    "BoardEmulator",
    "EmulatedDevice",
    "EmulatedHall",
    "EmulatorHub",
    "ExtractorEmulator",
    "ExtractorModel",
    "ReaderEmulator",
    "ReaderModel",
    "ScheduledFault",
    "load_scenario",
    "start_emulators",
]

EMULATORS: Mapping[DeviceKind, type[EmulatedDevice]] = {
    DeviceKind.EXTRACTOR: ExtractorEmulator,
    DeviceKind.READER: ReaderEmulator,
    DeviceKind.BOARD: BoardEmulator,
}

KINDS = ("extractor", "reader", "board")


@dataclass
class EmulatedHall:
    hub: EmulatorHub
    machine: BallMachine
    devices: dict[str, EmulatedDevice] = field(default_factory=dict)

    @property
    def extractor(self) -> ExtractorEmulator:
        device = self.devices["extractor"]
        assert isinstance(device, ExtractorEmulator)
        return device

    @property
    def reader(self) -> ReaderEmulator:
        device = self.devices["reader"]
        assert isinstance(device, ReaderEmulator)
        return device

    @property
    def board(self) -> BoardEmulator:
        device = self.devices["board"]
        assert isinstance(device, BoardEmulator)
        return device

    def urls(self) -> dict[str, str | None]:
        return {name: device.url for name, device in self.devices.items()}

    def stop(self) -> None:
        self.hub.stop()


def start_emulators(
    kinds: Sequence[str] = ("extractor", "reader"),
    *,
    seed: int = 0,
    scenario: str | Path | Iterable[Mapping[str, Any]] | None = None,
    baud: int = 19200,
    pace: bool = True,
    trickle: int = 0,
    tcp_port: int | None = None,
    boards: int = 1,
    extractor_model: ExtractorModel | None = None,
    reader_model: ReaderModel | None = None,
    silence_stop: float = 2.0,
) -> EmulatedHall:
    """Start the named emulators on ptys (or TCP ports from ``tcp_port`` up) and return them."""
    unknown = set(kinds) - set(KINDS)
    if unknown:
        raise ValueError(f"unknown device kinds: {sorted(unknown)}")
    hub = EmulatorHub()
    machine = BallMachine(seed)
    hall = EmulatedHall(hub, machine)
    common: dict[str, Any] = {"seed": seed, "baud": baud, "pace": pace, "trickle": trickle}
    common["silence_stop"] = silence_stop
    with hub.lock:
        for kind in KINDS:
            if kind not in kinds:
                continue
            device: EmulatedDevice
            if kind == "extractor":
                device = ExtractorEmulator(hub, machine, model=extractor_model, **common)
            elif kind == "reader":
                model = reader_model or ReaderModel()
                if "extractor" not in kinds:
                    model = replace(model, auto_feed=True)
                device = ReaderEmulator(hub, machine, model=model, **common)
            else:
                addresses = tuple(range(ADDR_BOARD_FIRST, ADDR_BOARD_FIRST + boards))
                device = BoardEmulator(hub, addresses=addresses, **common)
            if tcp_port is None:
                device.serve_pty()
            else:
                device.serve_tcp(tcp_port + len(hall.devices) if tcp_port else 0)
            hall.devices[kind] = device
    if scenario is not None:
        for scheduled in load_scenario(scenario):
            target = hall.devices.get(scheduled.target())
            if target is None:
                raise ValueError(f"scenario fault {scheduled.fault!r} for a device not running")
            target.load_scenario([scheduled])
    hub.start()
    return hall
