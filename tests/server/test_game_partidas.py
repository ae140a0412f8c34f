"""Partidas of bingo plus and bingo derivado played on a real hall server by its HTTP commands
(issue 11; SPEC R-MULTI-4; Cantabria B.3, B.4; docs/decisions.md 260-264, 275-277).

The jefe de mesa adopts a published game, registers its cartones and serie, opens the partida,
sells by series on paper and terminals, closes the sale, types each ball of the game's drum; the
system settles the partida from the record and the prizes are paid. The export of that record
passes the independent checker. Bad input is refused with a clear message and changes nothing.
"""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import jsonschema
import pytest

from app.server.wire import schema
from tests.server.kit import (
    BALLS,
    SALA,
    Client,
    Server,
    carton_rows,
    draw,
    open_session,
    partida_ready,
)
from tests.server.test_instructions_panel import basque_settings

ROOT = Path(__file__).resolve().parents[2]
CHECKER = ROOT / "tests" / "independent" / "check_export.py"


def records(db: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as con:
        return con.execute("select seq, hash from events order by seq").fetchall()


def refused(response: httpx.Response, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == code, error
    message: str = error["message"]
    return message


def game_ready(
    console: Client, game: str, series: str, card_set: str, paper: int, electronic: int
) -> dict[str, Any]:
    """The game adopted, its cartones and serie registered, a partida sold and its sale closed."""
    adopted = console.do("adopt_game", game=game)["result"]
    console.do(
        "register_game_card_set", game_id=adopted["game_id"], card_set_id=card_set, count=600
    )
    console.do("register_game_serie", code=series, card_set_id=card_set, size=600)
    started = console.do(
        "start_game_partida", game_id=adopted["game_id"], card_set_id=card_set,
        face_value_cents=200,
    )  # fmt: skip
    assert started["result"]["partida"] >= 1
    sold = console.do("sell_game_count", series=series, count=paper)["result"]
    assert (sold["first"], sold["last"]) == (1, paper)
    if electronic:
        sold = console.do("sell_game_count", series=series, count=electronic, electronic=True)
        assert sold["result"]["first"] == paper + 1
    console.do("close_game_sale")
    return dict(adopted)


def play_balls(console: Client, count: int, seed: int) -> list[int]:
    """The game's drum: the jefe de mesa types each ball until the plan has its balls."""
    order = list(range(1, count + 1))
    random.Random(seed).shuffle(order)
    drawn = []
    for ball in order:
        answer = console.do("draw_game_ball", number=ball)["result"]
        drawn.append(ball)
        if answer["plan_complete"]:
            return drawn
    raise AssertionError("the plan never had its balls")


def close_the_session(console: Client) -> None:
    console.do("record_ball_check", session_id="S1", when="close", numbers=BALLS)
    console.do("close_session", authorisation=SALA)


def export_and_check(server: Server, tmp_path: Path) -> dict[str, Any]:
    import json

    out = tmp_path / "export.json"
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "export", "--db", f"sqlite:///{server.db}",
         "-o", str(out)],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    checked = subprocess.run(
        [sys.executable, str(CHECKER), str(out)], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    data: dict[str, Any] = json.loads(out.read_text("utf-8"))
    return data


def test_a_plus_and_a_derivado_partida_are_played_by_http_commands_and_their_export_checks(
    servers: Callable[..., Server], tmp_path: Path
) -> None:
    """R-MULTI-4, decisions 260, 261: the system settles each partida over every cartón sold;
    the stream carries the game partida's state; an ordinary partida takes the screens back.
    """
    server = servers()
    console = Client(server)
    open_session(console)
    plus = game_ready(console, "plus-4x5", "P-0001", "plus-4x5-600", paper=80, electronic=40)
    state = console.state()["state"]["game"]
    assert state["id"] == "plus-4x5" and state["count"] == 75 and state["status"] == "sale_closed"
    assert state["cards_sold"] == 120 and state["takings_cents"] == 24000
    stakes = {p["combination"]: p["stake_cents"] for p in state["prizes"]}
    assert stakes == {"esquinas": 1200, "linea": 2400, "marco": 3600, "completo": 9600}
    drawn = play_balls(console, plus["count"], seed=3)
    state = console.state()["state"]["game"]
    assert state["balls"] == drawn and state["last_ball"] == drawn[-1]
    assert not state["settled"] and all(not p["winners"] for p in state["prizes"])
    console.do("close_game_partida")
    message = console.state()
    jsonschema.validate(message, schema("stream"))  # the documented message (docs/api.md)
    state = message["state"]["game"]
    assert state["settled"] and state["status"] == "closed"
    for prize in state["prizes"]:  # a plan of percentages: every prize won by the last ball
        assert prize["winners"] and prize["winners_count"] >= 1
        share = prize["stake_cents"] // prize["winners_count"]
        assert all(w["amount_cents"] == share for w in prize["winners"])
    console.do("pay_game_prizes")
    assert console.state()["state"]["game"]["status"] == "paid"

    derivado = game_ready(
        console, "derivado-instantaneo-3x3", "D-0001", "derivado-600", paper=150, electronic=50
    )
    drawn = play_balls(console, derivado["count"], seed=5)
    assert len(drawn) == 18  # the instant plan's balls
    console.do("close_game_partida")
    state = console.state()["state"]["game"]
    assert state["id"] == "derivado-instantaneo-3x3" and state["planned_balls"] == 18
    assert all(p["each"] for p in state["prizes"])
    assert {p["combination"]: p["stake_cents"] for p in state["prizes"]}["linea"] == 600
    console.do("pay_game_prizes")

    # an ordinary partida after them takes the screens back (decision 276)
    partida_ready(console)
    assert console.state()["state"]["game"] is None
    rows = carton_rows(1)
    draw(console, rows[0])
    console.do("claim", series="A-0001", number=1, prize="line")
    draw(console, rows[1] + rows[2])
    console.do("claim", series="A-0001", number=1, prize="bingo")
    console.do("close_partida")
    console.do("pay_prizes")
    close_the_session(console)
    data = export_and_check(server, tmp_path)
    partidas = data["sessions"][0]["game_partidas"]
    assert [p["game"] for p in partidas] == ["plus-4x5", "derivado-instantaneo-3x3"]


def test_bad_game_commands_are_refused_with_a_clear_message_and_the_record_unchanged(
    servers: Callable[..., Server],
) -> None:
    """An unknown game, the ordinary bingo as another modality, a ball outside 1..N, a ball of
    the 90-ball set during a game partida: refused, nothing written (R-MULTI-4, R-GAME-2).
    """
    server = servers()
    console = Client(server)
    open_session(console)
    before = records(server.db)
    message = refused(console.send("adopt_game", {"game": "bingo-lunar"}), 422, "unknown_game")
    assert "juego desconocido" in message and "plus-4x5" in message
    message = refused(console.send("adopt_game", {"game": "ordinario-90"}), 422, "refused")
    assert "start_partida" in message
    assert records(server.db) == before
    game_ready(console, "plus-4x5", "P-0001", "plus-600", paper=20, electronic=0)
    before = records(server.db)
    for ball in (0, 76, 90):
        message = refused(console.send("draw_game_ball", {"number": ball}), 422, "refused")
        assert "entre 1 y 75" in message
    message = refused(console.send("draw_ball", {"number": 7}), 422, "game_partida")
    assert "draw_game_ball" in message and "1 al 75" in message
    refused(console.send("start_partida"), 422, "refused")  # not over a game partida
    refused(console.send("sell_game_count", {"series": "P-0001", "count": 1}), 422, "refused")
    assert records(server.db) == before
    console.do("draw_game_ball", number=76 - 1)
    message = refused(console.send("draw_game_ball", {"number": 75}), 422, "refused")
    assert "ya ha salido" in message


@pytest.fixture
def basque_server(servers: Callable[..., Server], tmp_path: Path) -> Server:
    return servers(extra=["--config", str(basque_settings(tmp_path))])


def test_a_game_of_another_region_is_refused_by_the_server_and_nothing_is_written(
    basque_server: Server,
) -> None:
    """R-MULTI-4, decision 180: bingo plus is authorised in Cantabria, not in Euskadi."""
    console = Client(basque_server)
    open_session(console)
    before = records(basque_server.db)
    message = refused(console.send("adopt_game", {"game": "plus-4x5"}), 422, "refused")
    assert "no en la región de la sala (euskadi)" in message
    assert records(basque_server.db) == before
    assert console.state()["state"]["game"] is None


def test_the_devices_never_draw_for_a_game_partida(servers: Callable[..., Server]) -> None:
    """Decision 262, 275: the server's devices hold the 90-ball set; a game's balls are typed."""
    server = servers(devices="emulated")
    console = Client(server)
    console.do("scan_ball_set")
    console.do("record_ball_check", session_id="S1", when="open", numbers=BALLS, method="manual")
    console.do(
        "open_counted_session", session_id="S1", date="2026-11-24", jefe_de_mesa="Mesa",
        jefe_de_sala="Sala",
    )  # fmt: skip
    game_ready(console, "plus-4x5", "P-0001", "plus-600", paper=20, electronic=0)
    before = records(server.db)
    for name in ("draw_from_devices", "draw_ball", "draw_manual"):
        message = refused(console.send(name, {}), 422, "game_partida")
        assert "no son las 90 de la sala" in message
    assert records(server.db) == before
    assert console.do("draw_game_ball", number=33)["result"]["number"] == 33
    assert console.state()["state"]["game"]["balls"] == [33]


def test_a_game_partida_goes_on_by_hand_or_is_annulled_with_the_jefe_de_sala_s_authorisation(
    servers: Callable[..., Server], tmp_path: Path
) -> None:
    """R-INC-1, R-INC-2, decision 263: after the first ball a failure is recorded and the balls
    go on by hand; before it, the partida is annulled and every cartón refunded. Both need the
    jefe de sala (bingo.rights: manual_extraction, annul).
    """
    server = servers()
    console = Client(server)
    open_session(console)
    game_ready(console, "plus-4x5", "P-0001", "plus-600", paper=50, electronic=10)
    console.do("draw_game_ball", number=10)
    note = {"incident": "failure_after_extraction_began", "note": "el bombo no gira"}
    refused(console.send("game_incident", note), 403, "not_authorised")
    console.do("game_incident", authorisation=SALA, **note)
    order = [n for n in range(1, 76) if n != 10]
    for ball in order:
        if console.do("draw_game_ball", number=ball)["result"]["plan_complete"]:
            break
    console.do("close_game_partida")
    console.do("pay_game_prizes")
    console.do("start_game_partida", game_id="plus-4x5", card_set_id="plus-600",
               face_value_cents=150)  # fmt: skip
    console.do("sell_game_count", series="P-0001", count=40)
    before = console.state()["state"]["game"]["takings_cents"]
    console.do("annul_game_partida", authorisation=SALA, incident="failure_before_first_ball",
               note="el bombo no arranca")  # fmt: skip
    game = console.state()["state"]["game"]
    assert game["status"] == "annulled" and game["refund_cents"] == before == 6000
    close_the_session(console)
    data = export_and_check(server, tmp_path)
    partidas = data["sessions"][0]["game_partidas"]
    assert len(partidas) == 2


def test_the_last_game_partida_of_a_modality_is_announced_by_the_jefe_de_mesa(
    servers: Callable[..., Server],
) -> None:
    """R-GAME-6, decision 393: a command of the rights table (the ordinary announcement's
    action); no partida of that modality follows, refused with the reason and nothing written.
    """
    server = servers()
    console = Client(server)
    open_session(console)
    adopted = game_ready(console, "plus-4x5", "P-0001", "plus-600", paper=20, electronic=0)
    console.do("announce_last_game_partida")
    before = records(server.db)
    message = refused(console.send("announce_last_game_partida"), 422, "refused")
    assert "ya se anunció la última partida de bingo plus (1)" in message
    assert records(server.db) == before
    play_balls(console, adopted["count"], seed=3)
    console.do("close_game_partida")
    console.do("pay_game_prizes")
    message = refused(
        console.send(
            "start_game_partida",
            {"game_id": "plus-4x5", "card_set_id": "plus-600", "face_value_cents": 200},
        ),
        422,
        "refused",
    )
    assert "la última de bingo plus de la sesión" in message
