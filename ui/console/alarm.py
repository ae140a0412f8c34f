"""The device alarm: a lost or failing device (the extractor, the reader) is shown at once in a
big red box under the header, heard, named in the hall's words, with the next step to take
(R-DEV-1: «any device fault is reported to the operator at once»; R-INC-1, R-INC-2, decisions
42, 65 and 220). The header names the state of every device, not only the last one heard.

The box goes by itself once every device is back. The draw policy (``bingo.drawing``) still
decides what a draw does with a device away; the alarm only makes sure nobody misses it.
"""

from __future__ import annotations

import math
import os
import struct
import tempfile
import wave
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QUrl, Signal
from PySide6.QtWidgets import QApplication, QFrame, QVBoxLayout

from bingo.hall import PLAYING, Hall
from drivers import notices
from drivers.protocol import Fault
from ui.console.state import manual_mode
from ui.console.texts import t
from ui.widgets import wrapped_label

if TYPE_CHECKING:
    from ui.console.window import ConsoleWindow

# the faults that keep a device from doing its work (latched notices are not faults)
WORKING_FAULTS = (
    Fault.NO_AIR
    | Fault.JAM
    | Fault.DOUBLE_FEED
    | Fault.TUBE_SENSOR
    | Fault.DOOR_OPEN
    | Fault.SET_INCOMPLETE
    | Fault.READER_OPTICS
)


def device_name(device: str) -> str:
    """The device in the hall's words, with its article («el extractor»), never the driver's."""
    if device == "extractor":
        return t("el extractor")
    if device == "reader":
        return t("el lector")
    if device == "boards":
        return t("los paneles de la sala")
    return t("el dispositivo {name}").format(name=device)


def device_title(device: str) -> str:
    """The device's name heading its state in the header («Extractor: en línea»)."""
    if device == "extractor":
        return t("Extractor")
    if device == "reader":
        return t("Lector")
    if device == "boards":
        return t("Paneles")
    return device


def fault_words(faults: Fault) -> str:
    """The faults in words, for the alarm («sin aire, atasco»)."""
    out = []
    for flag, words in (
        (Fault.NO_AIR, t("sin aire")),
        (Fault.JAM, t("atasco")),
        (Fault.DOUBLE_FEED, t("doble salida de bolas")),
        (Fault.TUBE_SENSOR, t("sensor del tubo")),
        (Fault.DOOR_OPEN, t("puerta abierta")),
        (Fault.SET_INCOMPLETE, t("juego de bolas incompleto")),
        (Fault.READER_OPTICS, t("óptica averiada")),
    ):
        if faults & flag:
            out.append(words)
    return ", ".join(out)


def next_step(hall: Hall) -> str:
    """What the jefe de mesa does now, as the regulation says for the moment of the partida
    (one line on a laptop: the orange box asks for a ball in the tube by itself).
    """
    partida = hall.partida
    if partida is None or partida.status not in PLAYING:
        return t(
            "Avise al servicio técnico: sin él no se extrae ninguna bola; si no vuelve antes de "
            "la primera bola, la partida se suspende."
        )
    if manual_mode(hall):
        return t("La partida sigue por extracción manual (Alt+A): no necesita el dispositivo.")
    if not partida.balls:
        return t(
            "Espere unos segundos. Si no vuelve: F6 y suspender la partida (Ctrl+I); si no se "
            "repara, se devuelven los cartones."
        )
    return t(
        "Espere unos segundos. Si no vuelve: F6, y la consola ofrece la extracción manual "
        "(Ctrl+I) con las bolas del bombo."
    )


class Sound:
    """A short tone through QtMultimedia when it plays here, else the system's beep."""

    def __init__(self) -> None:
        self._effect: Any = None
        if os.environ.get("QT_QPA_PLATFORM", "") in ("offscreen", "minimal"):
            return  # no speakers to speak of: the beep alone
        try:
            from PySide6.QtMultimedia import QSoundEffect
        except ImportError:
            return
        try:
            path = _tone_file()
        except OSError:
            return
        effect = QSoundEffect()
        effect.setSource(QUrl.fromLocalFile(str(path)))
        effect.setVolume(1.0)
        self._effect = effect

    def play(self) -> None:
        QApplication.beep()
        if self._effect is not None:
            self._effect.play()


def _tone_file() -> Path:
    """Two short tones at 880 and 660 Hz, written once as a WAV file for QSoundEffect."""
    path = Path(tempfile.gettempdir()) / "bingo-hall-alarm.wav"
    if path.exists():
        return path
    rate, frames = 22050, bytearray()
    for freq in (880.0, 660.0, 880.0, 660.0):
        for i in range(int(rate * 0.18)):
            frames += struct.pack("<h", int(12000 * math.sin(2 * math.pi * freq * i / rate)))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(bytes(frames))
    return path


class DeviceAlarm(QFrame):
    """The red box of a device away; ``states`` holds every device's state in words."""

    raised = Signal(str)  # the device whose problem was just raised
    cleared = Signal()  # every device is back

    def __init__(self, window: ConsoleWindow) -> None:
        super().__init__()
        self.console = window
        self.setObjectName("device_alarm")
        self.setStyleSheet(
            "QFrame#device_alarm { background: #b00020; border: 3px solid #ffd54f;"
            " border-radius: 6px; }"
            "QLabel { color: #ffffff; }"
        )
        box = QVBoxLayout(self)
        box.setContentsMargins(10, 0, 10, 1)
        box.setSpacing(0)
        self.title = wrapped_label(name="device_alarm_title", pixels=24, bold=True)
        self.step = wrapped_label(name="device_alarm_step", pixels=17, bold=True)
        box.addWidget(self.title)
        box.addWidget(self.step)
        self.hide()
        window.header.layout.insertWidget(1, self)  # under the header's first line
        self.problems: dict[str, str] = {}  # device -> what is wrong, in words
        self.offline: set[str] = set()
        self.faults: dict[str, Fault] = {}
        self.states: dict[str, str] = {}  # device -> its state in the header's words
        self.rings = 0  # how many times the alarm sounded
        self.sound = Sound()
        for name, driver in self._drivers():
            self.states[name] = t("en línea")
            if not driver.is_online():  # not there from the start: as lost as a device gone
                self.offline.add(name)
                self._update(name)
        # A station's devices are the server's: they are said from the start too (the line was
        # missing until one dropped out), online until the server tells one is off.
        for name in getattr(window.devices, "device_names", ()):
            self.states.setdefault(str(name), t("en línea"))

    def _drivers(self) -> list[tuple[str, Any]]:
        devices = self.console.devices
        out = []
        for attr in ("extractor", "reader"):
            driver = getattr(devices, attr, None)
            if driver is not None and hasattr(driver, "is_online"):
                out.append((str(getattr(driver, "name", attr)), driver))
        return out

    # ------------------------------------------------------------------ notices

    def notice(self, device: str, notice: object) -> None:
        """A driver's notice (``Notice``, or its event): the alarm raised, kept or cleared."""
        said = notices.told(notice)  # or the code of the hall server's (drivers.notices)
        kind = said.code if said is not None else None
        if kind == notices.OFFLINE:
            self.offline.add(device)
        elif kind == notices.ONLINE:
            self.offline.discard(device)
        elif said is not None and kind == notices.FAULTS:
            self.faults[device] = said.faults & WORKING_FAULTS
        else:
            return
        self._update(device)

    def _update(self, device: str) -> None:
        before = dict(self.problems)
        offline = device in self.offline
        faults = self.faults.get(device, Fault.NONE)
        if offline:
            self.problems[device] = t("SIN COMUNICACIÓN CON {device}").format(
                device=device_name(device).upper()
            )
            self.states[device] = t("SIN COMUNICACIÓN")
        elif faults:
            self.problems[device] = t("AVERÍA EN {device}: {faults}").format(
                device=device_name(device).upper(), faults=fault_words(faults)
            )
            self.states[device] = t("AVERÍA ({faults})").format(faults=fault_words(faults))
        else:
            self.problems.pop(device, None)
            self.states[device] = t("en línea")
        if device in self.problems and self.problems[device] != before.get(device):
            self.rings += 1
            self.sound.play()
            self.raised.emit(device)
        self.show_view()
        if before and not self.problems:
            self.cleared.emit()

    # ------------------------------------------------------------------ the view

    def link_changed(self, online: bool) -> None:
        """A station's link to the server that owns the devices went down or came back. Back,
        every device is taken as online again: the server tells at once those that are off.
        """
        if online:
            self.offline.clear()
            self.faults.clear()
            self.problems.clear()
        self.show_view()

    def summary(self) -> str:
        """Every device's state, for the header («Extractor: en línea · Lector: …»)."""
        if self.states and not self.console.online():
            # the server owns the devices: cut off from it, nothing is known of them
            return t("Dispositivos: sin noticias (sin conexión con el servidor)")
        return " · ".join(
            t("{device}: {state}").format(device=device_title(name), state=state)
            for name, state in self.states.items()
        )

    def show_view(self) -> None:
        """The box and the header's devices line, for the hall as it is now."""
        self.console.header.devices_state.setText(self.summary())
        colour = "#b00020" if self.problems or not self.console.online() else "#1b5e20"
        self.console.header.devices_state.setStyleSheet(f"color: {colour}; font-weight: bold;")
        if not self.problems:
            self.hide()
            return
        self.title.setText("⚠ " + " · ".join(self.problems.values()))
        self.step.setText(next_step(self.console.hall))
        self.show()

    @property
    def active(self) -> bool:
        return bool(self.problems)
