"""A console started while one of the server's devices is off is told so (R-DEV-1; decision
340): the notice went out live only, before the console was there, so the stream tells a new
connection which devices are off right after its snapshot, and the console keeps what comes
before its window listens (its stream starts first). The hall's real host and HTTP server on
loopback, its devices real emulators on pseudo-terminals with the extractor's cable pulled, and
the console's own client (``RemoteService``) on a real link.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from app.bootstrap import prepare_hall
from app.config import load_hall
from app.devices import DeviceDraws, emulated_operator
from app.server.auth import Unnamed
from app.server.host import HallHost
from app.server.http import build_app
from drivers.notices import OFFLINE, Told
from drivers.sessions import start_emulated_session
from store import open_store
from tests.server.kit import free_port
from ui.client.link import Link
from ui.client.remote import RemoteService

pytestmark = [pytest.mark.slow, pytest.mark.timeout(120)]

KEY = "clave-de-la-consola"
#: The extractor's cable is pulled at the first ball and stays out for the whole test.
CABLE_OUT = [{"at_draw": 1, "fault": "disconnect", "mode": "cable", "duration": 60.0}]


def command(host: HallHost, name: str, **args: Any) -> dict[str, Any]:
    body = {"v": 1, "client_id": "mesa", "command_id": f"{name}-{time.monotonic_ns()}",
            "name": name, "args": args}  # fmt: skip
    status, answer = host.execute(body, rights=Unnamed())
    assert status == 200, answer
    return answer


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[HallHost, str]]:
    """The hall's host with its emulated devices, served on a loopback port (no operators yet:
    its console speaks with the key ``run`` gives it, decision 200)."""
    events = open_store(f"sqlite:///{tmp_path / 'sala.sqlite'}")
    settings = load_hall()
    host = HallHost(events, settings.hall_id)
    session = start_emulated_session(7, CABLE_OUT)
    host.use_devices(DeviceDraws(host.service, session.source, emulated_operator(session)),
                     session.stop)  # fmt: skip
    port = free_port()
    config = uvicorn.Config(build_app(host, KEY), host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    try:
        prepare_hall(host.service, settings)
        thread.start()
        while not server.started:
            time.sleep(0.05)
        yield host, f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        host.close()
        events.close()


def test_a_console_started_while_the_extractor_is_off_is_told_so(
    served: tuple[HallHost, str],
) -> None:
    host, url = served
    command(host, "open_session", session_id="S1", date="2026-11-24", jefe_de_mesa="Mesa",
            jefe_de_sala="Sala", ball_check=list(range(1, 91)))  # fmt: skip
    command(host, "start_partida")
    command(host, "sell_count", series="A-0001", count=10)
    command(host, "close_sale")
    command(host, "confirm_data_shown")
    command(host, "draw_from_devices")  # the cable is pulled: the ball in the tube is read
    assert host.service.hall.partida is not None and len(host.service.hall.partida.balls) == 1

    link = Link(url, "mesa")
    link.authorize(KEY)
    service = RemoteService(link)
    try:
        service.start()  # the stream connects before the window is there to listen
        # a change after it connected: once the replica holds it, the stream's first messages
        # (the snapshot, then what it is told with it) were handled
        version = command(host, "claim", series="A-0001", number=1, prize="line")["version"]
        deadline = time.monotonic() + 30
        while service.last_seq < version:
            assert time.monotonic() < deadline, "la réplica no se puso al día"
            time.sleep(0.05)
        told: list[tuple[str, Told]] = []
        service.on_device = lambda device, notice: told.append((device, notice))  # the window
        while ("extractor", Told(OFFLINE)) not in told:
            assert time.monotonic() < deadline, told
            time.sleep(0.05)
    finally:
        service.close()
