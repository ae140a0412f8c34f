"""The incident notes a device problem leaves in the hall's record (R-GAME-3, R-INC-2).

Both the unattended run (``app.devices``) and the console (``ui.console.draws``) write them, so
they live once, beside the device events they describe.
"""

from __future__ import annotations

from drivers.ballsource import BallHeld, DeviceLost


def hold_note(held: BallHeld, number: int) -> str:
    """The incident recorded with a held ball the jefe de mesa read (the acta shows why)."""
    return f"extracción {held.draw_number}: {held.message} La bola es el {number}."


def tube_note(lost: DeviceLost, number: int) -> str:
    """The incident recorded with the ball that was out of the drum when a device was lost."""
    return (
        f"extracción {lost.draw_number}: {lost.message} "
        f"El jefe de mesa lee la bola del tubo: es el {number}."
    )
