"""The acta says which region file the rules came from, with its version and SHA-256, for the
inspection to compare with the published file; and it says why a hall with bola loca prints a
bingo percentage below the decree's (SPEC R-NET-3, R-ACTA-1; Cantabria V.1.b, V.2.c;
docs/decisions.md 51, 116, 117)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from actas.render import render_acta
from app.cli import main
from app.config import load_hall
from tests.actas.conftest import body_lines, pdf_pages

DEMO = (Path(__file__).parent.parent.parent / "config" / "hall.toml").read_text("utf-8")


def opening(pdf: bytes) -> str:
    lines = body_lines(pdf)
    return " ".join(" ".join(lines[: lines.index("PARTIDA N.º 1")]).split())


@pytest.fixture(scope="module")
def night_export(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    tmp = tmp_path_factory.mktemp("night")
    url = f"sqlite:///{tmp / 'n.sqlite'}"
    assert main(["simulate", "--db", url, "--seed", "2", "--partidas", "1", "-q"]) == 0
    out = tmp / "n.json"
    assert main(["export", "--db", url, "-o", str(out)]) == 0
    export: dict[str, object] = json.loads(out.read_text("utf-8"))
    return export


def test_the_acta_prints_the_region_file_version_and_sha256_of_its_rules(
    night_export: dict[str, object],
) -> None:
    text = opening(render_acta(night_export))
    rules = load_hall().rules
    assert "Reglas del fichero de la región config/regions/cantabria.toml, versión 2014.3" in text
    assert rules.region_resolution in text
    assert rules.region_sha256 in text.replace(" ", "")


def test_the_acta_says_the_bola_loca_is_taken_from_the_decrees_bingo_percentage(
    night_export: dict[str, object],
) -> None:
    """The demo hall runs bola loca at 1 %, taken from V.1.b's 51 %: "bingo 50 %" alone would
    read against the decree."""
    text = opening(render_acta(night_export))
    assert "bingo 50 % (51 % del decreto, menos el 1 % de bola loca autorizado a la sala)" in text


def test_a_hall_without_bola_loca_prints_the_decrees_bingo_percentage(
    night_export: dict[str, object],
) -> None:
    export = json.loads(json.dumps(night_export))
    export["rules"].update(bingo_bp=5100, bola_loca_bp=0)
    text = opening(render_acta(export))
    assert "bingo 51 %, detracción para la prima 6 %, bola loca 0 %" in text
    assert "del decreto" not in text


def test_the_basque_acta_says_both_in_basque(night_export: dict[str, object]) -> None:
    export = json.loads(json.dumps(night_export))
    export["hall"]["languages"] = ["es", "eu"]
    text = " ".join(" ".join(pdf_pages(render_acta(export))).split())
    assert "bingoa % 50 (dekretuaren % 51, aretoari baimendutako bola eroaren % 1 kenduta)" in text
    assert "Eskualdeko fitxategiaren arauak: config/regions/cantabria.toml, 2014.3 bertsioa" in text


def test_a_basque_actas_bingo_percentage_is_the_halls_authorisations_not_a_decrees(
    night_export: dict[str, object],
) -> None:
    """Decreto 277/1996 fixes no percentage: a Basque hall's come from its authorisation
    (decision 650); the acta said «51 % del decreto»."""
    import copy

    basque = copy.deepcopy(night_export)
    hall = basque["hall"]
    assert isinstance(hall, dict)
    hall["region"], hall["languages"] = "euskadi", ["es", "eu"]
    text = " ".join(" ".join(body_lines(render_acta(basque))).split())
    assert "del decreto" not in text
    assert "bingo 50 % (51 % de la autorización de la sala, menos el 1 % de bola loca" in text
