"""`bingo-hall run` says which devices the balls come from: the real serial lines of the hall's
settings are never announced as emulated devices (R-DEV-1); the boards of those settings are
lit by the console too (R-PANEL-2)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.run import EXIT_AFTER_ENV
from drivers.emulators import start_emulators
from tests.e2e.test_boards_serial import sent_to_boards
from tests.ui.test_settings_languages import hall_file

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.timeout(120)


def test_the_console_on_the_hall_s_serial_lines_does_not_say_emulated(tmp_path: Path) -> None:
    hall = start_emulators(("extractor", "reader", "board"), seed=3)
    spy = tmp_path / "board-line.txt"
    try:
        ports = hall.urls()
        config = hall_file(
            tmp_path,
            f'[devices]\nextractor = "{ports["extractor"]}"\nreader = "{ports["reader"]}"\n'
            f'boards = ["spy://{ports["board"]}?file={spy}"]',
        )
        env = {
            **os.environ,
            "QT_QPA_PLATFORM": "offscreen",
            EXIT_AFTER_ENV: "1500",
            "PYTHONPATH": os.pathsep.join(
                p for p in (os.environ.get("PYTHONPATH", ""), str(ROOT)) if p
            ),
        }
        db = f"sqlite:///{tmp_path / 'hall.sqlite'}"
        command = [
            sys.executable, "-m", "app.cli", "run", "--db", db, "--config", str(config),
            "--devices", "serial",
        ]  # fmt: skip
        done = subprocess.run(
            command, env=env, cwd=tmp_path, capture_output=True, text=True, timeout=90
        )
    finally:
        hall.stop()
    assert done.returncode == 0, done.stderr
    opened = [line for line in done.stdout.splitlines() if "consola abierta" in line]
    assert opened, done.stdout
    assert "extractor y lector en serie" in opened[0]
    assert "emulados" not in opened[0]
    # the console put the hall's state on the board line the settings name (a SHOW frame)
    assert spy.exists() and sent_to_boards(spy), done.stdout
