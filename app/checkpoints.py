"""Signed checkpoints: what the chain alone cannot show (inspección de juego, R-ACTA-6).

A hash chain shows an edited or removed record in the middle, but not a chain re-hashed forward
after an edit, nor the newest records removed, nor a database file copied without its
write-ahead log: each of those leaves a chain that is intact. So the hall's key (the one that
seals the actas, ``actas.seal``) signs a checkpoint — hall, database id, record count, head
hash, times — in the same transaction as every partida or session close. The newest one is
also written outside the database, next to the key, under the database's id.

``audit`` checks a record against its checkpoints and that copy, and names what is missing or
forged. ``docs/store.md`` says exactly what is and is not detected.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import json
import logging
import os
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from bingo import events as ev
from bingo.chain import ChainBreak, Checkpoint, Record
from store.errors import IntegrityError, StoreError
from store.rows import CheckpointView

#: What a signer's refusal leaves: the write it was asked for, never what was committed before.
NOT_WRITTEN = (
    "no se firma ni se escribe lo que se iba a escribir (lo anterior queda en el registro)"
)

if TYPE_CHECKING:  # the cryptography is imported where a key is read or a signature checked
    from cryptography.hazmat.primitives.asymmetric.types import PrivateKeyTypes, PublicKeyTypes

    from store.event_store import EventStore

log = logging.getLogger(__name__)

#: Closes: each ends with a signed checkpoint in the database, which the audit requires.
CLOSE_KINDS = frozenset({ev.PartidaClosed.kind, ev.PartidaAnnulled.kind, ev.SessionClosed.kind})
#: The points that move money or fix the game: their transaction keeps its checkpoint in the
#: database too, an anchor that a copy of the database checked without the key folder still
#: has (decision 641). Every other commit's checkpoint is kept only next to the key.
STORED_KINDS = CLOSE_KINDS | frozenset(
    {
        ev.SaleClosed.kind,
        ev.CartonesReturned.kind,
        ev.PrizeAwarded.kind,
        ev.PrizesPaid.kind,
        ev.PartidaSuspended.kind,
        ev.PartidaResumed.kind,
        ev.IncidentRecorded.kind,
        ev.BallCorrected.kind,
        ev.ManualExtractionStarted.kind,
        ev.InterconnectedSettled.kind,
        ev.TerminalPrizePaid.kind,
        ev.GameSaleClosed.kind,
        ev.GameIncidentRecorded.kind,
        ev.GamePrizeAwarded.kind,
        ev.GamePartidaClosed.kind,
        ev.GamePrizesPaid.kind,
        ev.GamePartidaAnnulled.kind,
    }
)
#: Folder, next to the hall's key, holding the newest checkpoint of each database.
EXTERNAL_DIR = "checkpoints"

CLOSE_TEXT = {
    ev.PartidaClosed.kind: "cierre de partida",
    ev.PartidaAnnulled.kind: "anulación de partida",
    ev.SessionClosed.kind: "cierre de sesión",
}


def key_folder(hall_id: str, keys_dir: Path | None = None) -> Path:
    """Where the hall's key, certificates and external checkpoints are (``actas.seal``)."""
    from actas.seal import keys_root

    return keys_root(keys_dir) / _file_name(hall_id)


def _file_name(text: str) -> str:
    from actas.seal import SealError, _safe

    try:
        return _safe(text)
    except SealError as exc:
        raise StoreError(str(exc)) from None


def key_id(public: PublicKeyTypes) -> str:
    from cryptography.hazmat.primitives import serialization

    der = public.public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    return hashlib.sha256(der).hexdigest()


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


class HallKeySigner:
    """Signs checkpoints with the hall's key, loaded (created on first use) at the first one."""

    def __init__(
        self,
        hall_id: str,
        keys_dir: Path | None = None,
        close_kinds: Iterable[str] = CLOSE_KINDS,
        stored_kinds: Iterable[str] = STORED_KINDS,
        passphrase: bytes | None = None,
        hall_name: Callable[[], str] = lambda: "",
    ) -> None:
        self.hall_id = hall_id
        self._hall_name = hall_name  # for the self-signed certificate, if the key is new
        self.keys_dir = keys_dir
        self.close_kinds = frozenset(close_kinds)
        self.stored_kinds = frozenset(stored_kinds) | self.close_kinds
        self._passphrase = passphrase
        self._key: PrivateKeyTypes | None = None
        self._key_id = ""
        self._lock = threading.Lock()

    def wants(self, records: Sequence[Record]) -> bool:
        """Whether the transaction's checkpoint is kept in the database too (every commit's is
        signed and kept next to the key: ``remember``).
        """
        return any(rec.kind in self.stored_kinds for rec in records)

    def admit(self, source: CheckpointSource, hall_id: str) -> None:
        """Before this process first writes the hall's record: ``before_writing``."""
        before_writing(source, hall_id, self.keys_dir)

    def sign(
        self,
        hall_id: str,
        store_id: str,
        head: Record,
        hash_at: Callable[[int], str | None],
        first_of_record: bool = False,
        copy: bool = False,
        stored: bool = True,
    ) -> Checkpoint | None:
        """The checkpoint of the record ending at ``head``; None for a commit that is not
        ``stored`` made before the hall's key exists and before the record names the hall (the
        set-up's first commit): the key's certificate names the hall, so it is made at the
        next commit.
        """
        if hall_id != self.hall_id:
            raise StoreError(f"la clave de la sala {self.hall_id} no firma por la sala {hall_id}")
        if not stored and self._key is None and not self._key_made() and not self._hall_name():
            return None
        key = self._load()
        self._check_continues(store_id, head, hash_at, first_of_record, copy)
        checkpoint = Checkpoint(
            hall_id=hall_id,
            store_id=store_id,
            seq=head.seq,
            head_hash=head.hash,
            head_at=head.at,
            signed_at=_now(),
            key_id=self._key_id,
        )
        signature = _sign(key, checkpoint.statement())
        return replace(checkpoint, signature=base64.b64encode(signature).decode("ascii"))

    def _check_continues(
        self,
        store_id: str,
        head: Record,
        hash_at: Callable[[int], str | None],
        first_of_record: bool,
        copy: bool,
    ) -> None:
        """Refuse to sign a record that does not continue the checkpoint kept next to the key:
        signing it would replace that copy, the one trace of records removed or rewritten.

        The store id is the database's to choose, so a record with closes and no checkpoint is
        signed as "written before checkpoints existed" only while the key folder holds no
        checkpoint of this hall at all: otherwise it is a record whose checkpoints were removed
        and its id changed, and signing it would launder it (decision 113).
        """
        folder = key_folder(self.hall_id, self.keys_dir)
        try:
            kept = read_external(folder, store_id)
            signed_before = (
                first_of_record and kept is None and hall_checkpoints(folder, self.hall_id)
            )
        except ValueError as exc:
            raise StoreError(f"{exc}; {NOT_WRITTEN}") from exc
        if copy and kept is None:
            # A copy's first checkpoint continues the one ``bingo-hall backup`` filed for it
            # next to the key; a database that only says it is a copy is not one (decision 114).
            raise StoreError(
                "la base de datos dice ser una copia, pero «bingo-hall backup» no la registró "
                f"junto a la clave de la sala: {NOT_WRITTEN}; para usar una "
                "copia, hágala (o restáurela) con «bingo-hall backup» (docs/store.md)"
            )
        if signed_before:
            raise StoreError(
                "el registro de la sala tiene cierres y ningún punto de control firmado, y la "
                f"clave de la sala ya firmó {len(signed_before)} punto(s) de control de la sala: "
                f"se borraron sus puntos de control; {NOT_WRITTEN}; compruébelo "
                "con «bingo-hall status» (docs/store.md)"
            )
        if kept is None:
            return
        found = hash_at(kept.seq) if kept.seq <= head.seq else None
        if found != kept.head_hash:
            raise StoreError(
                f"el registro de la sala no continúa el punto de control firmado de las "
                f"{when(kept)} (registro {kept.seq}) guardado junto a la clave: {NOT_WRITTEN}; "
                "compruébelo con «bingo-hall status» (docs/store.md)"
            )

    def remember(self, checkpoint: Checkpoint, stored: bool = True) -> None:
        """Write the checkpoint next to the key (``stored``: the database holds it too); the
        record is already committed, so a failure here is logged, not raised.
        """
        try:
            write_external(key_folder(self.hall_id, self.keys_dir), checkpoint, stored=stored)
        except OSError as exc:
            log.error("no se pudo guardar la copia del punto de control junto a la clave: %s", exc)

    def _key_made(self) -> bool:
        from actas.seal import KEY_FILE

        return (key_folder(self.hall_id, self.keys_dir) / KEY_FILE).exists()

    def _load(self) -> PrivateKeyTypes:
        from actas.seal import SealError, ensure_keys, load_key

        with self._lock:
            if self._key is None:
                try:
                    name = self._hall_name()
                    try:
                        keys = ensure_keys(self.hall_id, name, directory=self.keys_dir)
                    except FileExistsError:  # another process created it at the same instant
                        keys = ensure_keys(self.hall_id, name, directory=self.keys_dir)
                    self._key = load_key(keys, self._passphrase)
                except (SealError, OSError, ValueError) as exc:
                    raise StoreError(
                        f"no se puede firmar el punto de control con la clave de la sala: {exc}; "
                        "no se ha escrito nada"
                    ) from exc
                self._key_id = key_id(self._key.public_key())
            return self._key


def _sign(key: PrivateKeyTypes, data: bytes) -> bytes:
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec, ed448, ed25519, padding, rsa

    if isinstance(key, rsa.RSAPrivateKey):
        return key.sign(data, padding.PKCS1v15(), hashes.SHA256())
    if isinstance(key, ec.EllipticCurvePrivateKey):
        return key.sign(data, ec.ECDSA(hashes.SHA256()))
    if isinstance(key, ed25519.Ed25519PrivateKey | ed448.Ed448PrivateKey):
        return key.sign(data)
    raise StoreError(f"la clave de la sala es de un tipo que no firma: {type(key).__name__}")


def _verifies(public: PublicKeyTypes, checkpoint: Checkpoint) -> bool:
    # only the primitives a check needs: the hall's key is RSA (``actas.seal``)
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding, rsa

    try:
        signature = base64.b64decode(checkpoint.signature, validate=True)
        data = checkpoint.statement()
        if isinstance(public, rsa.RSAPublicKey):
            public.verify(signature, data, padding.PKCS1v15(), hashes.SHA256())
            return True
        from cryptography.hazmat.primitives.asymmetric import ec, ed448, ed25519

        if isinstance(public, ec.EllipticCurvePublicKey):
            public.verify(signature, data, ec.ECDSA(hashes.SHA256()))
        elif isinstance(public, ed25519.Ed25519PublicKey | ed448.Ed448PublicKey):
            public.verify(signature, data)
        else:
            return False
    except (InvalidSignature, ValueError):
        return False
    return True


def trusted_keys(folder: Path) -> dict[str, PublicKeyTypes]:
    """The hall's public keys, from its certificates in the key folder (never the database)."""
    from cryptography import x509

    from actas.seal import REGISTERED_FILE, SELF_SIGNED_FILE

    found: dict[str, PublicKeyTypes] = {}
    for name in (SELF_SIGNED_FILE, REGISTERED_FILE):
        path = folder / name
        try:
            public = x509.load_pem_x509_certificate(path.read_bytes()).public_key()
        except (OSError, ValueError):
            continue
        found[key_id(public)] = public
    return found


def certificate_fingerprints(folder: Path) -> list[tuple[str, str]]:
    """The SHA-256 fingerprints of the hall's certificates in its key folder, with what each is
    ("registrado", "autofirmado"): what ``status`` and the actas print, for the inspection to
    hold against the fingerprint the hall gave it (``acta keys``). Whoever replaces the key
    folder replaces the certificates the audit trusts; the fingerprint is what gives it away
    (decision 642).
    """
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes

    from actas.seal import REGISTERED_FILE, SELF_SIGNED_FILE

    found: list[tuple[str, str]] = []
    for name, what in ((REGISTERED_FILE, "registrado"), (SELF_SIGNED_FILE, "autofirmado")):
        try:
            cert = x509.load_pem_x509_certificate((folder / name).read_bytes())
        except (OSError, ValueError):
            continue
        found.append((what, cert.fingerprint(hashes.SHA256()).hex()))
    return found


# --------------------------------------------------------------------------- the external copy
def external_path(folder: Path, store_id: str) -> Path:
    return folder / EXTERNAL_DIR / f"{_file_name(store_id)}.json"


def write_external(
    folder: Path, checkpoint: Checkpoint, store_id: str | None = None, *, stored: bool = True
) -> None:
    """Replace the database's newest checkpoint atomically (temporary file, fsync, rename);
    ``store_id``: the database it is filed under, if not the one it names (a new copy's);
    ``stored``: whether the database keeps it too (a close's, a prize's), or only this file
    does (any other commit's: decision 641). The mark is outside the signed statement: whoever
    could change it could as well delete the file, which the audit names the same way.
    """
    target = external_path(folder, store_id or checkpoint.store_id)
    target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    with tmp.open("wb") as fh:
        data = {**checkpoint.to_json(), **({} if stored else {"stored": False})}
        fh.write(json.dumps(data, ensure_ascii=False, indent=1).encode())
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, target)
    if not stored:
        # Every commit's copy: its bytes are on disk before the rename, so a power cut leaves
        # this file or the one before, each whole and each continued by the database; only a
        # stored one pays the folder's fsync too (decision 641: the window it leaves).
        return
    dir_fd = os.open(target.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def read_external(folder: Path, store_id: str) -> Checkpoint | None:
    """The checkpoint kept outside the database; None if there is none; ``ValueError`` if the
    file is there but unreadable.
    """
    kept = read_kept(folder, store_id)
    return kept[0] if kept is not None else None


def read_kept(folder: Path, store_id: str) -> tuple[Checkpoint, bool] | None:
    """``read_external``, and whether the database keeps that checkpoint too (False for a
    commit that is no close nor prize: ``write_external``'s ``stored``).
    """
    path = external_path(folder, store_id)
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise ValueError(f"no se puede leer {path}: {exc.strerror}") from exc
    try:
        data = json.loads(text)
        return Checkpoint.from_json(data), data.get("stored", True) is not False
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"{path} no es un punto de control legible") from exc


def hall_checkpoints(folder: Path, hall_id: str) -> list[Checkpoint]:
    """Every checkpoint of the hall kept next to its key, whatever database it names
    (unreadable files are skipped: ``read_external`` names them for the database they are of).
    """
    found: list[Checkpoint] = []
    for path in sorted((folder / EXTERNAL_DIR).glob("*.json")):
        try:
            cp = Checkpoint.from_json(json.loads(path.read_text("utf-8")))
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if cp.hall_id == hall_id:
            found.append(cp)
    return found


# --------------------------------------------------------------------------- the audit
@dataclass
class Audit:
    """What ``audit`` found: ``problems`` (the record is not intact) and plain ``notes``."""

    records: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: the newest checkpoint whose signature holds, in the database or outside it
    newest: Checkpoint | None = None
    #: the problem of a record with closes and no checkpoint at all ("" if not so): one written
    #: before the checkpoints existed, which the hall's next write signs (decision 113)
    unsigned: str = ""


def when(checkpoint: Checkpoint) -> str:
    """'21:14 del 2026-11-22', from the time of the record the checkpoint ends at."""
    at = checkpoint.head_at
    return f"{at[11:16]} del {at[:10]}" if len(at) >= 16 else at


class CheckpointSource(Protocol):
    """What the audit reads: ``EventStore``, or ``store.reader.SqliteReader`` (sqlite3 alone)."""

    def verify(self, hall_id: str) -> ChainBreak | None: ...
    def store_id(self) -> str: ...
    def checkpoint_view(
        self, hall_id: str, close_kinds: Iterable[str], extra_seqs: Iterable[int] = ()
    ) -> CheckpointView: ...


def audit(store: CheckpointSource, hall_id: str, keys_dir: Path | None = None) -> Audit:
    """Check the hall's record against its signed checkpoints and the copy next to the key."""
    return prepare_audit(store, hall_id, keys_dir)()


def prepare_audit(
    store: CheckpointSource, hall_id: str, keys_dir: Path | None = None
) -> Callable[[], Audit]:
    """``audit`` in two steps: the copy next to the key is read now, the database when the
    function returned is called. That copy is written after its checkpoint is committed, so it
    is read before the database: a caller that holds one read transaction for its own reading
    and the audit (``SqliteReader.snapshot``) begins it after this — the other way round, a
    close committed in between would look like records missing.
    """
    folder = key_folder(hall_id, keys_dir)
    kept: tuple[Checkpoint, bool] | None = None
    unreadable = ""
    store_id = store.store_id()  # "": a file from before the checkpoints, read as it is
    try:
        kept = read_kept(folder, store_id) if store_id else None
    except ValueError as exc:
        unreadable = f"el punto de control guardado junto a la clave: {exc}"
    return partial(_audit, store, hall_id, folder, kept, unreadable)


def _audit(
    store: CheckpointSource,
    hall_id: str,
    folder: Path,
    kept: tuple[Checkpoint, bool] | None,
    unreadable: str,
) -> Audit:
    external, stored = kept if kept is not None else (None, True)
    result = Audit()
    brk = store.verify(hall_id)
    if brk is not None:
        result.problems.append(f"registro alterado en {brk.seq}: {brk.reason}")
    if unreadable:
        result.problems.append(unreadable)
    view = store.checkpoint_view(hall_id, CLOSE_KINDS, [external.seq] if external else [])
    result.records = view.last_seq
    keys = trusted_keys(folder)
    if (view.checkpoints or external) and not keys:
        result.problems.append(
            f"no se encuentra el certificado de la sala en {folder}: sus puntos de control "
            "firmados no se pueden comprobar (indique la carpeta con --keys-dir)"
        )
        return result
    valid = [cp for cp in view.checkpoints if _signed(cp, hall_id, view, keys, result)]
    if external is not None:
        _check_external(external, stored, hall_id, view, keys, result)
    ours = (
        external is not None
        and _holds(external, keys)
        and external.hall_id == hall_id
        and external.store_id in (view.store_id, *view.origins)
    )
    anchors = sorted(valid + ([external] if external and ours else []), key=lambda c: c.seq)
    _check_anchors(anchors, view, result)
    _check_closes(valid, view, result)
    if anchors:
        result.newest = anchors[-1]
        after = view.last_seq - anchors[-1].seq
        if after > 0:
            result.notes.append(
                f"{after} registros después del último punto de control firmado "
                f"({when(anchors[-1])}, registro {anchors[-1].seq}): los cubrirá la firma de la "
                "próxima escritura"
            )
    elif view.last_seq:
        result.notes.append("sin puntos de control firmados todavía")
    if view.origins:
        result.notes.append(
            f"copia de la base de datos {view.origins[0][:12]}… hecha con «bingo-hall backup»: "
            "es otra base de datos para las firmas; el original no cambia al escribir en ella"
        )
        _note_original_went_on(folder, view, result)
    if external is None and valid:
        result.notes.append(
            f"no hay copia del último punto de control junto a la clave ({folder}): sin ella no "
            "se detecta que falten los registros más recientes si también se borraron sus "
            "puntos de control"
        )
    return result


class RecordAltered(IntegrityError):
    """The record failed its audit: ``status``, ``export``, the actas read from the database and
    every command that writes refuse it (exit 3) naming every ``problem``, in the same words
    (R-ACTA-6, decisions 410, 640).
    """

    def __init__(self, hall_id: str, problems: Sequence[str], *, writing: bool = False) -> None:
        count = len(problems)
        super().__init__(
            f"el registro de la sala {hall_id} NO está íntegro "
            f"({count} problema{'' if count == 1 else 's'})"
            + (
                ": no se escribe nada en él; compruébelo con «bingo-hall status» (docs/store.md)"
                if writing
                else ""
            )
        )
        self.problems = list(problems)


def before_writing(store: CheckpointSource, hall_id: str, keys_dir: Path | None = None) -> Audit:
    """The audit every command runs before it first writes the hall's record (decision 640):
    ``RecordAltered`` (nothing written) for a record ``status`` calls altered. A record written
    before the checkpoints existed (closes, no checkpoint) is let through only while the key
    folder holds no checkpoint of the hall: the write then signs its first one (decision 113).
    """
    report = audit(store, hall_id, keys_dir)
    problems = list(report.problems)
    if report.unsigned and not hall_checkpoints(key_folder(hall_id, keys_dir), hall_id):
        problems.remove(report.unsigned)
    if problems:
        raise RecordAltered(hall_id, problems, writing=True)
    return report


def check_record(store: CheckpointSource, hall_id: str, keys_dir: Path | None = None) -> Audit:
    """``audit``, and ``RecordAltered`` if it found the record altered: no acta or export is
    made of a record ``status`` calls altered.
    """
    return intact(audit(store, hall_id, keys_dir), hall_id)


def intact(report: Audit, hall_id: str) -> Audit:
    """The audit's report, or ``RecordAltered`` if it found problems."""
    if report.problems:
        raise RecordAltered(hall_id, report.problems)
    return report


def _note_original_went_on(folder: Path, view: CheckpointView, result: Audit) -> None:
    """A copy put in place of its original (a restore) says how far the original had gone: the
    records a restore gives up stay visible (decision 115).
    """
    kept: list[Checkpoint] = []
    for origin in view.origins:  # a copy of a copy (a restore) names every one it came from
        try:
            found = read_external(folder, origin)
        except ValueError:
            continue
        if found is not None:
            kept.append(found)
    original = max(kept, key=lambda c: c.seq, default=None)
    if original is not None and original.seq > max((c.seq for c in view.checkpoints), default=0):
        result.notes.append(
            f"la base de datos original siguió hasta el registro {original.seq} "
            f"({when(original)}), según su punto de control guardado junto a la clave: lo "
            "posterior a la copia no está en esta base de datos"
        )


def _holds(cp: Checkpoint, keys: dict[str, PublicKeyTypes]) -> bool:
    public = keys.get(cp.key_id)
    return public is not None and _verifies(public, cp)


def _signed(
    cp: Checkpoint,
    hall_id: str,
    view: CheckpointView,
    keys: dict[str, PublicKeyTypes],
    result: Audit,
) -> bool:
    where = f"registro {cp.seq}, {when(cp)}"
    if cp.key_id not in keys:
        result.problems.append(
            f"punto de control firmado con una clave que no es la de la sala ({where})"
        )
        return False
    if not _verifies(keys[cp.key_id], cp):
        result.problems.append(f"punto de control con firma no válida ({where})")
        return False
    if cp.hall_id != hall_id or cp.store_id not in (view.store_id, *view.origins):
        result.problems.append(f"punto de control de otra sala o de otra base de datos ({where})")
        return False
    return True


def _check_external(
    cp: Checkpoint,
    stored: bool,
    hall_id: str,
    view: CheckpointView,
    keys: dict[str, PublicKeyTypes],
    result: Audit,
) -> None:
    label = f"el punto de control guardado junto a la clave (registro {cp.seq}, {when(cp)})"
    if cp.key_id not in keys or not _verifies(keys[cp.key_id], cp):
        result.problems.append(f"{label} tiene una firma no válida")
        return
    if cp.hall_id != hall_id or cp.store_id not in (view.store_id, *view.origins):
        result.problems.append(f"{label} es de otra sala o de otra base de datos")
        return
    if (
        stored
        and cp.seq <= view.last_seq
        and not any(c.seq == cp.seq and c.signature == cp.signature for c in view.checkpoints)
    ):
        result.problems.append(
            f"falta en la base de datos el punto de control firmado de las {when(cp)} "
            f"(registro {cp.seq}); queda su copia junto a la clave"
        )


def _check_anchors(anchors: list[Checkpoint], view: CheckpointView, result: Audit) -> None:
    """Every valid checkpoint's record must be there, with the hash it signed."""
    if not anchors:
        return
    newest = anchors[-1]
    if newest.seq > view.last_seq:
        result.problems.append(
            f"faltan {newest.seq - view.last_seq} registros después del punto de control "
            f"firmado de las {when(newest)} (registro {newest.seq}): el registro de la sala "
            f"termina en el {view.last_seq}"
        )
    for cp in anchors:
        head = view.heads.get(cp.seq)
        if cp.seq <= view.last_seq and (head is None or head[0] != cp.head_hash):
            result.problems.append(
                f"el registro {cp.seq} no es el que firmó el punto de control de las {when(cp)}: "
                "el registro se reescribió desde ese punto o antes"
            )
            return  # the first one says where; the later ones follow from it


def _check_closes(valid: list[Checkpoint], view: CheckpointView, result: Audit) -> None:
    """Every close after the first checkpoint ends a transaction with its own checkpoint."""
    if not view.closes:
        return
    if not valid:
        result.unsigned = (
            f"el registro tiene {len(view.closes)} cierres de partida o de sesión y ningún "
            "punto de control firmado: se borraron, o la sala aún no ha escrito con esta "
            "versión"
        )
        result.problems.append(result.unsigned)
        return
    first = valid[0].seq
    signed = {(cp.seq, cp.head_at) for cp in valid}
    seqs = sorted(cp.seq for cp in valid)
    missing: list[tuple[int, str, str]] = []
    for seq, kind, at in view.closes:
        if seq <= first:
            continue
        # The checkpoint of a close is at the last record of its transaction, which carries
        # the close's time: the first checkpoint at or after the close, with that time.
        after = next((s for s in seqs if s >= seq), None)
        if after is None or (after, at) not in signed:
            missing.append((seq, kind, at))
    if missing:
        named = ", ".join(
            f"{CLOSE_TEXT.get(kind, kind)} del registro {seq} ({at[11:16]})"
            for seq, kind, at in missing[:3]
        )
        more = f" y {len(missing) - 3} más" if len(missing) > 3 else ""
        result.problems.append(f"falta el punto de control firmado de: {named}{more}")


def file_backup_copy(keys_dir: Path | None) -> Callable[[EventStore, str], None]:
    """For ``bingo-hall backup``: file a copy's newest checkpoint of each hall next to the hall's
    key under the copy's own id (where the key is on this machine), so the copy can be signed
    without ever touching the original's anchor (decision 83).
    """

    def file(store: EventStore, new_id: str) -> None:
        for hall_id in store.halls():
            view = store.checkpoint_view(hall_id, (), [])
            folder = key_folder(hall_id, keys_dir)
            if view.checkpoints and folder.is_dir():
                write_external(folder, view.checkpoints[-1], store_id=new_id)

    return file
