"""A joined hall's simultaneous sale whose answer was lost (R-MULTI-2, R-NET-2; decisions 365-367):
the hall server killed while the centre holds the sale, started again before its copy of the
central record shows whether the centre recorded it. The session is not closed meanwhile, and
once the copy catches up the sale is in that session's record, with its table's means of
payment. A real centre and a real hall server as processes on loopback, the link on TLS.
"""

from __future__ import annotations

import contextlib
import json
import signal
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from app.centre import protocol as pr
from app.centre.tls import make_pki
from app.server import wire
from bingo.chain import Record
from store import open_store
from store.operators import OperatorBook
from tests.e2e.test_simultaneous import CENTRE_SALA, SEED, Centre, Hall, caught_up, until
from tests.e2e.test_simultaneous_pay import export
from tests.server.kit import BALLS, SALA, Client, open_session

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]


def centre_and_hall(tmp_path: Path) -> tuple[Centre, Hall, str]:
    run = uuid.uuid4().hex[:6]
    name, secret = f"norte{run}", f"clave-{uuid.uuid4().hex}"
    db = f"sqlite:///{tmp_path / 'centro.sqlite'}"
    with open_store(db) as store:
        book = OperatorBook(store)
        book.add(CENTRE_SALA[0], "jefe_de_sala", CENTRE_SALA[1])
        book.add(name, "terminal", secret)
    centre = Centre(db, f"centro-{run}", make_pki(tmp_path / "pki"), tmp_path / "centre.log")
    secret_file = tmp_path / "norte.secret"
    secret_file.write_text(secret)
    return centre, Hall(tmp_path, "norte", name, centre, secret_file), name


def simultaneous_of(hall: Hall) -> list[tuple[str, list[dict[str, Any]]]]:
    """Each session of the hall's own record and the simultaneous sales its export carries."""
    return [
        (s["id"], [sale for p in s.get("simultaneous_partidas", []) for sale in p["sales"]])
        for s in export(hall)["sessions"]  # type: ignore[union-attr]
    ]


def test_a_session_is_not_closed_while_a_sale_sent_to_the_centre_is_unconfirmed(
    tmp_path: Path,
) -> None:
    centre, hall, name = centre_and_hall(tmp_path)
    try:
        hall.start()
        opened = centre.command(
            "open", partida=1, price_cents=150, allotments={name: 60}, seed=SEED
        )
        assert opened.status_code == 200, opened.text
        until(lambda: hall.view()["state"]["partida"] == 1, "la partida")
        until(lambda: hall.view()["connection"] == "conectada", "el enlace")
        open_session(Client(hall.server))

        centre.proc.send_signal(signal.SIGSTOP)  # the centre holds the sale, answers nothing
        try:

            def sell() -> None:
                with contextlib.suppress(httpx.HTTPError):  # the hall is killed while it waits
                    hall.post("sell", count=6, payment="card")

            seller = threading.Thread(target=sell)
            seller.start()
            time.sleep(1.5)  # sent: the centre's socket holds it
            hall.server.kill()  # the hall server cut before it hears the answer
            seller.join(30)
            hall.start()  # its copy cannot catch up: the centre is still frozen
            table = Client(hall.server)
            table.do("record_ball_check", session_id="S1", when="close", numbers=BALLS)
            closing = table.send("close_session", authorisation=SALA)
        finally:
            centre.proc.send_signal(signal.SIGCONT)
        assert closing.status_code == 409, closing.text
        error = closing.json()["error"]
        assert error["code"] == "venta_simultanea_pendiente"
        assert "cartones 1 a 6 de la partida simultánea 1" in error["message"], error
        assert "no se cierra la sesión" in error["message"]
        for technical in ("Traceback", "Error", "seq"):
            assert technical not in error["message"]

        final = caught_up(centre, [hall])
        sold = final["state"]["sold"][name]
        assert sold in (0, 6)  # the centre took the sale or not: the copy says which
        hall.server.stop()
        sessions = simultaneous_of(hall)
        assert [s for s, _sales in sessions] == ["S1"]  # no sale outside every session
        if sold:
            ((_s1, sales),) = sessions
            assert [(x["first"], x["last"], x["payment"]) for x in sales] == [(1, 6, "card")]
    finally:
        hall.server.stop()
        centre.stop()


def test_a_claim_for_another_partida_is_refused_and_a_refused_message_cannot_be_replayed(
    tmp_path: Path,
) -> None:
    """A claim names the partida it is for: one resent after the next partida opened is refused
    (``wrong_partida``), no verdict recorded (decision 367). A signed message the centre refused
    has used up its number: sent again on the same link it is refused as ``replayed`` and
    recorded so (decision 366).
    """
    centre, hall, name = centre_and_hall(tmp_path)
    secret = (tmp_path / "norte.secret").read_text()
    try:
        hall.start()
        opened = centre.command("open", partida=1, price_cents=100, allotments={name: 6}, seed=SEED)
        assert opened.status_code == 200, opened.text
        until(lambda: hall.view()["state"]["partida"] == 1, "la partida")
        open_session(Client(hall.server))
        assert hall.post("sell", count=6).status_code == 200
        assert centre.command("start").status_code == 200
        for ball in range(1, 91):
            assert centre.command("ball", number=ball).status_code == 200
            if centre.state()["state"]["status"] == "closed":
                break
        number = centre.state()["state"]["bingo"][0][0]
        caught_up(centre, [hall])
        assert hall.post("claim", number=number, prize="bingo").status_code == 400  # no partida
        judged = hall.post("claim", partida=1, number=number, prize="bingo")
        assert judged.json()["record"]["payload"]["verdict"] == "valid", judged.text

        again = centre.command("open", partida=2, price_cents=100, allotments={name: 6}, seed=SEED)
        assert again.status_code == 200, again.text
        until(lambda: hall.view()["state"]["partida"] == 2, "la partida siguiente")
        resent = hall.post("claim", partida=1, number=number, prize="bingo")
        assert resent.status_code == 409, resent.text
        assert resent.json()["error"]["code"] == "wrong_partida"
        assert "partida simultánea 1" in resent.json()["error"]["message"]
        claims = [r for r in centre_records(centre) if r.kind == "simul.claim"]
        assert [(c.payload["number"], c.payload["verdict"]) for c in claims] == [(number, "valid")]

        with connect(f"{centre.wss}{pr.LINK_PATH}", ssl=centre.tls()) as socket:
            socket.send(wire.dumps(pr.hello(name, secret, 10**9)))
            welcome = json.loads(socket.recv(10))
            assert welcome["type"] == "welcome"
            text = wire.dumps(
                pr.signed(welcome["key"], welcome["last_seq"] + 1, "claim", partida=2,
                          number=1, prize="nada")
            )  # fmt: skip
            answers = []
            for _ in range(2):
                socket.send(text)
                while (message := json.loads(socket.recv(10)))["type"] != "answer":
                    pass
                answers.append(message)
        assert [a["code"] for a in answers] == ["bad_request", "replayed"]
        replayed = [
            r for r in centre_records(centre)
            if r.kind == "simul.link" and r.payload.get("reason") == "replayed"
        ]  # fmt: skip
        assert [r.payload["hall"] for r in replayed] == [name]
    finally:
        hall.server.stop()
        centre.stop()


def centre_records(centre: Centre) -> list[Record]:
    with open_store(centre.db) as store:
        return store.load(centre.stream)
