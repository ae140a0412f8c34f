"""A partida of bingo plus played from the console's page of other modalities, through its real
widgets, at a station of a real `bingo-hall serve` process on loopback (docs/games.md; SPEC
R-MULTI-4; decisions 260, 275, 277).

The jefe de mesa chooses a published game authorised in the hall's region and adopts it, has its
cartones generated and a serie registered, opens the partida with its face value, sells by
serie, closes the sale and types each ball of the game's drum; the system settles the partida
(``bingo.game.prizes``) and the prizes are paid. A ball outside 1..N is refused by the server
with its reason in the red banner and nothing is recorded; the page's actions follow the
rights table.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from bingo.game.prizes import play_partida
from tests.server.kit import INSPECTOR, MESA, SALA, Client, Server, open_session
from tests.ui.kit import answer_secret
from tests.ui.test_console import click, type_into
from ui.bridge import Bridge
from ui.client.link import Link
from ui.client.login import sign_in
from ui.client.remote import RemoteService
from ui.client.station import Station
from ui.console import ConsoleDefaults, ConsoleWindow
from ui.console.game_state import GAME_COMMANDS
from ui.console.pages.games import GamesPage

pytestmark = [pytest.mark.slow, pytest.mark.timeout(240)]

#: Where the test leaves its picture of the page mid-partida (docs/img/ keeps one).
SHOT = os.environ.get("BINGO_GAMES_SHOT", "")


class At:
    """A console station of ``server``, logged in through its login dialog as ``operator``."""

    def __init__(self, qtbot: QtBot, server: Server, station: str, operator: tuple[str, str]):
        self.link = Link(server.url, station)
        seen = answer_secret(qtbot, *operator)
        assert sign_in(self.link), seen
        self.service = RemoteService(self.link)
        self.service.start()
        self.bridge = Bridge()
        self.bridge.attach(self.service)
        self.window = ConsoleWindow(
            self.service,
            None,
            bridge=self.bridge,
            defaults=ConsoleDefaults("Mesa", "Sala", today=lambda: "2026-11-24"),
        )
        self.station = Station(self.window, self.service)
        qtbot.addWidget(self.window)
        self.window.resize(1366, 768)
        self.window.show()
        qtbot.waitExposed(self.window)
        self.window.menu_actions["page_4"].trigger()  # Ctrl+5: Otras modalidades

    @property
    def page(self) -> GamesPage:
        return self.window.games_page

    def close(self) -> None:
        self.bridge.close()
        self.service.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    started = Server(tmp_path / "hall.sqlite").start()
    try:
        yield started
    finally:
        started.stop()


@pytest.fixture
def stations(qtbot: QtBot) -> Iterator[list[At]]:
    made: list[At] = []
    yield made
    for one in made:
        one.close()


def at(qtbot: QtBot, server: Server, made: list[At], station: str, who: tuple[str, str]) -> At:
    made.append(At(qtbot, server, station, who))
    return made[-1]


def sold_out_of_the_banner(qtbot: QtBot, mesa: At) -> None:
    assert mesa.window.error.isHidden(), mesa.window.error.text()


def plus_on_sale(qtbot: QtBot, mesa: At, count: int = 120) -> None:
    """Through the page: plus-4x5 adopted, 600 cartones, a serie, the partida at 2 €, sold."""
    page = mesa.page
    choice = page.game_choice.findData("plus-4x5")
    assert choice >= 0, [page.game_choice.itemData(i) for i in range(page.game_choice.count())]
    page.game_choice.setCurrentIndex(choice)
    assert "Bingo plus" in page.game_choice.currentText()
    click(qtbot, page.adopt_button)
    sold_out_of_the_banner(qtbot, mesa)
    assert not page.adopt_button.isEnabled()  # adopted once: the same version is not again
    page.card_set_count.setValue(600)
    click(qtbot, page.card_set_button)
    sold_out_of_the_banner(qtbot, mesa)
    click(qtbot, page.serie_button)
    sold_out_of_the_banner(qtbot, mesa)
    assert page.serie_choice.currentData() == "P-0001"
    page.face_value.setValue(2.0)
    click(qtbot, page.start_button)
    sold_out_of_the_banner(qtbot, mesa)
    type_into(qtbot, page.sale_count, str(count), enter=True)
    sold_out_of_the_banner(qtbot, mesa)


def test_a_whole_plus_partida_is_played_from_the_console_to_its_paid_prizes(
    qtbot: QtBot, server: Server, stations: list[At], tmp_path: Path
) -> None:
    open_session(Client(server, "sala", operator=SALA))
    mesa = at(qtbot, server, stations, "mesa", MESA)
    qtbot.waitUntil(lambda: mesa.service.hall.session is not None)
    page = mesa.page
    assert mesa.window.pages.currentWidget().widget() is page  # type: ignore[attr-defined]
    assert not page.start_button.isEnabled()  # nothing adopted yet
    plus_on_sale(qtbot, mesa)
    hall = mesa.service.hall
    partida = hall.games.current("S1")
    assert partida is not None and partida.cards_sold == 120 and partida.face_value_cents == 200
    assert "Vendidos 120 cartones de 2,00 € · recaudación 240,00 €" in page.totals.text()
    # the combinations at stake, from the takings (bingo.game.prizes.stake_cents)
    stakes = [page.prizes.item(r, 1).text() for r in range(page.prizes.rowCount())]
    assert stakes == ["12,00 €", "24,00 €", "36,00 €", "96,00 €"]
    assert not page.ball_button.isEnabled()  # the sale is open: no ball yet
    click(qtbot, page.close_sale_button)
    sold_out_of_the_banner(qtbot, mesa)

    order = list(range(1, 76))
    random.Random(3).shuffle(order)
    typed: list[int] = []
    for ball in order:
        if not page.ball_input.isEnabled():
            break  # the plan has its balls: the page takes no more
        type_into(qtbot, page.ball_input, str(ball), enter=True)
        sold_out_of_the_banner(qtbot, mesa)
        typed.append(ball)
        assert mesa.window.side.board.lit() == set(typed)  # the game's board, on the right
        if len(typed) == 12:  # mid-partida: the page as the jefe de mesa sees it
            log = mesa.window.event_log  # its lines come through the bridge's queued signal
            qtbot.waitUntil(lambda log=log: "Bola 12:" in log.item(log.count() - 1).text())
            shot = Path(SHOT) if SHOT else tmp_path / "console-games-1366x768.png"
            assert mesa.window.grab().save(str(shot))
            assert "se sabrá al liquidar" in page.prizes.item(0, 2).text()
    partida = hall.games.current("S1")
    assert partida is not None and partida.balls == typed
    assert [s for s in partida.ball_sources] == ["operator"] * len(typed)  # decision 275
    assert hall.game_partida_over() and page.close_partida_button.isEnabled()

    click(qtbot, page.close_partida_button)
    sold_out_of_the_banner(qtbot, mesa)
    # the winners are what the one rule settles over every cartón sold (decision 260)
    sold, index = hall.games.sold(partida)
    drawn = set(typed)
    result = play_partida(
        partida.definition,
        sold,
        [*typed, *(n for n in range(1, 76) if n not in drawn)],
        partida.face_value_cents,
    )
    expected = {
        (a.combination, *index[c], a.share_cents) for a in result.awards for c in a.cartones
    }
    recorded = {(a.combination, a.series, a.carton, a.amount_cents) for a in partida.awards}
    assert recorded == expected and expected
    shown = {page.prizes.item(r, 0).text(): page.prizes.item(r, 2).text() for r in range(4)}
    for award in result.awards:
        name = partida.definition.combination(award.combination).name()
        for position in award.cartones:
            series, number = index[position]
            assert f"{series}/{number} (bola " in shown[name], shown
    assert "Liquidada" in page.prizes_info.text()
    click(qtbot, page.pay_button)
    sold_out_of_the_banner(qtbot, mesa)
    last = hall.games.of_session("S1")[-1]
    assert last.status == "paid"
    assert not any(b.isEnabled() for c, b in page.buttons.items() if c != "register_game_serie"
                   and c != "register_game_card_set" and c != "start_game_partida")  # fmt: skip


def test_a_ball_outside_the_game_s_drum_is_refused_with_its_reason_and_nothing_recorded(
    qtbot: QtBot, server: Server, stations: list[At]
) -> None:
    open_session(Client(server, "sala", operator=SALA))
    mesa = at(qtbot, server, stations, "mesa", MESA)
    qtbot.waitUntil(lambda: mesa.service.hall.session is not None)
    plus_on_sale(qtbot, mesa, count=30)
    page = mesa.page
    click(qtbot, page.close_sale_button)
    type_into(qtbot, page.ball_input, "7", enter=True)
    sold_out_of_the_banner(qtbot, mesa)
    before = mesa.service.last_seq
    for wrong in ("76", "0", "7"):  # beyond 1..75, below it, and one already out
        type_into(qtbot, page.ball_input, wrong, enter=True)
        banner = mesa.window.error
        assert banner.isVisible(), wrong
        reason = "ya ha salido" if wrong == "7" else f"la bola {wrong} no está entre 1 y 75"
        assert reason in banner.text(), banner.text()
        assert page.ball_input.text() == wrong  # the typed value stays where it was
    assert mesa.service.last_seq == before  # nothing recorded
    partida = mesa.service.hall.games.current("S1")
    assert partida is not None and partida.balls == [7]


def test_the_game_page_follows_the_rights_table(
    qtbot: QtBot, server: Server, stations: list[At]
) -> None:
    """R-ROLE-1, decision 277: an inspector reads the page and asks for nothing; the table
    may play the partida; going on by hand and the annulment need the jefe de sala's PIN.
    """
    sala = Client(server, "sala", operator=SALA)
    open_session(sala)
    sala.do("adopt_game", game="plus-4x5")
    sala.do("register_game_card_set", game_id="plus-4x5", card_set_id="plus-1", count=300)
    sala.do("register_game_serie", code="P-0001", card_set_id="plus-1", size=300)
    sala.do("start_game_partida", game_id="plus-4x5", card_set_id="plus-1", face_value_cents=100)
    sala.do("sell_game_count", series="P-0001", count=40)
    mesa = at(qtbot, server, stations, "mesa", MESA)
    inspector = at(qtbot, server, stations, "inspeccion", INSPECTOR)
    # GET /api/v1/games: what adopt_game takes in a Cantabrian hall, never the ordinary bingo
    offered = {(g["game"], g["modality"], g["count"]) for g in mesa.service.offered_games()}
    assert offered == {("plus-4x5", "plus", 75), ("derivado-instantaneo-3x3", "derivado", 45)}
    for one in (mesa, inspector):
        qtbot.waitUntil(lambda one=one: one.service.hall.games.current("S1") is not None)
        one.window.refresh()
    # the domain's state allows the sale, its close and the annulment before the first ball
    may = {c for c, b in mesa.page.buttons.items() if b.isEnabled()}
    assert may == {
        "register_game_card_set",
        "register_game_serie",
        "sell_game_count",
        "close_game_sale",
        "announce_last_game_partida",
        "annul_game_partida",
    }
    assert not mesa.page.buttons["draw_game_ball"].isEnabled()  # the sale is open
    assert not mesa.page.buttons["adopt_game"].isEnabled()  # adopted: not twice
    annul = mesa.page.buttons["annul_game_partida"]
    assert "jefe de sala" in annul.toolTip()  # authorised at that moment (R-ROLE-2)
    assert "jefe de sala" in mesa.page.buttons["game_incident"].toolTip()
    # an inspector asks for nothing: every action of the page is off (the rights table)
    assert not [c for c in GAME_COMMANDS if inspector.page.buttons[c].isEnabled()]
    assert not inspector.page.ball_input.isEnabled()
    assert "VENTA ABIERTA" in inspector.page.partida_info.text()  # it reads the whole hall
    # the annulment at the table: the jefe de sala's name and PIN in the override, then it is
    # recorded with both names
    from ui.console.dialogs import IncidentDialog

    click(qtbot, annul)
    dialog = mesa.window.dialog
    assert isinstance(dialog, IncidentDialog)
    dialog.note.setText("el bombo del juego no arranca")
    dialog.read_aloud.setChecked(True)
    answer_secret(qtbot, *SALA)
    qtbot.mouseClick(dialog.confirm, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: mesa.service.hall.games.current("S1") is None)
    assert mesa.window.error.isHidden(), mesa.window.error.text()
    last = mesa.service.hall.games.of_session("S1")[-1]
    assert last.status == "annulled" and last.refund_cents == 4000
