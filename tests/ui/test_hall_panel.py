"""The hall panel shows what the players must see, readable at the hall's screen sizes."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtGui import QFontMetrics
from pytestqt.qtbot import QtBot

from bingo.readmodel import panel_state
from bingo.rules import RegionRules
from tests.ui.kit import Kit, make_hall
from ui.panels.hall_panel import HallPanel
from ui.widgets import FitLabel


def shown_panel(qtbot: QtBot, kit: Kit, size: tuple[int, int] = (1920, 1080)) -> HallPanel:
    panel = HallPanel(panel_state(kit.hall))
    qtbot.addWidget(panel)
    panel.resize(*size)
    panel.show()
    qtbot.waitExposed(panel)
    return panel


def test_panel_shows_the_partida_figures_and_lights_every_drawn_number(
    qtbot: QtBot, kit: Kit
) -> None:
    kit.partida_ready((("A", 120),))
    panel = shown_panel(qtbot, kit)
    assert panel.announcement.text() == "COMIENZA LA PARTIDA"
    kit.draw([5, 17, 33, 90])
    panel.show_state(panel_state(kit.hall))

    assert panel.board.lit() == {5, 17, 33, 90}
    assert panel.board.last() == 90
    assert panel.ball.number() == 90
    assert panel.count.value.text() == "4"
    assert panel.cards_sold.value.text() == "120"
    assert panel.price.value.text() == "1,00 €"
    assert panel.line_prize.value.text() == "12,00 €"  # 10 % of 120,00 €
    assert panel.bingo_prize.value.text() == "61,20 €"  # 51 %
    assert panel.partida.text() == "PARTIDA 1"
    assert panel.last_partida.isHidden()


def test_panel_follows_each_ball_as_it_is_drawn(qtbot: QtBot, kit: Kit) -> None:
    kit.partida_ready()
    panel = shown_panel(qtbot, kit)
    for count, ball in enumerate((61, 7, 44), start=1):
        kit.draw([ball])
        panel.show_state(panel_state(kit.hall))
        assert panel.ball.number() == ball
        assert panel.count.value.text() == str(count)
        assert ball in panel.board.lit()


def test_prima_and_its_ball_limit_show_only_while_the_prima_is_available(
    qtbot: QtBot, kit: Kit
) -> None:
    kit.partida_ready()
    panel = shown_panel(qtbot, kit)
    assert panel.prima.isHidden()  # the fund has not reached the amount yet

    kit.hall.prima.fund_cents = 25_000  # a fund past the amount: in play from the next partida
    state = panel_state(kit.hall)
    panel.show_state(replace(state, prima_available=True, prima_ball_limit=52))
    assert not panel.prima.isHidden()
    assert panel.prima.value.text() == "200,00 €"
    assert panel.prima.detail.text() == "hasta la bola 52"


def test_bola_loca_numbers_and_fund_are_shown(qtbot: QtBot) -> None:
    from bingo.rules import RegionRules

    kit = make_hall(
        rules=RegionRules(region="cantabria", payout_bp=6800, bola_loca_bp=100, bola_loca_count=2)
    )
    kit.partida_ready()
    panel = shown_panel(qtbot, kit)
    assert panel.bola_loca.value.text() == "1 · 2"
    assert panel.bola_loca.detail.text().startswith("Fondo ")


def test_last_partida_is_announced_on_the_panel(qtbot: QtBot, kit: Kit) -> None:
    kit.svc.announce_last_partida()
    kit.partida_ready()
    panel = shown_panel(qtbot, kit)
    assert not panel.last_partida.isHidden()
    assert panel.last_partida.text() == "ÚLTIMA PARTIDA"


def test_the_last_game_partida_of_a_modality_is_announced_as_the_ordinary_one(
    qtbot: QtBot,
) -> None:
    """R-GAME-6, decision 393: a partida of bingo plus announced as the last of its modality
    takes the ordinary announcement's place on the panel; before it, nothing is said.
    """
    from tests.bingo.test_game_partidas import with_game

    kit, _definition = with_game("plus-4x5")
    panel = HallPanel(panel_state(kit.hall))
    qtbot.addWidget(panel)
    assert panel.last_partida.isHidden()
    kit.svc.announce_last_game_partida()
    panel.show_state(panel_state(kit.hall))
    assert not panel.last_partida.isHidden()
    assert panel.last_partida.text() == "ÚLTIMA PARTIDA"
    assert panel.announcement.text().startswith("BINGO PLUS 4 × 5 · ")


def test_validated_winners_appear_with_their_amounts_after_the_close(
    qtbot: QtBot, kit: Kit
) -> None:
    kit.partida_ready()
    carton = kit.carton(3)
    panel = shown_panel(qtbot, kit)
    kit.draw_rest_until(carton.rows[0])
    panel.show_state(panel_state(kit.hall))
    assert panel.winners.isHidden()  # a complete line nobody called is not shown

    kit.svc.claim("A", 3, "line")
    panel.show_state(panel_state(kit.hall))
    assert not panel.winners.isHidden()
    assert "LÍNEA: A · 3" in panel.winners.text()

    kit.draw_rest_until(sorted(carton.numbers))
    kit.svc.claim("A", 3, "bingo")
    kit.svc.close_partida()
    panel.show_state(panel_state(kit.hall))
    assert "BINGO: A · 3  5,10 €" in panel.winners.text()  # 51 % of 10 cartones at 1,00 €


def test_a_basque_hall_shows_every_caption_in_spanish_and_basque(qtbot: QtBot) -> None:
    kit = make_hall(languages=("es", "eu"))
    kit.svc.announce_last_partida()
    kit.partida_ready()
    panel = shown_panel(qtbot, kit)

    assert panel.cards_sold.caption.text() == "CARTONES VENDIDOS"
    assert panel.cards_sold.caption2.text() == "SALDUTAKO KARTOIAK"
    assert not panel.cards_sold.caption2.isHidden()
    assert panel.line_prize.caption2.text() == "LERROA"
    assert panel.announcement2.text() == "PARTIDA HASTEN DA"
    assert panel.last_partida.text() == "ÚLTIMA PARTIDA\nAZKEN PARTIDA"


def test_a_spanish_only_hall_shows_no_second_language(qtbot: QtBot, kit: Kit) -> None:
    kit.partida_ready()
    panel = shown_panel(qtbot, kit)
    assert panel.cards_sold.caption2.isHidden()
    assert panel.announcement2.isHidden()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize(
    "languages", [("es",), ("es", "eu"), ("es", "gl"), ("es", "ca"), ("es", "en")]
)
def test_no_text_on_the_panel_is_too_small_to_read_from_the_back_of_the_hall(
    qtbot: QtBot, size: tuple[int, int], languages: tuple[str, ...]
) -> None:
    kit = make_hall(languages=languages, prima_cents=20000)
    kit.svc.announce_last_partida()
    kit.partida_ready((("A", 250),))
    carton = kit.carton(4)
    kit.draw_rest_until(carton.rows[0])
    kit.svc.claim("A", 4, "line")
    panel = shown_panel(qtbot, kit, size)
    qtbot.wait(20)  # the second fitting pass, once the layouts settled

    width, height = size
    assert panel.width() == width and panel.height() == height
    minimum = height * 0.022  # type taller than 2.2 % of the screen
    labels = [
        label for label in panel.findChildren(FitLabel) if label.isVisibleTo(panel) and label.text()
    ]
    assert labels
    small = {
        label.objectName(): label.pixel_size() for label in labels if label.pixel_size() < minimum
    }
    assert not small, f"too small at {size}: {small}"
    # the last ball and the count are the biggest things on the panel
    assert panel.count.value.pixel_size() >= height * 0.09
    assert min(panel.ball.width(), panel.ball.height()) >= height * 0.3


@pytest.mark.parametrize("language", ["eu", "gl", "ca", "en"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_no_panel_text_runs_out_of_its_box(
    qtbot: QtBot, language: str, size: tuple[int, int]
) -> None:
    kit = make_hall(
        languages=("es", language),
        prima_cents=20000,
        rules=RegionRules(region="cantabria", payout_bp=6800, bola_loca_bp=100, bola_loca_count=2),
    )
    kit.svc.announce_last_partida()
    kit.partida_ready((("A", 250),))
    carton = kit.carton(4)
    kit.draw_rest_until(carton.rows[0])
    kit.svc.claim("A", 4, "line")
    kit.draw_rest_until(sorted(carton.numbers))
    kit.svc.claim("A", 4, "bingo")
    kit.svc.close_partida()
    panel = shown_panel(qtbot, kit, size=size)
    state = replace(panel_state(kit.hall), prima_available=True, prima_ball_limit=50)
    panel.show_state(state)
    qtbot.wait(20)  # the second fitting pass, once the layouts settled

    out = {}
    for label in panel.findChildren(FitLabel):
        if not label.isVisibleTo(panel) or not label.text():
            continue
        metrics = QFontMetrics(label.font())
        wide = max(metrics.horizontalAdvance(line) for line in label.text().split("\n"))
        if wide > label.contentsRect().width():
            out[label.objectName()] = (label.text(), wide, label.contentsRect().width())
    assert not out, f"texts wider than their box: {out}"
