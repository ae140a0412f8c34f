"""The hall PC's clock at the console: every time of the record and the acta is its time, so a
clock that is not kept synchronised is shown as a warning for the whole night; one whose state
cannot be known here is said as unknown, quietly.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QLabel, QMainWindow

CONTEXT = "Console"


def t(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def not_synchronised() -> str:
    return t(
        "El reloj de este ordenador no está sincronizado: las horas del registro y del acta son "
        "las suyas. Póngalo en hora y active su sincronización"
    )


def show_clock(window: QMainWindow, synchronised: bool | None) -> QLabel | None:
    """A permanent mark in the status bar for a clock that is not synchronised (a warning, also
    in the event log) or whose state is unknown; nothing for a synchronised one.
    """
    if synchronised:
        return None
    label = QLabel(window)
    label.setObjectName("clock_state")
    if synchronised is None:
        label.setText(t("reloj: sincronización desconocida"))
        label.setStyleSheet("color: gray")
    else:
        label.setText(t("⚠ reloj sin sincronizar"))
        label.setStyleSheet("color: white; background: darkorange; font-weight: bold")
        label.setToolTip(not_synchronised())
        side = getattr(window, "side", None)  # the console's event log
        if side is not None:
            side.log(not_synchronised(), "⚠", Qt.GlobalColor.darkRed)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    window.statusBar().addPermanentWidget(label)
    return label
