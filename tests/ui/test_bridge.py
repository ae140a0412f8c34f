"""News from other threads reaches the windows as signals in the GUI thread, in order."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QThread
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from bingo import events as ev
from tests.ui.kit import Kit
from ui.bridge import Bridge, Question


def gui_thread() -> QThread:
    app = QApplication.instance()
    assert app is not None
    return app.thread()


def test_an_event_committed_on_another_thread_arrives_in_the_gui_thread(
    qtbot: QtBot, kit: Kit, bridge: Bridge
) -> None:
    seen: list[tuple[str, bool]] = []
    bridge.recorded.connect(
        lambda record, event: seen.append((event.kind, QThread.currentThread() is gui_thread()))
    )
    worker = threading.Thread(target=kit.svc.start_partida)
    with qtbot.waitSignal(bridge.recorded, timeout=3000) as blocker:
        worker.start()
        worker.join()
    assert isinstance(blocker.args[1], ev.PartidaStarted)
    assert seen == [("partida_started", True)]


def test_every_event_of_a_command_arrives_in_the_order_it_was_recorded(
    qtbot: QtBot, kit: Kit, bridge: Bridge
) -> None:
    kinds: list[str] = []
    bridge.recorded.connect(lambda record, event: kinds.append(event.kind))
    kit.partida_ready()
    qtbot.waitUntil(lambda: len(kinds) == 4, timeout=3000)
    assert kinds == ["partida_started", "sale_recorded", "sale_closed", "partida_data_shown"]
    seqs: list[int] = []
    bridge.recorded.connect(lambda record, event: seqs.append(record.seq))
    kit.draw([1, 2, 3])
    qtbot.waitUntil(lambda: len(seqs) == 3, timeout=3000)
    assert seqs == sorted(seqs)


def test_a_blocking_call_runs_on_the_worker_and_its_result_comes_back_as_a_signal(
    qtbot: QtBot, bridge: Bridge
) -> None:
    where: list[bool] = []

    def job() -> int:
        where.append(QThread.currentThread() is gui_thread())
        return 42

    with qtbot.waitSignal(bridge.jobDone, timeout=3000) as blocker:
        bridge.submit("answer", job)
        assert bridge.busy
    assert blocker.args == ["answer", 42]
    assert where == [False]
    assert not bridge.busy


def test_a_failing_blocking_call_is_reported_not_lost(qtbot: QtBot, bridge: Bridge) -> None:
    def job() -> None:
        raise OSError("puerto desconectado")

    with qtbot.waitSignal(bridge.jobFailed, timeout=3000) as blocker:
        bridge.submit("draw", job)
    tag, error = blocker.args
    assert tag == "draw"
    assert isinstance(error, OSError) and "desconectado" in str(error)


def test_a_job_asks_the_operator_in_the_gui_thread_and_waits_for_the_answer(
    qtbot: QtBot, bridge: Bridge
) -> None:
    asked: list[tuple[str, object, bool]] = []

    def answer(question: Question) -> None:
        asked.append((question.tag, question.payload, QThread.currentThread() is gui_thread()))
        question.answer(17)

    bridge.asked.connect(answer)
    with qtbot.waitSignal(bridge.jobDone, timeout=3000) as blocker:
        bridge.submit("draw", lambda: bridge.ask("table_sees", 4))
    assert asked == [("table_sees", 4, True)]
    assert blocker.args == ["draw", 17]
    with pytest.raises(RuntimeError):
        bridge.ask("table_sees", 5)  # the GUI thread would wait for itself


def test_a_question_nobody_answers_is_answered_none_when_the_bridge_closes(
    qtbot: QtBot, bridge: Bridge
) -> None:
    questions: list[Question] = []
    bridge.asked.connect(questions.append)
    future = bridge.submit("draw", lambda: bridge.ask("table_sees", 4))
    qtbot.waitUntil(lambda: bool(questions), timeout=3000)
    bridge.close(wait=True)
    assert future.done() and questions[0].answered
    done = threading.Event()  # and a question asked after the close is answered at once
    result: list[object] = []
    thread = threading.Thread(target=lambda: (result.append(bridge.ask("x", 1)), done.set()))
    thread.start()
    assert done.wait(3) and result == [None]


class FakeDriver:
    name = "extractor"

    def __init__(self) -> None:
        self.listeners: list[Callable[[Any], None]] = []

    def add_listener(self, listener: Callable[[Any], None]) -> Callable[[], None]:
        self.listeners.append(listener)
        return lambda: self.listeners.remove(listener)


def test_device_notices_from_a_reader_thread_become_signals(qtbot: QtBot, bridge: Bridge) -> None:
    driver = FakeDriver()
    bridge.watch(driver)
    notice = object()
    with qtbot.waitSignal(bridge.deviceNotice, timeout=3000) as blocker:
        thread = threading.Thread(target=lambda: driver.listeners[0](notice))
        thread.start()
        thread.join()
    assert blocker.args == ["extractor", notice]
    bridge.close()
    assert driver.listeners == []


def test_after_close_the_bridge_relays_nothing(qtbot: QtBot, kit: Kit, bridge: Bridge) -> None:
    bridge.close()
    with pytest.raises(qtbot.TimeoutError), qtbot.waitSignal(bridge.recorded, timeout=300):
        kit.svc.start_partida()
