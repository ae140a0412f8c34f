"""``simulate --game FILE`` (SPEC R-MULTI-4; Cantabria B.3, B.4; docs/decisions.md 260-264).

The ordinary bingo as a game file plays and exports exactly as without the option. A bingo
derivado (instant version) or bingo plus file plays whole sessions of that game: what the record
awards is what ``bingo.game.prizes.play_partida`` gives for the same balls and the cartones sold.
A file of another region, an edited or missing file, or another game for a session already under
way is refused and nothing is written.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from app.cli import main
from app.config import shipped_file
from app.config.game_files import load_game
from bingo.game.detect import reference_completions
from bingo.game.prizes import play_partida

GAMES = shipped_file("games")
HALL = shipped_file("hall.toml")
CHECKER = Path(__file__).parent / "independent" / "check_export.py"
PLAYED = ["derivado-instantaneo-3x3", "plus-4x5"]


def night(tmp_path: Path, name: str, *extra: str, seed: str = "11", partidas: str = "4") -> Path:
    url = f"sqlite:///{tmp_path / name}.sqlite"
    night = ("--seed", seed, "--partidas", partidas, "--date", "2026-11-20", "-q")
    assert main(["simulate", "--db", url, *night, *extra]) == 0
    out = tmp_path / f"{name}.json"
    assert main(["export", "--db", url, "-o", str(out)]) == 0
    return out


def test_the_ordinary_bingo_as_a_game_file_exports_the_same_bytes(tmp_path: Path) -> None:
    plain = night(tmp_path, "plain")
    as_game = night(tmp_path, "game", "--game", str(GAMES / "ordinario-90.toml"))
    assert as_game.read_bytes() == plain.read_bytes()
    data = json.loads(plain.read_bytes())
    # nothing of the other modalities in an ordinary night: no empty keys either
    assert "games" not in data and all("game_partidas" not in s for s in data["sessions"])
    assert all("game" not in c for c in data["card_sets"])
    assert all("game" not in r["payload"] for r in data["chain"]["records"])
    checked = subprocess.run(
        [sys.executable, str(CHECKER), str(as_game)], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


def expected_awards(definition: Any, partida: dict[str, Any], cards: list[Any]) -> Any:
    """What the plan gives, from ``bingo.game.prizes`` over the cartones sold and the balls."""
    sold = [(s["series"], n) for s in partida["sales"] for n in range(s["first"], s["last"] + 1)]
    grid = np.array([cards[n - 1] for _series, n in sold], dtype=np.uint8)
    balls = partida["balls"]
    order = balls + [n for n in range(1, definition.count + 1) if n not in balls]
    result = play_partida(definition, grid, order, partida["face_value_cents"])
    at = reference_completions(definition, grid.tolist(), list(result.balls))
    awards, residues = [], {}
    won = {a.combination: a for a in result.awards}
    for prize in definition.prizes:
        award = won.get(prize.combination)
        if award is None:
            continue
        residues[award.combination] = award.residue_cents
        for i in sorted(award.cartones, key=lambda i: sold[i]):
            awards.append(
                {
                    "combination": award.combination,
                    "series": sold[i][0],
                    "number": sold[i][1],
                    "completed_at_ball": at[award.combination][i],
                    "amount_cents": award.share_cents,
                }
            )
    return result, awards, residues


@pytest.mark.parametrize("seed", ["11", "12"])
@pytest.mark.parametrize("name", PLAYED)
def test_a_simulated_session_of_a_game_awards_what_its_plan_gives_for_the_cartones_sold(
    tmp_path: Path, name: str, seed: str
) -> None:
    """R-MULTI-4; Cantabria B.3.b (instant: a multiple of the price to every winner, its best
    prize only), B.4 (plus: each prize's share of the takings split among the first cartones).
    The system settles from the record over every cartón sold (docs/decisions.md 260).
    """
    definition = load_game(GAMES / f"{name}.toml")
    out = night(tmp_path, "g", "--game", str(GAMES / f"{name}.toml"), seed=seed, partidas="6")
    data = json.loads(out.read_bytes())
    assert [g["id"] for g in data["games"]] == [definition.id]
    assert (
        data["games"][0]["sha256"]
        == hashlib.sha256((GAMES / f"{name}.toml").read_bytes()).hexdigest()
    )
    cards = {c["id"]: c["cards"] for c in data["card_sets"] if c.get("game") == definition.id}
    (session,) = data["sessions"]
    assert session["partidas"] == [] and session["closed_at"]
    partidas = session["game_partidas"]
    assert [p["number"] for p in partidas] == list(range(1, 7))
    assert any(p["status"] == "closed" for p in partidas)
    for partida in partidas:
        assert partida["cards_sold"] == sum(s["last"] - s["first"] + 1 for s in partida["sales"])
        assert partida["takings_cents"] == partida["cards_sold"] * partida["face_value_cents"]
        if partida["status"] == "annulled":
            assert partida["awards"] == [] and partida["payout_cents"] == 0
            assert partida["refund_cents"] == partida["takings_cents"]
            continue
        assert partida["status"] == "closed" and partida["refund_cents"] == 0
        result, awards, residues = expected_awards(definition, partida, cards[partida["card_set"]])
        assert partida["balls"] == list(result.balls)
        assert partida["awards"] == awards
        assert (
            partida["payout_cents"] == result.paid_cents == sum(a["amount_cents"] for a in awards)
        )
        if definition.plan == "partida":
            assert partida["residue_cents"] == residues
            assert len(partida["awards"]) >= len(definition.prizes)  # every prize is won
        else:
            assert len(partida["balls"]) == definition.balls
            paid = [(a["series"], a["number"]) for a in awards]
            assert len(paid) == len(set(paid))  # a cartón is paid its best prize only


def test_an_acta_is_built_from_the_export_of_a_game_session(tmp_path: Path) -> None:
    out = night(tmp_path, "plus", "--game", str(GAMES / "plus-4x5.toml"))
    assert main(["acta", "build", "--export", str(out), "-o", str(tmp_path / "acta.pdf")]) == 0
    assert (tmp_path / "acta.pdf").read_bytes().startswith(b"%PDF")
    # the game's cartones are kept in the store as a generated card set is (R-CARD-2)
    import sqlite3
    import zlib

    with sqlite3.connect(tmp_path / "plus.sqlite") as con:
        (data,) = con.execute(
            "select data from card_sets where card_set_id = 'plus-4x5-3000'"
        ).fetchone()
    entry = next(c for c in json.loads(out.read_bytes())["card_sets"] if c.get("game"))
    assert json.loads(zlib.decompress(data)) == entry


def records(db: Path) -> list[tuple[Any, ...]]:
    import sqlite3

    with sqlite3.connect(db) as con:
        return con.execute("select seq, hash from events order by seq").fetchall()


def test_a_game_file_of_another_region_is_refused_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-MULTI-4: a modality is played only where it is authorised (decision 180)."""
    config = tmp_path / "sala.toml"
    config.write_text(
        HALL.read_text(encoding="utf-8")
        .replace('region = "cantabria"', 'region = "euskadi"')
        .replace('id = "cantabria-001"', 'id = "euskadi-001"'),
        encoding="utf-8",
    )
    db = tmp_path / "night.sqlite"
    game = str(GAMES / "plus-4x5.toml")
    code = main(["simulate", "--db", f"sqlite:///{db}", "--config", str(config), "--game", game])
    err = capsys.readouterr().err
    assert code == 1, err
    assert "no en la región de la sala (euskadi)" in err and "no se ha escrito nada" in err
    assert not db.exists()


def test_an_edited_or_missing_game_file_is_refused_and_the_record_is_unchanged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Cantabria B.3.a: only the authorised version, its exact bytes, is played (decision 180)."""
    night(tmp_path, "night")  # a hall with an ordinary night in its record
    db = tmp_path / "night.sqlite"
    before = records(db)
    url = f"sqlite:///{db}"
    for name in ["ordinario-90", *PLAYED]:
        edited = tmp_path / f"{name}.toml"
        edited.write_bytes((GAMES / f"{name}.toml").read_bytes().replace(b"]\n", b"] \n", 1))
        assert main(["simulate", "--db", url, "--game", str(edited)]) == 1
        assert "no es el fichero publicado de esa versión" in capsys.readouterr().err
    assert main(["simulate", "--db", url, "--game", str(tmp_path / "no.toml")]) == 1
    assert "no se puede leer el fichero del juego" in capsys.readouterr().err
    plus = str(GAMES / "plus-4x5.toml")
    assert main(["simulate", "--db", url, "--game", plus, "--devices", "emulated"]) == 2
    assert "--devices" in capsys.readouterr().err
    assert records(db) == before
