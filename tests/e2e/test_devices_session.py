"""A session whose balls really come from the emulated extractor and reader over
pseudo-terminals; injected faults end up as the regulation's incidents in the export and the
acta (R-DEV-1, R-INC-1..3, R-GAME-3, R-BALL-2)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from actas.render import render_acta
from app.cli import main
from tests.independent.check_export import check

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]


def play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], *faults: str, partidas: int = 2
) -> dict:  # type: ignore[type-arg]
    url = f"sqlite:///{tmp_path / 'hall.sqlite'}"
    argv = [
        "simulate",
        "--db",
        url,
        "--seed",
        "3",
        "--partidas",
        str(partidas),
        "--devices",
        "emulated",
        "-q",
    ]
    for fault in faults:
        argv += ["--fault", fault]
    assert main(argv) == 0
    capsys.readouterr()
    assert main(["export", "--db", url, "--compact"]) == 0
    export = json.loads(capsys.readouterr().out)
    # every prize still checks out independently; the one finding: not a real night (R-DEV-1)
    (finding,) = check(export)
    assert "played on emulated devices (seeds 3;" in finding and "not a real night" in finding
    return export  # type: ignore[no-any-return]


def acta_text(export: dict) -> str:  # type: ignore[type-arg]
    reader = PdfReader(io.BytesIO(render_acta(export)))
    return "\n".join(page.extract_text() for page in reader.pages)


def incidents(export: dict) -> list[tuple[int, str, str]]:  # type: ignore[type-arg]
    return [
        (p["number"], i["kind"], i["note"])
        for p in export["sessions"][0]["partidas"]
        for i in p["incidents"]
    ]


def test_balls_come_from_the_devices_and_the_count_from_the_reader_scan(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    export = play(tmp_path, capsys)
    session = export["sessions"][0]
    # the emulated reader's count and the emulated extractor's balls say so, with the seed
    assert session["ball_checks"][0]["method"] == "emulated"
    assert session["emulated_devices"] == {"seeds": [3]}
    assert sorted(session["ball_checks"][0]["numbers"]) == list(range(1, 91))
    for partida in session["partidas"]:
        assert partida["status"] == "closed"
        assert set(partida["ball_sources"]) <= {"emulated", "operator"}
        assert "emulated" in partida["ball_sources"]


def test_a_jam_after_the_first_ball_goes_on_by_manual_extraction(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    export = play(tmp_path, capsys, "jam")
    manual = [p for p in export["sessions"][0]["partidas"] if p["manual_from_ball"]]
    assert manual, incidents(export)
    partida = manual[0]
    start = partida["manual_from_ball"]
    assert set(partida["ball_sources"][start - 1 :]) == {"manual"}
    assert len(set(partida["balls"])) == len(partida["balls"])  # no ball lost or repeated
    assert any(k == "failure_after_extraction_began" for _, k, _ in incidents(export))
    assert "Atasco" in acta_text(export)


def test_the_ball_in_the_tube_when_the_extractor_is_lost_is_read_then_manual_extraction(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Cantabria II.1.b párrafo 2: the ball already out is drawn once, then only pending balls."""
    export = play(tmp_path, capsys, "extractor_lost_after_release", partidas=1)
    (partida,) = export["sessions"][0]["partidas"]
    kinds = [k for _, k, _ in incidents(export)]
    assert kinds == ["ball_in_tube", "failure_after_extraction_began"]
    start = partida["manual_from_ball"]
    assert partida["ball_sources"][start - 2] == "operator"  # the ball in the tube
    assert set(partida["ball_sources"][start - 1 :]) == {"manual"}
    assert len(set(partida["balls"])) == len(partida["balls"])  # none lost, none repeated
    text = " ".join(acta_text(export).split())
    assert "Avería con una bola ya fuera del bombo" in text


def test_a_double_feed_annuls_the_partida_with_full_refund(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    export = play(tmp_path, capsys, "double_feed")
    annulled = [p for p in export["sessions"][0]["partidas"] if p["status"] == "annulled"]
    assert annulled and annulled[0]["refund_cents"] == annulled[0]["takings_cents"]
    assert any(k == "ball_irregularity" for _, k, _ in incidents(export))
    assert "doble alimentación" in acta_text(export)


def test_a_misread_ball_is_held_and_the_jefe_de_mesa_reading_prevails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    export = play(tmp_path, capsys, "misread")
    holds = [i for i in incidents(export) if i[1] == "reader_hold"]
    assert holds, incidents(export)
    number = holds[0][0]
    partida = export["sessions"][0]["partidas"][number - 1]
    assert "operator" in partida["ball_sources"]
    assert "lector" in acta_text(export).lower()
