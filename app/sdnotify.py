"""systemd's notification protocol (sd_notify(3)), in a few lines and no dependency.

Under a ``Type=notify`` unit systemd passes the path of a unix datagram socket in
``$NOTIFY_SOCKET``; the service sends ``READY=1`` once it serves, and with ``WatchdogSec=`` a
``WATCHDOG=1`` more often than ``$WATCHDOG_USEC``, or systemd restarts it. Outside systemd
(``make run``, the tests, a terminal) there is no such socket and every call does nothing.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Mapping

log = logging.getLogger(__name__)


def notify(message: str, environ: Mapping[str, str] | None = None) -> bool:
    """Send ``message`` (``"READY=1"``, ``"WATCHDOG=1"``, ``"STOPPING=1"``…) to systemd; False
    when there is no ``$NOTIFY_SOCKET`` or it cannot be reached (never an exception: a service
    must not stop because its supervisor is not listening).
    """
    path = (os.environ if environ is None else environ).get("NOTIFY_SOCKET", "")
    if not path:
        return False
    if path.startswith("@"):  # an abstract socket (systemd's own notation)
        path = "\0" + path[1:]
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.connect(path)
            sock.sendall(message.encode())
    except OSError as exc:
        log.warning("systemd: no se pudo avisar (%s): %s", message, exc)
        return False
    return True


def watchdog_seconds(environ: Mapping[str, str] | None = None) -> float | None:
    """How often to send ``WATCHDOG=1``: half the unit's ``WatchdogSec=`` (as sd_notify(3)
    advises), or None when systemd watches no watchdog for this process.
    """
    env = os.environ if environ is None else environ
    try:
        usec = int(env.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    pid = env.get("WATCHDOG_PID", "")
    if usec <= 0 or (pid and pid != str(os.getpid())):  # the watchdog of another process
        return None
    return usec / 2_000_000


class Notifier:
    """The server's side: ``tick`` is called from its event loop (uvicorn's
    ``callback_notify``, first once it serves, then every ``every`` seconds): ``READY=1`` the
    first time, ``WATCHDOG=1`` after. A loop that hangs stops the pings, and systemd restarts
    the server.
    """

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        self.environ = dict(os.environ if environ is None else environ)
        half = watchdog_seconds(self.environ)
        #: whole seconds (uvicorn's ``timeout_notify``); no watchdog: READY=1 once, then rarely
        self.every = max(1, int(half)) if half is not None else 3600
        self.watched = half is not None
        self.ready = False

    async def tick(self) -> None:
        if not self.ready:
            self.ready = True
            notify("READY=1", self.environ)
        elif self.watched:
            notify("WATCHDOG=1", self.environ)
