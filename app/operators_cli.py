"""``bingo-hall operator add|list|disable``: the hall's people (R-ROLE-1, R-ROLE-3).

A new database has no operators: the first one is added without anyone's authorisation and
must be a jefe de sala. From then on, adding or disabling someone needs an active jefe de sala's
name (``--by``) and PIN, verified at that moment and recorded like any login (decision 135).
Secrets are asked twice without echo, or read from standard input with ``--pin-stdin`` (one
line for the new secret, then one for the jefe de sala's), for scripts.

Exit codes as in the rest of the command line: 0 done, 1 refused (nothing changed), 2 wrong usage.
"""

from __future__ import annotations

import argparse
import getpass
import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any

from app.cli_input import CliError
from bingo import rights as rt

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2

STATES = {True: "activo", False: "de baja"}


class OperatorCliError(CliError):
    """Refused (1) or wrong usage (2), with the message for the staff."""


def add_parsers(subparsers: Any) -> None:
    """Add ``operator`` to the main command line. Operators belong to the database: every hall
    in it shares them.
    """
    p: argparse.ArgumentParser = subparsers.add_parser(
        "operator", help="los operadores de la sala: alta, lista, baja (R-ROLE-1)"
    )
    ops = p.add_subparsers(dest="action", metavar="ACCIÓN", required=True)
    a = ops.add_parser("add", help="da de alta a un operador con su papel y su PIN")
    _db(a)
    a.add_argument("name", metavar="NOMBRE", help="nombre del operador (el que consta en el acta)")
    a.add_argument(
        "--role", required=True, choices=list(rt.ROLES), help="papel: " + ", ".join(rt.ROLES)
    )
    _authoriser(a)
    lst = ops.add_parser("list", help="los operadores: nombre, papel, estado, último acceso")
    _db(lst)
    d = ops.add_parser(
        "disable", help="da de baja a un operador (no se borra: el registro lo nombra)"
    )
    _db(d)
    d.add_argument("name", metavar="NOMBRE")
    _authoriser(d)
    p.set_defaults(func=run)


def _db(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        help="URL de la base de datos (por defecto, SQLite en la carpeta de datos del usuario; "
        "o BINGO_HALL_DB)",
    )


#: The commands that write to the hall's record and so say who commands them (``None``: the
#: command itself, else its actions). ``simulate`` plays every part itself and names nobody.
WRITERS: dict[str, tuple[str, ...] | None] = {
    "transcribe": None,
    "ballset": ("install",),
    "rules": ("adopt",),
    "reclamacion": ("file", "settle"),
}


def add_authorisers(subparsers: Any) -> None:
    """``--by`` and ``--pin-stdin`` on the commands of ``WRITERS`` (decision 135)."""
    for name, actions in WRITERS.items():
        parser = subparsers.choices.get(name)
        if parser is None:
            continue
        if actions is None:
            _authoriser(parser)
            continue
        nested = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        for action in actions:
            _authoriser(nested.choices[action])


def _authoriser(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--by",
        metavar="JEFE_DE_SALA",
        help="el jefe de sala que lo autoriza (se le pide su PIN); no hace falta para el "
        "primer operador de una sala nueva",
    )
    parser.add_argument(
        "--pin-stdin",
        action="store_true",
        help="lee los PIN de la entrada estándar, uno por línea (el nuevo, y luego el del "
        "jefe de sala), sin preguntar",
    )


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except OperatorCliError as exc:
        print(f"bingo-hall: {exc}", file=sys.stderr)
        return exc.code


def _run(args: argparse.Namespace) -> int:
    from app.cli_input import created_database_undone_on_refusal
    from store import open_store
    from store.operators import OperatorBook, OperatorError

    create = args.action == "add"  # the first operator of a new hall may create its database
    # a refused add leaves no empty database behind
    undone = created_database_undone_on_refusal(args.db) if create else nullcontext()
    # Operators are rows of the database, never records of a hall's chain: they are added and
    # disabled while the hall's server runs (a login open is ended at once, decision 427), so
    # they take no writer's lock (decision 547).
    with undone, open_store(args.db, create=create) as store:
        book = OperatorBook(store)
        try:
            if args.action == "list":
                return _list(book)
            _audited(store)
            secrets = _secrets(args)
            if args.action == "add":
                problem = rt.name_problem(args.name)
                if problem:
                    raise OperatorCliError(problem, EXIT_USAGE)
                if book.get(args.name) is not None:
                    raise OperatorCliError(f"ya existe un operador llamado {args.name!r}")
                secret = next(secrets)
                problem = rt.secret_problem(secret)
                if problem:
                    raise OperatorCliError(problem)
                _authorised(book, args, "operator_add", secrets)
                who = book.add(args.name, args.role, secret)
                print(f"{who.name}: dado de alta como {rt.ROLES[who.role]}")
            else:
                if book.get(args.name) is None:
                    raise OperatorCliError(f"no hay ningún operador llamado {args.name!r}")
                _authorised(book, args, "operator_disable", secrets)
                who = book.disable(args.name)
                print(f"{who.name}: dado de baja el {who.disabled_at}")
        except OperatorError as exc:
            raise OperatorCliError(str(exc)) from None
    return EXIT_OK


def _audited(store: Any) -> None:
    """Operators are the database's, every hall's: each hall's record is audited as ``status``
    audits it before one is added or disabled, and an altered one refuses it (decision 640).
    """
    from app.checkpoints import before_writing

    for hall_id in store.halls():
        before_writing(store, hall_id)


def _list(book: Any) -> int:
    people = book.everyone()
    if not people:
        print("no hay operadores: el primero se da de alta con "
              "`bingo-hall operator add NOMBRE --role jefe_de_sala`")  # fmt: skip
    for op in people:
        state = STATES[op.active] + ("" if op.active else f" desde {op.disabled_at}")
        last = op.last_login or "nunca"
        print(f"{op.name}\t{rt.ROLES.get(op.role, op.role)}\t{state}\túltimo acceso: {last}"
              + _guessed(book, op.name))  # fmt: skip
    return EXIT_OK


def _guessed(book: Any, name: str) -> str:
    """The wrong PINs of ``name`` in the last hour at every station, when there are any, and
    whether they reached the ceiling that locks it away from the server's machine (decision 590).
    """
    from store.operators import ACCOUNT_CEILING

    wrong = int(book.account_failures(name))
    if not wrong:
        return ""
    locked = " (bloqueado salvo en el equipo del servidor)" if wrong >= ACCOUNT_CEILING else ""
    return f"\tPIN erróneos en la última hora: {wrong}{locked}"


def _authorised(book: Any, args: argparse.Namespace, action: str, secrets: Iterator[str]) -> None:
    """The jefe de sala's authorisation, unless the database has no active jefe de sala yet."""
    if not book.active_sala():
        if args.by:
            raise OperatorCliError(
                "no hay ningún jefe de sala activo que pueda autorizar: quite --by", EXIT_USAGE
            )
        return
    if not args.by:
        raise OperatorCliError(
            f"{rt.words(action)} necesita la autorización de un jefe de sala: --by NOMBRE "
            "(y su PIN)",
            EXIT_USAGE,
        )
    book.authorise(args.by, next(secrets, ""), "cli", action)


def _secrets(args: argparse.Namespace) -> Iterator[str]:
    """The secrets the action needs, in order: from standard input, or asked without echo."""
    if args.pin_stdin:
        for line in sys.stdin:
            yield line.rstrip("\r\n")
        return
    if not sys.stdin.isatty():
        raise OperatorCliError(
            "no hay terminal para pedir el PIN sin eco: use --pin-stdin", EXIT_USAGE
        )
    if args.action == "add":
        first = getpass.getpass(f"PIN o contraseña de {args.name}: ")
        again = getpass.getpass("repítalo: ")
        if first != again:
            raise OperatorCliError("los dos PIN no coinciden: no se ha dado de alta a nadie")
        yield first
    if args.by:
        yield getpass.getpass(f"PIN de {args.by} (jefe de sala): ")


class CliRights:
    """The command line's gate (``bingo.rights.Rights``) once the database has operators: the
    jefe de sala named by ``--by`` asks, and authorises with the PIN he types for this command.
    """

    def __init__(self, book: Any, name: str, secret: str) -> None:
        self.book, self.name, self.secret = book, name, secret
        self.role = book.verify(name, secret, "cli").role

    def asker(self) -> rt.Actor:
        return rt.Actor(self.name, self.role, "cli")

    def authorise(self, action: str) -> rt.Actor:
        from bingo.service import NotAuthorised, check_ask
        from store.operators import OperatorError

        check_ask(self.name, self.role, action)
        try:
            self.book.authorise(self.name, self.secret, "cli", action, self.name)
        except OperatorError as exc:
            raise NotAuthorised(str(exc)) from None
        return rt.Actor(self.name, self.role, "cli", self.name, action)


class LazyCliRights:
    """The command line's gate on a database with operators: ``--by`` and the PIN are asked for
    at the command's first write, so a command that only reads needs neither.
    """

    def __init__(self, store: Any, args: argparse.Namespace) -> None:
        self.store, self.args = store, args
        self._rights: CliRights | None = None

    def _known(self) -> CliRights:
        if self._rights is None:
            self._rights = _command_line_rights(self.store, self.args)
        return self._rights

    def asker(self) -> rt.Actor:
        return self._known().asker()

    def authorise(self, action: str) -> rt.Actor:
        return self._known().authorise(action)


@contextmanager
def operated(opened: AbstractContextManager[Any], args: argparse.Namespace) -> Iterator[Any]:
    """The hall engine of a command line command, with its gate when the command writes and the
    database has operators (decision 135).
    """
    from store.operators import OperatorBook

    with opened as engine:
        if hasattr(args, "by") and OperatorBook(engine.store).has_operators():
            engine.service.rights = LazyCliRights(engine.store, args)
        yield engine


def _command_line_rights(store: Any, args: argparse.Namespace) -> CliRights:
    """The operator of ``--by`` with his PIN, checked now (a login from the command line)."""
    from store.operators import OperatorBook, OperatorError

    book = OperatorBook(store)
    if not args.by:
        raise OperatorCliError(
            "la sala tiene operadores: diga quién da la orden con --by NOMBRE (y su PIN); "
            "lo que necesita al jefe de sala, con el nombre de un jefe de sala",
            EXIT_USAGE,
        )
    if args.pin_stdin:
        secret = sys.stdin.readline().rstrip("\r\n")
    elif sys.stdin.isatty():
        secret = getpass.getpass(f"PIN de {args.by} (jefe de sala): ")
    else:
        raise OperatorCliError("no hay terminal para pedir el PIN sin eco: use --pin-stdin", 2)
    try:
        return CliRights(book, args.by, secret)
    except OperatorError as exc:
        raise OperatorCliError(str(exc)) from None
