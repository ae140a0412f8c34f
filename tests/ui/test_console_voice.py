"""The voice in step with the balls (SPEC R-DEV-3; issue: with Spanish and Basque calls and a
ball every 3 s the 25th ball was called 24 s after it was drawn). The automatic extraction on
the real emulated devices waits for the last ball's call to end, so a call never comes after
the next ball is on the panels (decision 720); a device ball drawn while a call is playing is
queued and the Extracción page shows the queue (decision 721). The real espeak-ng renders the
calls; the player takes each call's real length (soxi).
"""

from __future__ import annotations

import shutil
import threading
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from app.config import VoiceConfig
from app.devices import feed_voice
from bingo import events as ev
from drivers.voice import AudioOut, Voice
from tests.drivers.test_voice_step import REAL_TIME_PLAYER
from tests.ui.test_console_emulated import Table, table  # noqa: F401  (the fixture)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.timeout(240),
    pytest.mark.skipif(
        not (shutil.which("espeak-ng") and shutil.which("sox")),
        reason="espeak-ng and sox are Debian packages (scripts/system-deps.sh)",
    ),
]
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hall's 3 s minimum (decision 251) scaled down: the calls are slower than the pace."""
    monkeypatch.setattr("ui.console.autodraw.MIN_PACE", 0.0)


@pytest.fixture
def closers() -> Any:
    done: list[Any] = []
    yield done
    for close in reversed(done):
        close()


def hall_voice(t: Table, cache: Path, closers: list[Any]) -> Voice:
    settings = VoiceConfig(enabled=True, languages=("es", "eu"), digits=False, cache_dir=str(cache))
    voice = Voice(settings, audio=AudioOut(REAL_TIME_PLAYER))
    voice.prepare()
    closers.append(voice.close)
    closers.append(feed_voice(t.kit.svc, voice.call))
    t.console.autodraw.follow_voice(voice.pending)
    return voice


def test_the_automatic_extraction_waits_for_each_call_to_end(
    table: Any,  # noqa: F811
    tmp_path: Path,
    closers: list[Any],
) -> None:
    t = table([])
    calls_at_draw: list[tuple[int, tuple[int, ...]]] = []
    voices: list[Voice] = []

    def on_event(_record: object, event: object) -> None:
        if isinstance(event, ev.BallDrawn):  # what was still being said when it was recorded
            calls_at_draw.append((event.number, voices[0].pending()))

    t.kit.svc.subscribe(on_event)  # before the voice's own subscription
    voice = hall_voice(t, tmp_path, closers)
    voices.append(voice)
    console = t.console
    console.autodraw.pace.setValue(0.05)
    console.activateWindow()
    t.qtbot.waitUntil(console.isActiveWindow)
    t.qtbot.keyClick(console.focusWidget() or console, Qt.Key.Key_F6, CTRL)
    assert console.autodraw.running, console.error.text()
    t.qtbot.waitUntil(lambda: len(t.partida.balls) >= 4, timeout=120_000)
    t.qtbot.keyClick(console.focusWidget() or console, Qt.Key.Key_Escape)
    t.qtbot.waitUntil(lambda: not t.bridge.busy and not console.desk.drawing, timeout=30_000)
    assert voice.audio is not None and voice.audio.wait_idle(60)
    # no ball reached the panels while the call of the one before was still being said
    assert [pending for _n, pending in calls_at_draw] == [()] * len(calls_at_draw)
    assert [n for n, _p in calls_at_draw] == t.partida.balls
    assert voice.audio.played == 2 * len(t.partida.balls) and voice.pending() == ()


def test_a_ball_drawn_while_a_call_plays_is_queued_and_the_console_shows_it(
    table: Any,  # noqa: F811
    tmp_path: Path,
    closers: list[Any],
) -> None:
    t = table([])
    voice = hall_voice(t, tmp_path, closers)
    gate = threading.Event()
    assert voice.audio is not None
    voice.audio.submit(lambda: [] if gate.wait(60) else ())  # a call still being said
    queue = t.console.autodraw.voice_queue
    t.press_draw()
    t.done()
    t.press_draw()
    t.done()
    first, second = t.partida.balls
    t.qtbot.waitUntil(lambda: queue.isVisible() and f"en cola: {second}" in queue.text())
    assert f"canta el {first}" in queue.text()
    gate.set()
    t.qtbot.waitUntil(lambda: not queue.isVisible(), timeout=60_000)
    assert voice.pending() == () and voice.audio.played == 4
