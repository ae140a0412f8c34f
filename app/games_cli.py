"""The game definitions on the command line: ``simulate --game FILE`` and ``instructions``.

A game file is read and checked here, at the edge (``app.config.game_files``); the hall plays
what it allows (docs/games.md).
"""

from __future__ import annotations

import argparse
import io
from pathlib import Path
from typing import TYPE_CHECKING

from app.cli_input import EXIT_OK, EXIT_REFUSED, CliError
from app.config.game_files import load_game, shipped_game, shipped_games
from bingo.game.definition import GameDefinition
from bingo.hall.games import PLAYED_PLANS
from bingo.rules import RegionRules

if TYPE_CHECKING:
    from actas.instructions import HallTerms

__all__ = ["add_parsers", "game_to_simulate", "hall_terms", "offered_games"]

MODALITY_NAMES = {
    "ordinario": "bingo ordinario",
    "derivado": "bingo derivado",
    "plus": "bingo plus",
}


def game_to_simulate(path: Path, region: str) -> GameDefinition | None:
    """The game a simulated session plays: None for the ordinary bingo (played exactly as
    without ``--game``), else a derivado or plus definition the hall plays partida by partida;
    refused, before anything is written, unless authorised in the hall's region and played by
    partidas (docs/decisions.md 187, 260).
    """
    game = load_game(path)  # a ConfigError names the file and the fault (exit 1)
    if region not in game.regions:
        raise CliError(
            f"{path}: el juego {game.id} está autorizado en {', '.join(game.regions)}, no en "
            f"la región de la sala ({region}); no se ha escrito nada",
            EXIT_REFUSED,
        )
    if game.is_ordinary:
        return None
    if game.plan not in PLAYED_PLANS:
        raise CliError(
            f"{path}: el {MODALITY_NAMES[game.modality]} ({game.id}) con plan «{game.plan}» aún "
            "no se juega en la sala (docs/games.md); no se ha escrito nada",
            EXIT_REFUSED,
        )
    return game


def offered_games(region: str) -> list[GameDefinition]:
    """Every published game authorised in ``region``, the ordinary bingo first: the games whose
    instructions the hall keeps for its players (decision 186).
    """
    offered = [shipped_game(name) for name in shipped_games()]
    return sorted((g for g in offered if region in g.regions), key=lambda g: not g.is_ordinary)


def hall_terms(name: str, region: str, rules: RegionRules, prima_amount_cents: int) -> HallTerms:
    """What the instructions state of a hall, in its region's official languages (the region
    file's ``[hall] languages``: Euskadi, disposición adicional décima).
    """
    from actas.instructions import HallTerms
    from app.config import load_region

    loaded = load_region(region)
    return HallTerms(
        hall=name,
        region=loaded.id.capitalize(),
        rules=rules,
        prima_amount_cents=prima_amount_cents,
        languages=tuple(loaded.hall.get("languages", ["es"])),
    )


def add_parsers(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "instructions",
        help="las instrucciones de los juegos para los jugadores, en las lenguas oficiales (PDF)",
    )
    p.add_argument(
        "--config", help="fichero TOML de la sala (por defecto, la sala de demostración)"
    )
    p.add_argument(
        "--game",
        action="append",
        metavar="FICHERO",
        help="fichero del juego (repetible; por defecto, los publicados para la región)",
    )
    p.add_argument("-o", "--output", type=Path, required=True, help="PDF de salida")
    p.set_defaults(func=cmd_instructions)


def cmd_instructions(args: argparse.Namespace) -> int:
    """The instructions PDF of the hall's games, in its region's official languages (Euskadi,
    disposición adicional décima; docs/decisions.md 186).
    """
    from actas.instructions import render_instructions
    from app.acta_cli import _write
    from app.config import load_hall

    settings = load_hall(Path(args.config) if args.config else None)
    games = (
        [load_game(Path(path)) for path in args.game]
        if args.game
        else offered_games(settings.region)
    )
    for game in games:
        if settings.region not in game.regions:
            raise CliError(
                f"el juego {game.id} está autorizado en {', '.join(game.regions)}, no en la "
                f"región de la sala ({settings.region}); no se ha escrito nada"
            )
    terms = hall_terms(settings.name, settings.region, settings.rules, settings.prima_initial_cents)
    pdf = io.BytesIO()
    render_instructions(pdf, games, terms)
    _write(args.output, pdf.getvalue())
    print(f"instrucciones de {len(games)} juegos en {args.output}")
    return EXIT_OK
