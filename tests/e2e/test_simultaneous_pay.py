"""A simultaneous partida paid at each hall (R-MULTI-2; Cantabria VI.1; decisions 306-309): a
real centre and two real hall servers on loopback, the links on TLS. Each hall's sales go into
its own session and record; when the centre's partida closes each hall records its own winners
and its table pays them, once, and nothing the central record does not give it; a hall killed
before the line and started again after the bingo catches up its copy, records its winners and
pays them (R-NET-2, decision 292); each hall's export passes the independent checker.
"""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from pathlib import Path

import httpx
import numpy as np

from app.centre.tls import make_pki
from store import open_store
from store.operators import OperatorBook
from tests.e2e.test_simultaneous import (
    CENTRE_SALA,
    SEED,
    Centre,
    Hall,
    caught_up,
    expected_winners,
    until,
)
from tests.server.kit import Client, open_session

ROOT = Path(__file__).resolve().parents[2]
LOTS = {"norte": 300, "sur": 300}
SOLD = {"norte": 240, "sur": 180}


def export(hall: Hall) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "-m", "app.cli", "export", "--db", f"sqlite:///{hall.server.db}",
         "--compact"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    body: dict[str, object] = json.loads(out.stdout)
    return body


def checked(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "tests/independent/check_export.py"), str(path)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip


def test_each_hall_pays_its_own_winners_of_the_centres_partida_even_after_a_kill(
    tmp_path: Path,
) -> None:
    run = uuid.uuid4().hex[:6]
    names = {hall: f"{hall}{run}" for hall in LOTS}
    secrets = {hall: f"clave-{hall}-{uuid.uuid4().hex}" for hall in LOTS}
    db = f"sqlite:///{tmp_path / 'centro.sqlite'}"
    with open_store(db) as store:
        book = OperatorBook(store)
        book.add(CENTRE_SALA[0], "jefe_de_sala", CENTRE_SALA[1])
        for hall, name in names.items():
            book.add(name, "terminal", secrets[hall])
    centre = Centre(db, f"centro-{run}", make_pki(tmp_path / "pki"), tmp_path / "centre.log")
    halls: dict[str, Hall] = {}
    try:
        for hall, name in names.items():
            secret = tmp_path / f"{hall}.secret"
            secret.write_text(secrets[hall])
            halls[hall] = Hall(tmp_path, hall, name, centre, secret).start()
        opened = centre.command(
            "open", partida=1, price_cents=150, allotments={names[h]: n for h, n in LOTS.items()},
            seed=SEED,
        )  # fmt: skip
        assert opened.status_code == 200, opened.text
        for one in halls.values():
            until(lambda h=one: h.view()["state"]["partida"] == 1, f"{one.name}: la partida")
        # the sale goes into the hall's session and cash: without one, refused and not sent
        refused = halls["norte"].post("sell", count=1)
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "sin_sesion"
        assert centre.state()["state"]["sold"][names["norte"]] == 0
        tables = {hall: Client(one.server) for hall, one in halls.items()}
        for table in tables.values():
            open_session(table)
        bad = halls["norte"].post("sell", count=1, payment="fiado")  # R-SALE-4
        assert bad.status_code == 400
        for hall, count in SOLD.items():  # norte by card, sur in cash, two sales each
            first = halls[hall].post("sell", count=count // 2, payment="card")
            assert first.status_code == 200, first.text
            assert halls[hall].post("sell", count=count - count // 2).status_code == 200
        assert centre.command("start").status_code == 200

        state = centre.state()["state"]
        sold = {
            a["hall"]: (a["first"], a["first"] + state["sold"][a["hall"]] - 1)
            for a in state["allotments"]
        }
        balls = [int(b) for b in np.random.default_rng(7).permutation(np.arange(1, 91))]
        strips = -(-sum(LOTS.values()) // 6)
        (line, line_at), (bingo, bingo_at) = expected_winners(balls, sold, strips)
        owner = {name: hall for hall, name in names.items()}
        hall_of = {n: owner[h] for h, (f, last) in sold.items() for n in range(f, last + 1)}
        killed = hall_of[bingo[0]]  # the bingo's hall is down from before the line to the end
        for extraction, ball in enumerate(balls[:bingo_at], start=1):
            if extraction == max(1, line_at - 1):
                halls[killed].server.kill()
            assert centre.command("ball", number=ball).status_code == 200
        assert centre.state()["state"]["status"] == "closed"
        halls[killed].start()
        tables[killed] = Client(halls[killed].server)
        caught_up(centre, list(halls.values()))  # the killed hall's link made again too

        share = {prize: central_share(db, f"centro-{run}", prize) for prize in ("line", "bingo")}
        for prize, winners in (("line", line), ("bingo", bingo)):
            for number in winners:
                hall, other = hall_of[number], next(h for h in LOTS if h != hall_of[number])
                # another hall's winner is not paid here (the central record says whose it is)
                wrong = once_closed(tables[other], prize, number)
                assert wrong.status_code == 422 and "no es ganador" in wrong.text
                paid = once_closed(tables[hall], prize, number)
                assert paid.status_code == 200, paid.text
                assert paid.json()["result"]["amount_cents"] == share[prize]
                again = tables[hall].send(
                    "pay_simultaneous", {"partida": 1, "prize": prize, "number": number}
                )
                assert again.status_code == 422 and "ya se pagó" in again.text

        for hall, one in halls.items():
            shown = one.view()["prizes"]  # the table sees its own winners, all paid
            assert sorted(p["number"] for p in shown) == sorted(
                n for n in [*line, *bingo] if hall_of[n] == hall
            )
            assert all(p["paid"] for p in shown)
            body = export(one)
            (played,) = body["sessions"][0]["simultaneous_partidas"]  # type: ignore[index]
            assert played["cards_sold"] == SOLD[hall]
            assert played["takings_cents"] == SOLD[hall] * 150
            assert played["sales"][0]["payment"] == "card"
            assert played["status"] == "closed"
            own = [n for n in [*line, *bingo] if hall_of[n] == hall]
            assert sorted(p["number"] for p in played["payments"]) == sorted(own)
            path = tmp_path / f"{hall}.json"
            path.write_text(json.dumps(body))
            result = checked(path)
            assert result.returncode == 0, result.stdout + result.stderr
    finally:
        for one in halls.values():
            one.server.stop()
        centre.stop()


def central_share(db: str, stream: str, prize: str) -> int:
    with open_store(db) as store:
        records = store.load(stream)
    key = f"{prize}_share_cents"
    (share,) = [r.payload[key] for r in records if key in r.payload]
    return int(share)


def once_closed(table: Client, prize: str, number: int) -> httpx.Response:
    """Ask to pay the winner once the hall's record holds the centre's close (recorded just
    after its copy has it; a hall just started records it as soon as the copy caught up)."""
    answer: httpx.Response | None = None

    def recorded() -> bool:
        nonlocal answer
        answer = table.send("pay_simultaneous", {"partida": 1, "prize": prize, "number": number})
        return "aún no consta" not in answer.text

    until(recorded, f"el cierre en el registro de la sala ({prize} {number})", 60)
    assert answer is not None
    return answer
