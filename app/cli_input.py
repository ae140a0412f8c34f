"""What the command line reads before it acts: input files, argument values, the database.

Every way such input can be wrong ends in a ``CliError`` with a Spanish message and its exit
code (1 refused, 2 wrong usage), raised before anything is written.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

EXIT_OK, EXIT_REFUSED, EXIT_USAGE, EXIT_INTEGRITY, EXIT_INTERRUPTED = 0, 1, 2, 3, 130

EXIT_CODES_TEXT = (
    "códigos de salida: 0 hecho; 1 rechazado (reglas, fichero o base de datos inutilizable; el "
    "mensaje dice por qué; no se escribe nada); 2 orden mal escrita; 3 falló una comprobación "
    "de integridad; 130 interrumpido"
)

#: Longest identifier the record keeps (hall, session, card set, ball set).
MAX_ID_LENGTH = 64


class CliError(Exception):
    """A clear message for the operator and an exit code."""

    def __init__(self, message: str, code: int = EXIT_REFUSED) -> None:
        super().__init__(message)
        self.code = code


@contextmanager
def created_database_undone_on_refusal(db_url: str | None) -> Iterator[None]:
    """A SQLite file the command creates is removed again if the command is then refused with
    nothing recorded in it: a refusal leaves no empty database behind.
    """
    from store import StoreError, default_database_url, open_store
    from store.engine import parse_url, sqlite_file

    url = db_url or default_database_url()
    try:
        path = sqlite_file(parse_url(url))
    except StoreError:
        path = None  # opening will say what is wrong with the URL
    fresh = path is not None and not path.exists()
    try:
        yield
    except Exception:
        if fresh and path is not None and path.exists():
            try:
                with open_store(url, create=False) as store:
                    empty = not store.halls()
            except StoreError:
                empty = False
            if empty:
                for suffix in ("", "-wal", "-shm", "-journal"):
                    Path(f"{path}{suffix}").unlink(missing_ok=True)
        raise


# --- reading and writing files ------------------------------------------------------------------


def read_text_file(path: str | Path, what: str = "fichero") -> str:
    """The UTF-8 text of an input file, or a ``CliError`` saying plainly why it cannot be read."""
    path = Path(path)
    try:
        if not path.exists():
            raise CliError(f"no existe el {what} «{path}»")
        if not path.is_file():
            raise CliError(f"«{path}» no es un fichero")
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CliError(
            f"«{path}» no es texto UTF-8 (byte {exc.start}); guárdelo como UTF-8"
        ) from None
    except OSError as exc:
        raise CliError(f"no se puede leer «{path}»: {exc.strerror or exc}") from None


def parse_json(text: str, path: str | Path) -> Any:
    """JSON text as data, or a ``CliError`` (malformed, or nested too deep to be a real file)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(
            f"«{path}»: JSON mal formado: {exc.msg} (línea {exc.lineno}, columna {exc.colno})"
        ) from None
    except RecursionError:
        raise CliError(f"«{path}»: JSON anidado a demasiada profundidad") from None


def write_text_file(path: str | Path, text: str) -> None:
    """Write an output file whole, or a ``CliError`` (missing folder, no permission…).

    The text goes to a temporary file beside it first, so a failure never leaves half a file.
    """
    path = Path(path)
    if path.exists() and not path.is_file() and not path.is_dir():
        # a device, a FIFO, /dev/stdout: written in place, never replaced by a regular file
        try:
            with path.open("w", encoding="utf-8") as out:
                out.write(text)
        except OSError as exc:
            raise CliError(f"no se puede escribir «{path}»: {exc.strerror or exc}") from None
        return
    if path.is_symlink():  # a link is followed: its target gets the text, the link stays
        path = Path(os.path.realpath(path))
    if not path.parent.is_dir():
        raise CliError(f"no existe la carpeta «{path.parent}» donde escribir «{path.name}»")
    if path.is_dir():
        raise CliError(f"«{path}» es una carpeta, no un fichero")
    partial = path.with_name(f".{path.name}.partial")
    try:
        partial.write_text(text, "utf-8")
        partial.replace(path)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise CliError(f"no se puede escribir «{path}»: {exc.strerror or exc}") from None


# --- argument types: a clear message and exit 2 for a malformed value ------------------------


def iso_date(value: str) -> str:
    """A calendar date written AAAA-MM-DD within the program's years (``app.bounds``):
    ``2026-13-45`` and ``0001-01-01`` are refused, not carried along.
    """
    from app.bounds import session_date

    try:
        return session_date(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def bounded(kind: Any) -> Callable[[str], Any]:
    """An argparse type for one of ``app.bounds``'s types: the option takes the value the
    settings take, within the same bound (one definition for both doors).
    """
    from app.bounds import check

    def parse(value: str) -> Any:
        text: Any = value
        if kind.__origin__ is int:
            try:
                text = int(value)
            except ValueError:
                raise argparse.ArgumentTypeError(f"«{value}» no es un número entero") from None
        try:
            return check(text, kind)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    parse.__name__ = "valor"
    return parse


def whole_number(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type: an integer ≥ ``minimum`` (and ≤ ``maximum`` if given)."""

    def parse(value: str) -> int:
        try:
            number = int(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"«{value}» no es un número entero") from None
        if number < minimum:
            raise argparse.ArgumentTypeError(f"debe ser {minimum} o más, no {number}")
        if maximum is not None and number > maximum:
            raise argparse.ArgumentTypeError(f"debe ser {maximum} o menos, no {number}")
        return number

    parse.__name__ = "número"
    return parse


def identifier(value: str) -> str:
    """An identifier the record can keep: 1 to 64 printable characters."""
    if not value.strip() or len(value) > MAX_ID_LENGTH or not value.isprintable():
        raise argparse.ArgumentTypeError(
            f"identificador no válido {value!r}: de 1 a {MAX_ID_LENGTH} caracteres imprimibles"
        )
    return value
