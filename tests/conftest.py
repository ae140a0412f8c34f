"""Options for the whole suite."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("bingo-hall")
    group.addoption(
        "--device-port", default=None, help="serial port of a real device (opt-in tests)"
    )
    group.addoption("--device-baud", type=int, default=19200, help="baud rate of that device")


@pytest.fixture(autouse=True, scope="session")
def _private_user_data_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Keep the suite's databases, hall keys and the checkpoints signed with them out of the
    user's own data folder (one folder per test process; subprocesses inherit it).
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("datos-usuario")))
        yield
