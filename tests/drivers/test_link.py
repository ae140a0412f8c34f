"""The link layer: SEQ, repeats with the same SEQ, BUSY, the reply cache, the event ring."""

from __future__ import annotations

import threading
import time

import pytest

from drivers import protocol as p
from drivers.link import (
    Ack,
    Backoff,
    Busy,
    DeviceBusy,
    DeviceLink,
    EventRing,
    EventTracker,
    HostLink,
    LinkDown,
    LinkTiming,
    Nak,
    NoReply,
    Outcome,
)

pytestmark = pytest.mark.timeout(20)

FAST = LinkTiming(repeat_interval=0.02, busy_interval=0.001)


class FakeDevice:
    """A device link answering synchronously; ``drop`` replies are lost on the way back."""

    def __init__(self, handler: object = None) -> None:
        self.calls: list[p.Frame] = []
        self.drop = 0
        self.busy = 0
        self.link = DeviceLink([0x01], self._handle)
        self.host: HostLink | None = None

    def _handle(self, frame: p.Frame) -> Outcome | None:
        self.calls.append(frame)
        if self.busy:
            self.busy -= 1
            return Busy()
        if frame.type == p.MsgType.RELEASE and frame.payload == b"\x00":
            return Nak(p.NakReason.BAD_VALUE)
        return Ack(b"")

    def write(self, data: bytes) -> None:
        for exchange in self.link.feed(data, time.monotonic()):
            if exchange.reply is None:
                continue
            if self.drop:
                self.drop -= 1
                continue
            assert self.host is not None
            self.host.feed(exchange.reply)


def pair(timing: LinkTiming = FAST) -> tuple[HostLink, FakeDevice]:
    device = FakeDevice()
    host = HostLink(device.write, timing, name="test")
    device.host = host
    return host, device


def test_each_new_command_takes_the_next_seq_and_wraps() -> None:
    host, device = pair()
    for _ in range(258):
        host.request(0x01, p.MsgType.AIR_ON)
    seqs = [f.seq for f in device.calls]
    assert seqs[:3] == [0, 1, 2]
    assert seqs[255:] == [255, 0, 1]


def test_a_lost_reply_is_repeated_with_the_same_seq_and_answered_from_cache() -> None:
    host, device = pair()
    device.drop = 2
    reply = host.request(0x01, p.MsgType.RELEASE, b"\x0c")
    assert reply.type == 0x92
    assert len(device.calls) == 1  # acted once
    assert host.stats.repeats == 2


def test_no_reply_after_three_repeats() -> None:
    host, device = pair()
    device.drop = 10
    started = time.monotonic()
    with pytest.raises(NoReply):
        host.request(0x01, p.MsgType.RELEASE, b"\x0c")
    assert time.monotonic() - started >= 4 * FAST.repeat_interval * 0.9
    assert host.stats.repeats == 3 and host.stats.no_reply == 1
    assert len(device.calls) == 1


def test_busy_is_retried_with_the_same_seq_until_it_acts() -> None:
    host, device = pair()
    device.busy = 3
    host.request(0x01, p.MsgType.RELEASE, b"\x0c")
    assert [f.seq for f in device.calls] == [0, 0, 0, 0]
    assert host.stats.busy == 3 and host.stats.repeats == 0


def test_busy_for_ever_raises_device_busy() -> None:
    host, device = pair(FAST.with_(max_busy=5))
    device.busy = 100
    with pytest.raises(DeviceBusy):
        host.request(0x01, p.MsgType.RELEASE, b"\x0c")


def test_nak_raises_its_typed_exception() -> None:
    host, _ = pair()
    with pytest.raises(p.BadValue):
        host.request(0x01, p.MsgType.RELEASE, b"\x00")


def test_stray_replies_are_ignored() -> None:
    written: list[bytes] = []
    host = HostLink(written.append, FAST)

    def answer() -> None:
        while not written:
            time.sleep(0.001)
        host.feed(p.encode_frame(0x01, 0x77, 0x90))  # another SEQ
        host.feed(p.encode_frame(0x02, 0x00, 0x90))  # another address
        host.feed(b"\x02\x00\x01garbage")
        host.feed(p.encode_frame(0x01, 0x00, 0x90))

    threading.Thread(target=answer).start()
    assert host.request(0x01, p.MsgType.AIR_ON).seq == 0
    assert host.stats.stray == 2


def test_a_lost_line_fails_the_waiting_request_at_once() -> None:
    host = HostLink(lambda data: None, LinkTiming(repeat_interval=5))
    threading.Timer(0.05, host.line_down).start()
    started = time.monotonic()
    with pytest.raises(LinkDown):
        host.request(0x01, p.MsgType.STATUS)
    assert time.monotonic() - started < 1
    with pytest.raises(LinkDown):
        host.request(0x01, p.MsgType.STATUS)


def test_broadcast_expects_no_reply() -> None:
    written: list[bytes] = []
    host = HostLink(written.append, FAST)
    host.broadcast(p.MsgType.SHOW, bytes(16))
    assert p.decode_all(written[0])[0].address == p.ADDR_BROADCAST


def test_quiet_line_expires_a_partial_frame() -> None:
    written: list[bytes] = []
    host = HostLink(written.append, FAST)
    host.feed(b"\x02\xc8\x01\x00")  # a garbage STX announcing 200 bytes
    host.idle()
    assert host.discarded == 4


# --------------------------------------------------------------------------- device side


def test_repeated_seq_is_answered_from_the_cache_without_acting() -> None:
    calls: list[p.Frame] = []

    def act(frame: p.Frame) -> Outcome:
        calls.append(frame)
        return Ack(b"\x07")

    link = DeviceLink([0x01], act)
    frame = p.encode_frame(0x01, 9, p.MsgType.RELEASE, b"\x03")
    (first,) = link.feed(frame, 0.0)
    (again,) = link.feed(frame, 0.1)
    assert again.repeated and again.reply == first.reply
    assert len(calls) == 1
    (new,) = link.feed(p.encode_frame(0x01, 9, p.MsgType.RELEASE, b"\x04"), 0.2)
    assert not new.repeated and len(calls) == 2  # same SEQ, other payload: a new command


def test_busy_is_not_cached() -> None:
    answers: list[Outcome] = [Busy(), Ack()]
    link = DeviceLink([0x01], lambda f: answers.pop(0))
    frame = p.encode_frame(0x01, 3, p.MsgType.RELEASE, b"\x03")
    assert p.decode_all(link.feed(frame, 0)[0].reply or b"")[0].is_busy
    assert p.decode_all(link.feed(frame, 0)[0].reply or b"")[0].type == 0x92


def test_device_ignores_other_addresses_and_replies_and_hears_broadcasts_only_if_a_board() -> None:
    calls: list[p.Frame] = []

    def ack(frame: p.Frame) -> Outcome:
        calls.append(frame)
        return Ack()

    def hear(frame: p.Frame) -> None:
        calls.append(frame)

    link = DeviceLink([0x01], ack)
    assert link.feed(p.encode_frame(0x02, 0, 0x01), 0) == []
    assert link.feed(p.encode_frame(0x01, 0, 0x81), 0) == []
    assert link.feed(p.encode_frame(0xFF, 0, 0x30, bytes(16)), 0) == []
    boards = DeviceLink([0x10, 0x11], hear, accepts_broadcast=True)
    (x,) = boards.feed(p.encode_frame(0xFF, 0, 0x30, bytes(16)), 1.5)
    assert x.reply is None and boards.last_valid_at == 1.5
    assert len(calls) == 1


def test_event_counter_runs_1_to_255_then_wraps_to_1_and_0_means_reset() -> None:
    ring = EventRing()
    assert ring.counter == 0
    counters = [ring.push(1, b"") for _ in range(256)]
    assert counters[0] == 1 and counters[254] == 255 and counters[255] == 1
    ring.reset()
    assert ring.counter == 0 and ring.after(0) == ([], False)


def test_ring_returns_events_after_the_host_counter() -> None:
    ring = EventRing()
    for i in range(5):
        ring.push(1, bytes((i,)))
    events, lost = ring.after(3)
    assert [c for c, _, _ in events] == [4, 5] and not lost
    assert ring.after(5) == ([], False)
    assert ring.unacknowledged == 0


def test_ring_keeps_eight_and_reports_loss_when_the_host_fell_behind() -> None:
    ring = EventRing()
    for _ in range(12):
        ring.push(1, b"")
    events, lost = ring.after(2)
    assert lost and [c for c, _, _ in events] == list(range(5, 13))
    events, lost = ring.after(4)  # counter 4 is just before the oldest kept: nothing lost
    assert not lost and len(events) == 8


def test_ring_finds_the_host_counter_across_the_wrap() -> None:
    ring = EventRing()
    for _ in range(257):
        ring.push(1, b"")
    events, lost = ring.after(254)
    assert [c for c, _, _ in events] == [255, 1, 2] and not lost


def test_tracker_detects_gaps_and_restarts() -> None:
    tracker = EventTracker()
    assert tracker.on_status(p.Status(0, p.Fault.NONE, 7)) == (False, False)  # first contact
    assert tracker.on_status(p.Status(0, p.Fault.NONE, 9)) == (False, True)
    events, lost = tracker.accept([p.FaultRaisedEvent(8, 0), p.FaultClearedEvent(9, 0)])
    assert len(events) == 2 and not lost and tracker.last == 9
    _, lost = tracker.accept([p.FaultRaisedEvent(12, 0)])
    assert lost
    assert tracker.on_status(p.Status(0, p.Fault.POWER_RESTORED, 0)) == (True, False)
    assert tracker.last == 0
    tracker.last = 255
    _, lost = tracker.accept([p.FaultRaisedEvent(1, 0)])
    assert not lost


def test_backoff_grows_then_stays() -> None:
    backoff = Backoff((0.1, 0.5, 2.0))
    assert [backoff.next() for _ in range(5)] == [0.1, 0.5, 2.0, 2.0, 2.0]
    backoff.reset()
    assert backoff.next() == 0.1
