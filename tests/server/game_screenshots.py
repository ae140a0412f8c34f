"""The web panel's layouts during a partida of bingo plus, mid-play, at 1920x1080 and 1280x720,
from a real server and Debian's headless chromium: ``python -m tests.server.game_screenshots
[FOLDER]`` writes panel-game-<layout>-<w>x<h>.png there (by default docs/img; docs/games.md
shows two of them).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from tests.server.kit import ROOT, Client, Server, browser, open_session, resize, wait_for
from tests.server.test_game_partidas import game_ready

SIZES = ((1920, 1080), (1280, 720))
SHOWING = "window.__panel.online && document.body.classList.contains('game')"
LAYOUTS = ("board", "last", "prizes")
#: Balls of the game's drum, as a jefe de mesa might read them (no prize settled yet).
BALLS = (12, 1, 3, 68, 25, 71, 39, 8, 54, 30, 61, 17, 44, 75, 6, 59, 22, 36, 50, 47)


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "img"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "hall.sqlite").start()
        driver = None
        try:
            console = Client(server)
            open_session(console)
            game_ready(console, "plus-4x5", "P-0001", "plus-4x5-600", paper=300, electronic=120)
            for ball in BALLS:
                console.do("draw_game_ball", number=ball)
            driver = browser()
            for width, height in SIZES:
                resize(driver, width, height)
                for layout in LAYOUTS:
                    driver.get(server.panel(layout))
                    wait_for(
                        driver, "window.__panel.online && document.body.classList.contains('game')"
                    )
                    time.sleep(0.3)  # the clock's first tick
                    path = out / f"panel-game-{layout}-{width}x{height}.png"
                    driver.save_screenshot(str(path))
                    print(path)
        finally:
            if driver is not None:
                driver.quit()
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
