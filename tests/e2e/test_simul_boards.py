"""The lit boards and the voice of a hall joined to a centre follow the centre's simultaneous
partida (R-MULTI-2: every hall receives each ball at the same moment; Cantabria VI.1 "en cada
sala se recibirá la información del juego y de las diferentes extracciones"; II.3 and III: the
balls "mostrándose simultáneamente en los monitores y paneles de la sala" and "anunciarse a
través de los altavoces"; R-PANEL-2, R-DEV-3; decisions 313, 343, 344).

Every part is a real program: a centre and a joined hall (``bingo-hall serve``), the hall's
extractor and reader and its board as emulator programs on pseudo-terminals, the board line
watched through pyserial's ``spy://``, the calls rendered by the real espeak-ng and played by a
player on the hall's PATH that writes down each file it plays and its length (as the voice's
own tests measure them).
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import httpx
import numpy as np
import pytest

from app.centre.tls import make_pki
from drivers.protocol import ShowState
from store import open_store
from store.operators import OperatorBook
from tests.e2e.test_boards_serial import Emulator, hall_file, sent_to_boards
from tests.e2e.test_simultaneous import CENTRE_SALA, SEED, Centre, Hall, caught_up, until
from tests.server.kit import SALA, Client, open_session, partida_ready

pytestmark = [
    pytest.mark.slow,
    pytest.mark.timeout(400),
    pytest.mark.skipif(
        not (shutil.which("espeak-ng") and shutil.which("soxi")),
        reason="espeak-ng and sox are Debian packages (scripts/system-deps.sh)",
    ),
]

HALL = "norte"


@pytest.fixture
def programs() -> Iterator[list[Emulator]]:
    started: list[Emulator] = []
    yield started
    for emulator in started:
        if emulator.proc.poll() is None:
            emulator.unplug()


def write_hall_file(tmp_path: Path, devices: Emulator, board: Emulator, spy: Path) -> Path:
    """The hall's file: its extractor and reader, one board line watched into ``spy``, and the
    voice on this machine's output, in Spanish."""
    path = hall_file(
        tmp_path,
        f'extractor = "{devices.ports["extractor"]}"\nreader = "{devices.ports["reader"]}"\n'
        f'boards = [{{ port = "spy://{board.ports["board"]}?file={spy}", addresses = [0x10] }}]\n',
    )
    text = path.read_text("utf-8")
    before, _voice, after = text.partition("[voice]")
    after = after.partition("\n[")[2]
    voice = '[voice]\nenabled = true\noutput = "server"\nlanguages = ["es"]\n'
    voice += f'cache_dir = "{tmp_path / "voz"}"\n'
    path.write_text(before + voice + ("\n[" + after if after else ""), "utf-8")
    return path


def recording_player(tmp_path: Path) -> tuple[Path, Path]:
    """A folder holding ``aplay`` (the first player the voice looks for): it writes down each
    call it is given and the call's length in seconds."""
    folder = tmp_path / "bin"
    folder.mkdir()
    played = tmp_path / "played.log"
    player = folder / "aplay"
    player.write_text(f'#!/bin/sh\necho "$2 $(soxi -D "$2")" >> {played}\n', "utf-8")
    player.chmod(0o755)
    return folder, played


def calls(played: Path) -> list[int]:
    """The balls called, in order, each checked to be an audible call."""
    if not played.exists():
        return []
    lines = [line.split() for line in played.read_text().splitlines()]
    assert all(0.3 <= float(seconds) <= 3.5 for _, seconds in lines), lines
    return [int(Path(path).name.split("-")[0]) for path, _ in lines]


def state_of(partida: int, balls: list[int]) -> ShowState:
    return ShowState(partida, len(balls), balls[-1] if balls else 0, frozenset(balls))


@dataclass
class Linked:
    """A centre, a hall joined to it (through ``via``, else straight) with its extractor and
    reader, one board and the voice, and the centre's partida 1 with 60 cartones of the hall
    in play."""

    centre: Centre
    hall: Hall
    console: Client
    played: Path
    config: Path
    balls: list[int]

    def ball(self, number: int) -> None:
        answer = self.centre.command("ball", number=number)
        assert answer.status_code == 200, answer.text


def board_shows(spy: Path, state: ShowState, what: str) -> None:
    until(lambda: bool(sent_to_boards(spy)) and sent_to_boards(spy)[-1] == state, what)


@contextmanager
def joined(
    tmp_path: Path,
    programs: list[Emulator],
    monkeypatch: pytest.MonkeyPatch,
    spy: Path,
    via: Callable[[int], int] | None = None,
) -> Iterator[Linked]:
    folder, played = recording_player(tmp_path)
    monkeypatch.setenv("PATH", f"{folder}:{os.environ['PATH']}")
    db = f"sqlite:///{tmp_path / 'centro.sqlite'}"
    with open_store(db) as store:
        book = OperatorBook(store)
        book.add(CENTRE_SALA[0], "jefe_de_sala", CENTRE_SALA[1])
        book.add(HALL, "terminal", "clave-de-norte")
    secret = tmp_path / "norte.secret"
    secret.write_text("clave-de-norte")
    devices = Emulator("extractor", "reader")
    board = Emulator("board")
    programs += [devices, board]
    config = write_hall_file(tmp_path, devices, board, spy)
    centre = Centre(db, "centro", make_pki(tmp_path / "pki"), tmp_path / "centre.log")
    port = via(centre.port) if via is not None else centre.port
    hall = Hall(
        tmp_path, HALL, HALL, SimpleNamespace(wss=f"wss://127.0.0.1:{port}", ca=centre.ca), secret
    )
    hall.server.devices = "serial"
    hall.server.extra += ["--config", str(config)]
    # never reuse a connection the server is closing (it keeps an idle one 5 s; a loaded
    # machine can take longer than that to start the hall again)
    brief = httpx.Limits(keepalive_expiry=1.0)
    headers = centre.http.headers
    centre.http.close()
    centre.http = httpx.Client(verify=centre.tls(), timeout=30, headers=headers, limits=brief)
    hall.http = httpx.Client(timeout=30, limits=brief)
    try:
        hall.start()
        console = Client(hall.server)
        open_session(console)
        opened = centre.command(
            "open", partida=1, price_cents=100, allotments={HALL: 120}, seed=SEED
        )
        assert opened.status_code == 200, opened.text
        until(lambda: hall.view()["state"]["partida"] == 1, "la partida en la sala")
        assert hall.post("sell", count=60).status_code == 200
        assert centre.command("start").status_code == 200
        balls = [int(b) for b in np.random.default_rng(5).permutation(np.arange(1, 91))]
        yield Linked(centre, hall, console, played, config, balls)
    finally:
        hall.server.stop()
        centre.stop()


def test_the_hall_boards_and_voice_follow_the_centre_s_partida_and_catch_up_at_once(
    tmp_path: Path, programs: list[Emulator], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each central ball lights the hall's board with its count and is called once; the hall's
    own partida, once its sale is closed, keeps the board and the voice (the central ball drawn
    meanwhile is shown when the board comes back, never called late); a hall down for four
    balls shows them all in one state when it is back and calls only the newest; the board
    keeps the closed partida and gives it up when the hall opens a partida of its own.
    """
    spies = [tmp_path / "board-line-1.txt", tmp_path / "board-line-2.txt"]
    with joined(tmp_path, programs, monkeypatch, spies[0]) as j:
        centre, hall, console, played, config, balls, ball = (
            j.centre, j.hall, j.console, j.played, j.config, j.balls, j.ball
        )  # fmt: skip
        # live: each ball on the board with its count as it comes, and called once
        for k in range(1, 4):
            ball(balls[k - 1])
            board_shows(spies[0], state_of(1, balls[:k]), f"la bola {k} en el panel")
            until(lambda k=k: len(calls(played)) >= k, f"la bola {k} cantada")
        assert calls(played) == balls[:3]

        # the hall's own partida, its sale closed, has the board and the voice; the central
        # ball drawn meanwhile waits, and is never called late
        own = partida_ready(console, count=10)
        board_shows(spies[0], state_of(own, []), "la partida propia en el panel")
        for _ in range(2):
            console.do("draw_from_devices")
        mine = [int(n) for n in console.state()["state"]["balls"]]
        board_shows(spies[0], state_of(own, mine), "las bolas propias en el panel")
        ball(balls[3])
        caught_up(centre, [hall])
        until(lambda: len(calls(played)) >= 5, "las bolas propias cantadas")
        time.sleep(1.0)  # the hall's board and voice had their chance to follow the ball
        assert sent_to_boards(spies[0])[-1] == state_of(own, mine)
        console.do("annul", authorisation=SALA, incident="caller_error", note="prueba")
        board_shows(spies[0], state_of(1, balls[:4]), "la partida simultánea vuelve")
        ball(balls[4])
        board_shows(spies[0], state_of(1, balls[:5]), "la bola 5 en el panel")
        until(lambda: len(calls(played)) >= 6, "la bola 5 cantada")
        before = [*balls[:3], *mine, balls[4]]
        assert calls(played) == before  # the 4th central ball was never called

        # the hall down for four balls: back, the board gets them at once, the newest is called
        hall.server.kill()
        for number in balls[5:9]:
            ball(number)
        config.write_text(config.read_text("utf-8").replace(str(spies[0]), str(spies[1])))
        hall.start()
        caught_up(centre, [hall])
        board_shows(spies[1], state_of(1, balls[:9]), "las bolas de la caída en el panel")
        assert {(s.partida, s.extractions) for s in sent_to_boards(spies[1])} <= {(1, 5), (1, 9)}
        until(lambda: len(calls(played)) >= 7, "la bola más nueva cantada")
        ball(balls[9])
        board_shows(spies[1], state_of(1, balls[:10]), "la bola 10 en el panel")
        until(lambda: len(calls(played)) >= 8, "la bola 10 cantada")
        assert calls(played) == [*before, balls[8], balls[9]]

        # to the bingo: every ball shown and called; the closed partida stays on the board
        drawn = 10
        while centre.state()["state"]["status"] != "closed":
            ball(balls[drawn])
            drawn += 1
        caught_up(centre, [hall])
        board_shows(spies[1], state_of(1, balls[:drawn]), "la partida cerrada en el panel")
        until(lambda: len(calls(played)) >= drawn - 2, "cada bola cantada")
        assert calls(played) == [*before, *balls[8:drawn]]
        shown = sent_to_boards(spies[1])
        assert [s.extractions for s in shown if s.partida == 1] == sorted(
            s.extractions for s in shown if s.partida == 1
        )

        # back to the hall's own partidas
        console = Client(hall.server)  # a new login: the server was started again
        next_own = int(console.do("start_partida")["result"]["partida"])
        board_shows(spies[1], state_of(next_own, []), "la partida propia siguiente en el panel")
        assert calls(played) == [*before, *balls[8:drawn]]


class Cable:
    """The hall's network cable to the centre, which can be pulled out and plugged back: a
    program's thread passing the bytes both ways on loopback (the link's TLS goes through it
    untouched); pulled, it cuts every connection and takes no new one.
    """

    def __init__(self, target: int) -> None:
        self.target = target
        self.plugged = True
        self._open: list[socket.socket] = []
        self._server = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._server.getsockname()[1])
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                hall, _ = self._server.accept()
            except OSError:
                return
            if not self.plugged:
                hall.close()
                continue
            centre = socket.create_connection(("127.0.0.1", self.target))
            self._open += [hall, centre]
            for a, b in ((hall, centre), (centre, hall)):
                threading.Thread(target=self._pass, args=(a, b), daemon=True).start()

    @staticmethod
    def _pass(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for end in (source, sink):
            end.close()

    def pull(self) -> None:
        self.plugged = False
        for end in self._open:
            with suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
        self._open.clear()

    def plug(self) -> None:
        self.plugged = True

    def close(self) -> None:
        self.pull()
        self._server.close()


def test_after_a_link_loss_the_board_shows_the_missed_balls_at_once_and_the_newest_is_called(
    tmp_path: Path, programs: list[Emulator], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hall keeps running while its link is cut and four balls are drawn at the centre:
    when the link is back, the board gets the whole state in one go (no ball shown one by one
    late) and the voice calls only the newest ball; the next ball is called as it comes.
    """
    spy = tmp_path / "board-line.txt"
    cables: list[Cable] = []

    def via(port: int) -> int:
        cables.append(Cable(port))
        return cables[0].port

    try:
        with joined(tmp_path, programs, monkeypatch, spy, via) as j:
            for k in (1, 2):
                j.ball(j.balls[k - 1])
                board_shows(spy, state_of(1, j.balls[:k]), f"la bola {k} en el panel")
                until(lambda k=k: len(calls(j.played)) >= k, f"la bola {k} cantada")
            cables[0].pull()
            until(lambda: j.hall.view()["connection"] == "sin conexión", "la sala sin enlace")
            before = len(sent_to_boards(spy))
            for number in j.balls[2:6]:
                j.ball(number)
            cables[0].plug()
            caught_up(j.centre, [j.hall])
            board_shows(spy, state_of(1, j.balls[:6]), "las bolas perdidas en el panel")
            assert {s.extractions for s in sent_to_boards(spy)[before:]} == {6}
            until(lambda: len(calls(j.played)) >= 3, "la bola más nueva cantada")
            j.ball(j.balls[6])
            board_shows(spy, state_of(1, j.balls[:7]), "la bola 7 en el panel")
            until(lambda: len(calls(j.played)) >= 4, "la bola 7 cantada")
            assert calls(j.played) == [*j.balls[:2], j.balls[5], j.balls[6]]
    finally:
        for cable in cables:
            cable.close()
