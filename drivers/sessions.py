"""The ball source opened on devices: emulated ones on pseudo-terminals, or the hall's own on
their serial lines (``drivers.ballsource.DeviceBallSource`` over real drivers in both cases).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drivers.ballsource import DeviceBallSource
from drivers.device import DeviceDriver
from drivers.draw_state import DrawTiming
from drivers.extractor import ExtractorDriver
from drivers.link import LinkTiming
from drivers.reader import ReaderDriver

if TYPE_CHECKING:
    from drivers.emulators import EmulatedHall, ExtractorModel, ReaderModel


_warming: list[threading.Thread] = []
_warming_lock = threading.Lock()


def warm_the_record() -> threading.Thread:
    """Compile, on a thread of its own, the pass that finds the electronic cartones' prizes.

    numba compiles it at its first use, inside the commit of the session's first ball: that
    ball took 2.3-4.8 s to be recorded while the devices had it in a few milliseconds. Started
    when the devices open (once per process), it is done long before that ball in a hall (the
    set is counted first); the hall server does the same for its terminals.
    """
    with _warming_lock:
        if _warming:
            return _warming[0]

        def compile_it() -> None:
            from bingo.detect import CompletionTracker

            one = [[[1, 10, 20, 30, 40], [2, 11, 21, 31, 41], [3, 12, 22, 32, 42]]]
            CompletionTracker(one).add_ball(1)

        thread = threading.Thread(target=compile_it, name="warm-record", daemon=True)
        thread.start()
        _warming.append(thread)
        return thread


@dataclass
class EmulatedSession:
    """An emulated extractor and reader on ptys, their drivers and the ball source."""

    source: DeviceBallSource
    hall: EmulatedHall
    extractor: ExtractorDriver
    reader: ReaderDriver

    def stop(self) -> None:
        self.source.close()


def start_emulated_session(
    seed: int,
    scenario: str | Path | Iterable[Mapping[str, Any]] | None = None,
    *,
    link_timing: LinkTiming | None = None,
    draw_timing: DrawTiming | None = None,
    extractor_model: ExtractorModel | None = None,
    reader_model: ReaderModel | None = None,
    traffic_dir: str | Path | None = None,
    silence_stop: float = 2.0,
    tcp: bool = False,
    drawn: Iterable[int] = (),
) -> EmulatedSession:
    """Emulators on ptys or TCP ports (in-process hub thread) and real drivers over them.

    ``drawn`` are the balls the record says are out in the partida in play: started again
    mid-partida, the emulated machine has them in its rack, not in its drum (the record is the
    truth), so no ball drawn can come out a second time (decision 68).
    """
    import serial

    from drivers.emulators import start_emulators

    warm_the_record()
    hall = start_emulators(
        ("extractor", "reader"),
        seed=seed,
        scenario=scenario,
        extractor_model=extractor_model,
        reader_model=reader_model,
        silence_stop=silence_stop,
        tcp_port=0 if tcp else None,
    )
    out = set(drawn)
    if out:
        with hall.hub.lock:
            machine = hall.machine
            machine.rack = [b for b in machine.drum if b.number in out]
            machine.drum = [b for b in machine.drum if b.number not in out]
    if draw_timing is None and extractor_model is not None:
        draw_timing = DrawTiming(mixing_time=extractor_model.mixing_time)

    def opener(name: str) -> Callable[[], Any]:
        def open_port() -> Any:
            url = hall.devices[name].url
            if url is None:
                raise OSError(f"emulated {name} unplugged")
            return serial.serial_for_url(url, baudrate=19200, timeout=0.03)

        return open_port

    def traffic(name: str) -> Path | None:
        return Path(traffic_dir) / f"{name}.log" if traffic_dir is not None else None

    drivers: list[DeviceDriver] = []
    try:
        extractor = ExtractorDriver(
            opener("extractor"), timing=link_timing, traffic_log=traffic("extractor")
        )
        drivers.append(extractor.open())
        reader = ReaderDriver(opener("reader"), timing=link_timing, traffic_log=traffic("reader"))
        drivers.append(reader.open())
    except BaseException:
        for driver in drivers:
            driver.close()
        hall.stop()
        raise
    source = DeviceBallSource(extractor, reader, timing=draw_timing, owns_drivers=True)
    source._stopper = hall.stop
    return EmulatedSession(source, hall, extractor, reader)


def open_emulated_devices(
    seed: int,
    scenario: str | Path | Iterable[Mapping[str, Any]] | None = None,
    **options: Any,
) -> tuple[DeviceBallSource, Callable[[], None]]:
    """Start an emulated extractor and reader and return the ball source and its stopper."""
    session = start_emulated_session(seed, scenario, **options)
    return session.source, session.stop


def open_serial_devices(
    extractor_port: str,
    reader_port: str,
    *,
    baud: int = 19200,
    traffic_dir: str | Path | None = None,
    link_timing: LinkTiming | None = None,
    draw_timing: DrawTiming | None = None,
) -> tuple[DeviceBallSource, Callable[[], None]]:
    """Drivers for the hall's real extractor and reader on their serial lines.

    A port is a device path (``/dev/ttyUSB0``, ``COM3``) or any pyserial URL
    (``socket://host:port``, ``spy:///dev/ttyUSB0`` for field debugging). Each driver reopens
    its port by itself after a disconnection.
    """
    import serial

    warm_the_record()

    def opener(port: str) -> Callable[[], Any]:
        def open_port() -> Any:
            return serial.serial_for_url(port, baudrate=baud, timeout=0.03)

        return open_port

    def traffic(name: str) -> Path | None:
        return Path(traffic_dir) / f"{name}.log" if traffic_dir is not None else None

    extractor = ExtractorDriver(
        opener(extractor_port), timing=link_timing, traffic_log=traffic("extractor")
    )
    extractor.open()
    try:
        reader = ReaderDriver(
            opener(reader_port), timing=link_timing, traffic_log=traffic("reader")
        )
        reader.open()
    except BaseException:
        extractor.close()
        raise
    source = DeviceBallSource(extractor, reader, timing=draw_timing, owns_drivers=True)
    return source, source.close
