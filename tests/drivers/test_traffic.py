"""Every byte in and out is logged with a timestamp, and the log replays into the same frames."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from drivers import protocol as p
from drivers.traffic import NOTE, RX, TX, TrafficLog, main, read_log, replay
from tests.drivers.hallkit import Hall

pytestmark = pytest.mark.timeout(30)


def test_a_logged_session_replays_into_the_frames_the_link_saw(
    tmp_path: Path, hall_factory: Callable[..., Hall]
) -> None:
    scenario = [
        {"at_draw": 2, "fault": "garbage", "length": 40},
        {"at_draw": 2, "fault": "split", "pieces": 3},
        {"at_draw": 3, "fault": "crc_error"},
    ]
    hall = hall_factory(traffic_dir=tmp_path, scenario=scenario)
    hall.play(3)
    heard = [n.event for n in hall.notices if isinstance(n.event, p.BallReadEvent)]
    link = hall.session.extractor.link
    hall.close()
    log = tmp_path / "extractor.log"
    rx = replay(log, RX)
    assert len(rx) == link.frames_received and all(f.is_reply for f in rx)
    assert replay(log, TX) == [r.frame for r in hall.extractor.received]
    reads = [
        e
        for f in replay(tmp_path / "reader.log", RX)
        if f.type == 0x82
        for e in p.decode_events(f.payload)
        if isinstance(e, p.BallReadEvent)
    ]
    assert reads == heard
    entries = list(read_log(log))
    assert entries[0].direction == NOTE and entries[0].note.startswith("open")
    times = [e.t for e in entries]
    assert times == sorted(times)
    assert {e.direction for e in entries} == {TX, RX, NOTE}


def test_the_log_format_and_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = iter([1.0, 1.001, 1.2, 1.5])
    log = TrafficLog(tmp_path / "line.log", clock=lambda: next(clock))
    log.tx(bytes.fromhex("02 00 01 00 01 27 11"))
    log.rx(bytes.fromhex("02 07 01 00 81 00 00"))  # a reply cut in two chunks
    log.rx(bytes.fromhex("00 00 00 00 5A 07 15"))
    log.note("lost: read failed")
    log.close()
    lines = (tmp_path / "line.log").read_text().splitlines()
    assert lines[0].split(" ", 2)[1:] == ["1.000000", "TX 02 00 01 00 01 27 11"]
    assert lines[3].endswith("-- lost: read failed")
    # the second chunk came 199 ms after the first: the live link had expired the partial frame
    assert replay(tmp_path / "line.log", RX) == []
    assert main([str(tmp_path / "line.log")]) == 0
    out = capsys.readouterr().out
    assert "host -> device: 1 frames" in out and "STATUS addr=0x01 seq=0" in out
