"""The console's options, chosen once and remembered: the hall's printer and the opening float.

They belong to the station, not to the record: an INI file (``QSettings``) in the user's
configuration folder, chosen by the composition root (``ConsoleDefaults.options_file``; None
keeps them for the window's life only, as the tests do). Neither is a reading of the
regulation's figures: the acta never shows them (decision 230).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale, QSettings
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrinterInfo
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bingo.money import euros
from ui.console.dialogs import accept_or_cancel
from ui.console.pages import key
from ui.console.texts import t
from ui.widgets import set_pixel_font

if TYPE_CHECKING:
    from ui.console.window import ConsoleWindow

__all__ = ["ConsoleOptions", "OptionsDialog", "ask_options", "load_options", "save_options"]


@dataclass(frozen=True)
class ConsoleOptions:
    printer: str = ""  # a printer's name (CUPS on Linux), or a path ending in .pdf; "" none
    float_cents: int = 0  # the opening float of the drawer


def load_options(path: Path | None) -> ConsoleOptions:
    if path is None or not path.exists():
        return ConsoleOptions()
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    printer = settings.value("printer", "")
    float_cents = settings.value("float_cents", 0)
    try:
        cents = max(0, int(str(float_cents)))
    except ValueError:  # a file edited by hand: the float is typed again
        cents = 0
    return ConsoleOptions(printer=str(printer or ""), float_cents=cents)


def save_options(path: Path | None, options: ConsoleOptions) -> None:
    """Remember ``options`` (nothing when the console keeps them in memory only)."""
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    settings.setValue("printer", options.printer)
    settings.setValue("float_cents", options.float_cents)
    settings.sync()
    if settings.status() != QSettings.Status.NoError:
        raise OSError(f"no se pueden guardar las opciones en «{path}»")


class OptionsDialog(QDialog):
    """Choose the printer (Qt's print dialog lists the system's printers) and the float."""

    def __init__(self, options: ConsoleOptions, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("options_dialog")
        set_pixel_font(self, 16)
        self.setWindowTitle(t("Opciones de la consola"))
        self.setModal(True)
        self.printer = QComboBox()
        self.printer.setObjectName("options_printer")
        self.printer.setEditable(True)  # a PDF file's path may be typed too
        self.printer.addItem(t("(ninguna: sólo guardar PDF)"), "")
        for name in QPrinterInfo.availablePrinterNames():
            self.printer.addItem(name, name)
        self._set_printer(options.printer)
        choose = QPushButton(t("Elegir impresora… (Alt+E)"))
        choose.setObjectName("options_choose_printer")
        key(choose, "Alt+E")
        choose.clicked.connect(self.choose_printer)
        self.float_amount = QDoubleSpinBox()
        self.float_amount.setObjectName("options_float")
        self.float_amount.setLocale(QLocale(QLocale.Language.Spanish, QLocale.Country.Spain))
        self.float_amount.setDecimals(2)
        self.float_amount.setRange(0.00, 100_000.00)
        self.float_amount.setSingleStep(10.00)
        self.float_amount.setSuffix(" €")
        self.float_amount.setValue(options.float_cents / 100)
        printer_row = QHBoxLayout()
        printer_row.addWidget(self.printer, 1)
        printer_row.addWidget(choose)
        form = QFormLayout()
        form.addRow(t("Impresora de la sala:"), printer_row)
        form.addRow(t("Fondo de caja inicial:"), self.float_amount)
        note = QLabel(
            t(
                "Se recuerdan en este puesto. El acta, los justificantes y los comprobantes se "
                "imprimen en esa impresora; el fondo de caja inicial entra en la caja de la "
                "sesión, no en el acta."
            )
        )
        note.setWordWrap(True)
        self.confirm = QPushButton(t("Guardar las opciones (Intro)"))
        self.confirm.setObjectName("options_confirm")
        buttons, _cancel = accept_or_cancel(self, self.confirm)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)
        self.confirm.setDefault(True)
        self.resize(640, 260)

    def _set_printer(self, name: str) -> None:
        index = self.printer.findData(name)
        if index < 0:
            self.printer.addItem(name, name)
            index = self.printer.count() - 1
        self.printer.setCurrentIndex(index)

    def choose_printer(self) -> None:
        """Qt's print dialog (the system's printers, CUPS on Linux)."""
        printer = QPrinter()
        current = self.printer.currentData()
        if current:
            printer.setPrinterName(str(current))
        dialog = QPrintDialog(printer, self)
        dialog.setWindowTitle(t("Impresora de la sala"))
        dialog.accepted.connect(lambda: self._chosen(printer))
        QDialog.open(dialog)  # not blocking, as every dialog of the console

    def _chosen(self, printer: QPrinter) -> None:
        if printer.outputFormat() == QPrinter.OutputFormat.PdfFormat and printer.outputFileName():
            self._set_printer(printer.outputFileName())
        elif printer.printerName():
            self._set_printer(printer.printerName())

    def values(self, options: ConsoleOptions) -> ConsoleOptions:
        text = self.printer.currentText().strip()
        data = self.printer.currentData()
        printer = (
            str(data)
            if data is not None and self.printer.itemText(self.printer.currentIndex()) == text
            else text
        )
        if text == t("(ninguna: sólo guardar PDF)"):
            printer = ""
        return replace(options, printer=printer, float_cents=round(self.float_amount.value() * 100))


def ask_options(window: ConsoleWindow) -> None:
    """Sesión → Opciones de la consola… (Ctrl+O): chosen once, remembered on this station."""
    dialog = OptionsDialog(window.options, window)

    def chosen() -> None:
        options = dialog.values(window.options)
        try:
            save_options(window.defaults.options_file, options)
        except OSError as exc:
            window.show_error(t("Opciones de la consola: {reason}").format(reason=exc))
            return
        window.options = options
        message = t("Opciones guardadas: impresora {printer}; fondo de caja {amount}").format(
            printer=options.printer or t("ninguna"), amount=euros(options.float_cents)
        )
        window.statusBar().showMessage(message, 15_000)
        window.log_line(message)

    dialog.accepted.connect(chosen)
    window.open_dialog(dialog)
