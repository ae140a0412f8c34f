from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.drivers.hallkit import Hall, open_hall


@pytest.fixture
def hall_factory() -> Iterator[Callable[..., Hall]]:
    """Open emulated halls (extractor + reader on ptys, real drivers); all closed afterwards."""
    halls: list[Hall] = []

    def make(*args: Any, **kwargs: Any) -> Hall:
        hall = open_hall(*args, **kwargs)
        halls.append(hall)
        return hall

    yield make
    for hall in halls:
        hall.close()


@pytest.fixture
def hall(hall_factory: Callable[..., Hall]) -> Hall:
    return hall_factory()
