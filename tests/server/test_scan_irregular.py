"""The hall server's reader counts a set with a ball missing or repeated (R-BALL-2; Cantabria
II.2 "recuento"; decision 22): the count is refused with the balls named in the hall's words
(422 ``ball_set_irregular``, the numbers in ``details``), not a bare 500 "error interno"; that
reading is the reader's, so the console records it as the count not conforming, by the reader;
and a client console gets the same ``BallSetIrregular`` a reader at its own station raises.
Real emulators on pseudo-terminals, the server's real host on a real SQLite file.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from actas.words import cause_text
from app.bootstrap import prepare_hall
from app.config import load_hall
from app.devices import DeviceDraws, emulated_operator
from app.server.host import HallHost
from bingo.drawing import BallSetIrregular
from store import open_store
from tests.e2e.test_device_draws import devices
from tests.server.test_store_messages import command
from ui.client.devices import irregular_of
from ui.client.link import _refusal

__all__ = ["devices"]

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]


@pytest.fixture
def host(tmp_path: Path, devices: Any) -> Iterator[tuple[HallHost, Any]]:
    events = open_store(f"sqlite:///{tmp_path / 'sala.sqlite'}")
    settings = load_hall()
    host = HallHost(events, settings.hall_id)
    try:
        prepare_hall(host.service, settings)
        session = devices([])
        host.use_devices(
            DeviceDraws(host.service, session.source, emulated_operator(session)), lambda: None
        )
        yield host, session
    finally:
        host.close()
        events.close()


@pytest.mark.parametrize(
    ("fault", "missing", "repeated", "words"),
    [
        ({"number": 37}, [37], [], "faltan 37; repetidas —"),
        ({"number": 7, "instead_of": 8}, [8], [7], "faltan 8; repetidas 7"),
    ],
    ids=["missing_ball", "duplicate_ball"],
)
def test_a_count_by_the_servers_reader_names_the_balls_missing_or_repeated(
    host: tuple[HallHost, Any],
    fault: dict[str, int],
    missing: list[int],
    repeated: list[int],
    words: str,
) -> None:
    hall, session = host
    name = "duplicate_ball" if "instead_of" in fault else "missing_ball"
    session.hall.reader.inject(name, **fault)
    status, answer = command(hall, "scan_ball_set", "c1")
    assert status == 422, answer
    error = answer["error"]
    assert error["code"] == "ball_set_irregular" and words in error["message"]
    details = error["details"]
    assert (details["missing"], details["duplicated"]) == (missing, repeated)
    assert len(details["scanned"]) == 90 - len(missing) + len(repeated)

    # that reading is the count, recorded by the reader as not conforming: the session does
    # not open on it (decision 22)
    status, answer = command(
        hall, "record_ball_check", "c2", session_id="S1", when="open",
        numbers=details["scanned"], method="reader",
    )  # fmt: skip
    assert status == 200, answer
    assert answer["result"] == {"ok": False}
    status, answer = command(
        hall, "record_ball_check", "c3", session_id="S1", when="open",
        numbers=list(range(1, 91)), method="reader",
    )  # fmt: skip
    assert status == 422  # numbers the reader did not read are never "by the reader"

    # the client console gets the reader's own exception, with the same words
    refused = _refusal(httpx.Response(422, json={"v": 1, "error": error}))
    irregular = irregular_of(refused)
    assert isinstance(irregular, BallSetIrregular)
    assert (list(irregular.missing), list(irregular.duplicated)) == (missing, repeated)
    assert cause_text(irregular) == error["message"]
