"""The command line: help, clear errors and exit codes (0 done, 1 refused, 2 usage, 3 integrity)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main


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
    assert code == 1 and "[hall] region debe ser uno de cantabria, euskadi, no 'atlantis'" in err


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


@pytest.fixture
def night_n1(tmp_path: Path) -> str:
    """A two-partida night, session N1 of 2025-01-10: long enough ago for its acta to expire."""
    url = f"sqlite:///{tmp_path / 'hall.sqlite'}"
    night = ["--session", "N1", "--date", "2025-01-10", "--partidas", "2", "-q"]
    assert main(["simulate", "--db", url, *night]) == 0
    return url


def test_a_claim_in_the_record_holds_the_archived_acta_until_settled(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, night_n1: str
) -> None:
    """R-ACTA-5 end to end: the purge reads the claims from the hall's own record."""
    archive = tmp_path / "archivo"
    code, out, err = run(
        capsys,
        "acta",
        "build",
        "--db",
        night_n1,
        "-o",
        str(tmp_path / "N1.pdf"),
        "--archive",
        str(archive),
    )
    assert code == 0, err
    (pdf,) = archive.rglob("N1.acta.pdf")

    code, out, _ = run(
        capsys, "reclamacion", "file", "--db", night_n1, "--session", "N1",
        "--subject", "Bingo no pagado en la partida 2", "--reference", "HR-17",
        "--date", "2025-03-01",
    )  # fmt: skip
    assert code == 0 and "N1/R1" in out
    purge = ["acta", "purge", "--archive", str(archive), "--db", night_n1, "--si"]
    code, out, _ = run(capsys, *purge)
    assert code == 0 and "reclamación pendiente presentada el 2025-03-01" in out
    assert "Reclamaciones de la sala cantabria-001 según su registro: 1" in out
    assert pdf.exists()

    settle = ["reclamacion", "settle", "N1/R1", "--db", night_n1, "--date", "2025-12-20"]
    assert run(capsys, *settle)[0] == 0
    code, out, _ = run(capsys, "reclamacion", "list", "--db", night_n1)
    assert "N1/R1 [HR-17]: sesión N1, presentada el 2025-03-01, cumplida el 2025-12-20" in out
    code, out, _ = run(capsys, *purge[:-1], "--today", "2025-12-20")  # as of that day: kept
    assert "SE CONSERVA" in out and pdf.exists()
    code, out, _ = run(capsys, *purge)
    assert code == 0 and "destruido:" in out
    assert not pdf.exists()


def test_reclamacion_errors_are_clear_and_record_nothing(
    capsys: pytest.CaptureFixture[str], night: str
) -> None:
    code, _, err = run(
        capsys, "reclamacion", "file", "--db", night, "--session", "X", "--subject", "s"
    )
    assert code == 1 and "no hay ninguna sesión 'X' en esta sala" in err
    code, _, err = run(capsys, "reclamacion", "settle", "X/R1", "--db", night)
    assert code == 1 and "no consta la reclamación 'X/R1'" in err
    code, out, _ = run(capsys, "reclamacion", "list", "--db", night, "--json")
    assert code == 0 and json.loads(out) == []


def test_a_sealed_acta_still_verifies_after_a_claim_about_its_night_is_filed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, night_n1: str
) -> None:
    """The claim comes after the acta and is not part of it; its record joins the chain."""
    pdf, keys = tmp_path / "N1.pdf", tmp_path / "keys"
    build = ["acta", "build", "--db", night_n1, "-o", str(pdf), "--sign", "--keys-dir", str(keys)]
    assert run(capsys, *build)[0] == 0
    filed = ["--db", night_n1, "--session", "N1", "--subject", "Línea", "--date", "2025-01-11"]
    assert run(capsys, "reclamacion", "file", *filed)[0] == 0
    verify = ["acta", "verify", str(pdf), "--db", night_n1, "--keys-dir", str(keys)]
    code, out, err = run(capsys, *verify)
    assert code == 0, out + err
    assert "íntegros" in out


def test_ballset_change_is_recorded_with_its_reason_and_refusals_are_clear(
    capsys: pytest.CaptureFixture[str], night: str
) -> None:
    """R-BALL-1: the change of ball set from the command line."""
    change = ["ballset", "install", "--db", night, "--id", "BS-0002", "--homologation", "H-77"]
    code, out, _ = run(capsys, *change, "--guaranteed", "3000", "--reason", "bola 17 dañada")
    assert code == 0 and "juego de bolas BS-0002 instalado (bola 17 dañada)" in out
    assert "cuente las 90 bolas" in out
    code, _, err = run(capsys, *change, "--guaranteed", "3000", "--reason", "otra")
    assert code == 1 and "BS-0002 ya está instalado" in err
    code, out, _ = run(capsys, "ballset", "show", "--db", night)
    assert "instalado: BS-0002, homologación H-77, 0 de 3000 partidas" in out
    assert out.rstrip().endswith("BS-0002: bola 17 dañada")
    with pytest.raises(SystemExit) as usage:  # argparse: a missing option is a usage error
        main(["ballset", "install", "--db", night, "--id", "B", "--homologation", "H"])
    assert usage.value.code == 2 and "--guaranteed" in capsys.readouterr().err


def test_a_ballset_change_between_nights_is_exported_with_the_next_night(
    capsys: pytest.CaptureFixture[str], night: str, tmp_path: Path
) -> None:
    """Cantabria II.2: the change is in the acta, with its date and reason; made with no session
    open, it belongs to the next session's record."""
    change = ["ballset", "install", "--db", night, "--id", "BS-0002", "--homologation", "H-77"]
    assert run(capsys, *change, "--guaranteed", "3000", "--reason", "bola 17 dañada")[0] == 0
    next_night = ["--session", "N2", "--date", "2026-11-23", "--partidas", "1", "-q"]
    assert run(capsys, "simulate", "--db", night, "--seed", "4", *next_night)[0] == 0
    out = tmp_path / "export.json"
    assert run(capsys, "export", "--db", night, "-o", str(out))[0] == 0
    first, second = json.loads(out.read_text("utf-8"))["sessions"]
    assert first["ball_set_changes"] == []
    (moved,) = second["ball_set_changes"]
    assert (moved["ball_set_id"], moved["replaces"], moved["reason"]) == (
        "BS-0002",
        "BS-0001",
        "bola 17 dañada",
    )
    assert moved["between_sessions"] is True and moved["partida"] is None and moved["at"]


def test_main_help_lists_the_commands_of_every_package(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--help"], ["-v", "--help"]):
        with pytest.raises(SystemExit) as exit_info:
            main(argv)
        out = capsys.readouterr().out
        assert exit_info.value.code == 0
        assert all(command in out for command in ("simulate", "acta", "emulate", "backup"))
    for command in ("acta", "emulate"):
        with pytest.raises(SystemExit) as exit_info:
            main(["-v", command, "--help"])
        assert exit_info.value.code == 0 and "usage" in capsys.readouterr().out


def test_acta_command_does_not_load_the_device_drivers(night: str, tmp_path: Path) -> None:
    """Trust 21: a command imports only what it runs (``acta build`` under a second)."""
    code = (
        "import sys\n"
        "from app.cli import main\n"
        f"argv = ['acta', 'build', '--db', {night!r}, '-o', {str(tmp_path / 'a.pdf')!r}]\n"
        "assert main(argv) == 0\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'drivers', 'alembic', 'ui'}))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    assert out.splitlines()[-1] == "[]"


def _modules_loaded_by(argv: list[str]) -> set[str]:
    """The modules a command of the command line loads, in a new process as the staff run it."""
    code = (
        "import sys\n"
        "from app.cli import main\n"
        f"assert main({argv!r}) == 0\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return set(done.stdout.splitlines()[-1].split())


def test_acta_build_loads_neither_the_settings_nor_the_other_commands(
    night: str, tmp_path: Path
) -> None:
    """Trust 21: ``acta build`` under a second; a command imports only what it runs (the hall's
    settings, the console, the server and the other commands' modules are not its business).
    """
    loaded = _modules_loaded_by(["acta", "build", "--db", night, "-o", str(tmp_path / "a.pdf")])
    assert "actas.render" in loaded
    unwanted = {
        "app.config",
        "app.run",
        "app.server",
        "app.simulate_cli",
        "app.record_cli",
        "app.hall_cli",
        "urllib.request",
    }
    assert loaded & unwanted == set()


def test_acta_from_an_export_file_does_not_open_the_store(night: str, tmp_path: Path) -> None:
    """An acta built from an export file needs no database: the store and SQL are not loaded."""
    export = tmp_path / "night.json"
    assert main(["export", "--db", night, "-o", str(export)]) == 0
    pdf = tmp_path / "a.pdf"
    loaded = _modules_loaded_by(["acta", "build", "--export", str(export), "-o", str(pdf)])
    assert pdf.stat().st_size > 0
    assert {m.split(".")[0] for m in loaded} & {"store", "sqlalchemy"} == set()


def test_an_acta_command_leaves_the_garbage_collector_as_it_found_it(
    night: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An acta command pauses the cycle collector while it runs (Trust 21) and gives it back
    running, whether it succeeds or is refused: a caller in the same process keeps its own.
    """
    import gc

    assert gc.isenabled()
    assert main(["acta", "build", "--db", night, "-o", str(tmp_path / "a.pdf")]) == 0
    assert gc.isenabled()
    assert main(["acta", "build", "--export", str(tmp_path / "none.json"), "-o", "x.pdf"]) == 1
    assert "no existe" in capsys.readouterr().err
    assert gc.isenabled()
