"""Where the database is and how a connection to it is set up.

SQLite (the default, one file per installation) is tuned for a record that must survive a
crash: write-ahead log, ``synchronous=FULL`` (every commit is on disk before it returns),
foreign keys on and a busy timeout. A write transaction is started with ``BEGIN IMMEDIATE`` so
that a second writer waits for the first at the start, never half way. PostgreSQL needs nothing
special beyond ``synchronous_commit = on``, which is set per connection to be independent of
the server's configuration.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import URL, Connection, make_url

from store.errors import DatabaseUrlError
from store.reader import (
    ENV_DB,
    SQLITE_BUSY_TIMEOUT_S,
    check_sqlite_file,
    default_database_file,
    read_only_uri,
    sqlite_on_connect,
    uri_file,
)

#: Execution option read by the SQLite ``begin`` hook: "DEFERRED" (reads) or "IMMEDIATE".
BEGIN_MODE = "bingo_begin"


def default_database_url() -> str:
    """The SQLite file in the user's data folder, or ``$BINGO_HALL_DB`` when set.

    The data folder is created when missing, so the URL can be opened at once.
    """
    override = os.environ.get(ENV_DB, "").strip()
    if override:
        return override
    path = default_database_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    return URL.create("sqlite", database=str(path)).render_as_string()


def is_sqlite(url: str | URL) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def parse_url(url: str) -> URL:
    """``url`` parsed, its backend and driver known and installed, else ``DatabaseUrlError``."""
    try:
        parsed = make_url(url)
        parsed.get_dialect()
    except sa_exc.NoSuchModuleError:
        raise DatabaseUrlError(
            f"tipo de base de datos desconocido en {url!r}: se admiten sqlite y postgresql"
        ) from None
    except sa_exc.ArgumentError:
        raise DatabaseUrlError(
            f"URL de base de datos mal formada: {url!r} (p. ej. sqlite:///sala.sqlite o "
            "postgresql+psycopg://usuario@servidor/base)"
        ) from None
    except ImportError as err:
        raise DatabaseUrlError(
            f"falta el controlador de la base de datos de {url!r}: {err.name or err}"
        ) from None
    if parsed.get_backend_name() not in ("sqlite", "postgresql"):  # mysql://, oracle://…
        raise DatabaseUrlError(
            f"tipo de base de datos no admitido en {url!r}: se admiten sqlite y postgresql"
        )
    return parsed


def sqlite_file(url: URL) -> Path | None:
    """The file of a SQLite URL (a URI filename's too), or None for any other backend or an
    in-memory database.
    """
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    if url.database.startswith("file:"):  # a URI filename: only with uri=true is it one
        if str(url.query.get("uri", "")).lower() not in ("true", "1"):
            return None
        return uri_file(url.database, url.query.get("mode"))
    return Path(url.database)


def check_database_file(url: URL, *, create: bool) -> None:
    """Refuse, before anything is written, a SQLite file that is not the hall's database
    (``store.reader.check_sqlite_file``, which reading without SQLAlchemy uses too).
    """
    path = sqlite_file(url)
    in_memory = url.get_backend_name() == "sqlite" and url.database in (None, "", ":memory:")
    if in_memory and not create:  # a database in memory has no record to read: wrong usage
        raise DatabaseUrlError(
            f"{url.render_as_string()!r} es una base de datos en memoria, sin ningún registro: "
            "indique el fichero de la sala (p. ej. sqlite:///sala.sqlite)"
        )
    if path is not None:
        check_sqlite_file(path, create=create)


def make_engine(url: str) -> Engine:
    """An engine with the store's durability and locking settings for its backend."""
    parsed = parse_url(url)
    if parsed.get_backend_name() == "postgresql":
        try:  # the driver is imported only here, by the engine
            parsed.get_dialect().import_dbapi()
        except ImportError as err:
            raise DatabaseUrlError(
                f"falta el controlador de la base de datos de {url!r}: {err.name or err} "
                "(instale el extra «postgres»)"
            ) from None
    if parsed.get_backend_name() == "sqlite":
        engine = create_engine(parsed, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_S})
        event.listen(engine, "connect", sqlite_on_connect)
        event.listen(engine, "begin", _sqlite_on_begin)
        return engine
    engine = create_engine(parsed, pool_pre_ping=True)
    if parsed.get_backend_name() == "postgresql":
        event.listen(engine, "connect", _postgresql_on_connect)
    return engine


def make_read_only_engine(path: Path) -> Engine:
    """An engine that only reads the SQLite file ``path`` on read-only media (an inspector's
    write-protected copy): opened ``immutable`` (``store.reader.read_only_uri``), with none of
    the store's PRAGMAs, which write. A write through it fails as the media would refuse it.
    Apart from ``make_engine`` and the writer's lock: reading only (decision 645).
    """
    import sqlite3

    uri = read_only_uri(path)

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(uri, uri=True, check_same_thread=False, isolation_level=None)

    engine = create_engine("sqlite://", creator=connect)
    event.listen(engine, "begin", _sqlite_on_begin)
    return engine


def _sqlite_on_begin(conn: Connection) -> None:
    mode = conn.get_execution_options().get(BEGIN_MODE, "DEFERRED")
    if mode not in ("DEFERRED", "IMMEDIATE"):
        raise ValueError(f"modo de transacción desconocido: {mode!r}")
    conn.exec_driver_sql(f"BEGIN {mode}")


def _postgresql_on_connect(dbapi_connection: Any, _record: Any) -> None:
    autocommit = dbapi_connection.autocommit
    dbapi_connection.autocommit = True
    try:
        with dbapi_connection.cursor() as cursor:
            cursor.execute("SET synchronous_commit TO on")
    finally:
        dbapi_connection.autocommit = autocommit
