"""The console: from a ball accepted (committed to the record) to the console showing it (the
newest ball of the strip painted with its number), p50 and p99 over 240 balls.

Two runs, both through the console's own paths on a 1366×768 window (offscreen platform):
balls typed by the jefe de mesa (the Extracción page's field and Enter, as without devices),
and balls drawn by the emulated extractor and reader on pseudo-terminals (F6's path: the draw
on the bridge's worker, the record on the GUI thread). The commit is stamped by the hall
service's subscriber, called in the committing thread right after the commit; the paint by an
event filter on the strip's newest ball. One clock. The machine is shared: the figures are
indicative.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

PARTIDAS = 3
BALLS_PER_PARTIDA = 80  # 240 balls in all


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _show(name: str, values: list[float]) -> None:
    print(
        f"  {name:36s} n {len(values):4d}  p50 {statistics.median(values):6.1f} ms  "
        f"p99 {_percentile(values, 0.99):6.1f} ms  max {max(values):6.1f} ms"
    )


def _run(devices: bool) -> list[float]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication

    from bingo import events as ev
    from tests.ui.kit import make_hall
    from ui.bridge import Bridge
    from ui.console import ConsoleDefaults, ConsoleWindow

    app = QApplication.instance() or QApplication([])
    figures: list[float] = []

    class Painted(QObject):
        """Stamps the first paint of the strip's newest ball showing the awaited number."""

        def __init__(self) -> None:
            super().__init__()
            self.awaited: dict[int, float] = {}  # number -> when it was committed

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and self.awaited:
                text = watched.text()  # type: ignore[attr-defined]
                if text.isdigit() and int(text) in self.awaited:
                    figures.append((time.perf_counter() - self.awaited.pop(int(text))) * 1000)
            return False

    for _ in range(PARTIDAS):
        kit = make_hall()
        session: Any = None
        source = None
        if devices:
            from drivers.sessions import start_emulated_session
            from tests.drivers.hallkit import EXTRACTOR, LINK, READER, SHORT_GRACE

            session = start_emulated_session(
                7,
                [],
                link_timing=LINK,
                draw_timing=SHORT_GRACE,
                extractor_model=EXTRACTOR,
                reader_model=READER,
            )
            source = session.source
        bridge = Bridge()
        bridge.attach(kit.svc)
        console = ConsoleWindow(
            kit.svc,
            source,
            bridge=bridge,
            defaults=ConsoleDefaults("Mesa", "Sala", today=lambda: "2026-11-23"),
        )
        console.resize(1366, 768)
        console.show()
        watcher = Painted()
        console.strip.balls[0].installEventFilter(watcher)

        def committed(_record: Any, event: Any, watcher: Painted = watcher) -> None:
            if isinstance(event, ev.BallDrawn):
                watcher.awaited[event.number] = time.perf_counter()

        unsubscribe = kit.svc.subscribe(committed)
        kit.partida_ready((("A", 10),))
        idle = _idle(bridge, console)
        try:
            for index in range(BALLS_PER_PARTIDA):
                before = len(figures)
                if devices:
                    _wait(app, idle, 10)
                    console.draws.draw_from_devices()
                else:
                    partida = kit.hall.partida
                    assert partida is not None
                    number = next(n for n in range(1, 91) if n not in partida.balls)
                    console.pages.setCurrentIndex(2)
                    console.extraction_page.ball_input.setText(str(number))
                    console.draws.draw_typed()
                if not _wait(app, partial(_grew, figures, before), 10):
                    raise RuntimeError(f"ball {index + 1} never shown: {console.error.text()}")
        finally:
            unsubscribe()
            console.close_now()
            bridge.close()
            if session is not None:
                session.stop()
            console.deleteLater()
            app.processEvents()
    return figures


def _idle(bridge: Any, console: Any) -> Callable[[], bool]:
    """No draw on its way: the next one may be asked for."""
    return lambda: not bridge.busy and not console.desk.drawing


def _wait(app: Any, condition: Callable[[], bool], seconds: float) -> bool:
    end = time.perf_counter() + seconds
    while not condition():
        if time.perf_counter() > end:
            return False
        app.processEvents()
        time.sleep(0.0005)
    return True


def _grew(figures: list[Any], before: int) -> bool:
    return len(figures) > before


def main() -> None:
    typed = _run(devices=False)
    print("The console at 1366x768 (offscreen), shared machine:")
    _show("typed ball committed -> shown", typed)
    drawn = _run(devices=True)
    _show("devices' ball committed -> shown", drawn)


if __name__ == "__main__":
    main()
