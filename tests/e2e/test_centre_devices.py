"""The centre of a simultaneous partida draws from its own extractor and reader (R-MULTI-2,
decision 290; Cantabria VI.1: the centre's extractions are sent to every hall), every part a
real process: the emulated devices are a program of their own on pseudo-terminals
(``bingo-hall emulate``), named by their ports in the centre's ``[devices]`` as a hall's are;
the centre is ``bingo-hall serve --centre --devices serial``; two halls are ``serve --join``.

The whole partida is drawn by the devices; a reader that reports a ball already drawn holds the
draw (nothing is recorded, so nothing reaches the halls, R-GAME-3); the extractor's cable pulled
mid-partida sends the centre to manual extraction (R-INC-2), whose balls its table types; the
halls receive every ball and the winners are those of the balls drawn.
"""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from app.centre.tls import make_pki
from app.config import default_hall_path
from store import open_store
from store.operators import OperatorBook
from tests.e2e.test_simultaneous import (
    CENTRE_SALA,
    Centre,
    Hall,
    caught_up,
    expected_winners,
    until,
)
from tests.server.kit import ROOT, Client, open_session

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]

SEED = 11  # the serie's (test_simultaneous.expected_winners rebuilds it from this one)
ALLOTMENTS = {"norte": 300, "sur": 300}
SOLD = {"norte": 240, "sur": 150}
STALE_AT = 3  # the reader reports the previous ball again at this draw
CUT_AT = 7  # the extractor's cable is pulled after this draw's ball, for good


@pytest.fixture
def emulated_ports(tmp_path: Path) -> Iterator[dict[str, str]]:
    """The emulator program on pseudo-terminals, with its faults scheduled; its ports."""
    scenario = tmp_path / "averias.json"
    scenario.write_text(
        json.dumps(
            [
                {"at_draw": STALE_AT, "fault": "stale_read", "times": 1},  # read again: right
                {
                    "at_draw": CUT_AT,
                    "fault": "disconnect",
                    "device": "extractor",
                    "mode": "cable",
                    "duration": 120.0,
                    "after": 2.5,  # once the ball of that draw is read and recorded
                },
            ]
        )
    )
    command = [  # -v: its log says when it injects each fault
        sys.executable, "-m", "app.cli", "-v", "emulate", "extractor", "reader", "--pty",
        "--fast", "--seed", "4", "--scenario", str(scenario),
    ]  # fmt: skip
    log = (tmp_path / "emulador.log").open("a")
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=log, text=True)
    ports: dict[str, str] = {}
    try:
        assert proc.stdout is not None
        while len(ports) < 2:
            line = proc.stdout.readline()
            assert line, "the emulator program stopped before printing its ports"
            name, path = line.split()
            ports[name] = path
        yield ports
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def centre_settings(tmp_path: Path, ports: dict[str, str]) -> Path:
    """The centre's settings: the hall's file with the devices' ports in ``[devices]``."""
    text = (
        default_hall_path()
        .read_text("utf-8")
        .replace('# extractor = "/dev/ttyUSB0"', f'extractor = "{ports["extractor"]}"')
        .replace('# reader = "/dev/ttyUSB1"', f'reader = "{ports["reader"]}"')
    )
    assert ports["extractor"] in text and ports["reader"] in text
    path = tmp_path / "centro.toml"
    path.write_text(text, "utf-8")
    return path


def cable_pulled_and_seen(tmp_path: Path, centre_log: Path) -> bool:
    """The emulator pulled the extractor's cable and the centre has seen the extractor go
    since (both logs' lines begin with the time; a loaded machine may also lose the extractor
    for a moment at the start: that is not the pull).
    """
    emulator = (tmp_path / "emulador.log").read_text().splitlines()
    pulled = [line[:23] for line in emulator if "injecting disconnect" in line]
    centre = centre_log.read_text().splitlines()
    lost = [line[:23] for line in centre if "extractor 0x01 offline" in line]
    return bool(pulled) and any(when >= pulled[0] for when in lost)


def test_the_centre_draws_a_simultaneous_partida_from_its_devices_for_two_halls(
    tmp_path: Path, emulated_ports: dict[str, str]
) -> None:
    run = uuid.uuid4().hex[:6]
    names = {hall: f"{hall}{run}" for hall in ALLOTMENTS}
    secrets = {hall: f"clave-de-{hall}-{uuid.uuid4().hex}" for hall in ALLOTMENTS}
    db = f"sqlite:///{tmp_path / 'centro.sqlite'}"
    with open_store(db) as store:
        book = OperatorBook(store)
        book.add(CENTRE_SALA[0], "jefe_de_sala", CENTRE_SALA[1])
        for hall, name in names.items():
            book.add(name, "terminal", secrets[hall])
    config = centre_settings(tmp_path, emulated_ports)
    centre = Centre(
        db,
        "centro",
        make_pki(tmp_path / "pki"),
        tmp_path / "centre.log",
        ["--devices", "serial", "--config", str(config)],
    )
    halls: dict[str, Hall] = {}
    try:
        assert centre.state()["devices"] is True
        for hall, name in names.items():
            secret = tmp_path / f"{hall}.secret"
            secret.write_text(secrets[hall])
            halls[hall] = Hall(tmp_path, hall, name, centre, secret).start()
        allotments = {names[h]: n for h, n in ALLOTMENTS.items()}
        counted = centre.command("scan")  # the reader's count first (R-BALL-2, decision 347)
        assert counted.status_code == 200, counted.text
        opened = centre.command(
            "open", partida=1, price_cents=100, allotments=allotments, seed=SEED
        )
        assert opened.status_code == 200, opened.text
        for one in halls.values():
            until(lambda h=one: h.view()["state"]["partida"] == 1, f"{one.name}: la partida")
        for one in halls.values():  # the sale goes into the hall's session (decision 306)
            open_session(Client(one.server))
        for hall, count in SOLD.items():
            assert halls[hall].post("sell", count=count).status_code == 200
        assert centre.command("start").status_code == 200

        # the devices draw: a typed ball is refused while they do (by hand only after a failure)
        typed = centre.command("ball", number=7)
        assert typed.status_code == 422 and typed.json()["error"]["code"] == "not_manual"
        for draw in range(1, CUT_AT + 1):
            answer = centre.command("draw")
            if draw == STALE_AT:  # the reader said a ball already out: held, nothing recorded
                assert answer.status_code == 409, answer.text
                assert answer.json()["error"]["code"] == "ball_not_read"
                assert len(centre.state()["state"]["balls"]) == STALE_AT - 1
                answer = centre.command("draw")  # the ball in the tube is read again
            assert answer.status_code == 200, answer.text
            assert answer.json()["done"].startswith("bola"), answer.json()
        balls = centre.state()["state"]["balls"]
        assert len(balls) == CUT_AT

        # the extractor's cable is pulled 2.5 s after that ball: the next draw once the centre
        # has seen it go (a fixed wait guessed when the emulator's timer fires)
        until(lambda: cable_pulled_and_seen(tmp_path, centre.log), "el cable del extractor", 60)
        lost = centre.command("draw")  # waits the reconnection grace, then gives up on it
        assert lost.status_code == 200, lost.text
        assert lost.json()["done"] == "extracción manual"
        [incident] = [r["payload"] for r in lost.json()["records"]]
        assert incident["incident"] == "manual_extraction" and incident["extraction"] == CUT_AT + 1
        assert "extractor" in incident["note"]
        for hall in halls.values():  # the halls are told the centre draws by hand now
            until(lambda h=hall: h.view()["state"]["manual_from_ball"] == CUT_AT + 1, hall.name)

        # the manual extraction: the table types each ball it draws by hand, until the bingo
        pending = [
            int(b)
            for b in np.random.default_rng(3).permutation(np.arange(1, 91))
            if int(b) not in balls
        ]
        for ball in pending:
            if centre.state()["state"]["status"] == "closed":
                break
            answer = centre.command("ball", number=ball)
            assert answer.status_code == 200, answer.text
            assert answer.json()["record"]["payload"]["source"] == "manual"
        final = centre.state()
        state = final["state"]
        assert state["status"] == "closed"
        sold = {
            a["hall"]: (a["first"], a["first"] + state["sold"][a["hall"]] - 1)
            for a in state["allotments"]
        }
        strips = -(-sum(ALLOTMENTS.values()) // 6)
        (line, line_at), (bingo, bingo_at) = expected_winners(state["balls"], sold, strips)
        assert [n for n, _h in state["line"]] == line and state["line_extraction"] == line_at
        assert [n for n, _h in state["bingo"]] == bingo and bingo_at == len(state["balls"])

        with open_store(db) as store:
            central = store.load("centro")
        sources = [r.payload.get("source") for r in central if r.kind == "simul.ball"]
        assert sources[:CUT_AT] == ["extractor"] * CUT_AT  # the stale reading was never taken
        assert set(sources[CUT_AT:]) == {"manual"}
        caught_up(centre, list(halls.values()))
        for hall in halls.values():  # every hall has every ball: the centre's very records
            assert hall.view()["state"] == state
            with open_store(f"sqlite:///{hall.copy_db}") as copy:
                assert [r.hash for r in copy.load("centro")] == [r.hash for r in central]
    finally:
        for hall in halls.values():
            hall.server.stop()
        centre.stop()
