"""The console with the emulated extractor and reader on pseudo-terminals, at 1366×768 and
1920×1080, into docs/img/: the automatic extraction running, and the alarm of a lost reader
(run by hand: ``QT_QPA_PLATFORM=offscreen python -m tests.ui.screenshots_devices``, also run by
``tests.ui.screenshots``; look at them after a change).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtWidgets import QApplication

from drivers.sessions import start_emulated_session
from tests.drivers.hallkit import EXTRACTOR, LINK, READER, SHORT_GRACE
from tests.ui.kit import make_hall
from tests.ui.screenshots import shoot
from ui.bridge import Bridge
from ui.console import ConsoleDefaults, ConsoleWindow


def wait(app: QApplication, condition: Callable[[], bool], seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            raise RuntimeError("the console never got there")
        app.processEvents()
        time.sleep(0.005)


def main() -> None:
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    kit = make_hall(series=(("A", 1500, 100, False),), strips=250)
    session = start_emulated_session(
        7,
        [],
        link_timing=LINK,
        draw_timing=SHORT_GRACE,
        extractor_model=EXTRACTOR,
        reader_model=READER,
    )
    bridge = Bridge()
    bridge.attach(kit.svc)
    bridge.watch(session.extractor, session.reader)
    console = ConsoleWindow(
        kit.svc,
        session.source,
        bridge=bridge,
        defaults=ConsoleDefaults(
            "Ana Mesa", "Luis Sala", today=lambda: "2026-11-22", auto_draw_seconds=0.05
        ),
    )
    console.show()
    try:
        kit.partida_ready([("A", 120)])
        partida = kit.hall.partida
        assert partida is not None
        from ui.console import autodraw

        hall_minimum, autodraw.MIN_PACE = autodraw.MIN_PACE, 0.0  # seven balls quickly first
        console.autodraw.start()
        wait(app, lambda: len(partida.balls) >= 7)
        autodraw.MIN_PACE = hall_minimum
        console.autodraw.stop("la mesa pulsó PARAR")
        wait(app, lambda: not bridge.busy and not console.desk.drawing)
        console.autodraw.pace.setValue(8.0)
        console.autodraw.start()  # shown running at a hall's pace: 8 s a ball
        wait(app, lambda: not bridge.busy and not console.desk.drawing)
        shoot(console, "auto", app)
        console.autodraw.stop("la mesa pulsó PARAR")
        session.hall.reader.disconnect(30.0, "unplug")
        wait(app, console.alarm.isVisible)
        shoot(console, "alarm", app)
    finally:
        console.close_now()
        bridge.close()
        session.stop()


if __name__ == "__main__":
    main()
