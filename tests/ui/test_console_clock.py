"""The hall PC's clock at the console: a clock the system says is not synchronised is a warning
in the status bar for the whole night and a line of the event log; one whose state nothing here
can tell is said as unknown, quietly; a synchronised one adds nothing. The system's own
`timedatectl` answers (a program on the PATH).
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from tests.bingo.hallkit import Kit
from tests.ui.kit import open_console
from ui.bridge import Bridge


def timedatectl(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, answer: str | None) -> None:
    bin_dir = tmp_path / f"bin-{answer}"
    bin_dir.mkdir()
    if answer is not None:
        program = bin_dir / "timedatectl"
        program.write_text(f"#!/bin/sh\necho {answer}\n", "utf-8")
        program.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))


@pytest.mark.parametrize(
    ("answer", "shown"),
    [("no", "⚠ reloj sin sincronizar"), (None, "reloj: sincronización desconocida"), ("yes", None)],
)
def test_the_console_shows_a_clock_that_is_not_kept_synchronised(
    qtbot: QtBot,
    kit: Kit,
    bridges: list[Bridge],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    answer: str | None,
    shown: str | None,
) -> None:
    from app.run import _show_clock

    console = open_console(qtbot, kit, bridges)
    timedatectl(tmp_path, monkeypatch, answer)
    _show_clock(console)
    label = console.statusBar().findChild(QLabel, "clock_state")
    if shown is None:
        assert label is None
        return
    assert label is not None and label.isVisible() and label.text() == shown
    log = console.event_log
    logged = [log.item(i).text() for i in range(log.count())]
    warned = any("no está sincronizado" in line for line in logged)
    assert warned == (answer == "no")
    if answer == "no":
        assert "no está sincronizado" in label.toolTip()
