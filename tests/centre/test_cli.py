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
        # the centre's extractor and reader need their ports in [devices], as a hall's do
        (["--centre", "--db", "sqlite:///{tmp}/c.sqlite", "--devices", "serial"], "[devices]"),
        (["--db", "sqlite:///{tmp}/h.sqlite", "--devices", "serial"], "[devices]"),
        (
            [
                "--db",
                "sqlite:///{tmp}/h.sqlite",
                "--join",
                "wss://127.0.0.1:1",
                "--join-secret-file",
                "pyproject.toml",
                "--join-db",
                "{tmp}/x.sqlite",  # not a URL: refused before the hall's database is opened
            ],
            "--join-db",
        ),
        (
            [
                "--db",
                "sqlite:///{tmp}/h.sqlite",
                "--join",
                "wss://127.0.0.1:1",
                "--join-secret-file",
                "pyproject.toml",
                "--join-db",
                "sqlite:///{tmp}/no-hay/x.sqlite",
            ],
            "--join-db",
        ),
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


@pytest.mark.parametrize(
    "argv",
    [
        ["--centre", "--db", "sqlite:///{tmp}/c3.sqlite", "--cert", "{junk}", "--key", "{junk}"],
        ["--db", "sqlite:///{tmp}/h.sqlite", "--cert", "{junk}", "--key", "{junk}"],
        [
            "--db",
            "sqlite:///{tmp}/h.sqlite",
            "--join",
            "wss://127.0.0.1:1",
            "--join-secret-file",
            "{junk}",
            "--join-ca",
            "{junk}",
            "--join-db",
            "sqlite:///{tmp}/x.sqlite",
        ],
    ],
)
def test_bad_certificate_or_authority_is_refused_before_any_database_is_created(
    tmp_path: Path, argv: list[str]
) -> None:
    """Bad input changes nothing (house rule; R-NET-1's TLS): a certificate, key or authority
    that is not PEM is refused with a message before the centre's, the hall's or the copy's
    database is created."""
    junk = tmp_path / "junk.pem"
    junk.write_text("no es un certificado\n")
    words = [a.format(tmp=tmp_path, junk=junk) for a in argv]
    done = run(tmp_path, "-m", "app.cli", "serve", *words)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and str(junk) in done.stderr
    assert not list(tmp_path.glob("*.sqlite"))  # nothing was created


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--join-hall", "foo"], "--join-hall"),
        (["--join-db", "sqlite:///{tmp}/x.sqlite", "--join-ca", "ca.pem"], "--join-ca"),
        (["--join-secret-file", "s.txt"], "--join URL"),
        (["--centre", "--join", "wss://127.0.0.1:1"], "--join no vale con --centre"),
        (["--centre", "--traffic", "{tmp}/t"], "--traffic"),
        (["--centre", "--devices", "serial", "--seed", "3"], "--seed"),
        (["--devices", "none", "--traffic", "{tmp}/t"], "--traffic"),
        (["--devices", "serial", "--seed", "0"], "--seed"),
    ],
)
def test_serve_refuses_options_it_would_ignore(tmp_path: Path, argv: list[str], words: str) -> None:
    """Wrong usage (exit 2) with a message, never an option silently ignored: every --join-…
    needs --join, and the centre takes none of a hall's."""
    db = ["--db", f"sqlite:///{tmp_path}/h.sqlite"]
    done = run(tmp_path, "-m", "app.cli", "serve", *db, *(a.format(tmp=tmp_path) for a in argv))
    assert done.returncode == 2, done.stderr
    assert words in done.stderr and "Traceback" not in done.stderr
    assert not list(tmp_path.glob("*.sqlite"))


def test_serial_devices_on_a_port_that_does_not_exist_are_refused_before_the_record(
    tmp_path: Path,
) -> None:
    """``serve --centre --devices serial`` with ports in ``[devices]`` that name no device:
    refused with the port named, exit 1, no database created (as for a hall)."""
    from app.config import default_hall_path

    config = tmp_path / "centro.toml"
    config.write_text(
        default_hall_path()
        .read_text("utf-8")
        .replace('# extractor = "/dev/ttyUSB0"', f'extractor = "{tmp_path}/no-hay-0"')
        .replace('# reader = "/dev/ttyUSB1"', f'reader = "{tmp_path}/no-hay-1"'),
        "utf-8",
    )
    for where in (["--centre"], []):
        done = run(
            tmp_path, "-m", "app.cli", "serve", *where, "--db", f"sqlite:///{tmp_path}/c.sqlite",
            "--devices", "serial", "--config", str(config),
        )  # fmt: skip
        assert done.returncode == 1, done.stderr
        assert f"{tmp_path}/no-hay-0" in done.stderr and "Traceback" not in done.stderr
        assert not list(tmp_path.glob("*.sqlite"))
