"""scripts/postgres.sh: its stdout is captured as the test database URL and must hold nothing else.

The Debian cluster tools are replaced on PATH by small shell programs that behave like them
on a machine restored from an image saved with the server running: ``pg_ctlcluster start``
says "Removed stale pid file." on stdout and leaves a daemon behind, and the socket lock of
the dead server is still there. The real server is exercised by the ``postgres`` tests.
"""

from __future__ import annotations

import os
import stat
import subprocess
import time
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "postgres.sh"
URL = "postgresql+psycopg://bingo:bingo@127.0.0.1:55432/bingo_test"


def _tool(bin_dir: Path, name: str, body: str) -> None:
    path = bin_dir / name
    path.write_text("#!/usr/bin/env bash\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


@pytest.fixture
def machine(tmp_path: Path) -> dict[str, str]:
    """A fake Debian PostgreSQL 15 install whose server is down, with a stale socket lock."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    state = tmp_path / "state"
    state.mkdir()
    libdir = tmp_path / "lib"
    (libdir / "15" / "bin").mkdir(parents=True)
    (libdir / "15" / "bin" / "postgres").touch()
    sockdir = tmp_path / "run"
    sockdir.mkdir()
    # A pid no process has: the lock of a server that died with the machine image.
    (sockdir / ".s.PGSQL.55432.lock").write_text("4194000\n/var/lib/postgresql/15/main\n")
    up = state / "up"

    _tool(bin_dir, "id", "echo 0\n")
    _tool(bin_dir, "runuser", 'shift 3; exec "$@"\n')
    _tool(bin_dir, "pg_isready", f'[ -e "{up}" ]\n')
    _tool(bin_dir, "psql", f'cat >/dev/null; [ -e "{up}" ]\n')
    _tool(bin_dir, "pg_lsclusters", 'echo "15 main 55432 down postgres /x /y"\n')
    _tool(bin_dir, "pg_createcluster", "exit 1\n")
    _tool(bin_dir, "pg_conftool", f'echo "{sockdir}"\n')
    _tool(
        bin_dir,
        "pg_ctlcluster",
        f'[ -e "{sockdir}/.s.PGSQL.55432.lock" ] && {{ echo "lock exists" >&2; exit 1; }}\n'
        'echo "Removed stale pid file."\n'
        # Like pg_ctl -l: the daemon's 0-2 go to the log, any other descriptor is inherited.
        "sleep 30 </dev/null >/dev/null 2>&1 &\n"
        f'touch "{up}"\n',
    )
    return {
        **os.environ,
        "PATH": f"{bin_dir}:{os.environ['PATH']}",
        "BINGO_PG_PORT": "55432",
        "BINGO_PG_LIBDIR": str(libdir),
        "LOCK": str(sockdir / ".s.PGSQL.55432.lock"),
    }


def test_stdout_is_only_the_url_when_the_server_is_started(machine: dict[str, str]) -> None:
    """Regression: pg_ctl's "Removed stale pid file." once reached the captured URL."""
    # A daemon holding the stdout pipe would make this wait for 30 s: the timeout catches a hang.
    done = subprocess.run(
        ["bash", str(SCRIPT)], env=machine, capture_output=True, text=True, timeout=20
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == URL + "\n"
    assert "Removed stale pid file." in done.stderr
    assert "bloqueo abandonado" in done.stderr
    assert not Path(machine["LOCK"]).exists()


def test_lock_of_a_killed_server_not_yet_reaped_is_cleared(machine: dict[str, str]) -> None:
    """Right after a kill the old postmaster is a zombie: it has a pid but serves nothing."""
    zombie = subprocess.Popen(["true"])
    stat_file = Path(f"/proc/{zombie.pid}/stat")
    for _ in range(200):
        if stat_file.read_text().split()[2] == "Z":
            break
        time.sleep(0.01)
    Path(machine["LOCK"]).write_text(f"{zombie.pid}\n/var/lib/postgresql/15/main\n")
    try:
        done = subprocess.run(
            ["bash", str(SCRIPT)], env=machine, capture_output=True, text=True, timeout=20
        )
    finally:
        zombie.wait()
    assert done.returncode == 0, done.stderr
    assert done.stdout == URL + "\n"
    assert not Path(machine["LOCK"]).exists()


def test_lock_of_a_live_server_is_left_alone(machine: dict[str, str]) -> None:
    Path(machine["LOCK"]).write_text(f"{os.getpid()}\n/var/lib/postgresql/15/main\n")
    done = subprocess.run(
        ["bash", str(SCRIPT)], env=machine, capture_output=True, text=True, timeout=20
    )
    assert done.returncode != 0
    assert done.stdout == ""
    assert Path(machine["LOCK"]).exists()


def test_running_server_is_only_checked(machine: dict[str, str], tmp_path: Path) -> None:
    (tmp_path / "state" / "up").touch()
    done = subprocess.run(
        ["bash", str(SCRIPT)], env=machine, capture_output=True, text=True, timeout=20
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == URL + "\n"
    assert done.stderr == ""
