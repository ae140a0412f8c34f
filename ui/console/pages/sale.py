"""Page 2 · Venta: the partida's start, the correlative sale of cartones, its announcements."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from bingo.hall.sale import MAX_SELLER
from ui.console.pages import button
from ui.console.state import ConsoleView
from ui.console.texts import t
from ui.widgets import set_pixel_font, wrapped_label


class SalePage(QWidget):
    startPartida = Signal()
    newSerie = Signal()
    sellCount = Signal(str, int)  # serie ("" when none is on sale), cartones
    sellRange = Signal(str, int, int)  # serie, first and last cartón
    returnCartones = Signal(int)  # the last cartones of the last sale, back to the table
    closeSale = Signal()
    confirmShown = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sale_page")
        self._next: dict[str, tuple[str, int | None]] = {}
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.start_partida_button = button(t("Iniciar la partida (F3)"), "start_partida")
        self.start_partida_button.clicked.connect(self.startPartida)
        top.addWidget(self.start_partida_button)
        self.new_serie_button = button(t("Registrar serie… (Ctrl+R)"), "new_serie", 16)
        self.new_serie_button.clicked.connect(self.newSerie)
        top.addWidget(self.new_serie_button)
        layout.addLayout(top)
        self.partida_announce = wrapped_label(name="partida_announce", pixels=19, bold=True)
        self.partida_announce.setStyleSheet("background: #e8f0ff; padding: 6px;")
        layout.addWidget(self.partida_announce)

        sale = QGroupBox(t("Venta de cartones (correlativa)"))
        grid = QGridLayout(sale)
        self.sale_series = QComboBox()
        self.sale_series.setObjectName("sale_series")
        self.sale_series.currentIndexChanged.connect(self._update_next)
        self.sale_next = wrapped_label(name="sale_next")
        self.sale_count = QSpinBox()
        self.sale_count.setObjectName("sale_count")
        self.sale_count.setRange(1, 100_000)
        self.sale_count.setValue(50)
        set_pixel_font(self.sale_count, 20, bold=True)
        self.sell_button = button(t("Vender (Intro)"), "sell")
        self.sell_button.clicked.connect(self._sell_count)
        self.sale_count.lineEdit().returnPressed.connect(self._sell_count)
        self.sale_first = QSpinBox()
        self.sale_first.setObjectName("sale_first")
        self.sale_first.setRange(1, 100_000)
        self.sale_last = QSpinBox()
        self.sale_last.setObjectName("sale_last")
        self.sale_last.setRange(1, 100_000)
        self.sell_range_button = button(t("Vender el rango (Intro)"), "sell_range", 16)
        self.sell_range_button.clicked.connect(self._sell_range)
        self.sale_last.lineEdit().returnPressed.connect(self._sell_range)
        # who hands the blocks out: kept from one sale to the next (issue 9; decision 240)
        self.sale_seller = QLineEdit()
        self.sale_seller.setObjectName("sale_seller")
        self.sale_seller.setMaxLength(MAX_SELLER)
        self.sale_seller.setPlaceholderText(t("(sin vendedor)"))
        self.sale_seller.returnPressed.connect(self.sale_count.setFocus)
        # Alt+V is the Ver menu's: the seller's field takes Alt+E (vEndedor)
        focus = QShortcut(QKeySequence("Alt+E"), self)
        focus.setContext(Qt.ShortcutContext.WindowShortcut)
        focus.activated.connect(self._focus_seller)
        grid.addWidget(wrapped_label(t("Serie:")), 0, 0)
        grid.addWidget(self.sale_series, 0, 1)
        grid.addWidget(self.sale_next, 0, 2, 1, 3)
        grid.addWidget(wrapped_label(t("Vendedor (Alt+E):")), 1, 0)
        grid.addWidget(self.sale_seller, 1, 1, 1, 2)
        grid.addWidget(wrapped_label(t("Cartones:")), 2, 0)
        grid.addWidget(self.sale_count, 2, 1)
        grid.addWidget(self.sell_button, 2, 2, 1, 3)
        grid.addWidget(wrapped_label(t("Del cartón:")), 3, 0)
        grid.addWidget(self.sale_first, 3, 1)
        grid.addWidget(wrapped_label(t("al:")), 3, 2)
        grid.addWidget(self.sale_last, 3, 3)
        grid.addWidget(self.sell_range_button, 3, 4)
        # a mistyped sale (1200 for 120) undone before the close: its last cartones go back
        self.return_count = QSpinBox()
        self.return_count.setObjectName("return_count")
        self.return_count.setRange(1, 100_000)
        set_pixel_font(self.return_count, 18, bold=True)
        self.return_of = wrapped_label(name="return_of")
        self.return_button = button(t("Devolver a la mesa"), "return_cartones", 16, keys="Alt+D")
        self.return_button.clicked.connect(
            lambda: self.returnCartones.emit(self.return_count.value())
        )
        self.return_count.lineEdit().returnPressed.connect(self.return_button.click)
        grid.addWidget(wrapped_label(t("Devolver:")), 4, 0)
        grid.addWidget(self.return_count, 4, 1)
        grid.addWidget(self.return_of, 4, 2, 1, 2)
        grid.addWidget(self.return_button, 4, 4)
        layout.addWidget(sale)

        self.sales_list = QListWidget()
        self.sales_list.setObjectName("sales_list")
        self.sales_list.setMaximumHeight(130)
        layout.addWidget(self.sales_list)
        self.sale_totals = wrapped_label(name="sale_totals", pixels=22, bold=True)
        layout.addWidget(self.sale_totals)

        buttons = QHBoxLayout()
        self.close_sale_button = button(t("Cerrar la venta (F4)"), "close_sale")
        self.close_sale_button.clicked.connect(self.closeSale)
        self.confirm_shown_button = button(
            t("Los paneles ya muestran los datos (F5)"), "confirm_shown"
        )
        self.confirm_shown_button.clicked.connect(self.confirmShown)
        buttons.addWidget(self.close_sale_button)
        buttons.addWidget(self.confirm_shown_button)
        layout.addLayout(buttons)
        self.sale_announce = wrapped_label(name="sale_announce", pixels=19, bold=True)
        self.sale_announce.setStyleSheet("background: #fff3c4; padding: 6px;")
        layout.addWidget(self.sale_announce)
        layout.addStretch(1)

    def seller(self) -> str:
        """The seller the next sale is his (decision 240); "" when none is said."""
        return self.sale_seller.text().strip()

    def _focus_seller(self) -> None:
        if self.sale_seller.isVisible():
            self.sale_seller.setFocus()
            self.sale_seller.selectAll()

    def selected_series(self) -> str:
        return str(self.sale_series.currentData() or "")

    def select_series(self, code: str) -> None:
        """Sell from ``code`` now (a serie just registered), the cursor in the count."""
        index = self.sale_series.findData(code)
        if index >= 0:
            self.sale_series.setCurrentIndex(index)
        self.sale_count.setFocus()

    def _sell_count(self) -> None:
        self.sellCount.emit(self.selected_series(), self.sale_count.value())

    def _sell_range(self) -> None:
        self.sellRange.emit(self.selected_series(), self.sale_first.value(), self.sale_last.value())

    def show_view(self, view: ConsoleView) -> None:
        allowed = view.allowed
        self.start_partida_button.setEnabled("start_partida" in allowed)
        selling = "sell" in allowed
        for widget in (self.sell_button, self.sell_range_button, self.sale_count, self.sale_first):
            widget.setEnabled(selling)
        self.sale_seller.setEnabled(selling)
        self.sale_last.setEnabled(selling)
        self.sale_series.setEnabled(selling)
        self.close_sale_button.setEnabled("close_sale" in allowed)
        returnable = "return_cartones" in allowed and view.last_sale > 0
        for widget in (self.return_count, self.return_button):
            widget.setEnabled(returnable)
        if view.last_sale != self.return_count.maximum():
            # a new sale: offer it whole (the commonest slip), its size the most to return
            self.return_count.setRange(1, max(1, view.last_sale))
            self.return_count.setValue(max(1, view.last_sale))
        self.return_of.setText(
            t("últimos de la venta {sale}").format(sale=view.last_sale_words)
            if view.last_sale
            else t("ninguna venta que devolver")
        )
        self.confirm_shown_button.setEnabled("confirm_data_shown" in allowed)
        self._next = dict(view.next_sale)
        self._fill_series(view)
        self._fill_sales(view)

    def _fill_series(self, view: ConsoleView) -> None:
        current = self.selected_series()
        codes = [code for code, _label in view.series]
        existing = [str(self.sale_series.itemData(i)) for i in range(self.sale_series.count())]
        if existing != codes:
            self.sale_series.blockSignals(True)
            self.sale_series.clear()
            for code, label in view.series:
                self.sale_series.addItem(label, code)
            self.sale_series.blockSignals(False)
            index = self.sale_series.findData(current)
            if index < 0 and view.last_sold_series:
                index = self.sale_series.findData(view.last_sold_series)
            self.sale_series.setCurrentIndex(max(0, index))
        self._update_next()

    def _update_next(self) -> None:
        text, first = self._next.get(self.selected_series(), ("", None))
        self.sale_next.setText(text)
        if first is None:
            return
        if not self.sale_first.hasFocus() and not self.sale_last.hasFocus():
            self.sale_first.setValue(first)
            self.sale_last.setValue(max(first, self.sale_last.value()))

    def _fill_sales(self, view: ConsoleView) -> None:
        self.sales_list.clear()
        if view.partida_announce is None:
            self.sale_totals.setText("")
            self.partida_announce.hide()
            self.sale_announce.hide()
            return
        for line in view.sales:
            self.sales_list.addItem(line)
        self.sales_list.scrollToBottom()
        self.sale_totals.setText(view.sale_totals)
        self.partida_announce.setText(view.partida_announce)
        self.partida_announce.show()
        self.sale_announce.setVisible(view.sale_announce is not None)
        self.sale_announce.setText(view.sale_announce or "")
