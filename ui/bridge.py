"""The one place where callbacks from other threads become Qt signals.

The engine calls its subscribers from whatever thread committed an event; the device drivers
call their listeners from their reader threads; blocking device calls (a draw waits seconds for
the ball) run on a worker thread. None of them may touch a widget. They all hand their news to
``Bridge._incoming``, which is connected to the bridge itself with a *queued* connection: the
public signals are therefore always emitted in the thread the bridge lives in (the GUI thread),
in the order the news arrived.

A job on the worker may also need the operator (what the table sees on a ball): it calls
``ask``, which hands a ``Question`` to the GUI thread (``asked``) and waits for its answer.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

log = logging.getLogger(__name__)


class Subscribable(Protocol):
    """What the bridge needs of ``bingo.service.HallService``."""

    def subscribe(self, subscriber: Callable[[Any, Any], None]) -> Callable[[], None]: ...


class Listened(Protocol):
    """A device driver: ``add_listener`` returns the function that removes the listener."""

    name: str

    def add_listener(self, listener: Callable[[Any], None]) -> Callable[[], None]: ...


@dataclass(frozen=True)
class _Recorded:
    record: Any
    event: Any


@dataclass(frozen=True)
class _JobDone:
    tag: str
    result: object


@dataclass(frozen=True)
class _JobFailed:
    tag: str
    error: BaseException


@dataclass(frozen=True)
class _Notice:
    device: str
    notice: Any


class Question:
    """A question a job on the worker asks the operator; the job waits for ``answer``."""

    def __init__(self, tag: str, payload: object) -> None:
        self.tag = tag
        self.payload = payload
        self._answer: object = None
        self._answered = threading.Event()

    def answer(self, value: object) -> None:
        """Give the answer (once; later answers are ignored) and let the job go on."""
        if not self._answered.is_set():
            self._answer = value
            self._answered.set()

    @property
    def answered(self) -> bool:
        return self._answered.is_set()

    def wait(self) -> object:
        self._answered.wait()
        return self._answer


class Bridge(QObject):
    """Engine events, device notices and worker results, as signals in the GUI thread."""

    recorded = Signal(object, object)  # (record, event) once committed to the record
    changed = Signal()  # the hall's state changed: views re-read it
    jobDone = Signal(str, object)  # (tag, result) of a blocking call run on the worker
    jobFailed = Signal(str, object)  # (tag, exception) of a blocking call that raised
    deviceNotice = Signal(str, object)  # (device name, notice) from a driver's thread
    asked = Signal(object)  # a Question from a job on the worker; the job waits for its answer

    _incoming = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._incoming.connect(self._dispatch, Qt.ConnectionType.QueuedConnection)
        self._executor: ThreadPoolExecutor | None = None
        self._busy = 0
        self._lock = threading.Lock()
        self._detach: list[Callable[[], None]] = []
        self._questions: set[Question] = set()
        self._closed = False

    # --- sources of news (any thread) -----------------------------------------------------

    def attach(self, service: Subscribable) -> None:
        """Relay every event the service commits from now on."""
        self._detach.append(service.subscribe(self._on_record))

    def watch(self, *drivers: Listened) -> None:
        """Relay the notices of device drivers (offline, faults, restarts: R-DEV-1)."""
        for driver in drivers:
            name = driver.name

            def listener(notice: Any, name: str = name) -> None:
                self._incoming.emit(_Notice(name, notice))

            self._detach.append(driver.add_listener(listener))

    def _on_record(self, record: Any, event: Any) -> None:
        self._incoming.emit(_Recorded(record, event))

    def submit(self, tag: str, job: Callable[[], object]) -> Future[None]:
        """Run a blocking call on the device worker; its outcome comes back as a signal.

        Calls run one at a time, in the order submitted (the ball source takes one caller).
        """
        with self._lock:
            if self._executor is None:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="devices")
            self._busy += 1

        def run() -> None:
            try:
                result = job()
            except BaseException as exc:  # reported to the operator, never lost
                log.info("job %s failed: %r", tag, exc)
                self._incoming.emit(_JobFailed(tag, exc))
            else:
                self._incoming.emit(_JobDone(tag, result))

        return self._executor.submit(run)

    def ask(self, tag: str, payload: object) -> object:
        """From a job on the worker: ask the operator and wait for the answer.

        The answer is None once the bridge is closed, so a job never outlives the window.
        """
        if QThread.currentThread() is self.thread():
            raise RuntimeError("ask() waits for the GUI thread: call it from a worker job")
        question = Question(tag, payload)
        with self._lock:
            if self._closed:
                return None
            self._questions.add(question)
        try:
            self._incoming.emit(question)
            return question.wait()
        finally:
            with self._lock:
                self._questions.discard(question)

    @property
    def busy(self) -> bool:
        """A blocking call was submitted and its outcome has not been signalled yet."""
        return self._busy > 0

    # --- the GUI thread -----------------------------------------------------------------

    @Slot(object)
    def _dispatch(self, item: object) -> None:
        match item:
            case _Recorded(record, event):
                self.recorded.emit(record, event)
                self.changed.emit()
            case _JobDone(tag, result):
                self._busy -= 1
                self.jobDone.emit(tag, result)
            case _JobFailed(tag, error):
                self._busy -= 1
                self.jobFailed.emit(tag, error)
            case _Notice(device, notice):
                self.deviceNotice.emit(device, notice)
            case Question() if not item.answered:
                self.asked.emit(item)

    def close(self, wait: bool = True) -> None:
        """Stop relaying and let the worker finish its current call."""
        for detach in self._detach:
            with contextlib.suppress(ValueError):  # already removed
                detach()
        self._detach.clear()
        with self._lock:
            self._closed = True
            waiting = list(self._questions)
        for question in waiting:  # nobody will answer now: the job goes on without it
            question.answer(None)
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=wait, cancel_futures=True)
