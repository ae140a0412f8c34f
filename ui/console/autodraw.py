"""Timed automatic extraction: a ball from the devices every so many seconds until STOP.

The balls go through the console's one draw path (``Draws.draw_from_devices``, the domain's
draw policy), exactly as F6: only the pressing of the key is timed. The pace is the hall's
(``ConsoleDefaults.auto_draw_seconds``, from the settings) or chosen on the Extracción page;
0 is off, the default. ``Ctrl+F6`` starts it, ``Esc`` (or ``PARAR``) stops it, and it stops by
itself — the extraction is interrupted (Cantabria III: «El juego se interrumpe cuando algún
jugador cante») — on any claim (F7, Alt+L, Alt+B, a cartón's number typed), on a prize of an
electronic cartón the system found, on any device problem (the alarm, a held ball, a device
lost), when the draw is not allowed any more, and at the end of the partida (decision 221).

With the hall's voice (``follow_voice``) the next ball waits for the last one's call to end,
so a call never comes after the next ball is on the panels; the Extracción page shows the
calls still to be said (decision 720).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QLocale, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent, QShortcut, QValidator
from PySide6.QtWidgets import QDoubleSpinBox, QGridLayout, QHBoxLayout, QWidget

from bingo import events as ev
from bingo.hall import PLAYING
from ui.console.pages import button
from ui.console.state import manual_mode
from ui.console.texts import t
from ui.widgets import set_pixel_font, wrapped_label

if TYPE_CHECKING:
    from ui.console.window import ConsoleWindow

MAX_PACE = 60.0  # seconds per ball
# Cantabria III: "con el ritmo adecuado para que todos los jugadores puedan seguirlas":
# no faster than a ball every 3 s, the time to call it and mark it (decision 251)
MIN_PACE = 3.0
VOICE_POLL_MS = 50  # how often the voice's calls are looked at (it speaks on its own thread)
# a voice that never ends (a stuck player) never stops the game: the ball is drawn anyway
MAX_VOICE_WAIT = 20.0
TYPING_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Backspace, Qt.Key.Key_Delete)


class PaceBox(QDoubleSpinBox):
    """Seconds per ball: 0 (off) or from ``MIN_PACE`` to ``MAX_PACE``, nothing between. A pace
    under the minimum could be typed or stepped into before, and was refused only at Ctrl+F6.
    """

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        state, text, pos = super().validate(text, pos)
        if state == QValidator.State.Acceptable and 0 < self.valueFromText(text) < MIN_PACE:
            state = QValidator.State.Intermediate  # typing on, or fixed up to the minimum
        return state, text, pos

    def fixup(self, text: str) -> str:
        if 0 < self.valueFromText(text) < MIN_PACE:
            return self.textFromValue(MIN_PACE)
        return text

    def stepBy(self, steps: int) -> None:
        value = self.value()
        if steps > 0 and value < MIN_PACE:
            self.setValue(MIN_PACE)  # off, then the slowest pace allowed
        elif steps < 0 and value + steps * self.singleStep() < MIN_PACE:
            self.setValue(0.0)
        else:
            super().stepBy(steps)


class AutoDraw(QObject):
    """The automatic extraction of ``window``; its controls are on the Extracción page."""

    def __init__(self, window: ConsoleWindow, pace: float = 0.0) -> None:
        super().__init__(window)
        self.console = window
        self.running = False
        self.stopped_because = ""  # why it stopped last, in words
        self.drawn = 0  # balls asked for since the start
        self._claims_at_start = 0
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(lambda: self._draw_next())
        self._calls: Callable[[], Sequence[int]] | None = None
        self._voice_timer = QTimer(self)
        self._voice_timer.setInterval(VOICE_POLL_MS)
        self._voice_timer.timeout.connect(self._follow_voice)
        self._waiting_voice = 0  # polls spent waiting for a call, at the pace's due time
        page = window.extraction_page
        bar = QWidget()
        bar.setObjectName("auto_bar")
        row = QHBoxLayout(bar)
        row.setContentsMargins(0, 0, 0, 0)
        self.pace = PaceBox()
        self.pace.setObjectName("auto_pace")
        self.pace.setRange(0.0, MAX_PACE)
        self.pace.setDecimals(2)
        self.pace.setSingleStep(0.5)
        self.pace.setSuffix(t(" s por bola"))
        self.pace.setSpecialValueText(t("desactivada"))
        self.pace.setLocale(QLocale(QLocale.Language.Spanish, QLocale.Country.Spain))  # 2,5 s
        # a hall's pace under the minimum is taken as the minimum, never as a faster one
        self.pace.setValue(0.0 if pace <= 0 else max(MIN_PACE, min(MAX_PACE, pace)))
        set_pixel_font(self.pace, 16)
        label = wrapped_label(t("Automática, ritmo:"), pixels=16, bold=True)
        label.setWordWrap(False)
        label.setBuddy(self.pace)
        self.start_button = button(t("Extracción automática (Ctrl+F6)"), "auto_start", 16)
        self.start_button.clicked.connect(self.start)
        # Esc is the window's (it also hides the red banner): a second Esc would be ambiguous
        self.stop_button = button(t("PARAR (Esc)"), "auto_stop", 16)
        self.stop_button.setStyleSheet(
            "QPushButton#auto_stop:enabled { background: #b00020; color: #ffffff; }"
        )
        self.stop_button.clicked.connect(lambda: self.stop(t("la mesa pulsó PARAR")))
        self.state = wrapped_label(name="auto_state", pixels=18, bold=True)
        self.state.hide()
        row.addWidget(label)
        row.addWidget(self.pace)
        row.addWidget(self.start_button, 1)
        row.addWidget(self.stop_button)
        grid = page.draw_group.layout()
        assert isinstance(grid, QGridLayout)
        grid.addWidget(bar, 3, 0, 1, 3)
        grid.addWidget(self.state, 4, 0, 1, 3)
        self.voice_queue = wrapped_label(name="voice_queue", pixels=16, bold=True)
        self.voice_queue.hide()
        grid.addWidget(self.voice_queue, 5, 0, 1, 3)
        self.bar = bar
        # any claim interrupts the extraction: the cartón's number is where a claim is typed
        # (F7, Alt+L and Alt+B put the cursor there)
        page.claim_number.installEventFilter(self)
        page.claim_series.installEventFilter(self)
        window.menu_actions["claim"].triggered.connect(lambda: self.stop(t("se ha cantado")))
        for shortcut in page.findChildren(QShortcut):
            if shortcut.key().toString() in ("Alt+L", "Alt+B"):
                shortcut.activated.connect(lambda: self.stop(t("se ha cantado")))
        window.bridge.recorded.connect(self._on_recorded)
        window.bridge.changed.connect(self._follow)
        window.bridge.jobDone.connect(self._follow)
        window.bridge.jobFailed.connect(lambda _tag, _error: self._follow())
        window.alarm.raised.connect(lambda _device: self.stop(t("problema de un dispositivo")))
        self.show_state()

    def follow_voice(self, calls: Callable[[], Sequence[int]]) -> None:
        """The hall's voice: ``calls()`` gives the balls being called or waiting, oldest first
        (``drivers.voice.Voice.pending``); thread-safe, looked at every ``VOICE_POLL_MS``.
        """
        self._calls = calls
        self._voice_timer.start()

    def _pending_calls(self) -> Sequence[int]:
        if self._calls is None:
            return ()
        try:
            return self._calls()
        except Exception:  # the voice never stops the game
            return ()

    def _follow_voice(self) -> None:
        calls = self._pending_calls()
        if calls:
            text = t("Voz: canta el {ball}").format(ball=calls[0])
            if len(calls) > 1:
                text += " · " + t("en cola: {balls}").format(
                    balls=", ".join(str(n) for n in calls[1:])
                )
        else:
            text = ""
        if text != self.voice_queue.text():
            self.voice_queue.setText(text)
        self.voice_queue.setVisible(bool(text))
        if self._waiting_voice and (
            not calls or self._waiting_voice * VOICE_POLL_MS >= MAX_VOICE_WAIT * 1000
        ):
            self._waiting_voice = 0
            self._draw_next(voice_done=True)
        elif self._waiting_voice:
            self._waiting_voice += 1

    # ------------------------------------------------------------------ start and stop

    def start(self) -> None:
        """Ctrl+F6: the first ball now, then one every ``pace`` seconds."""
        window = self.console
        window.pages.setCurrentIndex(2)
        if self.running:
            return
        if self.pace.value() <= 0:
            window.show_error(
                t("Extracción automática: elija antes el ritmo (segundos por bola)"),
                solved=lambda: self.pace.value() > 0,
            )
            self.pace.setFocus()
            return
        if self.pace.value() < MIN_PACE:
            window.show_error(
                t(
                    "Extracción automática: como mucho una bola cada {pace} s, para que todos "
                    "los jugadores puedan seguirlas"
                ).format(pace=f"{MIN_PACE:g}"),
                solved=lambda: self.pace.value() >= MIN_PACE,
            )
            self.pace.setFocus()
            return
        partida = window.hall.partida
        self._claims_at_start = len(partida.claims) if partida is not None else 0
        blocked = self._blocked()
        if blocked:
            window.show_error(
                t("Extracción automática: no puede empezar ({why})").format(why=blocked)
            )
            return
        self.running = True
        self.stopped_because = ""
        self.drawn = 0
        window.log_line(
            t("Extracción automática: una bola cada {pace} s").format(pace=self._pace_words())
        )
        self.show_state()
        self._draw_next()

    def stop(self, why: str) -> None:
        """STOP: no other ball is asked for (a ball already on its way is recorded as usual)."""
        self._timer.stop()
        self._waiting_voice = 0
        if not self.running:
            return
        self.running = False
        self.stopped_because = why
        self.console.log_line(t("Extracción automática parada: {why}").format(why=why))
        self.console.statusBar().showMessage(
            t("Extracción automática parada: {why}").format(why=why), 15_000
        )
        self.show_state()

    # ------------------------------------------------------------------ the loop

    def _blocked(self) -> str:
        """Why no ball may be drawn now by the timer, in words; "" when one may. Once started,
        any claim checked since the start stops it.
        """
        window = self.console
        hall, desk = window.hall, window.desk
        partida = hall.partida
        if window.devices is None:
            return t("sin extractor las bolas se escriben")
        if partida is None or partida.status not in PLAYING or len(partida.balls) >= 90:
            return t("fin de la partida")
        if manual_mode(hall):
            return t("la partida sigue por extracción manual")
        if window.alarm.active or window.draws.device_error is not None:
            return t("problema de un dispositivo")
        if desk.held is not None or desk.lost is not None:
            return t("hay que leer la bola del tubo")
        # claims since the start (the engine's events come after the draw's outcome)
        claims = partida.claims[self._claims_at_start :]
        if any(c.electronic for c in claims):
            return t("premio de un cartón electrónico")
        if claims:
            return t("se ha cantado")
        if "draw_ball" not in window.allowed():
            return t("la extracción está detenida")
        return ""

    def _follow(self, *_args: object) -> None:
        """After every change: stop if the extraction must stop, else time the next ball."""
        if not self.running:
            self.show_state()
            return
        blocked = self._blocked()
        if blocked:
            self.stop(blocked)
            return
        if not (self.console.desk.drawing or self._timer.isActive() or self._waiting_voice):
            self._timer.start(int(self.pace.value() * 1000))

    def _draw_next(self, *, voice_done: bool = False) -> None:
        if not self.running or (self._waiting_voice and not voice_done):
            return
        blocked = self._blocked()
        if blocked:
            self.stop(blocked)
            return
        window = self.console
        if window.desk.drawing or window.bridge.busy:
            return  # the ball on its way: its outcome times the next one
        if not voice_done and self._pending_calls():
            self._waiting_voice = 1  # the last call first: drawn when it ends
            return
        self._waiting_voice = 0
        self.drawn += 1
        window.draws.draw_from_devices()
        if not window.desk.drawing:  # refused (the red banner says why): nothing to wait for
            self.stop(t("la extracción está detenida"))

    def _on_recorded(self, _record: object, event: object) -> None:
        # the events come queued: a claim checked before the start is not a reason to stop
        partida = self.console.hall.partida
        claims = len(partida.claims) if partida is not None else 0
        if isinstance(event, ev.ClaimChecked) and claims > self._claims_at_start:
            self.stop(
                t("premio de un cartón electrónico") if event.electronic else t("se ha cantado")
            )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # a cartón's number typed (not a modifier held for another key, as Ctrl for Ctrl+F6)
        if self.running and isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress:
            text = event.text()
            if (text and text.isprintable()) or event.key() in TYPING_KEYS:
                self.stop(t("se ha cantado"))
        return False

    # ------------------------------------------------------------------ the view

    def _pace_words(self) -> str:
        return f"{self.pace.value():g}".replace(".", ",")

    def show_state(self) -> None:
        window = self.console
        # only with the devices drawing: typed balls and manual extraction are by hand
        self.bar.setVisible(window.devices is not None and not manual_mode(window.hall))
        self.start_button.setEnabled(not self.running)
        self.stop_button.setEnabled(self.running)
        self.pace.setEnabled(not self.running)
        if self.running:
            text = t("EN MARCHA: una bola cada {pace} s — Esc para").format(pace=self._pace_words())
            colours = "background: #1b5e20; color: #ffffff;"
        elif self.stopped_because:
            text = t("Parada: {why}").format(why=self.stopped_because)
            colours = "background: #ffcdd2; color: #b00020;"
        else:
            text = colours = ""
        self.state.setStyleSheet(f"{colours} padding: 3px;")
        self.state.setText(text)
        self.state.setVisible(bool(text) and not self.bar.isHidden())
