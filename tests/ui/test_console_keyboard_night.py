"""A whole partida from the keyboard alone (issue: the console through a real night, «Done
when»): started with F3, a serie sold out and a second serie registered (Ctrl+R) and sold
(R-SALE-2), the sale closed (F4, Enter) and shown (F5), balls typed, a false and a valid line
(F7, Alt+L; R-GAME-5) and «¿Alguna línea más?» (Alt+N, decision 170), manual extraction taken
from the Incidencias menu (Alt+I, arrows, Enter; the paragraph read with Alt+P; R-INC-2, R-INC-5),
a bingo shared by two cartones within the prima's ball limit (Alt+B; R-PRIMA-4, Cantabria V.2.a),
the partida closed (F8) and its prizes paid (F9). Not a single mouse event reaches the
application: an event filter counts them.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication, QMenu, QWidget
from pytestqt.qtbot import QtBot

from bingo.hall import Status
from tests.ui.kit import open_console
from tests.ui.test_console_money import prima_in_play
from ui.bridge import Bridge
from ui.console import ConsoleWindow
from ui.console.dialogs import ConfirmDialog, IncidentDialog, SerieDialog

CTRL = Qt.KeyboardModifier.ControlModifier
ALT = Qt.KeyboardModifier.AltModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
MOUSE = {
    QEvent.Type.MouseButtonPress,
    QEvent.Type.MouseButtonRelease,
    QEvent.Type.MouseButtonDblClick,
    QEvent.Type.MouseMove,
    QEvent.Type.Wheel,
}


class MouseCounter(QObject):
    """Every mouse event the application delivers, to any object."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[str, str]] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in MOUSE:
            self.seen.append((event.type().name, type(watched).__name__))
        return False


class Keys:
    """The keyboard at the table: every key goes to the widget with the focus."""

    def __init__(self, qtbot: QtBot, console: ConsoleWindow) -> None:
        self.qtbot = qtbot
        self.console = console

    def target(self) -> QWidget:
        popup = QApplication.activePopupWidget()
        if popup is not None:
            return popup
        modal = QApplication.activeModalWidget()
        focus = QApplication.focusWidget()
        if modal is not None and (focus is None or not modal.isAncestorOf(focus)):
            return modal
        return focus or self.console

    def press(
        self, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
    ) -> None:
        self.qtbot.keyClick(self.target(), key, modifier)

    def type(self, text: str) -> None:
        self.qtbot.keyClicks(self.target(), text)

    def enter(self, text: str = "") -> None:
        if text:
            self.type(text)
        self.press(Qt.Key.Key_Return)


def test_a_whole_partida_is_played_from_the_keyboard_without_a_mouse_event(
    qtbot: QtBot, bridges: list[Bridge]
) -> None:
    kit = prima_in_play(lucky=90)
    counter = MouseCounter()
    app = QApplication.instance()
    assert app is not None
    console = open_console(qtbot, kit, bridges, active=True)
    app.installEventFilter(counter)
    try:
        play(qtbot, console)
    finally:
        app.removeEventFilter(counter)
    assert counter.seen == [], counter.seen[:5]


def back(qtbot: QtBot, console: ConsoleWindow) -> None:
    """The dialog closed: the window manager gives the console the keyboard again (the
    offscreen platform has none, so the test does what it would)."""
    qtbot.waitUntil(lambda: console.dialog is None)
    console.activateWindow()
    qtbot.waitUntil(console.isActiveWindow)


def play(qtbot: QtBot, console: ConsoleWindow) -> None:
    keys = Keys(qtbot, console)
    hall = console.hall
    page = console.extraction_page

    # --- the sale: serie A to its end, a second serie registered and sold (R-SALE-2)
    keys.press(Qt.Key.Key_F3)
    partida = hall.partida
    assert partida is not None and partida.prima_available, console.error.text()
    qtbot.waitUntil(console.sale_page.sale_count.hasFocus)
    rest_of_a = hall.series["A"].size - hall.series["A"].last_sold
    keys.press(Qt.Key.Key_A, CTRL)  # the count's text selected, typed over
    keys.enter(str(rest_of_a))
    assert partida.cards_sold == rest_of_a, console.error.text()
    keys.press(Qt.Key.Key_R, CTRL)
    dialog = console.dialog
    assert isinstance(dialog, SerieDialog)
    qtbot.waitUntil(dialog.isActiveWindow)
    second = dialog.code.text()
    keys.press(Qt.Key.Key_Return)
    assert second in hall.series, console.error.text()
    back(qtbot, console)
    assert console.sale_page.selected_series() == second  # the sale goes on from it
    qtbot.waitUntil(console.sale_page.sale_count.hasFocus)
    keys.press(Qt.Key.Key_A, CTRL)
    keys.enter("60")
    assert {s.series for s in partida.sales} == {"A", second}, console.error.text()
    keys.press(Qt.Key.Key_F4)
    confirm = console.dialog
    assert isinstance(confirm, ConfirmDialog)
    qtbot.waitUntil(confirm.isActiveWindow)
    keys.press(Qt.Key.Key_Return)
    back(qtbot, console)
    assert partida.status == Status.SALE_CLOSED, console.error.text()
    keys.press(Qt.Key.Key_F5)
    assert partida.status == Status.READY and console.pages.currentIndex() == 2

    # --- two cartones that share their last number: one of A, one of the second serie
    first_a = partida.sales[0].first
    line_carton = hall.carton("A", first_a)
    pair = min(
        (
            (len(set(line_carton.numbers) | set(other.numbers)), number)
            for number in range(1, 61)
            if set(line_carton.numbers) & set((other := hall.carton(second, number)).numbers)
        ),
    )
    other_number = pair[1]
    other = hall.carton(second, other_number)
    shared = sorted(set(line_carton.numbers) & set(other.numbers))
    last = next(n for n in shared if n not in line_carton.rows[0])
    union = sorted((set(line_carton.numbers) | set(other.numbers)) - {last})
    first_balls = list(line_carton.rows[0])
    middle = [n for n in union if n not in first_balls]
    assert len(first_balls) + len(middle) + 1 <= partida.prima_ball_limit

    def draw(numbers: list[int]) -> None:
        for number in numbers:
            keys.press(Qt.Key.Key_F6)
            assert page.ball_input.hasFocus()
            keys.enter(str(number))
            assert partida.balls[-1] == number, console.error.text()

    def choose_serie(code: str) -> None:
        keys.press(Qt.Key.Key_F7)
        keys.press(Qt.Key.Key_Tab, SHIFT)  # from the cartón's number back to its serie
        assert page.claim_series.hasFocus()
        keys.press(Qt.Key.Key_Home)  # the first serie, then down the list
        for _ in range(page.claim_series.count()):
            if page.claim_series.currentData() == code:
                break
            keys.press(Qt.Key.Key_Down)
        assert page.claim_series.currentData() == code
        keys.press(Qt.Key.Key_Tab)
        assert page.claim_number.hasFocus()

    def claim(code: str, number: int, prize: Qt.Key) -> str:
        choose_serie(code)
        keys.press(prize, ALT)
        assert page.claim_number.hasFocus()
        keys.press(Qt.Key.Key_A, CTRL)
        keys.enter(str(number))
        return page.verdict.text()

    # --- a false line, then a valid one, then «¿Alguna línea más?»
    draw(first_balls)
    assert claim(second, other_number, Qt.Key.Key_L).startswith("NO HAY LÍNEA")
    assert claim("A", first_a, Qt.Key.Key_L).startswith("LÍNEA CORRECTA")
    keys.press(Qt.Key.Key_N, ALT)
    assert partida.first_valid_line_after == len(first_balls)

    # --- a few balls, then manual extraction from the Incidencias menu (R-INC-2, R-INC-5)
    draw(middle[:3])
    keys.press(Qt.Key.Key_I, ALT)
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu) and menu is console.incidents_menu
    wanted = console.menu_actions["incident_manual_extraction"]
    for _ in range(len(menu.actions())):
        if menu.activeAction() is wanted:
            break
        keys.press(Qt.Key.Key_Down)
    assert menu.activeAction() is wanted
    keys.press(Qt.Key.Key_Return)
    incident = console.dialog
    assert isinstance(incident, IncidentDialog)
    qtbot.waitUntil(incident.note.hasFocus)
    keys.press(Qt.Key.Key_P, ALT)
    assert incident.read_aloud.isChecked()
    keys.type("el extractor no responde")
    keys.press(Qt.Key.Key_Return)
    back(qtbot, console)
    assert partida.manual_from_ball == len(first_balls) + 4, console.error.text()
    draw(middle[3:])
    assert set(partida.ball_sources[len(first_balls) + 3 :]) == {"manual"}

    # --- the shared last ball: two bingos, the prima shared (Cantabria V.2.a)
    draw([last])
    assert claim("A", first_a, Qt.Key.Key_B).startswith("BINGO CORRECTO Y PRIMA")
    assert claim(second, other_number, Qt.Key.Key_B).startswith("BINGO CORRECTO Y PRIMA")
    keys.press(Qt.Key.Key_N, ALT)
    keys.press(Qt.Key.Key_F8)
    assert partida.status == Status.CLOSED, console.error.text()
    assert console.pages.currentIndex() == 3
    prizes = {(a.prize, a.series, a.number) for a in partida.awards}
    assert {("bingo", "A", first_a), ("bingo", second, other_number)} <= prizes
    assert {("prima", "A", first_a), ("prima", second, other_number)} <= prizes
    keys.press(Qt.Key.Key_F9)
    assert partida.status == Status.PAID, console.error.text()
