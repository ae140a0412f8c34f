"""Emulators byte for byte: request bytes in, exact reply bytes out, on a fake clock."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from drivers import protocol as p
from drivers.emulators import BallMachine, BoardEmulator, ExtractorEmulator, ReaderEmulator
from drivers.emulators.base import EmulatedDevice
from drivers.emulators.extractor import ExtractorModel
from drivers.emulators.hub import EmulatorHub
from drivers.emulators.reader import ReaderModel
from drivers.emulators.transport import Endpoint

pytestmark = pytest.mark.timeout(20)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Capture(Endpoint):
    def __init__(self, hub: EmulatorHub) -> None:
        super().__init__(hub, lambda data: None)
        self.out = bytearray()

    @property
    def url(self) -> str | None:
        return "capture"

    def write(self, data: bytes) -> None:
        self.out += data


class Bench:
    """A device on a hub that is never started: time moves only when the test says so."""

    def __init__(self, make: type[EmulatedDevice], **kwargs: Any) -> None:
        self.clock = Clock()
        self.hub = EmulatorHub(clock=self.clock)
        self.machine = BallMachine(7)
        args: dict[str, Any] = {"pace": False, **kwargs}
        self.device: Any
        if make is ExtractorEmulator:
            self.device = ExtractorEmulator(self.hub, self.machine, **args)
        elif make is ReaderEmulator:
            self.device = ReaderEmulator(self.hub, self.machine, **args)
        else:
            self.device = make(self.hub, **args)
        self.capture = Capture(self.hub)
        self.device.endpoint = self.capture
        self.seq = 0

    def advance(self, seconds: float) -> None:
        self.clock.now += seconds
        with self.hub.lock:
            self.hub._run_due()

    def send(self, frame: bytes | str) -> bytes:
        data = bytes.fromhex(frame) if isinstance(frame, str) else frame
        self.capture.out.clear()
        self.device._on_bytes(data)
        return bytes(self.capture.out)

    def ask(self, address: int, type_: int, payload: bytes = b"") -> p.Frame:
        self.seq = (self.seq + 1) & 0xFF
        out = p.decode_all(self.send(p.encode_frame(address, self.seq, type_, payload)))
        assert len(out) == 1, out
        assert out[0].seq == self.seq and out[0].address == address
        return out[0]

    def table(self, pairs: Sequence[tuple[str, str | None]]) -> None:
        for sent, received in pairs:
            got = self.send(sent)
            assert got == bytes.fromhex(received or ""), (sent, got.hex(" "))

    def close(self) -> None:
        self.hub.stop()


@pytest.fixture
def extractor() -> Iterator[Bench]:
    model = ExtractorModel(mixing_time=1.0, release_time=0.5, release_timeout=3.0)
    bench = Bench(ExtractorEmulator, model=model, seed=0)
    yield bench
    bench.close()


@pytest.fixture
def reader() -> Iterator[Bench]:
    bench = Bench(ReaderEmulator, model=ReaderModel(read_time=0.2, scan_time=0.01), seed=0)
    yield bench
    bench.close()


def test_extractor_answers_every_message_byte_for_byte(extractor: Bench) -> None:
    extractor.table(
        [
            ("02 00 01 00 01 27 11", "02 07 01 00 81 00 02 00 00 00 00 5A 8C 55"),  # power restored
            (
                "02 00 01 00 01 27 11",
                "02 07 01 00 81 00 02 00 00 00 00 5A 8C 55",
            ),  # a repeat: cache
            (
                "02 00 01 01 01 14 20",
                "02 07 01 01 81 00 00 00 00 00 00 5A EC 36",
            ),  # latched bit gone
            ("02 00 01 03 10 70 52", "02 00 01 03 90 E1 DA"),  # AIR_ON
            ("02 00 01 04 11 F9 E4", "02 00 01 04 91 68 6C"),  # AIR_OFF
            ("02 02 01 09 14 1E 32 7B A8", "02 00 01 09 94 4E 95"),  # CONFIG 3.0 s, 5.0 s
            ("02 01 01 05 12 0C 93 88", "02 00 01 05 92 6B 3E"),  # RELEASE 12
            ("02 00 01 06 13 BF C4", "02 01 01 06 7F 04 36 A6"),  # RETURN_ALL while releasing
        ]
    )


def test_extractor_reports_power_restored_once_after_a_reset() -> None:
    bench = Bench(ExtractorEmulator, seed=0)
    try:
        bench.device.power_cycle(0.0)
        bench.advance(0.01)
        first = p.Status.from_payload(bench.ask(1, p.MsgType.STATUS).payload)
        second = p.Status.from_payload(bench.ask(1, p.MsgType.STATUS).payload)
        assert first.faults == p.Fault.POWER_RESTORED and second.faults == p.Fault.NONE
        assert first.counter == second.counter == 0
    finally:
        bench.close()


def test_extractor_release_timing_and_event(extractor: Bench) -> None:
    extractor.ask(1, p.MsgType.STATUS)
    assert extractor.ask(1, p.MsgType.RELEASE, b"\x01").type == 0x92
    status = p.Status.from_payload(extractor.ask(1, p.MsgType.STATUS).payload)
    assert status.state == p.ExtractorState.RELEASING
    extractor.advance(1.4)  # mixing 1.0 s (the air was off) + release 0.5 s not yet over
    assert p.decode_events(extractor.ask(1, p.MsgType.EVENTS, b"\x00").payload) == []
    extractor.advance(0.2)
    events = p.decode_events(extractor.ask(1, p.MsgType.EVENTS, b"\x00").payload)
    assert events == [p.BallReleasedEvent(1, 1)]
    status = p.Status.from_payload(extractor.ask(1, p.MsgType.STATUS).payload)
    fields = p.ExtractorFields.from_bytes(status.fields)
    assert (status.state, fields) == (
        p.ExtractorState.BALL_IN_TUBE,
        p.ExtractorFields(True, True, 89),
    )
    assert status.counter == 1


@pytest.mark.parametrize(
    ("payload", "type_", "reason"),
    [
        (b"\x00", p.MsgType.RELEASE, p.NakReason.BAD_VALUE),
        (b"", p.MsgType.RELEASE, p.NakReason.BAD_LENGTH),
        (b"", p.MsgType.ARM, p.NakReason.UNKNOWN_COMMAND),
        (b"", 0x55, p.NakReason.UNKNOWN_COMMAND),
    ],
)
def test_extractor_refusals(extractor: Bench, payload: bytes, type_: int, reason: int) -> None:
    reply = extractor.ask(1, type_, payload)
    assert reply.is_nak and reply.payload == bytes((reason,))


def test_extractor_refuses_a_release_after_host_silence_until_polled(extractor: Bench) -> None:
    extractor.ask(1, p.MsgType.STATUS)
    extractor.advance(2.5)  # no frame for more than 2 s
    assert extractor.device.host_silent
    assert extractor.ask(1, p.MsgType.RELEASE, b"\x01").payload == bytes((p.NakReason.HOST_SILENT,))
    status = p.Status.from_payload(extractor.ask(1, p.MsgType.STATUS).payload)
    assert status.faults & p.Fault.HOST_SILENT
    assert extractor.ask(1, p.MsgType.RELEASE, b"\x01").type == 0x92


def test_extractor_no_air_jam_and_stuck_sensor(extractor: Bench) -> None:
    dev = extractor.device
    dev.inject("no_air")
    assert extractor.ask(1, p.MsgType.RELEASE, b"\x01").payload == bytes(
        (p.NakReason.FAULT_ACTIVE,)
    )
    dev.clear("no_air")
    events = p.decode_events(extractor.ask(1, p.MsgType.EVENTS, b"\x00").payload)
    assert events == [p.FaultRaisedEvent(1, 0), p.FaultClearedEvent(2, 0)]
    dev.inject("jam")
    assert extractor.ask(1, p.MsgType.RELEASE, b"\x01").type == 0x92
    extractor.advance(3.1)
    extractor.ask(1, p.MsgType.STATUS)  # polled again after the silence
    assert p.decode_events(extractor.ask(1, p.MsgType.EVENTS, b"\x02").payload) == [
        p.FaultRaisedEvent(3, p.FaultBit.JAM)
    ]
    assert len(extractor.machine.drum) == 90  # the jammed ball never left
    extractor.ask(1, p.MsgType.RETURN_ALL)
    dev.inject("stuck_tube_sensor")
    assert extractor.ask(1, p.MsgType.RELEASE, b"\x01").is_nak
    status = p.Status.from_payload(extractor.ask(1, p.MsgType.STATUS).payload)
    assert status.faults & p.Fault.TUBE_SENSOR and len(extractor.machine.drum) == 90


def test_reader_reads_the_ball_that_drops_into_the_tube(reader: Bench) -> None:
    assert reader.ask(2, p.MsgType.ARM, b"\x05").type == 0xA0
    reader.machine.release()
    ball = reader.machine.tube_ball()
    assert ball is not None
    reader.advance(0.25)
    (event,) = p.decode_events(reader.ask(2, p.MsgType.EVENTS, b"\x00").payload)
    assert isinstance(event, p.BallReadEvent)
    assert (event.draw_number, event.number, event.ball_id) == (5, ball.number, ball.ball_id)
    assert 90 <= event.confidence <= 100 and event.method == p.ReadMethod.OCR
    status = p.Status.from_payload(reader.ask(2, p.MsgType.STATUS).payload)
    assert status.state == p.ReaderState.IDLE
    assert p.ReaderFields.from_bytes(status.fields).last_confidence == event.confidence


def test_reader_reread_of_an_empty_tube_fails_with_no_ball(reader: Bench) -> None:
    reader.ask(2, p.MsgType.REREAD, b"\x03")
    reader.advance(0.25)
    assert p.decode_events(reader.ask(2, p.MsgType.EVENTS, b"\x00").payload) == [
        p.ReadFailedEvent(1, 3, p.ReadFailure.NO_BALL)
    ]


def test_reader_scan_pauses_while_eight_events_are_unacknowledged(reader: Bench) -> None:
    reader.ask(2, p.MsgType.SCAN_SET)
    reader.advance(0.01)
    for _ in range(20):
        reader.advance(0.011)
    assert reader.device.rings[2].total == 8  # waiting for the host
    seen: list[p.DeviceEvent] = []
    last = 0
    for _ in range(400):
        events = p.decode_events(reader.ask(2, p.MsgType.EVENTS, bytes((last,))).payload)
        seen += events
        if events:
            last = events[-1].counter
        if any(isinstance(e, p.ScanDoneEvent) for e in events):
            break
        reader.advance(0.011)
    numbers = sorted(e.number for e in seen if isinstance(e, p.BallScannedEvent))
    assert numbers == list(range(1, 91))
    assert seen[-1] == p.ScanDoneEvent(seen[-1].counter, 90)


def test_board_broadcast_show_and_hash() -> None:
    bench = Bench(BoardEmulator, addresses=(0x10, 0x11))
    try:
        show = "00 07 03 2D 00 08 00 00 01 10 00 00 00 00 00 00"
        bench.table(
            [
                (f"02 10 FF 20 30 {show} 54 1A", None),  # broadcast: no reply
                (f"02 10 10 21 30 {show} 3D 0D", "02 02 10 21 B0 41 EE 12 02"),
                ("02 00 10 22 01 33 C6", "02 06 10 22 81 01 02 00 00 41 EE E4 29"),
            ]
        )
        status = p.Status.from_payload(bench.ask(0x11, p.MsgType.STATUS).payload)
        assert p.BoardFields.from_bytes(status.fields).shown_hash == 0x41EE
        bench.device.inject("blank", address=0x11)
        status = p.Status.from_payload(bench.ask(0x11, p.MsgType.STATUS).payload)
        assert status.state == p.BoardState.BLANK and status.faults == p.Fault.POWER_RESTORED
    finally:
        bench.close()


def test_line_faults_shape_the_reply_bytes(extractor: Bench) -> None:
    good = extractor.send("02 00 01 30 01 22 84")
    dev = extractor.device
    dev.inject("crc_error")
    bad = extractor.send("02 00 01 31 01 11 B5")
    assert len(bad) == len(good) and p.decode_all(bad) == []
    dev.inject("missing_reply")
    assert extractor.send("02 00 01 32 01 44 E6") == b""
    dev.inject("repeated_frame")
    twice = extractor.send("02 00 01 33 01 77 D7")
    assert len(p.decode_all(twice)) == 2
    dev.inject("truncated")
    assert len(extractor.send("02 00 01 34 01 EE 40")) < len(good)
    dev.inject("busy", command="status")
    assert p.decode_all(extractor.send("02 00 01 35 01 DD 71"))[0].is_busy
    dev.inject("nak", reason="wrong_state", command="release")
    reply = p.decode_all(extractor.send(p.encode_frame(1, 0x36, 0x12, b"\x01")))[0]
    assert reply.is_nak and reply.payload == b"\x04"
