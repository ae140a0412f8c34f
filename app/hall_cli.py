"""The hall a command names, and the commands of its equipment and rules: ``cardset``,
``ballset``, ``rules``.

``--db``, ``--hall`` and ``--config`` mean the same under every command that opens the hall's
record; the helpers here read them (the settings refused before the database is opened, a
``--hall`` the database does not have refused, a named ``--config`` never silently ignored).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.bounds import Id, Seed, Strips
from app.cli_input import (
    EXIT_OK,
    CliError,
    bounded,
    created_database_undone_on_refusal,
    identifier,
    parse_json,
    read_text_file,
    whole_number,
    write_text_file,
)

if TYPE_CHECKING:
    from app.bootstrap import Engine


def hall_settings(args: argparse.Namespace) -> Any:
    """The hall's settings, refused before the database is opened if the record cannot keep
    their identifiers.
    """
    from app.config import load_hall

    settings = load_hall(Path(args.config) if args.config else None)
    for key, value in (
        ("[hall] id", settings.hall_id),
        ("[card_set] id", settings.card_set_id),
        ("[ball_set] id", settings.ball_set_id),
    ):
        try:
            identifier(value)
        except argparse.ArgumentTypeError as exc:
            raise CliError(f"{args.config or 'configuración'}: {key}: {exc}") from None
    return settings


def today() -> str:
    return time.strftime("%Y-%m-%d")


def open_named_hall(
    args: argparse.Namespace, *, create: bool = False, writes: bool = False
) -> AbstractContextManager[Engine]:
    """The engine of the hall the command names (``--db``, ``--hall``, ``--config``); a named
    ``--config`` that does not describe the recorded hall is refused.

    Only the commands that start a record (``simulate``, ``cardset import``) may create the
    database: any other refuses a file that does not exist rather than create an empty one.
    A command that ``writes`` holds the record's writer lock meanwhile (one writer per record),
    and has the record audited first, as ``status`` audits it: an altered one is refused before
    anything is written (decision 640; the store does it anyway before its first write, this
    says it before the command does anything else).
    """
    from app.bootstrap import open_hall

    settings = hall_settings(args)
    engine = open_hall(
        args.db,
        args.hall,
        settings.hall_id,
        settings=settings if args.config else None,
        create=create,
        writer=command_words(args) if writes else None,
    )
    from app.operators_cli import operated  # who commands from the command line (R-ROLE-1)

    opened = engine if create else _named_hall_recorded(engine, args.hall)
    return operated(_audited(opened) if writes else opened, args)


@contextmanager
def _audited(opened: AbstractContextManager[Engine]) -> Iterator[Engine]:
    with opened as engine:
        engine.store.audit_before_writing(engine.service.hall_id)
        yield engine


def command_words(args: argparse.Namespace) -> str:
    """The command line's command and action (``bingo-hall ballset install``): how a writer of
    the record is named to the one it refuses.
    """
    words = [getattr(args, "command", None), getattr(args, "action", None)]
    return " ".join(["bingo-hall", *(str(w) for w in words if w)])


@contextmanager
def _named_hall_recorded(
    opened: AbstractContextManager[Engine], hall: str | None
) -> Iterator[Engine]:
    """A ``--hall`` the database does not have is refused (decision 89): a mistyped id must not
    show an empty hall.
    """
    with opened as engine:
        halls = engine.store.halls()
        if hall and halls and hall not in halls:
            raise CliError(
                f"la base de datos no tiene la sala {hall} (tiene: {', '.join(sorted(halls))})"
            )
        yield engine


def check_config(args: argparse.Namespace) -> None:
    """A named ``--config`` of a command that reads nothing else of it must still describe the
    recorded hall, never be silently ignored (docs/decisions.md 52).
    """
    if args.config:
        with open_named_hall(args, writes=False):
            pass


def add_common(parser: argparse.ArgumentParser) -> None:
    """``--db``, ``--hall`` and ``--config``: the hall a command works on."""
    parser.add_argument(
        "--db",
        help="URL de la base de datos (por defecto, SQLite en la carpeta de datos del usuario; "
        "o BINGO_HALL_DB)",
    )
    parser.add_argument(
        "--hall",
        type=identifier,
        help="identificador de la sala (por defecto, la única de la base de datos o la "
        "configurada)",
    )
    parser.add_argument(
        "--config", help="fichero TOML de la sala (por defecto, la sala de demostración)"
    )


# --- card sets ----------------------------------------------------------------------------------


def cmd_cardset(args: argparse.Namespace) -> int:
    from bingo.cards import CardSetError, dump_card_set, generate_card_set, load_card_set

    if args.action != "import":
        check_config(args)
    if args.action == "generate":
        card_set = generate_card_set(args.id, args.seed, args.strips)
        write_text_file(args.output, dump_card_set(card_set))
        print(f"{args.output}: {len(card_set)} cartones, huella {card_set.digest()[:16]}…")
        return EXIT_OK
    text = read_text_file(args.file, "juego de cartones")
    parse_json(text, args.file)  # malformed or too deep: one clear line, before the checks
    try:
        card_set = load_card_set(text)
    except CardSetError as exc:
        for problem in exc.problems:
            print(f"{args.file}: {problem}", file=sys.stderr)
        raise CliError(
            f"{args.file}: {len(exc.problems)} problemas; juego de cartones rechazado"
        ) from None
    if args.action == "validate":
        print(f"{args.file}: {len(card_set)} cartones válidos, huella {card_set.digest()[:16]}…")
        return EXIT_OK
    # import: every refusal before the first write, so a refused import leaves no row behind
    from store import IntegrityError

    digest = card_set.digest()
    with (
        created_database_undone_on_refusal(args.db),
        open_named_hall(args, create=True, writes=True) as engine,
    ):
        known = engine.service.hall.card_set_info.get(card_set.id)
        if known is not None and known.digest != digest:
            raise CliError(
                f"la sala ya tiene un juego de cartones {card_set.id!r} con otro contenido; "
                "un juego no cambia una vez registrado: impórtelo con otro identificador (R-CARD-2)"
            )
        # Decided before anything is kept: a refused import leaves the database as it was.
        engine.service.hall.register_card_set(card_set, "imported")
        try:
            engine.store.put_card_set(card_set.id, digest, text.encode("utf-8"))
        except IntegrityError as exc:  # another hall of the database keeps that id
            raise CliError(f"{exc}; impórtelo con otro identificador (R-CARD-2)") from None
        engine.service.register_card_set(card_set, "imported")
    print(f"importado el juego de cartones {card_set.id} ({len(card_set)} cartones)")
    return EXIT_OK


# --- ball sets -----------------------------------------------------------------------------------


def cmd_ballset(args: argparse.Namespace) -> int:
    """The ball set in the machine: show it, or record a change (R-BALL-1)."""
    from bingo import events as ev

    with open_named_hall(args, writes=args.action == "install") as engine:
        service = engine.service
        hall = service.hall
        if args.action == "install":
            service.install_ball_set(
                args.id,
                args.homologation,
                args.guaranteed,
                args.partidas_before,
                not args.not_pneumatic,
                args.reason,
            )
            print(f"juego de bolas {args.id} instalado ({args.reason})")
            if hall.session is None:
                print("cuente las 90 bolas del juego nuevo antes de abrir la sesión (R-BALL-2)")
            else:
                print(
                    f"la sesión {hall.session.id} sigue abierta: cuente las 90 bolas del juego "
                    "nuevo en la consola antes de la próxima partida (R-BALL-2)"
                )
        rules = hall.rules
        current = hall.ball_set
        if current is None:
            print("no hay juego de bolas instalado")
            return EXIT_OK
        limit = current.limit(rules) if rules else current.guaranteed_partidas
        print(
            f"instalado: {current.id}, homologación {current.homologation}, "
            f"{current.partidas_played} de {limit} partidas"
            + ("" if current.pneumatic else " (máquina no neumática)")
        )
        if hall.ball_set_uncounted:
            print("pendiente: el recuento de las bolas de este juego en la sesión abierta")
        if args.action == "show":
            for change in hall.ball_set_changes:
                event = change.event
                assert isinstance(event, ev.BallSetInstalled)
                where = f"sesión {change.session_id}, " if change.session_id else ""
                after = f"tras la partida {change.partida}, " if change.partida else ""
                print(f"  {change.at[:16]} {where}{after}{event.ball_set_id}: {event.reason}")
    return EXIT_OK


# --- rules ---------------------------------------------------------------------------------------


def cmd_rules(args: argparse.Namespace) -> int:
    """The rules in force and the region file they came from; ``adopt`` records the rules of a
    settings file, between sessions (R-NET-3).
    """
    from app.bootstrap import adopt_rules, open_hall

    settings = hall_settings(args)
    # rules are of a hall already recorded: looking for them never creates a database; `show`
    # with a named --config refuses another hall's or other rules (adopt says what differs)
    shown = settings if args.config and args.action == "show" else None
    writer = command_words(args) if args.action == "adopt" else None
    with open_hall(
        args.db, args.hall, settings.hall_id, create=False, settings=shown, writer=writer
    ) as engine:
        service = engine.service
        if args.action == "adopt":
            engine.store.audit_before_writing(service.hall_id)  # decision 640
            changed = adopt_rules(service, settings)
            print("reglas adoptadas" if changed else "esas reglas ya son las registradas")
        rules = service.hall.rules
        if rules is None:
            raise CliError(f"la base de datos no tiene la sala {service.hall_id}")
        source = (
            f"versión {rules.region_version}: {rules.region_resolution}"
            if rules.region_version
            else "sin versión (adoptadas antes de que el fichero la llevara)"
        )
        print(f"región {rules.region}, fichero config/regions/{rules.region}.toml, {source}")
        for field in dataclasses.fields(rules):
            if field.name not in ("region", "region_version", "region_resolution"):
                print(f"  {field.name} = {getattr(rules, field.name)}")
    return EXIT_OK


# --- the parsers ---------------------------------------------------------------------------------


def add_cardset(sub: Any) -> None:
    """``cardset generate|validate|import``."""
    p = sub.add_parser("cardset", help="juegos de cartones: generar, validar, importar")
    add_common(p)
    cs = p.add_subparsers(dest="action", metavar="ACCIÓN", required=True)
    g = cs.add_parser("generate", help="genera un juego reproducible de tiras de 6 cartones")
    g.add_argument("--id", type=bounded(Id), required=True)  # as [card_set] takes them
    g.add_argument("--seed", type=bounded(Seed), required=True)
    g.add_argument("--strips", type=bounded(Strips), required=True)
    g.add_argument("-o", "--output", required=True)
    for action, text in (
        ("validate", "comprueba un fichero de juego de cartones"),
        ("import", "importa un juego de cartones a la sala"),
    ):
        a = cs.add_parser(action, help=text)
        a.add_argument("file")
    p.set_defaults(func=cmd_cardset)


def add_ballset(sub: Any) -> None:
    """``ballset show|install``."""
    p = sub.add_parser("ballset", help="el juego de bolas: ver los cambios, cambiarlo (R-BALL-1)")
    bs = p.add_subparsers(dest="action", metavar="ACCIÓN", required=True)
    f = bs.add_parser("show", help="el juego instalado, sus partidas y cada cambio registrado")
    add_common(f)
    f = bs.add_parser("install", help="registra el cambio a otro juego de bolas")
    add_common(f)
    f.add_argument("--id", type=bounded(Id), required=True, help="identificador del juego")
    f.add_argument("--homologation", required=True, help="número de homologación")
    f.add_argument(
        "--guaranteed",
        type=whole_number(1),
        required=True,
        help="partidas garantizadas por el fabricante",
    )
    f.add_argument(
        "--partidas-before",
        type=whole_number(0),
        default=0,
        help="partidas ya jugadas con este juego (0 si es nuevo)",
    )
    f.add_argument("--not-pneumatic", action="store_true", help="la máquina no es neumática")
    f.add_argument("--reason", required=True, help="motivo del cambio (p. ej. bola dañada)")
    p.set_defaults(func=cmd_ballset)


def add_rules(sub: Any) -> None:
    """``rules show|adopt``."""
    p = sub.add_parser("rules", help="las reglas en vigor y su fichero de región (R-NET-3)")
    rs = p.add_subparsers(dest="action", metavar="ACCIÓN", required=True)
    f = rs.add_parser("show", help="las reglas registradas y de qué fichero de región vienen")
    add_common(f)
    f = rs.add_parser(
        "adopt",
        help="registra las reglas de --config (una versión nueva de la región) entre sesiones",
    )
    add_common(f)
    p.set_defaults(func=cmd_rules)
