"""The console of the jefe de mesa-cajero."""

from ui.console.window import BallSource, ConsoleDefaults, ConsoleWindow

__all__ = ["BallSource", "ConsoleDefaults", "ConsoleWindow"]
