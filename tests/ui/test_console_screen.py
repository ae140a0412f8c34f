"""The console fits a laptop's screen (1366×768) and a 720-pixel one with the red banner
showing: the pages scroll, the header, the banner, the last ball, the board and the event log
keep their room."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from bingo.hall import Status
from tests.ui.kit import Kit, make_hall, open_console
from tests.ui.test_console_ball_set import cut
from tests.ui.test_console_devices import StandInBallSource
from ui.bridge import Bridge
from ui.console import ConsoleWindow
from ui.i18n import use_console_language

# A laptop's screen, and a 720-pixel one, less a title bar (30) and a task bar (40).
LAPTOP = (1366, 768)
LAPTOP_WINDOW = (1366, 768 - 70)
SMALL_WINDOW = (1280, 720 - 70)

# As long as a refusal of the count gets: three lines of the banner at 1280 pixels.
LONG_REFUSAL = (
    "Abrir la sesión: el recuento de bolas no es conforme (faltan: 3, 4, 5, 17, 45; repetidas: "
    "8, 71; hay bolas dañadas); cambie el juego de bolas y vuelva a contarlas"
)


@pytest.fixture(params=["es", "en", "eu"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    remove = use_console_language(request.param)
    yield str(request.param)
    remove()


def shown(
    qtbot: QtBot, kit: Kit, bridges: list[Bridge], devices: bool, size: tuple[int, int]
) -> ConsoleWindow:
    return open_console(qtbot, kit, bridges, StandInBallSource() if devices else None, size)


def with_banner(console: ConsoleWindow, text: str = LONG_REFUSAL) -> None:
    console.show_error(text)
    console.error.offer("Cambiar el juego de bolas…", lambda: None)
    QApplication.processEvents()


def rect(widget: QWidget, console: ConsoleWindow) -> QRect:
    return QRect(widget.mapTo(console, widget.rect().topLeft()), widget.size())


def cramped(console: ConsoleWindow) -> list[str]:
    """What did not get the room it needs: a widget squeezed under its minimum, the column on
    the right overlapping itself, the banner's text cut, a page left no room to scroll in."""
    out = []
    side = [
        console.side.last_ball,
        console.side.board,
        console.findChild(QLabel, "event_log_title"),
        console.event_log,
    ]
    for widget in side:
        assert widget is not None
        least = widget.minimumHeight() or widget.minimumSizeHint().height()  # as a layout does
        if widget.height() < least:
            out.append(f"{widget.objectName()}: {widget.height()} < {least}")
    for upper, lower in pairwise(side):
        assert upper is not None and lower is not None
        if rect(upper, console).bottom() >= rect(lower, console).top():
            out.append(f"{upper.objectName()} overlaps {lower.objectName()}")
    status_top = rect(console.statusBar(), console).top()
    if rect(console.event_log, console).bottom() >= status_top:
        out.append("event_log runs under the status bar")
    label = console.error.label
    if label.height() < label.heightForWidth(label.width()):
        out.append(f"banner text cut: {label.height()} < {label.heightForWidth(label.width())}")
    out += cut(console.error)
    if console.pages.currentWidget().height() < 200:
        out.append(f"page: {console.pages.currentWidget().height()} high")
    return out


@pytest.mark.parametrize("devices", [False, True], ids=["hand", "reader"])
def test_the_window_with_the_banner_fits_a_1366x768_laptop(
    qtbot: QtBot, bridges: list[Bridge], language: str, devices: bool
) -> None:
    kit = make_hall(open_session=False)
    console = shown(qtbot, kit, bridges, devices, LAPTOP_WINDOW)
    with_banner(console)
    hint = console.minimumSizeHint()
    assert hint.width() <= LAPTOP[0] and hint.height() <= LAPTOP[1], hint
    assert (console.width(), console.height()) == LAPTOP_WINDOW
    for page in range(console.pages.count()):
        console.pages.setCurrentIndex(page)
        QApplication.processEvents()
        assert not cramped(console), (page, cramped(console))


def test_the_worst_header_fits_too(qtbot: QtBot, bridges: list[Bridge]) -> None:
    """The door closed (two lines), a partida suspended and a three-line banner at once."""
    kit = make_hall()
    kit.partida_ready()
    kit.svc.suspend("el extractor no responde")
    partida = kit.hall.partida
    assert partida is not None and partida.status == Status.SUSPENDED
    console = shown(qtbot, kit, bridges, False, LAPTOP_WINDOW)
    with_banner(console)
    assert console.header.door.text().startswith("PUERTA CERRADA")
    assert console.header.suspended_box.isVisible()
    assert (console.width(), console.height()) == LAPTOP_WINDOW
    assert not cramped(console), cramped(console)


def test_a_claimed_carton_shows_whole_with_the_banner_on_a_laptop(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    kit = make_hall()
    kit.partida_ready()
    kit.draw([3, 45, 8, 11, 31, 46, 71])
    console = shown(qtbot, kit, bridges, False, LAPTOP_WINDOW)
    console.pages.setCurrentIndex(2)
    console.extraction_page.claim_number.setText("7")
    console.claims.check_claim()
    assert console.extraction_page.verdict.text().startswith("LÍNEA CORRECTA")
    with_banner(console)  # a refusal after the verdict (a command done hides the banner)
    QApplication.processEvents()
    # the door closed, the banner, "¿Alguna línea más?" in the draw's place: the cartón is
    # still all in view
    assert console.extraction_page.carton.numbers()
    assert (
        console.extraction_page.carton.visibleRegion().boundingRect()
        == console.extraction_page.carton.rect()
    )
    assert (
        console.extraction_page.verdict.visibleRegion().boundingRect()
        == console.extraction_page.verdict.rect()
    )
    assert not cramped(console), cramped(console)


def test_the_window_with_the_banner_fits_a_720_pixel_screen(
    qtbot: QtBot, bridges: list[Bridge], language: str
) -> None:
    kit = make_hall(open_session=False)
    console = shown(qtbot, kit, bridges, True, SMALL_WINDOW)
    with_banner(console, "Abrir la sesión: " + "la última comprobación de bolas no fue correcta")
    assert (console.width(), console.height()) == SMALL_WINDOW
    assert not cramped(console), cramped(console)


def test_the_session_page_scrolls_to_what_takes_the_focus(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    kit = make_hall(open_session=False)
    console = shown(qtbot, kit, bridges, False, SMALL_WINDOW)
    with_banner(console)
    console.pages.setCurrentIndex(0)
    QApplication.processEvents()
    # the count and its button are in view; the acta, at the bottom, is scrolled to
    assert not console.session_page.open_session_button.visibleRegion().isEmpty()
    assert console.session_page.seal_acta.visibleRegion().isEmpty()
    console.activateWindow()
    qtbot.waitUntil(console.isActiveWindow)
    console.session_page.seal_acta.setFocus()
    qtbot.waitUntil(lambda: not console.session_page.seal_acta.visibleRegion().isEmpty())


@pytest.mark.parametrize("size", [LAPTOP_WINDOW, SMALL_WINDOW], ids=["laptop", "720"])
def test_the_device_alarm_with_the_banner_fits_a_laptop(
    qtbot: QtBot, bridges: list[Bridge], language: str, size: tuple[int, int]
) -> None:
    """The alarm of a lost device (trap 5): on a laptop with a refusal's banner too, the door
    closed and a partida in play; on a 720-pixel screen alone, between partidas. The window
    keeps its size and nothing is squeezed."""
    from drivers.device import DeviceOffline, Notice

    kit = make_hall(open_session=size == LAPTOP_WINDOW)
    if size == LAPTOP_WINDOW:
        kit.partida_ready()
        kit.draw([3, 45])
    console = shown(qtbot, kit, bridges, True, size)
    console._on_device_notice("reader", Notice("reader", 2, DeviceOffline("timeout"), 0.0))
    if size == LAPTOP_WINDOW:
        with_banner(console)
    QApplication.processEvents()
    assert console.alarm.isVisible()
    assert (console.width(), console.height()) == size
    assert not cramped(console), cramped(console)
