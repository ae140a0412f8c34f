"""The console of the jefe de mesa-cajero.

The window is imported when first asked for, so that the console's state (``ui.console.state``)
can be imported, and checked, without Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ui.console.window import BallSource, ConsoleDefaults, ConsoleWindow

__all__ = ["BallSource", "ConsoleDefaults", "ConsoleWindow"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from ui.console import window

        return getattr(window, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
