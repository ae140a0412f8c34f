"""The window's side of the page of other modalities: the games the server offers, who is at
the controls, and each action of the page sent to the hall server as its game command
(``ui.client.remote.RemoteService``; docs/games.md, "Commands"). Nothing is written here: a
refusal is the server's, shown in the red banner like any other.

The partidas of another modality are played at a station of the hall server, which reads and
checks the game's published file; a console on a hall service of its own shows the page and
says so.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bingo import commands as cmd
from ui.console.dialogs import ConfirmDialog, IncidentDialog
from ui.console.game_state import GameView, OfferedGame, derive_games
from ui.console.texts import t

if TYPE_CHECKING:
    from ui.console.pages.games import GamesPage
    from ui.console.window import ConsoleWindow


class Games:
    """The page of other modalities, for ``window`` (its hall, service and banner)."""

    def __init__(self, window: ConsoleWindow, page: GamesPage) -> None:
        self.window = window
        self.page = page
        self.offered: list[OfferedGame] | None = None  # asked of the server once it answers
        page.chosen.connect(window.refresh)
        page.adoptGame.connect(self.adopt)
        page.registerCardSet.connect(self.register_card_set)
        page.registerSerie.connect(self.register_serie)
        page.startPartida.connect(self.start)
        page.sell.connect(self.sell)
        page.closeSale.connect(lambda: self._send(t("Cerrar la venta"), cmd.CloseGameSale()))
        page.drawBall.connect(self.draw)
        page.closePartida.connect(
            lambda: self._send(t("Cerrar la partida"), cmd.CloseGamePartida())
        )
        page.payPrizes.connect(lambda: self._send(t("Pagar los premios"), cmd.PayGamePrizes()))
        page.announceLast.connect(self.announce_last)
        page.incident.connect(self.incident)
        page.annul.connect(self.annul)

    @property
    def service(self) -> Any:
        return self.window.service

    @property
    def remote(self) -> bool:
        return hasattr(self.service, "offered_games")

    def role(self) -> str | None:
        """The role of the operator at the controls; None in a hall without operators."""
        link = getattr(self.service, "link", None)
        operator = getattr(link, "operator", None)
        if operator is not None:
            return str(operator[1])
        rights = getattr(self.service, "rights", None)
        return rights.asker().role if rights is not None else None

    def _games(self) -> list[OfferedGame]:
        if self.offered is None and self.remote:
            try:
                self.offered = [OfferedGame.from_wire(g) for g in self.service.offered_games()]
            except Exception as exc:  # asked again at the next refresh
                self.window.log_line(t("Juegos del servidor: {reason}").format(reason=exc))
                return []
        return self.offered or []

    def view(self) -> GameView:
        view = derive_games(self.window.hall, self._games(), self.page.choice(), self.role(), t)
        if not self.remote:
            info = t("Las otras modalidades se juegan en un puesto del servidor de la sala.")
            view = replace(view, allowed=frozenset(), game_info=info)
        return view

    def refresh(self) -> None:
        self.page.show_view(self.view())

    # --- the commands ------------------------------------------------------------------------

    def _send(self, what: str, command: cmd.Command[Any]) -> bool:
        if command.name not in self.view().allowed:
            return False
        return self.window.attempt(what, lambda: self.service.handle(command))

    def adopt(self, game: str) -> None:
        self._send(t("Adoptar el juego"), cmd.AdoptGame(game=game))

    def register_card_set(self, game_id: str, card_set_id: str, count: int) -> None:
        self._send(
            t("Cartones del juego"),
            cmd.RegisterGameCardSet(game_id=game_id, card_set_id=card_set_id, count=count),
        )

    def register_serie(self, code: str, card_set_id: str, size: int) -> None:
        serie = cmd.RegisterGameSerie(code=code, card_set_id=card_set_id, size=size)
        if self._send(t("Registrar la serie"), serie):
            self.page.sale_count.setFocus()

    def start(self, game_id: str, card_set_id: str, face_value_cents: int) -> None:
        partida = cmd.StartGamePartida(
            game_id=game_id, card_set_id=card_set_id, face_value_cents=face_value_cents
        )
        if self._send(t("Iniciar la partida"), partida):
            self.page.sale_count.setFocus()

    def sell(self, series: str, count: int) -> None:
        self._send(t("Venta"), cmd.SellGameCount(series=series, count=count))

    def draw(self, number: int) -> None:
        if self._send(t("Bola"), cmd.DrawGameBall(number=number)):
            self.page.ball_recorded()

    def announce_last(self) -> None:
        """The partida in course is the last of its modality in the session (R-GAME-6, decision
        393): asked first, as the ordinary announcement is, for it cannot be undone.
        """
        view = self.view()
        if "announce_last_game_partida" not in view.allowed:
            return
        dialog = ConfirmDialog(
            t("Última partida"),
            t(
                "Se anunciará a la sala que la partida {n} es la última de {modality} de la "
                "sesión. Después no puede jugarse ninguna otra de {modality}; el bingo "
                "ordinario y la otra modalidad siguen."
            ).format(n=view.number, modality=view.modality),
            t("Anunciar la última partida"),
            self.window,
        )
        dialog.accepted.connect(
            lambda: self._send(t("Última partida"), cmd.AnnounceLastGamePartida())
        )
        self.window.open_dialog(dialog)

    def incident(self) -> None:
        """A failure once the balls began: the partida goes on by hand (R-INC-2)."""
        self._incident(
            "failure_after_extraction_began", t("Seguir por extracción manual"), "game_incident"
        )

    def annul(self) -> None:
        self._incident(self.view().annul_incident, t("Anular la partida y devolver"), "annul")

    def _incident(self, incident: str, action_text: str, command: str) -> None:
        name = "game_incident" if command == "game_incident" else "annul_game_partida"
        view = self.view()
        if name not in view.allowed:
            return
        dialog = IncidentDialog(
            incident,
            action_text,
            self.window,
            ball_count=len(view.balls),
            region=self.window.hall.region,
        )

        def confirmed() -> None:
            note = dialog.note.text().strip()
            command: cmd.Command[None] = (
                cmd.GameIncident(incident=incident, note=note)
                if name == "game_incident"
                else cmd.AnnulGamePartida(incident=incident, note=note)
            )
            self._send(t("Incidencia"), command)

        dialog.accepted.connect(confirmed)
        self.window.open_dialog(dialog)
