"""The console and the hall server it starts live and end together (`bingo-hall run`).

A console killed (SIGTERM, SIGHUP, SIGKILL, a crash) used to leave its server running: it held
the record and port 8000, so the next `make run` played a new session on another port while the
hall's screens and terminals followed the old one. Now the server gets SIGTERM when the console
dies, however it dies (Linux's parent-death signal, set in the child before it runs), and the
console's own handlers stop it first on SIGTERM, SIGINT and SIGHUP. A server that ends while its
console is open is started again, on its port and with its console's key, so the console goes on
(a hall with no operators has no login to fall back on, decision 200).
"""

from __future__ import annotations

import ctypes
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any

log = logging.getLogger(__name__)

PR_SET_PDEATHSIG = 1
ENDING_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
#: A server that keeps ending is not started again past this many times.
MOST_RESTARTS = 5


def die_with_parent() -> Callable[[], None] | None:
    """A ``preexec_fn`` for ``subprocess.Popen``: the child gets SIGTERM when this process ends
    (Linux); None where there is no such thing. ``prctl`` is looked up here, before the fork:
    the child only calls it.
    """
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    parent = os.getpid()

    def arm() -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
        if os.getppid() != parent:  # the console died before the signal was armed
            os.kill(os.getpid(), signal.SIGTERM)

    return arm


class Lifeline:
    """SIGTERM, SIGINT or SIGHUP to the console stop its server (``stop``) and then close the
    console (``quit``, once its window is open) or end the command before it opens.
    """

    def __init__(self, stop: Callable[[], None]) -> None:
        self.stop = stop
        self.quit: Callable[[], None] | None = None
        self.ended: int | None = None
        self._previous: dict[int, Any] = {}
        if threading.current_thread() is not threading.main_thread():
            return  # handlers are the main thread's only (a test's console in a thread)
        for sig in ENDING_SIGNALS:
            self._previous[sig] = signal.signal(sig, self._end)

    def _end(self, signum: int, _frame: FrameType | None) -> None:
        if self.ended is not None:
            return
        self.ended = signum
        print(
            f"bingo-hall: señal {signal.Signals(signum).name}: se cierran el servidor de la sala "
            "y la consola",
            file=sys.stderr,
            flush=True,
        )
        self.stop()
        if self.quit is None:
            raise SystemExit(128 + signum)
        self.quit()

    def watch(self, window: Any) -> None:
        """Qt runs its loop in C++: a timer lets Python see a signal within a moment, and the
        console closes without asking (its record is the server's, already stopped).
        """
        from PySide6.QtCore import QTimer

        timer = QTimer(window)
        timer.timeout.connect(lambda: None)
        timer.start(200)
        self.quit = window.close_now

    def restore(self) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        self._previous.clear()


class Keeper:
    """Starts ``child`` (an ``app.station.ChildServer`` that answered once) again whenever it
    ends without being stopped: on the same port and with the same key, so the console's link
    and its commands go on.
    """

    def __init__(self, child: Any) -> None:
        self.child = child
        self.restarts = 0
        self._stopping = threading.Event()
        self._guard = threading.Lock()
        child.chosen = True  # the console's link is to this port: a restart never moves it
        self._thread = threading.Thread(target=self._keep, name="server-keeper", daemon=True)
        self._thread.start()

    def _keep(self) -> None:
        while not self._stopping.is_set():
            proc = self.child.proc
            if proc is None:
                return
            code = proc.wait()
            with self._guard:
                if self._stopping.is_set():
                    return
                if self.restarts >= MOST_RESTARTS:
                    print(
                        f"bingo-hall: el servidor de la sala terminó (salida {code}) "
                        f"{self.restarts + 1} veces: no se arranca más; cierre la consola",
                        file=sys.stderr,
                        flush=True,
                    )
                    return
                self.restarts += 1
                print(
                    f"bingo-hall: el servidor de la sala terminó (salida {code}); se arranca "
                    f"de nuevo en {self.child.url}",
                    file=sys.stderr,
                    flush=True,
                )
                problem = self.child.start()
            if problem is not None:
                print(f"bingo-hall: {problem}", file=sys.stderr, flush=True)
                return

    def stop(self) -> None:
        """Stop the server for good (the console closes)."""
        self._stopping.set()
        self.child.stop()  # a restart under way sees its server end, and gives up
        with self._guard:
            self.child.stop()


def record_served(args: Any, settings: Any) -> tuple[str | None, str | None]:
    """Before a console starts a server for its record: (the address of the server that already
    serves it, to join as ``--server`` does; or why the console does not open: another command
    writes it). (None, None) when nobody writes it. Never a second server of the same record.
    """
    from app.bootstrap import record_writer

    holder = record_writer(getattr(args, "db", None), getattr(args, "hall", None),
                           settings.hall_id)  # fmt: skip
    if holder is None:
        return None, None
    if holder.url and holder.command == "bingo-hall serve":
        print(
            f"bingo-hall: el registro de la sala ya lo sirve {holder.words()}: la consola se une "
            "a ese servidor en lugar de arrancar otro",
            file=sys.stderr,
            flush=True,
        )
        return holder.url, None
    return None, (
        f"el registro de la sala lo escribe ya {holder.words()}: la consola no arranca otro "
        "servidor; espere a que termine, o ciérrelo, y vuelva a abrirla"
    )
