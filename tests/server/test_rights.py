"""People and rights at the hall server, on real server processes on loopback (issue 8, §3).

R-ROLE-1: operators are named and authenticated; every recorded command says who asked and, where
needed, who authorised it. R-ROLE-2: what the regulation gives the jefe de sala needs his own
authentication at that moment; refused otherwise, and the refusal is recorded. R-ROLE-3: failed
authentications are recorded and slowed down.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import jsonschema
from pypdf import PdfReader

from app.server.wire import schema
from tests.server.kit import (
    INSPECTOR,
    MESA,
    ROOT,
    SALA,
    Client,
    Server,
    draw,
    open_session,
    partida_ready,
)

ANSWER = schema("answer")
LOGIN = schema("login")
COMMAND = schema("command")


def refusal(response: httpx.Response, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    jsonschema.validate(body, ANSWER)
    assert body["error"]["code"] == code
    message = str(body["error"]["message"])
    assert message
    return message


def attempts(db: Path, name: str) -> list[tuple[str, str]]:
    with sqlite3.connect(db) as con:
        rows = con.execute(
            "select purpose, outcome from operator_attempts where name = ? order by id", (name,)
        ).fetchall()
    return [(str(p), str(o)) for p, o in rows]


def records(db: Path, kind: str) -> list[dict[str, Any]]:
    with sqlite3.connect(db) as con:
        rows = con.execute(
            "select payload from events where kind = ? order by seq", (kind,)
        ).fetchall()
    return [json.loads(r[0]) for r in rows]


def playing(server: Server) -> Client:
    """A partida with three balls drawn, by the jefe de mesa's console."""
    mesa = Client(server, "mesa")
    open_session(mesa)
    partida_ready(mesa)
    draw(mesa, [5, 17, 33])
    return mesa


def test_an_annulment_asked_by_the_jefe_de_mesa_alone_is_refused_and_the_refusal_recorded(
    servers: Callable[..., Server],
) -> None:
    """R-ROLE-2: no annulment (R-INC-4) without the jefe de sala's own authentication."""
    server = servers()
    mesa = playing(server)
    before = mesa.state()["version"]
    message = refusal(
        mesa.send("annul", {"incident": "caller_error", "note": "bola 17 cantada 71"}),
        403,
        "not_authorised",
    )
    assert "jefe de sala" in message
    assert mesa.state()["version"] == before
    assert mesa.state()["state"]["status"] == "extraction"
    assert ("authorise:annul", "refused") in attempts(server.db, "Mesa")


def test_an_annulment_with_the_jefe_de_sala_pin_is_recorded_with_both_names(
    servers: Callable[..., Server], tmp_path: Path
) -> None:
    """R-ROLE-1: the record, its export and the acta say who asked and who authorised."""
    server = servers()
    mesa = playing(server)
    body = {"incident": "caller_error", "note": "bola 17 cantada 71"}
    applied = mesa.send("annul", body, authorisation=SALA)
    assert applied.status_code == 200, applied.text
    assert mesa.state()["state"]["status"] == "annulled"
    by = records(server.db, "command_by")
    assert by[-1] == {
        "asked_by": "Mesa",
        "role": "jefe_de_mesa",
        "client": "mesa",
        "authorised_by": "Sala",
        "action": "annul",
    }
    assert ("authorise:annul", "accepted") in attempts(server.db, "Sala")
    out = tmp_path / "export.json"
    subprocess.run(
        [sys.executable, "-m", "app.cli", "export", "--db", f"sqlite:///{server.db}",
         "-o", str(out)],
        cwd=ROOT, check=True, capture_output=True, text=True,
    )  # fmt: skip
    exported = json.loads(out.read_text())
    partida = exported["sessions"][0]["partidas"][0]
    assert partida["status"] == "annulled"
    assert partida["annulled_by"] == {"asked_by": "Mesa", "authorised_by": "Sala"}
    incident = partida["incidents"][-1]
    assert (incident["kind"], incident["asked_by"], incident["authorised_by"]) == (
        "caller_error",
        "Mesa",
        "Sala",
    )
    checked = subprocess.run(
        [sys.executable, str(ROOT / "tests/independent/check_export.py"), str(out)],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stdout + checked.stderr
    pdf = tmp_path / "acta.pdf"
    built = subprocess.run(
        [sys.executable, "-m", "app.cli", "acta", "build", "--export", str(out), "-o", str(pdf)],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages)
    assert "Pedida por Mesa; autorizada por el jefe de sala Sala." in text


def test_repeated_wrong_jefe_de_sala_pins_are_locked_out_and_every_attempt_is_recorded(
    servers: Callable[..., Server],
) -> None:
    """R-ROLE-3: after three wrong PINs even the right one is refused for a while (decision
    133), and every attempt, wrong, locked or accepted, is in the attempts table.
    """
    server = servers()
    mesa = playing(server)
    body = {"incident": "caller_error", "note": "bola 17 cantada 71"}
    for _ in range(3):
        message = refusal(
            mesa.send("annul", body, authorisation=("Sala", "111111")), 403, "not_authorised"
        )
        assert "incorrectos" in message
    locked = refusal(mesa.send("annul", body, authorisation=SALA), 403, "not_authorised")
    assert "bloqueado" in locked
    assert mesa.state()["state"]["status"] == "extraction"
    outcomes = [o for p, o in attempts(server.db, "Sala") if p == "authorise:annul"]
    assert outcomes == ["wrong_secret"] * 3 + ["locked"]
    # the lock is in the database: a restarted server keeps it
    server.stop()
    server.start()
    fresh = Client(server, "caja")
    assert "bloqueado" in refusal(fresh.login(*SALA), 429, "login_failed")
    assert [o for _, o in attempts(server.db, "Sala")][-1] == "locked"


def test_an_inspector_logs_in_but_every_command_is_refused(
    servers: Callable[..., Server],
) -> None:
    """R-ROLE-1: the inspector reads; he commands nothing. The panels stay open to all."""
    server = servers()
    inspector = Client(server, "inspeccion", operator=INSPECTOR)
    answer = inspector.login(*INSPECTOR)
    assert answer.status_code == 200
    jsonschema.validate(answer.json(), LOGIN)
    assert answer.json()["operator"] == {"name": INSPECTOR[0], "role": "inspector"}
    for name, args in (
        ("start_partida", {}),
        ("annul", {"incident": "caller_error", "note": "x"}),
        ("close_session", {}),
    ):
        refusal(inspector.send(name, args, authorisation=SALA), 403, "not_authorised")
    assert ("command:start_partida", "refused") in attempts(server.db, INSPECTOR[0])
    assert inspector.state()["version"] > 0  # the state is open without a login
    assert httpx.get(f"{server.url}/panel").status_code == 200


def test_a_command_without_a_valid_login_is_refused(servers: Callable[..., Server]) -> None:
    """R-ROLE-1: no command without an authenticated operator."""
    server = servers()
    nobody = Client(server, "mesa", operator=None)
    before = nobody.state()["version"]
    refusal(nobody.send("start_partida"), 401, "not_logged_in")
    nobody.token = "forged-token-forged-token-forged-token"
    refusal(nobody.send("start_partida"), 401, "not_logged_in")
    assert refusal(nobody.login("Mesa", "999999"), 401, "login_failed") == (
        "nombre o PIN incorrectos"
    )
    assert refusal(nobody.login("Nadie", "999999"), 401, "login_failed") == (
        "nombre o PIN incorrectos"
    )
    assert nobody.state()["version"] == before
    assert attempts(server.db, "Nadie") == [("login", "wrong_secret")]


def test_a_disabled_operator_cannot_log_in_and_his_token_stops_working(
    servers: Callable[..., Server],
) -> None:
    """R-ROLE-1: a jefe de mesa given the sack is out at once, also from an open console."""
    server = servers()
    mesa = Client(server, "mesa")
    open_session(mesa)
    disabled = subprocess.run(
        [sys.executable, "-m", "app.cli", "operator", "disable", MESA[0], "--by", SALA[0],
         "--pin-stdin", "--db", f"sqlite:///{server.db}"],
        cwd=ROOT, input=SALA[1] + "\n", capture_output=True, text=True,
    )  # fmt: skip
    assert disabled.returncode == 0, disabled.stderr
    refusal(mesa.send("start_partida"), 401, "not_logged_in")
    # the words of a wrong PIN, the reason in the attempts book only (decision 427)
    assert refusal(Client(server).login(*MESA), 401, "login_failed") == "nombre o PIN incorrectos"
    assert attempts(server.db, MESA[0])[-1] == ("login", "disabled")


def test_the_jefe_de_sala_authorises_with_his_own_pin_even_when_he_asks(
    servers: Callable[..., Server],
) -> None:
    """R-ROLE-2: a console left logged in as the jefe de sala is not an authorisation."""
    server = servers()
    sala = Client(server, "sala", operator=SALA)
    open_session(sala)
    sala.do("start_partida")
    refusal(sala.send("suspend", {"note": "avería del extractor"}), 403, "not_authorised")
    sala.do("suspend", authorisation=SALA, note="avería del extractor")
    assert sala.state()["state"]["status"] == "suspended"
    assert records(server.db, "command_by")[-1]["authorised_by"] == "Sala"


def test_a_command_carrying_an_authorisation_follows_the_documented_schema() -> None:
    body = {
        "v": 1, "client_id": "mesa-1", "command_id": "c9", "name": "annul",
        "args": {"incident": "caller_error", "note": "x"},
        "authorisation": {"name": "Sala", "pin": "482913"},
    }  # fmt: skip
    jsonschema.validate(body, COMMAND)
    jsonschema.validate({"v": 1, "name": "Mesa", "pin": "735190"}, LOGIN)


def test_the_mesa_and_the_caja_consoles_command_at_once_each_under_its_own_name(
    servers: Callable[..., Server],
) -> None:
    """R-NET-1, R-ROLE-1: two consoles logged in as two people; each sale is recorded once, under
    who asked and where; a command made stale by the other console is refused, not applied.
    """
    server = servers()
    from store import open_store
    from store.operators import OperatorBook

    with open_store(f"sqlite:///{server.db}") as store:
        OperatorBook(store).add("Caja", "jefe_de_mesa", "264819")
    mesa = Client(server, "mesa")
    caja = Client(server, "caja", operator=("Caja", "264819"))
    open_session(mesa)
    mesa.do("start_partida")
    seen = caja.state()["version"]
    mesa.do("sell_count", series="A-0001", count=10)
    stale = caja.send("sell_count", {"series": "A-0001", "count": 5}, expected_version=seen)
    assert "otro puesto" in refusal(stale, 409, "stale_version")
    caja.do("sell_count", series="A-0001", count=5)
    mesa.do("sell_count", series="A-0001", count=3)
    assert mesa.state()["state"]["cards_sold"] == 18
    who = [(r["asked_by"], r["client"]) for r in records(server.db, "command_by")]
    assert who == [("Mesa", "mesa"), ("Caja", "caja"), ("Mesa", "mesa")]
    sales = [(r["first"], r["last"]) for r in records(server.db, "sale_recorded")]
    assert sales == [(1, 10), (11, 15), (16, 18)]


def test_the_server_tells_its_clients_which_commands_need_the_jefe_de_sala(
    servers: Callable[..., Server],
) -> None:
    """One table (bingo.rights): a console reads it from the server rather than keep its own."""
    server = servers()
    listed = httpx.get(f"{server.url}/api/v1/commands").json()["commands"]
    needs = {name for name, c in listed.items() if c["jefe_de_sala"]}
    assert needs == {
        "suspend", "resume", "annul", "close_session",
        # the console's commands (decision 131): the same actions under the console's names
        "refund_suspended", "start_manual_extraction", "choose_prima_amount", "install_ball_set",
        # a game partida's (decision 277): its annulment and its going on by hand
        "annul_game_partida", "game_incident",
    }  # fmt: skip
    from app.server.commands import COMMANDS  # the whole table, whatever was imported first
    from bingo import rights as rt

    # one rule, one place: every command the server takes is a line of the rights table
    assert set(listed) == set(COMMANDS) == {c.name for c in rt.COMMANDS}
    for name, command in listed.items():
        assert command["action"] == rt.command_action(name) and command["action"] in rt.ACTIONS


def test_an_inspector_may_not_drive_the_devices_nor_answer_the_table_s_question(
    servers: Callable[..., Server],
) -> None:
    """R-ROLE-1: the console's own commands (the reader's count, a draw from the devices, the
    table's reading) are refused to an inspector like the others, and recorded; the record is
    read only with a login (decision 202).
    """
    server = servers(devices="emulated")
    inspector = Client(server, "inspeccion", operator=INSPECTOR)
    for name, args in (
        ("scan_ball_set", {}),
        ("draw_from_devices", {"table": True}),
        ("open_counted_session", {"session_id": "S", "date": "2026-11-24",
                                  "jefe_de_mesa": "Mesa", "jefe_de_sala": "Sala"}),
        ("choose_prima_amount", {"amount_cents": 5000}),
    ):  # fmt: skip
        refusal(inspector.send(name, args, authorisation=SALA), 403, "not_authorised")
    assert ("command:scan_ball_set", "refused") in attempts(server.db, INSPECTOR[0])
    headers = {"Authorization": f"Bearer {inspector.token}"}
    answer = inspector.http.post(
        f"{server.url}/api/v1/questions/q1", json={"number": 7}, headers=headers
    )
    assert "solo puede consultar" in refusal(answer, 403, "not_authorised")
    read = inspector.http.get(f"{server.url}/api/v1/records", headers=headers)
    assert read.status_code == 200 and read.json()["records"]  # the inspector reads the record
    nobody = httpx.get(f"{server.url}/api/v1/records")
    refusal(nobody, 401, "not_logged_in")
    refusal(httpx.post(f"{server.url}/api/v1/questions/q1", json={"number": 7}), 401,
            "not_logged_in")  # fmt: skip
