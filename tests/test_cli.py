"""The command line: help, clear errors and exit codes (0 done, 1 refused, 2 usage, 3 integrity)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bingo.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def night(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'night.sqlite'}"
    assert main(["simulate", "--db", url, "--seed", "3", "--partidas", "3", "-q"]) == 0
    return url


def test_every_command_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("simulate", "export", "status", "cardset", "run"):
        with pytest.raises(SystemExit) as exit_info:
            main([command, "--help"])
        assert exit_info.value.code == 0
        assert "usage" in capsys.readouterr().out


def test_no_command_prints_help_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 2 and "simulate" in out


def test_status_and_export_of_a_simulated_night(
    capsys: pytest.CaptureFixture[str], night: str, tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "status", "--db", night)
    assert code == 0 and "registro íntegro" in out and "no hay sesión abierta" in out
    target = tmp_path / "night.json"
    code, _, err = run(capsys, "export", "--db", night, "-o", str(target))
    assert code == 0 and "exportado" in err
    data = json.loads(target.read_text("utf-8"))
    assert data["format"] == "bingo-session/1"
    assert len(data["sessions"][0]["partidas"]) == 3
    assert data["chain"]["head"] == data["chain"]["records"][-1]["hash"]


def test_simulate_resumes_nothing_when_the_session_is_closed_and_starts_a_new_one(
    capsys: pytest.CaptureFixture[str], night: str
) -> None:
    assert run(capsys, "simulate", "--db", night, "--seed", "4", "--partidas", "2", "-q")[0] == 0
    _code, out, _ = run(capsys, "export", "--db", night, "--compact", "--no-chain")
    sessions = json.loads(out)["sessions"]
    assert [len(s["partidas"]) for s in sessions] == [3, 2]


def test_a_tampered_record_is_reported_with_exit_code_3(
    capsys: pytest.CaptureFixture[str], night: str
) -> None:
    path = night.removeprefix("sqlite:///")
    with sqlite3.connect(path) as db:
        triggers = [r[0] for r in db.execute("select name from sqlite_master where type='trigger'")]
        for name in triggers:
            db.execute(f'drop trigger "{name}"')
        db.execute(
            "update events set payload = replace(payload, '\"last\":', '\"last\": ') where seq = "
            "(select min(seq) from events where kind = 'sale_recorded')"
        )
    code, _, err = run(capsys, "status", "--db", night)
    assert code == 3 and "alterad" in err


def test_malformed_config_is_named_with_its_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "hall.toml"
    bad.write_text('[hall]\nid = "x"\nname = "y"\nregion = "cantabria"\n[series]\nsize = "many"\n')
    code, _, err = run(
        capsys, "status", "--db", f"sqlite:///{tmp_path / 'x.sqlite'}", "--config", str(bad)
    )
    assert code == 1 and "[series] size" in err
    bad.write_text("[hall\n")
    code, _, err = run(capsys, "status", "--config", str(bad))
    assert code == 1 and "TOML mal formado" in err


def test_unknown_region_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "hall.toml"
    bad.write_text('[hall]\nid = "x"\nname = "y"\nregion = "atlantis"\n')
    code, _, err = run(capsys, "status", "--config", str(bad))
    assert code == 1 and "región desconocida" in err


def test_card_set_file_validation_names_each_faulty_carton(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good = tmp_path / "set.json"
    assert (
        run(
            capsys,
            "cardset",
            "generate",
            "--id",
            "s",
            "--seed",
            "1",
            "--strips",
            "2",
            "-o",
            str(good),
        )[0]
        == 0
    )
    data = json.loads(good.read_text("utf-8"))
    data["cards"][4][0][0] = 95  # cartón 5, out of range
    data["cards"][7] = data["cards"][2]  # cartón 8 repeats cartón 3
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), "utf-8")
    code, _, err = run(capsys, "cardset", "validate", str(bad))
    assert code == 1
    assert "cartón 5" in err and "cartón 8" in err
    assert run(capsys, "cardset", "validate", str(good))[0] == 0
