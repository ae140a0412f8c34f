"""``bingo-hall config check FILE``: a hall's settings file checked as every ``--config`` reads
it (the types of ``app.config.types`` and the region's bounds), without opening a database.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from app.cli_input import EXIT_OK


def add_parsers(subparsers: Any) -> None:
    parser = subparsers.add_parser("config", help="el fichero de configuración de la sala")
    actions = parser.add_subparsers(dest="action", metavar="ACCIÓN", required=True)
    check = actions.add_parser(
        "check",
        help="comprueba un fichero de la sala como lo lee --config (no abre la base de datos)",
    )
    check.add_argument("file", metavar="FICHERO", help="el fichero TOML de la sala")
    check.set_defaults(func=cmd_check)


def cmd_check(args: argparse.Namespace) -> int:
    from app.config import load_hall

    settings = load_hall(Path(args.file))  # a ConfigError: its message and exit 1 (app.cli)
    rules = settings.rules
    bola = f"bola loca {rules.bola_loca_bp} pb" if rules.bola_loca_bp else "sin bola loca"
    joined = settings.interconnected_network
    price = f"{settings.face_value_cents // 100},{settings.face_value_cents % 100:02d} €"
    primas = ", ".join(f"{a // 100} €" for a in settings.prima_amounts_cents) or "ninguna"
    print(f"{args.file}: correcto")
    print(
        f"  sala {settings.hall_id} «{settings.name}», región {settings.region} (versión "
        f"{rules.region_version} de su fichero)"
    )
    print(
        f"  cartones {settings.card_set_id}: {settings.card_set_strips * 6}; series "
        f"{settings.series_prefix} de {settings.series_size}, {price} el cartón"
    )
    print(f"  primas: {primas}; {bola}; interconectado: {joined or 'no'}")
    return EXIT_OK
