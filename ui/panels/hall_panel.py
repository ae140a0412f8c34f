"""The hall panel: what the players see on the hall's screens (R-PANEL-1, R-PANEL-2, R-PRIMA-4).

A pure view of a ``bingo.readmodel.PanelState``: it is given a state and shows it; it never
reads the hall or the service itself. A partida of bingo plus or derivado on the screens
(``PanelState.game``, the web panels' one rule: from its start until an ordinary partida starts
after it) takes the whole panel: its name, its N numbers, its balls, and each combination of
its plan with what it puts at stake and, once settled, its winners (decision 276).

The type scales with the window so that the panel reads
the same on a 1280×720 screen and on a 1920×1080 one; nothing is drawn smaller than the
figures' captions. A hall with a second language (Basque, Galician, Catalan or English:
the hall's settings, else ``state.languages``) gets every caption in Spanish and, below it, in
that language (R-PANEL-4).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from bingo.money import euros
from bingo.readmodel import PanelState, Winner
from bingo.readmodel_games import GamePanel, GamePrizePanel
from ui.i18n import PANEL_CONTEXT, in_language, second_language
from ui.panels.board import BoardWidget
from ui.widgets import FitLabel, fit_together

CONTEXT = PANEL_CONTEXT

BACKGROUND = "#000000"
TILE = "#0b1f4d"
CAPTION = "#ffffff"
SECOND = "#8fe3ff"  # the second language, in another colour so each reads as one line
VALUE = "#ffd400"
ALERT = "#d40000"
WINNERS = "#5a0000"

# Pixel sizes of the type on a 1920×1080 screen; scaled with the window.
BASE_W, BASE_H = 1920, 1080
SIZES = {
    "header": 58,
    "caption": 40,
    "value": 80,
    "detail": 40,
    "count": 200,
    "winner": 42,
}

PRIZE_WORDS = {"line": "línea", "bingo": "bingo", "prima": "prima", "bola_loca": "bola loca"}


def _t(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


# The read model's announcement codes (``bingo.readmodel.announcement_code``) and their words:
# the Spanish source text of the panel catalogues (``ui.i18n``), with ``{n}`` the partida.
ANNOUNCEMENTS: dict[str, str] = {
    "hall_closed": "Sala cerrada",
    "session_over": "Fin de la sesión",
    "next_partida": "Próxima partida",
    "sale_open": "Venta de cartones",
    "sale_closed": "Comienza la partida",
    "ready": "Comienza la partida",
    "extraction": "Partida {n} en juego",
    "claim_check": "Comprobando cartón",
    "bingo_called": "¿Alguna línea más? ¿Algún bingo más?",
    "suspended": "Partida suspendida",
    "closed": "Partida cerrada",
    "paid": "Partida cerrada",
    "annulled": "Partida anulada: se devuelve el importe",
}


class BallWidget(QWidget):
    """The last ball drawn, as a big ball with its number."""

    def __init__(self, parent: QWidget | None = None, *, empty: str = "#101010") -> None:
        super().__init__(parent)
        self._number: int | None = None
        self._empty = QColor(empty)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(120, 120)

    def set_number(self, number: int | None) -> None:
        if number != self._number:
            self._number = number
            self.update()

    def number(self) -> int | None:
        return self._number

    def sizeHint(self) -> QSize:
        return QSize(500, 500)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        side = min(self.width(), self.height()) * 0.96
        rect = QRectF((self.width() - side) / 2, (self.height() - side) / 2, side, side)
        if self._number is None:
            p.setPen(QColor("#3a3a3a"))
            p.setBrush(self._empty)
            p.drawEllipse(rect)
        else:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#ffffff"))
            p.drawEllipse(rect)
            inner = rect.adjusted(side * 0.08, side * 0.08, -side * 0.08, -side * 0.08)
            p.setBrush(QColor(VALUE))
            p.drawEllipse(inner)
            font = QFont(self.font())
            font.setBold(True)
            font.setPixelSize(max(10, int(side * 0.5)))
            p.setFont(font)
            p.setPen(QColor("#000000"))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(self._number))
        p.end()


class Figure(QFrame):
    """One tile of figures: a caption (one or two languages), the value, a detail line.

    ``horizontal`` puts the captions on the left and the value on the right (the count of
    extractions, whose number must stay big).
    """

    def __init__(
        self, name: str, parent: QWidget | None = None, *, horizontal: bool = False
    ) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setStyleSheet(f"QFrame#{name} {{ background: {TILE}; border-radius: 12px; }}")
        self.caption = FitLabel(parent=self)
        self.caption2 = FitLabel(parent=self)
        self.value = FitLabel(parent=self)
        self.detail = FitLabel(parent=self)
        self.caption.setObjectName(f"{name}_caption")
        self.caption2.setObjectName(f"{name}_caption2")
        self.value.setObjectName(f"{name}_value")
        self.detail.setObjectName(f"{name}_detail")
        for label, colour in (
            (self.caption, CAPTION),
            (self.caption2, SECOND),
            (self.value, VALUE),
            (self.detail, CAPTION),
        ):
            label.setStyleSheet(f"color: {colour}; background: transparent;")
        texts = QVBoxLayout()
        texts.setSpacing(0)
        texts.addWidget(self.caption, 2)
        texts.addWidget(self.caption2, 2)
        if horizontal:
            layout: QHBoxLayout | QVBoxLayout = QHBoxLayout(self)
            layout.addLayout(texts, 5)
            layout.addWidget(self.value, 4)
            texts.addWidget(self.detail, 2)
        else:
            layout = QVBoxLayout(self)
            layout.addLayout(texts, 4)
            layout.addWidget(self.value, 4)
            layout.addWidget(self.detail, 3)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(0)

    def show_texts(self, caption: str, caption2: str | None, value: str, detail: str = "") -> None:
        """``caption2`` is the caption in the second language (None: the hall has none); when
        it reads as the Spanish one its line stays empty, so the tiles keep one layout.
        """
        self.caption.setText(caption.upper())
        self.caption2.setVisible(caption2 is not None)
        self.caption2.setText("" if caption2 in (None, caption) else (caption2 or "").upper())
        self.value.setText(value)
        self.detail.setVisible(bool(detail))
        self.detail.setText(detail)


class HallPanel(QWidget):
    """A full-screen hall panel showing one ``PanelState``."""

    def __init__(
        self,
        state: PanelState,
        parent: QWidget | None = None,
        *,
        languages: Sequence[str] | None = None,
    ) -> None:
        """``languages``: the hall's languages from its settings, Spanish first; by default
        those recorded for the hall (``state.languages``).
        """
        super().__init__(parent)
        self.setObjectName("HallPanel")
        self._languages = tuple(languages) if languages is not None else None
        self.setWindowTitle(_t("Panel de la sala"))
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(f"QWidget#HallPanel {{ background: {BACKGROUND}; }}")
        self._state = state

        # header: the hall's name between partidas, the announcement, "ÚLTIMA PARTIDA", the partida
        self.hall_name = self._label("hall_name", CAPTION)
        self.announcement = self._label("announcement", VALUE)
        self.announcement2 = self._label("announcement2", SECOND)
        self.partida = self._label("partida", CAPTION, Qt.AlignmentFlag.AlignRight)
        self.last_partida = self._label("last_partida", "#ffffff")
        self.last_partida.setStyleSheet(
            f"color: #ffffff; background: {ALERT}; border-radius: 10px; padding: 2px 10px;"
        )
        announce = QVBoxLayout()
        announce.setSpacing(0)
        announce.addWidget(self.announcement, 3)
        announce.addWidget(self.announcement2, 2)
        header = QHBoxLayout()
        header.setSpacing(16)
        header.addWidget(self.hall_name, 30)
        header.addLayout(announce, 50)
        header.addWidget(self.last_partida, 17)
        header.addWidget(self.partida, 17)

        # the validated winners, as a banner across the panel (only when there are some)
        self.winners = self._label("winners", VALUE)
        self.winners.setStyleSheet(
            f"color: {VALUE}; background: {WINNERS}; border-radius: 10px; padding: 0 12px;"
        )

        # the board, the last ball and the count of extractions (R-PANEL-2)
        self.board = BoardWidget(parent=self)
        self.board.setObjectName("board")
        self.ball_caption = self._label("ball_caption", CAPTION)
        self.ball = BallWidget(self)
        self.ball.setObjectName("last_ball")
        self.count = Figure("extractions", self)
        ball = QVBoxLayout()
        ball.setSpacing(4)
        ball.addWidget(self.ball_caption, 1)
        ball.addWidget(self.ball, 8)
        top = QHBoxLayout()
        top.setSpacing(12)
        top.addLayout(ball, 6)
        top.addWidget(self.count, 4)
        # the other prizes and their funds (R-PANEL-1, R-PRIMA-4)
        self.prima = Figure("prima", self)
        self.bola_loca = Figure("bola_loca", self)
        self.extras = QWidget(self)
        extras = QHBoxLayout(self.extras)
        extras.setContentsMargins(0, 0, 0, 0)
        extras.setSpacing(12)
        extras.addWidget(self.prima, 1)
        extras.addWidget(self.bola_loca, 1)
        # a game partida's combinations, two a row where the prima and the bola loca go
        self.combinations: list[Figure] = []
        self.combos = QWidget(self)
        self.combos.setObjectName("combinations")
        self._combos = QGridLayout(self.combos)
        self._combos.setContentsMargins(0, 0, 0, 0)
        self._combos.setSpacing(12)
        self.combos.hide()
        right = QVBoxLayout()
        right.setSpacing(12)
        right.addLayout(top, 15)
        right.addWidget(self.extras, 12)
        right.addWidget(self.combos, 12)
        main = QHBoxLayout()
        main.setSpacing(24)
        main.addWidget(self.board, 58)
        main.addLayout(right, 42)

        # the figures of the partida (R-PANEL-1)
        self.cards_sold = Figure("cards_sold", self)
        self.price = Figure("price", self)
        self.line_prize = Figure("line_prize", self)
        self.bingo_prize = Figure("bingo_prize", self)
        self.figures = (self.cards_sold, self.price, self.line_prize, self.bingo_prize)
        tiles = QHBoxLayout()
        tiles.setSpacing(12)
        for tile in self.figures:
            tiles.addWidget(tile, 1)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 12, 20, 16)
        layout.setSpacing(12)
        layout.addLayout(header, 10)
        layout.addWidget(self.winners, 9)
        layout.addLayout(main, 62)
        layout.addLayout(tiles, 22)
        # Without the server, nothing the panel showed can be vouched for: it is covered, as
        # the web panel hides its numbers (R-ACTA-2: never numbers that may be stale).
        self.offline = QLabel(self)
        self.offline.setObjectName("offline")
        self.offline.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.offline.setStyleSheet(f"color: {ALERT}; background: {BACKGROUND};")
        self.offline.hide()
        self.show_state(state)

    def _label(
        self, name: str, colour: str, align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter
    ) -> FitLabel:
        label = FitLabel(parent=self, align=align | Qt.AlignmentFlag.AlignVCenter)
        label.setObjectName(name)
        label.setStyleSheet(f"color: {colour}; background: transparent;")
        return label

    # --- the view -------------------------------------------------------------------------

    @property
    def state(self) -> PanelState:
        return self._state

    def shown_version(self) -> int:
        """The version of the hall this panel shows (see ``PanelState.version``)."""
        return self._state.version

    @property
    def second_language(self) -> str | None:
        """The language shown below Spanish ("eu", "gl", "ca", "en"), or None."""
        languages = self._languages if self._languages is not None else self._state.languages
        return second_language(languages)

    @property
    def bilingual(self) -> bool:
        return self.second_language is not None

    def _second(self, text: str) -> str | None:
        second = self.second_language
        return in_language(second, CONTEXT, text) if second is not None else None

    def _both(self, text: str, sep: str = " · ") -> str:
        other = self._second(text)
        mine = _t(text)
        return f"{mine}{sep}{other}" if other and other != mine else mine

    def _emulated(self, state: PanelState, text: str, second: bool = False) -> str:
        """The announcement, after «EMULADO» when the session's balls came from emulated
        devices: no such partida passes for a real one on the hall's screens (decision 520).
        """
        if not state.emulated:
            return text
        word = (self._second("EMULADO") or _t("EMULADO")) if second else _t("EMULADO")
        return f"{word} · {text}" if text else word

    def show_state(self, state: PanelState) -> None:
        self._state = state
        if state.game is not None:
            self._show_game(state, state.game)
            self._rescale()
            return
        self.combos.hide()
        self.board.set_count(90)
        for tile in (self.line_prize, self.bingo_prize):
            tile.show()
        playing = state.partida is not None
        self.hall_name.setVisible(not playing)
        self.hall_name.setText(state.hall_name)
        key = ANNOUNCEMENTS.get(state.announcement_code, "")
        values = {"n": state.partida}
        mine = _t(key).format(**values).upper() if key else ""
        other = self._second(key) if key else None
        other = other.format(**values).upper() if other else ""
        self.announcement.setText(self._emulated(state, mine))
        self.announcement2.setVisible(self.bilingual)
        self.announcement2.setText("" if other == mine else self._emulated(state, other, True))
        self.partida.setVisible(playing)
        self.partida.setText(f"{_t('Partida').upper()} {state.partida}" if playing else "")
        self.last_partida.setVisible(state.is_last_partida)
        self.last_partida.setText(self._both("ÚLTIMA PARTIDA", "\n"))

        self.board.set_balls(state.balls, state.last_ball)
        self.ball.set_number(state.last_ball)
        self.ball_caption.setText(self._both("Última bola").upper())
        self.count.show_texts(_t("Bolas"), self._second("Bolas"), str(state.extractions))

        def amount(cents: int | None) -> str:
            return euros(cents) if cents else "—"

        self.cards_sold.show_texts(
            _t("Cartones vendidos"), self._second("Cartones vendidos"), str(state.cards_sold)
        )
        self.price.show_texts(
            _t("Precio del cartón"), self._second("Precio del cartón"), amount(state.price_cents)
        )
        self.line_prize.show_texts(
            _t("Línea"), self._second("Línea"), amount(state.line_prize_cents)
        )
        self.bingo_prize.show_texts(
            _t("Bingo"), self._second("Bingo"), amount(state.bingo_prize_cents)
        )
        self.prima.setVisible(state.prima_available)
        self.prima.show_texts(
            _t("Prima de bingo"),
            self._second("Prima de bingo"),
            euros(state.prima_amount_cents),
            self._both("hasta la bola {limit}", "\n").format(limit=state.prima_ball_limit),
        )
        self.bola_loca.setVisible(bool(state.bola_loca_numbers) or state.bola_loca_fund_cents > 0)
        self.extras.setVisible(not (self.prima.isHidden() and self.bola_loca.isHidden()))
        self.bola_loca.show_texts(
            _t("Bola loca"),
            self._second("Bola loca"),
            " · ".join(str(n) for n in state.bola_loca_numbers) or "—",
            self._both("Fondo {amount}", "\n").format(amount=euros(state.bola_loca_fund_cents)),
        )

        self.winners.setVisible(bool(state.winners))
        lines = [self._winner_line(w) for w in state.winners]
        half = (len(lines) + 1) // 2 if len(lines) > 2 else len(lines)
        rows = ["   ·   ".join(lines[:half]), "   ·   ".join(lines[half:])]
        self.winners.setText("\n".join(r for r in rows if r))
        self._rescale()

    def _show_game(self, state: PanelState, game: GamePanel) -> None:
        """A game partida on the screens: its name and state, its N numbers and balls, the
        cartones sold and their price, each combination at stake and, settled, its winners.
        """
        self.hall_name.hide()
        name = dict(game.names).get("es") or game.game_id
        key = ANNOUNCEMENTS.get(game.status, "")
        mine = _t(key).format(n=game.number).upper() if key else ""
        other = self._second(key) if key else None
        other = other.format(n=game.number).upper() if other else ""
        second_name = dict(game.names).get(self.second_language or "", name)
        self.announcement.setText(self._emulated(state, f"{name.upper()} · {mine}"))
        self.announcement2.setVisible(self.bilingual)
        self.announcement2.setText(
            "" if other == mine else self._emulated(state, f"{second_name.upper()} · {other}", True)
        )
        self.partida.show()
        self.partida.setText(f"{_t('Partida').upper()} {game.number}")
        # announced as the last of its modality (R-GAME-6): said as the ordinary last partida
        self.last_partida.setVisible(game.is_last)
        self.last_partida.setText(self._both("ÚLTIMA PARTIDA", "\n"))
        self.board.set_count(game.count)
        self.board.set_balls(game.balls, game.last_ball)
        self.ball.set_number(game.last_ball)
        self.ball_caption.setText(self._both("Última bola").upper())
        drawn = str(len(game.balls))
        if game.planned_balls:
            drawn += f"/{game.planned_balls}"
        self.count.show_texts(_t("Bolas"), self._second("Bolas"), drawn)
        self.cards_sold.show_texts(
            _t("Cartones vendidos"), self._second("Cartones vendidos"), str(game.cards_sold)
        )
        self.price.show_texts(
            _t("Precio del cartón"),
            self._second("Precio del cartón"),
            euros(game.price_cents) if game.price_cents else "—",
        )
        for tile in (self.line_prize, self.bingo_prize):
            tile.hide()
        self.extras.hide()
        while len(self.combinations) < len(game.prizes):
            tile = Figure(f"combination_{len(self.combinations)}", self.combos)
            self._combos.addWidget(tile, *divmod(len(self.combinations), 2))
            self.combinations.append(tile)
        for i, tile in enumerate(self.combinations):
            tile.setVisible(i < len(game.prizes))
            if i < len(game.prizes):
                self._show_combination(tile, game.prizes[i], game.settled)
        self.combos.setVisible(bool(game.prizes) and game.status != "annulled")
        lines = []
        for prize in game.prizes if game.settled else ():
            label = (dict(prize.names).get("es") or prize.combination).upper()
            shown = [f"{w.series} · {w.number}" for w in prize.winners[:3]]
            if prize.winners_count > len(shown):
                shown.append(f"+{prize.winners_count - len(shown)}")
            if shown:
                amount = euros(prize.winners[0].amount_cents)
                lines.append(f"{label}: {', '.join(shown)}  {amount}")
        self.winners.setVisible(bool(lines))
        half = (len(lines) + 1) // 2 if len(lines) > 2 else len(lines)
        rows = ["   ·   ".join(lines[:half]), "   ·   ".join(lines[half:])]
        self.winners.setText("\n".join(r for r in rows if r))

    def _show_combination(self, tile: Figure, prize: GamePrizePanel, settled: bool) -> None:
        names = dict(prize.names)
        second = self.second_language
        caption2 = (names.get(second) or names.get("es", "")) if second is not None else None
        if settled and not prize.winners_count:
            detail = self._both("sin ganador")
        elif prize.each:
            detail = self._both("cada cartón")
        else:
            detail = ""
        tile.show_texts(
            names.get("es") or prize.combination, caption2, euros(prize.stake_cents), detail
        )

    def _winner_line(self, winner: Winner) -> str:
        prize = self._both(PRIZE_WORDS.get(winner.prize, winner.prize), "/").upper()
        line = f"{prize}: {winner.series} · {winner.number}"
        if winner.amount_cents is not None:
            line += f"  {euros(winner.amount_cents)}"
        return line

    # --- scale ----------------------------------------------------------------------------

    def unit(self) -> float:
        """How much bigger or smaller than on a 1920×1080 screen the type is drawn."""
        return max(0.3, min(self.width() / BASE_W, self.height() / BASE_H))

    def show_offline(self, offline: bool) -> None:
        """Cover the panel with "sin conexión" while the hall server cannot be reached."""
        words = [_t("sin conexión")]
        second = self._second("sin conexión")
        if second is not None and second != words[0]:
            words.append(second)
        self.offline.setText("\n".join(w.upper() for w in words))
        self.offline.setGeometry(self.rect())
        self.offline.setVisible(offline)
        if offline:
            self.offline.raise_()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.offline.setGeometry(self.rect())
        self._rescale()
        QTimer.singleShot(0, self, self._rescale)  # again once the nested layouts have settled

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        QTimer.singleShot(0, self, self._rescale)

    def _rescale(self) -> None:
        unit = self.unit()
        font = self.offline.font()
        font.setPixelSize(max(1, int(SIZES["value"] * unit)))
        font.setBold(True)
        self.offline.setFont(font)
        header = int(SIZES["header"] * unit)
        fit_together([self.hall_name, self.announcement, self.partida], header)
        self.announcement2.set_target(int(header * 0.8))
        self.last_partida.set_target(int(header * 0.8))
        caption = int(SIZES["caption"] * unit)
        self.ball_caption.set_target(caption)
        self.winners.set_target(int(SIZES["winner"] * unit))
        for group in (self.figures, (self.prima, self.bola_loca), tuple(self.combinations)):
            tiles = [t for t in group if not t.isHidden()]
            fit_together([t.caption for t in tiles], caption)
            fit_together([t.caption2 for t in tiles], caption)
            fit_together([t.value for t in tiles], int(SIZES["value"] * unit))
            fit_together([t.detail for t in tiles], int(SIZES["detail"] * unit))
        fit_together([self.count.caption, self.count.caption2], caption)
        self.count.value.set_target(int(SIZES["count"] * unit))
