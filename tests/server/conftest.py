"""Real hall servers and one shared headless chromium for the server's tests."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.kit import CHROMEDRIVER, CHROMIUM, Server, browser


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """Start servers on a SQLite file of this test; every one is stopped at the end."""
    started: list[Server] = []

    def start(**kwargs: Any) -> Server:
        server = Server(tmp_path / "hall.sqlite", **kwargs).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture(scope="session")
def chrome() -> Iterator[Any]:
    """One headless chromium for all the panel tests (starting one costs a second or two)."""
    if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()) and not shutil.which(
        "chromium"
    ):
        pytest.skip("chromium y chromium-driver no están instalados: bash scripts/system-deps.sh")
    driver = browser(1920, 1080)
    try:
        yield driver
    finally:
        driver.quit()
