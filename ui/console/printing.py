"""Printing the papers straight to the hall's printer through Qt's print support.

What is printed is the PDF the console already renders (the acta, the prima's receipt, the
winner's proof), never a second layout: each page is rasterised by PDFium (``pypdfium2``; the
Qt wheels the console uses have no QtPdf) at the printer's resolution, up to 300 dpi, and
painted on a ``QPrinter`` page of the PDF page's own size, so an 80-mm roll prints as a roll
and an A4 acta as A4. On Linux the ``QPrinter`` hands the job to CUPS; a printer name ending
in ``.pdf`` is a PDF file instead (a "print to file" printer, which the tests use).

Runs on the bridge's worker thread: Qt allows painting on a ``QPrinter`` outside the GUI
thread. Raises ``OSError`` with a message in Spanish when the printer is not there or refuses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
from PySide6.QtCore import QMarginsF, QRect, QSizeF
from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPainter
from PySide6.QtPrintSupport import QPrinter, QPrinterInfo

__all__ = ["MAX_DPI", "Printed", "is_file_printer", "make_printer", "print_job", "print_pdf"]

MAX_DPI = 300  # enough for the cartón's grid and the acta's small type; bounds the memory


@dataclass(frozen=True)
class Printed:
    """A document sent to a printer."""

    printer: str
    pages: int


def is_file_printer(name: str) -> bool:
    return name.lower().endswith(".pdf")


def make_printer(name: str, title: str) -> QPrinter:
    """The ``QPrinter`` for ``name``: a system printer (CUPS), or a PDF file."""
    if not name:
        raise OSError("no hay impresora elegida: elíjala en Sesión → Opciones de la consola")
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setDocName(title)
    printer.setFullPage(True)  # the PDF carries its own margins
    if is_file_printer(name):
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(name)
        return printer
    if QPrinterInfo.printerInfo(name).isNull():
        raise OSError(f"la impresora «{name}» no está disponible en este puesto")
    printer.setOutputFormat(QPrinter.OutputFormat.NativeFormat)
    printer.setPrinterName(name)
    return printer


def _page_image(page: pdfium.PdfPage, dpi: int) -> QImage:
    bitmap = page.render(scale=dpi / 72, rev_byteorder=True)
    try:
        pixels = bitmap.to_numpy()
        height, width = int(pixels.shape[0]), int(pixels.shape[1])
        channels = int(pixels.shape[2]) if pixels.ndim == 3 else 1
        formats = {3: QImage.Format.Format_RGB888, 4: QImage.Format.Format_RGBA8888}
        fmt = formats.get(channels, QImage.Format.Format_Grayscale8)
        image = QImage(pixels.tobytes(), width, height, width * channels, fmt)
        return image.copy()  # own its pixels before the bitmap goes
    finally:
        bitmap.close()


def print_pdf(pdf: bytes, printer: QPrinter) -> int:
    """Paint every page of ``pdf`` on ``printer``; the number of pages printed."""
    try:
        document = pdfium.PdfDocument(pdf)
    except pdfium.PdfiumError as exc:
        raise OSError(f"el PDF no se puede leer para imprimirlo: {exc}") from exc
    painter = QPainter()
    try:
        count = len(document)
        for index in range(count):
            page = document[index]
            try:
                width_pt, height_pt = page.get_size()
                layout = QPageLayout(
                    QPageSize(QSizeF(width_pt, height_pt), QPageSize.Unit.Point),
                    QPageLayout.Orientation.Portrait,
                    QMarginsF(0, 0, 0, 0),
                )
                printer.setPageLayout(layout)
                if index == 0:
                    if not painter.begin(printer):
                        raise OSError(f"la impresora «{_name(printer)}» no acepta el trabajo")
                elif not printer.newPage():
                    raise OSError(f"la impresora «{_name(printer)}» no acepta más páginas")
                dpi = min(MAX_DPI, max(72, printer.resolution()))
                image = _page_image(page, dpi)
                target = printer.pageLayout().fullRectPixels(printer.resolution())
                painter.drawImage(QRect(0, 0, target.width(), target.height()), image)
            finally:
                page.close()
        return count
    finally:
        if painter.isActive():
            painter.end()
        document.close()


def _name(printer: QPrinter) -> str:
    if printer.outputFormat() == QPrinter.OutputFormat.PdfFormat:
        return printer.outputFileName()
    return printer.printerName()


def print_job(render: Callable[[], bytes], printer_name: str, title: str) -> Callable[[], Printed]:
    """A job for the bridge's worker: lay the PDF out, then print it on ``printer_name``."""

    def run() -> Printed:
        pdf = render()
        printer = make_printer(printer_name, title)
        if is_file_printer(printer_name):
            Path(printer_name).parent.mkdir(parents=True, exist_ok=True)
        pages = print_pdf(pdf, printer)
        return Printed(printer_name, pages)

    return run
