"""Whether the hall PC's clock is kept in time (the edge that reads it): every time in the record
and the acta comes from that clock. systemd's ``timedatectl`` is asked first, then chrony's
``chronyc``; with neither (or neither answering) the state is unknown, which is said as unknown,
never as a fault.
"""

from __future__ import annotations

import shutil
import subprocess

#: A status command answers at once, or is taken as not answering.
ASK_SECONDS = 3.0


def _ask(*command: str) -> str | None:
    if shutil.which(command[0]) is None:
        return None
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=ASK_SECONDS, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def clock_synchronised() -> bool | None:
    """True when the system keeps its clock synchronised (NTP), False when it says it does not,
    None when it cannot be known here.
    """
    said = _ask("timedatectl", "show", "-p", "NTPSynchronized", "--value")
    if said is not None and said.strip() in ("yes", "no"):
        return said.strip() == "yes"
    said = _ask("chronyc", "tracking")
    if said is not None:
        for line in said.splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "Leap status":
                return value.strip() != "Not synchronised"
    return None


def clock_words(synchronised: bool | None) -> str:
    """The clock's line for the staff (``status``; the console shows its own words)."""
    if synchronised is None:
        return (
            "reloj del ordenador: no se sabe si está sincronizado (ni timedatectl ni chronyc "
            "responden aquí)"
        )
    if synchronised:
        return "reloj del ordenador: sincronizado (NTP)"
    return (
        "AVISO: el reloj de este ordenador NO está sincronizado: las horas del registro y del "
        "acta son las suyas; póngalo en hora y active su sincronización (timedatectl "
        "set-ntp true)"
    )
