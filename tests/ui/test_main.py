"""`bingo-hall run`: the no-display message, the first-run set-up, and the real program
started under the offscreen platform."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from app.config import load_hall
from app.run import (
    EXIT_AFTER_ENV,
    _run_gui,
    display_problem,
    prepare_hall,
    pyside_problem,
    run_console,
)
from bingo.service import HallService, MemoryEventLog
from tests.ui.conftest import leaked_windows
from tests.ui.test_settings_languages import hall_file
from ui.console import ConsoleWindow
from ui.panels.hall_panel import HallPanel

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_display_the_console_says_so_and_how_to_go_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    args = argparse.Namespace(db=None, hall=None, config=None, devices="emulated")

    assert run_console(args) == 1  # refused: 2 is only a wrong command line
    err = capsys.readouterr().err
    assert "no hay pantalla gráfica" in err
    assert "bingo-hall simulate" in err
    assert "xvfb-run make run" in err
    assert "QT_QPA_PLATFORM=offscreen" in err


@pytest.mark.parametrize(
    ("environ", "platform", "blocked"),
    [
        ({}, "linux", True),
        ({"DISPLAY": ":0"}, "linux", False),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", False),
        ({"QT_QPA_PLATFORM": "offscreen"}, "linux", False),
        ({}, "win32", False),
        ({}, "darwin", False),
    ],
)
def test_which_environments_have_a_display(
    environ: dict[str, str], platform: str, blocked: bool
) -> None:
    assert (display_problem(environ, platform) is not None) is blocked


def test_the_pyside_release_that_aborts_python_311_is_refused_in_words() -> None:
    assert pyside_problem("6.12.0", (3, 11)) is not None
    assert "PySide6-Essentials<6.12" in (pyside_problem("6.12.0", (3, 11)) or "")
    assert pyside_problem("6.12.0", (3, 12)) is None
    assert pyside_problem("6.11.3", (3, 11)) is None


def test_a_fresh_record_gets_the_hall_of_the_settings_once() -> None:
    settings = load_hall()
    service = HallService(MemoryEventLog(), settings.hall_id)
    prepare_hall(service, settings)
    hall = service.hall
    assert hall.name == settings.name
    assert hall.rules is not None
    assert settings.card_set_id in hall.card_set_info
    assert list(hall.series) == [f"{settings.series_prefix}-0001"]
    assert hall.ball_set is not None and hall.ball_set.id == settings.ball_set_id
    assert hall.prima.amount_cents == settings.prima_initial_cents
    version = hall.version
    prepare_hall(service, settings)
    assert service.hall.version == version  # nothing twice


def test_the_window_leak_check_finds_a_window_left_open(qtbot: QtBot) -> None:
    before: set[int] = set()
    window = QWidget()
    window.setObjectName("forgotten")
    window.show()
    try:
        assert window in leaked_windows(before)
    finally:
        window.close()
        window.deleteLater()
    assert window not in leaked_windows(before)


@pytest.mark.slow
def test_the_real_program_comes_up_and_exits_cleanly(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        EXIT_AFTER_ENV: "1500",
        "PYTHONPATH": os.pathsep.join(
            p for p in (os.environ.get("PYTHONPATH", ""), str(ROOT)) if p
        ),
    }
    db = f"sqlite:///{tmp_path / 'hall.sqlite'}"
    command = [sys.executable, "-m", "app.cli", "run", "--db", db, "--devices", "emulated"]
    done = subprocess.run(
        command, env=env, cwd=tmp_path, capture_output=True, text=True, timeout=90
    )
    assert done.returncode == 0, done.stderr
    assert "consola abierta" in done.stdout
    assert "Traceback" not in done.stderr

    # the record now holds the hall: a second start finds it and does not set it up again
    again = subprocess.run(
        command, env=env, cwd=tmp_path, capture_output=True, text=True, timeout=90
    )
    assert again.returncode == 0, again.stderr
    assert "consola abierta (sala cantabria-001" in again.stdout


@pytest.mark.parametrize("console_language", ["en", "gl"])
def test_the_program_opens_the_console_and_the_panel_in_the_hall_s_languages(
    qapp: QApplication,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    console_language: str,
) -> None:
    settings = load_hall(
        hall_file(tmp_path, f'languages = ["es", "gl"]\nconsole_language = "{console_language}"')
    )
    service = HallService(MemoryEventLog(), settings.hall_id)
    prepare_hall(service, settings)
    monkeypatch.setenv(EXIT_AFTER_ENV, "600")
    seen: dict[str, str] = {}

    def look() -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, ConsoleWindow) and widget.isVisible():
                seen["console"] = widget.session_page.open_session_button.text()
            if isinstance(widget, HallPanel) and widget.isVisible():
                seen["panel"] = widget.line_prize.caption.text()
                seen["panel2"] = widget.line_prize.caption2.text()

    QTimer.singleShot(300, look)
    assert _run_gui(service, settings, None, lambda: None) == 0

    opened = {"en": "Open the session (F2)", "gl": "Abrir a sesión (F2)"}
    assert seen["console"] == opened[console_language]
    assert (seen["panel"], seen["panel2"]) == ("LÍNEA", "LIÑA")
    err = capsys.readouterr().err
    assert "la consola aún no está traducida" not in err  # every hall language has one
    # the translator goes with the program: a console made now is Spanish
    assert QCoreApplication.translate("Console", "Abrir la sesión (F2)") == "Abrir la sesión (F2)"
