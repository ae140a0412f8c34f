"""`make screenshots`: the web panel's layouts at 1920x1080 and 1280x720, mid-partida, written
to docs/img/panel-<layout>-<w>x<h>.png (and the "sin conexión" screen), from a real server
and Debian's headless chromium.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from tests.server.kit import (
    ROOT,
    Client,
    Server,
    browser,
    carton_rows,
    draw,
    open_session,
    partida_ready,
    resize,
    wait_for,
)

SIZES = ((1920, 1080), (1280, 720))
LAYOUTS = ("board", "last", "prizes", "instructions")


def main() -> int:
    out = ROOT / "docs" / "img"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "hall.sqlite").start()
        driver = None
        try:
            console = Client(server)
            open_session(console)
            partida_ready(console, count=1500)
            rows = carton_rows(1)
            draw(console, [*rows[0], 90, 2, 47, 33, 61, 18, 75])
            console.do("claim", series="A-0001", number=1, prize="line")
            draw(console, [29, 84])
            driver = browser()
            for width, height in SIZES:
                resize(driver, width, height)
                for layout in LAYOUTS:
                    driver.get(server.panel(layout))
                    wait_for(driver, "window.__panel.online")
                    if layout == "instructions":  # its first page, once measured
                        wait_for(driver, "window.__instructions.pages.length > 0")
                    time.sleep(0.3)  # the clock's first tick
                    path = out / f"panel-{layout}-{width}x{height}.png"
                    driver.save_screenshot(str(path))
                    print(path.relative_to(ROOT))
            resize(driver, 1920, 1080)
            driver.get(server.panel("board", "es,eu"))
            wait_for(driver, "window.__panel.online")
            server.kill()
            wait_for(driver, "!window.__panel.online")
            path = out / "panel-offline-1920x1080.png"
            driver.save_screenshot(str(path))
            print(path.relative_to(ROOT))
        finally:
            if driver is not None:
                driver.quit()
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
