"""The independent checker compares every figure an export's rules carry with the published
region file they name, read from the files themselves (``check_export.py --regions FOLDER``),
never with what the export says (SPEC R-NET-3, R-PRIZE-1, R-PRIMA-2, R-MULTI-1, R-MULTI-3;
Cantabria V.1, V.2.a, V.2.b, V.2.c; Euskadi art. 3.6; docs/decisions.md 116, 333, 334).

The exports are made by the program; the checker is run as the inspection runs it.
"""

from __future__ import annotations

import copy
import hashlib
import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.config import load_region
from bingo.export import build_export
from bingo.interconnected import MemoryLedger
from tests.independent.check_export import main
from tests.independent.test_check_terminals import basque_night

CHECKER = Path(__file__).with_name("check_export.py")
REGIONS = Path(__file__).parents[2] / "config" / "regions"
Export = dict[str, Any]


def cantabrian_night() -> Export:
    """Three partidas of a Cantabrian hall that runs bola loca at 1 % and joined the
    interconnected prize with the region's figures: 100 cartones of 10 € each, 2 % of 1000 €
    to the fund, so the third partida announces a fund of 40 € within 50 balls (2014.3)."""
    from tests.bingo.hallkit import make_hall

    region = load_region("cantabria")
    assert region.interconnected is not None
    kit = make_hall(
        region.with_bola_loca(100), prima_cents=20_000, series=(("A", 600, 1000, False),)
    )
    ledger = MemoryLedger("red", region.interconnected)
    svc = kit.svc
    for winner in (3, 40, 77):
        svc.start_partida()
        svc.sell_count("A", 100)
        partida = kit.hall.partida
        assert partida is not None
        winner += partida.sales[0].first - 1
        svc.close_sale()
        svc.announce_interconnected(ledger)
        svc.confirm_data_shown()
        carton = sorted(kit.carton(winner).numbers)
        kit.draw_rest_until(carton)
        svc.claim("A", winner, "line")
        svc.claim("A", winner, "bingo")
        svc.close_partida()
        svc.settle_interconnected(ledger)
        svc.pay_prizes()
    export = build_export(kit.hall, svc.card_sets.get)
    third = export["sessions"][0]["partidas"][2]["interconnected"]
    assert (third["amount_cents"], third["ball_limit"]) == (4000, 50)
    return export


@pytest.fixture(scope="module")
def night() -> Export:
    return cantabrian_night()


def run(
    export: Export, capsys: pytest.CaptureFixture[str], *options: str, tmp: Path
) -> tuple[int, list[str], str]:
    """The checker's exit status, the problems it prints and what it says on stderr."""
    path = tmp / "export.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    status = main([*options, str(path)])
    out = capsys.readouterr()
    return status, out.out.splitlines()[:-1], out.err


def altered(export: Export, change: Callable[[Export], None]) -> Export:
    out = copy.deepcopy(export)
    change(out)
    return out


def partidas(export: Export) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = export["sessions"][0]["partidas"]
    return found


def test_an_export_made_by_the_program_passes_with_the_published_files(
    night: Export, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert night["rules"]["source"]["version"] == "2014.3"
    assert run(night, capsys, "--regions", str(REGIONS), tmp=tmp_path) == (0, [], "")
    listing = str(REGIONS / "published.toml")
    both = ("--published", listing, "--regions", str(REGIONS))
    assert run(night, capsys, *both, tmp=tmp_path) == (0, [], "")


@pytest.mark.parametrize(
    ("key", "value", "problem"),
    [
        (
            "line_bp",
            1500,
            "rules: line_bp 1500 is not the published file's 1000 (cantabria 2014.3)",
        ),
        ("payout_bp", 7000, "rules: payout_bp 7000 is not the published file's 6700"),
        ("prima_bp", 700, "rules: prima_bp 700 is not the published file's 600"),
        ("prima_ball_limit", 55, "rules: prima_ball_limit 55 is not the published file's 50"),
        ("line_required", False, "rules: line_required false is not the published file's true"),
        (
            "bingo_bp",
            5100,
            "rules: bingo_bp 5100 is not the published file's 5100 less the bola_loca_bp 100, "
            "5000 (cantabria 2014.3)",
        ),
    ],
)
def test_a_figure_of_the_rules_other_than_the_published_files_is_named(
    night: Export,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    key: str,
    value: object,
    problem: str,
) -> None:
    """A hall that edits a figure inside its export, keeping the published file's version and
    SHA-256 in ``rules.source``, is caught by the file itself (Cantabria V.1, V.2.a)."""
    edited = altered(night, lambda e: e["rules"].update({key: value}))
    status, problems, _ = run(edited, capsys, "--regions", str(REGIONS), tmp=tmp_path)
    assert status == 1
    assert any(p.startswith(problem) for p in problems), problems


def test_a_bola_loca_above_the_published_ceiling_is_named(
    night: Export, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The bola loca is the hall's authorisation up to the file's [bola_loca] max_bp, taken
    from the bingo (decisions 11, 50): 2 % with the bingo at 49 % adds up, and is still named."""
    edited = altered(night, lambda e: e["rules"].update(bola_loca_bp=200, bingo_bp=4900))
    status, problems, _ = run(edited, capsys, "--regions", str(REGIONS), tmp=tmp_path)
    assert status == 1
    assert (
        "rules: bola_loca_bp 200 is above the published file's [bola_loca] max_bp 100 "
        "(cantabria 2014.3)" in problems
    )


def test_a_sessions_own_rules_and_rules_without_a_source_are_compared_too(
    night: Export, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Dropping ``source`` does not escape the comparison: rules that name no file must have
    the figures of one of the region's published files given (decision 334)."""

    def session_rules(export: Export) -> None:
        export["sessions"][0]["rules"] = dict(export["rules"], line_bp=1200)

    status, problems, _ = run(
        altered(night, session_rules), capsys, "--regions", str(REGIONS), tmp=tmp_path
    )
    assert status == 1
    assert "session S1 rules: line_bp 1200 is not the published file's 1000 (cantabria 2014.3)" in (
        problems
    )

    def no_source(export: Export) -> None:
        del export["rules"]["source"]
        export["rules"]["prima_bp"] = 900

    status, problems, _ = run(
        altered(night, no_source), capsys, "--regions", str(REGIONS), tmp=tmp_path
    )
    assert status == 1
    assert any(
        p.startswith(
            "rules: prima_bp 900 is not the published file's 600 (cantabria 2014.3); "
            "the rules name no region file"
        )
        for p in problems
    ), problems


@pytest.mark.parametrize(
    ("key", "value", "problem"),
    [
        ("contribution_bp", 300, "contribution_bp 300 is not the published file's 200"),
        ("fund_max_cents", 900_000, "fund_max_cents 900000 is not the published file's 600000"),
        ("reserve_max_cents", 0, "reserve_max_cents 0 is not the published file's 100000"),
    ],
)
def test_an_interconnected_figure_other_than_the_published_files_is_named(
    night: Export,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    key: str,
    value: int,
    problem: str,
) -> None:
    """The Consejería sets the fund's percentage, maximum and reserve (Cantabria V.2.b): a
    network whose every partida says other figures is consistent, and still not the region's."""

    def every_partida(export: Export) -> None:
        for partida in partidas(export):
            partida["interconnected"][key] = value

    status, problems, _ = run(
        altered(night, every_partida), capsys, "--regions", str(REGIONS), tmp=tmp_path
    )
    assert status == 1
    assert f"session S1 partida 1 interconnected: {problem} (cantabria 2014.3)" in problems


def test_an_interconnected_ball_limit_off_the_published_scale_is_named(
    night: Export, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A fund of 40 € is won within 50 balls by the 2014.3 scale (decision 287)."""
    edited = altered(night, lambda e: partidas(e)[2]["interconnected"].update(ball_limit=70))
    status, problems, _ = run(edited, capsys, "--regions", str(REGIONS), tmp=tmp_path)
    assert status == 1
    assert (
        "session S1 partida 3 interconnected: ball_limit 70 for a fund of 4000 cents is not the "
        "published file's scale, 50 (cantabria 2014.3)" in problems
    )


def published_copy(tmp: Path, region: str, version: str, edit: Callable[[str], str]) -> Path:
    """A regulator's folder (list and file) whose file of ``region`` says other figures, listed
    with the SHA-256 of its bytes: the checker takes the figures from the file, not itself."""
    folder = tmp / "regions"
    folder.mkdir()
    path = folder / f"{region}.toml"
    path.write_text(edit((REGIONS / path.name).read_text(encoding="utf-8")), encoding="utf-8")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    (folder / "published.toml").write_text(
        f'[[file]]\nregion = "{region}"\nversion = "{version}"\nsha256 = "{digest}"\n',
        encoding="utf-8",
    )
    return folder


def test_the_machines_limits_are_the_published_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Euskadi art. 3.6.a: with the files given, the machines of a hall of 3.ª are counted
    against the file's figure (one place for the published figures, decision 334)."""
    export = basque_night()
    assert run(export, capsys, "--regions", str(REGIONS), tmp=tmp_path) == (0, [], "")
    folder = published_copy(
        tmp_path,
        "euskadi",
        "1996.2",
        lambda t: t.replace("segunda = 8, tercera = 6", "segunda = 8, tercera = 4"),
    )
    status, problems, _ = run(export, capsys, "--regions", str(folder), tmp=tmp_path)
    assert status == 1
    assert any(
        "machines_max is 6 but a hall of category tercera of the region euskadi has 4" in p
        and "Euskadi art. 3.6.a, published file euskadi 1996.2" in p
        for p in problems
    ), problems
    assert any("6 machines sold in this session" in p for p in problems), problems


def test_the_built_in_machines_limits_are_the_shipped_files() -> None:
    """Without the files the checker uses the figures it knows (decision 333): they are the
    published Basque file's, so both ways judge alike."""
    from tests.independent.check_export import read_published, read_region_files
    from tests.independent.check_terminals import REGION_LIMITS

    listing = REGIONS / "published.toml"
    files = read_region_files(REGIONS, read_published(listing.read_text()), listing)
    for file in files.files:
        known = REGION_LIMITS[file.entry.region]
        limits = file.terminal_limits()
        assert (known and (known.machines, known.cartones)) == (
            limits and (limits.machines, limits.cartones)
        )


def test_a_region_file_whose_bytes_are_not_the_published_ones_is_refused(
    night: Export, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The checker verifies the SHA-256 of the bytes it reads against the published list: a
    file edited to agree with an edited export is refused, exit 2, nothing checked."""
    folder = tmp_path / "regions"
    shutil.copytree(REGIONS, folder)
    path = folder / "cantabria.toml"
    path.write_text(path.read_text().replace("line_bp = 1000", "line_bp = 1500"))
    edited = altered(night, lambda e: e["rules"].update(line_bp=1500))
    status, problems, err = run(edited, capsys, "--regions", str(folder), tmp=tmp_path)
    assert (status, problems) == (2, [])
    assert f"cannot use the region files in {folder}: cantabria.toml is not a published" in err
    assert "SHA-256 of its bytes" in err


def test_a_published_file_the_export_names_but_not_given_stops_the_check(
    night: Export, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Rules adopted under 2014.2 are compared with 2014.2's file: without it nothing is
    compared, and the checker says so (exit 2) rather than pass them."""
    sha = "7130535852547346a675bdcf5ad13752949b7a50f6d1cdf5ed2f8de03fb76833"  # 2014.2
    edited = altered(night, lambda e: e["rules"]["source"].update(version="2014.2", sha256=sha))
    status, problems, err = run(edited, capsys, "--regions", str(REGIONS), tmp=tmp_path)
    assert (status, problems) == (2, [])
    assert "rules name the published file cantabria 2014.2, which is not among the region " in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--regions"], "--regions needs a file name"),
        (["--regions", "/nonexistent/folder", "x.json"], "it is not a folder"),
        (["--frobnicate", "x", "x.json"], "unknown option --frobnicate"),
        (["--games", "/nonexistent/folder", "x.json"], "cannot use the game files in /nonexist"),
        (["--regions", str(REGIONS)], "give one export file"),
        (["--regions", str(REGIONS), "--regions", str(REGIONS), "x.json"], "given twice"),
    ],
)
def test_bad_arguments_get_a_clear_message_and_exit_2(argv: list[str], message: str) -> None:
    result = subprocess.run(
        [sys.executable, str(CHECKER), *argv], capture_output=True, text=True, check=False
    )
    assert result.returncode == 2
    assert message in result.stderr
    assert "usage: check_export.py" in result.stderr or "cannot use" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_checker_run_as_a_script_compares_the_figures(night: Export, tmp_path: Path) -> None:
    """As the inspection runs it: the script and the folder of published files, nothing else."""
    path = tmp_path / "export.json"
    path.write_text(json.dumps(altered(night, lambda e: e["rules"].update(line_bp=1500))))
    result = subprocess.run(
        [sys.executable, str(CHECKER), "--regions", str(REGIONS), str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert "rules: line_bp 1500 is not the published file's 1000 (cantabria 2014.3)" in (
        result.stdout
    )


def test_the_prima_amounts_are_bounded_by_the_published_file(
    night: Export, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """R-PRIMA-2, Cantabria V.2.a: the prima's amounts lie between the file's minimum and
    maximum in its steps; a resolution that raises the minimum to 300 € (a new published file)
    makes the night's 200 € prima a problem, though the export carries no bounds."""
    folder = published_copy(
        tmp_path,
        "cantabria",
        "2014.3",
        lambda t: t.replace("prima_min_cents = 5000 ", "prima_min_cents = 30000"),
    )
    status, problems, _ = run(night, capsys, "--regions", str(folder), tmp=tmp_path)
    assert status == 1
    assert any("prima amount_cents 20000 is not between 30000 and 100000" in p for p in problems), (
        problems
    )


GAMES = REGIONS.parent / "games"


def test_a_game_played_is_compared_with_its_published_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Cantabria B.3, B.4: the prize plan of bingo plus and bingo derivado is the authorised
    game file's; an export whose definition gives the marco 20 % (the file: 15 %) while naming
    the published version, or changes a drawing, is named (decision 334)."""
    from tests.actas.game_fixtures import games_export

    export = games_export()  # hand-made ordinary partidas: only what concerns the games counts
    assert [
        p for p in run(export, capsys, "--games", str(GAMES), tmp=tmp_path)[1] if "game" in p
    ] == []

    def marco(e: Export) -> None:
        e["games"][0]["plan"]["prizes"][2]["basis_points"] = 2000
        e["games"][0]["combinations"][0]["drawings"] = [[[0, 0], [0, 4], [3, 0], [3, 3]]]

    status, problems, _ = run(altered(export, marco), capsys, "--games", str(GAMES), tmp=tmp_path)
    assert status == 1
    assert (
        "game plus-4x5: plan prizes #3 basis_points 2000 is not the published file's 1500 "
        "(plus-4x5 2026.1)" in problems
    )
    assert any(p.startswith("game plus-4x5: combinations #1 drawings") for p in problems)
    unpublished = altered(export, lambda e: e["games"][1].update(sha256="a" * 64))
    status, problems, _ = run(unpublished, capsys, "--games", str(GAMES), tmp=tmp_path)
    assert status == 1
    assert any(
        p.startswith(f"game derivado-instantaneo-3x3: sha256 {'a' * 64} is not the published")
        for p in problems
    )


def test_a_game_file_whose_bytes_are_not_the_published_ones_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from tests.actas.game_fixtures import games_export

    folder = tmp_path / "games"
    shutil.copytree(GAMES, folder)
    path = folder / "plus-4x5.toml"
    path.write_text(path.read_text().replace("basis_points = 1500", "basis_points = 2000"))
    status, problems, err = run(games_export(), capsys, "--games", str(folder), tmp=tmp_path)
    assert (status, problems) == (2, [])
    assert f"cannot use the game files in {folder}: plus-4x5.toml is not a published game" in err


def test_the_bola_loca_numbers_drawn_are_the_published_files_count(
    night: Export, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Cantabria V.2.c: the region file says how many numbers are drawn before each partida
    (bola_loca_count, 1): a partida that drew two gave its players two chances."""
    edited = altered(night, lambda e: partidas(e)[1]["bola_loca"]["numbers"].append(90))
    status, problems, _ = run(edited, capsys, "--regions", str(REGIONS), tmp=tmp_path)
    assert status == 1
    assert (
        "session S1 partida 2: 2 bola loca numbers drawn, but the published region file draws 1 "
        "before each partida (bola_loca_count; V.2.c)" in problems
    )
