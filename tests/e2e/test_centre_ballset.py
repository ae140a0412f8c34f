"""The centre's count of its 90 balls before a simultaneous partida, every part a real process
(R-BALL-2; Cantabria II.2; decision 347): the emulated extractor and reader are the emulator
program on pseudo-terminals, the centre is ``bingo-hall serve --centre --devices serial``, a
hall is ``serve --join``. No partida opens before the reader's count; the count is a central
record, shown in the centre's state and copied, hash for hash, by the joined hall.
"""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from app.centre.tls import make_pki
from store import open_store
from store.operators import OperatorBook
from tests.e2e.test_centre_devices import centre_settings, emulated_ports
from tests.e2e.test_simultaneous import CENTRE_SALA, Centre, Hall, caught_up, until

__all__ = ["emulated_ports"]

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]


def test_serve_centre_counts_its_balls_with_its_reader_before_the_partida_and_halls_copy_it(
    tmp_path: Path, emulated_ports: dict[str, str]
) -> None:
    name = f"norte{uuid.uuid4().hex[:6]}"
    secret = f"clave-{uuid.uuid4().hex}"
    db = f"sqlite:///{tmp_path / 'centro.sqlite'}"
    with open_store(db) as store:
        book = OperatorBook(store)
        book.add(CENTRE_SALA[0], "jefe_de_sala", CENTRE_SALA[1])
        book.add(name, "terminal", secret)
    config = centre_settings(tmp_path, emulated_ports)
    centre = Centre(
        db,
        "centro",
        make_pki(tmp_path / "pki"),
        tmp_path / "centre.log",
        ["--devices", "serial", "--config", str(config)],
    )
    hall = None
    try:
        secret_file = tmp_path / "norte.secret"
        secret_file.write_text(secret)
        hall = Hall(tmp_path, "norte", name, centre, secret_file).start()
        refused = centre.command("open", partida=1, price_cents=100, allotments={name: 60})
        assert refused.status_code == 422, refused.text
        assert refused.json()["error"]["code"] == "balls_not_counted"
        assert centre.state()["counted"] is False

        counted = centre.command("scan")
        assert counted.status_code == 200, counted.text
        payload = counted.json()["record"]["payload"]
        assert payload["method"] == "reader" and payload["ok"] is True
        assert sorted(payload["numbers"]) == list(range(1, 91))
        assert centre.state()["ball_count"] == payload and centre.state()["counted"] is True

        opened = centre.command("open", partida=1, price_cents=100, allotments={name: 60})
        assert opened.status_code == 200, opened.text
        until(lambda: hall is not None and hall.view()["state"]["partida"] == 1, "la partida")
        caught_up(centre, [hall])
        with open_store(db) as store:
            central = store.load("centro")
        assert "simul.ball_count" in [r.kind for r in central]
        with open_store(f"sqlite:///{hall.copy_db}") as copy:  # the hall's copy accepts it
            assert [r.hash for r in copy.load("centro")] == [r.hash for r in central]
    finally:
        if hall is not None:
            hall.server.stop()
        centre.stop()
