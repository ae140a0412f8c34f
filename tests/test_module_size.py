"""The code stays readable: no module of the project grows past ~800 lines (docs/architecture.md).
A module that reaches it is cut where its parts are cohesive, as ``bingo/hall/``,
``actas/styles/`` and the command line's ``app/*_cli.py`` were, never by moving lines about at
random; the console's translation catalogues keep their dialogs' texts in modules of their own.
"""

from __future__ import annotations

from pathlib import Path

LIMIT = 800
ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("app", "bingo", "drivers", "ui", "actas", "store")


def test_no_module_of_the_project_is_over_800_lines() -> None:
    sizes = {
        path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }
    assert len(sizes) > 100, "the project's modules were not found"
    over = {name: lines for name, lines in sizes.items() if lines > LIMIT}
    assert not over, f"modules over {LIMIT} lines: {over}"
