"""The hall's operators: names, roles, slow salted hashes of their secrets, and every attempt to
authenticate, accepted or not (R-ROLE-1, R-ROLE-3; docs/decisions.md 132, 133).

A secret is hashed with scrypt (the standard library's), salted, its parameters stored with
the hash so they can be raised later: a hash made with lower ones is redone at the next
accepted login. Comparisons are constant-time. The lock after wrong secrets is computed from
the recorded attempts, so restarting the server or the console does not lift it.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import logging
import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from sqlalchemy import ColumnElement, delete, func, select, update
from sqlalchemy import exc as sa_exc
from sqlalchemy.orm import Session

from bingo import rights as rt
from store.engine import BEGIN_MODE
from store.event_store import EventStore, driver_failure
from store.models import OperatorAttemptRow, OperatorRow

log = logging.getLogger(__name__)

#: scrypt's cost: 2**15 × 8 × 128 bytes = 32 MiB and some 50-100 ms a hash on a hall's PC.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**15, 8, 1
SALT_BYTES, HASH_BYTES = 16, 32

# Outcomes of an attempt.
ACCEPTED = "accepted"
WRONG = "wrong_secret"  # also an unknown name: the message does not tell them apart
DISABLED = "disabled"
LOCKED = "locked"  # refused unseen while the name or the station is locked
NOT_SALA = "not_jefe_de_sala"  # an authorisation by someone who is not a jefe de sala
REFUSED = "refused"  # a command refused for want of rights (R-ROLE-2: the refusal is recorded)
FAILURES = (WRONG, DISABLED, LOCKED)  # what counts towards a lock
#: Wrong secrets of one name in an hour, at every station together, past which the name is
#: locked at every station but the server's own machine (decision 590): each address was a new
#: station with three guesses of its own, 60 of them some 6,100 guesses an hour.
ACCOUNT_CEILING = 20
ACCOUNT_WINDOW = dt.timedelta(hours=1)
#: The attempts kept (decision 591): none older than ``ATTEMPT_RETENTION``, and at most
#: ``MAX_ATTEMPTS`` rows, the oldest going first; looked at every ``PRUNE_EVERY`` attempts.
#: Unauthenticated logins were rows of the hall's database at 52-80 a second, never pruned.
ATTEMPT_RETENTION = dt.timedelta(days=90)
MAX_ATTEMPTS = 200_000
PRUNE_EVERY = 500
#: The server's own machine: the jefe de sala can always log in there, whatever the network did.
OWN_MACHINE = frozenset({"127.0.0.1", "::1"})
#: What a wrong secret, an unknown name and a disabled operator are all told (decisions 132, 427).
WRONG_WORDS = "nombre o PIN incorrectos"

Clock = Callable[[], dt.datetime]


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def hash_secret(secret: str, n: int = SCRYPT_N, r: int = SCRYPT_R, p: int = SCRYPT_P) -> str:
    salt = secrets.token_bytes(SALT_BYTES)
    digest = _scrypt(secret, salt, n, r, p)
    return "$".join(("scrypt", str(n), str(r), str(p), _b64(salt), _b64(digest)))


def secret_matches(secret: str, stored: str) -> bool:
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        expected = base64.b64decode(digest)
        found = _scrypt(secret, base64.b64decode(salt), int(n), int(r), int(p))
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(found, expected)


def _needs_rehash(stored: str) -> bool:
    parts = stored.split("$")
    return len(parts) != 6 or (int(parts[1]), int(parts[2]), int(parts[3])) < (
        SCRYPT_N,
        SCRYPT_R,
        SCRYPT_P,
    )


def _scrypt(secret: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        secret.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=256 * n * r + 2**20, dklen=32
    )


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


#: A hash of nothing anyone knows, checked for an unknown name so it costs as long as a real one.
_DUMMY = hash_secret(secrets.token_hex(16))

#: The attempts of one station are checked one after the other (decision 421): its lock is read,
#: the secret compared and the attempt recorded before its next attempt reads the lock, however
#: many the station sends at once. A station's lock covers every name typed there, so this is
#: the key; stations share a stripe at random, which only makes them wait on each other.
_STATION_TURNS = tuple(threading.Lock() for _ in range(64))


def _turn(client: str) -> threading.Lock:
    digest = hashlib.blake2b(client.encode("utf-8", "replace"), digest_size=2).digest()
    return _STATION_TURNS[int.from_bytes(digest, "big") % len(_STATION_TURNS)]


def _count(result: object) -> int:
    """The rows a DELETE removed (its cursor's count; 0 when the driver does not say)."""
    rows = getattr(result, "rowcount", 0)
    return rows if isinstance(rows, int) and rows > 0 else 0


class OperatorError(Exception):
    """Refused: bad input, an operator that exists or not, a wrong secret, a lock. The message
    is for the staff (Spanish).
    """

    def __init__(self, message: str, outcome: str = "") -> None:
        super().__init__(message)
        self.outcome = outcome


@dataclass(frozen=True)
class Operator:
    name: str
    role: str
    created_at: str
    disabled_at: str | None
    last_login: str | None = None

    @property
    def active(self) -> bool:
        return self.disabled_at is None


@contextmanager
def _said() -> Iterator[None]:
    """The database's failures as the store's errors (``StoreError`` of a kind, the driver's
    text its detail), as the event store says them.
    """
    try:
        yield
    except sa_exc.DBAPIError as err:
        raise driver_failure(err) from err


class OperatorBook:
    """The operators of the store's database (every hall in it shares them)."""

    def __init__(self, store: EventStore, clock: Clock = utc_now) -> None:
        self._engine = store.engine
        self._clock = clock
        self._recorded = 0  # attempts recorded by this book since its last pruning

    @contextmanager
    def _writing(self) -> Iterator[Session]:
        """A write transaction that takes the database's write lock first (``BEGIN IMMEDIATE``
        on SQLite, as the event store does), committed on success.
        """
        with _said(), self._engine.connect() as connection:
            connection.execution_options(**{BEGIN_MODE: "IMMEDIATE"})
            with connection.begin():
                session = Session(bind=connection, expire_on_commit=False)
                try:
                    yield session
                    session.flush()
                finally:
                    session.close()

    @contextmanager
    def _reading(self) -> Iterator[Session]:
        with _said(), Session(self._engine, expire_on_commit=False) as session:
            yield session

    def _now(self) -> str:
        return self._clock().isoformat(timespec="milliseconds")

    # --- the people --------------------------------------------------------------------------

    def has_operators(self) -> bool:
        """True once an operator was ever added: from then on nobody commands without a login."""
        with self._reading() as session:
            return session.scalar(select(func.count()).select_from(OperatorRow)) != 0

    def active_sala(self) -> bool:
        """True while an active jefe de sala exists (then adding people needs his authorisation)."""
        with self._reading() as session:
            stmt = select(func.count()).where(
                OperatorRow.role == rt.JEFE_DE_SALA, OperatorRow.disabled_at.is_(None)
            )
            return bool(session.scalar(stmt))

    def add(self, name: str, role: str, secret: str) -> Operator:
        problem = rt.name_problem(name) or rt.secret_problem(secret)
        if role not in rt.ROLES:
            problem = problem or f"papel desconocido: {role!r} (hay: {', '.join(rt.ROLES)})"
        if problem:
            raise OperatorError(problem)
        hashed = hash_secret(secret)
        with self._writing() as session:
            if session.get(OperatorRow, name) is not None:
                raise OperatorError(f"ya existe un operador llamado {name!r}")
            first = session.scalar(select(func.count()).select_from(OperatorRow)) == 0
            if first and role != rt.JEFE_DE_SALA:
                raise OperatorError(
                    "el primer operador de la sala debe ser un jefe de sala (--role jefe_de_sala)"
                )
            row = OperatorRow(name=name, role=role, secret_hash=hashed, created_at=self._now())
            session.add(row)
        return Operator(name, role, row.created_at, None)

    def disable(self, name: str) -> Operator:
        with self._writing() as session:
            row = session.get(OperatorRow, name)
            if row is None:
                raise OperatorError(f"no hay ningún operador llamado {name!r}")
            if row.disabled_at is not None:
                raise OperatorError(f"{name} ya estaba dado de baja ({row.disabled_at})")
            if row.role == rt.JEFE_DE_SALA:
                others = session.scalar(
                    select(func.count()).where(
                        OperatorRow.role == rt.JEFE_DE_SALA,
                        OperatorRow.disabled_at.is_(None),
                        OperatorRow.name != name,
                    )
                )
                if not others:
                    raise OperatorError(
                        f"{name} es el último jefe de sala activo: dé de alta a otro antes"
                    )
            row.disabled_at = self._now()
            return Operator(row.name, row.role, row.created_at, row.disabled_at)

    def everyone(self) -> list[Operator]:
        with self._reading() as session:
            last = (
                select(OperatorAttemptRow.name, func.max(OperatorAttemptRow.at).label("at"))
                .where(OperatorAttemptRow.outcome == ACCEPTED)
                .where(OperatorAttemptRow.purpose == "login")
                .group_by(OperatorAttemptRow.name)
                .subquery()
            )
            rows = session.execute(
                select(OperatorRow, last.c.at)
                .outerjoin(last, last.c.name == OperatorRow.name)
                .order_by(OperatorRow.name)
            ).all()
            return [Operator(r.name, r.role, r.created_at, r.disabled_at, at) for r, at in rows]

    def get(self, name: str) -> Operator | None:
        with self._reading() as session:
            row = session.get(OperatorRow, name)
            return (
                None
                if row is None
                else Operator(row.name, row.role, row.created_at, row.disabled_at)
            )

    # --- authentication ----------------------------------------------------------------------

    def verify(self, name: str, secret: str, client: str, purpose: str = "login") -> Operator:
        """The operator whose ``secret`` this is, or ``OperatorError``; every call is recorded.

        A name or station locked after wrong secrets is refused without looking at the secret
        (decision 133). An unknown name costs as long as a known one and gets the same message.
        """
        name, client = name[:64], client[:128]
        with _turn(client):
            return self._verify(name, secret, client, purpose)

    def _verify(self, name: str, secret: str, client: str, purpose: str) -> Operator:
        now = self._clock()
        locked = self.locked_until(name, client)
        if (locked is None or locked <= now) and client not in OWN_MACHINE and name:
            locked = self.account_locked_until(name, now)
        if locked is not None and locked > now:
            self.record(name, client, purpose, LOCKED)
            raise OperatorError(
                f"demasiados intentos fallidos: {name or client} queda bloqueado hasta las "
                f"{locked.astimezone().strftime('%H:%M:%S')}",
                LOCKED,
            )
        with self._reading() as session:
            row = session.get(OperatorRow, name)
            stored = row.secret_hash if row is not None else _DUMMY
            good = secret_matches(secret, stored) and row is not None
            found = (
                None
                if row is None
                else Operator(row.name, row.role, row.created_at, row.disabled_at)
            )
        if not good or found is None:
            self.record(name, client, purpose, WRONG)
            raise OperatorError(WRONG_WORDS, WRONG)
        if not found.active:
            # the words and the count of a wrong secret: telling "dado de baja" would tell
            # whoever typed it that the PIN was right (decision 427); the book and the log
            # keep the reason for the staff
            self.record(name, client, purpose, DISABLED)
            log.info("%s: acceso rechazado en %s, dado de baja desde %s", name, client,
                     found.disabled_at)  # fmt: skip
            raise OperatorError(WRONG_WORDS, WRONG)
        if _needs_rehash(stored):
            with self._writing() as session:
                session.execute(
                    update(OperatorRow)
                    .where(OperatorRow.name == name)
                    .values(secret_hash=hash_secret(secret))
                )
        self.record(name, client, purpose, ACCEPTED)
        return found

    def authorise(
        self, name: str, secret: str, client: str, action: str, asked_by: str = ""
    ) -> Operator:
        """The jefe de sala's authorisation of ``action`` at this moment (R-ROLE-2); asked
        without one, the refusal is recorded under who asked.
        """
        purpose = f"authorise:{action}"
        if not name or not secret:
            self.record(name or asked_by or "-", client, purpose, REFUSED)
            raise OperatorError(
                f"{rt.words(action)}: hace falta la autorización del jefe de sala, con su "
                "nombre y su PIN en ese momento",
                REFUSED,
            )
        who = self.verify(name, secret, client, purpose)
        if who.role != rt.JEFE_DE_SALA:
            self.record(name, client, purpose, NOT_SALA)
            raise OperatorError(
                f"{name} no es jefe de sala: {rt.words(action)} lo autoriza solo un jefe de sala",
                NOT_SALA,
            )
        return who

    def record(self, name: str, client: str, purpose: str, outcome: str) -> None:
        with self._writing() as session:
            session.add(
                OperatorAttemptRow(
                    at=self._now(), name=name[:64], client=client[:128], purpose=purpose[:64],
                    outcome=outcome,
                )
            )  # fmt: skip
        self._recorded += 1
        if self._recorded >= PRUNE_EVERY:
            self._recorded = 0
            self.prune()

    def prune(self) -> int:
        """Forget the attempts past ``ATTEMPT_RETENTION`` and beyond the newest
        ``MAX_ATTEMPTS``; how many were forgotten. The locks read only the newest attempts of a
        name or station, and the ceiling the last hour's.
        """
        since = (self._clock() - ATTEMPT_RETENTION).isoformat(timespec="milliseconds")
        with self._writing() as session:
            gone = _count(
                session.execute(delete(OperatorAttemptRow).where(OperatorAttemptRow.at < since))
            )
            newest = session.scalar(select(func.max(OperatorAttemptRow.id)))
            if newest is not None and newest > MAX_ATTEMPTS:
                gone += _count(
                    session.execute(
                        delete(OperatorAttemptRow).where(
                            OperatorAttemptRow.id <= newest - MAX_ATTEMPTS
                        )
                    )
                )
        if gone:
            log.info("intentos de acceso: %d olvidados (más antiguos o de más)", gone)
        return int(gone)

    def attempts(self, name: str | None = None) -> list[tuple[str, str, str, str, str]]:
        """(at, name, client, purpose, outcome) of every attempt, oldest first."""
        with self._reading() as session:
            stmt = select(OperatorAttemptRow).order_by(OperatorAttemptRow.id)
            if name is not None:
                stmt = stmt.where(OperatorAttemptRow.name == name)
            return [(r.at, r.name, r.client, r.purpose, r.outcome) for r in session.scalars(stmt)]

    def locked_until(self, name: str, client: str) -> dt.datetime | None:
        """When the name at this station, or the station, may try again; None when it is not
        locked. A name is locked where its wrong secrets were typed, not everywhere: someone
        else's wrong PINs elsewhere on the hall's network never lock the jefe de sala out of
        his own table (decision 133).
        """
        by_name = (OperatorAttemptRow.name == name, OperatorAttemptRow.client == client)
        ends = [
            end
            for end in (
                self._lock_end(*by_name) if name else None,
                self._lock_end(OperatorAttemptRow.client == client) if client else None,
            )
            if end is not None
        ]
        return max(ends) if ends else None

    def account_failures(self, name: str, now: dt.datetime | None = None) -> int:
        """The wrong secrets of ``name`` in the last ``ACCOUNT_WINDOW``, at every station."""
        since = ((now or self._clock()) - ACCOUNT_WINDOW).isoformat(timespec="milliseconds")
        with self._reading() as session:
            return int(
                session.scalar(
                    select(func.count())
                    .select_from(OperatorAttemptRow)
                    .where(OperatorAttemptRow.name == name)
                    .where(OperatorAttemptRow.outcome.in_((WRONG, DISABLED)))
                    .where(OperatorAttemptRow.at >= since)
                )
                or 0
            )

    def account_locked_until(self, name: str, now: dt.datetime) -> dt.datetime | None:
        """When ``name`` may be tried again away from the server's machine, once its wrong
        secrets at all stations together reached ``ACCOUNT_CEILING`` in an hour; else None.
        The lock lifts when the oldest of the newest ``ACCOUNT_CEILING`` leaves the hour (it
        said an hour from each try, later than true and moving with every refused try).
        """
        since = (now - ACCOUNT_WINDOW).isoformat(timespec="milliseconds")
        with self._reading() as session:
            times = session.scalars(
                select(OperatorAttemptRow.at)
                .where(OperatorAttemptRow.name == name)
                .where(OperatorAttemptRow.outcome.in_((WRONG, DISABLED)))
                .where(OperatorAttemptRow.at >= since)
                .order_by(OperatorAttemptRow.at.desc())
                .limit(ACCOUNT_CEILING + 1)
            ).all()
        if len(times) < ACCOUNT_CEILING:
            return None
        if len(times) == ACCOUNT_CEILING:
            log.warning(
                "%s: %d PIN erróneos en una hora desde varios puestos; bloqueado salvo en el "
                "equipo del servidor", name, ACCOUNT_CEILING,
            )  # fmt: skip
        return dt.datetime.fromisoformat(times[ACCOUNT_CEILING - 1]) + ACCOUNT_WINDOW

    def _lock_end(self, *where: ColumnElement[bool]) -> dt.datetime | None:
        """The end of the lock earned by the failures in a row since the last accepted attempt
        (attempts refused while locked count too: hammering a lock lengthens it).
        """
        with self._reading() as session:
            rows = session.execute(
                select(OperatorAttemptRow.at, OperatorAttemptRow.outcome)
                .where(*where)
                .where(OperatorAttemptRow.outcome != REFUSED)
                .order_by(OperatorAttemptRow.id.desc())
                .limit(rt.FREE_FAILURES + 20)
            ).all()
        failures = 0
        last_at: str | None = None
        for at, outcome in rows:
            if outcome not in FAILURES:
                break
            failures += 1
            last_at = last_at or at
        seconds = rt.lock_seconds(failures)
        if not seconds or last_at is None:
            return None
        return dt.datetime.fromisoformat(last_at) + dt.timedelta(seconds=seconds)
