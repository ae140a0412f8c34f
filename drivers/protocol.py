"""BHD/1, the hall devices' serial protocol: a sans-I/O codec shared by drivers and emulators.

Nothing here touches a port, a thread or a clock. ``encode_frame`` builds the bytes of one frame;
``Decoder`` turns any stream of bytes (split anywhere, with garbage anywhere) back into frames,
resynchronising on STX and accepting only frames whose CRC matches. The command and event tables
are data (``COMMANDS``, ``EVENTS``); typed messages encode and decode their own payloads; a NAK
reason becomes a typed exception (``NakError`` subclasses). ``docs/protocol.md`` documents every
byte with example frames.
"""

from __future__ import annotations

import binascii
import struct
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import IntEnum, IntFlag
from typing import ClassVar

STX = 0x02
MAX_PAYLOAD = 200
OVERHEAD = 7  # STX LEN ADDR SEQ TYPE ... CRC_HI CRC_LO
MAX_FRAME = MAX_PAYLOAD + OVERHEAD

ADDR_EXTRACTOR = 0x01
ADDR_READER = 0x02
ADDR_BOARD_FIRST = 0x10
ADDR_BOARD_LAST = 0x1F
ADDR_BROADCAST = 0xFF

ACK_BIT = 0x80
EVENT_RING_SIZE = 8
BALLS = 90
BITMAP_BYTES = 12


def crc16(data: bytes) -> int:
    """CRC-16/XMODEM (poly 0x1021, init 0): the frame check of BHD/1."""
    return binascii.crc_hqx(data, 0)


class MsgType(IntEnum):
    STATUS = 0x01
    EVENTS = 0x02
    IDENTIFY = 0x03
    AIR_ON = 0x10
    AIR_OFF = 0x11
    RELEASE = 0x12
    RETURN_ALL = 0x13
    CONFIG = 0x14
    ARM = 0x20
    DISARM = 0x21
    REREAD = 0x22
    SCAN_SET = 0x23
    SHOW = 0x30
    BUSY = 0x7E
    NAK = 0x7F


class DeviceKind(IntEnum):
    EXTRACTOR = 1
    READER = 2
    BOARD = 3


class NakReason(IntEnum):
    """The one reason byte of a NAK (BHD/1 leaves the values to us: see docs/protocol.md)."""

    UNKNOWN_COMMAND = 0x01
    BAD_LENGTH = 0x02
    BAD_VALUE = 0x03
    WRONG_STATE = 0x04
    FAULT_ACTIVE = 0x05
    HOST_SILENT = 0x06


class FaultBit(IntEnum):
    NO_AIR = 0
    JAM = 1
    DOUBLE_FEED = 2
    TUBE_SENSOR = 3
    DOOR_OPEN = 4
    SET_INCOMPLETE = 5
    READER_OPTICS = 6
    HOST_SILENT = 7
    EVENTS_LOST = 8
    POWER_RESTORED = 9


class Fault(IntFlag):
    NONE = 0
    NO_AIR = 1 << FaultBit.NO_AIR
    JAM = 1 << FaultBit.JAM
    DOUBLE_FEED = 1 << FaultBit.DOUBLE_FEED
    TUBE_SENSOR = 1 << FaultBit.TUBE_SENSOR
    DOOR_OPEN = 1 << FaultBit.DOOR_OPEN
    SET_INCOMPLETE = 1 << FaultBit.SET_INCOMPLETE
    READER_OPTICS = 1 << FaultBit.READER_OPTICS
    HOST_SILENT = 1 << FaultBit.HOST_SILENT
    EVENTS_LOST = 1 << FaultBit.EVENTS_LOST
    POWER_RESTORED = 1 << FaultBit.POWER_RESTORED


# Latched notices: reported in one STATUS reply, then cleared by the device.
LATCHED_FAULTS = Fault.HOST_SILENT | Fault.EVENTS_LOST | Fault.POWER_RESTORED
# Faults that stop an extractor from releasing a ball.
BLOCKING_FAULTS = Fault.NO_AIR | Fault.JAM | Fault.DOUBLE_FEED | Fault.TUBE_SENSOR | Fault.DOOR_OPEN


class EventKind(IntEnum):
    BALL_RELEASED = 0x01
    BALL_READ = 0x02
    READ_FAILED = 0x03
    FAULT_RAISED = 0x04
    FAULT_CLEARED = 0x05
    BALL_SCANNED = 0x06
    SCAN_DONE = 0x07


class ReadMethod(IntEnum):
    OCR = 1
    RFID = 2
    BARCODE = 3


class ReadFailure(IntEnum):
    """Reason byte of READ_FAILED (ours to define)."""

    NO_BALL = 1
    UNREADABLE = 2
    OPTICS = 3


class ExtractorState(IntEnum):
    IDLE = 0
    MIXING = 1
    RELEASING = 2
    BALL_IN_TUBE = 3
    FAULT = 4


class ReaderState(IntEnum):
    IDLE = 0
    ARMED = 1
    READING = 2
    FAULT = 4


class BoardState(IntEnum):
    BLANK = 0
    SHOWING = 1
    FAULT = 4


# --------------------------------------------------------------------------- exceptions


class ProtocolError(Exception):
    """Something a device said, or did not say, that breaks BHD/1."""


class BadReply(ProtocolError):
    """A reply of the wrong type or length for the command sent."""


class NakError(ProtocolError):
    """The device refused the command (NAK); it did not act on it."""

    reason: ClassVar[NakReason | None] = None

    def __init__(self, command: int, code: int | None = None, faults: Fault | None = None) -> None:
        self.command = command
        self.code = code if code is not None else int(self.reason or 0)
        # the refusing faults the device's STATUS showed (``refusal``), if any
        self.faults = faults if faults is not None else Fault.NONE
        what = self.reason.name.lower() if self.reason else f"reason 0x{self.code:02X}"
        if self.faults:
            names = "+".join((f.name or "?").lower() for f in Fault if f & self.faults)
            what += f" ({names}; reason byte 0x{self.code:02X})"
        super().__init__(f"{type_name(command)} refused: {what}")


class UnknownCommand(NakError):
    reason = NakReason.UNKNOWN_COMMAND


class BadLength(NakError):
    reason = NakReason.BAD_LENGTH


class BadValue(NakError):
    reason = NakReason.BAD_VALUE


class WrongState(NakError):
    reason = NakReason.WRONG_STATE


class FaultActive(NakError):
    reason = NakReason.FAULT_ACTIVE


class HostSilent(NakError):
    reason = NakReason.HOST_SILENT


class UnknownNak(NakError):
    """A NAK whose reason byte this host does not know (``code`` holds it)."""


NAK_ERRORS: Mapping[int, type[NakError]] = {
    int(cls.reason or 0): cls
    for cls in (UnknownCommand, BadLength, BadValue, WrongState, FaultActive, HostSilent)
}


def nak_error(command: int, payload: bytes) -> NakError:
    """The typed exception for a NAK reply's payload."""
    code = payload[0] if len(payload) == 1 else 0
    cls = NAK_ERRORS.get(code, UnknownNak)
    return cls(command, code)


# Faults that make a device refuse commands: the extractor's blocking ones, the reader's optics.
REFUSING_FAULTS = BLOCKING_FAULTS | Fault.READER_OPTICS


def refusal(nak: NakError, faults: Fault) -> NakError:
    """What a NAK means given the faults the device's STATUS shows just after it.

    BHD/1 fixes the fault bits but leaves the NAK's reason byte to each implementation (our
    values are docs/protocol.md's decision): a device that follows only BHD/1 may refuse a
    RELEASE while jammed with, say, the fault's bit number (01 — our UNKNOWN_COMMAND). So a
    NAK while a refusing fault is active is that fault's refusal (``FaultActive`` naming it,
    the byte kept in ``code``); otherwise the byte is read with our table.
    """
    active = faults & REFUSING_FAULTS
    if not active:
        return nak
    return FaultActive(nak.command, nak.code, active)


# --------------------------------------------------------------------------- frames


@dataclass(frozen=True, slots=True)
class Frame:
    address: int
    seq: int
    type: int
    payload: bytes = b""

    def encode(self) -> bytes:
        return encode_frame(self.address, self.seq, self.type, self.payload)

    @property
    def is_ack(self) -> bool:
        return bool(self.type & ACK_BIT)

    @property
    def is_nak(self) -> bool:
        return self.type == MsgType.NAK

    @property
    def is_busy(self) -> bool:
        return self.type == MsgType.BUSY

    @property
    def is_reply(self) -> bool:
        return self.is_ack or self.is_nak or self.is_busy

    def __str__(self) -> str:
        return (
            f"{type_name(self.type)} addr=0x{self.address:02X} seq={self.seq}"
            f" payload={self.payload.hex(' ') or '-'}"
        )


def encode_frame(address: int, seq: int, type_: int, payload: bytes = b"") -> bytes:
    """The bytes of one frame: STX LEN ADDR SEQ TYPE PAYLOAD CRC_HI CRC_LO."""
    if not 0 <= len(payload) <= MAX_PAYLOAD:
        raise ValueError(f"payload of {len(payload)} bytes (0..{MAX_PAYLOAD})")
    for name, value in (("address", address), ("seq", seq), ("type", type_)):
        if not 0 <= value <= 0xFF:
            raise ValueError(f"{name} {value} is not a byte")
    body = bytes((len(payload), address, seq, type_)) + payload
    return bytes((STX,)) + body + crc16(body).to_bytes(2, "big")


class Decoder:
    """Incremental frame decoder: bytes in, CRC-checked frames out.

    It scans for STX, reads LEN, waits for the whole frame and checks the CRC. A LEN over 200 or
    a CRC mismatch drops only that STX byte and scans again from the next byte, so a frame hidden
    behind garbage or behind a truncated frame is still found. ``expire`` is called by the link
    when the line has gone quiet with a partial frame buffered: that STX is dropped the same way
    (a garbage STX with a large LEN would otherwise hold back the frames that follow it).
    ``discarded`` counts every byte that was not part of a valid frame; ``crc_errors`` counts
    rejected candidate frames.
    """

    def __init__(self) -> None:
        self._buf = bytearray()
        self.discarded = 0
        self.crc_errors = 0
        self.frames = 0

    @property
    def pending(self) -> int:
        """Bytes buffered towards a frame not yet complete."""
        return len(self._buf)

    def feed(self, data: bytes) -> list[Frame]:
        self._buf += data
        return self._scan()

    def expire(self) -> list[Frame]:
        """The line went quiet: give up the partial frame at the head of the buffer."""
        if not self._buf:
            return []
        del self._buf[0]
        self.discarded += 1
        return self._scan()

    def flush(self) -> list[Frame]:
        """Expire until nothing is pending (end of a stream: replay, tests)."""
        out: list[Frame] = []
        while self._buf:
            out += self.expire()
        return out

    def reset(self) -> None:
        self.discarded += len(self._buf)
        self._buf.clear()

    def _scan(self) -> list[Frame]:
        out: list[Frame] = []
        buf = self._buf
        while buf:
            start = buf.find(STX)
            if start < 0:
                self.discarded += len(buf)
                buf.clear()
                break
            if start:
                self.discarded += start
                del buf[:start]
            if len(buf) < 2:
                break
            length = buf[1]
            if length > MAX_PAYLOAD:
                self.discarded += 1
                del buf[0]
                continue
            total = length + OVERHEAD
            if len(buf) < total:
                break
            body = bytes(buf[1 : total - 2])
            if crc16(body) != (buf[total - 2] << 8 | buf[total - 1]):
                self.crc_errors += 1
                self.discarded += 1
                del buf[0]
                continue
            out.append(Frame(body[1], body[2], body[3], body[4:]))
            self.frames += 1
            del buf[:total]
        return out


def decode_all(data: bytes) -> list[Frame]:
    """Every valid frame in a finished byte stream."""
    decoder = Decoder()
    return decoder.feed(data) + decoder.flush()


# --------------------------------------------------------------------------- command table


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """One row of the command table: what the host sends and what the ACK carries.

    ``request`` and ``reply`` are ``struct`` formats, or ``None`` for a variable payload that a
    typed message decodes (STATUS, EVENTS, IDENTIFY).
    """

    type: MsgType
    kinds: frozenset[DeviceKind]
    request: str
    reply: str | None
    doc: str

    @property
    def request_size(self) -> int:
        return struct.calcsize(self.request)


_ALL = frozenset(DeviceKind)
_EXT = frozenset({DeviceKind.EXTRACTOR})
_RDR = frozenset({DeviceKind.READER})
_BRD = frozenset({DeviceKind.BOARD})

COMMANDS: Mapping[int, CommandSpec] = {
    spec.type: spec
    for spec in (
        CommandSpec(MsgType.STATUS, _ALL, "", None, "state, faults, event counter, fields"),
        CommandSpec(MsgType.EVENTS, _ALL, ">B", None, "events after the counter given"),
        CommandSpec(MsgType.IDENTIFY, _ALL, "", None, "kind and maker;model;serial;fw;homol."),
        CommandSpec(MsgType.AIR_ON, _EXT, "", "", "start mixing"),
        CommandSpec(MsgType.AIR_OFF, _EXT, "", "", "stop mixing"),
        CommandSpec(MsgType.RELEASE, _EXT, ">B", "", "release one ball for a draw number"),
        CommandSpec(MsgType.RETURN_ALL, _EXT, "", "", "return every ball to the drum"),
        CommandSpec(MsgType.CONFIG, _EXT, ">BB", "", "mixing time, release timeout (100 ms)"),
        CommandSpec(MsgType.ARM, _RDR, ">B", "", "read the next ball as that draw number"),
        CommandSpec(MsgType.DISARM, _RDR, "", "", "stop waiting for a ball"),
        CommandSpec(MsgType.REREAD, _RDR, ">B", "", "read the ball in the tube again"),
        CommandSpec(MsgType.SCAN_SET, _RDR, "", "", "read every ball of the set"),
        CommandSpec(MsgType.SHOW, _BRD, ">HBB12s", ">H", "full hall state; reply: shown hash"),
    )
}


def command_spec(type_: int) -> CommandSpec | None:
    return COMMANDS.get(type_)


def type_name(type_: int) -> str:
    base = type_ & ~ACK_BIT if type_ & ACK_BIT else type_
    try:
        name = MsgType(base).name
    except ValueError:
        name = f"0x{base:02X}"
    return f"{name}-ACK" if type_ & ACK_BIT else name


def check_reply(command: int, reply: Frame) -> Frame:
    """Raise the typed error a reply stands for, or return it if it is the ACK expected."""
    if reply.is_nak:
        raise nak_error(command, reply.payload)
    if reply.type != command | ACK_BIT:
        raise BadReply(f"{type_name(command)} answered by {type_name(reply.type)}")
    spec = COMMANDS.get(command)
    if spec is not None and spec.reply is not None:
        size = struct.calcsize(spec.reply)
        if len(reply.payload) != size:
            raise BadReply(
                f"{type_name(command)} reply of {len(reply.payload)} bytes, expected {size}"
            )
    return reply


# --------------------------------------------------------------------------- typed messages


def _u8(value: int, name: str) -> int:
    if not 0 <= value <= 0xFF:
        raise ValueError(f"{name} {value} is not a byte")
    return value


@dataclass(frozen=True, slots=True)
class Status:
    """The common part of a STATUS reply plus the device fields still encoded."""

    state: int
    faults: Fault
    counter: int
    fields: bytes = b""

    def to_payload(self) -> bytes:
        return struct.pack(">BHB", self.state, int(self.faults), self.counter) + self.fields

    @classmethod
    def from_payload(cls, payload: bytes) -> Status:
        if len(payload) < 4:
            raise BadReply(f"STATUS reply of {len(payload)} bytes, at least 4 expected")
        state, faults, counter = struct.unpack_from(">BHB", payload)
        return cls(state, Fault(faults), counter, bytes(payload[4:]))


@dataclass(frozen=True, slots=True)
class ExtractorFields:
    air: bool
    ball_in_tube: bool
    balls_in_drum: int

    def to_bytes(self) -> bytes:
        return bytes((int(self.air), int(self.ball_in_tube), _u8(self.balls_in_drum, "drum")))

    @classmethod
    def from_bytes(cls, data: bytes) -> ExtractorFields:
        if len(data) != 3:
            raise BadReply(f"extractor fields of {len(data)} bytes, expected 3")
        return cls(bool(data[0]), bool(data[1]), data[2])


@dataclass(frozen=True, slots=True)
class ReaderFields:
    last_confidence: int

    def to_bytes(self) -> bytes:
        return bytes((_u8(self.last_confidence, "confidence"),))

    @classmethod
    def from_bytes(cls, data: bytes) -> ReaderFields:
        if len(data) != 1:
            raise BadReply(f"reader fields of {len(data)} bytes, expected 1")
        return cls(data[0])


@dataclass(frozen=True, slots=True)
class BoardFields:
    shown_hash: int

    def to_bytes(self) -> bytes:
        return self.shown_hash.to_bytes(2, "big")

    @classmethod
    def from_bytes(cls, data: bytes) -> BoardFields:
        if len(data) != 2:
            raise BadReply(f"board fields of {len(data)} bytes, expected 2")
        return cls(int.from_bytes(data, "big"))


@dataclass(frozen=True, slots=True)
class Identity:
    kind: DeviceKind
    maker: str
    model: str
    serial: str
    firmware: str
    homologation: str

    def to_payload(self) -> bytes:
        text = ";".join((self.maker, self.model, self.serial, self.firmware, self.homologation))
        return bytes((self.kind,)) + text.encode("utf-8")

    @classmethod
    def from_payload(cls, payload: bytes) -> Identity:
        if not payload:
            raise BadReply("empty IDENTIFY reply")
        try:
            kind = DeviceKind(payload[0])
            parts = payload[1:].decode("utf-8").split(";")
        except (ValueError, UnicodeDecodeError) as exc:
            raise BadReply(f"bad IDENTIFY reply: {exc}") from exc
        parts += [""] * (5 - len(parts))
        return cls(kind, *parts[:5])


@dataclass(frozen=True, slots=True)
class ShowState:
    """What a hall board shows: the SHOW payload (idempotent, full state)."""

    partida: int
    extractions: int
    last_ball: int  # 0: none yet
    drawn: frozenset[int]

    def to_payload(self) -> bytes:
        bitmap = 0
        for n in self.drawn:
            if not 1 <= n <= BITMAP_BYTES * 8:
                raise ValueError(f"ball {n} does not fit the drawn bitmap")
            bitmap |= 1 << (n - 1)
        if not 0 <= self.partida <= 0xFFFF:
            raise ValueError(f"partida {self.partida} does not fit two bytes")
        return struct.pack(
            ">HBB12s",
            self.partida,
            _u8(self.extractions, "extractions"),
            _u8(self.last_ball, "last ball"),
            bitmap.to_bytes(BITMAP_BYTES, "little"),
        )

    @classmethod
    def from_payload(cls, payload: bytes) -> ShowState:
        if len(payload) != struct.calcsize(">HBB12s"):
            raise BadReply(f"SHOW payload of {len(payload)} bytes, expected 16")
        partida, extractions, last, raw = struct.unpack(">HBB12s", payload)
        bitmap = int.from_bytes(raw, "little")
        drawn = frozenset(n for n in range(1, BITMAP_BYTES * 8 + 1) if bitmap >> (n - 1) & 1)
        return cls(partida, extractions, last, drawn)

    @property
    def hash(self) -> int:
        """What a board answers when showing this state: CRC-16/XMODEM of the SHOW payload."""
        return crc16(self.to_payload())


# --------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class DeviceEvent:
    counter: int

    kind: ClassVar[int] = 0

    def data(self) -> bytes:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class BallReleasedEvent(DeviceEvent):
    draw_number: int
    kind: ClassVar[int] = EventKind.BALL_RELEASED

    def data(self) -> bytes:
        return bytes((self.draw_number,))


@dataclass(frozen=True, slots=True)
class BallReadEvent(DeviceEvent):
    draw_number: int
    number: int
    confidence: int
    method: int
    ball_id: bytes
    kind: ClassVar[int] = EventKind.BALL_READ

    def data(self) -> bytes:
        return bytes((self.draw_number, self.number, self.confidence, self.method)) + self.ball_id


@dataclass(frozen=True, slots=True)
class ReadFailedEvent(DeviceEvent):
    draw_number: int
    reason: int
    kind: ClassVar[int] = EventKind.READ_FAILED

    def data(self) -> bytes:
        return bytes((self.draw_number, self.reason))


@dataclass(frozen=True, slots=True)
class FaultRaisedEvent(DeviceEvent):
    bit: int
    kind: ClassVar[int] = EventKind.FAULT_RAISED

    def data(self) -> bytes:
        return bytes((self.bit,))


@dataclass(frozen=True, slots=True)
class FaultClearedEvent(DeviceEvent):
    bit: int
    kind: ClassVar[int] = EventKind.FAULT_CLEARED

    def data(self) -> bytes:
        return bytes((self.bit,))


@dataclass(frozen=True, slots=True)
class BallScannedEvent(DeviceEvent):
    number: int
    ball_id: bytes
    kind: ClassVar[int] = EventKind.BALL_SCANNED

    def data(self) -> bytes:
        return bytes((self.number,)) + self.ball_id


@dataclass(frozen=True, slots=True)
class ScanDoneEvent(DeviceEvent):
    count: int
    kind: ClassVar[int] = EventKind.SCAN_DONE

    def data(self) -> bytes:
        return bytes((self.count,))


@dataclass(frozen=True, slots=True)
class UnknownEvent(DeviceEvent):
    """An event kind this host does not know (maker-specific): kept, never dropped."""

    event_kind: int
    raw: bytes

    def data(self) -> bytes:
        return self.raw


@dataclass(frozen=True, slots=True)
class EventSpec:
    kind: EventKind
    fmt: str
    cls: Callable[..., DeviceEvent]


EVENTS: Mapping[int, EventSpec] = {
    spec.kind: spec
    for spec in (
        EventSpec(EventKind.BALL_RELEASED, ">B", BallReleasedEvent),
        EventSpec(EventKind.BALL_READ, ">BBBB4s", BallReadEvent),
        EventSpec(EventKind.READ_FAILED, ">BB", ReadFailedEvent),
        EventSpec(EventKind.FAULT_RAISED, ">B", FaultRaisedEvent),
        EventSpec(EventKind.FAULT_CLEARED, ">B", FaultClearedEvent),
        EventSpec(EventKind.BALL_SCANNED, ">B4s", BallScannedEvent),
        EventSpec(EventKind.SCAN_DONE, ">B", ScanDoneEvent),
    )
}


def event_kind(event: DeviceEvent) -> int:
    return event.event_kind if isinstance(event, UnknownEvent) else event.kind


def make_event(counter: int, kind: int, data: bytes) -> DeviceEvent:
    spec = EVENTS.get(kind)
    if spec is None or len(data) != struct.calcsize(spec.fmt):
        return UnknownEvent(counter, kind, bytes(data))
    return spec.cls(counter, *struct.unpack(spec.fmt, data))


def encode_events(events: Iterable[tuple[int, int, bytes]]) -> bytes:
    """EVENTS reply payload from (counter, kind, data) triples."""
    items = list(events)
    out = bytearray((len(items),))
    for counter, kind, data in items:
        out += bytes((counter, kind, len(data))) + data
    return bytes(out)


def decode_events(payload: bytes) -> list[DeviceEvent]:
    """Typed events from an EVENTS reply payload."""
    if not payload:
        raise BadReply("empty EVENTS reply")
    count, pos, out = payload[0], 1, []
    for _ in range(count):
        if pos + 3 > len(payload):
            raise BadReply("EVENTS reply cut inside an event header")
        counter, kind, length = payload[pos : pos + 3]
        data = payload[pos + 3 : pos + 3 + length]
        if len(data) != length:
            raise BadReply("EVENTS reply cut inside an event")
        out.append(make_event(counter, kind, bytes(data)))
        pos += 3 + length
    if pos != len(payload):
        raise BadReply(f"{len(payload) - pos} bytes after the last event")
    return out


def next_counter(counter: int) -> int:
    """The event counter after ``counter``: 1..255 then 1 again (0 only after a reset)."""
    return 1 if counter in (0, 255) else counter + 1
