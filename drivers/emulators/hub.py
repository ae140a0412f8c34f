"""The emulators' event loop: one thread, one selector, one timer heap, one lock.

Every emulated device of a process lives on the same hub, so devices that share the physical
world (the extractor drops a ball into the tube the reader looks at) need no locking of their
own. Control calls from other threads (tests, the CLI) take ``hub.lock``.
"""

from __future__ import annotations

import contextlib
import heapq
import itertools
import logging
import os
import selectors
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)


@dataclass(order=True)
class Timer:
    at: float
    seq: int
    fn: Callable[[], None] = field(compare=False)
    cancelled: bool = field(default=False, compare=False)

    def cancel(self) -> None:
        self.cancelled = True


class EmulatorHub:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.lock = threading.RLock()
        # select() takes microsecond timeouts where epoll rounds up to whole milliseconds: byte
        # timing at 19200 baud (0.52 ms a byte) stays faithful. A hub serves a handful of fds.
        self._sel = selectors.SelectSelector()
        self._timers: list[Timer] = []
        self._seq = itertools.count()
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_r, False)
        os.set_blocking(self._wake_w, False)
        self._sel.register(self._wake_r, selectors.EVENT_READ, self._drain_wake)
        self._thread: threading.Thread | None = None
        self._running = False
        self._stopped = False
        self._closers: list[Callable[[], None]] = []

    def start(self) -> EmulatorHub:
        if self._thread is None:
            self._running = True
            self._thread = threading.Thread(target=self._run, name="bhd-emulators", daemon=True)
            self._thread.start()
        return self

    def stop(self) -> None:
        if self._stopped:
            return
        self._stopped = True
        self._running = False
        self.wake()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2.0)
        self._thread = None
        with self.lock:
            for close in reversed(self._closers):
                with contextlib.suppress(Exception):
                    close()
            self._closers.clear()
        with contextlib.suppress(OSError):
            self._sel.unregister(self._wake_r)
        for fd in (self._wake_r, self._wake_w):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._sel.close()

    def on_stop(self, close: Callable[[], None]) -> None:
        self._closers.append(close)

    def wake(self) -> None:
        with contextlib.suppress(OSError):
            os.write(self._wake_w, b"x")

    def _drain_wake(self) -> None:
        with contextlib.suppress(OSError):
            while os.read(self._wake_r, 512):
                pass

    # --- timers
    def call_at(self, at: float, fn: Callable[[], None]) -> Timer:
        timer = Timer(at, next(self._seq), fn)
        with self.lock:
            heapq.heappush(self._timers, timer)
        if threading.current_thread() is not self._thread:
            self.wake()
        return timer

    def call_later(self, delay: float, fn: Callable[[], None]) -> Timer:
        return self.call_at(self.clock() + max(0.0, delay), fn)

    # --- file descriptors
    def register(self, fileobj: Any, callback: Callable[[], None]) -> None:
        with self.lock:
            self._sel.register(fileobj, selectors.EVENT_READ, callback)
        self.wake()

    def unregister(self, fileobj: Any) -> None:
        with self.lock, contextlib.suppress(KeyError, ValueError, OSError):
            self._sel.unregister(fileobj)

    # --- the loop
    def _run(self) -> None:
        while self._running:
            with self.lock:
                timeout = 0.5
                if self._timers:
                    timeout = min(timeout, max(0.0, self._timers[0].at - self.clock()))
            try:
                ready = self._sel.select(timeout)
            except (OSError, ValueError):
                ready = []
            with self.lock:
                for key, _ in ready:
                    try:
                        key.data()
                    except Exception:
                        log.exception("emulator read handler failed")
                self._run_due()

    def _run_due(self) -> None:
        now = self.clock()
        while self._timers and self._timers[0].at <= now:
            timer = heapq.heappop(self._timers)
            if timer.cancelled:
                continue
            try:
                timer.fn()
            except Exception:
                log.exception("emulator timer failed")
