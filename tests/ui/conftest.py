"""Fixtures of the UI tests (pytest-qt, offscreen): a real hall service on the in-memory log,
a bridge attached to it, and a check that fails any test leaving a top-level window behind."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator

import pytest

pytest.importorskip("PySide6")

import PySide6
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication, QWidget

from tests.ui.kit import Kit, make_hall
from ui.bridge import Bridge

# PySide6 6.12.0 loses a reference to None on every call of a method returning void; before
# Python 3.12 (None immortal) the interpreter aborts after a few thousand calls.
BROKEN_PYSIDE = PySide6.__version__ == "6.12.0" and sys.version_info < (3, 12)


@pytest.fixture(autouse=True)
def _usable_pyside() -> None:
    if BROKEN_PYSIDE:
        pytest.fail(
            "PySide6 6.12.0 aborts Python 3.11 (None refcount): install PySide6-Essentials<6.12",
            pytrace=False,
        )


def leaked_windows(before: set[int]) -> list[QWidget]:
    """Top-level widgets still shown that did not exist before the test."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    app.processEvents()
    return [w for w in QApplication.topLevelWidgets() if id(w) not in before and w.isVisible()]


@pytest.fixture(autouse=True)
def no_leaked_windows(qapp: QApplication) -> Iterator[None]:
    """Fail a test that leaves a visible top-level window (napari's check).

    Set up before ``qtbot`` (autouse fixtures come first), so it runs after qtbot has closed
    the widgets it was given.
    """
    before = {id(w) for w in QApplication.topLevelWidgets()}
    yield
    leaked = leaked_windows(before)
    for widget in leaked:
        widget.close()
        widget.deleteLater()
    if leaked:
        names = ", ".join(f"{type(w).__name__}({w.objectName()!r})" for w in leaked)
        pytest.fail(f"the test left top-level windows open: {names}", pytrace=False)


@pytest.fixture
def kit() -> Kit:
    return make_hall(prima_cents=20000)


@pytest.fixture
def new_kit() -> Callable[..., Kit]:
    return make_hall


@pytest.fixture
def bridge(qapp: QApplication, kit: Kit) -> Iterator[Bridge]:
    b = Bridge()
    b.attach(kit.svc)
    yield b
    b.close(wait=True)


@pytest.fixture
def bridges() -> Iterator[list[Bridge]]:
    """Bridges made by ``open_console``, closed after the test."""
    made: list[Bridge] = []
    yield made
    for b in made:
        b.close()
