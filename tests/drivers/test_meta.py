"""Every driver has an emulator and a protocol test; every fault is exercised by a test."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest

import drivers
from drivers.device import DeviceDriver
from drivers.emulators import EMULATORS, FAULTS

pytestmark = pytest.mark.timeout(20)

HERE = Path(__file__).parent


def driver_classes() -> dict[str, type[DeviceDriver]]:
    found = {}
    for module_info in pkgutil.iter_modules(drivers.__path__):
        module = importlib.import_module(f"drivers.{module_info.name}")
        for _, cls in inspect.getmembers(module, inspect.isclass):
            ours = cls.__module__ == module.__name__
            if ours and issubclass(cls, DeviceDriver) and cls is not DeviceDriver:
                found[module_info.name] = cls
    return found


def test_the_drivers_are_the_three_device_families() -> None:
    assert {name: cls.__name__ for name, cls in driver_classes().items()} == {
        "extractor": "ExtractorDriver",
        "reader": "ReaderDriver",
        "board": "HallBoardDriver",
    }


def test_every_driver_has_an_emulator_speaking_at_its_addresses() -> None:
    for name, cls in driver_classes().items():
        emulator = EMULATORS[cls.KIND]
        assert emulator.KIND == cls.KIND
        assert emulator.__module__ == f"drivers.emulators.{name}"
        assert set(cls.DEFAULT_ADDRESSES) <= set(emulator.DEFAULT_ADDRESSES)


def test_every_driver_has_a_byte_table_protocol_test() -> None:
    for name, cls in driver_classes().items():
        test = HERE / f"test_{name}_protocol.py"
        assert test.exists(), f"{cls.__name__} has no {test.name}"
        source = test.read_text()
        assert cls.__name__ in source and "expected_protocol(" in source


def test_every_fault_an_emulator_offers_is_exercised_by_a_test() -> None:
    sources = "\n".join(
        path.read_text() for path in HERE.glob("test_*.py") if path.name != Path(__file__).name
    )
    used = set(re.findall(r"""["']([a-z_]+)["']""", sources))
    assert set(FAULTS) - used == set()
