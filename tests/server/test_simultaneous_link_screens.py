"""What every screen of a joined hall is told of the centre's link (decision 314), with a real
centre and a real joined hall (``bingo-hall serve`` processes, the link on TLS) and the panels'
stream read as a screen reads it:

- the loss of the link reaches every screen already connected, whatever screens connect just
  then (a panel reloading reconnects within 250 ms);
- after a reconnection the screens say "linked" only once the copy has the whole backlog, not
  when an older "linked" record of this hall arrives in the backlog's first page.

R-NET-2 (a hall never shows stale numbers as current), R-MULTI-2, R-PANEL-1; decision 314.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from app.centre.record import utc_stamp
from app.centre.tls import make_pki
from bingo import simultaneous as sim
from store import open_store
from store.operators import OperatorBook
from tests.e2e import test_simultaneous as simultaneous
from tests.e2e.test_simultaneous import CENTRE_SALA, Centre, Hall, until
from tests.server.test_simultaneous_panels import ball, link_halls, open_and_sell

pytestmark = pytest.mark.slow

#: The centre sends a hall's backlog in pages of this many records (app/centre/server.py).
PAGE = 2000


class Screen:
    """One panel on the hall's stream: every ``simultanea`` message it gets, in order."""

    def __init__(self, url: str) -> None:
        self.socket: ClientConnection = connect(url.replace("http", "ws", 1) + "/api/v1/stream")
        self.messages: list[dict[str, Any]] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        try:
            while True:
                message = json.loads(self.socket.recv())
                if message.get("type") == "simultanea":
                    self.messages.append(message)
        except Exception:  # the socket closed: the screen went away
            return

    def last(self) -> dict[str, Any] | None:
        return self.messages[-1] if self.messages else None

    def close(self) -> None:
        self.socket.close()
        self._reader.join(5)


def test_the_loss_of_the_link_reaches_every_screen_whatever_screens_connect_then(
    tmp_path: Path,
) -> None:
    """A screen showing the centre's balls gets "sin conexión con la central" when the centre
    is killed, even when other screens connect in the instant after (each gets its own first
    message, which must not stand for the change every screen is owed).
    """
    linked = link_halls(tmp_path)
    norte = linked.halls["norte"]
    screen = None
    try:
        open_and_sell(linked)
        assert linked.centre.command("start").status_code == 200
        version = 0
        for number in (5, 17, 44):
            version = ball(linked, number)
        screen = Screen(norte.server.url)
        until(
            lambda: (
                (m := screen.last()) is not None  # type: ignore[union-attr]
                and m["seq"] >= version
                and m["connection"] == "linked"
            ),
            "la pantalla con las bolas",
            30,
        )
        assert screen.last()["simul"]["balls"] == [5, 17, 44]  # type: ignore[index]
        shown_before = len(screen.messages)

        others: list[str] = []
        reloads: list[str] = []
        stream = norte.server.url.replace("http", "ws", 1) + "/api/v1/stream"
        killed, seen_lost = threading.Event(), threading.Event()
        deadline = time.monotonic() + 90.0

        def reloading() -> None:  # a screen reloading over and over through the link's loss
            # until a reload after the kill is told of the loss (the hall notices it when it
            # can: no fixed window, which a loaded machine may not fit in)
            while not seen_lost.is_set() and time.monotonic() < deadline:
                with connect(stream) as other:
                    first = [json.loads(other.recv(timeout=10)) for _ in range(2)]
                assert first[1]["type"] == "simultanea"  # after the snapshot
                reloads.append(first[1]["connection"])
                if killed.is_set():
                    others.append(first[1]["connection"])
                    if first[1]["connection"] == "lost":
                        seen_lost.set()

        screens = [threading.Thread(target=reloading) for _ in range(4)]
        for each in screens:
            each.start()
        until(lambda: len(reloads) >= len(screens), "las pantallas recargando", 30)
        linked.centre.proc.kill()
        killed.set()
        linked.centre.proc.wait(10)
        for each in screens:
            each.join(30)
        assert "lost" in others, others  # the link was lost while they connected

        until(
            lambda: screen.last()["connection"] == "lost",  # type: ignore[index]
            "«sin conexión con la central» en la pantalla ya conectada",
            15,
        )
        told = screen.messages[shown_before:]
        assert told and told[-1]["revision"] > screen.messages[shown_before - 1]["revision"]
    finally:
        if screen is not None:
            screen.close()
        linked.stop()


def test_the_screens_say_linked_only_once_the_whole_backlog_is_in_the_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hall whose copy is far behind (here: empty) links to a centre whose record holds an
    older "linked" record of this hall in the backlog's first page: until the record of this
    link is in the copy, every message says the link is not there yet, never the copy's
    partial state as current.
    """
    db = f"sqlite:///{tmp_path / 'centro.sqlite'}"
    with open_store(db) as store:
        book = OperatorBook(store)
        book.add(CENTRE_SALA[0], "jefe_de_sala", CENTRE_SALA[1])
        book.add("norte", "terminal", "clave-de-norte")
        stamp = utc_stamp()
        others = [  # another hall linking and losing its link many times: a long record
            (stamp, sim.LINK, {"hall": "sur", "outcome": o, "address": "10.0.0.8"})
            for _ in range(PAGE)
            for o in ("linked", "lost")
        ]
        old_night = [
            (stamp, sim.LINK, {"hall": "norte", "outcome": "linked", "address": "10.0.0.7"}),
            (stamp, sim.LINK, {"hall": "norte", "outcome": "lost", "address": "10.0.0.7"}),
            *others[: PAGE + 200],
        ]
        store.append("centro", 0, old_night)
    pki = make_pki(tmp_path / "pki")
    log = tmp_path / "centre.log"
    centre = Centre(db, "centro", pki, log)
    centre.stop()  # only its address and authority for the hall: the hall starts unlinked
    port = centre.port
    secret = tmp_path / "norte.secret"
    secret.write_text("clave-de-norte")
    hall = Hall(tmp_path, "norte", "norte", centre, secret).start()
    screen = None
    try:
        screen = Screen(hall.server.url)
        until(lambda: screen.last() is not None, "el primer mensaje", 10)  # type: ignore[union-attr]
        assert screen.last()["connection"] == "lost"  # type: ignore[index]
        monkeypatch.setattr(simultaneous, "free_port", lambda: port)
        centre = Centre(db, "centro", pki, log)
        head = len(old_night)  # the centre's record when the hall's link is welcomed
        until(
            lambda: screen.last()["connection"] == "linked",  # type: ignore[index]
            "la sala enlazada y al día",
            60,
        )
        first_page = [m for m in screen.messages if m["seq"] == PAGE]
        assert first_page, "the backlog's first page reached the screens on its own"
        early = [(m["seq"], m["connection"]) for m in screen.messages if m["seq"] <= head]
        assert all(c == "lost" for _s, c in early), early
        assert screen.last()["seq"] > head  # this link's own "linked" record
    finally:
        if screen is not None:
            screen.close()
        hall.server.stop()
        centre.stop()
