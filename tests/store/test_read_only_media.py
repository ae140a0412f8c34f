"""The commands that only read the record read an inspector's write-protected copy (decision 645).

The copy is on a read-only mount (a bind mount remounted read-only): what write-protected media
is, for root too, whom permission bits do not stop. A database in write-ahead-log mode needs its
``-shm`` beside it to be read, which cannot be made there: every command said "no se puede
abrir, leer o escribir el fichero de la base de datos". Now they read it ``immutable``.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def write_protected(tmp_path: Path) -> Iterator[Path]:
    """A hall's database (in write-ahead-log mode, as the hall keeps it) on a read-only mount."""
    source = tmp_path / "fuente"
    source.mkdir()
    url = f"sqlite:///{source / 'hall.sqlite'}"
    assert main(["simulate", "--db", url, "--session", "N1", "--partidas", "1", "-q"]) == 0
    mounted = tmp_path / "copia"
    mounted.mkdir()
    bound = subprocess.run(["mount", "--bind", str(source), str(mounted)], capture_output=True)
    if bound.returncode != 0:
        pytest.skip("this machine does not let the test mount a folder read-only")
    try:
        remount = ["mount", "-o", "remount,bind,ro", str(mounted)]
        assert subprocess.run(remount, capture_output=True).returncode == 0
        probe = mounted / "probe"
        with pytest.raises(OSError):  # really write-protected, for root too
            probe.write_text("x")
        yield mounted / "hall.sqlite"
    finally:
        subprocess.run(["umount", str(mounted)], check=True)
        shutil.rmtree(mounted, ignore_errors=True)


@pytest.mark.parametrize(
    "argv",
    [
        ["status"],
        ["export", "-o", "{out}/export.json"],
        ["acta", "build", "-o", "{out}/acta.pdf"],
        ["ballset", "show"],
        ["rules", "show"],
        ["reclamacion", "list"],
        ["operator", "list"],
        ["backup", "-o", "{out}/copia.sqlite"],
    ],
    ids=lambda argv: " ".join(argv[:2]),
)
def test_a_command_that_reads_reads_a_write_protected_copy(
    capsys: pytest.CaptureFixture[str], write_protected: Path, tmp_path: Path, argv: list[str]
) -> None:
    before = hashlib.sha256(write_protected.read_bytes()).hexdigest()
    words = [w.format(out=tmp_path) for w in argv]
    code, out, err = run(capsys, *words, "--db", f"sqlite:///{write_protected}")
    assert code == 0, err
    assert "no se puede abrir" not in err
    if argv == ["status"]:
        assert "registro íntegro" in out
    assert hashlib.sha256(write_protected.read_bytes()).hexdigest() == before


def test_a_write_is_refused_on_it_with_nothing_changed(
    capsys: pytest.CaptureFixture[str], write_protected: Path
) -> None:
    url = f"sqlite:///{write_protected}"
    code, _, err = run(capsys, "reclamacion", "file", "--db", url, "--session", "N1",
                       "--subject", "x")  # fmt: skip
    assert code == 1 and "Traceback" not in err
