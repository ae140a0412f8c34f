"""The options of ``serve`` that join a hall to its centre, and which go together.

Apart from ``app.centre.join`` so that building the command line (``bingo-hall --help``) loads
no store, link or server code.
"""

from __future__ import annotations

import argparse

__all__ = ["HALL_ONLY", "JOIN_ONLY", "add_arguments", "devices_of", "usage_problem"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--join", metavar="URL", help="une la sala al centro de bingo simultáneo (wss://…)"
    )
    parser.add_argument("--join-hall", help="nombre de la sala ante el centro (su identificador)")
    parser.add_argument("--join-secret-file", help="fichero con la clave de la sala ante el centro")
    parser.add_argument("--join-ca", help="certificado (PEM) de la autoridad del centro (TLS)")
    parser.add_argument("--join-db", help="base de datos de la copia del registro central")


#: The options that only mean something with ``--join`` (their dest names).
JOIN_ONLY = ("join_hall", "join_secret_file", "join_ca", "join_db")
#: A hall's options that the centre (``--centre``) does not use.
HALL_ONLY = ("join",)


def devices_of(args: argparse.Namespace) -> str:
    """Where ``serve``'s balls come from (``--devices``): by default a hall's emulated devices,
    and the centre's table typing each ball (decision 290), as before the centre had devices.
    """
    given: str | None = getattr(args, "devices", None)
    return given or ("none" if getattr(args, "centre", False) else "emulated")


def usage_problem(args: argparse.Namespace) -> str | None:
    """Why ``serve``'s options do not go together (exit 2), or None: an option that would be
    silently ignored is refused, so the staff never believe a setting is in force when it is not.
    """

    def given(names: tuple[str, ...]) -> list[str]:
        return ["--" + n.replace("_", "-") for n in names if getattr(args, n, None) is not None]

    if getattr(args, "centre", False) and given(HALL_ONLY):
        return f"{', '.join(given(HALL_ONLY))} no vale con --centre (es de una sala, no del centro)"
    if not getattr(args, "join", None) and given(JOIN_ONLY):
        return f"{', '.join(given(JOIN_ONLY))} solo vale con --join URL (unir la sala al centro)"
    devices = devices_of(args)
    if devices != "emulated" and given(("traffic", "seed")):
        where = "del centro" if getattr(args, "centre", False) else "de la sala"
        return (
            f"{', '.join(given(('traffic', 'seed')))} solo vale con los dispositivos emulados "
            f"(--devices emulated); los {where} son --devices {devices}"
        )
    return None
