"""A simultaneous partida (R-MULTI-2) played by a centre and three halls, each a real
``bingo-hall serve`` process on loopback, the links on TLS with the centre's own certificates:
the halls sell from their allotments, the centre draws and finds the winners, a hall killed
mid-partida catches up when it comes back and loses nothing (R-NET-2, R-INC-2), a wrong hall
secret and a replayed message are refused and recorded (R-ROLE-3; decisions 290-294).

The centre runs on the real PostgreSQL when ``BINGO_HALL_TEST_PG_URL`` is set, else that
variant is skipped; the halls run on SQLite files.
"""

from __future__ import annotations

import json
import os
import ssl
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import pytest
import sqlalchemy as sa
from websockets.sync.client import connect

from app.centre import protocol as pr
from app.centre.record import serie_cards
from app.centre.tls import make_pki
from app.config import load_hall, load_region
from app.server import wire
from store import open_store
from store.operators import OperatorBook
from tests.server.kit import MESA, ROOT, Client, Server, free_port, open_session, port_taken

PG_URL = os.environ.get("BINGO_HALL_TEST_PG_URL")
CENTRE_SALA = ("Centro", "574839")
SEED = 11
ALLOTMENTS = {"norte": 600, "sur": 300, "este": 300}
SOLD = {"norte": 480, "sur": 300, "este": 210}


class Centre:
    def __init__(
        self, db: str, stream: str, pki: dict[str, Path], log: Path, extra: Sequence[str] = ()
    ) -> None:
        self.ca = pki["ca"]
        self.log = log
        self.db, self.stream = db, stream
        self.http = httpx.Client(verify=ssl.create_default_context(cafile=str(self.ca)), timeout=30)
        for _ in range(5):  # another port if its chosen one is taken before it binds it
            self.port = free_port()
            self.url = f"https://127.0.0.1:{self.port}"
            self.wss = f"wss://127.0.0.1:{self.port}"
            command = [
                sys.executable, "-m", "app.cli", "serve", "--centre", "--db", db, "--hall",
                stream, "--port", str(self.port), "--cert", str(pki["cert"]), "--key",
                str(pki["key"]), *extra,
            ]  # fmt: skip
            if self._started(command):
                break
        else:
            raise AssertionError(f"el centro no encuentra un puerto libre: {log.read_text()}")
        token = self.http.post(
            f"{self.url}/api/v1/login",
            json={"v": 1, "name": CENTRE_SALA[0], "pin": CENTRE_SALA[1]},
        ).json()["token"]
        self.http.headers["Authorization"] = f"Bearer {token}"

    def _started(self, command: list[str]) -> bool:
        """Answering with this run's certificate (never another worker's server on the same
        port); False if its port was taken before it bound it."""
        written = self.log.stat().st_size if self.log.exists() else 0
        self.proc = subprocess.Popen(
            command, cwd=ROOT, stdout=self.log.open("a"), stderr=subprocess.STDOUT, text=True
        )
        deadline = time.monotonic() + 60
        while True:
            if self.proc.poll() is not None:
                told = self.log.read_bytes()[written:].decode(errors="replace")
                assert port_taken(told), self.log.read_text()
                return False
            try:
                self.http.get(f"{self.url}/centre/v1/state")
                return True
            except httpx.HTTPError:
                assert time.monotonic() < deadline, self.log.read_text()
                time.sleep(0.1)

    def command(self, name: str, **args: Any) -> httpx.Response:
        return self.http.post(f"{self.url}/centre/v1/commands", json={"name": name, "args": args})

    def state(self) -> dict[str, Any]:
        body: dict[str, Any] = self.http.get(f"{self.url}/centre/v1/state").json()
        return body

    def tls(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=str(self.ca))

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(15)


class Hall:
    """A hall server joined to the centre, and its table's login."""

    def __init__(self, tmp: Path, name: str, link_name: str, centre: Centre, secret: Path) -> None:
        self.name = name
        self.copy_db = tmp / f"{name}-copia.sqlite"
        self.server = Server(
            tmp / f"{name}.sqlite",
            extra=[
                "--join", centre.wss, "--join-hall", link_name,
                "--join-secret-file", str(secret), "--join-ca", str(centre.ca),
                "--join-db", f"sqlite:///{self.copy_db}",
            ],
        )  # fmt: skip
        self.http = httpx.Client(timeout=30)

    def start(self) -> Hall:
        self.server.start()
        login = self.http.post(
            f"{self.server.url}/api/v1/login", json={"v": 1, "name": MESA[0], "pin": MESA[1]}
        )
        token = login.json()["token"]
        self.http.headers["Authorization"] = f"Bearer {token}"
        return self

    def view(self) -> dict[str, Any]:
        answer = self.http.get(f"{self.server.url}/api/v1/simultanea")
        assert answer.status_code == 200, f"{self.name}: {answer.text}"
        body: dict[str, Any] = answer.json()
        return body

    def post(self, what: str, **body: Any) -> httpx.Response:
        return self.http.post(f"{self.server.url}/api/v1/simultanea/{what}", json=body)


def until(check: Callable[[], bool], what: str, seconds: float = 90.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"no llega: {what}"
        time.sleep(0.05)


def caught_up(centre: Centre, halls: Sequence[Hall], seconds: float = 90.0) -> dict[str, Any]:
    """The centre's state once every hall's copy holds the whole central record. A hall just
    started answers before its link is made, and its "linked" is a central record of its own:
    the centre's end is read again until no hall's link adds to it.
    """
    deadline = time.monotonic() + seconds
    final = centre.state()
    while True:
        for hall in halls:
            until(
                lambda h=hall, end=final["version"]: h.view()["version"] >= end,
                f"{hall.name}: el registro entero",
                max(0.0, deadline - time.monotonic()),
            )
        again = centre.state()
        if again["version"] == final["version"]:  # no copy can go beyond the centre's
            return again
        final = again


def expected_winners(balls: list[int], sold: dict[str, tuple[int, int]], strips: int) -> Any:
    """The line and the bingo, worked out here by plain sets over the serie (an oracle apart
    from the bit-sliced tracker the centre uses).
    """
    cards = serie_cards(SEED, strips)
    drawn: set[int] = set()
    line: list[int] = []
    for extraction, ball in enumerate(balls, start=1):
        drawn.add(ball)
        rows = [
            (n, [set(map(int, row)) <= drawn for row in cards[n - 1]])
            for first, last in sold.values()
            for n in range(first, last + 1)
        ]
        if not line:
            line = sorted(n for n, full in rows if any(full))
            line_at = extraction
        bingo = sorted(n for n, full in rows if all(full))
        if bingo:
            return (line, line_at), (bingo, extraction)
    raise AssertionError("90 balls and no bingo")


@pytest.fixture
def partida_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The centre's database: a SQLite file, or a schema of its own in the test PostgreSQL
    (the centre's operators must not land in the database other tests share), dropped after.
    """
    if request.param != "postgresql":
        yield f"sqlite:///{tmp_path / 'centro.sqlite'}"
        return
    if not PG_URL:
        pytest.skip("BINGO_HALL_TEST_PG_URL is not set: run `bash scripts/postgres.sh`")
    schema = f"simultanea_{uuid.uuid4().hex[:10]}"
    engine = sa.create_engine(PG_URL)
    with engine.begin() as connection:
        connection.execute(sa.text(f"CREATE SCHEMA {schema}"))
    try:
        yield f"{PG_URL}{'&' if '?' in PG_URL else '?'}options=-csearch_path%3D{schema}"
    finally:
        with engine.begin() as connection:
            connection.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        engine.dispose()


@pytest.mark.parametrize("partida_db", ["sqlite", "postgresql"], indirect=True)
def test_simultaneous_partida_across_three_halls_survives_a_hall_killed_mid_partida(
    tmp_path: Path, partida_db: str
) -> None:
    run = uuid.uuid4().hex[:6]
    names = {hall: f"{hall}{run}" for hall in ALLOTMENTS}  # credentials are unique per run
    secrets = {hall: f"clave-de-{hall}-{uuid.uuid4().hex}" for hall in ALLOTMENTS}
    with open_store(partida_db) as store:
        book = OperatorBook(store)
        if book.get(CENTRE_SALA[0]) is None:
            book.add(CENTRE_SALA[0], "jefe_de_sala", CENTRE_SALA[1])
        for hall, name in names.items():
            book.add(name, "terminal", secrets[hall])
    pki = make_pki(tmp_path / "pki")
    centre = Centre(partida_db, f"centro-{run}", pki, tmp_path / "centre.log")
    halls: dict[str, Hall] = {}
    try:
        for hall, name in names.items():
            secret = tmp_path / f"{hall}.secret"
            secret.write_text(secrets[hall])
            halls[hall] = Hall(tmp_path, hall, name, centre, secret).start()
        allotments = {names[h]: n for h, n in ALLOTMENTS.items()}
        opened = centre.command(
            "open", partida=1, price_cents=100, allotments=allotments, seed=SEED
        )
        assert opened.status_code == 200, opened.text
        for one in halls.values():
            until(lambda h=one: h.view()["state"]["partida"] == 1, f"{one.name}: la partida")
            assert one.view()["connection"] == "conectada"
        for one in halls.values():  # the sale goes into the hall's session (decision 306)
            open_session(Client(one.server))
        for hall, count in SOLD.items():  # each hall sells from its own allotment
            answer = halls[hall].post("sell", count=count)
            assert answer.status_code == 200, answer.text
        # beyond its allotment: refused, nothing recorded
        refused = halls["sur"].post("sell", count=1)
        assert refused.status_code == 409 and "allotment" in refused.json()["error"]["code"]
        # a refund is the jefe de sala's, with his PIN at that moment (R-ROLE-2)
        assert centre.command("withdraw", hall=names["sur"]).status_code == 403
        assert centre.command("start").status_code == 200

        state = centre.state()["state"]
        sold = {
            a["hall"]: (a["first"], a["first"] + state["sold"][a["hall"]] - 1)
            for a in state["allotments"]
        }
        strips = -(-sum(ALLOTMENTS.values()) // 6)
        balls = [int(b) for b in np.random.default_rng(5).permutation(np.arange(1, 91))]
        (line, line_at), (bingo, bingo_at) = expected_winners(balls, sold, strips)
        killed_at = max(1, line_at - 2)  # sur is down when the line comes
        for extraction, ball in enumerate(balls[:bingo_at], start=1):
            if extraction == killed_at:
                halls["sur"].server.kill()
            if extraction == bingo_at - 1:
                halls["sur"].start()  # back before the bingo, with its copy
            answer = centre.command("ball", number=ball)
            assert answer.status_code == 200, answer.text
        final = centre.state()
        assert final["state"]["status"] == "closed"
        assert [n for n, _h in final["state"]["line"]] == line
        assert final["state"]["line_extraction"] == line_at
        assert [n for n, _h in final["state"]["bingo"]] == bingo

        final = caught_up(centre, list(halls.values()))  # every hall, sur included
        for hall in halls.values():
            assert hall.view()["state"] == final["state"]
        with open_store(partida_db) as store:
            central = store.load(f"centro-{run}")
        with open_store(f"sqlite:///{halls['sur'].copy_db}") as copy:
            assert [r.hash for r in copy.load("centro")] == [r.hash for r in central][
                : len(copy.load("centro"))
            ]
        rules = load_region(load_hall().region).rules  # the centre's region file (R-NET-3)
        takings = sum(SOLD.values()) * 100
        assert final["state"]["line_cents"] == takings * rules.line_bp // 10_000
        # V.1: the whole 67 % in each partida; the prima's share goes to the bingo (decision 298)
        payout = rules.payout_bp - rules.line_bp
        assert final["state"]["bingo_cents"] == takings * payout // 10_000
        shares = [r.payload for r in central if "line_share_cents" in r.payload]
        assert [p["line_share_cents"] for p in shares] == [
            final["state"]["line_cents"] // len(line)
        ]
        outcomes = [
            (r.payload["hall"], r.payload["outcome"]) for r in central if r.kind == "simul.link"
        ]
        assert (names["sur"], "lost") in outcomes

        # claims are checked against the central record
        winner = final["state"]["line"][0]
        owner = next(h for h, n in names.items() if n == winner[1])
        other = next(h for h in halls if h != owner)
        assert (
            halls[owner]
            .post("claim", partida=1, number=winner[0], prize="line")
            .json()["record"]["payload"]["verdict"]
            == "valid"
        )
        assert (
            halls[other]
            .post("claim", partida=1, number=winner[0], prize="line")
            .json()["record"]["payload"]["verdict"]
            == "not_yours"
        )
        loser = next(n for n in range(*sold[winner[1]]) if n not in line)
        assert (
            halls[owner]
            .post("claim", partida=1, number=loser, prize="line")
            .json()["record"]["payload"]["verdict"]
            == "not_winner"
        )

        wrong_secret_is_refused_and_recorded(centre, names["norte"], partida_db, f"centro-{run}")
        replayed_messages_are_refused(centre, names["este"], secrets["este"], partida_db, run)
    finally:
        for hall in halls.values():
            hall.server.stop()
        centre.stop()


def refusal_reasons(db: str, stream: str) -> list[tuple[str, str]]:
    with open_store(db) as store:
        return [
            (r.payload["hall"], r.payload.get("reason", ""))
            for r in store.load(stream)
            if r.kind == "simul.link" and r.payload["outcome"] == "refused"
        ]


def wrong_secret_is_refused_and_recorded(centre: Centre, hall: str, db: str, stream: str) -> None:
    """R-ROLE-3: a wrong secret gets no link; the refusal is in the centre's attempts (which
    slow and lock the name at that address), not in its record (decision 299)."""
    with connect(f"{centre.wss}{pr.LINK_PATH}", ssl=centre.tls()) as socket:
        socket.send(wire.dumps(pr.hello(hall, "no-es-la-clave-de-la-sala", 0)))
        answer = json.loads(socket.recv(10))
    assert answer["type"] == "refused" and answer["error"]["code"] == "credential"
    assert (hall, "credential") not in refusal_reasons(db, stream)
    with open_store(db) as store:
        assert ("link", "wrong_secret") in [
            (a[3], a[4]) for a in OperatorBook(store).attempts(hall)
        ]


def replayed_messages_are_refused(
    centre: Centre, hall: str, secret: str, db: str, run: str
) -> None:
    """Decision 293: a signed message sent twice, and a hello sent twice, are refused."""
    greeting = wire.dumps(pr.hello(hall, secret, 10**9))
    with connect(f"{centre.wss}{pr.LINK_PATH}", ssl=centre.tls()) as socket:
        socket.send(greeting)
        welcome = json.loads(socket.recv(10))
        assert welcome["type"] == "welcome"
        text = wire.dumps(
            pr.signed(
                welcome["key"], welcome["last_seq"] + 1, "claim", partida=1, number=1, prize="bingo"
            )
        )
        answers = []
        for _ in range(2):
            socket.send(text)
            while (message := json.loads(socket.recv(10)))["type"] != "answer":
                pass
            answers.append(message)
    assert answers[0]["ok"] and not answers[1]["ok"]
    assert answers[1]["code"] == "replayed"
    with connect(f"{centre.wss}{pr.LINK_PATH}", ssl=centre.tls()) as socket:
        socket.send(greeting)  # the same hello again: its nonce was used
        assert json.loads(socket.recv(10))["error"]["code"] == "replayed"
    # the signed message of the linked hall is in the record; the stranger's hello is not
    assert refusal_reasons(db, f"centro-{run}").count((hall, "replayed")) == 1
    with open_store(db) as store:
        assert ("link:replayed", "refused") in [
            (a[3], a[4]) for a in OperatorBook(store).attempts(hall)
        ]
