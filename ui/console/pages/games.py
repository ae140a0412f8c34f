"""Page 5 · Otras modalidades: a partida of bingo plus or bingo derivado played from the console
(docs/games.md): the game adopted, its cartones and series, the partida and its sale by series,
each ball of the game's drum typed (its board of N numbers is the console's, in the column on
the right, as the screens show it), the combinations at stake and, once the system settled it,
the winners, the payment, the incident and the annulment.

It shows a ``GameView`` (``ui.console.game_state``) and signals the operator's actions; the
window's ``Games`` sends them to the hall server as its game commands.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDoubleSpinBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ui.console.game_state import CARD_SET_COUNT, GameChoice, GameView
from ui.console.pages import button
from ui.console.texts import t
from ui.widgets import set_pixel_font, wrapped_label

#: The page's keys, shown on its buttons (the night's F keys stay the ordinary partida's).
KEYS = {
    "adopt_game": "Ctrl+Shift+A",
    "register_game_card_set": "Ctrl+Shift+C",
    "register_game_serie": "Ctrl+Shift+R",
    "start_game_partida": "Ctrl+Shift+I",
    "close_game_sale": "Ctrl+Shift+V",
    "close_game_partida": "Ctrl+Shift+L",
    "pay_game_prizes": "Ctrl+Shift+Y",
    "announce_last_game_partida": "Ctrl+Shift+U",  # the ordinary announcement's is Ctrl+U
    "game_incident": "Ctrl+Shift+M",
    "annul_game_partida": "Ctrl+Shift+N",
}


class GamesPage(QWidget):
    adoptGame = Signal(str)  # the game's file name
    registerCardSet = Signal(str, str, int)  # game id, card set id, cartones
    registerSerie = Signal(str, str, int)  # code, card set id, size
    startPartida = Signal(str, str, int)  # game id, card set id, face value in cents
    sell = Signal(str, int)  # serie, cartones
    closeSale = Signal()
    drawBall = Signal(int)
    closePartida = Signal()
    payPrizes = Signal()
    announceLast = Signal()  # the partida in course is the last of its modality (R-GAME-6)
    incident = Signal()
    annul = Signal()
    chosen = Signal()  # a combo changed: the view follows it

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("games_page")
        self._view: GameView | None = None
        self._showing = False
        # compact: the page fits a 1366×768 laptop without scrolling, the door closed
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(4)

        game = QFrame()  # a frame without a title: its combos say what they are
        game.setObjectName("game_box")
        game.setFrameShape(QFrame.Shape.StyledPanel)
        game.setToolTip(t("Juego, cartones y series"))
        grid = QGridLayout(game)
        grid.setContentsMargins(6, 4, 6, 4)
        grid.setVerticalSpacing(3)
        self.game_choice = QComboBox()
        self.game_choice.setObjectName("game_choice")
        self.adopt_button = self._button(t("Adoptar el juego"), "adopt_game")
        self.adopt_button.clicked.connect(
            lambda: self.adoptGame.emit(str(self.game_choice.currentData() or ""))
        )
        grid.addWidget(self.game_choice, 0, 0, 1, 2)
        grid.addWidget(self.adopt_button, 0, 2)
        self.game_info = wrapped_label(name="game_info", pixels=14)
        grid.addWidget(self.game_info, 1, 0, 1, 3)
        self.card_set_choice = QComboBox()
        self.card_set_choice.setObjectName("game_card_set")
        self.card_set_count = QSpinBox()
        self.card_set_count.setObjectName("game_card_set_count")
        self.card_set_count.setRange(1, 100_000)
        self.card_set_count.setValue(CARD_SET_COUNT)
        self.card_set_count.setSuffix(t(" cartones"))
        self.card_set_button = self._button(t("Generar sus cartones"), "register_game_card_set")
        self.card_set_button.clicked.connect(self._register_card_set)
        grid.addWidget(self.card_set_choice, 2, 0)
        grid.addWidget(self.card_set_count, 2, 1)
        grid.addWidget(self.card_set_button, 2, 2)
        self.serie_choice = QComboBox()
        self.serie_choice.setObjectName("game_serie")
        self.serie_size = QSpinBox()
        self.serie_size.setObjectName("game_serie_size")
        self.serie_size.setRange(1, 100_000)
        self.serie_size.setSuffix(t(" cartones"))
        self.serie_button = self._button(t("Registrar una serie"), "register_game_serie")
        self.serie_button.clicked.connect(self._register_serie)
        grid.addWidget(self.serie_choice, 3, 0)
        grid.addWidget(self.serie_size, 3, 1)
        grid.addWidget(self.serie_button, 3, 2)
        grid.setColumnStretch(0, 1)
        for combo in (self.game_choice, self.card_set_choice, self.serie_choice):
            combo.currentIndexChanged.connect(self._changed)
        layout.addWidget(game)

        self.partida_info = wrapped_label(name="game_partida_info", pixels=17, bold=True)
        self.partida_info.setStyleSheet("background: #e8f0ff; padding: 2px;")
        sale = QHBoxLayout()  # the partida in words, and beside it how to start one
        sale.addWidget(self.partida_info, 1)
        self.face_value = QDoubleSpinBox()
        self.face_value.setObjectName("game_face_value")
        self.face_value.setRange(0.01, 1000.0)
        self.face_value.setDecimals(2)
        self.face_value.setValue(2.0)
        self.face_value.setSuffix(" €")
        self.start_button = self._button(t("Iniciar la partida"), "start_game_partida")
        self.start_button.clicked.connect(self._start)
        self.sale_count = QSpinBox()
        self.sale_count.setObjectName("game_sale_count")
        self.sale_count.setRange(1, 100_000)
        self.sale_count.setValue(50)
        set_pixel_font(self.sale_count, 18, bold=True)
        self.sell_button = button(t("Vender (Intro)"), "game_sell", 16)
        self.sell_button.clicked.connect(self._sell)
        self.sale_count.lineEdit().returnPressed.connect(self._sell)
        self.close_sale_button = self._button(t("Cerrar la venta"), "close_game_sale")
        self.close_sale_button.clicked.connect(self.closeSale)
        sale.addWidget(wrapped_label(t("Valor facial:")))
        sale.addWidget(self.face_value)
        sale.addWidget(self.start_button)
        layout.addLayout(sale)
        selling = QHBoxLayout()
        selling.addWidget(self.sale_count)
        selling.addWidget(self.sell_button, 1)
        selling.addWidget(self.close_sale_button, 1)
        # announced with the partida in course, from its sale on (decision 393): beside the
        # sale, where the row has room on a 1366-pixel laptop
        self.announce_last_button = self._button(
            t("Anunciar la última partida…"), "announce_last_game_partida"
        )
        self.announce_last_button.clicked.connect(self.announceLast)
        selling.addWidget(self.announce_last_button, 1)
        layout.addLayout(selling)
        sold = QHBoxLayout()  # the totals, and beside them the sales they add up
        self.totals = wrapped_label(name="game_totals", pixels=17, bold=True)
        self.totals.setWordWrap(False)
        self.sales = wrapped_label(name="game_sales", pixels=15)
        sold.addWidget(self.totals)
        sold.addWidget(self.sales, 1)
        layout.addLayout(sold)

        balls = QHBoxLayout()
        self.ball_input = QLineEdit()
        self.ball_input.setObjectName("game_ball_input")
        self.ball_input.setPlaceholderText(t("nº de bola"))
        set_pixel_font(self.ball_input, 22, bold=True)
        # wide enough for its placeholder, in every language, and no wider
        margins = self.ball_input.textMargins()
        self.ball_input.setFixedWidth(
            self.ball_input.fontMetrics().horizontalAdvance(self.ball_input.placeholderText())
            + margins.left()
            + margins.right()
            + 24
        )
        self.ball_input.returnPressed.connect(self._draw)
        self.ball_button = button(t("Registrar la bola (Intro)"), "draw_game_ball", 16)
        self.ball_button.clicked.connect(self._draw)
        self.balls_info = wrapped_label(name="game_balls_info", pixels=15, bold=True)
        balls.addWidget(self.ball_input)
        balls.addWidget(self.ball_button)
        balls.addWidget(self.balls_info, 1)
        layout.addLayout(balls)

        self.prizes_info = wrapped_label(name="game_prizes_info", pixels=15, bold=True)
        layout.addWidget(self.prizes_info)
        self.prizes = QTableWidget(0, 3)
        self.prizes.setObjectName("game_prizes")
        self.prizes.setHorizontalHeaderLabels([t("Combinación"), t("En juego"), t("Ganadores")])
        header = self.prizes.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.prizes.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.prizes.verticalHeader().hide()
        self.prizes.setWordWrap(True)
        set_pixel_font(self.prizes, 15)
        layout.addWidget(self.prizes, 2)

        ends = QHBoxLayout()
        self.close_partida_button = self._button(t("Cerrar la partida"), "close_game_partida")
        self.close_partida_button.clicked.connect(self.closePartida)
        self.pay_button = self._button(t("Premios pagados"), "pay_game_prizes")
        self.pay_button.clicked.connect(self.payPrizes)
        self.incident_button = self._button(t("Avería: seguir a mano…"), "game_incident")
        self.incident_button.clicked.connect(self.incident)
        self.annul_button = self._button(t("Anular y devolver…"), "annul_game_partida")
        self.annul_button.clicked.connect(self.annul)
        ends.addWidget(self.close_partida_button, 1)
        ends.addWidget(self.pay_button, 1)
        layout.addLayout(ends)
        incidents = QHBoxLayout()  # two rows: the page fits a 1366-pixel laptop
        incidents.addWidget(self.incident_button, 1)
        incidents.addWidget(self.annul_button, 1)
        layout.addLayout(incidents)
        # each command's button, for ``show_view`` and the tests
        self.buttons = {
            "adopt_game": self.adopt_button,
            "register_game_card_set": self.card_set_button,
            "register_game_serie": self.serie_button,
            "start_game_partida": self.start_button,
            "sell_game_count": self.sell_button,
            "close_game_sale": self.close_sale_button,
            "draw_game_ball": self.ball_button,
            "close_game_partida": self.close_partida_button,
            "pay_game_prizes": self.pay_button,
            "announce_last_game_partida": self.announce_last_button,
            "game_incident": self.incident_button,
            "annul_game_partida": self.annul_button,
        }

    @staticmethod
    def _button(text: str, name: str) -> QPushButton:
        return button(text, name, 15, keys=KEYS[name])

    # --- what the operator chose and typed ---------------------------------------------------

    def choice(self) -> GameChoice:
        return GameChoice(
            str(self.game_choice.currentData() or ""),
            str(self.card_set_choice.currentData() or ""),
            str(self.serie_choice.currentData() or ""),
        )

    def _changed(self) -> None:
        if not self._showing:
            self.chosen.emit()

    def _register_card_set(self) -> None:
        view = self._view
        if view is not None and view.game_id:
            self.registerCardSet.emit(view.game_id, view.new_card_set, self.card_set_count.value())

    def _register_serie(self) -> None:
        view = self._view
        if view is not None and view.card_set:
            self.registerSerie.emit(view.new_serie, view.card_set, self.serie_size.value())

    def _start(self) -> None:
        view = self._view
        if view is not None and view.card_set:
            cents = round(self.face_value.value() * 100)
            self.startPartida.emit(view.game_id, view.card_set, cents)

    def _sell(self) -> None:
        view = self._view
        if view is not None and "sell_game_count" in view.allowed:
            self.sell.emit(view.serie, self.sale_count.value())

    def _draw(self) -> None:
        view = self._view
        text = self.ball_input.text().strip()
        if view is None or "draw_game_ball" not in view.allowed or not text:
            return
        try:
            number = int(text)
        except ValueError:
            number = -1  # not a number: the server says why, as for any ball outside 1..N
        self.drawBall.emit(number)

    def ball_recorded(self) -> None:
        self.ball_input.clear()
        self.ball_input.setFocus()

    # --- the view ----------------------------------------------------------------------------

    @staticmethod
    def _fill(combo: QComboBox, items: tuple[tuple[str, str], ...], current: str) -> None:
        if [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())] != list(items):
            combo.clear()
            for data, label in items:
                combo.addItem(label, data)
        index = combo.findData(current)
        if index >= 0 and index != combo.currentIndex():
            combo.setCurrentIndex(index)

    def show_view(self, view: GameView) -> None:
        self._view = view
        self._showing = True
        try:
            self._fill(self.game_choice, view.games, view.game)
            self._fill(self.card_set_choice, view.card_sets, view.card_set)
            self._fill(self.serie_choice, view.series, view.serie)
        finally:
            self._showing = False
        self.game_info.setText(view.game_info)
        self.serie_size.setValue(view.serie_size)
        self.partida_info.setText(view.partida_info)
        self.sales.setText(" · ".join(view.sales))
        self.totals.setText(view.totals)
        self.balls_info.setText(view.balls_info)
        self.prizes_info.setText(view.prizes_info)
        self.prizes.setRowCount(len(view.prizes))
        for row, cells in enumerate(view.prizes):
            for col, text in enumerate(cells):
                self.prizes.setItem(row, col, QTableWidgetItem(text))
        self.prizes.resizeRowsToContents()
        # as tall as its rows (a plan has a few combinations): no more, so the page fits
        rows = sum(self.prizes.rowHeight(r) for r in range(self.prizes.rowCount()))
        frame = 2 * self.prizes.frameWidth()
        self.prizes.setMinimumHeight(
            self.prizes.horizontalHeader().sizeHint().height() + max(rows, 60) + frame
        )
        for command, widget in self.buttons.items():
            widget.setEnabled(command in view.allowed)
            if command in view.sala:
                widget.setToolTip(
                    t("Lo autoriza el jefe de sala con su nombre y su PIN, en ese momento.")
                )
        self.ball_input.setEnabled("draw_game_ball" in view.allowed)
        self.sale_count.setEnabled("sell_game_count" in view.allowed)
        self.face_value.setEnabled("start_game_partida" in view.allowed)
