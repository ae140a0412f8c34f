"""What can go wrong in the store, as exceptions the rest of the system can act on.

A failure of the database itself (the driver's error) is a ``StoreError`` of a *kind*
(``UNREACHABLE``, ``BUSY``…): its message is a Spanish sentence for the hall's staff saying
what is wrong and what they can check, never the driver's text, which is kept apart in
``detail`` for the log (it may name hosts, paths and SQL, in English). The store's own refusals
(no such file, a record altered) carry their own Spanish message and no kind.
"""

from __future__ import annotations

#: The database server does not answer (refused, lost, timed out).
UNREACHABLE = "unreachable"
#: Another program holds the database's write lock.
BUSY = "busy"
DISK_FULL = "disk_full"
READ_ONLY = "read_only"
#: The user, password or permissions are refused.
DENIED = "denied"
#: The tables are not the ones this version of the program expects.
SCHEMA = "schema"
#: The file is damaged, truncated or not a database.
CORRUPT = "corrupt"
#: The file cannot be opened, read or written (the disk, the folder's permissions).
FILE = "file"
#: Any other failure of the driver.
FAILED = "failed"

#: What the staff read for each kind: what is wrong, and what they can do about it.
SAYS = {
    UNREACHABLE: "la base de datos no responde: compruebe que el servidor de base de datos está "
    "en marcha y que la red llega hasta él",
    BUSY: "la base de datos está ocupada por otro programa que escribe en ella: espere un "
    "momento y repita; si sigue ocupada, cierre el otro programa (otra copia del servidor, "
    "una copia de seguridad en curso)",
    DISK_FULL: "el disco de la base de datos está lleno: libere espacio y repita",
    READ_ONLY: "la base de datos solo se puede leer: compruebe los permisos del fichero y de su "
    "carpeta, o los del usuario de la base de datos",
    DENIED: "la base de datos rechaza el acceso: compruebe el usuario, la contraseña, el nombre "
    "de la base de datos y sus permisos (--db o BINGO_HALL_DB)",
    SCHEMA: "la base de datos no tiene las tablas que espera esta versión del programa: "
    "compruebe que es la base de datos de la sala (--db o BINGO_HALL_DB)",
    CORRUPT: "la base de datos está dañada o truncada: restaure la última copia de seguridad",
    FILE: "no se puede abrir, leer o escribir el fichero de la base de datos: compruebe el "
    "disco y los permisos del fichero y de su carpeta",
    FAILED: "la base de datos ha fallado",
}


class StoreError(Exception):
    """The event record could not be read or written.

    ``kind``: one of the kinds above when the database itself failed, None when the message is
    the store's own refusal. ``detail``: the driver's text, for the log only.
    """

    def __init__(
        self, message: str = "", *, kind: str | None = None, detail: str | None = None
    ) -> None:
        super().__init__(message or SAYS.get(kind or FAILED, SAYS[FAILED]))
        self.kind = kind
        self.detail = detail


class DatabaseUrlError(StoreError):
    """The database URL is malformed or names a backend or driver that is not available."""


class ConcurrencyError(StoreError):
    """Another writer appended to the hall's record first; nothing of ours was written."""


class IntegrityError(StoreError):
    """The stored record is not what was written: a hash, a link or a card set does not match."""

    def __init__(self, message: str, seq: int | None = None) -> None:
        super().__init__(message)
        self.seq = seq


# SQLite's primary result codes (``sqlite3.Error.sqlite_errorname``, its extended codes share
# the prefix) and PostgreSQL's SQLSTATE classes and codes (psycopg's ``sqlstate``).
_SQLITE = {
    "SQLITE_BUSY": BUSY,
    "SQLITE_LOCKED": BUSY,
    "SQLITE_FULL": DISK_FULL,
    "SQLITE_READONLY": READ_ONLY,
    "SQLITE_PERM": DENIED,
    "SQLITE_AUTH": DENIED,
    "SQLITE_CORRUPT": CORRUPT,
    "SQLITE_NOTADB": CORRUPT,
    "SQLITE_CANTOPEN": FILE,
    "SQLITE_IOERR": FILE,
}
_SQLSTATE = {
    "08": UNREACHABLE,  # connection exception
    "57P01": UNREACHABLE,  # admin shutdown
    "57P02": UNREACHABLE,  # crash shutdown
    "57P03": UNREACHABLE,  # cannot connect now
    "53100": DISK_FULL,
    "25006": READ_ONLY,  # read-only SQL transaction (a standby)
    "28": DENIED,  # invalid authorisation
    "42501": DENIED,  # insufficient privilege
    "3D000": DENIED,  # no such database
    "42P01": SCHEMA,  # undefined table
    "42703": SCHEMA,  # undefined column
    "55P03": BUSY,  # lock not available
    "40P01": BUSY,  # deadlock
    "57014": BUSY,  # statement timeout
    "XX001": CORRUPT,
    "XX002": CORRUPT,
}

_LOGIN_REFUSED = ("authentication failed", "no pg_hba.conf entry", "does not exist")


def driver_kind(orig: BaseException | None, *, connection_lost: bool = False) -> str:
    """The kind of a driver's error ``orig`` (sqlite3's or psycopg's)."""
    name = getattr(orig, "sqlite_errorname", None)
    if isinstance(name, str):
        for prefix, kind in _SQLITE.items():
            if name == prefix or name.startswith(prefix + "_"):
                return kind
        text = str(orig)
        if "no such table" in text or "no such column" in text:
            return SCHEMA
        if "malformed" in text:
            return CORRUPT
        return FAILED
    state = getattr(orig, "sqlstate", None)
    if isinstance(state, str) and state:
        return _SQLSTATE.get(state, _SQLSTATE.get(state[:2], FAILED))
    # psycopg says a failed connection with no SQLSTATE, as an OperationalError; libpq's text
    # tells a refused login from a server that is not there
    if connection_lost or type(orig).__name__ == "OperationalError":
        text = str(orig)
        if any(said in text for said in _LOGIN_REFUSED):
            return DENIED
        return UNREACHABLE
    return FAILED


def driver_error(orig: BaseException | None, *, connection_lost: bool = False) -> StoreError:
    """The ``StoreError`` of a driver's error: its kind, its Spanish sentence, and the driver's
    own text as the detail for the log.
    """
    kind = driver_kind(orig, connection_lost=connection_lost)
    return StoreError(kind=kind, detail=f"{type(orig).__name__}: {orig}".strip())
