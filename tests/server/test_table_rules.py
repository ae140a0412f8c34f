"""What the table may and may not do at the hall server (issue 8 §3, found by an inspection):
the balls come from the devices unless the manual procedure was authorised, an irregular partida
is annulled only by the jefe de sala, a refused opening records nothing, and an operator given
the sack reads nothing more. Real ``bingo-hall serve`` processes on loopback.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import httpx

from tests.server.kit import BALLS, MESA, ROOT, SALA, Client, Server, open_session, partida_ready
from tests.server.test_rights import records, refusal


def test_a_duplicate_at_the_server_stops_the_partida_and_only_the_jefe_de_sala_annuls_it(
    servers: Callable[..., Server],
) -> None:
    """R-INC-3 and R-ROLE-2 (decision 131): the table reads a ball already out; the partida
    stops with the incident, and its annulment waits for the jefe de sala's PIN."""
    server = servers(devices="emulated")
    mesa = Client(server, "mesa")
    open_session(mesa)
    partida_ready(mesa)
    mesa.do("draw_from_devices")
    first = mesa.state()["state"]["balls"][0]
    answer: dict[str, httpx.Response] = {}
    drawing = threading.Thread(
        target=lambda: answer.setdefault(
            "r", mesa.send("draw_from_devices", {"table": True, "table_check": True})
        )
    )
    drawing.start()
    headers = {"Authorization": f"Bearer {mesa.token}"}
    deadline = time.monotonic() + 60
    while drawing.is_alive() and time.monotonic() < deadline:
        asked = mesa.http.get(f"{server.url}/api/v1/questions", headers=headers).json()
        for question in asked["questions"]:  # the table reads the ball already out
            mesa.http.post(
                f"{server.url}/api/v1/questions/{question['id']}",
                json={"number": first},
                headers=headers,
            )
        time.sleep(0.1)
    drawing.join(5)
    assert answer["r"].status_code == 200, answer["r"].text
    assert mesa.state()["state"]["status"] != "annulled"
    assert not [r for r in records(server.db, "partida_annulled")]
    refusal(mesa.send("annul", {"incident": "ball_irregularity", "note": "bola 1 repetida"}),
            403, "not_authorised")  # fmt: skip
    mesa.do("annul", authorisation=SALA, incident="ball_irregularity", note="bola repetida")
    assert mesa.state()["state"]["status"] == "annulled"
    assert records(server.db, "command_by")[-1]["authorised_by"] == SALA[0]


def test_balls_at_a_server_with_devices_come_from_them_not_from_the_keyboard(
    servers: Callable[..., Server],
) -> None:
    """R-GAME-3, R-INC-2: with the extractor working, neither a typed number nor a manual draw
    by lot is a ball; the manual procedure needs its authorisation first."""
    server = servers(devices="emulated")
    mesa = Client(server, "mesa")
    open_session(mesa)
    partida_ready(mesa)
    before = mesa.state()["version"]
    assert "a mano" in refusal(mesa.send("draw_ball", {"number": 7}), 422, "refused")
    assert "extracción manual" in refusal(mesa.send("draw_manual"), 422, "refused")
    assert "extracción manual" in refusal(
        mesa.send("draw_manual_ball", {"number": 7}), 422, "refused"
    )
    assert mesa.state()["version"] == before  # nothing recorded
    mesa.do("draw_from_devices")
    mesa.do("start_manual_extraction", authorisation=SALA, note="extractor averiado")
    number = mesa.do("draw_manual")["result"]["number"]
    assert mesa.state()["state"]["balls"][-1] == number
    assert len(mesa.state()["state"]["balls"]) == 2


def test_a_refused_session_opening_records_no_ball_count(servers: Callable[..., Server]) -> None:
    """Refused input changes nothing: a session without its jefe de sala is refused before its
    opening count is recorded (R-BALL-2)."""
    server = servers()
    mesa = Client(server, "mesa")
    before = mesa.state()["version"]
    args: dict[str, Any] = {
        "session_id": "S1", "date": "2026-11-24", "jefe_de_mesa": "Mesa", "jefe_de_sala": " ",
        "ball_check": BALLS,
    }  # fmt: skip
    refusal(mesa.send("open_session", args), 422, "refused")
    assert mesa.state()["version"] == before
    assert not records(server.db, "ball_check_recorded")


def test_an_operator_given_the_sack_reads_nothing_more_with_his_token(
    servers: Callable[..., Server],
) -> None:
    """R-ROLE-1: a disabled operator's open login reads neither the record nor the table's
    questions (whose answer decides a ball)."""
    server = servers()
    mesa = Client(server, "mesa")
    open_session(mesa)
    headers = {"Authorization": f"Bearer {mesa.token}"}
    assert mesa.http.get(f"{server.url}/api/v1/records", headers=headers).status_code == 200
    disabled = subprocess.run(
        [sys.executable, "-m", "app.cli", "operator", "disable", MESA[0], "--by", SALA[0],
         "--pin-stdin", "--db", f"sqlite:///{server.db}"],
        cwd=ROOT, input=SALA[1] + "\n", capture_output=True, text=True,
    )  # fmt: skip
    assert disabled.returncode == 0, disabled.stderr
    for path in ("/api/v1/records", "/api/v1/questions"):
        refusal(mesa.http.get(f"{server.url}{path}", headers=headers), 401, "not_logged_in")


def test_the_jefe_de_sala_s_pin_checked_while_the_server_is_away_is_said_not_a_traceback() -> None:
    """A station closing the session while the server is unreachable: the PIN's check says the
    link is down (shown in the dialog, decision 203) instead of escaping as a network error."""
    from tests.server.kit import free_port
    from ui.client.link import Link, LinkDown

    link = Link(f"http://127.0.0.1:{free_port()}", timeout=2.0)  # nothing listens there
    try:
        link.check_secret(*SALA)
    except LinkDown as exc:
        assert str(exc)
    else:
        raise AssertionError("a check with no server cannot succeed")
    finally:
        link.close()
