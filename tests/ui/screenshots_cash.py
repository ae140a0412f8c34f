"""The cash drawer, the summary before the close, the console's options and the console in
Basque, at 1366×768 and 1920×1080, into docs/img/ (run by hand:
``QT_QPA_PLATFORM=offscreen python -m tests.ui.screenshots_cash``; look at them after a
change). A dialog is drawn over the console where it opens, as the jefe de mesa sees it.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import QApplication, QDialog

from tests.ui.kit import BALLS
from tests.ui.screenshots import FIRST, OUT, SIZES, night
from ui.bridge import Bridge
from ui.console import ConsoleDefaults, ConsoleWindow
from ui.console.options import ConsoleOptions, OptionsDialog
from ui.i18n import use_console_language


def settle(app: QApplication) -> None:
    for _ in range(4):
        app.processEvents()


def shoot(console: ConsoleWindow, name: str, app: QApplication, dialog: QDialog | None) -> None:
    for width, height in SIZES:
        console.resize(width, height)
        settle(app)
        picture = console.grab()
        if dialog is not None:
            dialog.adjustSize()
            dialog.resize(max(dialog.width(), 720), dialog.height())
            settle(app)
            over = dialog.grab()
            canvas = QPixmap(picture)
            painter = QPainter(canvas)
            painter.fillRect(canvas.rect(), QColor(0, 0, 0, 70))  # the console dimmed behind
            at = QPoint((width - over.width()) // 2, max(0, (height - over.height()) // 3))
            painter.drawPixmap(at, over)
            painter.end()
            picture = canvas
        picture.save(str(OUT / f"console-{name}-{width}x{height}.png"))


def console_for(kit_bridge: tuple[object, Bridge]) -> ConsoleWindow:
    kit, bridge = kit_bridge
    console = ConsoleWindow(
        kit.svc,  # type: ignore[attr-defined]
        bridge=bridge,
        defaults=ConsoleDefaults("Ana Mesa", "Luis Sala", today=lambda: "2026-11-22"),
    )
    console.options = ConsoleOptions(printer="Caja-HP-LaserJet", float_cents=15_000)
    console.show()
    return console


def main() -> None:
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    kit = night()
    bridge = Bridge()
    bridge.attach(kit.svc)
    console = console_for((kit, bridge))
    try:
        # partida 10 selling: the drawer mid-night (Ctrl+T)
        kit.svc.start_partida()
        kit.svc.sell_count("A", 60)
        settle(app)
        console.pages.setCurrentIndex(1)
        console.cash.show_drawer()
        assert console.dialog is not None
        shoot(console, "drawer", app, console.dialog)
        console.dialog.reject()
        # the options (Ctrl+O)
        options = OptionsDialog(console.options, console)
        shoot(console, "options", app, options)
        options.deleteLater()
        # the night played out, then F10: the summary before the close
        kit.svc.close_sale()
        kit.svc.confirm_data_shown()
        kit.finish_with_bingo(FIRST)
        assert kit.svc.record_ball_check("S1", "close", BALLS)
        settle(app)
        console.pages.setCurrentIndex(0)
        console.counts.close_session()
        assert console.dialog is not None
        shoot(console, "close-summary", app, console.dialog)
        console.dialog.reject()
    finally:
        console.close_now()
        bridge.close()

    # the console in Basque, a partida in play
    remove = use_console_language("eu")
    kit = night()
    bridge = Bridge()
    bridge.attach(kit.svc)
    console = console_for((kit, bridge))
    try:
        kit.partida_ready([("A", 80)])
        carton = kit.carton(FIRST)
        kit.draw(carton.rows[0])
        settle(app)
        console.pages.setCurrentIndex(2)
        console.extraction_page.claim_number.setText(str(FIRST))
        console.claims.check_claim()
        shoot(console, "eu-line", app, None)
        console.pages.setCurrentIndex(0)
        shoot(console, "eu-session", app, None)
    finally:
        console.close_now()
        bridge.close()
        remove()


if __name__ == "__main__":
    main()
