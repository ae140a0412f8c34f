"""The faults an emulator can inject, and scenario files that schedule them.

A scenario is a list of ``{at_draw: n, fault: name, ...parameters}``; the fault fires when the
device receives the command for draw ``n`` (RELEASE on the extractor, ARM on the reader, SHOW with
that many extractions on a board), or ``after`` seconds later. ``device`` says which emulator
gets it when several run together; the fault's own family decides otherwise (line faults go to
the extractor). As JSON::

    [{"at_draw": 3, "fault": "crc_error", "count": 2},
     {"at_draw": 5, "fault": "misread", "number": 96}]

or TOML::

    [[faults]]
    at_draw = 3
    fault = "jam"
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True, slots=True)
class FaultSpec:
    name: str
    family: str  # "line" (any device), "extractor", "reader", "board"
    doc: str


FAULTS: Mapping[str, FaultSpec] = {
    f.name: f
    for f in (
        # the line and the device's power
        FaultSpec("disconnect", "line", "port gone for `duration` s (mode unplug or cable)"),
        FaultSpec("power_cycle", "line", "off for `duration` s, then restarts (counter 0)"),
        FaultSpec("garbage", "line", "`length` random bytes on the line"),
        FaultSpec("crc_error", "line", "next `count` replies with a wrong CRC"),
        FaultSpec("truncated", "line", "next `count` replies cut short"),
        FaultSpec("split", "line", "next `count` replies written in `pieces` with `gap` s"),
        FaultSpec("silence_burst", "line", "replies held `duration` s, then sent at once"),
        FaultSpec("missing_reply", "line", "next `count` replies never sent"),
        FaultSpec("late_reply", "line", "next `count` replies `delay` s late"),
        FaultSpec("repeated_frame", "line", "next `count` replies sent twice"),
        FaultSpec("busy", "line", "next `count` commands answered BUSY"),
        FaultSpec("nak", "line", "next `count` commands refused with NAK `reason`"),
        # the extractor
        FaultSpec("no_air", "extractor", "no air pressure (fault bit 0) until cleared"),
        FaultSpec("jam", "extractor", "next release never reaches the tube (bit 1)"),
        FaultSpec("double_feed", "extractor", "next release drops two balls (bit 2)"),
        FaultSpec("stuck_tube_sensor", "extractor", "tube sensor always occupied (bit 3)"),
        FaultSpec("fault_bit_naks", "extractor", "refuses with the fault's bit number, not NAK 05"),
        # the reader and the ball set
        FaultSpec("released_not_read", "reader", "reader misses the ball (and `rereads`)"),
        FaultSpec("duplicate_read", "reader", "reading reported twice (`conflicting`, `gap`)"),
        FaultSpec("out_of_range", "reader", "reports `number` (default 91)"),
        FaultSpec("misread", "reader", "reports `number` instead of the ball's"),
        FaultSpec("unreadable", "reader", "READ_FAILED unreadable for this draw"),
        FaultSpec("stale_read", "reader", "reports the previous ball again"),
        FaultSpec("low_confidence", "reader", "reports `confidence` (default 40)"),
        FaultSpec("wrong_draw", "reader", "reports the reading under draw number `draw`"),
        FaultSpec("reader_optics", "reader", "optics fault (bit 6) until cleared"),
        FaultSpec("early_read", "reader", "reports a reading when armed, before the release"),
        FaultSpec("replay_events", "reader", "answers the next EVENTS with an old reply (`draw`)"),
        FaultSpec("missing_ball", "reader", "ball `number` missing from the set"),
        FaultSpec("duplicate_ball", "reader", "a second ball `number` instead of `instead_of`"),
        # the boards
        FaultSpec("blank", "board", "board `address` reboots and shows nothing"),
        FaultSpec("miss_broadcast", "board", "board `address` misses the next broadcast"),
    )
}


@dataclass(frozen=True, slots=True)
class ScheduledFault:
    at_draw: int
    fault: str
    device: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)

    def target(self) -> str:
        if self.device:
            return self.device
        family = FAULTS[self.fault].family
        return "extractor" if family == "line" else family


def parse_scenario(entries: Iterable[Mapping[str, Any]]) -> list[ScheduledFault]:
    out = []
    for i, entry in enumerate(entries):
        data = dict(entry)
        try:
            at_draw = int(data.pop("at_draw"))
            fault = str(data.pop("fault"))
        except KeyError as exc:
            raise ValueError(f"scenario entry {i}: missing {exc}") from None
        if fault not in FAULTS:
            raise ValueError(f"scenario entry {i}: unknown fault {fault!r}")
        device = data.pop("device", None)
        out.append(ScheduledFault(at_draw, fault, str(device) if device else None, data))
    return out


def load_scenario(source: str | Path | Iterable[Mapping[str, Any]]) -> list[ScheduledFault]:
    """A scenario from a JSON or TOML file, or from a list of dicts."""
    if not isinstance(source, str | Path):
        return parse_scenario(source)
    path = Path(source)
    text = path.read_text(encoding="utf-8")
    data: Any
    data = tomllib.loads(text) if path.suffix.lower() == ".toml" else json.loads(text)
    if isinstance(data, Mapping):
        data = data.get("faults", [])
    if not isinstance(data, list):
        raise ValueError(f"{path}: a scenario is a list of faults")
    return parse_scenario(data)
