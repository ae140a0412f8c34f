"""The Qt board and the web panel lay a game's numbers out alike (decision 276): the Python
``ui.panels.board.grid_for`` and ``gridFor`` of app/web/panel.js give the same rows × columns
for every board a game may have (the catalogue's 6 to 100 numbers), run side by side in node.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

pytest.importorskip("PySide6")

from tests.server.kit import ROOT
from ui.panels.board import grid_for

COUNTS = range(6, 101)  # derivado: 6–90 numbers; plus: at most 100 (docs/games.md)


def web_grids(counts: range) -> dict[int, tuple[int, int]]:
    """``gridFor`` of the web panel, taken from its file as the page runs it."""
    script = (ROOT / "app" / "web" / "panel.js").read_text("utf-8")
    layout = script[script.index("function gridFor") : script.index("build(90);")]
    program = (
        layout
        + f"const out = {{}}; for (let n = {counts.start}; n < {counts.stop}; n++) "
        + "{ const g = gridFor(n); out[n] = [g.rows, g.columns]; }"
        + "process.stdout.write(JSON.stringify(out));"
    )
    done = subprocess.run(
        ["node", "-e", program], capture_output=True, text=True, timeout=30, check=True
    )
    return {int(n): (rc[0], rc[1]) for n, rc in json.loads(done.stdout).items()}


@pytest.mark.skipif(
    shutil.which("node") is None,
    reason="node is not installed: no JavaScript to run panel.js's gridFor",
)
def test_the_qt_board_lays_out_every_game_s_numbers_as_the_web_panel_does() -> None:
    web = web_grids(COUNTS)
    qt = {n: grid_for(n) for n in COUNTS}
    assert set(web) == set(COUNTS)
    differ = {n: (qt[n], web[n]) for n in COUNTS if qt[n] != web[n]}
    assert not differ, f"(rows, columns) Qt vs web: {differ}"
