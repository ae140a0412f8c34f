"""The regulation comes from the region's file, never from a hall's settings (SPEC R-NET-3;
Cantabria V.1, V.2.a, V.2.c, II.2); a settings file that does not describe the recorded hall is
refused; a refused set-up writes nothing (docs/decisions.md 50–52)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from app.bootstrap import prepare_hall
from app.cli import main
from app.config import ConfigError, load_hall, load_region, published_files, region_from_bytes
from bingo.hall import DomainError
from bingo.service import HallService, MemoryEventLog

DEMO = (Path(__file__).parent.parent / "config" / "hall.toml").read_text("utf-8")


def hall_file(tmp_path: Path, text: str, name: str = "hall.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def demo_with(tmp_path: Path, extra: str = "", replace: tuple[str, str] = ("", "")) -> Path:
    """The demo hall's file with ``extra`` appended (a TOML table) and one text replaced."""
    return hall_file(tmp_path, DEMO.replace(*replace) + "\n" + extra)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def records(url: str) -> int:
    with sqlite3.connect(url.removeprefix("sqlite:///")) as db:
        return int(db.execute("select count(*) from events").fetchone()[0])


# --- item 1: what the decree fixes is the region's -------------------------------------------


@pytest.mark.parametrize(
    ("key", "value", "paragraph"),
    [
        ("ball_set_max_partidas", "100000", "Cantabria II.2"),
        ("payout_bp", "6000", "Cantabria V.1"),
        ("line_bp", "900", "Cantabria V.1.a"),
        ("bingo_bp", "4400", "Cantabria V.1.b"),
        ("prima_ball_limit", "90", "Cantabria V.2.a"),
        ("prima_step_cents", "100", "Cantabria V.2.a"),
        ("line_required", "false", "Cantabria V.1.a"),
    ],
)
def test_a_hall_cannot_move_a_figure_the_decree_fixes(
    tmp_path: Path, key: str, value: str, paragraph: str
) -> None:
    path = demo_with(tmp_path, f"[rules]\n{key} = {value}\n")
    with pytest.raises(ConfigError) as refused:
        load_hall(path)
    message = str(refused.value)
    assert f"[rules] {key}" in message and "lo fija la región" in message
    assert paragraph in message and "config/regions/cantabria.toml, versión 2014.3" in message


def test_bola_loca_beyond_the_regions_authorised_percentage_is_refused(tmp_path: Path) -> None:
    path = demo_with(tmp_path, replace=("basis_points = 100 ", "basis_points = 500 "))
    with pytest.raises(ConfigError, match=r"basis_points = 500.*100 pb") as refused:
        load_hall(path)
    # The ceiling is the hall's authorisation: V.1 and V.2.c give no figure for it.
    assert "autorización de la sala" in str(refused.value) and "V.1 y" not in str(refused.value)


def test_the_demo_hall_runs_bola_loca_from_the_bingo_percentage_within_the_pool() -> None:
    """Decision 11/50: the authorised 1 % is taken from bingo, so the prizes stay at 67 %."""
    rules = load_hall().rules
    assert (rules.line_bp, rules.bingo_bp, rules.bola_loca_bp) == (1000, 5000, 100)
    assert rules.line_bp + rules.bingo_bp + rules.prima_bp + rules.bola_loca_bp == 6700
    assert rules.region_version == "2014.3" and "67/2014" in rules.region_resolution
    assert len(rules.region_sha256) == 64


def test_a_hall_without_bola_loca_plays_the_decree_percentages(tmp_path: Path) -> None:
    rules = load_hall(demo_with(tmp_path, replace=("enabled = true", "enabled = false"))).rules
    assert (rules.bingo_bp, rules.bola_loca_bp) == (5100, 0)


def test_a_prima_amount_outside_the_region_names_its_paragraph(tmp_path: Path) -> None:
    path = demo_with(tmp_path, replace=("[20000, 30000, 50000]", "[20000, 30100]"))
    with pytest.raises(ConfigError, match=r"30100 céntimos.*múltiplo de 50 €.*Cantabria V.2.a"):
        load_hall(path)


def test_the_export_names_the_region_file_and_version_the_rules_came_from(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'n.sqlite'}"
    assert main(["simulate", "--db", url, "--seed", "5", "--partidas", "2", "-q"]) == 0
    code, out, _ = run(capsys, "export", "--db", url, "--compact", "--no-chain")
    assert code == 0
    rules = json.loads(out)["rules"]
    assert rules["source"]["file"] == "config/regions/cantabria.toml"
    assert rules["source"]["version"] == "2014.3"
    assert rules["source"]["sha256"] == load_hall().rules.region_sha256


REGION = Path(__file__).parent.parent / "config" / "regions" / "cantabria.toml"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("payout_bp = 6700 ", "payout_bp = 6600 "),
        ("line_bp = 1000 ", "line_bp = 900  "),
        ("max_bp = 100", "max_bp = 500"),
        ('bola_loca_count = "Cantabria V.2.c"', 'bola_loca_count = "Cantabria V.2.d"'),
        ("contribution_bp = 200 ", "contribution_bp = 900 "),  # R-MULTI-1: the Consejería's
        ("[3000, 50]", "[3000, 60]"),
    ],
)
def test_a_region_file_edited_in_the_hall_is_refused(old: str, new: str) -> None:
    """R-NET-3: the decree's figures change only with a published region file, never by editing
    the hall's copy under the same version (docs/decisions.md 116)."""
    raw = REGION.read_bytes()
    assert old.encode() in raw
    with pytest.raises(ConfigError) as refused:
        region_from_bytes("cantabria", raw.replace(old.encode(), new.encode()))
    message = str(refused.value)
    assert "dice ser la versión 2014.3, pero no es el fichero publicado de esa versión" in message
    assert "huella" in message and "R-NET-3" in message


def test_a_region_file_claiming_an_unpublished_version_is_refused() -> None:
    raw = REGION.read_bytes().replace(b'version = "2014.3"', b'version = "2030.1"')
    with pytest.raises(ConfigError, match=r"2030\.1, que no es una versión publicada"):
        region_from_bytes("cantabria", raw)


def test_every_shipped_region_file_is_a_published_version() -> None:
    for region in ("cantabria", "euskadi"):
        rules = load_region(region).rules
        digest = hashlib.sha256(REGION.with_name(f"{region}.toml").read_bytes()).hexdigest()
        assert rules.region_sha256 == digest
        assert any(p.sha256 == digest and p.version == rules.region_version
                   for p in published_files())  # fmt: skip


def test_the_simulation_refuses_to_play_under_an_edited_region_file(tmp_path: Path) -> None:
    """The inspection's case: the hall's copy of the region file edited to pay 66 % and a 9 %
    line, its version left as it was. The program refuses it and writes nothing."""
    root = Path(__file__).parent.parent
    copy = tmp_path / "pkg" / "app"  # the composition root with the hall's copy of its settings
    skip = shutil.ignore_patterns("__pycache__")
    shutil.copytree(root / "app", copy, ignore=skip)
    shutil.copytree(REGION.parent.parent, copy / "config" / "files", ignore=skip)  # as installed
    edited = copy / "config" / "files" / "regions" / "cantabria.toml"
    text = edited.read_text("utf-8")
    text = text.replace("payout_bp = 6700 ", "payout_bp = 6600 ")
    edited.write_text(text.replace("line_bp = 1000 ", "line_bp = 900  "), "utf-8")
    db = tmp_path / "r.sqlite"
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from app.cli import main; sys.exit(main())",
            "simulate",
            "--db",
            f"sqlite:///{db}",
            "--partidas",
            "1",
        ],
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(copy.parent), str(root)])},
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert done.returncode == 1, done.stderr
    assert "no es el fichero publicado de esa versión" in done.stderr
    assert "Traceback" not in done.stderr
    assert not db.exists() or records(f"sqlite:///{db}") == 0


# --- item 3: another settings file on an existing database -----------------------------------


@pytest.fixture
def night(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'night.sqlite'}"
    assert main(["simulate", "--db", url, "--seed", "3", "--partidas", "2", "-q"]) == 0
    return url


def test_another_halls_settings_on_an_existing_database_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, night: str
) -> None:
    other = demo_with(tmp_path, replace=('id = "cantabria-001"', 'id = "otra-sala"'))
    before = records(night)
    for command in (
        ["simulate", "--partidas", "1", "-q"],
        ["status"],
        ["ballset", "show"],
        ["rules", "adopt"],
    ):
        code, _, err = run(capsys, *command, "--db", night, "--config", str(other))
        assert code == 1, command
        assert "sala: registrada 'cantabria-001', fichero 'otra-sala'" in err
    assert records(night) == before


@pytest.mark.parametrize(
    "command",
    [
        ["export", "--compact"],
        ["rules", "show"],
        ["transcribe", "--template", "2"],
        ["reclamacion", "list"],
        ["cardset", "DB", "CONFIG", "validate", "card-set.json"],  # options before the action
    ],
)
def test_every_command_refuses_another_halls_settings_instead_of_ignoring_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, night: str, command: list[str]
) -> None:
    """Decision 52: a named --config that does not describe the recorded hall is refused by
    every command that takes one, not silently ignored (`rules show` would print the recorded
    rules as if they were the file's)."""
    other = demo_with(tmp_path, replace=('id = "cantabria-001"', 'id = "otra-sala"'))
    cards = tmp_path / "card-set.json"
    assert run(capsys, "cardset", "generate", "--id", "x", "--seed", "1", "--strips", "1",
               "-o", str(cards))[0] == 0  # fmt: skip

    def argv(config: Path) -> list[str]:
        words = {"DB": ["--db", night], "CONFIG": ["--config", str(config)]}
        out = [w for word in command for w in words.get(word, [word])]
        out = [str(cards) if word == "card-set.json" else word for word in out]
        return out if "DB" in command else [*out, *words["DB"], *words["CONFIG"]]

    before = records(night)
    code, out, err = run(capsys, *argv(other))
    assert code == 1, (out, err)
    assert "sala: registrada 'cantabria-001', fichero 'otra-sala'" in err
    assert out == "" and records(night) == before
    # The hall's own file is accepted.
    assert run(capsys, *argv(demo_with(tmp_path)))[0] == 0


def test_rules_show_refuses_a_file_whose_rules_are_not_the_recorded_ones(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, night: str
) -> None:
    plain = demo_with(tmp_path, replace=("enabled = true", "enabled = false"))
    code, out, err = run(capsys, "rules", "show", "--db", night, "--config", str(plain))
    assert code == 1 and out == ""
    assert "bingo_bp: registrado 5000, fichero 5100" in err and "rules adopt" in err


def test_other_rules_are_refused_with_what_differs_then_adopted_between_sessions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, night: str
) -> None:
    plain = demo_with(tmp_path, replace=("enabled = true", "enabled = false"))
    before = records(night)
    code, _, err = run(capsys, "simulate", "--db", night, "--config", str(plain), "-q")
    assert code == 1
    assert "bingo_bp: registrado 5000, fichero 5100" in err
    assert "bola_loca_bp: registrado 100, fichero 0" in err
    assert "bingo-hall rules adopt" in err
    assert records(night) == before
    # Adopted between sessions, it is recorded, and the next night plays under it.
    code, out, _ = run(capsys, "rules", "adopt", "--db", night, "--config", str(plain))
    assert code == 0 and "reglas adoptadas" in out and "bingo_bp = 5100" in out
    args = ("--db", night, "--config", str(plain))
    assert run(capsys, "simulate", *args, "--seed", "4", "--partidas", "1", "-q")[0] == 0
    code, out, _ = run(capsys, "export", "--db", night, "--compact", "--no-chain")
    export = json.loads(out)
    assert export["rules"]["bingo_bp"] == 5100
    # The first night keeps the rules it was played under (R-NET-3).
    assert export["sessions"][0]["rules"]["bingo_bp"] == 5000
    assert "rules" not in export["sessions"][1]


def test_rules_never_change_within_a_session() -> None:
    from .bingo.hallkit import make_hall

    kit = make_hall()
    with pytest.raises(DomainError, match="entre sesiones"):
        kit.svc.adopt_rules(load_hall().rules)


# --- item 9: a refused set-up writes nothing -------------------------------------------------


def test_a_refused_configuration_changes_nothing_in_the_database(tmp_path: Path) -> None:
    """The ball set is refused (its partidas already reach the limit, Cantabria II.2) after the
    hall, rules, card set and serie were accepted: none of them is written."""
    settings = load_hall(
        demo_with(tmp_path, replace=("partidas_before = 0", "partidas_before = 3000"))
    )
    log = MemoryEventLog()
    service = HallService(log, settings.hall_id)
    with pytest.raises(DomainError, match="límite"):
        prepare_hall(service, settings)
    assert log.load(settings.hall_id) == [] and not service.hall.hall_id


def test_a_refused_configuration_on_the_command_line_leaves_the_database_empty(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'fresh.sqlite'}"
    bad = demo_with(tmp_path, replace=("partidas_before = 0", "partidas_before = 3000"))
    code, _, err = run(capsys, "simulate", "--db", url, "--config", str(bad), "-q")
    assert code == 1 and "límite" in err
    code, out, _ = run(capsys, "export", "--db", url, "--compact", "--no-chain")
    assert "cantabria-001" not in out


def test_a_new_prima_ball_limit_adopted_between_sessions_is_the_new_base() -> None:
    """Cantabria V.2.a: the limit the Consejería sets, plus the balls added for partidas not won."""
    from dataclasses import replace

    from .bingo.hallkit import make_hall

    kit = make_hall(open_session=False)
    rules = kit.hall.rules
    assert rules is not None and kit.hall.prima.ball_limit == 50
    kit.svc.adopt_rules(replace(rules, prima_ball_limit=45, region_version="2030.1"))
    assert kit.hall.prima.ball_limit == 45


def test_an_acta_sealed_before_a_rules_change_still_verifies_against_the_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, night: str
) -> None:
    """The night keeps the rules it was played under (decision 52), so adopting others later is
    no alteration of its acta (R-ACTA-4)."""
    acta = tmp_path / "acta.pdf"
    assert run(capsys, "acta", "build", "--db", night, "-o", str(acta))[0] == 0
    plain = demo_with(tmp_path, replace=("enabled = true", "enabled = false"))
    assert run(capsys, "rules", "adopt", "--db", night, "--config", str(plain))[0] == 0
    _code, out, err = run(capsys, "acta", "verify", str(acta), "--db", night)
    assert "[OK] Datos de la sesión" in out + err
    assert "ALTERACIÓN" not in out + err


def test_a_refused_card_set_import_keeps_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, night: str
) -> None:
    """A card set under the id of another one already in the hall is refused (R-CARD-2) before
    its text is kept in the database."""
    other = tmp_path / "other.json"
    assert run(capsys, "cardset", "generate", "--id", "std-6000", "--seed", "9", "--strips", "2",
               "-o", str(other))[0] == 0  # fmt: skip
    with sqlite3.connect(night.removeprefix("sqlite:///")) as db:
        kept = db.execute("select count(*) from card_sets").fetchone()[0]
    code, _, err = run(capsys, "cardset", "--db", night, "import", str(other))
    assert code == 1 and "otro contenido" in err
    with sqlite3.connect(night.removeprefix("sqlite:///")) as db:
        assert db.execute("select count(*) from card_sets").fetchone()[0] == kept


def test_the_independent_checker_accepts_the_export_against_the_published_list(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, night: str
) -> None:
    """The export's `rules.source` is the published file's; the same export with a region file
    edited in the hall (another digest) is named by the checker (R-NET-3)."""
    from tests.independent.check_export import check, read_published

    code, out, _ = run(capsys, "export", "--db", night, "--compact", "--no-chain")
    export = json.loads(out)
    published = read_published((REGION.parent / "published.toml").read_text("utf-8"))
    assert code == 0 and check(export, published) == []
    export["rules"]["source"]["sha256"] = hashlib.sha256(b"edited").hexdigest()
    assert [p for p in check(export, published) if "not the published file" in p]


# --- a new version of the region file with the same figures ----------------------------------

OLD_CANTABRIA = Path(__file__).parent / "fixtures" / "regions" / "cantabria-2014.2.toml"


def open_under_2014_2(tmp_path: Path, simulation: bool = False) -> str:
    """A database whose hall adopted its rules from the published Cantabria 2014.2 file (the one
    before ``[interconnected]`` was added) and whose session was opened and left open, as a hall
    cut in the night before the program with 2014.3 was installed."""
    from dataclasses import replace

    from app.bootstrap import card_set_library
    from store import open_store

    old = region_from_bytes("cantabria", OLD_CANTABRIA.read_bytes()).rules
    settings = load_hall(demo_with(tmp_path))
    rules = replace(
        settings.rules, region_version=old.region_version, region_sha256=old.region_sha256
    )
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    store = open_store(url, create=True)
    try:
        service = HallService(store, settings.hall_id, card_set_library(store, keep=True))
        prepare_hall(service, replace(settings, rules=rules))
        if simulation:  # a simulated night cut after its opening, as `simulate` records it
            from bingo.events import SimulationStarted

            service.start_simulation(
                SimulationStarted(
                    session_id="S-2014-2",
                    seed=3,
                    partidas=1,
                    incidents=False,
                    electronic=False,
                    devices="none",
                )
            )
        assert service.record_ball_check("S-2014-2", "open", list(range(1, 91)))
        service.open_session("S-2014-2", "2026-11-24", "Ana", "Luis")
    finally:
        store.close()
    return url


def test_a_session_opened_under_the_earlier_version_goes_on_when_no_figure_changed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """R-NET-3, decisions 52 and 295: 2014.3 only added the interconnected prize's figures; the
    rules the hall plays (its percentages and limits) are those of 2014.2, so the open session
    goes on, and its record keeps naming the version it adopted until it adopts between
    sessions."""
    old = region_from_bytes("cantabria", OLD_CANTABRIA.read_bytes()).rules
    new = load_region("cantabria").rules
    assert old.region_version == "2014.2" and new.region_version != "2014.2"
    url = open_under_2014_2(tmp_path)
    config = str(demo_with(tmp_path))
    for command in (["status"], ["rules", "show"]):
        code, out, err = run(capsys, *command, "--db", url, "--config", config)
        assert code == 0, (command, out, err)
    code, out, _ = run(capsys, "export", "--db", url, "--config", config, "--compact")
    assert code == 0 and json.loads(out)["rules"]["source"]["version"] == "2014.2"
    # Adopting the new version waits for the session's close, and says why nothing is needed.
    code, _, err = run(capsys, "rules", "adopt", "--db", url, "--config", config)
    assert code == 1 and "no cambia ninguna cifra" in err and "sigue con ellas" in err


def test_a_simulated_night_opened_under_the_earlier_version_is_resumed_to_its_end(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The inspection's case: `simulate` refused to resume ("region_version: registrado
    '2014.2', fichero '2014.3'") a night cut under 2014.2; it goes on under 2014.2."""
    url = open_under_2014_2(tmp_path, simulation=True)
    config = str(demo_with(tmp_path))
    code, out, err = run(capsys, "simulate", "--db", url, "--config", config, "-q")
    assert code == 0, (out, err)
    code, out, _ = run(capsys, "export", "--db", url, "--config", config, "--compact")
    export = json.loads(out)
    assert export["rules"]["source"]["version"] == "2014.2"
    assert export["sessions"][0]["closed_at"] and len(export["sessions"][0]["partidas"]) == 1


def test_a_changed_percentage_is_still_refused_on_a_session_opened_under_the_earlier_version(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 7 item 3: a different figure on an existing database is refused with what differs,
    whatever the version label."""
    url = open_under_2014_2(tmp_path)
    plain = demo_with(tmp_path, replace=("enabled = true", "enabled = false"))
    before = records(url)
    code, _, err = run(capsys, "status", "--db", url, "--config", str(plain))
    assert code == 1
    assert "bingo_bp: registrado 5000, fichero 5100" in err
    assert "region_version" not in err
    assert records(url) == before
