"""Timings of the voice: rendering every call of the hall's languages with espeak-ng, a cached
call, and the calls measured with sox (the shortest and longest per language); and the voice's
lag behind the balls (``lag``): the console's automatic extraction at 3 s per ball on the real
emulated devices, calls in Spanish and Basque taking their real length, from a ball recorded
to its call starting and ending, with the extraction following the voice (decision 720) and,
as before it, not.

``main()`` prints one figure per line (seconds). Needs the Debian packages espeak-ng and sox.
``BENCH_VOICE_BALLS`` sets the balls of each lag run (12).
"""

from __future__ import annotations

import itertools
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from drivers.voice import BallVoice

LANGUAGES = ("es", "eu", "ca", "en")


def _seconds(wav: Path) -> float:
    out = subprocess.run(["soxi", "-D", str(wav)], capture_output=True, text=True, check=True)
    return float(out.stdout)


def main() -> None:
    if not (shutil.which("espeak-ng") and shutil.which("soxi")):
        print("espeak-ng or sox missing (scripts/system-deps.sh): nothing measured")
        return
    with tempfile.TemporaryDirectory() as cache:
        voice = BallVoice(LANGUAGES, cache)
        report = voice.prepare()
        print(
            f"prepare {len(LANGUAGES)} languages: {report.rendered} calls rendered in "
            f"{report.seconds:.2f} s ({report.seconds / max(report.rendered, 1) * 1000:.0f} ms "
            "per call)"
        )
        again = voice.prepare()
        print(
            f"prepare again: {again.rendered} rendered, {again.cached} cached, "
            f"{again.seconds:.3f} s"
        )
        started = time.perf_counter()
        for number in range(1, 91):
            voice.wav_for(number, "es")
        per_call = (time.perf_counter() - started) / 90
        print(f"a cached call: {per_call * 1e6:.0f} µs")
        for language in LANGUAGES:
            lengths = {n: _seconds(voice.wav_for(n, language)) for n in range(1, 91)}
            shortest = min(lengths, key=lengths.__getitem__)
            longest = max(lengths, key=lengths.__getitem__)
            print(
                f"{language}: calls last {lengths[shortest]:.2f} s ({shortest}) to "
                f"{lengths[longest]:.2f} s ({longest}), mean {sum(lengths.values()) / 90:.2f} s"
            )
        for follow in (False, True):
            lag(cache, follow, int(os.environ.get("BENCH_VOICE_BALLS", "12")))


PACE = 3.0  # the hall's fastest pace (decision 251)
REAL_TIME_PLAYER = ("sh", "-c", 'sleep "$(soxi -D "$0")"')  # a loudspeaker's time, no sound


def lag(cache: str, follow: bool, balls: int) -> None:
    """One automatic extraction of ``balls`` balls; prints the lag of each call behind its ball."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from app.config import VoiceConfig
    from app.devices import feed_voice
    from bingo import events as ev
    from drivers.sessions import start_emulated_session
    from drivers.voice import AudioOut, Voice
    from tests.drivers.hallkit import EXTRACTOR, LINK, READER, SHORT_GRACE
    from tests.ui.kit import make_hall
    from ui.bridge import Bridge
    from ui.console import ConsoleDefaults, ConsoleWindow

    app = QApplication.instance() or QApplication([])
    settings = VoiceConfig(enabled=True, languages=("es", "eu"), cache_dir=cache)
    voice = Voice(settings, audio=AudioOut(REAL_TIME_PLAYER))
    recorded: dict[int, float] = {}
    started: dict[int, float] = {}
    ended: dict[int, float] = {}
    before: list[tuple[int, ...]] = [()]

    def changed(calls: tuple[int, ...]) -> None:
        now = time.perf_counter()
        for number in before[0]:
            if number not in calls:
                ended[number] = now
        if calls and calls[0] not in started:
            started[calls[0]] = now  # the one before has ended: this one is being said
        before[0] = calls

    voice.on_change = changed
    kit = make_hall()
    session: Any = start_emulated_session(
        7, [], link_timing=LINK, draw_timing=SHORT_GRACE, extractor_model=EXTRACTOR,
        reader_model=READER,
    )  # fmt: skip

    def committed(_record: Any, event: Any) -> None:
        if isinstance(event, ev.BallDrawn):
            recorded[event.number] = time.perf_counter()

    kit.svc.subscribe(committed)  # before the voice: the ball is stamped before it is queued
    stop_voice = feed_voice(kit.svc, voice.call)
    bridge = Bridge()
    bridge.attach(kit.svc)
    console = ConsoleWindow(
        kit.svc,
        session.source,
        bridge=bridge,
        defaults=ConsoleDefaults("Mesa", "Sala", today=lambda: "2026-11-23"),
    )
    console.show()
    if follow:
        console.autodraw.follow_voice(voice.pending)
    kit.partida_ready((("A", 10),))
    try:
        end = time.perf_counter() + 60
        while not console.extraction_page.draw_device_button.isEnabled():
            if time.perf_counter() > end:
                raise RuntimeError("the devices never became ready")
            app.processEvents()
            time.sleep(0.005)
        console.autodraw.pace.setValue(PACE)
        console.autodraw.start()
        end = time.perf_counter() + balls * 12 + 60
        while len(ended) < balls:
            partida = kit.hall.partida
            if partida is not None and len(partida.balls) >= balls:
                console.autodraw.stop("bench")
            if time.perf_counter() > end:
                raise RuntimeError(f"the calls never ended: {console.autodraw.state.text()}")
            app.processEvents()
            time.sleep(0.005)
    finally:
        console.autodraw.stop("bench")
        stop_voice()
        voice.close()
        console.close_now()
        bridge.close()
        session.stop()
        console.deleteLater()
        app.processEvents()
    order = [n for n in sorted(recorded, key=recorded.__getitem__)][:balls]
    starts = [started[n] - recorded[n] for n in order]
    ends = [ended[n] - recorded[n] for n in order]
    gaps = [recorded[b] - recorded[a] for a, b in itertools.pairwise(order)]
    overlaps = sum(1 for a, b in itertools.pairwise(order) if recorded[b] < ended[a])
    name = "following the voice" if follow else "not following (before)"
    print(
        f"lag, {name}: {balls} balls, one every {statistics.mean(gaps):.2f} s; call starts "
        f"{statistics.mean(starts):.2f} s after its ball (max {max(starts):.2f}, last "
        f"{starts[-1]:.2f}), ends {statistics.mean(ends):.2f} s after (max {max(ends):.2f}, "
        f"last {ends[-1]:.2f}); balls on the panels before the last call ended: {overlaps}"
    )


if __name__ == "__main__":
    main()
