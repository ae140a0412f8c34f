"""Races at a joined hall of bingo simultáneo (R-MULTI-2; decisions 306, 360): a real centre
and a real hall server on loopback, the link on TLS.
"""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

from app.centre.tls import make_pki
from store import open_store
from store.operators import OperatorBook
from tests.e2e.test_simultaneous import CENTRE_SALA, SEED, Centre, Hall, caught_up, until
from tests.server.kit import ROOT, Client, open_session


def sales_of(hall: Hall) -> list[dict[str, Any]]:
    """The hall's own record of its simultaneous sales, from its export."""
    out = subprocess.run(
        [sys.executable, "-m", "app.cli", "export", "--db", f"sqlite:///{hall.server.db}",
         "--compact"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    (played,) = json.loads(out.stdout)["sessions"][0]["simultaneous_partidas"]
    sales: list[dict[str, Any]] = played["sales"]
    return sales


def test_two_tables_selling_at_once_keep_each_sales_means_of_payment(tmp_path: Path) -> None:
    """Two tables of one hall sell at the same moment, one in cash and one by card (R-SALE-4,
    decision 306): each sale the centre records is in the hall's record with the means of
    payment its own table gave, never the other table's; a sale the hall cannot start where
    it asked is refused whole, nothing recorded for it.
    """
    run = uuid.uuid4().hex[:6]
    name, secret_text = f"norte{run}", f"clave-{uuid.uuid4().hex}"
    db = f"sqlite:///{tmp_path / 'centro.sqlite'}"
    with open_store(db) as store:
        book = OperatorBook(store)
        book.add(CENTRE_SALA[0], "jefe_de_sala", CENTRE_SALA[1])
        book.add(name, "terminal", secret_text)
    centre = Centre(db, f"centro-{run}", make_pki(tmp_path / "pki"), tmp_path / "centre.log")
    secret = tmp_path / "norte.secret"
    secret.write_text(secret_text)
    hall = Hall(tmp_path, "norte", name, centre, secret).start()
    try:
        opened = centre.command(
            "open", partida=1, price_cents=100, allotments={name: 600}, seed=SEED
        )
        assert opened.status_code == 200, opened.text
        until(lambda: hall.view()["state"]["partida"] == 1, "la partida en la sala")
        until(lambda: hall.view()["connection"] == "conectada", "el enlace")
        open_session(Client(hall.server))
        other = httpx.Client(timeout=30, headers=dict(hall.http.headers))
        for _round in range(4):
            with ThreadPoolExecutor(2) as pool:
                cash = pool.submit(hall.post, "sell", count=5, payment="cash")
                card = pool.submit(
                    lambda: other.post(
                        f"{hall.server.url}/api/v1/simultanea/sell",
                        json={"count": 3, "payment": "card"},
                    )
                )
                answers = [cash.result(), card.result()]
            assert all(a.status_code in (200, 409) for a in answers), [a.text for a in answers]
        caught_up(centre, [hall])
        central = centre.state()["state"]["sold"][name]
        until(lambda: sum(int(s["last"]) - int(s["first"]) + 1 for s in sales_of(hall))
              == central, "las ventas en el registro de la sala")  # fmt: skip
        for sale in sales_of(hall):
            count = int(sale["last"]) - int(sale["first"]) + 1
            assert sale["payment"] == ("cash" if count == 5 else "card"), sale
    finally:
        hall.server.stop()
        centre.stop()
