"""One serial line: the port, its single reader thread, and the one place bytes are logged.

The port is any ``serial.SerialBase`` (a real port, ``socket://``, ``loop://``, ``spy://``, a
pseudo-terminal) or a factory returning one; with a factory the line can be reopened after the
port went away (a USB adapter unplugged, a TCP bridge dropped, an emulator's new pty). Modelled on
pyserial's ``threaded.ReaderThread``: the reader thread hands every chunk to ``on_bytes`` and
reports a quiet line to ``on_quiet`` and a lost port to ``on_lost``, once.

A port with a file descriptor (a real port, a pty, ``socket://``) is waited on with ``select``
and then drained without blocking: one wake-up per burst of bytes. pyserial's own reads would
wake once for the first byte and again for the rest, and on ``socket://`` (whose
``in_waiting`` says only "something") once per byte. Other ports (``loop://``) are read
through pyserial with a timeout.
"""

from __future__ import annotations

import contextlib
import logging
import select
import socket
import threading
from collections.abc import Callable
from typing import Any

import serial

from drivers.link import LinkDown
from drivers.traffic import TrafficLog

log = logging.getLogger(__name__)

PortFactory = Callable[[], Any]  # returns a serial.SerialBase (pyserial ships no type hints)


class SerialLine:
    def __init__(
        self,
        port: Any,
        *,
        name: str,
        on_bytes: Callable[[bytes], None],
        on_quiet: Callable[[], None],
        on_lost: Callable[[BaseException], None],
        traffic: TrafficLog | None = None,
        read_timeout: float = 0.25,
    ) -> None:
        if isinstance(port, serial.SerialBase):
            self._factory: PortFactory | None = None
            self._ser: Any = port
        elif callable(port):
            self._factory = port
            self._ser = None
        else:
            raise TypeError("port must be a serial.SerialBase or a factory returning one")
        self.name = name
        self._on_bytes = on_bytes
        self._on_quiet = on_quiet
        self._on_lost = on_lost
        self.traffic = traffic
        self._read_timeout = read_timeout
        self._write_lock = threading.Lock()
        self._state_lock = threading.Lock()  # open / close
        self._gen_lock = threading.Lock()  # generation and up flag
        self._thread: threading.Thread | None = None
        self._generation = 0
        self._up = False
        self._wake: tuple[socket.socket, socket.socket] | None = None  # stops a select

    @property
    def can_reopen(self) -> bool:
        return self._factory is not None or self._ser is not None

    @property
    def is_up(self) -> bool:
        return self._up

    @property
    def port_name(self) -> str:
        return str(getattr(self._ser, "portstr", None) or getattr(self._ser, "port", "?"))

    # --- logging, the one place
    def _log(self, direction: str, data: bytes) -> None:
        if self.traffic is not None:
            if direction == "TX":
                self.traffic.tx(data)
            else:
                self.traffic.rx(data)
        if log.isEnabledFor(logging.DEBUG):
            log.debug("%s %s %s", self.name, direction, data.hex(" "))

    def _note(self, text: str) -> None:
        if self.traffic is not None:
            self.traffic.note(text)
        log.info("%s: %s", self.name, text)

    # --- open / close
    def open(self) -> None:
        """Open (or reopen) the port and start its reader thread; raises if it cannot."""
        with self._state_lock:
            self._stop_reader()
            if self._factory is not None:
                self._close_port()
                self._ser = self._factory()
            if not self._ser.is_open:
                self._ser.open()
            fd = _fileno(self._ser)
            # with a descriptor the reader waits in select and the port only drains
            self._ser.timeout = 0 if fd is not None else self._read_timeout
            self._ser.write_timeout = 1.0
            with contextlib.suppress(serial.SerialException, OSError, AttributeError):
                self._ser.reset_input_buffer()
            with self._gen_lock:
                self._generation += 1
                self._up = True
            wake = socket.socketpair() if fd is not None else None
            self._wake = wake
            self._thread = threading.Thread(
                target=self._read_loop if fd is None else self._select_loop,
                args=(self._ser, self._generation)
                if fd is None
                else (self._ser, self._generation, fd, wake),
                name=f"bhd-reader-{self.name}",
                daemon=True,
            )
            self._thread.start()
            self._note(f"open {self.port_name}")

    def close(self) -> None:
        with self._state_lock:
            was_up = self._up
            self._stop_reader()
            self._close_port()
            if was_up:
                self._note("close")

    def _stop_reader(self) -> None:
        with self._gen_lock:
            self._up = False
            self._generation += 1
        thread, self._thread = self._thread, None
        wake, self._wake = self._wake, None
        if wake is not None:
            with contextlib.suppress(OSError):
                wake[1].send(b"x")
        if self._ser is not None and hasattr(self._ser, "cancel_read"):
            with contextlib.suppress(serial.SerialException, OSError, AttributeError):
                self._ser.cancel_read()
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=1.0)

    def _close_port(self) -> None:
        if self._ser is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                self._ser.close()

    # --- the reader thread
    def _read_loop(self, ser: Any, generation: int) -> None:
        while generation == self._generation:
            try:
                data = ser.read(ser.in_waiting or 1)
            except Exception as exc:  # pyserial raises SerialException, OSError, TypeError...
                self._lost(generation, exc)
                return
            if generation != self._generation:
                return
            if data:
                data = bytes(data)
                self._log("RX", data)
                self._on_bytes(data)
            else:
                self._on_quiet()

    def _select_loop(
        self, ser: Any, generation: int, fd: int, wake: tuple[socket.socket, socket.socket] | None
    ) -> None:
        assert wake is not None
        stop = wake[0].fileno()
        try:
            while generation == self._generation:
                try:
                    ready, _, _ = select.select([fd, stop], [], [], self._read_timeout)
                    if generation != self._generation or stop in ready:
                        return
                    data = ser.read(4096) if ready else b""
                except Exception as exc:  # pyserial raises SerialException, OSError...
                    self._lost(generation, exc)
                    return
                if generation != self._generation:
                    return
                if data:
                    data = bytes(data)
                    self._log("RX", data)
                    self._on_bytes(data)
                elif not ready:
                    self._on_quiet()
        finally:
            for end in wake:
                end.close()

    def _lost(self, generation: int, exc: BaseException) -> None:
        with self._gen_lock:
            if generation != self._generation:
                return
            self._up = False
            self._generation += 1
        self._note(f"lost: {exc}")
        self._on_lost(exc)

    # --- writing
    def write(self, data: bytes) -> None:
        with self._write_lock:
            ser = self._ser
            if not self._up or ser is None:
                raise LinkDown(f"{self.name}: port closed")
            generation = self._generation
            self._log("TX", data)
            try:
                ser.write(data)
                return
            except Exception as exc:  # pyserial raises SerialException, OSError, TypeError...
                error = exc
        self._lost(generation, error)
        raise LinkDown(f"{self.name}: write failed: {error}") from error


def _fileno(ser: Any) -> int | None:
    """The port's file descriptor, if it has one to wait on (``loop://`` has none)."""
    try:
        fd = ser.fileno()
    except (OSError, AttributeError, ValueError, TypeError, serial.SerialException):
        return None
    return fd if isinstance(fd, int) and fd >= 0 else None
