"""Where an emulated device's bytes go: a pseudo-terminal or a TCP port on 127.0.0.1.

A pty is what a USB serial adapter looks like to the host (``/dev/pts/N`` opened with pyserial);
``unplug`` closes it, so the host's next read fails exactly as when the adapter is pulled out,
and ``plug`` creates a new one (at a new path). TCP is what a serial-to-Ethernet bridge looks
like (pyserial ``socket://127.0.0.1:PORT``): one client at a time, ``unplug`` drops the client and
refuses new ones until ``plug``.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import tty
from collections.abc import Callable

from drivers.emulators.hub import EmulatorHub

log = logging.getLogger(__name__)


class Endpoint:
    def __init__(self, hub: EmulatorHub, on_data: Callable[[bytes], None]) -> None:
        self.hub = hub
        self.on_data = on_data
        self.dropped = 0

    @property
    def url(self) -> str | None:
        """What pyserial opens on the host side (None while unplugged)."""
        raise NotImplementedError

    def write(self, data: bytes) -> None:
        raise NotImplementedError

    def unplug(self) -> None:
        raise NotImplementedError

    def plug(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


class PtyEndpoint(Endpoint):
    def __init__(self, hub: EmulatorHub, on_data: Callable[[bytes], None]) -> None:
        super().__init__(hub, on_data)
        self._master: int | None = None
        self._slave: int | None = None
        self.path: str | None = None
        self.plug()
        hub.on_stop(self.close)

    @property
    def url(self) -> str | None:
        return self.path

    def plug(self) -> None:
        if self._master is not None:
            return
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo, no line discipline: bytes are bytes
        os.set_blocking(master, False)
        self._master, self._slave = master, slave  # keep the slave open: no EIO between hosts
        self.path = os.ttyname(slave)
        self.hub.register(master, self._readable)

    def _readable(self) -> None:
        if self._master is None:
            return
        try:
            data = os.read(self._master, 4096)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            return
        if data:
            self.on_data(data)

    def write(self, data: bytes) -> None:
        if self._master is None:
            self.dropped += len(data)
            return
        try:
            written = os.write(self._master, data)
        except OSError:
            written = 0
        self.dropped += len(data) - written

    def unplug(self) -> None:
        if self._master is None:
            return
        self.hub.unregister(self._master)
        for fd in (self._master, self._slave):
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._master = self._slave = None
        self.path = None

    def close(self) -> None:
        self.unplug()


class TcpEndpoint(Endpoint):
    def __init__(
        self,
        hub: EmulatorHub,
        on_data: Callable[[bytes], None],
        port: int = 0,
        host: str = "127.0.0.1",
    ) -> None:
        super().__init__(hub, on_data)
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind((host, port))
        self._listener.listen(1)
        self._listener.setblocking(False)
        self.host, self.port = self._listener.getsockname()[:2]
        self._client: socket.socket | None = None
        self._refusing = False
        hub.register(self._listener, self._accept)
        hub.on_stop(self.close)

    @property
    def url(self) -> str | None:
        return f"socket://{self.host}:{self.port}"

    def _accept(self) -> None:
        try:
            conn, _ = self._listener.accept()
        except OSError:
            return
        if self._refusing:
            conn.close()
            return
        self._drop_client()
        conn.setblocking(False)
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._client = conn
        self.hub.register(conn, self._readable)

    def _readable(self) -> None:
        if self._client is None:
            return
        try:
            data = self._client.recv(4096)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._drop_client()
            return
        self.on_data(data)

    def _drop_client(self) -> None:
        if self._client is not None:
            self.hub.unregister(self._client)
            with contextlib.suppress(OSError):
                self._client.close()
            self._client = None

    def write(self, data: bytes) -> None:
        if self._client is None:
            self.dropped += len(data)
            return
        try:
            self._client.sendall(data)
        except OSError:
            self.dropped += len(data)
            self._drop_client()

    def unplug(self) -> None:
        self._refusing = True
        self._drop_client()

    def plug(self) -> None:
        self._refusing = False

    def close(self) -> None:
        self._drop_client()
        self.hub.unregister(self._listener)
        with contextlib.suppress(OSError):
            self._listener.close()
