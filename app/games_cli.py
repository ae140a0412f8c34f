"""The game definitions on the command line: ``simulate --game FILE`` and ``instructions``.

A game file is read and checked here, at the edge (``app.config.game_files``); the hall plays
what it allows (docs/games.md).
"""

from __future__ import annotations

from pathlib import Path

from app.cli_input import EXIT_REFUSED, CliError
from app.config.game_files import load_game
from bingo.game.definition import GameDefinition

__all__ = ["game_to_simulate"]

MODALITY_NAMES = {
    "ordinario": "bingo ordinario",
    "derivado": "bingo derivado",
    "plus": "bingo plus",
}


def game_to_simulate(path: Path, region: str) -> GameDefinition:
    """The game a simulated session plays, refused unless the hall can play and record it.

    Today the hall's record, its export and its acta hold the ordinary bingo only: another
    modality is refused before anything is written (docs/decisions.md 185).
    """
    game = load_game(path)  # a ConfigError names the file and the fault (exit 1)
    if region not in game.regions:
        raise CliError(
            f"{path}: el juego {game.id} está autorizado en {', '.join(game.regions)}, no en "
            f"la región de la sala ({region}); no se ha escrito nada",
            EXIT_REFUSED,
        )
    if not game.is_ordinary:
        raise CliError(
            f"{path}: el {MODALITY_NAMES[game.modality]} ({game.id}) aún no se juega en la sala: "
            "el registro, la exportación y el acta solo recogen el bingo ordinario "
            "(docs/games.md); no se ha escrito nada",
            EXIT_REFUSED,
        )
    return game
