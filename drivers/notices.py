"""The device notices the hall's screens are told (R-DEV-1), as codes with their parameters:
what crosses the wire and what the consoles word, never the drivers' class names, so renaming
a class changes no protocol. ``told`` reads a driver's notice (or the event it wraps); a
station rebuilds the same ``Told`` from the server's message (``from_wire``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from drivers.device import DeviceOffline, DeviceOnline, DeviceRestarted, EventsLost, FaultsChanged
from drivers.protocol import Fault

OFFLINE = "offline"
ONLINE = "online"
RESTARTED = "restarted"
FAULTS = "faults"
EVENTS_LOST = "events_lost"

#: Each notice a screen is told, by the driver's event type.
CODES: dict[type, str] = {
    DeviceOffline: OFFLINE,
    DeviceOnline: ONLINE,
    DeviceRestarted: RESTARTED,
    FaultsChanged: FAULTS,
    EventsLost: EVENTS_LOST,
}


@dataclass(frozen=True)
class Told:
    """A device notice as a code; ``faults``: the faults active now, with ``faults``."""

    code: str
    faults: Fault = Fault.NONE

    def wire(self) -> dict[str, Any]:
        """The notice's fields in a stream message (docs/api.md, "device")."""
        out: dict[str, Any] = {"notice": self.code}
        if self.code == FAULTS:
            out["faults"] = [f.name.lower() for f in Fault if f and f in self.faults and f.name]
        return out


def told(notice: Any) -> Told | None:
    """A driver's notice (or the event it wraps, or a ``Told``) as told; None for one not told."""
    if isinstance(notice, Told):
        return notice
    event = getattr(notice, "event", notice)
    code = CODES.get(type(event))
    if code is None:
        return None
    faults = event.faults if isinstance(event, FaultsChanged) else Fault.NONE
    return Told(code, Fault(int(faults)))


def from_wire(message: dict[str, Any]) -> Told | None:
    """The notice of a stream message; None for a code this station does not know."""
    code = message.get("notice")
    if code not in CODES.values():
        return None
    faults = Fault.NONE
    for name in message.get("faults") or ():
        member = Fault.__members__.get(str(name).upper())
        if member is not None:
            faults |= member
    return Told(str(code), faults)
