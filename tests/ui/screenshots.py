"""The console's pages at 1366×768 and 1920×1080, mid-night, into docs/img/ (run by hand:
``QT_QPA_PLATFORM=offscreen python -m tests.ui.screenshots``; look at them after a change).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from bingo.rules import RegionRules
from tests.ui.kit import Kit, make_hall
from ui.bridge import Bridge
from ui.console import ConsoleDefaults, ConsoleWindow

OUT = Path(__file__).resolve().parents[2] / "docs" / "img"
SIZES = ((1366, 768), (1920, 1080))
RULES = RegionRules(region="cantabria", bola_loca_bp=100, bingo_bp=5000)
FIRST = 901  # the tenth partida's first cartón


def night() -> Kit:
    """Nine partidas played: the prima in play in the tenth; its bola loca number is the ball
    that completes cartón 901's bingo."""
    probe = make_hall(series=(("A", 1500, 100, False),), strips=250)
    carton = probe.carton(FIRST)
    rest = [n for n in sorted(carton.numbers) if n not in carton.rows[0]]
    kit = make_hall(
        rules=RULES,
        prima_cents=5000,
        series=(("A", 1500, 100, False),),
        strips=250,
        bola=[[rest[-1]]] * 10,
    )
    for _ in range(9):
        kit.partida_ready([("A", 100)])
        partida = kit.hall.partida
        assert partida is not None
        kit.finish_with_bingo(partida.sales[0].first)
    return kit


def shoot(console: ConsoleWindow, name: str, app: QApplication) -> None:
    for width, height in SIZES:
        console.resize(width, height)
        for _ in range(3):
            app.processEvents()
        console.grab().save(str(OUT / f"console-{name}-{width}x{height}.png"))


def main() -> None:
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    kit = night()
    bridge = Bridge()
    bridge.attach(kit.svc)
    console = ConsoleWindow(
        kit.svc,
        bridge=bridge,
        defaults=ConsoleDefaults("Ana Mesa", "Luis Sala", today=lambda: "2026-11-22"),
    )
    console.show()
    try:
        console.pages.setCurrentIndex(0)
        shoot(console, "session", app)
        kit.svc.start_partida()
        kit.svc.sell_count("A", 60)
        kit.svc.sell_count("A", 400)  # a slip: 400 for 40, to be returned with Alt+D
        app.processEvents()
        console.pages.setCurrentIndex(1)
        shoot(console, "sale", app)
        kit.svc.return_cartones(360)
        kit.svc.close_sale()
        kit.svc.confirm_data_shown()
        carton = kit.carton(FIRST)
        kit.draw(carton.rows[0])
        app.processEvents()
        console.pages.setCurrentIndex(2)
        console.extraction_page.claim_number.setText(str(FIRST))
        console.claims.check_claim()
        shoot(console, "line-question", app)
        console.claims.asked_more()
        partida = kit.hall.partida
        assert partida is not None
        kit.draw_rest_until(sorted(carton.numbers))
        app.processEvents()
        console.extraction_page.claim_bingo.setChecked(True)
        console.claims.check_claim()
        shoot(console, "bingo-prima", app)
        console.claims.asked_more()
        console.claims.close_partida()
        shoot(console, "prizes", app)
    finally:
        console.close_now()
        bridge.close()


if __name__ == "__main__":
    main()
    from tests.ui import screenshots_devices  # the pages with the devices: alarm, automatic

    screenshots_devices.main()
