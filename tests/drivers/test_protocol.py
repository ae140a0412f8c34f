"""The BHD/1 codec: byte tables for every message, typed messages, and resynchronisation."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drivers import protocol as p
from tests.drivers.bytetable import crc_xmodem, frame_is_valid

pytestmark = pytest.mark.timeout(120)  # hypothesis runs a few thousand examples

# (description, address, seq, type, payload hex, frame hex) — the examples of docs/protocol.md
FRAMES = [
    ("STATUS to the extractor", 0x01, 0x00, 0x01, "", "02 00 01 00 01 27 11"),
    (
        "STATUS reply, extractor idle, 90 balls",
        0x01, 0x00, 0x81, "00 0000 00 00 00 5A",
        "02 07 01 00 81 00 00 00 00 00 00 5A 07 15",
    ),
    (
        "STATUS reply, extractor fault no air, counter 5",
        0x01, 0x07, 0x81, "04 0001 05 00 00 5A",
        "02 07 01 07 81 04 00 01 05 00 00 5A 61 6C",
    ),
    ("EVENTS after 0", 0x01, 0x01, 0x02, "00", "02 01 01 01 02 00 8D B7"),
    ("EVENTS reply, none", 0x01, 0x01, 0x82, "00", "02 01 01 01 82 00 96 2F"),
    ("EVENTS after 4", 0x01, 0x08, 0x02, "04", "02 01 01 08 02 04 53 A2"),
    (
        "EVENTS reply, BALL_RELEASED 12",
        0x01, 0x08, 0x82, "01 05 01 01 0C",
        "02 05 01 08 82 01 05 01 01 0C 2F 4B",
    ),
    ("IDENTIFY", 0x01, 0x02, 0x03, "", "02 00 01 02 03 61 31"),
    ("AIR_ON", 0x01, 0x03, 0x10, "", "02 00 01 03 10 70 52"),
    ("AIR_ON ACK", 0x01, 0x03, 0x90, "", "02 00 01 03 90 E1 DA"),
    ("AIR_OFF", 0x01, 0x04, 0x11, "", "02 00 01 04 11 F9 E4"),
    ("AIR_OFF ACK", 0x01, 0x04, 0x91, "", "02 00 01 04 91 68 6C"),
    ("RELEASE 12", 0x01, 0x05, 0x12, "0C", "02 01 01 05 12 0C 93 88"),
    ("RELEASE ACK", 0x01, 0x05, 0x92, "", "02 00 01 05 92 6B 3E"),
    ("NAK fault active", 0x01, 0x05, 0x7F, "05", "02 01 01 05 7F 05 7F D7"),
    ("BUSY", 0x01, 0x05, 0x7E, "", "02 00 01 05 7E 57 9C"),
    ("RETURN_ALL", 0x01, 0x06, 0x13, "", "02 00 01 06 13 BF C4"),
    ("RETURN_ALL ACK", 0x01, 0x06, 0x93, "", "02 00 01 06 93 2E 4C"),
    ("CONFIG 3.0 s 5.0 s", 0x01, 0x09, 0x14, "1E 32", "02 02 01 09 14 1E 32 7B A8"),
    ("CONFIG ACK", 0x01, 0x09, 0x94, "", "02 00 01 09 94 4E 95"),
    ("ARM 12", 0x02, 0x10, 0x20, "0C", "02 01 02 10 20 0C C3 30"),
    ("ARM ACK", 0x02, 0x10, 0xA0, "", "02 00 02 10 A0 D8 F9"),
    ("DISARM", 0x02, 0x11, 0x21, "", "02 00 02 11 21 6A 61"),
    ("DISARM ACK", 0x02, 0x11, 0xA1, "", "02 00 02 11 A1 FB E9"),
    ("REREAD 12", 0x02, 0x12, 0x22, "0C", "02 01 02 12 22 0C CB 32"),
    ("REREAD ACK", 0x02, 0x12, 0xA2, "", "02 00 02 12 A2 9E D9"),
    ("SCAN_SET", 0x02, 0x13, 0x23, "", "02 00 02 13 23 2C 41"),
    ("SCAN_SET ACK", 0x02, 0x13, 0xA3, "", "02 00 02 13 A3 BD C9"),
    (
        "STATUS reply, reader armed, 97 %",
        0x02, 0x14, 0x81, "01 0000 03 61",
        "02 05 02 14 81 01 00 00 03 61 1C D2",
    ),
    (
        "EVENTS reply, BALL_READ 12: 69",
        0x02, 0x15, 0x82, "01 04 02 08 0C 45 61 01 1A 2B 3C 4D",
        "02 0C 02 15 82 01 04 02 08 0C 45 61 01 1A 2B 3C 4D DF 23",
    ),
    (
        "EVENTS reply, READ_FAILED, BALL_SCANNED, SCAN_DONE",
        0x02, 0x16, 0x82, "03 05 03 02 0C 02 06 06 05 07 0B AD F0 0D 07 07 01 5A",
        "02 12 02 16 82 03 05 03 02 0C 02 06 06 05 07 0B AD F0 0D 07 07 01 5A 83 DE",
    ),
    (
        "EVENTS reply, FAULT_RAISED / FAULT_CLEARED jam",
        0x01, 0x17, 0x82, "02 09 04 01 01 0A 05 01 01",
        "02 09 01 17 82 02 09 04 01 01 0A 05 01 01 1A 60",
    ),
    (
        "SHOW broadcast",
        0xFF, 0x20, 0x30, "00 07 03 2D 00 08 00 00 01 10 00 00 00 00 00 00",
        "02 10 FF 20 30 00 07 03 2D 00 08 00 00 01 10 00 00 00 00 00 00 54 1A",
    ),
    ("SHOW ACK", 0x10, 0x21, 0xB0, "41 EE", "02 02 10 21 B0 41 EE 12 02"),
    (
        "STATUS reply, board showing",
        0x10, 0x22, 0x81, "01 0000 00 41 EE",
        "02 06 10 22 81 01 00 00 00 41 EE A0 AA",
    ),
]  # fmt: skip


def test_crc_is_xmodem() -> None:
    assert p.crc16(b"123456789") == 0x31C3 == crc_xmodem(b"123456789")


@pytest.mark.parametrize(("what", "addr", "seq", "type_", "payload", "frame"), FRAMES)
def test_frame_byte_table(
    what: str, addr: int, seq: int, type_: int, payload: str, frame: str
) -> None:
    data = bytes.fromhex(frame)
    assert frame_is_valid(data), what
    assert p.encode_frame(addr, seq, type_, bytes.fromhex(payload)) == data
    assert p.decode_all(data) == [p.Frame(addr, seq, type_, bytes.fromhex(payload))]


def test_every_message_type_and_event_kind_has_a_byte_table() -> None:
    types = {row[3] & 0x7F for row in FRAMES}  # an ACK counts for its command
    assert {int(t) for t in p.MsgType} <= types
    kinds = set()
    for *_, type_, payload, _frame in FRAMES:
        if type_ == 0x82:
            kinds |= {e.kind for e in p.decode_events(bytes.fromhex(payload))}
    assert kinds == {int(k) for k in p.EventKind}


def test_encode_rejects_what_does_not_fit() -> None:
    with pytest.raises(ValueError):
        p.encode_frame(1, 0, 1, bytes(201))
    with pytest.raises(ValueError):
        p.encode_frame(256, 0, 1)


def test_status_payloads_decode_to_typed_fields() -> None:
    status = p.Status.from_payload(bytes.fromhex("04 0001 05 00 00 5A"))
    assert status == p.Status(4, p.Fault.NO_AIR, 5, bytes.fromhex("00 00 5A"))
    assert p.ExtractorFields.from_bytes(status.fields) == p.ExtractorFields(False, False, 90)
    assert p.ReaderFields.from_bytes(b"\x61").last_confidence == 97
    assert p.BoardFields.from_bytes(b"\x41\xee").shown_hash == 0x41EE
    with pytest.raises(p.BadReply):
        p.Status.from_payload(b"\x00\x00")
    with pytest.raises(p.BadReply):
        p.ExtractorFields.from_bytes(b"\x00")


def test_identity_round_trip() -> None:
    identity = p.Identity(p.DeviceKind.READER, "Maker", "R-1", "0042", "2.1", "H-17")
    assert p.Identity.from_payload(identity.to_payload()) == identity
    assert identity.to_payload() == b"\x02Maker;R-1;0042;2.1;H-17"


def test_events_decode_to_typed_events() -> None:
    events = p.decode_events(bytes.fromhex("03 05 03 02 0C 02 06 06 05 07 0B AD F0 0D 07 07 01 5A"))
    assert events == [
        p.ReadFailedEvent(5, 12, p.ReadFailure.UNREADABLE),
        p.BallScannedEvent(6, 7, bytes.fromhex("0BADF00D")),
        p.ScanDoneEvent(7, 90),
    ]
    read = p.decode_events(bytes.fromhex("01 04 02 08 0C 45 61 01 1A 2B 3C 4D"))[0]
    assert read == p.BallReadEvent(4, 12, 69, 97, p.ReadMethod.OCR, bytes.fromhex("1A2B3C4D"))
    assert p.encode_events([(e.counter, e.kind, e.data()) for e in events]) == bytes.fromhex(
        "03 05 03 02 0C 02 06 06 05 07 0B AD F0 0D 07 07 01 5A"
    )


def test_unknown_event_kind_is_kept() -> None:
    (event,) = p.decode_events(bytes.fromhex("01 09 41 02 AA BB"))
    assert event == p.UnknownEvent(9, 0x41, b"\xaa\xbb")


@pytest.mark.parametrize("payload", ["", "02 01 02", "01 01 02 05 0C", "00 FF"])
def test_malformed_events_reply_is_a_bad_reply(payload: str) -> None:
    with pytest.raises(p.BadReply):
        p.decode_events(bytes.fromhex(payload))


@pytest.mark.parametrize(
    ("code", "exc"),
    [
        (0x01, p.UnknownCommand),
        (0x02, p.BadLength),
        (0x03, p.BadValue),
        (0x04, p.WrongState),
        (0x05, p.FaultActive),
        (0x06, p.HostSilent),
        (0x42, p.UnknownNak),
    ],
)
def test_nak_reasons_are_typed_exceptions(code: int, exc: type[p.NakError]) -> None:
    reply = p.Frame(1, 5, p.MsgType.NAK, bytes((code,)))
    with pytest.raises(exc) as info:
        p.check_reply(p.MsgType.RELEASE, reply)
    assert info.value.code == code
    assert "RELEASE" in str(info.value)


def test_wrong_reply_type_or_length_is_a_bad_reply() -> None:
    with pytest.raises(p.BadReply):
        p.check_reply(p.MsgType.RELEASE, p.Frame(1, 5, 0x90))
    with pytest.raises(p.BadReply):
        p.check_reply(p.MsgType.SHOW, p.Frame(0x10, 5, 0xB0, b"\x01"))


def test_show_bitmap_has_ball_n_at_bit_n_minus_1() -> None:
    state = p.ShowState(7, 3, 45, frozenset({12, 33, 45}))
    assert state.to_payload() == bytes.fromhex("00 07 03 2D 00 08 00 00 01 10 00 00 00 00 00 00")
    assert state.hash == 0x41EE
    every = p.ShowState(1, 90, 90, frozenset(range(1, 91)))
    assert p.ShowState.from_payload(every.to_payload()) == every
    assert every.to_payload()[4:] == bytes([0xFF] * 11 + [0x03])


def test_event_counter_wraps_from_255_to_1() -> None:
    assert [p.next_counter(c) for c in (0, 1, 254, 255)] == [1, 2, 255, 1]


def test_every_command_has_a_table_row_for_its_devices() -> None:
    for type_ in p.MsgType:
        if type_ in (p.MsgType.BUSY, p.MsgType.NAK):
            continue
        spec = p.command_spec(type_)
        assert spec is not None and spec.kinds, type_


# --------------------------------------------------------------------------- the decoder

frames_st = st.builds(
    p.Frame,
    address=st.integers(0, 255),
    seq=st.integers(0, 255),
    type=st.integers(0, 255),
    payload=st.binary(max_size=40),
)


def chunks(data: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({c % (len(data) + 1) for c in cuts})
    bounds = [0, *points, len(data)]
    return [data[a:b] for a, b in itertools.pairwise(bounds)]


@settings(max_examples=300, deadline=None)
@given(st.lists(frames_st, max_size=8), st.lists(st.integers(0, 10_000), max_size=30))
def test_any_split_decodes_the_same_frames(frames: list[p.Frame], cuts: list[int]) -> None:
    stream = b"".join(f.encode() for f in frames)
    decoder = p.Decoder()
    out = [frame for chunk in chunks(stream, cuts) for frame in decoder.feed(chunk)]
    assert out == frames
    assert decoder.discarded == decoder.crc_errors == decoder.pending == 0


def is_subsequence(wanted: list[p.Frame], got: list[p.Frame]) -> bool:
    it = iter(got)
    return all(any(g == w for g in it) for w in wanted)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.tuples(st.binary(max_size=60), frames_st), max_size=6),
    st.binary(max_size=60),
    st.lists(st.integers(0, 10_000), max_size=30),
)
def test_resynchronises_after_any_garbage_and_any_split(
    pieces: list[tuple[bytes, p.Frame]], tail: bytes, cuts: list[int]
) -> None:
    frames = [f for _, f in pieces]
    stream = b"".join(g + f.encode() for g, f in pieces) + tail
    decoder = p.Decoder()
    out = [frame for chunk in chunks(stream, cuts) for frame in decoder.feed(chunk)]
    out += decoder.flush()
    assert is_subsequence(frames, out)
    assert decoder.pending == 0


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300), st.lists(frames_st, min_size=1, max_size=5))
def test_a_quiet_line_after_garbage_loses_nothing_that_follows(
    garbage: bytes, frames: list[p.Frame]
) -> None:
    decoder = p.Decoder()
    decoder.feed(garbage)
    while decoder.pending:  # the line went quiet: the link expires what is buffered
        decoder.expire()
    assert decoder.feed(b"".join(f.encode() for f in frames)) == frames


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200).map(lambda b: b.replace(b"\x02", b"")), frames_st)
def test_garbage_without_stx_is_counted_byte_for_byte(garbage: bytes, frame: p.Frame) -> None:
    decoder = p.Decoder()
    assert decoder.feed(garbage + frame.encode()) == [frame]
    assert decoder.discarded == len(garbage)


def test_corrupted_frame_is_rejected_and_the_next_one_found() -> None:
    good = p.encode_frame(1, 1, 0x81, b"\x00\x00\x00\x00\x00\x00\x5a")
    bad = bytearray(good)
    bad[-1] ^= 0xFF
    truncated = good[:6]
    decoder = p.Decoder()
    assert decoder.feed(bytes(bad) + truncated + good) == [p.decode_all(good)[0]]
    assert decoder.crc_errors >= 1


def test_length_over_200_is_not_a_frame_start() -> None:
    good = p.encode_frame(1, 1, 0x01)
    decoder = p.Decoder()
    assert decoder.feed(b"\x02\xc9" + good) == [p.decode_all(good)[0]]
    assert decoder.discarded == 2
