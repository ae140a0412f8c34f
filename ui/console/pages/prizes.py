"""Page 4 · Premios: the partida's awards, their papers, and their payment."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ui.console.pages import button
from ui.console.state import ConsoleView
from ui.console.texts import t
from ui.widgets import set_pixel_font, wrapped_label

RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


class PrizesPage(QWidget):
    primaReceipt = Signal()
    winnerProof = Signal()
    printPrimaReceipt = Signal()
    printWinnerProof = Signal()
    payPrizes = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("prizes_page")
        layout = QVBoxLayout(self)
        self.prizes_info = wrapped_label(name="prizes_info", pixels=20, bold=True)
        layout.addWidget(self.prizes_info)
        self.awards = QTableWidget(0, 5)
        self.awards.setObjectName("awards")
        self.awards.setHorizontalHeaderLabels(
            [t("Premio"), t("Serie"), t("Cartón"), t("Bola"), t("Importe")]
        )
        self.awards.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.awards.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.awards.verticalHeader().hide()
        set_pixel_font(self.awards, 19)
        layout.addWidget(self.awards, 1)
        self.awards_total = wrapped_label(name="awards_total", pixels=22, bold=True)
        layout.addWidget(self.awards_total)
        self.awards.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.awards.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        papers = QHBoxLayout()
        self.receipt_format = QComboBox()
        self.receipt_format.setObjectName("receipt_format")
        self.receipt_format.addItem(t("A4"), "a4")
        self.receipt_format.addItem(t("Rollo de 80 mm"), "80mm")
        self.prima_receipt_button = button(
            t("Justificante de la prima…"), "prima_receipt", 16, keys="Ctrl+J"
        )
        self.prima_receipt_button.setToolTip(
            t("Justificante detallado y su duplicado para el cartón ganador")
        )
        self.prima_receipt_button.clicked.connect(self.primaReceipt)
        self.winner_proof_button = button(
            t("Comprobante del ganador…"), "winner_proof", 16, keys="Ctrl+G"
        )
        self.winner_proof_button.setToolTip(
            t("El cartón premiado de la fila elegida, con las bolas extraídas")
        )
        self.winner_proof_button.clicked.connect(self.winnerProof)
        papers.addWidget(wrapped_label(t("Formato:")))
        papers.addWidget(self.receipt_format)
        papers.addWidget(self.prima_receipt_button, 1)
        papers.addWidget(self.winner_proof_button, 1)
        layout.addLayout(papers)
        # the same papers straight to the hall's printer (chosen in the console's options)
        printed = QHBoxLayout()
        self.print_prima_button = button(
            t("Imprimir el justificante"), "print_prima_receipt", 16, keys="Ctrl+Shift+J"
        )
        self.print_prima_button.clicked.connect(self.printPrimaReceipt)
        self.print_proof_button = button(
            t("Imprimir el comprobante"), "print_winner_proof", 16, keys="Ctrl+Shift+G"
        )
        self.print_proof_button.clicked.connect(self.printWinnerProof)
        printed.addWidget(self.print_prima_button, 1)
        printed.addWidget(self.print_proof_button, 1)
        layout.addLayout(printed)
        self.pay_button = button(t("Premios pagados contra entrega del cartón (F9)"), "pay_prizes")
        self.pay_button.clicked.connect(self.payPrizes)
        layout.addWidget(self.pay_button)

    def chosen_row(self) -> int:
        return self.awards.currentRow()

    def roll(self) -> bool:
        """The receipts go on the 80-mm roll (else on A4)."""
        return bool(self.receipt_format.currentData() == "80mm")

    def show_view(self, view: ConsoleView) -> None:
        self.awards.setRowCount(len(view.awards))
        for row, cells in enumerate(view.awards):
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col >= 2:
                    item.setTextAlignment(RIGHT)
                self.awards.setItem(row, col, item)
        self.prizes_info.setText(view.prizes_info)
        self.awards_total.setText(view.awards_total)
        self.pay_button.setEnabled("pay_prizes" in view.allowed)
        self.prima_receipt_button.setEnabled(view.prima_receipt)
        self.winner_proof_button.setEnabled(view.winner_proof)
        self.print_prima_button.setEnabled(view.prima_receipt)
        self.print_proof_button.setEnabled(view.winner_proof)
