"""The centre's and the joined hall's command lines refuse bad input with a message, exit 1 or
2, and change nothing (no traceback)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.server.kit import ROOT


def run(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    return subprocess.run(
        [sys.executable, *argv], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--centre"], "--db"),
        (["--centre", "--db", "sqlite:///{tmp}/c.sqlite"], "--cert y --key"),
        (["--db", "sqlite:///{tmp}/h.sqlite", "--join", "wss://127.0.0.1:1"], "--join-secret-file"),
        (
            [
                "--db",
                "sqlite:///{tmp}/h.sqlite",
                "--join",
                "wss://127.0.0.1:1",
                "--join-secret-file",
                "{tmp}/no-hay",
                "--join-db",
                "sqlite:///{tmp}/x.sqlite",
            ],
            "no se puede leer",
        ),
        (["--db", "sqlite:///{tmp}/h.sqlite", "--join", "http://centro"], "wss://"),
    ],
)
def test_centre_and_join_refuse_bad_arguments_and_open_nothing(
    tmp_path: Path, argv: list[str], words: str
) -> None:
    done = run(tmp_path, "-m", "app.cli", "serve", *(a.format(tmp=tmp_path) for a in argv))
    assert done.returncode == 1, done.stderr
    assert words in done.stderr and "Traceback" not in done.stderr
    assert not list(tmp_path.glob("*.sqlite"))  # nothing was created


def test_certificate_script_says_how_to_use_it(tmp_path: Path) -> None:
    done = run(tmp_path, "-m", "app.centre.tls")
    assert done.returncode == 2 and "CARPETA" in done.stdout
    made = run(tmp_path, "-m", "app.centre.tls", str(tmp_path / "pki"))
    assert made.returncode == 0
    assert (tmp_path / "pki" / "centre.key").stat().st_mode & 0o077 == 0
