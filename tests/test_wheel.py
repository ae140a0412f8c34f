"""The hall's files ship with the program: the top-level ``config/`` (settings template, region
files, game files) is in the wheel as ``app.config.files``, byte for byte, and an installed copy
of the program finds and uses them without the source tree (docs/decisions.md 500).
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("app", "bingo", "drivers", "ui", "actas", "store")

pytestmark = pytest.mark.slow


def _tree_files(folder: Path) -> list[Path]:
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    )


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    # As pip builds it for an install: pyproject.toml's build system, in an isolated build.
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    (found,) = out.glob("bingo_hall-*.whl")
    return found


def test_the_wheel_has_every_file_of_the_packages_and_of_config(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = [
        p.relative_to(ROOT).as_posix()
        for package in PACKAGES
        for p in _tree_files(ROOT / package)
        if p.relative_to(ROOT).as_posix() not in names
    ]
    assert not missing, f"not in the wheel (pyproject.toml's packages): {missing}"
    shipped = _tree_files(ROOT / "config")
    assert {p.name for p in shipped} >= {"hall.toml", "cantabria.toml", "plus-4x5.toml"}
    with zipfile.ZipFile(wheel) as archive:
        for path in shipped:
            inside = "app/config/files/" + path.relative_to(ROOT / "config").as_posix()
            assert archive.read(inside) == path.read_bytes(), inside  # the published bytes


def test_an_installed_program_reads_the_hall_region_and_game_files(
    wheel: Path, tmp_path: Path
) -> None:
    """Installed as pip installs a wheel (unpacked), away from the tree: the default hall loads
    under its region's published file, and the games are the published ones (R-NET-3).
    """
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    probe = (
        "import json, sys; sys.path.insert(0, sys.argv[1]);"
        "import app.config as c; from app.config.game_files import shipped_game, shipped_games;"
        "h = c.load_hall();"
        "print(json.dumps([c.__file__, str(c.default_hall_path()), h.rules.region_sha256,"
        " list(shipped_games()), shipped_game('plus-4x5').sha256]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(site)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    module, hall, region_sha, games, plus_sha = json.loads(done.stdout)
    assert Path(module).is_relative_to(site) and Path(hall).is_relative_to(site)
    assert region_sha == "8c267910c313da53600cc159ed704fdba7084320c94f864576765732d284889a"
    assert games == ["derivado-instantaneo-3x3", "ordinario-90", "plus-4x5"]
    assert plus_sha == "7939244feea7a9f52598bd85a12d29f083cc885efd4dee63579fed9260d664ca"
