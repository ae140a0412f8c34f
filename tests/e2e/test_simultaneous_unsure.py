"""A sale of the centre's cartones whose answer never comes (the centre frozen: its process
stopped, its socket open): the table is told the link is lost and that nobody knows whether
the sale reached the centre, in words, not the socket's text; once the centre answers again
the hall's screens show what the centre recorded, the table repeats the sale only if it is not
there, and the hall's record has each sale once (R-NET-2, R-MULTI-2; decision 292). A real
centre and a real hall server as processes on loopback, the link on TLS.
"""

from __future__ import annotations

import signal
import uuid
from pathlib import Path

import pytest

from app.centre.tls import make_pki
from store import open_store
from store.operators import OperatorBook
from tests.e2e.test_simultaneous import CENTRE_SALA, SEED, Centre, Hall, caught_up, until
from tests.e2e.test_simultaneous_pay import export
from tests.server.kit import Client, open_session

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]


def test_a_sale_whose_answer_never_comes_is_said_unsure_and_recorded_once(
    tmp_path: Path,
) -> None:
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
    hall = Hall(tmp_path, "norte", name, centre, secret_file)
    try:
        hall.start()
        opened = centre.command(
            "open", partida=1, price_cents=150, allotments={name: 120}, seed=SEED
        )
        assert opened.status_code == 200, opened.text
        until(lambda: hall.view()["state"]["partida"] == 1, "la partida")
        open_session(Client(hall.server))
        assert hall.post("sell", count=12).status_code == 200

        centre.proc.send_signal(signal.SIGSTOP)  # frozen: the link stays open, nothing answers
        try:
            lost = hall.post("sell", count=6)
        finally:
            centre.proc.send_signal(signal.SIGCONT)
        assert lost.status_code == 503, lost.text
        error = lost.json()["error"]
        assert error["code"] == "sin_conexion"
        assert "no se sabe si la orden llegó" in error["message"]
        for technical in ("timed out", "ConnectionClosed", "close frame", "Errno", "127.0.0.1"):
            assert technical not in error["message"]

        final = caught_up(centre, [hall])
        sold = final["state"]["sold"][name]
        assert sold in (12, 18)  # the frozen centre may have taken the sale before it froze
        assert hall.view()["state"]["sold"][name] == sold  # the screen shows what it recorded
        if sold == 12:  # not recorded: the table repeats it, as the message says
            assert hall.post("sell", count=6).status_code == 200
        assert caught_up(centre, [hall])["state"]["sold"][name] == 18
        hall.server.stop()  # the hall's own record: each sale once, in its session and cash
        (played,) = export(hall)["sessions"][0]["simultaneous_partidas"]  # type: ignore[index]
        assert played["cards_sold"] == 18 and played["takings_cents"] == 18 * 150
    finally:
        hall.server.stop()
        centre.stop()
