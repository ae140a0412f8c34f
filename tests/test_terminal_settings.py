"""The hall's category and the region's limits on auxiliary machines, as the settings load them
(R-MULTI-3; Euskadi art. 3.6; decisions 281, 282): a Basque hall's category gives its machines,
each refusal names the paragraph from the region's file, Cantabria sets none, and a mistyped
category is refused with exit 1 by the command line.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from app.config import ConfigError, load_hall, load_region
from bingo.errors import DomainError

ROOT = Path(__file__).resolve().parents[1]


def hall_file(tmp_path: Path, region: str, extra: str = "") -> Path:
    path = tmp_path / "hall.toml"
    path.write_text(
        f'[hall]\nid = "x"\nname = "Sala"\nregion = "{region}"\n{extra}\n'
        '[ball_set]\nhomologation = "H-1"\n',
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    ("category", "machines"), [("especial", 12), ("primera", 12), ("segunda", 8), ("tercera", 6)]
)
def test_a_basque_halls_category_gives_its_machines(
    tmp_path: Path, category: str, machines: int
) -> None:
    """Euskadi art. 3.6.a: 12, 12, 8 and 6 machines; art. 3.6.b: 6 a partida per machine."""
    settings = load_hall(hall_file(tmp_path, "euskadi", f'category = "{category}"'))
    limits = settings.terminal_limits
    assert (settings.category, limits.machines_max, limits.cartones_max) == (category, machines, 6)
    assert "Euskadi art. 3.6.a" in limits.machines_rule
    assert "versión 1996.2" in limits.machines_rule
    assert "Euskadi art. 3.6.b" in limits.cartones_rule
    in_use = [f"T{n}" for n in range(machines)]
    limits.check_machine(in_use[:-1], in_use[-1])
    with pytest.raises(DomainError, match=r"art\. 3\.6\.a"):
        limits.check_machine(in_use, "otra")


def test_a_basque_hall_that_does_not_say_its_category_plays_no_machine(tmp_path: Path) -> None:
    limits = load_hall(hall_file(tmp_path, "euskadi")).terminal_limits
    with pytest.raises(DomainError, match=r"\[hall\] category no dice la categoría"):
        limits.check_machine([], "T1")


def test_cantabria_sets_no_machine_limit(tmp_path: Path) -> None:
    """Cantabria II.3: auxiliary machines «previamente homologados», no figure."""
    assert not load_region("cantabria").hall.get("auxiliary_machines_max")
    limits = load_hall(hall_file(tmp_path, "cantabria", 'category = "tercera"')).terminal_limits
    assert not limits.bounded
    limits.check_machine([f"T{n}" for n in range(50)], "T50")
    limits.check_cartones("T1", 1000, 1000)


def test_a_mistyped_category_is_refused_naming_the_key(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"\[hall\] category debe ser uno de"):
        load_hall(hall_file(tmp_path, "euskadi", 'category = "1"'))
    out = subprocess.run(
        [sys.executable, "-m", "app.cli", "rules", "show", "--config",
         str(hall_file(tmp_path, "euskadi", 'category = "cuarta"'))],
        cwd=ROOT, capture_output=True, text=True, env={"XDG_DATA_HOME": str(tmp_path),
                                                       "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert out.returncode == 1, out.stderr
    assert "category" in out.stderr and "Traceback" not in out.stderr


# --- the limits in force are the record's (decision 300) -----------------------------------


def basque(tmp_path: Path, category: str) -> Path:
    from app.config import default_hall_path

    text = default_hall_path().read_text("utf-8")
    text = text.replace('id = "cantabria-001"', 'id = "euskadi-001"', 1)
    text = text.replace('region = "cantabria"', f'region = "euskadi"\ncategory = "{category}"', 1)
    path = tmp_path / f"euskadi-{category}.toml"
    path.write_text(text, "utf-8")
    return path


def test_the_halls_category_and_its_limits_are_recorded_and_refused_mid_session(
    tmp_path: Path,
) -> None:
    """R-MULTI-3, Euskadi art. 3.6.a/b (decision 300): the limits a session played under are in
    its record and its export; a different category is refused while a session is open, saying
    what differs, and adopted between sessions; a region without limits exports nothing new.
    """
    from app.bootstrap import export_from_db, open_hall, prepare_hall
    from app.cli import main

    url = f"sqlite:///{tmp_path / 'night.sqlite'}"
    primera, tercera = basque(tmp_path, "primera"), basque(tmp_path, "tercera")
    args = ["--db", url, "--seed", "3", "--partidas", "1", "-q"]
    assert main(["simulate", "--config", str(primera), *args]) == 0
    first = export_from_db(url, None)["sessions"][0]["terminal_limits"]
    assert {k: first[k] for k in ("category", "machines_max", "cartones_max")} == {
        "category": "primera",
        "machines_max": 12,
        "cartones_max": 6,
    }
    assert "Euskadi art. 3.6.a" in first["machines_rule"]
    assert "Euskadi art. 3.6.b" in first["cartones_rule"]
    # a session open: the hall's start with another category is refused, naming what differs
    with open_hall(url, None, "euskadi-001", settings=load_hall(primera)) as engine:
        from tests.bingo.hallkit import BALLS

        assert engine.service.record_ball_check("S9", "open", BALLS)
        engine.service.open_session("S9", "2026-11-22", "Mesa", "Sala")
        before = len(engine.service.records())
        with pytest.raises(DomainError, match=r"máquinas auxiliares: 12 → 6") as refused:
            prepare_hall(engine.service, load_hall(tercera))
        assert "[hall] category: primera → tercera" in str(refused.value)
        assert len(engine.service.records()) == before
    # the session still open, and no other writer of the record (R-NET-1)
    serve = [sys.executable, "-m", "app.cli", "serve", "--db", url, "--config", str(tercera)]
    started = subprocess.run(  # the hall's server refuses to start: exit 1, nothing written
        [*serve, "--devices", "none", "--port", "0"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ),  # the suite's data folder: the hall's key that signed the record
    )
    assert started.returncode == 1, started.stderr
    assert "[hall] category: primera → tercera" in started.stderr
    assert "Traceback" not in started.stderr
    with sqlite3.connect(tmp_path / "night.sqlite") as db:
        assert db.execute("select count(*) from events").fetchone()[0] == before
    with open_hall(url, None, "euskadi-001", settings=load_hall(primera)) as engine:
        assert engine.service.record_ball_check("S9", "close", BALLS)
        engine.service.close_session()
    # between sessions another command is refused, the hall's start adopts it
    with (
        pytest.raises(DomainError, match=r"se adopta al arrancar"),
        open_hall(url, None, "euskadi-001", settings=load_hall(tercera)),
    ):
        pass
    again = ["simulate", "--config", str(tercera), *args[:2], "--seed", "4", "--partidas", "1"]
    assert main([*again, "-q"]) == 0
    sessions = export_from_db(url, None)["sessions"]
    assert [s["terminal_limits"]["machines_max"] for s in sessions[-2:]] == [12, 6]
    assert sessions[0]["terminal_limits"]["category"] == "primera"  # the first night's, kept


def test_a_region_without_machine_limits_exports_no_terminal_limits(tmp_path: Path) -> None:
    from app.bootstrap import export_from_db
    from app.cli import main

    url = f"sqlite:///{tmp_path / 'night.sqlite'}"
    assert main(["simulate", "--db", url, "--seed", "3", "--partidas", "1", "-q"]) == 0
    assert all("terminal_limits" not in s for s in export_from_db(url, None)["sessions"])
