"""``simulate --game FILE``: the ordinary bingo as a game definition plays and exports exactly as
before (SPEC R-MULTI-4); a modality the hall cannot yet record is refused and nothing is written
(docs/decisions.md 185)."""

from __future__ import annotations

import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from app.cli import main

GAMES = Path(str(resources.files("app.config").joinpath("games")))
CHECKER = Path(__file__).parent / "independent" / "check_export.py"


def night(tmp_path: Path, name: str, *extra: str) -> Path:
    url = f"sqlite:///{tmp_path / name}.sqlite"
    night = ("--seed", "11", "--partidas", "4", "--date", "2026-11-20", "-q")
    assert main(["simulate", "--db", url, *night, *extra]) == 0
    out = tmp_path / f"{name}.json"
    assert main(["export", "--db", url, "-o", str(out)]) == 0
    return out


def test_the_ordinary_bingo_as_a_game_file_exports_the_same_bytes(tmp_path: Path) -> None:
    plain = night(tmp_path, "plain")
    as_game = night(tmp_path, "game", "--game", str(GAMES / "ordinario-90.toml"))
    assert as_game.read_bytes() == plain.read_bytes()
    checked = subprocess.run(
        [sys.executable, str(CHECKER), str(as_game)], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.mark.parametrize("name", ["derivado-instantaneo-3x3", "plus-4x5"])
def test_a_modality_the_hall_cannot_record_yet_is_refused_before_anything_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    db = tmp_path / "night.sqlite"
    code = main(["simulate", "--db", f"sqlite:///{db}", "--game", str(GAMES / f"{name}.toml")])
    err = capsys.readouterr().err
    assert code == 1
    assert "aún no se juega en la sala" in err and "no se ha escrito nada" in err
    assert not db.exists()


def test_an_edited_or_missing_game_file_is_refused_with_its_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edited = tmp_path / "ordinario.toml"
    edited.write_bytes((GAMES / "ordinario-90.toml").read_bytes().replace(b"= 90 ", b"= 80 "))
    db = tmp_path / "night.sqlite"
    assert main(["simulate", "--db", f"sqlite:///{db}", "--game", str(edited)]) == 1
    assert "no es el fichero publicado de esa versión" in capsys.readouterr().err
    assert main(["simulate", "--db", f"sqlite:///{db}", "--game", str(tmp_path / "no")]) == 1
    assert "no se puede leer el fichero del juego" in capsys.readouterr().err
    assert not db.exists()
