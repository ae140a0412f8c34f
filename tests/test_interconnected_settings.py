"""Joining the interconnected prize (SPEC R-MULTI-1, R-NET-3; docs/decisions.md 285): the region
fixes its figures, a hall only says whether it joins and which network; a hall whose record is
not on the halls' shared PostgreSQL database cannot join, and is told so before anything is
written.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main
from app.config import ConfigError, default_hall_path, load_hall

DEMO = default_hall_path().read_text("utf-8")
JOIN = '\n[interconnected]\nenabled = true\nnetwork = "cantabria-norte"\n'


def hall_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hall.toml"
    path.write_text(text, "utf-8")
    return path


def test_a_hall_that_joins_plays_with_the_figures_of_its_region(tmp_path: Path) -> None:
    settings = load_hall(default_hall_path())
    assert settings.interconnected is None  # the demo hall does not join
    joined = load_hall(hall_file(tmp_path, DEMO + JOIN))
    assert joined.interconnected_network == "cantabria-norte"
    assert joined.interconnected is not None
    assert joined.interconnected.contribution_bp == 200
    assert joined.interconnected.ball_limit(3_000) == 50


def test_a_hall_cannot_set_a_figure_of_the_interconnected_prize(tmp_path: Path) -> None:
    path = hall_file(tmp_path, DEMO + JOIN + "contribution_bp = 500\n")
    with pytest.raises(ConfigError) as refused:
        load_hall(path)
    message = str(refused.value)
    assert "[interconnected] contribution_bp" in message
    assert "las cifras las fija la región" in message and "Cantabria V.2.b" in message


def test_a_hall_of_a_region_that_does_not_regulate_it_cannot_join(tmp_path: Path) -> None:
    basque = DEMO.replace('region = "cantabria"', 'region = "euskadi"')
    with pytest.raises(ConfigError, match="la región euskadi no regula el bingo interconectado"):
        load_hall(hall_file(tmp_path, basque + JOIN))


@pytest.mark.parametrize("command", ["simulate", "serve", "run"])
def test_a_hall_joining_without_the_shared_postgresql_database_is_refused_and_nothing_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """R-MULTI-1: the fund is one ledger for every hall; a SQLite file is the hall's alone. The
    simulation, the server and the console (through the server it starts) refuse alike.
    """
    db = tmp_path / "sala.sqlite"
    config = hall_file(tmp_path, DEMO + JOIN)
    code = main([command, "--db", f"sqlite:///{db}", "--config", str(config)])
    err = capsys.readouterr().err
    assert code == 1
    assert "bingo interconectado" in err and "PostgreSQL" in err and "no se ha escrito nada" in err
    assert "Traceback" not in err
    assert not db.exists()


def test_the_console_without_a_server_refuses_a_hall_that_joined(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``run --local`` keeps the console's own service, which neither announces nor settles
    the common fund: the hall plays it through the server (R-MULTI-1).
    """
    db = tmp_path / "sala.sqlite"
    config = hall_file(tmp_path, DEMO + JOIN)
    code = main(["run", "--local", "--db", f"sqlite:///{db}", "--config", str(config)])
    err = capsys.readouterr().err
    assert code == 1
    assert "--local" in err and "no se ha escrito nada" in err
    assert not db.exists()
