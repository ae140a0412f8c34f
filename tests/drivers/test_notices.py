"""Device notices cross the wire as codes with their parameters (R-DEV-1): never a driver's
class name, and a station gets the faults the server's device has, not an empty set.
"""

from __future__ import annotations

from drivers import notices
from drivers.device import DeviceOffline, DeviceOnline, EventsLost, FaultsChanged
from drivers.protocol import Fault


def test_each_notice_is_a_code_and_the_faults_go_with_it() -> None:
    faults = FaultsChanged(Fault.JAM | Fault.NO_AIR, Fault.JAM, Fault.NONE)
    told = notices.told(faults)
    assert told == notices.Told(notices.FAULTS, Fault.JAM | Fault.NO_AIR)
    message = {"v": 1, "type": "device", "device": "extractor", **told.wire()}
    assert message["notice"] == "faults" and sorted(message["faults"]) == ["jam", "no_air"]
    assert notices.from_wire(message) == told  # the station's alarm shows the same faults
    for event, code in ((DeviceOffline("cable"), "offline"), (DeviceOnline(True), "online"),
                        (EventsLost(), "events_lost")):  # fmt: skip
        said = notices.told(event)
        assert said is not None and said.wire() == {"notice": code}
        assert "Device" not in code and "Events" not in code


def test_a_code_a_station_does_not_know_is_not_shown() -> None:
    assert notices.from_wire({"notice": "DeviceOffline"}) is None
    assert notices.from_wire({"notice": "faults", "faults": ["jam", "melted"]}) == notices.Told(
        notices.FAULTS, Fault.JAM
    )
    assert notices.told(object()) is None
