"""The domain stays readable: no module of ``bingo`` grows past ~800 lines (docs/architecture.md,
"The hall aggregate is a package of small modules"). A module that reaches it is cut where its
parts are cohesive, as ``bingo/hall/`` was, never by moving lines about at random.
"""

from __future__ import annotations

from pathlib import Path

import bingo

LIMIT = 800


def test_no_module_of_the_domain_is_over_800_lines() -> None:
    root = Path(bingo.__file__).parent
    sizes = {
        path.relative_to(root.parent).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in sorted(root.rglob("*.py"))
    }
    assert sizes, "no modules found under bingo/"
    over = {name: lines for name, lines in sizes.items() if lines > LIMIT}
    assert not over, f"modules of the domain over {LIMIT} lines: {over}"
